"""A question about several people at once ("what pets do Ana and Tom have?") is answered by what is
known of each of them: told in separate notes, both answers come first, not the memories that only
name the two people together."""

from __future__ import annotations

from tests.scenarios.conftest import Engram


def _search(engram: Engram, query: str, limit: int = 3) -> list[str]:
    body = {"query": query, "limit": limit, "special": False}
    response = engram.api.post("/v1/search", body, user=engram.user)
    assert response.status == 200, response.body
    return [r["content"] for r in response.body["results"]]


def _friends(engram: Engram) -> None:
    for note in (
        "Ana and Tom have been friends of ours for years.",
        "Ana and Tom have a new flat in Leeds.",
        "Tom and Ana have dinner with us every month.",
        "Ana and Tom have asked us to be godparents.",
        "Ana has a tabby cat called Miso.",
        "Tom keeps two pet rabbits in the garden.",
        "Ana's favourite sport to watch is tennis.",
        "Tom rows at dawn on the river, his sport since school.",
        "Ana and Tom have season tickets for the rugby.",
    ):
        engram.note(note)


def test_both_peoples_answers_come_first(engram: Engram):
    _friends(engram)
    top = _search(engram, "What pets do Ana and Tom have?")
    assert any("cat" in c for c in top) and any("rabbits" in c for c in top), top


_TOGETHER_AND_APART = (
    "Nate and Joanna went to the zoo together and loved it.",
    "Nate and Joanna both like the new cafe on the corner.",
    "Nate and Joanna like hiking on Sundays.",
    "Nate and Joanna like the same films.",
    "Nate says turtles are his favourite animals.",
    "Joanna finds turtles the most calming animals.",
)


def test_what_each_one_likes_outranks_what_they_like_together(engram: Engram):
    for note in _TOGETHER_AND_APART:
        engram.note(note)
    top = _search(engram, "What animal do both Nate and Joanna like?")
    assert sum("turtles" in c for c in top) == 2, top
