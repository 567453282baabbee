"""What the write path syncs (entities, feedback, pattern insights) and its guarantees (idempotency,
reinforcement, privacy, queue), end to end."""

from __future__ import annotations

import re

import pytest

from engram.jobs.local_worker import LocalWorker
from engram.pipeline.jobs import register_pipeline_jobs
from tests.scenarios.conftest import Engram

# --- entity sync, feedback sync, pattern insights -----------------------------------------------------


def test_entity_sync_creates_a_person_for_marcus(engram: Engram, db):
    engram.note("Had coffee with Marcus today, he's thinking about leaving Stripe")
    with db.user_transaction(engram.user) as conn:
        people = conn.execute(
            "SELECT name, kind, mention_count FROM entities WHERE canonical_name = 'marcus'"
        ).fetchall()
    assert people and people[0]["kind"] == "person"
    assert people[0]["mention_count"] >= 1


def test_feedback_sync_records_an_approval(engram: Engram, db):
    engram.note("I love hiking in the Cascades")
    (hiking,) = engram.find("hiking")
    response = engram.api.post(
        "/v1/feedback", {"action": "approve", "memory_id": hiking["id"]}, user=engram.user
    )
    assert response.status == 200
    with db.user_transaction(engram.user) as conn:
        rows = conn.execute("SELECT action FROM feedback").fetchall()
    assert [r["action"] for r in rows] == ["approve"]


def test_fourth_note_about_sarah_yields_the_pattern_insight(engram: Engram):
    notes = [
        "Lunch with Sarah was fun, she told me about her new apartment",
        "Sarah called me about the project deadline",
        "Went running with Sarah along the river this morning",
        "Sarah recommended a great book about habits",
    ]
    bodies = [engram.note(text, when=f"2026-03-{10 + i:02d}T18:00:00Z") for i, text in enumerate(notes)]
    patterns = [i for i in bodies[-1]["insights"] if i["type"] == "pattern"]
    assert patterns and patterns[0]["entity"].lower() == "sarah"
    assert patterns[0]["mentions"] >= 4
    assert "Sarah" in patterns[0]["message"]
    assert not [i for i in bodies[0]["insights"] if i["type"] == "pattern"], "one mention is not a pattern"


# --- idempotency and reinforcement ------------------------------------------------------------------


def test_same_note_twice_with_one_idempotency_key_writes_once(engram: Engram, db):
    first = engram.note("My sister Emma lives in Denver", idempotency_key="note-42")
    second = engram.note("My sister Emma lives in Denver", idempotency_key="note-42")
    assert second["source_id"] == first["source_id"]
    assert second["operations"] == first["operations"]
    with db.user_transaction(engram.user) as conn:
        assert conn.execute("SELECT count(*) AS n FROM sources").fetchone()["n"] == 1
        assert conn.execute("SELECT count(*) AS n FROM memory_operations").fetchone()["n"] == len(
            first["operations"]
        )


def test_same_note_twice_without_a_key_reinforces_instead_of_duplicating(engram: Engram):
    engram.note("I love hiking in the Cascades")
    (before,) = engram.find("hiking")
    body = engram.note("I love hiking in the Cascades", when="2026-03-12T10:00:00Z")
    assert [o["operation"] for o in body["operations"]] == ["REINFORCE"]
    (after,) = engram.find("hiking")
    assert after["id"] == before["id"]
    assert after["mention_count"] == before["mention_count"] + 1
    assert after["confidence"] == pytest.approx(min(1.0, before["confidence"] + 0.1))
    assert after["last_reinforced_at"] is not None


def test_a_note_counts_one_mention_of_a_memory_even_through_two_of_its_facts(engram: Engram):
    # "Priya is my manager" says nothing "My manager Priya seems great" does not: both facts of the note
    # land on one memory, which the note mentions once.
    note = "Started my new job at Notion today! My manager Priya seems great."
    first = engram.note(note)
    (priya,) = engram.find("Priya seems great")
    assert [o["memory_id"] for o in first["operations"]].count(priya["id"]) == 2
    stated = next(f["confidence"] for f in first["facts"] if f["content"] == priya["content"])
    assert (priya["mention_count"], priya["confidence"]) == (1, pytest.approx(stated))

    # A later note repeating the known fact is one more mention, whatever number of its facts repeat it
    second = engram.note(note, when="2026-03-12T10:00:00Z")
    (again,) = engram.find("Priya seems great")
    assert [o["memory_id"] for o in second["operations"]].count(priya["id"]) == 2
    assert again["mention_count"] == 2
    assert again["confidence"] == pytest.approx(min(1.0, priya["confidence"] + 0.1))


def test_one_users_memories_are_invisible_to_another(engram: Engram, api, other_user_id):
    engram.note("My sister Emma lives in Denver")
    other = Engram(api, other_user_id)
    assert other.memories() == []
    (emma,) = engram.find("Denver")
    assert api.get(f"/v1/memories/{emma['id']}", user=other_user_id).status == 404


# --- privacy ------------------------------------------------------------------------------------------

SECRETS = [
    ("my bank password is Tr0ub4dor&3x", "Tr0ub4dor&3x"),
    ("The wifi password is bluefalcon77", "bluefalcon77"),
    ("PIN for my debit card is 4821", "4821"),
    ("the door code is 7391", "7391"),
    ("my card number is 4111 1111 1111 1111 exp 12/27", "4111 1111 1111 1111"),
    ("use card 5500-0000-0000-0004 for the hotel", "5500-0000-0000-0004"),
    ("my SSN is 078-05-1120", "078-05-1120"),
    ("social security number 219099999", "219099999"),
    (
        "here's my OpenAI key sk-proj-abcDEF1234567890abcdefGHIJKLmnop",
        "sk-proj-abcDEF1234567890abcdefGHIJKLmnop",
    ),
    ("AWS access key AKIAIOSFODNN7EXAMPLE is on the laptop", "AKIAIOSFODNN7EXAMPLE"),
    ("my github token ghp_16C7e42F292c6912E7710c838347Ae178B4a", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"),
    ("IBAN DE89 3704 0044 0532 0130 00 is my salary account", "DE89 3704 0044 0532 0130 00"),
    ("my passport number is X1234567", "X1234567"),
    ("bank account number 000123456789 at Chase", "000123456789"),
    ("login for the portal is alice / hunter2!!", "hunter2!!"),
    ("the alarm code is 2580, remember it", "2580"),
    ("my Slack token xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-123456789012"),
    (
        "my Anthropic key is sk-ant-api03-AAAAbbbbCCCCddddEEEEffff0000",
        "sk-ant-api03-AAAAbbbbCCCCddddEEEEffff0000",
    ),
    ("passcode 9911 for the garage", "9911"),
    ("my driver's license number is D1234-56789-01234", "D1234-56789-01234"),
    ("remember my password: Sunflower#2024", "Sunflower#2024"),
    ("cvv is 737 on the amex", "cvv is 737"),
]


UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# Other tests' user ids ("user-<hex>") in tables without a user column (a team's `created_by`) may too.
USER_IDS = re.compile(r"\b[a-z]+-[0-9a-f]{8,}\b")
# Numbers Engram writes itself (similarities, scores, timestamps) may contain "4821" by chance.
OWN_NUMBERS = re.compile(r"\d{4}-\d{2}-\d{2}[T ][\d:.]+(?:[+-]\d{2}(?::?\d{2})?|Z)?|\d+\.\d+")


def _owner_column(col: dict) -> str | None:
    """The column that says a row is this user's; of a shared table, the rows they wrote (teams: the API
    fuzzing writes any settings, "7391" among them)."""
    if col["per_user"]:
        return "user_id"
    if col["table_name"] == "users":
        return "id"
    return "created_by" if col["created"] else None


def test_no_secret_is_stored_anywhere(engram: Engram, db):
    for i, (sentence, _) in enumerate(SECRETS):
        engram.note(f"Note {i}: {sentence}. Also I love hiking with Sam.")
        engram.chat([{"role": "user", "content": sentence, "id": f"m{i}"}])
    with db.system_transaction() as conn:
        columns = conn.execute(
            """SELECT c.table_name, c.column_name,
                      EXISTS (SELECT 1 FROM information_schema.columns u WHERE u.table_schema = 'public'
                              AND u.table_name = c.table_name AND u.column_name = 'user_id') AS per_user,
                      EXISTS (SELECT 1 FROM information_schema.columns u WHERE u.table_schema = 'public'
                              AND u.table_name = c.table_name AND u.column_name = 'created_by') AS created
               FROM information_schema.columns c
               WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'jsonb', 'ARRAY')"""
        ).fetchall()
        leaks = []
        for col in columns:
            column, table = col["column_name"], col["table_name"]
            owner = _owner_column(col)
            where = f"WHERE {owner} = %s" if owner else ""
            query = f'SELECT string_agg("{column}"::text, \' \') AS t FROM "{table}" {where}'
            row = conn.execute(query, (engram.user,) if owner else None).fetchone()
            dump = row["t"] or ""
            # Ids are random hex ("7391" may appear in one by chance), and user ids are not secrets.
            dump = USER_IDS.sub(" ", OWN_NUMBERS.sub(" ", UUID.sub(" ", dump)).replace(engram.user, " "))
            leaks += [(col["table_name"], col["column_name"], s) for _, s in SECRETS if s in dump]
    assert leaks == []


def test_never_store_topics_are_honoured(engram: Engram):
    engram.api.put("/v1/preferences", {"never_store": ["divorce"]}, user=engram.user)
    engram.note("My divorce hearing is next Tuesday. I also started learning the guitar.")
    assert not engram.find("divorce")
    assert engram.find("guitar")


def test_auto_sensitive_topics_mark_sensitivity(engram: Engram):
    engram.api.put("/v1/preferences", {"auto_mark_sensitive": ["poker"]}, user=engram.user)
    engram.note("I play poker with my college friends every Friday")
    (poker,) = engram.find("poker")
    assert poker["sensitivity_level"] == "sensitive"


# --- conversations --------------------------------------------------------------------------------------


def test_assistant_turns_count_only_when_allowed_and_tool_like(engram: Engram):
    messages = [
        {"role": "user", "content": "Can you check my calendar for next week?", "id": "u1"},
        {
            "role": "assistant",
            "content": "Your calendar shows weekly meetings with Priya on Tuesdays.",
            "id": "a1",
        },
        {"role": "assistant", "content": "I think you would enjoy yoga classes.", "id": "a2"},
    ]
    off = engram.chat(messages)
    assert not [f for f in off["facts"] if "Priya" in f["content"]]
    on = engram.chat([m | {"id": m["id"] + "b"} for m in messages], include_assistant=True)
    priya = [f for f in on["facts"] if "Priya" in f["content"]]
    assert priya and priya[0]["source_type"] == "inferred"
    assert not [f for f in on["facts"] if "yoga" in f["content"].lower()], "speculation is never ingested"


def test_conversation_facts_carry_message_provenance(engram: Engram):
    body = engram.chat(
        [
            {
                "role": "user",
                "name": "Caroline",
                "content": "Hey Mel!",
                "id": "D1:1",
                "timestamp": "2023-05-08T13:56:00Z",
            },
            {
                "role": "user",
                "name": "Caroline",
                "content": "I went to a LGBTQ support group yesterday.",
                "id": "D1:2",
                "timestamp": "2023-05-08T13:56:00Z",
            },
        ],
        source={"type": "conversation", "document_date": "2023-05-08T13:56:00Z"},
    )
    (group,) = [m for m in engram.memories() if "support group" in m["content"]]
    assert group["provenance"] == [
        {"source_id": body["source_id"], "message_ids": ["D1:2"], "accessible": True}
    ]
    assert "Caroline" in group["content"]


# --- the queue ------------------------------------------------------------------------------------------


def test_async_analyze_completes_through_the_local_queue(engram: Engram, db):
    register_pipeline_jobs()
    body = engram.note("My brother Tom moved to Austin", **{"async": True})
    assert body["status"] == "queued"
    (job,) = body["jobs"]
    LocalWorker(db).run_until_idle(timeout=30)
    finished = engram.api.get(f"/v1/jobs/{job['id']}", user=engram.user)
    assert finished.body["status"] == "completed"
    assert engram.find("Austin")
    replay = engram.note("My brother Tom moved to Austin", **{"async": True}, idempotency_key="k-async")
    assert replay["status"] == "queued"


def test_analyze_validation_errors_name_the_field(api, user_id):
    both = api.post("/v1/analyze", {"content": "x", "messages": [{"content": "y"}]}, user=user_id)
    assert both.status == 400 and both.error["field"] == "content"
    bad_role = api.post("/v1/analyze", {"messages": [{"role": "robot", "content": "y"}]}, user=user_id)
    assert bad_role.status == 400 and bad_role.error["field"] == "messages[0].role"
    empty = api.post("/v1/analyze", {"content": ""}, user=user_id)
    assert empty.status == 400 and empty.error["field"] == "content"


# --- a note lands whole -------------------------------------------------------------------------------

_REFUSE = """CREATE FUNCTION test_refuse_marmalade() RETURNS trigger LANGUAGE plpgsql
             AS $$ BEGIN RAISE EXCEPTION 'the disk said no'; END $$"""
_REFUSE_TRIGGER = """CREATE TRIGGER test_refuse_marmalade BEFORE INSERT ON memories FOR EACH ROW
                     WHEN (NEW.content ILIKE '%marmalade%') EXECUTE FUNCTION test_refuse_marmalade()"""


def test_a_note_failing_on_one_fact_keeps_none_of_them_and_keeps_the_note(engram: Engram, db):
    """The database refuses one of a note's memories (a real failure, raised by a trigger for this test):
    the note's other facts are not left half-applied, and what the user sent is still stored."""
    with db.system_transaction() as conn:
        conn.execute(_REFUSE)
        conn.execute(_REFUSE_TRIGGER)
    try:
        response = engram.api.post(
            "/v1/analyze",
            {"content": "My sister Ana lives in Porto. I started learning the cello. I hate marmalade."},
            user=engram.user,
        )
    finally:
        with db.system_transaction() as conn:
            conn.execute("DROP TRIGGER test_refuse_marmalade ON memories")
            conn.execute("DROP FUNCTION test_refuse_marmalade()")
    assert response.status >= 500, response.body
    assert engram.find("Porto") == [] and engram.find("cello") == [] and engram.find("marmalade") == []
    with db.user_transaction(engram.user) as conn:
        stored = conn.execute("SELECT count(*) AS n FROM sources WHERE content LIKE '%cello%'").fetchone()
    assert stored["n"] == 1
