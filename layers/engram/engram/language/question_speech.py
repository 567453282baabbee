"""Questions about what someone said, and the memories that report speech.

"What did Saskia say about her work?" is answered by "Saskia said the library project runs late", whose
words share little with the question but the name, while "Saskia is an architect" shares the name and
"work". A memory that reports what the asked person said (a speech verb, the person named) answers the
kind of question, whatever the topic: search weighs it like a stored attribute the question asks for.
Pure: no I/O.
"""

from __future__ import annotations

import re

# Verbs of reported speech as a memory tells them (third person or past: "Kari says", "the vet told me");
# not the bare forms, which are also nouns ("quit by text", "a promise", "insurance claims").
_SPEECH_VERBS = (
    "said|says|told|tells|mentioned|mentions|thinks|thought|reckons|reckoned|wrote|writes|texted|"
    "suggested|suggests|recommended|recommends|advised|advises|warned|warns|promised|explained|explains|"
    "insisted|insists|complained|complains|admitted|admits|claimed|announced|announces|confirmed|confirms"
)
# The verbs a question asks someone's words with: after an auxiliary ("what did X *say*?") and, told by
# someone unnamed, in the past ("what was I *advised*?").
_ASKED_VERBS = "say|tell|mention|think|reckon|write|text|suggest|recommend|advise|warn|promise|explain"
_TOLD_VERBS = "told|advised|warned|asked|recommended|instructed|prescribed"
# The question: "what did / does / has <speaker> say / tell (me) / think ...". Present forms only after
# the auxiliary ("what did X say"), so the speaker is the run between the two.
_ASKS = re.compile(
    r"\b(?:what|anything)\s+(?:did|does|do|has|have|had)\s+(?P<who>[\w'’.-]+(?:\s+[\w'’.-]+){0,3}?)\s+"
    rf"(?:{_ASKED_VERBS})\b"
    r"|\bwhat\s+was\s+(?P<whose>[\w'’.-]+(?:\s+[\w'’.-]+){0,3}?)['’]s?\s+(?:advice|opinion|view|verdict|take)\b",
    re.I,
)
# Told something by someone the question does not name: "what was I told not to do?", "what have I been
# advised about my knee?", "what were we warned about?".
_TOLD_ME = re.compile(
    rf"\bwhat\s+(?:was|were|have|has|had)\s+(?:i|we)\s+(?:been\s+)?(?:{_TOLD_VERBS})\b", re.IGNORECASE
)
_ASKING_VERB = re.compile(rf"\b(?:{_ASKED_VERBS}|{_TOLD_VERBS})\b", re.I)
# Who the question asks the words of when it names no one: anyone's reported words answer it.
ANYONE = ""
_FIRST_PERSON = frozenset({"i", "we", "you"})
# For PostgreSQL's regular expressions (`~*`): `\y` is its word boundary (`\b` is a backspace there).
SPEECH_PATTERN = rf"\y(?:{_SPEECH_VERBS}|according to)\y"


def asked_speaker(question: str) -> str | None:
    """Who the question asks the words of ("the doctor", "Saskia", "my mother"), `ANYONE` when it asks
    what the user was told by someone it does not name, or None when it asks no one's words, or the
    user's own ("what do I think of cruises?" asks a preference)."""
    match = _ASKS.search(question)
    if match is None:
        return ANYONE if _TOLD_ME.search(question) else None
    who = (match.group("who") or match.group("whose") or "").strip()
    if not who or who.lower() in _FIRST_PERSON or re.search(r"\band\b", who, re.I):
        return None  # "what did Joanna watch and recommend": not a speaker
    return who


def speech_verbs(question: str) -> list[str]:
    """The verbs the question asks someone's words with ("say" of "what did Kasia say about the move?"):
    a memory that reports the words explains them, though it need not say them."""
    return _ASKING_VERB.findall(question) if asked_speaker(question) is not None else []


def names_a_person(speaker: str | None) -> bool:
    """Is the asked speaker someone named ("Kasia", "Dr Iliev"), rather than a role ("the doctor", "my
    mum"), which a memory may tell by another word ("GP says", "Mum reckons")?"""
    if not speaker:
        return False
    return speaker[0].isupper() and speaker.split()[0].lower() not in _ROLE_OPENERS


_ROLE_OPENERS = frozenset({"the", "my", "our", "his", "her", "their", "a", "an"})


def spoken_by(text: str, speaker: str) -> bool:
    """Does the memory report words the named speaker said or heard, not words someone else said of
    them? "Mama says I look thinner, and that Kasia is fed up" reports Mama's words: its first speech
    verb comes before Kasia and has a subject of its own. "Kasia says the school is fine", "Priya (owns
    Harbourline) said ...", "said Kasia" and "Told Kasia about Dot" (the user telling her) are hers."""
    name = re.search(rf"\b{re.escape(speaker)}\b", text, re.I)
    verb = _SPEECH.search(text)
    if name is None or verb is None or name.start() < verb.start():
        return True
    inverted = verb.group(0).lower() in ("said", "says")
    if inverted and re.match(rf"\s*{re.escape(speaker)}\b", text[verb.end() :], re.I):
        return True  # "said Kasia"
    subject = [w for w in _WORD.findall(text[: verb.start()]) if w.lower() not in _USER_OR_ADVERB]
    return not subject


_SPEECH = re.compile(rf"\b(?:{_SPEECH_VERBS})\b", re.I)
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_USER_OR_ADVERB = frozenset({"i", "we", "just", "then", "also", "finally", "so", "and", "only"})
