-- What each memory says about the graph: the edges its fact states, with their ends resolved to nodes
-- when the memory was written. Part of the memory (it goes when the memory goes, follows a merge of
-- its nodes), read by nothing but the derivation of `relationships`: an edge's validity, evidence,
-- strength and description are computed from the claims of the memories that state it and those
-- memories' own status and dates, so the graph can always be rebuilt from the memories alone.

CREATE TABLE memory_edge_claims (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id            text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    memory_id          uuid NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    from_entity_id     uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    to_entity_id       uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    kind               text NOT NULL CHECK (kind IN (
                           'has_relationship_with', 'engages_with', 'associated_with',
                           'relates_to', 'involves', 'connected_to')),
    relationship_type  text NOT NULL CHECK (length(relationship_type) BETWEEN 1 AND 64),
    -- the memory says the tie is over ("left Stripe"): it closes, it opens nothing
    ends               boolean NOT NULL DEFAULT false,
    strength           real NOT NULL DEFAULT 0.5 CHECK (strength BETWEEN 0 AND 1),
    attitude           smallint CHECK (attitude BETWEEN 1 AND 5),
    proximity          smallint CHECK (proximity BETWEEN 1 AND 5),
    -- whether the memory's text describes the edge (a tie said in passing does not)
    describes          boolean NOT NULL DEFAULT true,
    CHECK (from_entity_id <> to_entity_id)
);
CREATE INDEX memory_edge_claims_memory_idx ON memory_edge_claims (memory_id);
CREATE INDEX memory_edge_claims_from_idx ON memory_edge_claims (user_id, from_entity_id, relationship_type);
CREATE INDEX memory_edge_claims_to_idx ON memory_edge_claims (user_id, to_entity_id, relationship_type);

ALTER TABLE memory_edge_claims ENABLE ROW LEVEL SECURITY;
CREATE POLICY memory_edge_claims_owner ON memory_edge_claims
    USING (user_id = engram_current_user()) WITH CHECK (user_id = engram_current_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON memory_edge_claims TO engram_app;
