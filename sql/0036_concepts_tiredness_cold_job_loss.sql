-- The concepts lexicon (engram/language/concepts.py) reads how one feels in other words either way
-- (tired, exhausted, knackered; cold, freezing) and a job lost as people tell it (laid off, made
-- redundant, sacked), so that "why was I so exhausted and freezing?" finds "explains the tiredness +
-- always being cold" and "when did I lose my job?" finds "laid off". Memories whose text holds one of
-- those words are marked for their concepts to be derived again (NULL: the daily cleanup derives them,
-- `engram maintenance run cleanup` now; docs/operations.md). The words are a copy of the lexicon's on
-- purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(tired|tiredness|exhausted|exhaustion|fatigue|fatigued|knackered|shattered|drained|worn-out|cold|freezing|chilly|shivering|laid off|made redundant|redundancy|sacked|fired)\M';
