"""`engram mcp`: an MCP server that gives agents Engram's memory, over stdio or streamable HTTP.

It talks to a running Engram through the typed client (ENGRAM_URL, ENGRAM_TOKEN), never to the
database, so it needs `pip install 'engram[mcp]'` and nothing of the service. docs/mcp.md shows how an
MCP client is configured to start it.
"""

from __future__ import annotations

from engram.client import AsyncEngram
from engram.mcp_server.server import PROFILE_URI, build_server

__all__ = ["PROFILE_URI", "build_server", "run"]


def run(*, http_port: int | None = None, host: str = "127.0.0.1") -> None:
    """Serve until stdin closes (stdio) or the process is stopped (HTTP, at http://host:port/mcp)."""
    server = build_server(AsyncEngram())
    if http_port is None:
        server.run("stdio")
    else:
        server.run("streamable-http", host=host, port=http_port)
