-- The concepts lexicon (engram/language/concepts.py) now reads a job as work, and a job at or with a
-- place as an employer ("Kamal got the job at the Jaguar Land Rover plant": what "where does Kamal
-- work?" asks). Memories whose text says a job are marked for their concepts to be derived again
-- (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md).
-- The words are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ '\mjobs?\M';
