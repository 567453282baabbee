"""The app relevance set: its integrity, and a quick run through HTTP that fails when search regresses.

The floors sit about 0.1 below what the quick subset measures with the offline defaults (rules + hash),
so a ranking or scoring regression fails here while an improvement passes; `python -m
bench.bench_relevance` reports the whole set (docs/benchmarks.md).
"""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import UTC, datetime

import pytest

from engram.db.connection import Database
from engram.jobs.local_worker import LocalWorker
from engram.lifecycle.cleanup import cleanup_user
from engram.pipeline.jobs import register_pipeline_jobs
from tests.http_client import ApiClient
from tests.relevance import metrics
from tests.relevance.harness import ask_questions, load_history
from tests.relevance.model import KINDS
from tests.relevance.relevance_set import HISTORIES, HOLDOUT, QUICK_USERS, problems, quick_histories

FLOORS = {"precision_at_1": 0.44, "mrr_at_5": 0.53, "ndcg_at_10": 0.54}
# The better of the two score fields' best threshold: the smaller of its two rates (no-answer questions
# left empty, answerable ones keeping an answer).
THRESHOLD_FLOOR = 0.6


def test_the_set_is_well_formed():
    assert problems() == []
    questions = [q for h in HISTORIES for q in h.questions]
    assert len(questions) >= 200
    assert sum(q.kind == "no_answer" for q in questions) >= 40
    assert {q.kind for q in questions} == set(KINDS)
    assert len(HISTORIES) >= 5


def test_the_holdout_is_well_formed_and_apart_from_the_tuning_set():
    assert problems(HOLDOUT) == []
    assert problems(HISTORIES + HOLDOUT) == []  # no user and no question shared with the tuning set
    questions = [q for h in HOLDOUT for q in h.questions]
    kinds = Counter(q.kind for q in questions)
    assert len(HOLDOUT) >= 4
    assert all(30 <= len(h.notes) <= 120 for h in HOLDOUT)
    assert len(questions) >= 160
    assert kinds["no_answer"] >= 30
    assert kinds["lexical_gap"] >= 15
    assert min(kinds[k] for k in KINDS) >= 10, kinds
    assert not {h.user for h in HOLDOUT} & set(QUICK_USERS)
    assert not any(q.quick for q in questions)


def test_the_quick_subset_covers_most_kinds():
    quick = [q for h in quick_histories() for q in h.questions]
    assert 25 <= len(quick) <= 40
    assert len({q.kind for q in quick}) >= 12
    assert sum(q.kind == "no_answer" for q in quick) >= 5


@pytest.mark.slow
def test_quick_relevance_through_http_stays_above_its_floors(api: ApiClient, db: Database):
    register_pipeline_jobs()
    records = []
    for history in quick_histories():
        user_id = f"relevance-{history.user}-{uuid.uuid4().hex[:8]}"
        loaded = load_history(
            api,
            history,
            user_id,
            drain=lambda: LocalWorker(db).run_until_idle(timeout=60),
            maintain=lambda uid=user_id: cleanup_user(uid, datetime.now(UTC), db),
        )
        records += ask_questions(api, loaded)
    figures = metrics.ranking(records)
    assert figures is not None
    measured = {name: getattr(figures, name) for name in FLOORS}
    assert all(measured[name] >= floor for name, floor in FLOORS.items()), measured
    best = max(metrics.best_cut(records, field).worst for field in metrics.SCORE_FIELDS)
    assert best >= THRESHOLD_FLOOR, best
