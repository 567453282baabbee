"""Folding one node into another (a correction to a name already known) re-points everything that
pointed at the merged node: edges, notes, memory links, source mentions and sentiment history
rows, and every other column that references a node. The merged name stays an alias of the keeper."""

from __future__ import annotations

from typing import Any

WHEN = "2026-03-{day:02d}T09:00:00Z"


def _note(api: Any, user_id: str, content: str, day: int) -> None:
    response = api.post(
        "/v1/analyze", {"content": content, "source": {"document_date": WHEN.format(day=day)}}, user=user_id
    )
    assert response.status in (200, 202), response.body


def _references(db: Any, user_id: str, entity_id: Any) -> dict[str, int]:
    """Rows in every table column with a foreign key to entities(id) that hold `entity_id`."""
    with db.user_transaction(user_id) as conn:
        columns = conn.execute(
            """SELECT DISTINCT src.relname AS tbl, att.attname AS col
               FROM pg_constraint c
               JOIN pg_class src ON src.oid = c.conrelid
               JOIN pg_class dst ON dst.oid = c.confrelid
               JOIN pg_attribute att ON att.attrelid = c.conrelid AND att.attnum = ANY(c.conkey)
               WHERE c.contype = 'f' AND dst.relname = 'entities'"""
        ).fetchall()
        counts = {}
        for column in columns:
            n = conn.execute(
                f"SELECT count(*) AS n FROM {column['tbl']} WHERE {column['col']} = %s", (entity_id,)
            ).fetchone()["n"]
            counts[f"{column['tbl']}.{column['col']}"] = n
    return counts


def _node(db: Any, user_id: str, canonical: str) -> dict | None:
    with db.user_transaction(user_id) as conn:
        return conn.execute(
            "SELECT * FROM entities WHERE user_id = %s AND canonical_name = %s", (user_id, canonical)
        ).fetchone()


def test_a_merge_repoints_every_reference_and_keeps_the_merged_name(api, db, user_id):
    _note(api, user_id, "My coworker Mikey works at Stripe.", 2)
    _note(api, user_id, "Had a wonderful dinner with Mikey yesterday, I love spending time with him.", 3)
    _note(api, user_id, "Mikey and Priya went to the conference in Lisbon on 3 March.", 4)
    _note(api, user_id, "Michael is training for a marathon.", 5)
    mikey, michael = _node(db, user_id, "mikey"), _node(db, user_id, "michael")
    assert mikey and michael
    note = api.post(f"/v1/entities/{mikey['id']}/notes", {"content": "prefers tea"}, user=user_id)
    assert note.status in (200, 201), note.body
    with db.user_transaction(user_id) as conn:  # a sentiment row on the merged node
        conn.execute(
            "INSERT INTO sentiment_history (user_id, entity_id, sentiment) VALUES (%s, %s, 0.8)",
            (user_id, mikey["id"]),
        )
    merged_refs = _references(db, user_id, mikey["id"])
    kept_refs = _references(db, user_id, michael["id"])
    for column in (
        "relationships.from_entity_id",
        "entity_notes.entity_id",
        "memory_entities.entity_id",
        "source_mentions.entity_id",
        "sentiment_history.entity_id",
    ):
        assert merged_refs[column] > 0, column  # the merge has something to re-point in each

    _note(api, user_id, "Actually it's Michael, not Mikey.", 6)

    assert _node(db, user_id, "mikey") is None
    keeper = _node(db, user_id, "michael")
    assert keeper is not None and keeper["id"] == michael["id"] and "mikey" in keeper["aliases"]
    assert set(_references(db, user_id, mikey["id"]).values()) == {0}
    after = _references(db, user_id, michael["id"])
    for column in ("entity_notes.entity_id", "sentiment_history.entity_id"):
        assert after[column] >= merged_refs[column] + kept_refs[column], column
    for column in ("memory_entities.entity_id", "source_mentions.entity_id", "relationships.from_entity_id"):
        assert after[column] >= max(merged_refs[column], kept_refs[column]), column
    with db.user_transaction(user_id) as conn:
        said = [r["content"] for r in conn.execute(
            "SELECT content FROM memories WHERE user_id = %s AND status = 'active'", (user_id,)
        ).fetchall()]  # fmt: skip
    assert not [c for c in said if "Mikey" in c], said  # the memories say the kept name now
