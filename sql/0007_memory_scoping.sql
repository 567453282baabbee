-- Contradiction scoping: the update phase always considers the user's active memories about the
-- same subject and attribute (e.g. "Marcus" / "employer"), whatever their embedding similarity.
CREATE INDEX IF NOT EXISTS memories_subject_attribute_idx
    ON memories (user_id, lower(metadata->>'subject'), (metadata->>'attribute'))
    WHERE status = 'active' AND metadata ? 'attribute';
CREATE INDEX IF NOT EXISTS memories_user_lower_name_idx ON memories (user_id, lower(name)) WHERE status = 'active';

-- Insights ("Sarah has been on your mind lately") count recent sources per entity.
CREATE INDEX IF NOT EXISTS source_mentions_user_entity_idx ON source_mentions (user_id, entity_id);
