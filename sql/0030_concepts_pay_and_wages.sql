-- The concepts lexicon (engram/language/concepts.py) gained pay, a wage and a payslip as words for what
-- one earns: "Pay 18k/mo, not enough but ok" stands for a salary, income, earning. Memories whose text
-- holds one are marked for their concepts to be derived again (NULL: the daily cleanup derives them,
-- `engram maintenance run cleanup` now; docs/operations.md). The list is a copy of the lexicon's on
-- purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ '\m(pay|wages?|payslips?|paychecks?)\M';
