"""`POST /v1/recall`: the type-aware context an app's LLM gets with the user's message.

Order of business:

1. classify: a message that needs no memory ("explain quantum entanglement") gets no search
   and no personal context — only the user's custom instructions, which apply to every answer;
2. transform the query (follow-ups, abbreviations; model reformulations when a model is configured);
3. search: the hybrid search for every query text, fused with reciprocal rank fusion, plus three small
   standing searches — preferences, goals and future-dated memories — because "what should I cook for
   Sarah?" needs "vegetarian" and "dinner with Sarah on Friday" even when they share no words with it;
4. sort each memory into exactly one section, in this order of rendering:
   `<user_preferences>` preference memories (after the custom instructions),
   `<active_goals>` current goals,
   `<relevant_context>` what the query matched (words, names, entities, or close embeddings),
   `<known_facts>` other established facts (confidence >= 0.6) the search surfaced,
   `<upcoming_events>` future-dated or recurring memories,
   `<historical_context>` what is no longer true — superseded/historical memories, and older memories
   of a slot a newer one answers (`Candidate.outdated`) — labelled "Previously:" with their dates, only
   when the query asks about the past; otherwise left out, so the current memory answers alone,
   `<related_context>` memories reached only through the graph (one hop from an entity the query names);
5. pack within `max_chars`: every section gets a share of the budget first and leftovers go round again
   in priority order; inside a section the shared ranking helper (`engram.ranking.rank_facts`)
   picks what fits. Items are dropped whole, never cut, the tags count, and evidence is never rendered.

Filters are the search's own (status, historical, expiry, not-yet-effective, sensitivity ceiling);
what ends up in the context has its access recorded, like a search result.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, get_args

from engram.config import get_settings
from engram.db.connection import Conn, get_database
from engram.db.repositories.graph import find_entities_by_canonical
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.search import record_access
from engram.db.repositories.search_visibility import SearchFilters
from engram.language.names import canonical_name
from engram.language.temporal import RECURRENCE_CUES, day_label
from engram.models import Memory, MemoryPreferences, RecallRequest, ScoredMemory
from engram.providers.base import LLM
from engram.providers.factory import get_llm
from engram.providers.spaces import user_embedder
from engram.ranking import ESTABLISHED_CONFIDENCE, rank_facts
from engram.retrieval.classifier import SearchDecision, needs_search
from engram.retrieval.query_vectors import QueryVectors, query_vectors
from engram.retrieval.response_models import RecallSection
from engram.retrieval.search import RRF_K, SLOT_SIGNAL, SearchParams, reads_history, search_in
from engram.retrieval.transform import (
    TransformedQuery,
    content_words,
    generate_queries,
    names_in,
    transform_query,
)

# The context's sections in the order the app's LLM reads them: the documented response type's own order.
SECTIONS: tuple[str, ...] = get_args(RecallSection)
# First packing pass: each section may use up to its share of max_chars, so one long section cannot
# starve the others. The second pass hands what is left to the sections in PRIORITY order.
SHARES = {
    "relevant_context": 0.35,
    "user_preferences": 0.15,
    "active_goals": 0.12,
    "upcoming_events": 0.12,
    "known_facts": 0.14,
    "historical_context": 0.06,
    "related_context": 0.06,
}
PRIORITY = (
    "relevant_context",
    "user_preferences",
    "active_goals",
    "upcoming_events",
    "known_facts",
    "related_context",
    "historical_context",
)
MAIN_LIMIT = 30  # hybrid search candidates per query text
STANDING_LIMIT = 10  # preferences / goals / upcoming candidates
RELEVANT_POOL = 10  # the best-fused direct hits offered to <relevant_context>
MAX_QUERIES = 4
# A hit "matches" the query when a lexical or entity signal found it, or its embedding is this close.
DIRECT_SIMILARITY = 0.3
LEXICAL_SIGNALS = frozenset({"fts", "name", "entity", SLOT_SIGNAL})
FACT_TYPES = frozenset({"fact", "entity", "procedure", "decision"})
_MAX_NAME_CANDIDATES = 60


# --- candidates and items -------------------------------------------------------------------------------


@dataclass
class Candidate:
    """One memory found by any of the searches, with what the fusion learned about it."""

    memory: Memory
    fused: float = 0.0
    similarity: float = 0.0
    signals: set[str] = field(default_factory=set)
    standing: bool = False  # came from a standing (preferences/goals/upcoming) search only
    outdated: bool = False  # search demoted it: no longer true (`engram.retrieval.search.OUTDATED_FACTOR`)

    @property
    def direct(self) -> bool:
        return bool(self.signals & LEXICAL_SIGNALS) or self.similarity >= DIRECT_SIMILARITY

    @property
    def graph_only(self) -> bool:
        return "graph" in self.signals and not self.direct


@dataclass
class ContextItem:
    """A line of the context. `content`/`confidence`/`learned_at` make it `Rankable` for rank_facts."""

    key: str
    text: str
    confidence: float
    learned_at: datetime | None
    memory: Memory | None = None

    @property
    def content(self) -> str:
        return self.text

    @property
    def line(self) -> str:
        return f"- {self.text}"


def direct_match(hit: ScoredMemory) -> bool:
    """Did the query itself match this search hit (not just rank it somewhere)? Needs `explain=True`."""
    return bool(_signals(hit) & LEXICAL_SIGNALS) or hit.similarity >= DIRECT_SIMILARITY


def _signals(hit: ScoredMemory) -> set[str]:
    """The signals that found a hit (`explain`), the slot signal included (it is reported with the
    contributions: it is no signal a request can choose)."""
    explain = hit.explain or {}
    found = set(explain.get("signals", {}))
    if SLOT_SIGNAL in explain.get("contributions", {}):
        found.add(SLOT_SIGNAL)
    return found


def _outdated(hit: ScoredMemory) -> bool:
    return "outdated" in (hit.explain or {}).get("contributions", {})


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _has_date(content: str, when: datetime) -> bool:
    """The write path already appends "(16 November 2026)"-style labels; do not repeat them."""
    lower = content.lower()
    month = when.strftime("%B").lower()
    return when.date().isoformat() in content or (month in lower and str(when.year) in lower)


def _recurrence_label(recurrence: dict[str, Any]) -> str:
    kind = str(recurrence.get("type") or "recurring")
    if kind == "weekly" and recurrence.get("day"):
        label = f"every {recurrence['day']}"
    elif kind == "yearly" and recurrence.get("month") and recurrence.get("day"):
        label = f"every year on {datetime(2000, int(recurrence['month']), 1):%B} {recurrence['day']}"
    else:
        label = kind
    return label + (f" at {recurrence['time']}" if recurrence.get("time") else "")


def render_memory(memory: Memory, section: str, now: datetime) -> str:
    """One line's text: the memory's content (never its evidence) plus its date when it has one."""
    text = _one_line(memory.content)
    suffix = ""
    if section == "historical_context":
        if memory.valid_to:
            return f"Previously: {text} (until {day_label(memory.valid_to.date())})"
        said = memory.document_date or memory.created_at
        return f"Previously: {text}" + ("" if _has_date(text, said) else f" (as of {day_label(said.date())})")
    if section == "active_goals":
        deadline = memory.expires_at or memory.event_date
        if deadline and deadline > now and not _has_date(text, deadline):
            suffix = f"deadline: {day_label(deadline.date())}"
    elif memory.event_date and not _has_date(text, memory.event_date):
        suffix = day_label(memory.event_date.date())
        if memory.event_date.hour or memory.event_date.minute:
            suffix += f", {memory.event_date:%H:%M} UTC"
    elif memory.effective_from and memory.effective_from > now and not _has_date(text, memory.effective_from):
        suffix = f"from {day_label(memory.effective_from.date())}"
    elif memory.recurrence and not RECURRENCE_CUES.search(text):
        suffix = _recurrence_label(memory.recurrence)
    return f"{text} ({suffix})" if suffix else text


def _is_upcoming(memory: Memory, now: datetime) -> bool:
    return bool(
        (memory.event_date and memory.event_date >= now)
        or (memory.effective_from and memory.effective_from > now)
        or memory.recurrence
    )


def assign_section(candidate: Candidate, now: datetime, *, past_query: bool) -> str | None:
    """The one section a memory belongs to (None: left out). Type first, then how the query found it."""
    memory = candidate.memory
    if memory.is_historical or memory.status != "active" or candidate.outdated:
        # Only history the query reaches: "where did Marcus work before?" wants Marcus's old job, not
        # every superseded fact the embedding ranked somewhere.
        matched = candidate.direct or "graph" in candidate.signals
        return "historical_context" if past_query and matched else None
    if memory.memory_type == "preference":
        return "user_preferences"
    if memory.memory_type == "goal":
        return "active_goals"
    if _is_upcoming(memory, now):
        return "upcoming_events"
    if candidate.standing:
        return None
    if candidate.graph_only:
        return "related_context"
    if candidate.direct:
        return "relevant_context"
    if memory.memory_type in FACT_TYPES and memory.confidence >= ESTABLISHED_CONFIDENCE:
        return "known_facts"
    return None


# --- packing --------------------------------------------------------------------------------------------


def _wrapper_chars(section: str) -> int:
    """`<name>\\n` + `</name>` + the newline joining it to the previous section (counted always: safe)."""
    return 2 * len(section) + 6 + 1


def pack_sections(
    pools: dict[str, list[ContextItem]],
    max_chars: int,
    *,
    priority: Sequence[str] = PRIORITY,
    shares: dict[str, float] | None = None,
    opened: Sequence[str] = (),
) -> dict[str, list[ContextItem]]:
    """Choose whole items per section so the rendered context fits `max_chars`.

    Pass 1 gives each section its share of the budget, pass 2 gives the remainder to the sections in
    `priority` order; within a section `rank_facts` (the shared helper) picks and orders the items.
    `opened` sections already have their tags paid for (by the custom instructions).
    """
    shares = SHARES if shares is None else shares
    chosen: dict[str, list[ContextItem]] = {name: [] for name in SECTIONS}
    spent: dict[str, int] = dict.fromkeys(SECTIONS, 0)
    used = 0

    def render(item: ContextItem) -> str:
        return item.line

    for share_pass in (True, False):
        for name in priority:
            taken = {item.key for item in chosen[name]}
            remaining = [item for item in pools.get(name, []) if item.key not in taken]
            if not remaining:
                continue
            overhead = 0 if chosen[name] or name in opened else _wrapper_chars(name)
            room = max_chars - used - overhead
            if share_pass:
                room = min(room, int(shares.get(name, 0.0) * max_chars) - spent[name] - overhead)
            if room <= 0:
                continue
            kept = rank_facts(remaining, room, render=render)
            if not kept:
                continue
            cost = overhead + sum(len(render(item)) + 1 for item in kept)
            chosen[name].extend(kept)
            spent[name] += cost
            used += cost
    # One order per section, whichever pass chose the item: the shared helper's.
    return {name: rank_facts(items, 10**9, render=render) for name, items in chosen.items()}


def render_context(chosen: dict[str, list[ContextItem]], leading: dict[str, list[ContextItem]]) -> str:
    """Sections in the fixed order; `leading` items (custom instructions) open their section."""
    blocks = []
    for name in SECTIONS:
        items = [*leading.get(name, []), *chosen.get(name, [])]
        if items:
            lines = "".join(f"{item.line}\n" for item in items)
            blocks.append(f"<{name}>\n{lines}</{name}>")
    return "\n".join(blocks)


def _instructions_item(prefs: MemoryPreferences) -> ContextItem | None:
    text = _one_line(prefs.custom_instructions or "")
    if not text:
        return None
    return ContextItem("custom_instructions", text, 1.0, prefs.updated_at)


def _reserve_instructions(
    prefs: MemoryPreferences, max_chars: int
) -> tuple[dict[str, list[ContextItem]], int]:
    """The user's custom instructions lead `<user_preferences>` when they fit; their cost is reserved."""
    item = _instructions_item(prefs)
    if item is None:
        return {}, 0
    cost = _wrapper_chars("user_preferences") + len(item.line) + 1
    if cost > max_chars:
        return {}, 0  # never cut an item: instructions longer than the cap are left out whole
    return {"user_preferences": [item]}, cost


# --- searching ------------------------------------------------------------------------------------------


def _name_candidates(query: str, history: Sequence[Any]) -> list[str]:
    """Canonical 1-3 word phrases of the query and names from the history, to look up in the graph."""
    words = re.findall(r"[^\W_]+(?:['’][^\W_]+)?", query)
    out: list[str] = []
    for size in (1, 2, 3):
        for i in range(len(words) - size + 1):
            phrase = canonical_name(" ".join(words[i : i + size]))
            if phrase and (size > 1 or content_words(phrase)):
                out.append(phrase)
    for turn in history[-6:]:
        out.extend(canonical_name(n) for n in names_in(turn.content) if not n.startswith("my "))
    return list(dict.fromkeys(out))[:_MAX_NAME_CANDIDATES]


def _people(conn: Conn, user_id: str, query: str, history: Sequence[Any]) -> tuple[set[str], set[str]]:
    """(people the query names, people the history names), as lowercase canonical names and aliases."""
    rows = find_entities_by_canonical(conn, user_id, _name_candidates(query, history))
    people = [r for r in rows if r["kind"] == "person"]
    names: set[str] = set()
    for row in people:
        names.add(row["canonical_name"])
        names.update(a.lower() for a in row.get("aliases") or [])
    query_words = " ".join(canonical_name(w) for w in query.split())
    in_query = {n for n in names if re.search(rf"\b{re.escape(n)}\b", query_words)}
    return in_query, names


def _fuse(candidates: dict[str, Candidate], hits: list[ScoredMemory], *, standing: bool = False) -> None:
    """Reciprocal rank fusion of one result list into `candidates` (by memory id)."""
    for rank, hit in enumerate(hits, 1):
        key = str(hit.memory.id)
        candidate = candidates.get(key)
        if candidate is None:
            candidate = candidates[key] = Candidate(memory=hit.memory, standing=standing)
        elif not standing:
            candidate.standing = False
        if standing:
            continue  # standing lists say "belongs in its section", not "matches the query"
        candidate.fused += 1.0 / (RRF_K + rank)
        candidate.similarity = max(candidate.similarity, hit.similarity)
        candidate.signals |= _signals(hit)
        candidate.outdated = candidate.outdated or _outdated(hit)


def _search_all(
    conn: Conn,
    user_id: str,
    queries: list[str],
    vectors: list[QueryVectors],
    filters: SearchFilters,
    now: datetime,
) -> dict[str, Candidate]:
    candidates: dict[str, Candidate] = {}
    for index, text in enumerate(queries):
        params = SearchParams(query=text, limit=MAIN_LIMIT, filters=filters, explain=True, track_access=False)
        _fuse(candidates, search_in(conn, user_id, params, vectors[index]))
    standing_filters = [
        SearchFilters(now=now, memory_types=["preference"], sensitivity_max=filters.sensitivity_max),
        SearchFilters(now=now, memory_types=["goal"], sensitivity_max=filters.sensitivity_max),
        SearchFilters(now=now, since=now, sensitivity_max=filters.sensitivity_max),
    ]
    for standing in standing_filters:
        params = SearchParams(query=queries[0], limit=STANDING_LIMIT, filters=standing, track_access=False)
        _fuse(candidates, search_in(conn, user_id, params, vectors[0]), standing=True)
    return candidates


# --- the service ----------------------------------------------------------------------------------------


def _configured_llm() -> LLM | None:
    return None if get_settings().resolved_llm_provider == "rules" else get_llm()


def _stats(
    decision: SearchDecision,
    transformed: TransformedQuery | None,
    chosen: dict[str, list[ContextItem]],
    context: str,
    max_chars: int,
    began: float,
    candidates: int = 0,
) -> dict[str, Any]:
    return {
        "needs_search": decision.needs_search,
        "classifier": decision.method,
        "reasons": decision.reasons,
        "query_used": transformed.query if transformed else None,
        "queries": transformed.queries if transformed else [],
        "transformations": transformed.steps if transformed else [],
        "candidates": candidates,
        "sections": {name: len(chosen.get(name, [])) for name in SECTIONS},
        "chars": len(context),
        "max_chars": max_chars,
        "took_ms": round((time.perf_counter() - began) * 1000, 2),
    }


def recall(user_id: str, request: RecallRequest, *, now: datetime | None = None) -> dict[str, Any]:
    """`{needs_search, context, memories, stats}` for one message (see the module docstring)."""
    began = time.perf_counter()
    now = now or datetime.now(UTC)
    history = list(request.history)
    db = get_database()
    with db.user_transaction(user_id) as conn:
        prefs = get_preferences(conn, user_id)
        named_people, known_people = _people(conn, user_id, request.query, history)
    llm = _configured_llm()
    decision = needs_search(request.query, history, llm=llm, known_names=named_people)
    leading, reserved = _reserve_instructions(prefs, request.max_chars)

    if not decision.needs_search:
        # General questions get no personal memories, but the user's standing instructions ("answer
        # briefly", "I'm a nurse, skip the basics") apply to every answer, so they are still sent.
        context = render_context({}, leading)
        stats = _stats(decision, None, leading, context, request.max_chars, began)
        return {"needs_search": False, "context": context, "memories": [], "stats": stats}

    transformed = transform_query(request.query, history, people=known_people)
    if llm is not None and request.multi_query:
        transformed.alternatives = generate_queries(llm, transformed.query, history)
    queries = transformed.queries[:MAX_QUERIES]
    vectors = query_vectors(user_embedder(user_id, db=db), queries)
    past = reads_history(transformed.query, prefs)
    filters = SearchFilters(
        now=now,
        include_historical=past,
        sensitivity_max=request.sensitivity_max or prefs.default_sensitivity_level,
    )
    with db.user_transaction(user_id) as conn:
        candidates = _search_all(conn, user_id, queries, vectors, filters, now)
        pools: dict[str, list[ContextItem]] = {name: [] for name in SECTIONS}
        ranked = sorted(candidates.values(), key=lambda c: -c.fused)
        for candidate in ranked:
            section = assign_section(candidate, now, past_query=past)
            if section is None:
                continue
            if section == "relevant_context" and len(pools[section]) >= RELEVANT_POOL:
                continue
            memory = candidate.memory
            pools[section].append(
                ContextItem(
                    key=str(memory.id),
                    text=render_memory(memory, section, now),
                    confidence=memory.confidence,
                    learned_at=memory.last_reinforced_at or memory.created_at,
                    memory=memory,
                )
            )
        priority: tuple[str, ...] = PRIORITY
        if past:  # a question about the past wants the history before the background
            rest = [name for name in PRIORITY[1:] if name != "historical_context"]
            priority = ("relevant_context", "historical_context", *rest)
        chosen = pack_sections(pools, request.max_chars - reserved, priority=priority, opened=list(leading))
        included = [item for name in SECTIONS for item in chosen[name]]
        record_access(conn, user_id, [item.memory.id for item in included if item.memory], now)

    context = render_context(chosen, leading)
    assert len(context) <= request.max_chars, "the packer counts every character it renders"
    memories = [
        {
            "id": str(item.memory.id),
            "content": item.memory.content,
            "memory_type": item.memory.memory_type,
            "section": name,
        }
        for name in SECTIONS
        for item in chosen[name]
        if item.memory is not None
    ]
    counted = {name: [*leading.get(name, []), *chosen[name]] for name in SECTIONS}
    stats = _stats(decision, transformed, counted, context, request.max_chars, began, len(candidates))
    return {"needs_search": True, "context": context, "memories": memories, "stats": stats}
