"""Hierarchical memory against Postgres: storylines and macros appear exactly at their
thresholds, with membership; dirty descriptions are rewritten from notes; runs are per user and
idempotent. Sources go in through POST /v1/analyze on several days, so mentions and day counts are the
write path's own."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from engram.db.repositories import entities as entities_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo
from engram.domain.jobs import Job
from engram.lifecycle.fanout import fan_out_hierarchy
from engram.lifecycle.hierarchy import run_hierarchy, run_hierarchy_job
from engram.lifecycle.summaries import ModelSummaryWriter
from engram.providers.base import LLMResult, ToolCall
from tests.scenarios.conftest import Engram

NOW = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)

ANDREW = [
    ("2026-03-02T10:00:00Z", "Andrew is my cofounder and we are applying to Y Combinator"),
    ("2026-03-02T18:00:00Z", "Had coffee with Andrew to plan the Y Combinator interview"),
    ("2026-03-03T10:00:00Z", "Andrew and I rewrote the pitch deck"),
    ("2026-03-03T19:00:00Z", "Andrew loves climbing on weekends"),
    ("2026-03-04T10:00:00Z", "Andrew practised the Y Combinator demo with me"),
]


def _notes(engram: Engram, notes: list[tuple[str, str]]) -> None:
    for when, text in notes:
        engram.note(text, when=when)


def _rows(db: Any, user: str, sql: str, *args: Any) -> list[dict]:
    with db.user_transaction(user) as conn:
        return conn.execute(sql, (user, *args)).fetchall()


def _storylines(db: Any, user: str) -> list[dict]:
    return _rows(
        db,
        user,
        """SELECT sl.*, a.name AS anchor_name, a.has_storyline,
                  (SELECT count(*) FROM storyline_sources ss WHERE ss.storyline_id = sl.id) AS members
           FROM storylines sl JOIN entities a ON a.id = sl.anchor_entity_id WHERE sl.user_id = %s
           ORDER BY a.name""",
    )


def _macros(db: Any, user: str) -> list[dict]:
    return _rows(
        db,
        user,
        """SELECT mc.*, a.name AS anchor_name, a.has_macro,
                  (SELECT array_agg(sa.name ORDER BY sa.name) FROM macro_storylines ms
                   JOIN storylines sl ON sl.id = ms.storyline_id
                   JOIN entities sa ON sa.id = sl.anchor_entity_id
                   WHERE ms.macro_id = mc.id) AS storyline_anchors
           FROM macros mc JOIN entities a ON a.id = mc.anchor_entity_id WHERE mc.user_id = %s""",
    )


def _entity(db: Any, user: str, name: str) -> dict:
    with db.user_transaction(user) as conn:
        [found] = graph_repo.find_entities_by_canonical(conn, user, [name.lower()])
        row = conn.execute("SELECT * FROM entities WHERE id = %s", (found["id"],)).fetchone()
    assert row is not None
    return row


@pytest.fixture
def engram(api, user_id) -> Engram:
    return Engram(api, user_id)


# --- storylines -----------------------------------------------------------------------------------------


def test_five_sources_over_three_days_make_a_storyline_with_its_sources(engram, db, user_id):
    _notes(engram, ANDREW)

    result = run_hierarchy(user_id, NOW)

    [story] = _storylines(db, user_id)
    assert (result.storylines_created, result.storyline_sources_added, result.storylines_refreshed) == (
        1,
        5,
        1,
    )
    assert story["anchor_name"] == "Andrew" and story["has_storyline"]
    assert story["members"] == story["source_count"] == 5
    assert story["started_at"] == datetime(2026, 3, 2, 10, tzinfo=UTC)
    assert story["last_source_at"] == datetime(2026, 3, 4, 10, tzinfo=UTC)
    assert story["name"] == "Andrew — Y Combinator"
    assert story["description"].startswith("Andrew (cofounder): 5 notes from 2 Mar to 4 Mar 2026")
    assert "Andrew is my cofounder" in story["description"]
    assert story["embedding"] is not None and not story["is_dirty"]


def test_four_sources_make_no_storyline(engram, db, user_id):
    _notes(engram, ANDREW[:4])
    result = run_hierarchy(user_id, NOW)
    assert result.storylines_created == 0 and _storylines(db, user_id) == []
    assert not _entity(db, user_id, "andrew")["has_storyline"]


def test_five_sources_on_two_days_make_no_storyline(engram, db, user_id):
    _notes(engram, [(when.replace("03-04", "03-03"), text) for when, text in ANDREW])
    assert _entity(db, user_id, "andrew")["distinct_source_days"] == 2
    run_hierarchy(user_id, NOW)
    assert _storylines(db, user_id) == []


def test_a_new_source_joins_the_storyline_and_refreshes_its_text(engram, db, user_id):
    _notes(engram, ANDREW)
    run_hierarchy(user_id, NOW)

    engram.note("Andrew got us an interview slot at Y Combinator", when="2026-03-09T10:00:00Z")
    result = run_hierarchy(user_id, NOW)

    [story] = _storylines(db, user_id)
    assert (result.storylines_created, result.storyline_sources_added, result.storylines_refreshed) == (
        0,
        1,
        1,
    )
    assert story["members"] == story["source_count"] == 6
    assert story["last_source_at"] == datetime(2026, 3, 9, 10, tzinfo=UTC)
    assert "6 notes from 2 Mar to 9 Mar 2026" in story["description"]


def test_a_second_run_changes_nothing(engram, db, user_id):
    _notes(engram, ANDREW)
    run_hierarchy(user_id, NOW)
    before = _storylines(db, user_id)

    again = run_hierarchy(user_id, NOW)

    assert all(v == 0 for v in again.model_dump().values()), again
    assert _storylines(db, user_id) == before


def test_a_storyline_goes_when_its_anchor_no_longer_qualifies(engram, db, user_id):
    _notes(engram, ANDREW)
    run_hierarchy(user_id, NOW)
    andrew = _entity(db, user_id, "andrew")
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE entities SET state = 'archived' WHERE id = %s", (andrew["id"],))

    result = run_hierarchy(user_id, NOW)

    assert result.storylines_removed == 1 and _storylines(db, user_id) == []
    assert not _entity(db, user_id, "andrew")["has_storyline"]


# --- macros ---------------------------------------------------------------------------------------------

PRIYA_LATER = [
    ("2026-04-06T10:00:00Z", "Andrew thinks we should hire Priya"),
    ("2026-04-06T18:00:00Z", "Priya has great taste in design"),
    ("2026-04-07T10:00:00Z", "Priya sent over her portfolio"),
    ("2026-04-08T10:00:00Z", "Priya had lunch with Andrew and me"),
    ("2026-04-08T19:00:00Z", "Priya accepted the offer"),
]


def test_two_linked_storylines_spanning_thirty_days_make_a_macro(engram, db, user_id):
    # Given Andrew's storyline in early March and Priya's in April, Andrew in two of Priya's sources
    _notes(engram, ANDREW + PRIYA_LATER)

    result = run_hierarchy(user_id, NOW)

    # Then one macro, rooted in Andrew (the larger thread), groups both storylines
    assert [s["anchor_name"] for s in _storylines(db, user_id)] == ["Andrew", "Priya"]
    [macro] = _macros(db, user_id)
    assert result.macros_created == 1 and result.macros_refreshed == 1
    assert macro["anchor_name"] == "Andrew" and macro["has_macro"]
    assert macro["storyline_anchors"] == ["Andrew", "Priya"]
    assert (macro["storyline_count"], macro["total_source_count"]) == (2, 10)
    assert macro["started_at"] == datetime(2026, 3, 2, 10, tzinfo=UTC)
    assert macro["last_event_at"] == datetime(2026, 4, 8, 19, tzinfo=UTC)
    assert macro["name"] == "Andrew — with Priya"
    assert macro["description"].startswith("Andrew: 2 storylines, 10 sources from 2 Mar to 8 Apr 2026")
    assert macro["embedding"] is not None and not macro["is_dirty"]
    assert not _entity(db, user_id, "priya")["has_macro"]


def test_linked_storylines_within_thirty_days_make_no_macro(engram, db, user_id):
    _notes(engram, ANDREW + [(w.replace("2026-04-0", "2026-03-1"), t) for w, t in PRIYA_LATER])
    run_hierarchy(user_id, NOW)
    assert len(_storylines(db, user_id)) == 2 and _macros(db, user_id) == []


def test_unrelated_storylines_make_no_macro(engram, db, user_id):
    _notes(engram, ANDREW + [(w, t.replace("Andrew", "Maya")) for w, t in PRIYA_LATER])
    run_hierarchy(user_id, NOW)
    assert {s["anchor_name"] for s in _storylines(db, user_id)} >= {"Andrew", "Priya"}
    assert _macros(db, user_id) == []


# --- dirty descriptions ---------------------------------------------------------------------------------


def test_a_note_makes_the_node_and_its_edge_dirty_until_the_run_rewrites_them(engram, db, user_id):
    engram.note("Andrew is my cofounder", when="2026-03-02T10:00:00Z")
    andrew = _entity(db, user_id, "andrew")
    with db.user_transaction(user_id) as conn:
        owner = rel_repo.ensure_owner(conn, user_id, at=NOW)
        edge = rel_repo.upsert_edge(
            conn, user_id, from_entity_id=owner, to_entity_id=andrew["id"], kind="has_relationship_with",
            relationship_type="mentor", valid_from=NOW, recorded_at=NOW,
        )  # fmt: skip
        entities_repo.add_note(
            conn, user_id, entity_id=andrew["id"], content="Ran a marathon in 2025", added_by="u"
        )
        entities_repo.add_note(
            conn, user_id, relationship_id=edge["id"], content="Met at university", added_by="u"
        )
        entities_repo.add_note(
            conn, user_id, entity_id=andrew["id"], content="Old news", added_by="u", lifetime="week",
            at=datetime(2026, 1, 1, tzinfo=UTC),
        )  # fmt: skip

    result = run_hierarchy(user_id, NOW)

    node = _entity(db, user_id, "andrew")
    assert result.entity_descriptions == 1 and result.relationship_descriptions == 1
    assert not node["is_dirty"] and node["embedding"] is not None
    assert node["description"].startswith("Andrew")
    assert "Andrew is my cofounder" in node["description"] and "Ran a marathon in 2025" in node["description"]
    assert "Old news" not in node["description"]  # expired notes are not material
    [row] = _rows(db, user_id, "SELECT * FROM relationships WHERE user_id = %s AND id = %s", edge["id"])
    # the edge's summary (with its note) is what its embedding holds; its description stays what
    # memories say of it (none state this one: a client asserted it), never a second text
    assert not row["is_dirty"] and row["relation_embedding"] is not None
    assert row["description"] is None


def test_sensitive_memories_never_reach_a_description(engram, db, user_id):
    engram.note("Andrew is my cofounder", when="2026-03-02T10:00:00Z")
    andrew = _entity(db, user_id, "andrew")
    with db.user_transaction(user_id) as conn:
        conn.execute(
            "UPDATE memories SET sensitivity_level = 'sensitive'"
            " WHERE user_id = %s AND content LIKE '%%cofounder%%'",
            (user_id,),
        )
        entities_repo.add_note(conn, user_id, entity_id=andrew["id"], content="Plays chess", added_by="u")
    run_hierarchy(user_id, NOW)
    description = _entity(db, user_id, "andrew")["description"]
    assert "Plays chess" in description and "cofounder" not in description


def test_another_user_is_untouched(engram, db, user_id, other_user_id, api):
    _notes(engram, ANDREW)
    _notes(Engram(api, other_user_id), ANDREW)
    theirs = _entity(db, other_user_id, "andrew")
    with db.user_transaction(other_user_id) as conn:
        entities_repo.add_note(conn, other_user_id, entity_id=theirs["id"], content="Likes tea", added_by="u")

    run_hierarchy(user_id, NOW)

    assert len(_storylines(db, user_id)) == 1
    assert _storylines(db, other_user_id) == []
    after = _entity(db, other_user_id, "andrew")
    assert after["is_dirty"] and after["description"] is None and not after["has_storyline"]


# --- the nightly task -----------------------------------------------------------------------------------


def test_the_schedule_fans_out_one_job_per_user_and_the_job_builds_the_storyline(engram, db, user_id):
    _notes(engram, ANDREW)
    try:
        fanned = fan_out_hierarchy(NOW)
        [row] = _rows(db, user_id, "SELECT * FROM memory_jobs WHERE user_id = %s AND job_type = 'hierarchy'")
        assert fanned["users"] >= 1 and fanned["jobs"] == fanned["users"]
        assert row["payload"] == {"now": NOW.isoformat()} and row["status"] == "pending"

        result = run_hierarchy_job(user_id, Job.model_validate(row))

        assert result["storylines_created"] == 1
    finally:
        with db.system_transaction() as conn:
            conn.execute(
                "UPDATE memory_jobs SET status = 'cancelled'"
                " WHERE status = 'pending' AND job_type = 'hierarchy'"
            )


# --- with a model ---------------------------------------------------------------------------------------


class ScriptedLLM:
    """An `LLM` that answers from a script, one answer per call (the same Protocol as the providers)."""

    name = "scripted"
    model = "scripted-1"

    def __init__(self, answers: list[LLMResult]):
        self.answers, self.prompts = list(answers), []

    def complete(self, *, system, messages, tools=(), tool_choice=None, max_tokens=None, temperature=0.0):
        self.prompts.append(messages[-1]["content"])
        return self.answers.pop(0)


def _summary(**arguments: str) -> LLMResult:
    return LLMResult(text="", tool_calls=[ToolCall(id="1", name="write_summary", arguments=arguments)])


def test_a_configured_model_names_and_describes_the_storyline(engram, db, user_id):
    _notes(engram, ANDREW)
    llm = ScriptedLLM([_summary(name="Andrew — Y Combinator application", description="The YC push.")])

    run_hierarchy(user_id, NOW, writer=ModelSummaryWriter(llm, sleep=lambda _: None))

    [story] = _storylines(db, user_id)
    assert (story["name"], story["description"]) == ("Andrew — Y Combinator application", "The YC push.")
    assert '"sources": 5' in llm.prompts[0] and "Andrew is my cofounder" in llm.prompts[0]


def test_an_unusable_answer_is_retried_once_then_the_template_writes(engram, db, user_id):
    _notes(engram, ANDREW)
    writer = ModelSummaryWriter(
        ScriptedLLM([_summary(description="no name"), LLMResult(text="I refuse")]), sleep=lambda _: None
    )

    result = run_hierarchy(user_id, NOW, writer=writer)

    [story] = _storylines(db, user_id)
    assert result.model_fallbacks == 1 and story["name"] == "Andrew — Y Combinator"
    assert not story["is_dirty"]


def _listed_description(engram: Engram, name: str) -> str | None:
    listing = engram.api.get("/v1/entities?limit=100", user=engram.user).body["items"]
    [entity] = [e for e in listing if e["name"] == name]
    return entity["description"]


def test_a_model_description_stays_until_the_memories_change_then_the_rule_writes_it(engram, db, user_id):
    engram.note("Andrew is my cofounder", when="2026-03-02T10:00:00Z")
    andrew = _entity(db, user_id, "andrew")
    with db.user_transaction(user_id) as conn:
        entities_repo.add_note(conn, user_id, entity_id=andrew["id"], content="Plays chess", added_by="u")
    llm = ScriptedLLM([_summary(description="The user's cofounder, a chess player.")])

    result = run_hierarchy(user_id, NOW, writer=ModelSummaryWriter(llm, sleep=lambda _: None))

    assert result.entity_descriptions == 1 and "Andrew is my cofounder" in llm.prompts[0]
    assert _listed_description(engram, "Andrew") == "The user's cofounder, a chess player."

    engram.note("Andrew moved to Lisbon last month", when="2026-03-05T10:00:00Z")

    description = _listed_description(engram, "Andrew")
    assert description is not None and "Lisbon" in description and "chess player" not in description
