-- Episodic sources (what a user sent) and the fact store read from them: memories, each memory's
-- earlier versions, and the relations between memories.

CREATE TABLE sources (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id                text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    team_id                uuid REFERENCES teams(id) ON DELETE SET NULL,
    participants           text[] NOT NULL DEFAULT '{}',
    source_type            text NOT NULL DEFAULT 'note' CHECK (length(source_type) BETWEEN 1 AND 64),
    context_type           text CHECK (context_type IN (
                               'work-session', 'team-meeting', 'phone-call', 'personal-reflection',
                               'planning', 'brainstorming', 'email-thread', 'slack-discussion')),
    external_id            text,
    raw_content            jsonb NOT NULL DEFAULT '{}'::jsonb,
    content                text NOT NULL DEFAULT '',
    summary                text,
    keywords               text[] NOT NULL DEFAULT '{}',
    tags                   text[] NOT NULL DEFAULT '{}',
    provenance             jsonb NOT NULL DEFAULT '{}'::jsonb,
    document_date          timestamptz,
    started_at             timestamptz,
    ended_at               timestamptz,
    conversation_id        text,
    processing_status      text NOT NULL DEFAULT 'raw'
                               CHECK (processing_status IN ('raw', 'processed', 'extracted', 'failed')),
    processing_started_at  timestamptz,
    processing_completed_at timestamptz,
    extraction_started_at  timestamptz,
    extraction_completed_at timestamptz,
    attempts               integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error             text,
    idempotency_key        text CHECK (length(idempotency_key) <= 256),
    response               jsonb,
    embedding              vector(1536),
    embedding_model        text,
    salience               real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    state                  text NOT NULL DEFAULT 'candidate' CHECK (state IN ('candidate', 'active', 'core', 'archived')),
    sensitivity            text NOT NULL DEFAULT 'normal' CHECK (sensitivity IN ('low', 'normal', 'high')),
    ttl_policy             text NOT NULL DEFAULT 'decay' CHECK (ttl_policy IN ('keep_forever', 'decay', 'ephemeral')),
    access_count           integer NOT NULL DEFAULT 0,
    last_accessed_at       timestamptz,
    recall_frequency       integer NOT NULL DEFAULT 0,
    last_recall_interval   integer,
    decay_gradient         real NOT NULL DEFAULT 1.0,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now(),
    CHECK (ended_at IS NULL OR started_at IS NULL OR ended_at >= started_at)
);
CREATE UNIQUE INDEX sources_idempotency_key_uq ON sources (user_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX sources_user_created_idx ON sources (user_id, created_at DESC);
CREATE INDEX sources_user_status_idx ON sources (user_id, processing_status);
CREATE INDEX sources_team_idx ON sources (team_id) WHERE team_id IS NOT NULL;
CREATE INDEX sources_conversation_idx ON sources (user_id, conversation_id)
    WHERE conversation_id IS NOT NULL;
CREATE INDEX sources_embedding_hnsw ON sources USING hnsw (embedding vector_cosine_ops);
CREATE TRIGGER sources_touch BEFORE UPDATE ON sources FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

CREATE TABLE memories (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id              text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    content              text NOT NULL CHECK (length(content) BETWEEN 1 AND 10000),
    name                 text,
    memory_type          text NOT NULL DEFAULT 'fact' CHECK (memory_type IN (
                             'entity', 'fact', 'preference', 'event', 'goal', 'procedure', 'decision', 'action')),
    layer                text NOT NULL DEFAULT 'semantic'
                             CHECK (layer IN ('working', 'episodic', 'semantic', 'procedural')),
    category             text,
    entity_type          text,
    relationship         text,
    confidence           real NOT NULL DEFAULT 0.5 CHECK (confidence BETWEEN 0.3 AND 1.0),
    source_type          text NOT NULL DEFAULT 'explicit' CHECK (source_type IN ('explicit', 'inferred')),
    evidence             text CHECK (length(evidence) <= 120),
    importance           text NOT NULL DEFAULT 'medium'
                             CHECK (importance IN ('critical', 'high', 'medium', 'low', 'trivial')),
    importance_score     real NOT NULL DEFAULT 0.5 CHECK (importance_score BETWEEN 0 AND 1),
    sentiment            real CHECK (sentiment BETWEEN -1 AND 1),
    is_historical        boolean NOT NULL DEFAULT false,
    effective_from       timestamptz,
    expires_at           timestamptz,
    recurrence           jsonb,
    document_date        timestamptz,
    event_date           timestamptz,
    valid_from           timestamptz,
    valid_to             timestamptz,
    sensitivity_level    text NOT NULL DEFAULT 'normal' CHECK (sensitivity_level IN ('normal', 'sensitive', 'private')),
    status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded', 'archived')),
    state                text NOT NULL DEFAULT 'candidate' CHECK (state IN ('candidate', 'active', 'core', 'archived')),
    ttl_policy           text NOT NULL DEFAULT 'decay' CHECK (ttl_policy IN ('keep_forever', 'decay', 'ephemeral')),
    salience             real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    recall_frequency     integer NOT NULL DEFAULT 0 CHECK (recall_frequency >= 0),
    last_recall_interval integer,
    decay_gradient       real NOT NULL DEFAULT 1.0 CHECK (decay_gradient > 0),
    version              integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    parent_id            uuid REFERENCES memories(id) ON DELETE SET NULL,
    root_id              uuid,
    supersedes_id        uuid REFERENCES memories(id) ON DELETE SET NULL,
    superseded_by        uuid REFERENCES memories(id) ON DELETE SET NULL,
    mention_count        integer NOT NULL DEFAULT 1 CHECK (mention_count >= 0),
    access_count         integer NOT NULL DEFAULT 0 CHECK (access_count >= 0),
    last_accessed_at     timestamptz,
    last_reinforced_at   timestamptz,
    outcome              text,
    outcome_sentiment    real CHECK (outcome_sentiment BETWEEN -1 AND 1),
    outcome_recorded_at  timestamptz,
    content_hash         text,
    container_tag        text,
    session_id           text,
    source_id            uuid REFERENCES sources(id) ON DELETE SET NULL,
    provenance           jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(provenance) = 'array'),
    metadata             jsonb NOT NULL DEFAULT '{}'::jsonb,
    embedding            vector(1536),
    embedding_model      text,
    tsv                  tsvector GENERATED ALWAYS AS (
                             to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || content)) STORED,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CHECK (expires_at IS NULL OR effective_from IS NULL OR expires_at > effective_from),
    CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from),
    CHECK (superseded_by IS NULL OR superseded_by <> id)
)
-- Search updates a memory's access counters on every read (salience, spacing effect). None of them is
-- indexed, so that update can be HOT (no new entry in any index, HNSW included) when the page has room
-- for the new row version: leave that room. Vectors stay out of line (TOAST): stored inline, a row
-- fills its page and every access update becomes a non-HOT update with an HNSW insertion.
WITH (fillfactor = 85);
-- A user's memories by status: the exact vector scan of a small user reads its active rows through
-- this btree; a large user's nearest neighbours come from the HNSW index below.
CREATE INDEX memories_user_status_idx ON memories (user_id, status);
CREATE INDEX memories_user_type_idx ON memories (user_id, memory_type) WHERE status = 'active';
CREATE INDEX memories_user_created_idx ON memories (user_id, created_at DESC);
CREATE INDEX memories_expires_idx ON memories (expires_at)
    WHERE expires_at IS NOT NULL AND status = 'active';
CREATE INDEX memories_effective_idx ON memories (effective_from)
    WHERE effective_from IS NOT NULL AND status = 'active';
CREATE INDEX memories_event_date_idx ON memories (user_id, event_date) WHERE event_date IS NOT NULL;
CREATE INDEX memories_content_hash_idx ON memories (user_id, content_hash) WHERE status = 'active';
CREATE INDEX memories_root_idx ON memories (root_id) WHERE root_id IS NOT NULL;
CREATE INDEX memories_source_idx ON memories (source_id) WHERE source_id IS NOT NULL;
CREATE INDEX memories_embedding_hnsw ON memories USING hnsw (embedding vector_cosine_ops);
CREATE INDEX memories_tsv_gin ON memories USING gin (tsv);
CREATE INDEX memories_provenance_gin ON memories USING gin (provenance jsonb_path_ops);
-- Contradiction scoping: the update phase always considers the user's active memories about the
-- same subject and attribute (e.g. "Marcus" / "employer"), whatever their embedding similarity.
CREATE INDEX memories_subject_attribute_idx
    ON memories (user_id, lower(metadata->>'subject'), (metadata->>'attribute'))
    WHERE status = 'active' AND metadata ? 'attribute';
-- A user's memories by name, whatever their status: the memories of a name the query mentions
-- (`engram_name_matches`), the candidates that share a new fact's name, and "does any memory of the
-- user still carry this name?" when a memory is deleted (`engram_memory_names_prune`). Names are
-- compared by similarity through the per-user dictionary `memory_names`, not through this table.
CREATE INDEX memories_user_name_idx ON memories (user_id, lower(name)) WHERE name IS NOT NULL;
CREATE TRIGGER memories_touch BEFORE UPDATE ON memories FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

-- Every UPDATE keeps the previous content retrievable (GET /v1/memories/{id}/history).
CREATE TABLE memory_versions (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    memory_id   uuid NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    version     integer NOT NULL CHECK (version >= 1),
    content     text NOT NULL,
    snapshot    jsonb NOT NULL DEFAULT '{}'::jsonb,
    operation   text NOT NULL CHECK (operation IN ('ADD', 'UPDATE', 'EDIT', 'CONSOLIDATE', 'REINFORCE', 'FEEDBACK')),
    strategy    text CHECK (strategy IN ('replace', 'append', 'supersede', 'merge', 'edit')),
    changed_by  text NOT NULL DEFAULT 'system',
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (memory_id, version)
);
CREATE INDEX memory_versions_user_idx ON memory_versions (user_id, created_at DESC);

CREATE TABLE memory_relations (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    source_id      uuid NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    target_id      uuid NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    relation_type  text NOT NULL CHECK (relation_type IN ('updates', 'extends', 'derives', 'contradicts', 'supersedes')),
    confidence     real NOT NULL DEFAULT 1.0 CHECK (confidence BETWEEN 0 AND 1),
    evidence       text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CHECK (source_id <> target_id),
    UNIQUE (source_id, target_id, relation_type)
);
CREATE INDEX memory_relations_target_idx ON memory_relations (target_id);
CREATE INDEX memory_relations_user_idx ON memory_relations (user_id);
