-- The concepts lexicon (engram/language/concepts.py) reads the title "Dr" as a GP and a physician as well
-- as a doctor: "who's my GP?" of "Dr Nguyen at the Kondinin clinic had a look at the xray". Memories whose
-- text holds the title are marked for their concepts to be derived again (NULL: the daily cleanup derives
-- them, `engram maintenance run cleanup` now; docs/operations.md). The word is a copy of the lexicon's on
-- purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL AND lower(coalesce(name, '') || ' ' || content) ~ '\mdr\M';
