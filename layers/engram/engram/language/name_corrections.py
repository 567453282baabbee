"""Name corrections as people say them: which spelling was wrong and which is right.

Two kinds of shape. Most name both spellings ("it's spelled Sara, not Sarah", "Sarah is actually
spelt Sara", "I misspelled her name as Sarah, it's Sara", "I keep writing Sarah but it's Sara"). Some
give the right spelling and a hint at the wrong one ("her name is Katherine with a K", "Sara without
an h", "Philip with one l"): the wrong spelling is rebuilt from the hint, and where the hint cannot say
where a letter went, the graph takes the one known name spelled nearly like the right one
(`graph.resolution.correct_name`).
"""

from __future__ import annotations

import re

_SPELT = r"(?:spelled|spelt|written|typed)"
_INSTEAD = r"(?:not|rather than|instead of)"
# A name as written: capitalised, accents allowed ("Renée", "Łukasz"), one or two words; case-sensitive
# inside the case-insensitive patterns (a capital is what tells a name from a word).
NAME = r"(?-i:[A-ZÀ-ÖØ-ÞŁŚŻŹĆŃŠŽČ][^\W\d_]+(?:['\-][^\W\d_]+)*(?:\s+[A-ZÀ-ÖØ-ÞŁŚŻŹĆŃŠŽČ][^\W\d_]+)?)"
_IS = r"(?:it'?s|it is|that'?s|the name is|(?:his|her|their) name is|name'?s|should be|is)"

# Both spellings named: (?P<old>) the wrong one, (?P<new>) the right one.
_BOTH = [
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        rf"\b{_SPELT}\s+(?P<new>{NAME})\s*,?\s+{_INSTEAD}\s+(?P<old>{NAME})\b",
        rf"\b(?P<old>{NAME})\s+is\s+(?:actually\s+|really\s+)?{_SPELT}\s+(?P<new>{NAME})\b",
        rf"\b(?P<old>{NAME})\s+should\s+(?:have\s+been|be)\s+{_SPELT}\s+(?P<new>{NAME})\b",
        (
            rf"\b(?:I meant|I mean|it'?s|it is|name is|called|goes by)\s+(?P<new>{NAME})\s*,?\s+{_INSTEAD}\s+"
            rf"(?P<old>{NAME})\b"
        ),
        rf"\bnot\s+(?P<old>{NAME})\s*,?\s+(?:but|it'?s|it is)\s+(?P<new>{NAME})\b",
        rf"^(?P<new>{NAME})\s*,?\s+not\s+(?P<old>{NAME})[.!]*$",
        (
            rf"\bmisspel(?:led|t)\s+(?:(?:his|her|their)\s+name\s+(?:as\s+)?)?(?P<old>{NAME})\b[^.;]*?\b{_IS}\s+"
            rf"(?:actually\s+)?(?P<new>{NAME})\b"
        ),
        (
            rf"\b(?:writing|typing|spelling|calling\s+(?:him|her|them))\s+(?P<old>{NAME})\s*,?\s+but\s+{_IS}\s+"
            rf"(?:actually\s+)?(?P<new>{NAME})\b"
        ),
    )
]
# The right spelling and a hint: "with a K", "without an h", "with one l", "with two Ls".
_HINTED = re.compile(
    rf"\b(?:name is|it'?s|it is|spelled|spelt|written|that'?s)\s+(?P<new>{NAME})\s*,?\s+"
    r"with(?P<without>out)?\s+(?P<count>an?|the|one|two|a\s+double|double)\s+"
    r"[\"'‘“]?(?P<letter>[A-Za-z]{1,2}?)[\"'’”]?(?:'?s)?(?!\w)",
    re.IGNORECASE,
)
# Letters that sound alike, so "with a K" says the wrong spelling had the other one.
_SOUND_ALIKE = {"k": "c", "c": "k", "ph": "f", "f": "ph", "y": "i", "i": "y", "z": "s", "s": "z", "v": "w"}


def read_name_correction(text: str) -> tuple[str, str] | None:
    """(wrong spelling, right spelling) when `text` corrects how a name is spelled, else None."""
    for pattern in _BOTH:
        match = pattern.search(text)
        if match and match.group("old") != match.group("new"):
            return match.group("old"), match.group("new")
    hinted = _HINTED.search(text)
    if hinted is None:
        return None
    new = hinted.group("new")
    letter, count = hinted.group("letter").lower(), hinted.group("count").lower()
    old = _wrong_spelling(new, letter, count, without=bool(hinted.group("without")))
    return (old, new) if old and old != new else None


def _wrong_spelling(new: str, letter: str, count: str, *, without: bool) -> str | None:
    """The spelling the hint corrects: "Katherine" with a K was "Catherine"; "Sara" without an h was
    "Sarah"; "Philip" with one l was "Phillip"; "Phillip" with two ls was "Philip"."""
    lower = new.lower()
    if without:
        return new + letter
    if count == "one":
        at = lower.find(letter)
        return new[: at + 1] + letter + new[at + 1 :] if at >= 0 else None
    if count in ("two", "double", "a double"):
        at = lower.find(letter * 2)
        return new[:at] + new[at + 1 :] if at >= 0 else None
    other = _SOUND_ALIKE.get(letter)
    at = lower.find(letter)
    if other is None or at < 0:
        return None
    replacement = other.capitalize() if at == 0 else other
    return new[:at] + replacement + new[at + len(letter) :]
