-- The personal knowledge graph in Postgres: entity nodes, relationship edges (bi-temporal), notes,
-- links from memories and sources, sentiment history and timeline events.

CREATE TABLE entities (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id               text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_by            text,
    kind                  text NOT NULL CHECK (kind IN ('person', 'concept', 'entity')),
    entity_type           text NOT NULL DEFAULT '',
    name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
    canonical_name        text NOT NULL CHECK (length(canonical_name) BETWEEN 1 AND 300),
    aliases               text[] NOT NULL DEFAULT '{}',
    description           text,
    is_owner              boolean NOT NULL DEFAULT false,
    relationship          text,
    sentiment_average     real CHECK (sentiment_average BETWEEN -1 AND 1),
    mention_count         integer NOT NULL DEFAULT 0 CHECK (mention_count >= 0),
    first_mentioned_at    timestamptz,
    last_mentioned_at     timestamptz,
    source_count          integer NOT NULL DEFAULT 0 CHECK (source_count >= 0),
    distinct_source_days  integer NOT NULL DEFAULT 0 CHECK (distinct_source_days >= 0),
    is_dirty              boolean NOT NULL DEFAULT false,
    confidence            real NOT NULL DEFAULT 0.8 CHECK (confidence BETWEEN 0 AND 1),
    salience              real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    state                 text NOT NULL DEFAULT 'candidate' CHECK (state IN ('candidate', 'active', 'core', 'archived')),
    ttl_policy            text NOT NULL DEFAULT 'decay' CHECK (ttl_policy IN ('keep_forever', 'decay', 'ephemeral')),
    access_count          integer NOT NULL DEFAULT 0,
    last_accessed_at      timestamptz,
    recall_frequency      integer NOT NULL DEFAULT 0,
    last_recall_interval  integer,
    decay_gradient        real NOT NULL DEFAULT 1.0,
    has_storyline         boolean NOT NULL DEFAULT false,
    has_macro             boolean NOT NULL DEFAULT false,
    merged_into           uuid REFERENCES entities(id) ON DELETE SET NULL,
    metadata              jsonb NOT NULL DEFAULT '{}'::jsonb,
    embedding             vector(1536),
    embedding_model       text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, kind, entity_type, canonical_name)
);
CREATE UNIQUE INDEX entities_one_owner_uq ON entities (user_id) WHERE is_owner;
CREATE INDEX entities_user_kind_idx ON entities (user_id, kind, entity_type);
CREATE INDEX entities_name_trgm ON entities USING gin (canonical_name gin_trgm_ops);
CREATE INDEX entities_aliases_gin ON entities USING gin (aliases);
CREATE INDEX entities_embedding_hnsw ON entities USING hnsw (embedding vector_cosine_ops);
CREATE TRIGGER entities_touch BEFORE UPDATE ON entities FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

CREATE TABLE relationships (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id               text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    from_entity_id        uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    to_entity_id          uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    kind                  text NOT NULL CHECK (kind IN (
                              'has_relationship_with', 'engages_with', 'associated_with',
                              'relates_to', 'involves', 'connected_to')),
    relationship_type     text NOT NULL CHECK (length(relationship_type) BETWEEN 1 AND 64),
    description           text,
    strength              real NOT NULL DEFAULT 0.5 CHECK (strength BETWEEN 0 AND 1),
    attitude              smallint NOT NULL DEFAULT 3 CHECK (attitude BETWEEN 1 AND 5),
    proximity             smallint NOT NULL DEFAULT 3 CHECK (proximity BETWEEN 1 AND 5),
    confidence            real NOT NULL DEFAULT 0.8 CHECK (confidence BETWEEN 0 AND 1),
    valid_from            timestamptz NOT NULL DEFAULT now(),
    valid_to              timestamptz,
    recorded_at           timestamptz NOT NULL DEFAULT now(),
    recorded_by           text,
    started_at            timestamptz,
    ended_at              timestamptz,
    is_active             boolean NOT NULL DEFAULT true,
    is_dirty              boolean NOT NULL DEFAULT false,
    salience              real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    state                 text NOT NULL DEFAULT 'candidate' CHECK (state IN ('candidate', 'active', 'core', 'archived')),
    access_count          integer NOT NULL DEFAULT 0,
    last_accessed_at      timestamptz,
    recall_frequency      integer NOT NULL DEFAULT 0,
    last_recall_interval  integer,
    decay_gradient        real NOT NULL DEFAULT 1.0,
    co_mention_count      integer NOT NULL DEFAULT 1,
    evidence_memory_ids   uuid[] NOT NULL DEFAULT '{}',
    metadata              jsonb NOT NULL DEFAULT '{}'::jsonb,
    relation_embedding    vector(1536),
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CHECK (from_entity_id <> to_entity_id),
    CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
-- One currently-valid edge per (from, to, type); closed edges stay as history.
CREATE UNIQUE INDEX relationships_current_uq
    ON relationships (user_id, from_entity_id, to_entity_id, relationship_type) WHERE valid_to IS NULL;
CREATE INDEX relationships_from_idx ON relationships (from_entity_id) WHERE is_active;
CREATE INDEX relationships_to_idx ON relationships (to_entity_id) WHERE is_active;
CREATE INDEX relationships_user_idx ON relationships (user_id, kind, relationship_type);
CREATE INDEX relationships_validity_idx ON relationships (user_id, valid_from, valid_to);
-- Point-in-time graph reads (`as_of`) follow closed edges too, which the `WHERE is_active` indexes
-- above do not hold: without these an as-of traversal of a large graph hash-joins every edge of the user.
CREATE INDEX relationships_user_from_idx ON relationships (user_id, from_entity_id);
CREATE INDEX relationships_user_to_idx ON relationships (user_id, to_entity_id);
CREATE TRIGGER relationships_touch BEFORE UPDATE ON relationships FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

CREATE TABLE entity_notes (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id          text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entity_id        uuid REFERENCES entities(id) ON DELETE CASCADE,
    relationship_id  uuid REFERENCES relationships(id) ON DELETE CASCADE,
    content          text NOT NULL CHECK (length(content) BETWEEN 1 AND 4000),
    added_by         text NOT NULL,
    source_id        uuid REFERENCES sources(id) ON DELETE SET NULL,
    lifetime         text NOT NULL DEFAULT 'forever' CHECK (lifetime IN ('week', 'month', 'year', 'forever')),
    date_added       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz,
    CHECK ((entity_id IS NULL) <> (relationship_id IS NULL))
);
CREATE INDEX entity_notes_entity_idx ON entity_notes (entity_id) WHERE entity_id IS NOT NULL;
CREATE INDEX entity_notes_relationship_idx ON entity_notes (relationship_id)
    WHERE relationship_id IS NOT NULL;
CREATE INDEX entity_notes_expires_idx ON entity_notes (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE memory_entities (
    memory_id     uuid NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    entity_id     uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    mention_type  text NOT NULL DEFAULT 'mention' CHECK (mention_type IN ('subject', 'object', 'mention')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (memory_id, entity_id)
);
CREATE INDEX memory_entities_entity_idx ON memory_entities (entity_id);

CREATE TABLE source_mentions (
    source_id   uuid NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    entity_id   uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source_id, entity_id)
);
CREATE INDEX source_mentions_entity_idx ON source_mentions (entity_id);
-- Insights ("Sarah has been on your mind lately") count recent sources per entity.
CREATE INDEX source_mentions_user_entity_idx ON source_mentions (user_id, entity_id);

CREATE TABLE sentiment_history (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entity_id   uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    memory_id   uuid REFERENCES memories(id) ON DELETE SET NULL,
    sentiment   real NOT NULL CHECK (sentiment BETWEEN -1 AND 1),
    context     text,
    source_id   uuid REFERENCES sources(id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sentiment_history_entity_idx ON sentiment_history (entity_id, created_at DESC);

CREATE TABLE timeline_events (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id      text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    memory_id    uuid REFERENCES memories(id) ON DELETE CASCADE,
    entity_id    uuid REFERENCES entities(id) ON DELETE SET NULL,
    source_id    uuid REFERENCES sources(id) ON DELETE SET NULL,
    event_type   text NOT NULL DEFAULT 'event',
    event_date   timestamptz NOT NULL,
    title        text NOT NULL,
    description  text,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX timeline_events_user_date_idx ON timeline_events (user_id, event_date);
