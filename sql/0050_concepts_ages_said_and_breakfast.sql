-- The concepts lexicon (engram/language/concepts.py) now reads an age said as what someone is ("Our
-- grandson Theo is seven and plays the drums", "she's 33 now": what "how old is my grandson?" asks) and
-- porridge, oats, cereal, muesli or granola as breakfast ("porridge with sultanas every morning": what
-- "what do I have for breakfast?" asks). Memories whose text may say one are marked for their concepts to
-- be derived again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now;
-- docs/operations.md). A wider net than the lexicon's (any word before "is" and a number) costs only a
-- derivation. The words are a copy of the lexicon's on purpose: a migration must not change when the
-- lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (lower(content) ~ ('(\mis|\mwas|''s|’s)\s+((now|nearly|almost|only|just)\s+)?([0-9]{1,2}|one|two|three'
                         '|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen'
                         '|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy'
                         '|eighty|ninety)\M')
       OR lower(coalesce(name, '') || ' ' || content) ~ '\m(porridge|oats|oatmeal|cereals?|muesli|granola)\M');
