"""Hold a real answer to the OpenAPI document: its status must be documented for the operation and its
body must validate against the schema documented for that status (formats such as uuid and date-time
checked too). Shared by the response tests of tests/api and the sample-event tests of tests/contract."""

from __future__ import annotations

import re
from typing import Any

from jsonschema.exceptions import best_match
from openapi_schema_validator import OAS31Validator


def operation_of(document: dict[str, Any], method: str, path: str) -> tuple[str, dict[str, Any]]:
    """The documented path template and operation that `method path` (a concrete path) calls."""
    for template, item in document["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path.split("?", 1)[0]) and method.lower() in item:
            return template, item[method.lower()]
    raise AssertionError(f"{method} {path} is not in the OpenAPI document")


def assert_documented(document: dict[str, Any], method: str, path: str, status: int, body: Any) -> None:
    template, operation = operation_of(document, method, path)
    responses = operation["responses"]
    assert str(status) in responses, f"{method} {template} answered {status}, documented: {sorted(responses)}"
    if status == 204:  # No Content: documented without a body, answered without one
        assert body is None and "content" not in responses["204"], (method, template, body)
        return
    schema = _chosen(responses[str(status)]["content"]["application/json"]["schema"], body, document)
    # The schema refers to the document's components: validate with them at its root.
    validator = OAS31Validator(
        {**schema, "components": document["components"]}, format_checker=OAS31Validator.FORMAT_CHECKER
    )
    error = best_match(validator.iter_errors(body))  # inside a oneOf: the branch that came closest
    assert error is None, (
        f"{method} {template} {status}: {'/'.join(map(str, error.absolute_path))}: " + (error.message[:500])
    )


def _chosen(schema: dict[str, Any], body: Any, document: dict[str, Any]) -> dict[str, Any]:
    """For a union with a discriminator (search's `type`), the branch the body names: a failure then
    says what is wrong in that branch rather than that no branch matched."""
    resolved = schema
    while "$ref" in resolved:
        resolved = document["components"]["schemas"][resolved["$ref"].rsplit("/", 1)[1]]
    discriminator = resolved.get("discriminator")
    if discriminator and isinstance(body, dict):
        branch = discriminator.get("mapping", {}).get(body.get(discriminator["propertyName"]))
        if branch:
            return {"$ref": branch}
    return schema
