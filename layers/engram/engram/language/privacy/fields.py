"""Whole requests: secrets out of every text field, client ids kept apart by a digest, safe log previews."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from engram.errors import ValidationFailed
from engram.language.privacy.redaction import PLACEHOLDER, Redaction, redact_secrets

IDENTIFIER_DIGEST_PREFIX = "sha256:"
_JOINERS = re.compile(r"[-_/.:=+]+")


def redact_field(value: str) -> Redaction:
    """`redact_secrets` for one stored field, which may be a single joined-up word.

    Tags, ids and keys glue their words together ("vault-password-Hx8kq2pL", "pin_4821"), where no
    keyword stands on its own; such a whitespace-free value is also read with its joiners as spaces,
    and when that reading holds a secret the whole value is the secret.
    """
    redaction = redact_secrets(value)
    if redaction.found or any(c.isspace() for c in value.strip()) or not _JOINERS.search(value):
        return redaction
    spaced = redact_secrets(_JOINERS.sub(" ", value))
    if not spaced.found:
        return redaction
    return Redaction(text=PLACEHOLDER.format(kind=spaced.kinds[0]), kinds=spaced.kinds)


def redact_identifier(value: str) -> str:
    """A client's key or id as it is stored: itself when clean, else a digest of the whole value.

    Redacting "import-password-Hx8!kq2Lp" to "import-password-[redacted:password]" would make two
    different keys collide (two requests sharing one idempotency slot, two messages one id). The
    SHA-256 digest keeps them distinct and stable (a retry with the same key maps to the same digest)
    without holding the secret. A digest of a guessable secret can still be confirmed by hashing
    guesses; it is not a vault, only a way to keep keys apart without storing them.
    """
    if not redact_field(value).found:
        return value
    return IDENTIFIER_DIGEST_PREFIX + hashlib.sha256(value.encode()).hexdigest()


def redact_json(value: Any, key: str | None = None, kinds: list[str] | None = None) -> Any:
    """A JSON value with secrets out of every string in it (keys too), at any depth.

    A value is also read with its key in front ({"password": "hunter2"} is "password: hunter2"), so a
    secret the key names is caught even when the value alone looks harmless; such a value, a number
    included ({"pin": 4821}), becomes the placeholder.
    """
    kinds = kinds if kinds is not None else []
    if isinstance(value, dict):
        return {redact_json(str(k), None, kinds): redact_json(v, str(k), kinds) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_json(item, key, kinds) for item in value]
    if isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool)):
        text = str(value)
        redaction = redact_field(text)
        if not redaction.found and key:
            redaction = redact_secrets(f"{key}: {text}")
            if redaction.found:
                kinds.extend(redaction.kinds)
                return PLACEHOLDER.format(kind=redaction.kinds[0])
            return value
        kinds.extend(redaction.kinds)
        return redaction.text if redaction.found else value
    return value


Model = TypeVar("Model", bound=BaseModel)


@dataclass
class _ModelRedactor:
    identifiers: frozenset[str]
    dropped: frozenset[str]
    kinds: list[str] = field(default_factory=list)

    def model(self, model: Model) -> Model:
        updates: dict[str, Any] = {}
        for name in type(model).model_fields:
            old = getattr(model, name)
            new = self.value(name, old)
            if new is not old and new != old:
                updates[name] = new
        return model.model_copy(update=updates) if updates else model

    def value(self, name: str, value: Any) -> Any:
        if isinstance(value, BaseModel):
            return self.model(value)
        if isinstance(value, list):
            return [self.value(name, item) for item in value]
        if isinstance(value, dict):
            return redact_json(value, None, self.kinds)
        if not isinstance(value, str):
            return value
        redaction = redact_field(value)
        if not redaction.found:
            return value
        self.kinds.extend(redaction.kinds)
        if name in self.identifiers:
            return redact_identifier(value)
        return None if name in self.dropped else redaction.text


def redact_model(
    model: Model, *, identifiers: Iterable[str] = (), dropped: Iterable[str] = ()
) -> tuple[Model, list[str]]:
    """A request model with secrets out of EVERY text field, at any depth; and the kinds found.

    This is the one boundary a service passes a request through before turning it into rows, so a
    field added later is covered without anyone remembering to: strings are redacted, lists item by
    item, nested models field by field, dicts (jsonb) by `redact_json`. Fields named in `identifiers`
    (idempotency keys, client ids) are kept whole or replaced by a digest (`redact_identifier`); a
    field named in `dropped` becomes None when it held a secret (a speaker name that was a token must
    not become a person). Enum-like strings never hold a secret shape, so they pass unchanged.
    """
    redactor = _ModelRedactor(frozenset(identifiers), frozenset(dropped))
    cleaned = redactor.model(model)
    if cleaned is not model:
        cleaned = _revalidated(cleaned)
    return cleaned, sorted(set(redactor.kinds))


def _revalidated(model: Model) -> Model:
    """The redacted model checked again: a placeholder is longer than a short secret, and a field at its
    limit must be refused as the client's error (400), not by a database CHECK (500). Validators run
    again too, so evidence is capped again after redaction."""
    try:
        return type(model).model_validate(model.model_dump(exclude_unset=True))
    except PydanticValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "body"
        message = f"{where} {str(error['msg']).lower()} once secrets are redacted"
        raise ValidationFailed(message, field=where) from None


def redact_for_log(text: str | None, limit: int = 200) -> str:
    """A preview of user content that is safe for verbose logs: secrets redacted, whitespace folded, cut.

    Only ever call this behind `settings.verbose_logging`; outside local/dev no user content is logged.
    """
    if not text:
        return ""
    preview = " ".join(redact_secrets(text).text.split())
    if len(preview) <= limit:
        return preview
    return f"{preview[:limit].rstrip()}… (+{len(preview) - limit} chars)"
