"""`POST /v1/explore`: an agent's browsing tool over the graph, the sources and the hierarchy.

Flow: expand the queries (abbreviations always; model reformulations in deep / multi-query mode when a
model is configured), embed them once, gather candidates of every kind in one statement
(`db.repositories.explore`), score them (`explore_scoring`, `explore_text`), pick what the granularity
asks for (`explore_choice`), expand the chosen hits (notes, edges, mentioned nodes, previews) in a second
statement, record their access in a third, and answer (`explore_view`).

Scoring: `final = semantic_weight * relevance + time_weight * exp(-0.02 * days) +
salience_weight * salience`, where relevance is the best of the hit's similarity and its text-match
score, both 0-1. Similarity is the best cosine over the queries that reached the hit at or above their
own threshold: the max, not reciprocal rank fusion, because the formula needs a calibrated 0-1 value
and RRF only keeps ranks (a hit any query finds well counts as found well). Text matches score 1.0 when
exact (the whole term, as words, in a name, alias, keyword, type, description or content), 0.8 when the
term only appears inside a longer word, and Jaro-Winkler similarity (at least 0.85, at most 0.9) for a
near spelling of a short field. A source a text-matched node is mentioned in gets 0.9 of the node's
score; a relationship that touches a returned node inherits half of that node's relevance.

`days` counts from when the thing last changed in the world (last mention, last source, evidence), not
`updated_at`, which access tracking itself moves.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.config import get_settings
from engram.db.connection import Conn, get_database
from engram.db.repositories import explore as repo
from engram.db.repositories import teams as teams_repo
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.search_visibility import SearchFilters, visibility_params
from engram.errors import NotFound
from engram.graph.descriptions import fresh_descriptions
from engram.models import SensitivityLevel
from engram.providers.base import LLM
from engram.providers.factory import get_llm
from engram.providers.spaces import user_embedder
from engram.retrieval.explore_choice import DEFAULT_LIMITS, Choice, choose, choose_edges
from engram.retrieval.explore_models import ExploreMeta, ExploreRequest, ExploreResult
from engram.retrieval.explore_scoring import (
    NOISE_FLOOR,
    Candidates,
    QueryRun,
    Scorer,
    score_found,
)
from engram.retrieval.explore_text import like_pattern, word_regex
from engram.retrieval.explore_view import episodic_section, semantic_section
from engram.retrieval.transform import expand_abbreviations, generate_queries

MAX_QUERIES_RUN = 8


def explore(user_id: str, request: ExploreRequest, *, now: datetime | None = None) -> dict[str, Any]:
    """The explore result for the caller (see the module docstring)."""
    began = time.perf_counter()
    now = now or datetime.now(UTC)
    runs = plan_queries(request)
    terms = plan_terms(request)
    embeddings = list(user_embedder(user_id).embed([r.text for r in runs])) if runs else []
    limits = plan_limits(request)
    edge_filter = relationship_filter(request)
    scorer = Scorer(request, runs)
    what = gather_input(runs, embeddings, terms, edge_filter)
    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id, now=now)  # nodes are found and shown by their description
        params = _visibility(conn, user_id, now, request.sensitivity_max) | {
            "team": _member_team(conn, user_id, request.team_id)
        }
        candidates = score_found(
            scorer, repo.gather(conn, params, what, hnsw_ef_search=get_settings().vector_index_ef_search)
        )
        choice = choose(candidates, request.granularity, limits, scorer, now)
        details = _expand(conn, params, choice, candidates, edge_filter)
        choice.edges = choose_edges(
            scorer, details.get("edge", []), candidates, choice, limits["relationships"]
        )
        _record_access(conn, user_id, now, choice)
    explain, weights = request.return_explanations, scorer.weights
    meta = ExploreMeta(
        granularity=request.granularity,
        query_used=[r.text for r in runs],
        text_used=terms,
        took_ms=round((time.perf_counter() - began) * 1000, 2),
    )
    return ExploreResult(
        meta=meta,
        semantic=semantic_section(choice, details, explain, weights),
        episodic=episodic_section(choice, details, explain, weights),
    ).view()


# --- planning ----------------------------------------------------------------------------------------------


def _configured_llm() -> LLM | None:
    return None if get_settings().resolved_llm_provider == "rules" else get_llm()


def plan_queries(request: ExploreRequest) -> list[QueryRun]:
    """What runs: each query, its abbreviation expansion (both spellings, since memories keep whatever
    the user wrote) and, when expanding with a model, its reformulations, which inherit its threshold."""
    runs: list[QueryRun] = []
    seen: set[str] = set()

    def add(text: str, threshold: float, origin: str) -> None:
        key = " ".join(text.split()).lower()
        if key and key not in seen and len(runs) < MAX_QUERIES_RUN:
            seen.add(key)
            runs.append(QueryRun(" ".join(text.split()), threshold, origin))

    for q in request.queries:
        add(q.query, q.threshold, q.query)
        add(expand_abbreviations(q.query), q.threshold, q.query)
    llm = _configured_llm() if request.expand else None
    if llm is not None:
        for q in request.queries:
            for alternative in generate_queries(llm, expand_abbreviations(q.query)):
                add(alternative, q.threshold, q.query)
    return runs


def plan_terms(request: ExploreRequest) -> list[str]:
    """Text matches, deduplicated; in deep / multi-query mode their abbreviation expansions too."""
    out: list[str] = []
    for term in request.text_matches:
        candidates = [term]
        if request.expand:
            candidates.append(expand_abbreviations(term))
        for c in candidates:
            c = " ".join(c.split()).lower()
            if c and c not in out:
                out.append(c)
    return out


def plan_limits(request: ExploreRequest) -> dict[str, int]:
    """How many of each kind are shown: the granularity's defaults, overridden by the request's."""
    limits = dict(DEFAULT_LIMITS[request.granularity])
    if request.limits is not None:
        limits.update({k: v for k, v in request.limits.model_dump().items() if v is not None})
    return limits


def relationship_filter(request: ExploreRequest) -> repo.RelationshipFilter:
    rf = request.relationship_filters
    return repo.RelationshipFilter(
        min_attitude=rf.min_attitude if rf else None,
        max_attitude=rf.max_attitude if rf else None,
        min_proximity=rf.min_proximity if rf else None,
        max_proximity=rf.max_proximity if rf else None,
        types=rf.relationship_types if rf else None,
        exclude_types=rf.exclude_relationship_types if rf else None,
    )


def gather_input(
    runs: list[QueryRun], embeddings: list[Any], terms: list[str], edge_filter: repo.RelationshipFilter
) -> repo.GatherInput:
    """What `gather` looks for: the queries' embeddings at their thresholds, the terms with the patterns
    the database prefilters them with."""
    return repo.GatherInput(
        embeddings=embeddings,
        thresholds=[r.threshold for r in runs],
        terms=terms,
        patterns=[like_pattern(t) for t in terms],
        regexes=[word_regex(t) for t in terms],
        relationship_filter=edge_filter,
        min_similarity=NOISE_FLOOR,
    )


# --- reading -----------------------------------------------------------------------------------------------


def _visibility(
    conn: Conn, user_id: str, now: datetime, sensitivity_max: SensitivityLevel | None
) -> dict[str, Any]:
    """The memory visibility of the request's sensitivity ceiling (the caller's default without one), with
    the vector search set up."""
    ceiling = sensitivity_max or get_preferences(conn, user_id).default_sensitivity_level
    repo.prepare_vector_search(conn, max(get_settings().hnsw_ef_search, repo.NEAREST_MEMORIES))
    return visibility_params(user_id, SearchFilters(now=now, sensitivity_max=ceiling))


def _member_team(conn: Conn, user_id: str, team_id: UUID | None) -> UUID | None:
    """The team the request names, if the caller is a member; a team they are not in is not revealed."""
    if team_id is not None and teams_repo.member_role(conn, team_id, user_id) is None:
        raise NotFound("no such team", field="team_id")
    return team_id


def _expand(
    conn: Conn,
    params: dict[str, Any],
    choice: Choice,
    candidates: Candidates,
    edge_filter: repo.RelationshipFilter,
) -> dict[str, list[dict[str, Any]]]:
    """The details of the chosen hits, and the edges that touch a chosen node or matched directly."""
    return repo.expand(
        conn,
        params,
        node_ids=[n.id for n in choice.nodes],
        relationship_ids=list(candidates.direct_edges),
        source_ids=[s.id for s in choice.sources],
        storyline_ids=[s.id for s in choice.storylines],
        macro_ids=[m.id for m in choice.macros],
        artifact_ids=[a.id for a in choice.artifacts],
        relationship_filter=edge_filter,
    )


def _record_access(conn: Conn, user_id: str, now: datetime, choice: Choice) -> None:
    """Retrieval strengthens what it shows in full (artifacts and references excepted)."""
    repo.record_access(
        conn,
        user_id,
        now,
        entity_ids=[n.id for n in choice.nodes],
        relationship_ids=[e.id for e in choice.edges],
        source_ids=[s.id for s in choice.sources],
        storyline_ids=[s.id for s in choice.storylines],
        macro_ids=[m.id for m in choice.macros],
    )
