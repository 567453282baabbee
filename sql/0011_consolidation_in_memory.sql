-- Consolidation no longer searches through an index self-join (sql/0009): one HNSW lookup per memory
-- took 165 s for 100,000 memories. It reads the user's vectors once and searches them in memory
-- (engram.lifecycle.near_duplicates), so the sign-bit index only cost every insert a second HNSW
-- insertion.
DROP INDEX IF EXISTS memories_embedding_bq_hnsw;
