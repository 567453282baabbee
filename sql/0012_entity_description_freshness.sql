-- An entity's description is derived from what the node is (name, kind, type, relationship) and from
-- its memories and notes (engram/graph/descriptions.py). Every change of that material marks the node
-- `description_stale` in the same transaction, and any read that shows nodes rebuilds the stale ones
-- first, so a description is never older than the memories. `is_dirty` keeps its own meaning (a note
-- was added, a merge or a rename touched the node): with a model configured, the nightly job writes
-- those descriptions again from the same material.
-- New nodes start stale (described at their first read); so does every node that exists today.

ALTER TABLE entities ADD COLUMN description_stale boolean NOT NULL DEFAULT true;
CREATE INDEX entities_description_stale_idx ON entities (user_id)
    WHERE description_stale AND merged_into IS NULL;

-- The node itself: a new name (a correction, a merge), relationship, type or kind, or a note or merge
-- that set `is_dirty`.
CREATE FUNCTION engram_entity_describe_again() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.description_stale := true;
    RETURN NEW;
END
$$;

CREATE TRIGGER entities_description_stale
    BEFORE UPDATE OF name, kind, entity_type, relationship, is_owner, is_dirty ON entities
    FOR EACH ROW
    WHEN (NOT NEW.description_stale AND (
        NEW.name IS DISTINCT FROM OLD.name OR NEW.kind IS DISTINCT FROM OLD.kind
        OR NEW.entity_type IS DISTINCT FROM OLD.entity_type
        OR NEW.relationship IS DISTINCT FROM OLD.relationship OR NEW.is_owner IS DISTINCT FROM OLD.is_owner
        OR (NEW.is_dirty AND NOT OLD.is_dirty)))
    EXECUTE FUNCTION engram_entity_describe_again();

-- Links between memories and nodes, and notes on nodes, added, moved or removed (a delete of a memory or
-- of a note cascades here). Set work over the statement's rows: a forget of a thousand memories is one
-- update of their nodes.
CREATE FUNCTION engram_describe_linked_entities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE entities e SET description_stale = true
        FROM (SELECT DISTINCT entity_id FROM changed_new WHERE entity_id IS NOT NULL) c
        WHERE e.id = c.entity_id AND NOT e.description_stale;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE entities e SET description_stale = true
        FROM (SELECT DISTINCT entity_id FROM changed_old WHERE entity_id IS NOT NULL) c
        WHERE e.id = c.entity_id AND NOT e.description_stale;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER memory_entities_described_insert AFTER INSERT ON memory_entities
    REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION engram_describe_linked_entities();
CREATE TRIGGER memory_entities_described_update AFTER UPDATE ON memory_entities
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION engram_describe_linked_entities();
CREATE TRIGGER memory_entities_described_delete AFTER DELETE ON memory_entities
    REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION engram_describe_linked_entities();
CREATE TRIGGER entity_notes_described_insert AFTER INSERT ON entity_notes
    REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION engram_describe_linked_entities();
CREATE TRIGGER entity_notes_described_update AFTER UPDATE ON entity_notes
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION engram_describe_linked_entities();
CREATE TRIGGER entity_notes_described_delete AFTER DELETE ON entity_notes
    REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION engram_describe_linked_entities();

-- A linked memory changed what a description reads of it: whether it is usable (status, sensitivity,
-- expiry), its text, or its rank among the node's memories (confidence, mentions, dates). Search's
-- access counters and the nightly decay touch none of these.
CREATE FUNCTION engram_describe_entities_of_memory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE entities e SET description_stale = true
    FROM memory_entities me
    WHERE me.memory_id = NEW.id AND e.id = me.entity_id AND NOT e.description_stale;
    RETURN NULL;
END
$$;

CREATE TRIGGER memories_entity_descriptions
    AFTER UPDATE OF status, content, sensitivity_level, expires_at, confidence, mention_count, event_date,
        document_date ON memories
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.content IS DISTINCT FROM NEW.content
        OR OLD.sensitivity_level IS DISTINCT FROM NEW.sensitivity_level
        OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.confidence IS DISTINCT FROM NEW.confidence
        OR OLD.mention_count IS DISTINCT FROM NEW.mention_count
        OR OLD.event_date IS DISTINCT FROM NEW.event_date OR OLD.document_date IS DISTINCT FROM NEW.document_date)
    EXECUTE FUNCTION engram_describe_entities_of_memory();
