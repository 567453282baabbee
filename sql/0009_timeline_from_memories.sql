-- The timeline is derived from the memories whenever it is read (which memories record something that
-- happened: engram/language/happenings.py; the read: engram/db/repositories/timeline.py). A table of
-- events recorded at write time kept a second copy that drifted from the memories after a supersede,
-- an edit or a forget, and missed what the write path did not flag as an event; it goes.
DROP TABLE timeline_events;

-- A user's memories by the day they are on the timeline: the event date, else the effective date, else
-- the note's date, else when it was recorded. The timeline reads a window of it in date order (the id
-- breaks ties and keys the pages); superseded versions are never on the timeline.
CREATE INDEX memories_timeline_idx ON memories
    (user_id, (coalesce(event_date, effective_from, document_date, created_at)), id)
    WHERE status IN ('active', 'archived');
