"""Who takes the medicine a note speaks of: the writer, or someone in their life.

"Mum's losartan going up to 100mg" is about the writer's mother, "Dr Patel increased my citalopram" about
the writer (the prescriber takes nothing), and "his tramadol's been cut back" about whoever the user told
takes tramadol ("My grandad is on tramadol 50mg"). The slot of a medicine is stored under its taker, so
a change supersedes that person's dose and no one else's. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engram.language.concepts import is_medicine
from engram.language.medicines import WRITER, Medication, medication_in
from engram.language.text import RELATION_WORDS, STOPWORDS

# Who takes it, when the clause says so by the medicine: "Mum's losartan", "Tom's Zoloft", "Warfarin for
# Dad", or "his simvastatin" / "moved him onto" (then the person the clause names first: "Jack's
# consultant put his methylphenidate up", "the cardiologist told my dad to stop taking his simvastatin").
_POSSESSOR = re.compile(
    r"(?P<my>\bmy\s+)?\b(?P<who>[A-Za-z][\w-]*)'s\s+(?P<between>(?:[\w-]+\s+){0,2})$", re.I
)
_THIRD_PERSON = re.compile(r"\b(?:his|her|him)\s+(?:[\w-]+\s+){0,4}$", re.IGNORECASE)
_FOR_WHOM = re.compile(r"\s+for\s+(?:my\s+)?(?P<who>[A-Za-z][\w-]*)")
_PERSON = re.compile(r"\bmy\s+(?P<rel>[a-z-]+)|\b(?P<name>[A-Z][a-z-]+)'s\b|\b(?P<word>[A-Za-z][a-z-]+)\b")
_THIRD_PERSON_BEFORE = re.compile(r"\b(?:his|her|their|he|she|they)\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|me)\b")
_TOKEN = re.compile(r"[A-Za-z][\w'-]*")
_TAKING = frozenset(("takes", "is", "uses", "started", "has", "on", "was", "needs"))
_CLINICIAN = re.compile(
    r"^(?:dr|doc|doctor|gp|prof|nurse|consultant|surgeon|specialist|midwife|physician|p(?:a)?ediatrician|"
    r"dietitian|dietician|optician|clinician|[a-z]+ist)$",
    re.IGNORECASE,
)
_NEW_CLAUSE = re.compile(r"(?:,|;|\s-|\s—)\s*(?:so|and|but|then|because)?\b|\s(?:so|but|because)\s", re.I)
SOMEONE = "?"  # someone the clause does not name takes it: no slot


def taker_of(
    text: str, found: Medication, known: Mapping[str, str] | None = None, subject: str | None = None
) -> str | None:
    """Who takes the medicine, as a subject key ("my mum", "Tom", WRITER), SOMEONE unnamed, or None
    when the clause does not say. In order: named by it ("Mum's losartan", "warfarin for Dad"); whom its
    clause opens with (`subject`, someone other than the writer or a doctor: "my sister just got
    prescribed lyrica"; "My nan takes furosemide"); the person named before "his" or "her" ("Jack's
    consultant put his methylphenidate up"); whoever the user told takes it (`known`), when it is said of
    someone else ("his tramadol's been cut back"); the writer, by "my", "I" or "me"; `known` again
    ("doc doubled the crestor")."""
    before = text[: found.start]
    by_it = _by_the_medicine(text, found, before)
    if by_it is not None:
        return by_it
    # not "T4 is back in range, so the endocrinologist lowered carbimazole": another clause's subject
    opening = None if _NEW_CLAUSE.search(before) else subject or _leading_person(text)
    if opening is not None:
        return opening
    before_his = _before_his_or_her(before)
    if before_his is not None:
        return before_his
    taker = (known or {}).get(found.medicine)
    if _THIRD_PERSON_BEFORE.search(before) and taker not in (None, WRITER):
        return taker
    if re.search(r"\bmy\s+(?:[\w-]+\s+)?$", before, re.I) or _FIRST_PERSON.search(text):
        return WRITER
    if _THIRD_PERSON_BEFORE.search(before):
        return SOMEONE  # "she's been started on levothyroxine": someone, not the writer
    return taker


def _by_the_medicine(text: str, found: Medication, before: str) -> str | None:
    possessor = _POSSESSOR.search(before)
    if possessor and possessor.group("who").lower() not in _NOT_POSSESSORS:
        if possessor.group("my"):
            return f"my {possessor.group('who').lower()}"  # "my nan's furosemide"
        # a name written in lower case counts right by the medicine: "leo's concerta"
        return _person_key(possessor.group("who"), lower_name=not possessor.group("between"))
    after = _FOR_WHOM.match(text, found.start + len(found.medicine.split()[0]))
    return _person_key(after.group("who")) if after else None


def _before_his_or_her(before: str) -> str | None:
    if not (_THIRD_PERSON.search(before) or re.search(r"\b(?:him|her)\s+(?:on|onto|off)\b", before, re.I)):
        return None
    for person in _PERSON.finditer(before):
        word = person.group("rel") or person.group("name") or person.group("word")
        key = _person_key(word, relatives_only=person.group("word") is not None)
        if key:
            return key
    return None


def is_clinician(words: str) -> bool:
    """Whether `words` name a doctor, a nurse or any "-ist" ("Dr Patel", "my GP", "the cardiologist",
    "Endocrinologist"): whoever prescribes takes none of it."""
    return any(_CLINICIAN.match(word) for word in re.findall(r"[A-Za-z]+", words))


def _leading_person(text: str) -> str | None:
    """The person a note opens with: "My son Leo takes" (Leo), "my grandad is on" (my grandad), "mum's
    on", "Nan takes"."""
    tokens = _TOKEN.findall(text[:80])
    if len(tokens) < 2:
        return None
    first = tokens[0].lower().removesuffix("'s")
    if first in ("my", "our"):
        relation = next(
            (
                i
                for i, t in enumerate(tokens[1:4], 1)
                if t.lower() in RELATION_WORDS and not _CLINICIAN.match(t)
            ),
            None,
        )
        if relation is None:  # a tie no list knows: "my grandad is on", "my nan takes"
            tie = tokens[1].lower()
            known_tie = tie not in STOPWORDS and not _CLINICIAN.match(tie) and not is_medicine(tie)
            return f"my {tie}" if known_tie and tokens[2].lower() in _TAKING else None
        name = tokens[relation + 1] if relation + 1 < len(tokens) else ""
        if name[:1].isupper() and name.lower() not in STOPWORDS and not is_medicine(name):
            return name
        return f"my {tokens[relation].lower()}"
    if first in RELATION_WORDS and not _CLINICIAN.match(first):  # "Doctor put me on ...": the prescriber
        return f"my {first}"
    taking = tokens[1].lower() in _TAKING or tokens[0].endswith("'s")
    verb = first.endswith(("ed", "ing"))  # "Started on metformin 500mg"
    if tokens[0][0].isupper() and taking and not verb and first not in STOPWORDS and not is_medicine(first):
        return tokens[0].removesuffix("'s")
    return None


def _person_key(word: str, relatives_only: bool = False, lower_name: bool = False) -> str | None:
    """A relative by the tie the writer names them by ("Mum": "my mum"), else a name as written."""
    lowered = word.lower()
    if lowered in RELATION_WORDS:
        return f"my {lowered}"
    if relatives_only or lowered in ("my", "me", "i") or _CLINICIAN.match(lowered):
        return None
    return word if word[0].isupper() or lower_name else None


# "it's the amlodipine", "that's the ramipril": no one's
_NOT_POSSESSORS = frozenset(
    "it that what there here he she who let where how one today tonight".split()  # noqa: SIM905
)


def known_medicines(texts: list[str]) -> dict[str, str]:
    """The medicines `texts` (what the user told before) say a dose, a start or a stop of, each with who
    takes it: the one named by it, else the person the text opens with, else the writer (WRITER)."""
    known: dict[str, str] = {}
    for text in texts:
        found = medication_in(text)
        if found is not None:
            before = text[: found.start]
            by_it = _by_the_medicine(text, found, before) or _before_his_or_her(before)
            known[found.medicine] = by_it or _leading_person(text) or WRITER
    return known
