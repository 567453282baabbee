-- Full text knows each term's document frequency before it reads a match.
--
-- Search weighs a query's terms by their rarity among the user's memories (IDF). Until now it learnt a
-- term's document frequency by reading its matches, up to 501 per term: a query of several fairly
-- common words read thousands of rows at 100,000 memories (the slowest searches), and a term past 500
-- matches only got a floor weight (as if in 501 memories, whether in 600 or in 30,000). The process
-- remembered which words were common for a few minutes, so a cold process paid again.
--
-- `memory_terms` holds, per user, each lexeme of the user's active memories with the number of active
-- memories that contain it: exact IDF for every term from one primary-key probe per term, and the
-- rarest terms are read first, only until search has enough candidates (`term_reads` in
-- engram/db/repositories/search.py). Kept by triggers, in the transaction that changes the memories:
-- statement triggers with transition tables on insert and delete (a bulk import or a forget-me is one
-- statement), a row trigger only when an update changes a memory's status, text or name (never on the
-- access updates of search). A lexeme no active memory contains any more is removed, so forgetting a memory
-- leaves none of its words behind.
--
-- Concurrency: the counts of one user's common words are shared rows, so two transactions changing
-- memories of the same user would take turns at those rows, and could deadlock when each holds a word
-- the other's next statement needs (seen: four concurrent analyze calls of one user). So a transaction
-- that changes a user's memories takes the user's dictionary lock (a transaction-level advisory lock)
-- before it touches `memory_terms` or `memory_names` (one set of triggers keeps both) and holds it to
-- commit: one user's memory writes take turns from their first change on (they arrive one at a time
-- through SQS FIFO anyway), other users' never wait, and search never takes it. A transaction that
-- locks rows before its first change takes the lock at its start instead (`engram_lock_memory_writes`).

CREATE TABLE IF NOT EXISTS memory_terms (
    user_id text    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lexeme  text    NOT NULL,  -- a lexeme of memories.tsv (english stemming)
    df      integer NOT NULL,  -- active memories of the user containing it
    PRIMARY KEY (user_id, lexeme)
);

ALTER TABLE memory_terms ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS memory_terms_owner ON memory_terms;
CREATE POLICY memory_terms_owner ON memory_terms USING (user_id = engram_current_user())
    WITH CHECK (user_id = engram_current_user());
-- The app role reads it (search) and deletes it only when forgetting a user; triggers write it.
GRANT SELECT, DELETE ON memory_terms TO engram_app;

INSERT INTO memory_terms (user_id, lexeme, df)
SELECT m.user_id, l.lexeme, count(*)
FROM memories m CROSS JOIN LATERAL unnest(m.tsv) AS l
WHERE m.status = 'active'
GROUP BY 1, 2
ON CONFLICT DO NOTHING;

-- The dictionaries' lock of each user in `users`, in order (users' ids hashed into the advisory lock
-- space of (0x656E6772, hashtext(user id)); migrations use the single-key space).
CREATE OR REPLACE FUNCTION engram_lock_memory_dictionaries(users text[]) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(1701734258, hashtext(u))
    FROM (SELECT DISTINCT u FROM unnest(users) AS u WHERE u IS NOT NULL ORDER BY 1) x;
END
$$;
REVOKE ALL ON FUNCTION engram_lock_memory_dictionaries(text[]) FROM PUBLIC;

-- The same lock for the transaction's own user, taken first by a transaction that will lock memory rows
-- before changing memories (`user_transaction(..., memory_writes=True)`: the execution of a fact locks
-- its target FOR UPDATE, then inserts). Taken later, in the trigger, two such writers deadlocked: one
-- held the lock and waited for the other's target row (a foreign-key check), the other held the row and
-- waited for the lock.
CREATE OR REPLACE FUNCTION engram_lock_memory_writes() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public
AS $$
    SELECT public.engram_lock_memory_dictionaries(ARRAY[public.engram_current_user()]);
$$;
REVOKE ALL ON FUNCTION engram_lock_memory_writes() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_lock_memory_writes() TO engram_app;

-- Adds `weights[i]` (+1: a memory became active, -1: it stopped being active) to the count of every
-- lexeme of `docs[i]`, user by user, in key order; a lexeme whose count reaches zero is removed.
CREATE OR REPLACE FUNCTION engram_memory_terms_count(users text[], docs tsvector[], weights integer[])
RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public
AS $$
BEGIN
    INSERT INTO public.memory_terms AS t (user_id, lexeme, df)
    SELECT d.u, l.lexeme, sum(d.w)::int
    FROM unnest(users, docs, weights) AS d(u, doc, w) CROSS JOIN LATERAL unnest(d.doc) AS l
    GROUP BY 1, 2 HAVING sum(d.w) <> 0
    ORDER BY 1, 2
    ON CONFLICT (user_id, lexeme) DO UPDATE SET df = t.df + EXCLUDED.df;
    IF -1 = ANY(weights) THEN
        DELETE FROM public.memory_terms t
        WHERE t.df <= 0 AND (t.user_id, t.lexeme) IN (
            SELECT d.u, l.lexeme
            FROM unnest(users, docs, weights) AS d(u, doc, w) CROSS JOIN LATERAL unnest(d.doc) AS l
            WHERE d.w < 0);
    END IF;
END
$$;
REVOKE ALL ON FUNCTION engram_memory_terms_count(text[], tsvector[], integer[]) FROM PUBLIC;

-- One set of triggers keeps both dictionaries, replacing 0012's name triggers: each takes the user's
-- lock first, then applies 0012's name rules (`engram_memory_names_keep` / `_prune`) and the counts.
DROP TRIGGER IF EXISTS memories_names_added ON memories;
DROP TRIGGER IF EXISTS memories_names_removed ON memories;
DROP TRIGGER IF EXISTS memories_name_changed ON memories;
DROP FUNCTION IF EXISTS engram_memory_names_added();
DROP FUNCTION IF EXISTS engram_memory_names_removed();
DROP FUNCTION IF EXISTS engram_memory_name_changed();

CREATE OR REPLACE FUNCTION engram_memory_dictionaries_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM public.engram_lock_memory_dictionaries(array_agg(user_id)) FROM added;
    PERFORM public.engram_memory_names_keep(array_agg(user_id), array_agg(lower(name))) FROM added;
    PERFORM public.engram_memory_terms_count(array_agg(user_id), array_agg(tsv), array_agg(1))
    FROM added WHERE status = 'active';
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION engram_memory_dictionaries_removed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM public.engram_lock_memory_dictionaries(array_agg(user_id)) FROM removed;
    PERFORM public.engram_memory_names_prune(array_agg(user_id), array_agg(lower(name))) FROM removed;
    PERFORM public.engram_memory_terms_count(array_agg(user_id), array_agg(tsv), array_agg(-1))
    FROM removed WHERE status = 'active';
    RETURN NULL;
END
$$;

-- A memory renamed, made (in)active, or whose text changed while active. The counts take the old text
-- away and add the new one; what both hold nets to nothing.
CREATE OR REPLACE FUNCTION engram_memory_dictionaries_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public
AS $$
BEGIN
    PERFORM public.engram_lock_memory_dictionaries(ARRAY[NEW.user_id]);
    IF lower(OLD.name) IS DISTINCT FROM lower(NEW.name) THEN
        PERFORM public.engram_memory_names_keep(ARRAY[NEW.user_id], ARRAY[lower(NEW.name)]);
        PERFORM public.engram_memory_names_prune(ARRAY[OLD.user_id], ARRAY[lower(OLD.name)]);
    END IF;
    PERFORM public.engram_memory_terms_count(
        ARRAY[OLD.user_id, NEW.user_id], ARRAY[OLD.tsv, NEW.tsv],
        ARRAY[CASE WHEN OLD.status = 'active' THEN -1 ELSE 0 END,
              CASE WHEN NEW.status = 'active' THEN 1 ELSE 0 END]);
    RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS memories_dictionaries_added ON memories;
CREATE TRIGGER memories_dictionaries_added AFTER INSERT ON memories
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_dictionaries_added();
DROP TRIGGER IF EXISTS memories_dictionaries_removed ON memories;
CREATE TRIGGER memories_dictionaries_removed AFTER DELETE ON memories
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_dictionaries_removed();
DROP TRIGGER IF EXISTS memories_dictionaries_changed ON memories;
CREATE TRIGGER memories_dictionaries_changed AFTER UPDATE OF status, content, name ON memories
    FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name)
                       OR (OLD.status = 'active') IS DISTINCT FROM (NEW.status = 'active')
                       OR (NEW.status = 'active' AND OLD.tsv IS DISTINCT FROM NEW.tsv))
    EXECUTE FUNCTION engram_memory_dictionaries_changed();

-- The matches search reads (`term_reads` in engram/db/repositories/search.py): every match of the
-- rare terms `terms` (known to be few) through one index scan of their OR, at most `cap` rows; then at
-- most `sample_cap` other matches of one common term, `sampled`. Each statement is planned with its
-- values (EXECUTE ... USING), so a term rare for this user but common among all users takes the user's
-- btree rather than a large bitmap. The rows come with what search reads of them, so none is read
-- twice; as the policies do, only rows of `engram_current_user()`.
DROP FUNCTION IF EXISTS engram_term_matches(text[], integer);
CREATE OR REPLACE FUNCTION engram_term_matches(
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
