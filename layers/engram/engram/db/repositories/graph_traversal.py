"""Reading the personal graph: breadth-first traversal, shortest paths, subgraphs for PageRank, entity
lookup and the structured query mode. All of it is SQL over `entities` and `relationships`.

Traversal is one recursive CTE that advances a whole *frontier* per iteration: each row of the
recursion is one level (the nodes first reached at that depth, the node and edge each was reached by,
and every node visited so far). Enumerating paths instead (a `path uuid[]` per row, the textbook
recursive CTE over a graph) is cycle-safe too, but it produces one row per *path*, which
grows exponentially with depth around a hub such as the owner; a visited set keyed by entity id makes
each node appear once, at its minimal depth, and the work linear in the edges touched.

Among the edges that reach a node at its minimal depth, the one on the strongest path wins (path
strength = the product of edge strengths). This layered choice is exact: every shortest
path to a node passes through nodes of the previous level, whose best path strength is already known.

Edges count in both directions. "Currently valid" is `valid_to IS NULL AND is_active` (as the search
and special-query repositories read it); "valid at T" is `valid_from <= T < valid_to`. Merged entities
(`merged_into IS NOT NULL`) are never entered, and every row is the user's own, even without RLS.

Every read takes the caller's sensitivity ceiling (`ceiling`, a rank; `%(ceiling)s` in the statements):
nodes and edges the ceiling hides (`visibility`) are never entered, matched or resolved, so a hidden person
is neither a neighbour, nor a step of a path, nor a name a client can look up; an edge's description is
shown only as far as its evidence allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories.visibility import edge_description, edge_evidence_visible, entity_visible
from engram.domain.graph import EdgeFilter, GraphQuery, NodeFilter
from engram.language.names import canonical_name

if TYPE_CHECKING:
    import numpy as np

NODE_COLUMNS = (
    "id",
    "name",
    "canonical_name",
    "kind",
    "entity_type",
    "is_owner",
    "relationship",
    "description",
    "mention_count",
    "last_mentioned_at",
)
EDGE_COLUMNS = (
    "id",
    "from_entity_id",
    "to_entity_id",
    "kind",
    "relationship_type",
    "description",
    "strength",
    "attitude",
    "proximity",
    "confidence",
    "valid_from",
    "valid_to",
)
# Words a user may use for themself when naming a graph node ("the path from me to Dan").
OWNER_WORDS = ("@owner", "me", "myself", "i")


def _columns(alias: str, columns: Sequence[str], prefix: str = "") -> sql.Composable:
    return sql.SQL(", ").join(
        sql.SQL("{}.{} AS {}").format(sql.Identifier(alias), sql.Identifier(c), sql.Identifier(prefix + c))
        for c in columns
    )


def _edge_columns(prefix: str = "") -> sql.Composable:
    """The edge columns of `r`, its description as far as the ceiling shows it."""
    return sql.SQL(", ").join(
        sql.SQL("{} AS {}").format(
            sql.SQL(edge_description("r")) if c == "description" else sql.Identifier("r", c),
            sql.Identifier(prefix + c),
        )
        for c in EDGE_COLUMNS
    )


_EDGE_SEEN = sql.SQL(edge_evidence_visible("r"))


def _split(row: dict[str, Any], prefix: str) -> dict[str, Any] | None:
    """The prefixed columns of a joined row as their own dict (None when the outer join found nothing)."""
    part = {k[len(prefix) :]: v for k, v in row.items() if k.startswith(prefix)}
    return part if part.get("id") is not None else None


def edge_validity(alias: str, as_of: datetime | None) -> sql.Composable:
    """The validity predicate for edges under `alias`: current, or valid at `as_of` (placeholder `as_of`).

    Composed rather than written as `(%(as_of)s IS NULL AND ...) OR ...` so that the current case stays
    a plain predicate the partial `is_active` indexes can serve."""
    r = sql.Identifier(alias)
    if as_of is None:
        return sql.SQL("{r}.valid_to IS NULL AND {r}.is_active").format(r=r)
    return sql.SQL(
        "{r}.valid_from <= %(as_of)s AND ({r}.valid_to IS NULL OR {r}.valid_to > %(as_of)s)"
    ).format(r=r)


def _bfs_cte(as_of: datetime | None, *, stop_at_target: bool = False) -> sql.Composed:
    """`bfs(depth, frontier, parents, edges, scores, visited)`: one row per level from the seeds.

    Parameters: uid, seeds (uuid[]), max_depth, min_strength, as_of, ceiling, and `target` with
    stop_at_target (expansion stops at the level that reaches it)."""
    hop = sql.SQL(
        """
        SELECT r.{far} AS node, f.id AS parent, r.id AS edge, f.score * r.strength AS score
        FROM unnest(b.frontier, b.scores) AS f(id, score)
        JOIN relationships r ON r.{near} = f.id
        WHERE r.user_id = %(uid)s AND {valid} AND r.strength >= %(min_strength)s AND {seen}"""
    )
    valid = edge_validity("r", as_of)
    outgoing = hop.format(
        far=sql.Identifier("to_entity_id"),
        near=sql.Identifier("from_entity_id"),
        valid=valid,
        seen=_EDGE_SEEN,
    )
    incoming = hop.format(
        far=sql.Identifier("from_entity_id"),
        near=sql.Identifier("to_entity_id"),
        valid=valid,
        seen=_EDGE_SEEN,
    )
    stop = sql.SQL("AND NOT (%(target)s::uuid = ANY(b.frontier))") if stop_at_target else sql.SQL("")
    return sql.SQL(
        """
    bfs(depth, frontier, parents, edges, scores, visited) AS (
        SELECT 0, array_agg(e.id ORDER BY e.id), array_agg(NULL::uuid), array_agg(NULL::uuid),
               array_agg(1.0::float8), array_agg(e.id)
        FROM entities e
        WHERE e.id = ANY(%(seeds)s::uuid[]) AND e.user_id = %(uid)s AND e.merged_into IS NULL AND {visible}
        UNION ALL
        SELECT b.depth + 1, n.nodes, n.parents, n.edges, n.scores, b.visited || n.nodes
        FROM bfs b
        CROSS JOIN LATERAL (
            SELECT array_agg(c.node ORDER BY c.node) AS nodes, array_agg(c.parent ORDER BY c.node) AS parents,
                   array_agg(c.edge ORDER BY c.node) AS edges, array_agg(c.score ORDER BY c.node) AS scores
            FROM (
                SELECT DISTINCT ON (h.node) h.node, h.parent, h.edge, h.score
                FROM ({outgoing} UNION ALL {incoming}) AS h
                JOIN entities e ON e.id = h.node AND e.user_id = %(uid)s AND e.merged_into IS NULL
                                   AND {visible}
                WHERE NOT EXISTS (SELECT 1 FROM unnest(b.visited) AS v(id) WHERE v.id = h.node)
                ORDER BY h.node, h.score DESC, h.edge
            ) AS c
        ) AS n
        WHERE b.depth < %(max_depth)s AND b.frontier IS NOT NULL AND n.nodes IS NOT NULL {stop}
    )"""
    ).format(outgoing=outgoing, incoming=incoming, stop=stop, visible=sql.SQL(entity_visible("e")))


_LEVELS = sql.SQL(
    """
    levels AS (
        SELECT b.depth, l.node, l.parent, l.edge, l.score
        FROM bfs b CROSS JOIN LATERAL unnest(b.frontier, b.parents, b.edges, b.scores)
            AS l(node, parent, edge, score)
    )"""
)


def _params(
    user_id: str,
    seeds: Sequence[UUID],
    *,
    max_depth: int,
    min_strength: float = 0.0,
    as_of: datetime | None = None,
    target: UUID | None = None,
    ceiling: int = 0,
) -> dict[str, Any]:
    return {
        "uid": user_id,
        "ceiling": ceiling,
        "seeds": list(seeds),
        "max_depth": max_depth,
        "min_strength": min_strength,
        "as_of": as_of,
        "target": target,
    }


def traverse(
    conn: Conn,
    user_id: str,
    start_entity_id: UUID,
    *,
    max_depth: int = 2,
    min_strength: float = 0.0,
    as_of: datetime | None = None,
    limit: int | None = None,
    ceiling: int = 0,
) -> list[dict[str, Any]]:
    """Entities within `max_depth` hops of the start (not the start itself), each once at its minimal
    depth: node columns plus `depth`, `parent_id`, `path_strength` and `edge` (the edge it was reached
    by, a dict). Nearest first, then strongest path."""
    query = sql.SQL(
        """
        WITH RECURSIVE {bfs}, {levels}
        SELECT l.depth, l.parent AS parent_id, l.score AS path_strength, {node}, {edge}
        FROM levels l
        JOIN entities e ON e.id = l.node
        JOIN relationships r ON r.id = l.edge
        WHERE l.depth > 0
        ORDER BY l.depth, l.score DESC, e.name, e.id
        {limit}
        """
    ).format(
        bfs=_bfs_cte(as_of),
        levels=_LEVELS,
        node=_columns("e", NODE_COLUMNS),
        edge=_edge_columns("edge__"),
        limit=sql.SQL("LIMIT %(limit)s") if limit is not None else sql.SQL(""),
    )
    params = _params(
        user_id,
        [start_entity_id],
        max_depth=max_depth,
        min_strength=min_strength,
        as_of=as_of,
        ceiling=ceiling,
    )
    params["limit"] = limit
    rows = conn.execute(query, params).fetchall()
    out = []
    for row in rows:
        node = {k: v for k, v in row.items() if not k.startswith("edge__")}
        node["edge"] = _split(row, "edge__")
        out.append(node)
    return out


@dataclass(frozen=True)
class Path:
    """A shortest path: `node_ids` from start to end, `edges` (dicts) between consecutive nodes."""

    node_ids: list[UUID]
    edges: list[dict[str, Any]]
    strength: float

    @property
    def hops(self) -> int:
        return len(self.edges)


def shortest_path(
    conn: Conn,
    user_id: str,
    from_id: UUID,
    to_id: UUID,
    *,
    max_hops: int = 3,
    as_of: datetime | None = None,
    ceiling: int = 0,
) -> Path | None:
    """The fewest-hops path between two entities (edges in either direction), and among those the one
    with the strongest product of edge strengths; None when none exists within `max_hops`."""
    if from_id == to_id:
        found = conn.execute(
            "SELECT id FROM entities WHERE id = %s AND user_id = %s AND merged_into IS NULL",
            (from_id, user_id),
        ).fetchone()
        return Path(node_ids=[from_id], edges=[], strength=1.0) if found else None
    query = sql.SQL(
        """
        WITH RECURSIVE {bfs}, {levels},
        back(depth, node, parent, edge, score) AS (
            SELECT depth, node, parent, edge, score FROM levels WHERE node = %(target)s
            UNION ALL
            SELECT l.depth, l.node, l.parent, l.edge, l.score
            FROM back k JOIN levels l ON l.node = k.parent AND l.depth = k.depth - 1
        )
        SELECT k.depth, k.node, k.score, {edge}
        FROM back k LEFT JOIN relationships r ON r.id = k.edge
        ORDER BY k.depth
        """
    ).format(
        bfs=_bfs_cte(as_of, stop_at_target=True),
        levels=_LEVELS,
        edge=_edge_columns("edge__"),
    )
    rows = conn.execute(
        query, _params(user_id, [from_id], max_depth=max_hops, as_of=as_of, target=to_id, ceiling=ceiling)
    ).fetchall()
    if not rows:
        return None
    edges = [edge for row in rows if (edge := _split(row, "edge__")) is not None]
    return Path(node_ids=[row["node"] for row in rows], edges=edges, strength=float(rows[-1]["score"]))


@dataclass(frozen=True)
class Subgraph:
    """Nodes as ids (index = position) and undirected weighted edges as index arrays, ready for numpy."""

    node_ids: list[UUID]
    depth: np.ndarray  # int, hops from the nearest seed
    src: np.ndarray  # int, index into node_ids
    dst: np.ndarray
    weight: np.ndarray  # float, strength x confidence

    @property
    def edge_count(self) -> int:
        return int(self.src.shape[0])


def subgraph(
    conn: Conn,
    user_id: str,
    seed_ids: Sequence[UUID],
    *,
    max_depth: int = 3,
    as_of: datetime | None = None,
    ceiling: int = 0,
) -> Subgraph:
    """The nodes within `max_depth` of any seed and every valid edge among them, in one statement.

    Edges come back as positions into the node list (aggregated into arrays server-side), so a graph of
    tens of thousands of edges crosses the wire as a handful of arrays rather than as rows."""
    import numpy as np

    query = sql.SQL(
        """
        WITH RECURSIVE {bfs}, {levels},
        nodes AS MATERIALIZED (
            SELECT node AS id, depth, (row_number() OVER (ORDER BY depth, node) - 1)::int AS idx FROM levels
        ),
        edges AS (
            SELECT a.idx AS src, b.idx AS dst, (r.strength * r.confidence)::float8 AS w
            FROM relationships r
            JOIN nodes a ON a.id = r.from_entity_id
            JOIN nodes b ON b.id = r.to_entity_id
            WHERE r.user_id = %(uid)s AND {valid} AND {seen}
        )
        SELECT (SELECT array_agg(id ORDER BY idx) FROM nodes) AS ids,
               (SELECT array_agg(depth ORDER BY idx) FROM nodes) AS depth,
               (SELECT array_agg(src) FROM edges) AS src,
               (SELECT array_agg(dst) FROM edges) AS dst,
               (SELECT array_agg(w) FROM edges) AS w
        """
    ).format(bfs=_bfs_cte(as_of), levels=_LEVELS, valid=edge_validity("r", as_of), seen=_EDGE_SEEN)
    params = _params(user_id, seed_ids, max_depth=max_depth, as_of=as_of, ceiling=ceiling)
    row = conn.execute(query, params).fetchone()
    assert row is not None
    return Subgraph(
        node_ids=list(row["ids"] or []),
        depth=np.asarray(row["depth"] or [], dtype=np.int64),
        src=np.asarray(row["src"] or [], dtype=np.int64),
        dst=np.asarray(row["dst"] or [], dtype=np.int64),
        weight=np.asarray(row["w"] or [], dtype=np.float64),
    )


def edges_among(
    conn: Conn,
    user_id: str,
    entity_ids: Sequence[UUID],
    *,
    min_strength: float = 0.0,
    as_of: datetime | None = None,
    ceiling: int = 0,
) -> list[dict[str, Any]]:
    """Every valid edge the ceiling shows whose two ends are both in `entity_ids` (a neighbourhood's
    induced edges: two people can be friends *and* coworkers, and traversal keeps only one edge per
    node)."""
    query = sql.SQL(
        """
        SELECT {edge} FROM relationships r
        WHERE r.user_id = %(uid)s AND r.from_entity_id = ANY(%(ids)s::uuid[])
          AND r.to_entity_id = ANY(%(ids)s::uuid[]) AND {valid} AND r.strength >= %(min_strength)s
          AND {seen}
        ORDER BY r.strength DESC, r.valid_from, r.id
        """
    ).format(edge=_edge_columns(), valid=edge_validity("r", as_of), seen=_EDGE_SEEN)
    params = {
        "uid": user_id,
        "ids": list(entity_ids),
        "min_strength": min_strength,
        "as_of": as_of,
        "ceiling": ceiling,
    }
    return conn.execute(query, params).fetchall()


def nodes_by_id(conn: Conn, user_id: str, entity_ids: Sequence[UUID]) -> dict[UUID, dict[str, Any]]:
    """Node columns of these entities (the user's own only), by id."""
    if not entity_ids:
        return {}
    query = sql.SQL("SELECT {node} FROM entities e WHERE e.user_id = %s AND e.id = ANY(%s::uuid[])").format(
        node=_columns("e", NODE_COLUMNS)
    )
    return {row["id"]: row for row in conn.execute(query, (user_id, list(entity_ids))).fetchall()}


def resolve_entity(conn: Conn, user_id: str, key: str, *, ceiling: int = 0) -> dict[str, Any] | None:
    """The live entity a client means by `key`: its id (a merged entity's id leads to the entity it was
    merged into), or a name matched case-insensitively on the canonical name or an alias, the most
    mentioned first. "me" names the owner. None when the user has no such entity the ceiling shows."""
    try:
        entity_id: UUID | None = UUID(key)
    except ValueError:
        entity_id = None
    node = _columns("e", NODE_COLUMNS)
    if entity_id is not None:
        query = sql.SQL(
            """
            WITH RECURSIVE chain(id, merged_into, hops) AS (
                SELECT id, merged_into, 0 FROM entities WHERE id = %(id)s AND user_id = %(uid)s
                UNION ALL
                SELECT e.id, e.merged_into, c.hops + 1
                FROM chain c JOIN entities e ON e.id = c.merged_into AND e.user_id = %(uid)s
                WHERE c.hops < 10
            )
            SELECT {node} FROM chain c JOIN entities e ON e.id = c.id
            WHERE c.merged_into IS NULL AND {visible} LIMIT 1
            """
        ).format(node=node, visible=sql.SQL(entity_visible("e")))
        return conn.execute(query, {"id": entity_id, "uid": user_id, "ceiling": ceiling}).fetchone()
    canon = canonical_name(key)
    if not canon:
        return None
    query = sql.SQL(
        """
        SELECT {node} FROM entities e
        WHERE e.user_id = %(uid)s AND e.merged_into IS NULL
          AND (e.canonical_name = %(canon)s OR %(canon)s = ANY(e.aliases)
               OR (e.is_owner AND %(canon)s = ANY(%(owner_words)s::text[])))
          AND {visible}
        ORDER BY (e.canonical_name = %(canon)s) DESC, e.mention_count DESC,
                 e.last_mentioned_at DESC NULLS LAST, e.id
        LIMIT 1
        """
    ).format(node=node, visible=sql.SQL(entity_visible("e")))
    params = {"uid": user_id, "canon": canon, "owner_words": list(OWNER_WORDS), "ceiling": ceiling}
    return conn.execute(query, params).fetchone()


# ---------------------------------------------------------------------------------------------------
# The structured query mode: a `GraphQuery` compiled to one parameterised statement
# ---------------------------------------------------------------------------------------------------


class _Params:
    """Named placeholders for client values: every value is a parameter, never SQL text."""

    def __init__(self, user_id: str, ceiling: int):
        self.values: dict[str, Any] = {"uid": user_id, "ceiling": ceiling}

    def add(self, value: Any) -> sql.Placeholder:
        name = f"p{len(self.values)}"
        self.values[name] = value
        return sql.Placeholder(name)


def _node_conditions(alias: str, node: NodeFilter, params: _Params) -> list[sql.Composable]:
    e = sql.Identifier(alias)
    out: list[sql.Composable] = [
        sql.SQL("{e}.user_id = %(uid)s AND {e}.merged_into IS NULL").format(e=e),
        sql.SQL(entity_visible(alias)),
    ]
    if node.kind is not None:
        out.append(sql.SQL("{}.kind = {}").format(e, params.add(node.kind)))
    if node.entity_type is not None:
        out.append(sql.SQL("lower({}.entity_type) = {}").format(e, params.add(node.entity_type.lower())))
    if node.is_owner is not None:
        out.append(sql.SQL("{}.is_owner = {}").format(e, params.add(node.is_owner)))
    if node.name is not None:
        name = params.add(canonical_name(node.name))
        out.append(sql.SQL("({e}.canonical_name = {n} OR {n} = ANY({e}.aliases))").format(e=e, n=name))
    if node.name_contains is not None:
        # strpos, not LIKE: the client's % and _ are plain characters.
        part = params.add(node.name_contains.lower())
        out.append(sql.SQL("strpos(lower({e}.name), {p}) > 0").format(e=e, p=part))
    if node.mentioned_since is not None:
        out.append(sql.SQL("{}.last_mentioned_at >= {}").format(e, params.add(node.mentioned_since)))
    return out


def _edge_conditions(edge: EdgeFilter, params: _Params) -> list[sql.Composable]:
    out: list[sql.Composable] = [sql.SQL("r.user_id = %(uid)s"), _EDGE_SEEN]
    if edge.as_of is not None:
        params.values["as_of"] = edge.as_of
        out.append(edge_validity("r", edge.as_of))
    elif edge.since is None and edge.until is None:
        out.append(edge_validity("r", None))
    else:
        if edge.until is not None:
            out.append(sql.SQL("r.valid_from < {}").format(params.add(edge.until)))
        if edge.since is not None:
            out.append(sql.SQL("(r.valid_to IS NULL OR r.valid_to > {})").format(params.add(edge.since)))
    if edge.kinds is not None:
        out.append(sql.SQL("r.kind = ANY({}::text[])").format(params.add(list(edge.kinds))))
    if edge.types is not None:
        types = [t.lower() for t in edge.types]
        out.append(sql.SQL("lower(r.relationship_type) = ANY({}::text[])").format(params.add(types)))
    bounds = (
        ("attitude", ">=", edge.min_attitude),
        ("attitude", "<=", edge.max_attitude),
        ("proximity", ">=", edge.min_proximity),
        ("proximity", "<=", edge.max_proximity),
        ("strength", ">=", edge.min_strength),
    )
    for column, op, value in bounds:
        if value is not None:
            out.append(sql.SQL("r.{} {} {}").format(sql.Identifier(column), sql.SQL(op), params.add(value)))
    return out


def match_pattern(conn: Conn, user_id: str, query: GraphQuery, *, ceiling: int = 0) -> list[dict[str, Any]]:
    """Edges the ceiling shows matching `(from)-[edge]-(to)`, strongest first, each edge once: rows with
    `from__`, `edge__` and `to__` columns. Undirected patterns try both orientations of an edge and keep
    the stored one when both match."""
    params = _Params(user_id, ceiling)
    conditions = [
        *_edge_conditions(query.edge, params),
        *_node_conditions("a", query.from_, params),
        *_node_conditions("b", query.to, params),
    ]
    if query.directed:
        conditions.append(sql.SQL("NOT o.flipped"))
    params.values["limit"] = query.limit
    statement = sql.SQL(
        """
        SELECT * FROM (
            SELECT DISTINCT ON (r.id) {a}, {r}, {b}
            FROM relationships r
            CROSS JOIN LATERAL (VALUES (false, r.from_entity_id, r.to_entity_id),
                                       (true, r.to_entity_id, r.from_entity_id)) AS o(flipped, a_id, b_id)
            JOIN entities a ON a.id = o.a_id
            JOIN entities b ON b.id = o.b_id
            WHERE {conditions}
            ORDER BY r.id, o.flipped
        ) AS m
        ORDER BY m.edge__strength DESC, m.edge__valid_from DESC, m.edge__id
        LIMIT %(limit)s
        """
    ).format(
        a=_columns("a", NODE_COLUMNS, "from__"),
        r=_edge_columns("edge__"),
        b=_columns("b", NODE_COLUMNS, "to__"),
        conditions=sql.SQL(" AND ").join(conditions),
    )
    rows = conn.execute(statement, params.values).fetchall()
    return [
        {"from": _split(row, "from__"), "edge": _split(row, "edge__"), "to": _split(row, "to__")}
        for row in rows
    ]
