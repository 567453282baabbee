-- The concepts lexicon (engram/language/concepts.py) now reads pay said in words, as speech-to-text
-- writes it ("Senior Mobile Engineer at Radwerk, seventy-eight thousand a year gross"), as what one earns,
-- as it read "78k a year". Memories whose text says such an amount are marked for their concepts to be
-- derived again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now;
-- docs/operations.md). The words are a copy of the lexicon's on purpose: a migration must not change when
-- the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND content ~* '\m(thousand|grand)\s+((a|per)\s+(year|month|week|hour)|gross|net|before\s+tax)\M';
