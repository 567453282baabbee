"""The OpenAPI document served at /v1/openapi.json: valid OpenAPI 3.1, every route the router serves and
every API route of template.yaml in it (and nothing else), every success body typed, every error status
with the error shape, the bearer scheme on every protected operation."""

from __future__ import annotations

from typing import Any

import pytest
from openapi_spec_validator import validate

from engram.api.app import build_resolver
from engram.api.gate import PUBLIC_PATHS
from tests.contract.sam import NOT_BUILT_ROUTES, api_routes, route_shape

METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}


@pytest.fixture(scope="module")
def document(live_server: tuple[str, int]) -> dict[str, Any]:
    from tests.http_client import ApiClient

    response = ApiClient(*live_server).get("/v1/openapi.json", user=None)
    assert response.status == 200
    return response.body


def operations(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        f"{method.upper()} {path}": operation
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


def test_the_document_is_valid_openapi_3_1(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    validate(document)


def test_every_route_the_router_serves_is_documented_and_nothing_else() -> None:
    app: Any = build_resolver("local")
    served = {f"{route.method} {route.openapi_path}" for route in app._static_routes + app._dynamic_routes}
    assert served  # the resolver's route tables: a Powertools upgrade that renames them must fail here
    assert served == set(operations(_document_of(app)))


def test_a_function_serving_some_routes_serves_the_whole_apis_document(document: dict[str, Any]) -> None:
    # In Lambda, GET /v1/openapi.json reaches the search function, whose resolver holds only its routes.
    import json

    from engram.api.app import lambda_api_handler
    from engram.api.routes import health

    event = {
        "version": "2.0",
        "routeKey": "GET /v1/openapi.json",
        "rawPath": "/v1/openapi.json",
        "rawQueryString": "",
        "headers": {},
        "requestContext": {"http": {"method": "GET", "path": "/v1/openapi.json"}, "stage": "$default"},
        "isBase64Encoded": False,
    }
    response = lambda_api_handler(build_resolver("lambda", [health.router]))(event, None)
    assert response["statusCode"] == 200
    assert json.loads(response["body"]) == document


def test_every_template_route_is_documented_and_every_documented_route_is_deployed(
    document: dict[str, Any],
) -> None:
    deployed = {route_shape(route) for route in api_routes()}
    documented = {route_shape(route) for route in operations(document)}
    not_built = {route_shape(route) for route in NOT_BUILT_ROUTES}
    assert deployed - not_built == documented
    assert not (documented & not_built), "a route listed as not built is served: drop it from the list"


def test_every_success_answer_is_a_typed_schema(document: dict[str, Any]) -> None:
    for name, operation in operations(document).items():
        successes = {s: r for s, r in operation["responses"].items() if s.startswith("2")}
        assert successes, name
        for status, response in successes.items():
            if status == "204":  # No Content: there is no body to type
                assert "content" not in response, name
                continue
            schema = response["content"]["application/json"]["schema"]
            assert _is_typed(schema, document), f"{name} {status}: {schema}"


def test_every_error_status_has_the_error_shape_and_none_is_a_422(document: dict[str, Any]) -> None:
    for name, operation in operations(document).items():
        responses = operation["responses"]
        assert "422" not in responses, name
        assert {"400", "413", "500"} <= set(responses), name
        for status, response in responses.items():
            if status.startswith(("4", "5")) and not (name == "GET /v1/health" and status == "503"):
                assert response["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/Error"
                }, f"{name} {status}"
        if "503" in responses:
            assert "Retry-After" in responses["503"]["headers"], name


def test_protected_operations_need_the_bearer_scheme_and_public_ones_do_not(document: dict[str, Any]) -> None:
    scheme = document["components"]["securitySchemes"]["bearer"]
    assert scheme["type"] == "http" and scheme["scheme"] == "bearer"
    for name, operation in operations(document).items():
        path = name.split(" ", 1)[1]
        if path in PUBLIC_PATHS:
            assert "security" not in operation and "401" not in operation["responses"], name
        else:
            assert operation["security"] == [{"bearer": []}], name
            assert "401" in operation["responses"], name
            assert "Retry-After" in operation["responses"]["429"]["headers"], name


def test_every_component_schema_lists_its_fields(document: dict[str, Any]) -> None:
    # A model that serializes through a wrapping serializer with a return annotation is documented as
    # that annotation (any object) instead of its fields; this catches it for every model.
    for name, schema in document["components"]["schemas"].items():
        assert schema.get("properties") or schema.get("oneOf") or schema.get("enum"), name


def test_every_schema_in_the_components_is_used(document: dict[str, Any]) -> None:
    import json

    text = json.dumps({"paths": document["paths"], "components": document["components"]})
    for name in document["components"]["schemas"]:
        assert f'"#/components/schemas/{name}"' in text, name


def _document_of(app: Any) -> dict[str, Any]:
    import json

    from engram.api.openapi import document_statuses

    return document_statuses(json.loads(app.get_openapi_json_schema(title="Engram", version="test")))


def _is_typed(schema: dict[str, Any], document: dict[str, Any]) -> bool:
    """A reference to a component with properties (or a union of them), never a bare `object`."""
    if "$ref" in schema:
        target = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        return (
            _is_typed(target, document)
            if "$ref" in target
            else bool(target.get("properties") or target.get("oneOf") or target.get("anyOf"))
        )
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return all(_is_typed(option, document) for option in options)
    return bool(schema.get("properties"))
