-- The concepts lexicon (engram/language/concepts.py) gained:
-- - what a medicine is taken for, by its name's ending ("ramipril", "amlodipine": blood pressure;
--   "atorvastatin": cholesterol; "metformin": diabetes, blood sugar; "apixaban": a blood thinner) and
--   for a few medicines known by another name ("Xarelto", "Ventolin", "levo");
-- - pay, a wage, a payslip as what one earns ("Pay 18k/mo": a salary, income);
-- - a diet or a meat as meat ("vegan now", "started eating chicken again": "do I eat meat?");
-- - the title "Dr" as a GP and a physician ("who's my GP?" of "Dr Nguyen");
-- - a school by its name ("Kaikorai Valley High", "St Mary's Primary", "Scoil Mhuire");
-- - an age ("Zosia (9)", "aged 9", "a 9-year-old", "Isla turned ten today").
-- Memories whose text may hold one are marked for their concepts to be derived again (NULL: the daily
-- cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md); a few more than the
-- lexicon reads are marked, and the cleanup derives the same concepts for them. The lists are a copy of
-- the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (lower(coalesce(name, '') || ' ' || content) ~ (
          '\m[a-z]{2,}(atadine|azepam|buterol|cillin|citalopram|coxib|cycline|dipine|floxacin|formin|gatran|' ||
          'gliflozin|gliptin|glutide|lukast|meterol|moterol|mycin|nisolone|nisone|olol|oxacin|oxetine|parin|' ||
          'pramine|prazole|pril|profen|sartan|sonide|statin|thasone|thiazide|tidine|tirizine|triptan|' ||
          'triptyline|tropium|xaban|xetine|zepam|zolam)\M|' ||
          '\m(warfarin|clopidogrel|xarelto|eliquis|pradaxa|lipitor|crestor|ezetimibe|ventolin|symbicort|' ||
          'seretide|flixotide|levothyroxine|thyroxine|levo|eltroxin|synthroid|insulin|metformin|ozempic|' ||
          'jardiance)\M|' ||
          '\m(pay|wages?|payslips?|paychecks?)\M|' ||
          '\m(vegans?|vegetarians?|pescatarians?|plant-based|carnivores?|chicken|beef|pork|lamb|steaks?|' ||
          'bacon|ham|sausages?|mince|turkey|venison)\M|' ||
          '\mdr\M|' ||
          '\((aged )?[0-9]{1,2}\)|\maged\M|years?[- ]old|\mturn(s|ed|ing)\M')
       OR coalesce(name, '') || ' ' || content
          ~ '\m(High|Primary|Grammar|Academy|College|Polytechnic|Kindergarten|Montessori|Scoil)\M');
