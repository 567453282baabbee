"""An entity's description: what the node is, then what its memories and notes say, never older than them.

The description is a derived view like the edges and the profile. One rule writes it (`describe`): the
node's head ("Sarah (sister)", "You" for the owner) and its best usable memories (active, normal
sensitivity, unexpired; surest and most repeated first) and live notes, in their own words — not a second
reading of them that could disagree. Any change of that material marks the node stale in its own
transaction (triggers of migration 0012), and every read that shows nodes calls `fresh_descriptions`
first, which describes the stale ones inside the reader's transaction: the same idea as the profile's
rebuild on read, and a burst of writes costs one rebuild per node, not one per write.

With a model configured, the nightly job may write a node's description again from the same material
(`engram.lifecycle.hierarchy`); the next change of the material puts this rule's text back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from engram.db.connection import Conn
from engram.db.repositories import descriptions as repo
from engram.providers.spaces import user_embedder

DESCRIPTION_CHARS = 400
FACTS_IN_DESCRIPTION = 4
# Nodes described per statement batch: bounds one embedding call; a read loops until none is stale.
BATCH = 500


@dataclass(frozen=True)
class EntityMaterial:
    name: str
    kind: str
    entity_type: str = ""
    relationship: str | None = None
    is_owner: bool = False
    notes: Sequence[str] = ()
    memories: Sequence[str] = ()


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip(" ,;—-") + "…"


def distinct(items: Sequence[str]) -> list[str]:
    """Items once each (case-insensitive, whitespace folded, a final full stop dropped), in order."""
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        clean = " ".join(str(item).split()).rstrip(".")
        if clean and clean.lower() not in seen:
            seen.add(clean.lower())
            out.append(clean)
    return out


def describe(material: EntityMaterial) -> str:
    """ "Sarah (sister): Sarah lives in Oslo; Sarah is a nurse." — readable, built only from the material."""
    head = "You" if material.is_owner else material.name
    role = material.relationship or (material.entity_type if material.entity_type != material.kind else "")
    facts = distinct([*material.memories[:FACTS_IN_DESCRIPTION], *material.notes[:FACTS_IN_DESCRIPTION]])
    text = f"{head} ({role})" if role else head
    return clip(f"{text}: {'; '.join(facts)}." if facts else f"{text}.", DESCRIPTION_CHARS)


def material_of(row: dict[str, Any]) -> EntityMaterial:
    """A material row (`db.repositories.descriptions.entity_material`, the nightly job's) as material."""
    return EntityMaterial(
        name=row["name"],
        kind=row["kind"],
        entity_type=row["entity_type"] or "",
        relationship=row["relationship"],
        is_owner=row["is_owner"],
        notes=tuple(row["notes"]),
        memories=tuple(row["memories"]),
    )


def embedding_text(description: str, notes: Sequence[str]) -> str:
    """A node is found by meaning through its description and its notes."""
    return " ".join([description, *notes])


def fresh_descriptions(conn: Conn, user_id: str, *, now: datetime | None = None) -> int:
    """Describe every stale node of the user inside the caller's transaction (see module); how many.
    Costs one indexed probe when nothing is stale."""
    now = now or datetime.now(UTC)
    done = 0
    while ids := repo.claim_stale_entities(conn, user_id, BATCH):
        rows = repo.entity_material(conn, user_id, now, ids)
        texts = [describe(material_of(r)) for r in rows]
        # only once something is stale: most reads find nothing to describe
        embedder = user_embedder(user_id, conn=conn)
        vectors = embedder.embed([embedding_text(t, r["notes"]) for t, r in zip(texts, rows, strict=True)])
        repo.write_descriptions(
            conn,
            user_id,
            [(r["id"], t, v) for r, t, v in zip(rows, texts, vectors, strict=True)],
            embedder.model,
        )
        done += len(rows)
    return done
