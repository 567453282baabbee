-- The concepts lexicon (engram/language/concepts.py) reads a car model said without its make ("got a
-- used RAV4", "the Yaris") as a car, and any car as what one drives, so that "what do I drive?" finds
-- it. Memories whose text holds a car word are marked for their concepts to be derived again (NULL: the
-- daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The words are a
-- copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (concepts ~ '\mcar\M'
       OR lower(coalesce(name, '') || ' ' || content) ~
          '\m(corolla|camry|rav4|yaris|prius|hilux|cr-v|crv|passat|tiguan|qashqai|micra|impreza|crosstrek|cx-5|ioniq|tucson|elantra|sportage|picanto|octavia|fabia|sandero)s?\M');
