"""Database access: connections, migrations and repositories (the only place SQL lives)."""

from engram.db.connection import Database, get_database, reset_database

__all__ = ["Database", "get_database", "reset_database"]
