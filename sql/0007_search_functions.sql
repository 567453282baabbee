-- The functions search reads its text and name signals through.
--
-- Row-level security evaluates its policy before any condition whose operator is not LEAKPROOF, so
-- under engram_app `tsv @@ query` and the trigram operators can never be index conditions: every search
-- would scan all of the user's rows. These functions run as the table owner (SECURITY DEFINER) but read
-- only the rows of the user the transaction is scoped to — the same `engram_current_user()` the
-- policies use, so the guarantee is row-level security's — and return nothing when no user is set.

-- The matches search reads (`term_reads` in engram/db/repositories/search.py): every match of the
-- rare terms `terms` (known to be few) through one index scan of their OR, at most `cap` rows; then at
-- most `sample_cap` other matches of one common term, `sampled`. Each statement is planned with its
-- values (EXECUTE ... USING), so a term rare for this user but common among all users takes the user's
-- btree rather than a large bitmap. The rows come with what search reads of them (visibility, the
-- re-ranker's columns, the tsvector), so no candidate is looked up again by primary key.
CREATE FUNCTION engram_term_matches(
    terms text[], cap integer, sampled text DEFAULT NULL, sample_cap integer DEFAULT 0)
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
        WHERE m.tsv @@ $1 AND m.user_id = $2 AND m.status = ''active''';
BEGIN
    IF uid IS NULL THEN
        RETURN;
    END IF;
    FOREACH term IN ARRAY coalesce(terms, '{}') LOOP
        any_term := CASE WHEN any_term IS NULL THEN plainto_tsquery('simple', term)
                         ELSE any_term || plainto_tsquery('simple', term) END;
    END LOOP;
    IF any_term IS NOT NULL AND cap > 0 THEN
        RETURN QUERY EXECUTE reads || ' LIMIT $3' USING any_term, uid, cap;
    END IF;
    IF sampled IS NOT NULL AND sample_cap > 0 AND any_term IS NULL THEN
        RETURN QUERY EXECUTE reads || ' LIMIT $3' USING plainto_tsquery('simple', sampled), uid, sample_cap;
    ELSIF sampled IS NOT NULL AND sample_cap > 0 THEN  -- not the rows the rare terms gave already
        RETURN QUERY EXECUTE reads || ' AND NOT (m.tsv @@ $3) LIMIT $4'
            USING plainto_tsquery('simple', sampled), uid, any_term, sample_cap;
    END IF;
END
$$;
REVOKE ALL ON FUNCTION engram_term_matches(text[], integer, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_term_matches(text[], integer, text, integer) TO engram_app;

-- Names the query mentions: each word and two- or three-word run of the query (`grams`) is compared
-- by trigram similarity with the user's names in `memory_names` (`name % gram`, at least half alike);
-- the memories of the names a gram matches are then read by name, at most `specific` + 1 per gram, so
-- a common name costs no more than a rare one. A gram that names more than `specific` memories (the
-- user's partner, the other speaker of a long conversation) ranks nothing and is dropped, as the entity
-- signal drops such entities. The best gram scores the memory.
CREATE FUNCTION engram_name_matches(grams text[], cap integer, specific integer DEFAULT 40)
RETURNS TABLE (memory_id uuid, score real)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
SET pg_trgm.similarity_threshold = 0.5
AS $$
DECLARE
    uid text := engram_current_user();
BEGIN
    IF uid IS NULL OR coalesce(array_length(grams, 1), 0) = 0 THEN
        RETURN;
    END IF;
    -- Static SQL: one plan per connection, whatever the values (the dictionary's trigram index and the
    -- name btree are the right paths for any user and any gram).
    RETURN QUERY
        WITH named AS (
            SELECT g.gram, array_agg(d.name) AS names
            FROM unnest(grams) AS g(gram) JOIN public.memory_names d ON d.user_id = uid AND d.name % g.gram
            GROUP BY g.gram),
        hits AS (
            SELECT n.gram, h.id, h.s FROM named n
            CROSS JOIN LATERAL (
                SELECT m.id, similarity(lower(m.name), n.gram) AS s FROM public.memories m
                WHERE m.user_id = uid AND m.status = 'active' AND lower(m.name) = ANY(n.names)
                LIMIT specific + 1) h),
        specific_grams AS (SELECT hits.gram FROM hits GROUP BY hits.gram HAVING count(*) <= specific)
        SELECT hits.id, max(hits.s) FROM hits WHERE hits.gram IN (SELECT sg.gram FROM specific_grams sg)
        GROUP BY hits.id ORDER BY 2 DESC LIMIT cap;
END
$$;
REVOKE ALL ON FUNCTION engram_name_matches(text[], integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_name_matches(text[], integer, integer) TO engram_app;

-- What a query names, for search to decide which signals to plan: `name` (memory id, trigram score),
-- memories named like a run of the query's words (`engram_name_matches`); `entity` (entity id, word
-- similarity), specific entities whose canonical name is among the query's words (an entity in more
-- than `specific` memories, the user's partner or the other speaker of a long conversation, ranks
-- nothing); `hop` (entity id, strength), the specific graph neighbours of the entities named, never
-- the owner node. Static SQL, so its plans are made once per connection.
CREATE FUNCTION engram_query_mentions(
    query text, grams text[], name_cap integer, specific integer, kinds text[])
RETURNS TABLE (kind text, id uuid, weight double precision)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
DECLARE
    uid text := engram_current_user();
    lowered text := lower(query);
BEGIN
    IF uid IS NULL THEN
        RETURN;
    END IF;
    IF 'name' = ANY(kinds) THEN
        RETURN QUERY SELECT 'name'::text, n.memory_id, n.score::float8
                     FROM public.engram_name_matches(grams, name_cap, specific) n;
    END IF;
    IF NOT ('entity' = ANY(kinds) OR 'hop' = ANY(kinds)) THEN
        RETURN;
    END IF;
    RETURN QUERY
        WITH qent AS MATERIALIZED (
            SELECT e.id AS entity_id, word_similarity(e.canonical_name, lowered)::float8 AS ws,
                   e.mention_count <= specific AS is_specific
            FROM public.entities e
            WHERE e.user_id = uid AND e.merged_into IS NULL AND e.canonical_name <% lowered
            ORDER BY ws DESC LIMIT 10),
        hop AS (
            SELECT n.id AS entity_id, max(r.strength)::float8 AS strength
            FROM qent q JOIN public.relationships r
              ON (r.from_entity_id = q.entity_id OR r.to_entity_id = q.entity_id)
             AND r.user_id = uid AND r.is_active AND r.valid_to IS NULL
            JOIN public.entities n ON n.id = CASE WHEN r.from_entity_id = q.entity_id
                                                 THEN r.to_entity_id ELSE r.from_entity_id END
            WHERE 'hop' = ANY(kinds) AND n.user_id = uid AND NOT n.is_owner AND n.mention_count <= specific
            GROUP BY n.id)
        SELECT 'entity'::text, q.entity_id, q.ws FROM qent q WHERE q.is_specific AND 'entity' = ANY(kinds)
        UNION ALL
        SELECT 'hop'::text, h.entity_id, h.strength FROM hop h;
END
$$;
REVOKE ALL ON FUNCTION engram_query_mentions(text, text[], integer, integer, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_query_mentions(text, text[], integer, integer, text[]) TO engram_app;
