"""Sentences and clauses: normalising text, splitting it, and telling statements from small talk.

Splitting is conservative: a clause is cut off only when it can stand on its own, because a fragment
("and it was so powerful") means nothing as a memory.
"""

from __future__ import annotations

import re
import unicodedata

from engram.language.text.vocabulary import (
    ABBREVIATIONS,
    COMMON_STARTERS,
    DISCOURSE_FILLERS,
    FILLER_PHRASES,
    FIRST_PERSON,
    HELP_REQUEST,
    RELATION_WORDS,
)
from engram.language.text.words import has_first_person

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2032": "'",
        "\u00a0": " ",
        "\u2013": "-",
        "\u2014": " - ",
        "\u2026": "...",
    }
)
_SPACES = re.compile(r"[ \t\f\v]+")
_BULLET = re.compile(r"^\s*(?:[-*•·▪]+|\d{1,2}[.)])\s+")
# A sentence ends at ./!/? before a capital or a figure, at !/? before anything, and at a full stop
# after a word before a lower-case word, as notes are typed on a phone ("got a job in Aberdeen. his
# room goes to Lukas"); abbreviations are told apart in `split_sentences`.
_SENTENCE_END = re.compile(
    r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|(?<=[!?])\s+|(?<=[A-Za-z0-9%]\.)\s+(?=[a-z])"
)


# Contractions typed on a phone without the apostrophe, where no English word is spelt the same: "im a
# data analyst at Wise", "cant stand coriander", "dont eat meat" ("wont", "id", "hell", "well" and
# "shell" are words, and stay).
_APOSTROPHE_LEFT_OUT = {
    "im": "I'm", "ive": "I've", "cant": "can't", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't", "werent": "weren't", "havent": "haven't",
    "hasnt": "hasn't", "hadnt": "hadn't", "couldnt": "couldn't", "shouldnt": "shouldn't",
    "wouldnt": "wouldn't", "youre": "you're", "theyre": "they're", "hes": "he's", "shes": "she's",
}  # fmt: skip
_TYPED_CONTRACTION = re.compile(rf"(?<![\w'])(?:{'|'.join(_APOSTROPHE_LEFT_OUT)})(?=\s+[a-z])", re.IGNORECASE)


def _apostrophe(typed: re.Match[str]) -> str:
    said = _APOSTROPHE_LEFT_OUT[typed.group(0).lower()]
    return said[0].upper() + said[1:] if typed.group(0)[0].isupper() else said


# "@" typed for "at" between words ("Barista @ Blue Bottle now", "HR business partner @ Tesco"), not in
# an address or a handle ("ana@example.com", "@bluebottle").
_AT_SIGN = re.compile(r"(?<=\w) @ (?=\w)")


def normalise_text(text: str) -> str:
    """NFKC, straight quotes, one space: every later regex can then assume plain ASCII punctuation."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    text = _TYPED_CONTRACTION.sub(_apostrophe, text)
    lines = [_AT_SIGN.sub(" at ", _SPACES.sub(" ", line)).strip() for line in text.splitlines()]
    return "\n".join(line for line in lines if line)


_AFTERTHOUGHT_WORDS = 4
# A verb of the third person opening a sentence with no subject: a statement about the person named before
# ("met a guy, Daniel. teaches chemistry at Allderdice"), which the writer would not write of themself.
THIRD_PERSON_START = re.compile(
    r"^(?:teaches|works|lives|studies|plays|owns|runs|drives|coaches|manages|sells|writes|designs|builds|"
    r"trains|volunteers|sings|speaks|loves|hates|wants|thinks|reckons|says|has\s+(?:a|an|two|three|\d))\b",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a normalised text: lines and bullets first, then ./!/? not after an abbreviation.

    Abbreviations ("Dr. Patel", "e.g. tea") and initials ("J. K. Rowling") do not end a sentence.
    """
    sentences: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        start = 0
        pieces: list[str] = []
        for match in _SENTENCE_END.finditer(line):
            before = line[start : match.start()].rstrip("\"')]")
            last_word = before.rsplit(" ", 1)[-1].rstrip(".!?").lower()
            if before.endswith(".") and (
                last_word in ABBREVIATIONS or re.fullmatch(r"[a-z]", last_word) or "." in last_word
            ):
                continue  # "Dr. Patel", "J. K. Rowling", "the U.S. economy"
            pieces.append(line[start : match.start()].strip())
            start = match.end()
        pieces.append(line[start:].strip())
        sentences += _rejoin_afterthoughts([p for p in pieces if p])
    return sentences


def _rejoin_afterthoughts(pieces: list[str]) -> list[str]:
    """A short remark in lower case after a full stop stays with the sentence it remarks on: "failed
    Financial Accounting 2 with 48%. so close it hurts", "lost my cap. annoyed", "dinner sat"."""
    out: list[str] = []
    for piece in pieces:
        if (
            out
            and out[-1].endswith(".")
            and piece[0].islower()
            and len(piece.split()) <= _AFTERTHOUGHT_WORDS
            and not piece.endswith("?")  # "walked in at 4:30. sell the Corolla?": a question is no remark
            and not THIRD_PERSON_START.match(piece)  # "met a guy, Daniel. teaches chemistry": a statement
        ):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


_SUBORDINATE_START = re.compile(
    r"^(?:when|whenever|if|because|since|after|before|while|although|though|once|as|until|unless|"
    r"whether|even though|even if|so that|whereas|now that)\b",
    re.IGNORECASE,
)
_CLAUSE_SUBJECT = re.compile(
    r"^(?:I|I'm|I've|I'd|I'll|we|we're|we've|we'll|he|he's|she|she's|they|they're|they've|"
    r"(?:my|our|his|her|their)\s+(?:[a-z][\w\-]*\s+){0,2}?[a-z][\w\-]*|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+"
    r"(?P<verb>[a-z][\w']*)",
)
_VERBISH = re.compile(
    r"^(?:is|was|are|were|am|has|have|had|do|does|did|will|would|can|could|should|might|must|may|"
    r"isn't|wasn't|aren't|weren't|hasn't|haven't|hadn't|doesn't|don't|didn't|won't|can't|"
    r"\w+ed|\w+s|got|went|said|told|made|took|left|met|moved|started|joined|quit|just|also|still|"
    r"really|never|always|finally|recently|already|love|like|hate|want|need|think|feel|know|live|work|"
    r"go|get|came|felt|thought|bought|ran|found|gave|knew|began|wrote|won|lost|sold|built|spent|sent|"
    r"broke|became|kept)$"
)
_ANAPHORIC_SUBJECT = re.compile(r"^(?:it|this|that|which|these|those|there)\b", re.IGNORECASE)
# A tie set off after a name is no clause of its own: "coffee with Priya, my old boss" ("boss" is no verb).
_APPOSED_TIE = re.compile(
    r"^(?:my|our)\s+(?:[a-z]+\s+)?(?:"
    + "|".join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True))
    + r")s?\s*(?:[,.!?)]|$)",
    re.IGNORECASE,
)
_SPLITTERS = re.compile(r"\s*;\s+|,?\s+but\s+|,\s+and\s+|\s+and\s+|,\s+so\s+|,\s+(?=[A-Za-z])")


def split_clauses(sentence: str) -> list[str]:
    """Split a sentence into independent clauses, conservatively.

    A split happens at ";", "and", "but", ", so" or a comma splice only when the right side starts with
    its own subject and verb ("I live in NYC and my sister lives in Boston"). A right side that starts
    with "it"/"this"/"which" stays attached: it evaluates the left side ("... and it was so powerful",
    "... and users loved it") and would mean nothing alone. A left side that opens a subordinate clause
    ("When I was young, I lived in Boston") is never cut.
    """
    if _SUBORDINATE_START.match(sentence):
        return [sentence]
    clauses: list[str] = []
    start = 0
    for match in _SPLITTERS.finditer(sentence):
        left = sentence[start : match.start()].strip()
        right = sentence[match.end() :].strip()
        if len(left.split()) < 2 or not _starts_independent_clause(right, match.group(0)):
            continue
        if _inside_brackets(sentence, match.start()):
            continue  # "from Sir Edwin (my dentist, he's upgrading)": an aside, not a clause
        if match.group(0).strip() == "," and (_only_when(left) or _APPOSED_TIE.match(right)):
            continue  # "Last week, my grandma passed away": the time belongs to what follows
        if re.match(r"(?:I|me)\b", right) and "and" in match.group(0) and len(left.split()) <= 3:
            continue  # "My husband and I have been married": one compound subject
        clauses.append(left)
        start = match.end()
    clauses.append(sentence[start:].strip())
    return [clause for clause in clauses if clause]


def _inside_brackets(sentence: str, at: int) -> bool:
    """Whether position `at` is inside a bracket the sentence opened before it and has not yet closed."""
    before = sentence[:at]
    return before.count("(") > before.count(")")


_WHEN_WORDS = frozenset(
    """ago weeks days months years hours few couple several of a an the in on at earlier later just back
    two three four five six seven eight nine ten""".split()  # noqa: SIM905 - a word list reads better as words
)


def _only_when(text: str) -> bool:
    """A phrase that only says when ("Last week", "Two days ago", "On Saturday morning")."""
    tokens = re.findall(r"[a-z']+|\d+", text.lower())
    return bool(tokens) and all(t in DATELINE_WORDS or t in _WHEN_WORDS or t.isdigit() for t in tokens)


_LEADING_ADVERB = re.compile(
    r"^(?:now|then|today|also|still|later|lately|recently|currently|these days|finally|at the moment|"
    r"right now|"
    r"nowadays|meanwhile),?\s+",
    re.IGNORECASE,
)


def _starts_independent_clause(right: str, splitter: str) -> bool:
    right = _LEADING_ADVERB.sub("", right, count=1)  # "... but now I live in Seattle"
    if _ANAPHORIC_SUBJECT.match(right):
        return False
    match = _CLAUSE_SUBJECT.match(right)
    if not match:
        return False
    subject_word = right.split(" ", 1)[0]
    capitalised = subject_word[0].isupper() and subject_word.lower() not in FIRST_PERSON | {
        "he",
        "she",
        "they",
    }
    # A capitalised word only counts as a subject when it is followed by a verb-like word.
    if capitalised and (subject_word.lower() in COMMON_STARTERS or not _VERBISH.match(match.group("verb"))):
        return False
    if splitter.strip() == ",":
        # A bare comma splits only before a pronoun subject (comma splice); "in Paris, France" stays.
        return subject_word.lower() in FIRST_PERSON | {"he", "he's", "she", "she's", "they", "they're"}
    return True


def strip_discourse_fillers(text: str) -> str:
    """Drop leading "So, ", "Well, ", "Honestly, " ... and re-capitalise the first letter."""
    stripped = DISCOURSE_FILLERS.sub("", text, count=1).strip()
    if not stripped:
        return text
    return stripped[0].upper() + stripped[1:] if stripped[0].islower() and stripped[0] != "i" else stripped


def filler_key(text: str) -> str:
    """Lowercase words only: the key compared against FILLER_PHRASES."""
    return " ".join(re.findall(r"[a-z']+", text.lower())).replace("  ", " ").strip()


# Reactions to what the other person said: "Wow, that's cool!", "That sounds really meaningful."
REACTION = re.compile(
    r"^(?:(?:wow|oh|aw+|omg|yay|ooh|haha|lol|whoa|nice|great|cool)[\s,!.]*)*"
    r"(?:(?:that|this|it)(?:'s| is| was| sounds| looks| seems)|sounds|so|how|what an?)\s+(?:so\s+|"
    r"really\s+|very\s+|"
    r"super\s+|totally\s+|just\s+)*(?:cool|great|awesome|amazing|nice|sweet|wonderful|lovely|good|fun|"
    r"interesting|"
    r"exciting|inspiring|meaningful|beautiful|fantastic|incredible|brave|impressive|cute|adorable|hard|tough|"
    r"sad|rough|crazy|wild|funny|true|fair|exciting news|great news|good news)\b[\s!.?]*$",
    re.IGNORECASE,
)


# Words that on their own only say when, never what: a sentence made of nothing else is a dateline.
DATELINE_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
    january february march april may june july august september october november december jan feb mar
    apr jun jul aug sep sept oct nov dec today tonight tomorrow yesterday morning afternoon evening
    night noon midnight weekend week day month year last next this happy good early late st nd rd th
    entry update day one two three first second third""".split()  # noqa: SIM905 - a word list reads better as words
)


def is_filler(text: str, vocatives: frozenset[str] = frozenset()) -> bool:
    """Small talk, acknowledgements, greetings and reactions ("Thanks!", "ok 👍", "Wow, that's cool, Mel!").

    `vocatives` are names the speaker may address (the other people in the conversation): "..., Caroline!"
    is stripped before judging.
    """
    for name in vocatives:
        text = re.sub(rf"(?:,\s*|\s+){re.escape(name)}\s*([!.?]*)\s*$", r"\1", text)
        text = re.sub(
            rf"^((?:hey|hi|hello|thanks|thank you|dear)[,\s]+){re.escape(name)}\b",
            r"\1",
            text,
            flags=re.IGNORECASE,
        )
    if REACTION.match(text.strip()):
        return True
    key = filler_key(text)
    if not key:
        return True
    if all(word in DATELINE_WORDS or word.isdigit() for word in key.split()):
        return True  # a journal dateline or a bare time phrase: "Monday.", "Tuesday morning", "Happy Friday!"
    if key in FILLER_PHRASES:
        return True
    # Greeting + a name or a short pleasantry ("hey mel", "thanks so much caroline").
    words = key.split()
    if len(words) <= 4 and (words[0] in FILLER_PHRASES or " ".join(words[:2]) in FILLER_PHRASES):
        rest = words[1:] if words[0] in FILLER_PHRASES else words[2:]
        if all(
            word in FILLER_PHRASES
            or word in {"so", "much", "you", "a", "lot", "man", "guys", "all"}
            or _looks_like_name_word(text, word)
            for word in rest
        ):
            return True
    return False


def _looks_like_name_word(original: str, word: str) -> bool:
    return bool(re.search(rf"\b{re.escape(word.capitalize())}\b", original))


def is_help_request(text: str) -> bool:
    """An instruction or a general question addressed to the assistant ("explain X", "what's Y?")."""
    return bool(HELP_REQUEST.match(strip_discourse_fillers(text)))


def statement_part(question: str) -> str | None:
    """The statement inside a question sentence, if it has one ("I'm moving to Berlin, any tips?").

    Returns None when the sentence is only a question.
    """
    body = question.rstrip("?!. ")
    for separator in (r",\s+", r"\s+-\s+", r"\s+so\s+", r"\s+but\s+", r"\.\s+"):
        parts = re.split(separator, body, maxsplit=1)
        if len(parts) == 2:
            head = _SUBORDINATE_START.sub("", parts[0]).strip(" ,")
            if head and has_first_person(head) and not is_help_request(head) and len(head.split()) >= 2:
                return head
    return None
