-- Search at 100,000 memories, three changes:
-- 1. the name signal looks names up in a per-user dictionary of the names memories carry, not in the
--    memories themselves (below);
-- 2. `engram_query_mentions` tells search what a query names before it plans its statement;
-- 3. `engram_term_matches` returns what search reads of each matched memory, so none is read twice.
--
-- A user's memories repeat few names (100,000 memories, 23,000 of them named, 30 distinct names in
-- the scale benchmark): a trigram probe over every named memory read thousands of postings per query
-- word to find those 30, 3 ms per query at the median and 13 ms at p95 at 100,000 memories. The
-- dictionary answers "which of the user's names is like this word" from one row per name; the
-- memories of a matched name then come through the (user_id, lower(name)) btree.
--
-- The dictionary holds every name a memory of the user still carries, whatever the memory's status:
-- a status change never touches it, a name whose memories are all superseded only finds no active
-- memory. A hard delete (forgetting) removes a name no remaining memory carries, so a forgotten name
-- leaves nothing behind.

CREATE TABLE IF NOT EXISTS memory_names (
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name    text NOT NULL,  -- lower(memories.name)
    PRIMARY KEY (user_id, name)
);
CREATE INDEX IF NOT EXISTS memory_names_trgm ON memory_names USING gin (name gin_trgm_ops);
-- "Does any memory of the user still carry this name?" (any status), for the delete trigger.
CREATE INDEX IF NOT EXISTS memories_user_name_idx ON memories (user_id, lower(name)) WHERE name IS NOT NULL;
-- Names are compared through the dictionary's trigram index now: the one over every memory's name only
-- cost each insert a GIN update.
DROP INDEX IF EXISTS memories_name_trgm;

ALTER TABLE memory_names ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS memory_names_owner ON memory_names;
CREATE POLICY memory_names_owner ON memory_names USING (user_id = engram_current_user())
    WITH CHECK (user_id = engram_current_user());
-- The app role reads it only through engram_name_matches and deletes it only when forgetting a user.
GRANT SELECT, DELETE ON memory_names TO engram_app;

INSERT INTO memory_names (user_id, name)
SELECT DISTINCT user_id, lower(name) FROM memories WHERE name IS NOT NULL
ON CONFLICT DO NOTHING;

-- Kept by triggers as the owner (the app role only reads it): one statement per inserting or deleting
-- statement (transition tables, so a bulk import or a forget-me costs one statement, not one per row),
-- and a row trigger only when an update really changes a name (never on the access updates of search).
-- Each rule is written once, over parallel arrays of (user id, lowercased name):
-- a name is added in key order, so two writers adding the same new names wait for each other instead of
-- deadlocking;
CREATE OR REPLACE FUNCTION engram_memory_names_keep(users text[], names text[]) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, public
AS $$
    INSERT INTO public.memory_names (user_id, name)
    SELECT DISTINCT u, n FROM unnest(users, names) AS k(u, n) WHERE n IS NOT NULL ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
$$;

-- a name goes when no memory of the user carries it any more, whatever that memory's status.
CREATE OR REPLACE FUNCTION engram_memory_names_prune(users text[], names text[]) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, public
AS $$
    DELETE FROM public.memory_names d
    USING (SELECT DISTINCT u, n FROM unnest(users, names) AS k(u, n) WHERE n IS NOT NULL) r
    WHERE d.user_id = r.u AND d.name = r.n
      AND NOT EXISTS (
          SELECT 1 FROM public.memories m WHERE m.user_id = r.u AND lower(m.name) = r.n AND m.name IS NOT NULL);
$$;
REVOKE ALL ON FUNCTION engram_memory_names_keep(text[], text[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION engram_memory_names_prune(text[], text[]) FROM PUBLIC;

CREATE OR REPLACE FUNCTION engram_memory_names_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM public.engram_memory_names_keep(array_agg(user_id), array_agg(lower(name))) FROM added;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION engram_memory_names_removed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM public.engram_memory_names_prune(array_agg(user_id), array_agg(lower(name))) FROM removed;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION engram_memory_name_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM public.engram_memory_names_keep(ARRAY[NEW.user_id], ARRAY[lower(NEW.name)]);
    PERFORM public.engram_memory_names_prune(ARRAY[OLD.user_id], ARRAY[lower(OLD.name)]);
    RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS memories_names_added ON memories;
CREATE TRIGGER memories_names_added AFTER INSERT ON memories
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_names_added();
DROP TRIGGER IF EXISTS memories_names_removed ON memories;
CREATE TRIGGER memories_names_removed AFTER DELETE ON memories
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_names_removed();
DROP TRIGGER IF EXISTS memories_name_changed ON memories;
CREATE TRIGGER memories_name_changed AFTER UPDATE OF name ON memories
    FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name))
    EXECUTE FUNCTION engram_memory_name_changed();

-- Names the query mentions: each word and two- or three-word run of the query (`grams`) is compared
-- by trigram similarity with the user's names (`name % gram`, at least half alike); the memories of
-- the names a gram matches are then read by name, at most `specific` + 1 per gram, so a common name
-- costs no more than a rare one. A gram that names more than `specific` memories (the user's partner,
-- the other speaker of a long conversation) ranks nothing and is dropped, as the entity signal drops
-- such entities. The best gram scores the memory.
CREATE OR REPLACE FUNCTION engram_name_matches(grams text[], cap integer, specific integer DEFAULT 40)
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

-- What a query names, for search to decide which signals to plan: `name` (memory id, trigram score),
-- memories named like a run of the query's words (`engram_name_matches`); `entity` (entity id, word
-- similarity), specific entities whose canonical name is among the query's words (an entity in more
-- than `specific` memories, the user's partner or the other speaker of a long conversation, ranks
-- nothing); `hop` (entity id, strength), the specific graph neighbours of the entities named, never
-- the owner node. Static SQL, so its plans are made once per connection.
CREATE OR REPLACE FUNCTION engram_query_mentions(
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

-- Full text reads each matched memory once. The matches of a query's terms come back with what search
-- reads of them (visibility, the re-ranker's columns, the tsvector for the common terms), so the
-- candidates are not looked up again by primary key: a query of five fairly rare words matched ~1,000
-- rows, and those second lookups were the slowest part of a slow search at 100,000 memories.
DROP FUNCTION IF EXISTS engram_term_matches(text[], integer);
CREATE FUNCTION engram_term_matches(terms text[], cap integer)
RETURNS TABLE (
    term_no integer, memory_id uuid, user_id text, status text, is_historical boolean,
    expires_at timestamptz, effective_from timestamptz, memory_type text, importance_score real,
    sensitivity_level text, event_date timestamptz, document_date timestamptz, created_at timestamptz,
    last_reinforced_at timestamptz, access_count integer, tsv tsvector)
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
    -- values are bound, so every term is still estimated (and indexed) on its own: a rare term takes
    -- the GIN index, a common one the user's btree.
    FOR i IN 1 .. array_length(terms, 1) LOOP
        branches := branches || format(
            '(SELECT %s, m.id, m.user_id, m.status, m.is_historical, m.expires_at, m.effective_from,
                     m.memory_type, m.importance_score, m.sensitivity_level, m.event_date, m.document_date,
                     m.created_at, m.last_reinforced_at, m.access_count, m.tsv
              FROM public.memories m
              WHERE m.tsv @@ plainto_tsquery(''simple'', $1[%s]) AND m.user_id = $2 AND m.status = ''active''
              LIMIT $3)', i, i);
    END LOOP;
    RETURN QUERY EXECUTE array_to_string(branches, ' UNION ALL ') USING terms, uid, cap;
END
$$;
REVOKE ALL ON FUNCTION engram_term_matches(text[], integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_term_matches(text[], integer) TO engram_app;
