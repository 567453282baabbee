"""The context a fact is applied in, shared by the write path's modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from engram.models import MemoryPreferences


@dataclass(frozen=True)
class FactContext:
    """Where a fact came from and when it was true.

    `job_id`: the `update` job applying this one fact; the fact's effects are recorded on that job, so
    the job applies it once however often it runs. None for facts applied inline by a request.
    """

    user_id: str
    observed_at: datetime
    source_id: UUID | None = None
    job_id: UUID | None = None
    document_date: datetime | None = None
    preferences: MemoryPreferences = field(default_factory=MemoryPreferences)
