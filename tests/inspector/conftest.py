"""One `engram serve`-like server (API + the inspector's static mount) per module, and a headless Chromium."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from engram.api.app import build_local_app
from engram.config import reset_settings
from engram.db.connection import reset_database
from engram.local.static_mount import with_inspector
from tests.http_client import ApiClient, free_port


@pytest.fixture(scope="module")
def inspector_server(database_url: str) -> Iterator[str]:
    """The local API app behind the inspector mount on a free port: the base URL. The module's setup
    (a scripted user) runs before the per-test settings fixture, so the database is named here too."""
    env = pytest.MonkeyPatch()
    env.setenv("ENGRAM_DATABASE_URL", database_url)
    reset_settings()
    reset_database()
    port = free_port()
    app = with_inspector(build_local_app())
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("inspector server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=5)
    app.close()
    env.undo()


@pytest.fixture(scope="module")
def inspector_api(inspector_server: str) -> ApiClient:
    host, port = inspector_server.removeprefix("http://").split(":")
    return ApiClient(host, int(port))


def find_chromium() -> str | None:
    """Debian's `chromium` (what .ci/run installs), or another Chromium build on the PATH."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright; skipped, saying why, only where none is installed."""
    executable = find_chromium()
    if executable is None:
        pytest.skip(
            "no Chromium on this machine (apt-get install chromium): the inspector's browser tests need one"
        )
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install '.[dev]')"
    )
    with sync_api.sync_playwright() as playwright:
        # --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, tmp_path: Path) -> Iterator[Any]:
    """A fresh page (its own localStorage); a screenshot of what it shows is saved at the end."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(5000)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    opened.screenshot(path=str(tmp_path / "inspector.png"), full_page=True)
    context.close()
    assert not errors, f"the page raised: {errors}"
