-- Background jobs (the truth about async work; SQS only carries the message), the audit trail of
-- every decision, per-user memory preferences and rolling conversation state.

CREATE TABLE memory_jobs (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    job_type       text NOT NULL CHECK (job_type IN (
                       'extract', 'update', 'consolidate', 'decay', 'cleanup', 'graph_update',
                       'summary', 'hierarchy', 'reembed')),
    payload        jsonb NOT NULL DEFAULT '{}'::jsonb,
    status         text NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'cancelled')),
    priority       integer NOT NULL DEFAULT 5 CHECK (priority BETWEEN 1 AND 10),
    attempts       integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    max_attempts   integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
    last_error     text,
    source_id      uuid REFERENCES sources(id) ON DELETE SET NULL,
    depends_on     uuid REFERENCES memory_jobs(id) ON DELETE SET NULL,
    result         jsonb,
    scheduled_for  timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    completed_at   timestamptz,
    locked_until   timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    -- What the job's runs applied, by step name (`fact`, `extract`, `graph_update`, `decay`, `cleanup`).
    -- Jobs are delivered at least once (a worker can die after its writes committed, a lock can expire
    -- under a slow run, SQS can redeliver), so a handler claims its step here in the transaction that
    -- applies its writes and stores what it did before committing: a second run finds the step and
    -- returns that result instead of writing again; a run that died rolled its claim back with its
    -- writes. On the job row rather than in a table of its own: the row exists for every run,
    -- row-level security already confines it, and deleting the job or forgetting the user takes it.
    effects        jsonb
);
-- The local worker's claim query: pending, due, by priority then age.
CREATE INDEX memory_jobs_pending_idx ON memory_jobs (priority, scheduled_for)
    WHERE status = 'pending';
CREATE INDEX memory_jobs_user_idx ON memory_jobs (user_id, created_at DESC);
CREATE INDEX memory_jobs_status_idx ON memory_jobs (status, job_type);
CREATE INDEX memory_jobs_source_idx ON memory_jobs (source_id) WHERE source_id IS NOT NULL;
CREATE INDEX memory_jobs_depends_idx ON memory_jobs (depends_on) WHERE depends_on IS NOT NULL;
CREATE TRIGGER memory_jobs_touch BEFORE UPDATE ON memory_jobs FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

-- No foreign key to memories: the audit row outlives a hard delete (then it keeps only ids).
CREATE TABLE memory_operations (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id              text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    operation            text NOT NULL CHECK (operation IN ('ADD', 'UPDATE', 'DELETE', 'NOOP', 'CONSOLIDATE', 'REINFORCE')),
    memory_id            uuid,
    candidate_fact       jsonb,
    similar_memories     jsonb NOT NULL DEFAULT '[]'::jsonb,
    reasoning            text,
    model                text,
    input_tokens         integer,
    output_tokens        integer,
    merge_strategy       text CHECK (merge_strategy IN ('replace', 'append', 'supersede', 'merge')),
    old_content          text,
    new_content          text,
    old_version          integer,
    new_version          integer,
    hard_delete          boolean NOT NULL DEFAULT false,
    deleted_snapshot     jsonb,
    affected_memory_ids  uuid[] NOT NULL DEFAULT '{}',
    kept_memory_id       uuid,
    job_id               uuid,
    source_id            uuid,
    latency_ms           integer,
    created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memory_operations_user_idx ON memory_operations (user_id, created_at DESC);
CREATE INDEX memory_operations_memory_idx ON memory_operations (memory_id) WHERE memory_id IS NOT NULL;
CREATE INDEX memory_operations_source_idx ON memory_operations (source_id) WHERE source_id IS NOT NULL;
CREATE INDEX memory_operations_type_idx ON memory_operations (operation, created_at DESC);

CREATE TABLE memory_preferences (
    user_id                        text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    custom_instructions            text CHECK (length(custom_instructions) <= 4000),
    enabled_categories             text[] NOT NULL DEFAULT ARRAY[
                                       'entity', 'fact', 'preference', 'event', 'goal', 'procedure', 'decision', 'action'],
    auto_mark_sensitive            text[] NOT NULL DEFAULT ARRAY[
                                       'health', 'medical', 'financial', 'death', 'mental health', 'therapy'],
    never_store                    text[] NOT NULL DEFAULT '{}',
    default_expiry_days            integer CHECK (default_expiry_days IS NULL OR default_expiry_days > 0),
    events_auto_expire             boolean NOT NULL DEFAULT true,
    prefer_recent                  boolean NOT NULL DEFAULT true,
    include_historical_by_default  boolean NOT NULL DEFAULT false,
    default_sensitivity_level      text NOT NULL DEFAULT 'normal'
                                       CHECK (default_sensitivity_level IN ('normal', 'sensitive', 'private')),
    min_confidence                 real NOT NULL DEFAULT 0.6 CHECK (min_confidence BETWEEN 0 AND 1),
    notify_on_consolidation        boolean NOT NULL DEFAULT false,
    notify_on_conflict             boolean NOT NULL DEFAULT true,
    created_at                     timestamptz NOT NULL DEFAULT now(),
    updated_at                     timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER memory_preferences_touch BEFORE UPDATE ON memory_preferences
    FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

CREATE TABLE conversation_state (
    user_id                  text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    conversation_id          text NOT NULL,
    rolling_summary          text NOT NULL DEFAULT '',
    last_processed_message_id text,
    last_processed_at        timestamptz,
    message_count            integer NOT NULL DEFAULT 0,
    recent_messages          jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_at               timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, conversation_id)
);
