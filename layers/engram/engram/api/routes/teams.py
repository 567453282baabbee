"""Teams and their members: `/v1/teams`, `/v1/teams/{id}`, `/v1/teams/{id}/members` and
`/v1/teams/{id}/members/{user_id}` (the rules are in `engram.lifecycle.teams`).

A member's user id in the path is percent-decoded here: API Gateway hands the path over as the client
encoded it, so an id holding `|` or `@` (as identity providers' subjects do) reads the same in Lambda
and locally.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import unquote
from uuid import UUID

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Path
from aws_lambda_powertools.event_handler.router import Router
from pydantic import BaseModel, TypeAdapter, ValidationError

from engram.api.context import CurrentUser
from engram.api.openapi import answers, no_content
from engram.api.routes.paging import DEFAULT_PAGE_SIZE, PageCursor, PageLimit
from engram.errors import ValidationFailed
from engram.lifecycle import teams
from engram.lifecycle.team_models import (
    Member,
    MemberAdd,
    MemberPage,
    MemberRoleChange,
    Team,
    TeamCreate,
    TeamPage,
    TeamUpdate,
    UserId,
)
from engram.models import MAX_USER_ID_LENGTH

router = Router()

# Percent-encoded, an id of 128 characters may take three times as many.
MemberId = Annotated[str, Path(min_length=1, max_length=3 * MAX_USER_ID_LENGTH)]


_USER_ID: TypeAdapter[str] = TypeAdapter(UserId)


def _member_id(raw: str) -> str:
    """The member's user id from the path, decoded and held to the rules of a user id (a `%00` in the path
    would otherwise reach the database as a NUL)."""
    try:
        return _USER_ID.validate_python(unquote(raw))
    except ValidationError as exc:
        raise ValidationFailed("user_id is not a valid user id", field="user_id") from exc


def _created(body: BaseModel) -> Response[dict]:
    return Response(
        status_code=201, content_type=content_types.APPLICATION_JSON, body=body.model_dump(mode="json")
    )


def _no_content() -> Response[None]:
    return Response(status_code=204, body=None)


@router.post("/v1/teams", responses=answers(Team, 201, "Created; the caller is its owner"))
def post_team(user_id: CurrentUser, team: TeamCreate) -> Response[dict]:
    return _created(teams.create_team(user_id, team))


@router.get("/v1/teams")
def list_teams(
    user_id: CurrentUser, limit: PageLimit = DEFAULT_PAGE_SIZE, cursor: PageCursor = None
) -> TeamPage:
    return teams.list_teams(user_id, limit=limit, cursor=cursor)


@router.get("/v1/teams/<id>")
def read_team(user_id: CurrentUser, id: UUID) -> Team:
    return teams.get_team(user_id, id)


@router.patch("/v1/teams/<id>")
def patch_team(user_id: CurrentUser, id: UUID, changes: TeamUpdate) -> Team:
    return teams.update_team(user_id, id, changes)


@router.delete("/v1/teams/<id>", responses=no_content("Deleted, with its membership"))
def delete_team(user_id: CurrentUser, id: UUID) -> Response[None]:
    teams.delete_team(user_id, id)
    return _no_content()


@router.get("/v1/teams/<id>/members")
def list_members(
    user_id: CurrentUser, id: UUID, limit: PageLimit = DEFAULT_PAGE_SIZE, cursor: PageCursor = None
) -> MemberPage:
    return teams.list_members(user_id, id, limit=limit, cursor=cursor)


@router.post("/v1/teams/<id>/members", responses=answers(Member, 201, "Added"))
def post_member(user_id: CurrentUser, id: UUID, member: MemberAdd) -> Response[dict]:
    return _created(teams.add_member(user_id, id, member))


# The member is `user_id` in the path (the caller, here, is `caller`).
@router.patch("/v1/teams/<id>/members/<user_id>")
def patch_member(caller: CurrentUser, id: UUID, user_id: MemberId, change: MemberRoleChange) -> Member:
    return teams.change_member_role(caller, id, _member_id(user_id), change)


@router.delete("/v1/teams/<id>/members/<user_id>", responses=no_content("Removed (or left)"))
def delete_member(caller: CurrentUser, id: UUID, user_id: MemberId) -> Response[None]:
    teams.remove_member(caller, id, _member_id(user_id))
    return _no_content()
