"""The privacy filter: secrets out before anything is stored, and topic matching for user preferences.

`redact_secrets` runs on every piece of user content BEFORE it reaches a model, a memory, an audit
row, an evidence string or a log line. It replaces each secret with `[redacted:<kind>]` and reports
the kinds it found (never the values), so the rest of the pipeline can still say "the user shared a
bank password" without ever holding it.

Precision matters as much as recall: a memory service that eats "room 1234" or "I ran 5 miles" is
broken in a different way. So most rules need two signals — a keyword ("password", "PIN", "IBAN")
followed by a separator ("is", ":", "=") and a value that looks like the thing — and the keyword-free
rules (card numbers, IBANs, SSNs, well-known key prefixes) are backed by a checksum or a format that
ordinary numbers do not have (Luhn, mod-97, SSN area rules, `AKIA` + 16 characters).

Phrasings are covered by SHAPE rather than by a list of sentences: after a credential word
(password, pass, pwd, PIN, code, token, secret, key, credentials ...) the most secret-shaped word of
the next few words of the same sentence is taken ("the pass for the vault is X", "password X for the
box"), as is one right before "is/as my password"; secret-shaped means letters mixed with digits or
password symbols, 6+ characters, and not a date, time, version, number with a unit, address, path,
file name or code (`secret_shape`). So "my login is jdoe and the pass is X" loses X and keeps jdoe.

`redact_model` applies all of it to a whole request, every text field at any depth, with client
keys and ids turned into digests rather than redacted in place (see `redact_identifier`).

`matches_topics` decides which of a user's never-store / auto-sensitive topics a text is about, with
simple inflection tolerance (see its docstring for the exact rules).

This package is the public entry: import from `engram.language.privacy`, not from its modules.
"""

from __future__ import annotations

from engram.language.privacy.fields import (
    IDENTIFIER_DIGEST_PREFIX,
    redact_field,
    redact_for_log,
    redact_identifier,
    redact_json,
    redact_model,
)
from engram.language.privacy.redaction import (
    API_KEY,
    BANK_ACCOUNT,
    CARD,
    GOVERNMENT_ID,
    PASSWORD,
    PIN,
    PLACEHOLDER,
    PLACEHOLDER_MARK,
    PRIVATE_KEY,
    SECRET_KINDS,
    SEED_PHRASE,
    SSN,
    TOKEN,
    Redaction,
    iban_valid,
    looks_like_credential,
    luhn_valid,
    redact_secrets,
    secret_shape,
)
from engram.language.privacy.topics import matches_topics

__all__ = [
    "API_KEY",
    "BANK_ACCOUNT",
    "CARD",
    "GOVERNMENT_ID",
    "IDENTIFIER_DIGEST_PREFIX",
    "PASSWORD",
    "PIN",
    "PLACEHOLDER",
    "PLACEHOLDER_MARK",
    "PRIVATE_KEY",
    "SECRET_KINDS",
    "SEED_PHRASE",
    "SSN",
    "TOKEN",
    "Redaction",
    "iban_valid",
    "looks_like_credential",
    "luhn_valid",
    "matches_topics",
    "redact_field",
    "redact_for_log",
    "redact_identifier",
    "redact_json",
    "redact_model",
    "redact_secrets",
    "secret_shape",
]
