"""Every view tells the same story: life stories (tests/scenarios/consistency_stories.py), each step one
write, and after every step the generic checker (tests/consistency.py) reads memories, entities, graph
neighbours, profile, timeline, search, recall and export and fails on any disagreement.

Each story runs twice: on the offline rules engine, and on the LLM path through the real Anthropic SDK
against a local server replaying recorded tool calls (tests/scenarios/consistency_replay.py). One new
user per story and run; one API server for the module.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from engram.config import reset_settings
from engram.providers.factory import reset_providers
from tests.consistency import check_derived_views, disagreements
from tests.http_client import ApiClient
from tests.scenarios.consistency_replay import Recordings, ReplayServer
from tests.scenarios.consistency_stories import STORIES, Step, Story


@pytest.fixture(scope="module")
def replay() -> Iterator[ReplayServer]:
    server = ReplayServer(Recordings())
    yield server
    server.close()


@pytest.fixture(params=["rules", "llm"])
def engine(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, replay: ReplayServer
) -> Iterator[str]:
    if request.param == "llm":
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", replay.url)
        monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "anthropic")
        monkeypatch.setenv("ENGRAM_LLM_MAX_RETRIES", "0")
        monkeypatch.setenv("ENGRAM_LLM_RETRY_BACKOFF_SECONDS", "0")
    reset_settings()
    reset_providers()
    yield request.param
    reset_providers()


def _one_active(api: ApiClient, user: str, word: str) -> dict:
    items = api.get("/v1/memories?limit=200&include_historical=true", user=user).body["items"]
    found = [m for m in items if word.lower() in m["content"].lower()]
    assert len(found) == 1, f"the step acts on one active memory mentioning {word!r}: {found}"
    return found[0]


def run(api: ApiClient, user: str, step: Step) -> None:
    if step.do == "note":
        body = {"content": step.text, "source": {"document_date": f"{step.day}T10:00:00Z"}}
        response = api.post("/v1/analyze", body, user=user)
    elif step.do == "edit":
        memory = _one_active(api, user, step.find)
        response = api.put(f"/v1/memories/{memory['id']}", {"content": step.text}, user=user)
    elif step.do in ("archive", "hard_delete"):
        memory = _one_active(api, user, step.find)
        hard = "true" if step.do == "hard_delete" else "false"
        response = api.request("DELETE", f"/v1/memories/{memory['id']}?hard={hard}", user=user)
    elif step.do == "import":
        response = api.post("/v1/import", step.body, user=user)
    elif step.do == "forget_me":
        response = api.request("DELETE", "/v1/me", user=user)
    else:
        raise AssertionError(f"unknown step {step.do}")
    assert response.status in (200, 201, 202), (step, response.status, response.body)


def _label(story: Story, index: int, step: Step) -> str:
    what = step.text or step.find or step.do
    return f"{story.name!r} step {index + 1} ({step.do}: {what[:60]!r})"


@pytest.mark.parametrize("story", STORIES, ids=[s.name.replace(" ", "-") for s in STORIES])
def test_every_view_tells_the_same_story(api: ApiClient, engine: str, story: Story, replay: ReplayServer):
    """Every step is checked and every step's disagreements are reported (a story goes on after a failing
    step, so one run shows all it finds); the first failing step's come first."""
    user = f"story-{engine}-{uuid.uuid4().hex[:10]}"
    failed = []
    for index, step in enumerate(story.steps):
        run(api, user, step)
        problems = disagreements(api, user, step.expect, _label(story, index, step))
        check_derived_views(user, problems)
        if problems.found:
            failed.append(problems)
    if failed:
        first = failed[0]
        part, message = first.found[0]
        report = "\n".join(
            f"{p.label}:\n  " + "\n  ".join(f"[{part}] {message}" for part, message in p.found)
            for p in failed
        )
        raise AssertionError(f"first: [{part}] {first.label}: {message}\n{report}")


def test_at_least_forty_stories_covering_every_kind_of_write():
    assert len(STORIES) >= 40
    kinds = {step.do for story in STORIES for step in story.steps}
    assert {"note", "edit", "hard_delete", "import", "forget_me"} <= kinds


def test_every_note_has_a_recording():
    recordings = Recordings()
    notes = {step.text for story in STORIES for step in story.steps if step.do == "note"}
    assert notes <= set(recordings.notes), sorted(notes - set(recordings.notes))


def test_the_llm_path_was_answered_from_recordings_only(replay: ReplayServer):
    """Runs after the stories (same module server): a request no recording answered means the LLM path
    asked something the recordings do not cover, and its story proved less than it claims."""
    assert not replay.recordings.unrecorded, "\n".join(replay.recordings.unrecorded)
