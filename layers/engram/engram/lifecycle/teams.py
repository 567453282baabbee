"""Teams: who may do what, checked before anything is written.

Roles, as the specification defines them:

- `owner`: everything — rename and reconfigure the team, delete it, add, re-role and remove anyone,
  make owners.
- `admin`: rename and reconfigure the team; add, re-role and remove members and admins. An admin
  never touches an owner (re-role or remove one) and never makes one.
- `member`: read the team and its members; leave.

Anyone may leave a team (remove their own membership), except its last owner: a team always has an
owner. Demoting or removing the last owner is refused the same way: 409 `conflict` naming the field
(`role` for a demotion, `user_id` for leaving), and the owner promotes someone else first or deletes
the team.

A team does not exist for a non-member: every route answers 404 for it, so its existence is not
revealed. A member without the right gets 403. Every check runs before the first write, in the
transaction that writes, so a refusal writes nothing; row-level security (sql/0013) refuses the same
writes again.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from engram.db.connection import Conn, get_database
from engram.db.repositories import teams as teams_repo
from engram.db.repositories.keyset import read_cursor, split_page
from engram.errors import Conflict, Forbidden, NotFound
from engram.language.privacy import redact_model
from engram.lifecycle.team_models import (
    Member,
    MemberAdd,
    MemberPage,
    MemberRoleChange,
    Team,
    TeamCreate,
    TeamPage,
    TeamUpdate,
)

MANAGERS = frozenset({"owner", "admin"})


def create_team(user_id: str, request: TeamCreate) -> Team:
    request, _ = redact_model(request)  # a name or a setting is stored text like any other
    with get_database().user_transaction(user_id) as conn:
        row = teams_repo.create_team(conn, user_id, request.name, request.settings)
    return Team.model_validate(row)


def list_teams(user_id: str, *, limit: int, cursor: str | None) -> TeamPage:
    after = read_cursor(cursor, teams_repo.decode_teams_cursor)
    with get_database().user_transaction(user_id) as conn:
        rows = teams_repo.list_teams(conn, user_id, limit=limit, after=after)
    page, next_cursor = split_page(rows, limit, teams_repo.encode_teams_cursor)
    return TeamPage(items=[Team.model_validate(r) for r in page], next_cursor=next_cursor)


def get_team(user_id: str, team_id: UUID) -> Team:
    with get_database().user_transaction(user_id) as conn:
        return Team.model_validate(_team_of_member(conn, team_id, user_id))


def update_team(user_id: str, team_id: UUID, request: TeamUpdate) -> Team:
    request, _ = redact_model(request)
    with get_database().user_transaction(user_id) as conn:
        teams_repo.lock_team(conn, team_id)
        team = _team_of_member(conn, team_id, user_id)
        _require(team["role"] in MANAGERS, "changing a team takes an owner or an admin")
        teams_repo.update_team(conn, team_id, request.model_dump(exclude_unset=True))
        return Team.model_validate(_team_of_member(conn, team_id, user_id))


def delete_team(user_id: str, team_id: UUID) -> None:
    """Delete the team and its membership; what was filed under it stays with whoever stored it,
    no longer shared (`team_id` becomes null)."""
    with get_database().user_transaction(user_id) as conn:
        teams_repo.lock_team(conn, team_id)
        team = _team_of_member(conn, team_id, user_id)
        _require(team["role"] == "owner", "only an owner deletes a team")
        teams_repo.delete_team(conn, team_id)


def list_members(user_id: str, team_id: UUID, *, limit: int, cursor: str | None) -> MemberPage:
    after = read_cursor(cursor, teams_repo.decode_members_cursor)
    with get_database().user_transaction(user_id) as conn:
        _team_of_member(conn, team_id, user_id)
        rows = teams_repo.list_members(conn, team_id, limit=limit, after=after)
    page, next_cursor = split_page(rows, limit, teams_repo.encode_members_cursor)
    return MemberPage(items=[Member.model_validate(r) for r in page], next_cursor=next_cursor)


def add_member(user_id: str, team_id: UUID, request: MemberAdd) -> Member:
    with get_database().user_transaction(user_id) as conn:
        teams_repo.lock_team(conn, team_id)
        role = _team_of_member(conn, team_id, user_id)["role"]
        _require(role in MANAGERS, "adding members takes an owner or an admin")
        _require(request.role != "owner" or role == "owner", "only an owner makes owners", field="role")
        added = teams_repo.add_member(conn, team_id, request.user_id, request.role)
        if added is None:
            raise Conflict(
                "user_id is a member of this team already; change their role instead", field="user_id"
            )
    return Member.model_validate(added)


def change_member_role(user_id: str, team_id: UUID, member_id: str, request: MemberRoleChange) -> Member:
    with get_database().user_transaction(user_id) as conn:
        teams_repo.lock_team(conn, team_id)
        role = _team_of_member(conn, team_id, user_id)["role"]
        _require(role in MANAGERS, "changing roles takes an owner or an admin")
        target = _member(conn, team_id, member_id)
        if role != "owner":
            _require(target["role"] != "owner", "only an owner changes an owner's role")
            _require(request.role != "owner", "only an owner makes owners", field="role")
        if target["role"] == request.role:
            return Member.model_validate(target)
        if target["role"] == "owner" and teams_repo.count_owners(conn, team_id) == 1:
            raise Conflict("a team keeps at least one owner: make someone else an owner first", field="role")
        changed = teams_repo.set_member_role(conn, team_id, member_id, request.role)
    return Member.model_validate(changed)


def remove_member(user_id: str, team_id: UUID, member_id: str) -> None:
    """Remove a member, or leave when `member_id` is the caller."""
    with get_database().user_transaction(user_id) as conn:
        teams_repo.lock_team(conn, team_id)
        role = _team_of_member(conn, team_id, user_id)["role"]
        if member_id != user_id:
            _require(role in MANAGERS, "removing members takes an owner or an admin")
        target = _member(conn, team_id, member_id)
        _require(target["role"] != "owner" or role == "owner", "only an owner removes an owner")
        if target["role"] == "owner" and teams_repo.count_owners(conn, team_id) == 1:
            raise Conflict(
                "the last owner cannot leave: make someone else an owner first, or delete the team",
                field="user_id",
            )
        teams_repo.remove_member(conn, team_id, member_id)


def _team_of_member(conn: Conn, team_id: UUID, user_id: str) -> dict[str, Any]:
    """The team with the caller's role; 404 for a team that does not exist and for one the caller is not
    a member of alike."""
    team = teams_repo.get_team(conn, team_id, user_id)
    if team is None:
        raise NotFound("no such team", field="id")
    return team


def _member(conn: Conn, team_id: UUID, member_id: str) -> dict[str, Any]:
    member = teams_repo.get_member(conn, team_id, member_id)
    if member is None:
        raise NotFound("no such member of this team", field="user_id")
    return member


def _require(allowed: bool, message: str, *, field: str | None = None) -> None:
    if not allowed:
        raise Forbidden(message, field=field)
