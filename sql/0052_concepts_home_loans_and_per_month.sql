-- The concepts lexicon (engram/language/concepts.py) now reads a mortgage as a home loan, and an amount
-- by the month as typed ("mortgage ~$3,650/mo", "£900 pcm") as monthly: what "how much is our monthly
-- home loan payment?" asks. Memories whose text says one are marked for their concepts to be derived
-- again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md).
-- The words are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (lower(coalesce(name, '') || ' ' || content) ~ '\mmortgages?\M'
       OR lower(content) ~ '[0-9]\s*(/\s*mo|pcm|p/m)\M');
