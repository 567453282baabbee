-- The profile is derived from the memories. Every change of what it reads (a memory added, edited,
-- superseded, archived or deleted; the user's sensitivity ceiling) marks it stale in the same
-- transaction, and the next read of the profile (GET /v1/profile, the export) rebuilds it first: it is
-- never older than the memories, and a burst of writes costs one rebuild, not one per write.

ALTER TABLE users ADD COLUMN profile_stale boolean NOT NULL DEFAULT true;

CREATE FUNCTION engram_mark_profile_stale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    uid text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
    UPDATE users SET profile_stale = true WHERE id = uid AND NOT profile_stale;
    RETURN NULL;
END
$$;

-- Only the columns the profile reads: search's access counters do not make it stale.
CREATE TRIGGER memories_profile_stale
    AFTER INSERT OR DELETE OR UPDATE OF status, content, name, metadata, sensitivity_level, confidence,
        effective_from, event_date, document_date, is_historical, valid_to
    ON memories FOR EACH ROW EXECUTE FUNCTION engram_mark_profile_stale();
CREATE TRIGGER memory_preferences_profile_stale
    AFTER INSERT OR UPDATE OF default_sensitivity_level
    ON memory_preferences FOR EACH ROW EXECUTE FUNCTION engram_mark_profile_stale();
