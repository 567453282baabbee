"""Whose thing a question asks about, and the memories that speak of that thing as someone else's.

"What's my salary at Western Wind?" is not answered by "Budget up to €380k with Kasia's salary", nor
"What is Declan's girlfriend called?" by "Took my girlfriend Ama to the Lowry", though each shares the
question's words: the salary is Kasia's, the girlfriend the user's. A question names an owner and the
thing owned ("my salary", "Declan's girlfriend", "my older sister's husband": the sister is the user's);
a memory that speaks of the same thing as another owner's only, and never as the one asked about, is
about someone else. Asked about the user's, a memory in which the user has another's thing ("every
time I have Chloe's tea") may still answer: it is about someone else only when the user is not in it.
So with what the user does: "what business do I run?" is not answered by "Zainab runs the bakery stall
next to my truck", where someone else is the one who runs it, and the user never does.

Whose is read from the possessive: "my" (and in a question "our") is the user's, and a name's
("Kasia's") is that person's. In a memory in a named speaker's voice ("Melanie: my kids loved it")
"my" is the speaker's. "his", "her" and "their" say nothing either way: the memory may mean the person
asked about. What a memory quotes of the other speaker ("… (answering: what should I get for my living
room?)") is in their voice, not the memory's, and is not read. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text import FAMILY_RELATIONS, PARTNER_RELATIONS, STOPWORDS
from engram.language.text.vocabulary import KIN_SHORTHAND
from engram.language.text.words import stem
from engram.language.verb_forms import base_form

USER = ""  # the owner "my" and "our" name in the user's own notes

# Words between an owner and the thing owned: "my *older* sister", "Kasia's *new* job".
_MODIFIERS = frozenset(
    """
    new old older younger little big baby best first last ex current late eldest oldest youngest
    favourite favorite own second third former previous dear whole
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# A capitalised word before 's that is not a person's name but a contraction ("It's", "What's").
_NOT_OWNERS = frozenset(
    """
    it that what who where when how there here he she let this everyone everybody someone somebody
    nobody today tonight yesterday tomorrow
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_TOKEN = re.compile(r"[A-Za-z][\w\-]*(?:['’]s\b)?")
_SPEAKER = re.compile(r"^\s*(?P<speaker>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?):\s")
_QUOTED = " (answering:"
_USER_IN = re.compile(r"\b(?:i|me|we|us|i'm|i've|i'd|i'll)\b", re.IGNORECASE)


def _possessions(text: str, my: str, *, ours: bool) -> set[tuple[str, str]]:
    """(owner, stem of the thing owned) for each possessive in the text: `my` is whose "my" is, and
    "our" is read as "my" when `ours`."""
    found: set[tuple[str, str]] = set()
    tokens = _TOKEN.findall(text)
    for i, token in enumerate(tokens):
        owner = _owner(token, my, ours)
        if owner is None:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].lower() in _MODIFIERS:
            j += 1
        if j >= len(tokens) or not tokens[j][0].islower():
            continue
        thing = re.sub(r"['’]s$", "", tokens[j]).lower()
        if thing not in STOPWORDS:
            found.add((owner, stem(thing)))
    for had in _HAS_A.finditer(text):  # "Anika has a boyfriend!!": hers, said without a possessive
        if had.group("who").lower() not in _NOT_OWNERS:
            found.add((had.group("who").lower(), stem(had.group("thing").lower())))
    return found


# Someone named having a thing: "Anika has a boyfriend", "Tom's got a new van".
_HAS_A = re.compile(
    r"(?-i:\b(?P<who>[A-Z][a-z]+))(?:\s+has|\s+had|['’]s\s+got|\s+got)\s+(?:(?:a|an|another|new|her|his)\s+)+"
    r"(?P<thing>[a-z][a-z-]+)\b"
)


def _owner(token: str, my: str, ours: bool) -> str | None:
    lower = token.lower()
    if lower == "my" or (lower == "our" and ours):
        return my
    if token[0].isupper() and lower.endswith(("'s", "’s")):
        name = lower[:-2]
        return None if name in _NOT_OWNERS else name
    return None


def asked_possessions(question: str) -> set[tuple[str, str]]:
    """What the question asks about as someone's: ("", "salary") of "what's my salary?", ("declan",
    "girlfriend") of "what is Declan's girlfriend called?"."""
    return _possessions(question, USER, ours=True)


def owned_by_another(text: str, asked: set[tuple[str, str]]) -> bool:
    """Does the memory speak of a thing the question asks about as another owner's, and never as the
    owner asked about's?"""
    lowered = text.lower()
    if not any(thing[:4] in lowered for _, thing in asked):  # most candidates: no tokens to read
        return False
    own = text.split(_QUOTED, 1)[0]
    speaker = _SPEAKER.match(own)
    # In a speaker's voice "my" is theirs. "our" is not read: in a memory rewritten to the third person
    # ("Caroline took our dog") it is the speaker's household, not the user's.
    held = _possessions(own, speaker.group("speaker").lower() if speaker else USER, ours=False)
    things = {thing for _, thing in held}
    for owner, thing in asked:
        if thing not in things or (owner, thing) in held:
            continue
        # "I have Chloe's tea": the user has it all the same. Asked about the user's, another's thing
        # only answers about someone else when the user is not in the memory.
        if owner != USER or speaker or not _USER_IN.search(own):
            return True
    return False


# What the user does, asked: "what business do I run?", "which sport do we play?" ("have" and "be" are
# too common to tell whose a memory is).
_ASKED_DOING = re.compile(
    r"\b(?:do|did|does|will|would|can|could|should)\s+(?:I|we)\s+(?:still\s+|usually\s+|normally\s+|"
    r"often\s+|now\s+|no\s+longer\s+|not\s+|never\s+|ever\s+|really\s+|always\s+|also\s+)?(?P<verb>[a-z]+)\b"
    # and in the progressive: "where am I living at the moment?", "what are we driving now?"
    r"|\b(?:am\s+I|are\s+we)\s+(?:still\s+|now\s+)?(?P<ing>[a-z]+ing)\b",
    re.IGNORECASE,
)
# Family called by what they are to the writer, as a name is ("Mum drives", "my sister plays"), also in
# the other languages notes use for them ("halmeoni drives her", "Nanay cooks").
_KIN = "|".join(
    sorted(
        # and the short and pet names the relation words keep out
        (*FAMILY_RELATIONS, *PARTNER_RELATIONS, *KIN_SHORTHAND, "hubby"),
        key=len,
        reverse=True,
    )
)  # fmt: skip
# Someone named doing something ("Zainab runs", "Kuba also plays"), and the user ("I run", "we still
# play").
_NAMED_DOING = re.compile(
    # the name may carry a short apposition: "Hana, graphic designer, lives in Seddon"
    rf"(?:(?-i:\b(?P<name>[A-Z][a-z]+))|(?i:(?:\bmy\s+(?:older\s+|younger\s+|little\s+|big\s+)?)?"
    rf"\b(?P<kin>{_KIN})))"
    r"(?:,\s[^,.!?]{1,40},)?(?:\s+(?:also|still|now|just|really|usually|"
    r"often|always))?\s+(?P<verb>[a-z]+)\b"
    # done to the user is no doing of another's: "Dr Farrelly took me off the amlodipine"
    r"(?!\s+(?:me|us)\b)"
)
_USER_DOING = re.compile(
    r"\b(?:I|we|I'm|we're|I've|we've)\s+(?:(?:also|still|now|just|really|usually|often|always|"
    r"sometimes|mostly)\s+)?(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
# Capitalised words that start a sentence rather than name a person.
_NOT_DOERS = frozenset(
    """
    the this that my our his her their we it there today then now when after
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def _verb_key(word: str) -> str:
    """One key for a verb's forms: "runs", "ran" and "running" are "run"."""
    word = word.lower()
    return stem(base_form(word) or word)


def asked_doing(question: str) -> str | None:
    """The verb of what the question asks the user does ("run" of "what business do I run now?")."""
    found = _ASKED_DOING.search(question)
    verb = found and (found.group("verb") or found.group("ing"))
    if not verb or verb.lower() in STOPWORDS or verb.lower() == "doing":  # "what am I doing in May?"
        return None
    return _verb_key(verb)


def done_by_another(text: str, verb: str | None) -> bool:
    """Does the memory say someone named does what the question asks the user does, and never the
    user ("Zainab runs the bakery stall next to my truck" of "what business do I run?")?"""
    if not verb:
        return False
    own = text.split(_QUOTED, 1)[0]
    if _SPEAKER.match(own) or any(_verb_key(m.group("verb")) == verb for m in _USER_DOING.finditer(own)):
        return False
    return any(
        _verb_key(m.group("verb")) == verb and (m.group("kin") or m.group("name").lower() not in _NOT_DOERS)
        for m in _NAMED_DOING.finditer(own)
    )
