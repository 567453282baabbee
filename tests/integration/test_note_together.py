"""A note's facts applied together (one transaction; their similar memories read at once and kept current
with the note's own writes) come out exactly as the same facts applied one at a time, each fact reading
the database afresh: the same operations, the same memories with the same values, the same graph."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.bench_write_path import note
from engram.db.connection import Database
from engram.db.repositories.sources import insert_source
from engram.engines.factory import get_decider, get_extractor
from engram.engines.ports import ExtractionInput, TurnInput
from engram.pipeline.update import FactContext, apply_fact, apply_facts_together
from engram.providers.spaces import user_embedder

# Within one note: one memory stated twice (new, then known), a life change, a one-person tie changing
# hands, a repeat of a memory the same note added, a forget request; around them, notes that mostly repeat
# each other.
_NOTES = [
    "My manager Priya seems great. Priya is my manager. I live in Denver.",
    "My supervisor is Professor Haldane. I love hiking in the Cascades.",
    "Priya is my manager. My manager Priya seems great.",
    "I moved to Lisbon last month. Dr. Whitlock is my new supervisor. I love hiking in the Cascades.",
    "I started learning the cello. I started learning the cello. My sister Ana lives in Porto.",
    "Please forget that I love hiking. My sister Ana lives in Porto. I hate marmalade.",
]


def _notes() -> list[str]:
    rng = random.Random(3)
    bench = [note(rng) for _ in range(6)]
    return [*bench[:3], *_NOTES, *bench[3:]]


def _apply(db: Database, user: str, text: str, when: datetime, *, together: bool) -> list[tuple[Any, ...]]:
    with db.user_transaction(user) as conn:
        source, _ = insert_source(conn, user, {"content": text, "document_date": when})
    extraction = get_extractor().extract(
        ExtractionInput(
            source_id=str(source["id"]), turns=[TurnInput(text, timestamp=when)], observed_at=when
        )
    )
    facts, embedder, decider = extraction.facts, user_embedder(user, db=db), get_decider()
    embeddings = list(embedder.embed([f.content for f in facts]))
    ctx = FactContext(user_id=user, observed_at=when, source_id=source["id"], document_date=when)
    if together:
        with db.user_transaction(user, memory_writes=True) as conn, conn.pipeline():
            applied, undecided = apply_facts_together(
                conn, facts, embeddings, ctx, decider=decider, embedder=embedder
            )
        assert not undecided
    else:
        applied = [
            apply_fact(db, fact, embedding, ctx, decider=decider, embedder=embedder)
            for fact, embedding in zip(facts, embeddings, strict=True)
        ]
    return [(a.result.operation, a.result.strategy, a.result.content) for a in applied]


def _state(db: Database, user: str) -> dict[str, list[tuple[Any, ...]]]:
    queries = {
        "memories": """SELECT content, status, confidence, mention_count, version, evidence, is_historical,
                              provenance IS NOT NULL, (supersedes_id IS NOT NULL) AS supersedes
                       FROM memories ORDER BY 1, 2, 3, 4""",
        "versions": "SELECT content, version, operation, strategy FROM memory_versions ORDER BY 1, 2, 3",
        "relations": """SELECT s.content AS source, t.content AS target, r.relation_type
                        FROM memory_relations r JOIN memories s ON s.id = r.source_id
                        JOIN memories t ON t.id = r.target_id
                        ORDER BY 1, 2, 3""",
        "operations": "SELECT operation, count(*) FROM memory_operations GROUP BY 1 ORDER BY 1",
        "entities": """SELECT canonical_name, kind, relationship, aliases, mention_count, source_count
                       FROM entities ORDER BY 1, 2""",
        "links": """SELECT m.content, e.canonical_name, me.mention_type FROM memory_entities me
                    JOIN memories m ON m.id = me.memory_id JOIN entities e ON e.id = me.entity_id
                    ORDER BY 1, 2""",
        "claims": """SELECT relationship_type, ends, count(*) FROM memory_edge_claims
                     GROUP BY 1, 2 ORDER BY 1, 2""",
        "edges": """SELECT f.canonical_name, t.canonical_name, r.relationship_type, r.valid_to IS NULL
                    FROM relationships r JOIN entities f ON f.id = r.from_entity_id
                    JOIN entities t ON t.id = r.to_entity_id ORDER BY 1, 2, 3, 4""",
    }
    with db.user_transaction(user) as conn:
        return {name: [tuple(r.values()) for r in conn.execute(q).fetchall()] for name, q in queries.items()}


def test_a_note_applied_together_is_the_note_applied_one_fact_at_a_time(
    db: Database, user_id: str, other_user_id: str
):
    start = datetime(2026, 3, 2, 9, tzinfo=UTC)
    for day, text in enumerate(_notes()):
        when = start + timedelta(days=day)
        together = _apply(db, user_id, text, when, together=True)
        one_by_one = _apply(db, other_user_id, text, when, together=False)
        assert together == one_by_one, text
    assert _state(db, user_id) == _state(db, other_user_id)
