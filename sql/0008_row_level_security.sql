-- Row-level security on every user-data table: the second line of defence behind every query's own
-- `WHERE user_id`. Each user-data transaction runs as engram_app with app.user_id set
-- (engram.db.connection); with app.user_id unset, no row is visible and no row can be written. Not
-- FORCEd: system work (migrations, the job worker's claim, schedule fan-out, the dictionaries'
-- triggers) runs as the owning login role on purpose.

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY[
        'memories', 'memory_versions', 'memory_relations', 'memory_jobs', 'memory_operations',
        'memory_preferences', 'conversation_state', 'entities', 'relationships', 'entity_notes',
        'memory_entities', 'source_mentions', 'sentiment_history', 'timeline_events', 'profiles',
        'feedback', 'storylines', 'storyline_sources', 'macros', 'macro_storylines', 'artifacts']
    LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format(
            'CREATE POLICY %I ON %I USING (user_id = engram_current_user()) '
            'WITH CHECK (user_id = engram_current_user())', t || '_owner', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO engram_app', t);
    END LOOP;
END
$$;

-- Users: each user sees and writes only their own row.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
CREATE POLICY users_self ON users USING (id = engram_current_user()) WITH CHECK (id = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON users TO engram_app;

-- Sources: your own, plus team sources of teams you belong to (read only for the latter).
ALTER TABLE sources ENABLE ROW LEVEL SECURITY;
CREATE POLICY sources_owner ON sources
    USING (user_id = engram_current_user()) WITH CHECK (user_id = engram_current_user());
CREATE POLICY sources_team_read ON sources FOR SELECT
    USING (team_id IS NOT NULL AND engram_is_team_member(team_id));
GRANT SELECT, INSERT, UPDATE, DELETE ON sources TO engram_app;

-- Teams: visible to members; created by anyone (as themselves).
ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
CREATE POLICY teams_member_read ON teams FOR SELECT USING (engram_is_team_member(id));
CREATE POLICY teams_creator ON teams USING (created_by = engram_current_user())
    WITH CHECK (created_by = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON teams TO engram_app;

ALTER TABLE team_members ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_members_read ON team_members FOR SELECT USING (engram_is_team_member(team_id));
CREATE POLICY team_members_self ON team_members USING (user_id = engram_current_user())
    WITH CHECK (user_id = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON team_members TO engram_app;

-- The search dictionaries: the app role reads them (search) and deletes them only when forgetting a
-- user; the triggers on memories write them.
ALTER TABLE memory_names ENABLE ROW LEVEL SECURITY;
CREATE POLICY memory_names_owner ON memory_names USING (user_id = engram_current_user())
    WITH CHECK (user_id = engram_current_user());
GRANT SELECT, DELETE ON memory_names TO engram_app;

ALTER TABLE memory_terms ENABLE ROW LEVEL SECURITY;
CREATE POLICY memory_terms_owner ON memory_terms USING (user_id = engram_current_user())
    WITH CHECK (user_id = engram_current_user());
GRANT SELECT, DELETE ON memory_terms TO engram_app;

GRANT EXECUTE ON FUNCTION engram_current_user() TO engram_app;
GRANT EXECUTE ON FUNCTION engram_is_team_member(uuid) TO engram_app;
