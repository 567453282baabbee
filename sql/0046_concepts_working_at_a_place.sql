-- The concepts lexicon (engram/language/concepts.py) reads working at or for a place as a job ("I work
-- at Osaka University", "she worked for the council": what "what was my job in Japan?" asks); "work"
-- alone stays none ("after work"). Memories whose text says so are marked for their concepts to be
-- derived again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now;
-- docs/operations.md). The pattern is a copy of the lexicon's on purpose: a migration must not change
-- when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (coalesce(name, '') || ' ' || content) ~* '\mwork(s|ed|ing)?\s+(at|for)\M';
