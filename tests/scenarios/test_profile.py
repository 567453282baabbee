"""GET /v1/profile and POST /v1/profile/refresh after plain notes."""

from __future__ import annotations

from engram.lifecycle.profile import profile_facts


def _profile(engram, **params) -> dict:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    response = engram.api.get(f"/v1/profile{'?' + query if query else ''}", user=engram.user)
    assert response.status == 200, response.body
    return response.body


def _refresh(engram) -> dict:
    response = engram.api.post("/v1/profile/refresh", {}, user=engram.user)
    assert response.status == 200, response.body
    return response.body


def test_profile_collects_the_users_key_facts(engram):
    engram.note("I live in Boston.", when="2026-01-05T10:00:00Z")
    engram.note("I work at Google as a product manager.", when="2026-01-06T10:00:00Z")
    engram.note("My sister Emma lives in Oslo.", when="2026-01-07T10:00:00Z")
    engram.note("I'm vegetarian.", when="2026-01-08T10:00:00Z")
    profile = _profile(engram)["profile"]
    assert profile["location"]["home"] == "Boston"
    assert profile["work"]["employer"] == "Google"
    assert profile["family"]["Emma"] == "sister"
    assert profile["health"]["diet"] == "vegetarian"
    assert "Oslo" not in str(profile.get("location", {}))  # Emma's home is not the user's


def test_a_move_closes_the_old_home_and_keeps_it_as_history(engram):
    engram.note("I live in Boston.", when="2026-01-05T10:00:00Z")
    _refresh(engram)
    engram.note("I moved to Denver.", when="2026-03-01T10:00:00Z")
    body = _refresh(engram)
    assert body["profile"]["location"]["home"] == "Denver"
    assert body["refreshed"]["closed"] >= 1
    history = _profile(engram, include_history="true")["items"]
    homes = {(i["value"], i["valid_to"] is None) for i in history if i["key"] == "home"}
    assert homes == {("Boston", False), ("Denver", True)}
    boston = next(i for i in history if i["value"] == "Boston")
    assert boston["valid_to"].startswith("2026-03-01")


def test_sensitive_facts_stay_out_unless_the_ceiling_allows(engram):
    engram.note("I was diagnosed with type 2 diabetes.", when="2026-01-05T10:00:00Z")
    engram.note("I live in Boston.", when="2026-01-05T11:00:00Z")
    assert "diabetes" not in str(_profile(engram)).lower()
    response = engram.api.put("/v1/preferences", {"default_sensitivity_level": "private"}, user=engram.user)
    assert response.status == 200
    _refresh(engram)  # the profile follows the ceiling on refresh
    assert _profile(engram)["profile"]["location"]["home"] == "Boston"


def test_the_profile_lists_the_current_dose_of_each_medicine_taken(engram):
    engram.note("I take levothyroxine 50mcg every morning.", when="2026-01-05T10:00:00Z")
    engram.note("I'm on ramipril 5mg for my blood pressure.", when="2026-01-06T10:00:00Z")
    engram.note("The doctor increased my levothyroxine to 75mcg.", when="2026-02-01T10:00:00Z")
    engram.note("Dr Farrelly took me off the ramipril.", when="2026-02-02T10:00:00Z")
    assert "levothyroxine" not in str(_profile(engram)).lower()  # health: sensitive, above the default
    response = engram.api.put("/v1/preferences", {"default_sensitivity_level": "sensitive"}, user=engram.user)
    assert response.status == 200
    assert _refresh(engram)["profile"]["medications"] == {"levothyroxine": "75mcg"}


def test_a_diet_an_intolerance_and_what_one_gave_up_are_all_kept(engram):
    engram.note("I'm lactose intolerant, so milk makes me ill.", when="2026-01-05T10:00:00Z")
    engram.note("I gave up coffee last month.", when="2026-01-06T10:00:00Z")
    engram.note("I quit drinking alcohol.", when="2026-01-07T10:00:00Z")
    engram.note("I've gone vegan.", when="2026-02-01T10:00:00Z")
    health = _profile(engram)["profile"]["health"]
    assert health["diet"] == "vegan"
    assert health["lactose"] == "intolerant"
    assert (health["coffee"], health["alcohol"]) == ("no coffee", "no alcohol")


def test_refresh_is_idempotent(engram):
    engram.note("I live in Boston.", when="2026-01-05T10:00:00Z")
    first = _refresh(engram)
    second = _refresh(engram)
    assert second["refreshed"] == {"opened": 0, "closed": 0, "unchanged": len(first["items"])}
    assert second["items"] == first["items"]


def test_another_users_profile_is_never_mixed_in(engram, api, other_user_id):
    from tests.scenarios.conftest import Engram

    Engram(api, other_user_id).note("I live in Oslo.")
    engram.note("I live in Boston.")
    assert _profile(engram)["profile"]["location"]["home"] == "Boston"


def test_newest_memory_wins_and_repeats_add_evidence():
    rows = [
        {"id": 2, "subject": "user", "attribute": "location", "value": "Denver", "confidence": 0.9,
         "sensitivity_level": "normal", "since": "2026-03-01"},
        {"id": 1, "subject": "user", "attribute": "location", "value": "Boston", "confidence": 0.9,
         "sensitivity_level": "normal", "since": "2026-01-01"},
        {"id": 3, "subject": "user", "attribute": "preference:sushi", "value": "likes", "confidence": 0.7,
         "sensitivity_level": "normal", "since": "2026-01-01"},
        {"id": 4, "subject": "user", "attribute": "preference:sushi", "value": "likes", "confidence": 0.8,
         "sensitivity_level": "normal", "since": "2025-12-01"},
        {"id": 5, "subject": "Marcus", "attribute": "employer", "value": "Stripe", "confidence": 0.9,
         "sensitivity_level": "normal", "since": "2026-01-01"},
    ]  # fmt: skip
    facts = {(f["category"], f["key"]): f for f in profile_facts(rows)}
    assert facts[("location", "home")]["value"] == "Denver"
    assert facts[("preferences", "sushi")]["source_memory_ids"] == [3, 4]
    assert facts[("preferences", "sushi")]["confidence"] == 0.8
    assert ("work", "employer") not in facts  # Marcus's employer is not the user's


def test_profile_reflects_the_current_job_after_a_job_change(engram):
    engram.note("I work at Google as a product manager.", when="2026-01-06T10:00:00Z")
    assert _profile(engram)["profile"]["work"]["employer"] == "Google"
    engram.note("I just started a new job at Notion.", when="2026-04-01T10:00:00Z")
    body = _refresh(engram)
    assert body["profile"]["work"]["employer"] == "Notion"
    employers = [i for i in _profile(engram, include_history="true")["items"] if i["key"] == "employer"]
    assert {(i["value"], i["valid_to"] is None) for i in employers} == {("Google", False), ("Notion", True)}
