"""What an explore answer shows, by granularity.

Granularity 1 (micro) shows sources in full, with storylines and macros as references; 2 shows
storylines in full (their newest sources as previews), 3 macros in full (their storylines as
references). The anchor of a storyline or macro shown in full leads the nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engram.retrieval.explore_scoring import Candidates, Scored, Scorer, ranked, score_edges

# How many of each kind are shown, per granularity.
DEFAULT_LIMITS = {
    1: {"nodes": 5, "relationships": 10, "sources": 5, "storylines": 3, "macros": 2, "artifacts": 5},
    2: {"nodes": 5, "relationships": 10, "sources": 10, "storylines": 5, "macros": 2, "artifacts": 5},
    3: {"nodes": 5, "relationships": 10, "sources": 0, "storylines": 0, "macros": 5, "artifacts": 5},
}


@dataclass
class Choice:
    """The hits shown: in full, or as references (`*_refs`); `edges` once expanded (`choose_edges`)."""

    nodes: list[Scored]
    sources: list[Scored]
    storylines: list[Scored]
    macros: list[Scored]
    artifacts: list[Scored]
    storyline_refs: list[Scored]
    macro_refs: list[Scored]
    previews: int  # source previews shown across the storylines shown in full
    edges: list[Scored] = field(default_factory=list)


def choose(
    candidates: Candidates, granularity: int, limits: dict[str, int], scorer: Scorer, now: datetime
) -> Choice:
    """The best of each kind, as many as `limits` allows, shown as `granularity` asks."""
    g = granularity
    storylines = ranked(candidates.storylines)
    macros = ranked(candidates.macros)
    full_storylines = storylines[: limits["storylines"]] if g == 2 else []
    full_macros = macros[: limits["macros"]] if g == 3 else []
    nodes = _anchors(full_macros if g == 3 else full_storylines, candidates.nodes, scorer, now)
    nodes = nodes[: limits["nodes"]]
    for hit in ranked(list(candidates.nodes.values())):
        if len(nodes) >= limits["nodes"]:
            break
        if hit.id not in {n.id for n in nodes}:
            nodes.append(hit)
    return Choice(
        nodes=nodes,
        sources=ranked(candidates.sources)[: limits["sources"]] if g == 1 else [],
        storylines=full_storylines,
        macros=full_macros,
        artifacts=ranked(candidates.artifacts)[: limits["artifacts"]],
        storyline_refs=storylines[: limits["storylines"]] if g == 1 else [],
        macro_refs=macros[: limits["macros"]] if g != 3 else [],
        previews=limits["sources"],
    )


def _anchors(parents: list[Scored], nodes: dict[str, Scored], scorer: Scorer, now: datetime) -> list[Scored]:
    """The anchors of the storylines or macros shown in full (never the user), as scored nodes: a node
    not found by the queries inherits its parent's relevance."""
    anchors: list[Scored] = []
    for parent in parents:
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
    return anchors


def choose_edges(
    scorer: Scorer, rows: list[dict[str, Any]], candidates: Candidates, choice: Choice, limit: int
) -> list[Scored]:
    """Relationships, once expanded: direct matches, and edges touching a chosen node, the best `limit`."""
    returned = {n.id: n for n in choice.nodes}
    return ranked(score_edges(scorer, rows, candidates.direct_edges, returned))[:limit]
