-- What a memory's specific words stand for (engram/language/concepts.py: "jazz" -> music, "beagle" -> dog,
-- pet, breed), written with the memory from its own text, and searched with it: a question in general
-- words ("what music do I like?") finds a memory in specific ones. NULL: not derived yet (rows older than
-- this column; the maintenance task `concepts` derives them).
ALTER TABLE memories ADD COLUMN concepts text;

-- The text's words weigh A, the concepts D: a search can tell a word the memory says from a kind it is.
ALTER TABLE memories ALTER COLUMN tsv SET EXPRESSION AS (
    setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || content), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(concepts, '')), 'D'));
