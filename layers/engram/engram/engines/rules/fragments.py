"""A note's fragments kept with their context: "Day 1 community. Base is the Reginald Centre. Team lead is
Priya. Caseload ~90 women." is one memory, not four.

A note is written in shorthand, and its short sentences lean on each other: "3 minors" and "Me, a driver
at 38" only say what happened next to "PASSED!!!". Stored apart, a fragment answers no question (no
search finds "Base is the Reginald Centre" for "where is my work based?" when it cannot tell whose base
it is), and a near-duplicate check compares it with any other short memory that shares a word ("Day 1
community" reinforcing a house move). So a fragment that states nothing on its own (no slot, no date, no
decision, no change) joins the statement before it in the same turn; what does state something stays
a memory of its own.

A one-word sentence that opens a note has no statement before it: it is the note's headline ("Munich.
Fed the ducks with Niki in the Englischer Garten", "Signed!! 3 bed flat on Onslow Drive", "Glasgow. It is
14 degrees in September"), and heads the statement after it. Alone it was a memory that answers
nothing ("Munich", "Signed!!") and that a question naming the place found first, while the statement
lost where or what it was about. The statement keeps its own slot and dates: they were read from its
own words before the headline joined it.
"""

from __future__ import annotations

from engram.engines.rules.drafts import Draft
from engram.models import IMPORTANCE_LEVELS, SENSITIVITY_LEVELS, cap_evidence

# A sentence of at most SHORTEST words leans on its neighbours, and so does one of at most
# FRAGMENT_WORDS that names no subject.
SHORTEST = 3
FRAGMENT_WORDS = 6
# A note's opening sentence of one word heads the statement after it.
HEADLINE_WORDS = 1
# A memory grown from fragments stays short enough to read as one fact.
MAX_JOINED_CHARS = 280


def attach_fragments(drafts: list[Draft]) -> list[Draft]:
    """`drafts` in order, each fragment joined to the statement of its turn it sits next to."""
    out: list[Draft] = []
    for draft in drafts:
        previous = out[-1] if out else None
        if previous is not None and _joinable(previous, draft):
            _join(previous, draft)
            continue
        if previous is not None and _heads(previous, draft, opens_turn=_opens_turn(out)):
            _join(draft, previous, head=True)
            out[-1] = draft
            continue
        out.append(draft)
    return out


def _opens_turn(out: list[Draft]) -> bool:
    """Whether the last draft kept is the first of its turn."""
    return len(out) < 2 or out[-2].turn_index != out[-1].turn_index


def _heads(headline: Draft, draft: Draft, *, opens_turn: bool) -> bool:
    """Whether `headline`, the first memory of its turn and a sentence of one word, heads `draft`, the
    next. A clause of the same sentence is no headline ("Reading The Overstory, I can't put it down"), and
    a longer sentence is a statement of its own ("Laid off. Northpoint lost the account": the app
    relevance set's answers ranked lower when such statements were joined)."""
    if not opens_turn or headline.turn_index != draft.turn_index:
        return False
    if not _plain(headline) or len(headline.fact.content.split()) > HEADLINE_WORDS or draft.fact.forget:
        return False
    if headline.fact.evidence and headline.fact.evidence == draft.fact.evidence:
        return False
    if draft.fact.memory_type == "procedure":
        return False
    return len(headline.fact.content) + len(draft.fact.content) + 2 <= MAX_JOINED_CHARS


def _joinable(previous: Draft, draft: Draft) -> bool:
    if previous.turn_index != draft.turn_index or not (_plain(previous) and _plain(draft)):
        return False
    if not _is_fragment(draft):
        return False  # "Reading The Overstory, I can't put it down": a whole statement stays its own
    return len(previous.fact.content) + len(draft.fact.content) + 2 <= MAX_JOINED_CHARS


def _plain(draft: Draft) -> bool:
    """States nothing a later fact could change or a date could end: no slot, date, decision or change."""
    fact = draft.fact
    return (
        fact.memory_type in ("fact", "event", "action")
        and fact.attribute is None
        and not fact.forget
        and not fact.is_historical
        and fact.event_date is None
        and fact.expires_at is None
        and fact.effective_from is None
        and not fact.recurrence
        and draft.change is None
        and draft.decision is None
    )


def _is_fragment(draft: Draft) -> bool:
    """A sentence of a word or three ("3 minors", "Said yes!!"), or a short one the extractor could not
    say whom it is about ("Base is the Reginald Centre"); "I bought a kayak called Puffin" is whole."""
    words = len(draft.fact.content.split())
    return words <= SHORTEST or (words <= FRAGMENT_WORDS and draft.fact.subject is None)


def _join(host: Draft, fragment: Draft, *, head: bool = False) -> None:
    """`fragment`'s text after `host`'s, or before it as its `head`line; its names and weight join too."""
    fact, other = host.fact, fragment.fact
    first, then = (other.content, fact.content) if head else (fact.content, other.content)
    joiner = " " if first.rstrip()[-1:] in ".!?" else ". "
    fact.content = f"{first.rstrip()}{joiner}{then.strip()}"
    names = {e.name for e in fact.entities}
    fact.entities.extend(e for e in other.entities if e.name not in names)
    fact.importance = max(fact.importance, other.importance, key=IMPORTANCE_LEVELS.index)
    fact.sensitivity_level = max(
        fact.sensitivity_level, other.sensitivity_level, key=SENSITIVITY_LEVELS.index
    )
    if other.evidence and other.evidence not in (fact.evidence or ""):
        told = (other.evidence, fact.evidence or "") if head else (fact.evidence or "", other.evidence)
        fact.evidence = cap_evidence(" ".join(told).strip())
    if fact.sentiment is None:
        fact.sentiment = other.sentiment
    host.topics |= fragment.topics
