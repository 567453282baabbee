"""Kin said through someone else: "my sister's husband", "my son-in-law", "my daughter's son".

Such a question asks about a person whose name the user has told ("Leila got engaged to Saoirse"), by a
path through the people the user knows: the user's sister, then her partner. Search finds who that is in
the user's graph and reads the question with the name in place of the path (retrieval.kin_chain), so that
"what does my sister's fiancée do?" is asked as "what does Saoirse do?".

A path is a chain of steps; each step is the tie words an edge from the person before may carry
(`forward`: "Leila -engaged_to-> Saoirse" is Leila's partner) and those an edge to them may carry
(`backward`: "Niki -mother-> Elena" makes Niki Elena's child). A compound word is one or more paths, tried
in order ("my brother-in-law": a sibling's partner, else the partner's brother). Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.language.text.vocabulary import RELATION_WORDS

_PARTNER = frozenset(
    (
        *("partner", "dating", "engaged_to", "married_to", "husband", "wife", "spouse"),
        *("girlfriend", "boyfriend", "fiance", "fiancee", "fiancé", "fiancée"),
    )
)
_PARENT = frozenset(("mother", "father", "parent", "parents", "mum", "mom", "dad", "mama", "papa"))
_CHILD = frozenset(("son", "daughter", "child", "kid", "baby", "stepson", "stepdaughter"))
_SIBLING = frozenset(("sister", "brother", "sibling", "twin"))


@dataclass(frozen=True)
class Step:
    """One tie along a path: the edge types that lead from the person before to the next one."""

    forward: frozenset[str]
    backward: frozenset[str]


PARTNER = Step(_PARTNER, _PARTNER)
CHILD = Step(_CHILD, _PARENT)
PARENT = Step(_PARENT, _CHILD)
SIBLING = Step(_SIBLING, _SIBLING)

# A tie word as a question says it, and the step it takes. A gendered word narrows the edges that lead
# away ("my sister" is no brother) but not those that lead back, which say the other person's tie.
_HUSBAND = Step(_PARTNER - {"wife", "girlfriend"}, _PARTNER)
_WIFE = Step(_PARTNER - {"husband", "boyfriend"}, _PARTNER)
_SISTER = Step(frozenset(("sister", "sibling", "twin")), _SIBLING)
_BROTHER = Step(frozenset(("brother", "sibling", "twin")), _SIBLING)
_SON = Step(frozenset(("son", "child", "kid")), _PARENT)
_DAUGHTER = Step(frozenset(("daughter", "child", "kid")), _PARENT)
_MOTHER = Step(frozenset(("mother", "mum", "mom", "mama", "parent", "parents")), _CHILD)
_FATHER = Step(frozenset(("father", "dad", "papa", "parent", "parents")), _CHILD)
_WORD_STEPS: dict[str, Step] = {
    **dict.fromkeys(("partner", "spouse", "fiance", "fiancee", "fiancé", "fiancée"), PARTNER),
    **dict.fromkeys(("boyfriend", "girlfriend", "bf", "gf", "other half"), PARTNER),
    **dict.fromkeys(("husband", "hubby"), _HUSBAND),
    **dict.fromkeys(("wife", "wifey", "missus"), _WIFE),
    **dict.fromkeys(("sister", "sis"), _SISTER),
    **dict.fromkeys(("brother", "bro"), _BROTHER),
    "sibling": SIBLING,
    "son": _SON,
    "daughter": _DAUGHTER,
    **dict.fromkeys(("child", "kid", "children", "kids", "baby"), CHILD),
    **dict.fromkeys(("mother", "mum", "mom"), _MOTHER),
    **dict.fromkeys(("father", "dad"), _FATHER),
    "parents": PARENT,
}

# Compound kin words: the paths each may stand for, the user's own tie of that name first (an edge stored
# as "son_in_law" when the user said "my son-in-law Jonas").
_COMPOUNDS: dict[str, tuple[tuple[Step, ...], ...]] = {
    "son-in-law": ((CHILD, _HUSBAND),),
    "daughter-in-law": ((CHILD, _WIFE),),
    "brother-in-law": ((SIBLING, _HUSBAND), (PARTNER, _BROTHER)),
    "sister-in-law": ((SIBLING, _WIFE), (PARTNER, _SISTER)),
    "mother-in-law": ((PARTNER, _MOTHER),),
    "father-in-law": ((PARTNER, _FATHER),),
    "parents-in-law": ((PARTNER, PARENT),),
    "in-laws": ((PARTNER, PARENT),),
    "grandson": ((CHILD, _SON),),
    "granddaughter": ((CHILD, _DAUGHTER),),
    "grandchild": ((CHILD, CHILD),),
    "grandkid": ((CHILD, CHILD),),
    "grandchildren": ((CHILD, CHILD),),
    "grandkids": ((CHILD, CHILD),),
    "niece": ((SIBLING, _DAUGHTER),),
    "nephew": ((SIBLING, _SON),),
}

# Words that may stand before a tie without changing who it is: "my older sister's husband", "my future
# daughter-in-law", "my little sis".
_ADJECTIVES = (
    r"(?:(?:older|elder|eldest|younger|youngest|little|big|baby|twin|new|future|current|soon-to-be)\s+)*"
)
_APOSTROPHE = r"['’]s"
_TIE = "|".join(sorted((re.escape(w) for w in _WORD_STEPS), key=len, reverse=True))
_COMPOUND = "|".join(
    sorted((re.escape(w) + ("s?" if not w.endswith("s") else "") for w in _COMPOUNDS), key=len, reverse=True)
)
_PARTNER_TIE = "|".join(
    sorted(
        (re.escape(w) for w, step in _WORD_STEPS.items() if step.backward == _PARTNER), key=len, reverse=True
    )
)
_PATH = re.compile(
    rf"\b(?:my|our)\s+{_ADJECTIVES}(?P<first>{_TIE}){_APOSTROPHE}\s+{_ADJECTIVES}(?P<second>{_TIE})"
    rf"(?:{_APOSTROPHE}\s+{_ADJECTIVES}(?P<third>{_TIE})(?!{_APOSTROPHE}))?s?\b"
    rf"|\b(?:my|our)\s+{_ADJECTIVES}(?P<compound>{_COMPOUND})\b",
    re.IGNORECASE,
)
# The user's own partner, asked about as someone: "what does my boyfriend do?", "my wife's job".
_OWN_PARTNER = re.compile(rf"\b(?:my|our)\s+(?:(?:new|current)\s+)?(?P<tie>{_PARTNER_TIE})\b(?![-‐])", re.I)
# Asked who the partner is, or what they are called, the tie is what is asked, not a way to someone.
_ASKS_WHO = re.compile(r"\bwho(?:['’]s|\s+(?:is|are|was|were))\b|\b(?:name|names|called)\b", re.IGNORECASE)


@dataclass(frozen=True)
class KinPath:
    """A path the question names, where it stands in the question, and the edge types the user's own tie
    would carry had they told it by that word (`own`: "son_in_law"; "grandchild" for "my grandkids")."""

    start: int
    end: int
    paths: tuple[tuple[Step, ...], ...]
    own: frozenset[str] = frozenset()
    # The user's own tie, whose words memories say as well ("Alwyn is my husband"): the name is said
    # with it ("my husband Alwyn"), not in its place.
    said_with_name: bool = False


def _own_types(word: str) -> frozenset[str]:
    """The edge types of the user's own tie told by `word`: as said, in the singular, and by the word the
    write path stores for it ("grandkids": grandchild); a grandson may have been told a grandchild."""
    singular = word.removesuffix("ren") if word.endswith("children") else word.removesuffix("s")
    said = {w for w in (word, singular, RELATION_WORDS.get(word), RELATION_WORDS.get(singular)) if w}
    if singular in ("grandson", "granddaughter"):
        said.add("grandchild")
    return frozenset(re.sub(r"[^a-z]+", "_", w) for w in said)


def kin_path(question: str) -> KinPath | None:
    """The first path through someone else the question names ("my sister's husband"), if any."""
    match = _PATH.search(question)
    if match is None:
        return None
    if match.group("compound"):
        word = match.group("compound").lower()
        key = word if word in _COMPOUNDS else word[:-1]
        return KinPath(match.start(), match.end(), _COMPOUNDS[key], _own_types(key))
    words = [match.group(g).lower() for g in ("first", "second", "third") if match.group(g)]
    steps = tuple(_WORD_STEPS[w] for w in words)
    return KinPath(match.start(), match.end(), (steps,))


def own_partner(question: str) -> KinPath | None:
    """The user's own partner, when the question asks something of them ("what does my boyfriend do?",
    "what is my husband's hobby?"), not who they are ("who is my boyfriend?": the tie is what is asked).
    A one-step path, read with the partner's name said with the tie word ("my husband Alwyn")."""
    match = _OWN_PARTNER.search(question)
    if match is None or kin_path(question) is not None or _ASKS_WHO.search(question):
        return None
    step = _WORD_STEPS[match.group("tie").lower()]
    return KinPath(match.start(), match.end(), ((step,),), said_with_name=True)


# Asked who the person at the end of a path is, or what they are called ("what is my brother-in-law's
# name?", "what's my boyfriend's mum called?"): nothing else is asked of them.
_WHOM_BEFORE = re.compile(r"^\s*(?:what|who)(?:['’]s|\s+(?:is|are|was|were))\s+$", re.IGNORECASE)
_WHOM_AFTER = re.compile(r"^(?:['’]s\s+names?|\s+called)?\s*\??\s*$", re.IGNORECASE)


def asks_whom(question: str, path: KinPath) -> bool:
    """Does the question ask only who the person at the end of `path` is, or their name?"""
    return bool(_WHOM_BEFORE.match(question[: path.start]) and _WHOM_AFTER.match(question[path.end :]))
