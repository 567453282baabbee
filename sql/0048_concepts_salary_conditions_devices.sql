-- The concepts lexicon (engram/language/concepts.py) now reads a salary, an income or a stipend as what
-- one earns ("My salary is 26,500/mo": what "how much do I earn?" asks), a condition by its medical
-- ending (hypothyroidism, tendonitis, endometriosis, leukaemia, neuropathy, fibromyalgia: what "what
-- condition was I diagnosed with?" asks), a device by its maker or line (an iPhone is a phone, a MacBook
-- a laptop), an injury as what "injured" asks (a twisted knee), and something that works ("the inhaler
-- really works") as no job. Memories whose text says one are marked for their concepts to be derived
-- again (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md).
-- The words are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND (lower(coalesce(name, '') || ' ' || content) ~ '\m(salary|salaries|income|incomes|stipend|stipends)\M'
       OR lower(coalesce(name, '') || ' ' || content) ~
          '\m([a-z]{3,}(itis|osis|aemia|emia|pathy|algia)|hyp(o|er)[a-z]{4,}ism|works)\M'
       OR lower(content) ~
          '\m(iphone|smartphone|oneplus|xiaomi|macbook|thinkpad|chromebook|ipad|kindle|kobo|smartwatch|fitbit|apple watch)s?\M'
       OR lower(content) ~ ('\m(knee|ankle|wrist|shoulder|sprain|sprained|fracture|fractured|broke|swollen|torn'
                            '|hamstring|ligament|acl|concussion|dislocated|whiplash|twisted)s?\M'));
