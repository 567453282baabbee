-- The concepts lexicon (engram/language/concepts.py) reads a death as people tell it ("passed away", a
-- funeral, "buried") as dying, so that "when did my grandmother die?" finds "Gogo
-- passed away last night". Memories whose text holds one of those words are marked for their concepts to
-- be derived again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now;
-- docs/operations.md). The words are a copy of the lexicon's on purpose: a migration must not change
-- when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(pass(ed|es|ing)? away|funerals?|buried)\M';
