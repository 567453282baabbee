"""Forget me and export: the user's right to erasure and to a copy of their data.

`forget_user` deletes every row of the user in every table in ONE transaction — memories, versions,
relations, audit (snapshots included), the graph (entities, relationships, notes, mentions,
sentiment, timeline), jobs, feedback, preferences, conversation state, profiles, storylines, macros,
artifacts, the sources they own (team-shared ones too), their team memberships, and the `users` row
— or nothing at all if anything fails. A team whose last owner they were passes to its oldest admin,
else its oldest member; a team they were the only member of is deleted (`deleted.teams` counts
those). Pending jobs are deleted with the rest, so no worker runs them afterwards (the SQS consumer
finds no row and skips the message).
Forgetting a user who has nothing left is not an error: every count is zero.

A job already running when the user is forgotten may still finish and write what it was working on;
forgetting again afterwards removes it.

`export_user` reads every section in one transaction and returns it whole: no cap, no paging
(`truncated` is always false; a cap would be announced there). Embedding vectors are left out: they
are 6 KB each, derived from the content, and recomputed by an import.
"""

from __future__ import annotations

from datetime import UTC, datetime

from engram.db.connection import get_database
from engram.db.repositories import account as account_repo
from engram.db.repositories import corpus
from engram.db.repositories import user_vector_indexes as vector_index_repo
from engram.graph.descriptions import fresh_descriptions
from engram.lifecycle.account_models import ExportDocument, ForgetResult
from engram.lifecycle.profile import fresh_profile
from engram.lifecycle.vector_indexes import drop_forgotten_index
from engram.observability import logger

OMITTED = {
    "embedding": "vectors are derived from the content (6 KB each); an import recomputes them",
    "embedding_bits": "a compact copy of each vector, for search; derived from the vector",
    "tsv": "the full-text index of the content",
    "memory_names": "the names the memories carry, an index of them for search",
    "memory_terms": "how many memories hold each word, an index of them for search",
    "sources.response": "the cached response of the analyze call that stored the source",
    "sources.raw_content": "kept for conversations only (each message's role, speaker, time and id); "
    "a note's raw_content repeats its content",
}


def forget_user(user_id: str) -> ForgetResult:
    """Delete everything Engram holds about `user_id`; rows deleted per table."""
    with get_database().user_transaction(user_id) as conn:
        index_name = vector_index_repo.index_name_of(conn, user_id)
        counts = account_repo.forget_user(conn, user_id)
    # The user's own HNSW index (their record went with the rest): dropped once the forget is committed,
    # outside any transaction (concurrently). If this does not run, the nightly schedule drops the orphan.
    drop_forgotten_index(index_name)
    corpus.forget(user_id)  # nothing about the user outlives the request in this process either
    logger.info("user forgotten", extra={"rows_deleted": sum(counts.values())})
    return ForgetResult(deleted=counts)


def export_user(user_id: str, *, now: datetime | None = None) -> ExportDocument:
    """Everything Engram holds about `user_id`, uncapped, without embedding vectors."""
    with get_database().user_transaction(user_id) as conn:
        fresh_profile(conn, user_id)  # the copy holds the profile the memories say, not a stale one
        fresh_descriptions(conn, user_id)  # and the nodes' descriptions
        sections = account_repo.export_sections(conn, user_id)
        user = account_repo.export_user_row(conn, user_id)
        teams = account_repo.export_created_teams(conn, user_id)
    preferences = sections.pop("preferences")
    counts = {name: len(rows) for name, rows in sections.items()} | {
        "teams": len(teams),
        "preferences": len(preferences),
    }
    return ExportDocument(
        exported_at=now or datetime.now(UTC),
        user_id=user_id,
        user=user,
        preferences=preferences[0] if preferences else None,
        teams=teams,
        counts=counts,
        omitted=OMITTED,
        **sections,
    )
