"""Every API route of template.yaml has a sample API Gateway event (HTTP API, payload 2.0) in events/,
and each sample, run through its function's handler (functions/<name>/app.py, as Lambda would: real
PostgreSQL, offline providers), gets the status its happy path documents, with a body that validates
against the OpenAPI document.

Each test is a fresh user who first tells Engram about Sam (through the analyze handler), so the samples
that name Sam, a memory, an entity, a relationship or a job find them: the samples' placeholder ids are
replaced by the ids of the rows this created.
"""

from __future__ import annotations

import importlib.util
import json
import uuid
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from engram.config import reset_settings
from engram.db.repositories.jobs import cancel_pending_jobs
from engram.jobs.queue import reset_job_queue
from tests.contract.documented import assert_documented
from tests.contract.sam import NOT_BUILT_ROUTES, ROOT, api_routes, function_folder
from tests.lambda_context import FakeLambdaContext

EVENTS = ROOT / "events"
# The ids the samples use; each test replaces them with rows it created.
SAMPLE_IDS = {
    "memory": "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    "entity": "2b7e151c-8a3d-4e29-9f1b-6c4d2a8e0f31",
    "relationship": "a3c9e4d2-5b1f-4a87-b6e0-1d2f3c4b5a69",
    "job": "0f8e6b1c-3d2a-4c9e-8b7f-5a4d3c2b1a09",
    "source": "5e2d9c4a-7b1f-4c3e-9a8d-2f6b0e1c4d73",
    "team": "c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5",
}
# Statuses other than 200 that a sample's happy path answers with.
EXPECTED = {
    "analyze_conversation.json": 202,  # `"async": true`: queued
    "entity_note_post.json": 201,
    "relationship_note_post.json": 201,
    "teams_post.json": 201,
    "team_members_post.json": 201,
    "teams_delete.json": 204,
    "team_members_delete.json": 204,
}
# The member the team samples change and remove; the one they add (user-456) is not in the team yet.
SAMPLE_MEMBER = "user-789"
SEED_NOTE = "My friend Sam works at Stripe. Sam is leaving Stripe for a startup in San Francisco."


def api_samples() -> dict[str, dict[str, Any]]:
    samples = {path.name: json.loads(path.read_text()) for path in sorted(EVENTS.glob("*.json"))}
    return {name: event for name, event in samples.items() if event.get("version") == "2.0"}


_HANDLERS: dict[str, ModuleType] = {}


def handler_of(route: str) -> Callable[[dict, Any], dict]:
    """The `lambda_handler` of the function the template routes `route` to (each loaded once)."""
    folder = function_folder(api_routes()[route])
    if folder not in _HANDLERS:
        spec = importlib.util.spec_from_file_location(
            f"engram_contract_{folder}", ROOT / "functions" / folder / "app.py"
        )
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _HANDLERS[folder] = module
    return _HANDLERS[folder].lambda_handler


class Caller:
    """Sends events as one user: a sample as it is, or a request built from a sample's envelope."""

    def __init__(self, user: str):
        self.user = user

    def send(self, event: dict[str, Any]) -> tuple[int, Any]:
        event = json.loads(json.dumps(event))
        authorizer = event["requestContext"].get("authorizer")
        if authorizer:
            authorizer["jwt"]["claims"]["sub"] = self.user
        response = handler_of(event["routeKey"])(event, FakeLambdaContext())
        return response["statusCode"], json.loads(response["body"]) if response.get("body") else None

    def call(self, method: str, route: str, path: str, body: Any = None, query: str = "") -> Any:
        event = json.loads((EVENTS / "memories_list.json").read_text())  # any protected sample's envelope
        event.pop("queryStringParameters", None)
        event.update(routeKey=f"{method} {route}", rawPath=path, rawQueryString=query)
        event["requestContext"].update(routeKey=f"{method} {route}")
        event["requestContext"]["http"].update(method=method, path=path)
        if body is not None:
            event["body"] = json.dumps(body)
        status, answer = self.send(event)
        assert 200 <= status < 300, (method, path, status, answer)
        return answer


@pytest.fixture(autouse=True)
def lambda_environment(monkeypatch: pytest.MonkeyPatch, db: Any) -> Iterator[None]:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-contract")
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "EngramContract")
    monkeypatch.setenv("ENGRAM_STAGE", "dev")
    reset_settings()
    reset_job_queue()
    yield
    reset_job_queue()


@pytest.fixture
def caller(db: Any) -> Iterator[Caller]:
    user = f"contract-{uuid.uuid4().hex[:12]}"
    yield Caller(user)
    with db.user_transaction(user) as conn:  # leave no runnable job for tests that drain the queue
        cancel_pending_jobs(conn, user)


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """The OpenAPI document, as the search function serves it."""
    status, body = Caller("nobody").send(api_samples()["openapi_get.json"])
    assert status == 200
    return body


def seed(caller: Caller) -> dict[str, str]:
    """A memory, an entity with a relationship, a job, a source, and a team with a second member for the
    caller: the rows the samples name."""
    seeded = caller.call("POST", "/v1/analyze", "/v1/analyze", {"content": SEED_NOTE})
    memory = caller.call("GET", "/v1/memories", "/v1/memories", query="q=startup")["items"][0]["id"]
    entities = caller.call("GET", "/v1/entities", "/v1/entities", query="name=Sam")["items"]
    (sam,) = [entity for entity in entities if entity["name"] == "Sam"]
    detail = caller.call("GET", "/v1/entities/{id}", f"/v1/entities/{sam['id']}")
    queued = caller.call("POST", "/v1/analyze", "/v1/analyze", {"content": "I adopted a cat", "async": True})
    team = caller.call("POST", "/v1/teams", "/v1/teams", {"name": "Book club"})["id"]
    caller.call("POST", "/v1/teams/{id}/members", f"/v1/teams/{team}/members", {"user_id": SAMPLE_MEMBER})
    return {
        "team": team,
        "memory": memory,
        "entity": sam["id"],
        "relationship": detail["relationships"][0]["id"],
        "job": queued["jobs"][0]["id"],
        "source": seeded["source_id"],
    }


def with_ids(event: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    text = json.dumps(event)
    for kind, placeholder in SAMPLE_IDS.items():
        text = text.replace(placeholder, ids[kind])
    return json.loads(text)


def test_every_template_route_has_a_sample_event_and_every_sample_a_route() -> None:
    sampled = {event["routeKey"] for event in api_samples().values()}
    assert sampled == set(api_routes())


def test_sample_events_are_named_for_their_route() -> None:
    """`<first path word, or its singular>_<what>.json`: memory_get, entities_list, me_delete ..."""
    for name, event in api_samples().items():
        word = event["routeKey"].split(" ", 1)[1].split("/")[2].split(".")[0].replace("-", "_")
        singular = word[:-3] + "y" if word.endswith("ies") else word.removesuffix("s")
        assert name.startswith((f"{word}_", f"{singular}_")), (name, event["routeKey"])


@pytest.mark.parametrize("name", sorted(api_samples()))
def test_the_sample_event_gets_its_documented_happy_status(
    name: str, caller: Caller, document: dict[str, Any]
) -> None:
    event = api_samples()[name]
    status, body = caller.send(with_ids(event, seed(caller)))
    method, route = event["routeKey"].split(" ", 1)
    if event["routeKey"] in NOT_BUILT_ROUTES:
        assert (status, body["error"]["code"]) == (404, "not_found"), body
        return
    assert status == EXPECTED.get(name, 200), (name, status, body)
    assert_documented(document, method, event["rawPath"], status, body)
