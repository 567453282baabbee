-- The concepts lexicon (engram/language/concepts.py) gained likes and dislikes ("I love jazz" stands for
-- like / enjoy / favourite, "I can't stand mushrooms" for dislike / hate), kinds of tea and coffee ("Earl
-- Grey" is a tea), a migraine as a headache and digestive troubles as the stomach's; a job no longer
-- stands for "living", which english stemming reads as "live" ("where do I live?" is no question about
-- a nurse). Memories whose text holds one of those words are marked for their concepts to be derived
-- again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md),
-- so their search document agrees with the lexicon. Only those rows are rewritten; the others' concepts
-- are the same under the new lexicon. The list is a copy of the lexicon's words on purpose: a migration
-- must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(replace(coalesce(name, '') || ' ' || content, U&'\2019', '''')) ~ ('\m(' ||
    'adored?|cannot stand|can''t stand|detest|disliked?|do not like|don''t like|enjoy|enjoyed|fond|' ||
    'favou?rite|hated?|keen|loathe|loved?|not a fan|passion|prefer|preferred|' ||
    'earl grey|green tea|matcha|chai|rooibos|oolong|assam|darjeeling|camomile|chamomile|espresso|' ||
    'latte|cappuccino|flat white|americano|mocha|macchiato|cold brew|decaf|migraine|lactose|' ||
    'intolerant|intolerance|ibs|reflux|heartburn|bloating|coeliac|celiac|crohn|indigestion|' ||
    'engineer|developer|nurse|chef|sous-chef|teacher|architect|paramedic|designer|doctor|lawyer|' ||
    'accountant|manager|technician|cto|ceo|founder|researcher|scientist|analyst|consultant|' ||
    'electrician|plumber|driver|barista|cashier|waiter|artist|tattoo|vet|student|phd|lecturer|' ||
    'professor|journalist|writer'
  || ')(s|es)?\M');
