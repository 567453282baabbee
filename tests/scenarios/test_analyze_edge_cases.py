"""Edge cases of the write path through POST /v1/analyze on the offline `rules` provider: life changes,
corrections, history, time markers, sensitivity, forget requests, filler and decisions."""

from __future__ import annotations

from datetime import datetime

from tests.scenarios.conftest import Engram


def _ops(body: dict, operation: str) -> list[dict]:
    return [o for o in body["operations"] if o["operation"] == operation]


def test_job_change_supersedes_the_old_employer(engram: Engram):
    # Given Marcus works at Stripe
    engram.note("Had coffee with Marcus today, he's thinking about leaving Stripe")
    (stripe,) = engram.find("Stripe")
    # When he accepts an offer at Notion
    body = engram.note("Marcus told me he accepted the offer at Notion", when="2026-03-17T10:00:00Z")
    # Then the Stripe memory is superseded, historical and linked to the current Notion one
    superseded = engram.find("Stripe", status="superseded")
    assert [m["id"] for m in superseded] == [stripe["id"]]
    old = superseded[0]
    assert old["is_historical"] is True
    assert old["valid_to"] is not None
    (notion,) = engram.find("Notion")
    assert old["superseded_by"] == notion["id"]
    assert notion["supersedes_id"] == stripe["id"]
    assert notion["version"] == stripe["version"] + 1
    assert not engram.find("Stripe"), "no active memory still says Marcus is at Stripe"
    assert any(o.get("strategy") == "supersede" for o in body["operations"])
    assert any(i["type"] == "update" for i in body["insights"])


def test_supersede_keeps_provenance_of_both_sources(engram: Engram):
    first = engram.note("Marcus works at Stripe as an engineer")
    second = engram.note("Marcus left Stripe and joined Notion", when="2026-03-20T10:00:00Z")
    (notion,) = engram.find("Notion")
    sources = {p["source_id"] for p in notion["provenance"]}
    assert {first["source_id"], second["source_id"]} <= sources


def test_a_change_noted_with_an_earlier_date_still_supersedes(engram: Engram):
    # Given Marcus works at Stripe, noted on March 20
    engram.note("Marcus works at Stripe as an engineer", when="2026-03-20T10:00:00Z")
    # When an older note (an import out of order) says he joined Notion
    engram.note("Marcus left Stripe and joined Notion", when="2026-03-02T10:00:00Z")
    # Then the change is kept, and the Stripe memory never ends before it began
    (old,) = engram.find("Stripe", status="superseded")
    assert engram.find("Notion")
    assert old["valid_to"] >= old["valid_from"]


def test_name_correction_replaces_the_misspelled_name(engram: Engram):
    engram.note("My coworker Jon is brilliant at design")
    body = engram.note("Actually it's spelled John, not Jon")
    assert any(o.get("strategy") == "replace" for o in body["operations"])
    corrected = engram.find("John")
    assert corrected and corrected[0]["version"] >= 2
    assert not [m for m in engram.memories() if "Jon " in m["content"] + " "]


def test_used_to_is_stored_as_history_without_retiring_the_present(engram: Engram):
    engram.note("I live in Seattle")
    engram.note("I used to live in Boston")
    assert engram.find("Seattle"), "the current home stays active and current"
    assert not engram.find("Boston"), "history is left out by default"
    (boston,) = engram.find("Boston", include_historical="true")
    assert boston["is_historical"] is True
    assert boston["status"] == "active"


def test_starting_next_month_sets_effective_from(engram: Engram):
    engram.note("Starting next month I'm going to the gym every morning")
    (gym,) = engram.find("gym")
    assert gym["effective_from"] is not None
    starts = datetime.fromisoformat(gym["effective_from"])
    assert (starts.year, starts.month) == (2026, 4)


def test_until_friday_sets_expires_at(engram: Engram):
    engram.note("I'm working from the Lisbon office until Friday")
    (lisbon,) = engram.find("Lisbon")
    expires = datetime.fromisoformat(lisbon["expires_at"])
    assert expires.date().isoformat() in ("2026-03-13", "2026-03-14")  # Friday, end of day in UTC


def test_an_upcoming_happening_expires_after_its_day_but_what_begins_then_goes_on(engram: Engram):
    engram.note("Dentist on Thursday 19 March at 10am")
    engram.note("The party starts at 8pm on Saturday 21 March")
    engram.note("Obinna got the site engineer job on the Kano rail project, starts in July")
    engram.note("We move into the new flat on 1 June")
    for needle in ("Dentist", "party"):
        (happening,) = engram.find(needle)
        assert happening["expires_at"] is not None, happening
    for needle in ("Kano", "flat"):
        (begun,) = engram.find(needle)
        assert begun["expires_at"] is None, begun


def test_every_monday_sets_a_weekly_recurrence(engram: Engram):
    engram.note("I have team standup every Monday at 9am")
    (standup,) = engram.find("standup")
    assert standup["recurrence"]["type"] == "weekly"
    assert standup["recurrence"]["day"].lower().startswith("mon")


def test_death_and_health_are_sensitive(engram: Engram):
    engram.note("My grandmother passed away last week")
    engram.note("I was diagnosed with type 2 diabetes")
    assert engram.find("grandmother")[0]["sensitivity_level"] == "sensitive"
    assert engram.find("diabetes")[0]["sensitivity_level"] == "sensitive"


def test_salary_is_private(engram: Engram):
    engram.note("My salary at the new job is $145,000 a year")
    (salary,) = engram.find("salary")
    assert salary["sensitivity_level"] == "private"


def test_forget_request_hard_deletes_the_matching_memory(engram: Engram, db):
    engram.note("I'm seeing a therapist named Dr. Lee every Thursday")
    (therapy,) = engram.find("therapist")
    body = engram.note("Please forget that I told you about my therapist")
    assert _ops(body, "DELETE")
    assert engram.api.get(f"/v1/memories/{therapy['id']}", user=engram.user).status == 404
    with db.system_transaction() as conn:
        audit = conn.execute(
            "SELECT * FROM memory_operations WHERE memory_id = %s AND hard_delete", (therapy["id"],)
        ).fetchall()
    assert len(audit) == 1
    assert "therapist" not in str(audit[0]).lower(), "a hard delete keeps only ids in the audit"


def test_greetings_and_general_knowledge_store_nothing(engram: Engram):
    for text in (
        "Hi!",
        "Thanks, that's great",
        "What's the capital of France?",
        "Water boils at 100 degrees",
    ):
        body = engram.note(text)
        assert body["facts"] == [] or all(o["operation"] == "NOOP" for o in body["operations"]), text
    assert engram.memories() == []


def test_decision_and_action_are_typed_with_the_outcome(engram: Engram):
    engram.note("I decided to take the job at Notion over the Google offer")
    engram.note("We shipped the beta release yesterday and users loved it")
    decision = engram.find("decided")
    assert decision and decision[0]["memory_type"] == "decision"
    shipped = engram.find("shipped")
    assert shipped and shipped[0]["memory_type"] == "action"
    assert shipped[0]["outcome"]
