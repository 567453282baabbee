-- The concepts lexicon (engram/language/concepts.py) reads smoking, vaping, nicotine, drinking and
-- gambling as a habit, so that "what habit did I kick?" finds "one month off the fags". Memories whose
-- text holds one of those words are marked for their concepts to be derived again (NULL: the daily
-- cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The words are a copy
-- of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(smoking|smokes?|smoker|cigarettes?|fags?|vaping|vapes?|nicotine|booze|drinking|gambling)\M';
