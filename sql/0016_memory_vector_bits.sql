-- Per-user nearest-memory search without HNSW (engram/db/repositories/vector_index.py).
--
-- One table holds every user's memories; a search only ever wants the nearest among one user's rows. HNSW
-- indexes the whole table: under a filter that keeps one user's rows it scans deep and still misses, and
-- the exact scan it falls back to reads each row's full vector out of line (TOAST). Instead each memory
-- carries a compact copy of its vector: which dimensions are positive, then which are negative (two bits
-- per dimension, pgvector's binary_quantize of the vector and of its negation), computed by the database
-- from the vector itself so it is never stale, whatever writes the row. A search ranks the user's copies
-- by Jaccard distance (`<%>`), read from the btree below without visiting the table (an index-only
-- scan), and re-scores the best candidates with the full vectors. Both signs and Jaccard rather than one
-- sign and Hamming: the offline hash embedder's vectors are sparse (most dimensions 0), and a single sign
-- plane compared by Hamming ranks short texts near everything; for dense vectors the two rank alike.
-- `bit varying`: the copy has twice as many bits as the vector has dimensions, whatever that is
-- (`v - v - v` is -v at any dimension).
ALTER TABLE memories ADD COLUMN embedding_bits bit varying
    GENERATED ALWAYS AS (binary_quantize(embedding)::bit varying
                         || binary_quantize(embedding - embedding - embedding)::bit varying) STORED;

-- A user's memories by status, with what the default search visibility reads and the compact vector:
-- ranking a user's rows by Jaccard distance under that visibility needs no table access. It replaces
-- the plain (user_id, status) btree of the same name, whose lookups it serves as well.
DROP INDEX memories_user_status_idx;
CREATE INDEX memories_user_status_idx ON memories (user_id, status)
    INCLUDE (id, is_historical, sensitivity_level, expires_at, effective_from, embedding_bits);

-- Nothing orders memories by full-precision distance over the whole table any more; the HNSW graph
-- only cost every write an insertion.
DROP INDEX memories_embedding_hnsw;

-- The ranking above reads no table row only where the visibility map says the page is all-visible; every
-- search's access update (a HOT update) clears that for the pages of what it returned, and only a vacuum
-- sets it again. Vacuum after 2% of the rows changed or were added, not the default 20%.
ALTER TABLE memories SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
