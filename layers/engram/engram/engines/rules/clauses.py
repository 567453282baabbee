"""One clause into a draft fact: its text cleaned of framing, its subject and slot, its fields and records."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engram.engines.rules.assembly import (
    _attach_outcome,
    _change,
    _decision_record,
    _fill_identity,
    _mentions,
    _name_correction,
)
from engram.engines.rules.drafts import (
    Draft,
    Slot,
    Subject,
    TurnContext,
    is_speaker,
)
from engram.engines.rules.fields import (
    _answering,
    _attributed,
    _category,
    _confidence,
    _content,
    _importance,
    _layer,
    _memory_type,
    _provenance,
    _tidy,
)
from engram.engines.rules.slots import _inherited_preference, _name_the_object, _slot_of
from engram.engines.rules.subjects import _subject_of
from engram.language.changes import LET_GO, NO_LONGER
from engram.language.cues import (
    CORRECTION_PREFIX,
    ENTITY_INTRO,
    EVENT_WORDS,
    FRAGMENT_VERBS,
    LABEL_PREFIX,
    NOT_ALTERNATIVE,
    PRONOUN_START,
    REMEMBER_PREFIX,
    REPORTED_SPEECH,
    hedges_statement,
)
from engram.language.lexicons import sensitivity_of
from engram.language.medicines import STOPPED, medication_in
from engram.language.name_corrections import read_name_correction
from engram.language.sentiment import sentiment_of
from engram.language.temporal import TemporalInfo, analyse_temporal
from engram.language.text import (
    FIRST_NAMES,
    IRREGULAR_PASTS,
    PET_WORDS,
    RELATION_WORDS,
    RELATIVE_DAY_WORDS,
    STOPWORDS,
    THIRD_PERSON_START,
    SpottedEntity,
    has_first_person,
    is_filler,
    spot_entities,
    strip_discourse_fillers,
    words,
)
from engram.language.world_knowledge import about_the_world
from engram.models import (
    CandidateFact,
    cap_evidence,
)


@dataclass
class _Clause:
    """One clause as read so far: its text without framing, how it was said, and what it is about."""

    text: str
    sentence: str  # the whole sentence, kept as the fact's evidence
    remember: bool = False  # "remember that ...": the user vouches for it
    correction: bool = False  # "actually, ...": it corrects what was said before
    hearsay: bool = False  # "Marcus told me he ...": second hand
    entities: list[SpottedEntity] = field(default_factory=list)
    subject: Subject | None = None
    slot: Slot | None = None

    @property
    def is_correction(self) -> bool:
        return self.correction and self.slot is not None


def _clause(
    clause: str,
    sentence: str,
    ctx: TurnContext,
    procedure: bool,
    reminder: bool = False,
    attach_to: Draft | None = None,
) -> None:
    """One clause into a draft on `ctx.drafts`, or into an earlier draft when it only adds to it."""
    read = _read_framing(clause, sentence, ctx, procedure)
    if (
        read is None
        or is_filler(read.text, ctx.speakers)
        or not [w for w in words(read.text) if w not in STOPWORDS]
    ):
        return
    read.entities = spot_entities(read.text, ctx.known_people)
    temporal = analyse_temporal(read.text, ctx.observed_at)
    if ctx.drafts and _only_time(read.text, temporal):
        _extend_with_time(ctx.drafts[-1], read.text, temporal, ctx)  # "... Starting on June 1st."
        return
    if (
        not procedure
        and not read.remember
        and not _is_personal(read.text, read.entities, temporal, ctx, continues=attach_to is not None)
    ):
        if attach_to is not None:
            _extend(attach_to, _content(read.text, temporal, ctx))
        return
    read.subject = _subject_of(read.text, ctx, read.entities)
    _read_slot(read, temporal, procedure, attach_to, ctx.medicines)
    intro = bool(ENTITY_INTRO.match(read.text.rstrip(".!")))
    memory_type = _memory_type(read.text, read.slot, temporal, procedure, intro)
    if reminder and temporal.event_date is not None:
        memory_type = "event"  # "remind me to call mom tomorrow": a dated to-do
    if (
        read.slot is not None
        and read.slot.change_type
        and temporal.event_date
        and temporal.event_date > ctx.observed_at
    ):
        # "I start at Notion next month": the new state is true from then on.
        temporal.effective_from, temporal.event_date = temporal.event_date, None
    content = _attributed(_answering(_content(read.text, temporal, ctx), ctx), ctx)
    fact, topics = _fact_of(read, content, memory_type, temporal, ctx)
    if intro and read.slot is None and fact.name:
        # "My sister Emma": the clause *is* the entity memory, scoped like the derived ones.
        fact.subject, fact.attribute, fact.value = fact.name, "relation", fact.relationship
    _record(read, fact, topics, content, ctx)


def _read_framing(clause: str, sentence: str, ctx: TurnContext, procedure: bool) -> _Clause | None:
    """The clause without its framing: "remember that", "actually", "Big news:", a vocative, "X told me".

    A name correction ("it's spelled Michael, not Mike") is recorded here and ends the clause (None).
    """
    text = clause.strip().rstrip(" ,;:-")
    remember = False
    prefix = REMEMBER_PREFIX.match(text)
    if prefix and len(text) > prefix.end():
        remember, text = True, text[prefix.end() :]
    correction_prefix = CORRECTION_PREFIX.match(text)
    if correction_prefix and len(text) > correction_prefix.end():
        text = text[correction_prefix.end() :]
    correction = read_name_correction(text)
    if correction is not None:
        _name_correction(*correction, sentence, ctx)
        return None
    label = LABEL_PREFIX.match(text) if not procedure else None
    if label is not None:
        text = strip_discourse_fillers(text[label.end() :])
        if label.group("about"):  # "Big news from Ines: she quit ..." -> "Ines quit ..."
            text = _replace_leading_pronoun(text, label.group("about"))
    elif not procedure:
        text = strip_discourse_fillers(text)
    text = _strip_vocative(text, ctx)
    let_go = LET_GO.match(text)
    if let_go:  # "Canva let Lucia go" -> "Lucia was let go by Canva"
        who = let_go.group("who")
        who = {"me": "I", "him": ctx.last_person or "he", "her": ctx.last_person or "she"}.get(who, who)
        verb = "were" if who == "them" else "was"
        text = f"{who} {verb} let go by {let_go.group('org')}{text[let_go.end() :]}"
    hearsay = False
    reported = REPORTED_SPEECH.match(text)
    if reported:
        who = reported.group("who")
        if who.lower() in ("he", "she"):
            who = ctx.last_person or ""
        if who:
            text = _replace_leading_pronoun(reported.group("rest"), who)
            hearsay = True
    if ctx.last_person:
        text = _replace_leading_pronoun(text, ctx.last_person)
        text = _name_the_doer(text, ctx.last_person)
    return _Clause(text, sentence, remember=remember, correction=bool(correction_prefix), hearsay=hearsay)


def _read_slot(
    read: _Clause, temporal: TemporalInfo, procedure: bool, attach_to: Draft | None, medicines: dict[str, str]
) -> None:
    """The clause's slot: its own, or a preference carried over from the clause before ("now I love them")."""
    subject = read.subject
    slot = _slot_of(read.text, subject, medicines) if subject is not None and not procedure else None
    if slot is None and subject is not None and attach_to is not None:
        slot = _inherited_preference(read.text, subject, attach_to)
        if slot is not None:
            read.text = _name_the_object(
                read.text, attach_to.fact.content
            )  # "Now I love them" -> "... olives"
    if slot is not None and slot.change_type and slot.old_value and NO_LONGER.search(read.text):
        temporal.is_historical = False  # "is no longer at X" says what is true now: X is over
    if slot is not None and slot.value == STOPPED and not re.search(r"\bused to\b", read.text, re.I):
        temporal.is_historical = False  # "no longer taking lisinopril": not taking it is how things are now
    if slot is not None and temporal.is_historical:
        slot.historical = True
        slot.change_type = None  # "I used to live in Boston" reports history, it does not move anyone
    read.slot = slot
    if read.is_correction and slot is not None:
        alternative = NOT_ALTERNATIVE.search(read.text)
        if alternative:
            slot.old_value = alternative.group("old")
        slot.change_type = slot.change_type or _CHANGE_OF.get(slot.attribute.split(":")[0], "status")


def _fact_of(
    read: _Clause, content: str, memory_type: str, temporal: TemporalInfo, ctx: TurnContext
) -> tuple[CandidateFact, set[str]]:
    """The candidate fact of a read clause, with the topic tags its sensitivity was judged by."""
    text, slot, subject = read.text, read.slot, read.subject
    hedged = hedges_statement(text)
    topics, sensitivity = sensitivity_of(text)
    fact = CandidateFact(
        content=content,
        memory_type=memory_type,
        layer=_layer(memory_type, temporal),
        category=_category(text, memory_type, slot, topics, temporal, read.entities),
        sentiment=sentiment_of(text),
        importance=_importance(text, memory_type, slot, read.remember, topics),
        confidence=_confidence(ctx, read.remember, hedged, read.hearsay),
        source_type="inferred" if ctx.is_assistant else "explicit",
        evidence=cap_evidence(read.sentence),
        is_historical=temporal.is_historical or bool(slot and slot.historical),
        effective_from=temporal.effective_from,
        expires_at=temporal.expires_at,
        event_date=temporal.event_date,
        recurrence=temporal.recurrence,
        sensitivity_level=sensitivity,
        subject=slot.subject if slot else (subject.key if subject else None),
        attribute=slot.attribute if slot else None,
        value=slot.value if slot else None,
        is_correction=read.is_correction,
        entities=_mentions(read.entities, subject, slot, ctx, text, memory_type),
        provenance=[_provenance(ctx)],
    )
    _fill_identity(fact, subject, slot, read.entities, ctx)
    return fact, topics


def _record(read: _Clause, fact: CandidateFact, topics: set[str], content: str, ctx: TurnContext) -> None:
    """Append the fact's draft with its change, decision or action; remember who a later "he" means."""
    draft = Draft(fact=fact, topics=topics, turn_index=ctx.index)
    draft.change = _change(read.slot, read.is_correction)
    if fact.memory_type == "decision":
        draft.decision = _decision_record(read.text, content)
    if fact.memory_type == "action":
        _attach_outcome(draft, read.text, content)
    ctx.drafts.append(draft)
    people = [e.name for e in read.entities if e.kind == "person" and not is_speaker(e.name, ctx.speakers)]
    subject = read.subject
    if people:
        ctx.last_person = people[-1]
    elif subject is not None and subject.person and subject.person not in ctx.speakers:
        ctx.last_person = subject.person


_TIME_CUE_WORDS = frozenset(
    """
    starting start starts beginning from as of until till til through thru on in at by effective since for
    the next this that
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def _only_time(text: str, temporal: TemporalInfo) -> bool:
    """A clause that only says when ("Starting on June 1st", "Until Friday"): it dates the previous fact."""
    if not (temporal.mentions or temporal.expires_at):
        return False
    rest = text
    for mention in temporal.mentions:
        rest = rest.replace(mention.text, " ")
    return not [w for w in words(rest) if w not in _TIME_CUE_WORDS and w not in STOPWORDS]


def _extend_with_time(draft: Draft, text: str, temporal: TemporalInfo, ctx: TurnContext) -> None:
    fact = draft.fact
    fact.effective_from = fact.effective_from or temporal.effective_from
    fact.expires_at = fact.expires_at or temporal.expires_at
    if temporal.event_date and fact.event_date is None:
        if fact.attribute and draft.change is not None and temporal.event_date > ctx.observed_at:
            fact.effective_from = (
                fact.effective_from or temporal.event_date
            )  # "Got the job! Starting June 1st."
        else:
            fact.event_date = temporal.event_date
            fact.layer = "episodic" if fact.memory_type in ("event", "action") else fact.layer
    _extend(draft, _content(text, temporal, ctx))


def _extend(draft: Draft, addition: str) -> None:
    """Append a clause to a fact's text (and let it raise the fact's sensitivity)."""
    fact = draft.fact
    if addition[:2] != addition[:2].upper():
        addition = addition[0].lower() + addition[1:]
    fact.content = _tidy(f"{fact.content.rstrip('!?.,;: ')}, {addition}")
    topics, level = sensitivity_of(fact.content)
    draft.topics |= topics
    rank = {"normal": 0, "private": 1, "sensitive": 2}
    if rank[level] > rank[fact.sensitivity_level]:
        fact.sensitivity_level = level  # type: ignore[assignment]


_CHANGE_OF = {
    "employer": "job",
    "job_title": "job",
    "location": "location",
    "relationship": "relationship",
    "partner": "relationship",
    "name": "name",
    "school": "status",
    "diet": "status",
    "preference": "preference",
}


_TRAILING_NAME = re.compile(r",\s*(?P<name>(?-i:[A-Z][a-z'\-]+))\s*(?P<end>[!.?]*)\s*$")


# Someone new the sentence speaks of, named after it: "met a guy at the farmers market, Daniel".
_SOMEONE_MET = re.compile(
    r"\b(?:a|this|some|the\s+new)\s+(?:guy|girl|man|woman|lad|bloke|fella|kid|lady|someone|person)\b",
    re.IGNORECASE,
)
_RELATION_BEFORE_NAME = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True)) + r")s?$",
    re.IGNORECASE,
)  # "my coworker, Marcus": an apposition


_LEADING_GREETING = re.compile(
    r"^(?:(?:hey|hi|hello|heya|yo|dear|oh|wow|yeah|yes|sure|thanks|thank you|aw+|haha|lol)[\s,!.]+)*",
    re.IGNORECASE,
)


def _strip_vocative(text: str, ctx: TurnContext) -> str:
    """ "Wow, that's cool, Caroline!" -> "Wow, that's cool!", "Hey Jon, glad I could help" -> "Glad I could
    help": the person addressed is not what is said. Only the other speakers of a conversation count at the
    start ("Marcus, my coworker, ..." in a note is the subject)."""
    greeting = _LEADING_GREETING.match(text)
    rest = text[greeting.end() :] if greeting else text
    others = frozenset(n for n in ctx.speakers if n != ctx.speaker)
    alone = re.fullmatch(r"(?P<name>(?-i:[A-Z][a-z'\-]+))\s*[,!.:\-]*", rest)
    if alone and is_speaker(alone.group("name"), others):
        return ""  # "Hey John" (or "John" after the greeting was stripped): nothing said
    lead = re.match(r"(?P<name>(?-i:[A-Z][a-z'\-]+))\s*[,!.:\-]+\s+(?=\S)", rest)
    if lead and is_speaker(lead.group("name"), others):
        rest = rest[lead.end() :]
        text = rest[0].upper() + rest[1:] if rest[:1].islower() and not rest.startswith("i ") else rest
    match = _TRAILING_NAME.search(text)
    if match and (
        is_speaker(match.group("name"), ctx.speakers) or match.group("name").lower() in FIRST_NAMES
    ):
        before = text[: match.start()].rstrip(" ,")
        if _RELATION_BEFORE_NAME.search(before) or _SOMEONE_MET.search(before):
            return text  # "had lunch with Caroline", "met a guy at the market, Daniel": no one addressed
        return before + match.group("end")
    return text


# A note's fragment whose verb has the writer for its object ("watched me stretch", "told me to rest",
# "asked us round") was done by someone else, not the writer: verbs whose doer is a person. Those that
# need none ("took me an hour", "cost me £40", "made me cry", "surprised me how ...") are not here.
_DONE_TO_ME = re.compile(
    r"^(?:(?:told|asked|taught|showed|sent|brought|drove|rang|called|texted|messaged|emailed|invited|helped|"
    r"watched|met|hugged|kissed|thanked|warned|advised|reminded|picked|dropped|visited|offered|promised|"
    r"convinced|persuaded|introduced|lent|paid|bought|cooked|walked)\s+(?:me|us)\b"
    r"|took\s+(?:me|us)\s+(?:to|out|for|home)\b)",  # "took me out for dinner", not "took me an hour"
    re.IGNORECASE,
)


def _name_the_doer(text: str, person: str) -> str:
    """ "watched me stretch and said ..." after "Lauren came" -> "Lauren watched me stretch and said ...";
    "teaches chemistry at Allderdice" after "met a guy, Daniel" -> "Daniel teaches chemistry ...": a verb
    of the third person with no subject is not the writer's, who would write "teach"."""
    if not (_DONE_TO_ME.match(text) or (THIRD_PERSON_START.match(text) and not has_first_person(text))):
        return text
    return f"{person} {text[0].lower()}{text[1:]}"


def _replace_leading_pronoun(text: str, person: str) -> str:
    """ "he's thinking about leaving Stripe" -> "Marcus is thinking about leaving Stripe"."""
    match = PRONOUN_START.match(text)
    if not match:
        return text
    rest = text[match.end() :]
    contraction = match.group("contraction")
    if contraction == "'s":
        verb = (
            " has" if re.match(r"\s+(?:been|got|gotten|had|done|gone|never|already|just)\b", rest) else " is"
        )
    elif contraction == "'d":
        verb = " would"
    elif contraction == "'ll":
        verb = " will"
    else:
        verb = ""
    return f"{person}{verb}{rest}"


_THE_THING = re.compile(r"\bthe\s+((?:[a-z][a-z\-]*\s+){0,2}[a-z][a-z\-]*)", re.IGNORECASE)


def _the_users(text: str, belongings: frozenset[str]) -> bool:
    """ "the truck", "the new flat": a thing the user has called theirs before (`known_belongings`)."""
    return any(
        word.lower() in belongings for match in _THE_THING.finditer(text) for word in match.group(1).split()
    )


# Said to the assistant, not about the writer's life: "Thanks, that helped a lot", "you're the best",
# "hello again", "yo what's up".
_PLEASANTRY = re.compile(
    r"^(?:thanks|thank you|cheers|hello|hi|hey|yo|haha|lol|nice one|good one|you(?:'re|\s+are|'ve)|"
    r"what'?s up|sup|bye)\b",
    re.IGNORECASE,
)


# What a sentence led by a name is news about. In a conversation, a place or a thing as well ("Venice
# floods every winter"); in the app user's own note, a place or a thing leads their shorthand ("Two
# Oceans Aquarium internship, 1 December to 31 January") and only a company leads news.
_NEWS_LEADS = {False: ("organization", "place", "other", "product"), True: ("organization", "product")}


def _is_personal(
    text: str, entities: list[SpottedEntity], temporal: TemporalInfo, ctx: TurnContext, *, continues: bool
) -> bool:
    """About the user or someone/something in their life, rather than general knowledge.

    The app's own user writes notes in shorthand, with no "I" ("Boiler repair €240", "Running late
    again"): a sentence of theirs is about their life unless it is about the world at large (news,
    a general truth, a saying: `about_the_world`) or a pleasantry. A clause that `continues` a
    sentence's fact ("..., they think it's pneumonia") is not read so: it completes that fact instead.

    "Paris is the capital of France" and "Water boils at 100 degrees" are general truths: skipped.
    """
    if has_first_person(text):
        return True
    tokens = words(text)
    first = tokens[0] if tokens else ""
    if first in FRAGMENT_VERBS or first in IRREGULAR_PASTS or (first.endswith("ed") and len(first) > 4):
        return True  # a note fragment with an implied "I": "Had coffee with Marcus", "Shipped the beta"
    if any(e.kind == "person" or e.entity_type in ("pet", "project") for e in entities):
        return True
    if ctx.belongings and _the_users(text, ctx.belongings):
        return True  # "The truck trades at the market on Fridays" after "I launched my food truck"
    if medication_in(text, ctx.medicines) is not None:
        return True  # "..., so her levothyroxine went up to 125mcg": a dose someone in their life takes
    if about_the_world(text):
        return False  # news of public life, a general truth, a saying
    lead = entities[0] if entities else None
    shorthand = ctx.speaker is None and not ctx.is_assistant and not continues
    if (
        lead is not None
        and lead.start <= 4
        and lead.entity_type in _NEWS_LEADS[shorthand]
        and "acronym" not in lead.cues  # "BP 128/82", "FA2 exam tomorrow": the writer's shorthand
    ):
        return False  # "Apple released a new iPhone today": news about the world, not the writer's life
    if any(token in RELATION_WORDS for token in tokens) or RELATIVE_DAY_WORDS.search(text):
        return True
    if any(m.label for m in temporal.mentions):
        return True
    if temporal.recurrence and EVENT_WORDS.search(text):
        return True  # "daily standup at 9:30", "monthly review"
    if re.match(
        r"^(?:work|job|school|class|home|life|today|tonight|rent|mortgage|salary|paycheck)\b", text, re.I
    ):
        return True  # a note about the writer's own day, home or money ("Work is crazy", "Rent is due")
    if shorthand and not _PLEASANTRY.match(text):
        return True  # the app's own user, writing in shorthand: "Boiler repair €240", "Running late again"
    return bool(
        re.search(
            r"\b(?:the|my|our|this|next|tomorrow's|today's)\s+(?:[\w\-]+\s+)?(?:"
            + "|".join(PET_WORDS)
            + r"|meeting|appointment|wedding|trip|flight|interview|deadline|"
            r"party|standup|stand-up|launch|demo|presentation|review|exam|class|surgery|checkup|"
            r"project|team|boss|kids?|family|house|apartment|car|garden)\b",
            text,
            re.IGNORECASE,
        )
    )
