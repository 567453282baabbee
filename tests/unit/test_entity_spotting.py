"""Who is a person: the entity spotter's people become "someone I know" memories and graph nodes, so a
name taken for a person in error is a stranger the user never met (bench/bench_entities.py measures the
spotter on a labelled set of notes)."""

from __future__ import annotations

import pytest

from engram.language.text.entities import spot_entities


def kinds(text: str) -> dict[str, str]:
    return {e.name: e.entity_type for e in spot_entities(text)}


@pytest.mark.parametrize(
    "text",
    ["I launched my food truck, Smoke and Pepper, selling jollof.",
     "Drinks at the Crown and Anchor after work.",
     "We ordered from Salt & Ember again."],
)  # fmt: skip
def test_two_unlisted_names_joined_by_and_are_no_people(text: str) -> None:
    assert "person" not in kinds(text).values(), kinds(text)


@pytest.mark.parametrize(
    ("text", "people"),
    [("Invited Hannah, Yaw, Bea and Callum to the barbecue.", {"Hannah", "Yaw", "Bea", "Callum"}),
     ("Emailed Priya and Oisin about the rota.", {"Priya", "Oisin"}),
     ("Lunch with Zainab, Kwame and Ife on Friday.", {"Zainab", "Kwame", "Ife"})],
)  # fmt: skip
def test_names_listed_with_a_person_are_people(text: str, people: set[str]) -> None:
    assert {name for name, kind in kinds(text).items() if kind == "person"} == people


@pytest.mark.parametrize("text", ["Will you call Grace back later?", "Mark your calendar for the 12th."])
def test_a_given_name_that_opens_a_sentence_as_a_verb_is_no_one(text: str) -> None:
    assert not {"Will", "Mark"} & set(kinds(text)), kinds(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [("booked Marco Wed 19 Nov just in case", {"Marco"}),
     ("Coffee with Ana Sat 3pm", {"Ana"}),
     ("Flying to Lisbon Dec 4", {"Lisbon"}),
     ("Jan 5 is the deadline, Tues at the latest", set()),
     ("My cousin Jan is visiting", {"Jan"})],
)  # fmt: skip
def test_a_weekday_or_month_written_short_is_no_part_of_a_name(text: str, names: set[str]) -> None:
    assert set(kinds(text)) == names, kinds(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [("WE GOT IT, a townhouse in Killarney", {"Killarney"}),
     ("DID THE SUN RUN 10K", set()),
     ("DTP offer!! start in May", {"DTP"}),
     # one small word stressed in capitals is no name either
     ("Dev sits 2 desks away lol, flatmate AND coworker", set()),
     ("Order flowers to hers - ranunculus NOT roses", set())],
)  # fmt: skip
def test_a_sentence_in_capitals_names_nothing_by_its_capitals(text: str, names: set[str]) -> None:
    assert set(kinds(text)) == names, kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [("The head chef at Ember and Oak, Lorcan, shouts at everyone during service.", "Lorcan"),
     ("Our landlord, Byrne, raised the rent again.", "Byrne"),
     ("I met the new vet, Oluwaseun, today.", "Oluwaseun")],
)  # fmt: skip
def test_a_name_set_off_after_the_role_it_holds_is_a_person(text: str, person: str) -> None:
    assert {name for name, kind in kinds(text).items() if kind == "person"} == {person}, kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ella said her cat Mochi had kittens.",
        "Ella's cat Mochi had kittens!",
        "Tom's new puppy Mochi chewed a shoe.",
    ],
)
def test_someone_elses_pet_is_no_pet_of_the_users(text: str) -> None:
    (pet,) = [e for e in spot_entities(text) if e.name == "Mochi"]
    assert (pet.entity_type, pet.relationship) == ("pet", None)


@pytest.mark.parametrize(
    "text",
    ["Our dog Biscuit hates the rain.", "We have a dog named Biscuit.", "I've got a dog called Biscuit."],
)
def test_the_users_own_pet_keeps_its_kind(text: str) -> None:
    (pet,) = [e for e in spot_entities(text) if e.name == "Biscuit"]
    assert (pet.entity_type, pet.relationship) == ("pet", "dog")


def ties(text: str) -> dict[str, str | None]:
    return {e.name: e.relationship for e in spot_entities(text) if e.entity_type == "person"}


@pytest.mark.parametrize(
    ("text", "name", "tie"),
    [("Gunhild, my neighbour, brought soup", "Gunhild", "neighbor"),
     ("Had coffee with Priya, my old boss", "Priya", "boss"),
     ("Ana (my sister) is visiting next week", "Ana", "sister"),
     ("Ayo - my cousin - is staying with us", "Ayo", "cousin")],
)  # fmt: skip
def test_a_tie_set_off_after_a_name_relates_the_person(text: str, name: str, tie: str) -> None:
    assert ties(text).get(name) == tie, ties(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [("Ana, my sister's friend, called", "Ana"), ("Lunch with Tomás, Ana and my brother", "Ana"),
     ("My son's teacher Mrs Ode called", "Mrs Ode")],
)  # fmt: skip
def test_another_persons_tie_after_a_name_is_no_tie_to_the_user(text: str, name: str) -> None:
    assert ties(text).get(name) is None, ties(text)


@pytest.mark.parametrize(
    ("text", "ties"),
    [
        # a tie in the plural before a list is each listed name's
        (
            "Fiona flies over with the grandkids, Isla and Rory",
            {"Fiona": None, "Isla": "grandchild", "Rory": "grandchild"},
        ),
        ("Took the kids, Zosia and Kuba, to the beach", {"Zosia": "child", "Kuba": "child"}),
        ("Lunch with my sisters Ana and Eva", {"Ana": "sister", "Eva": "sister"}),
        # ... a tie in the singular only the first's; a word holding a tie word is none ("grandkids")
        ("Lunch with my sister Ana and Eva", {"Ana": "sister", "Eva": None}),
        ("Coffee with Priya and Dev", {"Priya": None, "Dev": None}),
    ],
)
def test_a_tie_said_before_a_list_of_people(text: str, ties: dict[str, str | None]) -> None:
    spotted = {e.name: e.relationship for e in spot_entities(text) if e.entity_type == "person"}
    assert spotted == ties


@pytest.mark.parametrize(
    ("text", "work"),
    [("Had a nice chat with a Harry Potter fan in California", "Harry Potter"),
     ("I'm a huge Taylor Swift fan", "Taylor Swift"),
     ("Went with Tom to a Coldplay concert", "Coldplay")],
)  # fmt: skip
def test_a_name_one_is_a_fan_of_is_a_work_not_someone_known(text: str, work: str) -> None:
    assert kinds(text)[work] != "person", kinds(text)


def test_someone_introduced_stays_a_person_before_a_noun_that_names_works() -> None:
    assert kinds("My friend Sarah books everything early")["Sarah"] == "person"


@pytest.mark.parametrize(
    ("text", "name"),
    [('Just finished "A Dance with Dragons", highly recommend it', "Dragons"),
     ('I\'m reading "Dune" by Frank Herbert', "Frank Herbert"),
     ("It's a fantasy novel by Patrick Rothfuss, you'd love it", "Patrick Rothfuss")],
)  # fmt: skip
def test_a_title_in_quotes_and_the_maker_of_a_work_are_no_one_known(text: str, name: str) -> None:
    assert kinds(text)[name] != "person", kinds(text)


def test_a_name_in_quoted_speech_is_still_a_person() -> None:
    assert kinds('My friend Sarah said "Tom is late again"')["Tom"] == "person"
