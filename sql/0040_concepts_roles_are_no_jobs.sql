-- The concepts lexicon (engram/language/concepts.py) no longer reads a job from a job title that names
-- someone by their role ("Papa's doctor put him on insulin", "our first junior designer", "the nurse
-- said"): only one that tells a job ("a nurse", "I'm the CTO") stands for job and work, so "what do I do
-- for work?" is not asked of every memory that mentions a doctor. Memories whose text holds a job title
-- are marked for their concepts to be derived again (NULL: the daily cleanup derives them, `engram
-- maintenance run cleanup` now; docs/operations.md). The words are a copy of the lexicon's on purpose: a
-- migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(engineer|developer|nurse|chef|sous-chef|teacher|architect|paramedic|designer|doctor|lawyer|accountant|manager|technician|cto|ceo|founder|researcher|scientist|analyst|consultant|electrician|plumber|driver|barista|cashier|waiter|artist|tattoo|vet|student|phd|lecturer|professor|journalist|writer|waitress|bartender|barman|barmaid|kitchen hand|shop assistant|sales assistant|shopkeeper|midwife|pharmacist|carer|builder|bricklayer|carpenter|scaffolder)s?\M';
