"""Time expressions: does the offline write path put what a note says about when on the calendar?

A memory keeps the date it is about ("Three days ago (11 January 2026) Mia broke her arm"): search
answers "when did Mia break her arm?" and "what happened in January?" from it long after "three days
ago" stopped meaning anything. A phrase the grammar does not know ("the weekend before last", "Monday
week") leaves the memory undated; a wrong one dates it wrongly.

The labelled set is bench/data/time_expressions.tsv, written by an author who had not read the grammar:
one sentence per row as a phone app's user types it, the day it was said, and every time it names as a
day (`2026-03-14`), a span (`2026-03-09..2026-03-15`: a week, a weekend, a range, a season, a part of a
month), a month (`2026-03`) or a year (`2026`); readings a fluent speaker could mean either way are
joined by " | ", several times by " ; ". `none` marks a sentence that names no placeable time (a
duration, a habit, an age, "May" as a name); `vague` one whose time no calendar holds ("the other day",
"a few weeks ago"): not scored. Each row has a kind (weekday, n_ago, week, ...) and a split: `tuning`,
whose misses are listed, and `holdout`, whose figures alone are read.

Scoring. Each sentence is split into sentences and clauses as the write path splits it, and each clause
is read by `analyse_temporal` against 10:00 UTC of the day it was said. A resolved phrase is right when
the days it spans (its first and last day) are those of a labelled time not yet matched; otherwise it is
wrong. Precision is right / resolved, recall right / labelled, per kind and overall. Nothing is asserted
(the floors are in tests/unit/test_time_expressions.py).

    python -m bench.bench_dates [--set tuning|holdout|all] [--out results.json]
"""

from __future__ import annotations

import calendar
import sys
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from bench.split_cli import split_main

DATA = Path(__file__).resolve().parent / "data" / "time_expressions.tsv"
SETS = ("tuning", "holdout")
Span = tuple[date, date]


@dataclass(frozen=True)
class Row:
    id: str
    split: str
    kind: str
    said_on: date
    sentence: str
    expected: tuple[tuple[Span, ...], ...]  # each labelled time, as its acceptable readings
    vague: bool = False


def parse_time(text: str) -> Span:
    """ "2026-03-14", "2026-03-09..2026-03-15", "2026-03", "2026" as (first day, last day)."""
    text = text.strip()
    if ".." in text:
        first, last = (parse_time(part) for part in text.split(".."))
        return first[0], last[1]
    parts = [int(p) for p in text.split("-")]
    if len(parts) == 3:
        day = date(*parts)
        return day, day
    if len(parts) == 2:
        year, month = parts
        return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
    return date(parts[0], 1, 1), date(parts[0], 12, 31)


def load_rows(path: Path = DATA) -> list[Row]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("id\t"):
            continue
        ident, split, kind, said_on, sentence, expected = line.split("\t")
        if split not in SETS:
            raise ValueError(f"{path.name}:{number}: unknown split {split!r}")
        cell = expected.strip()
        times: tuple[tuple[Span, ...], ...] = ()
        if cell not in ("none", "vague"):
            times = tuple(
                tuple(parse_time(option) for option in item.split(" | ")) for item in cell.split(" ; ")
            )
        rows.append(
            Row(ident, split, kind, date.fromisoformat(said_on), sentence, times, vague=cell == "vague")
        )
    return rows


def resolve(sentence: str, said_on: date) -> list[tuple[str, Span]]:
    """Every time phrase the write path resolves in the sentence, clause by clause, in order; a range
    ("from 3 to 7 June") is its start and its end, read as one span."""
    from engram.language.temporal import analyse_temporal
    from engram.language.text.sentences import split_clauses, split_sentences

    observed = datetime(said_on.year, said_on.month, said_on.day, 10, tzinfo=UTC)
    found: list[tuple[str, Span]] = []
    for part in split_sentences(sentence):
        for clause in split_clauses(part):
            start = None
            for mention in analyse_temporal(clause, observed).mentions:
                span = (mention.value.date(), mention.last.date())
                if mention.role == "end" and start is not None:
                    found[-1] = (f"{found[-1][0]} .. {mention.text}", (start[0], span[1]))
                    start = None
                    continue
                start = span if mention.role == "start" else None
                found.append((mention.text, span))
    return found


@dataclass
class Outcome:
    row: Row
    right: list[tuple[str, Span]]
    wrong: list[tuple[str, Span]]
    missed: list[tuple[Span, ...]]


def _reads(span: Span, item: tuple[Span, ...]) -> bool:
    """The resolved span is one of the labelled readings, or the week or month that holds a labelled
    day: "six months ago" names February, not the 19th, and is not wrong for it."""
    if span in item:
        return True
    return (span[1] - span[0]).days <= 30 and any(
        first == last and span[0] <= first <= span[1] for first, last in item
    )


def score_row(row: Row, found: list[tuple[str, Span]]) -> Outcome:
    unmatched = list(row.expected)
    right, wrong = [], []
    for phrase, span in found:
        hit = next((item for item in unmatched if _reads(span, item)), None)
        if hit is None:
            wrong.append((phrase, span))
        else:
            unmatched.remove(hit)
            right.append((phrase, span))
    return Outcome(row, right, wrong, unmatched)


def _ratio(a: int, b: int) -> float:
    return round(a / b, 3) if b else 0.0


def figures(outcomes: list[Outcome]) -> dict[str, dict[str, float]]:
    """Precision, recall and F1 per kind and overall (vague rows left out)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # right, resolved, labelled
    for outcome in outcomes:
        if outcome.row.vague:
            continue
        for key in (outcome.row.kind, "overall"):
            counts[key][0] += len(outcome.right)
            counts[key][1] += len(outcome.right) + len(outcome.wrong)
            counts[key][2] += len(outcome.row.expected)
    table = {}
    for key, (right, resolved, labelled) in sorted(counts.items(), key=lambda kv: kv[0] == "overall"):
        precision, recall = _ratio(right, resolved), _ratio(right, labelled)
        f1 = round(2 * precision * recall / (precision + recall), 3) if precision + recall else 0.0
        table[key] = {"precision": precision, "recall": recall, "f1": f1, "labelled": labelled}
    return table


def _span(span: Span) -> str:
    return span[0].isoformat() if span[0] == span[1] else f"{span[0]}..{span[1]}"


def report(split: str, outcomes: list[Outcome], show_misses: bool) -> list[str]:
    lines = [
        f"## {split} ({len(outcomes)} sentences)",
        "",
        "| kind | P | R | F1 | labelled |",
        "|---|---|---|---|---|",
    ]
    for kind, row in figures(outcomes).items():
        if not row["labelled"]:
            continue  # sentences that name no time: their line is below
        lines.append(
            f"| {kind} | {row['precision']:.3f} | {row['recall']:.3f} | {row['f1']:.3f} | {row['labelled']} |"
        )
    quiet = [o for o in outcomes if not o.row.expected and not o.row.vague]
    dated = sum(1 for o in quiet if o.wrong)
    lines += ["", f"sentences that name no time, given one: {dated} of {len(quiet)}"]
    if show_misses:
        lines.append("")
        for o in outcomes:
            if o.row.vague or not (o.wrong or o.missed):
                continue
            lines.append(f"- [{o.row.kind}] {o.row.said_on:%a %Y-%m-%d} {o.row.sentence}")
            lines += [f"    wrong {phrase!r} -> {_span(span)}" for phrase, span in o.wrong]
            lines += [f"    missed {' | '.join(_span(s) for s in item)}" for item in o.missed]
    return lines


def run(sets: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    rows = load_rows()
    results: dict[str, Any] = {}
    lines: list[str] = []
    for split in sets:
        outcomes = [score_row(row, resolve(row.sentence, row.said_on)) for row in rows if row.split == split]
        results[split] = figures(outcomes)
        lines += report(split, outcomes, show_misses=split == "tuning") + [""]
    return results, lines


def main(argv: list[str] | None = None) -> int:
    return split_main(__doc__ or "", SETS, run, argv)


if __name__ == "__main__":
    sys.exit(main())
