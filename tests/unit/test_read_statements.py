"""The read path's statements are composed from pure pieces: which signals and conditions a search plans,
that values travel as parameters only, and what explore shows per granularity."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest

from engram.db.repositories.explore import GatherInput, gather_params, gather_statement
from engram.db.repositories.search import HybridPlan, TermReads, hybrid_statement, plan_signals
from engram.db.repositories.search_visibility import (
    VISIBLE,
    SearchFilters,
    visibility_needs,
    visible_predicate,
)
from engram.retrieval.explore_choice import DEFAULT_LIMITS, choose
from engram.retrieval.explore_models import ExploreRequest
from engram.retrieval.explore_scoring import Candidates, Scored, Scorer

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)
ALL = {"vector", "fts", "name", "entity", "graph"}
MEMORY = "5ce7a70c-9512-4fe8-bb49-6fb1761dd78c"
ENTITY = "4a445416-f1c8-4fb8-9deb-e9346a7088c7"
NEIGHBOUR = "70b05e67-0830-4201-82d4-7ab75616f9cc"


def _plan(signals: set[str] = ALL, **kw: Any) -> HybridPlan:
    args: dict[str, Any] = {"has_embedding": True, "reads": None, "mentions": {}} | kw
    return plan_signals(signals, **args)


def _statement(plan: HybridPlan, *, has_embedding: bool = True, with_similarity: bool = False) -> str:
    visibility = visibility_needs(SearchFilters(now=NOW))
    return hybrid_statement(
        plan.ctes, visibility, has_embedding=has_embedding, with_similarity=with_similarity
    )


def test_only_the_signals_with_something_to_rank_are_planned():
    assert _plan(has_embedding=False).ctes == ()
    assert _plan(reads=TermReads(weights={"pottery": 2.0})).ctes == ("vec",)  # a term nothing reads: no fts
    assert _plan({"fts", "name"}).ctes == ()  # no embedding wanted, no term read, nothing named

    full = _plan(
        reads=TermReads(rare=["pottery"], weights={"pottery": 2.0}),
        mentions={"name": [(MEMORY, 0.8)], "entity": [(ENTITY, 0.9)], "hop": [(NEIGHBOUR, 0.4)]},
    )
    assert full.ctes == ("vec", "fts", "nm", "ent", "graph")
    text = _statement(full)
    for cte in ("vec AS", "fts AS", "nm AS", '"ent" AS', '"graph" AS'):
        assert cte in text
    assert full.params["name_ids"] == [MEMORY] and full.params["ent_weights"] == [0.9]
    assert full.params["graph_ids"] == [NEIGHBOUR] and full.params["rare"] == ["pottery"]


def test_values_are_parameters_never_part_of_the_statement():
    plan = _plan(
        reads=TermReads(rare=["o'brien"], sampled="x'); DROP TABLE memories; --", sample_cap=3, weights={}),
        mentions={"name": [(MEMORY, 0.5)]},
    )
    text = _statement(plan, with_similarity=True)
    assert "o'brien" not in text and "DROP TABLE" not in text and MEMORY not in text
    assert "%(rare)s" in text and "%(sampled)s" in text and "%(name_ids)s" in text


@pytest.mark.parametrize(
    ("has_embedding", "with_similarity", "similarity"),
    [
        (False, False, "0 AS similarity"),
        (True, True, "FROM memories m WHERE m.id = c.id"),
        (True, False, "c.distance"),
    ],
)
def test_similarity_is_only_computed_where_it_is_needed(has_embedding, with_similarity, similarity):
    plan = _plan(has_embedding=has_embedding, mentions={"name": [(MEMORY, 0.5)]})
    assert similarity in _statement(plan, has_embedding=has_embedding, with_similarity=with_similarity)


def test_the_visibility_predicate_holds_only_the_conditions_the_filters_need():
    default = visible_predicate(SearchFilters(now=NOW)).as_string()
    assert "%(types)s" not in default and "%(since)s" not in default and "%(ceiling)s" in default
    narrowed = visible_predicate(
        SearchFilters(now=NOW, memory_types=["fact"], since=NOW - timedelta(days=7), exclude_ids=[MEMORY])
    ).as_string()
    assert "%(types)s" in narrowed and "%(since)s" in narrowed and "%(exclude)s" in narrowed
    generic = VISIBLE.as_string()
    assert all(
        f"%({p})s" in generic for p in ("historical_ok", "types", "min_importance", "until", "exclude")
    )


def test_explore_queries_become_value_rows_with_their_embeddings_as_parameters():
    assert "AS (SELECT NULL::int, NULL::vector, NULL::real WHERE false)" in gather_statement(0)
    rows = "VALUES (0, %(e0)s::vector, %(th0)s::real), (1, %(e1)s::vector, %(th1)s::real)"
    assert rows in gather_statement(2)
    params = gather_params(
        {"uid": "u"}, GatherInput(embeddings=[np.ones(3), np.zeros(3)], thresholds=[0.3, 0.5])
    )
    assert params["th1"] == 0.5 and params["e0"].dtype == np.float32 and params["uid"] == "u"


def _hit(id_: str, relevance: float, **row: Any) -> Scored:
    return Scored(id=id_, row=row, similarity=relevance, final=relevance)


def _candidates() -> Candidates:
    anchor = {"id": "anchor", "kind": "person", "name": "Emma", "salience": 0.5, "is_owner": False,
              "touched_at": (NOW - timedelta(days=2)).isoformat()}  # fmt: skip
    return Candidates(
        nodes={"n1": _hit("n1", 0.9), "n2": _hit("n2", 0.4)},
        sources=[_hit("s1", 0.7), _hit("s2", 0.0)],
        storylines=[_hit("sl1", 0.6, name="Hiking", anchor=anchor)],
        macros=[_hit("mc1", 0.5, name="Outdoors", anchor=anchor)],
        artifacts=[_hit("a1", 0.3)],
        direct_edges={},
    )


@pytest.mark.parametrize("granularity", [1, 2, 3])
def test_each_granularity_shows_its_level_in_full_and_the_others_as_references(granularity):
    scorer = Scorer(ExploreRequest(text_matches=["x"]), [])
    choice = choose(_candidates(), granularity, DEFAULT_LIMITS[granularity], scorer, NOW)

    assert [s.id for s in choice.sources] == (["s1"] if granularity == 1 else [])  # no relevance: not shown
    assert [s.id for s in choice.storylines] == (["sl1"] if granularity == 2 else [])
    assert [m.id for m in choice.macros] == (["mc1"] if granularity == 3 else [])
    assert [s.id for s in choice.storyline_refs] == (["sl1"] if granularity == 1 else [])
    assert [m.id for m in choice.macro_refs] == ([] if granularity == 3 else ["mc1"])
    # The anchor of what is shown in full leads the nodes, with its parent's relevance.
    nodes = [n.id for n in choice.nodes]
    assert nodes == (["n1", "n2"] if granularity == 1 else ["anchor", "n1", "n2"])
    if granularity > 1:
        assert choice.nodes[0].inherited == pytest.approx(0.6 if granularity == 2 else 0.5)
