"""Answers that list memories: a period, what used to be true, everything but something, decisions and
goals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engram.db.repositories import special as repo
from engram.language.periods import iso
from engram.models import SEARCH_THRESHOLD, ScoredMemory
from engram.retrieval.special.context import LIST_CAP, AnswerContext, happened, is_current, view, views
from engram.retrieval.summaries import SummaryInput

# --- temporal --------------------------------------------------------------------------------------


def answer_temporal(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    timeframe = ctx.special.timeframe
    assert timeframe is not None
    window = replace(ctx.filters, since=timeframe.start, until=timeframe.end)
    listed = ctx.scored(
        repo.list_visible(ctx.conn, ctx.user_id, window, order="date_asc", limit=LIST_CAP * 2)
    )
    if ctx.special.topic:
        results = ctx.search(ctx.special.topic, window)
    else:
        best = sorted(listed, key=lambda r: -r.final_score)[: ctx.limit]
        results = sorted(best, key=lambda r: happened(r.memory))
        ctx.track(results)
    body = {
        "timeframe": timeframe.as_dict(),
        "topic": ctx.special.topic,
        "memories": [view(r, happened_at=iso(happened(r.memory))) for r in listed],
        "count": len(listed),
        "results": [view(r, happened_at=iso(happened(r.memory))) for r in results],
    }
    return body, None


# --- historical ------------------------------------------------------------------------------------


def answer_historical(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    results = ctx.search(ctx.request.query, replace(ctx.filters, include_historical=True))
    current = [r for r in results if is_current(r.memory)]
    historical = [r for r in results if not is_current(r.memory)]
    # The question asks how things were: what no longer holds answers it first, then the present; a
    # memory that does not answer it (below the default threshold) comes after both, past or not (a past
    # job does not answer "who was my previous girlfriend?").
    answers = [r for r in results if r.relevance >= SEARCH_THRESHOLD]
    ordered = [r for r in answers if not is_current(r.memory)] + [r for r in answers if is_current(r.memory)]
    body = {
        "current": views(current),
        "historical": [view(r, superseded_at=iso(r.memory.valid_to)) for r in historical],
        "results": views(ordered + [r for r in results if r.relevance < SEARCH_THRESHOLD]),
    }
    return body, None


# --- negation --------------------------------------------------------------------------------------


def excluded_pattern(terms: Sequence[str]) -> re.Pattern[str]:
    """Whole words, any case, singular or plural of the last word ("meetings" also drops "meeting")."""
    alternatives = []
    for term in terms:
        words = term.split()
        last = words[-1]
        stem = re.sub(r"(?:es|s)$", "", last) if len(last) > 3 else last
        alternatives.append(r"\s+".join([*map(re.escape, words[:-1]), re.escape(stem) + r"(?:s|es)?"]))
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


def answer_negation(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    pattern = excluded_pattern(special.excluded)
    room = min(100, ctx.limit * 3 + 20)  # candidates to spare for what the exclusion drops
    if special.topic:
        candidates = ctx.search(special.positive or special.topic, limit=room, track_access=False)
    else:  # "anything without meetings": nothing to rank by, so everything visible, best first
        rows = repo.list_visible(ctx.conn, ctx.user_id, ctx.filters, order="importance", limit=room)
        candidates = ctx.scored(rows)
    kept = [r for r in candidates if not pattern.search(f"{r.memory.name or ''} {r.memory.content}")]
    # excluded_count counts the dropped candidates among those considered, not across every memory.
    results = kept[: ctx.limit]
    ctx.track(results)
    body = {
        "positive": special.positive,
        "excluded": list(special.excluded),
        "excluded_count": len(candidates) - len(kept),
        "results": views(results),
    }
    return body, None


# --- decisions -------------------------------------------------------------------------------------


def answer_decisions(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    filters = replace(ctx.filters, memory_types=["decision"])
    if special.timeframe and not special.timeframe.vague:  # "recently" only orders; a named period filters
        filters = replace(filters, since=special.timeframe.start, until=special.timeframe.end)
    if special.topic:
        ranked = ctx.search(special.topic, filters, limit=LIST_CAP, explain=True, track_access=False)
        # Decisions that match the topic in words or names; when none does, all decisions, best first.
        chosen = ctx.lexical(ranked) or ctx.lexical(ranked, keep_all=True)
    else:
        chosen = ctx.scored(
            repo.list_visible(ctx.conn, ctx.user_id, filters, order="date_desc", limit=LIST_CAP)
        )
    results = chosen[: ctx.limit]
    ctx.track(results)
    decisions = [
        {
            "id": str(r.memory.id),
            "content": r.memory.content,
            "decision": r.memory.content,
            "outcome": r.memory.outcome,
            "outcome_sentiment": r.memory.outcome_sentiment,
            "date": iso(happened(r.memory)),
            "importance": r.memory.importance,
        }
        for r in chosen
    ]
    body = {
        "topic": special.topic,
        "timeframe": special.timeframe.as_dict() if special.timeframe else None,
        "decisions": decisions,
        "total": len(decisions),
        "with_outcomes": sum(1 for d in decisions if d["outcome"]),
        "results": views(results),
    }
    return body, None


# --- goals -----------------------------------------------------------------------------------------


def answer_goals(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    """Active and achieved goals. A goal counts as achieved when it has an outcome, is marked historical,
    or a later action reports finishing it (`repo.goal_completions`: a completion verb and a shared content
    word, "I ran my first marathon" for "run a marathon")."""
    filters = replace(ctx.filters, memory_types=["goal"], include_historical=True)
    rows = [
        r
        for r in repo.list_visible(ctx.conn, ctx.user_id, filters, order="importance", limit=LIST_CAP)
        if r["status"] == "active"
    ]
    completions = repo.goal_completions(
        ctx.conn, ctx.user_id, replace(ctx.filters, include_historical=True), [r["id"] for r in rows]
    )
    active: list[dict[str, Any]] = []
    achieved: list[dict[str, Any]] = []
    active_results: list[ScoredMemory] = []
    achieved_results: list[ScoredMemory] = []
    for result in ctx.scored(rows):
        goal = result.memory
        item: dict[str, Any] = {
            "id": str(goal.id),
            "content": goal.content,
            "goal": goal.content,
            "importance": goal.importance,
            "created": iso(goal.document_date or goal.created_at),
            "deadline": iso(goal.expires_at),
        }
        done = completions.get(goal.id)
        if not (goal.outcome or goal.is_historical or done):
            active.append(item)
            active_results.append(result)
            continue
        item["achieved_reason"] = (
            "outcome" if goal.outcome else "historical" if goal.is_historical else "action"
        )
        item["outcome"] = goal.outcome
        item["achieved_date"] = iso(done["happened_at"] if done else goal.updated_at)
        if done:
            item["achieved_by"] = {
                "id": str(done["id"]),
                "content": done["content"],
                "date": iso(done["happened_at"]),
            }
        achieved.append(item)
        achieved_results.append(result)
    results = (active_results + achieved_results)[: ctx.limit]
    ctx.track(results)
    body = {
        "active": active,
        "achieved": achieved,
        "total_active": len(active),
        "total_achieved": len(achieved),
        "results": views(results),
    }
    return body, None
