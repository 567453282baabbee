"""Secrets are never stored, in any field: every phrasing through every text field of every write route,
then every text-like column of every table in the database is searched for every secret value.

Each (phrasing, field) pair carries its own secret, built from random characters, so a hit names the
phrasing and the field that leaked it. The jobs the requests queued (async extraction, update jobs,
graph updates) are run before the search, so what they write is searched too.
"""

from __future__ import annotations

import random
import re
import string
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import psycopg
import pytest

from engram.jobs.local_worker import LocalWorker
from engram.pipeline.jobs import register_pipeline_jobs
from tests.http_client import ApiClient

_RNG = random.Random(20261125)  # reproducible; the per-phrasing test below tries 200 values each
_ALNUM = string.ascii_letters + string.digits
_UPPER_DIGITS = string.ascii_uppercase + string.digits


def _pick(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _strong() -> str:
    """A password-like value: letters mixed with digits, unique to one (phrasing, field) pair."""
    return (
        f"Kq{_RNG.randint(2, 9)}{_pick(string.ascii_lowercase, 3)}{_RNG.randint(10, 99)}{_pick(_ALNUM, 4)}Zp"
    )


def _digits(n: int) -> Callable[[], str]:
    return lambda: str(_RNG.randint(1, 9)) + _pick(string.digits, n - 1)


def _luhn_card() -> str:
    body = "4" + _pick(string.digits, 14)
    total = 0
    for position, char in enumerate(reversed(body)):
        digit = int(char)
        if position % 2 == 0:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return body + str((10 - total % 10) % 10)


def _ssn() -> str:
    return f"{_RNG.randint(100, 665)}-{_RNG.randint(10, 99)}-{_RNG.randint(1000, 9999)}"


def _iban() -> str:
    bban = _pick(string.digits, 18)
    check = 98 - int(bban + "131400") % 97  # "DE" -> 13 14, then "00"
    return f"DE{check:02d}{bban}"


def _recovery_code() -> str:
    return "-".join(_pick(string.digits, 1) + _pick(_UPPER_DIGITS, 3) for _ in range(3))


def _jwt() -> str:
    return f"eyJhbGciOiJIUzI1NiJ9.eyJ{_pick(_ALNUM, 24)}.{_pick(_ALNUM, 32)}"


def _pem() -> str:
    return f"-----BEGIN RSA PRIVATE KEY-----\nMIIE{_pick(_ALNUM, 60)}\n-----END RSA PRIVATE KEY-----"


def _pem_body(value: str) -> str:
    return value.split("\n")[1]


@dataclass(frozen=True)
class Phrasing:
    template: str
    secret: Callable[[], str] = _strong
    greppable: Callable[[str], str] = staticmethod(lambda value: value)  # type: ignore[assignment]


PHRASINGS: list[Phrasing] = [
    # a credential word, with or without words between it and the value
    Phrasing("the pass for the vault is {s}"),
    Phrasing("my login is jdoe and the pass is {s}"),
    Phrasing("login is jdoe and the pass {s} works"),
    Phrasing("password {s}"),
    Phrasing("my password is {s}"),
    Phrasing("my password, which I never change, is {s}"),
    Phrasing("the wifi password is {s}"),
    Phrasing("pwd: {s}"),
    Phrasing("pw={s}"),
    Phrasing("passphrase: {s}"),
    Phrasing("username: mkline password: {s}"),
    Phrasing("my credentials are admin / {s}"),
    Phrasing("creds: root:{s}"),
    Phrasing("{s} is my password"),
    Phrasing("I use {s} as my email password"),
    Phrasing("token: {s}"),
    Phrasing("my access token is {s}"),
    Phrasing("api key = {s}"),
    Phrasing("the API key for maps is {s}"),
    Phrasing("secret: {s}"),
    Phrasing("the client secret is {s}"),
    Phrasing("key: {s}"),
    Phrasing("Authorization: Bearer {s}"),
    Phrasing("postgres://admin:{s}@db.internal/app"),
    Phrasing("I set the vault pass to {s} yesterday"),
    Phrasing("the code for the wifi router is {s}"),
    # well-known formats, no keyword needed
    Phrasing("use {s} for the CI", lambda: "ghp_" + _pick(_ALNUM, 36)),
    Phrasing("{s} works", lambda: "github_pat_11" + _pick(_ALNUM, 34)),
    Phrasing("{s} is in the config", lambda: "AKIA" + _pick(_UPPER_DIGITS, 16)),
    Phrasing("aws secret {s}", lambda: _pick(string.ascii_lowercase, 3) + _pick(_ALNUM, 35) + "7Q"),
    Phrasing("stripe {s}", lambda: "sk_live_" + _pick(_ALNUM, 24)),
    Phrasing("slack {s}", lambda: f"xoxb-{_digits(10)()}-{_pick(_ALNUM, 20)}"),
    Phrasing("maps {s}", lambda: "AIza" + _pick(_ALNUM, 35)),
    Phrasing("{s} is for claude", lambda: "sk-ant-api03-" + _pick(_ALNUM, 32)),
    Phrasing("{s} is the openai one", lambda: "sk-proj-" + _pick(_ALNUM, 32)),
    Phrasing("the session is {s}", _jwt),
    Phrasing("deploy key:\n{s}", _pem, _pem_body),
    # digits: PINs, codes, cards, national ids, bank accounts
    Phrasing("my PIN is {s}", _digits(8)),
    Phrasing("the door code is {s}", _digits(8)),
    Phrasing("the 2FA code is {s}", _digits(8)),
    Phrasing("the safe combination is {s}", lambda: "-".join(_digits(2)() for _ in range(4))),
    Phrasing("card {s} exp 12/29", _luhn_card),
    Phrasing("SSN {s}", _ssn),
    Phrasing("my passport number is {s}", lambda: "X" + _digits(8)()),
    Phrasing("IBAN {s} for the rent", _iban),
    Phrasing("recovery code: {s}", _recovery_code),
    Phrasing("account number {s}", _digits(10)),
]


@dataclass
class Ledger:
    """Every secret sent, where it was sent, and what the server answered."""

    secrets: dict[str, tuple[int, str]] = field(default_factory=dict)  # greppable value -> (phrasing, field)
    skipped: dict[str, int] = field(default_factory=dict)  # field -> phrasings too long for it
    failures: list[str] = field(default_factory=list)

    def text(self, index: int, name: str, limit: int | None = None) -> str | None:
        """A fresh secret in phrasing `index`, recorded as sent through field `name`."""
        phrasing = PHRASINGS[index]
        value = phrasing.secret()
        text = phrasing.template.format(s=value)
        if limit is not None and len(text) > limit:
            self.skipped[name] = self.skipped.get(name, 0) + 1
            return None
        self.secrets[phrasing.greppable(value)] = (index, name)
        return text

    def fields(self) -> set[str]:
        return {name for _, name in self.secrets.values()}

    def check(self, what: str, response: Any, *, ok: tuple[int, ...] = (200, 201, 202)) -> Any:
        if response.status not in ok:
            self.failures.append(f"{what}: {response.status} {str(response.body)[:200]}")
        return response.body


def _without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value if v is not None]
    return value


def _send_everything(api: ApiClient, user: str, ledger: Ledger) -> None:
    n = len(PHRASINGS)
    t = ledger.text

    # Clean memories and an entity to edit, comment on and annotate.
    clean = [
        {"content": f"Clean fact {i}: I visited the {word} museum"}
        for i, word in enumerate(_pick(string.ascii_lowercase, 8) for _ in range(n))
    ]
    ledger.check(
        "import clean", api.post("/v1/import", {"facts": clean, "entities": [{"name": "Robin"}]}, user=user)
    )
    memories = api.get("/v1/memories?limit=100", user=user).body["items"]
    by_content = {m["content"]: m["id"] for m in memories}
    memory_ids = [by_content[item["content"]] for item in clean]
    entities = api.get("/v1/entities", user=user).body["items"]
    (robin,) = [e["id"] for e in entities if e["name"] == "Robin"]

    # POST /v1/import: facts and entities whose other fields hold the secrets, in one request.
    import_facts: list[dict[str, Any]] = []
    import_entities: list[dict[str, Any]] = []
    for i in range(n):
        import_facts.append({"content": t(i, "import.facts.content", 2000)})
        import_facts.append(
            _without_none(
                {
                    "content": f"Imported fact {i} about the {_pick(string.ascii_lowercase, 8)} garden",
                    "evidence": t(i, "import.facts.evidence", 2000),
                    "outcome": t(i, "import.facts.outcome", 2000),
                    "name": t(i, "import.facts.name", 300),
                    "category": t(i, "import.facts.category", 64),
                    "metadata": {"note": t(i, "import.facts.metadata"), "password": PHRASINGS[i].secret()},
                    "recurrence": {"note": t(i, "import.facts.recurrence")},
                }
            )
        )
        import_entities.append(
            _without_none({"name": f"Person{i}", "context": t(i, "import.entities.context", 4000)})
        )
        import_entities.append(_without_none({"name": t(i, "import.entities.name", 300) or f"Named{i}"}))
        type_text = t(i, "import.entities.type", 64)
        if type_text:
            import_entities.append({"name": f"Typed{i}", "type": type_text, "relationship": "friend"})
    ledger.check(
        "import", api.post("/v1/import", {"facts": import_facts, "entities": import_entities}, user=user)
    )

    for i in range(n):
        # POST /v1/analyze: a note with every source field, inline.
        source = _without_none(
            {
                "type": t(i, "source.type", 64),
                "external_id": t(i, "source.external_id", 256),
                "conversation_id": t(i, "source.conversation_id", 256),
                "tags": [t(i, "source.tags", 64), "work"],
                "participants": [t(i, "source.participants", 128), "Sam"],
            }
        )
        body = {
            "content": t(i, "analyze.content"),
            "source": source,
            "idempotency_key": t(i, "idempotency_key", 256),
        }
        ledger.check(f"analyze note {i}", api.post("/v1/analyze", _without_none(body), user=user))

        # POST /v1/analyze: a conversation (assistant turns included), queued.
        messages = _without_none(
            [
                {
                    "role": "user",
                    "content": t(i, "messages.content"),
                    "id": t(i, "messages.id", 128),
                    "name": "Sam",
                },
                {
                    "role": "user",
                    "content": "I started learning the cello",
                    "name": t(i, "messages.name", 100),
                },
                {
                    "role": "assistant",
                    "content": "I found in your account: " + (t(i, "messages.assistant") or ""),
                },
                {"role": "user", "content": "thanks", "id": t(i, "messages.id", 128)},
            ]
        )
        body = {
            "messages": messages,
            "include_assistant": True,
            "async": True,
            "idempotency_key": f"conv-{i}-{uuid.uuid4().hex}",
        }
        ledger.check(f"analyze conversation {i}", api.post("/v1/analyze", body, user=user))

        # POST /v1/memory-update: a clean fact whose every other field holds a secret; a secret fact.
        fact = _without_none(
            {
                "content": f"My neighbour {i} grows {_pick(string.ascii_lowercase, 8)} tomatoes",
                "name": t(i, "memory-update.name"),
                "evidence": t(i, "memory-update.evidence", 100),
                "value": t(i, "memory-update.value"),
                "subject": t(i, "memory-update.subject"),
                "attribute": t(i, "memory-update.attribute"),
                "category": t(i, "memory-update.category"),
                "relationship": t(i, "memory-update.relationship"),
                "outcome": t(i, "memory-update.outcome"),
                "recurrence": {"note": t(i, "memory-update.recurrence")},
                "entities": [{"name": t(i, "memory-update.entities.name")}, {"name": "Ana"}],
                "provenance": [{"source_id": t(i, "memory-update.provenance"), "message_ids": ["m1"]}],
            }
        )
        ledger.check(f"memory-update {i}", api.post("/v1/memory-update", {"candidate_fact": fact}, user=user))
        secret_fact = {"content": t(i, "memory-update.content", 2000)}
        ledger.check(
            f"memory-update secret {i}",
            api.post("/v1/memory-update", {"candidate_fact": secret_fact}, user=user),
        )

        # PUT /v1/memories/{id}
        edit = _without_none(
            {
                "content": t(i, "memories.put.content"),
                "name": t(i, "memories.put.name", 500),
                "category": t(i, "memories.put.category", 64),
                "recurrence": {"note": t(i, "memories.put.recurrence")},
            }
        )
        ledger.check(f"put memory {i}", api.put(f"/v1/memories/{memory_ids[i]}", edit, user=user))

        # POST /v1/feedback: a comment, an edit, recall feedback with a correction (analyzed in turn).
        comment = {"action": "comment", "memory_id": memory_ids[i], "comment": t(i, "feedback.comment")}
        ledger.check(f"feedback comment {i}", api.post("/v1/feedback", comment, user=user))
        edited = {"action": "edit", "memory_id": memory_ids[i], "new_content": t(i, "feedback.new_content")}
        ledger.check(f"feedback edit {i}", api.post("/v1/feedback", edited, user=user))
        recall = {
            "kind": "recall",
            "query": t(i, "feedback.query"),
            "memory_ids": [memory_ids[i]],
            "helpful": False,
            "correction": t(i, "feedback.correction"),
        }
        ledger.check(f"feedback recall {i}", api.post("/v1/feedback", recall, user=user))

        # POST /v1/entities/{id}/notes
        ledger.check(
            f"note {i}",
            api.post(f"/v1/entities/{robin}/notes", {"content": t(i, "entities.notes")}, user=user),
        )

        # PUT /v1/preferences: a user of its own per phrasing, so no write overwrites another's.
        prefs = _without_none(
            {
                "custom_instructions": t(i, "preferences.custom_instructions"),
                "auto_mark_sensitive": [t(i, "preferences.auto_mark_sensitive", 100), "health"],
                "never_store": [t(i, "preferences.never_store", 100)],
            }
        )
        ledger.check(f"preferences {i}", api.put("/v1/preferences", prefs, user=f"{user}-p{i}"))


def _text_columns(conn: psycopg.Connection) -> list[tuple[str, str]]:
    """(table, column) for every text, varchar, char, text[]/varchar[], json, jsonb and tsvector column."""
    return conn.execute(
        """
        SELECT c.table_name, c.column_name
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'tsvector')
               OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_bpchar')))
        ORDER BY c.table_name, c.ordinal_position
        """
    ).fetchall()


def _grep(database_url: str, secrets: list[str]) -> tuple[list[tuple[str, str, str]], int, int]:
    """(hits as (table, column, secret), columns scanned, values scanned): case-insensitive, all rows."""
    needle = re.compile("|".join(re.escape(s.lower()) for s in sorted(secrets, key=len, reverse=True)))
    hits: list[tuple[str, str, str]] = []
    values = 0
    with psycopg.connect(database_url, autocommit=True) as conn:
        columns = _text_columns(conn)
        for table, column in columns:
            query = psycopg.sql.SQL("SELECT {col}::text FROM {tab} WHERE {col} IS NOT NULL").format(
                col=psycopg.sql.Identifier(column), tab=psycopg.sql.Identifier(table)
            )
            for (value,) in conn.execute(query):
                values += 1
                for match in needle.finditer(value.lower()):
                    hits.append((table, column, match.group(0)))
    return hits, len(columns), values


@pytest.mark.own_database  # the grep reads every row of the database: only this test's rows, then
def test_no_secret_is_stored_in_any_column(api: ApiClient, db, test_database_url: str, user_id: str) -> None:
    # Given every phrasing through every text field of every write route, and the jobs they queued
    register_pipeline_jobs()
    ledger = Ledger()
    started = time.monotonic()
    _send_everything(api, user_id, ledger)
    LocalWorker(db).run_until_idle(timeout=120)
    sent_in = time.monotonic() - started

    # When every text-like column of every table is searched for every secret
    hits, columns, values = _grep(test_database_url, list(ledger.secrets))

    # Then nothing was refused, something was stored, and no secret was found anywhere
    by_secret = {s.lower(): where for s, where in ledger.secrets.items()}
    leaks = sorted(
        {(table, column, PHRASINGS[by_secret[s][0]].template, by_secret[s][1]) for table, column, s in hits}
    )
    print(
        f"\nsecrets grep: {len(PHRASINGS)} phrasings x {len(ledger.fields())} fields = {len(ledger.secrets)} "
        f"secrets sent ({sum(ledger.skipped.values())} pairs skipped as too long for the field: "
        f"{ledger.skipped}); {columns} columns, {values} values scanned; {len(hits)} hits; "
        f"{sent_in:.1f}s to send and run the jobs"
    )
    for leak in leaks:
        print("  LEAK", leak)
    assert ledger.failures == []
    with db.user_transaction(user_id) as conn:
        stored = conn.execute(
            "SELECT count(*) AS n, count(*) FILTER (WHERE evidence LIKE '%%[redacted:%%') AS redacted"
            " FROM memories WHERE user_id = %s",
            (user_id,),
        ).fetchone()
        speaker_secrets = conn.execute(
            "SELECT count(*) AS n FROM entities WHERE user_id = %s AND name LIKE '%%redacted%%'", (user_id,)
        ).fetchone()
    assert stored["n"] > 3 * len(PHRASINGS) and stored["redacted"] > 0
    assert speaker_secrets["n"] == 0
    assert leaks == []
    assert len(PHRASINGS) >= 40 and columns > 50


@pytest.mark.parametrize("phrasing", PHRASINGS, ids=[p.template[:30] for p in PHRASINGS])
def test_every_phrasing_is_a_secret_to_the_filter_whatever_the_random_value(phrasing: Phrasing) -> None:
    """The random values the grep uses, many at a time: a value the filter misses by chance (one that
    happens to contain "pa" after "pass", say) shows up here without the database."""
    from engram.language.privacy import redact_field

    missed = []
    for _ in range(200):
        value = phrasing.secret()
        text = phrasing.template.format(s=value)
        if phrasing.greppable(value) in redact_field(text).text:
            missed.append(text)

    assert missed == []


def test_a_field_pushed_over_its_limit_by_redaction_is_the_clients_error(
    api: ApiClient, user_id: str
) -> None:
    # Given a memory, and an edit at the content limit whose short secret becomes a longer placeholder
    ledger = Ledger()
    ledger.check("import", api.post("/v1/import", {"facts": [{"content": "I like green tea"}]}, user=user_id))
    (memory,) = api.get("/v1/memories", user=user_id).body["items"]
    content = "x" * 9990 + " pin 4821"

    # When it is sent, and a fact whose evidence is at its cap holds a secret
    edit = api.put(f"/v1/memories/{memory['id']}", {"content": content}, user=user_id)
    evidence = "y" * 95 + " my password is Kq7abc12XYZ1Zp"
    fact = {"content": "My cousin Ines collects vintage bicycles", "evidence": evidence}
    update = api.post("/v1/memory-update", {"candidate_fact": fact}, user=user_id)

    # Then the edit is a 400 naming the field (not a CHECK violation's 500) and the evidence is re-capped
    assert ledger.failures == []
    assert edit.status == 400 and edit.error["field"] == "content"
    assert update.status == 200 and update.body["operation"] == "ADD"
    stored = api.get(f"/v1/memories/{update.body['memory_id']}", user=user_id).body
    assert len(stored["evidence"]) <= 120 and "Kq7abc12XYZ1Zp" not in stored["evidence"]
