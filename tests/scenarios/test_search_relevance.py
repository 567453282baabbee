"""Scores that mean something: `relevance` says how well a memory answers the query whatever the other
candidates are, and the default threshold keeps "no results" meaning "nothing known answers it"."""

from __future__ import annotations

from typing import Any

from tests.scenarios.conftest import Engram

LIFE = [
    "I work at Halcyon Labs as a data analyst.",
    "Priya just got engaged to Tom!",
    "My sister Dana lives in Porto.",
    "I have been vegetarian since 2019.",
    "Went climbing with Sam at the bouldering gym.",
    "I am allergic to penicillin.",
    "We are planning a trip to Kyoto in October.",
]


def _search(engram: Engram, query: str, **extra: Any) -> list[dict[str, Any]]:
    response = engram.api.post("/v1/search", {"query": query, "explain": True} | extra, user=engram.user)
    assert response.status == 200, response.body
    return response.body["results"]


def test_the_answer_comes_first_and_unrelated_memories_score_low(engram: Engram):
    for note in LIFE:
        engram.note(note)
    [first, *rest] = _search(engram, "Where do I work?", threshold=0)
    assert "Halcyon" in first["content"] and first["relevance"] >= 0.5
    engaged = [r for r in rest if "engaged" in r["content"]]
    assert all(r["relevance"] < 0.3 for r in engaged)
    assert set(first["explain"]["evidence"]) == {
        "words",
        "meaning",
        "slot",
        "told",
        "slot_share",
        "named",
        "names",
        "amount_untold",
        "name_untold",
        "focus_untold",
        "place_untold",
        "refusal_untold",
        "time_untold",
        "taste_untold",
        "age_untold",
        "company_untold",
        "other_owner",
    }


def test_nothing_known_means_no_results_at_the_default_threshold(engram: Engram):
    for note in LIFE:
        engram.note(note)
    assert _search(engram, "What is the name of my dog?") == []
    assert _search(engram, "Which piano teacher did I hire?") == []
    kept = _search(engram, "What is my sister's city?")
    assert any("Porto" in r["content"] for r in kept[:2])


def test_relevance_does_not_depend_on_what_else_was_found(engram: Engram):
    engram.note("I work at Halcyon Labs as a data analyst.")
    alone = _search(engram, "Where do I work?")[0]["relevance"]
    for note in LIFE[1:]:
        engram.note(note)
    crowded = [r for r in _search(engram, "Where do I work?") if "Halcyon" in r["content"]][0]["relevance"]
    assert abs(alone - crowded) < 0.15  # only the words' rarity moves with the corpus


def test_what_someone_said_is_answered_by_what_they_said(engram: Engram):
    engram.note("My wife Saskia is an architect, she works at a firm in Delft.")
    engram.note(
        "Saskia said the library project is running three months late and the client keeps changing it."
    )
    engram.note("The vet told me Pretzel has to rest his leg for six weeks.")
    engram.note("Pretzel had his leg operated on at the animal hospital.")
    [first, *_] = _search(engram, "What did Saskia say about her work?", threshold=0)
    assert "library project" in first["content"] and first["explain"]["evidence"]["told"]
    [first, *_] = _search(engram, "What was the vet's advice about Pretzel's leg?", threshold=0)
    assert "six weeks" in first["content"]
    # Told by someone the question does not name: anyone's reported words answer it.
    engram.note("Pulled a muscle in my lower back lifting the wardrobe.")
    engram.note("My back has been stiff every morning this week.")
    engram.note("The physio says I should swim twice a week for my back and stop lifting anything heavy.")
    [first, *_] = _search(engram, "What have I been advised to do about my back?", threshold=0)
    assert "swim" in first["content"] and first["explain"]["evidence"]["told"]
    # The user's own opinion is a preference, not someone's words.
    assert not any(r["explain"]["evidence"]["told"] for r in _search(engram, "What do I think of Delft?"))


def test_of_two_reports_by_the_asked_person_the_one_on_the_topic_comes_first(engram: Engram):
    engram.note("Kasia said the new school in Oranmore has a great hurling team.")
    engram.note("Kasia said moving to Galway is fine by her if the kids can start school in September.")
    engram.note("Kasia told me the boiler is making that noise again.")
    results = _search(engram, "What did Kasia say about moving to Galway?", threshold=0)
    reports = [r for r in results if r["explain"]["evidence"]["told"]]
    assert len(reports) == 3, [r["content"] for r in results]
    assert "Galway" in results[0]["content"]
    shares = [r["explain"]["evidence"]["slot_share"] for r in reports]
    assert shares[0] > max(shares[1:]) and reports[0]["relevance"] > reports[1]["relevance"] + 0.1
    # a report on another topic still answers better than a memory that reports nobody's words
    engram.note("The boiler was serviced in January.")
    assert "told me the boiler" in _search(engram, "What did Kasia say about the boiler?")[0]["content"]


def test_a_role_the_question_names_reaches_the_person_in_it(engram: Engram):
    engram.note("My physio is Marco, at the sports clinic on High Street.", when="2026-03-02T10:00:00Z")
    engram.note("Marco says two more weeks of bridges and isometrics.", when="2026-03-09T10:00:00Z")

    results = _search(engram, "What did my physio tell me to do?", threshold=0)
    marco = next(r for r in results if "bridges" in r["content"])
    assert marco["explain"]["signals"]["entity"]["rank"] is not None  # no word of the question in it
    toms = _search(engram, "What does Tom's physio say?", threshold=0)  # Tom's, not the user's
    assert all("entity" not in r["explain"]["signals"] for r in toms if "bridges" in r["content"])


def test_a_memory_about_the_person_in_the_role_asked_answers_without_the_roles_word(engram: Engram):
    engram.note("Physio: Marco at Northcote Sports Physio. Hamstring tear.", when="2026-03-02T10:00:00Z")
    engram.note("Hammy tight again, booked Marco for Wed 19 Nov", when="2026-11-10T10:00:00Z")
    engram.note("Ran the Yarra loop with Mati on Sunday", when="2026-11-11T10:00:00Z")

    booked = [r for r in _search(engram, "When am I next seeing the physio?") if "booked" in r["content"]]
    assert booked and booked[0]["relevance"] >= 0.3  # Marco is the physio: the booking holds the word
    assert booked[0]["explain"]["evidence"]["words"] > 0
    assert not [r for r in _search(engram, "When am I next seeing the physio?") if "Yarra" in r["content"]]


def test_asked_what_is_liked_a_dislike_does_not_answer(engram: Engram):
    for note in [*LIFE, "I really don't like mushrooms, the texture makes me gag",
                 "I love very spicy food, scotch bonnets in everything"]:  # fmt: skip
        engram.note(note)
    for query in ("What kind of food do I like?", "What food do I love?"):
        first, *rest = _search(engram, query, threshold=0)
        assert "spicy" in first["content"], query
        (dislike,) = [hit for hit in rest if "mushrooms" in hit["content"]]
        assert dislike["explain"]["evidence"]["taste_untold"], query
    # asked the dislike, it answers
    assert "mushrooms" in _search(engram, "What food don't I like?")[0]["content"]


def test_asked_which_one_of_a_kind_the_one_named_answers(engram: Engram):
    # "school" said outright names no school; "Scoil Mhuire" is one
    for note in [*LIFE, "Kasia will move but only if the kids can start the new school in September",
                 "Kids started at Scoil Mhuire in Oranmore"]:  # fmt: skip
        engram.note(note)
    first = _search(engram, "What school do the kids go to?", threshold=0)[0]
    assert "Scoil Mhuire" in first["content"]
