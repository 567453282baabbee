"""Nightly hierarchy: storylines, macros, and the descriptions of dirty nodes and edges, for one user.

- **Storyline**: an entity (not the owner, not merged or archived) with 5+ sources over 3+ distinct
  days gets one, its `storyline_sources` being the sources that mention it.
- **Macro**: a root with 2+ storylines spanning 30+ days gets one, with `macro_storylines`. A root's
  storylines are its own and every storyline whose sources mention it in 2+ of them; a root whose set
  lies inside another root's larger (or equal and better-ranked) set makes none.
- **Dirty description**: an `is_dirty` node or edge (a note was added, a merge, a rename) gets a
  description from its live notes and usable memories, and an embedding; its flag is cleared. Every
  node's description is already current by the rule of `engram.graph.descriptions` (reads rebuild stale
  ones); this step lets a configured model write it again from the same material, and writes a node
  only if its material did not change while the model wrote.

Storylines are unique per anchor, so the rule "2+ storylines for one anchor" cannot mean storylines
anchored on it; it is read as storylines *about* it: "Andrew" roots a macro over his own storyline and
Priya's when Andrew appears in 2+ of Priya's sources and the two together span 30+ days.

A run has three steps, so no transaction stays open while a model writes:
1. one user transaction syncs membership in SQL (create, remove, relink, recount, mark dirty) and reads
   the material of every dirty row;
2. the texts are written (model or templates, `engram.lifecycle.summaries`) and embedded in one batch;
3. one user transaction writes them; a row whose notes or sources changed meanwhile stays dirty.

Idempotent: a second run with nothing new changes nothing (no row is touched, no model is called).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from pydantic import AwareDatetime, BaseModel, ConfigDict, ValidationError

from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import hierarchy as repo
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job
from engram.errors import ValidationFailed
from engram.graph.descriptions import embedding_text, fresh_descriptions, material_of
from engram.lifecycle.cleanup import emit_counts, logger
from engram.lifecycle.summaries import (
    ChildStoryline,
    EntityMaterial,
    MacroMaterial,
    RelationshipMaterial,
    StorylineMaterial,
    Summary,
    SummaryKind,
    SummaryWriter,
    get_summary_writer,
)
from engram.providers.base import Embedder
from engram.providers.spaces import user_embedder

THRESHOLDS = repo.Thresholds()
# Rows given new text per kind per run: bounds a run's model calls; the rest stay dirty for the next.
MAX_TEXTS_PER_KIND = 500
HIERARCHY_STEP = "hierarchy"


class HierarchyResult(BaseModel):
    """What one user's run changed."""

    storylines_created: int = 0
    storylines_removed: int = 0
    storyline_sources_added: int = 0
    storyline_sources_removed: int = 0
    storylines_refreshed: int = 0
    macros_created: int = 0
    macros_removed: int = 0
    macro_memberships_changed: int = 0
    macros_refreshed: int = 0
    entity_descriptions: int = 0
    relationship_descriptions: int = 0
    model_fallbacks: int = 0


class HierarchyPayload(BaseModel):
    """What a `hierarchy` job carries: the instant the schedule fired (notes live at that instant)."""

    model_config = ConfigDict(extra="forbid")

    now: AwareDatetime | None = None


@dataclass
class _Dirty:
    """What step 1 found: the membership counts, and the rows whose text must be written again."""

    storylines: dict[str, int]
    macros: dict[str, int]
    entities: list[dict[str, Any]]
    edges: list[dict[str, Any]]
    storyline_rows: list[dict[str, Any]]
    macro_rows: list[dict[str, Any]]


def run_hierarchy(
    user_id: str,
    now: datetime,
    db: Database | None = None,
    writer: SummaryWriter | None = None,
    *,
    job_id: UUID | None = None,
) -> HierarchyResult:
    """Sync storylines and macros of `user_id`, then rewrite the text of every dirty row (see module).

    Runs converge (a second run finds nothing dirty), so a rerun is safe in any case. With `job_id` (a
    `hierarchy` job) the last transaction also records the counts on the job, and a rerun of the job
    returns them without running again (a rerun would report zeros, and ask the summary model again
    if it died before that last transaction).
    """
    database = db or get_database()
    writer = writer or get_summary_writer()
    with database.user_transaction(user_id) as conn:
        if job_id is not None:
            recorded = jobs_repo.recorded_job_effects(conn, user_id, job_id, HIERARCHY_STEP)
            if recorded is not None:
                return HierarchyResult.model_validate(recorded)
        dirty = _sync_and_read(conn, user_id, now)
    embedder = user_embedder(user_id, db=database)
    writes = _embedded_writes(_summaries(dirty, writer), embedder)
    with database.user_transaction(user_id) as conn:
        if job_id is not None:
            recorded = jobs_repo.claim_job_effects(conn, user_id, job_id, HIERARCHY_STEP)
            if recorded is not None:  # another run of the job finished meanwhile
                return HierarchyResult.model_validate(recorded)
        result = _store(conn, user_id, dirty, writes, embedder.model, writer)
        if job_id is not None:
            jobs_repo.record_job_effects(conn, user_id, job_id, HIERARCHY_STEP, result.model_dump())
    counts = result.model_dump()
    logger.info(
        "hierarchy done",
        extra={"task": "hierarchy", "now": now.isoformat(), "writer": writer.model, **counts},
    )
    emit_counts("hierarchy", {f"hierarchy_{k}": v for k, v in counts.items()})
    return result


def _sync_and_read(conn: Conn, user_id: str, now: datetime) -> _Dirty:
    """Step 1: membership, counts and dirty flags in SQL; then the material of the dirty rows."""
    fresh_descriptions(conn, user_id, now=now)  # a model rewrites what the rule wrote, from the same material
    storylines = repo.sync_storylines(conn, user_id, THRESHOLDS)
    macros = repo.sync_macros(conn, user_id, THRESHOLDS)
    return _Dirty(
        storylines=storylines,
        macros=macros,
        entities=repo.dirty_entities(conn, user_id, now, MAX_TEXTS_PER_KIND),
        edges=repo.dirty_relationships(conn, user_id, now, MAX_TEXTS_PER_KIND),
        storyline_rows=repo.dirty_storylines(conn, user_id, now, MAX_TEXTS_PER_KIND),
        macro_rows=repo.dirty_macros(conn, user_id, MAX_TEXTS_PER_KIND),
    )


@dataclass(frozen=True)
class _Text:
    """A row's new text, the guard its write checks (note or source count; for a node also the
    description it had when its material was read) and the text its embedding is built from."""

    kind: SummaryKind
    row_id: UUID
    summary: Summary
    guard: int
    embed: str
    previous: str | None = None


def _summaries(dirty: _Dirty, writer: SummaryWriter) -> list[_Text]:
    """Step 2: texts in dependency order — nodes, then the storylines over them, then macros over
    storylines — so each level is written from the fresh text of the one below."""
    entity_texts = {r["id"]: writer.summarize("entity", material_of(r)) for r in dirty.entities}
    edge_texts = {r["id"]: writer.summarize("relationship", _edge_material(r)) for r in dirty.edges}
    storyline_texts = {
        r["id"]: writer.summarize("storyline", _storyline_material(r, entity_texts))
        for r in dirty.storyline_rows
    }
    macro_texts = {
        r["id"]: writer.summarize("macro", _macro_material(r, storyline_texts)) for r in dirty.macro_rows
    }
    return [
        *(
            _Text(
                "entity",
                r["id"],
                entity_texts[r["id"]],
                r["note_count"],
                embedding_text(entity_texts[r["id"]].description, r["notes"]),
                previous=r["description"],
            )
            for r in dirty.entities
        ),
        *(
            _Text(
                "relationship", r["id"], edge_texts[r["id"]], r["note_count"], edge_texts[r["id"]].description
            )
            for r in dirty.edges
        ),
        *(
            _Text(
                "storyline",
                r["id"],
                storyline_texts[r["id"]],
                r["source_count"],
                _named(storyline_texts[r["id"]]),
            )
            for r in dirty.storyline_rows
        ),
        *(
            _Text("macro", r["id"], macro_texts[r["id"]], r["storyline_count"], _named(macro_texts[r["id"]]))
            for r in dirty.macro_rows
        ),
    ]


def _embedded_writes(texts: list[_Text], embedder: Embedder) -> dict[SummaryKind, list[repo.TextWrite]]:
    """The texts embedded in one batch, grouped by kind as step 3 writes them."""
    import numpy as np

    vectors = embedder.embed([t.embed for t in texts]) if texts else np.zeros((0, embedder.dimension))
    writes: dict[SummaryKind, list[repo.TextWrite]] = {
        k: [] for k in ("entity", "relationship", "storyline", "macro")
    }
    for text, vector in zip(texts, vectors, strict=True):
        writes[text.kind].append(
            repo.TextWrite(
                id=text.row_id,
                description=text.summary.description,
                embedding=vector,
                guard=text.guard,
                name=text.summary.name,
                previous=text.previous,
            )
        )
    return writes


def _store(
    conn: Conn,
    user_id: str,
    dirty: _Dirty,
    writes: dict[SummaryKind, list[repo.TextWrite]],
    model: str,
    writer: SummaryWriter,
) -> HierarchyResult:
    """Step 3: each write clears the flag only where nothing changed since step 1; the counts of the run."""
    entities_done = repo.write_entity_descriptions(conn, user_id, writes["entity"], model)
    edges_done = repo.write_relationship_descriptions(conn, user_id, writes["relationship"], model)
    storylines_done = repo.write_storylines(conn, user_id, writes["storyline"], model)
    macros_done = repo.write_macros(conn, user_id, writes["macro"], model)
    storylines, macros = dirty.storylines, dirty.macros
    return HierarchyResult(
        storylines_created=storylines["storylines_created"],
        storylines_removed=storylines["storylines_removed"],
        storyline_sources_added=storylines["storyline_sources_added"],
        storyline_sources_removed=storylines["storyline_sources_removed"],
        storylines_refreshed=storylines_done,
        macros_created=macros["macros_created"],
        macros_removed=macros["macros_removed"],
        macro_memberships_changed=macros["macro_memberships_changed"],
        macros_refreshed=macros_done,
        entity_descriptions=entities_done,
        relationship_descriptions=edges_done,
        model_fallbacks=writer.fallbacks,
    )


def run_hierarchy_for_user(user_id: str, now: datetime | None = None) -> dict[str, Any]:
    """The CLI's entry (`engram maintenance run hierarchy --user ID`): one user, now, counts as a dict."""
    return run_hierarchy(user_id, now or datetime.now(UTC)).model_dump()


def run_hierarchy_job(user_id: str, job: Job) -> dict[str, Any]:
    """The `hierarchy` job handler: the fan-out's `now` (a retry uses the same instant)."""
    try:
        payload = HierarchyPayload.model_validate(job.payload)
    except ValidationError as exc:
        raise ValidationFailed("a hierarchy job's payload is {now: ISO time with zone}", field="now") from exc
    return run_hierarchy(user_id, payload.now or datetime.now(UTC), job_id=job.id).model_dump()


# --- rows -> materials -------------------------------------------------------------------------------------


def _edge_material(row: dict[str, Any]) -> RelationshipMaterial:
    return RelationshipMaterial(
        from_name=row["from_name"],
        to_name=row["to_name"],
        relationship_type=row["relationship_type"],
        from_owner=row["from_owner"],
        to_owner=row["to_owner"],
        ended=row["valid_to"] is not None,
        notes=tuple(row["notes"]),
        memories=tuple(row["memories"]),
    )


def _storyline_material(row: dict[str, Any], fresh: dict[UUID, Summary]) -> StorylineMaterial:
    anchor = EntityMaterial(
        name=row["anchor_name"],
        kind=row["anchor_kind"],
        entity_type=row["anchor_type"] or "",
        relationship=row["anchor_relationship"],
        notes=tuple(row["notes"]),
        memories=tuple(row["memories"]),
    )
    rewritten = fresh.get(row["anchor_id"])
    return StorylineMaterial(
        anchor=anchor,
        anchor_description=rewritten.description if rewritten else row["anchor_description"],
        source_count=row["source_count"],
        started_at=row["started_at"],
        last_source_at=row["last_source_at"],
        source_types=dict(row["source_types"]),
        topics=tuple(row["topics"]),
    )


def _macro_material(row: dict[str, Any], fresh: dict[UUID, Summary]) -> MacroMaterial:
    children = []
    for child in row["storylines"]:
        rewritten = fresh.get(UUID(child["id"]))
        children.append(
            ChildStoryline(
                name=rewritten.name or child["name"] if rewritten else child["name"],
                anchor_name=child["anchor_name"],
                description=rewritten.description if rewritten else child["description"],
                source_count=child["source_count"],
                started_at=_instant(child["started_at"]),
                last_source_at=_instant(child["last_source_at"]),
            )
        )
    return MacroMaterial(
        anchor_name=row["anchor_name"],
        anchor_kind=row["anchor_kind"],
        anchor_description=row["anchor_description"],
        storyline_count=row["storyline_count"],
        total_source_count=row["total_source_count"],
        started_at=row["started_at"],
        last_event_at=row["last_event_at"],
        storylines=tuple(children),
    )


def _instant(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _named(summary: Summary) -> str:
    """Storylines and macros are found by their description's embedding; the name leads it."""
    return f"{summary.name}. {summary.description}" if summary.name else summary.description
