-- Profiles (what is known about the user, by category and key, with its validity), feedback,
-- hierarchical memory (storylines of an entity's sources, macros of storylines) and artifacts.

CREATE TABLE profiles (
    id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id            text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    category           text NOT NULL CHECK (length(category) BETWEEN 1 AND 64),
    key                text NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
    value              text NOT NULL,
    confidence         real NOT NULL DEFAULT 0.5 CHECK (confidence BETWEEN 0 AND 1),
    source_memory_ids  uuid[] NOT NULL DEFAULT '{}',
    sensitivity_level  text NOT NULL DEFAULT 'normal' CHECK (sensitivity_level IN ('normal', 'sensitive', 'private')),
    valid_from         timestamptz NOT NULL DEFAULT now(),
    valid_to           timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE UNIQUE INDEX profiles_current_uq ON profiles (user_id, category, key) WHERE valid_to IS NULL;
CREATE TRIGGER profiles_touch BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

-- Feedback on an entity note (approve, reject, edit, comment) and on a recall (was it helpful, what
-- should it have said).
CREATE TABLE feedback (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind           text NOT NULL CHECK (kind IN ('note', 'recall')),
    action         text CHECK (action IN ('approve', 'reject', 'edit', 'comment')),
    memory_id      uuid REFERENCES memories(id) ON DELETE SET NULL,
    note_id        uuid REFERENCES entity_notes(id) ON DELETE SET NULL,
    query          text,
    memory_ids     uuid[] NOT NULL DEFAULT '{}',
    helpful        boolean,
    correction     text,
    comment        text,
    new_content    text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CHECK (kind <> 'note' OR action IS NOT NULL)
);
CREATE INDEX feedback_user_idx ON feedback (user_id, created_at DESC);
CREATE INDEX feedback_memory_idx ON feedback (memory_id) WHERE memory_id IS NOT NULL;

CREATE TABLE storylines (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id           text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    team_id           uuid REFERENCES teams(id) ON DELETE SET NULL,
    anchor_entity_id  uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    name              text NOT NULL,
    description       text,
    embedding         vector(1536),
    embedding_model   text,
    is_dirty          boolean NOT NULL DEFAULT true,
    source_count      integer NOT NULL DEFAULT 0,
    started_at        timestamptz,
    last_source_at    timestamptz,
    salience          real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    state             text NOT NULL DEFAULT 'candidate' CHECK (state IN ('candidate', 'active', 'core', 'archived')),
    ttl_policy        text NOT NULL DEFAULT 'decay' CHECK (ttl_policy IN ('keep_forever', 'decay', 'ephemeral')),
    access_count      integer NOT NULL DEFAULT 0,
    recall_frequency  integer NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, anchor_entity_id)
);
CREATE INDEX storylines_embedding_hnsw ON storylines USING hnsw (embedding vector_cosine_ops);

CREATE TABLE storyline_sources (
    storyline_id  uuid NOT NULL REFERENCES storylines(id) ON DELETE CASCADE,
    source_id     uuid NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (storyline_id, source_id)
);

CREATE TABLE macros (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id             text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    team_id             uuid REFERENCES teams(id) ON DELETE SET NULL,
    anchor_entity_id    uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    name                text NOT NULL,
    description         text,
    embedding           vector(1536),
    embedding_model     text,
    is_dirty            boolean NOT NULL DEFAULT true,
    storyline_count     integer NOT NULL DEFAULT 0,
    total_source_count  integer NOT NULL DEFAULT 0,
    started_at          timestamptz,
    last_event_at       timestamptz,
    salience            real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    state               text NOT NULL DEFAULT 'candidate' CHECK (state IN ('candidate', 'active', 'core', 'archived')),
    ttl_policy          text NOT NULL DEFAULT 'decay' CHECK (ttl_policy IN ('keep_forever', 'decay', 'ephemeral')),
    access_count        integer NOT NULL DEFAULT 0,
    recall_frequency    integer NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, anchor_entity_id)
);

CREATE TABLE macro_storylines (
    macro_id      uuid NOT NULL REFERENCES macros(id) ON DELETE CASCADE,
    storyline_id  uuid NOT NULL REFERENCES storylines(id) ON DELETE CASCADE,
    user_id       text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (macro_id, storyline_id)
);

-- What a source produced (a document, a summary, a plan): kept beside the source it came from.
CREATE TABLE artifacts (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    team_id        uuid REFERENCES teams(id) ON DELETE SET NULL,
    source_id      uuid REFERENCES sources(id) ON DELETE SET NULL,
    artifact_type  text NOT NULL,
    title          text,
    content        text NOT NULL DEFAULT '',
    sensitivity    text NOT NULL DEFAULT 'normal' CHECK (sensitivity IN ('low', 'normal', 'high')),
    ttl_policy     text NOT NULL DEFAULT 'decay' CHECK (ttl_policy IN ('keep_forever', 'decay', 'ephemeral')),
    embedding      vector(1536),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX artifacts_source_idx ON artifacts (source_id) WHERE source_id IS NOT NULL;
