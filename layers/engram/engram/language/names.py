"""Entity names: the canonical key that makes "Marcus", "marcus" and "Marcus's" one node, and the
token rule that says whether two different spellings name the same thing.

The rule compares names token by token, because the tokens are what distinguish things: "Project 1"
and "Project 2", "Dan" and "Dana", "Chris Lee" and "Chris Li" differ in one whole token (a number, a
name), and a whole differing token means a different thing, however close the two strings look. What
still agrees: case, diacritics, titles and possessives (folded away by `canonical_name`), spacing and
hyphens ("Mary-Jane" / "Mary Jane", "Wal-Mart" / "Walmart"), a person's name given with fewer of its
tokens ("Sarah" for "Sarah Chen", "Mary Jones" for "Mary Ann Jones"), a company's legal form ("Acme" /
"Acme Inc"), and, in the name of a thing that is not a person, a swap of two adjacent letters in a
long token (the typo a keyboard makes: "Antrhopic"). People get no such slack: one swap turns
Christian into Christina and Kirsten into Kristen. A misspelt person is a second node until the user
corrects it, which costs less than two people merged into one. Nicknames agree through the aliases a
node has learned (a correction or a merge), not through a guessed list: "Chris" is a Christopher, a
Christina and a Christian.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_TITLES = re.compile(r"^(?:dr|mr|mrs|ms|miss|mx|prof|sir|dame|uncle|aunt|auntie|grandma|grandpa)\.?\s+", re.I)
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")
_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(r"[^\W_]+")
_DISAMBIGUATION = re.compile(r"\s*\([^()]*\)$")  # "sarah (coworker)": a namesake's node
# Letters NFKD does not split into a base letter and a mark.
_UNSPLIT_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ı": "i"})
# A company's legal form and a leading article say nothing about which company it is.
_ORGANISATION_NOISE = frozenset(
    "the inc incorporated llc ltd limited co corp corporation company plc gmbh ag sa".split()  # noqa: SIM905
)
MIN_TRANSPOSITION_LENGTH = 6  # "Tesla" / "Telsa" could be two things; "Antrhopic" is a typo


def canonical_name(name: str) -> str:
    """Lowercase, diacritics folded ("José" -> "jose"), titles and possessives dropped, inner whitespace
    collapsed: the key a node is stored and looked up by."""
    text = unicodedata.normalize("NFKC", name).strip()
    text = _SPACES.sub(" ", text)
    text = _POSSESSIVE.sub("", text)
    stripped = _TITLES.sub("", text)
    text = stripped or text
    return fold(text.strip(' .,;:!?"()[]').lower())


def fold(text: str) -> str:
    """Diacritics dropped: "josé" -> "jose", "zoë" -> "zoe", "søren" -> "soren"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", plain).translate(_UNSPLIT_LETTERS)


def name_tokens(name: str) -> list[str]:
    """The tokens a name is compared by: canonical, without a namesake's "(coworker)" suffix."""
    return _TOKEN.findall(_DISAMBIGUATION.sub("", canonical_name(name)))


def names_agree(name: str, other: str, *, person: bool) -> bool:
    """Do two spellings name the same thing (module docstring)? Symmetric; numbers must be equal."""
    first, second = name_tokens(name), name_tokens(other)
    if not person:
        first = [t for t in first if t not in _ORGANISATION_NOISE] or first
        second = [t for t in second if t not in _ORGANISATION_NOISE] or second
    if not first or not second:
        return False
    if first == second or "".join(first) == "".join(second):
        return True
    if len(first) == len(second):
        return not person and all(_tokens_agree(a, b) for a, b in zip(first, second, strict=True))
    if not person:
        return False
    short, long = sorted((first, second), key=len)
    return _abbreviates(short, long)


def any_names_agree(name: str, others: Iterable[str], *, person: bool) -> bool:
    """Does `name` agree with any of a node's names (its canonical name and aliases)?"""
    return any(names_agree(name, other, person=person) for other in others if other)


def _tokens_agree(a: str, b: str) -> bool:
    return a == b or _is_transposition(a, b)


def _is_transposition(a: str, b: str) -> bool:
    """One swap of adjacent letters in a long, purely alphabetic token ("antrhopic" / "anthropic")."""
    if len(a) != len(b) or len(a) < MIN_TRANSPOSITION_LENGTH or not (a.isalpha() and b.isalpha()):
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def initials_of(short: str, name: str) -> bool:
    """Is `short` written of the initials of `name` ("C&M" of "Calder & Moss", "DTP" of "Dept of
    Transport and Planning")? The small words of a name ("of", "and", "the", "&") have none."""
    letters = "".join(ch for ch in short.lower() if ch.isalpha())
    words = [w for w in re.findall(r"[^\W\d_]+", name.lower()) if w not in _NO_INITIAL]
    return len(letters) >= 2 and len(words) >= 2 and letters == "".join(w[0] for w in words)


_NO_INITIAL = frozenset(("of", "and", "the", "for", "de", "la", "le", "von", "van"))


def _abbreviates(short: list[str], long: list[str]) -> bool:
    """A person named with fewer tokens: the given name alone, or given and family name without (some
    of) the middle ones. The given names must be equal, and so must the family names when both are there."""
    if short[0] != long[0]:
        return False
    if len(short) == 1:
        return True
    if short[-1] != long[-1]:
        return False
    rest = iter(long[1:-1])
    return all(token in rest for token in short[1:-1])  # in order: `in` consumes the iterator


def name_differs(text: str, other: str, names: Iterable[str | None] = ()) -> bool:
    """Does `text` speak of something `other` does not, in place of something `other` names? Each has a
    naming word the other lacks: a number, or a name. In `text` (the new statement) a name is one of
    `names` (what it is about) or a capitalised word after the first; in `other` (a stored memory) any
    capitalised word. "Dana likes jazz" / "Dan likes jazz", "Project 2 is due" / "Project 1 is due" and
    "Went climbing with Tom" / "Went climbing with Tim" differ; "Met Sarah and Tom" adds to "Met Sarah"."""
    mine, theirs = _folded_tokens(text), _folded_tokens(other)
    mine_words, their_words = {low for _, low in mine}, {low for _, low in theirs}
    known = {token for name in names if name for token in name_tokens(name)}
    added = any(
        low not in their_words and (_numeric(low) or low in known or (i > 0 and token[:1].isupper()))
        for i, (token, low) in enumerate(mine)
    )
    return added and any(
        low not in mine_words and (_numeric(low) or token[:1].isupper()) for token, low in theirs
    )


def _folded_tokens(text: str) -> list[tuple[str, str]]:
    return [(token, fold(token)) for token in _TOKEN.findall(text)]


def _numeric(token: str) -> bool:
    return any(ch.isdigit() for ch in token)
