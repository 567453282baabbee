"""Pydantic models of the domain and of the API: one source of truth for field names and limits."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

MemoryType = Literal["entity", "fact", "preference", "event", "goal", "procedure", "decision", "action"]
SensitivityLevel = Literal["normal", "sensitive", "private"]
MEMORY_TYPES: tuple[MemoryType, ...] = get_args(MemoryType)

Topic = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class ApiModel(BaseModel):
    """Request bodies: unknown fields are refused (a typo must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class MemoryPreferences(BaseModel):
    """Seed 000 §6.1: how a user wants Engram to remember and recall."""

    custom_instructions: str | None = None
    enabled_categories: list[MemoryType] = Field(default_factory=lambda: list(MEMORY_TYPES))
    auto_mark_sensitive: list[str] = Field(
        default_factory=lambda: ["health", "medical", "financial", "death", "mental health", "therapy"]
    )
    never_store: list[str] = Field(default_factory=list)
    default_expiry_days: int | None = None
    events_auto_expire: bool = True
    prefer_recent: bool = True
    include_historical_by_default: bool = False
    default_sensitivity_level: SensitivityLevel = "normal"
    min_confidence: float = 0.6
    notify_on_consolidation: bool = False
    notify_on_conflict: bool = True
    updated_at: datetime | None = None


class PreferencesUpdate(ApiModel):
    """`PUT /v1/preferences`: a partial update; fields left out keep their value."""

    custom_instructions: Annotated[str, StringConstraints(max_length=4000)] | None = None
    enabled_categories: Annotated[list[MemoryType], Field(min_length=1, max_length=8)] | None = None
    auto_mark_sensitive: Annotated[list[Topic], Field(max_length=100)] | None = None
    never_store: Annotated[list[Topic], Field(max_length=100)] | None = None
    default_expiry_days: Annotated[int, Field(ge=1, le=36500)] | None = None
    events_auto_expire: bool | None = None
    prefer_recent: bool | None = None
    include_historical_by_default: bool | None = None
    default_sensitivity_level: SensitivityLevel | None = None
    min_confidence: Annotated[float, Field(ge=0.0, le=1.0)] | None = None
    notify_on_consolidation: bool | None = None
    notify_on_conflict: bool | None = None

    @model_validator(mode="after")
    def _null_only_where_clearable(self) -> PreferencesUpdate:
        """`null` clears custom_instructions/default_expiry_days; elsewhere it is a client error."""
        for name in self.model_fields_set - CLEARABLE_PREFERENCES:
            if getattr(self, name) is None:
                raise PydanticCustomError("null_not_allowed", f"{name} cannot be null", {"field": name})
        return self


CLEARABLE_PREFERENCES = frozenset({"custom_instructions", "default_expiry_days"})
