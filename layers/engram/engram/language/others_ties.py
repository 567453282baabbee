"""How two people other than the user are tied, when a note says it in passing: "Priya's husband Dev",
"Elena on video with her husband Jonas", "Dev, Priya's husband", "Rhys and Cerys are dating", "Bethan's
son Theo", "Jomar is Miggy's dad", "Nadia's kids, Omar and Layla".

The user's own ties are read where a person is named ("my sister Leila"); a tie between two other people
is only said in passing, and it is what a question through someone else needs ("what does my sister's
husband do?": the user's sister, then her husband). Each is read as (holder, tie word, other): the other
is the holder's husband, son, mum. "Her"/"his" stand for the last person named before them, else for the
name that opens their sentence. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engram.language.phrases import NAME
from engram.language.text.entities import SpottedEntity
from engram.language.text.vocabulary import FAMILY_RELATIONS, KIN_SHORTHAND

# A partner word and the state of the tie it says, as a relationship slot holds it.
PARTNER_STATES = {
    **dict.fromkeys(("husband", "wife", "hubby", "wifey", "spouse", "missus"), "married"),
    **dict.fromkeys(("fiance", "fiancee", "fiancé", "fiancée"), "engaged"),
    **dict.fromkeys(("partner", "boyfriend", "girlfriend", "bf", "gf", "other half"), "dating"),
}
# A family word and the tie it names, as the graph types it ("mum": mother). In-laws and steps are left
# out: "Dan's mother-in-law Ruth" says whose, but a path through it is the user's partner's, not Dan's.
KIN_TIES = {
    **{w: t for w, t in FAMILY_RELATIONS.items() if "-" not in w and not w.startswith("step")},
    **dict.fromkeys(("kids", "children", "babies"), "child"),
    **KIN_SHORTHAND,
    "boy": "son",
    "girl": "daughter",
    "grandad": "grandfather",
    "ma": "mother",
    "pa": "father",
    "twin": "sibling",
    "twins": "child",
    "parents": "parent",
}
_PLURALS = frozenset(("kids", "children", "babies", "twins", "parents"))
# What a birth is told by: "Darren and Kirsty had a boy, Lachlan"
_BORN = {
    "boy": "son",
    "girl": "daughter",
    "son": "son",
    "daughter": "daughter",
    "baby": "child",
    "twins": "child",
}
_WORD = "|".join(sorted((re.escape(w) for w in (*PARTNER_STATES, *KIN_TIES)), key=len, reverse=True))
_APOSTROPHE = r"['’]s"
# A name whose halves are joined by a hyphen, each capitalised ("Jean-Paul", "Mary-Kate Olsen")
_HYPHENED = r"(?-i:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+-[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:\s+[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ'\-]+)?)"
_ADJECTIVE = r"(?:(?:new|lovely|long-suffering|long-time|little|baby|big|older|younger|eldest|youngest)\s+)?"
_TIE = rf"{_ADJECTIVE}(?P<word>(?i:{_WORD}))(?P<plural>s)?"
_JOINED = r"\s*(?:and|&|\+|with)\s*"
# "Priya's husband Dev", "Gabi's other half, Luca", "Nadia's kids - Omar and Layla", "Mrs Okafor's
# grandson is Chidi"
_POSSESSIVE = re.compile(
    rf"(?P<holder>{NAME}){_APOSTROPHE}\s+{_TIE}\s*(?:,|:|\s-|\s–|\s+is|\s+was)?\s+(?P<other>{NAME})"
)
# "Inês and Rui had a little girl, Beatriz", "Aoife gave birth to twins on Tuesday - Cian and Niamh"
_BIRTH = re.compile(
    rf"(?P<holder>{NAME})(?:\s*(?:and|&|\+)\s*(?P<co>{NAME}))?\s+(?:just\s+)?(?:had|welcomed|gave\s+birth\s+to)"
    r"\s+(?:a\s+)?(?:(?:little|baby|beautiful|healthy|bouncing)\s+)?(?P<word>(?i:boy|girl|son|daughter|baby|twins))"
    rf"\b[^.!?]{{0,40}}?(?:,|:|\s-|\s–|\s+called|\s+named)\s+(?:little\s+)?(?P<other>{NAME})"
)
# "Dev, Priya's husband", "Theo (Bethan's boy)", "Jomar is Miggy's dad"
_SET_OFF = re.compile(
    rf"(?P<other>{NAME})\s*(?:,|\(|\s-|\s–|\s+is|['’]s)\s*(?P<holder>{NAME}){_APOSTROPHE}\s+{_TIE}\b"
)
# "Elijah, son of Pastor Mensah", "Stella is the daughter of Jean-Paul"
_OF = re.compile(
    rf"(?P<other>{NAME})\s*(?:,|\s+is|\s+was)\s+(?:the\s+)?{_ADJECTIVE}(?P<word>(?i:{_WORD}))\s+of\s+"
    rf"(?P<holder>{_HYPHENED}|{NAME})"
)
# "Tomás and his missus Gráinne", "Lunch with Sam and his mum Carol"
_WITH_THEIRS = re.compile(
    rf"(?P<holder>{NAME})\s*(?:and|&|\+)\s*(?:his|her)\s+{_TIE}\s*,?\s+(?P<other>{NAME})"
)
# "Elena ... with her husband Jonas": "her" stands for the last person named before it
_PRONOUN = re.compile(rf"\b(?:[Hh]er|[Hh]is)\s+{_TIE}\s*,?\s+(?P<other>{NAME})")
# "Ana and Tom's wedding anniversary", "Farah & Idris's 10th anniversary"
_WEDDING = re.compile(
    rf"(?P<holder>{NAME}){_JOINED}(?P<other>{NAME}){_APOSTROPHE}\s+(?:\d+\w*\s+)?"
    r"(?i:wedding|anniversary|anniv)\b"
)
# "Rhys and Cerys are dating now", "Jess is marrying Pete"; not "idk if Rania and Karim are together"
_ARE = re.compile(
    rf"(?P<holder>{NAME}){_JOINED}(?P<other>{NAME})\s+(?:are|r)\s+(?:now\s+|officially\s+|finally\s+)?"
    r"(?P<state>dating|engaged|married|a\s+thing|an\s+item|seeing\s+each\s+other)\b"
)
_IS = re.compile(
    rf"(?P<holder>{NAME})\s+(?:is|'s)\s+(?:now\s+)?(?P<state>marrying|engaged\s+to|married\s+to|dating|"
    rf"going\s+out\s+with)\s+(?P<other>{NAME})"
)
# more names after the first, when the tie was plural: "Nadia's kids, Omar and Layla"
_MORE_NAMES = re.compile(rf"\s*(?:,|and|&)\s*(?:(?:little|baby)\s+)?(?P<name>{NAME})")
# "Darren and Kirsty's daughter Ava": the daughter of both
_CO_HOLDER = re.compile(rf"(?P<name>{NAME})\s*(?:and|&|\+)\s*$")
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
    r"a\s+thing|seeing\s+each|going\s+out)",
    re.IGNORECASE,
)


def may_tell_a_tie(text: str) -> bool:
    """Cheap first look: whether `text` holds a tie word at all (most notes do not)."""
    return _ANY_WORD.search(text) is not None


@dataclass(frozen=True)
class OthersTie:
    holder: str
    word: str  # as said: "hubby", "mum"; or the state itself ("married") when said by a verb
    other: str

    @property
    def is_partner(self) -> bool:
        return self.word.lower() not in KIN_TIES

    @property
    def noun(self) -> str:
        """The tie word for one person: "Omar is Nadia's child" of "Nadia's kids, Omar and Layla"."""
        word = self.word.lower()
        return KIN_TIES[word] if word in _PLURALS else word

    @property
    def said_as_a_noun(self) -> bool:
        """ "Priya's husband", "Bethan's son"; not "Rhys and Cerys are dating"."""
        return self.word.lower() in PARTNER_STATES or self.word.lower() in KIN_TIES

    @property
    def value(self) -> str:
        """What a relationship slot holds: the partner tie's state ("married"), or the family tie ("son")."""
        word = self.word.lower()
        if word in KIN_TIES:
            return KIN_TIES[word]
        return PARTNER_STATES.get(word) or _STATE_WORDS.get(word.split()[0], "dating")


def others_ties(text: str, spotted: Sequence[SpottedEntity]) -> list[OthersTie]:
    """The ties between two people other than the writer `text` states (`spotted`: its entities, in
    order, for whom "her" and "his" stand)."""
    people = [e for e in spotted if e.entity_type == "person"]
    ties: list[OthersTie] = []
    for pattern in (_POSSESSIVE, _SET_OFF, _OF, _WITH_THEIRS, _WEDDING, _ARE, _IS, _BIRTH):
        for match in pattern.finditer(text):
            if _DOUBT.search(text[: match.start()]):
                continue
            groups = match.groupdict()
            word = re.sub(r"\s+", " ", groups.get("word") or groups.get("state") or "spouse")
            if pattern is _BIRTH:
                word = _BORN[word.lower()]
            holders = [_as_spotted(match.group("holder"), spotted), *_co_holders(text, match)]
            for other in _others(text, match, spotted):
                ties.extend(OthersTie(holder, word, other) for holder in holders)
    for match in _PRONOUN.finditer(text):
        whose = _named_before(people, match.start()) or _sentence_subject(text, match.start(), spotted)
        if whose is not None:
            ties.extend(
                OthersTie(whose, match.group("word"), other) for other in _others(text, match, spotted)
            )
    return _distinct([tie for tie in ties if not _other_kind_of_partner(text, tie)])


def _co_holders(text: str, match: re.Match[str]) -> list[str]:
    """The other parent of a child said of two: "Darren and Kirsty's daughter Ava", "Inês and Rui had a
    little girl"; not "Kemal's boss Ayşe and Kemal's mum Sevgi" (Ayşe is someone's boss, no parent)."""
    if match.groupdict().get("co"):
        return [match.group("co")]
    if match.re is not _POSSESSIVE or (match.group("word") or "").lower() not in KIN_TIES:
        return []
    before = text[: match.start("holder")]
    co = _CO_HOLDER.search(before)
    if co is None or re.search(rf"{_APOSTROPHE}\s+\w+\s*$", before[: co.start()]):
        return []
    return [co.group("name")]


def _others(text: str, match: re.Match[str], spotted: Sequence[SpottedEntity]) -> list[str]:
    """The name the tie is said of, and the names listed after it when the tie was plural."""
    names = [_as_spotted(match.group("other"), spotted)]
    plural = match.groupdict().get("plural") or (match.groupdict().get("word") or "").lower() in _PLURALS
    if plural and match.re is not _SET_OFF:
        at = match.end()
        while (more := _MORE_NAMES.match(text, at)) is not None:
            names.append(more.group("name"))
            at = more.end()
    return names


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


def _other_kind_of_partner(text: str, tie: OthersTie) -> bool:
    """ "Fran and her partner Gus beat us at doubles": a partner at a game, in a business, in a lab."""
    return tie.word.lower() == "partner" and _OTHER_PARTNERSHIP.search(text) is not None


def _distinct(ties: list[OthersTie]) -> list[OthersTie]:
    """Each pair once and each partner of one holder, the first reading kept (a child has two parents);
    a "name" that is a pronoun or the same person is none."""
    seen: set[frozenset[str]] = set()
    partnered: set[str] = set()  # one is the partner of one holder a note names
    out = []
    for tie in ties:
        pair = frozenset((tie.holder, tie.other))
        kin_word = tie.holder.lower() in KIN_TIES or tie.holder.lower() in PARTNER_STATES  # "Mum's cousin"
        if (
            len(pair) < 2
            or pair & _NOT_NAMES
            or kin_word
            or pair in seen
            or (tie.is_partner and tie.other in partnered)
        ):
            continue
        seen.add(pair)
        if tie.is_partner:
            partnered.add(tie.other)
        out.append(tie)
    return out


def _named_before(people: Sequence[SpottedEntity], at: int) -> str | None:
    """Whom "her"/"his" at `at` stands for: the last person named before it."""
    named = [p for p in people if p.end <= at]
    return named[-1].name if named else None
