-- The concepts lexicon (engram/language/concepts.py) reads vegetables and fruit by their names
-- ("still can't stand pumpkin": a vegetable), chillies ("scotch bonnets in everything": a chilli),
-- injuries by the part torn ("grade 2 hamstring tear"), a start-up's funding round ("raising a series
-- A"), how dating starts ("trying to set me up with Imran") and a mountain by its name ("Mount
-- Wellington"); a mountain or lake named for a place is not the place ("Mount Wellington" is no city,
-- "Lake Geneva" no Swiss city), and a name led by a point of the compass holds no word the lexicon
-- reads ("East Van" is no van, "West Ham" no meat). Memories whose text holds one of them are marked
-- for their concepts to be derived again (NULL: the daily cleanup derives them, `engram maintenance
-- run cleanup` now; docs/operations.md). The words are a copy of the lexicon's on purpose: a
-- migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (lower(coalesce(name, '') || ' ' || content) ~
          ('\m(pumpkin|carrot|potato|broccoli|cabbage|spinach|kale|courgette|zucchini|aubergine|eggplant|'
           'cauliflower|pea|sprout|brussels sprout|leek|onion|beetroot|parsnip|turnip|celery|lettuce|'
           'cucumber|butternut|sweet potato|okra|asparagus|radish|apple|banana|orange|pear|grape|mango|'
           'pineapple|plum|peach|melon|watermelon|papaya|lychee|pomegranate|apricot|scotch bonnet|'
           'jalapeno|habanero|cayenne|ghost pepper|piri piri|peri peri|sriracha|harissa|gochujang|sprain|'
           'sprained|fracture|fractured|hamstring|ligament|acl|concussion|dislocated|whiplash|seed round|'
           'angel investor|venture capital|vc|investor|pre-seed|first date|blind date|set me up|set up with|'
           'asked (me|him|her) out)(s|es)?\M'
           '|\m(strawberr|cherr|blueberr|raspberr|blackberr)(y|ies)\M|\mseries [abc]\M')
       OR (coalesce(name, '') || ' ' || content) ~ '\m(Mount|Mt\.?|Lake|Loch|East|West|North|South)\s+[A-Z]');
