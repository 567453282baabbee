-- The concepts lexicon (engram/language/concepts.py) reads an age ("Zosia (9)", "aged 9", "a 9-year-old",
-- "Isla turned ten today") as an age: what "how old is she?" asks. Memories whose text may hold one are
-- marked for their concepts to be derived again (a few more than the lexicon reads: the cleanup derives
-- the same concepts for them). The patterns are a copy of the lexicon's on purpose.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ '\((aged )?[0-9]{1,2}\)|\maged\M|years?[- ]old|\mturn(s|ed|ing)\M';
