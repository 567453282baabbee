"""Graph reads for the API: neighbourhoods, paths, personalized PageRank and structured queries.

Each call is one user transaction (row-level security on top of the repositories' own `user_id`
filters). Entities are named by id or by name; a name the user's graph does not hold is a 404, so a
client can tell "no such person" from "no connection". Each read applies the caller's sensitivity ceiling
(`sensitivity_max`, else their default level): an entity it hides is reported like one the graph does not
hold, and is never a neighbour or a step of a path (`db.repositories.visibility`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.db.connection import Conn, get_database
from engram.db.repositories import graph_traversal as repo
from engram.db.repositories import relationships as rel_repo
from engram.db.repositories.visibility import ceiling_rank
from engram.domain.graph import (
    NODE_TYPES,
    CypherTraverse,
    GraphEdge,
    GraphNode,
    GraphQuery,
    NeighborNode,
    NeighborsResponse,
    PathResponse,
    PprMeta,
    PprResponse,
    PprResult,
    PprTraverse,
    QueryMatch,
    QueryMeta,
    QueryResponse,
    QueryTraverse,
)
from engram.errors import NotFound, ValidationFailed
from engram.graph.descriptions import fresh_descriptions
from engram.models import SensitivityLevel

NEIGHBOR_LIMIT = 500


def _utc(value: datetime | None) -> datetime | None:
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


def _resolve(conn: Conn, user_id: str, key: str, field: str, ceiling: int) -> dict[str, Any]:
    if "\x00" in key:
        raise ValidationFailed(f"{field} must not contain NUL characters", field=field)
    node = repo.resolve_entity(conn, user_id, key.strip(), ceiling=ceiling)
    if node is None and key.strip().lower() in repo.OWNER_WORDS:
        # "me" always names the user, whether or not a fact has tied anything to them yet
        rel_repo.ensure_owner(conn, user_id, at=datetime.now(UTC))
        node = repo.resolve_entity(conn, user_id, key.strip(), ceiling=ceiling)
    if node is None:
        raise NotFound(f"no entity {key.strip()!r} in your graph", field=field)
    return node


def _node(row: dict[str, Any]) -> GraphNode:
    return GraphNode.model_validate({k: row[k] for k in GraphNode.model_fields})


def _edge(row: dict[str, Any]) -> GraphEdge:
    return GraphEdge.model_validate({k: row[k] for k in GraphEdge.model_fields})


def neighbors(
    user_id: str,
    entity: str,
    *,
    depth: int = 1,
    min_strength: float = 0.0,
    as_of: datetime | None = None,
    limit: int = NEIGHBOR_LIMIT,
    sensitivity_max: SensitivityLevel | None = None,
) -> NeighborsResponse:
    """Entities within `depth` hops, nearest and strongest first, and the valid edges among them."""
    as_of = _utc(as_of)
    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id)
        ceiling = ceiling_rank(conn, user_id, sensitivity_max)
        start = _resolve(conn, user_id, entity, "entity", ceiling)
        rows = repo.traverse(
            conn,
            user_id,
            start["id"],
            max_depth=depth,
            min_strength=min_strength,
            as_of=as_of,
            limit=limit + 1,
            ceiling=ceiling,
        )
        truncated = len(rows) > limit
        rows = rows[:limit]
        ids = [start["id"], *(row["id"] for row in rows)]
        edges = repo.edges_among(conn, user_id, ids, min_strength=min_strength, as_of=as_of, ceiling=ceiling)
    nodes = [
        NeighborNode(
            **_node(row).model_dump(),
            depth=row["depth"],
            via=row["parent_id"],
            edge_id=row["edge"]["id"],
            path_strength=round(float(row["path_strength"]), 6),
        )
        for row in rows
    ]
    return NeighborsResponse(
        entity=_node(start), nodes=nodes, edges=[_edge(e) for e in edges], truncated=truncated
    )


def find_path(
    user_id: str,
    source: str,
    target: str,
    *,
    max_hops: int = 3,
    as_of: datetime | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> PathResponse:
    """The fewest-hops connection between two entities (the strongest among equals), in path order."""
    as_of = _utc(as_of)
    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id)
        ceiling = ceiling_rank(conn, user_id, sensitivity_max)
        start = _resolve(conn, user_id, source, "from", ceiling)
        end = _resolve(conn, user_id, target, "to", ceiling)
        path = repo.shortest_path(
            conn, user_id, start["id"], end["id"], max_hops=max_hops, as_of=as_of, ceiling=ceiling
        )
        if path is None:
            return PathResponse(found=False)
        nodes = repo.nodes_by_id(conn, user_id, path.node_ids)
    return PathResponse(
        found=True,
        hops=path.hops,
        strength=round(path.strength, 6),
        nodes=[_node(nodes[node_id]) for node_id in path.node_ids],
        edges=[_edge(e) for e in path.edges],
    )


def traverse(
    user_id: str, request: PprTraverse | QueryTraverse | CypherTraverse
) -> PprResponse | QueryResponse:
    """`POST /v1/traverse`: PageRank from seed nodes, or a structured query (raw Cypher is refused)."""
    if isinstance(request, CypherTraverse):
        raise ValidationFailed(
            'raw graph queries (Cypher or SQL) are not accepted; use mode "query" with a structured '
            'pattern {"from": {...}, "edge": {...}, "to": {...}}, or mode "ppr"',
            field="mode",
        )
    if isinstance(request, QueryTraverse):
        return query_graph(user_id, request.query, request.sensitivity_max)
    return rank_by_ppr(user_id, request)


def rank_by_ppr(user_id: str, request: PprTraverse) -> PprResponse:
    """Personalized PageRank from the seeds over their `max_depth` neighbourhood (edge weight =
    strength x confidence), the `top_k` best, seeds included and flagged."""
    import numpy as np  # here, with ppr's, so that the graph routes' import does not load it

    from engram.graph.ppr import personalized_pagerank

    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id)
        ceiling = ceiling_rank(conn, user_id, request.sensitivity_max)
        seeds = [
            _resolve(conn, user_id, key, f"seed_nodes[{i}]", ceiling)["id"]
            for i, key in enumerate(request.seed_nodes)
        ]
        graph = repo.subgraph(
            conn, user_id, seeds, max_depth=request.max_depth, as_of=request.as_of, ceiling=ceiling
        )
        position = {node_id: i for i, node_id in enumerate(graph.node_ids)}
        seed_index = [position[s] for s in dict.fromkeys(seeds)]
        ranked = personalized_pagerank(
            len(graph.node_ids), graph.src, graph.dst, graph.weight, seed_index, damping=request.damping
        )
        top = np.argsort(-ranked.scores, kind="stable")[: request.top_k]
        details = repo.nodes_by_id(conn, user_id, [graph.node_ids[i] for i in top])
    seed_set = set(seeds)
    results = []
    for i in top:
        node_id = graph.node_ids[i]
        row = details[node_id]
        results.append(
            PprResult(
                entity_key=node_id,
                node_type=NODE_TYPES[row["kind"]],
                name=row["name"],
                score=round(float(ranked.scores[i]), 8),
                is_seed=node_id in seed_set,
                depth=int(graph.depth[i]),
                description=row["description"],
            )
        )
    meta = PprMeta(
        nodes=len(graph.node_ids),
        edges=graph.edge_count,
        iterations=ranked.iterations,
        converged=ranked.converged,
    )
    return PprResponse(results=results, meta=meta)


def query_graph(
    user_id: str, query: GraphQuery, sensitivity_max: SensitivityLevel | None = None
) -> QueryResponse:
    """The matched `(from)-[edge]-(to)` triples, strongest edge first, at most `limit`."""
    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id)
        rows = repo.match_pattern(conn, user_id, query, ceiling=ceiling_rank(conn, user_id, sensitivity_max))
    matches = [QueryMatch(from_=_node(r["from"]), edge=_edge(r["edge"]), to=_node(r["to"])) for r in rows]
    return QueryResponse(results=matches, meta=QueryMeta(count=len(matches), limit=query.limit))
