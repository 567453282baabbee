"""Explore's granularities over real hierarchy: notes through POST /v1/analyze, the nightly hierarchy
run, then POST /v1/explore at meso (storylines in full, sources as previews) and macro (macros in full
with their storylines)."""

from __future__ import annotations

from datetime import UTC, datetime

from engram.lifecycle.hierarchy import run_hierarchy_for_user
from tests.integration.test_hierarchy import ANDREW, PRIYA_LATER
from tests.scenarios.conftest import Engram

NOW = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)


def _explore(engram: Engram, **body) -> dict:
    response = engram.api.post("/v1/explore", body, user=engram.user)
    assert response.status == 200, response.body
    return response.body


def _written(engram: Engram) -> None:
    for when, text in ANDREW + PRIYA_LATER:
        engram.note(text, when=when)
    counts = run_hierarchy_for_user(engram.user, NOW)
    assert (counts["storylines_created"], counts["macros_created"]) == (2, 1)


def test_meso_returns_the_storyline_in_full_with_preview_sources(engram: Engram):
    _written(engram)

    body = _explore(engram, text_matches=["andrew"], granularity=2)

    stories = {s["name"]: s for s in body["episodic"]["storylines"]}
    assert set(stories) == {"Andrew — Y Combinator, Priya", "Priya — Andrew"}
    story = stories["Andrew — Y Combinator, Priya"]
    assert story["name"] == "Andrew — Y Combinator, Priya"
    assert story["description"].startswith("Andrew (cofounder): 7 notes from 2 Mar to 8 Apr 2026")
    assert story["source_count"] == 7
    assert story["started_at"].startswith("2026-03-02") and story["last_source_at"].startswith("2026-04-08")
    assert story["anchor"]["name"] == "Andrew" and story["anchor"]["node_type"] == "Person"
    assert "Priya" in [p["name"] for p in story["top_people"]]
    previews = story["preview_sources"]
    assert 2 <= len(previews) <= 5
    assert previews[0]["started_at"].startswith("2026-04-08")  # newest first
    assert all(p["summary"] for p in previews)
    # The macro over it is named as a reference only at this granularity.
    assert [m["name"] for m in body["episodic"]["macros"]] == ["Andrew — with Priya"]
    assert "storylines" not in body["episodic"]["macros"][0]


def test_macro_returns_the_macro_with_its_storylines(engram: Engram):
    _written(engram)

    body = _explore(engram, text_matches=["andrew"], granularity=3)

    [macro] = body["episodic"]["macros"]
    assert macro["name"] == "Andrew — with Priya"
    assert macro["description"].startswith("Andrew: 2 storylines, 10 sources from 2 Mar to 8 Apr 2026")
    assert (macro["storyline_count"], macro["total_source_count"]) == (2, 10)
    assert macro["anchor"]["name"] == "Andrew"
    children = {s["name"]: s for s in macro["storylines"]}
    assert set(children) == {"Andrew — Y Combinator, Priya", "Priya — Andrew"}
    assert children["Priya — Andrew"]["source_count"] == 5 and children["Priya — Andrew"]["one_liner"]
    assert body["episodic"]["sources"] == []


def test_a_meaning_query_finds_the_storyline_by_its_description(engram: Engram):
    _written(engram)

    body = _explore(engram, queries=[{"query": "Andrew cofounder Y Combinator pitch deck"}], granularity=2)

    assert "Andrew — Y Combinator, Priya" in [s["name"] for s in body["episodic"]["storylines"]]
