"""The labelled name pairs through the real resolver against Postgres: the known name is a node, the
mention is resolved with `resolve_entity` (SQL candidates, then the decision). The same figures as the
pure decision's (tests/unit/test_name_pairs.py): the candidate query must offer every node the
decision would take."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from engram.db.repositories import entity_resolution as resolution_repo
from engram.graph.resolution import resolve_entity
from engram.language.names import canonical_name
from tests.name_pairs import NamePair, load_pairs, resolved_by_choose, score

NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)


def test_precision_and_recall_of_same_through_the_database(db):
    def resolves_to_known(pair: NamePair) -> bool:
        user_id = f"pairs-{uuid.uuid4().hex[:12]}"
        kind = "person" if pair.entity_type == "person" else "entity"
        node = {"kind": kind, "entity_type": pair.entity_type, "relationship": None, "at": NOW}
        with db.user_transaction(user_id) as conn:
            known = resolve_entity(conn, user_id, name=pair.known, **node)
            assert known is not None
            for alias in pair.aliases:
                resolution_repo.touch_entity(
                    conn, user_id, known, alias=canonical_name(alias), relationship=None, at=NOW
                )
            return resolve_entity(conn, user_id, name=pair.mention, **node) == known

    pairs = load_pairs()
    through_sql, decided = score(pairs, resolves_to_known), score(pairs, resolved_by_choose)
    assert through_sql.false_merges == decided.false_merges == []
    assert through_sql.misses == decided.misses
