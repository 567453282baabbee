"""A text written outside extraction (a user's edit of a memory, an imported record) is read as a note
would be, so what the memory says (its subject/attribute/value and the
edges it claims) is its new text's, not the old text's.

The user edits a memory's text directly (PUT /v1/memories/{id}). Its metadata and edge claims were
read from the old text; kept, they would tell the profile and the graph something the memory no longer
says ("I work at Linden Studio" still drawing works_at Marlow). The new text is read by the offline
rules engine — always, whatever engine the write path uses: an edit is one short sentence the user
wrote themselves, and a PUT must not wait on a model call — and the fact it states about the
memory's subject (or, failing that, its first fact) replaces the memory's reading: its slot in the
metadata, and all of its edge claims. A text the engine finds no fact in keeps no slot and no claims.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.engines.ports import ExtractionInput, TurnInput
from engram.graph.edge_sync import scope_of_memories, sync_memories
from engram.graph.edge_writer import write_claims
from engram.graph.edges import edges_for_fact
from engram.language.names import canonical_name
from engram.models import CandidateFact, MemoryPreferences

SLOT_KEYS = ("subject", "attribute", "value")


def read_edit(
    content: str, metadata: dict[str, Any], *, observed_at: datetime, preferences: MemoryPreferences
) -> list[CandidateFact]:
    """The facts the edited text states, the one about the memory's own subject first."""
    # Here, not at the top: the rules engine compiles its vocabularies as it loads; only edits need it.
    from engram.engines.rules.extractor import RulesExtractor

    inp = ExtractionInput(
        source_id="edit", turns=[TurnInput(content=content)], observed_at=observed_at, preferences=preferences
    )
    facts = [f for f in RulesExtractor().extract(inp).facts if not f.forget]
    subject = str(metadata.get("subject") or "").lower()
    return sorted(facts, key=lambda f: (f.subject or "").lower() != subject or not f.attribute)


def reread_metadata(metadata: dict[str, Any], facts: list[CandidateFact]) -> dict[str, Any]:
    """The memory's metadata with its slot taken from the edited text's first fact (or none), and the
    names it mentions from its facts."""
    kept = {k: v for k, v in metadata.items() if k not in (*SLOT_KEYS, "entities")}
    if facts:
        kept.update({k: getattr(facts[0], k) for k in SLOT_KEYS if getattr(facts[0], k)})
    named = list(dict.fromkeys(e.name for f in facts for e in f.entities))[:20]
    if named:  # the names the text says now (the write path keeps them the same way)
        kept["entities"] = named
    return kept


def reread_name(name: str | None, content: str, facts: list[CandidateFact]) -> str | None:
    """The memory's name while its text still says it; else the name its edited text gives, if any
    (an edit that took "Dr. Lee" out leaves no name behind)."""
    if name and canonical_name(name) and f" {canonical_name(name)} " in f" {canonical_name(content)} ":
        return name
    return next((f.name for f in facts if f.name and canonical_name(f.name) in canonical_name(content)), None)


def reclaim_edges(
    conn: Conn, user_id: str, memory_id: UUID, facts: list[CandidateFact], *, at: datetime
) -> None:
    """Replace the memory's edge claims by those of its edited text, and derive the edges again."""
    before = scope_of_memories(conn, user_id, [memory_id])
    specs = [spec for fact in facts for spec in edges_for_fact(fact)]
    nodes: dict[str, UUID] = {}
    write_claims(conn, user_id, specs, memory_id=memory_id, entity_ids=nodes, at=at, replace_all=True)
    sync_memories(conn, user_id, [memory_id], at=at, before=before)
