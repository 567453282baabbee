-- The concepts lexicon (engram/language/concepts.py) gained the base forms of irregular verbs' past forms
-- ("won" stands for "win", engram/language/verb_forms.py) and a few instruments (banjo, mandolin, ...).
-- Memories whose text holds one of those words are marked for their concepts to be derived again (NULL:
-- the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md), so their
-- search document agrees with the lexicon. Only those rows are rewritten; the others' concepts are the
-- same under the new lexicon.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ ('\m(' ||
    'accordion|arisen|arose|ate|awoke|awoken|banjo|bassoon|became|began|begun|bent|bled|blew|blown|' ||
    'bought|bred|broke|broken|brought|built|burnt|came|caught|chose|chosen|clung|crept|dealt|drank|' ||
    'drawn|dreamt|drew|driven|drove|drunk|dug|eaten|fallen|fed|fell|fled|flew|flown|forbade|' ||
    'forbidden|forgave|forgiven|forgot|forgotten|fought|froze|frozen|gave|given|gone|got|gotten|grew|' ||
    'ground|grown|harmonica|heard|held|hid|hidden|hung|kept|knelt|knew|known|leant|leapt|learnt|led|' ||
    'lent|lost|made|mandolin|meant|met|oboe|paid|ran|rang|ridden|risen|rode|rose|rung|said|sang|sank|' ||
    'sat|seen|sent|shaken|shone|shook|shot|shrank|shrunk|slept|slid|sold|sought|sped|spent|spoke|' ||
    'spoken|sprang|sprung|spun|stank|stole|stolen|stood|struck|stuck|stung|stunk|sung|sunk|swam|' ||
    'swept|swore|sworn|swum|swung|taken|taught|thought|threw|thrown|told|took|tore|torn|trombone|' ||
    'tuba|understood|went|wept|woke|woken|won|wore|worn|wound|written|wrote'
  || ')\M');
