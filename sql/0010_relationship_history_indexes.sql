-- Point-in-time graph reads (`as_of`) follow closed edges too, which the `WHERE is_active` partial
-- indexes of 0004 do not hold: without these, an as-of traversal of a large graph hash-joins every
-- edge of the user.
CREATE INDEX IF NOT EXISTS relationships_user_from_idx ON relationships (user_id, from_entity_id);
CREATE INDEX IF NOT EXISTS relationships_user_to_idx ON relationships (user_id, to_entity_id);
