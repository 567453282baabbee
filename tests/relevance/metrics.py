"""Figures of a relevance run, computed from its raw per-question records (`harness.ask_questions`).

Ranking: precision@1, MRR@5 and nDCG@10 over answerable questions, with binary gains per answer note (a
second memory of a note already credited gains nothing, so splitting a note into facts cannot inflate
nDCG; the ideal ranking shows each answer note that kept a memory once). A question whose answer notes
kept no memory counts as a miss: extraction losing the fact is a failure search cannot repair.
Forbidden@5: the share of questions with forbidden notes that show one of their memories in the top 5.

Thresholds: for t in 0.0..0.9 step 0.05, on a score field, `empty` is the share of no-answer questions
with no hit at or above t and `kept` the share of answerable questions keeping an answer at or above
t; the best t maximises the smaller of the two. A hit without the field never falls below t (a
threshold on a field the API does not return filters nothing).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from tests.relevance.model import KINDS

Record = dict[str, Any]
THRESHOLDS = tuple(round(i * 0.05, 2) for i in range(19))
SCORE_FIELDS = ("relevance", "final_score")


@dataclass(frozen=True)
class Ranking:
    questions: int
    precision_at_1: float
    mrr_at_5: float
    ndcg_at_10: float
    forbidden_at_5: float | None  # None when no question of the group lists forbidden notes


@dataclass(frozen=True)
class Cut:
    field: str
    threshold: float
    empty: float  # no-answer questions returning nothing at or above the threshold
    kept: float  # answerable questions keeping an answer at or above the threshold

    @property
    def worst(self) -> float:
        return min(self.empty, self.kept)


def answerable(records: list[Record]) -> list[Record]:
    return [r for r in records if r["answers"]]


def _gains(record: Record, depth: int) -> list[int]:
    credited: set[str] = set()
    gains = []
    for hit in record["hits"][:depth]:
        new = set(hit["notes"]) & set(record["answers"]) - credited
        credited |= new
        gains.append(1 if new else 0)
    return gains


def _ndcg(record: Record) -> float:
    ideal_count = min(record["answer_notes_with_memories"], 10)
    if ideal_count == 0:
        return 0.0
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(_gains(record, 10)))
    return dcg / sum(1 / math.log2(i + 2) for i in range(ideal_count))


def _reciprocal_rank(record: Record, depth: int) -> float:
    for rank, hit in enumerate(record["hits"][:depth], start=1):
        if hit["label"] == "answer":
            return 1 / rank
    return 0.0


def ranking(records: list[Record]) -> Ranking | None:
    """Ranking figures over the answerable questions of `records` (None when there are none)."""
    rows = answerable(records)
    if not rows:
        return None
    with_forbidden = [r for r in rows if r["forbidden"]]
    return Ranking(
        questions=len(rows),
        precision_at_1=_mean([_reciprocal_rank(r, 1) for r in rows]),
        mrr_at_5=_mean([_reciprocal_rank(r, 5) for r in rows]),
        ndcg_at_10=_mean([_ndcg(r) for r in rows]),
        forbidden_at_5=_mean(
            [float(any(h["label"] == "forbidden" for h in r["hits"][:5])) for r in with_forbidden]
        )
        if with_forbidden
        else None,
    )


def _at_or_above(hit: dict[str, Any], field: str, threshold: float) -> bool:
    value = hit.get(field)
    return value is None or value >= threshold - 1e-9


def cut(records: list[Record], field: str, threshold: float) -> Cut:
    empty = [
        not any(_at_or_above(h, field, threshold) for h in r["hits"]) for r in records if not r["answers"]
    ]
    kept = [
        any(h["label"] == "answer" and _at_or_above(h, field, threshold) for h in r["hits"])
        for r in answerable(records)
    ]
    return Cut(field, threshold, _mean([float(x) for x in empty]), _mean([float(x) for x in kept]))


def sweep(records: list[Record], field: str) -> list[Cut]:
    return [cut(records, field, t) for t in THRESHOLDS]


def best_cut(records: list[Record], field: str) -> Cut:
    """The threshold that maximises the smaller of the two rates (the lower threshold on a tie)."""
    return max(sweep(records, field), key=lambda c: (round(c.worst, 9), -c.threshold))


def by_kind(records: list[Record]) -> dict[str, list[Record]]:
    groups: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        groups[record["kind"]].append(record)
    return {kind: groups[kind] for kind in KINDS if kind in groups}


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
