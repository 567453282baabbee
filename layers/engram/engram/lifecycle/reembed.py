"""Re-embed a user's stored vectors in the space the settings name, then switch the user to it.

Vectors of two models (or two dimensions) cannot be compared, so a user is read with one space at a time
(`engram.providers.spaces`). Changing the embedding settings therefore moves nobody by itself: this job
does, per user.

1. **Stage.** Every vector of the user that is not in the target space yet (memories, entities,
   storylines, macros, sources) is embedded again from its row's own text, a batch per provider call,
   and kept in `reembed_vectors` while the user is still read, and written, in the old space. A staged
   vector is the checkpoint: a job that dies continues with the rows not staged yet. A batch is staged
   only for rows not changed since they were read; a row written again after it was staged loses its
   staged vector (a trigger), so it is embedded again.
2. **Switch**, in one transaction that locks the user's space: the rows written since their stage are
   embedded and staged there (a writer of a vector waits for the lock and is then refused with a retry,
   its vector being of the old space), every staged vector goes into its row and the user moves. An
   edge's vector is made from a summary that is not stored: the switch clears it and marks the edge
   dirty for the `hierarchy` job. The user's own HNSW index, if any (`engram.lifecycle.vector_indexes`),
   is marked for dropping there and rebuilt over the new vectors by a `vector_index` job.

Progress (vectors staged / to re-embed, per kind) is recorded on the job row after every batch, so
`GET /v1/jobs/{id}` shows it while the job runs.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engram.config import get_settings
from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import reembed as repo
from engram.db.repositories import user_vector_indexes as vector_index_repo
from engram.db.repositories.reembed import KINDS, Kind, Space
from engram.domain.jobs import Job
from engram.errors import ValidationFailed
from engram.graph.descriptions import embedding_text
from engram.lifecycle.vector_indexes import submit_vector_index_job
from engram.observability import logger
from engram.providers.base import Embedder
from engram.providers.factory import get_embedder
from engram.providers.spaces import space_of

if TYPE_CHECKING:
    import numpy as np

# Passes over the user's rows before the switch: each stages what the last one could not (rows written
# or touched meanwhile), so the switch, which embeds the rest while writers wait, has little left.
MAX_PASSES = 3

Progress = Callable[[int, int], None]  # (vectors staged so far, vectors to re-embed)


class KindProgress(BaseModel):
    done: int = 0
    total: int = 0


class ReembedResult(BaseModel):
    """What a run did: the target space, whether the user switched, provider calls, progress per kind."""

    provider: str
    model: str
    dimension: int
    switched: bool = False
    batches: int = 0
    progress: dict[str, KindProgress] = Field(default_factory=dict)

    @property
    def done(self) -> int:
        return sum(p.done for p in self.progress.values())

    @property
    def total(self) -> int:
        return sum(p.total for p in self.progress.values())


class ReembedPayload(BaseModel):
    """A `reembed` job's options: `max_batches` stops a run after that many provider calls (a later run
    continues), `batch_size` overrides `ENGRAM_REEMBED_BATCH_SIZE`."""

    model_config = ConfigDict(extra="forbid")

    max_batches: int | None = Field(None, ge=1)
    batch_size: int | None = Field(None, ge=1, le=4096)


def text_of(kind: Kind, row: dict[str, Any]) -> str:
    """The text a writer embeds for a row of `kind` (memories and sources: the content; a node: its
    description with its notes; a storyline or macro: its name leading its description)."""
    if kind == "entities":
        return embedding_text(row["description"] or "", row["notes"])
    if kind in ("storylines", "macros"):
        description = row["description"] or ""
        return f"{row['name']}. {description}" if row["name"] else description
    return str(row["content"])


class _Run:
    """One run for one user: the target, the counts, and where they are recorded."""

    def __init__(
        self, db: Database, user_id: str, embedder: Embedder, batch_size: int, job_id: UUID | None
    ) -> None:
        self.db, self.user_id, self.embedder = db, user_id, embedder
        self.batch_size, self.job_id = batch_size, job_id
        self.target: Space = space_of(embedder)
        self.result = ReembedResult(
            provider=self.target.provider, model=self.target.model, dimension=self.target.dimension
        )
        self.now = datetime.now(UTC)

    def start(self) -> None:
        with self.db.user_transaction(self.user_id) as conn:
            repo.drop_other_targets(conn, self.user_id, self.target)
            counts = repo.progress(conn, self.user_id, self.target)
            self.result.progress = {kind: KindProgress(**counts[kind]) for kind in KINDS}
            self.record(conn)

    def record(self, conn: Conn) -> None:
        if self.job_id is not None:
            repo.record_progress(conn, self.user_id, self.job_id, self.result.model_dump())

    def read(self, conn: Conn, kind: Kind, after: UUID | None) -> list[dict[str, Any]]:
        return repo.unstaged(
            conn, self.user_id, kind, self.target, after=after, limit=self.batch_size, now=self.now
        )

    def embed(self, kind: Kind, rows: list[dict[str, Any]]) -> list[tuple[UUID, np.ndarray]]:
        vectors = self.embedder.embed([text_of(kind, row) for row in rows])  # one provider call
        self.result.batches += 1
        return [(row["id"], vector) for row, vector in zip(rows, vectors, strict=True)]

    def stage(
        self, conn: Conn, kind: Kind, rows: list[dict[str, Any]], vectors: list[Any], *, guard: bool
    ) -> None:
        staged = repo.stage(conn, self.user_id, kind, self.target, vectors, versions=_versions(rows, guard))
        self.result.progress[kind].done += staged
        self.record(conn)


def _versions(rows: list[dict[str, Any]], guard: bool) -> list[str] | None:
    return [row["version"] for row in rows] if guard else None


def _stage_pass(run: _Run, max_batches: int | None, report: Progress | None) -> tuple[int, bool]:
    """One pass over every kind in id order; (rows read, whether the batch limit stopped it)."""
    seen = 0
    for kind in KINDS:
        after: UUID | None = None
        while True:
            if max_batches is not None and run.result.batches >= max_batches:
                return seen, True
            with run.db.user_transaction(run.user_id) as conn:
                rows = run.read(conn, kind, after)
            if not rows:
                break
            vectors = run.embed(kind, rows)  # outside any transaction: a remote provider takes its time
            with run.db.user_transaction(run.user_id) as conn:
                run.stage(conn, kind, rows, vectors, guard=True)
            seen += len(rows)
            after = rows[-1]["id"]
            if report is not None:
                report(run.result.done, run.result.total)
    return seen, False


def _switch(run: _Run) -> None:
    """Stage what is left while writers of the user's vectors wait, then move every vector and the user."""
    with run.db.user_transaction(run.user_id, memory_writes=True) as conn:
        repo.lock_space(conn, run.user_id)
        for kind in KINDS:
            while rows := run.read(conn, kind, None):
                run.stage(conn, kind, rows, run.embed(kind, rows), guard=False)
        switched = repo.switch(conn, run.user_id, run.target)
        # The user's own HNSW index holds the old space's vectors: searches stop using it with this commit,
        # and a `vector_index` job drops it and builds one over the new vectors.
        had_index = vector_index_repo.mark_dropping(conn, run.user_id)
        run.result.switched = True
        run.record(conn)
    if had_index:
        submit_vector_index_job(run.user_id)
    logger.info("reembed switched", extra={"task": "reembed", "model": run.target.model, **switched})


def reembed_user(
    user_id: str,
    *,
    db: Database | None = None,
    embedder: Embedder | None = None,
    batch_size: int | None = None,
    max_batches: int | None = None,
    job_id: UUID | None = None,
    progress: Progress | None = None,
) -> ReembedResult:
    """Re-embed `user_id`'s vectors with `embedder` (default: the configured one) and switch the user to
    its space (see module). Stops unswitched after `max_batches` provider calls; a later run continues."""
    run = _Run(
        db or get_database(),
        user_id,
        embedder or get_embedder(),
        batch_size or get_settings().reembed_batch_size,
        job_id,
    )
    run.start()
    if progress is not None:
        progress(run.result.done, run.result.total)
    for _ in range(MAX_PASSES):
        seen, stopped = _stage_pass(run, max_batches, progress)
        if stopped:
            return run.result
        if seen <= run.batch_size:
            break
    _switch(run)
    if progress is not None:
        progress(run.result.done, run.result.total)
    return run.result


def run_reembed_job(user_id: str, job: Job) -> dict[str, Any]:
    """A `reembed` job: converges (a rerun continues from the staged vectors, or finds the user switched)."""
    try:
        payload = ReembedPayload.model_validate(job.payload)
    except ValidationError as exc:
        message = "a reembed job's payload is {max_batches?, batch_size?}"
        raise ValidationFailed(message, field="payload") from exc
    result = reembed_user(
        user_id, batch_size=payload.batch_size, max_batches=payload.max_batches, job_id=job.id
    )
    return result.model_dump()
