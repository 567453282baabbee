"""Rebuild every derived view of a user from the memories alone and compare it with the live rows.

Memories are the one source of truth: graph edges, the profile, entity descriptions and the search
dictionaries are derived from them and stored. After any change, deriving them again from scratch must
give exactly what the live views hold; a difference means a write path kept its own reading of
something. (The timeline is not stored: it is read from the memories on each request.) Used after
every step of the consistency stories and by the tests of each write path.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.db.connection import Database
from engram.db.repositories import descriptions as description_repo
from engram.db.repositories import profiles as profile_repo
from engram.db.repositories import relationships as rel_repo
from engram.db.repositories.dictionary_check import dictionary_differences
from engram.graph.descriptions import describe, fresh_descriptions, material_of
from engram.graph.edge_sync import edge_projection, projection, rebuild_edges
from engram.lifecycle.profile import derive_profile, fresh_profile


def _sorted(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return sorted(rows, key=repr)


def derived_view_differences(db: Database, user_id: str) -> dict[str, Any]:
    """Per view, what the live rows and the rebuild disagree on (empty when they agree)."""
    found: dict[str, Any] = {}
    with db.user_transaction(user_id) as conn:
        live = _sorted([projection(r) for r in rel_repo.derived_edges(conn, user_id)])
        rebuilt = _sorted([edge_projection(e) for e in rebuild_edges(conn, user_id)])
        if live != rebuilt:
            found["edges"] = {
                "live_only": [r for r in live if r not in rebuilt],
                "rebuild_only": [r for r in rebuilt if r not in live],
            }
        fresh_profile(conn, user_id)  # what the next read of the profile does first
        stored = _sorted([_profile_row(r) for r in profile_repo.current_profile(conn, user_id)])
        derived = _sorted([_profile_row(f) for f in derive_profile(conn, user_id)])
        if stored != derived:
            found["profile"] = {"live": stored, "rebuild": derived}
        fresh_descriptions(conn, user_id)  # what the next read of a node does first
        descriptions = {
            r["name"]: {"live": r["description"], "rebuild": describe(material_of(r))}
            for r in description_repo.entity_material(conn, user_id, datetime.now(UTC))
            if r["description"] != describe(material_of(r))
        }
        if descriptions:
            found["descriptions"] = descriptions
        dictionaries = {k: v for k, v in dictionary_differences(conn, user_id).items() if v}
        if dictionaries:
            found["dictionaries"] = dictionaries
    return found


def _profile_row(row: dict[str, Any]) -> tuple[Any, ...]:
    return (
        row["category"],
        row["key"],
        row["value"],
        tuple(sorted(str(i) for i in row["source_memory_ids"])),
        row["sensitivity_level"],
        round(float(row["confidence"]), 3),
    )


def assert_derived_views_match(db: Database, user_id: str) -> None:
    differences = derived_view_differences(db, user_id)
    assert not differences, differences
