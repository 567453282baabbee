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
    "other half": "dating",
}
_WORD = "|".join(sorted((re.escape(w) for w in PARTNER_STATES), key=len, reverse=True))
_APOSTROPHE = r"['’]s"
_ADJECTIVE = r"(?:(?:new|lovely|long-suffering|long-time)\s+)?"
_TIE = rf"{_ADJECTIVE}(?P<word>(?i:{_WORD}))"
_JOINED = r"\s*(?:and|&|\+|with)\s*"
# "Priya's husband Dev", "Gabi's other half, Luca"
_POSSESSIVE = re.compile(rf"(?P<holder>{NAME}){_APOSTROPHE}\s+{_TIE}\s*,?\s+(?P<partner>{NAME})")
# "Dev, Priya's husband", "Dev (Priya's husband)"
_SET_OFF = re.compile(rf"(?P<partner>{NAME})\s*(?:,|\(|\s-|\s–)\s*(?P<holder>{NAME}){_APOSTROPHE}\s+{_TIE}\b")
# "Tomás and his missus Gráinne", "Freya + her husband Ollie"
_WITH_THEIRS = re.compile(
    rf"(?P<holder>{NAME})\s*(?:and|&|\+)\s*(?:his|her)\s+{_TIE}\s*,?\s+(?P<partner>{NAME})"
)
# "Elena ... with her husband Jonas": "her" stands for the last person named before it
_PRONOUN = re.compile(rf"\b(?:[Hh]er|[Hh]is)\s+{_TIE}\s*,?\s+(?P<partner>{NAME})")
# "Ana and Tom's wedding anniversary", "Farah & Idris's 10th anniversary"
_WEDDING = re.compile(
    rf"(?P<holder>{NAME}){_JOINED}(?P<partner>{NAME}){_APOSTROPHE}\s+(?:\d+\w*\s+)?"
    r"(?i:wedding|anniversary|anniv)\b"
)
# "Rhys and Cerys are dating now", "Jess is marrying Pete"; not "idk if Rania and Karim are together"
_ARE = re.compile(
    rf"(?P<holder>{NAME}){_JOINED}(?P<partner>{NAME})\s+(?:are|r)\s+(?:now\s+|officially\s+|finally\s+)?"
    r"(?P<state>dating|engaged|married|a\s+thing|an\s+item|seeing\s+each\s+other)\b"
)
_IS = re.compile(
    rf"(?P<holder>{NAME})\s+(?:is|'s)\s+(?:now\s+)?(?P<state>marrying|engaged\s+to|married\s+to|dating|"
    rf"going\s+out\s+with)\s+(?P<partner>{NAME})"
)
_SUBJECT = re.compile(rf"^\s*(?P<name>{NAME})\s+(?-i:[a-z]+)\s")
_OTHER_PARTNERSHIP = re.compile(
    r"\b(?:tennis|doubles|squash|badminton|padel|pickleball|golf|bridge|dance|dancing|salsa|tango|"
    r"climbing|running|training|sparring|business|law|firm|practice|lab|project|research|study|chess|"
    r"quiz|match|game|tournament|league|beat\s+us)\b",
    re.IGNORECASE,
)
_STATE_WORDS = {"marrying": "engaged", "engaged": "engaged", "married": "married"}
_DOUBT = re.compile(
    r"\b(?:if|whether|wonder|hope|hoping|wish|maybe|might|idk|not sure)\b[^.!?]*$", re.IGNORECASE
)
_NOT_NAMES = frozenset(("I", "The", "My", "Our", "Her", "His", "Their", "We", "She", "He", "They", "It"))
_ANY_WORD = re.compile(
    rf"\b(?:{_WORD}|wedding|anniversary|anniv|dating|engaged|married|marrying|"
    r"a\s+thing|seeing\s+each|going\s+out)\b",
    re.IGNORECASE,
)


def may_tell_a_partner(text: str) -> bool:
    """Cheap first look: whether `text` holds a partner word at all (most notes do not)."""
    return _ANY_WORD.search(text) is not None


@dataclass(frozen=True)
class PartnerTie:
    holder: str
    word: str  # as said: "hubby", or the state itself ("married") when said by a verb
    partner: str

    @property
    def state(self) -> str:
        word = self.word.lower()
        return PARTNER_STATES.get(word) or _STATE_WORDS.get(word.split()[0], "dating")


def others_partners(text: str, spotted: Sequence[SpottedEntity]) -> list[PartnerTie]:
    """The partner ties between two people other than the writer `text` states (`spotted`: its entities,
    in order, for whom "her" and "his" stand)."""
    people = [e for e in spotted if e.entity_type == "person"]
    ties: list[PartnerTie] = []
    for pattern in (_POSSESSIVE, _SET_OFF, _WITH_THEIRS, _WEDDING, _ARE, _IS):
        for match in pattern.finditer(text):
            if _DOUBT.search(text[: match.start()]):
                continue
            word = match.groupdict().get("word") or match.groupdict().get("state") or "spouse"
            holder, partner = (_as_spotted(match.group(g), spotted) for g in ("holder", "partner"))
            ties.append(PartnerTie(holder, re.sub(r"\s+", " ", word), partner))
    for match in _PRONOUN.finditer(text):
        whose = _named_before(people, match.start()) or _sentence_subject(text, match.start(), spotted)
        if whose is not None:
            ties.append(PartnerTie(whose, match.group("word"), _as_spotted(match.group("partner"), spotted)))
    return _distinct([tie for tie in ties if not _other_kind_of_partner(text, tie)])


def _as_spotted(name: str, spotted: Sequence[SpottedEntity]) -> str:
    """The name as the entity spotter read it: "Met Dev" at a sentence's start is Dev."""
    names = {e.name for e in spotted}
    if name in names or " " not in name:
        return name
    last = name.split()[-1]
    return last if last in names else name


def _sentence_subject(text: str, at: int, spotted: Sequence[SpottedEntity]) -> str | None:
    """The name that opens the sentence "her"/"his" at `at` is in, when a verb follows it ("Sofia brought
    her girlfriend Anna"): whom the pronoun stands for, though the spotter took the name for a city's. A
    capitalised word it did not take for a name at all ("Went to Paris with her husband") is no one."""
    sentence = re.split(r"[.!?]\s+", text[:at])[-1]
    opening = _SUBJECT.match(sentence)
    if opening is None or opening.group("name") not in {e.name for e in spotted}:
        return None
    return opening.group("name")


def _other_kind_of_partner(text: str, tie: PartnerTie) -> bool:
    """ "Fran and her partner Gus beat us at doubles": a partner at a game, in a business, in a lab."""
    return tie.word.lower() == "partner" and _OTHER_PARTNERSHIP.search(text) is not None


def _distinct(ties: list[PartnerTie]) -> list[PartnerTie]:
    """Each pair once and each partner once, the first reading kept; a "name" that is a pronoun or the
    same person is none."""
    seen: set[frozenset[str]] = set()
    partners: set[str] = set()
    out = []
    for tie in ties:
        pair = frozenset((tie.holder, tie.partner))
        if len(pair) < 2 or pair & _NOT_NAMES or pair in seen or tie.partner in partners:
            continue
        seen.add(pair)
        partners.add(tie.partner)
        out.append(tie)
    return out


def _named_before(people: Sequence[SpottedEntity], at: int) -> str | None:
    """Whom "her"/"his" at `at` stands for: the last person named before it."""
    named = [p for p in people if p.end <= at]
    return named[-1].name if named else None
