"""The one ranking helper used for the extraction prompt and for recall injection.

Established facts (confidence >= 0.6) first, by confidence then recency; then the newest
observations; kept while they fit the character cap. The same order everywhere means what the model
saw when extracting is what the app's LLM sees when answering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Protocol, TypeVar

ESTABLISHED_CONFIDENCE = 0.6
DEFAULT_MAX_CHARS = 4000
OBSERVATION_WINDOW_DAYS = 180


class Rankable(Protocol):
    @property
    def content(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def learned_at(self) -> datetime | None: ...


T = TypeVar("T", bound=Rankable)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _recency(fact: Rankable) -> float:
    return (fact.learned_at or _EPOCH).timestamp()


def rank_facts(
    facts: Sequence[T],
    max_chars: int = DEFAULT_MAX_CHARS,
    *,
    render: Callable[[T], str] | None = None,
    separator_chars: int = 1,
) -> list[T]:
    """Order by the shared rule and keep what fits in `max_chars` (each item costs its rendering + a newline).

    An item too long for the remaining space is skipped, and smaller ones after it may still fit.
    """
    render = render or (lambda f: f.content)
    established = sorted(
        (f for f in facts if f.confidence >= ESTABLISHED_CONFIDENCE),
        key=lambda f: (-f.confidence, -_recency(f)),
    )
    observations = sorted(
        (f for f in facts if f.confidence < ESTABLISHED_CONFIDENCE), key=lambda f: -_recency(f)
    )
    kept: list[T] = []
    used = 0
    for fact in [*established, *observations]:
        cost = len(render(fact)) + separator_chars
        if used + cost > max_chars:
            continue
        kept.append(fact)
        used += cost
    return kept
