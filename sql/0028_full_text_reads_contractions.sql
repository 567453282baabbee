-- Full text reads a negated verb's contraction as its two words, in a memory as in a question: "won't"
-- is "will not", "can't" "can not", "didn't" "did not". The english parser splits a contraction at its
-- apostrophe, and the first part may be a word of its own: "won" is the stem of "I won the raffle", so
-- "who won the quiz?" found "I won't go to the quiz", and "didn" was a lexeme of every memory that said
-- "didn't". Search reads the question the same way (`engram.language.question_idioms`, and
-- `engram_plain_contractions` on the query's text). The search column is recomputed for every memory
-- (a rewrite of `memories`: apply it in a quiet window, docs/operations.md) and the term dictionary
-- recounted from it.
CREATE FUNCTION engram_plain_contractions(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN regexp_replace(
    regexp_replace(regexp_replace(body, '\mwon[''’]t\M', 'will not', 'gi'), '\mcan[''’]t\M', 'can not', 'gi'),
    '\m(\w+)n[''’]t\M', '\1 not', 'gi');

ALTER TABLE memories ALTER COLUMN tsv SET EXPRESSION AS (
    setweight(to_tsvector('english'::regconfig,
                          public.engram_plain_contractions(coalesce(name, '') || ' ' || content)), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(concepts, '')), 'D'));

SELECT engram_memory_terms_recount();
