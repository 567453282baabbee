"""Which way the user's feelings about an entity are moving (seed 000 §4.2 get_sentiment_trend).

The seed compares the average of the last 14 days with the average of the 14 days before and calls a
change of more than 10 % a trend. Sentiment lives on a -1..1 scale, where a relative change is
meaningless near 0 (from 0.01 to 0.02 is +100 %) and flips meaning with the sign, so the 10 % is applied
to the scale instead: a move of more than 0.1 in the average is a trend. This is the same reading the
sentiment special query of search makes (`retrieval/special.py`), so both answer alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Trend = Literal["improving", "declining", "stable", "insufficient_data"]

TREND_WINDOW_DAYS = 14  # seed 000: the last 14 days against the 14 days before them
TREND_THRESHOLD = 0.1  # seed 000's ±10 %, as a share of the -1..1 scale's half-width


@dataclass(frozen=True)
class TrendResult:
    trend: Trend
    current_average: float | None
    previous_average: float | None
    change: float | None  # current - previous; None without readings in both windows


def sentiment_trend(
    current_average: float | None,
    current_count: int,
    previous_average: float | None,
    previous_count: int,
) -> TrendResult:
    """Compare the recent window's average with the previous window's.

    Improving when the average rose by more than TREND_THRESHOLD, declining when it fell by more,
    stable otherwise; `insufficient_data` when either window has no readings (there is nothing to
    compare, and the seed's "stable" would claim a steadiness nobody observed).
    """
    if current_count <= 0 or previous_count <= 0 or current_average is None or previous_average is None:
        return TrendResult("insufficient_data", current_average, previous_average, None)
    change = round(current_average - previous_average, 9)
    return TrendResult(classify_change(change), current_average, previous_average, change)


def classify_change(change: float) -> Trend:
    """Seed 000 §4.2's reading of a change in average sentiment (shared with the search special query)."""
    # Rounded so that an exact 0.1 step (0.45 -> 0.35 is 0.10000000000000003 in floats) stays stable.
    change = round(change, 9)
    if change > TREND_THRESHOLD:
        return "improving"
    if change < -TREND_THRESHOLD:
        return "declining"
    return "stable"
