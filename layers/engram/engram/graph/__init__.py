"""The personal knowledge graph in Postgres: entities, resolution, relationships, traversal."""
