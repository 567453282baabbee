-- The roles a query says as the user's are read by the search code (language/question_roles.py) and
-- passed in: each word said after "my", "our" or "the", its plain word and the words that name the same
-- tie ("my mum" is stored as her mother, "the kids" each a child, "my partner" may be a husband). The
-- person stored with one of them is mentioned, when one or two of the user's people hold that role.
-- Before, a role had to be said in the query as the write path stored it, and was found by a pattern
-- over the query (sql/0044). Otherwise as sql/0044.
DROP FUNCTION IF EXISTS engram_query_mentions(text, text[], integer, integer, text[]);
CREATE FUNCTION engram_query_mentions(
    query text, grams text[], name_cap integer, specific integer, kinds text[], roles text[])
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
        WITH named AS (
            SELECT e.id AS entity_id, word_similarity(e.canonical_name, lowered)::float8 AS ws,
                   e.mention_count <= specific AS is_specific
            FROM public.entities e
            WHERE e.user_id = uid AND e.merged_into IS NULL AND e.canonical_name <% lowered
            ORDER BY ws DESC LIMIT 10),
        held AS (
            -- the user's own: "my physio", "the landlord", not "Lachlan's father"; a role many hold
            -- ("friend") says nobody in particular
            SELECT lower(e.relationship) AS role
            FROM public.entities e
            WHERE e.user_id = uid AND e.merged_into IS NULL AND NOT e.is_owner
              AND lower(e.relationship) = ANY(roles)
            GROUP BY lower(e.relationship) HAVING count(*) <= 2),
        qent AS MATERIALIZED (
            SELECT * FROM named
            UNION ALL
            SELECT e.id, 0.8::float8, e.mention_count <= specific
            FROM public.entities e JOIN held h ON lower(e.relationship) = h.role
            WHERE e.user_id = uid AND e.merged_into IS NULL AND NOT e.is_owner
              AND e.id NOT IN (SELECT entity_id FROM named)),
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
REVOKE ALL ON FUNCTION engram_query_mentions(text, text[], integer, integer, text[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_query_mentions(text, text[], integer, integer, text[], text[]) TO engram_app;
