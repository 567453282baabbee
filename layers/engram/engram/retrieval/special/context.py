"""What every answerer of a special query works with: the query in its user transaction, searches and
listings as scored memories, access tracking, and the views shared by the answers."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from engram.config import get_settings
from engram.db.connection import Conn
from engram.db.repositories import special as repo
from engram.db.repositories.search import record_access
from engram.db.repositories.search_visibility import SearchFilters
from engram.language.names import canonical_name
from engram.language.periods import iso
from engram.models import Memory, ScoredMemory, SearchRequest
from engram.retrieval.search import SearchParams, access_score, recency_score, search_in
from engram.retrieval.special.detection import SpecialQuery
from engram.retrieval.summaries import SummaryInput

if TYPE_CHECKING:
    from engram.retrieval.query_vectors import QueryVectors

LIST_CAP = 50  # memories listed in a type-specific section (`memories`, `history`, `decisions` ...)


@dataclass
class AnswerContext:
    """One special query being answered inside one user transaction."""

    conn: Conn
    user_id: str
    request: SearchRequest
    special: SpecialQuery
    filters: SearchFilters
    signals: set[str]
    embed: Callable[[str], QueryVectors | None]

    @property
    def now(self) -> datetime:
        return self.filters.now

    @property
    def limit(self) -> int:
        return self.request.limit

    def search(
        self,
        query: str,
        filters: SearchFilters | None = None,
        *,
        limit: int | None = None,
        explain: bool | None = None,
        track_access: bool = True,
    ) -> list[ScoredMemory]:
        params = SearchParams(
            query=query,
            limit=limit or self.limit,
            # A special query answers by its own rule (a period, a listing): a threshold cuts its results
            # only when the client asked for one.
            threshold=self.request.threshold if "threshold" in self.request.model_fields_set else 0.0,
            filters=filters or self.filters,
            signals=self.signals,
            explain=self.request.explain if explain is None else explain,
            track_access=track_access,
        )
        return search_in(self.conn, self.user_id, params, self.embed(query))

    def scored(self, rows: Sequence[dict[str, Any]]) -> list[ScoredMemory]:
        """Listed memories as search hits: each fully matches the question (relevance 1), so the final
        score is standard search's weighted score with the listing's own order kept."""
        settings = get_settings()
        out = []
        for row in rows:
            score = (
                settings.search_weight_relevance
                + settings.search_weight_importance * row["importance_score"]
                + settings.search_weight_recency
                * recency_score(row["last_reinforced_at"], row["created_at"], self.now)
                + settings.search_weight_access * access_score(row["access_count"])
            )
            out.append(
                ScoredMemory(
                    memory=Memory.model_validate(row), similarity=0.0, relevance=1.0, final_score=score
                )
            )
        return out

    def lexical(self, ranked: Sequence[ScoredMemory], *, keep_all: bool = False) -> list[ScoredMemory]:
        """The hits some signal other than the vector found (shared words, names, entities), or all of
        them with `keep_all`; explanations are dropped unless the request asked for them. Needs
        `search(..., explain=True)`."""
        kept = [r for r in ranked if keep_all or set((r.explain or {}).get("signals", {})) - {"vector"}]
        return kept if self.request.explain else [r.model_copy(update={"explain": None}) for r in kept]

    def track(self, results: Sequence[ScoredMemory]) -> None:
        record_access(self.conn, self.user_id, [r.memory.id for r in results], self.now)


Handler = Callable[[AnswerContext], tuple[dict[str, Any], SummaryInput | None]]


def view(result: ScoredMemory, **extra: Any) -> dict[str, Any]:
    return result.view() | extra


def views(results: Sequence[ScoredMemory]) -> list[dict[str, Any]]:
    return [r.view() for r in results]


def happened(memory: Memory) -> datetime:
    return memory.event_date or memory.document_date or memory.created_at


def first_person(text: str) -> bool:
    return bool(re.match(r"^(?:I|I'm|I've|I'd|I'll|My|Me)\b", text.strip()))


def entity_view(entity: dict[str, Any] | None) -> dict[str, Any] | None:
    if entity is None:
        return None
    return {
        "id": str(entity["id"]),
        "name": entity["name"],
        "kind": entity["kind"],
        "entity_type": entity["entity_type"] or None,
        "relationship": entity["relationship"],
        "mention_count": entity["mention_count"],
        "sentiment_average": entity["sentiment_average"],
        "first_mentioned_at": iso(entity["first_mentioned_at"]),
        "last_mentioned_at": iso(entity["last_mentioned_at"]),
    }


def resolve_entity(
    ctx: AnswerContext,
    name: str | None,
    relationship: str | None = None,
    *,
    topic: str | None = None,
    former: bool = False,
) -> dict[str, Any] | None:
    """The entity named, if the caller may see at least one memory about it (current or past); of a
    tie's holders, the one `topic` and `former` say (`detection.SpecialQuery`)."""
    canonical = canonical_name(name) if name else None
    entity = repo.resolve_entity(
        ctx.conn, ctx.user_id, canonical or None, relationship=relationship, topic=topic, former=former
    )
    if entity is None:
        return None
    visible = repo.entities_with_visible_memories(
        ctx.conn, ctx.user_id, replace(ctx.filters, include_historical=True), [entity["id"]]
    )
    return entity if entity["id"] in visible else None


def is_current(memory: Memory) -> bool:
    return memory.status == "active" and not memory.is_historical
