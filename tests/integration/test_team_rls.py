"""Row-level security on teams and team_members, the second line of defence behind the service's own
role checks: statements run as the application role with only `app.user_id` set, as a query that
forgot its role check would, and the policies still allow exactly what each role may do."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row

from engram.db.connection import Database
from engram.lifecycle.team_models import MemberAdd, TeamCreate
from engram.lifecycle.teams import add_member, create_team


@contextmanager
def as_app(database_url: str, user: str) -> Iterator[psycopg.Connection[dict[str, Any]]]:
    """A transaction as `engram_app` with `app.user_id` = `user` and nothing else: no users row made, no
    helper of ours in between. Rolled back, so a test leaves nothing behind."""
    with psycopg.connect(database_url, row_factory=dict_row) as conn:
        conn.execute("SET LOCAL ROLE engram_app")
        conn.execute("SELECT set_config('app.user_id', %s, true)", (user,))
        try:
            yield conn
        finally:
            conn.rollback()


def fresh(label: str) -> str:
    return f"{label}-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def team(db: Database) -> dict[str, str]:
    """A team made through the service: an owner, an admin, a member; and someone outside it."""
    people = {role: fresh(role) for role in ("owner", "admin", "member", "outsider")}
    team_id = create_team(people["owner"], TeamCreate(name="Allotment society")).id
    for role in ("admin", "member"):
        add_member(people["owner"], team_id, MemberAdd(user_id=people[role], role=role))
    with db.user_transaction(people["outsider"]):
        pass  # the outsider is a known user too
    return {"id": str(team_id), **people}


def test_a_non_member_reads_no_team_and_no_member_row(database_url: str, team: dict[str, str]) -> None:
    with as_app(database_url, team["outsider"]) as conn:
        assert conn.execute("SELECT * FROM teams WHERE id = %s", (team["id"],)).fetchall() == []
        assert conn.execute("SELECT * FROM team_members WHERE team_id = %s", (team["id"],)).fetchall() == []
        assert conn.execute("SELECT engram_team_role(%s) AS role", (team["id"],)).fetchone()["role"] is None


def test_a_member_reads_the_team_and_its_members(database_url: str, team: dict[str, str]) -> None:
    with as_app(database_url, team["member"]) as conn:
        rows = conn.execute("SELECT user_id FROM team_members WHERE team_id = %s", (team["id"],)).fetchall()
        assert conn.execute("SELECT id FROM teams").fetchall() == [{"id": uuid.UUID(team["id"])}]
    assert {r["user_id"] for r in rows} == {team["owner"], team["admin"], team["member"]}


@pytest.mark.parametrize(
    ("role", "joining", "as_role"),
    [
        ("member", "outsider", "member"),  # a member adds someone
        ("outsider", "outsider", "member"),  # someone adds themselves
        ("outsider", "outsider", "owner"),  # or takes the team over
    ],
)
def test_a_member_cannot_insert_a_member_nor_anyone_join_by_themselves(
    database_url: str, team: dict[str, str], role: str, joining: str, as_role: str
) -> None:
    with as_app(database_url, team[role]) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(
            "INSERT INTO team_members (team_id, user_id, role) VALUES (%s, %s, %s)",
            (team["id"], team[joining], as_role),
        )


def test_an_admin_adds_members_and_admins_but_not_owners(database_url: str, team: dict[str, str]) -> None:
    with as_app(database_url, team["admin"]) as conn:
        newcomer = team["outsider"]
        conn.execute(
            "INSERT INTO team_members (team_id, user_id, role) VALUES (%s, %s, 'admin')",
            (team["id"], newcomer),
        )
        assert conn.execute(
            "SELECT role FROM team_members WHERE team_id = %s AND user_id = %s", (team["id"], newcomer)
        ).fetchone() == {"role": "admin"}
    with as_app(database_url, team["admin"]) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(
            "INSERT INTO team_members (team_id, user_id, role) VALUES (%s, %s, 'owner')",
            (team["id"], team["outsider"]),
        )


def test_an_admin_cannot_change_or_remove_an_owner_and_an_owner_can(
    database_url: str, team: dict[str, str]
) -> None:
    owner_row = "team_id = %s AND user_id = %s"
    with as_app(database_url, team["admin"]) as conn:
        assert (
            conn.execute(
                f"UPDATE team_members SET role = 'member' WHERE {owner_row}", (team["id"], team["owner"])
            ).rowcount
            == 0
        )
        assert (
            conn.execute(f"DELETE FROM team_members WHERE {owner_row}", (team["id"], team["owner"])).rowcount
            == 0
        )
        # nor make one of themselves or of a member
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                f"UPDATE team_members SET role = 'owner' WHERE {owner_row}", (team["id"], team["member"])
            )
    with as_app(database_url, team["owner"]) as conn:
        assert (
            conn.execute(
                f"UPDATE team_members SET role = 'owner' WHERE {owner_row}", (team["id"], team["admin"])
            ).rowcount
            == 1
        )
        assert (
            conn.execute(f"DELETE FROM team_members WHERE {owner_row}", (team["id"], team["member"])).rowcount
            == 1
        )


def test_a_member_changes_no_row_but_removes_their_own(database_url: str, team: dict[str, str]) -> None:
    with as_app(database_url, team["member"]) as conn:
        assert (
            conn.execute("UPDATE team_members SET role = 'admin' WHERE team_id = %s", (team["id"],)).rowcount
            == 0
        )
        assert (
            conn.execute(
                "DELETE FROM team_members WHERE team_id = %s AND user_id <> %s", (team["id"], team["member"])
            ).rowcount
            == 0
        )
        assert conn.execute("DELETE FROM team_members WHERE team_id = %s", (team["id"],)).rowcount == 1


def test_owners_and_admins_update_the_team_only_owners_delete_it(
    database_url: str, team: dict[str, str]
) -> None:
    for role, updates in (("member", 0), ("outsider", 0), ("admin", 1), ("owner", 1)):
        with as_app(database_url, team[role]) as conn:
            assert (
                conn.execute("UPDATE teams SET name = 'Renamed' WHERE id = %s", (team["id"],)).rowcount
                == updates
            )
    for role, deletes in (("member", 0), ("outsider", 0), ("admin", 0), ("owner", 1)):
        with as_app(database_url, team[role]) as conn:
            assert conn.execute("DELETE FROM teams WHERE id = %s", (team["id"],)).rowcount == deletes


def test_no_one_rewrites_who_created_a_team_or_who_a_member_is(
    database_url: str, team: dict[str, str]
) -> None:
    with as_app(database_url, team["owner"]) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("UPDATE teams SET created_by = %s WHERE id = %s", (team["admin"], team["id"]))
    with as_app(database_url, team["owner"]) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(
            "UPDATE team_members SET user_id = %s WHERE team_id = %s AND user_id = %s",
            (team["outsider"], team["id"], team["member"]),
        )


def test_a_creator_joins_only_their_own_new_team(database_url: str, team: dict[str, str]) -> None:
    user = team["outsider"]
    with as_app(database_url, user) as conn:
        new_id = uuid.uuid4()
        conn.execute("INSERT INTO teams (id, name, created_by) VALUES (%s, 'Mine', %s)", (new_id, user))
        conn.execute(
            "INSERT INTO team_members (team_id, user_id, role) VALUES (%s, %s, 'owner')", (new_id, user)
        )
        assert conn.execute("SELECT engram_team_role(%s) AS role", (new_id,)).fetchone()["role"] == "owner"
    with as_app(database_url, user) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("INSERT INTO teams (name, created_by) VALUES ('Not mine', %s)", (team["owner"],))


def test_only_an_owner_or_admin_makes_a_users_row_for_someone_new(
    database_url: str, team: dict[str, str]
) -> None:
    for role, made in (("member", None), ("outsider", None), ("admin", 1)):
        newcomer = fresh("unseen")
        with as_app(database_url, team[role]) as conn:
            conn.execute("SELECT engram_team_admit_user(%s, %s)", (team["id"], newcomer))
            conn.execute("RESET ROLE")
            row = conn.execute("SELECT 1 AS made FROM users WHERE id = %s", (newcomer,)).fetchone()
        assert (row["made"] if row else None) == made, role
