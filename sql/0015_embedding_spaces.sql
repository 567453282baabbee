-- Which model and dimension made every stored vector, which one each user is read with, and the vectors
-- a re-embed prepares before the user switches (engram/lifecycle/reembed.py; docs/design.md).
--
-- A vector is only comparable with vectors of the same model and dimension. Each row names its model
-- (`embedding_model`; edges `relation_embedding_model`) and its dimension is its own
-- (`vector_dims(embedding)`): the columns lose their fixed size, so one table holds a user on 1536
-- dimensions beside a user on 384. Each user is read with one model at a time (`users.embedding_*`, the
-- user's embedding space); a write with another one is refused, and the re-embed job switches a user
-- in one transaction once every vector of the user is ready in the new space.

-- --- vectors of any dimension ----------------------------------------------------------------------------
-- An HNSW index needs a fixed dimension: the memories' index holds the vectors of 1536 dimensions (the
-- default), the others are NULL in its expression and left out. The nearest-vector statements order by
-- the same expression (`vector_index.nearest_sql`). An expression rather than a partial index: a
-- predicate on vector_dims() would be estimated to keep 0.5% of a user's rows, and the planner would take
-- the index for every user. Vectors of another size are searched by the exact per-user scan; a
-- deployment that settles on another size adds the same index for it. The other tables' vectors are
-- searched per user, exactly.
DROP INDEX memories_embedding_hnsw;
DROP INDEX sources_embedding_hnsw;
DROP INDEX entities_embedding_hnsw;
DROP INDEX storylines_embedding_hnsw;
ALTER TABLE memories ALTER COLUMN embedding TYPE vector;
ALTER TABLE sources ALTER COLUMN embedding TYPE vector;
ALTER TABLE entities ALTER COLUMN embedding TYPE vector;
ALTER TABLE storylines ALTER COLUMN embedding TYPE vector;
ALTER TABLE macros ALTER COLUMN embedding TYPE vector;
ALTER TABLE artifacts ALTER COLUMN embedding TYPE vector;
ALTER TABLE relationships ALTER COLUMN relation_embedding TYPE vector;
ALTER TABLE relationships ADD COLUMN relation_embedding_model text;
CREATE INDEX memories_embedding_hnsw ON memories
    USING hnsw (((CASE WHEN vector_dims(embedding) = 1536 THEN embedding END)::vector(1536)) vector_cosine_ops);

-- --- the space each user is read with ---------------------------------------------------------------------
-- NULL until the user's first vector: then the configured provider, model and dimension (pinned by
-- `engram.providers.spaces.user_embedder`). Users who already hold vectors are pinned to what made them.
ALTER TABLE users
    ADD COLUMN embedding_provider text,
    ADD COLUMN embedding_model text,
    ADD COLUMN embedding_dim integer CHECK (embedding_dim > 0),
    ADD CHECK ((embedding_provider IS NULL) = (embedding_model IS NULL)
               AND (embedding_model IS NULL) = (embedding_dim IS NULL));

UPDATE users u SET embedding_model = v.model, embedding_dim = v.dim,
                   embedding_provider = CASE
                       WHEN v.model = 'hash-v1' THEN 'hash'
                       WHEN v.model = 'all-MiniLM-L6-v2' THEN 'minilm'
                       WHEN v.model LIKE 'amazon.%' OR v.model LIKE 'cohere.%' THEN 'bedrock'
                       ELSE 'openai' END
FROM (SELECT DISTINCT ON (user_id) user_id, embedding_model AS model, vector_dims(embedding) AS dim
      FROM memories WHERE embedding IS NOT NULL AND embedding_model IS NOT NULL
      GROUP BY user_id, embedding_model, vector_dims(embedding)
      ORDER BY user_id, count(*) DESC) v
WHERE u.id = v.user_id;

-- --- vectors prepared by a re-embed -----------------------------------------------------------------------
-- One row per stored vector re-embedded in the target space while the user is still read with the old
-- one: the job's checkpoint (a killed job continues with the rows not staged yet) and what the switch
-- copies into the rows. A row written again meanwhile loses its staged vector (the trigger below), so the
-- job embeds it again before switching; a row deleted takes its staged vector along.
CREATE TABLE reembed_vectors (
    kind       text NOT NULL CHECK (kind IN ('memories', 'entities', 'storylines', 'macros', 'sources')),
    row_id     uuid NOT NULL,
    user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    model      text NOT NULL,
    embedding  vector NOT NULL,
    PRIMARY KEY (kind, row_id)
);
CREATE INDEX reembed_vectors_user_idx ON reembed_vectors (user_id, kind);
ALTER TABLE reembed_vectors ENABLE ROW LEVEL SECURITY;
CREATE POLICY reembed_vectors_owner ON reembed_vectors
    USING (user_id = engram_current_user()) WITH CHECK (user_id = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON reembed_vectors TO engram_app;

-- --- one space per user, enforced where vectors are written ---------------------------------------------
-- A writer embeds before its transaction, with the space the user had then. If the user switched
-- meanwhile, its vector belongs to the old space: refused as a serialization failure (40001), which the
-- caller retries with the new space. FOR KEY SHARE waits for a switch in progress (it holds the user's
-- row FOR UPDATE) and then reads the space it committed; writers do not block each other (inserts take
-- the same lock for their foreign key anyway).
CREATE FUNCTION engram_check_embedding_space(uid text, model text, vec vector) RETURNS void
    LANGUAGE plpgsql
AS $$
DECLARE
    space record;
BEGIN
    SELECT embedding_model, embedding_dim INTO space FROM users WHERE id = uid FOR KEY SHARE;
    IF space.embedding_model IS NOT NULL
       AND (model IS DISTINCT FROM space.embedding_model OR vector_dims(vec) <> space.embedding_dim) THEN
        RAISE EXCEPTION 'a vector of %/% for a user read with %/%',
            coalesce(model, 'no model'), vector_dims(vec), space.embedding_model, space.embedding_dim
            USING ERRCODE = 'serialization_failure',
                  HINT = 'the user switched embedding model while this write was prepared; retry it';
    END IF;
END
$$;

-- One function for every table with a vector; an edge's vector has columns of its own names, and no
-- staged copy (the switch clears it).
CREATE FUNCTION engram_embedding_written() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_TABLE_NAME = 'relationships' THEN
        IF NEW.relation_embedding IS NOT NULL THEN
            PERFORM engram_check_embedding_space(NEW.user_id, NEW.relation_embedding_model, NEW.relation_embedding);
        END IF;
        RETURN NEW;
    END IF;
    IF TG_OP = 'DELETE' THEN
        DELETE FROM reembed_vectors WHERE kind = TG_TABLE_NAME AND row_id = OLD.id;
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM reembed_vectors WHERE kind = TG_TABLE_NAME AND row_id = NEW.id;
    END IF;
    IF NEW.embedding IS NOT NULL THEN
        PERFORM engram_check_embedding_space(NEW.user_id, NEW.embedding_model, NEW.embedding);
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER memories_embedding_space BEFORE INSERT OR DELETE OR UPDATE OF embedding, embedding_model
    ON memories FOR EACH ROW EXECUTE FUNCTION engram_embedding_written();
CREATE TRIGGER sources_embedding_space BEFORE INSERT OR DELETE OR UPDATE OF embedding, embedding_model
    ON sources FOR EACH ROW EXECUTE FUNCTION engram_embedding_written();
CREATE TRIGGER entities_embedding_space BEFORE INSERT OR DELETE OR UPDATE OF embedding, embedding_model
    ON entities FOR EACH ROW EXECUTE FUNCTION engram_embedding_written();
CREATE TRIGGER storylines_embedding_space BEFORE INSERT OR DELETE OR UPDATE OF embedding, embedding_model
    ON storylines FOR EACH ROW EXECUTE FUNCTION engram_embedding_written();
CREATE TRIGGER macros_embedding_space BEFORE INSERT OR DELETE OR UPDATE OF embedding, embedding_model
    ON macros FOR EACH ROW EXECUTE FUNCTION engram_embedding_written();
CREATE TRIGGER relationships_embedding_space BEFORE INSERT OR UPDATE OF relation_embedding, relation_embedding_model
    ON relationships FOR EACH ROW EXECUTE FUNCTION engram_embedding_written();

-- --- job types -------------------------------------------------------------------------------------------
-- `summary` never had a handler: the summaries (descriptions of nodes, storylines and macros) are written
-- by `hierarchy`.
ALTER TABLE memory_jobs DROP CONSTRAINT memory_jobs_job_type_check;
ALTER TABLE memory_jobs ADD CONSTRAINT memory_jobs_job_type_check CHECK (job_type IN (
    'extract', 'update', 'consolidate', 'decay', 'cleanup', 'graph_update', 'hierarchy', 'reembed'));
