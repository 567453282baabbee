"""The offline `rules` decider (phase 2 without a model): one operation per candidate fact.

The update decision, made deterministic:

1. forget requests -> DELETE (hard) of the one memory they target, else NOOP;
2. too little confidence -> NOOP;
3. name corrections -> UPDATE replace of the memory that used the old spelling;
4. the same subject AND attribute (the only way two facts may contradict: contradiction candidates
   are scoped to a subject and attribute) -> a different value supersedes (a life change) or replaces
   (a correction);
   history never retires the present, unless it says the present is over ("no longer works at X");
   the same value, or an attribute that accumulates detail (pets) -> append the new detail, or REINFORCE;
   without a shared attribute, a value corrected in so many words ("Op is 14 March not the 4th") ->
   UPDATE supersede of the memory that held the old value: the correction is stored with its own
   dates, the wrong memory kept in its history; then filler or general knowledge -> NOOP;
5. no scope, but the candidate elaborates a close memory (all its words and more) -> append; says
   nothing new -> REINFORCE that memory (the turn is one more source for it: provenance, mentions);
   never a memory that names another thing in its place (Dan / Dana, Project 1 / Project 2:
   `name_differs`), however alike the two read;
6. otherwise ADD.

Similarity comes from the embedder the deployment uses; the thresholds below are calibrated on the
offline hash embedder (lexical: unrelated sentences score ~0, paraphrases sharing the key words 0.3-0.6,
near-duplicates 0.8+), and work the same or better with semantic embedders, whose scores run higher. The
decider only ever targets an id from `similar`; with no `similar` it can only ADD or NOOP.
"""

from __future__ import annotations

import re
from datetime import datetime

from engram.language.changes import place_left
from engram.language.names import initials_of, name_differs
from engram.language.text import (
    ONE_HOLDER_TIES,
    PARTNER_TIES,
    TITLES,
    content_stems,
    has_negation,
    is_filler,
    is_help_request,
    same_place_ties,
    words,
)
from engram.language.value_corrections import value_correction
from engram.language.world_knowledge import about_the_world
from engram.models import CandidateFact, SimilarMemory, UpdateDecision

MODEL = "rules-v1"

# Similarity thresholds (cosine). Measured with HashEmbedder(1536) — see tests/unit/test_rules_decider.py:
# "Likes coffee" vs "Likes coffee, especially cold brew from Blue Bottle" 0.51, "Has a dog" vs "The dog is
# a golden retriever named Max" 0.42, "I like coffee" vs "I like tea" 0.46 (containment, not similarity,
# tells these apart), "I love hiking" vs "I love hiking in the mountains" 0.81, unrelated facts ~0.0-0.1.
NEAR_DUPLICATE_SIMILARITY = 0.85  # same meaning with small wording changes: merge or NOOP
ELABORATION_MIN_SIMILARITY = 0.35  # below this, word containment is coincidence, not elaboration
FORGET_MIN_SIMILARITY = 0.2  # "forget my ex" vs "I broke up with my ex Jake last year": 0.35
MIN_CONFIDENCE = 0.3  # the confidence floor: a candidate below it is a NOOP ("confidence too low")

# Attributes whose values add up ("has a dog" + "the dog is named Max") instead of replacing each other.
ACCUMULATING_ATTRIBUTE_PREFIXES = ("pet:", "allergy:")

# Spellings of the same value, so "NYC" and "New York" are not a move.
VALUE_ALIASES = {
    "nyc": "new york",
    "new york city": "new york",
    "ny": "new york",
    "sf": "san francisco",
    "san fran": "san francisco",
    "la": "los angeles",
    "dc": "washington dc",
    "washington d.c.": "washington dc",
    "uk": "united kingdom",
    "u.k.": "united kingdom",
    "britain": "united kingdom",
    "great britain": "united kingdom",
    "us": "united states",
    "usa": "united states",
    "u.s.": "united states",
    "america": "united states",
    "the bay area": "bay area",
    "meta": "facebook",
    "alphabet": "google",
    "x": "twitter",
}

_DEFINITE_REFERENCE = re.compile(
    r"^(?:the|our|my|his|her|their|that)\s+(?P<noun>[\w\-]+)(?:'s name)?\s+(?:is|was|are)\s+"
    r"(?P<rest>.+)$",
    re.IGNORECASE,
)
_GENERAL_STATEMENT = re.compile(
    r"^(?:the\s+)?[A-Za-z][\w\-]*(?:\s+[a-z][\w\-]*)?\s+(?:is|are|was|were|has|have|"
    r"boils|freezes|contains|means|equals)\b"
)
_PERSONAL_WORDS = re.compile(r"\b(?:i|i'm|i've|my|me|mine|we|our|us|user)\b", re.IGNORECASE)
# What only a life has: a time of the writer's ("again", "finally", "still") or a thing of their day that
# opens the statement ("Office is in Kreuzberg", "The boiler is making that noise"), never a fact of the
# world ("Iceland has no mosquitoes").
_OWN_DAY = re.compile(
    r"\b(?:again|finally|still|today|tonight|yesterday|already|anymore)\b"
    r"|^(?:the\s+)?(?:office|shop|flat|house|kitchen|garden|boiler|heating|car|bike|rent|landlord|team|boss|"
    r"stack|class|gym|commute|wifi|fridge|washing\s+machine|dishwasher)\b",
    re.IGNORECASE,
)


class RulesDecider:
    """Deterministic update decisions (see module docstring). Stateless and thread-safe."""

    name = "rules"
    model = MODEL
    local = True

    def decide(
        self, fact: CandidateFact, similar: list[SimilarMemory], observed_at: datetime
    ) -> UpdateDecision:
        """One operation for `fact`, targeting only ids from `similar` (most similar first)."""
        if fact.forget:
            return _forget(fact, similar)
        if fact.confidence < MIN_CONFIDENCE:
            return _noop("Confidence is below the storage floor.")
        if fact.attribute == "name" and fact.is_correction:
            return _rename(fact, similar)
        if fact.subject and fact.attribute:
            scoped = [m for m in similar if _same_scope(fact, m)]
            if scoped:
                return _decide_scoped(fact, scoped)
        wrong = _corrected_memory(fact, similar)  # a memory held it: about the user, whatever its shape
        if wrong is not None:
            return _correct(fact, wrong)
        if is_filler(fact.content) or is_help_request(fact.content) or _general_knowledge(fact):
            return _noop("Small talk or general knowledge, not about the user.")
        if _tie_already_told(fact, similar):
            return _noop("Already known in more detail: a memory names them and says who they are.")
        holder = _previous_holder(fact, similar)
        if holder is not None:
            return _update(
                holder,
                "supersede",
                fact.content,
                "A tie one person holds at a time went to someone else: the previous holder's ends.",
            )
        return _decide_unscoped(fact, similar)


# ---------------------------------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------------------------------


def _forget(fact: CandidateFact, similar: list[SimilarMemory]) -> UpdateDecision:
    """Hard-delete the single memory the request targets: scoped match first, else the closest one that
    shares the request's key words (so "forget my ex" never deletes "my sister's birthday")."""
    target: SimilarMemory | None = None
    if fact.subject and fact.attribute:
        scoped = [m for m in similar if _same_scope(fact, m)]
        target = max(scoped, key=lambda m: m.similarity) if scoped else None
    if target is None:
        keys = content_stems(fact.content)
        candidates = [
            m
            for m in similar
            if m.similarity >= FORGET_MIN_SIMILARITY and keys and _shares_key_words(keys, m)
        ]
        target = max(candidates, key=lambda m: m.similarity) if candidates else None
    if target is None:
        return _noop("nothing matching to forget")
    return UpdateDecision(
        operation="DELETE",
        target_id=target.id,
        hard_delete=True,
        reasoning="Explicit request to forget: permanently deleting the matching memory.",
        model=MODEL,
    )


def _rename(fact: CandidateFact, similar: list[SimilarMemory]) -> UpdateDecision:
    """ "It's spelled Michael, not Mike": rewrite the memory that used the old spelling."""
    old, new = fact.subject or "", fact.value or ""
    pattern = re.compile(rf"\b{re.escape(old)}\b") if old else None
    candidates = [
        m
        for m in similar
        if old
        and (
            (m.subject or "").lower() == old.lower()
            or (m.name or "").lower() == old.lower()
            or (pattern is not None and pattern.search(m.content))
        )
    ]
    if not candidates or pattern is None or not new:
        return _add("A name correction with no memory using the old spelling: keeping the correction.")
    target = max(candidates, key=lambda m: m.similarity)
    return UpdateDecision(
        operation="UPDATE",
        target_id=target.id,
        strategy="replace",
        new_content=pattern.sub(new, target.content),
        reasoning="Name correction: replacing the misspelled name.",
        model=MODEL,
    )


def _decide_scoped(fact: CandidateFact, scoped: list[SimilarMemory]) -> UpdateDecision:
    """Same subject and attribute: a change, a correction, history, or more detail about the same value."""
    current = [m for m in scoped if not m.is_historical]
    past = [m for m in scoped if m.is_historical]
    accumulating = (fact.attribute or "").startswith(ACCUMULATING_ATTRIBUTE_PREFIXES)
    if fact.is_historical:
        ending = next((m for m in current if _same_value(fact.value, m.value)), None)
        if ending is not None:
            # "I no longer work at Google" about "I work at Google": the present became history.
            return _update(
                ending, "supersede", fact.content, "The current memory is now history: superseding it."
            )
        same_past = next((m for m in past if _same_value(fact.value, m.value)), None)
        if same_past is not None:
            return _elaborate_or_noop(fact, same_past)
        return _add("Historical fact: stored alongside the current one, which it does not retire.")
    if not current:
        return _add("Only historical memories share this attribute: adding the current value.")
    memory = current[0]
    place = place_left(fact.value)
    if place and not _same_value(place, memory.value):
        # "Told Gerry I'm leaving Doyle Electrical" after "technician with Western Wind Services": the
        # old job ends, the new one the user already told of stays.
        ended = next((m for m in current if _names_place(m.value or "", place)), None)
        if ended is not None:
            return _update(ended, "supersede", fact.content, "That employer or school is now history.")
        return _add("The end of a place no current memory holds: stored beside the present one.")
    if accumulating and _ENDED_THING.match(fact.value or ""):
        # "Pickles passed away" about "We have a cat named Pickles": that one pet, not the others.
        thing = _ENDED_THING.sub("", fact.value or "").lower()
        ended = next((m for m in current if thing and thing in m.content.lower()), None)
        if ended is not None:
            return _update(ended, "supersede", fact.content, "The subject no longer has it: superseding.")
        return _add("An ending of something no current memory names: adding it.")
    if fact.value is None and memory.value is not None and not accumulating:
        return _noop("Already known in more detail.")  # "Marcus is someone I know" vs "Marcus is my coworker"
    if accumulating or _same_value(fact.value, memory.value) or fact.value is None:
        return _elaborate_or_noop(fact, memory)
    if memory.value is None:
        return _update(memory, "replace", fact.content, "The new fact states what the old one left open.")
    if fact.is_correction:
        return _update(
            memory, "replace", fact.content, "Correction of the same attribute: replacing the old value."
        )
    if fact.attribute == "relation" and not _tie_changed(memory.value, fact.value):
        return _elaborate_or_noop(fact, memory)  # a friend who is also a coworker: both hold
    return _update(
        memory,
        "supersede",
        fact.content,
        "Same subject and attribute with a new value: a life change supersedes the old memory.",
    )


def _decide_unscoped(fact: CandidateFact, similar: list[SimilarMemory]) -> UpdateDecision:
    """No shared attribute: only elaboration of a close memory can update it; otherwise ADD."""
    for memory in similar:
        if memory.similarity < ELABORATION_MIN_SIMILARITY:
            break
        if memory.is_historical != fact.is_historical or has_negation(memory.content) != has_negation(
            fact.content
        ):
            continue  # opposite polarity or tense without a shared attribute: not the same fact
        if _different_dates(fact.content, memory.content):
            continue  # the same kind of happening on another day is another memory
        if name_differs(
            fact.content, memory.content, [fact.name, fact.subject, *(e.name for e in fact.entities)]
        ):
            continue  # about Dana, not Dan; Project 2, not Project 1: another thing, however alike
        if fact.attribute and memory.attribute and not _same_scope(fact, memory):
            continue  # both scoped, but about another subject or attribute ("my sister lives in Boston")
        if fact.attribute and fact.attribute != "relation" and fact.value and not memory.attribute:
            # "Moved to Albuquerque" after "Looking at apartments in Albuquerque": the fact states where
            # the user lives, which the memory does not; folded into it, the change would be lost. (A
            # tie, "Dr. Vale is my therapist", is still folded into the memory that says it in passing.)
            continue
        decision = _elaboration(fact, memory)
        if decision is not None:
            return decision
    return _add("No existing memory covers this: adding it.")


def _corrected_memory(fact: CandidateFact, similar: list[SimilarMemory]) -> SimilarMemory | None:
    """The memory a value correction retires ("Op is 14 March not the 4th" and "hip op is 4 March"):
    the closest that holds the old value and speaks of the same matter, a word of the correction's
    besides the values ("op"). An amount of three digits or more is matter enough ("the rent is 7,000,
    not 6,500" and "2BR near the market, 6,500/mo")."""
    correction = value_correction(fact.content)
    if correction is None:
        return None
    told = content_stems(fact.content) - content_stems(correction.old)
    specific = correction.kind == "number" and len(re.sub(r"\D", "", correction.old)) >= 3
    for memory in similar:
        if correction.held_by(memory.content) and (specific or told & content_stems(memory.content)):
            return memory
    return None


def _correct(fact: CandidateFact, wrong: SimilarMemory) -> UpdateDecision:
    """Retire the memory that held the wrong value; but a memory that joins several statements ("Told
    Nanay we'll move; found a flat, 6,500/mo") says more than the value, and retiring it would lose the
    rest: the correction is added to it instead, so it says which value holds."""
    if MERGED_STATEMENTS in wrong.content:
        merged = f"{wrong.content.rstrip('. ')}{MERGED_STATEMENTS}{fact.content}"
        return _update(wrong, "append", merged, "A correction of one statement of the memory: added to it.")
    reasoning = "A correction: the memory held the value said to be wrong."
    return _update(wrong, "supersede", fact.content, reasoning, corrects=True)


def _elaborate_or_noop(fact: CandidateFact, memory: SimilarMemory) -> UpdateDecision:
    decision = _elaboration(fact, memory, scoped=True)
    return decision or _reinforce(memory, "Already known: the existing memory says the same.")


def _elaboration(fact: CandidateFact, memory: SimilarMemory, scoped: bool = False) -> UpdateDecision | None:
    """APPEND when the fact adds detail to `memory`, NOOP when it adds nothing, None when unrelated."""
    new_words = content_stems(fact.content) - content_stems(memory.content)
    old_words = content_stems(memory.content) - content_stems(fact.content)
    if not new_words:
        return _reinforce(memory, "Already known: the existing memory says the same or more.")
    merged = _definite_elaboration(memory.content, fact.content)
    if merged is not None:
        return _update(memory, "append", merged, "Adds detail about something the memory already mentions.")
    if not old_words:
        return _update(
            memory, "append", fact.content, "Adds detail to the existing memory: keeping the richer one."
        )
    if len(new_words) <= 1:  # one rephrased word is not news
        return _reinforce(memory, "Nothing substantial beyond the existing memory.")
    if scoped or memory.similarity >= NEAR_DUPLICATE_SIMILARITY:
        merged = merge_contents(memory.content, fact.content)
        if merged != memory.content:
            return _update(memory, "append", merged, "Adds detail to the existing memory: merged.")
        return _reinforce(memory, "Already known: nothing new beyond the existing memory.")
    return None


# ---------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------


_ENDED_THING = re.compile(r"^no longer (?:has|owns)\s+", re.IGNORECASE)


_NEW_HOLDER = re.compile(r"\b(?:new|now|current(?:ly)?|these days)\b", re.IGNORECASE)


def _previous_holder(fact: CandidateFact, similar: list[SimilarMemory]) -> SimilarMemory | None:
    """ "Dr. Whitlock is my new supervisor" after "Professor Haldane is my supervisor": the current memory
    of someone else holding a tie one person holds at a time. A partner tie always moves; a supervisor,
    manager, landlord, therapist or doctor only when the user says it is a new one (two doctors at once
    are common; "my doctor" again may be the same one named differently)."""
    tie = (fact.value or "").lower()
    if fact.attribute != "relation" or tie not in ONE_HOLDER_TIES or fact.is_historical or not fact.subject:
        return None
    if tie not in PARTNER_TIES and not _NEW_HOLDER.search(fact.content):
        return None
    place = same_place_ties(tie)
    for memory in similar:
        held = (memory.value or "").lower()
        if memory.attribute != "relation" or memory.is_historical or not memory.subject:
            continue
        if _same_person(memory.subject, fact.subject):
            continue
        if held in place:
            return memory
    return None


def _same_person(one: str, other: str) -> bool:
    """ "Dr. Whitlock" and "Ngaire Whitlock": one name's words within the other's, titles aside."""
    titles = {t.lower() for t in TITLES} | {"mx"}
    a = {w for w in words(one.lower()) if w.strip(".") not in titles}
    b = {w for w in words(other.lower()) if w.strip(".") not in titles}
    return bool(a and b) and (a <= b or b <= a)


def _tie_changed(old: str | None, new: str | None) -> bool:
    """How someone relates to the user changed, rather than was told in other words or in addition: a
    partner became an ex, or a girlfriend a fiancée. A friend who is also a coworker is both."""
    old_tie, new_tie = (old or "").lower(), (new or "").lower()
    if not old_tie or not new_tie or old_tie == new_tie:
        return False
    if new_tie in ("ex", "ex-partner", "late partner") or new_tie.startswith(("ex-", "late ")):
        return old_tie in PARTNER_TIES or old_tie.startswith("ex")
    return old_tie in PARTNER_TIES and new_tie in PARTNER_TIES


def _tie_already_told(fact: CandidateFact, similar: list[SimilarMemory]) -> bool:
    """ "Declan is someone I know" after "I share a flat with my roommate Declan": the tie that note told
    was folded into the memory that says it in passing, so no tie memory holds it; a bare one stored now
    would say less than what is known, and answer "who is Declan?" with "someone I know"."""
    if fact.attribute != "relation" or fact.value is not None or not fact.subject:
        return False
    subject = _norm(fact.subject)
    return any(m.relationship and not m.is_historical and _norm(m.name or "") == subject for m in similar)


def _same_scope(fact: CandidateFact, memory: SimilarMemory) -> bool:
    return bool(
        memory.subject
        and memory.attribute
        and _norm(memory.subject) == _norm(fact.subject or "")
        and memory.attribute.lower() == (fact.attribute or "").lower()
    )


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _canonical_value(value: str | None) -> str | None:
    if value is None:
        return None
    text = re.sub(r"[^\w\s']", " ", value.lower()).strip()
    text = re.sub(r"^(?:the|a|an)\s+", "", re.sub(r"\s+", " ", text))
    return VALUE_ALIASES.get(text, text)


def _names_place(value: str, place: str) -> bool:
    """Does a stored value name the place left, whole or by its initials ("left C&M" and "Calder &
    Moss")?"""
    return place.lower() in value.lower() or initials_of(place, value)


def _same_value(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return a is b
    return _canonical_value(a) == _canonical_value(b)


def _shares_key_words(keys: set[str], memory: SimilarMemory) -> bool:
    """At least half of the request's key words (and at least one) appear in the memory."""
    overlap = keys & content_stems(memory.content)
    return bool(overlap) and len(overlap) * 2 >= len(keys)


def _dates_in(text: str) -> set[str]:
    return {token for token in words(text) if any(ch.isdigit() for ch in token)}


def _different_dates(a: str, b: str) -> bool:
    first, second = _dates_in(a), _dates_in(b)
    return bool(first - second) and bool(second - first)


def _definite_elaboration(old: str, new: str) -> str | None:
    """ "Has a dog" + "The dog is a golden retriever named Max" -> "Has a dog, a golden retriever named Max".

    The new fact refers back ("the dog") to a noun the memory already has: its predicate is an apposition.
    """
    match = _DEFINITE_REFERENCE.match(new.strip())
    if not match:
        return None
    noun = match.group("noun").lower()
    if noun not in {w.lower() for w in words(old)}:
        return None
    rest = match.group("rest").strip().rstrip(".")
    return f"{old.rstrip('. ')}, {rest}"


# What joins the statements of a merged memory.
MERGED_STATEMENTS = "; "
# Where a statement divides into parts for a merge: commas, semicolons, "and", "but"; not the comma of
# a number ("6,500/mo" is one amount: split there, its "500" was kept without the "6").
_MERGE_PARTS = re.compile(r"\s*(?:;|,(?!\d)|(?<!\d),|\band\b|\bbut\b)\s*")


def merge_contents(old: str, new: str) -> str:
    """`old` plus the parts of `new` that say something `old` does not (no repeated clauses or words)."""
    known = content_stems(old)
    parts = [p.strip() for p in _MERGE_PARTS.split(new) if p.strip()]
    extra = [p for p in parts if content_stems(p) - known]
    if not extra:
        return old
    return f"{old.rstrip('. ')}{MERGED_STATEMENTS}{', '.join(extra)}"


def _general_knowledge(fact: CandidateFact) -> bool:
    """A statement with no person, no user and no scope: "Paris is the capital of France"."""
    if fact.subject or fact.attribute or any(e.kind == "person" for e in fact.entities):
        return False
    if _PERSONAL_WORDS.search(fact.content) or re.search(r"\(\d{1,2} \w+ \d{4}\)|\b\d{4}\b", fact.content):
        return False
    if not _GENERAL_STATEMENT.match(fact.content) or _OWN_DAY.search(fact.content):
        return False
    # A number in a statement of that shape is the user's own record ("Results are out: failed FA2 with
    # 48%"), unless the statement is about the world at large ("Water boils at 100 degrees").
    return about_the_world(fact.content) or not re.search(r"\d", fact.content)


def _update(
    memory: SimilarMemory, strategy: str, content: str, reasoning: str, *, corrects: bool = False
) -> UpdateDecision:
    return UpdateDecision(
        operation="UPDATE",
        target_id=memory.id,
        strategy=strategy,  # type: ignore[arg-type]
        new_content=content,
        corrects=corrects,
        reasoning=reasoning,
        model=MODEL,
    )


def _add(reasoning: str) -> UpdateDecision:
    return UpdateDecision(operation="ADD", reasoning=reasoning, model=MODEL)


def _reinforce(memory: SimilarMemory, reasoning: str) -> UpdateDecision:
    """Said again: nothing to change in the memory, but this turn is one more source for it (its
    provenance and mention count grow, its confidence a little), so search can cite it."""
    return UpdateDecision(operation="REINFORCE", target_id=memory.id, reasoning=reasoning, model=MODEL)


def _noop(reasoning: str) -> UpdateDecision:
    return UpdateDecision(operation="NOOP", reasoning=reasoning, model=MODEL)
