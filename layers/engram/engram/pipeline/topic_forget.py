"""A forget request: "forget that Marcus works at Stripe" (one fact) or "forget what I said about my
grandmother" (a topic: every memory of it).

The memories of a topic are those that
- mention it by its words ("blood pressure": both words) or by the name of an entity it names,
- are linked to such an entity (the topic's name, alias, or its tie to the user: "my grandmother"
  is the person whose relationship is grandmother),
- continue it through a pronoun in the note or conversation that told it ("I still miss her" after
  "My grandmother taught me to bake"), or in the next note of the same conversation when the topic's
  chain was still open. A sentence that names anyone else breaks the chain, so "Tom said she was right"
  is never taken for the topic.
All of them are then forgotten together (`engram.pipeline.scrubbing.forget_memories`), with the topic's
words and the names of its entities scrubbed from every stored text of the user.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import forgetting as repo
from engram.language.forgetting import Topic, follow_ups, forget_topic, normal_sentence
from engram.language.text import RELATION_WORDS, normalise_text, split_sentences, spot_entities
from engram.language.text.words import words
from engram.models import CandidateFact
from engram.pipeline.scrubbing import forget_memories, source_ids_of

_RELATION_NOUN = re.compile(r"\b(?:my|his|her|our|their|your)\s+([a-z][a-z\-]*)", re.IGNORECASE)


def forget_request(
    conn: Conn, user_id: str, fact: CandidateFact, target_id: UUID | None, *, request_source: UUID | None
) -> list[UUID]:
    """Forget what the request targets; returns the ids of the memories forgotten (possibly none).

    A topic request scrubs its words even when no memory holds them any more, so the request's own
    note, the conversation and the jobs never keep them."""
    topic = forget_topic(fact.content, [e.name for e in fact.entities if e.kind == "person"])
    if topic is None:
        if target_id is None:
            return []
        forget_memories(conn, user_id, [target_id], request_source=request_source)
        return [target_id]
    ids, sentences, names = topic_memories(conn, user_id, topic, target_id, request_source=request_source)
    terms = {*topic.words, *(w for n in names for w in words(n) if len(w) > 2)}
    forget_memories(conn, user_id, ids, terms=terms, sentences=sentences, request_source=request_source)
    return ids


def topic_memories(
    conn: Conn, user_id: str, topic: Topic, target_id: UUID | None, *, request_source: UUID | None = None
) -> tuple[list[UUID], set[str], set[str]]:
    """(memory ids, the topic's sentences in its sources (normalised), the names of its entities)."""
    entities = repo.topic_entities(
        conn, user_id, [*topic.names, " ".join(topic.words)], [*topic.relations, *topic.words]
    )
    names = {n for e in entities for n in (e["name"], *(e["aliases"] or []))}
    by_name = [Topic(words=tuple(words(n))) for n in names if words(n)]

    def about(text: str | None) -> bool:
        return topic.mentioned_in(text) or any(t.mentioned_in(text) for t in by_name)

    likes = [f"%{w}%" for w in (*topic.words, *names)]
    found: dict[UUID, dict[str, Any]] = {}
    for row in repo.memories_matching(conn, user_id, likes):
        subject = (row["metadata"] or {}).get("subject")
        if about(row["content"]) or about(row["name"]) or about(subject):
            found[row["id"]] = row
    for row in repo.memories_linked_to(conn, user_id, [e["id"] for e in entities]):
        found[row["id"]] = row
    if target_id is not None:
        for row in repo.memories_by_ids(conn, user_id, [target_id]):
            found[row["id"]] = row

    known = {n.lower() for n in (*names, *topic.names)}
    sentences = _topic_sentences(
        conn, user_id, source_ids_of(found.values()), topic, about, known, request_source
    )
    if sentences:
        sources = [s["id"] for s in repo.sources_by_ids(conn, user_id, list(source_ids_of(found.values())))]
        for row in repo.memories_of_sources(conn, user_id, sources + _followed(conn, user_id, sources)):
            if _told_in(row, sentences):
                found[row["id"]] = row
    return list(found), sentences, names


def _told_in(row: dict[str, Any], sentences: set[str]) -> bool:
    pieces = [row["content"], *((row["evidence"] or "").split("; "))]
    return any(normal_sentence(p.rstrip("…")) in sentences for p in pieces if p)


def _followed(conn: Conn, user_id: str, source_ids: list[UUID]) -> list[UUID]:
    nexts = (repo.next_source(conn, user_id, s) for s in repo.sources_by_ids(conn, user_id, source_ids))
    return [n["id"] for n in nexts if n is not None]


def _topic_sentences(
    conn: Conn,
    user_id: str,
    source_ids: set[UUID],
    topic: Topic,
    about: Any,
    known: set[str],
    request_source: UUID | None,
) -> set[str]:
    """The sentences of the topic's sources about it, pronoun follow-ups included (normalised)."""
    relations = set(topic.relations) | set(topic.words)

    def someone_else(sentence: str) -> bool:
        people = [e for e in spot_entities(sentence) if e.kind == "person" and e.name.lower() not in known]
        ties = [m.group(1).lower() for m in _RELATION_NOUN.finditer(sentence)]
        return bool(people) or any(t in RELATION_WORDS and RELATION_WORDS[t] not in relations for t in ties)

    chosen: set[str] = set()
    for source in repo.sources_by_ids(conn, user_id, sorted(source_ids)):
        sentences = split_sentences(normalise_text(source["content"] or ""))
        found, still_open = follow_ups(sentences, about, someone_else, topic.pronouns)
        chosen |= {normal_sentence(sentences[i]) for i in found}
        following = repo.next_source(conn, user_id, source) if still_open else None
        if following is not None and following["id"] != request_source and following["id"] not in source_ids:
            more = split_sentences(normalise_text(following["content"] or ""))
            extra, _ = follow_ups(more, about, someone_else, topic.pronouns, carried=True)
            chosen |= {normal_sentence(more[i]) for i in extra}
    return {s for s in chosen if s}
