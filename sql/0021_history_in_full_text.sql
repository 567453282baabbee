-- Full text reads what a search includes: a search that includes history (`include_historical`, or a
-- question about how things were: "what diet did I follow before going vegan?") reads superseded
-- memories too, whose words it missed (only the vector signal found "I'm on a keto diet" once it was
-- superseded). `statuses` is the search's own list (`visibility_params`: active, or active and
-- superseded); the default keeps the old reading for other callers. Otherwise as sql/0007.
DROP FUNCTION engram_term_matches(text[], integer, text, integer);

CREATE FUNCTION engram_term_matches(
    terms text[], cap integer, sampled text DEFAULT NULL, sample_cap integer DEFAULT 0,
    statuses text[] DEFAULT ARRAY['active'])
RETURNS TABLE (
    id uuid, user_id text, status text, is_historical boolean,
    expires_at timestamptz, effective_from timestamptz, memory_type text, importance_score real,
    sensitivity_level text, event_date timestamptz, document_date timestamptz, created_at timestamptz,
    last_reinforced_at timestamptz, access_count integer, tsv tsvector)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
DECLARE
    uid text := engram_current_user();
    any_term tsquery;
    term text;
    reads constant text := 'SELECT m.id, m.user_id, m.status, m.is_historical, m.expires_at,
            m.effective_from, m.memory_type, m.importance_score, m.sensitivity_level, m.event_date,
            m.document_date, m.created_at, m.last_reinforced_at, m.access_count, m.tsv
        FROM public.memories m
        WHERE m.tsv @@ $1 AND m.user_id = $2 AND m.status = ANY($3)';
BEGIN
    IF uid IS NULL THEN
        RETURN;
    END IF;
    FOREACH term IN ARRAY coalesce(terms, '{}') LOOP
        any_term := CASE WHEN any_term IS NULL THEN plainto_tsquery('simple', term)
                         ELSE any_term || plainto_tsquery('simple', term) END;
    END LOOP;
    IF any_term IS NOT NULL AND cap > 0 THEN
        RETURN QUERY EXECUTE reads || ' LIMIT $4' USING any_term, uid, statuses, cap;
    END IF;
    IF sampled IS NOT NULL AND sample_cap > 0 AND any_term IS NULL THEN
        RETURN QUERY EXECUTE reads || ' LIMIT $4'
            USING plainto_tsquery('simple', sampled), uid, statuses, sample_cap;
    ELSIF sampled IS NOT NULL AND sample_cap > 0 THEN  -- not the rows the rare terms gave already
        RETURN QUERY EXECUTE reads || ' AND NOT (m.tsv @@ $4) LIMIT $5'
            USING plainto_tsquery('simple', sampled), uid, statuses, any_term, sample_cap;
    END IF;
END
$$;
REVOKE ALL ON FUNCTION engram_term_matches(text[], integer, text, integer, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_term_matches(text[], integer, text, integer, text[]) TO engram_app;
