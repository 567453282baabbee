"""The inspector in a real headless Chromium, for a user with a scripted history: what a person sees."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from engram.db.connection import get_database
from tests.http_client import ApiClient
from tests.integration.test_hierarchy import ANDREW, NOW, PRIYA_LATER
from tests.worker_runs import cancel_left_jobs, run_job


@pytest.fixture(scope="module")
def scripted_user(inspector_api: ApiClient) -> Iterator[str]:
    """A job that changes (Acme, then Globex), a sister, a meeting, a memory forgotten for good; a
    cofounder and a hire over two months, built into storylines and a macro by a `hierarchy` job run as
    the worker runs it; a `hierarchy` job that failed on its payload, and a note still queued."""
    user = f"inspector-{uuid.uuid4().hex[:10]}"
    for note in (
        "I work at Acme as an engineer. My sister Lena lives in Berlin.",
        "I adopted a cat named Pixel.",
        "I left Acme and now I work at Globex.",
        "I have a meeting with the design team on Monday.",
    ):
        assert inspector_api.request("POST", "/v1/analyze", {"content": note}, user=user).status == 200
    for when, note in ANDREW + PRIYA_LATER:
        body = {"content": note, "source": {"document_date": when}}
        assert inspector_api.request("POST", "/v1/analyze", body, user=user).status == 200
    database = get_database()
    assert run_job(database, user, "hierarchy", {"now": NOW.isoformat()}).status == "completed"
    assert run_job(database, user, "hierarchy", {"now": "yesterday-ish"}, max_attempts=1).status == "failed"
    queued = {"content": "I went kayaking with Bram.", "async": True}
    assert inspector_api.request("POST", "/v1/analyze", queued, user=user).status == 202
    listed = inspector_api.request("GET", "/v1/memories?q=Pixel", user=user).body["items"]
    assert listed, "the cat was remembered"
    for memory in listed:
        forgotten = inspector_api.request("DELETE", f"/v1/memories/{memory['id']}?hard=true", user=user)
        assert forgotten.status in (200, 204)
    yield user
    cancel_left_jobs(database, user)  # the shared test database: no queued job for another test's worker


def _open(page: Any, base: str, user: str, view: str) -> None:
    page.goto(f"{base}/inspector/?user={user}#{view}")
    page.wait_for_selector(f"main[data-view={view}]")


def test_memories_table_shows_the_change_and_not_the_forgotten(
    page: Any, inspector_server: str, scripted_user: str
) -> None:
    _open(page, inspector_server, scripted_user, "memories")
    table = page.locator("#memories tbody")
    table.get_by_text("Now I work at Globex").wait_for()
    assert "Pixel" not in table.inner_text()
    page.select_option("#memory-filters select[name=status]", "superseded")
    page.click("#memory-filters button[type=submit]")
    # the employer and the title are two facts ("I work at Acme", "I work as an engineer"): the move to
    # Globex supersedes the employer, and its provenance is the whole sentence
    old = table.locator("tr.status-superseded", has_text="I work at Acme")
    old.wait_for()
    assert "superseded" in old.inner_text()
    old.click()
    history = page.locator("#memory-history")
    history.wait_for()
    assert "I work at Acme" in history.inner_text()
    page.locator("#memory-provenance").get_by_text(
        "I work at Acme as an engineer", exact=False
    ).first.wait_for()


def test_search_draws_explain_bars_and_the_recall_context(
    page: Any, inspector_server: str, scripted_user: str
) -> None:
    _open(page, inspector_server, scripted_user, "search")
    page.fill("#search-form input[name=query]", "where do I work")
    page.click("#search-form button[type=submit]")
    first = page.locator("#search-results .result").first
    first.wait_for()
    assert "Globex" in first.inner_text()
    assert "relevance" in first.inner_text() and "final_score" in first.inner_text()
    assert first.locator(".bar[data-signal=relevance]").count() == 1
    assert first.locator(".bar").count() >= 2
    assert "Globex" in page.locator("#recall-context").inner_text()


def test_graph_draws_current_and_ended_edges_and_opens_a_node(
    page: Any, inspector_server: str, scripted_user: str
) -> None:
    _open(page, inspector_server, scripted_user, "graph")
    canvas = page.locator("#graph-canvas[data-edges]")
    canvas.wait_for()
    assert int(canvas.get_attribute("data-nodes")) >= 4
    assert int(canvas.get_attribute("data-ended")) >= 1, "the job at Acme is drawn as ended"
    page.wait_for_function("window.engramGraph !== undefined")
    # Click where the network drew Globex, as a person would.
    point = page.evaluate(
        """() => { const net = window.engramGraph; const ids = net.body.data.nodes.getIds();
        const id = ids.find((i) => net.body.data.nodes.get(i).label === 'Globex');
        net.stopSimulation(); net.fit({animation: false});
        const p = net.canvasToDOM(net.getPositions([id])[id]);
        const box = document.querySelector('#graph-canvas').getBoundingClientRect();
        return {x: box.left + p.x, y: box.top + p.y}; }"""
    )
    page.mouse.click(point["x"], point["y"])
    detail = page.locator("#entity-detail h2").first
    detail.wait_for()
    page.wait_for_function("document.querySelector('#entity-detail h2').textContent === 'Globex'")


def test_timeline_profile_and_jobs(page: Any, inspector_server: str, scripted_user: str) -> None:
    _open(page, inspector_server, scripted_user, "profile")
    page.locator("#profile").get_by_text("Globex").wait_for()
    assert "Acme" not in page.locator("#profile").inner_text()

    _open(page, inspector_server, scripted_user, "timeline")
    page.locator("#timeline .day").first.wait_for()
    assert "Pixel" not in page.locator("#timeline").inner_text()

    _open(page, inspector_server, scripted_user, "jobs")
    failed = page.locator("#jobs tbody tr[data-status=failed]")
    failed.wait_for()
    assert "hierarchy" in failed.inner_text() and "failed" in failed.inner_text()
    assert "ValidationFailed: a hierarchy job's payload" in failed.inner_text()
    page.locator("#jobs tbody tr[data-status=completed]", has_text="hierarchy").wait_for()
    queued = page.locator("#jobs tbody tr[data-status=pending]", has_text="extract")
    queued.wait_for()
    assert "queued" in queued.inner_text()
    page.fill("#queue-form input[name=content]", "I went climbing with Bram.")
    page.click("#queue-form button[type=submit]")
    page.wait_for_function("document.querySelectorAll('#jobs tbody tr[data-status=pending]').length === 2")
    page.select_option("#job-filters select[name=status]", "failed")
    page.click("#job-filters button[type=submit]")
    page.wait_for_function("document.querySelectorAll('#jobs tbody tr[data-status]').length === 1")
    assert page.locator("#jobs tbody tr[data-status]").get_attribute("data-status") == "failed"
    page.locator("#consolidation h2").wait_for()


def test_memories_filter_by_category_narrows_the_table(
    page: Any, inspector_server: str, scripted_user: str
) -> None:
    _open(page, inspector_server, scripted_user, "memories")
    rows = page.locator("#memories tbody tr[data-id]")
    rows.first.wait_for()
    everything = rows.count()
    categories = page.eval_on_selector_all(
        "#memories tbody tr[data-id] td:nth-child(5)", "tds => tds.map((td) => td.textContent)"
    )
    layers = page.eval_on_selector_all(
        "#memories tbody tr[data-id] td:nth-child(4)", "tds => tds.map((td) => td.textContent)"
    )
    assert len(set(categories)) >= 3 and len(set(layers)) >= 2, (categories, layers)
    page.fill("#memory-filters input[name=category]", "work")
    page.click("#memory-filters button[type=submit]")
    # The table is emptied, then refilled with the page the API narrowed.
    page.wait_for_function(
        """() => { const rows = '#memories tbody tr[data-id] td:nth-child(5)';
        const cells = [...document.querySelectorAll(rows)];
        return cells.length > 0 && cells.every((td) => td.textContent === 'work'); }"""
    )
    assert 0 < rows.count() < everything
    assert "Globex" in page.locator("#memories tbody").inner_text()


def test_storylines_show_their_memories_and_the_macro_above(
    page: Any, inspector_server: str, scripted_user: str
) -> None:
    _open(page, inspector_server, scripted_user, "storylines")
    andrew = page.locator("#storylines .storyline", has_text="person Andrew")
    andrew.wait_for()
    text = andrew.inner_text()
    assert "2026-03-02 → 2026-04-08" in text and "7 source(s)" in text
    assert "memories" in andrew.locator(".memory-count").inner_text()
    assert andrew.locator(".storyline-memories li").count() >= 3
    assert "Andrew" in andrew.locator(".storyline-memories").inner_text()
    assert "Andrew — with Priya" in andrew.locator(".macros-above").inner_text()
    macro = page.locator("#macros .macro", has_text="Andrew — with Priya")
    macro.wait_for()
    assert macro.locator("li").count() == 2
