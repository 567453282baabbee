"""A team's shared source: stored once, and every participant gets their own memories of it.

`POST /v1/analyze` with `source.team_id` stores the source once, as the caller's, shared with the
team (members read it: `db.repositories.source_access`). Each participant (member user ids; the caller
always is one) gets their own extraction: the caller's runs as any analyze does, the others' as
`extract` jobs in their own scope, so memories, entities and edges land in each participant's graph
only, each citing the shared source, under that participant's own preferences and privacy rules.

Whose words are whose: a message may carry `user_id`, the member who said it. Read by a participant,
their own messages are "I" (no speaker), and every other speaker is a person by name (the message's
`name`, else the member's user id) — the same reading the extractors give any group conversation. A
message without `user_id` is the caller's own when it has no speaker name.
"""

from __future__ import annotations

from dataclasses import replace
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import teams as teams_repo
from engram.domain.jobs import NewJob
from engram.engines.ports import TurnInput
from engram.errors import Forbidden, ValidationFailed
from engram.models import AnalyzeRequest


def admit(conn: Conn, user_id: str, request: AnalyzeRequest) -> list[str]:
    """The participants of the request's source (the caller first), after checking who may share what
    with whom; [] for a personal source. Raises before anything is stored."""
    spec = request.source
    speakers = [(i, m.user_id) for i, m in enumerate(request.messages or []) if m.user_id]
    if spec is None or spec.team_id is None:
        for i, speaker in speakers:
            if speaker != user_id:
                raise ValidationFailed(
                    "a message said by another member needs a team's shared source (source.team_id)",
                    field=f"messages[{i}].user_id",
                )
        return []
    members = set(teams_repo.member_ids(conn, spec.team_id))
    if user_id not in members:
        raise Forbidden("only a member of the team can share a source with it", field="source.team_id")
    for i, participant in enumerate(spec.participants):
        if participant not in members:
            raise ValidationFailed(
                f"participant {participant!r} is not a member of the team", field=f"source.participants[{i}]"
            )
    for i, speaker in speakers:
        if speaker not in members:
            raise ValidationFailed(
                f"speaker {speaker!r} is not a member of the team", field=f"messages[{i}].user_id"
            )
    return list(dict.fromkeys([user_id, *spec.participants]))


def participant_jobs(source_id: UUID, participants: list[str], caller: str) -> list[NewJob]:
    """One extraction per participant other than the caller, each in that participant's own scope."""
    return [
        NewJob(user_id=p, job_type="extract", payload={"shared": True}, source_id=source_id)
        for p in participants
        if p != caller
    ]


def as_read_by(turns: list[TurnInput], reader: str, creator: str) -> list[TurnInput]:
    """The turns of a shared source as `reader` reads them (see module): their own words unnamed,
    everyone else's with the speaker's name."""
    read: list[TurnInput] = []
    for turn in turns:
        speaker = turn.user_id or (creator if turn.role == "user" and not turn.name else None)
        if speaker == reader:
            read.append(replace(turn, name=None, role="user"))
        elif speaker is not None and turn.role == "user":
            read.append(replace(turn, name=turn.name or speaker))
        else:
            read.append(turn)
    return read
