"""Importance, recency, access and length order memories that answer equally well: they count in
proportion to how well a memory answers, so they never lift one that does not."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from engram.db.repositories.search import Candidate
from engram.retrieval.search import _fused, _score_parts

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


def test_asked_about_the_one_before_an_older_holder_of_the_slot_takes_the_slot_share():
    # "who did I work for before the wind company?": the old employer's memory shares no word with the
    # question; without its share it fell out of the window the relevance is calibrated for.
    older = Candidate(uuid.uuid4(), 0.5, NOW, NOW, 0, None, None, None, None, None, None, stale_rank=2)
    worded = Candidate(uuid.uuid4(), 0.5, NOW, NOW, 0, None, 1, 1, None, None, None)
    unrelated = Candidate(uuid.uuid4(), 0.5, NOW, NOW, 0, None, 40, None, None, None, None)
    share = {
        row.id: score for score, row, _ in _fused([older, worded, unrelated], "hash", older_holders=True)
    }
    assert share[older.id] > share[unrelated.id]
    share = {row.id: score for score, row, _ in _fused([older, worded, unrelated], "hash")}
    assert share[older.id] == 0.0  # asked about now, an older holder is no answer
