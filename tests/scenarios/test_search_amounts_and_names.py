"""Asked how much something cost, what someone is called, which kind of thing, where, what is not done,
when something is to happen or about whose thing, search answers with a memory that states it, and with
nothing when it was never told: the memory about the thing itself (or another's) is not the answer."""

from __future__ import annotations

from tests.scenarios.conftest import Engram


def _search(engram: Engram, query: str) -> list[str]:
    response = engram.api.post("/v1/search", {"query": query, "special": False}, user=engram.user)
    assert response.status == 200, response.body
    return [r["content"] for r in response.body["results"]]


def _explained(engram: Engram, query: str) -> list[dict]:
    """Every result, whatever its relevance, with `explain`."""
    body = {"query": query, "special": False, "threshold": 0, "explain": True}
    response = engram.api.post("/v1/search", body, user=engram.user)
    assert response.status == 200, response.body
    return response.body["results"]


def _evidence(results: list[dict], key: str) -> dict[str, object]:
    """Each explained result's content -> one field of its relevance evidence."""
    return {r["content"]: r["explain"]["evidence"][key] for r in results}


def _flagged(results: list[dict], key: str, answer: str) -> tuple[list[object], list[object]]:
    """One evidence flag of the results that hold `answer` and, sorted, of the others."""
    flags = _evidence(results, key)
    return [f for c, f in flags.items() if answer in c], sorted(
        f for c, f in flags.items() if answer not in c
    )


def test_no_amount_told_means_no_answer_then_the_amount_answers(engram: Engram):
    engram.note("Bought a small house in Kearny, two streets from my cousin Lurdes.")
    engram.note("Got the job at the hospital, nights to start with.")
    assert _search(engram, "How much did the Kearny house cost?") == []
    assert _search(engram, "How much does the hospital pay me?") == []
    engram.note("We paid 310 thousand dollars for the Kearny house in the end.")
    results = _search(engram, "How much did the Kearny house cost?")
    assert results and "310" in results[0], results


def test_a_figure_said_of_what_is_paid_is_an_amount(engram: Engram):
    engram.note("Moved into the flat on Quay Street, two bedrooms above a bakery.")
    engram.note("The landlady clarified the rent is 7,000 with water included.")  # money: private
    found = {}
    for query in ("How much is the rent?", "How much did the flat on Quay Street cost?"):
        body = {"query": query, "special": False, "sensitivity_max": "private"}
        response = engram.api.post("/v1/search", body, user=engram.user)
        assert response.status == 200, response.body
        found[query] = [r["content"] for r in response.body["results"]]
    assert "7,000" in found["How much is the rent?"][0], found
    assert found["How much did the flat on Quay Street cost?"] == [], found  # its price was never told


def test_a_question_that_asks_no_amount_still_finds_the_thing(engram: Engram):
    engram.note("Bought a small house in Kearny, two streets from my cousin Lurdes.")
    results = _search(engram, "Where did I buy a house?")
    assert results and "Kearny" in results[0], results


def test_a_date_is_no_amount_and_a_rate_is_one(engram: Engram):
    engram.note("Flying to Melbourne on 4 December for Christmas with Fiona.")
    engram.note("Tutoring maths online for LearnLoop, R180 an hour.")
    engram.note("Found an apartment in Passi, 2BR near the market, 6,500/mo.")
    results = _explained(engram, "How much do I pay or earn?")
    untold = _evidence(results, "amount_untold")
    assert [u for c, u in untold.items() if "Melbourne" in c] == [True], untold  # "4 December" is a date
    assert [u for c, u in untold.items() if "R180" in c] == [False], untold
    assert [u for c, u in untold.items() if "6,500/mo" in c] == [False], untold


def test_a_how_much_that_names_no_money_is_answered_by_a_measure(engram: Engram):
    engram.note("Darren and Kirsty had a boy this morning, Lachlan, 3.6 kilos.")
    engram.note("First honey! 14 kg from two hives, linden and sunflower.")
    results = _explained(engram, "How much did the bees give me this summer?")
    untold = _evidence(results, "amount_untold")
    assert [u for c, u in untold.items() if "14 kg" in c] == [False], untold
    weighed = _evidence(_explained(engram, "How much did Lachlan weigh?"), "amount_untold")
    assert [u for c, u in weighed.items() if "3.6 kilos" in c] == [False], weighed
    # asked money, a measure is no amount
    paid = _evidence(_explained(engram, "How much did I pay for the honey?"), "amount_untold")
    assert [u for c, u in paid.items() if "14 kg" in c] == [True], paid


def test_asked_a_name_a_memory_that_names_no_one_is_no_answer(engram: Engram):
    engram.note("Mpho says the landlord wants to put the rent up R400 from June.")
    assert _search(engram, "What's the landlord's name?") == []
    engram.note("Our landlord, Mr Byrne, came round about the damp.")
    results = _search(engram, "What's the landlord's name?")
    assert results and "Byrne" in results[0], results


def test_a_kind_of_thing_never_named_means_no_answer_and_an_instance_still_answers(engram: Engram):
    engram.note("Flying to Melbourne 4-18 December for Christmas with Fiona's lot.")
    engram.note("Fiona wants to fly over at Easter with the grandkids.")
    assert _search(engram, "Which airline am I flying to Melbourne on?") == []
    results = _explained(engram, "Which airline am I flying to Melbourne on?")
    assert results and all(r["explain"]["evidence"]["focus_untold"] for r in results)
    assert "Melbourne 4-18" in results[0]["content"]  # the order is the one it had
    engram.note("Booked the Melbourne flights with Qantas airline, window seats.")
    results = _search(engram, "Which airline am I flying to Melbourne on?")
    assert results and "Qantas" in results[0], results


def test_a_kind_misspelt_in_the_question_is_still_told(engram: Engram):
    engram.note("Birthday dinner at Saigon Corner, the Vietnamese restaurant on George St.")
    engram.note("Booked the dentist for my birthday week.")
    results = _search(engram, "Which resturant did we go to for my birthday?")
    assert any("Saigon" in r for r in results), results  # not emptied as a kind never told


def test_the_kind_a_memory_stands_for_answers(engram: Engram):
    engram.note("Finally sold the old Toyota Corolla to a student from Mosgiel.")
    results = _search(engram, "What car did I sell?")
    assert results and "Corolla" in results[0], results


def test_asked_where_the_memory_that_names_a_place_comes_first(engram: Engram):
    engram.note("Finished the pottery course at last, I loved every single class of it.")
    engram.note("The pottery course is on Tuesday evenings at the Leith community centre.")
    engram.note("Started a pottery course with my sister, the teacher is brilliant.")
    results = _explained(engram, "Where did I do my pottery course?")
    assert results and "Leith" in results[0]["content"], [r["content"] for r in results]
    untold = _evidence(results, "place_untold")
    assert [u for c, u in untold.items() if "Leith" in c] == [False], untold
    assert [u for c, u in untold.items() if "pottery" in c and "Leith" not in c] == [True, True], untold


def test_asked_what_is_not_done_the_memory_that_says_so_comes_first(engram: Engram):
    engram.note("We won the pub quiz on Thursday and had a drink to celebrate.")
    engram.note("Sunday drinks with the neighbours at the Crown, as every week.")
    engram.note("I drink my coffee black, never with sugar.")
    results = _explained(engram, "What won't I drink?")
    assert results and "never" in results[0]["content"], [r["content"] for r in results]
    assert _flagged(results, "refusal_untold", "never") == ([False], [True, True])


def test_asked_what_someone_likes_the_memory_that_says_a_liking_comes_first(engram: Engram):
    engram.note("Had a coffee with Vesela after choir at the cafe by the stadium.")
    engram.note("Bought a new coffee grinder at the market on Saturday.")
    engram.note("Coffee Turkish style for me, medium sweet, never with milk.")
    results = _explained(engram, "How do I take my coffee?")
    assert results and "Turkish" in results[0]["content"], [r["content"] for r in results]
    liking, others = _flagged(results, "taste_untold", "Turkish")
    assert liking == [False] and len(others) >= 2 and all(others), (liking, others)


def test_asked_how_old_someone_is_the_memory_that_says_an_age_comes_first(engram: Engram):
    engram.note("Papa is my father, he still lives in Enugu.")
    engram.note("Called Papa, he sounds tired but cheerful.")
    engram.note("Papa turns 78 in March, planning a party for him.")
    results = _explained(engram, "How old is my father?")
    assert results and "78" in results[0]["content"], [r["content"] for r in results]
    age, others = _flagged(results, "age_untold", "78")
    assert age == [False] and others and all(others), (age, others)


def test_asked_when_something_is_to_happen_a_memory_that_says_no_time_answers_less(engram: Engram):
    engram.note("My dentist appointment went badly, the dentist says I need a filling.")
    engram.note("Booked another dentist appointment, Thursday at 3pm.")
    engram.note("The dentist appointment letter says to bring my insurance card.")
    results = _explained(engram, "When is my next dentist appointment?")
    relevance = {r["content"]: r["relevance"] for r in results}
    (booked,) = [v for c, v in relevance.items() if "3pm" in c]
    assert all(v < booked for c, v in relevance.items() if "3pm" not in c), relevance
    assert _flagged(results, "time_untold", "3pm") == ([False], [True, True])


def test_asked_about_someones_thing_a_memory_of_anothers_answers_less(engram: Engram):
    engram.note("Kasia's car is a red Skoda Fabia, the car is her pride and joy.")
    engram.note("My Toyota Corolla is twelve years old and still runs well.")
    engram.note("Took my girlfriend Ama to the Lowry for her birthday.")
    engram.note("I share a flat with Declan, who is a tattoo artist.")
    results = _explained(engram, "What kind of car is my car?")
    assert "Toyota" in results[0]["content"], [r["content"] for r in results]
    assert _flagged(results, "other_owner", "Skoda") == ([True], [False] * (len(results) - 1))
    # Declan is known, his girlfriend never was: the user's girlfriend is no answer
    assert _search(engram, "What is Declan's girlfriend called?") == []
    assert any("Ama" in c for c in _search(engram, "What is my girlfriend called?"))


def test_asked_about_the_users_job_anothers_job_answers_less(engram: Engram):
    engram.note("My sister Dana lives in Porto and works as a vet.")
    engram.note("Tom just got a job at Google.")
    engram.note("I work nights at the Tesco depot.")
    results = _explained(engram, "Where do I work?")
    assert "Tesco" in results[0]["content"], [r["content"] for r in results]
    for question in ("Where do I work?", "What's my job?"):
        flagged = _evidence(_explained(engram, question), "other_owner")
        assert sorted(f for c, f in flagged.items() if "vet" in c or "Google" in c) == [True, True], flagged
        assert not any(f for c, f in flagged.items() if "Tesco" in c), flagged


def test_asked_what_the_user_does_someone_else_doing_it_answers_less(engram: Engram):
    engram.note("Zainab runs the bakery stall next to my truck at the market.")
    engram.note("I launched my food truck, Smoke and Pepper, selling jollof wraps.")
    results = _explained(engram, "What business do I run now?")
    assert _flagged(results, "other_owner", "runs the bakery") == ([True], [False] * (len(results) - 1))
    results = _explained(engram, "What business does Zainab run?")  # asked of her, she answers
    assert not any(_evidence(results, "other_owner").values())
