"""The statuses each operation really answers with, written into the generated OpenAPI document.

Powertools documents 200 and a 422 that never happens (validation errors are mapped to 400). A client
generating code from the document, or a fuzzer checking responses against it, needs the real set: the
gate's answers (400 boundary, 401 token, 413 size) on every operation, 404/409 where a row can be
missing or in the wrong state, 502/503 where a model provider or the database can fail. One error
schema describes every error body. Success statuses and their bodies are declared by the routes
(`answers`), since only a route knows what it returns.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BaseModel, ConfigDict

from engram.api.gate import PUBLIC_PATHS

_REF = re.compile(r'"#/components/schemas/([^"]+)"')

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "field": {"type": "string"},
                "correlation_id": {"type": "string"},
                "details": {"type": "array", "items": {"type": "object"}},
            },
        }
    },
}

_REASONS = {
    "400": "The request is invalid; `error.field` names the field",
    "401": "No valid bearer token",
    "403": "The caller may not do this: a team role it lacks, or sharing a source with a team it is not in",
    "404": "No such row for this user (or no such route)",
    "409": "The row is not in a state this request applies to",
    "413": "The body is larger than the configured limit",
    "429": "Over a per-user limit: requests of this class in the window (`rate_limited`), or the daily "
    "model-token budget for a request that needs the model (`model_budget_exhausted`); retry after "
    "`Retry-After` seconds",
    "500": "An unexpected error; `error.correlation_id` finds it in the logs",
    "502": "A model provider gave no usable answer",
    "503": "The database or a model provider is unavailable; retry after `Retry-After` seconds",
}

# Operations that can find a row missing although their path names none, or find it in the wrong state.
_NOT_FOUND = {
    ("/v1/explore", "post"),
    ("/v1/graph/neighbors", "get"),
    ("/v1/graph/path", "get"),
    ("/v1/traverse", "post"),
    ("/v1/feedback", "post"),
    ("/v1/memory-update", "post"),
}
_CONFLICT = {
    ("/v1/memories/{id}", "put"),
    ("/v1/feedback", "post"),
    ("/v1/teams/{id}/members", "post"),
    ("/v1/teams/{id}/members/{user_id}", "patch"),
    ("/v1/teams/{id}/members/{user_id}", "delete"),
}
# Operations that refuse a caller who may not do what they ask (a team role, a team's membership).
_FORBIDDEN = {
    ("/v1/analyze", "post"),
    ("/v1/teams/{id}", "patch"),
    ("/v1/teams/{id}", "delete"),
    ("/v1/teams/{id}/members", "post"),
    ("/v1/teams/{id}/members/{user_id}", "patch"),
    ("/v1/teams/{id}/members/{user_id}", "delete"),
}
# Operations that call a model provider (the LLM or the embedder) while answering.
_PROVIDER = {
    ("/v1/analyze", "post"),
    ("/v1/memory-update", "post"),
    ("/v1/search", "post"),
    ("/v1/recall", "post"),
    ("/v1/explore", "post"),
    ("/v1/timeline", "post"),
    ("/v1/import", "post"),
    ("/v1/memories/{id}", "put"),
    ("/v1/feedback", "post"),
    ("/v1/entities/{id}/notes", "post"),
    ("/v1/relationships/{id}/notes", "post"),
}
# Operations that never read the database.
_NO_DATABASE = {("/v1/openapi.json", "get")}
_RETRY_AFTER = {
    "Retry-After": {"description": "seconds to wait before retrying", "schema": {"type": "integer"}}
}


class OpenApiDocument(BaseModel):
    """This document: OpenAPI 3.1."""

    model_config = ConfigDict(extra="allow")

    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]
    components: dict[str, Any]


def answers(model: Any, status: int = 200, description: str = "OK") -> dict[int, OpenAPIResponse]:
    """A route's `responses=`: its success status and the model of its body, for routes that build
    the body themselves (a dict, a `Response`) and so have no return annotation to document."""
    return {status: {"description": description, "content": {"application/json": {"model": model}}}}


def no_content(description: str) -> dict[int, OpenAPIResponse]:
    """A route's `responses=` when it answers 204 without a body."""
    return {204: {"description": description}}


def document_statuses(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` (a generated OpenAPI document) with each operation's real statuses and a bearer scheme."""
    components = schema.setdefault("components", {})
    components.setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    components.setdefault("securitySchemes", {})["bearer"] = {
        "type": "http",
        "scheme": "bearer",
        "description": "A JWT whose `sub` is the user id; locally also `dev:<user id>`.",
    }
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)
            if "204" in responses:  # no body: Powertools would describe the route's `None` as JSON null
                responses["204"].pop("content", None)
            for status in _error_statuses(path, method):
                if status in responses:  # the route documents it itself (health's 503 is its own body)
                    continue
                responses[status] = {
                    "description": _REASONS[status],
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                }
            for status in ("429", "503"):
                if status in responses:
                    responses[status]["headers"] = _RETRY_AFTER
            if path not in PUBLIC_PATHS:
                operation["security"] = [{"bearer": []}]
    _drop_unused_schemas(components["schemas"], schema.get("paths", {}))
    return schema


def _drop_unused_schemas(schemas: dict[str, Any], paths: dict[str, Any]) -> None:
    """Powertools adds the schemas of its 422 body; with the 422 gone nothing refers to them."""
    used: set[str] = set()
    pending = [paths]
    while pending:
        found = _REF.findall(json.dumps(pending.pop()))
        for name in set(found) - used:
            used.add(name)
            if name in schemas:
                pending.append(schemas[name])
    for name in set(schemas) - used:
        del schemas[name]


def _error_statuses(path: str, method: str) -> list[str]:
    statuses = ["400", "413", "500"]
    if (path, method) not in _NO_DATABASE:
        statuses.append("503")
    if path not in PUBLIC_PATHS:
        statuses += ["401", "429"]
    if "{" in path or (path, method) in _NOT_FOUND:
        statuses.append("404")
    if (path, method) in _FORBIDDEN:
        statuses.append("403")
    if (path, method) in _CONFLICT:
        statuses.append("409")
    if (path, method) in _FORBIDDEN:
        statuses.append("403")
    if (path, method) in _PROVIDER:
        statuses.append("502")
    return sorted(statuses)
