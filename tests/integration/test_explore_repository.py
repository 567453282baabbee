"""Explore against a real Postgres: the gather/expand/access statements and the service on top of them.

Nodes, edges, sources and notes are written through the real repositories. Storylines and macros have no
writer yet (the hierarchy job will fill them), so `_storyline`/`_macro` insert the rows that job would.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from engram.db.repositories import entities as entities_repo
from engram.db.repositories import explore as repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo
from engram.db.repositories.search_visibility import SearchFilters, visibility_params
from engram.db.repositories.sources import insert_source
from engram.providers.factory import get_embedder
from engram.retrieval.explore import explore
from engram.retrieval.explore_models import ExploreRequest
from engram.retrieval.explore_text import like_pattern, text_score, word_regex
from engram.retrieval.explore_view import cap_notes
from tests.memory_factory import add_memories

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)


def _params(user_id: str, ceiling: str = "normal") -> dict[str, Any]:
    return visibility_params(user_id, SearchFilters(now=NOW, sensitivity_max=ceiling))


def _terms(*terms: str, **kw: Any) -> repo.GatherInput:
    return repo.GatherInput(
        terms=list(terms),
        patterns=[like_pattern(t) for t in terms],
        regexes=[word_regex(t) for t in terms],
        **kw,
    )


def _person(conn: Any, user_id: str, name: str, kind: str = "person") -> UUID:
    return graph_repo.upsert_entity(
        conn,
        user_id,
        name=name,
        canonical=name.lower(),
        kind=kind,
        entity_type=kind,
        at=NOW - timedelta(days=3),
    )


def _source(conn: Any, user_id: str, content: str, days_ago: int, *mentions: UUID) -> UUID:
    at = NOW - timedelta(days=days_ago)
    row, _ = insert_source(conn, user_id, {"content": content, "document_date": at, "started_at": at})
    graph_repo.link_source(conn, user_id, row["id"], list(mentions))
    return row["id"]


def _storyline(conn: Any, user_id: str, anchor: UUID, name: str, description: str, *sources: UUID) -> UUID:
    row = conn.execute(
        """INSERT INTO storylines (user_id, anchor_entity_id, name, description, source_count, started_at,
                                   last_source_at)
           VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING id""",
        (user_id, anchor, name, description, len(sources), NOW - timedelta(days=30), NOW - timedelta(days=1)),
    ).fetchone()
    for source_id in sources:
        conn.execute(
            "INSERT INTO storyline_sources (storyline_id, source_id, user_id) VALUES (%s, %s, %s)",
            (row["id"], source_id, user_id),
        )
    return row["id"]


def _macro(conn: Any, user_id: str, anchor: UUID, name: str, *storylines: UUID) -> UUID:
    row = conn.execute(
        """INSERT INTO macros (user_id, anchor_entity_id, name, description, storyline_count,
                               total_source_count, started_at, last_event_at)
           VALUES (%s, %s, %s, 'Months of building a company together.', %s, 3, %s, %s) RETURNING id""",
        (user_id, anchor, name, len(storylines), NOW - timedelta(days=60), NOW - timedelta(days=1)),
    ).fetchone()
    for storyline_id in storylines:
        conn.execute(
            "INSERT INTO macro_storylines (macro_id, storyline_id, user_id) VALUES (%s, %s, %s)",
            (row["id"], storyline_id, user_id),
        )
    return row["id"]


# --- text scoring ------------------------------------------------------------------------------------------


def test_text_scores_are_exact_inside_a_word_or_near_spellings():
    assert text_score("andrew", ["Andrew"]) == 1.0
    assert text_score("andrew", ["Andrew Smith"]) == 1.0
    assert text_score("works at", ["works_at"]) == 1.0
    assert text_score("andrew", [], ["I had a fight with Andrew."]) == 1.0
    assert text_score("ann", ["Joanna"]) == 0.8
    assert 0.85 <= text_score("andrw", ["Andrew"]) <= 0.9
    assert text_score("emma", ["Marcus"]) == 0.0
    assert text_score("50%_off", [], ["a 50%_off sale"]) == 1.0


def test_notes_are_capped_at_5000_characters_in_total():
    assert sum(len(n) for n in cap_notes(["x" * 500] * 12)) == 5000


# --- gather ------------------------------------------------------------------------------------------------


def test_relationship_filters_remove_edges_before_they_are_candidates(db, user_id):
    with db.user_transaction(user_id) as conn:
        dana, eli = _person(conn, user_id, "Dana"), _person(conn, user_id, "Eli")
        owner = rel_repo.ensure_owner(conn, user_id, at=NOW)
        common = {"kind": "has_relationship_with", "valid_from": NOW, "recorded_at": NOW}
        friend = rel_repo.upsert_edge(
            conn,
            user_id,
            from_entity_id=owner,
            to_entity_id=dana,
            relationship_type="friend",
            attitude=5,
            **common,
        )
        rival = rel_repo.upsert_edge(
            conn,
            user_id,
            from_entity_id=owner,
            to_entity_id=eli,
            relationship_type="rival",
            attitude=1,
            **common,
        )
        allowed = repo.RelationshipFilter(min_attitude=3, exclude_types=["colleague"])
        found = repo.gather(conn, _params(user_id), _terms("friend", "rival", relationship_filter=allowed))
        touching = repo.expand(
            conn, _params(user_id), node_ids=[dana, eli], relationship_ids=[], source_ids=[],
            storyline_ids=[], macro_ids=[], artifact_ids=[], relationship_filter=allowed,
        )  # fmt: skip
        unfiltered = repo.gather(conn, _params(user_id), _terms("friend", "rival"))

    assert [r["id"] for r in found["relationship"]] == [str(friend["id"])]
    assert [e["id"] for e in touching["edge"]] == [str(friend["id"])]
    assert {r["id"] for r in unfiltered["relationship"]} == {str(friend["id"]), str(rival["id"])}


def test_entities_and_sources_behind_sensitive_memories_are_hidden_below_the_ceiling(db, user_id):
    with db.user_transaction(user_id) as conn:
        condition = _person(conn, user_id, "Diabetes", kind="concept")
        note = _source(conn, user_id, "Diagnosed with diabetes today", 1, condition)
    [memory] = add_memories(
        db, user_id, "I was diagnosed with diabetes", sensitivity_level="sensitive", source_id=note
    )
    with db.user_transaction(user_id) as conn:
        graph_repo.link_memory(conn, user_id, memory["id"], [(condition, "subject")])
        hidden = repo.gather(conn, _params(user_id), _terms("diabetes"))
        shown = repo.gather(conn, _params(user_id, "sensitive"), _terms("diabetes"))

    assert hidden["entity"] == [] and hidden["source"] == []
    assert [e["name"] for e in shown["entity"]] == ["Diabetes"]
    assert [s["id"] for s in shown["source"]] == [str(note)]
    assert shown["source"][0]["word_terms"] == ["diabetes"]


def test_sources_inherit_the_similarity_of_the_memories_taken_from_them(db, user_id):
    with db.user_transaction(user_id) as conn:
        climbing = _source(conn, user_id, "Long day at the crag", 2)
        taxes = _source(conn, user_id, "Sorted the paperwork", 2)
    add_memories(db, user_id, "I went rock climbing at the crag", source_id=climbing)
    add_memories(db, user_id, "I filed my tax return", source_id=taxes)
    embedding = get_embedder().embed_one("rock climbing")
    with db.user_transaction(user_id) as conn:
        found = repo.gather(
            conn, _params(user_id), repo.GatherInput(embeddings=[embedding], thresholds=[0.3])
        )

    assert [s["id"] for s in found["source"]] == [str(climbing)]
    assert found["source"][0]["sims"]["0"] >= 0.3


# --- expand ------------------------------------------------------------------------------------------------


def test_notes_snippets_are_live_newest_first_ten_at_most_and_cut(db, user_id):
    with db.user_transaction(user_id) as conn:
        dana = _person(conn, user_id, "Dana")
        for i in range(12):
            entities_repo.add_note(
                conn, user_id, entity_id=dana, content=f"note {i} " + "x" * 600, added_by="me",
                at=NOW - timedelta(days=30, hours=12 - i),
            )  # fmt: skip
        entities_repo.add_note(
            conn, user_id, entity_id=dana, content="live for a week", added_by="me", lifetime="week",
            at=NOW - timedelta(minutes=30),
        )  # fmt: skip
        # Newer than the twelve, so only its expiry keeps it out.
        entities_repo.add_note(
            conn, user_id, entity_id=dana, content="old and gone", added_by="me", lifetime="week",
            at=NOW - timedelta(days=10),
        )  # fmt: skip
        details = repo.expand(
            conn, _params(user_id), node_ids=[dana], relationship_ids=[], source_ids=[], storyline_ids=[],
            macro_ids=[], artifact_ids=[], relationship_filter=repo.RelationshipFilter(),
        )  # fmt: skip

    [notes] = [d["notes"] for d in details["node_notes"]]
    assert len(notes) == 10 and all(len(n) == 500 for n in notes[1:])
    assert notes[0] == "live for a week" and notes[1].startswith("note 11 ")
    assert "old and gone" not in notes


# --- access ------------------------------------------------------------------------------------------------


def test_access_strengthens_more_after_a_longer_gap(db, user_id):
    with db.user_transaction(user_id) as conn:
        fresh, stale = _person(conn, user_id, "Fresh"), _person(conn, user_id, "Stale")
        story = _storyline(conn, user_id, fresh, "Fresh start", "A new chapter.")
        repo.record_access(conn, user_id, NOW - timedelta(days=30), entity_ids=[stale])
        repo.record_access(conn, user_id, NOW - timedelta(hours=1), entity_ids=[fresh])
        repo.record_access(conn, user_id, NOW, entity_ids=[fresh, stale], storyline_ids=[story])
        rows = {
            r["name"]: r
            for r in conn.execute(
                "SELECT name, salience, access_count, recall_frequency, last_recall_interval, state, "
                "last_accessed_at FROM entities WHERE user_id = %s AND NOT is_owner",
                (user_id,),
            ).fetchall()
        }
        storyline = conn.execute(
            "SELECT access_count, salience FROM storylines WHERE id = %s", (story,)
        ).fetchone()

    assert rows["Fresh"]["access_count"] == rows["Stale"]["access_count"] == 2
    assert rows["Stale"]["last_recall_interval"] == 30 and rows["Stale"]["state"] == "active"
    assert rows["Stale"]["salience"] > rows["Fresh"]["salience"]
    assert rows["Fresh"]["last_accessed_at"] == NOW
    assert storyline["access_count"] == 1 and storyline["salience"] > 0.5


# --- the service with storylines and macros ----------------------------------------------------------------


def _company(db: Any, user_id: str) -> dict[str, UUID]:
    with db.user_transaction(user_id) as conn:
        andrew, acme = _person(conn, user_id, "Andrew"), _person(conn, user_id, "Acme", kind="entity")
        fundraising = _person(conn, user_id, "fundraising", kind="concept")
        first = _source(
            conn, user_id, "Andrew and I pitched Acme to two investors.", 20, andrew, acme, fundraising
        )
        second = _source(conn, user_id, "Andrew rewrote the deck overnight.", 5, andrew)
        unrelated = _source(conn, user_id, "Andrew recommended a climbing gym.", 3, andrew)
        story = _storyline(
            conn,
            user_id,
            andrew,
            "Building Acme with Andrew",
            "Pitching investors. Rewriting the deck.",
            first,
            second,
        )
        macro = _macro(conn, user_id, andrew, "The Acme years", story)
    return {
        "andrew": andrew,
        "first": first,
        "second": second,
        "unrelated": unrelated,
        "story": story,
        "macro": macro,
    }


def _explore(user_id: str, **body: Any) -> dict[str, Any]:
    return explore(user_id, ExploreRequest.model_validate(body), now=NOW)


def test_micro_granularity_shows_sources_with_their_storyline_and_macro(db, user_id):
    ids = _company(db, user_id)

    body = _explore(user_id, text_matches=["andrew"], granularity=1)

    sources = {s["entity_key"]: s for s in body["episodic"]["sources"]}
    assert set(sources) == {str(ids["first"]), str(ids["second"]), str(ids["unrelated"])}
    pitched = sources[str(ids["first"])]
    assert pitched["storyline_refs"] == [
        {"storyline_id": str(ids["story"]), "name": "Building Acme with Andrew"}
    ]
    assert pitched["macro_refs"] == [{"macro_id": str(ids["macro"]), "name": "The Acme years"}]
    assert {n["name"] for n in pitched["mentioned_nodes"]} == {"Andrew", "Acme", "fundraising"}
    assert body["episodic"]["storylines"] == [
        {"storyline_id": str(ids["story"]), "name": "Building Acme with Andrew"}
    ]
    assert body["episodic"]["macros"] == [{"macro_id": str(ids["macro"]), "name": "The Acme years"}]


def test_meso_granularity_shows_storylines_in_full_and_sources_only_as_their_previews(db, user_id):
    ids = _company(db, user_id)

    body = _explore(user_id, text_matches=["acme"], granularity=2)

    [story] = body["episodic"]["storylines"]
    assert story["storyline_id"] == str(ids["story"]) and story["source_count"] == 2
    assert story["anchor"]["name"] == "Andrew" and story["anchor"]["node_type"] == "Person"
    assert [p["name"] for p in story["top_people"]] == ["Andrew"]
    assert [(e["name"], e["type"]) for e in story["top_entities"]] == [("Acme", "entity")]
    assert [c["name"] for c in story["top_concepts"]] == ["fundraising"]
    assert [p["entity_key"] for p in story["preview_sources"]] == [str(ids["second"]), str(ids["first"])]
    assert body["episodic"]["sources"] == story["preview_sources"]
    assert body["episodic"]["macros"] == [{"macro_id": str(ids["macro"]), "name": "The Acme years"}]
    assert body["semantic"]["people"][0]["name"] == "Andrew"  # the anchor comes first


def test_macro_granularity_shows_macros_with_their_storylines_and_no_sources(db, user_id):
    ids = _company(db, user_id)

    body = _explore(user_id, queries=[{"query": "Acme years"}], text_matches=["acme"], granularity=3)

    [macro] = body["episodic"]["macros"]
    assert macro["macro_id"] == str(ids["macro"]) and macro["anchor"]["name"] == "Andrew"
    assert macro["storylines"][0]["one_liner"] == "Pitching investors."
    assert body["episodic"]["storylines"] == [
        {"storyline_id": str(ids["story"]), "name": "Building Acme with Andrew"}
    ]
    assert body["episodic"]["sources"] == []
    assert body["semantic"]["people"][0]["name"] == "Andrew"


def test_a_storyline_over_a_hidden_source_is_hidden_too(db, user_id):
    ids = _company(db, user_id)
    add_memories(db, user_id, "Andrew's panic attacks before pitches", sensitivity_level="sensitive",
                 source_id=ids["second"])  # fmt: skip

    body = _explore(user_id, text_matches=["acme"], granularity=2)

    assert body["episodic"]["storylines"] == [] and body["episodic"]["macros"] == []
