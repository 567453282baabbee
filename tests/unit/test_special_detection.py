"""Special-query detection: the right type and parameters for paraphrases, and None for
ordinary questions — a false special query hides what a standard search would have found.

Every period is resolved against a fixed `now`: Wednesday 18 March 2026, 15:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.language.periods import RECENT_DAYS, resolve_timeframe
from engram.retrieval.special import SpecialQuery, detect_special_query
from engram.retrieval.special.listings import excluded_pattern
from engram.retrieval.special.sentiment import sentiment_trend
from engram.retrieval.summaries import goal_clause, second_person

NOW = datetime(2026, 3, 18, 15, 0, tzinfo=UTC)


def at(year: int, month: int, day: int, hour: int = 0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


def detect(query: str) -> SpecialQuery:
    found = detect_special_query(query, NOW)
    assert found is not None, query
    return found


# --- ordinary questions stay standard searches -------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        # LOCOMO-style questions about other people
        "When did Caroline go to the LGBTQ support group?",
        "What fields would Caroline be likely to pursue in her education?",
        "What did Melanie paint recently?",  # "recently" qualifies the painting, it does not ask for a period
        "Would Caroline likely have Dutch heritage?",
        "What did Melanie paint?",
        "Where does Emma live?",
        "What is Marcus's job?",
        "Who is Caroline's mentor?",
        "Did Caroline go to the parade last week?",
        "How does Melanie feel about her family?",
        "Why did Caroline decide to adopt?",
        "What did Caroline not like about the trip?",
        "What happened to Caroline's dog?",
        "How many kids does Melanie have?",
        "What books has Melanie read?",
        "Where did Caroline move from 4 years ago?",
        "What did Caroline research in May 2023?",
        "How long have Melanie and her husband been married?",
        "What are Melanie's plans for the summer?",
        "Where is Caroline originally from?",
        "How did Caroline meet Melanie?",
        "Who did Caroline meet at the conference?",
        # the user's own ordinary questions
        "When did I start my new job?",
        "What do I like to eat?",
        "Is Marcus still at Stripe?",
        "What did I paint recently?",
        "What's the weather like today?",
        "Who is coming to dinner?",
        "Who is the author of that book?",
        "I don't like mushrooms",
        "Who am I meeting tomorrow?",
        "Is Caroline getting used to her new job?",
        "Did Caroline support my decision to move?",
        "marathon",
    ],
)
def test_ordinary_questions_are_not_special(query: str) -> None:
    assert detect_special_query(query, NOW) is None


# --- self summary ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "what do you know about me",
        "Tell me about myself",
        "Summarize what you've learned about me",
        "Who am I to you?",
        "What have you picked up about me so far?",
        "WHAT DO YOU REMEMBER ABOUT ME?",
        "Hey, can you tell me everything you know about me?",
        "how well do you know me",
    ],
)
def test_self_summary(query: str) -> None:
    assert detect(query) == SpecialQuery("self_summary")


# --- entity summary ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "entities", "relationship"),
    [
        ("what do you remember about Marcus", ("Marcus",), None),
        ("Tell me everything about my sister Emma", ("Emma",), "sister"),
        ("what do you know about Notion?", ("Notion",), None),
        ("who is Priya?", ("Priya",), None),
        ("who's priya", ("priya",), None),
        ("What can you tell me about my boss?", (), "boss"),
        ("what do you know about Marcus's new job", ("Marcus",), None),
        # a phrase after the relation says which one, and names nobody
        ("Who was my boss at my old job?", (), "boss"),
        ("who was my landlord in Leeds", (), "landlord"),
        ("tell me about my sister who lives in Denver", (), "sister"),
    ],
)
def test_entity_summary(query: str, entities: tuple[str, ...], relationship: str | None) -> None:
    found = detect(query)
    assert found.type == "entity_summary"
    assert found.entities == entities and found.relationship == relationship


@pytest.mark.parametrize(
    ("query", "topic", "former"),
    [
        ("Who was my old boss at Calder & Moss?", "Calder Moss", True),
        ("Who was my boss at my old job?", None, True),
        ("who was my landlord in Leeds", "Leeds", False),
        ("Who was my manager at the coffee shop?", "coffee shop", False),
        ("What can you tell me about my boss?", None, False),
        ("Who is my sister Emma?", None, False),  # named: no holder to choose
    ],
)
def test_which_holder_of_a_tie_is_asked(query: str, topic: str | None, former: bool) -> None:
    found = detect(query)
    assert found.type == "entity_summary"
    assert (found.topic, found.former) == (topic, former)


# --- relationships -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "entities", "includes_user", "people_only"),
    [
        ("who knows Marcus", ("Marcus",), False, True),
        ("How is Sarah connected to Acme?", ("Sarah", "Acme"), False, False),
        ("relationship between Tom and Emma", ("Tom", "Emma"), False, False),
        ("How are Tom and Emma related?", ("Tom", "Emma"), False, False),
        ("how do I know Priya", ("Priya",), True, False),
        ("what's my relationship with Marcus", ("Marcus",), True, False),
    ],
)
def test_relationship_query(
    query: str, entities: tuple[str, ...], includes_user: bool, people_only: bool
) -> None:
    found = detect(query)
    assert found.type == "relationship_query"
    assert found.entities == entities
    assert (found.includes_user, found.people_only) == (includes_user, people_only)


def test_who_knows_about_something_is_not_a_relationship_query() -> None:
    assert detect_special_query("Who knows about Caroline's adoption plans?", NOW) is None


# --- temporal ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "start", "end", "topic"),
    [
        ("what happened last week", at(2026, 3, 9), at(2026, 3, 16), None),  # Monday to Monday
        ("anything from last week?", at(2026, 3, 9), at(2026, 3, 16), None),
        ("What did I do yesterday?", at(2026, 3, 17), at(2026, 3, 18), None),
        ("anything from March", at(2026, 3, 1), at(2026, 4, 1), None),
        ("what happened in december", at(2025, 12, 1), at(2026, 1, 1), None),  # the last December
        ("what did I note in Q1", at(2026, 1, 1), at(2026, 4, 1), None),
        ("what did I write in Q4", at(2025, 10, 1), at(2026, 1, 1), None),  # Q4 2026 has not started
        ("show me my notes from last month", at(2026, 2, 1), at(2026, 3, 1), None),
        ("What happened over the past 3 days?", NOW - timedelta(days=3), NOW, None),
        ("anything since January", at(2026, 1, 1), NOW, None),
        ("what did I eat last week", at(2026, 3, 9), at(2026, 3, 16), "eat"),
        ("what happened recently", NOW - timedelta(days=RECENT_DAYS), NOW, None),
        ("what have I been up to lately", NOW - timedelta(days=RECENT_DAYS), NOW, None),
    ],
)
def test_temporal(query: str, start: datetime, end: datetime, topic: str | None) -> None:
    found = detect(query)
    assert found.type == "temporal"
    assert found.timeframe is not None
    assert (found.timeframe.start, found.timeframe.end) == (start, end)
    assert found.topic == topic


@pytest.mark.parametrize(
    ("query", "start", "end", "label"),
    [
        ("what happened between April and June 2024?", datetime(2024, 4, 1, tzinfo=UTC),
         datetime(2024, 7, 1, tzinfo=UTC), "April 2024 to June 2024"),
        ("what went on between November 2023 and February 2024?", datetime(2023, 11, 1, tzinfo=UTC),
         datetime(2024, 3, 1, tzinfo=UTC), "November 2023 to February 2024"),
    ],
)  # fmt: skip
def test_a_range_says_its_year_once_for_both_ends(query: str, start: datetime, end: datetime, label: str):
    timeframe = detect(query).timeframe
    assert timeframe is not None
    assert (timeframe.start, timeframe.end, timeframe.label) == (start, end, label)


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # asked what is arranged, a month is the coming one (asked on 18 March 2026)
        ("What am I doing over December and January?", at(2026, 12, 1), at(2027, 2, 1)),
        ("what have I got on in January", at(2027, 1, 1), at(2027, 2, 1)),
        ("What's on in May?", at(2026, 5, 1), at(2026, 6, 1)),
        ("What am I doing in March?", at(2026, 3, 1), at(2026, 4, 1)),  # this month, not the next
        # asked what happened, the last one
        ("What did I do in December?", at(2025, 12, 1), at(2026, 1, 1)),
        ("What was I up to in May?", at(2025, 5, 1), at(2025, 6, 1)),
    ],
)
def test_a_month_asked_ahead_is_the_coming_one(query: str, start: datetime, end: datetime) -> None:
    found = resolve_timeframe(query, NOW)
    assert found is not None
    assert (found[0].start, found[0].end) == (start, end)


@pytest.mark.parametrize(
    ("query", "habit"),
    [("What do I do at the weekend?", True), ("What do we usually do on Sundays?", True),
     ("What do I do this weekend?", False), ("What did I do at the weekend?", False),
     ("What do I do on 3 December?", False), ("What do I do in March?", False)],
)  # fmt: skip
def test_a_period_that_comes_round_asked_in_the_present_is_a_habit(query: str, habit: bool) -> None:
    found = detect_special_query(query, NOW)
    assert (found is None or found.type != "temporal") is habit, found


def test_temporal_labels_name_the_period() -> None:
    labels = {}
    for query in ("what happened last week", "what did I note in Q1", "what happened recently"):
        timeframe = detect(query).timeframe
        assert timeframe is not None
        labels[query] = (timeframe.label, timeframe.vague)
    assert labels == {
        "what happened last week": ("week of 9 March 2026", False),
        "what did I note in Q1": ("Q1 2026", False),
        "what happened recently": (f"recently (last {RECENT_DAYS} days)", True),
    }


# --- historical --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "where did I use to live",
        "What was my old job?",
        "where did I work before",
        "what did I do previously",
        "my former apartment",
        "what did I eat in the past",
    ],
)
def test_historical(query: str) -> None:
    assert detect(query).type == "historical"


# --- negation ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "positive", "excluded"),
    [
        ("restaurants except Italian", "restaurants", ("italian",)),
        ("hobbies other than running", "hobbies", ("running",)),
        ("friends but not from work", "friends", ("work",)),
        ("anything without meetings", "anything", ("meetings",)),
        ("Restaurants other than Italian ones", "Restaurants", ("italian",)),
        ("everything except work and the gym", "everything", ("work", "gym")),
    ],
)
def test_negation(query: str, positive: str, excluded: tuple[str, ...]) -> None:
    found = detect(query)
    assert found.type == "negation"
    assert found.positive == positive and found.excluded == excluded


def test_excluded_terms_match_whole_words_in_either_number() -> None:
    pattern = excluded_pattern(("meetings", "italian"))
    assert pattern.search("I have a meeting on Monday")
    assert pattern.search("Two MEETINGS today")
    assert pattern.search("Luigi's is my favourite Italian restaurant")
    assert not pattern.search("I met Marcus at the meetup")
    assert not pattern.search("Italianate architecture")


# --- sentiment trend ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "entities", "topic"),
    [
        ("how do I feel about my job lately", ("job",), "job"),
        ("How has my mood about Marcus changed?", ("Marcus",), "Marcus"),
        ("am I happier with work", ("work",), "work"),
        ("how do I feel about Marcus", ("Marcus",), "Marcus"),
        ("how has my mood been lately", (), None),
        ("How have I been feeling lately?", (), None),  # the user's own mood, said as a feeling
        ("How am I feeling these days?", (), None),
    ],
)
def test_sentiment_trend(query: str, entities: tuple[str, ...], topic: str | None) -> None:
    found = detect(query)
    assert found.type == "sentiment_trend"
    assert found.entities == entities and found.topic == topic


def test_trend_compares_the_recent_window_with_the_one_before() -> None:
    points = [
        (NOW - timedelta(days=20), 0.8),
        (NOW - timedelta(days=16), 0.6),
        (NOW - timedelta(days=2), -0.4),
    ]
    trend = sentiment_trend(points, NOW)
    assert trend["trend"] == "declining" and trend["basis"].startswith("last 14 days")
    assert trend["recent_average"] == -0.4 and trend["previous_average"] == 0.7


def test_trend_of_sparse_readings_compares_halves_and_needs_two() -> None:
    old = [(at(2025, 1, 1), -0.5), (at(2025, 2, 1), -0.3), (at(2025, 6, 1), 0.4), (at(2025, 7, 1), 0.6)]
    assert sentiment_trend(old, NOW)["trend"] == "improving"
    steady = [(at(2025, 1, 1), 0.5), (at(2025, 2, 1), 0.55)]
    assert sentiment_trend(steady, NOW)["trend"] == "stable"  # +0.05 is inside the 0.1 band
    assert sentiment_trend([(at(2025, 1, 1), 0.5)], NOW)["trend"] == "unknown"
    assert sentiment_trend([], NOW)["trend"] == "unknown" and sentiment_trend([], NOW)["average"] is None


# --- decisions and goals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "topic", "filtered"),
    [
        ("what decisions have I made", None, False),
        ("What did I decide about the trip?", "trip", False),
        ("choices I made recently", None, False),
        ("what did I decide last week", None, True),
        ("what was my decision on the new apartment", "new apartment", False),
        ("show me my recent decisions", None, False),
    ],
)
def test_decisions(query: str, topic: str | None, filtered: bool) -> None:
    found = detect(query)
    assert found.type == "decisions" and found.topic == topic
    assert (found.timeframe is not None and not found.timeframe.vague) is filtered


@pytest.mark.parametrize(
    "query",
    [
        "what are my goals",
        "What am I working towards?",
        "what did I want to achieve",
        "Have I achieved my fitness goals?",
        "what do you know about my goals",
    ],
)
def test_goals(query: str) -> None:
    assert detect(query).type == "goals"


# --- offline summaries -------------------------------------------------------------------------------


def test_memories_are_retold_in_the_second_person() -> None:
    assert second_person("I live in Seattle") == "You live in Seattle."
    assert second_person("My sister Emma teaches chemistry") == "Your sister Emma teaches chemistry."
    assert second_person("I'm training for a marathon, it keeps me going!") == (
        "You're training for a marathon, it keeps you going!"
    )
    assert second_person("Marcus joined Notion") == "Marcus joined Notion."
    assert second_person("Had a great lunch with Marcus") == "You had a great lunch with Marcus."


def test_goals_are_listed_by_what_they_aim_at() -> None:
    assert goal_clause("My goal is to run a marathon this year (2026)") == "run a marathon this year (2026)"
    assert goal_clause("I want to learn Spanish") == "learn Spanish"
    assert goal_clause("Save for a house") == "Save for a house"
