"""Whose partner someone named is, when that someone is not the user's: "Priya's husband Dev", "Elena on
video with her husband Jonas", "Dev, Priya's husband", "Ana & Tom's wedding anniversary".

The user's own ties are read where a person is named ("my sister Leila"); a tie between two other people
is only said in passing, and it is what a question through someone else needs ("what does my sister's
husband do?": the user's sister, then her husband). Each is read as (holder, partner word, partner);
"her"/"his" stand for the last person named before them in the same text. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engram.language.phrases import NAME
from engram.language.text.entities import SpottedEntity

# A partner word and the state of the tie it says, as a relationship slot holds it.
PARTNER_STATES = {
    "husband": "married",
    "wife": "married",
    "hubby": "married",
    "wifey": "married",
    "spouse": "married",
    "missus": "married",
    "fiance": "engaged",
    "fiancee": "engaged",
    "fiancé": "engaged",
    "fiancée": "engaged",
    "partner": "dating",
    "boyfriend": "dating",
    "girlfriend": "dating",
    "bf": "dating",
    "gf": "dating",
}
_WORD = "|".join(sorted(PARTNER_STATES, key=len, reverse=True))
_APOSTROPHE = r"['’]s"
# Just before the partner's name: "Priya's husband", "her new husband", "his fiancée,"
_BEFORE = re.compile(
    rf"(?:(?P<holder>{NAME}){_APOSTROPHE}|\b(?P<pronoun>[Hh]er|[Hh]is))\s+(?:new\s+|lovely\s+)?"
    rf"(?P<word>(?i:{_WORD}))\s*,?\s*$"
)
# Set off just after the partner's name: "Dev, Priya's husband", "Dev (Priya's husband)"
_AFTER = re.compile(rf"^\s*(?:,|\(|-)\s*(?P<holder>{NAME}){_APOSTROPHE}\s+(?P<word>(?i:{_WORD}))\b")
# Two people whose wedding it is: "Ana & Tom's wedding anniversary", "Ana and Tom's 10th anniversary"
_WEDDING = re.compile(r"^\s*(?:&|and)\s*$")
_WEDDING_AFTER = re.compile(rf"^{_APOSTROPHE}\s+(?:\d+\w*\s+)?(?i:wedding|anniversary|anniv)\b")


_ANY_WORD = re.compile(rf"\b(?:{_WORD}|wedding|anniversary|anniv)\b", re.IGNORECASE)


def may_tell_a_partner(text: str) -> bool:
    """Cheap first look: whether `text` holds a partner word at all (most notes do not)."""
    return _ANY_WORD.search(text) is not None


@dataclass(frozen=True)
class PartnerTie:
    holder: str
    word: str  # as said: "hubby"
    partner: str

    @property
    def state(self) -> str:
        return PARTNER_STATES[self.word.lower()]


def others_partners(text: str, spotted: Sequence[SpottedEntity]) -> list[PartnerTie]:
    """The partner ties between two people `text` names (`spotted`: its entities, in order)."""
    people = [e for e in spotted if e.entity_type == "person"]
    ties: list[PartnerTie] = []
    for index, person in enumerate(people):
        before = _BEFORE.search(text[: person.start])
        if before is not None:
            holder = before.group("holder") or _named_before(people[:index], before.start())
            if holder and holder != person.name:
                ties.append(PartnerTie(holder, before.group("word"), person.name))
                continue
        after = _AFTER.match(text[person.end :])
        if after is not None and after.group("holder") != person.name:
            ties.append(PartnerTie(after.group("holder"), after.group("word"), person.name))
            continue
        between = text[people[index - 1].end : person.start] if index else ""
        if index and _WEDDING.match(between) and _WEDDING_AFTER.match(text[person.end :]):
            ties.append(PartnerTie(people[index - 1].name, "spouse", person.name))
    return ties


def _named_before(people: Sequence[SpottedEntity], at: int) -> str | None:
    """Whom "her"/"his" at `at` stands for: the last person named before it."""
    named = [p for p in people if p.end <= at]
    return named[-1].name if named else None
