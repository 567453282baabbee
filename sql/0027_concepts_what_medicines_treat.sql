-- The concepts lexicon (engram/language/concepts.py) gained what a medicine is taken for: by its name's
-- ending ("ramipril", "amlodipine": blood pressure; "atorvastatin": cholesterol; "metformin": diabetes,
-- blood sugar; "apixaban": a blood thinner), and for a few medicines known by another name ("Xarelto",
-- "Ventolin", "levo"). Memories whose text names one are marked for their concepts to be derived again
-- (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md). The
-- lists are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ (
      '\m[a-z]{2,}(atadine|azepam|buterol|cillin|citalopram|coxib|cycline|dipine|floxacin|formin|gatran|' ||
      'gliflozin|gliptin|glutide|lukast|meterol|moterol|mycin|nisolone|nisone|olol|oxacin|oxetine|parin|' ||
      'pramine|prazole|pril|profen|sartan|sonide|statin|thasone|thiazide|tidine|tirizine|triptan|' ||
      'triptyline|tropium|xaban|xetine|zepam|zolam)\M|' ||
      '\m(warfarin|clopidogrel|xarelto|eliquis|pradaxa|lipitor|crestor|ezetimibe|ventolin|symbicort|' ||
      'seretide|flixotide|levothyroxine|thyroxine|levo|eltroxin|synthroid|insulin|metformin|ozempic|' ||
      'jardiance)\M');
