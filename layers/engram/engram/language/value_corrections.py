"""Corrections of a value as people write them: "Op is 14 March not the 4th", "the exam is Thursday, not
Tuesday", "Lola is turning 90 not 89", "rent is 7,000 with water included, not 6,500", "that was
Victoria Park parkrun not Queens Park".

The note gives the right value and, after "not", the one told before. An earlier memory that holds that
old value, on the same matter, was wrong: the write path retires it (superseded by the correction, kept
in its history) instead of keeping both as true. Only a value reads as corrected: a number, an amount,
a day of the month, a weekday or month, a name; "ranunculus NOT roses" or "kidney numbers not great"
correct nothing. The note must also give a value of the same kind in its place, so "not Tuesday" in
"I'm free any day, not Tuesday" is no correction. Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.language.text import MONTHS, WEEKDAYS

_CALENDAR = "|".join((*WEEKDAYS, *MONTHS, "mon", "tues?", "wed", "thurs?", "fri", "sat", "sun"))
_NUMBER = r"[£$€₱]?\d+(?:[,.:/]\d+)*(?:\s?(?:am|pm|k))?"
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)"
# A name as written: capitalised words, one to three (case-sensitive inside the case-insensitive pattern).
_NAME = r"(?-i:[A-Z][\w'\-]+(?:\s+[A-Z][\w'\-]+){0,2})"
_VALUE = (
    rf"(?P<number>{_ORDINAL}|{_NUMBER})(?!\w)|"
    rf"(?P<calendar>(?:{_CALENDAR})s?)\b(?:\s+\d{{1,2}}\b)?|"
    rf"(?P<name>{_NAME})"
)
_NOT = re.compile(rf"\bnot\s+(?:the\s+)?(?:{_VALUE})", re.IGNORECASE)
_ANY_VALUE = re.compile(_VALUE, re.IGNORECASE)
_KINDS = ("number", "calendar", "name")
# Words that are no value of their own, capitalised or not.
_NOT_VALUES = frozenset(("i", "me", "you", "we", "he", "she", "they", "it", "a", "an", "yet", "now"))
_TOKEN = re.compile(r"\d+(?:[,.:]\d+)*|[^\W\d_]+")


@dataclass(frozen=True)
class ValueCorrection:
    """The value the note says was wrong, as told before (`old`), and of which kind."""

    old: str
    kind: str

    def held_by(self, text: str) -> bool:
        """Does `text` say the old value? Word for word, a weekday in the plural ("Tuesdays") as one
        ("Tuesday mornings"), a day of the month ("the 4th") as the day of a date ("4 March")."""
        wanted = _tokens(self.old)
        return bool(wanted) and wanted <= _tokens(text)


def value_correction(text: str) -> ValueCorrection | None:
    """The value `text` corrects (see module), or None when it corrects none."""
    for found in _NOT.finditer(text):
        kind = next(k for k in _KINDS if found.group(k))
        old = found.group(kind)
        if old.lower() in _NOT_VALUES:
            continue
        rest = text[: found.start()] + " " + text[found.end() :]
        if any(other.group(kind) for other in _ANY_VALUE.finditer(rest)):
            return ValueCorrection(old, kind)
    return None


def _tokens(text: str) -> set[str]:
    """Lowercased words and numbers, an ordinal as its number, a plural weekday or month as one."""
    out = set()
    for token in _TOKEN.findall(re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", text.lower())):
        if token.endswith("s") and token[:-1] in (*WEEKDAYS, *MONTHS):
            token = token[:-1]
        out.add(token)
    return out
