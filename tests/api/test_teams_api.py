"""The teams routes over HTTP, for every role: owner, admin, member, a user outside the team and a member
who was removed. Each denial answers its status with the error shape, and after it the team's rows
are exactly what they were."""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from engram.db.connection import Database
from engram.db.repositories import teams as teams_repo
from engram.db.repositories.sources import insert_source
from engram.errors import Conflict
from engram.lifecycle.team_models import MemberRoleChange
from engram.lifecycle.teams import change_member_role, remove_member
from tests.http_client import ApiClient, ApiResponse


@dataclass
class Team:
    id: str
    owner: str
    admin: str
    member: str
    outsider: str
    removed: str

    def user(self, role: str) -> str:
        return getattr(self, role)


def fresh(label: str) -> str:
    return f"{label}-{uuid.uuid4().hex[:10]}"


def ok(response: ApiResponse, status: int = 200) -> Any:
    assert response.status == status, (response.status, response.body)
    return response.body


@pytest.fixture
def team(api: ApiClient) -> Team:
    """A team with one of each role, a user who never belonged and one who was removed."""
    owner, admin, member, outsider, removed = (
        fresh(r) for r in ("owner", "admin", "member", "outsider", "removed")
    )
    team_id = ok(api.post("/v1/teams", {"name": "Climbing club"}, user=owner), 201)["id"]
    for user, role in ((admin, "admin"), (member, "member"), (removed, "member")):
        ok(api.post(f"/v1/teams/{team_id}/members", {"user_id": user, "role": role}, user=owner), 201)
    ok(api.request("DELETE", f"/v1/teams/{team_id}/members/{removed}", user=owner), 204)
    return Team(team_id, owner, admin, member, outsider, removed)


def rows_of(db: Database, team: Team) -> dict[str, Any]:
    """The team's row and its membership, and the row counts of both tables for the team's people, read
    as the owning role (row-level security hides nothing)."""
    people = [team.owner, team.admin, team.member, team.outsider, team.removed]
    with db.system_transaction() as conn:
        row = conn.execute(
            "SELECT name, settings, created_by, updated_at FROM teams WHERE id = %s", (team.id,)
        ).fetchone()
        members = conn.execute(
            "SELECT user_id, role, joined_at FROM team_members WHERE team_id = %s ORDER BY user_id",
            (team.id,),
        ).fetchall()
        teams = conn.execute(
            "SELECT count(*) AS n FROM teams WHERE created_by = ANY(%s) OR id = %s", (people, team.id)
        ).fetchone()
        memberships = conn.execute(
            "SELECT count(*) AS n FROM team_members WHERE user_id = ANY(%s) OR team_id = %s",
            (people, team.id),
        ).fetchone()
    return {"team": row, "members": members, "teams": teams["n"], "team_members": memberships["n"]}


def assert_refused(response: ApiResponse, status: int, field: str | None = None) -> None:
    code = {403: "forbidden", 404: "not_found", 409: "conflict"}[status]
    assert response.status == status, (response.status, response.body)
    error = response.body["error"]
    assert error["code"] == code and isinstance(error["message"], str) and error["message"], error
    if field is not None:
        assert error.get("field") == field, error


ROLES = ["owner", "admin", "member", "outsider", "removed"]


def _request(api: ApiClient, team: Team, route: str, user: str) -> ApiResponse:
    """One call of `route` against the team, by `user`; the member routes act on the plain member."""
    base = f"/v1/teams/{team.id}"
    calls = {
        "get": ("GET", base, None),
        "patch": ("PATCH", base, {"name": "Bouldering club", "settings": {"meets": "thursdays"}}),
        "delete": ("DELETE", base, None),
        "members": ("GET", f"{base}/members", None),
        "add": ("POST", f"{base}/members", {"user_id": fresh("newcomer")}),
        "role": ("PATCH", f"{base}/members/{team.member}", {"role": "admin"}),
        "remove": ("DELETE", f"{base}/members/{team.member}", None),
    }
    method, path, body = calls[route]
    return api.request(method, path, body, user=user)


# What each role gets from each route: the success status, or the refusal's.
EXPECTED = {
    "get": {"owner": 200, "admin": 200, "member": 200, "outsider": 404, "removed": 404},
    "patch": {"owner": 200, "admin": 200, "member": 403, "outsider": 404, "removed": 404},
    "delete": {"owner": 204, "admin": 403, "member": 403, "outsider": 404, "removed": 404},
    "members": {"owner": 200, "admin": 200, "member": 200, "outsider": 404, "removed": 404},
    "add": {"owner": 201, "admin": 201, "member": 403, "outsider": 404, "removed": 404},
    "role": {"owner": 200, "admin": 200, "member": 403, "outsider": 404, "removed": 404},
    # the plain member removing themselves is leaving, which they may
    "remove": {"owner": 204, "admin": 204, "member": 204, "outsider": 404, "removed": 404},
}


@pytest.mark.parametrize("route", sorted(EXPECTED))
@pytest.mark.parametrize("role", ROLES)
def test_every_route_answers_each_role_as_its_rights_say(
    api: ApiClient, db: Database, team: Team, route: str, role: str
) -> None:
    before = rows_of(db, team)

    response = _request(api, team, route, team.user(role))

    expected = EXPECTED[route][role]
    if expected >= 400:
        assert_refused(response, expected)
        assert rows_of(db, team) == before
    else:
        assert response.status == expected, (response.status, response.body)
        assert rows_of(db, team) != before or route in ("get", "members")


def test_a_team_that_does_not_exist_reads_as_one_the_caller_is_not_in(api: ApiClient, team: Team) -> None:
    unknown = api.get(f"/v1/teams/{uuid.uuid4()}", user=team.outsider)
    hidden = api.get(f"/v1/teams/{team.id}", user=team.outsider)

    assert (unknown.status, unknown.body) == (hidden.status, hidden.body)
    assert hidden.body["error"]["field"] == "id"


def test_the_creator_owns_the_new_team(api: ApiClient) -> None:
    user = fresh("creator")

    created = ok(api.post("/v1/teams", {"name": "  Family  ", "settings": {"lang": "pt"}}, user=user), 201)

    assert created["name"] == "Family" and created["settings"] == {"lang": "pt"}
    assert created["created_by"] == user and created["role"] == "owner"
    assert ok(api.get(f"/v1/teams/{created['id']}", user=user)) == created
    members = ok(api.get(f"/v1/teams/{created['id']}/members", user=user))
    assert [(m["user_id"], m["role"]) for m in members["items"]] == [(user, "owner")]


def test_reads_show_each_member_their_own_role(api: ApiClient, team: Team) -> None:
    for role in ("owner", "admin", "member"):
        listed = ok(api.get("/v1/teams", user=team.user(role)))
        assert [(t["id"], t["role"]) for t in listed["items"]] == [(team.id, role)]
        assert ok(api.get(f"/v1/teams/{team.id}", user=team.user(role)))["role"] == role
    for role in ("outsider", "removed"):
        assert ok(api.get("/v1/teams", user=team.user(role)))["items"] == []
    members = ok(api.get(f"/v1/teams/{team.id}/members", user=team.member))["items"]
    assert [(m["user_id"], m["role"]) for m in members] == [
        (team.owner, "owner"),
        (team.admin, "admin"),
        (team.member, "member"),
    ]


def test_a_patch_renames_and_replaces_the_settings(api: ApiClient, team: Team) -> None:
    first = ok(
        api.request("PATCH", f"/v1/teams/{team.id}", {"settings": {"a": 1, "b": [2]}}, user=team.admin)
    )
    second = ok(api.request("PATCH", f"/v1/teams/{team.id}", {"settings": {"c": True}}, user=team.owner))
    renamed = ok(api.request("PATCH", f"/v1/teams/{team.id}", {"name": "Crag crew"}, user=team.owner))

    assert first["settings"] == {"a": 1, "b": [2]} and first["name"] == "Climbing club"
    assert second["settings"] == {"c": True}
    assert renamed["name"] == "Crag crew" and renamed["settings"] == {"c": True}
    assert renamed["updated_at"] > renamed["created_at"]


# --- the rules between roles -------------------------------------------------------------------------------


def test_only_an_owner_makes_owners(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)
    add = api.post(f"/v1/teams/{team.id}/members", {"user_id": fresh("x"), "role": "owner"}, user=team.admin)
    promote = api.request(
        "PATCH", f"/v1/teams/{team.id}/members/{team.member}", {"role": "owner"}, user=team.admin
    )
    assert_refused(add, 403, field="role")
    assert_refused(promote, 403, field="role")
    assert rows_of(db, team) == before

    newcomer = fresh("co-owner")
    added = ok(
        api.post(f"/v1/teams/{team.id}/members", {"user_id": newcomer, "role": "owner"}, user=team.owner), 201
    )
    promoted = ok(
        api.request("PATCH", f"/v1/teams/{team.id}/members/{team.admin}", {"role": "owner"}, user=team.owner)
    )
    assert added["role"] == "owner" and promoted["role"] == "owner"


def test_an_admin_never_touches_an_owner(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)

    demote = api.request(
        "PATCH", f"/v1/teams/{team.id}/members/{team.owner}", {"role": "member"}, user=team.admin
    )
    remove = api.request("DELETE", f"/v1/teams/{team.id}/members/{team.owner}", user=team.admin)

    assert_refused(demote, 403)
    assert_refused(remove, 403)
    assert rows_of(db, team) == before


def test_an_admin_manages_admins_and_members(api: ApiClient, team: Team) -> None:
    other = fresh("admin2")
    ok(api.post(f"/v1/teams/{team.id}/members", {"user_id": other, "role": "admin"}, user=team.admin), 201)

    demoted = ok(
        api.request("PATCH", f"/v1/teams/{team.id}/members/{other}", {"role": "member"}, user=team.admin)
    )
    ok(api.request("DELETE", f"/v1/teams/{team.id}/members/{other}", user=team.admin), 204)

    assert demoted["role"] == "member"
    assert api.get(f"/v1/teams/{team.id}", user=other).status == 404


def test_a_member_changes_no_one_but_may_leave(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)
    for target in (team.admin, team.owner, team.member):
        path = f"/v1/teams/{team.id}/members/{target}"
        assert_refused(api.request("PATCH", path, {"role": "member"}, user=team.member), 403)
    assert_refused(api.request("DELETE", f"/v1/teams/{team.id}/members/{team.admin}", user=team.member), 403)
    assert rows_of(db, team) == before

    ok(api.request("DELETE", f"/v1/teams/{team.id}/members/{team.member}", user=team.member), 204)

    assert_refused(api.get(f"/v1/teams/{team.id}", user=team.member), 404)
    assert_refused(api.get(f"/v1/teams/{team.id}/members", user=team.member), 404)


def test_the_last_owner_cannot_leave_or_be_demoted(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)
    member_path = f"/v1/teams/{team.id}/members/{team.owner}"

    leave = api.request("DELETE", member_path, user=team.owner)
    demote = api.request("PATCH", member_path, {"role": "admin"}, user=team.owner)

    assert_refused(leave, 409, field="user_id")
    assert_refused(demote, 409, field="role")
    assert rows_of(db, team) == before


def test_with_a_second_owner_the_first_may_step_down_and_leave(api: ApiClient, team: Team) -> None:
    ok(api.request("PATCH", f"/v1/teams/{team.id}/members/{team.admin}", {"role": "owner"}, user=team.owner))

    stepped = ok(
        api.request("PATCH", f"/v1/teams/{team.id}/members/{team.owner}", {"role": "admin"}, user=team.owner)
    )
    ok(api.request("DELETE", f"/v1/teams/{team.id}/members/{team.owner}", user=team.owner), 204)

    assert stepped["role"] == "admin"
    roles = {
        m["user_id"]: m["role"] for m in ok(api.get(f"/v1/teams/{team.id}/members", user=team.admin))["items"]
    }
    assert roles == {team.admin: "owner", team.member: "member"}


def test_setting_the_role_a_member_has_changes_nothing(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)

    same = ok(
        api.request("PATCH", f"/v1/teams/{team.id}/members/{team.owner}", {"role": "owner"}, user=team.owner)
    )

    assert same["role"] == "owner" and rows_of(db, team) == before


def test_adding_a_member_twice_is_a_conflict(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)

    again = api.post(
        f"/v1/teams/{team.id}/members", {"user_id": team.member, "role": "admin"}, user=team.owner
    )

    assert_refused(again, 409, field="user_id")
    assert rows_of(db, team) == before


def test_changing_or_removing_someone_outside_the_team_is_a_404(api: ApiClient, team: Team) -> None:
    for method, body in (("PATCH", {"role": "admin"}), ("DELETE", None)):
        response = api.request(method, f"/v1/teams/{team.id}/members/{team.outsider}", body, user=team.owner)
        assert_refused(response, 404, field="user_id")


def test_a_user_engram_has_not_seen_can_be_added_and_then_finds_the_team(
    api: ApiClient, db: Database, team: Team
) -> None:
    newcomer = fresh("new")

    ok(api.post(f"/v1/teams/{team.id}/members", {"user_id": newcomer}, user=team.admin), 201)

    with db.system_transaction() as conn:
        assert conn.execute("SELECT 1 FROM users WHERE id = %s", (newcomer,)).fetchone() is not None
    listed = ok(api.get("/v1/teams", user=newcomer))["items"]
    assert [(t["id"], t["role"]) for t in listed] == [(team.id, "member")]


def test_a_removed_member_loses_the_team(api: ApiClient, team: Team) -> None:
    ok(api.request("DELETE", f"/v1/teams/{team.id}/members/{team.admin}", user=team.owner), 204)

    for path in (f"/v1/teams/{team.id}", f"/v1/teams/{team.id}/members"):
        assert_refused(api.get(path, user=team.admin), 404)
    assert ok(api.get("/v1/teams", user=team.admin))["items"] == []


def test_member_ids_in_the_path_may_be_percent_encoded(api: ApiClient, team: Team) -> None:
    federated = f"auth0|{uuid.uuid4().hex[:8]}"
    ok(api.post(f"/v1/teams/{team.id}/members", {"user_id": federated}, user=team.owner), 201)

    changed = ok(
        api.request(
            "PATCH",
            f"/v1/teams/{team.id}/members/auth0%7C{federated[6:]}",
            {"role": "admin"},
            user=team.owner,
        )
    )

    assert changed["user_id"] == federated and changed["role"] == "admin"


# --- deleting a team ---------------------------------------------------------------------------------------


def test_deleting_a_team_keeps_its_sources_as_their_authors_personal_sources(
    api: ApiClient, db: Database, team: Team
) -> None:
    with db.user_transaction(team.member) as conn:
        source, _ = insert_source(
            conn,
            team.member,
            {
                "team_id": team.id,
                "participants": [team.member, team.owner],
                "content": "Route setting plan for the spring competition",
                "context_type": "planning",
            },
        )

    ok(api.request("DELETE", f"/v1/teams/{team.id}", user=team.owner), 204)

    with db.system_transaction() as conn:
        kept = conn.execute(
            "SELECT user_id, team_id, content FROM sources WHERE id = %s", (source["id"],)
        ).fetchone()
        left = conn.execute(
            "SELECT count(*) AS n FROM team_members WHERE team_id = %s", (team.id,)
        ).fetchone()
    assert kept == {
        "user_id": team.member,
        "team_id": None,
        "content": "Route setting plan for the spring competition",
    }
    assert left["n"] == 0
    for role in ("owner", "admin", "member"):
        assert_refused(api.get(f"/v1/teams/{team.id}", user=team.user(role)), 404)
        assert ok(api.get("/v1/teams", user=team.user(role)))["items"] == []


# --- bad input: a 400 naming the field, nothing written ----------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"name": 7}, "name"),
        ({"name": "Ok", "settings": ["not", "an", "object"]}, "settings"),
        ({"name": "Ok", "settings": "dark mode"}, "settings"),
        ({"name": "Ok", "settings": None}, "settings"),
        ({"name": "Ok", "colour": "blue"}, "colour"),
    ],
)
def test_a_bad_new_team_is_refused_by_field(api: ApiClient, db: Database, body: dict, field: str) -> None:
    user = fresh("bad")

    response = api.post("/v1/teams", body, user=user)

    assert response.status == 400 and response.body["error"]["field"] == field, response.body
    with db.system_transaction() as conn:
        assert (
            conn.execute("SELECT count(*) AS n FROM teams WHERE created_by = %s", (user,)).fetchone()["n"]
            == 0
        )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "body"),
        ({"name": None}, "name"),
        ({"settings": None}, "settings"),
        ({"settings": 3}, "settings"),
        ({"name": "x" * 201}, "name"),
        ({"name": "Ok", "created_by": "someone"}, "created_by"),
    ],
)
def test_a_bad_team_change_is_refused_by_field(
    api: ApiClient, db: Database, team: Team, body: dict, field: str
) -> None:
    before = rows_of(db, team)

    response = api.request("PATCH", f"/v1/teams/{team.id}", body, user=team.owner)

    assert response.status == 400 and response.body["error"]["field"] == field, response.body
    assert rows_of(db, team) == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "user_id"),
        ({"user_id": ""}, "user_id"),
        ({"user_id": "two words"}, "user_id"),
        ({"user_id": "u" * 129}, "user_id"),
        ({"user_id": 42}, "user_id"),
        # a member the member routes could not address in their path (what the fuzz run found)
        ({"user_id": "ann?b"}, "user_id"),
        ({"user_id": "a/b"}, "user_id"),
        ({"user_id": "\u0093ann"}, "user_id"),
        ({"user_id": "someone", "role": "boss"}, "role"),
        ({"user_id": "someone", "role": None}, "role"),
        ({"user_id": "someone", "team_id": "x"}, "team_id"),
    ],
)
def test_a_bad_new_member_is_refused_by_field(
    api: ApiClient, db: Database, team: Team, body: dict, field: str
) -> None:
    before = rows_of(db, team)

    response = api.post(f"/v1/teams/{team.id}/members", body, user=team.owner)

    assert response.status == 400 and response.body["error"]["field"] == field, response.body
    assert rows_of(db, team) == before


def test_a_bad_role_change_or_team_id_is_refused_by_field(api: ApiClient, db: Database, team: Team) -> None:
    before = rows_of(db, team)
    member_path = f"/v1/teams/{team.id}/members/{team.member}"

    cases = [
        (api.request("PATCH", member_path, {"role": "superuser"}, user=team.owner), "role"),
        (api.request("PATCH", member_path, {}, user=team.owner), "role"),
        (api.request("PATCH", member_path, {"role": "admin", "since": "now"}, user=team.owner), "since"),
        (api.get("/v1/teams/not-a-uuid", user=team.owner), "id"),
        (api.request("DELETE", "/v1/teams/123/members/x", user=team.owner), "id"),
        (api.get("/v1/teams?cursor=bm90LWEtY3Vyc29y", user=team.owner), "cursor"),
        (api.get(f"/v1/teams/{team.id}/members?limit=0", user=team.owner), "limit"),
        (api.request("DELETE", f"/v1/teams/{team.id}/members/a%2500b", user=team.owner), "user_id"),
        (
            api.request("PATCH", f"/v1/teams/{team.id}/members/a%20b", {"role": "admin"}, user=team.owner),
            "user_id",
        ),
    ]

    for response, field in cases:
        assert response.status == 400 and response.body["error"]["field"] == field, response.body
    assert rows_of(db, team) == before


def test_every_teams_route_needs_a_token(api: ApiClient, team: Team) -> None:
    for method, path in (
        ("POST", "/v1/teams"),
        ("GET", "/v1/teams"),
        ("GET", f"/v1/teams/{team.id}"),
        ("PATCH", f"/v1/teams/{team.id}"),
        ("DELETE", f"/v1/teams/{team.id}"),
        ("GET", f"/v1/teams/{team.id}/members"),
        ("POST", f"/v1/teams/{team.id}/members"),
        ("PATCH", f"/v1/teams/{team.id}/members/{team.member}"),
        ("DELETE", f"/v1/teams/{team.id}/members/{team.member}"),
    ):
        response = api.request(method, path, {}, user=None)
        assert response.status == 401 and response.body["error"]["code"] == "unauthorized", (method, path)


# --- pages -----------------------------------------------------------------------------------------------


def test_members_and_teams_page_with_a_cursor(api: ApiClient, team: Team) -> None:
    extra = [fresh("m") for _ in range(3)]
    for user in extra:
        ok(api.post(f"/v1/teams/{team.id}/members", {"user_id": user}, user=team.owner), 201)
    second_team = ok(api.post("/v1/teams", {"name": "Second"}, user=team.member), 201)["id"]

    seen: list[str] = []
    cursor = None
    while True:
        query = f"?limit=2&cursor={cursor}" if cursor else "?limit=2"
        page = ok(api.get(f"/v1/teams/{team.id}/members{query}", user=team.member))
        seen += [m["user_id"] for m in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    first = ok(api.get("/v1/teams?limit=1", user=team.member))
    rest = ok(api.get(f"/v1/teams?limit=1&cursor={first['next_cursor']}", user=team.member))

    assert seen == [team.owner, team.admin, team.member, *extra]
    assert [t["id"] for t in first["items"] + rest["items"]] == [team.id, second_team]
    assert rest["next_cursor"] is None


def test_an_owner_leaving_while_another_leaves_waits_and_is_told_it_is_the_last(
    db: Database, team: Team
) -> None:
    team_id = uuid.UUID(team.id)
    change_member_role(team.owner, team_id, team.admin, MemberRoleChange(role="owner"))
    pool = ThreadPoolExecutor(max_workers=1)
    with db.user_transaction(team.owner) as conn:  # the first owner is leaving, not committed yet
        teams_repo.lock_team(conn, team_id)
        assert teams_repo.count_owners(conn, team_id) == 2
        teams_repo.remove_member(conn, team_id, team.owner)
        second = pool.submit(remove_member, team.admin, team_id, team.admin)
        time.sleep(0.5)
        assert not second.done()  # waits on the team's lock instead of counting two owners
    with pytest.raises(Conflict):
        second.result(timeout=30)
    pool.shutdown()
    assert [(m["user_id"], m["role"]) for m in rows_of(db, team)["members"] if m["role"] == "owner"] == [
        (team.admin, "owner")
    ]


def test_a_secret_in_a_team_name_or_setting_is_never_stored(api, db, user_id):
    secret = "sk-ant-api03-a8F3kP0qZ7xR2mN5vB9cW4tY6uH1jL0sD3gE"
    created = api.post(
        "/v1/teams", {"name": f"Ops {secret}", "settings": {"webhook_token": secret}}, user=user_id
    )
    assert created.status == 201, created.body
    renamed = api.request(
        "PATCH", f"/v1/teams/{created.body['id']}", {"name": f"Ops 2 {secret}"}, user=user_id
    )
    assert renamed.status == 200, renamed.body
    with db.system_transaction() as conn:
        row = conn.execute("SELECT name, settings::text AS s FROM teams WHERE id = %s", (created.body["id"],))
        stored = row.fetchone()
    assert secret not in stored["name"] and secret not in stored["s"] and stored["name"].startswith("Ops 2")
