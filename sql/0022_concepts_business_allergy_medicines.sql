-- The concepts lexicon (engram/language/concepts.py) gained kinds of business (a food truck, a bakery, a
-- salon or a stall is a business), allergies (hay fever, pollen, antihistamines),
-- and medicines named by the ending of their generic name (ramipril, amlodipine, donepezil, cetirizine:
-- the naming stems of International Nonproprietary Names). Memories whose text holds one of those words
-- are marked for their concepts to be derived again (NULL: the daily cleanup derives them, `engram
-- maintenance run cleanup` now; docs/operations.md), so their search document agrees with the lexicon.
-- The list is a copy of the lexicon's words on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (
    lower(coalesce(name, '') || ' ' || content) ~ ('\m(' ||
      'food trucks?|bakery|bakeries|salons?|stalls?|franchises?|side hustles?|' ||
      'hay ?fever|pollen|antihistamines?|cetirizine|loratadine|epipens?|hives'
    || ')\M')
    OR lower(content) ~ ('\m[a-z]{2,}(' ||
      'pril|dipine|olol|statin|sartan|prazole|tidine|cillin|mycin|cycline|floxacin|azepam|oxetine|' ||
      'xetine|citalopram|triptan|pezil|tirizine|atadine|formin|gliptin|gliflozin|parin|xaban|gatran|' ||
      'semide|thiazide|nisone|nisolone|thasone|sonide|meterol|moterol|buterol|tropium|lukast|profen|' ||
      'coxib|vudine|navir|ciclovir|conazole|azole|setron|peridol|apine|idone|triptyline|pramine|' ||
      'lamotrigine|zolam|zepam|barbital|caine|oxacin|dronate|tinib|zumab|ximab|mumab'
    || ')\M')
  );
