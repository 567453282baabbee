"""Questions that ask what someone or something is called, and the memories that say it.

"What's the landlord's name?" is about the landlord, and "Mpho says the landlord wants to put the rent
up" shares its words, but only a memory that gives the landlord a name answers it ("our landlord, Mr
Byrne", "the physio is a young chap called Tama"). Told no name, the user was never told the answer:
such a memory is about the right person and not about what is asked, as a memory stating no amount is
for "how much did the house cost?" (`question_amount`). Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text.words import STOPWORDS

_ASKS = re.compile(
    r"^\s*(?:what(?:'s|\s+is|\s+was|\s+are|\s+were)\s+(?:the\s+names?\s+of\b|.*\bnames?\b|.*\bcalled\s*\??\s*$)"
    r"|who(?:'s|\s+is|\s+was|\s+are|\s+were)\s+(?:my|our|the)\s+[\w\s-]+\??\s*$"
    # "who supervises my PhD?", "who cuts my hair?": the one in a role, by what they do for the user
    r"|who\s+(?!is\b|was\b|are\b|were\b|did\b|does\b|do\b|has\b|had\b|will\b)\w+s\s+(?:my|our)\s+[\w\s-]+\??\s*$)",
    re.IGNORECASE,
)
# The words of a question that only frame the asking of a name.
_FRAME = frozenset(
    ("what", "whats", "who", "whos", "name", "names", "called", "call", "is", "was", "are", "were", "the")
    + ("of", "my", "our")
    # when it is asked of, no role: "who is my doctor now?", "who do I report to at the moment?"
    + ("now", "moment", "currently", "today", "nowadays", "days", "still", "anymore", "exactly")
)
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof|Professor|Father|Sister|Auntie|Uncle)\.?\s+)?"
_NAME = r"(?-i:[A-Z][a-z'’-]+)"
# The verbs that put a name to a role, as it is, was or will be: "Manager will be Grace Nguyen", "boss
# there is Raj Patel", "Fiona will be my boss".
_IS = r"is|was|are|were|will\s+be|'ll\s+be|is\s+going\s+to\s+be"


def asked_name(question: str, names: list[str]) -> list[str] | None:
    """The words of who or what the question asks the name of ("landlord", "brother" of "what's Kasia's
    brother called?"), or None when it asks no name. `names` are the question's own proper names."""
    if not _ASKS.search(question):
        return None
    own = {part.lower() for name in names for part in name.split()}
    words = re.findall(r"[^\W\d_][\w-]+", question.lower().replace("’", "'").replace("'s", " "))
    roles = [w for w in words if w not in _FRAME and w not in STOPWORDS and w not in own]
    return roles or None


def name_untold(text: str, roles: list[str]) -> bool:
    """The memory speaks of one of `roles` and names none of them: "Mpho says the landlord wants to put
    the rent up" for "what's the landlord's name?". A memory that names one ("my physio Tama", "the
    landlord, Mr Byrne", "the head chef at Ember and Oak, Lorcan", "Lorcan, the head chef", "a young
    chap called Tama", "our first junior designer: Marco Bianchi", "Manager will be Grace Nguyen", "boss
    there is Raj Patel", "Manager = Kate") is no such memory, nor one that
    speaks of none of them (it may say it in other words: "engaged to Priya" for "what is my sister's
    fiancée called?")."""
    present = False
    for role in roles:
        stem = role[:-1] if len(role) > 4 and role.endswith("s") else role
        # "supervise" of "who supervises my PhD?" is spoken of as the "supervisor"
        stem = re.escape(stem[:-1] if len(stem) > 5 and stem.endswith("e") else stem)
        if not re.search(rf"(?i:\b{stem}\w*)", text):
            continue
        present = True
        after = (
            rf"(?i:\b{stem}\w*)(?:'s)?(?:\s+(?:at|of|from|in|on|for)\s+[^,.;]{{1,40}}?)?\s*[,:=]?\s+"
            rf"(?:(?i:(?:there\s+)?(?:{_IS}))\s+)?{_TITLE}{_NAME}"
        )
        before = (
            rf"{_NAME},?\s+(?:(?i:{_IS})\s+)?"
            rf"(?i:(?:my|our|the|his|her|their)\s+(?:\w+\s+)?{stem}\w*)"
        )
        called = rf"\b(?:called|named)\s+{_NAME}"
        # a role of a few words, then a colon or dash: "hired our first junior designer: Marco Bianchi"
        labelled = rf"(?i:\b{stem}\w*)(?:\s+[\w'-]+){{0,3}}\s*(?::|\s[-–—])\s*{_TITLE}{_NAME}"
        if any(re.search(pattern, text) for pattern in (after, before, called, labelled)):
            return False
    return present
