"""Sentiment: how a text feels (-1..1), and which way the user's feelings about an entity are moving.

`sentiment_of` scores a text from a small lexicon with intensifiers and negation, for the rules extractor.

The trend compares the average of the last 14 days with the average of the 14 days before and calls a
change of more than 10 % a trend. Sentiment lives on a -1..1 scale, where a relative change is
meaningless near 0 (from 0.01 to 0.02 is +100 %) and flips meaning with the sign, so the 10 % is applied
to the scale instead: a move of more than 0.1 in the average is a trend. This is the same reading the
sentiment special query of search makes (`retrieval/special.py`), so both answer alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engram.language.text import words

Trend = Literal["improving", "declining", "stable", "insufficient_data"]

TREND_WINDOW_DAYS = 14  # the last 14 days against the 14 days before them
TREND_THRESHOLD = 0.1  # 10 % of the -1..1 scale's half-width


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
    compare, and "stable" would claim a steadiness nobody observed).
    """
    if current_count <= 0 or previous_count <= 0 or current_average is None or previous_average is None:
        return TrendResult("insufficient_data", current_average, previous_average, None)
    change = round(current_average - previous_average, 9)
    return TrendResult(classify_change(change), current_average, previous_average, change)


def classify_change(change: float) -> Trend:
    """The trend a change in average sentiment reads as (shared with the search special query)."""
    # Rounded so that an exact 0.1 step (0.45 -> 0.35 is 0.10000000000000003 in floats) stays stable.
    change = round(change, 9)
    if change > TREND_THRESHOLD:
        return "improving"
    if change < -TREND_THRESHOLD:
        return "declining"
    return "stable"


# ---------------------------------------------------------------------------------------------------
# Text sentiment
# ---------------------------------------------------------------------------------------------------

SENTIMENT_LEXICON: dict[str, float] = {
    word.replace("_", " "): float(score)
    for word, score in (
        entry.split("=")
        for entry in """
    love=0.8 loved=0.8 loves=0.8 adore=0.8 amazing=0.8 awesome=0.7 great=0.6 excited=0.7 exciting=0.6
    happy=0.6 glad=0.5 wonderful=0.8 fantastic=0.8 powerful=0.5 proud=0.6 grateful=0.6 thankful=0.6
    thrilled=0.8 enjoy=0.5 enjoyed=0.5 enjoying=0.5 fun=0.5 beautiful=0.6 nice=0.4 good=0.4 best=0.6
    perfect=0.7 incredible=0.7 relieved=0.4 inspiring=0.6 inspired=0.6 delighted=0.7 blessed=0.6
    peaceful=0.4 calm=0.3 success=0.5 successful=0.6 won=0.5 promoted=0.5 like=0.3 liked=0.3 likes=0.3
    favorite=0.5 favourite=0.5 brilliant=0.7 lovely=0.6 supportive=0.5 helpful=0.4 smooth=0.3
    celebrate=0.5 celebrated=0.5 congrats=0.5 yay=0.6 thrive=0.5 thriving=0.5 cool=0.3 meaningful=0.5
    rewarding=0.5 impressed=0.5 confident=0.4 hopeful=0.4 relief=0.5 win=0.5 bonus=0.4 smoothly=0.4
    well=0.2 praised=0.6 loving=0.5
    hate=-0.8 hated=-0.8 hates=-0.8 awful=-0.8 terrible=-0.8 horrible=-0.8 stressed=-0.6 stressful=-0.6
    stress=-0.5 sad=-0.6 upset=-0.6 angry=-0.7 furious=-0.8 frustrated=-0.6 frustrating=-0.6
    annoyed=-0.5 annoying=-0.5 anxious=-0.6 worried=-0.5 disappointed=-0.6 disappointing=-0.6
    depressed=-0.7 lonely=-0.6 tired=-0.3 exhausted=-0.5 sick=-0.4 bad=-0.5 worst=-0.8 miserable=-0.8
    hurt=-0.5 painful=-0.6 pain=-0.5 scared=-0.5 afraid=-0.5 overwhelmed=-0.6 rough=-0.5 failed=-0.5
    fail=-0.5 died=-0.8 death=-0.7 grief=-0.8 dislike=-0.5 boring=-0.4 bored=-0.3 difficult=-0.4
    struggle=-0.5 struggling=-0.5 cried=-0.5 crying=-0.5 heartbroken=-0.9 devastated=-0.9 broke=-0.3
    fired=-0.6 nervous=-0.4 sucks=-0.6 sucked=-0.6 ugh=-0.4 crashed=-0.5 bug=-0.2 bugs=-0.2
    complained=-0.5 hated_it=-0.8 mad=-0.6 ashamed=-0.6 guilty=-0.5 jealous=-0.4 regret=-0.5
    unfortunately=-0.3
    """.split()  # noqa: SIM905 - a word list reads better as prose
    )
}
SENTIMENT_PHRASES: dict[str, float] = {
    "passed away": -0.8,
    "broke up": -0.6,
    "laid off": -0.6,
    "can't stand": -0.7,
    "let go": -0.4,
    "went well": 0.6,
    "went great": 0.7,
    "so powerful": 0.6,
}
INTENSIFIERS = frozenset(
    """
    so really very super extremely incredibly truly totally absolutely deeply
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
NEGATORS = frozenset(
    """
    not no never don't doesn't didn't isn't wasn't aren't weren't can't won't hardly
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def sentiment_of(text: str) -> float | None:
    """-1..1 from a small lexicon with intensifiers and negation; None when nothing emotional is said."""
    tokens = words(text)
    lowered = text.lower()
    total, hits = 0.0, 0
    for phrase, score in SENTIMENT_PHRASES.items():
        if phrase in lowered:
            total, hits = total + score, hits + 1
    for index, token in enumerate(tokens):
        found = SENTIMENT_LEXICON.get(token)
        if found is None:
            continue
        score = found
        previous = tokens[index - 1] if index else ""
        if token in ("like", "likes", "liked") and previous in (
            "look",
            "looks",
            "looked",
            "feel",
            "feels",
            "felt",
            "seem",
            "seems",
            "sound",
            "sounds",
            "just",
            "more",
            "something",
            "anything",
            "would",
            "'d",
        ):
            continue
        if previous in INTENSIFIERS:
            score *= 1.3
        if any(word in NEGATORS for word in tokens[max(0, index - 3) : index]):
            score *= -0.6
        total, hits = total + score, hits + 1
    if not hits:
        return None
    value = max(-1.0, min(1.0, total / hits**0.5))
    return round(value, 2) if abs(value) >= 0.05 else None
