-- The concepts lexicon (engram/language/concepts.py) reads a degree by its letters ("switching to a BSc
-- in marine biology", "an MBA part time": a degree, a qualification, study): what "what degree was I
-- doing?" asks. Memories whose text names one are marked for their concepts to be derived again (NULL:
-- the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The words
-- are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
      '\m(bsc|msc|mba|meng|beng|llb|llm|bcom|mphil|dphil|phd|hnd|bachelor|bachelors)s?\M';
