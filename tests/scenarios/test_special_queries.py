"""Special queries (summaries, relationships, periods, history, negation, sentiment trends, decisions,
goals) through POST /v1/search on the offline `rules` provider.

Each test scripts a short history with fixed note dates, then asks several paraphrases of one question and
checks the response shape and its content. Temporal tests date their notes relative to the real clock,
because the API resolves "last week" against the server's time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest

from engram.config import reset_settings
from engram.providers.factory import reset_providers
from tests.scenarios.conftest import Engram
from tests.scenarios.test_llm_path import RecordedAnthropic


def _ask(engram: Engram, query: str, **extra) -> dict:
    response = engram.api.post("/v1/search", {"query": query} | extra, user=engram.user)
    assert response.status == 200, response.body
    return response.body


def _contents(items: list[dict]) -> list[str]:
    return [item["content"] for item in items]


def _mentions(items: list[dict], needle: str) -> bool:
    return any(needle.lower() in item["content"].lower() for item in items)


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _assert_results_are_memories(body: dict) -> None:
    assert body["results"], body
    for result in body["results"]:
        assert {"id", "content", "memory_type", "final_score", "provenance"} <= set(result), result


# --- self summary ----------------------------------------------------------------------------------


def _my_life(engram: Engram) -> None:
    engram.note("I live in Seattle", when="2026-01-05T10:00:00Z")
    engram.note("I work at Notion as a product designer", when="2026-01-06T10:00:00Z")
    engram.note("My goal is to run a marathon this year", when="2026-01-08T10:00:00Z")
    engram.note("I love Thai food", when="2026-01-09T10:00:00Z")
    engram.note("My sister Emma lives in Denver and teaches chemistry", when="2026-01-10T10:00:00Z")
    engram.note("I was diagnosed with type 2 diabetes", when="2026-01-11T10:00:00Z")


def test_self_summary_mentions_home_job_goals_and_people(engram: Engram):
    _my_life(engram)
    visible = len(engram.memories()) - 1  # everything but the diagnosis (sensitive)
    for query in (
        "What do you know about me?",
        "tell me about myself",
        "Summarize what you've learned about me",
    ):
        body = _ask(engram, query)
        assert body["type"] == "self_summary", query
        summary = body["summary"]
        assert summary.startswith("Here's what I know about you.") and "You live in Seattle." in summary
        assert "Notion" in summary and "marathon" in summary and "Emma (sister)" in summary, summary
        assert body["summary_source"] == "template"
        assert set(body["categories"]) >= {"fact", "goal", "preference"}
        assert body["memory_count"] == visible
        _assert_results_are_memories(body)


def test_self_summary_never_shows_a_sensitive_memory_at_the_default_ceiling(engram: Engram):
    _my_life(engram)
    body = _ask(engram, "what have you picked up about me so far")
    assert body["type"] == "self_summary"
    assert "diabetes" not in json.dumps(body).lower()
    allowed = _ask(engram, "what have you picked up about me so far", sensitivity_max="sensitive")
    assert "diabetes" in json.dumps(allowed["categories"]).lower()


def test_a_person_known_only_from_sensitive_memories_is_not_revealed(engram: Engram):
    engram.note("I'm seeing a therapist named Dr. Lee every Thursday")
    (therapy,) = engram.find("therapist")
    assert therapy["sensitivity_level"] != "normal"
    for query in ("who is Dr. Lee?", "what do you know about Dr. Lee"):
        body = _ask(engram, query)
        assert body["type"] == "entity_summary", query
        assert body["entity"] is None and body["found"] is False
        assert "therapist" not in json.dumps(body)
    shown = _ask(engram, "who is Dr. Lee?", sensitivity_max="private")
    assert shown["entity"] is not None and _mentions(shown["memories"], "therapist")


def test_special_results_have_their_access_tracked(engram: Engram):
    engram.note("I decided to book the trip to Lisbon instead of Rome")
    (before,) = engram.find("Lisbon")
    _ask(engram, "what decisions have I made")
    (after,) = engram.find("Lisbon")
    assert after["access_count"] == before["access_count"] + 1 and after["last_accessed_at"]


def test_self_summary_of_a_new_user_says_so(engram: Engram):
    body = _ask(engram, "who am I to you?")
    assert body["type"] == "self_summary" and body["found"] is False
    assert body["memory_count"] == 0 and body["results"] == []
    assert "don't have any memories" in body["summary"]


def test_special_false_forces_a_standard_search(engram: Engram):
    engram.note("I live in Seattle")
    assert _ask(engram, "what do you know about me", special=False)["type"] == "standard"


# --- entity summary --------------------------------------------------------------------------------


def _marcus(engram: Engram) -> None:
    engram.note("Marcus works at Stripe as an engineer", when="2026-02-12T10:00:00Z")
    engram.note("Marcus left Stripe and joined Notion", when="2026-03-01T10:00:00Z")
    engram.note("Had a great lunch with Marcus, he's so supportive", when="2026-03-04T10:00:00Z")


def test_entity_summary_has_current_facts_and_superseded_history(engram: Engram):
    _marcus(engram)
    for query in ("what do you remember about Marcus", "Tell me everything about Marcus", "who is Marcus?"):
        body = _ask(engram, query)
        assert body["type"] == "entity_summary", query
        assert body["entity"]["name"] == "Marcus" and body["entity"]["kind"] == "person"
        assert body["entity"]["mention_count"] >= 3
        assert _mentions(body["memories"], "Notion")
        assert all(m["status"] == "active" for m in body["memories"])
        # the employer and the title are two facts: leaving Stripe supersedes the employer alone
        (old,) = [m for m in body["history"] if "works at Stripe" in m["content"]]
        assert old["status"] == "superseded" and old["superseded_at"]
        assert "Notion" in body["summary"] and "Previously" in body["summary"]
        assert _mentions(body["results"], "Notion") and not _mentions(body["results"], "works at Stripe")
        assert _mentions(body["memories"], "works as an engineer")


def test_entity_summary_resolves_a_relation_word_to_the_person(engram: Engram):
    engram.note("My sister Emma lives in Denver and teaches chemistry")
    engram.note("Marcus works at Stripe as an engineer")
    for query in ("tell me everything about my sister Emma", "What can you tell me about my sister?"):
        body = _ask(engram, query)
        assert body["type"] == "entity_summary", query
        assert body["entity"]["name"] == "Emma" and body["entity"]["relationship"] == "sister"
        assert _mentions(body["memories"], "Denver") and not _mentions(body["memories"], "Stripe")
        assert body["summary"].startswith("Emma is your sister.")


def test_a_tie_no_one_is_named_in_is_summed_up_as_the_tie(engram: Engram):
    engram.note("My wife turns 40 on 3 December")
    body = _ask(engram, "Who is my wife?")
    assert body["type"] == "entity_summary" and body["found"]
    assert body["summary"].startswith("About your wife:"), body["summary"]
    assert _ask(engram, "Tell me about my son")["summary"] == "I don't have any memories about your son."


def test_who_someone_is_comes_first_and_a_later_mention_does_not_forget_it(engram: Engram):
    engram.note("I share a flat in Ancoats with my roommate Declan, who is a tattoo artist.",
                when="2025-02-05T10:00:00Z")  # fmt: skip
    engram.note("Declan designed the logo for the truck, a pepper on fire.", when="2025-11-08T10:00:00Z")
    engram.note("Watched the derby at the pub with Declan, it finished two all.", when="2026-03-29T10:00:00Z")
    contents = _contents(engram.memories())
    assert "Declan is someone I know" not in contents, contents  # he is my roommate, and that is known
    for query in ("Who is Declan?", "who's my flatmate?"):
        body = _ask(engram, query)
        assert body["type"] == "entity_summary" and body["entity"]["relationship"] == "roommate", query
        # the first result says who he is ("Declan is my roommate", or the note that told it)
        assert "roommate" in body["results"][0]["content"], (query, _contents(body["results"]))


def test_of_two_bosses_the_one_asked_by_where_or_by_old_is_the_answer(engram: Engram):
    notes = [
        ("2024-04-20", "Interview at Calder & Moss on Tuesday with Fiona Walsh, she leads the roads team"),
        ("2024-05-02", "OFFER!!! Junior engineer at Calder & Moss. Fiona will be my boss."),
        ("2026-03-01", "Resigned from Calder & Moss, Fiona said the door is always open"),
        ("2026-04-01", "New job at the transport department. My boss is Grace Nguyen, hybrid"),
        ("2026-06-01", "Grace gave me my own package to manage"),
    ]
    for day, text in notes:
        engram.note(text, when=f"{day}T10:00:00Z")
    for query in ("Who was my old boss at Calder & Moss?", "who was my boss at Calder and Moss",
                  "Tell me about my old boss"):  # fmt: skip
        body = _ask(engram, query)
        assert body["type"] == "entity_summary", query
        assert body["entity"]["name"] == "Fiona Walsh", (query, body["entity"])
        assert "Fiona will be my boss" in body["results"][0]["content"], (query, _contents(body["results"]))
    body = _ask(engram, "Who is my boss?")
    assert body["entity"]["name"] == "Grace Nguyen", body["entity"]


def test_entity_summary_of_an_organisation(engram: Engram):
    _marcus(engram)
    body = _ask(engram, "what do you know about Notion?")
    assert body["type"] == "entity_summary" and body["entity"]["name"] == "Notion"
    assert _mentions(body["memories"], "joined Notion")


def test_entity_summary_of_an_unknown_name_is_not_found(engram: Engram):
    _marcus(engram)
    body = _ask(engram, "what do you know about Zoltan")
    assert body["type"] == "entity_summary" and body["entity"] is None
    assert body["found"] is False and body["memories"] == [] and body["history"] == []
    assert "don't have any memories about Zoltan" in body["summary"]


# --- relationships ---------------------------------------------------------------------------------


def _circle(engram: Engram) -> None:
    engram.note("Tom and Emma went hiking together", when="2026-03-06T10:00:00Z")
    engram.note("Priya is my coworker at Acme", when="2026-03-07T10:00:00Z")
    engram.note("Marcus works at Stripe as an engineer", when="2026-03-08T10:00:00Z")


def test_relationship_between_two_people_shows_what_they_share(engram: Engram):
    _circle(engram)
    for query in ("relationship between Tom and Emma", "How are Tom and Emma connected?"):
        body = _ask(engram, query)
        assert body["type"] == "relationship_query", query
        assert [e["name"] for e in body["entities"]] == ["Tom", "Emma"]
        assert all(e["found"] for e in body["entities"])
        assert _contents(body["shared_memories"]) == ["Tom and Emma went hiking together"]
        (link,) = [c for c in body["connections"] if c["source"] == "co_mention"]
        assert {link["from"], link["to"]} == {"Tom", "Emma"} and link["shared_memories"] == 1
        assert _contents(body["results"]) == ["Tom and Emma went hiking together"]


def test_relationship_between_a_person_and_an_organisation(engram: Engram):
    _circle(engram)
    for query in ("how is Priya connected to Acme", "what's the connection between Priya and Acme?"):
        body = _ask(engram, query)
        assert body["type"] == "relationship_query", query
        assert _contents(body["shared_memories"]) == ["Priya is my coworker at Acme"]
        assert not _mentions(body["results"], "Stripe")


def test_relationship_edges_of_the_graph_are_connections(engram: Engram, db):
    _circle(engram)
    with db.system_transaction() as conn:  # an edge the notes never state: added directly
        conn.execute(
            """INSERT INTO relationships
                   (user_id, from_entity_id, to_entity_id, kind, relationship_type, strength)
               SELECT %(uid)s, t.id, e.id, 'has_relationship_with', 'friend', 0.9
               FROM entities t, entities e
               WHERE t.user_id = %(uid)s AND t.canonical_name = 'tom'
                 AND e.user_id = %(uid)s AND e.canonical_name = 'emma'""",
            {"uid": engram.user},
        )
    body = _ask(engram, "relationship between Tom and Emma")
    # "Tom and Emma went hiking together" also drew a co-mention edge: it is listed once, as co_mention
    (edge,) = [c for c in body["connections"] if c["source"] == "graph"]
    assert (edge["from"], edge["to"], edge["relationship_type"]) == ("Tom", "Emma", "friend")
    assert edge["strength"] == pytest.approx(0.9)


def test_who_knows_lists_people_and_how_do_i_know_explains(engram: Engram):
    _circle(engram)
    body = _ask(engram, "who knows Tom?")
    assert body["type"] == "relationship_query"
    assert [c["to"] for c in body["connections"]] == ["Emma"]
    body = _ask(engram, "how do I know Priya")
    assert body["type"] == "relationship_query" and body["includes_user"] is True
    assert _mentions(body["shared_memories"], "coworker")


# --- temporal --------------------------------------------------------------------------------------


def _week_story(engram: Engram) -> None:
    now = datetime.now(UTC)
    noon = now.replace(hour=12, minute=0, second=0, microsecond=0)
    last_wednesday = noon - timedelta(days=now.weekday() + 5)  # Wednesday of the previous calendar week
    engram.note("I went to the farmers market and bought peaches", when=_iso(last_wednesday))
    engram.note("I baked sourdough bread with Emma", when=_iso(noon - timedelta(days=1)))
    engram.note("I had a dentist appointment", when=_iso(now - timedelta(days=40)))


def test_what_happened_last_week_lists_that_week_in_order(engram: Engram):
    _week_story(engram)
    for query in ("What happened last week?", "anything from last week"):
        body = _ask(engram, query)
        assert body["type"] == "temporal", query
        start = datetime.fromisoformat(body["timeframe"]["start"])
        end = datetime.fromisoformat(body["timeframe"]["end"])
        assert start.weekday() == 0 and end - start == timedelta(days=7)
        assert body["timeframe"]["label"].startswith("week of")
        assert _mentions(body["memories"], "farmers market") and not _mentions(body["memories"], "dentist")
        assert all(start <= datetime.fromisoformat(m["happened_at"]) < end for m in body["memories"])
        assert _mentions(body["results"], "farmers market")


def test_what_did_i_do_yesterday_and_lately(engram: Engram):
    _week_story(engram)
    body = _ask(engram, "what did I do yesterday")
    assert body["type"] == "temporal"
    assert _mentions(body["memories"], "sourdough")
    assert not _mentions(body["memories"], "farmers market") and not _mentions(body["memories"], "dentist")
    body = _ask(engram, "What have I been up to lately?")
    assert body["type"] == "temporal" and body["timeframe"]["label"].startswith("recently")
    dates = [m["happened_at"] for m in body["memories"]]
    assert dates == sorted(dates)
    assert _mentions(body["memories"], "farmers market") and _mentions(body["memories"], "sourdough")
    assert not _mentions(body["memories"], "dentist")


def test_a_period_question_with_a_topic_is_ranked_within_the_period(engram: Engram):
    # the story's other memory is told today, never within last week (its "yesterday" is, on a Monday)
    now = datetime.now(UTC)
    last_wednesday = now.replace(hour=12, minute=0, second=0, microsecond=0) - timedelta(
        days=now.weekday() + 5
    )
    engram.note("I went to the farmers market and bought peaches", when=_iso(last_wednesday))
    engram.note("I baked sourdough bread with Emma", when=_iso(now))
    engram.note("I had a dentist appointment", when=_iso(now - timedelta(days=40)))
    body = _ask(engram, "what did I buy last week")
    assert body["type"] == "temporal" and body["topic"] == "buy"
    assert _contents(body["results"]) == ["I went to the farmers market and bought peaches"]


def test_what_is_done_whenever_a_period_comes_round_is_a_habit_not_that_period(engram: Engram):
    engram.note("Every Saturday I do parkrun in Queens Park, then brunch", when="2025-03-01T10:00:00Z")
    body = _ask(engram, "What do I do at the weekend?", threshold=0)
    assert body["type"] == "standard", body["type"]
    assert _mentions(body["results"], "parkrun")
    assert _ask(engram, "What did I do last weekend?")["type"] == "temporal"


# --- historical ------------------------------------------------------------------------------------


def test_historical_splits_current_and_past_homes(engram: Engram):
    engram.note("I used to live in Boston", when="2026-01-05T10:00:00Z")
    for day in ("07", "09", "11"):  # the present, told often and lately, scores above the past
        engram.note("I live in Seattle, I really love living in Seattle", when=f"2026-01-{day}T10:00:00Z")
    for query in ("Where did I use to live?", "where did I live before"):
        body = _ask(engram, query)
        assert body["type"] == "historical", query
        assert _mentions(body["historical"], "Boston") and not _mentions(body["historical"], "Seattle")
        assert _mentions(body["current"], "Seattle") and not _mentions(body["current"], "Boston")
        assert "Boston" in body["results"][0]["content"], "the past answers a question about the past first"


def test_a_past_that_does_not_answer_comes_after_what_does(engram: Engram):
    engram.note("I used to work as a sous-chef at Ember and Oak", when="2025-01-05T10:00:00Z")
    engram.note("Took my girlfriend Ama to the Lowry for Valentine's Day", when="2025-02-14T10:00:00Z")
    body = _ask(engram, "Who was my previous girlfriend?")
    assert body["type"] == "historical" and _mentions(body["historical"], "sous-chef")
    assert "Ama" in body["results"][0]["content"], _contents(body["results"])


def test_historical_includes_superseded_facts(engram: Engram):
    engram.note("I work at Acme as a designer", when="2026-01-05T10:00:00Z")
    engram.note("I left Acme and joined Notion", when="2026-02-05T10:00:00Z")
    for query in ("what was my old job", "Where did I work previously?"):
        body = _ask(engram, query)
        assert body["type"] == "historical", query
        assert _mentions(body["historical"], "work at Acme")
        assert all(m["status"] == "superseded" or m["is_historical"] for m in body["historical"])


# --- negation --------------------------------------------------------------------------------------


def test_negation_drops_the_excluded_term(engram: Engram):
    engram.note("I love the Thai restaurant on Pine Street")
    engram.note("Luigi's is my favourite Italian restaurant")
    engram.note("We had dinner at a great sushi restaurant")
    for query in ("restaurants except Italian", "Restaurants other than Italian ones"):
        body = _ask(engram, query)
        assert body["type"] == "negation", query
        assert body["excluded"] == ["italian"] and body["excluded_count"] >= 1
        assert not _mentions(body["results"], "Italian")
        assert _mentions(body["results"], "Thai") and _mentions(body["results"], "sushi")


def test_anything_without_drops_singular_and_plural(engram: Engram):
    engram.note("I have a meeting with the design team on Monday")
    engram.note("I love hiking in the Cascades")
    body = _ask(engram, "anything without meetings")
    assert body["type"] == "negation" and body["excluded"] == ["meetings"]
    assert _contents(body["results"]) == ["I love hiking in the Cascades"]


# --- sentiment trend -------------------------------------------------------------------------------


def test_sentiment_trend_about_a_person_declines(engram: Engram):
    engram.note("Had a great lunch with Marcus, he's so supportive", when="2026-02-01T10:00:00Z")
    engram.note("Marcus was really helpful with my project", when="2026-02-10T10:00:00Z")
    engram.note("Marcus was rude to me at the meeting, really annoying", when="2026-03-01T10:00:00Z")
    engram.note("I'm so frustrated with Marcus, he ignored my emails again", when="2026-03-05T10:00:00Z")
    for query in ("how do I feel about Marcus lately", "How has my mood about Marcus changed?"):
        body = _ask(engram, query)
        assert body["type"] == "sentiment_trend", query
        assert body["entity"]["name"] == "Marcus" and body["source"] == "sentiment_history"
        assert body["trend"] == "declining", body
        assert len(body["points"]) >= 3
        dates = [p["date"] for p in body["points"]]
        assert dates == sorted(dates)
        assert body["recent_average"] < body["previous_average"]
        _assert_results_are_memories(body)


def test_sentiment_trend_about_an_area_of_life_improves(engram: Engram):
    engram.note("I hate my job, work is exhausting and my boss is awful", when="2026-01-05T10:00:00Z")
    engram.note("I'm miserable at work", when="2026-01-20T10:00:00Z")
    engram.note("I really enjoy my job now", when="2026-03-05T10:00:00Z")
    engram.note("I love my job, work has been amazing", when="2026-03-12T10:00:00Z")
    for query in ("am I happier with work", "how do I feel about my job these days"):
        body = _ask(engram, query)
        assert body["type"] == "sentiment_trend", query
        assert body["trend"] == "improving", body
        assert body["previous_average"] < 0 and body["recent_average"] > body["previous_average"]


# --- decisions -------------------------------------------------------------------------------------


def _choices(engram: Engram) -> None:
    engram.note("I decided to take the job at Notion over the Google offer", when="2026-02-10T10:00:00Z")
    engram.note("I decided to book the trip to Lisbon instead of Rome", when="2026-03-02T10:00:00Z")
    engram.note("I love hiking in the Cascades", when="2026-03-03T10:00:00Z")


def test_decisions_lists_every_decision_newest_first(engram: Engram):
    _choices(engram)
    for query in ("What decisions have I made?", "choices I made", "show me my decisions"):
        body = _ask(engram, query)
        assert body["type"] == "decisions", query
        assert [d["content"] for d in body["decisions"]] == [
            "I decided to book the trip to Lisbon instead of Rome",
            "I decided to take the job at Notion over the Google offer",
        ]
        assert {"content", "outcome", "outcome_sentiment", "date"} <= set(body["decisions"][0])
        assert {r["memory_type"] for r in body["results"]} == {"decision"}


def test_decisions_about_a_topic(engram: Engram):
    _choices(engram)
    for query in ("what did I decide about the trip", "What was my decision on the trip?"):
        body = _ask(engram, query)
        assert body["type"] == "decisions" and body["topic"] == "trip", query
        assert [d["content"] for d in body["decisions"]] == [
            "I decided to book the trip to Lisbon instead of Rome"
        ]


# --- goals -----------------------------------------------------------------------------------------


def test_goals_split_active_and_achieved(engram: Engram):
    engram.note("My goal is to run a marathon this year", when="2026-01-08T10:00:00Z")
    engram.note("I want to learn Spanish", when="2026-01-09T10:00:00Z")
    engram.note("I ran my first marathon today!", when="2026-02-09T10:00:00Z")
    for query in ("what are my goals", "What am I working towards?", "what did I want to achieve"):
        body = _ask(engram, query)
        assert body["type"] == "goals", query
        assert [g["content"] for g in body["active"]] == ["I want to learn Spanish"]
        (done,) = body["achieved"]
        assert "marathon" in done["content"] and done["achieved_reason"] == "action"
        assert "ran my first marathon" in done["achieved_by"]["content"]
        assert {r["memory_type"] for r in body["results"]} == {"goal"}


def test_a_goal_is_not_achieved_by_someone_else_or_by_what_came_before_it(engram: Engram):
    for when, text in (
        ("2026-01-05", "Finished the pottery course at the community centre"),
        ("2026-03-01", "plan: Boracay for the kids, April 18-20. need to ask Ma'am Guia for leave"),
        ("2026-03-02", "My goal is to learn pottery properly"),
        ("2026-03-10", "Found the certificate: finished a pottery course in January 2026"),
        ("2026-07-12", "Arnel got his leave approved yesterday, off to Cebu with his brother"),
    ):
        engram.note(text, when=f"{when}T10:00:00Z")
    body = _ask(engram, "what are my goals", sensitivity_max="private")
    assert body["type"] == "goals"
    # a course finished before the goal was set (told before or after it) and Arnel's leave complete none
    # of the user's goals
    assert not body["achieved"], body["achieved"]
    assert any("leave" in g["content"] for g in body["active"]), body["active"]
    assert any("pottery" in g["content"] for g in body["active"]), body["active"]


# --- summaries written by a model ------------------------------------------------------------------


@pytest.fixture
def claude_later(monkeypatch) -> Iterator[tuple[RecordedAnthropic, Callable[[], None]]]:
    """Notes go through the rules engine; `switch()` then makes the recorded Anthropic server the LLM."""
    recorded = RecordedAnthropic()

    def switch() -> None:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", recorded.url)
        monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "anthropic")
        monkeypatch.setenv("ENGRAM_LLM_MAX_RETRIES", "0")
        monkeypatch.setenv("ENGRAM_LLM_RETRY_BACKOFF_SECONDS", "0")
        reset_settings()
        reset_providers()

    yield recorded, switch
    recorded.server.shutdown()
    reset_providers()


def test_a_configured_model_writes_the_summary_from_visible_memories(engram: Engram, claude_later):
    claude, switch = claude_later
    _my_life(engram)
    switch()
    claude.text("You live in Seattle and design products at Notion.")
    body = _ask(engram, "what do you know about me")
    assert body["summary"] == "You live in Seattle and design products at Notion."
    assert body["summary_source"] == "claude-sonnet-4-6"
    (request,) = claude.requests
    prompt = json.dumps(request["messages"])
    assert "Seattle" in prompt and "diabetes" not in prompt


def test_a_failing_model_falls_back_to_the_template(engram: Engram, claude_later):
    claude, switch = claude_later
    _marcus(engram)
    switch()
    claude.overloaded()
    body = _ask(engram, "what do you remember about Marcus")
    assert body["type"] == "entity_summary" and body["summary_source"] == "template"
    assert "Notion" in body["summary"] and len(claude.requests) == 1
