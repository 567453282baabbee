"""Every request the client can make exists in the served OpenAPI document as the client makes it: the
path and method, each body and query field it sends, and each field it reads from the answer (present
in the success body's schema, and required there when the client's model requires it), down through
nested models and lists. A field renamed or dropped on the server fails here, not in an app."""

from __future__ import annotations

import types
from typing import Any, Union, get_args, get_origin

import pytest
from pydantic import BaseModel

from engram.client.calls import ENDPOINTS, Endpoint
from tests.http_client import ApiClient


@pytest.fixture(scope="module")
def document(live_server: tuple[str, int]) -> dict[str, Any]:
    response = ApiClient(*live_server).get("/v1/openapi.json", user=None)
    assert response.status == 200
    return response.body


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: f"{e.method} {e.path}")
def test_client_calls_what_the_api_serves(document: dict[str, Any], endpoint: Endpoint[Any]) -> None:
    operation = document["paths"].get(endpoint.path, {}).get(endpoint.method.lower())
    assert operation is not None, f"{endpoint.method} {endpoint.path} is not in the served document"

    served_query = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
    assert set(endpoint.query) <= served_query, sorted(set(endpoint.query) - served_query)
    served_path = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
    assert served_path == set(_placeholders(endpoint.path))

    if endpoint.body is not None:
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert _missing(document, endpoint.body, body, reading=False) == []

    successes = [s for s in operation["responses"] if s.startswith("2")]
    assert successes, "no success status documented"
    for status in successes:
        schema = operation["responses"][status]["content"]["application/json"]["schema"]
        assert _missing(document, endpoint.response, schema, reading=True) == [], status


def test_every_client_method_runs_a_listed_endpoint() -> None:
    from engram.client import operations

    built = {
        name: getattr(operations, name)
        for name in dir(operations)
        if not name.startswith("_") and callable(getattr(operations, name))
    }
    builders = {n: f for n, f in built.items() if getattr(f, "__module__", "") == operations.__name__}
    calls = {n: f(*(["00000000-0000-0000-0000-000000000000"] * _positional(f))) for n, f in builders.items()}
    assert {c.endpoint for c in calls.values()} <= set(ENDPOINTS)
    assert len(builders) == len(ENDPOINTS)


def _positional(function: Any) -> int:
    import inspect

    return sum(
        1
        for p in inspect.signature(function).parameters.values()
        if p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty
    )


def _placeholders(path: str) -> list[str]:
    return [part[1:-1] for part in path.split("/") if part.startswith("{")]


def _missing(
    document: dict[str, Any], model: type[BaseModel], schema: dict[str, Any], *, reading: bool
) -> list:
    """The fields of `model` the schema (every branch of a oneOf/anyOf) lacks, as `Model.field` paths."""
    problems: list[str] = []
    for branch in _branches(document, schema):
        properties, required = branch.get("properties", {}), set(branch.get("required", []))
        for name, field in model.model_fields.items():
            key = field.alias or name
            where = f"{model.__name__}.{key}"
            if key not in properties:
                problems.append(f"{where}: not in the document")
                continue
            if reading and field.is_required() and key not in required:
                problems.append(f"{where}: the client requires it, the document does not")
            nested = _nested_model(field.annotation)
            if nested is not None:
                inner = _items(document, properties[key])
                problems += [f"{where} > {p}" for p in _missing(document, nested, inner, reading=reading)]
    return problems


def _resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _branches(document: dict[str, Any], schema: dict[str, Any]) -> list[dict[str, Any]]:
    schema = _resolve(document, schema)
    options = schema.get("oneOf") or schema.get("anyOf")
    if options:
        return [b for o in options for b in _branches(document, o) if b.get("type") != "null"]
    return [schema]


def _items(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """The object schema inside an optional and/or array property."""
    branches = _branches(document, schema)
    assert len(branches) == 1, schema
    branch = branches[0]
    return _items(document, branch["items"]) if branch.get("type") == "array" else branch


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) in (list, Union, types.UnionType):
        for arg in get_args(annotation):
            found = _nested_model(arg)
            if found is not None:
                return found
    return None
