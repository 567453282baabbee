"""What `GET /v1/profile` and `POST /v1/profile/refresh` answer, for the OpenAPI document (the service
builds the body as a dict; the contract tests hold real answers to these models)."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from engram.models import SensitivityLevel


class ProfileItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: UUID
    category: str
    key: str
    value: str
    confidence: float
    sensitivity_level: SensitivityLevel
    valid_from: datetime
    valid_to: datetime | None = Field(description="null while the value holds")
    source_memory_ids: list[UUID]


class ProfileRefresh(BaseModel):
    """How the refresh changed the stored rows."""

    model_config = ConfigDict(extra="forbid")

    opened: int
    closed: int
    unchanged: int


class Profile(BaseModel):
    """`profile` holds the current value of each category/key; `items` the rows behind it."""

    model_config = ConfigDict(extra="forbid")

    profile: dict[str, dict[str, str]]
    items: list[ProfileItem]
    refreshed: ProfileRefresh | None = Field(None, description="present when this read built the profile")


class RefreshedProfile(Profile):
    refreshed: ProfileRefresh
