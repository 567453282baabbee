-- Teams as the API serves them: settings, ownership held by the `owner` role in team_members (not by
-- who created the team), and row-level security that lets the application role do exactly what each
-- role allows. The service checks the roles itself first and answers 403/404; these policies are the
-- second line of defence behind it.

ALTER TABLE teams ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb
    CONSTRAINT teams_settings_object CHECK (jsonb_typeof(settings) = 'object');

-- The creator is a historical fact: forgetting them keeps the team for its other members.
ALTER TABLE teams ALTER COLUMN created_by DROP NOT NULL;
ALTER TABLE teams DROP CONSTRAINT teams_created_by_fkey,
    ADD CONSTRAINT teams_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL;

CREATE TRIGGER teams_touch BEFORE UPDATE ON teams FOR EACH ROW EXECUTE FUNCTION engram_touch_updated_at();

-- The current user's role in a team, NULL for a non-member. SECURITY DEFINER (like
-- engram_is_team_member) so the policies on team_members can ask it without recursing into themselves.
CREATE FUNCTION engram_team_role(p_team_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT role FROM team_members WHERE team_id = p_team_id AND user_id = engram_current_user()
$$;

-- A team the current user created and nobody belongs to yet: its creator may join it, as its owner.
-- That is how a team gets its first member; every later member is added by an owner or an admin.
CREATE FUNCTION engram_team_unclaimed(p_team_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT EXISTS (
        SELECT 1 FROM teams t
        WHERE t.id = p_team_id AND t.created_by = engram_current_user()
          AND NOT EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = t.id)
    )
$$;

-- An owner or admin may add someone Engram has not seen yet: their `users` row is created here, since
-- the application role reads and writes its own `users` row only. Anyone else creates nothing.
CREATE FUNCTION engram_team_admit_user(p_team_id uuid, p_user_id text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
AS $$
BEGIN
    IF engram_team_role(p_team_id) IN ('owner', 'admin') THEN
        INSERT INTO users (id) VALUES (p_user_id) ON CONFLICT (id) DO NOTHING;
    END IF;
END
$$;

-- Teams: read by members (0008's teams_member_read), created by anyone as themselves, renamed or
-- reconfigured by owners and admins, deleted by owners. Only the name and the settings can change.
DROP POLICY teams_creator ON teams;
CREATE POLICY teams_create ON teams FOR INSERT WITH CHECK (created_by = engram_current_user());
CREATE POLICY teams_manage ON teams FOR UPDATE
    USING (engram_team_role(id) IN ('owner', 'admin'))
    WITH CHECK (engram_team_role(id) IN ('owner', 'admin'));
CREATE POLICY teams_delete ON teams FOR DELETE USING (engram_team_role(id) = 'owner');
REVOKE UPDATE ON teams FROM engram_app;
GRANT UPDATE (name, settings) ON teams TO engram_app;

-- Members: read by the team's members (0008's team_members_read). An owner adds, re-roles and removes
-- anyone; an admin does so for members and admins but never touches an owner's row nor makes an owner;
-- everyone may remove their own row (leave). No one changes anything but a role.
DROP POLICY team_members_self ON team_members;
CREATE POLICY team_members_add ON team_members FOR INSERT WITH CHECK (
    engram_team_role(team_id) = 'owner'
    OR (engram_team_role(team_id) = 'admin' AND role <> 'owner')
    OR (user_id = engram_current_user() AND role = 'owner' AND engram_team_unclaimed(team_id))
);
CREATE POLICY team_members_change ON team_members FOR UPDATE
    USING (engram_team_role(team_id) = 'owner' OR (engram_team_role(team_id) = 'admin' AND role <> 'owner'))
    WITH CHECK (
        engram_team_role(team_id) = 'owner' OR (engram_team_role(team_id) = 'admin' AND role <> 'owner')
    );
CREATE POLICY team_members_remove ON team_members FOR DELETE USING (
    user_id = engram_current_user()
    OR engram_team_role(team_id) = 'owner'
    OR (engram_team_role(team_id) = 'admin' AND role <> 'owner')
);
REVOKE UPDATE ON team_members FROM engram_app;
GRANT UPDATE (role) ON team_members TO engram_app;

GRANT EXECUTE ON FUNCTION engram_team_role(uuid) TO engram_app;
GRANT EXECUTE ON FUNCTION engram_team_unclaimed(uuid) TO engram_app;
GRANT EXECUTE ON FUNCTION engram_team_admit_user(uuid, text) TO engram_app;
