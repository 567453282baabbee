-- Extensions, tenancy (users, teams) and what every later file relies on: the application role, the
-- current-user helper every row-level security policy compares with, and the `updated_at` trigger.

-- pgvector for embeddings, pg_trgm for name and entity similarity. IF NOT EXISTS: on a managed server
-- an administrator may have created them already.
CREATE EXTENSION IF NOT EXISTS vector;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The role every user-data transaction runs as (SET LOCAL ROLE engram_app). It owns nothing, so
-- row-level security always applies to it, whatever role the connection logged in as. Roles belong to
-- the server, not the database: another database on the same server may have created it already.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_app') THEN
        CREATE ROLE engram_app NOLOGIN;
    END IF;
END
$$;
DO $$
BEGIN
    EXECUTE format('GRANT engram_app TO %I', current_user);
EXCEPTION WHEN others THEN
    -- Already a member (or a superuser, who needs no grant).
    NULL;
END
$$;
GRANT USAGE ON SCHEMA public TO engram_app;

-- The user of the current transaction, as set by the transaction helper (NULL when unset,
-- so a forgotten user matches no row).
CREATE FUNCTION engram_current_user() RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT nullif(current_setting('app.user_id', true), '') $$;

CREATE FUNCTION engram_touch_updated_at() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    NEW.updated_at = now();
    RETURN NEW;
END
$$;

CREATE TABLE users (
    id            text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 128),
    display_name  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_seen_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE teams (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    created_by  text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_members (
    team_id    uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
    joined_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user_idx ON team_members (user_id);

-- Membership check for policies. SECURITY DEFINER so the policy on team_members does not
-- recurse into itself.
CREATE FUNCTION engram_is_team_member(p_team_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT EXISTS (
        SELECT 1 FROM team_members WHERE team_id = p_team_id AND user_id = engram_current_user()
    )
$$;
