-- A role is matched in the query as text: the role the write path stored for a person is put into the
-- pattern with every character but letters, digits and spaces escaped. A model's extraction may store
-- any role ("friend (college)"), and an unbalanced parenthesis made every search of that user fail
-- (the planner may test the pattern before the role's equality with a query word). Otherwise as
-- sql/0035.
CREATE OR REPLACE FUNCTION engram_query_mentions(
    query text, grams text[], name_cap integer, specific integer, kinds text[])
RETURNS TABLE (kind text, id uuid, weight double precision)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
DECLARE
    uid text := engram_current_user();
    lowered text := lower(query);
    query_words text[] := regexp_split_to_array(lower(query), '[^[:alnum:]]+');
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
            SELECT lower(e.relationship) AS role
            FROM public.entities e
            WHERE e.user_id = uid AND e.merged_into IS NULL AND NOT e.is_owner
              AND lower(e.relationship) = ANY(query_words)
            GROUP BY lower(e.relationship) HAVING count(*) <= 2
               -- the user's own: "my physio", "the landlord", not "Lachlan's father"
               -- the role is text, not a pattern: a model may store "friend (college)"
               AND lowered ~ ('\m(my|our|the)\s+'
                              || regexp_replace(lower(e.relationship), '([^[:alnum:][:space:]])', '\\\1', 'g')
                              || '\M')),
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
REVOKE ALL ON FUNCTION engram_query_mentions(text, text[], integer, integer, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_query_mentions(text, text[], integer, integer, text[]) TO engram_app;
