"""teams and team_members: a team, its members and their roles.

Every function runs inside the caller's `user_transaction`, so row-level security (sql/0013) sees the
caller as `app.user_id`: a non-member reads no team and no member row, and a write the caller's role
does not allow changes nothing. The service (`engram.lifecycle.teams`) checks the roles before it calls
a writer here, so a write that RLS would refuse is never attempted; the policies are the second line.

Membership changes of one team are serialised by `lock_team` (a transaction-level advisory lock any
member can take, where a row lock on `teams` needs the right to update it), so two owners demoting each
other at once cannot leave a team without an owner.
"""

from __future__ import annotations

import base64
import json
import uuid
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import sql
from psycopg.types.json import Jsonb

from engram.db.connection import Conn, execute_counting

_TEAM_COLUMNS = "t.id, t.name, t.created_by, t.created_at, t.updated_at, t.settings"
_TEAMS_CURSOR = "t1"  # a cursor of another list (or another version of this one) is refused, not misread
_MEMBERS_CURSOR = "m1"


def lock_team(conn: Conn, team_id: UUID) -> None:
    """Serialise changes to one team's membership until the transaction ends."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('engram.team:' || %s, 0))", (str(team_id),))


# --- teams ---------------------------------------------------------------------------------------------


def create_team(conn: Conn, user_id: str, name: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A new team with its creator as its only member, an owner. The id is made here: the creator may
    read the team only once they belong to it, so the insert cannot return the row itself."""
    team_id = uuid.uuid4()
    conn.execute(
        "INSERT INTO teams (id, name, created_by, settings) VALUES (%s, %s, %s, %s)",
        (team_id, name, user_id, Jsonb(settings)),
    )
    conn.execute(
        "INSERT INTO team_members (team_id, user_id, role) VALUES (%s, %s, 'owner')", (team_id, user_id)
    )
    team = get_team(conn, team_id, user_id)
    assert team is not None
    return team


def get_team(conn: Conn, team_id: UUID, user_id: str) -> dict[str, Any] | None:
    """The team with the caller's `role` and `joined_at`, or None when it does not exist or the caller is
    no member of it."""
    return conn.execute(
        f"""SELECT {_TEAM_COLUMNS}, m.role, m.joined_at FROM teams t
            JOIN team_members m ON m.team_id = t.id AND m.user_id = %s
            WHERE t.id = %s""",
        (user_id, team_id),
    ).fetchone()


def encode_teams_cursor(row: dict[str, Any]) -> str:
    return _encode([_TEAMS_CURSOR, row["joined_at"].isoformat(), str(row["id"])])


def decode_teams_cursor(cursor: str) -> tuple[datetime, UUID]:
    """Raises ValueError/TypeError for anything `encode_teams_cursor` did not produce."""
    tag, joined_at, team_id = _decode(cursor)
    if tag != _TEAMS_CURSOR:
        raise ValueError("not a teams cursor")
    return _aware(joined_at), UUID(str(team_id))


def list_teams(
    conn: Conn, user_id: str, *, limit: int, after: tuple[datetime, UUID] | None = None
) -> list[dict[str, Any]]:
    """The caller's teams with their role, in the order they joined them (then by id); up to limit+1
    rows (the +1 says there is another page)."""
    keyset = sql.SQL("AND (m.joined_at, t.id) > (%(at)s, %(id)s)") if after else sql.SQL("")
    query = sql.SQL(
        """SELECT {columns}, m.role, m.joined_at FROM team_members m
           JOIN teams t ON t.id = m.team_id
           WHERE m.user_id = %(uid)s {keyset}
           ORDER BY m.joined_at, t.id LIMIT %(limit)s"""
    ).format(columns=sql.SQL(_TEAM_COLUMNS), keyset=keyset)
    params: dict[str, Any] = {"uid": user_id, "limit": limit + 1}
    if after:
        params["at"], params["id"] = after
    return conn.execute(query, params).fetchall()


def update_team(conn: Conn, team_id: UUID, changes: dict[str, Any]) -> int:
    """Set the name and/or the settings (replaced whole); rows updated (0 when RLS refused it)."""
    allowed = {"name", "settings"}
    if not changes or set(changes) - allowed:
        raise ValueError(f"a team update sets some of {sorted(allowed)}: {sorted(changes)}")
    values = {k: Jsonb(v) if k == "settings" else v for k, v in changes.items()}
    query = sql.SQL("UPDATE teams SET {sets} WHERE id = %s").format(
        sets=sql.SQL(", ").join(sql.SQL("{} = %s").format(sql.Identifier(k)) for k in values)
    )
    return execute_counting(conn, query, (*values.values(), team_id))


def delete_team(conn: Conn, team_id: UUID) -> int:
    """Delete the team: its membership goes with it (cascade); sources, storylines, macros and
    artifacts filed under it keep their owner and lose the team (`team_id` becomes NULL)."""
    return execute_counting(conn, "DELETE FROM teams WHERE id = %s", (team_id,))


# --- members -------------------------------------------------------------------------------------------


def member_role(conn: Conn, team_id: UUID | str, user_id: str) -> str | None:
    """`user_id`'s role in the team (`owner`, `admin`, `member`), None when they are not a member (or the
    caller, being no member, may not see the team's members)."""
    row = conn.execute(
        "SELECT role FROM team_members WHERE team_id = %s AND user_id = %s", (team_id, user_id)
    ).fetchone()
    return row["role"] if row else None


def member_ids(conn: Conn, team_id: UUID | str) -> list[str]:
    """Every member's user id, oldest member first (empty when the caller may not see the members)."""
    rows = conn.execute(
        "SELECT user_id FROM team_members WHERE team_id = %s ORDER BY joined_at, user_id", (team_id,)
    ).fetchall()
    return [r["user_id"] for r in rows]


def get_member(conn: Conn, team_id: UUID, user_id: str) -> dict[str, Any] | None:
    return conn.execute(
        "SELECT user_id, role, joined_at FROM team_members WHERE team_id = %s AND user_id = %s",
        (team_id, user_id),
    ).fetchone()


def count_owners(conn: Conn, team_id: UUID) -> int:
    row = conn.execute(
        "SELECT count(*) AS n FROM team_members WHERE team_id = %s AND role = 'owner'", (team_id,)
    ).fetchone()
    return int(row["n"]) if row else 0


def encode_members_cursor(row: dict[str, Any]) -> str:
    return _encode([_MEMBERS_CURSOR, row["joined_at"].isoformat(), row["user_id"]])


def decode_members_cursor(cursor: str) -> tuple[datetime, str]:
    """Raises ValueError/TypeError for anything `encode_members_cursor` did not produce."""
    tag, joined_at, user_id = _decode(cursor)
    if tag != _MEMBERS_CURSOR or not isinstance(user_id, str):
        raise ValueError("not a members cursor")
    return _aware(joined_at), user_id


def list_members(
    conn: Conn, team_id: UUID, *, limit: int, after: tuple[datetime, str] | None = None
) -> list[dict[str, Any]]:
    """The team's members, oldest first (then by user id); up to limit+1 rows."""
    keyset = "AND (joined_at, user_id) > (%(at)s, %(after_id)s)" if after else ""
    params: dict[str, Any] = {"team": team_id, "limit": limit + 1}
    if after:
        params["at"], params["after_id"] = after
    return conn.execute(
        f"""SELECT user_id, role, joined_at FROM team_members
            WHERE team_id = %(team)s {keyset}
            ORDER BY joined_at, user_id LIMIT %(limit)s""",
        params,
    ).fetchall()


def add_member(conn: Conn, team_id: UUID, user_id: str, role: str) -> dict[str, Any] | None:
    """Add `user_id` with `role`, creating their `users` row when Engram has not seen them yet (so an
    app can add someone before their first call); None when they are a member already."""
    conn.execute("SELECT engram_team_admit_user(%s, %s)", (team_id, user_id))
    return conn.execute(
        """INSERT INTO team_members (team_id, user_id, role) VALUES (%s, %s, %s)
           ON CONFLICT (team_id, user_id) DO NOTHING
           RETURNING user_id, role, joined_at""",
        (team_id, user_id, role),
    ).fetchone()


def set_member_role(conn: Conn, team_id: UUID, user_id: str, role: str) -> dict[str, Any] | None:
    return conn.execute(
        """UPDATE team_members SET role = %s WHERE team_id = %s AND user_id = %s
           RETURNING user_id, role, joined_at""",
        (role, team_id, user_id),
    ).fetchone()


def remove_member(conn: Conn, team_id: UUID, user_id: str) -> int:
    return execute_counting(
        conn, "DELETE FROM team_members WHERE team_id = %s AND user_id = %s", (team_id, user_id)
    )


# --- leaving every team at once (DELETE /v1/me) --------------------------------------------------------


def leave_every_team(conn: Conn, user_id: str) -> dict[str, int]:
    """Remove the user from every team they belong to: `{"teams": deleted, "team_members": removed}`.

    A team whose last owner this is passes ownership first, to its oldest admin, else its oldest member
    (by when they joined, then user id); a team the user is the only member of is deleted (its
    membership with it). Set statements over all the user's teams, under each team's lock.
    """
    conn.execute(
        """SELECT pg_advisory_xact_lock(hashtextextended('engram.team:' || s.team_id::text, 0))
           FROM (SELECT team_id FROM team_members WHERE user_id = %s ORDER BY team_id) s""",
        (user_id,),
    )
    conn.execute(
        """
        WITH sole_owner AS (
            SELECT m.team_id FROM team_members m
            WHERE m.user_id = %(uid)s AND m.role = 'owner'
              AND NOT EXISTS (SELECT 1 FROM team_members o
                              WHERE o.team_id = m.team_id AND o.role = 'owner' AND o.user_id <> %(uid)s)
        ), heir AS (
            SELECT DISTINCT ON (m.team_id) m.team_id, m.user_id FROM team_members m
            JOIN sole_owner s ON s.team_id = m.team_id
            WHERE m.user_id <> %(uid)s
            ORDER BY m.team_id, (m.role = 'admin') DESC, m.joined_at, m.user_id
        )
        UPDATE team_members t SET role = 'owner' FROM heir h
        WHERE t.team_id = h.team_id AND t.user_id = h.user_id
        """,
        {"uid": user_id},
    )
    emptied = execute_counting(
        conn,
        """DELETE FROM teams t
           WHERE EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = t.id AND m.user_id = %(uid)s)
             AND NOT EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id <> %(uid)s)""",
        {"uid": user_id},
    )
    left = execute_counting(conn, "DELETE FROM team_members WHERE user_id = %s", (user_id,))
    return {"teams": emptied, "team_members": emptied + left}


def _encode(parts: list[str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(parts).encode()).decode().rstrip("=")


def _decode(cursor: str) -> list[Any]:
    parts = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    if not isinstance(parts, list) or len(parts) != 3:
        raise ValueError("not a cursor of this API")
    return parts


def _aware(text: Any) -> datetime:
    at = datetime.fromisoformat(text)
    if at.tzinfo is None:
        raise ValueError("cursor time without a time zone")
    return at
