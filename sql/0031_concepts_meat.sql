-- The concepts lexicon (engram/language/concepts.py) gained meat: a diet says whether one eats it ("do
-- I eat meat?" of "vegan now"), and so does eating one ("started eating chicken again"). Memories whose
-- text names a diet or a meat are marked for their concepts to be derived again (NULL: the daily cleanup
-- derives them, `engram maintenance run cleanup` now; docs/operations.md). The lists are a copy of the
-- lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ (
      '\m(vegans?|vegetarians?|pescatarians?|plant-based|carnivores?|chicken|beef|pork|lamb|steaks?|' ||
      'bacon|ham|sausages?|mince|turkey|venison)\M');
