"""template.yaml, parsed once, and the HTTP API routes it declares (shared by the contract tests)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from cfnlint.decode import cfn_yaml

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_PATH = ROOT / "template.yaml"


@cache
def template() -> dict[str, Any]:
    return cfn_yaml.load(str(TEMPLATE_PATH))


def api_routes() -> dict[str, str]:
    """`METHOD /path` -> the logical id of the function serving it, for every HttpApi event."""
    routes: dict[str, str] = {}
    for function_id, resource in template()["Resources"].items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        for event in resource.get("Properties", {}).get("Events", {}).values():
            if event.get("Type") == "HttpApi":
                props = event["Properties"]
                routes[f"{props['Method'].upper()} {props['Path']}"] = function_id
    return routes


def route_shape(route: str) -> str:
    """A route with its path parameters unnamed: API Gateway matches `/v1/jobs/{id}` and a router's
    `/v1/jobs/{job_id}` alike (the name only shows in a 400's `field`)."""
    return re.sub(r"\{[^/}]+\}", "{}", route)


def function_folder(function_id: str) -> str:
    """The folder under functions/ of a function (its CodeUri)."""
    code_uri = template()["Resources"][function_id]["Properties"]["CodeUri"]
    return Path(code_uri).name


# Declared in the template but not built yet: the function answers them 404; they join the OpenAPI
# document when they are built. Empty while every declared route is served.
NOT_BUILT_ROUTES: frozenset[str] = frozenset()
