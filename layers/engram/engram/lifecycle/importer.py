"""Bulk import of legacy entities and facts, for `POST /v1/import` and `engram import`.

Order of business for one request (at most `MAX_IMPORT_ITEMS` items, already validated as a whole):
1. the privacy filter, as analyze applies it: an item whose text holds a secret is dropped (never
   stored redacted, like `keep_fact`), as is one about a never-store topic or of a memory type the
   user disabled; every other text field of a kept item (evidence, outcome, metadata, an entity's
   type ...) is redacted; an item without a sensitivity is marked `sensitive` when it is about one of
   the user's auto-sensitive topics;
2. idempotency: a fact is keyed on its content hash per user (a hash the user holds in any status is
   `existing`); an entity is keyed on its node — `resolve_entity` maps "Sarah" to the node analyze or
   an earlier import made, and a node that already has an entity memory is `existing`;
3. embeddings for the new items only, in batches (`embed` of `batch_size` texts), before the write
   transaction — a model call never holds row locks;
4. ONE write transaction, serialised per user by an advisory lock: nodes resolved, memories inserted
   (version 1, an ADD version row and an ADD audit row each, like the write path), entity memories
   linked to their nodes, node counters refreshed (the timeline is derived from the memories).

Imported memories have no source (there was no episode) and facts are not linked to the graph unless
they are entity memories with a name.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar
from uuid import UUID

from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import account as account_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.preferences import get_preferences
from engram.errors import ValidationFailed
from engram.graph.edge_sync import sync_memories
from engram.graph.edge_writer import write_claims
from engram.graph.edges import edges_for_fact, tie_edges
from engram.graph.resolution import resolve_entity
from engram.language.names import canonical_name
from engram.language.privacy import matches_topics, redact_model, redact_secrets
from engram.lifecycle.account_models import (
    ImportFact,
    ImportRequest,
    ImportResult,
    LegacyEntity,
    SkippedItem,
)
from engram.models import IMPORTANCE_SCORES, CandidateFact, EntityMention, MemoryPreferences
from engram.observability import logger
from engram.pipeline.edit_reading import read_edit, reread_metadata
from engram.pipeline.update import content_hash
from engram.providers.base import Embedder
from engram.providers.spaces import user_embedder

EMBED_BATCH = 64
_ENTITIES = TypeAdapter(list[LegacyEntity])
_FACTS = TypeAdapter(list[ImportFact])
ProgressCallback = Callable[[int], None]  # called with how many items of this request were just handled


@dataclass
class _Item:
    """One importable item on its way to a memory row."""

    kind: str  # "entity" | "fact"
    index: int  # position in its list of the request
    columns: dict[str, Any]
    node: dict[str, Any] | None = None  # resolve_entity arguments, for entity memories
    legacy: LegacyEntity | None = None
    entity_id: UUID | None = None
    facts: list[CandidateFact] = field(default_factory=list)  # its text read as a note would be

    @property
    def hash(self) -> str:
        return str(self.columns["content_hash"])


def entity_content(entity: LegacyEntity) -> str:
    """The entity memory's text: "Sarah is my sister. Lives in Oslo." (relationship, then context)."""
    head = (
        f"{entity.name} is my {entity.relationship}"
        if entity.relationship
        else f"{entity.name} ({entity.type})"
    )
    if not entity.context:
        return head
    return f"{head}. {entity.context}"


def import_records(
    user_id: str,
    request: ImportRequest,
    *,
    db: Database | None = None,
    embedder: Embedder | None = None,
    batch_size: int = EMBED_BATCH,
    progress: ProgressCallback | None = None,
    now: datetime | None = None,
) -> ImportResult:
    """Import one validated request; see the module docstring for the rules. Idempotent."""
    db = db or get_database()
    embedder = embedder or user_embedder(user_id, db=db)
    result = ImportResult()
    with db.user_transaction(user_id) as conn:
        prefs = get_preferences(conn, user_id)
    items = _items(request, prefs, now or datetime.now(UTC), embedder.model, result)
    with db.user_transaction(user_id) as conn:
        held = account_repo.existing_hashes(conn, user_id, [i.hash for i in items])
    fresh = _first_of_each_hash(items, held, result)
    _embed(
        fresh, embedder, batch_size, progress, handled=len(request.entities) + len(request.facts) - len(fresh)
    )
    with db.user_transaction(user_id) as conn:
        _write(conn, user_id, fresh, result)
    # Debug, not info: `engram import` logs to the stdout its JSON summary goes to, once per chunk.
    logger.debug(
        "import applied",
        extra={
            "entities_created": result.entities.created,
            "facts_created": result.facts.created,
            "skipped": len(result.entities.skipped) + len(result.facts.skipped),
        },
    )
    return result


def _items(
    request: ImportRequest, prefs: MemoryPreferences, now: datetime, model: str, result: ImportResult
) -> list[_Item]:
    """Step 1: every item the privacy filter keeps, as a memory row; the others are counted skipped."""
    items: list[_Item] = []
    redacted: dict[str, Any] = {}  # this request's records read for secrets, by their JSON (`_redacted`)
    for index, entity in enumerate(request.entities):
        item = _entity_item(index, entity, prefs, now, model, redacted)
        if isinstance(item, str):
            result.entities.skipped.append(SkippedItem(index=index, reason=item))
        else:
            items.append(item)
    for index, fact in enumerate(request.facts):
        item = _fact_item(index, fact, prefs, now, model, redacted)
        if isinstance(item, str):
            result.facts.skipped.append(SkippedItem(index=index, reason=item))
        else:
            items.append(item)
    return items


_Record = TypeVar("_Record", LegacyEntity, ImportFact)


def _redacted(record: _Record, seen: dict[str, Any]) -> _Record:
    """The record with secrets out of every field. A file repeats records (an export's duplicates, a
    fuzzer's 5,000 copies of one fact: 3.4 s of forty rules over nine fields each, past a client's 10 s
    timeout on a loaded machine): each distinct one is read once per request, and nothing read is kept
    after it (a process-wide cache would hold the secrets it was built to drop)."""
    key = record.model_dump_json()
    if key not in seen:
        seen[key] = redact_model(record)[0]
    return seen[key]


def _write(conn: Conn, user_id: str, items: list[_Item], result: ImportResult) -> None:
    """Step 4, in one transaction serialised per user: what no concurrent import stored meanwhile is
    resolved to its node, inserted once per node and content, linked."""
    account_repo.lock_user_imports(conn, user_id)
    # Another import of the same file may have committed while we were embedding.
    held = account_repo.existing_hashes(conn, user_id, [i.hash for i in items])
    fresh = _first_of_each_hash(items, held, result)
    for item in fresh:
        if item.node is not None:
            item.entity_id = resolve_entity(conn, user_id, **item.node)
    to_insert = _one_entity_memory_per_node(conn, user_id, fresh, result)
    account_repo.insert_imported_memories(conn, user_id, [i.columns for i in to_insert])
    links = [(i.columns["id"], i.entity_id) for i in to_insert if i.entity_id is not None]
    account_repo.link_imported_memories(conn, user_id, links)
    _claim(conn, user_id, to_insert)
    account_repo.apply_legacy_entity_fields(
        conn,
        user_id,
        [
            (
                i.entity_id,
                i.legacy.first_mentioned_at,
                i.legacy.last_mentioned_at,
                i.legacy.verified,
            )
            for i in fresh
            if i.entity_id is not None and i.legacy is not None
        ],
    )
    graph_repo.refresh_entity_counters(conn, user_id, sorted({e for _, e in links}, key=str))


def _read(item: _Item, prefs: MemoryPreferences) -> _Item:
    """An imported text is read as the same note would be (`engram.pipeline.edit_reading`): its slot
    fills the metadata a record did not give, and its facts are the edges it claims."""
    columns = item.columns
    metadata = dict(columns["metadata"])
    item.facts = read_edit(
        columns["content"], {"subject": columns.get("name") or ""}, observed_at=columns["valid_from"],
        preferences=prefs,
    )  # fmt: skip
    if "attribute" not in metadata:
        columns["metadata"] = reread_metadata(metadata, item.facts)
    return item


def _claim(conn: Conn, user_id: str, items: list[_Item]) -> None:
    """The edges the imported memories state, like the same notes would: the user's tie to a person
    the record names ("sister"), and those of the facts read from its text; then derived."""
    claimed = []
    for item in items:
        specs = [spec for fact in item.facts for spec in edges_for_fact(fact)]
        nodes: dict[str, UUID] = {}
        node = item.node
        if node is not None and item.entity_id is not None:
            nodes[canonical_name(node["name"])] = item.entity_id
            if node["kind"] == "person" and node["relationship"]:
                mention = EntityMention(
                    name=node["name"], kind="person", entity_type=node["entity_type"],
                    relationship=node["relationship"],
                )  # fmt: skip
                specs = tie_edges(mention, description=item.columns["content"]) + specs
        if specs:
            write_claims(
                conn,
                user_id,
                specs,
                memory_id=item.columns["id"],
                entity_ids=nodes,
                at=item.columns["valid_from"],
            )
            claimed.append(item.columns["id"])
    sync_memories(conn, user_id, claimed, at=datetime.now(UTC))


def _one_entity_memory_per_node(
    conn: Conn, user_id: str, items: list[_Item], result: ImportResult
) -> list[_Item]:
    """The items to insert: an active entity memory is `existing` when its node already has one (stored
    before, or earlier in this request); every other item is created."""
    known = account_repo.entities_with_entity_memory(
        conn, user_id, [i.entity_id for i in items if i.entity_id is not None]
    )
    to_insert: list[_Item] = []
    for item in items:
        if item.entity_id is not None and item.columns["status"] == "active":
            if item.entity_id in known:
                _count(result, item, created=False)
                continue
            known.add(item.entity_id)
        to_insert.append(item)
        _count(result, item, created=True)
    return to_insert


def _privacy_refusal(text: str, memory_type: str, prefs: MemoryPreferences) -> str | None:
    """Why analyze would not store this text, or None. Never quotes the text."""
    found = redact_secrets(text)
    if found.found:
        return "contains a secret (" + ", ".join(found.kinds) + "); not stored"
    if prefs.never_store and matches_topics(text, prefs.never_store):
        return "about a topic the user's preferences say never to store"
    if memory_type not in prefs.enabled_categories:
        return f"memory type {memory_type} is disabled in the user's preferences"
    return None


def _sensitivity(text: str, given: str | None, prefs: MemoryPreferences) -> str:
    if given is not None:
        return given
    if prefs.auto_mark_sensitive and matches_topics(text, prefs.auto_mark_sensitive):
        return "sensitive"
    return prefs.default_sensitivity_level


def _entity_item(
    index: int,
    entity: LegacyEntity,
    prefs: MemoryPreferences,
    now: datetime,
    model: str,
    seen: dict[str, Any],
) -> _Item | str:
    """A legacy entity as an entity memory plus the node it names (or why it is not stored)."""
    content = entity_content(entity)
    refusal = _privacy_refusal(content, "entity", prefs)
    if refusal:
        return refusal
    entity = _redacted(entity, seen)  # the fields that are not part of its content (type, ...)
    entity_type = (entity.type or "person").lower()  # never None after validation
    kind = "person" if entity_type == "person" else "entity"
    first = entity.first_mentioned_at or now
    last = entity.last_mentioned_at or first
    memory_id = uuid.uuid4()
    columns: dict[str, Any] = {
        "id": memory_id,
        "root_id": memory_id,
        "content": content,
        "name": entity.name,
        "memory_type": "entity",
        "layer": "semantic",
        "entity_type": entity_type,
        "relationship": entity.relationship,
        "confidence": 1.0 if entity.verified else 0.8,
        "source_type": "explicit",
        "importance": "medium",
        "importance_score": IMPORTANCE_SCORES["medium"],
        "is_historical": False,
        "valid_from": first,
        "sensitivity_level": _sensitivity(content, None, prefs),
        "status": "active",
        "state": "candidate",
        "ttl_policy": "decay",
        "salience": 0.5,
        "mention_count": entity.mention_count,
        "last_reinforced_at": last,
        "content_hash": content_hash(content),
        "metadata": {"imported": "legacy_entity", "verified": entity.verified},
        "embedding_model": model,
        "created_at": entity.created_at or first,
    }
    node = {
        "name": entity.name,
        "kind": kind,
        "entity_type": entity_type,
        "relationship": entity.relationship,
        "at": first,
    }
    return _read(_Item("entity", index, columns, node=node, legacy=entity), prefs)


def _fact_item(
    index: int, fact: ImportFact, prefs: MemoryPreferences, now: datetime, model: str, seen: dict[str, Any]
) -> _Item | str:
    """A fact as a memory row (or why it is not stored); entity memories with a name also name a node."""
    refusal = _privacy_refusal(fact.content, fact.memory_type, prefs)
    if refusal:
        return refusal
    fact = _redacted(fact, seen)  # evidence, name, outcome, metadata, recurrence ...: redacted, not refused
    created = fact.created_at or now
    valid_from = fact.valid_from or fact.effective_from or created
    if fact.valid_to is not None and valid_from > fact.valid_to:
        valid_from = fact.valid_to
    memory_id = uuid.uuid4()
    columns = memory_repo.fact_columns(fact) | {
        "id": memory_id,
        "root_id": memory_id,
        "document_date": fact.document_date,
        "valid_from": valid_from,
        "valid_to": fact.valid_to,
        "sensitivity_level": _sensitivity(fact.content, fact.sensitivity_level, prefs),
        "status": fact.status,
        "state": fact.state,
        "ttl_policy": fact.ttl_policy,
        "salience": fact.salience if fact.salience is not None else 0.5,
        "mention_count": fact.mention_count,
        "outcome_recorded_at": fact.outcome_recorded_at or (created if fact.outcome else None),
        "last_reinforced_at": fact.last_reinforced_at,
        "content_hash": content_hash(fact.content),
        "metadata": {**(fact.metadata or {}), "imported": "fact"},
        "embedding_model": model,
        "created_at": created,
    }
    if fact.importance_score is not None:
        columns["importance_score"] = fact.importance_score
    node = None
    if fact.memory_type == "entity" and fact.name and canonical_name(fact.name):
        entity_type = (fact.entity_type or "").lower()
        node = {
            "name": fact.name,
            "kind": "person" if entity_type == "person" else "entity",
            "entity_type": entity_type,
            "relationship": fact.relationship,
            "at": valid_from,
        }
    return _read(_Item("fact", index, columns, node=node), prefs)


def _first_of_each_hash(items: Sequence[_Item], held: set[str], result: ImportResult) -> list[_Item]:
    """Items whose content the user does not hold yet, each content once (a file may repeat itself);
    the others are counted `existing`."""
    seen = set(held)
    fresh: list[_Item] = []
    for item in items:
        if item.hash in seen:
            _count(result, item, created=False)
            continue
        seen.add(item.hash)
        fresh.append(item)
    return fresh


def _count(result: ImportResult, item: _Item, *, created: bool) -> None:
    counts = result.entities if item.kind == "entity" else result.facts
    if created:
        counts.created += 1
    else:
        counts.existing += 1


def _embed(
    items: Sequence[_Item],
    embedder: Embedder,
    batch_size: int,
    progress: ProgressCallback | None,
    *,
    handled: int,
) -> None:
    """Embed new items' contents `batch_size` at a time (one provider call per batch)."""
    import numpy as np

    if progress is not None and handled:
        progress(handled)
    for start in range(0, len(items), batch_size):
        batch = items[start : start + batch_size]
        vectors = np.asarray(embedder.embed([i.columns["content"] for i in batch]), dtype=np.float32)
        for item, vector in zip(batch, vectors, strict=True):
            item.columns["embedding"] = vector
        if progress is not None:
            progress(len(batch))


# --- whole files (`engram import FILE`) ------------------------------------------------------------------

FILE_CHUNK = 500


def parse_import_file(document: Any) -> tuple[list[LegacyEntity], list[ImportFact]]:
    """Validate a whole file before anything is written: `{"entities": [...], "facts": [...]}`, any size.

    Raises ValidationFailed naming the first bad item as the API would (`facts[3].content`).
    """
    if not isinstance(document, dict):
        raise ValidationFailed("the file must hold a JSON object with entities and/or facts", field="body")
    unknown = sorted(set(document) - {"entities", "facts"})
    if unknown:
        raise ValidationFailed(f"{unknown[0]} is not a known field", field=unknown[0])
    parsed: dict[str, list[Any]] = {}
    for key, adapter in (("entities", _ENTITIES), ("facts", _FACTS)):
        try:
            parsed[key] = adapter.validate_python(document.get(key) or [])
        except PydanticValidationError as exc:
            error = exc.errors()[0]
            field = key + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error["loc"])
            raise ValidationFailed(f"{field} {str(error['msg']).lower()}", field=field) from None
    return parsed["entities"], parsed["facts"]


def import_document(
    user_id: str,
    entities: Sequence[LegacyEntity],
    facts: Sequence[ImportFact],
    *,
    chunk_size: int = FILE_CHUNK,
    progress: ProgressCallback | None = None,
    db: Database | None = None,
    embedder: Embedder | None = None,
) -> ImportResult:
    """Import validated items of any number in chunks of `chunk_size` (each one `import_records` call,
    one transaction), entities first. Skipped indexes refer to the whole file. A run that stops midway
    can simply be repeated: what was committed counts as existing."""
    total = ImportResult()
    chunk_size = max(1, chunk_size)
    for start in range(0, len(entities), chunk_size):
        chunk = ImportRequest.model_construct(entities=list(entities[start : start + chunk_size]), facts=[])
        total.add(import_records(user_id, chunk, db=db, embedder=embedder, progress=progress), start, 0)
    for start in range(0, len(facts), chunk_size):
        chunk = ImportRequest.model_construct(entities=[], facts=list(facts[start : start + chunk_size]))
        total.add(import_records(user_id, chunk, db=db, embedder=embedder, progress=progress), 0, start)
    return total
