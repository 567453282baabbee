"""The shared ranking helper: order, char cap, established before observations."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from engram.ranking import rank_facts

NOW = datetime(2026, 3, 10, tzinfo=UTC)


@dataclass(frozen=True)
class Fact:
    content: str
    confidence: float
    learned_at: datetime | None


def test_established_facts_come_first_by_confidence_then_recency():
    facts = [
        Fact("observation new", 0.4, NOW),
        Fact("established old", 0.8, NOW - timedelta(days=30)),
        Fact("established new", 0.8, NOW),
        Fact("certain", 1.0, NOW - timedelta(days=90)),
        Fact("observation old", 0.5, NOW - timedelta(days=10)),
    ]
    ranked = [f.content for f in rank_facts(facts, 10_000)]
    assert ranked == ["certain", "established new", "established old", "observation new", "observation old"]


def test_the_character_cap_is_never_exceeded_and_lower_priority_facts_drop_first():
    facts = [Fact(f"fact number {i} " + "x" * 80, 0.9 - i * 0.01, NOW) for i in range(100)]
    ranked = rank_facts(facts, 4000)
    assert sum(len(f.content) + 1 for f in ranked) <= 4000
    assert ranked == facts[: len(ranked)], "the kept facts are the highest ranked ones, in order"
    assert 30 < len(ranked) < 100


def test_a_long_fact_that_does_not_fit_does_not_block_shorter_ones():
    facts = [Fact("short one", 0.9, NOW), Fact("y" * 500, 0.8, NOW), Fact("short two", 0.7, NOW)]
    assert [f.content for f in rank_facts(facts, 40)] == ["short one", "short two"]
