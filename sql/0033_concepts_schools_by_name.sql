-- The concepts lexicon (engram/language/concepts.py) reads a school by its name: a name that ends in the
-- word for its kind ("Kaikorai Valley High", "St Mary's Primary") or the Irish "Scoil" before it ("Scoil
-- Mhuire") stands for a school: "which school was I at?". Memories whose text holds one of those words,
-- capitalised, are marked for their concepts to be derived again (a few more than the lexicon reads: the
-- cleanup derives the same concepts for them). The list is a copy of the lexicon's on purpose.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND coalesce(name, '') || ' ' || content
      ~ '\m(High|Primary|Grammar|Academy|College|Polytechnic|Kindergarten|Montessori|Scoil)\M';
