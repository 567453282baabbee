-- Two per-user dictionaries search reads before it reads any memory, kept exact by triggers on
-- `memories` in the transaction that changes the memories.
--
-- `memory_names`: every name a memory of the user carries (lowercased), whatever the memory's status.
-- A user's memories repeat few names, so "which of the user's names is like this word" is answered
-- from one row per name through a trigram index, and the memories of a matched name then come through
-- the (user_id, lower(name)) btree. A status change never touches it (a name whose memories are all
-- superseded only finds no active memory); a hard delete removes a name no remaining memory carries,
-- so a forgotten name leaves nothing behind.
--
-- `memory_terms`: each lexeme of the user's active memories with the number of active memories that
-- contain it. Search weighs a query's terms by their rarity among the user's memories (IDF): this gives
-- the exact document frequency of every term from one primary-key probe per term, before any match is
-- read, so the rarest terms are read first and only until search has enough candidates (`term_reads`
-- in engram/db/repositories/search.py). A lexeme no active memory contains any more is removed, so
-- forgetting a memory leaves none of its words behind.
--
-- One set of triggers keeps both: statement triggers with transition tables on insert and delete (a
-- bulk import or a forget-me is one statement, not one per row), and a row trigger only when an update
-- changes a memory's status, text or name (never on the access updates of search). They run as the
-- owner: the app role only reads the dictionaries (and deletes them when forgetting a user).
--
-- Concurrency: the counts of one user's common words are shared rows, so two transactions changing
-- memories of the same user would take turns at those rows, and could deadlock when each holds a word
-- the other's next statement needs. So a transaction that changes a user's memories takes the user's
-- dictionary lock (a transaction-level advisory lock) before it touches `memory_terms` or
-- `memory_names` and holds it to commit: one user's memory writes take turns from their first change on
-- (they arrive one at a time through SQS FIFO anyway), other users' never wait, and search never takes
-- it. A transaction that locks rows before its first change takes the lock at its start instead
-- (`engram_lock_memory_writes`).

CREATE TABLE memory_names (
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name    text NOT NULL,  -- lower(memories.name)
    PRIMARY KEY (user_id, name)
);
CREATE INDEX memory_names_trgm ON memory_names USING gin (name gin_trgm_ops);

CREATE TABLE memory_terms (
    user_id text    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lexeme  text    NOT NULL,  -- a lexeme of memories.tsv (english stemming)
    df      integer NOT NULL,  -- active memories of the user containing it
    PRIMARY KEY (user_id, lexeme)
);

-- The dictionaries' lock of each user in `users`, in order (users' ids hashed into the advisory lock
-- space of (0x656E6772, hashtext(user id)); migrations use the single-key space).
CREATE FUNCTION engram_lock_memory_dictionaries(users text[]) RETURNS void
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
-- its target FOR UPDATE, then inserts). Taken later, in the trigger, two such writers would deadlock:
-- one holding the lock and waiting for the other's target row (a foreign-key check), the other holding
-- the row and waiting for the lock.
CREATE FUNCTION engram_lock_memory_writes() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public
AS $$
    SELECT public.engram_lock_memory_dictionaries(ARRAY[public.engram_current_user()]);
$$;
REVOKE ALL ON FUNCTION engram_lock_memory_writes() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram_lock_memory_writes() TO engram_app;

-- Each rule is written once, over parallel arrays of (user id, lowercased name):
-- a name is added in key order, so two writers adding the same new names wait for each other instead of
-- deadlocking;
CREATE FUNCTION engram_memory_names_keep(users text[], names text[]) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, public
AS $$
    INSERT INTO public.memory_names (user_id, name)
    SELECT DISTINCT u, n FROM unnest(users, names) AS k(u, n) WHERE n IS NOT NULL ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
$$;

-- a name goes when no memory of the user carries it any more, whatever that memory's status.
CREATE FUNCTION engram_memory_names_prune(users text[], names text[]) RETURNS void
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

-- Adds `weights[i]` (+1: a memory became active, -1: it stopped being active) to the count of every
-- lexeme of `docs[i]`, user by user, in key order; a lexeme whose count reaches zero is removed.
CREATE FUNCTION engram_memory_terms_count(users text[], docs tsvector[], weights integer[])
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

-- The triggers: each takes the user's lock first, then applies the name rules and the counts.
CREATE FUNCTION engram_memory_dictionaries_added() RETURNS trigger
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

CREATE FUNCTION engram_memory_dictionaries_removed() RETURNS trigger
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
CREATE FUNCTION engram_memory_dictionaries_changed() RETURNS trigger
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

CREATE TRIGGER memories_dictionaries_added AFTER INSERT ON memories
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_dictionaries_added();
CREATE TRIGGER memories_dictionaries_removed AFTER DELETE ON memories
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_dictionaries_removed();
CREATE TRIGGER memories_dictionaries_changed AFTER UPDATE OF status, content, name ON memories
    FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name)
                       OR (OLD.status = 'active') IS DISTINCT FROM (NEW.status = 'active')
                       OR (NEW.status = 'active' AND OLD.tsv IS DISTINCT FROM NEW.tsv))
    EXECUTE FUNCTION engram_memory_dictionaries_changed();
