-- The concepts lexicon (engram/language/concepts.py) no longer reads "blue" as the blues (music: a dog
-- called Blue, a blue dress), and reads more dog breeds as a dog and a pet (kelpie, heeler, staffy,
-- labradoodle, cavoodle, ...), so that "what was my old dog called?" finds "Blue (kelpie, 13)". Memories
-- whose text holds one of those words are marked for their concepts to be derived again (NULL: the daily
-- cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The words are a copy
-- of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(blue|kelpie|heeler|staffy|labradoodle|cavoodle|cockapoo|schnauzer|chihuahua|rottweiler|doberman|dalmatian|bulldog|mastiff|news|glasses|series)s?\M';
