-- The concepts lexicon (engram/language/concepts.py) gained painkillers by their brand (Panadol, Nurofen:
-- a painkiller, a medication), an "op" as an operation, a grandkid as a grandchild, family said in other
-- languages (Gogo, Nanay, Kuya, Abuela, Oma: a grandmother, a mother, a brother), and more general
-- words for kinds it already had: a job title is a role and a position, a partner is what "single"
-- asks about, exercise is keeping in shape. Memories whose text holds one of the new words, or whose
-- concepts already hold one of those kinds, are marked for their concepts to be derived again (NULL:
-- the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The
-- lists are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (concepts ~ '\m(job|partner|exercise)\M'
    OR lower(coalesce(name, '') || ' ' || content) ~ ('\m(' ||
    'op|panadol|nurofen|tylenol|advil|voltaren|codeine|tramadol|naproxen|co-codamol|paracetamol|' ||
    'ibuprofen|grandkid|grandbaby|gogo|abuela|oma|nonna|babcia|ouma|lolo|mkhulu|abuelo|nonno|' ||
    'dziadek|oupa|nanay|inay|mamá|mutti|mami|umama|tatay|itay|papá|vati|ubaba|kuya'
  || ')(s|es)?\M'));
