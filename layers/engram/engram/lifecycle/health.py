"""Whether the service can do its work: what `/v1/health` reports to load balancers and SREs."""

from __future__ import annotations

from engram.db.connection import get_database
from engram.errors import DatabaseUnavailable


def database_reachable() -> bool:
    """True when the database answers; never raises (a health check must answer either way)."""
    try:
        return get_database().ping()
    except DatabaseUnavailable:
        return False
