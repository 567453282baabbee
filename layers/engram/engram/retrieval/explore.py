"""`POST /v1/explore`: seed 004's explore tool over the graph, the sources and the hierarchy.

Flow: expand the queries (abbreviations always; model reformulations in deep / multi-query mode when a
model is configured), embed them once, gather candidates of every kind in one statement, score them
here, pick what the granularity asks for, expand the chosen hits (notes, edges, mentioned nodes,
previews) in a second statement and record their access in a third.

Scoring (seed 004): `final = semantic_weight * relevance + time_weight * exp(-0.02 * days) +
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

import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from rapidfuzz.distance import JaroWinkler

from engram.config import get_settings
from engram.db.connection import get_database
from engram.db.repositories import explore as repo
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.search import SearchFilters, visibility_params
from engram.providers.base import LLM
from engram.providers.factory import get_embedder, get_llm
from engram.retrieval.explore_models import (
    ArtifactHit,
    EpisodicSection,
    ExploreMeta,
    ExploreRequest,
    ExploreResult,
    MacroHit,
    MacroRef,
    MacroStoryline,
    NamedNode,
    NodeRef,
    RelationshipHit,
    SemanticNodeHit,
    SemanticSection,
    SourceHit,
    SourcePreview,
    StorylineHit,
    StorylineRef,
    TypedNode,
)
from engram.retrieval.transform import expand_abbreviations, generate_queries

RECENCY_LAMBDA = 0.02  # half-life ~35 days (seed 004)
# Below this cosine a "match" is noise for every embedder we ship (the offline hash embedder gives
# unrelated texts 0.00-0.05 from a shared character trigram), whatever threshold the caller chose.
NOISE_FLOOR = 0.1
EXACT = 1.0
INSIDE_WORD = 0.8
FUZZY_FLOOR = 0.85
FUZZY_CAP = 0.9
MENTION_FACTOR = 0.9
TOUCH_FACTOR = 0.5
MAX_QUERIES_RUN = 8
NOTES_TOTAL_CHARS = 5000
SUMMARY_CHARS = 280
NODE_TYPES = {"person": "Person", "concept": "Concept", "entity": "Entity"}
PEOPLE_KEY = {"Person": "people", "Concept": "concepts", "Entity": "entities"}

# (sources, storylines, macros) shown per granularity, seed 004 "Population by Granularity".
DEFAULT_LIMITS = {
    1: {"nodes": 5, "relationships": 10, "sources": 5, "storylines": 3, "macros": 2, "artifacts": 5},
    2: {"nodes": 5, "relationships": 10, "sources": 10, "storylines": 5, "macros": 2, "artifacts": 5},
    3: {"nodes": 5, "relationships": 10, "sources": 0, "storylines": 0, "macros": 5, "artifacts": 5},
}


# --- text matching -----------------------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[\s_\-]+")


def normalise(text: str) -> str:
    """Lowercase, with `_`, `-` and runs of whitespace as one space ("works_at" ~ "works at")."""
    return _SEPARATORS.sub(" ", text.casefold()).strip()


def _whole_words(term: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(term) + r"(?!\w)", text) is not None


def text_score(term: str, short: Sequence[str | None], long: Sequence[str | None] = ()) -> float:
    """How well `term` matches a hit's fields, 0-1 (see the module docstring). `short` fields (names,
    aliases, keywords, types) also accept near spellings; `long` ones (descriptions, notes, content)
    need the term itself."""
    t = normalise(term)
    if not t:
        return 0.0
    best = 0.0
    width = len(t.split())
    for raw in short:
        value = normalise(raw or "")
        if not value:
            continue
        if value == t or _whole_words(t, value):
            return EXACT
        if t in value:
            best = max(best, INSIDE_WORD)
        words = value.split()
        windows = [value] + [" ".join(words[i : i + width]) for i in range(max(1, len(words) - width + 1))]
        fuzzy = max(JaroWinkler.normalized_similarity(t, w) for w in windows)
        if fuzzy >= FUZZY_FLOOR:
            best = max(best, min(FUZZY_CAP, fuzzy))
    for raw in long:
        value = normalise(raw or "")
        if _whole_words(t, value):
            return EXACT
        if t in value:
            best = max(best, INSIDE_WORD)
    return best


def like_pattern(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def word_regex(term: str) -> str:
    """A PostgreSQL regex for `term` as whole words (every non-alphanumeric character escaped)."""
    escaped = "".join(c if c.isalnum() or c == " " else "\\" + c for c in term)
    return r"(^|[^[:alnum:]_])" + escaped + r"($|[^[:alnum:]_])"


# --- queries -----------------------------------------------------------------------------------------------


@dataclass
class QueryRun:
    text: str
    threshold: float
    origin: str  # the request's query this one came from


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


# --- scoring -----------------------------------------------------------------------------------------------


@dataclass
class Scored:
    """One candidate with its scores; `row` is the gathered data."""

    id: str
    row: dict[str, Any]
    similarity: float = 0.0
    text: float = 0.0
    recency: float = 0.0
    salience: float = 0.0
    final: float = 0.0
    queries: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    inherited: float = 0.0  # relationships: relevance borrowed from a returned node

    @property
    def relevance(self) -> float:
        return max(self.similarity, self.text, self.inherited)

    def explanation(self, weights: tuple[float, float, float]) -> dict[str, Any]:
        sw, tw, lw = weights
        out: dict[str, Any] = {
            "similarity": round(self.similarity, 4),
            "text_score": round(self.text, 4),
            "recency": round(self.recency, 4),
            "salience": round(self.salience, 4),
            "matched_queries": self.queries,
            "matched_text": self.terms,
            "contributions": {
                "semantic": round(sw * self.relevance, 4),
                "time": round(tw * self.recency, 4),
                "salience": round(lw * self.salience, 4),
            },
        }
        if self.inherited:
            out["via_returned_node"] = round(self.inherited, 4)
        return out


class Scorer:
    def __init__(self, request: ExploreRequest, runs: list[QueryRun]):
        self.weights = (request.semantic_weight, request.time_weight, request.salience_weight)
        self.runs = runs

    def similarity(self, sims: dict[str, float] | None) -> tuple[float, list[str]]:
        """Best similarity over the queries that reached the hit at or above their threshold."""
        best, matched = 0.0, []
        for key, value in (sims or {}).items():
            run = self.runs[int(key)]
            sim = float(value)
            if sim >= run.threshold and sim >= NOISE_FLOOR:
                matched.append(run.text)
                best = max(best, sim)
        return best, matched

    def finish(self, hit: Scored, age_days: float | None, salience: float | None) -> Scored:
        sw, tw, lw = self.weights
        hit.recency = math.exp(-RECENCY_LAMBDA * max(0.0, age_days or 0.0)) if age_days is not None else 0.0
        hit.salience = float(salience if salience is not None else 0.5)
        hit.final = sw * hit.relevance + tw * hit.recency + lw * hit.salience
        return hit


def _text(terms: list[str], score: Any) -> tuple[float, list[str]]:
    best, matched = 0.0, []
    for term in terms:
        value = score(term)
        if value > 0:
            matched.append(term)
            best = max(best, value)
    return best, matched


def _ranked(hits: list[Scored]) -> list[Scored]:
    return sorted((h for h in hits if h.relevance > 0), key=lambda h: (-h.final, -h.relevance, h.id))


def _first_sentence(text: str | None) -> str:
    if not text:
        return ""
    match = re.match(r"(.+?[.!?])(\s|$)", text.strip(), re.DOTALL)
    return (match.group(1) if match else text.strip())[:SUMMARY_CHARS]


def source_summary(row: dict[str, Any]) -> str:
    """The stored summary, else the opening of the content (1-2 sentences, never more than 280 chars)."""
    if row.get("summary"):
        return str(row["summary"])[:SUMMARY_CHARS]
    content = " ".join(str(row.get("content") or "").split())
    if len(content) <= SUMMARY_CHARS:
        return content
    cut = content[:SUMMARY_CHARS]
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
    return cut[: end + 1] if end > 80 else cut.rsplit(" ", 1)[0] + " ..."


def cap_notes(notes: list[str]) -> list[str]:
    """Seed 004: at most NOTES_TOTAL_CHARS across a hit's snippets (each already <= 500, newest first)."""
    out, total = [], 0
    for note in notes:
        room = NOTES_TOTAL_CHARS - total
        if room <= 0:
            break
        out.append(note[:room])
        total += len(out[-1])
    return out


def _node_ref(data: dict[str, Any]) -> NodeRef:
    return NodeRef(
        entity_key=str(data["entity_key"]),
        node_type=NODE_TYPES[data["kind"]],  # type: ignore[arg-type]
        name=data["name"],
        description=data.get("description"),
    )


# --- the service -------------------------------------------------------------------------------------------


def explore(user_id: str, request: ExploreRequest, *, now: datetime | None = None) -> dict[str, Any]:
    """Seed 004's ExploreResult for the caller (see the module docstring)."""
    began = time.perf_counter()
    now = now or datetime.now(UTC)
    runs = plan_queries(request)
    terms = plan_terms(request)
    embeddings = list(get_embedder().embed([r.text for r in runs])) if runs else []
    limits = dict(DEFAULT_LIMITS[request.granularity])
    if request.limits is not None:
        limits.update({k: v for k, v in request.limits.model_dump().items() if v is not None})
    rf = request.relationship_filters
    edge_filter = repo.RelationshipFilter(
        min_attitude=rf.min_attitude if rf else None,
        max_attitude=rf.max_attitude if rf else None,
        min_proximity=rf.min_proximity if rf else None,
        max_proximity=rf.max_proximity if rf else None,
        types=rf.relationship_types if rf else None,
        exclude_types=rf.exclude_relationship_types if rf else None,
    )
    scorer = Scorer(request, runs)
    explain = request.return_explanations
    settings = get_settings()

    with get_database().user_transaction(user_id) as conn:
        ceiling = get_preferences(conn, user_id).default_sensitivity_level
        params = visibility_params(user_id, SearchFilters(now=now, sensitivity_max=ceiling))
        repo.prepare_vector_search(conn, max(settings.hnsw_ef_search, repo.NEAREST_MEMORIES))
        found = repo.gather(
            conn,
            params,
            repo.GatherInput(
                embeddings=embeddings,
                thresholds=[r.threshold for r in runs],
                terms=terms,
                patterns=[like_pattern(t) for t in terms],
                regexes=[word_regex(t) for t in terms],
                relationship_filter=edge_filter,
                min_similarity=NOISE_FLOOR,
            ),
        )

        # Nodes.
        nodes: dict[str, Scored] = {}
        for row in found["entity"]:
            hit = Scored(id=str(row["id"]), row=row)
            hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
            fields = [row["name"], row["canonical_name"], *(row.get("aliases") or [])]
            hit.text, hit.terms = _text(row["terms"], lambda t, f=fields: text_score(t, f))
            nodes[hit.id] = scorer.finish(hit, row["age_days"], row["salience"])

        # Sources: their own text, or a text-matched node they mention.
        sources: list[Scored] = []
        for row in found["source"]:
            hit = Scored(id=str(row["id"]), row=row)
            hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
            short = [*(row.get("keywords") or []), *(row.get("tags") or [])]

            def source_text(term: str, row: dict[str, Any] = row, short: list[str] = short) -> float:
                if term in row["word_terms"]:
                    return EXACT
                direct = text_score(term, list(short), [row.get("summary")])
                if term in row["terms"]:
                    direct = max(direct, INSIDE_WORD)
                return direct

            hit.text, hit.terms = _text(row["terms"], source_text)
            via = [nodes[str(e)] for e in row["via_entities"] if str(e) in nodes and nodes[str(e)].text > 0]
            for node in via:
                if node.text * MENTION_FACTOR > hit.text:
                    hit.text = node.text * MENTION_FACTOR
                hit.terms = sorted(set(hit.terms) | set(node.terms))
            sources.append(scorer.finish(hit, row["age_days"], row["salience"]))

        storylines = [_score_hierarchy(scorer, row) for row in found["storyline"]]
        macros = [_score_hierarchy(scorer, row) for row in found["macro"]]
        artifacts: list[Scored] = []
        for row in found["artifact"]:
            hit = Scored(id=str(row["id"]), row=row)
            hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
            hit.text, hit.terms = _text(
                row["terms"], lambda t, r=row: text_score(t, [r.get("title")], [r.get("content")])
            )
            artifacts.append(scorer.finish(hit, row["age_days"], None))

        # Granularity: what is shown in full, what as references.
        g = request.granularity
        ranked_storylines = _ranked(storylines)
        ranked_macros = _ranked(macros)
        full_storylines = ranked_storylines[: limits["storylines"]] if g == 2 else []
        full_macros = ranked_macros[: limits["macros"]] if g == 3 else []
        anchors: list[Scored] = []
        for parent in full_macros if g == 3 else full_storylines:
            anchor = parent.row["anchor"]
            if anchor.get("is_owner") or str(anchor["id"]) in {a.id for a in anchors}:
                continue
            scored = nodes.get(str(anchor["id"]))
            if scored is None:
                scored = Scored(
                    id=str(anchor["id"]),
                    row=anchor | {"canonical_name": anchor["name"]},
                    inherited=parent.relevance,
                )
                age = (now - datetime.fromisoformat(anchor["touched_at"])).total_seconds() / 86400
                scored = scorer.finish(scored, age, anchor["salience"])
            anchors.append(scored)
        chosen_nodes = anchors[: limits["nodes"]]
        for hit in _ranked(list(nodes.values())):
            if len(chosen_nodes) >= limits["nodes"]:
                break
            if hit.id not in {n.id for n in chosen_nodes}:
                chosen_nodes.append(hit)
        chosen_sources = _ranked(sources)[: limits["sources"]] if g == 1 else []
        chosen_artifacts = _ranked(artifacts)[: limits["artifacts"]]
        direct_edges = {str(r["id"]): r for r in found["relationship"]}

        details = repo.expand(
            conn,
            params,
            node_ids=[n.id for n in chosen_nodes],
            relationship_ids=list(direct_edges),
            source_ids=[s.id for s in chosen_sources],
            storyline_ids=[s.id for s in full_storylines],
            macro_ids=[m.id for m in full_macros],
            artifact_ids=[a.id for a in chosen_artifacts],
            relationship_filter=edge_filter,
        )

        # Relationships: direct matches, and edges touching a returned node.
        returned = {n.id: n for n in chosen_nodes}
        edges: list[Scored] = []
        for row in details.get("edge", []):
            hit = Scored(id=str(row["id"]), row=row)
            direct = direct_edges.get(hit.id)
            if direct is not None:
                hit.similarity, hit.queries = scorer.similarity(direct.get("sims"))
                fields_long = [row.get("description"), *row.get("notes", [])]
                hit.text, hit.terms = _text(
                    direct["terms"],
                    lambda t, r=row, fl=fields_long: text_score(t, [r["relationship_type"]], fl),
                )
            ends = [returned[k] for k in (str(row["from_id"]), str(row["to_id"])) if k in returned]
            if ends:
                hit.inherited = TOUCH_FACTOR * max(n.relevance for n in ends)
            elif hit.similarity <= 0 and hit.text <= 0:
                continue
            edges.append(scorer.finish(hit, row["age_days"], row["salience"]))
        chosen_edges = _ranked(edges)[: limits["relationships"]]

        track = g == 1 and chosen_sources
        repo.record_access(
            conn,
            user_id,
            now,
            entity_ids=[n.id for n in chosen_nodes],
            relationship_ids=[e.id for e in chosen_edges],
            source_ids=[s.id for s in chosen_sources] if track else [],
            storyline_ids=[s.id for s in full_storylines],
            macro_ids=[m.id for m in full_macros],
        )

    weights = scorer.weights
    notes = {str(r["id"]): cap_notes(r["notes"]) for r in details.get("node_notes", [])}
    semantic = SemanticSection()
    for n in chosen_nodes:
        node_type = NODE_TYPES[n.row["kind"]]
        hit_model = SemanticNodeHit(
            entity_key=n.id,
            node_type=node_type,  # type: ignore[arg-type]
            name=n.row["name"],
            description=n.row.get("description"),
            notes_snippets=notes.get(n.id, []),
            salience=round(float(n.row["salience"]), 4),
            state=n.row["state"],
            last_accessed_at=n.row.get("last_accessed_at"),
            relevance_score=round(n.final, 4),
            explanation=n.explanation(weights) if explain else None,
        )
        getattr(semantic, PEOPLE_KEY[node_type]).append(hit_model)
    for e in chosen_edges:
        semantic.relationships.append(
            RelationshipHit(
                from_entity_key=str(e.row["from_id"]),
                to_entity_key=str(e.row["to_id"]),
                from_name=e.row["from_name"],
                to_name=e.row["to_name"],
                relationship_kind=e.row["kind"],
                relationship_type=e.row["relationship_type"],
                description=e.row.get("description"),
                attitude=e.row["attitude"],
                proximity=e.row["proximity"],
                notes_snippets=cap_notes(e.row.get("notes", [])),
                salience=round(float(e.row["salience"]), 4),
                state=e.row["state"],
                relevance_score=round(e.final, 4),
                explanation=e.explanation(weights) if explain else None,
            )
        )

    episodic = EpisodicSection()
    source_details = {str(d["id"]): d for d in details.get("source_detail", [])}
    for s in chosen_sources:
        d = source_details.get(s.id, {})
        episodic.sources.append(
            SourceHit(
                entity_key=s.id,
                summary=source_summary(s.row),
                context_type=s.row.get("context_type"),
                source_type=s.row["source_type"],
                started_at=s.row.get("started_at"),
                ended_at=s.row.get("ended_at"),
                relevance_score=round(s.final, 4),
                mentioned_nodes=[_node_ref(m) for m in d.get("mentioned", [])],
                storyline_refs=[StorylineRef.model_validate(x) for x in d.get("storylines", [])],
                macro_refs=[MacroRef.model_validate(x) for x in d.get("macros", [])],
                explanation=s.explanation(weights) if explain else None,
            )
        )
    storyline_details = {str(d["id"]): d for d in details.get("storyline_detail", [])}
    if g == 2:
        previews: dict[str, SourcePreview] = {}
        for sl in full_storylines:
            d = storyline_details.get(sl.id, {})
            hit_sl = _storyline_hit(sl, d, explain, weights)
            episodic.storylines.append(hit_sl)
            for p in hit_sl.preview_sources:
                previews.setdefault(p.entity_key, p)
        episodic.sources.extend(list(previews.values())[: limits["sources"]])
    elif g == 1:
        episodic.storylines.extend(
            StorylineRef(storyline_id=s.id, name=s.row["name"])
            for s in ranked_storylines[: limits["storylines"]]
        )
    if g == 3:
        macro_details = {str(d["id"]): d for d in details.get("macro_detail", [])}
        children: dict[str, StorylineRef] = {}
        for mc in full_macros:
            d = macro_details.get(mc.id, {})
            hit_mc = _macro_hit(mc, d, explain, weights)
            episodic.macros.append(hit_mc)
            for child in hit_mc.storylines:
                children.setdefault(
                    child.storyline_id, StorylineRef(storyline_id=child.storyline_id, name=child.name)
                )
        episodic.storylines.extend(children.values())
    else:
        episodic.macros.extend(
            MacroRef(macro_id=m.id, name=m.row["name"]) for m in ranked_macros[: limits["macros"]]
        )
    artifact_details = {str(d["id"]): d for d in details.get("artifact_detail", [])}
    for a in chosen_artifacts:
        episodic.artifacts.append(
            ArtifactHit(
                entity_key=a.id,
                name=a.row.get("title") or _first_sentence(a.row.get("content")) or a.row["artifact_type"],
                description=_first_sentence(a.row.get("content")),
                content_type=a.row["artifact_type"],
                created_at=a.row["created_at"],
                related_nodes=[_node_ref(x) for x in artifact_details.get(a.id, {}).get("related", [])],
                relevance_score=round(a.final, 4),
                explanation=a.explanation(weights) if explain else None,
            )
        )

    meta = ExploreMeta(
        granularity=request.granularity,
        query_used=[r.text for r in runs],
        text_used=terms,
        took_ms=round((time.perf_counter() - began) * 1000, 2),
    )
    return ExploreResult(meta=meta, semantic=semantic, episodic=episodic).view()


def _score_hierarchy(scorer: Scorer, row: dict[str, Any]) -> Scored:
    """Storylines and macros: their own or inherited similarity; text on name, description, anchor."""
    hit = Scored(id=str(row["id"]), row=row)
    hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
    hit.text, hit.terms = _text(
        row["terms"],
        lambda t: text_score(t, [row["name"], row["anchor"]["name"]], [row.get("description")]),
    )
    return scorer.finish(hit, row["age_days"], row["salience"])


def _storyline_hit(
    sl: Scored, d: dict[str, Any], explain: bool, weights: tuple[float, float, float]
) -> StorylineHit:
    anchor = d.get("anchor") or {
        "entity_key": sl.row["anchor"]["id"],
        "kind": sl.row["anchor"]["kind"],
        "name": sl.row["anchor"]["name"],
        "description": sl.row["anchor"].get("description"),
    }
    return StorylineHit(
        storyline_id=sl.id,
        name=sl.row["name"],
        description=sl.row.get("description"),
        relevance_score=round(sl.final, 4),
        source_count=sl.row["source_count"],
        started_at=sl.row.get("started_at"),
        last_source_at=sl.row.get("last_source_at"),
        anchor=_node_ref(anchor),
        top_people=[
            NamedNode.model_validate(x | {"entity_key": str(x["entity_key"])})
            for x in d.get("top_people", [])
        ],
        top_entities=[
            TypedNode.model_validate(
                x | {"entity_key": str(x["entity_key"]), "type": x.get("entity_type") or "entity"}
            )
            for x in d.get("top_entities", [])
        ],
        top_concepts=[
            NamedNode.model_validate(x | {"entity_key": str(x["entity_key"])})
            for x in d.get("top_concepts", [])
        ],
        preview_sources=[
            SourcePreview(
                entity_key=str(p["entity_key"]),
                summary=source_summary(p),
                started_at=p.get("started_at"),
                context_type=p.get("context_type"),
            )
            for p in d.get("previews", [])
        ],
        explanation=sl.explanation(weights) if explain else None,
    )


def _macro_hit(mc: Scored, d: dict[str, Any], explain: bool, weights: tuple[float, float, float]) -> MacroHit:
    anchor = d.get("anchor") or {
        "entity_key": mc.row["anchor"]["id"],
        "kind": mc.row["anchor"]["kind"],
        "name": mc.row["anchor"]["name"],
        "description": mc.row["anchor"].get("description"),
    }
    return MacroHit(
        macro_id=mc.id,
        name=mc.row["name"],
        description=mc.row.get("description"),
        relevance_score=round(mc.final, 4),
        storyline_count=mc.row["storyline_count"],
        total_source_count=mc.row["total_source_count"],
        started_at=mc.row.get("started_at"),
        last_event_at=mc.row.get("last_event_at"),
        anchor=_node_ref(anchor),
        storylines=[
            MacroStoryline(
                storyline_id=str(x["storyline_id"]),
                name=x["name"],
                one_liner=_first_sentence(x.get("description")),
                source_count=x.get("source_count") or 0,
                started_at=x.get("started_at"),
                last_source_at=x.get("last_source_at"),
            )
            for x in d.get("storylines", [])
        ],
        explanation=mc.explanation(weights) if explain else None,
    )
