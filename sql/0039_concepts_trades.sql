-- The concepts lexicon (engram/language/concepts.py) reads the trade a job is in from the job
-- (a barista or a chef works in hospitality, a cashier in retail, a nurse in healthcare, a plumber in
-- construction), so that "have I ever worked in hospitality?" finds "Barista at Little Ember Coffee".
-- Memories whose text holds one of those jobs are marked for their concepts to be derived again
-- (NULL: the daily cleanup derives them, `engram maintenance run cleanup` now; docs/operations.md).
-- The words are a copy of the lexicon's on purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(barista|waiter|waitress|bartender|barman|barmaid|chef|sous-chef|kitchen hand|cashier|shop assistant|sales assistant|shopkeeper|nurse|doctor|paramedic|physiotherapist|physio|gp|surgeon|midwife|pharmacist|carer|builder|bricklayer|carpenter|electrician|plumber|scaffolder)s?\M';
