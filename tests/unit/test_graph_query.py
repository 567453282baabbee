"""The structured graph query grammar: what it accepts, and that anything else is refused by name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from engram.api.routes.graph import parse_traverse
from engram.domain.graph import CypherTraverse, GraphQuery, PprTraverse, QueryTraverse


def _error_locs(exc: ValidationError) -> list[tuple]:
    return [tuple(e["loc"]) for e in exc.errors()]


def test_the_seed_004_cypher_example_has_a_structured_equivalent():
    # MATCH (u:Person {is_owner: true})-[r:has_relationship_with]-(p:Person) WHERE p.name CONTAINS 'girl'
    query = GraphQuery.model_validate(
        {
            "from": {"is_owner": True},
            "edge": {"kinds": ["has_relationship_with"]},
            "to": {"kind": "person", "name_contains": "girl"},
        }
    )
    assert query.from_.is_owner is True and query.to.name_contains == "girl"
    assert query.directed is False and query.limit == 50


def test_an_empty_query_matches_every_current_edge_with_defaults():
    query = GraphQuery.model_validate({})
    assert query.edge.as_of is None and query.edge.kinds is None and query.limit == 50


def test_times_without_an_offset_are_utc():
    query = GraphQuery.model_validate({"edge": {"as_of": "2026-02-01T00:00:00"}})
    assert query.edge.as_of == datetime(2026, 2, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"from": {"label": "Person"}}, ("from", "label")),
        ({"match": "(n) RETURN n"}, ("match",)),
        ({"edge": {"kinds": ["knows"]}}, ("edge", "kinds", 0)),
        ({"edge": {"kinds": []}}, ("edge", "kinds")),
        ({"edge": {"types": ["x" * 65]}}, ("edge", "types", 0)),
        ({"edge": {"min_attitude": 0}}, ("edge", "min_attitude")),
        ({"edge": {"max_proximity": 6}}, ("edge", "max_proximity")),
        ({"edge": {"min_proximity": 4, "max_proximity": 3}}, ("edge", "max_proximity")),
        ({"edge": {"min_strength": 1.5}}, ("edge", "min_strength")),
        ({"edge": {"since": "2026-03-01T00:00:00Z", "until": "2026-02-01T00:00:00Z"}}, ("edge", "until")),
        ({"edge": {"as_of": "2026-03-01T00:00:00Z", "until": "2026-04-01T00:00:00Z"}}, ("edge", "until")),
        ({"to": {"kind": "team"}}, ("to", "kind")),
        ({"to": {"name": ""}}, ("to", "name")),
        ({"to": {"name_contains": "a\x00"}}, ("to", "name_contains")),
        ({"to": {"is_owner": "maybe"}}, ("to", "is_owner")),
        ({"limit": 0}, ("limit",)),
        ({"limit": 201}, ("limit",)),
        ({"directed": "sometimes"}, ("directed",)),
    ],
)
def test_anything_outside_the_grammar_is_refused_naming_the_field(body, loc):
    with pytest.raises(ValidationError) as caught:
        GraphQuery.model_validate(body)
    assert _error_locs(caught.value)[0] == loc


def test_the_six_edge_kinds_are_accepted():
    kinds = [
        "has_relationship_with",
        "engages_with",
        "associated_with",
        "relates_to",
        "involves",
        "connected_to",
    ]
    assert GraphQuery.model_validate({"edge": {"kinds": kinds}}).edge.kinds == kinds


def test_traverse_bodies_are_chosen_by_mode():
    assert isinstance(parse_traverse({"mode": "ppr", "seed_nodes": ["Sarah"]}), PprTraverse)
    assert isinstance(parse_traverse({"mode": "query", "query": {}}), QueryTraverse)
    assert isinstance(parse_traverse({"mode": "cypher", "cypher": "MATCH (n) RETURN n"}), CypherTraverse)


def test_ppr_defaults_follow_seed_004():
    request = parse_traverse({"mode": "ppr", "seed_nodes": ["Sarah"]})
    assert isinstance(request, PprTraverse)
    assert (request.max_depth, request.damping, request.top_k) == (3, 0.85, 20)


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"mode": "query", "query": {"from": {"label": "x"}}}, ("body", "query", "from", "label")),
        ({"mode": "ppr", "seed_nodes": ["Sarah"], "damping": 1}, ("body", "damping")),
        ({"mode": "ppr", "seed_nodes": ["x"] * 21}, ("body", "seed_nodes")),
        ({"mode": "ppr", "seed_nodes": ["Sarah"], "query": {}}, ("body", "query")),
        ({"mode": "sql", "sql": "SELECT 1"}, ("body", "mode")),
        ({"query": {}}, ("body", "mode")),
    ],
)
def test_traverse_errors_name_the_clients_field_without_the_mode_tag(body, loc):
    from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

    with pytest.raises(RequestValidationError) as caught:
        parse_traverse(body)
    assert tuple(caught.value.errors()[0]["loc"]) == loc
