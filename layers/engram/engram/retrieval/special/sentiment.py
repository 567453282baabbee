"""How the user's feelings about something (or their mood overall) changed: the trend rule, and the
sentiment-trend answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from engram.db.repositories import special as repo
from engram.language.periods import iso
from engram.language.sentiment import TREND_WINDOW_DAYS, classify_change
from engram.retrieval.special.context import AnswerContext, entity_view, resolve_entity, views
from engram.retrieval.summaries import SummaryInput


def sentiment_trend(points: Sequence[tuple[datetime, float]], now: datetime) -> dict[str, Any]:
    """Is the user's mood improving, declining or stable? Made robust for sparse journals.

    The recent average is compared with the previous one: the last TREND_WINDOW_DAYS days against the
    TREND_WINDOW_DAYS before them when both windows have readings, otherwise the later half of all
    readings against the earlier half. A relative threshold (say a >10 % change) would not do: on a
    -1..1 scale a relative change is meaningless near 0 (and flips sign with it), so we use an absolute
    change of TREND_THRESHOLD (0.1, a tenth of the half-scale): > +0.1 improving, < -0.1 declining, else
    stable. Fewer than two readings: unknown.
    """
    values = [value for _, value in points]
    average = round(sum(values) / len(values), 3) if values else None
    out: dict[str, Any] = {
        "trend": "unknown",
        "average": average,
        "recent_average": None,
        "previous_average": None,
        "change": None,
        "basis": None,
    }
    if len(points) < 2:
        return out
    window = timedelta(days=TREND_WINDOW_DAYS)
    recent = [v for at, v in points if at > now - window]
    previous = [v for at, v in points if now - 2 * window < at <= now - window]
    basis = f"last {TREND_WINDOW_DAYS} days vs the {TREND_WINDOW_DAYS} before"
    if not recent or not previous:
        ordered = [v for _, v in sorted(points, key=lambda p: p[0])]
        half = len(ordered) // 2
        previous, recent = ordered[:half], ordered[half:]
        basis = "later half of the readings vs the earlier half"
    recent_average, previous_average = sum(recent) / len(recent), sum(previous) / len(previous)
    change = recent_average - previous_average
    trend = classify_change(change)
    out.update(
        trend=trend,
        recent_average=round(recent_average, 3),
        previous_average=round(previous_average, 3),
        change=round(change, 3),
        basis=basis,
    )
    return out


# --- sentiment trend -------------------------------------------------------------------------------


# Topics that name a whole area of life: the memories of that category speak about it even when they do not
# use the word ("I'm miserable" filed under work answers "am I happier with work").
_TOPIC_CATEGORIES = {
    "work": "work", "job": "work", "career": "work", "office": "work", "boss": "work",
    "home": "home", "house": "home", "apartment": "home", "flat": "home", "neighborhood": "home",
    "food": "food", "eating": "food", "diet": "food", "cooking": "food",
    "hobbies": "hobbies", "health": "health", "family": "family", "pets": "pets",
    "relationships": "relationships", "dating": "relationships", "love life": "relationships",
    "school": "education", "studies": "education", "education": "education",
}  # fmt: skip


def answer_sentiment_trend(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    name = special.entities[0] if special.entities else None
    entity = resolve_entity(ctx, name, special.relationship) if (name or special.relationship) else None
    topic = entity["name"] if entity else special.topic
    history = replace(ctx.filters, include_historical=True)
    category = _TOPIC_CATEGORIES.get((topic or "").lower())
    readings = repo.memory_sentiment_points(ctx.conn, ctx.user_id, history, topic, category=category)
    points = [
        (p["at"], float(p["sentiment"]))
        for p in (
            repo.entity_sentiment_points(ctx.conn, ctx.user_id, entity["id"], ctx.filters.sensitivity_max)
            if entity
            else []
        )
    ]
    source = "sentiment_history"
    if not points:
        points = [(r["happened_at"], float(r["sentiment"])) for r in readings]
        source = "memories"
    trend = sentiment_trend(points, ctx.now)
    results = ctx.scored(list(reversed(readings))[: ctx.limit])
    ctx.track(results)
    body = {
        "entity": entity_view(entity) or ({"name": topic} if topic else None),
        "topic": topic,
        **trend,
        "points": [{"date": iso(at), "sentiment": round(value, 3)} for at, value in points],
        "source": source,
        "results": views(results),
    }
    return body, None
