-- Full text reads "Wed" and "Weds", as a phone types Wednesday ("wheel throwing wed nights", "sessions
-- wed 7:30am"), as the day, in a memory as in a question: to english stemming "wed" is the stem of
-- "wedding", so "is there a wedding coming up?" found every memory with a Wednesday in it. Search reads
-- the question the same way (`engram.language.question_idioms`, and `engram_plain_text` on the query's
-- text). The search column is recomputed for every memory (a rewrite of `memories`: apply it in a quiet
-- window, docs/operations.md) and the term dictionary recounted from it.
CREATE FUNCTION engram_plain_text(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN regexp_replace(public.engram_plain_contractions(body), '\mweds?\M', 'wednesday', 'gi');

ALTER TABLE memories ALTER COLUMN tsv SET EXPRESSION AS (
    setweight(to_tsvector('english'::regconfig,
                          public.engram_plain_text(coalesce(name, '') || ' ' || content)), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(concepts, '')), 'D'));

SELECT engram_memory_terms_recount();
