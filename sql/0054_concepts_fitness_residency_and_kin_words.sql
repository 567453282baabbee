-- The concepts lexicon (engram/language/concepts.py) now reads a parkrun, a marathon and futsal as
-- exercise, a visa, a Blue Card (Blaue Karte), a work or residence permit or citizenship as one's
-- immigration status, rheumatoid arthritis, lupus, Crohn's and the like as autoimmune, and family said in
-- Portuguese, Spanish or Italian (vó, mãe, tio, tía) as the English word; and it reads words in any
-- alphabet whole ("mamá", "citroën" had been read as "mam" and "citro"); and a job title that opens a
-- note and treats or tells the writer ("Doctor put me on sertraline", "Physio says rest") names someone
-- by their role, not a job. Memories whose text says one of those words, or opens that way, are marked
-- for their concepts to be derived again (NULL: the daily cleanup derives them, `engram maintenance run
-- cleanup` now; docs/operations.md). The words are a copy of the lexicon's on
-- purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ (
    '(^|[^[:alnum:]])('
    || 'parkruns?|marathons?|futsal|visas?|blue card|blaue karte|green card|permits?|residency|residence'
    || '|citizenship|naturali[sz]ation|settled status|rheumatoid|lupus|crohn|coeliac|celiac|psoriasis'
    || '|hashimoto|sclerosis|vó|avó|vovó|vô|avô|vovô|mãe|mamá|papá|citroën|tio|tío|zio|tia|tía|zia'
    || ')($|[^[:alnum:]])')
  OR concepts IS NOT NULL
  AND (content ~* ('^[[:alpha:]]+\s+(said|says|told|tells|thinks|reckons|wants|put|puts|gave|gives'
                    || '|prescribed|referred|upped|sent)\M')
       OR content ~* '^[[:alpha:]]+(\s+[[:alpha:]]+){0,2}\s+(me|us)\M');
