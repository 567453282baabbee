"""teams and team_members: who belongs to a team, with which role."""

from __future__ import annotations

from uuid import UUID

from engram.db.connection import Conn


def member_role(conn: Conn, team_id: UUID, user_id: str) -> str | None:
    """The user's role in the team, or None when they are not a member (or the team does not exist)."""
    row = conn.execute(
        "SELECT role FROM team_members WHERE team_id = %s AND user_id = %s", (team_id, user_id)
    ).fetchone()
    return row["role"] if row else None


def member_ids(conn: Conn, team_id: UUID) -> list[str]:
    """The team's members (readable by a member only: row-level security)."""
    rows = conn.execute(
        "SELECT user_id FROM team_members WHERE team_id = %s ORDER BY joined_at, user_id", (team_id,)
    ).fetchall()
    return [r["user_id"] for r in rows]
