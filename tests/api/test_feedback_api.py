"""POST /v1/feedback through real HTTP and a real Postgres: note feedback and recall feedback."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import pytest

from engram.db.repositories import graph as graph_repo
from engram.db.repositories.feedback import list_feedback
from tests.memory_factory import add_memories


def feedback_rows(db: Any, user_id: str) -> list[dict]:
    with db.user_transaction(user_id) as conn:
        return list_feedback(conn, user_id)


def memory(api: Any, user_id: str, memory_id: Any) -> dict:
    return api.get(f"/v1/memories/{memory_id}", user=user_id).body


# --- approve ---------------------------------------------------------------------------------------------


def test_approve_raises_confidence_by_a_tenth(api, db, user_id):
    row = add_memories(db, user_id, "I prefer window seats", confidence=0.6)[0]

    response = api.post("/v1/feedback", {"action": "approve", "memory_id": str(row["id"])}, user=user_id)

    assert response.status == 200
    assert response.body["effect"] == "confidence_raised"
    assert response.body["memory"]["confidence"] == pytest.approx(0.7, abs=1e-6)
    assert response.body["memory"]["last_reinforced_at"] is not None


def test_approve_caps_confidence_at_one(api, db, user_id):
    row = add_memories(db, user_id, "I prefer window seats", confidence=0.95)[0]

    response = api.post("/v1/feedback", {"action": "approve", "memory_id": str(row["id"])}, user=user_id)

    assert response.body["memory"]["confidence"] == 1.0


def test_approve_promotes_a_candidate_to_active_state(api, db, user_id):
    row = add_memories(db, user_id, "I prefer window seats", state="candidate")[0]

    response = api.post("/v1/feedback", {"action": "approve", "memory_id": str(row["id"])}, user=user_id)

    assert response.body["memory"]["state"] == "active"


def test_approve_is_stored_as_a_feedback_row(api, db, user_id):
    row = add_memories(db, user_id, "I prefer window seats")[0]

    response = api.post("/v1/feedback", {"action": "approve", "memory_id": str(row["id"])}, user=user_id)

    (stored,) = feedback_rows(db, user_id)
    assert str(stored["id"]) == response.body["feedback_id"]
    assert (stored["kind"], stored["action"], stored["memory_id"]) == ("note", "approve", row["id"])


# --- reject ----------------------------------------------------------------------------------------------


def test_reject_lowers_confidence_by_two_tenths(api, db, user_id):
    row = add_memories(db, user_id, "I hate mornings", confidence=0.8)[0]

    response = api.post("/v1/feedback", {"action": "reject", "memory_id": str(row["id"])}, user=user_id)

    assert response.body["effect"] == "confidence_lowered"
    assert response.body["memory"]["confidence"] == pytest.approx(0.6, abs=1e-6)
    assert response.body["memory"]["status"] == "active"


def test_reject_twice_archives_the_memory(api, db, user_id):
    # Given a memory at 0.5: one reject lands on the 0.3 floor, the next would go below it
    row = add_memories(db, user_id, "I hate mornings", confidence=0.5)[0]
    first = api.post("/v1/feedback", {"action": "reject", "memory_id": str(row["id"])}, user=user_id)

    second = api.post("/v1/feedback", {"action": "reject", "memory_id": str(row["id"])}, user=user_id)

    assert first.body["effect"] == "confidence_lowered"
    assert second.body["effect"] == "archived"
    assert second.body["memory"]["status"] == "archived"
    assert second.body["memory"]["confidence"] == pytest.approx(0.3, abs=1e-6)
    assert api.get("/v1/memories", user=user_id).body["items"] == []


def test_reject_that_archives_is_audited_as_a_soft_delete(api, db, user_id):
    row = add_memories(db, user_id, "I hate mornings", confidence=0.4)[0]

    api.post("/v1/feedback", {"action": "reject", "memory_id": str(row["id"])}, user=user_id)

    with db.system_transaction() as conn:
        (audit,) = conn.execute("SELECT * FROM memory_operations WHERE user_id = %s", (user_id,)).fetchall()
    assert (audit["operation"], audit["hard_delete"], audit["memory_id"]) == ("DELETE", False, row["id"])
    assert audit["reasoning"] == "rejected by the user"


# --- edit and comment ------------------------------------------------------------------------------------


def test_edit_makes_a_new_audited_version_like_put(api, db, user_id):
    row = add_memories(db, user_id, "My sister lives in Rome")[0]

    response = api.post(
        "/v1/feedback",
        {"action": "edit", "memory_id": str(row["id"]), "new_content": "My sister lives in Milan"},
        user=user_id,
    )

    assert response.body["effect"] == "edited"
    assert response.body["memory"]["content"] == "My sister lives in Milan"
    assert response.body["memory"]["version"] == 2
    history = api.get(f"/v1/memories/{row['id']}/history", user=user_id).body["items"]
    assert [(i["content"], i["operation"]) for i in history] == [
        ("My sister lives in Rome", "ADD"),
        ("My sister lives in Milan", "EDIT"),
    ]
    with db.system_transaction() as conn:
        (audit,) = conn.execute("SELECT * FROM memory_operations WHERE user_id = %s", (user_id,)).fetchall()
    assert (audit["operation"], audit["new_content"]) == ("UPDATE", "My sister lives in Milan")
    assert feedback_rows(db, user_id)[0]["new_content"] == "My sister lives in Milan"


def test_comment_only_records_the_feedback(api, db, user_id):
    row = add_memories(db, user_id, "I prefer window seats", confidence=0.6)[0]

    response = api.post(
        "/v1/feedback",
        {"action": "comment", "memory_id": str(row["id"]), "comment": "only on long flights"},
        user=user_id,
    )

    assert response.body["effect"] == "recorded"
    assert response.body["memory"]["confidence"] == pytest.approx(0.6, abs=1e-6)
    assert response.body["memory"]["version"] == 1
    assert feedback_rows(db, user_id)[0]["comment"] == "only on long flights"


def test_feedback_other_than_comment_on_an_archived_memory_is_409(api, db, user_id):
    row = add_memories(db, user_id, "old fact", status="archived")[0]

    response = api.post("/v1/feedback", {"action": "approve", "memory_id": str(row["id"])}, user=user_id)

    assert response.status == 409
    assert feedback_rows(db, user_id) == []


# --- entity notes and recall -----------------------------------------------------------------------------


def _entity_note(db: Any, user_id: str) -> Any:
    with db.user_transaction(user_id) as conn:
        entity_id = graph_repo.upsert_entity(
            conn, user_id, name="Sarah", canonical="sarah", kind="person", at=datetime.now(UTC)
        )
        note = conn.execute(
            "INSERT INTO entity_notes (user_id, entity_id, content, added_by) "
            "VALUES (%s, %s, %s, %s) RETURNING id",
            (user_id, entity_id, "Sarah is training for a triathlon", "system"),
        ).fetchone()
    return note["id"]


def test_feedback_on_an_entity_note_is_recorded(api, db, user_id):
    note_id = _entity_note(db, user_id)

    response = api.post("/v1/feedback", {"action": "reject", "note_id": str(note_id)}, user=user_id)

    assert response.status == 200
    assert response.body["effect"] == "recorded"
    assert response.body["memory"] is None
    (stored,) = feedback_rows(db, user_id)
    assert (stored["action"], stored["note_id"]) == ("reject", note_id)


def _salience(db, user_id, memory_id) -> tuple[float, float, str]:
    with db.user_transaction(user_id) as conn:
        row = conn.execute(
            "SELECT salience, confidence, state FROM memories WHERE id = %s", (memory_id,)
        ).fetchone()
    return row["salience"], row["confidence"], row["state"]


def test_helpful_recall_strengthens_the_memories_it_used(api, db, user_id):
    used, unused = add_memories(db, user_id, "I am vegetarian", "I live in Lisbon", confidence=0.6)
    salience, confidence, _ = _salience(db, user_id, used["id"])
    untouched = _salience(db, user_id, unused["id"])

    response = api.post(
        "/v1/feedback",
        {"kind": "recall", "query": "what should I cook?", "memory_ids": [str(used["id"])], "helpful": True},
        user=user_id,
    )

    assert response.status == 200
    assert response.body["effect"] == "salience_raised"
    after = _salience(db, user_id, used["id"])
    assert after[0] == pytest.approx(salience + 0.1, abs=1e-6)
    assert after[1] == pytest.approx(confidence + 0.05, abs=1e-6)
    assert after[2] == "active"
    assert _salience(db, user_id, unused["id"]) == untouched
    assert response.body["adjusted"][0]["id"] == str(used["id"])


def test_unhelpful_recall_weakens_the_memories_and_stores_the_verdict(api, db, user_id):
    row = add_memories(db, user_id, "I am vegetarian", confidence=0.6)[0]
    salience, _, _ = _salience(db, user_id, row["id"])

    response = api.post(
        "/v1/feedback",
        {"kind": "recall", "query": "what should I cook tonight?", "memory_ids": [str(row["id"])],
         "helpful": False},
        user=user_id,
    )  # fmt: skip

    assert response.status == 200
    assert response.body["effect"] == "salience_lowered"
    assert response.body["memory"] is None and response.body["correction"] is None
    (stored,) = feedback_rows(db, user_id)
    assert (stored["kind"], stored["query"], stored["helpful"]) == (
        "recall",
        "what should I cook tonight?",
        False,
    )
    assert stored["memory_ids"] == [row["id"]]
    new_salience, confidence, _ = _salience(db, user_id, row["id"])
    assert new_salience == pytest.approx(max(0.0, salience - 0.15), abs=1e-6)
    assert confidence == pytest.approx(0.55, abs=1e-6)


def test_a_recall_correction_enters_the_write_path_as_what_is_true_now(api, db, user_id):
    api.post("/v1/analyze", {"content": "I live in Boston."}, user=user_id)
    old = api.get("/v1/memories?q=Boston", user=user_id).body["items"][0]

    response = api.post(
        "/v1/feedback",
        {"kind": "recall", "query": "where do I live?", "memory_ids": [old["id"]], "helpful": False,
         "correction": "I moved to Denver last month."},
        user=user_id,
    )  # fmt: skip

    assert response.status == 200
    assert response.body["correction"]["status"] == "extracted"
    assert [op["operation"] for op in response.body["correction"]["operations"]] == ["UPDATE"]
    current = api.get("/v1/memories?q=Denver", user=user_id).body["items"]
    assert current and current[0]["supersedes_id"] == old["id"]
    (stored,) = feedback_rows(db, user_id)
    assert stored["correction"] == "I moved to Denver last month."


def test_recall_feedback_keeps_only_the_callers_memory_ids(api, db, user_id, other_user_id):
    mine = add_memories(db, user_id, "I am vegetarian")[0]
    theirs = add_memories(db, other_user_id, "bob's memory")[0]

    api.post(
        "/v1/feedback",
        {
            "kind": "recall",
            "query": "food",
            "memory_ids": [str(mine["id"]), str(theirs["id"])],
            "helpful": True,
        },
        user=user_id,
    )

    assert feedback_rows(db, user_id)[0]["memory_ids"] == [mine["id"]]


# --- tenancy and bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["approve", "reject", "edit", "comment"])
def test_feedback_on_another_users_memory_is_404_and_changes_nothing(api, db, user_id, other_user_id, action):
    row = add_memories(db, user_id, "alice's fact", confidence=0.6)[0]
    body = {"action": action, "memory_id": str(row["id"])}
    body |= {"edit": {"new_content": "hijacked"}, "comment": {"comment": "hijacked"}}.get(action, {})

    response = api.post("/v1/feedback", body, user=other_user_id)

    assert response.status == 404
    assert response.error["field"] == "memory_id"
    assert memory(api, user_id, row["id"])["confidence"] == pytest.approx(0.6, abs=1e-6)
    assert feedback_rows(db, other_user_id) == []


def test_feedback_on_another_users_note_is_404(api, db, user_id, other_user_id):
    note_id = _entity_note(db, user_id)

    response = api.post("/v1/feedback", {"action": "approve", "note_id": str(note_id)}, user=other_user_id)

    assert response.status == 404
    assert response.error["field"] == "note_id"


def test_feedback_on_a_missing_memory_is_404(api, user_id):
    response = api.post("/v1/feedback", {"action": "approve", "memory_id": str(uuid.uuid4())}, user=user_id)

    assert response.status == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "edit", "memory_id": "MID"}, "new_content"),
        ({"action": "comment", "memory_id": "MID"}, "comment"),
        ({"action": "approve", "memory_id": "MID", "new_content": "x"}, "new_content"),
        ({"action": "like", "memory_id": "MID"}, "action"),
        ({"memory_id": "MID"}, "action"),
        ({"action": "approve"}, "memory_id"),
        ({"action": "approve", "memory_id": "MID", "note_id": "MID"}, "memory_id"),
        ({"action": "approve", "memory_id": "not-a-uuid"}, "memory_id"),
        ({"action": "edit", "memory_id": "MID", "new_content": "x" * 10_001}, "new_content"),
        ({"action": "approve", "memory_id": "MID", "helpful": True}, "helpful"),
        ({"kind": "recall", "query": "food", "memory_ids": []}, "helpful"),
        ({"kind": "recall", "helpful": True}, "query"),
        ({"kind": "recall", "query": "food", "helpful": True, "action": "approve"}, "action"),
        ({"kind": "recall", "query": "food", "helpful": None}, "helpful"),
        ({"kind": "vote", "action": "approve", "memory_id": "MID"}, "kind"),
        ({"action": "approve", "memory_id": "MID", "mood": "happy"}, "mood"),
    ],
)
def test_bad_feedback_is_400_naming_the_field(api, db, user_id, body, field):
    row = add_memories(db, user_id, "I like tea")[0]
    body = {k: (str(row["id"]) if v == "MID" else v) for k, v in body.items()}

    response = api.post("/v1/feedback", body, user=user_id)

    assert response.status == 400, response.body
    assert response.error["field"] == field
    assert feedback_rows(db, user_id) == []
