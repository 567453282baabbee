"""The sentiment trend: the last 14 days' average against the 14 days before, ±0.1 on the -1..1 scale."""

from __future__ import annotations

import pytest

from engram.language.sentiment import TREND_THRESHOLD, sentiment_trend


def test_a_rise_of_more_than_the_threshold_is_improving():
    result = sentiment_trend(0.6, 3, 0.2, 4)

    assert result.trend == "improving"
    assert result.change == pytest.approx(0.4)


def test_a_fall_of_more_than_the_threshold_is_declining():
    assert sentiment_trend(-0.5, 2, 0.3, 2).trend == "declining"


def test_a_small_move_is_stable():
    assert sentiment_trend(0.35, 5, 0.3, 5).trend == "stable"


@pytest.mark.parametrize(("current", "previous"), [(0.45, 0.35), (0.35, 0.45), (0.7, 0.6)])
def test_a_move_of_exactly_the_threshold_is_stable_despite_float_rounding(current, previous):
    assert abs(current - previous) == pytest.approx(TREND_THRESHOLD)

    assert sentiment_trend(current, 1, previous, 1).trend == "stable"


def test_a_move_away_from_zero_is_a_trend_where_a_relative_change_would_be_undefined():
    # a relative change divides by the previous average, 0 here; on the sentiment scale this is a clear rise
    assert sentiment_trend(0.5, 2, 0.0, 2).trend == "improving"


def test_a_tiny_move_near_zero_is_stable_although_it_is_a_large_relative_change():
    assert sentiment_trend(0.02, 2, 0.01, 2).trend == "stable"


@pytest.mark.parametrize(
    ("current", "current_count", "previous", "previous_count"),
    [(0.5, 3, None, 0), (None, 0, 0.5, 3), (None, 0, None, 0)],
)
def test_a_window_without_readings_is_insufficient_data(current, current_count, previous, previous_count):
    result = sentiment_trend(current, current_count, previous, previous_count)

    assert result.trend == "insufficient_data"
    assert result.change is None
