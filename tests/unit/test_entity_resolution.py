"""Which node a name refers to: exact names and aliases, close spellings, incompatible ties."""

from __future__ import annotations

import uuid

from engram.graph.resolution import choose, ties_compatible


def _node(
    canonical: str, *, exact: bool, relationship: str | None = None, entity_type: str = "person"
) -> dict:
    return {
        "id": uuid.uuid4(),
        "canonical_name": canonical,
        "relationship": relationship,
        "entity_type": entity_type,
        "exact": exact,
    }


def test_the_same_name_is_the_same_node():
    sarah = _node("sarah", exact=True, relationship="friend")
    assert choose("sarah", "person", None, [sarah]).entity_id == sarah["id"]
    assert choose("sarah", "person", "friend", [sarah]).entity_id == sarah["id"]


def test_the_same_name_with_an_incompatible_tie_is_another_person():
    sister = _node("sarah", exact=True, relationship="sister")
    choice = choose("sarah", "person", "coworker", [sister])
    assert choice.entity_id is None
    assert choice.canonical == "sarah (coworker)" and choice.alias == "sarah"


def test_among_namesakes_the_one_with_the_same_tie_wins():
    sister = _node("sarah", exact=True, relationship="sister")
    coworker = _node("sarah (coworker)", exact=True, relationship="coworker")
    assert choose("sarah", "person", "coworker", [sister, coworker]).entity_id == coworker["id"]
    assert choose("sarah", "person", None, [sister, coworker]).entity_id == sister["id"]  # most mentioned


def test_another_spelling_of_the_same_thing_is_the_same_node_and_remembered_as_an_alias():
    jose = _node("jose ramirez", exact=False)
    choice = choose("jose-ramirez", "person", None, [jose])
    assert choice.entity_id == jose["id"] and choice.alias == "jose-ramirez"


def test_a_given_name_alone_is_the_one_full_name_it_starts():
    chen = _node("sarah chen", exact=False)
    assert choose("sarah", "person", None, [chen]).entity_id == chen["id"]
    jones = _node("sarah jones", exact=False)
    assert choose("sarah", "person", None, [chen, jones]).entity_id is None  # which Sarah? not a guess


def test_a_nickname_the_node_has_learned_resolves():
    robert = _node("robert", exact=False) | {"aliases": ["bob"]}
    assert choose("bob kowalski", "person", None, [robert]).entity_id == robert["id"]


def test_short_or_different_names_are_never_merged_by_spelling():
    assert choose("ali", "person", None, [_node("al", exact=False)]).entity_id is None
    assert choose("mike", "person", None, [_node("michael", exact=False)]).entity_id is None
    assert choose("dana", "person", None, [_node("diana", exact=False)]).entity_id is None
    assert choose("danielle", "person", None, [_node("daniel", exact=False)]).entity_id is None
    assert choose("markus", "person", None, [_node("marcus", exact=False)]).entity_id is None  # two names
    assert choose("christina", "person", None, [_node("christian", exact=False)]).entity_id is None
    assert choose("project 2", "project", None, [_node("project 1", exact=False)]).entity_id is None


def test_an_organisation_typo_is_the_same_organisation():
    acme = _node("anthropic", exact=False, entity_type="organization")
    assert choose("antrhopic", "organization", None, [acme]).entity_id == acme["id"]


def test_an_organisation_is_not_a_place_of_the_same_name():
    place = _node("jordan", exact=True, entity_type="place")
    assert choose("jordan", "organization", None, [place]).entity_id is None


def test_ties_that_one_person_can_hold_together():
    assert ties_compatible("friend", "coworker")
    assert ties_compatible(None, "sister")
    assert ties_compatible("girlfriend", "partner")
    assert not ties_compatible("sister", "coworker")
    assert not ties_compatible("sister", "mother")
    assert not ties_compatible("wife", "sister")
