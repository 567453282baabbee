-- The timeline is derived from the memories whenever it is read (which memories record something that
-- happened: engram/language/happenings.py; the read: engram/db/repositories/timeline.py). A table of
-- events recorded at write time kept a second copy that drifted from the memories after a supersede,
-- an edit or a forget, and missed what the write path did not flag as an event; it goes.
DROP TABLE timeline_events;

-- A user's memories by the day they are on the timeline: the event date, else the effective date, else
-- the note's date, else when it was recorded. The timeline reads a window of it in date order (the id
-- breaks ties and keys the pages); superseded versions are never on the timeline. Written as CASE, not
-- coalesce: under row-level security only leakproof expressions become index conditions, and the
-- planner counts CASE and IS NULL as leakproof but not coalesce.
CREATE INDEX memories_timeline_idx ON memories (
    user_id,
    (CASE WHEN event_date IS NOT NULL THEN event_date WHEN effective_from IS NOT NULL THEN effective_from
          WHEN document_date IS NOT NULL THEN document_date ELSE created_at END),
    id
) WHERE status IN ('active', 'archived');
