"""Ties through others: does the write path store whose partner someone is, and does search read a path
through others in a question?

A question about "my sister's husband" is answered through the user's graph: the user's sister, then
her partner (docs/design.md, "Someone named by a path through others is asked about by name"). Two halves
make that work, and each has a labelled set written by an author who had read neither:

- bench/data/partner_ties.tsv: personal notes, each with the partner ties it states between two people
  other than the writer (`Priya|married|Dev`; several joined by ";"; empty when none: the writer's own
  partner, a tennis partner, an ended tie, a hope). Each note goes through the offline rules extractor,
  and the partner edges (dating, engaged to, married to) its facts draw between two people other than
  the writer are its answer. A pair is right when the note states it (either order); its state is
  reported apart.
- bench/data/family_ties.tsv: personal notes, each with the family ties it states between two people
  other than the writer (`Bethan|son|Theo`: Theo is Bethan's son; empty when none: the writer's own
  family, a partner, a teacher, a relative left unnamed). Scored as the partner ties are, over the
  family edges (mother, son, sister, grandchild ...) its facts draw; the tie is right when the edge runs
  from the holder with the labelled word.
- bench/data/kin_questions.tsv: questions, each with the words that name a path through others ("my
  older sister's husband", "my grandkids"; empty when none: "my sister", "Priya's husband", "my boss's
  wife"). `language.question_kin.kin_path` reads each; it is right when it reads exactly those words.

Precision and recall per set and split; the tuning split's misses are listed, the holdout's figures
alone are read. Nothing is asserted (the floors are in tests/unit/test_kin_paths.py).

    python -m bench.bench_ties [--set tuning|holdout|all] [--out results.json]
"""

from __future__ import annotations

import csv
import functools
import json
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.split_cli import split_main

DATA = Path(__file__).resolve().parent / "data"
SETS = ("tuning", "holdout")
PARTNER_EDGES = {"dating": "dating", "engaged_to": "engaged", "married_to": "married"}
KIN_EDGES = frozenset(
    [
        "mother",
        "father",
        "parent",
        "son",
        "daughter",
        "child",
        "sister",
        "brother",
        "sibling",
        "grandmother",
        "grandfather",
        "grandson",
        "granddaughter",
        "grandchild",
        "aunt",
        "uncle",
        "cousin",
        "niece",
        "nephew",
    ]  # noqa: SIM905
)
Pair = tuple[str, str]


@dataclass(frozen=True)
class Case:
    id: str
    split: str
    text: str
    expected: str


def load(name: str) -> list[Case]:
    with (DATA / name).open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return [
            Case(r["id"], r["split"], r.get("note") or r["question"], r["expected"].strip()) for r in rows
        ]


# Titles a label keeps as written and a graph node may not ("Mrs Okafor", "Aunty Meena"): names are
# compared without them
_TITLES = re.compile(r"^(?:(?:old|mr|mrs|ms|miss|dr|pastor|aunty|auntie|uncle|tita|tito)\.?\s+)+")


def _name(name: str) -> str:
    return _TITLES.sub("", name.strip().lower())


def _pair(a: str, b: str) -> Pair:
    x, y = sorted((_name(a), _name(b)))
    return x, y


def stated_pairs(expected: str) -> dict[Pair, str]:
    """Each labelled pair (either order) with its state or, for a family tie, "holder>tie"."""
    pairs = {}
    for item in filter(None, (part.strip() for part in expected.split(";"))):
        first, state, second = item.split("|")
        pairs[_pair(first, second)] = f"{_name(first)}>{state}" if state in KIN_EDGES else state
    return pairs


@functools.cache
def _extractor() -> Any:
    from engram.engines.rules.extractor import RulesExtractor

    return RulesExtractor()


def stored_pairs(note: str, kin: bool = False) -> dict[Pair, str]:
    """The partner edges (family ones with `kin`) the rules extractor's facts of `note` draw between two
    others."""
    from engram.engines.ports import ExtractionInput, TurnInput
    from engram.graph.edges import OWNER, edges_for_fact

    said = ExtractionInput(
        source_id="bench", turns=[TurnInput(content=note)], observed_at=datetime(2026, 3, 1, tzinfo=UTC)
    )
    pairs: dict[Pair, str] = {}
    for fact in _extractor().extract(said).facts:
        for edge in edges_for_fact(fact):
            ends = {edge.source.canonical, edge.target.canonical}
            if edge.ends or OWNER in ends:
                continue
            pair = _pair(edge.source.name, edge.target.name)
            if kin and edge.relationship_type in KIN_EDGES:
                pairs[pair] = f"{_name(edge.source.name)}>{edge.relationship_type}"
            elif not kin and edge.relationship_type in PARTNER_EDGES:
                pairs[pair] = PARTNER_EDGES[edge.relationship_type]
    return pairs


def _ratio(a: int, b: int) -> float:
    return round(a / b, 3) if b else 1.0


def score_ties(cases: list[Case], kin: bool = False) -> tuple[dict[str, Any], list[str]]:
    right = wrong = labelled = same_state = 0
    misses = []
    for case in cases:
        expected, found = stated_pairs(case.expected), stored_pairs(case.text, kin)
        labelled += len(expected)
        hits = expected.keys() & found.keys()
        right += len(hits)
        wrong += len(found.keys() - hits)
        same_state += sum(expected[p] == found[p] for p in hits)
        if found.keys() != expected.keys():
            misses.append(f"{case.id} {case.text!r}\n    labelled {expected} stored {found}")
    figures = {
        "labelled": labelled,
        "stored": right + wrong,
        "precision": _ratio(right, right + wrong),
        "recall": _ratio(right, labelled),
        "state_right": _ratio(same_state, right),  # a family tie's: from the holder, with the word
    }
    return figures, misses


def score_paths(cases: list[Case]) -> tuple[dict[str, Any], list[str]]:
    from engram.language.question_idioms import plain_question
    from engram.language.question_kin import kin_path

    right = read = labelled = 0
    misses = []
    for case in cases:
        # read as search reads it, shorthand put plainly ("my sis's bf" is "my sister's boyfriend")
        question, expected = plain_question(case.text), plain_question(case.expected)
        path = kin_path(question)
        said = question[path.start : path.end] if path else ""
        labelled += bool(expected)
        read += bool(said)
        right += bool(said) and said == expected
        if said != expected:
            misses.append(f"{case.id} {case.text!r}\n    labelled {case.expected!r} read {said!r}")
    figures = {
        "labelled": labelled,
        "read": read,
        "precision": _ratio(right, read),
        "recall": _ratio(right, labelled),
    }
    return figures, misses


def run(sets: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    ties, family, paths = load("partner_ties.tsv"), load("family_ties.tsv"), load("kin_questions.tsv")
    results: dict[str, Any] = {}
    lines = []
    for split in sets:
        tie_figures, tie_misses = score_ties([c for c in ties if c.split == split])
        kin_figures, kin_misses = score_ties([c for c in family if c.split == split], kin=True)
        path_figures, path_misses = score_paths([c for c in paths if c.split == split])
        results[split] = {"partner_ties": tie_figures, "family_ties": kin_figures, "kin_paths": path_figures}
        lines.append(f"## {split}")
        lines.append(f"partner ties between others: {json.dumps(tie_figures)}")
        lines.append(f"family ties between others: {json.dumps(kin_figures)}")
        lines.append(f"paths through others in questions: {json.dumps(path_figures)}")
        if split == "tuning":  # the holdout's misses are not read
            lines += ["misses:", *tie_misses, *kin_misses, *path_misses]
    return results, lines


def main(argv: list[str] | None = None) -> int:
    return split_main(__doc__ or "", SETS, run, argv)


if __name__ == "__main__":
    sys.exit(main())
