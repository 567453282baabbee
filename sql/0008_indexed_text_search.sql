-- Text matching that can use its indexes under row-level security, and vectors stored inline.
--
-- Row-level security evaluates its policy before any condition whose operator is not LEAKPROOF, so
-- under engram_app `tsv @@ query` and the trigram operators can never be index conditions: every
-- search scanned all of the user's rows (measured on 10,000 memories: 69 ms per query term through
-- RLS, 5 ms through the GIN index). These functions run as the table owner but read only the rows of
-- the user the transaction is scoped to — the same `engram_current_user()` the policies use, so the
-- guarantee is RLS's — and plan each statement with its values (EXECUTE ... USING), so a rare term
-- takes the GIN index and a common one the user's btree.

CREATE OR REPLACE FUNCTION engram_term_matches(terms text[], cap integer)
RETURNS TABLE (term_no integer, memory_id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
DECLARE
    uid text := engram_current_user();
    branches text[] := '{}';
BEGIN
    IF uid IS NULL OR coalesce(array_length(terms, 1), 0) = 0 THEN
        RETURN;
    END IF;
    -- One statement, one planning pass: each branch reads its term as `$1[i]`, a constant once the
    -- values are bound, so every term is still estimated (and indexed) on its own.
    FOR i IN 1 .. array_length(terms, 1) LOOP
        branches := branches || format(
            '(SELECT %s AS term_no, m.id FROM public.memories m
              WHERE m.tsv @@ plainto_tsquery(''simple'', $1[%s]) AND m.user_id = $2 AND m.status = ''active''
              LIMIT $3)', i, i);
    END LOOP;
    RETURN QUERY EXECUTE array_to_string(branches, ' UNION ALL ') USING terms, uid, cap;
END
$$;

-- Names the query mentions: each word and two- or three-word run of the query (`grams`) is looked up
-- by trigram similarity (`name % gram` is what the trigram index answers; "is this name somewhere in
-- the query", word_similarity(name, query), is not), the best gram scoring the memory. A gram that
-- names more than `specific` memories (the user's partner, the other speaker of a long conversation)
-- ranks nothing and is dropped, as the entity signal drops such entities.
CREATE OR REPLACE FUNCTION engram_name_matches(grams text[], cap integer, specific integer DEFAULT 40)
RETURNS TABLE (memory_id uuid, score real)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
SET pg_trgm.similarity_threshold = 0.5  -- a name at least half like a run of the query's words
AS $$
DECLARE
    uid text := engram_current_user();
BEGIN
    IF uid IS NULL THEN
        RETURN;
    END IF;
    -- Per gram, at most `specific` + 1 rows are read (LIMIT inside the lateral): a common name costs
    -- no more than a rare one, whatever the size of the user.
    RETURN QUERY EXECUTE
        'WITH hits AS (
             SELECT g, h.id, h.s FROM unnest($1::text[]) AS g
             CROSS JOIN LATERAL (
                 SELECT m.id, similarity(lower(m.name), g) AS s FROM public.memories m
                 WHERE lower(m.name) % g AND m.name IS NOT NULL AND m.user_id = $2 AND m.status = ''active''
                 LIMIT $4 + 1) h),
         specific AS (SELECT g FROM hits GROUP BY g HAVING count(*) <= $4)
         SELECT id, max(s) FROM hits WHERE g IN (SELECT g FROM specific)
         GROUP BY id ORDER BY 2 DESC LIMIT $3'
        USING grams, uid, cap, specific;
END
$$;

REVOKE ALL ON FUNCTION engram_term_matches(text[], integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION engram_name_matches(text[], integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_term_matches(text[], integer) TO engram_app;
GRANT EXECUTE ON FUNCTION engram_name_matches(text[], integer, integer) TO engram_app;

-- Retrieval updates a memory's access counters on every search (salience, spacing effect). None of
-- them is indexed, so the update can be HOT (no new entries in the fifteen indexes, HNSW included)
-- when the page has room for the new row version: leave that room. Vectors stay out of line (TOAST):
-- stored inline, a row fills its page, every access update became a non-HOT update with an HNSW
-- insertion, which cost far more than the faster exact scans it bought.
ALTER TABLE memories SET (fillfactor = 85);
