"""Asked how things are now, the last told of the memories that answer comes first, in proportion to
how well it answers: a later memory that half answers does not leap a full answer told before it."""

from datetime import UTC, datetime

from engram.retrieval.calibration import Calibration, newness
from engram.retrieval.relevance import Evidence


def _told(answers: float, month: int) -> Calibration:
    evidence = Evidence(similarity=None, words=answers, slot=False, named=False)
    return Calibration(answers, 0.0, evidence, 40, answers, datetime(2026, month, 1, tzinfo=UTC))


def test_the_last_told_of_equal_answers_gains_most():
    late = newness({"march": _told(0.8, 3), "june": _told(0.8, 6), "april": _told(0.8, 4)})
    assert late["june"] == 1.0 and late["march"] == 0.0 and 0 < late["april"] < 1


def test_a_later_memory_that_answers_less_gains_in_proportion():
    # "how much alcohol do I drink now?": the beers knocked on the head (0.64) told before a note on
    # timber (0.38, still over half as good): the later one's lift is scaled by 0.38 / 0.64
    late = newness({"beers": _told(0.64, 3), "timber": _told(0.38, 9)})
    assert late["beers"] == 0.0 and abs(late["timber"] - 0.38 / 0.64) < 1e-9


def test_answers_under_half_as_good_as_the_best_are_not_ordered_by_time():
    assert newness({"best": _told(0.8, 3), "weak": _told(0.3, 9)}) == {}
