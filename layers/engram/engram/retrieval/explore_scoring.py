"""Explore's scoring: every gathered candidate gets `final = semantic_weight * relevance +
time_weight * exp(-0.02 * days) + salience_weight * salience` (see `engram.retrieval.explore`).

Relevance is the best of the hit's similarity and its text-match score (`explore_text`), both 0-1, or
what it inherits: a source a text-matched node is mentioned in gets 0.9 of the node's score; a
relationship that touches a returned node inherits half of that node's relevance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engram.retrieval.explore_models import ExploreRequest
from engram.retrieval.explore_text import EXACT, INSIDE_WORD, text_score

RECENCY_LAMBDA = 0.02  # exp(-0.02 * days): a hit loses half its time score in ln 2 / 0.02 ~ 35 days
# Below this cosine a "match" is noise for every embedder we ship (the offline hash embedder gives
# unrelated texts 0.00-0.05 from a shared character trigram), whatever threshold the caller chose.
NOISE_FLOOR = 0.1
MENTION_FACTOR = 0.9
TOUCH_FACTOR = 0.5


@dataclass
class QueryRun:
    text: str
    threshold: float
    origin: str  # the request's query this one came from


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


def _text(terms: list[str], score: Callable[[str], float]) -> tuple[float, list[str]]:
    """The best score over the terms that match at all, and those terms."""
    best, matched = 0.0, []
    for term in terms:
        value = score(term)
        if value > 0:
            matched.append(term)
            best = max(best, value)
    return best, matched


def _fields_text(
    terms: list[str], short: Sequence[str | None], long: Sequence[str | None] = ()
) -> tuple[float, list[str]]:
    """`_text` of the terms on a hit's fields (`text_score`)."""
    return _text(terms, lambda term: text_score(term, short, long))


def ranked(hits: list[Scored]) -> list[Scored]:
    """The hits with any relevance, best first."""
    return sorted((h for h in hits if h.relevance > 0), key=lambda h: (-h.final, -h.relevance, h.id))


@dataclass
class Candidates:
    """Every gathered candidate, scored; relationships are scored once expanded (`score_edges`)."""

    nodes: dict[str, Scored]
    sources: list[Scored]
    storylines: list[Scored]
    macros: list[Scored]
    artifacts: list[Scored]
    direct_edges: dict[str, dict[str, Any]]  # relationships gathered themselves, by id


def score_found(scorer: Scorer, found: dict[str, list[dict[str, Any]]]) -> Candidates:
    """Scores of the candidates `gather` found, section by section."""
    nodes = score_nodes(scorer, found["entity"])
    return Candidates(
        nodes=nodes,
        sources=score_sources(scorer, found["source"], nodes),
        storylines=[score_hierarchy(scorer, row) for row in found["storyline"]],
        macros=[score_hierarchy(scorer, row) for row in found["macro"]],
        artifacts=score_artifacts(scorer, found["artifact"]),
        direct_edges={str(r["id"]): r for r in found["relationship"]},
    )


def score_nodes(scorer: Scorer, rows: list[dict[str, Any]]) -> dict[str, Scored]:
    """Entities by id: similarity, and text on name, canonical name and aliases."""
    nodes: dict[str, Scored] = {}
    for row in rows:
        hit = Scored(id=str(row["id"]), row=row)
        hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
        fields = [row["name"], row["canonical_name"], *(row.get("aliases") or [])]
        hit.text, hit.terms = _fields_text(row["terms"], fields)
        nodes[hit.id] = scorer.finish(hit, row["age_days"], row["salience"])
    return nodes


def _source_text(row: dict[str, Any]) -> Callable[[str], float]:
    """A term's score on a source: exact as whole words of its content or summary (found by the
    database), else on its keywords, tags and summary, and inside a word wherever it matched."""
    short = [*(row.get("keywords") or []), *(row.get("tags") or [])]

    def score(term: str) -> float:
        if term in row["word_terms"]:
            return EXACT
        direct = text_score(term, list(short), [row.get("summary")])
        if term in row["terms"]:
            direct = max(direct, INSIDE_WORD)
        return direct

    return score


def score_sources(scorer: Scorer, rows: list[dict[str, Any]], nodes: dict[str, Scored]) -> list[Scored]:
    """Sources: their own similarity and text, or a text-matched node they mention."""
    sources: list[Scored] = []
    for row in rows:
        hit = Scored(id=str(row["id"]), row=row)
        hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
        hit.text, hit.terms = _text(row["terms"], _source_text(row))
        via = [nodes[str(e)] for e in row["via_entities"] if str(e) in nodes and nodes[str(e)].text > 0]
        for node in via:
            if node.text * MENTION_FACTOR > hit.text:
                hit.text = node.text * MENTION_FACTOR
            hit.terms = sorted(set(hit.terms) | set(node.terms))
        sources.append(scorer.finish(hit, row["age_days"], row["salience"]))
    return sources


def score_hierarchy(scorer: Scorer, row: dict[str, Any]) -> Scored:
    """Storylines and macros: their own or inherited similarity; text on name, description, anchor."""
    hit = Scored(id=str(row["id"]), row=row)
    hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
    hit.text, hit.terms = _fields_text(
        row["terms"], [row["name"], row["anchor"]["name"]], [row.get("description")]
    )
    return scorer.finish(hit, row["age_days"], row["salience"])


def score_artifacts(scorer: Scorer, rows: list[dict[str, Any]]) -> list[Scored]:
    """Artifacts: similarity, and text on title and content; no salience of their own."""
    artifacts: list[Scored] = []
    for row in rows:
        hit = Scored(id=str(row["id"]), row=row)
        hit.similarity, hit.queries = scorer.similarity(row.get("sims"))
        hit.text, hit.terms = _fields_text(row["terms"], [row.get("title")], [row.get("content")])
        artifacts.append(scorer.finish(hit, row["age_days"], None))
    return artifacts


def score_edges(
    scorer: Scorer,
    rows: list[dict[str, Any]],
    direct_edges: dict[str, dict[str, Any]],
    returned: dict[str, Scored],
) -> list[Scored]:
    """Relationships as expanded: those gathered directly score by their own similarity and text (type,
    description, notes); an edge touching a `returned` node inherits from it; any other is dropped."""
    edges: list[Scored] = []
    for row in rows:
        hit = Scored(id=str(row["id"]), row=row)
        direct = direct_edges.get(hit.id)
        if direct is not None:
            hit.similarity, hit.queries = scorer.similarity(direct.get("sims"))
            fields_long = [row.get("description"), *row.get("notes", [])]
            hit.text, hit.terms = _fields_text(direct["terms"], [row["relationship_type"]], fields_long)
        ends = [returned[k] for k in (str(row["from_id"]), str(row["to_id"])) if k in returned]
        if ends:
            hit.inherited = TOUCH_FACTOR * max(n.relevance for n in ends)
        elif hit.similarity <= 0 and hit.text <= 0:
            continue
        edges.append(scorer.finish(hit, row["age_days"], row["salience"]))
    return edges
