"""Schema, migrations, connections and row-level security against a real PostgreSQL + pgvector."""

from __future__ import annotations

import psycopg
import pytest

from engram.db.connection import Database
from engram.db.migrations import applied_versions, default_sql_dir, load_migrations, migrate
from engram.errors import DatabaseUnavailable

SCHEMA_TABLES = {
    "users", "teams", "team_members", "sources", "memories", "memory_versions", "memory_relations",
    "memory_operations", "entities", "entity_notes", "relationships", "memory_entities", "source_mentions",
    "sentiment_history", "memory_jobs", "memory_preferences", "profiles", "feedback",
    "storylines", "storyline_sources", "macros", "macro_storylines", "artifacts", "conversation_state",
}  # fmt: skip


def test_migrate_twice_applies_nothing_the_second_time(db):
    migrate(db)
    assert migrate(db) == []
    versions = applied_versions(db)
    assert versions == [m.version for m in load_migrations(default_sql_dir())]


def test_every_table_of_the_data_model_exists(db):
    with db.system_transaction() as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    assert {r["tablename"] for r in rows} >= SCHEMA_TABLES


def test_search_indexes_exist(db):
    with db.system_transaction() as conn:
        rows = conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'memories'"
        ).fetchall()
    defs = {r["indexname"]: r["indexdef"] for r in rows}
    # nearest memories: the sign bits of the user's vectors, from the (user_id, status) btree (sql/0016)
    assert "embedding_bits" in defs["memories_user_status_idx"] and "memories_embedding_hnsw" not in defs
    assert "gin" in defs["memories_tsv_gin"]
    # names are compared by trigrams through the per-user name dictionary (`memory_names`)
    with db.system_transaction() as conn:
        names = conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'memory_names_trgm'"
        ).fetchone()
    assert names is not None and "gin_trgm_ops" in names["indexdef"]
    assert "(user_id, status)" in defs["memories_user_status_idx"]


def test_user_transaction_sees_only_its_own_rows_even_without_a_where_clause(db, user_id, other_user_id):
    # Given two users with one memory each
    for uid, text in ((user_id, "Alice likes tea"), (other_user_id, "Bob likes coffee")):
        with db.user_transaction(uid) as conn:
            conn.execute("INSERT INTO memories (user_id, content) VALUES (%s, %s)", (uid, text))
    # When a query forgets its WHERE user_id
    with db.user_transaction(user_id) as conn:
        rows = conn.execute("SELECT content FROM memories").fetchall()
        users = conn.execute("SELECT id FROM users").fetchall()
    # Then row-level security still confines it to the caller
    assert [r["content"] for r in rows] == ["Alice likes tea"]
    assert [u["id"] for u in users] == [user_id]


def test_user_transaction_cannot_write_rows_for_another_user(db, user_id, other_user_id):
    with pytest.raises(psycopg.errors.InsufficientPrivilege), db.user_transaction(user_id) as conn:
        conn.execute("INSERT INTO memories (user_id, content) VALUES (%s, 'planted')", (other_user_id,))


def test_user_transaction_cannot_update_or_delete_another_users_rows(db, user_id, other_user_id):
    with db.user_transaction(other_user_id) as conn:
        conn.execute("INSERT INTO memories (user_id, content) VALUES (%s, 'Bob secret')", (other_user_id,))
    with db.user_transaction(user_id) as conn:
        updated = conn.execute("UPDATE memories SET content = 'hijacked'").rowcount
        deleted = conn.execute("DELETE FROM memories").rowcount
    assert updated == 0 and deleted == 0
    with db.user_transaction(other_user_id) as conn:
        assert conn.execute("SELECT content FROM memories").fetchone()["content"] == "Bob secret"


def test_rls_covers_every_user_data_table(db):
    with db.system_transaction() as conn:
        rows = conn.execute(
            """SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relrowsecurity"""
        ).fetchall()
    unprotected = {r["relname"] for r in rows} - {"schema_migrations"}
    assert unprotected == set()


def test_a_failed_transaction_writes_nothing(db, user_id):
    with pytest.raises(psycopg.errors.CheckViolation), db.user_transaction(user_id) as conn:
        conn.execute("INSERT INTO memories (user_id, content) VALUES (%s, 'kept?')", (user_id,))
        conn.execute("INSERT INTO memories (user_id, content, confidence) VALUES (%s, 'bad', 7)", (user_id,))
    with db.user_transaction(user_id) as conn:
        assert conn.execute("SELECT count(*) AS n FROM memories").fetchone()["n"] == 0


def test_broken_connection_is_reopened_on_next_use(db, user_id):
    with db.system_transaction() as conn:
        pid = conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"]
    # Another session kills ours, as a failover or an idle timeout would
    with psycopg.connect(db._resolve_conninfo(), autocommit=True) as killer:
        killer.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(DatabaseUnavailable) as lost, db.system_transaction() as conn:
        conn.execute("SELECT 1")
    assert lost.value.status == 503 and lost.value.retry_after == DatabaseUnavailable.RETRY_AFTER_SECONDS
    with db.user_transaction(user_id) as conn:
        assert conn.execute("SELECT 1 AS one").fetchone()["one"] == 1


def test_a_user_transaction_on_a_connection_the_server_closed_begins_on_a_fresh_one(db, user_id):
    """A Lambda environment that slept past RDS Proxy's idle timeout: its connection was closed while
    nothing ran on it, so the request is served instead of answered 503."""
    with db.user_transaction(user_id) as conn:
        pid = conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"]
    with psycopg.connect(db._resolve_conninfo(), autocommit=True) as killer:
        killer.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with db.user_transaction(user_id) as conn:
        assert conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"] != pid


def test_the_users_embedding_space_is_read_on_a_fresh_connection_when_the_old_one_was_closed(db, user_id):
    """A search's first statement reads the user's embedding space outside a transaction: the same
    sleeping environment must be served there too."""
    from engram.providers.spaces import user_space

    first = user_space(user_id, db=db)
    with db.user_transaction(user_id) as conn:
        pid = conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"]
    with psycopg.connect(db._resolve_conninfo(), autocommit=True) as killer:
        killer.execute("SELECT pg_terminate_backend(%s)", (pid,))
    assert user_space(user_id, db=db) == first


def test_user_ids_are_opaque_text_up_to_128_chars(db):
    phone = "+1 (555) 010-9999"
    with db.user_transaction(phone) as conn:
        conn.execute("INSERT INTO memories (user_id, content) VALUES (%s, 'x')", (phone,))
    from engram.errors import ValidationFailed

    with pytest.raises(ValidationFailed), db.user_transaction("u" * 129):
        pass


def test_memory_tsvector_is_generated_from_name_and_content(db, user_id):
    with db.user_transaction(user_id) as conn:
        conn.execute(
            "INSERT INTO memories (user_id, name, content) VALUES (%s, 'Marcus', %s)",
            (user_id, "works at Notion as a designer"),
        )
        hit = conn.execute(
            "SELECT count(*) AS n FROM memories WHERE tsv @@ websearch_to_tsquery('english', %s)",
            ("marcus designer",),
        ).fetchone()
    assert hit["n"] == 1


def test_unset_user_sees_nothing(database_url):
    fresh = Database(database_url)
    with fresh.connection().transaction():
        conn = fresh.connection()
        conn.execute("SET LOCAL ROLE engram_app")
        assert conn.execute("SELECT count(*) AS n FROM memories").fetchone()["n"] == 0
    fresh.close()
