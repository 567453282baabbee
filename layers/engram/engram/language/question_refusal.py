"""Questions that ask what the user goes without, and the memories that say so.

"What won't I drink?" is answered by "I make matcha every morning instead" or "never with milk", not by
"I do the cryptic crossword every morning with my tea", though that shares the question's words: only a
memory that refuses, avoids, stops or does without something says what is not done. The question asks
it through a negated verb ("what don't I put in my tea?", "what was I told not to do?", "what can't I
have?") or a verb of doing without ("what foods do I avoid?", "what did I give up?", "what did I cut
out on keto?", "what should Miggy be kept away from?"). A question that asks why something is not done
("why can't Zosia have a kitten?") asks for a reason and is not among them. Pure: no I/O.
"""

from __future__ import annotations

import re

_NEGATED = (
    r"(?:\w+n['’]t|(?:do|does|did|wo|ca|is|are|was|were|should|could|would|must)nt|not|never|no\s+longer|"
    r"cannot)"  # "don't", "wont", "was I told not to", "no longer"
)
_DOING_WITHOUT = (
    r"(?:avoid\w*|give\s+up|gave\s+up|given\s+up|giving\s+up|stop(?:ped|ping|s)?|quit(?:ting|s)?|"
    r"cut(?:ting|s)?\s+(?:out|back|down)|kick(?:ed|ing)?|skip(?:ped|ping|s)?|refus\w*|"
    r"(?:kept|keep|stay|stayed)\s+away|steer\w*\s+clear|banned|forbidden|allergic|intolerant)"
)
_ASKS = re.compile(rf"^\s*(?:what|which)\b[^?]*?\b(?:{_NEGATED}|{_DOING_WITHOUT})\b", re.IGNORECASE)
# What a memory says when something is not done: a negation ("never with milk", "I don't drink", "no
# more fizzy drinks", "not allowed to drive"), doing without ("without glasses", "zero bloating",
# "instead", "sugar-free"), a verb of stopping or refusing ("gave up coffee", "cutting back on bread",
# "keep off softdrinks", "I refuse to sing"), an aversion ("can't stand natto", "I hate olives") or a
# diet that goes without ("going vegetarian", "vegan now", "teetotal").
_STATES = re.compile(
    r"n't\b|n’t\b|\b(?:not|never|no|none|nothing|nobody|without|zero|instead|cannot|nope|"
    r"avoid\w*|stop(?:ped|ping|s)?|quit(?:ting|s)?|give\s+up|gave\s+up|given\s+up|giving\s+up|"
    r"cut(?:ting|s)?\s+(?:out|back|down)|cut|cutting|off|ditch\w*|drop(?:ped|ping)?|skip\w*|refus\w*|"
    r"hate[sd]?|dislike[sd]?|detest\w*|allerg\w*|intoleran\w*|banned|forbidden|"
    r"vegan|vegetarian|teetotal|sober|abstain\w*|swore\s+off)\b|\w-free\b",
    re.IGNORECASE,
)


# A clause of when: its stopping is a time, not what is asked ("what did Fiona say when I quit?"). "Now
# that I'm cutting back on salt" stays a refusal: what is cooked instead answers it.
_CLAUSE = re.compile(
    r"\b(?:when|after|before|since|because|while|until|once|as\s+soon\s+as)\b", re.IGNORECASE
)


def asks_refusal(question: str) -> bool:
    """Does the question ask what the user (or someone) does not do, avoids or has given up?"""
    found = _ASKS.search(question)
    return found is not None and not _CLAUSE.search(found.group(0))


def states_refusal(text: str) -> bool:
    """Does the memory say something is not done, avoided, given up or disliked?"""
    return bool(_STATES.search(text))
