"""Perspective: a speaker's first person rewritten to their name, an assistant's "you" to the user's "I"."""

from __future__ import annotations

import re

from engram.language.text.vocabulary import ADVERBS_AFTER_I, IRREGULAR_PASTS, IRREGULAR_THIRD_PERSON, MODALS
from engram.language.text.words import STOPWORDS

_PAST_PARTICIPLE_HINT = re.compile(
    r"^(?:\w+ed|been|gone|done|seen|had|known|taken|given|got|gotten|"
    r"made|met|left|told|said|heard|felt|thought|never|already|just)$"
)
_WORD_OR_GAP = re.compile(r"[A-Za-z][A-Za-z']*|[^A-Za-z]+")
# "I" + auxiliary -> name + third-person auxiliary (the auxiliary word is consumed).
_I_AUXILIARIES = {
    "am": "is",
    "have": "has",
    "do": "does",
    "don't": "doesn't",
    "haven't": "hasn't",
    "was": "was",
    "wasn't": "wasn't",
}


def third_person_verb(verb: str) -> str:
    """Present-tense verb for a third-person singular subject ("love" -> "loves", "go" -> "goes")."""
    lower = verb.lower()
    if lower in IRREGULAR_THIRD_PERSON:
        return IRREGULAR_THIRD_PERSON[lower]
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(lower) > 2 and lower.endswith("y") and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _conjugates(word: str) -> bool:
    lower = word.lower()
    if lower == "get":  # a stop word to search, a verb all the same: "I get how" -> "John gets how"
        return word[0].islower()
    return (
        lower.isalpha()
        and word[0].islower()
        and lower not in MODALS
        and lower not in IRREGULAR_PASTS
        and lower not in STOPWORDS
        and not lower.endswith(("ed", "ing", "ly"))
    )


def rewrite_first_person(text: str, name: str) -> str:
    """Rewrite the speaker's first person to their name, with verb agreement for the common auxiliaries.

    "I'm" -> "Caroline is", "I've"/"I have" -> "Caroline has", "I don't" -> "Caroline doesn't", "I'd" ->
    "would"/"had", "my"/"mine" -> "Caroline's", "me" -> "Caroline", "myself" -> "themself", and a
    present-tense verb right after "I" (past any adverbs) gets its "-s" ("I really love" -> "Caroline
    really loves"). Past tenses, modals and forms that read the same in past and present stay as they are.
    "we"/"our" stay: they are a group, not the speaker.
    """
    parts = _WORD_OR_GAP.findall(text)
    out: list[str] = []
    awaiting_verb = False
    i = 0
    while i < len(parts):
        part = parts[i]
        if not part[0].isalpha():
            out.append(part)
            awaiting_verb = awaiting_verb and part.strip() == ""
            i += 1
            continue
        lower = part.lower()
        if awaiting_verb:
            if lower in ADVERBS_AFTER_I:
                out.append(part)
                i += 1
                continue
            awaiting_verb = False
            out.append(third_person_verb(part) if _conjugates(part) else part)
            i += 1
            continue
        nxt_index = i + 2 if i + 2 < len(parts) and parts[i + 1].strip() == "" else None
        nxt = parts[nxt_index].lower() if nxt_index is not None else ""
        if part in ("I'm", "Im"):
            out.append(f"{name} is")
        elif part in ("I've", "Ive"):
            out.append(f"{name} has")
        elif part == "I'd":
            out.append(f"{name} had" if _PAST_PARTICIPLE_HINT.match(nxt) else f"{name} would")
        elif part == "I'll":
            out.append(f"{name} will")
        elif part == "I" and out and out[-1].strip() == "" and len(out) > 1 and out[-2].lower() == "and":
            out.append(name)  # "my husband and I have": a plural subject keeps its verb
        elif part == "I" and nxt in _I_AUXILIARIES and nxt_index is not None:
            out.append(f"{name} {_I_AUXILIARIES[nxt]}")
            i = nxt_index
        elif part == "I":
            out.append(name)
            awaiting_verb = True
        elif lower in ("my", "mine"):
            out.append(f"{name}'s")
        elif lower == "me" and not _hyphened(parts, i):  # "me-time" is no one's name
            out.append(name)
        elif lower == "myself":
            out.append("themself")
        else:
            out.append(part)
        i += 1
    return "".join(out)


def _hyphened(parts: list[str], i: int) -> bool:
    return (i + 1 < len(parts) and parts[i + 1].startswith("-")) or (i > 0 and parts[i - 1].endswith("-"))


_SECOND_PERSON = [
    (re.compile(r"\byou're\b", re.I), "I'm"),
    (re.compile(r"\byou've\b", re.I), "I've"),
    (re.compile(r"\byou'll\b", re.I), "I'll"),
    (re.compile(r"\byou'd\b", re.I), "I'd"),
    (re.compile(r"\byou are\b", re.I), "I am"),
    (re.compile(r"\byou were\b", re.I), "I was"),
    (re.compile(r"\byourself\b", re.I), "myself"),
    (re.compile(r"\byours\b", re.I), "mine"),
    (re.compile(r"\byour\b", re.I), "my"),
    (re.compile(r"(?:(?<=^)|(?<=[.,;:!?] )|(?<=\band )|(?<=\bthat ))you\b", re.I), "I"),
    (re.compile(r"\byou\b", re.I), "me"),
]


def second_to_first_person(text: str) -> str:
    """An assistant's summary about the user, in the user's own voice ("your dentist" -> "my dentist")."""
    for pattern, replacement in _SECOND_PERSON:
        text = pattern.sub(replacement, text)
    return text
