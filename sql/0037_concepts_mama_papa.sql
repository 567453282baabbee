-- The concepts lexicon (engram/language/concepts.py) reads "mama" and "papa" as a mother and a father,
-- as it reads "mamá", "nanay" or "tatay", so that "who is my son's father?" finds "Miggy's papa Jomar".
-- Memories whose text holds one of those words are marked for their concepts to be derived again (NULL:
-- the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The words
-- are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ '\m(mama|papa)\M';
