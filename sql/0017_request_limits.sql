-- Fairness between users: each user's requests per route class in the current fixed window, and each
-- user's model tokens per UTC day. Both are kept in the database, not in a process, so the limits hold
-- across every Lambda instance and every `engram serve` thread.

-- One row per user and route class (`read`, `write`, `admin`): the window it counts and the requests in
-- it. A request upserts its row (one statement): a new window restarts the count at 1, the current one
-- adds 1. The table stays at users x classes rows however long it runs.
-- UNLOGGED: the counts of the current window are not worth a WAL flush on every request's commit; a
-- crash empties the table, which only forgives the current window. (Aurora keeps unlogged tables through
-- a failover and serves them from the writer only, which is where the gate writes.)
-- `caller`, not `user_id`: this is the gate's bookkeeping, not the user's data. It is neither exported
-- nor counted when the user is forgotten (a second `DELETE /v1/me` still answers zeros although the
-- request itself was counted); it goes with the `users` row.
CREATE UNLOGGED TABLE request_counts (
    caller         text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    route_class    text NOT NULL CHECK (route_class IN ('read', 'write', 'admin')),
    window_start   timestamptz NOT NULL,
    requests       integer NOT NULL CHECK (requests >= 0),
    PRIMARY KEY (caller, route_class)
);

-- Model tokens per user and UTC day, added after every model call made for the user (a request or a
-- job): what the daily token budget is checked against, and a per-user record of model spend.
CREATE TABLE model_token_usage (
    user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day            date NOT NULL,
    input_tokens   bigint NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
    output_tokens  bigint NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
    calls          integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
    PRIMARY KEY (user_id, day)
);

-- Written by the gate and the job runner as the login role (system work, like the worker's claim); the
-- app role may read and delete its own rows (forgetting a user deletes their token usage).
ALTER TABLE request_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE model_token_usage ENABLE ROW LEVEL SECURITY;
CREATE POLICY request_counts_owner ON request_counts
    USING (caller = engram_current_user()) WITH CHECK (caller = engram_current_user());
CREATE POLICY model_token_usage_owner ON model_token_usage
    USING (user_id = engram_current_user()) WITH CHECK (user_id = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON request_counts, model_token_usage TO engram_app;
