"""Notes the app's user writes without "I": kept as about their life, while the world at large is not.

Two labelled sets (tests/data/personal_notes.tsv, the rules were written against it, and
personal_notes_holdout.tsv, written apart and never tuned on) of notes to keep (shorthand about the
writer's life: "Boiler repair €240", "BP 128/82 this morning", "Kemi's flight lands at 6:40") and notes
to skip (news, general truths, definitions, sayings, requests, questions, pleasantries). A note is kept
when the rules engine extracts a fact the rules decider would store. The floors sit a little below what
the sets measure (docs/benchmarks.md), so a regression fails and an improvement passes.
"""

from __future__ import annotations

import csv
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engram.engines.ports import ExtractionInput, TurnInput
from engram.engines.rules.decider import RulesDecider
from engram.engines.rules.extractor import RulesExtractor

DATA = Path(__file__).resolve().parents[1] / "data"
SAID = datetime(2025, 5, 8, 9, tzinfo=UTC)
EXTRACTOR = RulesExtractor()
DECIDER = RulesDecider()
# (set, least share of keep notes kept, most share of skip notes kept)
FLOORS = [("personal_notes.tsv", 0.95, 0.15), ("personal_notes_holdout.tsv", 0.93, 0.30)]


def kept(text: str) -> bool:
    result = EXTRACTOR.extract(
        ExtractionInput(source_id="s", turns=[TurnInput(content=text)], observed_at=SAID)
    )
    return any(DECIDER.decide(fact, [], SAID).operation != "NOOP" for fact in result.facts)


def labelled(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


@pytest.mark.parametrize(("name", "least_kept", "most_skipped_kept"), FLOORS)
def test_shorthand_is_kept_and_the_world_at_large_is_not(
    name: str, least_kept: float, most_skipped_kept: float
) -> None:
    rows = labelled(name)
    keep = [r["text"] for r in rows if r["label"] == "keep"]
    skip = [r["text"] for r in rows if r["label"] == "skip"]
    assert len(keep) >= 100 and len(skip) >= 100
    recall = sum(map(kept, keep)) / len(keep)
    leaked = sum(map(kept, skip)) / len(skip)
    assert recall >= least_kept, f"{name}: keep notes kept {recall:.3f}"
    assert leaked <= most_skipped_kept, f"{name}: skip notes kept {leaked:.3f}"


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        # a credit union is the writer's bank, not the unions of public life
        ("loan approved - $35k from the credit union for a new mixer", True),
        ("The unions have called a national strike", False),
        # a statement of the shape of a general truth about a thing of the writer's day, or with a time of
        # theirs, is their life
        ("Office is in Kreuzberg, on Ritterstrasse near Moritzplatz", True),
        ("Wifi is down again", True),
        ("Sloths are slow swimmers", False),
    ],
)
def test_a_word_of_public_life_in_a_name_of_ones_own_life(text: str, keep: bool) -> None:
    assert kept(text) is keep
