"""Bulk import through the real service and repositories: legacy entities become nodes
and entity memories, facts become memories, re-imports create nothing, secrets never get in, and an
export imports back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from engram.db.connection import Database
from engram.db.repositories.timeline import timeline_window
from engram.graph.descriptions import fresh_descriptions
from engram.lifecycle.account import export_user
from engram.lifecycle.account_models import ImportRequest
from engram.lifecycle.importer import import_records
from engram.providers.factory import get_embedder

SARAH = {
    "name": "Sarah",
    "type": "person",
    "relationship": "sister",
    "context": "Lives in Oslo",
    "mention_count": 7,
    "verified": True,
    "first_mentioned_at": "2023-02-01T10:00:00Z",
    "last_mentioned_at": "2024-06-01T10:00:00Z",
}


class CountingEmbedder:
    """The configured embedder, recording each batch it is asked for (implements `Embedder`)."""

    def __init__(self) -> None:
        self.inner = get_embedder()
        self.name, self.model, self.dimension = self.inner.name, self.inner.model, self.inner.dimension
        self.batches: list[int] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.batches.append(len(texts))
        return self.inner.embed(texts)

    def embed_one(self, text: str) -> np.ndarray:
        self.batches.append(1)
        return self.inner.embed_one(text)


def run(user: str, body: dict[str, Any], **kw: Any):
    return import_records(user, ImportRequest.model_validate(body), **kw)


def memories_of(db: Database, user: str, **where: Any) -> list[dict]:
    clauses = "".join(f" AND {column} = %({column})s" for column in where)
    with db.user_transaction(user) as conn:
        return conn.execute(
            f"SELECT * FROM memories WHERE user_id = %(uid)s{clauses} ORDER BY created_at, content",
            {"uid": user, **where},
        ).fetchall()


def entities_of(db: Database, user: str) -> list[dict]:
    with db.user_transaction(user) as conn:
        return conn.execute(
            "SELECT * FROM entities WHERE user_id = %s AND NOT is_owner ORDER BY name", (user,)
        ).fetchall()


def test_a_legacy_entity_becomes_a_node_and_a_linked_entity_memory(db, user_id) -> None:
    result = run(user_id, {"entities": [SARAH]})

    assert (result.entities.created, result.entities.existing) == (1, 0)
    [memory] = memories_of(db, user_id)
    assert memory["content"] == "Sarah is my sister. Lives in Oslo"
    assert (memory["memory_type"], memory["name"], memory["relationship"]) == ("entity", "Sarah", "sister")
    assert memory["mention_count"] == 7 and memory["confidence"] == 1.0 and memory["version"] == 1
    assert memory["embedding"] is not None and memory["embedding_model"] == get_embedder().model
    # the person, and the city her context says she lives in ("Lives in Oslo" is hers, as analyze reads it)
    node, city = _person_and_place(db, user_id)
    assert (node["name"], node["kind"], node["relationship"]) == ("Sarah", "person", "sister")
    assert city["name"] == "Oslo" and city["kind"] != "person"
    assert node["first_mentioned_at"].isoformat().startswith("2023-02-01")
    assert node["last_mentioned_at"].isoformat().startswith("2024-06-01")
    assert node["metadata"].get("verified") is True
    with db.user_transaction(user_id) as conn:  # what any read showing the node does first
        assert fresh_descriptions(conn, user_id) >= 1
    node, _ = _person_and_place(db, user_id)
    assert node["description"] == "Sarah (sister): Sarah is my sister. Lives in Oslo."
    assert node["mention_count"] == 1  # counters are exact: one memory links to the node
    with db.user_transaction(user_id) as conn:
        links = conn.execute(
            "SELECT entity_id, mention_type FROM memory_entities WHERE memory_id = %s", (memory["id"],)
        ).fetchall()
        versions = conn.execute(
            "SELECT * FROM memory_versions WHERE memory_id = %s", (memory["id"],)
        ).fetchall()
        audit = conn.execute(
            "SELECT operation FROM memory_operations WHERE memory_id = %s", (memory["id"],)
        ).fetchall()
    assert links == [{"entity_id": node["id"], "mention_type": "subject"}]
    assert [v["version"] for v in versions] == [1] and [a["operation"] for a in audit] == ["ADD"]


def test_the_seed_shape_with_details_type_and_metadata_count_is_read_as_the_migration_reads_it(
    db, user_id
) -> None:
    legacy = {
        "id": "9f0c...",
        "user_id": "someone-else",
        "name": "Rex",
        "type": "pet",
        "details": "Golden retriever",
        "metadata": {"mention_count": 4},
        "status": "active",
        "created_at": "2022-05-05T00:00:00Z",
    }

    run(user_id, {"entities": [legacy]})

    [memory] = memories_of(db, user_id)
    assert memory["content"] == "Rex (pet). Golden retriever" and memory["mention_count"] == 4
    assert memory["created_at"].isoformat().startswith("2022-05-05")
    [node] = entities_of(db, user_id)
    assert (node["kind"], node["entity_type"]) == ("entity", "pet")
    assert memories_of(db, "someone-else") == []


def test_importing_the_same_entities_twice_creates_nothing_new(db, user_id) -> None:
    body = {"entities": [SARAH, {"name": "Marcus", "relationship": "coworker"}]}
    run(user_id, body)

    again = run(user_id, body)

    assert (again.entities.created, again.entities.existing) == (0, 2)
    # Sarah, Marcus and Oslo, where Sarah's context says she lives: none twice
    assert len(memories_of(db, user_id)) == 2
    assert sorted(e["name"] for e in entities_of(db, user_id)) == ["Marcus", "Oslo", "Sarah"]


def _person_and_place(db, user_id: str) -> tuple[dict, dict]:
    nodes = entities_of(db, user_id)
    [person] = [n for n in nodes if n["kind"] == "person"]
    [place] = [n for n in nodes if n["kind"] != "person"]
    return person, place


def test_an_entity_the_user_already_mentioned_resolves_to_the_same_node(api, db, user_id) -> None:
    # Given analyze already made a node for Sarah
    api.post("/v1/analyze", {"content": "My sister Sarah lives in Oslo."}, user=user_id)
    before = {e["id"] for e in entities_of(db, user_id) if e["name"] == "Sarah"}

    run(user_id, {"entities": [{**SARAH, "context": "Loves skiing"}]})

    after = {e["id"] for e in entities_of(db, user_id) if e["name"] == "Sarah"}
    assert len(before) == 1 and after == before


def test_a_repeated_entity_in_one_file_is_one_memory(db, user_id) -> None:
    result = run(user_id, {"entities": [SARAH, {**SARAH, "context": "Older than me"}]})

    assert (result.entities.created, result.entities.existing) == (1, 1)
    assert len(memories_of(db, user_id, memory_type="entity")) == 1


def test_facts_keep_their_memory_fields(db, user_id) -> None:
    fact = {
        "content": "Dentist appointment on March 3rd",
        "memory_type": "event",
        "importance": "high",
        "confidence": 0.9,
        "sensitivity_level": "sensitive",
        "event_date": "2024-03-03T09:00:00Z",
        "expires_at": "2024-03-04T00:00:00Z",
        "is_historical": True,
        "created_at": "2024-02-20T08:00:00Z",
    }

    result = run(user_id, {"facts": [fact]})

    assert (result.facts.created, result.facts.existing, result.facts.skipped) == (1, 0, [])
    [memory] = memories_of(db, user_id)
    assert (memory["memory_type"], memory["importance"], memory["sensitivity_level"]) == (
        "event",
        "high",
        "sensitive",
    )
    assert memory["importance_score"] == pytest.approx(0.8) and memory["confidence"] == pytest.approx(0.9)
    assert memory["is_historical"] is True and memory["created_at"].isoformat().startswith("2024-02-20")
    assert memory["event_date"].isoformat().startswith("2024-03-03")
    with db.user_transaction(user_id) as conn:
        events = timeline_window(conn, user_id, start=None, end=None, sensitivity_max="sensitive")
    assert [(e["memory_id"], e["title"], e["event_date"]) for e in events] == [
        (memory["id"], "Dentist appointment on March 3rd", memory["event_date"])
    ]


def test_importing_the_same_facts_twice_creates_nothing_new(db, user_id) -> None:
    body = {"facts": [{"content": "I run every Sunday."}, {"content": "My favourite tea is sencha."}]}
    run(user_id, body)

    again = run(user_id, body)

    assert (again.facts.created, again.facts.existing) == (0, 2)
    assert len(memories_of(db, user_id)) == 2


def test_facts_are_keyed_on_content_hash_so_case_and_punctuation_do_not_duplicate(db, user_id) -> None:
    result = run(user_id, {"facts": [{"content": "I run every Sunday."}, {"content": "i run every sunday"}]})

    assert (result.facts.created, result.facts.existing) == (1, 1)


def test_a_fact_holding_a_secret_is_dropped_and_reported_without_its_value(db, user_id) -> None:
    result = run(
        user_id,
        {"facts": [{"content": "Gym on Mondays."}, {"content": "My bank password is hunter2hunter2"}]},
    )

    assert result.facts.created == 1
    [skipped] = result.facts.skipped
    assert skipped.index == 1 and "password" in skipped.reason and "hunter2" not in skipped.reason
    assert [m["content"] for m in memories_of(db, user_id)] == ["Gym on Mondays."]
    with db.system_transaction() as conn:
        leaked = conn.execute(
            "SELECT count(*) AS n FROM memory_operations WHERE new_content LIKE '%%hunter2%%'"
        ).fetchone()
    assert leaked["n"] == 0


def test_never_store_topics_and_disabled_types_are_skipped_like_analyze_skips_them(api, db, user_id) -> None:
    api.put(
        "/v1/preferences",
        {"never_store": ["lottery"], "enabled_categories": ["fact", "entity"]},
        user=user_id,
    )

    result = run(
        user_id,
        {
            "facts": [
                {"content": "My lottery numbers are my birthdays."},
                {"content": "I want to run a marathon.", "memory_type": "goal"},
                {"content": "I live in Lisbon."},
            ]
        },
    )

    assert [s.index for s in result.facts.skipped] == [0, 1] and result.facts.created == 1


def test_a_fact_about_an_auto_sensitive_topic_is_marked_sensitive(db, user_id) -> None:
    run(user_id, {"facts": [{"content": "I see a therapist on Thursdays."}]})

    [memory] = memories_of(db, user_id)
    assert memory["sensitivity_level"] == "sensitive"


def test_new_items_are_embedded_in_batches_and_known_ones_not_at_all(db, user_id) -> None:
    embedder = CountingEmbedder()
    facts = [{"content": f"Imported fact number {i}."} for i in range(150)]

    run(user_id, {"facts": facts}, embedder=embedder, batch_size=64)
    first = list(embedder.batches)
    run(user_id, {"facts": facts}, embedder=embedder, batch_size=64)

    assert first == [64, 64, 22]
    assert embedder.batches == first


def test_progress_reports_every_item_once(db, user_id) -> None:
    seen: list[int] = []
    facts = [{"content": f"Progress fact {i}."} for i in range(70)] + [{"content": "pin is 4921"}]

    run(user_id, {"facts": facts, "entities": [SARAH]}, progress=seen.append, batch_size=64)

    assert sum(seen) == 72


def test_an_export_imports_back_into_an_empty_account(api, db, user_id, other_user_id) -> None:
    # Given a user who told Engram a few things, one of which changed
    for note in ("My sister Sarah lives in Oslo.", "Marcus works at Stripe.", "Marcus now works at Notion."):
        api.post("/v1/analyze", {"content": note}, user=user_id)
    exported = export_user(user_id).model_dump(mode="json")

    # When its memories are imported for another user, and again for the same user
    into_other = run(other_user_id, {"facts": exported["memories"]})
    into_self = run(user_id, {"facts": exported["memories"]})

    # Then the other account holds the same memories (status and history flags included), the same
    # account gains nothing
    def shape(user: str) -> list[tuple]:
        return sorted(
            (m["content"], m["memory_type"], m["status"], m["is_historical"]) for m in memories_of(db, user)
        )

    assert into_other.facts.created == len(exported["memories"]) and shape(other_user_id) == shape(user_id)
    assert into_self.facts.created == 0 and into_self.facts.existing == len(exported["memories"])
    names = {e["name"] for e in entities_of(db, other_user_id)}
    assert {m["name"] for m in exported["memories"] if m["memory_type"] == "entity" and m["name"]} <= names
