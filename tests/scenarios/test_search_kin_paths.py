"""Asked about someone by a path through others ("my sister's fiancée", "my son-in-law"), search finds who
that is in the user's graph and answers with the memories about that person, though they hold none of the
path's words; a path the graph does not hold is searched as it was asked."""

from __future__ import annotations

from tests.scenarios.conftest import Engram


def _first(engram: Engram, query: str) -> str | None:
    response = engram.api.post("/v1/search", {"query": query, "special": False}, user=engram.user)
    assert response.status == 200, response.body
    results = response.body["results"]
    return results[0]["content"] if results else None


def _ties_of(engram: Engram, name: str) -> set[tuple[str, str]]:
    """(relationship type, the other's name) of each current edge of the person called `name`."""
    response = engram.api.get(f"/v1/graph/neighbors?entity={name}", user=engram.user)
    assert response.status == 200, response.body
    names = {n["id"]: n["name"] for n in response.body["nodes"]}
    entity = response.body["entity"]["id"]
    return {
        (
            e["relationship_type"],
            names.get(e["to_entity_id"] if e["from_entity_id"] == entity else e["from_entity_id"]),
        )
        for e in response.body["edges"]
    }


def test_a_partner_of_the_users_sister_is_found_through_the_graph(engram: Engram):
    engram.note("My sister Leila got engaged to Saoirse last night, so happy for them")
    engram.note("Saoirse started at the Galway Arts Centre as a lighting designer")
    engram.note("I work nights at Harbourview Clinic")
    first = _first(engram, "Where does my sister's fiancée work?")
    assert first is not None and "Galway Arts Centre" in first, first


def test_someone_told_as_anothers_husband_is_the_son_in_law(engram: Engram):
    # Given a daughter, and her husband told only as hers, in passing
    engram.note("My daughter Elena rang from Munich with her husband Jonas and little Niki")
    engram.note("Jonas left BMW, now at Siemens Energy on gas turbines")
    engram.note("I retired from the railway depot in Plovdiv last spring")
    # Then the graph holds whose husband he is, and the son-in-law is asked about by his name
    assert ("married_to", "Jonas") in _ties_of(engram, "Elena")
    first = _first(engram, "What does my son-in-law do for work now?")
    assert first is not None and "Siemens" in first, first


def test_a_path_the_graph_does_not_hold_is_searched_as_asked(engram: Engram):
    engram.note("My brother Tomek's wife is a dentist in Gdansk")
    first = _first(engram, "What does my brother's wife do?")
    assert first is not None and "dentist" in first, first


def test_a_relatives_child_told_in_passing_is_the_nephew(engram: Engram):
    # Given a sister, and her son told only as hers
    engram.note("My sister Ana came over with her son Leo for Sunday lunch")
    engram.note("Leo started school at St Brigid's today, very proud")
    engram.note("The school run took an hour in the rain")
    # Then whose son he is is in the graph, and the nephew is asked about by his name: the memory about
    # Leo comes before the one that only shares the question's word
    assert ("son", "Leo") in _ties_of(engram, "Ana")
    body = {"query": "Which school does my nephew go to?", "special": False, "threshold": 0}
    response = engram.api.post("/v1/search", body, user=engram.user)
    assert response.status == 200, response.body
    found = [r["content"] for r in response.body["results"]]
    leo = next(i for i, text in enumerate(found) if "St Brigid" in text)
    run = next(i for i, text in enumerate(found) if "school run" in text)
    assert leo < run, found


def test_a_path_is_walked_in_the_asking_users_graph_only(engram: Engram):
    # Given one user whose sister's fiancée is told
    engram.note("My sister Leila got engaged to Saoirse last night, so happy for them")
    engram.note("Saoirse started at the Galway Arts Centre as a lighting designer")
    # Then another user asking the same path finds nothing of theirs
    other = Engram(engram.api, f"{engram.user}-other")
    other.note("I work nights at Harbourview Clinic")
    body = {"query": "Where does my sister's fiancée work?", "special": False, "threshold": 0}
    response = other.api.post("/v1/search", body, user=other.user)
    assert response.status == 200, response.body
    assert all("Saoirse" not in r["content"] for r in response.body["results"]), response.body["results"]


def test_the_users_own_partner_is_asked_about_by_name_with_the_tie(engram: Engram):
    # Given a boyfriend told by name, his job told in a memory of its own
    engram.note("Started seeing a guy called Ben, he's a carpenter")
    engram.note("I work as a barista at Seven Seeds while I study psychology")
    engram.note("Ben and I went camping at Wilsons Prom")
    # Then what he does is his job, not who he is to the user nor the user's own job
    for question in ("What does my boyfriend do for a living?", "Where does my boyfriend work?"):
        first = _first(engram, question)
        assert first is not None and "carpenter" in first, (question, first)
    # and who he is stays the tie itself
    response = engram.api.post("/v1/search", {"query": "Who is my boyfriend?"}, user=engram.user)
    assert response.status == 200, response.body
    assert any("Ben" in r["content"] for r in response.body["results"][:3]), response.body["results"]


def test_asked_the_name_at_the_end_of_a_path_the_memories_that_say_who_it_is_answer(engram: Engram):
    engram.note("My sister Hannah got married to Tom in Byron Bay")
    engram.note("Hannah is pregnant, due in June")
    engram.note("Ran 10k along the Yarra in 55 minutes")
    for question in ("What is my brother-in-law's name?", "What's my sister's husband called?"):
        first = _first(engram, question)  # at the default threshold: not empty for a name the user told
        assert first is not None and "Tom" in first, (question, first)
