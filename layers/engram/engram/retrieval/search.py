"""Standard search: hybrid candidates fused with reciprocal rank fusion, re-ranked by a weighted score.

final_score = w_relevance * ranking + relevance * (w_importance * importance_score
              + w_recency * 0.95^weeks + w_access * access + length), with weights from settings
(70/10/10/10 by default), where ranking is 0.35 of the RRF fusion of the signals that found the memory
(normalised to the best candidate: which memory is better for this query) and 0.65 of the calibrated
relevance (`calibration` and `relevance` modules: how well it answers it), access grows with
retrievals on a log scale, and `length` (+-0.05) prefers the shorter of two memories that answer
about as well (more answer per character of a reader's budget). Importance, recency, access and
length order memories that answer equally well; they must not lift one that answers worse, so they
count in proportion to the calibrated relevance: a memory that does not answer the query gains nothing
from being important or often read, one that half answers it half (app relevance set, tuning half:
precision@1 .808 -> .818, forbidden memories in the top 5 .250 -> .188; docs/benchmarks.md).
Retrieved memories get their access tracked.

What is no longer true ranks below what is: a superseded or historical memory, or an older memory of a
slot the question asks for that a newer one of the same subject followed (`Candidate.stale`), keeps
only `OUTDATED_FACTOR` of its score, so a search that includes history still answers with the present
first and the past after it. Asked how things are now, the last told of the memories that answer gains
`NOW_WEIGHT` of its relevance (`newer`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from engram.config import get_settings
from engram.db.connection import Conn, get_database
from engram.db.repositories import corpus
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.search import Candidate, hybrid_candidates, result_rows
from engram.db.repositories.search_visibility import SearchFilters
from engram.language.question_idioms import plain_question
from engram.language.question_time import (
    asks_about_past_events,
    asks_ever,
    asks_now,
    asks_previous,
    is_past_query,
)
from engram.language.question_when import asks_planned_time
from engram.models import (
    IMPORTANCE_SCORES,
    SEARCH_SIGNALS,
    Memory,
    MemoryPreferences,
    ScoredMemory,
    SearchRequest,
)
from engram.providers.spaces import user_embedder
from engram.retrieval.calibration import NamedPeriod, calibrate, named_period, newness
from engram.retrieval.kin_chain import with_kin_named
from engram.retrieval.query_vectors import QueryVectors, query_vector
from engram.retrieval.relevance import KIND_UNTOLD, Evidence, meaning

if TYPE_CHECKING:
    import numpy as np

ACCESS_TRACKED_RESULTS = 10
RRF_K = 20  # smaller than the classic 60: the first ranks of each signal should count clearly more
FUSED_SIGNALS = ("vector", "fts", "name", "entity", "graph")
# Signals are not equally informative: a lexical or semantic match says more than "mentions an entity
# the query names" or "one hop away in the graph".
SIGNAL_WEIGHTS = {"vector": 1.0, "fts": 1.0, "name": 0.3, "entity": 0.5, "graph": 0.3, "slot": 1.0,
                  "period": 0.5}  # fmt: skip
# The slot signal (a memory whose stored attribute answers what the question asks, `question_slots`) is
# no request signal of its own: it reads the question's words, so it comes with full text.
SLOT_SIGNAL = "slot"
# The period signal (memories dated in the period the question names, `named_period`) is no request
# signal either: it reads the question's words, so it comes with full text.
PERIOD_SIGNAL = "period"
# What is no longer true keeps this share of its score: below a current memory of similar relevance,
# above what is irrelevant.
OUTDATED_FACTOR = 0.5
# Asked what someone said ("what did Saskia say about her work?") where a memory reports their words, a
# memory that does not (her job, in the question's own words) keeps this share: it is about the topic,
# not about what was said (app relevance set: docs/benchmarks.md).
UNSAID_FACTOR = 0.6
# The offline hash embedder is lexical (words and character n-grams, no IDF): next to the IDF-weighted
# full-text signal it mostly repeats it with more noise, so it counts half (LOCOMO ablation, README).
LEXICAL_EMBEDDER_VECTOR_WEIGHT = 0.5
# The candidates, in fused order, that are ranked and get a calibrated relevance: three times the limit
# (importance and recency may lift one from below the limit) and some slack for those the threshold
# leaves out.
EVIDENCE_SLACK = 20
# Each signal's candidates: its best 50, or five times the limit when that is more.
CANDIDATES_PER_SIGNAL = 50
# The share of the fused signal ranks in the ranking term; the calibrated relevance has the rest. The
# fused ranks are scaled to the best candidate, so they tell which memory is first more than how well
# it answers; the rules that read what a question asks act on the relevance. At 0.35 rather than 0.5
# the app relevance set's precision@1 with hash rose .739-.741 -> .746 (.754 at 0.25 and 0.2), while
# LOCOMO held (hash .764 -> .765, MiniLM .811 -> .810; .759 with hash at 0.2): docs/benchmarks.md.
FUSED_SHARE = 0.35
# Asked how things are now ("what am I taking for my blood pressure now?", "my most recent HbA1c?"), of
# the candidates that answer about as well as the best (`calibration.NOW_CLOSE`), the one told last
# gains NOW_WEIGHT x its relevance, the one told first nothing, those between in proportion to when
# they were told, each scaled by how well it answers against the best (`calibration.newness`): a later
# reading, dose or plan replaces the one before it though the write path could not tell they were the
# same (app relevance set, precision@1 with MiniLM .768 -> .783 on the tuning
# half, .667 -> .673 held-out; with hash within its spread, .746-.754; docs/benchmarks.md).
NOW_WEIGHT = 0.3
# Results are read under a character budget (an LLM's context): of two memories that answer about as
# well, the shorter carries more of the answer per character. The `length` term adds LENGTH_WEIGHT x
# ln(TYPICAL_CHARS / chars), bounded to +-LENGTH_WEIGHT: a 40-character memory gains 0.035, a
# 240-character one loses 0.05. It moves memories of close scores only (LOCOMO and the app relevance
# set: docs/benchmarks.md).
LENGTH_WEIGHT = 0.05
TYPICAL_CHARS = 80
# The moment a question about what happened ("where did I do fieldwork?") reads memories alive at: any
# time, so what expired since (a two-week stay, a course) is visible to it.
EVER = datetime(1900, 1, 1, tzinfo=UTC)


@dataclass
class SearchParams:
    """One hybrid search, independent of how the request arrived (API, recall, special queries)."""

    query: str
    limit: int = 10
    threshold: float = 0.0
    filters: SearchFilters = field(default_factory=lambda: SearchFilters(now=datetime.now(UTC)))
    signals: set[str] = field(default_factory=lambda: set(SEARCH_SIGNALS))
    explain: bool = False
    track_access: bool = True


def filters_from_request(request: SearchRequest, default_ceiling: str, now: datetime) -> SearchFilters:
    min_importance = request.min_importance
    if isinstance(min_importance, str):
        min_importance = IMPORTANCE_SCORES[min_importance]
    return SearchFilters(
        now=now,
        include_historical=request.include_historical,
        exclude_expired=request.exclude_expired,
        memory_types=list(request.memory_types) if request.memory_types else None,
        min_importance=min_importance,
        sensitivity_max=request.sensitivity_max or default_ceiling,
    )


def recency_score(last_reinforced_at: datetime | None, created_at: datetime, now: datetime) -> float:
    """1 for a memory reinforced (or, never reinforced, created) now, x0.95 per week since."""
    reference = last_reinforced_at or created_at
    weeks = max(0.0, (now - reference).total_seconds() / (7 * 86400))
    return 0.95**weeks


def length_score(chars: int) -> float:
    """The `length` term of final_score: positive below TYPICAL_CHARS, negative above, bounded."""
    return max(-LENGTH_WEIGHT, min(LENGTH_WEIGHT, LENGTH_WEIGHT * math.log(TYPICAL_CHARS / chars)))


def access_score(access_count: int) -> float:
    """Retrievals on a log scale: 10 of them count fully."""
    return min(1.0, math.log1p(access_count) / math.log(11))


def rank_candidates(
    conn: Conn,
    user_id: str,
    rows: list[Candidate],
    params: SearchParams,
    embedding: np.ndarray | None = None,
    period: NamedPeriod | None = None,
) -> list[ScoredMemory]:
    """Fuse signal ranks (weighted RRF), calibrate the relevance of the best candidates, re-rank with
    importance, recency and access, keep those at or above the threshold, then read the full rows of the
    results only (recording their access when `params.track_access`)."""
    settings = get_settings()
    weights = (
        settings.search_weight_relevance,
        settings.search_weight_importance,
        settings.search_weight_recency,
        settings.search_weight_access,
    )
    fused = _fused(
        rows,
        settings.resolved_embedding_provider,
        older_holders=asks_previous(params.query) or asks_ever(params.query),
    )
    if not fused:
        return []
    now = params.filters.now
    # Relevance is calibrated for the candidates the fused ranks put first (it reads their text once more).
    fused.sort(key=lambda f: -f[0])
    window = fused[: params.limit * 3 + EVIDENCE_SLACK]
    calibrated = calibrate(
        conn, user_id, params.query, window, embedding, settings.resolved_embedding_provider, period
    )
    ranked: list[tuple[float, float, float, Candidate, dict[str, float], dict[str, Any]]] = []
    past_query = is_past_query(params.query)
    words_found = any(c.evidence.told for c in calibrated.values())
    # asked about now, the last told answers; a period the question names says which time it asks about
    newer = newness(calibrated) if asks_now(params.query) and period is None else {}
    for share, row, signal_parts in window:
        relevance, similarity, evidence, chars, answers = calibrated[row.id][:5]
        if relevance < params.threshold:
            continue
        ranking = FUSED_SHARE * share + (1 - FUSED_SHARE) * answers
        parts = _score_parts(row, ranking, weights, now, chars=chars, past_query=past_query, answers=answers)
        if row.id in newer:  # asked how things are now: the last told of those that answer
            parts["newer"] = NOW_WEIGHT * answers * newer[row.id]
        if words_found and not evidence.told:  # asked what someone said, and what they said is known
            parts["unsaid"] = -(1 - UNSAID_FACTOR) * sum(parts.values())
        contributions = {"signals": signal_parts, "evidence": evidence, "fused": share}
        final = min(1.0, max(0.0, sum(parts.values())))
        ranked.append((final, similarity, relevance, row, parts, contributions))
    ranked.sort(key=lambda r: (-r[0], -r[2]))
    # Only the results are read in full and become models: the other candidates (up to 5 signals x 50)
    # only needed the columns the ranking reads. Only the first few hits count as recalled: result #40
    # of a 50-item list was not "used", and counting it would let popularity (the access term) crowd
    # relevance out of later searches.
    top = ranked[: params.limit]
    ids = [row.id for _, _, _, row, _, _ in top]
    full = result_rows(
        conn, user_id, ids, tracked=ids[:ACCESS_TRACKED_RESULTS] if params.track_access else None, now=now
    )
    results: list[ScoredMemory] = []
    for final, similarity, relevance, row, parts, contributions in top:
        stored = full.get(row.id)
        if stored is None:
            continue
        explain = _explanation(row, similarity, relevance, parts, contributions) if params.explain else None
        memory = Memory.model_validate(stored)
        results.append(ScoredMemory(memory=memory, similarity=similarity, relevance=relevance,
                                    final_score=final, explain=explain))  # fmt: skip
    return results


def _fused(
    rows: list[Candidate], embedder: str, *, older_holders: bool = False
) -> list[tuple[float, Candidate, dict[str, float]]]:
    """Each candidate's weighted RRF, min-max scaled over the candidates (RRF values are compressed:
    rank 1 and rank 30 differ by ~1.5x), with each signal's contribution. Asked about the one before
    ("who did I work for before the wind company?") or about any time ("have I ever worked in a bar?"),
    the slot signal ranks its older holders (`stale`) too: found by nothing else, they had no share and
    fell out of the window."""
    signal_weights = dict(SIGNAL_WEIGHTS)
    if embedder == "hash":
        signal_weights["vector"] = LEXICAL_EMBEDDER_VECTOR_WEIGHT
    fused: list[tuple[float, Candidate, dict[str, float]]] = []
    for row in rows:
        ranks = {signal: row.rank(signal) for signal in (*FUSED_SIGNALS, SLOT_SIGNAL, PERIOD_SIGNAL)}
        if older_holders and row.stale_rank is not None:
            ranks[SLOT_SIGNAL] = row.stale_rank
        contributions = {
            signal: signal_weights[signal] / (RRF_K + rank)
            for signal, rank in ranks.items()
            if rank is not None
        }
        fused.append((sum(contributions.values()), row, contributions))
    if not fused:
        return []
    best = max(score for score, _, _ in fused)
    worst = min(score for score, _, _ in fused)
    spread = (best - worst) or 1.0
    return [((score - worst) / spread if best > worst else 1.0, row, c) for score, row, c in fused]


def _score_parts(
    row: Candidate,
    ranking: float,
    weights: tuple[float, float, float, float],
    now: datetime,
    *,
    answers: float,
    chars: int | None = None,
    past_query: bool = False,
) -> dict[str, float]:
    """The weighted terms of a candidate's final score, the priors (importance, recency, access, length)
    in proportion to how well it `answers` the query (its calibrated relevance); what is no longer true
    keeps OUTDATED_FACTOR, unless the question asks how things were ("used to", "my previous job"): the
    past answers it."""
    parts = {
        "relevance": weights[0] * ranking,
        "importance": answers * weights[1] * row.importance_score,
        "recency": answers * weights[2] * recency_score(row.last_reinforced_at, row.created_at, now),
        "access": answers * weights[3] * access_score(row.access_count),
    }
    if chars:
        parts["length"] = answers * length_score(chars)
    if (row.past or row.stale) and not past_query:
        parts["outdated"] = -(1 - OUTDATED_FACTOR) * sum(parts.values())
    return parts


def _explanation(
    row: Candidate,
    similarity: float,
    relevance: float,
    parts: dict[str, float],
    found: dict[str, Any],
) -> dict[str, Any]:
    """`explain`: the request signals' ranks and RRF shares (`signals`), the evidence the calibrated
    relevance is built from (`evidence`), and the terms of `final_score` (`contributions`: `relevance` is
    the ranking's mix of the fused ranks and the calibrated relevance, `outdated` the demotion of what is
    no longer true; the slot signal's RRF share as `slot`)."""
    contributions: dict[str, float] = found["signals"]
    evidence: Evidence = found["evidence"]
    shares = {k: round(v, 4) for k, v in parts.items()}
    if SLOT_SIGNAL in contributions:
        shares[SLOT_SIGNAL] = round(contributions[SLOT_SIGNAL], 6)
    return {
        "signals": {
            s: {"rank": row.rank(s), "rrf": round(c, 6)} for s, c in contributions.items() if s != SLOT_SIGNAL
        },
        "similarity": round(similarity, 4),
        "relevance": round(relevance, 4),
        "fused": round(found["fused"], 4),
        "evidence": {
            "words": round(evidence.words, 4),
            "meaning": round(meaning(evidence.similarity, get_settings().resolved_embedding_provider), 4),
            "slot": evidence.slot,
            "slot_share": round(evidence.slot_share, 4) if evidence.slot or evidence.told else None,
            "told": evidence.told,
            "named": evidence.named,
            "names": None if evidence.names is None else round(evidence.names, 4),
            "amount_untold": evidence.amount_untold,
            "name_untold": evidence.name_untold,
            "focus_untold": evidence.focus_untold,
            "other_owner": evidence.other_owner,
            **{kind: getattr(evidence, kind) for kind in KIND_UNTOLD},
        },
        "contributions": shares,
    }


def search_in(
    conn: Conn, user_id: str, params: SearchParams, vectors: QueryVectors | None
) -> list[ScoredMemory]:
    """Hybrid search inside the caller's transaction (recall and special queries reuse it). The vector
    signal finds candidates by `vectors.search`; similarity is measured against `vectors.meaning`."""
    params = replace(params, query=plain_question(params.query))  # "do for a living": for work
    if "graph" in params.signals:  # "my sister's husband": by the name the user's graph holds for him
        params = replace(params, query=with_kin_named(conn, user_id, params.query))
    per_signal = max(CANDIDATES_PER_SIGNAL, params.limit * 5)
    # Reading the question's words for the period it names is lexical: it comes with full text.
    period = named_period(params.query, params.filters.now) if "fts" in params.signals else None
    if period is not None:  # what was in force during that period answers it, expired since or not
        params = replace(params, filters=replace(params.filters, alive_at=period.start))
    elif asks_about_past_events(params.query) or asks_planned_time(params.query):
        # What happened, at any time: over since or not. Asked when something is to happen ("when is my
        # dentist appointment?"), what was planned and has passed answers when nothing since does.
        params = replace(params, filters=replace(params.filters, alive_at=EVER))
    rows = hybrid_candidates(
        conn,
        user_id,
        query=params.query,
        embedding=vectors.search if vectors is not None else None,
        filters=params.filters,
        signals=params.signals,
        per_signal=per_signal,
        corpus_size=corpus.corpus_size(conn, user_id) if {"fts", "vector"} & params.signals else 1,
        with_similarity=False,
        period=(period.start, period.end) if period else None,
        hnsw_ef_search=get_settings().vector_index_ef_search,
    )
    meaning_vector = vectors.meaning if vectors is not None else None
    return rank_candidates(conn, user_id, rows, params, meaning_vector, period)


def search_memories(user_id: str, params: SearchParams) -> list[ScoredMemory]:
    vectors = query_vector(user_embedder(user_id), params.query) if "vector" in params.signals else None
    with get_database().user_transaction(user_id) as conn:
        return search_in(conn, user_id, params, vectors)


def reads_history(query: str, preferences: MemoryPreferences) -> bool:
    """Whether a question reads what has been superseded since when nobody said: one about how things
    were ("what diet did I follow before going vegan?", "my old job"), or any, by the user's preference.
    Search and recall decide it alike."""
    return preferences.include_historical_by_default or is_past_query(query)


def standard_search(user_id: str, request: SearchRequest, *, now: datetime | None = None) -> dict[str, Any]:
    """`POST /v1/search` in standard mode: `{"type": "standard", "results": [...]}`."""
    began = time.perf_counter()
    now = now or datetime.now(UTC)
    db = get_database()
    embedder = user_embedder(user_id)
    signals: set[str] = set(request.signals or SEARCH_SIGNALS)
    vectors = query_vector(embedder, request.query) if "vector" in signals else None
    with db.user_transaction(user_id) as conn:
        preferences = get_preferences(conn, user_id)
        filters = filters_from_request(request, preferences.default_sensitivity_level, now)
        if "include_historical" not in request.model_fields_set:  # unless the client says
            filters = replace(filters, include_historical=reads_history(request.query, preferences))
        params = SearchParams(
            query=request.query,
            limit=request.limit,
            threshold=request.threshold,
            filters=filters,
            signals=signals,
            explain=request.explain,
        )
        results = search_in(conn, user_id, params, vectors)
    return {
        "type": "standard",
        "query": request.query,
        "results": [r.view() for r in results],
        "took_ms": round((time.perf_counter() - began) * 1000, 2),
    }
