"""Importance, recency, access and length order memories that answer equally well: they count in
proportion to how well a memory answers, so they never lift one that does not."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from engram.db.repositories.search import Candidate
from engram.retrieval.search import _score_parts

NOW = datetime(2026, 3, 10, tzinfo=UTC)
WEIGHTS = (0.7, 0.1, 0.1, 0.1)


def candidate(importance: float, access: int) -> Candidate:
    return Candidate(uuid.uuid4(), importance, NOW, NOW, access, None, 1, 1, None, None, None)


def priors(row: Candidate, answers: float) -> float:
    parts = _score_parts(row, 0.5, WEIGHTS, NOW, answers=answers, chars=30)
    return sum(parts.values()) - parts["relevance"]


def test_a_memory_that_does_not_answer_gains_nothing_from_being_important_or_often_read():
    assert priors(candidate(importance=1.0, access=50), answers=0.0) == 0.0


def test_priors_count_in_proportion_to_how_well_the_memory_answers():
    favourite = candidate(importance=1.0, access=50)
    assert 0.0 < priors(favourite, answers=0.4) < priors(favourite, answers=0.8) <= priors(favourite, 1.0)
    # what it answers still orders two memories the priors favour alike
    assert priors(candidate(0.5, 0), answers=0.9) > priors(candidate(0.5, 0), answers=0.3)
