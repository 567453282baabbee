"""The inspector's static files at `/inspector` of `engram serve`, in front of the API app.

Only the local server mounts it: the page is a developer's view over the public HTTP API with `dev:`
tokens, so the Lambda handlers never serve it.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import Any

INSPECTOR_DIR = Path(__file__).parent / "inspector"
PREFIX = "/inspector"

# mimetypes reads the machine's tables, which may lack `.js` as JavaScript: browsers refuse an ES module
# served under any other type, so the types the page uses are fixed here.
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


class StaticMount:
    """Answers GET/HEAD under `prefix` from `root`; every other request goes to `app` unchanged."""

    def __init__(self, app: Any, root: Path = INSPECTOR_DIR, prefix: str = PREFIX):
        self.app = app
        self.root = root.resolve()
        self.prefix = prefix

    def close(self) -> None:
        self.app.close()

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path != self.prefix and not path.startswith(self.prefix + "/"):
            await self.app(scope, receive, send)
            return
        if path == self.prefix:  # relative links in index.html resolve against the folder
            await _send(send, 308, b"", [(b"location", (self.prefix + "/").encode())])
            return
        if scope["method"] not in ("GET", "HEAD"):
            await _send(send, 405, b"method not allowed", [(b"allow", b"GET, HEAD")])
            return
        file = self._file(path[len(self.prefix) + 1 :])
        if file is None:
            await _send(send, 404, b"not found", [(b"content-type", b"text/plain")])
            return
        body = file.read_bytes()
        kind = _TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        headers = [(b"content-type", kind.encode()), (b"cache-control", b"no-cache")]
        await _send(send, 200, b"" if scope["method"] == "HEAD" else body, headers, len(body))

    def _file(self, relative: str) -> Path | None:
        """The file under root the path names, or None: nothing outside root is ever served."""
        candidate = (self.root / (relative or "index.html")).resolve()
        if candidate.is_dir():
            candidate = candidate / "index.html"
        if not candidate.is_relative_to(self.root) or not candidate.is_file():
            return None
        return candidate


async def _send(
    send: Callable, status: int, body: bytes, headers: list[tuple[bytes, bytes]], length: int | None = None
) -> None:
    size = str(len(body) if length is None else length).encode()
    await send(
        {"type": "http.response.start", "status": status, "headers": [*headers, (b"content-length", size)]}
    )
    await send({"type": "http.response.body", "body": body})


def with_inspector(app: Any) -> StaticMount:
    return StaticMount(app)
