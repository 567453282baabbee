"""The embedder a user is read and written with: the one that made the user's stored vectors.

Settings name the target space (`embedding_provider`, its model, `embedding_dim`); a user stays in the
space of their stored vectors until the re-embed job has moved every one of them (`engram reembed`,
`engram.lifecycle.reembed`) and switched the user. So a query is embedded like the vectors it is compared
with, and a write adds a vector the user's other vectors can be compared with. A user with no space yet
(no vector so far) is given the target at the first look.
"""

from __future__ import annotations

import threading

import psycopg

from engram.config import Settings, get_settings
from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import reembed as repo
from engram.db.repositories.reembed import Space
from engram.errors import DatabaseUnavailable
from engram.providers.base import Embedder
from engram.providers.factory import build_embedder, get_embedder

_lock = threading.Lock()
_built: dict[Space, tuple[Settings, Embedder]] = {}


def space_of(embedder: Embedder) -> Space:
    return Space(embedder.name, embedder.model, embedder.dimension)


def target_space() -> Space:
    """The space the settings name: where new users start and where `engram reembed` moves users."""
    return space_of(get_embedder())


def embedder_for(space: Space) -> Embedder:
    """An embedder that makes vectors of `space` (the shared one when `space` is the target).

    The model comes from the space, so a user on an OpenAI or Bedrock model the settings no longer name
    is still read with it. A built-in model (hash, MiniLM) is whatever this version computes."""
    target = get_embedder()
    if space_of(target) == space:
        return target
    settings = get_settings()
    with _lock:
        cached = _built.get(space)
        if cached is not None and cached[0] is settings:
            return cached[1]
        model_field = {"openai": "openai_embedding_model", "bedrock": "bedrock_embedding_model"}
        update: dict[str, object] = {"embedding_dim": space.dimension}
        if space.provider in model_field:
            update[model_field[space.provider]] = space.model
        embedder = build_embedder(space.provider, settings.model_copy(update=update))
        _built[space] = (settings, embedder)
        return embedder


def user_space(user_id: str, *, conn: Conn | None = None, db: Database | None = None) -> Space:
    """The space `user_id` is read with, the target for a user who has none yet (pinned then).

    One indexed read on `conn`, or on this thread's connection outside any transaction (a transaction
    would cost two more round trips on every search and write). That connection found closed is
    replaced once, as a transaction's BEGIN would be; lost on the second try, it is the 503 of any
    other statement."""
    if conn is not None:
        return _space_on(conn, user_id)
    database = db or get_database()
    connection = database.connection()
    try:
        return _space_on(connection, user_id)
    except DatabaseUnavailable:
        if not (connection.closed or connection.broken):
            raise
        # Closed while the thread's connection sat idle: nothing ran, so once more on a fresh one.
        return _space_on(database.replace(connection), user_id)


def _space_on(connection: Conn, user_id: str) -> Space:
    try:
        space = repo.read_space(connection, user_id)
        if space is not None:
            return space
        target = target_space()
        return repo.pin_space(connection, user_id, target) or target
    except psycopg.OperationalError as exc:
        raise DatabaseUnavailable("the database connection was lost") from exc


def user_embedder(user_id: str, *, conn: Conn | None = None, db: Database | None = None) -> Embedder:
    """The embedder for `user_id`'s queries and writes (see module)."""
    return embedder_for(user_space(user_id, conn=conn, db=db))


def reset_spaces() -> None:
    """Forget the embedders built for other spaces (tests that change settings)."""
    with _lock:
        _built.clear()
