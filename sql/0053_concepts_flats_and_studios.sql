-- The concepts lexicon (engram/language/concepts.py) now reads a flat as no home in "a flat path" or "a
-- flat tyre", and a studio as a home only as "a studio flat" or "a studio apartment" (not "Jon's dance
-- studio", "the design studio"): what "which house am I living in?" asks of neither. Memories whose
-- text says either word are marked for their concepts to be derived again (NULL: the daily cleanup
-- derives them, `engram maintenance run cleanup` now; docs/operations.md). The words are a copy of the
-- lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ '\m(flat|studios?)\M';
