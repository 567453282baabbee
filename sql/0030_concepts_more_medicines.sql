-- The concepts lexicon (engram/language/concepts.py) gained more medicines, which the write path now
-- also reads a dose or a stop of (`medication:<medicine>`):
-- - generic names by their ending: gabapentin and pregabalin (nerve pain), meloxicam (pain),
--   methylphenidate (ADHD), tamsulosin (prostate), hydrocortisone (a steroid), methotrexate,
--   alendronic acid;
-- - a stem that is a whole name counts on its own ("citalopram", "cortisone", not only "escitalopram");
-- - a few brands: Zoloft, Prozac, Lexapro, Nexium, Losec, Zantac, Mobic.
-- Memories whose text may hold one are marked for their concepts to be derived again (NULL: the daily
-- cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The lists are a copy
-- of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ (
          '\m[a-z]{2,}(oxicam|pentin|gabalin|phenidate|osin|cortisone|dronic|trexate)\M|' ||
          '\m(ciclovir|conazole|lamotrigine|barbital|thiazide|gliflozin|citalopram|triptyline|floxacin|' ||
          'tirizine|phenidate|nisolone|cortisone)\M|' ||
          '\m(zoloft|prozac|lexapro|nexium|losec|zantac|mobic)\M');
