"""A question that names a period ("where was I in March?", "what was going on with Rafa in the summer
of 2023?") is answered by what happened or was told then, whether or not the memory says the date, and
by what was in force then even if it has expired since. A question about what happened, at no named
time ("where did I do fieldwork?"), sees what has expired too; one about now does not."""

from __future__ import annotations

from typing import Any

from tests.scenarios.conftest import Engram


def _search(engram: Engram, query: str) -> list[dict[str, Any]]:
    body = {"query": query, "explain": True, "special": False}
    response = engram.api.post("/v1/search", body, user=engram.user)
    assert response.status == 200, response.body
    return response.body["results"]


def _life(engram: Engram) -> None:
    engram.note(
        "Fieldwork on Maria Island for two weeks, counting urchins on the reef.", when="2026-03-08T09:00:00Z"
    )
    engram.note("Started a pottery class with Ines on Tuesday evenings.", when="2026-05-12T09:00:00Z")
    engram.note("Rafa got his driving licence.", when="2023-07-20T09:00:00Z")
    engram.note("Rafa started at the robotics club.", when="2024-01-15T09:00:00Z")
    engram.note("I was in Lisbon for a conference.", when="2025-10-02T09:00:00Z")


def test_where_was_i_is_answered_by_what_happened_then_though_it_has_expired(engram: Engram):
    _life(engram)
    results = _search(engram, "Where was I in March 2026?")
    assert results and "Maria Island" in results[0]["content"], [r["content"] for r in results]
    assert "period" in results[0]["explain"]["signals"]


def test_a_named_period_ranks_its_own_memories_of_a_person_first(engram: Engram):
    _life(engram)
    results = _search(engram, "What was going on with Rafa in the summer of 2023?")
    assert results and "driving licence" in results[0]["content"], [r["content"] for r in results]


def test_a_question_about_what_happened_finds_what_has_expired_since(engram: Engram):
    _life(engram)
    results = _search(engram, "Where did I do fieldwork?")
    assert results and "Maria Island" in results[0]["content"], [r["content"] for r in results]


def test_a_question_about_now_leaves_what_has_expired_out(engram: Engram):
    _life(engram)
    results = _search(engram, "Where am I doing fieldwork?")
    assert all("Maria Island" not in r["content"] for r in results), [r["content"] for r in results]


def test_a_holiday_is_dated_to_its_day_and_a_question_about_the_day_finds_it(engram: Engram):
    engram.note("Christmas at my brother's in Galway, the whole family comes.", when="2025-12-20T09:00:00Z")
    engram.note("Dinner with Ines in town, the new tapas place.", when="2025-12-23T09:00:00Z")
    engram.note("Bought new walking boots in the sales.", when="2025-12-28T09:00:00Z")
    results = _search(engram, "What was I doing on 25 December 2025?")
    assert results and "Galway" in results[0]["content"], [r["content"] for r in results]
    assert "period" in results[0]["explain"]["signals"]


def test_asked_whom_the_user_saw_in_a_period_the_memories_that_name_someone_answer(engram: Engram):
    # Given a week in which the user saw a friend once, and did things alone
    engram.note("Went to the cinema with Jess, saw Wicked", when="2026-02-10T09:00:00Z")
    engram.note("Gym session, legs day", when="2026-02-11T09:00:00Z")
    engram.note("Ran 10k along the river in 55 minutes", when="2026-02-12T09:00:00Z")
    engram.note("Dinner with Sam at the Thai place", when="2026-05-02T09:00:00Z")
    # When asked whom they saw in that month, through the default search (special queries allowed)
    response = engram.api.post("/v1/search", {"query": "Who did I see in February 2026?"}, user=engram.user)
    assert response.status == 200, response.body
    found = [r["content"] for r in response.body["results"]]
    # Then the friend seen then comes first; the evening with Sam was another month
    assert found and "Jess" in found[0], found
    assert not any("Sam" in text for text in found), found
