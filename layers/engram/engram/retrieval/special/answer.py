"""Answering a detected special query: its answerer, in one user transaction, then a model-written
summary if the answer has one."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from engram.db.connection import get_database
from engram.db.repositories.preferences import get_preferences
from engram.models import SEARCH_SIGNALS, SearchRequest
from engram.providers.spaces import user_embedder
from engram.retrieval.query_vectors import QueryVectors, query_vector
from engram.retrieval.search import filters_from_request
from engram.retrieval.special.about import (
    answer_entity_summary,
    answer_relationship_query,
    answer_self_summary,
)
from engram.retrieval.special.context import AnswerContext, Handler
from engram.retrieval.special.detection import SpecialQuery
from engram.retrieval.special.listings import (
    answer_decisions,
    answer_goals,
    answer_historical,
    answer_negation,
    answer_temporal,
)
from engram.retrieval.special.sentiment import answer_sentiment_trend
from engram.retrieval.summaries import write_summary


def run_special_query(
    user_id: str, request: SearchRequest, special: SpecialQuery, *, now: datetime | None = None
) -> dict[str, Any]:
    """Answer a detected special query with its kind's own response shape plus `results`.

    Reads happen in one user transaction; a summary written by a model is requested after it commits, so
    no transaction waits on a model.
    """
    began = time.perf_counter()
    now = now or datetime.now(UTC)
    signals: set[str] = set(request.signals or SEARCH_SIGNALS)
    embedder = user_embedder(user_id) if "vector" in signals else None
    cache: dict[str, QueryVectors | None] = {}

    def embed(text: str) -> QueryVectors | None:
        if embedder is None:
            return None
        if text not in cache:
            cache[text] = query_vector(embedder, text)
        return cache[text]

    for text in _texts_to_embed(special, request.query):
        embed(text)  # before the transaction: a remote embedder should not hold it open
    with get_database().user_transaction(user_id) as conn:
        ceiling = get_preferences(conn, user_id).default_sensitivity_level
        context = AnswerContext(
            conn, user_id, request, special, filters_from_request(request, ceiling, now), signals, embed
        )
        body, material = HANDLERS[special.type](context)
    if material is not None:
        written = write_summary(material)
        body["summary"], body["summary_source"] = written.text, written.source
    return {
        "type": special.type,
        "query": request.query,
        **body,
        "took_ms": round((time.perf_counter() - began) * 1000, 2),
    }


def _texts_to_embed(special: SpecialQuery, query: str) -> list[str]:
    if special.type == "historical":
        return [query]
    if special.type in ("temporal", "decisions", "negation") and special.topic:
        return [special.positive or special.topic] if special.type == "negation" else [special.topic]
    return []


HANDLERS: dict[str, Handler] = {
    "self_summary": answer_self_summary,
    "entity_summary": answer_entity_summary,
    "relationship_query": answer_relationship_query,
    "temporal": answer_temporal,
    "historical": answer_historical,
    "negation": answer_negation,
    "sentiment_trend": answer_sentiment_trend,
    "decisions": answer_decisions,
    "goals": answer_goals,
}
