"""The timeline is what happened, derived from the memories: measured end to end, plus life stories.

The labelled set (`timeline_labelled.py`) goes through `POST /v1/analyze` (each note under its own user,
dated by its document date) and `POST /v1/timeline` over the user's whole history (at the `private`
ceiling: the set measures what happened, not what the default ceiling hides). A note that
happened counts as found when its user's timeline has an event on the labelled day; a note is a false
event when its user's timeline has an event on any other day (or any event at all, for a note that
states something standing). Offline rules + hash embeddings.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from tests.http_client import ApiClient
from tests.scenarios.conftest import Engram
from tests.scenarios.timeline_labelled import LABELLED, Labelled

TARGET_PRECISION = 0.9
TARGET_RECALL = 0.9
ALL_TIME = {"start": "1990-01-01T00:00:00Z", "end": "2100-01-01T00:00:00Z", "limit": 200}
# The labelled set measures what happened, not the sensitivity ceiling: a breakup or a death is
# sensitive, so the user's whole timeline is read.
WHOLE = ALL_TIME | {"sensitivity_max": "private"}


def timeline(user: Engram, **body) -> dict:
    response = user.api.post("/v1/timeline", body, user=user.user)
    assert response.status == 200, response.body
    return response.body


def events(body: dict) -> list[tuple[str, str]]:
    """(day, title) of every event listed."""
    return [(day["date"], event["title"]) for day in body["days"] for event in day["events"]]


def _timeline_days(api: ApiClient, item: Labelled) -> set[str]:
    user = Engram(api, f"tl-{uuid.uuid4().hex[:12]}")
    user.note(item.text, when=f"{item.day}T12:00:00Z")
    return {day for day, _ in events(timeline(user, **WHOLE))}


def test_the_labelled_set_is_on_the_timeline_at_the_right_day(api: ApiClient):
    assert len(LABELLED) >= 80
    found, false_events, misses, wrong = 0, 0, [], []
    for item in LABELLED:
        days = _timeline_days(api, item)
        if item.happened_on is not None and item.happened_on in days:
            found += 1
        elif item.happened_on is not None:
            misses.append((item.text, sorted(days)))
        if days - {item.happened_on}:
            false_events += 1
            wrong.append((item.text, sorted(days)))
    happened = sum(item.happened_on is not None for item in LABELLED)
    recall = found / happened
    precision = found / (found + false_events)
    print(f"timeline labelled set: {len(LABELLED)} notes, precision {precision:.3f}, recall {recall:.3f}")
    print("missed:", misses, "\nlisted on a wrong day or not an event:", wrong)
    assert recall >= TARGET_RECALL, misses
    assert precision >= TARGET_PRECISION, wrong


# --- stories --------------------------------------------------------------------------------------------


def test_an_activity_four_days_ago_is_in_this_weeks_timeline(engram: Engram):
    four_days_ago = datetime.now(UTC) - timedelta(days=4)
    engram.note("Went paddleboarding on the reservoir with Matteo.", when=four_days_ago.isoformat())
    engram.note("Matteo is a physiotherapist.", when=four_days_ago.isoformat())
    body = timeline(engram, query="what happened this week")
    assert events(body) == [
        (four_days_ago.date().isoformat(), "Went paddleboarding on the reservoir with Matteo")
    ]
    assert body["days"][0]["events"][0]["event_type"] == "event"


def test_what_happened_in_a_month_lists_every_change_told_that_month(engram: Engram):
    year = datetime.now(UTC).year - 1
    engram.note("I moved to Utrecht.", when=f"{year}-03-04T09:00:00Z")
    engram.note("I started a new job at Adyen as a data engineer.", when=f"{year}-03-11T09:00:00Z")
    engram.note("My friend Clementine got engaged to her partner Idris!", when=f"{year}-03-19T20:00:00Z")
    engram.note("I'm allergic to penicillin.", when=f"{year}-03-20T09:00:00Z")
    engram.note("Went to a pottery class.", when=f"{year}-04-02T09:00:00Z")
    body = timeline(engram, query=f"what happened in March {year}")
    listed = events(body)
    assert [day for day, _ in listed] == [f"{year}-03-04", f"{year}-03-11", f"{year}-03-19"], listed
    titles = " | ".join(title for _, title in listed)
    assert "Utrecht" in titles and "Adyen" in titles and "Clementine got engaged" in titles
    assert {e["event_type"] for d in body["days"] for e in d["events"]} == {"change"}


def test_a_superseded_memory_gives_way_to_its_new_state(engram: Engram):
    engram.note("I live in Ghent.", when="2025-04-01T09:00:00Z")
    engram.note("I moved to Antwerp.", when="2025-06-15T09:00:00Z")
    [current] = engram.find("Antwerp")
    listed = events(timeline(engram, **ALL_TIME))
    assert ("2025-06-15", current["content"]) in listed
    assert not any("Ghent" in title for _, title in listed)
    # the superseded state is not listed, however its window is asked for
    assert events(timeline(engram, start="2025-04-01T00:00:00Z", end="2025-04-02T00:00:00Z")) == []


def test_an_edited_memory_moves_on_the_timeline_with_no_bookkeeping(engram: Engram):
    engram.note("Went to the Tate Modern with Oona.", when="2025-02-10T09:00:00Z")
    [memory] = engram.find("Tate Modern")
    response = engram.api.put(
        f"/v1/memories/{memory['id']}",
        {"content": "Went to the Tate Britain with Oona.", "event_date": "2025-02-08T00:00:00Z"},
        user=engram.user,
    )
    assert response.status == 200, response.body
    assert events(timeline(engram, **ALL_TIME)) == [("2025-02-08", "Went to the Tate Britain with Oona.")]


@pytest.mark.parametrize("hard", [False, True])
def test_a_forgotten_memory_is_gone_from_the_timeline(engram: Engram, hard: bool):
    engram.note("Had dinner with Thandiwe at Nando's.", when="2025-08-02T19:00:00Z")
    engram.note("Went to the Proms with Aurelio.", when="2025-08-03T19:00:00Z")
    [dinner] = engram.find("dinner with Thandiwe")
    assert len(events(timeline(engram, **ALL_TIME))) == 2
    response = engram.api.request(
        "DELETE", f"/v1/memories/{dinner['id']}?hard={str(hard).lower()}", user=engram.user
    )
    assert response.status in (200, 204), response.body
    assert events(timeline(engram, **ALL_TIME)) == [("2025-08-03", "Went to the Proms with Aurelio")]


def test_a_topic_forget_takes_the_event_off_the_timeline(engram: Engram):
    engram.note("Went to the allotment with Fenna.", when="2025-08-02T19:00:00Z")
    engram.note("Forget what I said about the allotment.", when="2025-08-05T19:00:00Z")
    assert events(timeline(engram, **ALL_TIME)) == []


def test_the_export_lists_the_derived_timeline(engram: Engram):
    engram.note("I adopted a tabby kitten called Pesto.", when="2025-10-01T09:00:00Z")
    engram.note("I prefer tea to coffee.", when="2025-10-02T09:00:00Z")
    live = timeline(engram, **ALL_TIME)
    response = engram.api.get("/v1/export", user=engram.user)
    assert response.status == 200, response.body
    exported = response.body["timeline_events"]
    assert [(e["memory_id"], e["event_type"]) for e in exported] == [
        (e["memory_id"], e["event_type"]) for d in live["days"] for e in d["events"]
    ]
    assert response.body["counts"]["timeline_events"] == len(exported) == 1
