-- A per-user HNSW index for users with many active memories (engram/lifecycle/vector_indexes.py,
-- engram/db/repositories/user_vector_indexes.py; docs/design.md "Vector search").
--
-- The compact-copy scan of sql/0016 is exact but linear in the user's memory count: fast for the long tail
-- of users with hundreds of memories, slow for the few with tens of thousands. Such a user gets an index of
-- their own, built by a `vector_index` job:
--
--     CREATE INDEX CONCURRENTLY <index_name> ON memories USING hnsw
--         (((CASE WHEN vector_dims(embedding) = <dims> THEN embedding END)::halfvec(<dims>)) halfvec_cosine_ops)
--         WHERE user_id = '<user>' AND status = 'active'
--
-- Partial on the user and on active rows, so the planner takes it only for that user's searches of active
-- memories (the predicate is proven from the statement's own `user_id = $1`, planned with its values). The
-- expression is that of sql/0015, at half precision (half the graph, same recall; candidates are re-sorted
-- at full precision): a vector of another dimension (a re-embed switched the user) is NULL in it rather
-- than an error on write. The index is runtime schema of a kind migrations cannot name in advance (one
-- per big user); this table is the record of which exist.
CREATE TABLE user_vector_indexes (
    user_id         text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    index_name      text NOT NULL UNIQUE CHECK (index_name ~ '^memories_uvec_[0-9a-f]{24}$'),
    embedding_model text,
    dims            integer NOT NULL CHECK (dims > 0),
    -- building: CREATE INDEX CONCURRENTLY runs (or died: an old `building` row is retried);
    -- ready: searches use it; dropping: no longer used (the user re-embedded, or fell under the threshold),
    -- the job drops it.
    state           text NOT NULL DEFAULT 'building' CHECK (state IN ('building', 'ready', 'dropping')),
    rows_at_build   integer,
    size_bytes      bigint,
    build_ms        integer,
    created_at      timestamptz NOT NULL DEFAULT now(),
    built_at        timestamptz
);
-- The schedule's set-based look for indexes to build or drop reads the states across users.
CREATE INDEX user_vector_indexes_state_idx ON user_vector_indexes (state, created_at);

-- Searches read their own user's row (the app role, under RLS); the job writes it in the user's
-- transaction; the schedule reads across users as the login role, which owns the table.
ALTER TABLE user_vector_indexes ENABLE ROW LEVEL SECURITY;
CREATE POLICY user_vector_indexes_owner ON user_vector_indexes
    USING (user_id = engram_current_user()) WITH CHECK (user_id = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON user_vector_indexes TO engram_app;

-- What the planner is told a half-precision cosine distance costs. pgvector declares COST 1, but ordering a
-- user's rows by it without the index detoasts each row's 6 KB vector and casts it (measured ~9 us a row:
-- 45 ms for 5,000 rows); with `hnsw.ef_search` 400, which the index's cost estimate grows with, the planner
-- then sorted 5,000-10,000 rows by it (45-90 ms) rather than read the user's index (3-9 ms). At COST 100
-- it takes the index from 5,000 rows (COST 25 did not). Only the per-user index's statements order by a
-- halfvec distance. Needs ownership of the extension's function: where the migration role lacks it, the
-- planner keeps pgvector's estimate (a smaller ENGRAM_VECTOR_INDEX_EF_SEARCH, or a higher threshold, then
-- keeps the index in use).
DO $$
BEGIN
    ALTER FUNCTION cosine_distance(halfvec, halfvec) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'cosine_distance(halfvec, halfvec) keeps its cost: not owned by %', current_user;
END
$$;

-- --- the job type ----------------------------------------------------------------------------------------
ALTER TABLE memory_jobs DROP CONSTRAINT memory_jobs_job_type_check;
ALTER TABLE memory_jobs ADD CONSTRAINT memory_jobs_job_type_check CHECK (job_type IN (
    'extract', 'update', 'consolidate', 'decay', 'cleanup', 'graph_update', 'hierarchy', 'reembed',
    'vector_index'));

-- --- foreign keys that deletes scan ----------------------------------------------------------------------
-- Deleting a memory (hard delete, forget, cleanup of stale observations) sets these references to NULL
-- in the rows that point at it: without an index each deleted memory scanned the whole table (or the
-- whole sentiment history). Partial: most rows point nowhere, and `col = $1` implies `col IS NOT NULL`.
CREATE INDEX IF NOT EXISTS memories_parent_idx ON memories (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS memories_supersedes_idx ON memories (supersedes_id) WHERE supersedes_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS memories_superseded_by_idx ON memories (superseded_by) WHERE superseded_by IS NOT NULL;
CREATE INDEX IF NOT EXISTS sentiment_history_memory_idx ON sentiment_history (memory_id)
    WHERE memory_id IS NOT NULL;
