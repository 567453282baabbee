"""What the teams routes read and answer: a team, the caller's view of it, a member, and their pages."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError

from engram.models import MAX_USER_ID_LENGTH
from engram.request_rules import ApiModel

TeamRole = Literal["owner", "admin", "member"]
TEAM_ROLES: tuple[TeamRole, ...] = ("owner", "admin", "member")
MAX_TEAM_NAME_LENGTH = 200

# A member's user id is what a token's subject may be (engram.api.auth) and what the member routes
# address in a path segment: printable, no spaces, no control characters (C0 and C1), none of / ? # % \.
_PRINTABLE = re.compile(r"[^\x00-\x20\x7f-\x9f\s/?#%\\]+")


# What the router matches in a path segment (`/v1/teams/{id}/members/{user_id}`): word characters and
# the URI's other safe ones. A member added under any other character (an unassigned code point, an
# emoji) could never be addressed again: every PATCH or DELETE of them found no route.
_ROUTABLE = re.compile(r"[\w\-.~()'!*:@,;=+&$<>\[\]{}|^]+")


def _printable_user_id(value: str) -> str:
    if not _PRINTABLE.fullmatch(value):
        raise ValueError("must be printable text without spaces or / ? # % \\, as a token's subject is")
    if not _ROUTABLE.fullmatch(value):
        raise ValueError(
            "must be letters, digits and - . _ ~ ( ) ' ! * : @ , ; = + & $: it names the member in a URL"
        )
    return value


def _json_object(value: Any) -> Any:
    if not isinstance(value, dict):
        raise ValueError("must be a JSON object")
    return value


UserId = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_USER_ID_LENGTH), AfterValidator(_printable_user_id)
]
TeamName = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEAM_NAME_LENGTH)]
TeamSettings = Annotated[
    dict[str, Any],
    BeforeValidator(_json_object),
    Field(description="the team's own settings, any JSON object; a PATCH replaces it whole"),
]


class TeamCreate(ApiModel):
    """`POST /v1/teams`: the creator becomes the team's owner."""

    name: TeamName
    settings: TeamSettings = Field(default_factory=dict)


class TeamUpdate(ApiModel):
    """`PATCH /v1/teams/{id}`: a new name, new settings, or both."""

    name: TeamName | None = None
    settings: TeamSettings | None = None

    @model_validator(mode="after")
    def _something_and_no_nulls(self) -> TeamUpdate:
        if not self.model_fields_set:
            raise PydanticCustomError("empty_edit", "must set name, settings or both", {"field": "body"})
        for name in self.model_fields_set:
            if getattr(self, name) is None:
                raise PydanticCustomError("null_not_allowed", "cannot be null", {"field": name})
        return self


class MemberAdd(ApiModel):
    """`POST /v1/teams/{id}/members`: only an owner adds an owner."""

    user_id: UserId
    role: TeamRole = "member"


class MemberRoleChange(ApiModel):
    """`PATCH /v1/teams/{id}/members/{user_id}`."""

    role: TeamRole


class Team(BaseModel):
    """A team as the caller sees it: `role` is the caller's own role in it, `joined_at` when they joined.
    `created_by` is null once its creator's account is forgotten."""

    model_config = ConfigDict(extra="forbid")

    id: UUID
    name: str
    created_by: str | None
    created_at: datetime
    updated_at: datetime
    settings: dict[str, Any]
    role: TeamRole
    joined_at: datetime


class TeamPage(BaseModel):
    """`GET /v1/teams`: the caller's teams, in the order they joined them; `next_cursor` null on the last."""

    items: list[Team]
    next_cursor: str | None = None


class Member(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str
    role: TeamRole
    joined_at: datetime


class MemberPage(BaseModel):
    """`GET /v1/teams/{id}/members`: oldest member first; `next_cursor` null on the last page."""

    items: list[Member]
    next_cursor: str | None = None
