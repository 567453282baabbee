-- The concepts lexicon (engram/language/concepts.py) gained a dose by its measure ("75mcg", "5 mg",
-- "2 puffs": a dose, a dosage), the title "Dr" as a doctor, housing for rent, a mortgage, a lease or a
-- landlord, and "earn" for the kinds that already stood for a salary. Memories whose text holds one of
-- those, or whose concepts already hold a salary, are marked for their concepts to be derived again
-- (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The
-- lists are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (concepts ~ '\msalary\M'
    OR lower(coalesce(name, '') || ' ' || content) ~ (
      '\m(dr|rent|mortgages?|leases?|landlords?|landlady|landladies)\M|' ||
      '\m([0-9]+(\.[0-9]+)?|one|two|three|four) ?(mg|mcg|µg|ug|ml|iu|units?|puffs?|tablets?|capsules?|drops?)\M'));
