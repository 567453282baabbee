"""DELETE /v1/me and teams: the forgotten user leaves every team; a team whose last owner they were passes
to its oldest admin, else its oldest member, else (no one left) is deleted. Export lists the teams the
user owns."""

from __future__ import annotations

import uuid
from typing import Any

from engram.db.connection import Database
from tests.http_client import ApiClient


def fresh(label: str) -> str:
    return f"{label}-{uuid.uuid4().hex[:10]}"


def new_team(api: ApiClient, owner: str, *members: tuple[str, str]) -> str:
    """A team of `owner` with (user, role) members added in this order (so joined in this order)."""
    created = api.post("/v1/teams", {"name": "Choir"}, user=owner)
    assert created.status == 201, created.body
    for user, role in members:
        added = api.post(
            f"/v1/teams/{created.body['id']}/members", {"user_id": user, "role": role}, user=owner
        )
        assert added.status == 201, added.body
    return created.body["id"]


def roles(db: Database, team_id: str) -> dict[str, str]:
    with db.system_transaction() as conn:
        rows = conn.execute(
            "SELECT user_id, role FROM team_members WHERE team_id = %s", (team_id,)
        ).fetchall()
    return {r["user_id"]: r["role"] for r in rows}


def team_exists(db: Database, team_id: str) -> bool:
    with db.system_transaction() as conn:
        return conn.execute("SELECT 1 FROM teams WHERE id = %s", (team_id,)).fetchone() is not None


def forget(api: ApiClient, user: str) -> dict[str, Any]:
    response = api.request("DELETE", "/v1/me", user=user)
    assert response.status == 200, response.body
    return response.body["deleted"]


def test_the_oldest_admin_inherits_a_team_from_its_last_owner(api: ApiClient, db: Database) -> None:
    owner, member, first_admin, second_admin = (fresh(r) for r in ("owner", "member", "admin1", "admin2"))
    team = new_team(api, owner, (member, "member"), (first_admin, "admin"), (second_admin, "admin"))

    deleted = forget(api, owner)

    assert roles(db, team) == {member: "member", first_admin: "owner", second_admin: "admin"}
    assert deleted["teams"] == 0 and deleted["team_members"] == 1
    assert api.get(f"/v1/teams/{team}", user=first_admin).body["role"] == "owner"


def test_without_an_admin_the_oldest_member_inherits(api: ApiClient, db: Database) -> None:
    owner, older, younger = fresh("owner"), fresh("older"), fresh("younger")
    team = new_team(api, owner, (older, "member"), (younger, "member"))

    forget(api, owner)

    assert roles(db, team) == {older: "owner", younger: "member"}


def test_a_team_with_no_one_else_is_deleted(api: ApiClient, db: Database) -> None:
    owner = fresh("owner")
    alone = new_team(api, owner)
    shared = new_team(api, owner, (fresh("member"), "member"))

    deleted = forget(api, owner)

    assert not team_exists(db, alone) and team_exists(db, shared)
    assert deleted["teams"] == 1 and deleted["team_members"] == 2


def test_another_owner_keeps_the_team_and_no_one_is_promoted(api: ApiClient, db: Database) -> None:
    owner, co_owner, admin = fresh("owner"), fresh("co-owner"), fresh("admin")
    team = new_team(api, owner, (admin, "admin"), (co_owner, "owner"))

    forget(api, owner)

    assert roles(db, team) == {co_owner: "owner", admin: "admin"}


def test_a_forgotten_member_just_leaves(api: ApiClient, db: Database) -> None:
    owner, admin, member = fresh("owner"), fresh("admin"), fresh("member")
    team = new_team(api, owner, (admin, "admin"), (member, "member"))

    deleted = forget(api, admin)

    assert roles(db, team) == {owner: "owner", member: "member"}
    assert deleted["teams"] == 0 and deleted["team_members"] == 1


def test_every_team_of_the_user_is_handled_at_once(api: ApiClient, db: Database) -> None:
    user, friend = fresh("user"), fresh("friend")
    owned = new_team(api, user, (friend, "member"))
    joined = new_team(api, friend, (user, "admin"))
    solo = new_team(api, user)

    deleted = forget(api, user)

    assert roles(db, owned) == {friend: "owner"} and roles(db, joined) == {friend: "owner"}
    assert not team_exists(db, solo)
    assert deleted["teams"] == 1 and deleted["team_members"] == 3
    assert [t["id"] for t in api.get("/v1/teams", user=friend).body["items"]] == [owned, joined]


def test_export_lists_the_teams_the_user_owns(api: ApiClient) -> None:
    user, friend = fresh("user"), fresh("friend")
    owned = new_team(api, user, (friend, "member"))
    new_team(api, friend, (user, "admin"))  # a member, not an owner: only in team_memberships

    export = api.get("/v1/export", user=user).body

    assert [t["id"] for t in export["teams"]] == [owned] and export["counts"]["teams"] == 1
    assert export["teams"][0]["settings"] == {}
    assert {m["role"] for m in export["team_memberships"]} == {"owner", "admin"}
