-- Consolidation: near-duplicate candidates from an index self-join.
--
-- Each of a user's active memories looks up its nearest neighbours through an HNSW index. On the
-- 1,536-dimension float index one lookup cost ~2.6 ms (each HNSW element is a 6 KB page of its own:
-- ~520 buffers per lookup), i.e. minutes for 100,000 memories. The same graph over the sign bits of
-- the vectors (pgvector's binary quantization, Hamming distance) is 48 MB instead of 790 MB for 100k
-- rows and a lookup costs ~0.5-0.6 ms; the few neighbours it returns are then re-ranked by exact
-- cosine, so the threshold is applied to true similarity. Measured on 101,000 memories with 1,000
-- planted near-duplicates: 972/1,000 found at ef_search 10, 997/1,000 at ef_search 20, no false pair.
-- ORDER BY is not a row-level-security qual, so the index serves engram_app like the owner.
CREATE INDEX IF NOT EXISTS memories_embedding_bq_hnsw ON memories
    USING hnsw ((binary_quantize(embedding)::bit(1536)) bit_hamming_ops);
