"""The read path: hybrid search, special queries, recall context, timeline, explore."""
