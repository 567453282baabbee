"""Canonical entity names: the key that makes "Marcus", "marcus" and "Marcus's" one node."""

from __future__ import annotations

import re
import unicodedata

_TITLES = re.compile(r"^(?:dr|mr|mrs|ms|miss|mx|prof|sir|dame|uncle|aunt|auntie|grandma|grandpa)\.?\s+", re.I)
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")
_SPACES = re.compile(r"\s+")


def canonical_name(name: str) -> str:
    """Lowercase, accents kept, titles and possessives dropped, inner whitespace collapsed."""
    text = unicodedata.normalize("NFKC", name).strip()
    text = _SPACES.sub(" ", text)
    text = _POSSESSIVE.sub("", text)
    stripped = _TITLES.sub("", text)
    text = stripped or text
    return text.strip(' .,;:!?"()[]').lower()
