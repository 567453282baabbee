"""Names through the HTTP API: numbered things stay apart, near names stay apart, and a name correction
reaches every memory that used the old spelling (a new version each), the node (the old spelling an
alias), search and the entity's own reads."""

from __future__ import annotations

from typing import Any

from tests.scenarios.conftest import Engram


def _entities(engram: Engram, **params: Any) -> list[dict]:
    items, cursor = [], None
    while True:
        query = "&".join(f"{k}={v}" for k, v in ({"limit": 100} | params).items())
        response = engram.api.get(
            f"/v1/entities?{query}" + (f"&cursor={cursor}" if cursor else ""), user=engram.user
        )
        assert response.status == 200, response.body
        items += response.body["items"]
        cursor = response.body["next_cursor"]
        if not cursor:
            return items


def _versions(db: Any, user_id: str, memory_id: str) -> list[dict]:
    with db.user_transaction(user_id) as conn:
        return conn.execute(
            "SELECT version, content, operation FROM memory_versions WHERE memory_id = %s ORDER BY version",
            (memory_id,),
        ).fetchall()


def test_importing_two_hundred_numbered_entities_creates_two_hundred(engram: Engram):
    people = [{"name": f"Person {i}", "type": "person"} for i in range(200)]
    response = engram.api.post("/v1/import", {"entities": people}, user=engram.user)
    assert response.status == 200, response.body
    assert response.body["entities"]["created"] == 200
    names = sorted(e["name"] for e in _entities(engram, kind="person"))
    assert names == sorted(p["name"] for p in people)


def test_notes_about_project_1_and_project_2_make_two_nodes(engram: Engram):
    engram.note("Project 1 ships in April and Tomasz leads it.")
    engram.note("Project 2 ships in June and Ilse leads it.")
    names = {e["name"] for e in _entities(engram)}
    assert {"Project 1", "Project 2"} <= names, names


def test_facts_about_near_identical_names_stay_two_memories(engram: Engram):
    engram.note("Wrenfield is my neighbor.")
    engram.note("Wrenfielt is my neighbor.")
    assert engram.find("Wrenfield") and engram.find("Wrenfielt")
    people = {e["name"] for e in _entities(engram, kind="person")}
    assert {"Wrenfield", "Wrenfielt"} <= people


NOTES_ABOUT_ELSBETH = [
    "My friend Elsbeth is a violinist.",
    "Elsbeth lives in Utrecht.",
    "I had dinner with Elsbeth on Friday.",
    "Elsbeth's birthday is on 14 May.",
    "Elsbeth recommended a book about whales.",
    "Went sailing with Elsbeth and Joost.",
]


def test_a_name_correction_respells_every_memory_the_node_and_search(engram: Engram, db, user_id):
    for note in NOTES_ABOUT_ELSBETH:
        engram.note(note)
    said = {m["id"]: m for m in engram.find("Elsbeth")}
    assert len(said) >= len(NOTES_ABOUT_ELSBETH)

    engram.note("Actually it's spelled Elspeth, not Elsbeth.")

    assert engram.find("Elsbeth") == []  # no active memory keeps the old spelling
    for memory_id, before in said.items():
        versions = _versions(db, user_id, memory_id)
        assert [v["version"] for v in versions][-1] >= 2, versions
        assert "Elsbeth" in versions[0]["content"] and "Elspeth" in versions[-1]["content"]
        assert before["content"].replace("Elsbeth", "Elspeth") == versions[-1]["content"]
    (node,) = [e for e in _entities(engram, kind="person") if e["name"] in ("Elspeth", "Elsbeth")]
    assert node["name"] == "Elspeth" and "elsbeth" in node["aliases"]
    detail = engram.api.get(f"/v1/entities/{node['id']}/memories", user=user_id).body["items"]
    assert detail and all("Elsbeth" not in m["content"] for m in detail)
    hits = engram.api.post("/v1/search", {"query": "Elspeth violinist"}, user=user_id).body["results"]
    assert any("Elspeth is a violinist" in h["content"] for h in hits)


def test_a_correction_leaves_another_person_whose_name_only_resembles_it(engram: Engram):
    engram.note("My coworker Jonas plays chess.")
    engram.note("My neighbor Jon plays chess too.")
    engram.note("Actually it's spelled John, not Jon.")
    assert engram.find("Jonas plays chess")
    assert engram.find("John plays chess")
    assert not [m for m in engram.memories() if "Jon " in m["content"]]


def test_a_hint_at_the_wrong_spelling_corrects_the_known_name(engram: Engram):
    engram.note("My cousin Caterina lives in Galway.")
    engram.note("Caterina is a nurse at the county hospital.")
    engram.note("Her name is Katerina with a K.")
    assert engram.find("Caterina") == []
    assert len(engram.find("Katerina")) >= 2
    (node,) = [e for e in _entities(engram, kind="person") if e["name"] in ("Katerina", "Caterina")]
    assert node["name"] == "Katerina" and "caterina" in node["aliases"]


def test_a_letter_left_out_corrects_the_one_name_spelled_nearly_so(engram: Engram):
    engram.note("My neighbor Johnathan fixes bikes.")
    engram.note("My coworker Priyanka fixes bikes too.")
    engram.note("It's Jonathan without an h.")  # where the h was is not said: the one near spelling is meant
    assert engram.find("Johnathan") == []
    assert engram.find("Jonathan fixes bikes") and engram.find("Priyanka fixes bikes")


def test_a_value_said_to_be_wrong_leaves_only_the_right_one_active(engram: Engram, user_id: str):
    engram.note("Letter from the hospital, hip op is 4 March 2025", when="2025-01-20T09:00:00Z")
    engram.note("Rang them. Op is 14 March not the 4th, read the letter without my glasses",
                when="2025-02-01T09:00:00Z")  # fmt: skip

    active = [m["content"] for m in engram.find("op is")]
    assert len(active) == 1 and "14 March" in active[0], active
    (wrong,) = engram.find("4 March", status="superseded")
    assert "hip op" in wrong["content"]
    hits = engram.api.post("/v1/search", {"query": "when is my hip op?"}, user=user_id).body["results"]
    assert hits and "14 March" in hits[0]["content"]


def test_a_value_said_to_be_wrong_is_no_history_a_question_about_the_past_reads(engram: Engram, user_id: str):
    engram.note("First parkrun!! Queens Park, 34:10. finished!", when="2025-03-01T10:00:00Z")
    engram.note("That was Victoria Park parkrun not Queens Park, I keep mixing up the parks",
                when="2025-03-02T10:00:00Z")  # fmt: skip
    (wrong,) = engram.find("Queens Park, 34:10", status="superseded")  # kept for the record
    for body in ({"query": "Where did I run my first parkrun?"},
                 {"query": "where was my first parkrun?", "include_historical": True}):  # fmt: skip
        hits = engram.api.post("/v1/search", body | {"threshold": 0}, user=user_id).body["results"]
        contents = [h["content"] for h in hits]
        assert contents and "Victoria Park" in contents[0], contents
        assert wrong["id"] not in [h["id"] for h in hits], contents
