"""Forgotten text leaves every row that carried it, in the caller's transaction.

`forget_memories` deletes memories for good and scrubs what they leave behind; `redact_removed_detail`
does the same for the words a user edit took out of a memory (the memory and the rest of its history
stay). Which string becomes what is `engram.language.forgetting.Scrubber`'s rule; which columns are
free text is `engram.db.repositories.forgetting.SCRUBBED`.

What counts as forgotten text:
- the forgotten memories' sentences (content, evidence, every version) wherever they appear whole;
- the words only they held (a word no remaining memory of the user says), in the rows tied to them:
  their sources and conversations, the jobs of those sources, their audit, timeline, profile rows;
- `terms` a caller names for everywhere (a topic's words, the names of entities that went).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import forgetting as repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.operations import scrub_audit_for_memory
from engram.graph.edge_sync import scope_of_memories, sync_edges
from engram.language.forgetting import Scrubber, distinctive, normal_sentence
from engram.language.text.words import words
from engram.models import cap_evidence


def source_ids_of(rows: Iterable[dict[str, Any]]) -> set[UUID]:
    """The sources a memory came from: its `source_id` and every source of its provenance."""
    found: set[UUID] = set()
    for row in rows:
        if row.get("source_id"):
            found.add(row["source_id"])
        for entry in row.get("provenance") or []:
            if isinstance(entry, dict) and entry.get("source_id"):
                try:
                    found.add(UUID(str(entry["source_id"])))
                except ValueError:
                    continue
    return found


def _sentences_of(texts: Iterable[str | None]) -> set[str]:
    out: set[str] = set()
    for text in texts:
        for piece in (text or "").split("; "):
            normal = normal_sentence(piece.rstrip("…"))
            if len(normal.split()) >= 2:
                out.add(normal)
    return out


def forget_memories(
    conn: Conn,
    user_id: str,
    memory_ids: Sequence[UUID],
    *,
    terms: Iterable[str] = (),
    sentences: Iterable[str] = (),
    request_source: UUID | None = None,
) -> None:
    """Delete the memories and everything that repeats them (module docstring).

    `request_source`: the note that asked for the forget; its words are replaced rather than its
    sentences cut, so the request itself stays on record without the forgotten words.
    """
    ids = list(dict.fromkeys(memory_ids))
    rows = repo.memories_by_ids(conn, user_id, ids)
    versions = repo.version_contents(conn, user_id, ids)
    texts = [
        *(r["content"] for r in rows),
        *(r["name"] for r in rows),
        *(r["evidence"] for r in rows),
        *versions,
    ]
    candidates = set().union(*(distinctive(t or "") for t in texts)) if texts else set()
    local = candidates - repo.words_in_kept_memories(conn, user_id, sorted(candidates), ids)
    entity_ids = repo.linked_entity_ids(conn, user_id, ids)
    sources = source_ids_of(rows) | ({request_source} if request_source else set())

    going = repo.entities_going(conn, user_id, entity_ids, ids, _names_pattern(local | set(terms)))
    # The names of the entities that go are scrubbed everywhere, unless a remaining memory says them.
    names = {w for e in going for n in (e["name"], *(e["aliases"] or [])) for w in distinctive(n)}
    names -= repo.words_in_kept_memories(conn, user_id, sorted(names), ids)
    scrubber = Scrubber(
        terms=frozenset({t.lower() for t in terms} | names),
        local_terms=frozenset(local),
        sentences=frozenset(_sentences_of(texts) | set(sentences)),
    )
    # Scrubbed while the rows still point at the memories (deleting them nulls some of those links).
    scrub(conn, user_id, scrubber, memory_ids=ids, source_ids=sources, request_source=request_source)
    repo.delete_profile_rows(conn, user_id, ids)
    edges = scope_of_memories(conn, user_id, ids)
    for memory_id in ids:
        memory_repo.delete_memory(conn, user_id, memory_id)  # its edge claims go with it
        scrub_audit_for_memory(conn, user_id, memory_id)
    repo.delete_entities(conn, user_id, [e["id"] for e in going])
    sync_edges(conn, user_id, edges, at=datetime.now(UTC))  # what only they said is no edge any more
    graph_repo.refresh_entity_counters(conn, user_id, entity_ids)


def _names_pattern(terms: set[str]) -> str | None:
    """A POSIX regex matching an entity name that carries one of `terms` as a word."""
    safe = sorted(t for t in terms if t.replace("'", "").isalnum())
    if not safe:
        return None
    return r"\m(" + "|".join(safe) + r")"


def scrub(
    conn: Conn,
    user_id: str,
    scrubber: Scrubber,
    *,
    memory_ids: Sequence[UUID],
    source_ids: Iterable[UUID],
    request_source: UUID | None = None,
) -> None:
    """Rewrite every free-text column of the user's rows that carries forgotten text; a row whose
    required text is left empty goes (a source with nothing kept is deleted)."""
    sids = list(source_ids)
    convs = [r["conversation_id"] for r in repo.sources_by_ids(conn, user_id, sids) if r["conversation_id"]]
    ties = {"mids": list(memory_ids), "sids": sids, "convs": convs, "own": request_source}
    likes = scrubber.likes()
    own_scrubber = replace(scrubber, words_only=True, terms=scrubber.terms | scrubber.local_terms)
    for target in repo.SCRUBBED:
        for row in repo.rows_to_scrub(conn, user_id, target, likes, ties):
            rule = own_scrubber if row["_own"] else scrubber
            changes = _scrubbed(target, row, rule, tied=row["_tied"] or row["_own"])
            if not changes:
                continue
            if "evidence" in changes:  # a short pointer by its CHECK: "[forgotten]" may lengthen it
                changes["evidence"] = cap_evidence(changes["evidence"])
            emptied = any(not changes.get(c, row[c]) for c in target.required)
            if emptied or (target.table == "sources" and not row["_own"] and _nothing_kept(changes)):
                repo.delete_row(conn, user_id, target, row)
            else:
                repo.update_row(conn, user_id, target, row, changes)


def _nothing_kept(changes: dict[str, Any]) -> bool:
    return "content" in changes and not words(changes["content"] or "")


def _scrubbed(target: repo.Target, row: dict[str, Any], rule: Scrubber, *, tied: bool) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for column in target.texts:
        if isinstance(row[column], str):
            new = rule.text(row[column], tied=tied)
            if new != row[column]:
                changes[column] = new  # an emptied text stays '' (several are NOT NULL DEFAULT '')
    for column in target.jsons:
        if row[column] is not None:
            new_value = rule.value(row[column], tied=tied)
            if new_value != row[column]:
                changes[column] = new_value
    for column in target.arrays:
        if row[column]:
            new_list = rule.array(list(row[column]), tied=tied)
            if new_list != list(row[column]):
                changes[column] = new_list
    return changes


def _stem(word: str) -> str:
    """A crude stem, enough to see "sees" and "see" as one word said again."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def redact_removed_detail(
    conn: Conn, user_id: str, before: dict[str, Any], after: dict[str, Any]
) -> set[str]:
    """A user edit that took a detail out of a memory: the removed words leave its earlier versions, its
    audit, its sources and whatever else is tied to it, replaced by a marker so the rest of the history
    stays readable. Returns the words redacted.

    An edit removes a detail when it adds no word of its own (every distinctive word of the new content
    was in the old): "My sister lives in Lima and works at Acme" -> "My sister works at Acme". The other
    memories read from the same sentence that say a removed word (a side fact such as "Dr. Lee is my
    therapist") are forgotten with the detail. An edit
    that brings new words is a correction ("Sarah" -> "Sara"), and its history keeps the old wording.
    """
    new = distinctive(after["content"])
    # what the user said is the memory's text and the note it came from (a model may have reworded
    # "I see my therapist" as "The user sees their therapist"): the edit is read against both
    told = [before["content"], before["evidence"] or ""]
    told += [
        s["content"] or ""
        for s in repo.sources_by_ids(conn, user_id, sorted(source_ids_of([before]), key=str))
    ]
    old = set().union(*(distinctive(text) for text in told))
    said_again = {_stem(w) for w in new}
    removed = {w for w in old - new if _stem(w) not in said_again}
    if not removed or not {_stem(w) for w in new} <= {_stem(w) for w in old}:
        return set()
    # side facts read from the same sentence that carry the removed detail go with it
    siblings = repo.sentence_siblings(conn, user_id, before, sorted(removed))
    if siblings:
        forget_memories(conn, user_id, siblings)
    removed -= repo.words_in_kept_memories(conn, user_id, sorted(removed), [before["id"]])
    removed -= new
    if not removed:
        return set()
    pattern = _names_pattern(removed)
    linked = repo.linked_entity_ids(conn, user_id, [before["id"]])
    if pattern is not None:
        repo.unlink_named_entities(conn, user_id, before["id"], pattern)
        going = repo.entities_going(conn, user_id, linked, [], None)
        repo.delete_entities(conn, user_id, [e["id"] for e in going])
        graph_repo.refresh_entity_counters(conn, user_id, linked)
    scrubber = Scrubber(local_terms=frozenset(removed), words_only=True)
    scrub(conn, user_id, scrubber, memory_ids=[before["id"]], source_ids=source_ids_of([before]))
    return removed
