-- The term dictionary (`memory_terms`: each lexeme's count of active memories) follows every change of a
-- memory's search column, and the search column holds the memory's concepts (0014): a change of
-- `concepts` alone (a lexicon migration setting it to NULL, the daily cleanup deriving it again) changed
-- `tsv` without recounting it, so the counts drifted from the memories they are read from. The trigger
-- now fires on `concepts` too, and the counts are rebuilt from the memories once
-- (`engram_memory_terms_recount`).
DROP TRIGGER memories_dictionaries_changed ON memories;
CREATE TRIGGER memories_dictionaries_changed AFTER UPDATE OF status, content, name, concepts ON memories
    FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name)
                       OR (OLD.status = 'active') IS DISTINCT FROM (NEW.status = 'active')
                       OR (NEW.status = 'active' AND OLD.tsv IS DISTINCT FROM NEW.tsv))
    EXECUTE FUNCTION engram_memory_dictionaries_changed();

-- Every user's counts recomputed from the memories: for this file, and for a later one that changes how
-- the search column reads every memory (0028).
CREATE FUNCTION engram_memory_terms_recount() RETURNS void
LANGUAGE sql SET search_path = pg_catalog, public
AS $$
    DELETE FROM public.memory_terms;
    INSERT INTO public.memory_terms (user_id, lexeme, df)
    SELECT m.user_id, l.lexeme, count(*)::int
    FROM public.memories m CROSS JOIN LATERAL unnest(tsvector_to_array(m.tsv)) AS l(lexeme)
    WHERE m.status = 'active'
    GROUP BY 1, 2;
$$;
REVOKE ALL ON FUNCTION engram_memory_terms_recount() FROM PUBLIC;

SELECT engram_memory_terms_recount();
