-- The concepts lexicon (engram/language/concepts.py) reads a job said with money beside it as what the
-- job pays ("HIRED at St. Clare, hospital pharmacist, 26,500/mo": salary, pay, earn), so that "how much
-- do I earn?" finds it. Memories whose text holds money with a currency or a period and a word of work
-- are marked for their concepts to be derived again (NULL: the daily cleanup derives them, `engram
-- maintenance run cleanup` now; docs/operations.md). The words are a copy of the lexicon's on purpose:
-- a migration must not change when the lexicon does; a few more are marked than need it, which costs
-- one derivation each.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ (
          '([$€£¥₱₹₦][0-9]|\m(r|php|zar|usd|eur|gbp|nzd|aud|cad) ?[0-9]|' ||
          '[0-9] ?k? ?(/|\ma\M|\man\M|\mper\M) ?(month|year|week|hour|mo|yr|wk|hr|annum)\M)')
  AND lower(coalesce(name, '') || ' ' || content) ~ (
          '\m(hired|job|offer|role|position|shift|contract|employer|promoted|promotion|part[- ]time|' ||
          'full[- ]time|[a-z]*(er|or|ist|ian|ant|ent|nurse|chef|cook|clerk|intern|tutor|assistant|associate))\M');
