"""What a forget removes from text: the topic of a request, its pronoun follow-ups, and the scrubbing of
every stored string that carried the forgotten words.

Pure functions (no I/O): the pipeline gathers the rows, this module decides what each string becomes.

- `forget_topic`: "forget what I said about my blood pressure" targets a topic (a noun phrase, every
  memory about it goes), "forget that Marcus works at Stripe" one fact (a clause: one memory goes).
- `follow_ups`: sentences that continue a topic through a pronoun ("My grandmother taught me to bake.
  I still miss her."), conservatively: the chain breaks at the first sentence naming anyone else.
- `Scrubber`: a sentence that carries a forgotten word, or is a forgotten sentence, leaves the text
  (notes, messages, audit text, job payloads); in `words_only` mode (a user edit that removed a detail)
  only the words are replaced, so the rest of the history stays readable.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engram.language.text import FAMILY_RELATIONS, PARTNER_RELATIONS
from engram.language.text.words import STOPWORDS, words

REDACTED = "[forgotten]"

# Framing a client (or a model) may leave around the thing to forget.
_FRAMING = re.compile(
    r"^(?:(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:what|everything|anything|stuff|things|info|information|details)\s+"
    r"(?:that\s+)?(?:i|the user|user)\s+(?:ever\s+|have\s+|'ve\s+)?(?:said|told|mentioned|shared|wrote)\s+"
    r"(?:to\s+)?(?:you\s+)?(?:about|regarding|concerning|on|of)\s+|"
    r"(?:all\s+)?(?:the\s+)?(?:everything|anything|stuff|things)\s+(?:about|regarding|concerning|related to|"
    r"to do with)\s+|(?:about|regarding|concerning)\s+)",
    re.IGNORECASE,
)
# A clause, not a topic: a finite verb, an auxiliary or a wh-word ("where Marcus works").
_CLAUSE = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|shall|may|"
    r"might|must|where|when|how|why|who|whether|works?|worked|working|lives?|lived|living|moved|likes?|"
    r"liked|loves?|loved|hates?|hated|wants?|wanted|got|went|said|told|bought|sold|quit|left|joined|"
    r"started|married|dating|dated|broke|plays?|played|owns?|owned)\b|n't\b|\b\w{3,}(?<!e)ed\b",
    re.IGNORECASE,
)
# Words that describe the request rather than the topic.
_NOT_TOPIC = frozenset(
    """
    forget forgotten remember memory memories anymore more again please thing things stuff everything
    anything said told mentioned note notes info information part fact facts user
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_GENDERED: dict[str, str] = {
    relation: gender
    for gender, relations in {
        "female": "mother stepmother grandmother sister daughter stepdaughter aunt niece granddaughter wife "
        "girlfriend fiancee mother-in-law sister-in-law",
        "male": "father stepfather grandfather brother son stepson uncle nephew grandson husband boyfriend "
        "fiance father-in-law brother-in-law",
    }.items()
    for relation in relations.split()
}
_PRONOUNS = {
    "female": frozenset({"she", "her", "hers", "herself", "she's", "she'd", "she'll"}),
    "male": frozenset({"he", "him", "his", "himself", "he's", "he'd", "he'll"}),
    "plural": frozenset({"they", "them", "their", "theirs", "themselves", "they're", "they'd"}),
    "thing": frozenset({"it", "its", "it's", "itself"}),
}


@dataclass(frozen=True)
class Topic:
    """What a topic forget is about: its key words (all must appear), its relation noun if it names a tie
    ("my grandmother"), its proper names, and the pronouns that may refer back to it."""

    words: tuple[str, ...]
    relations: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    pronouns: frozenset[str] = field(default_factory=frozenset)

    def mentioned_in(self, text: str | None) -> bool:
        """All key words present (word-initial, so plurals and possessives count)."""
        if not text or not self.words:
            return False
        lowered = text.lower()
        return all(re.search(rf"(?<![\w]){re.escape(w)}", lowered) for w in self.words)


def forget_topic(content: str, names: Iterable[str] = ()) -> Topic | None:
    """The topic of a forget request, or None when the request names one fact (a clause).

    `names`: the people/things the extractor spotted in the request ("Dan").
    """
    text = _FRAMING.sub("", content.strip()).strip(" .!?")
    text = re.sub(r"^(?:my|our|the|his|her|their)\s+", "", text, flags=re.IGNORECASE)
    if not text or _CLAUSE.search(text):
        return None
    key = [w for w in words(text) if w not in STOPWORDS and w not in _NOT_TOPIC and len(w) > 1]
    if not key:
        return None
    relations = tuple(
        (FAMILY_RELATIONS.get(w) or PARTNER_RELATIONS.get(w) or w)
        for w in key
        if w in FAMILY_RELATIONS or w in PARTNER_RELATIONS
    )
    gender = next((_GENDERED[r] for r in relations if r in _GENDERED), None)
    proper = tuple(n for n in names if n)
    if gender:
        pronouns = _PRONOUNS[gender] | _PRONOUNS["plural"]
    elif relations or proper:
        pronouns = _PRONOUNS["female"] | _PRONOUNS["male"] | _PRONOUNS["plural"]
    else:
        pronouns = _PRONOUNS["thing"] | _PRONOUNS["plural"]
    return Topic(words=tuple(dict.fromkeys(key)), relations=relations, names=proper, pronouns=pronouns)


def follow_ups(
    sentences: list[str],
    about_topic: Callable[[str], bool],
    names_someone_else: Callable[[str], bool],
    pronouns: frozenset[str],
    *,
    carried: bool = False,
) -> tuple[set[int], bool]:
    """Indexes of the sentences about the topic, directly or through a pronoun chain, and whether the
    chain is still open at the end (the next message or note may continue it).

    A sentence joins the chain when the previous sentence was about the topic, it names no one else, and
    it holds one of the topic's pronouns. Anything naming someone else breaks the chain.
    """
    found: set[int] = set()
    open_chain = carried
    for index, sentence in enumerate(sentences):
        if about_topic(sentence):
            found.add(index)
            open_chain = True
        elif names_someone_else(sentence):
            open_chain = False
        elif open_chain and pronouns & set(words(sentence)):
            found.add(index)
        else:
            open_chain = False
    return found, open_chain


# --- scrubbing -------------------------------------------------------------------------------------------

_PIECES = re.compile(r"((?<=[.!?;])\s+|\n+|;\s*)")


def split_spans(text: str) -> list[str]:
    """Sentences and the separators between them, alternately; joined back they give `text` exactly."""
    return _PIECES.split(text)


def normal_sentence(text: str) -> str:
    return " ".join(words(text))


def term_pattern(terms: Iterable[str]) -> re.Pattern[str] | None:
    """Word-initial, case-insensitive match of any term (a term also covers its plural/possessive)."""
    ordered = sorted({t.lower() for t in terms if t}, key=len, reverse=True)
    if not ordered:
        return None
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(t) for t in ordered) + r")[\w']*", re.IGNORECASE)


@dataclass(frozen=True)
class Scrubber:
    """Rewrites strings so the forgotten words and sentences are gone.

    `terms` are scrubbed everywhere; `local_terms` only in rows tied to the forgotten memories (their
    sources, conversations, jobs, versions and audit) — a distinctive word of one forgotten memory may
    be an ordinary word in an unrelated note. `sentences` are whole forgotten sentences (normalised).
    """

    terms: frozenset[str] = frozenset()
    local_terms: frozenset[str] = frozenset()
    sentences: frozenset[str] = frozenset()
    words_only: bool = False

    def likes(self) -> list[str]:
        """ILIKE patterns a row must match one of to need scrubbing (a prefilter, never the decision)."""
        anchors = set(self.terms) | set(self.local_terms)
        for sentence in self.sentences:
            longest = max(sentence.split(), key=len, default="")
            if longest:
                anchors.add(longest)
        return sorted(f"%{_like_escape(a)}%" for a in anchors if a)

    def text(self, value: str, *, tied: bool) -> str:
        pattern = term_pattern(self.terms | self.local_terms if tied else self.terms)
        spans = split_spans(value)
        out: list[str] = []
        for index in range(0, len(spans), 2):
            sentence = spans[index]
            separator = spans[index + 1] if index + 1 < len(spans) else ""
            forgotten_sentence = bool(sentence.strip()) and normal_sentence(sentence) in self.sentences
            if forgotten_sentence and not self.words_only:
                continue
            if pattern is not None and pattern.search(sentence):
                if not self.words_only:
                    continue
                sentence = pattern.sub(REDACTED, sentence)
            elif forgotten_sentence:
                sentence = REDACTED
            out.append(sentence + separator)
        scrubbed = "".join(out)
        return value if scrubbed == value else scrubbed.strip()

    def value(self, value: Any, *, tied: bool) -> Any:
        """A JSON value with every string scrubbed; list items that became empty strings are dropped."""
        if isinstance(value, str):
            return self.text(value, tied=tied)
        if isinstance(value, list):
            items = [self.value(v, tied=tied) for v in value]
            return [v for v, old in zip(items, value, strict=True) if not (isinstance(old, str) and not v)]
        if isinstance(value, dict):
            return {k: self.value(v, tied=tied) for k, v in value.items()}
        return value

    def array(self, values: list[str], *, tied: bool) -> list[str]:
        """A text[] column: elements carrying forgotten words are dropped."""
        kept = [self.text(v, tied=tied) for v in values]
        return [new for new, old in zip(kept, values, strict=True) if new == old or (new and self.words_only)]


def _like_escape(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def distinctive(text: str) -> set[str]:
    """The words of `text` that could identify it: not stopwords, not request words, not 1-2 letters
    (numbers of any length count: "140/90" gives "140" and "90")."""
    out = set()
    for word in re.findall(r"[^\W_]+", text.lower()):
        if word in STOPWORDS or word in _NOT_TOPIC:
            continue
        if len(word) >= 3 or word.isdigit():
            out.add(word)
    return out
