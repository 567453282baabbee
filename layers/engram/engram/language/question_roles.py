"""The ties a question says as the user's ("my mum", "the kids", "our landlord", "my partner"), in every
word the write path may have stored them by.

Search reaches the person in a role the question says (sql/0045): "when am I next seeing my physio?"
reaches Marco, whom the graph holds as the physio. The write path stores a tie by its plain word ("my
mum Carol" is her mother, "the kids, Zosia and Kuba" each a child), and a question says it however it
likes: "my mum", "my mom", "the kids", "my partner" of a husband. Each word said after "my", "our" or
"the" is a role as said, with its plain word and the words that name the same tie. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.question_slots import same_relations
from engram.language.text.vocabulary import RELATION_WORDS

# Shorthand a question types for a tie the write path stores by its plain word
_SHORTHAND = {"hubby": "husband", "wifey": "wife", "missus": "wife", "sis": "sister", "bro": "brother"}
_SAID = re.compile(
    r"\b(?:my|our|the)\s+(?:(?:older|younger|little|big|baby|new|old|best|current)\s+)?"
    r"(?P<word>[a-z][a-z'’-]*)(?:\s+(?P<next>[a-z][a-z-]*))?"
)


def roles_said(question: str) -> list[str]:
    """Every word the ties `question` says as the user's may be stored by, lower case, sorted."""
    return sorted(set().union(*ties_said(question).values()))


def ties_said(question: str) -> dict[str, set[str]]:
    """Each role word `question` says as the user's ("physio" of "the physio", "mum" of "my mum"), with
    every word the tie may be stored by: a memory about the person in the role holds the word said."""
    said: dict[str, set[str]] = {}
    for match in _SAID.finditer(question.lower()):
        word = re.sub(r"['’]s$", "", match.group("word"))
        ties = said.setdefault(word, set())
        ties |= _same_tie(word)
        if match.group("next"):  # "my team lead", "my best friend"
            ties.add(f"{word} {match.group('next')}")
    return said


def _same_tie(word: str) -> set[str]:
    singular = word[:-1] if word.endswith("s") and word not in RELATION_WORDS else word
    plain = RELATION_WORDS.get(word) or RELATION_WORDS.get(singular) or _SHORTHAND.get(singular)
    if plain is None:
        return {word, singular}
    return {word, singular, plain, *same_relations(plain), *same_relations(singular)}
