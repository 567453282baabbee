"""The content hash a memory is keyed on: the update phase, the importer and a name correction all write
it, and a duplicate is found by it, so there is one definition."""

from __future__ import annotations

import hashlib
import re

_HASH_STRIP = re.compile(r"[^\w\s]")


def content_hash(text: str) -> str:
    """Same words, same hash: case, punctuation and spacing do not make a new memory."""
    normal = " ".join(_HASH_STRIP.sub(" ", text.lower()).split())
    return hashlib.sha256(normal.encode()).hexdigest()[:32]
