"""The offline `rules` extractor (phase 1 without a model): what every user without an API key meets first.

It reads each new turn sentence by sentence, clause by clause, and turns what is about the user and the
people in their life into candidate memories with every field an LLM extractor would fill :
type, layer, category, entities, subject/attribute/value (the scope of contradictions), temporal fields
resolved against when it was said, sensitivity, importance, confidence, sentiment, outcome, provenance.

How it generalises instead of matching examples:

- grammar, not strings: a clause's *subject* is found first (I / we / "my sister" / a name / a resolved
  "he" / an implied "I" in a note fragment), then small predicate grammars read an *attribute* from any
  inflection of their verbs ("works/working/worked at", "moved/relocated to", "broke up with") and take the
  value from a capitalised run or a short noun phrase;
- vocabularies and patterns are grouped constants in `engram.language` (relationship words, pets,
  attribute grammars, health and money lexicons, sentiment) so a new word is one edit;
- tense and hedging are read, not assumed: "thinking about leaving Stripe" keeps Stripe as the employer,
  "used to live in Boston" is history, "I think" halves confidence;
- dates go through `engram.language.temporal` (own grammar + dateparser + recurrent), always against
  `observed_at`.

Precision beats recall: a missed memory comes back the next time it is said, a wrong one misleads every
later answer. Everything is deterministic; per-call cost is a few milliseconds (no model, no I/O).

This module reads turns and sentences; `clauses` reads one clause into a draft, `slots` its subject and
attribute, `fields` the fact's other fields, `assembly` the records that travel with it, and `passes`
the whole result (preferences, entity memories, duplicates, old values).
"""

from __future__ import annotations

import re

from engram.engines.ports import ExtractionInput, TurnInput
from engram.engines.rules.assembly import _forget
from engram.engines.rules.clauses import _clause, _strip_vocative
from engram.engines.rules.drafts import (
    CONFIDENCE_REMEMBER,
    MODEL,
    Draft,
    Subject,
    TurnContext,
    is_speaker,
)
from engram.engines.rules.fields import _attributed, _content, _provenance, _tidy
from engram.engines.rules.fragments import attach_fragments
from engram.engines.rules.known import complete_changes, known_belongings, known_names
from engram.engines.rules.passes import (
    _apply_preferences,
    _dedupe,
    _entity_memories,
    _fill_old_values,
    _stated_ties,
    ties_told,
)
from engram.engines.rules.slots import _slot_of
from engram.language.attributes import EMPLOYER_TITLE_AT, JOB_TITLE, TITLE_HEADS, pay_told, tells_a_job
from engram.language.cues import (
    ACTION,
    DREAMT,
    FORGET_REQUEST,
    LEADING_ADVERBIAL,
    PROCEDURE,
    PROCEDURE_CONTINUATION,
    REMEMBER_THIS,
    REMIND_ME,
)
from engram.language.lexicons import sensitivity_of
from engram.language.medicine_takers import known_medicines
from engram.language.phrases import TIE_SET_OFF, expand_has_contraction
from engram.language.sentiment import sentiment_of
from engram.language.temporal import analyse_temporal, as_utc
from engram.language.text import (
    RELATION_WORDS,
    STOPWORDS,
    has_first_person,
    is_filler,
    is_help_request,
    normalise_text,
    second_to_first_person,
    split_clauses,
    split_sentences,
    spot_entities,
    statement_part,
    strip_discourse_fillers,
    words,
)
from engram.models import (
    CandidateFact,
    EntityMention,
    ExtractionResult,
    cap_evidence,
)


class RulesExtractor:
    """Deterministic phase-1 extractor (see module docstring). Stateless: one instance serves every call."""

    name = "rules"
    model = MODEL

    def extract(self, inp: ExtractionInput) -> ExtractionResult:
        """Candidate facts of `inp.turns` (context fields are only read for pronouns and old values)."""
        speakers = frozenset(
            turn.name
            for turn in [*inp.turns, *inp.recent_messages, inp.previous_message]
            if turn and turn.name
        )
        known_people = speakers | _people_in(inp.previous_message) | known_names(inp)
        last_person = _last_person(inp.previous_message, known_people, speakers)
        belongings = known_belongings(inp)
        medicines = known_medicines([f.content for f in [*inp.established_facts, *inp.recent_observations]])
        drafts: list[Draft] = []
        for index, turn in enumerate(inp.turns):
            if turn.role == "system":
                continue
            ctx = TurnContext(
                turn=turn,
                index=index,
                speaker=turn.name if turn.role == "user" or turn.name else None,
                is_assistant=turn.role in ("assistant", "tool"),
                observed_at=as_utc(turn.timestamp or inp.observed_at),
                source_id=inp.source_id,
                known_people=known_people,
                speakers=speakers,
                last_person=last_person,
                belongings=belongings,
                medicines=medicines,
            )
            if ctx.is_assistant:
                ctx.speaker = None  # an assistant's summary is about the app's user
            _extract_turn(ctx, inp)
            drafts.extend(ctx.drafts)
            last_person = ctx.last_person
        drafts = _apply_preferences(attach_fragments(complete_changes(drafts, inp)), inp)
        _stated_ties(drafts)
        others = ties_told(list(inp.turns), known_people)
        drafts.extend(_apply_preferences(_entity_memories(drafts, speakers, others), inp))
        drafts = _dedupe(drafts)
        _fill_old_values(drafts, inp)
        return ExtractionResult(
            facts=[draft.fact for draft in drafts],
            changes_detected=[draft.change for draft in drafts if draft.change],
            decisions=[draft.decision for draft in drafts if draft.decision],
            actions=[draft.action for draft in drafts if draft.action],
            model=MODEL,
        )


def _people_in(turn: TurnInput | None) -> frozenset[str]:
    if turn is None:
        return frozenset()
    return frozenset(e.name for e in spot_entities(normalise_text(turn.content)) if e.kind == "person")


def _last_person(turn: TurnInput | None, known: frozenset[str], speakers: frozenset[str]) -> str | None:
    if turn is None:
        return None
    people = [e.name for e in spot_entities(normalise_text(turn.content), known) if e.kind == "person"]
    people = [p for p in people if p not in speakers]
    return people[-1] if people else None


_ASSISTANT_SELF = re.compile(
    r"^(?:I|I'm|I've|I'll|I'd|Let me|Here's|Here is|Sure|Of course|Happy to|Great|"
    r"Glad|Absolutely|Certainly)\b"
)
_ASSISTANT_TOOL_VERB = re.compile(
    r"^I\s+(?:just\s+)?(?:found|see|saw|noticed|checked|searched|looked (?:at|through)|"
    r"can see|pulled up|located)\s+",
    re.IGNORECASE,
)


def _extract_turn(ctx: TurnContext, inp: ExtractionInput) -> None:
    text = normalise_text(ctx.turn.content)
    ctx.question = _previous_question(ctx, inp) if ctx.speaker and not ctx.is_assistant else None
    for sentence in split_sentences(text):
        if ctx.is_assistant:
            tool = _ASSISTANT_TOOL_VERB.match(sentence)
            if tool:
                rest = sentence[tool.end() :]
                sentence = "Found " + rest if rest else sentence
            elif _ASSISTANT_SELF.match(sentence):
                continue  # the assistant talking about itself
            sentence = second_to_first_person(sentence)
        before = len(ctx.drafts)
        _sentence(sentence, ctx, inp)
        if len(ctx.drafts) == before and ctx.speaker and not ctx.is_assistant:
            _said(sentence, ctx, inp)


# A conversation between named people is an episodic record: what a speaker said with substance is kept
# even when no fact can be parsed out of it ("Researching adoption agencies", "That charity race sounds
# great!"), as a low-confidence observation in the speaker's name. Questions are not kept; a fragment
# that answers the other speaker's question carries the question as its context.
SAID_MIN_CONTENT_WORDS = 3
SAID_MIN_CONTENT_WORDS_ANSWER = 2  # "The Minnesota Wolves!" answering "Which team did you sign with?"
SAID_CONFIDENCE = 0.5
_QUESTION_TAIL = re.compile(r"([^.!?]*\?)\s*$")


def _said(sentence: str, ctx: TurnContext, inp: ExtractionInput) -> None:
    speaker = ctx.speaker
    if speaker is None:
        return
    text = _strip_vocative(strip_discourse_fillers(sentence.strip()), ctx)
    if "[redacted:" in text.lower() or text.endswith("?"):
        return
    if is_filler(text, ctx.speakers) or is_help_request(text):
        return
    names = {n.lower() for n in ctx.speakers}
    content_words = [w for w in words(text) if w not in STOPWORDS and w not in names]
    question = ctx.question
    if len(content_words) < (SAID_MIN_CONTENT_WORDS_ANSWER if question else SAID_MIN_CONTENT_WORDS):
        return
    temporal = analyse_temporal(text, ctx.observed_at)
    content = _content(text, temporal, ctx)
    if not has_first_person(text):
        content += f" (answering: {question})" if question else ""
    content = _attributed(content, ctx)
    entities = spot_entities(text, ctx.known_people)
    fact = CandidateFact(
        content=content,
        memory_type="event" if temporal.event_date else "fact",
        layer="episodic",
        category="other",
        sentiment=sentiment_of(text),
        importance="medium",  # what someone said is as important as a parsed fact; only less certain
        confidence=SAID_CONFIDENCE,
        # An observation of the conversation, not a fact parsed from it: like any observation it is stored
        # whatever the user's `min_confidence` (which filters explicit facts) and, unless said again,
        # dropped after 180 days. As "explicit" at 0.5 the default preferences silently discarded it.
        source_type="inferred",
        evidence=cap_evidence(sentence),
        event_date=temporal.event_date,
        sensitivity_level=sensitivity_of(text)[1],
        subject=speaker,
        entities=[
            EntityMention(name=e.name, kind=e.kind, entity_type=e.entity_type)  # type: ignore[arg-type]
            for e in entities
            if not is_speaker(e.name, ctx.speakers)
        ],
        provenance=[_provenance(ctx)],
    )
    ctx.drafts.append(Draft(fact=fact, turn_index=ctx.index))


def _previous_question(ctx: TurnContext, inp: ExtractionInput) -> str | None:
    previous = inp.turns[ctx.index - 1] if ctx.index > 0 else inp.previous_message
    if previous is None or previous.name == ctx.speaker:
        return None
    match = _QUESTION_TAIL.search(normalise_text(previous.content))
    if not match:
        return None
    question = match.group(1).strip()
    return question if len(question) <= 120 else None


def _sentence(sentence: str, ctx: TurnContext, inp: ExtractionInput) -> None:
    if "[redacted:" in sentence.lower():
        return  # never a memory about a secret, not even "I have a card"
    text = expand_has_contraction(sentence.strip())
    if REMEMBER_THIS.match(text):
        if ctx.drafts:
            _boost(ctx.drafts[-1])
        return
    if ctx.drafts and ctx.drafts[-1].fact.memory_type == "procedure" and PROCEDURE_CONTINUATION.match(text):
        fact = ctx.drafts[-1].fact
        fact.content = _tidy(f"{fact.content}. {text}")
        return
    forget = FORGET_REQUEST.match(strip_discourse_fillers(text))
    if forget:
        _forget(forget.group("what"), sentence, ctx, inp)
        return
    remind = REMIND_ME.match(text)
    if remind:
        text = f"I need to {remind.group('what')}"
    elif text.endswith("?"):
        part = statement_part(text)
        if part is None:
            return
        text = part
    if is_filler(text, ctx.speakers) or is_help_request(text):
        return
    if PROCEDURE.match(strip_discourse_fillers(text)):
        _clause(text, sentence, ctx, procedure=True)
        return
    first_draft = len(ctx.drafts)
    clauses = [c for part in split_clauses(text) for c in _TODO_TAIL.split(part) if c.strip()]
    if _DREAMT.match(text):  # "Had a dream Jomar and I broke up": every clause of it is the dream's
        clauses = [text]
    for clause in _keep_outcomes_attached(clauses):
        for part in _split_two_slots(clause):
            # A clause that says nothing personal on its own ("they think it's pneumonia") completes the
            # sentence's previous fact instead of being lost.
            previous = ctx.drafts[-1] if len(ctx.drafts) > first_draft else None
            _clause(part, sentence, ctx, procedure=False, reminder=bool(remind), attach_to=previous)


_DREAMT = re.compile(rf"^(?:I\s+)?{DREAMT}\b", re.I)
# "Anna's wedding is on the 14th, need to buy a gift": the to-do is a memory of its own.
_TODO_TAIL = re.compile(
    r",\s+(?=(?:need to|have to|gotta|must|should|remember to|don't forget to|gonna)\b)", re.IGNORECASE
)
_SHARED_SUBJECT = re.compile(
    r"^(?P<subject>(?:(?:my|our|his|her|their)\s+(?:(?:best|older|younger|little|big|new|old|ex|"
    r"twin)\s+)?[\w\-]+(?:,?\s+(?-i:[A-Z][a-z'\-]+)(?=[\s,]))?|(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+)?)|"
    r"I|we|he|she|they))\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
# A note's move with no subject, and what came with it ("moved to Auckland, got work at Fonterra"): the
# writer's. Only a move: "used to work at Deloitte, hated every minute" is one memory.
_SUBJECTLESS = re.compile(
    r"^(?P<subject>)(?P<rest>(?:just\s+|finally\s+)?(?P<verb>moved|relocated|emigrated)\b.+)$", re.IGNORECASE
)
_VERB_START = re.compile(
    r"^(?:also\s+|now\s+|then\s+|still\s+)?(?:[a-z]+(?:s|ed)|is|has|had|was|got|went|left|love|like|hate|enjoy|"
    r"prefer|adore|"
    r"quit|met|took|made|became|runs|ran|work|live|study|teach|own|drive|rent|attend)\b"
)


def _split_shared_subject(clause: str) -> list[str]:
    """ "My brother lives in Chicago and works for Deloitte", "Moved to Auckland, got work at Fonterra" ->
    two facts with the same subject.

    Only when both halves state a different attribute: "left Stripe and joined Notion" stays one change.
    """
    match = _SUBJECTLESS.match(clause) or _SHARED_SUBJECT.match(clause)
    if not match:
        return [clause]
    rest, subject = match.group("rest"), (match.group("subject") or "").strip()
    probe = Subject("?", is_owner=True)
    for joint in re.finditer(r",?\s+(?:and|but)\s+|,\s+", rest):
        left_rest, right_rest = rest[: joint.start()], rest[joint.end() :]
        if not _VERB_START.match(right_rest):
            continue
        left, right = f"{subject} {left_rest}".strip(), f"{subject} {right_rest}".strip()
        left_slot, right_slot = _slot_of(left, probe), _slot_of(right, probe)
        if left_slot and right_slot and left_slot.attribute != right_slot.attribute:
            return [left, right]
    return [clause]


def _split_two_slots(clause: str) -> list[str]:
    """One clause that states two slots of one subject, as one clause per slot."""
    return [
        part
        for shared in _split_shared_subject(clause)
        for purposed in _split_job_purpose(shared)
        for hiring in _split_hired_me_as(purposed)
        for paid in _split_pay(hiring)
        for titled in _split_title_at_employer(paid)
        for taken in _split_as_title_at_employer(titled)
        for part in _split_employer_as_title(taken)
    ]


# Who a job clause is about, for the pay told beside it: "Wren is a teaching assistant ...", "my sister's
# a nurse ...", "Kemi started at Guy's ..."; a note's fragment is the writer's.
_EARNER = re.compile(
    r"^(?P<who>my\s+[a-z\-]+|(?-i:[A-Z][a-z'\-]+))(?:'s|\s+(?:is|was|works|started|starts|got|gets|has|"
    r"joined|just|now|does|drives|landed))\b",
    re.IGNORECASE,
)
# What joins the pay to the job, left out of the job's clause: "The new job at Safaricom pays 250k"
_PAY_SEPARATORS = re.compile(
    r"(?:\s*[,;:.\-]\s*|\s+)(?:(?:pays?|paid|paying|earning|earns?|makes?|making|on|for|of)\s*)*$",
    re.IGNORECASE,
)


# The employer as the doer: "Stripe hired me as a backend engineer", "The council took me on as a
# planning officer", "Monzo has just hired me as a product designer".
_HIRED_ME_AS = re.compile(
    r"^(?P<org>(?:the\s+)?[\w&'.\-]+(?:\s+[\w&'.\-]+){0,3}?)\s+(?:has\s+|have\s+)?(?:just\s+|finally\s+)?"
    r"(?:hired|took|taken|employed|recruited|signed)\s+me(?:\s+on)?\s+as\s+(?P<title>(?:a|an)\s+.+)$",
    re.IGNORECASE,
)


def _split_hired_me_as(clause: str) -> list[str]:
    """ "Stripe hired me as a backend engineer" -> "I was hired as a backend engineer" + "I work at
    Stripe": the organisation that took the writer on is their employer, the title their job. A name
    typed in lower case is still a name ("stripe hired me"); a kind keeps its article ("the council")."""
    found = _HIRED_ME_AS.match(LEADING_ADVERBIAL.sub("", clause, count=1))  # "Today Google hired me ..."
    if found is None or JOB_TITLE.search(f"I was hired as {found.group('title')}") is None:
        return [clause]
    org = found.group("org")
    if org.lower().split()[0] in STOPWORDS and not org.lower().startswith("the "):
        return [clause]  # "they hired me as ...", "she took me on as ...": no organisation named
    if org.islower() and " " not in org:
        org = org[:1].upper() + org[1:]
    org = re.sub(r"^the\s+", "the ", org, flags=re.IGNORECASE)  # "The council" opened the sentence
    return [f"I was hired as {found.group('title')}", f"I work at {org}"]


_THE_JOB = re.compile(r"^the(?=\s+(?:new\s+)?(?:job|role|position|gig|contract)\b)", re.IGNORECASE)


def _split_pay(clause: str) -> list[str]:
    """ "sr data analyst at Ocado now, 61k" -> "sr data analyst at Ocado now" + "My salary is 61k": pay
    told beside a job is a slot of its own (a pay rise keeps the job, a new job may keep the pay). Only
    when what is left tells a job, and only for the writer or a relative said with "my": a pay clause of
    its own about someone named reads as news, not as someone in the writer's life."""
    found = pay_told(clause)
    if found is None:
        return [clause]
    before = _PAY_SEPARATORS.sub("", clause[: found.start()])
    after = clause[found.end() :].strip(" ,;.")
    rest = f"{before}, {after}" if after else before
    if not before or not tells_a_job(rest):
        return [clause]
    who = _EARNER.match(before)
    earner = who.group("who") if who else "I"
    amount = found.group(0).strip()
    if earner.lower().startswith("my "):
        return [rest, f"{earner}'s salary is {amount}"]  # "my sister's a nurse at Guy's, 28k"
    if earner.lower() in ("i", "im", "i'm"):  # "The new job at Safaricom pays 250k": the writer's job
        return [_THE_JOB.sub("My", rest, count=1), f"My salary is {amount}"]
    return [clause]  # someone named: their pay stays in the words, unread (one clause, one slot)


# "Priya works at Flipkart as a product manager", "I work at Jollibee in Makati as a crew member"
_EMPLOYER_AS_TITLE = re.compile(
    r"^(?:(?P<who>.{1,40}?)\s+)?(?P<verb>works?|working|joined|joins|hired|employed|recruited|taken\s+on|start(?:s|ed|ing)?)\s+"
    r"(?P<where>(?:at|for|with|by)\s+(?:the\s+)?(?-i:[A-ZÀ-ÖØ-Þ]).*?|(?-i:[A-ZÀ-ÖØ-Þ])\S*(?:\s+(?-i:[A-Z])\S*)*)"
    r"\s+as\s+(?P<title>(?:a|an|the)\s+.+)$",
    re.IGNORECASE,
)


def _split_employer_as_title(clause: str) -> list[str]:
    """ "Priya works at Flipkart as a product manager" -> "Priya works at Flipkart" + "Priya works as a
    product manager": as with a title at an employer, each changes on its own (a promotion keeps the
    employer)."""
    match = _EMPLOYER_AS_TITLE.match(clause)
    if match is None:
        return [clause]
    verb = match.group("verb")
    who = f"{match.group('who')} " if match.group("who") else ""  # a note's fragment keeps its "I" unsaid
    joined = verb.lower().startswith("join")
    if joined != (re.match(r"(?:at|for|with|by)\s", match.group("where"), re.IGNORECASE) is None):
        return [clause]  # "works at X as ...", "joined X as ..."; not "works X as ..."
    title = f"{who}{verb} as {match.group('title')}"
    if JOB_TITLE.search(title) is None:
        return [clause]
    if joined:  # "Joined Stripe as a PM": the job, and the place
        started = "started" if who else "Started"
        return [f"{who}{verb} {match.group('where')}", f"{who}{started} as {match.group('title')}"]
    return [f"{who}{verb} {match.group('where')}", title]


# "moved to Lyon for a new job at Arbelle", "relocated to Leeds to start a job with the NHS"
_JOB_PURPOSE = re.compile(
    r"\s+(?:for|to\s+(?:take|start|begin))\s+(?:a|an|my|his|her|their|the)\s+(?:new\s+)?"
    r"(?:job|role|position)\s+(?P<rest>(?:at|with)\s+(?-i:[A-Z]).*)$",
    re.IGNORECASE,
)


_MOVED = re.compile(r"\b(?:mov|relocat|transferr)(?:ed|ing|es|e|s)?\s+(?:back\s+|over\s+)?to\b", re.I)


def _split_job_purpose(clause: str) -> list[str]:
    """ "I relocated to Lyon for a new job at Arbelle" -> the move, and "I started a new job at Arbelle"."""
    purpose = _JOB_PURPOSE.search(clause)
    subject = _SHARED_SUBJECT.match(clause)
    if purpose is None or subject is None or not _MOVED.search(clause[: purpose.start()]):
        return [clause]  # "I decided to take the job at Notion": a decision, not a move and a job
    return [
        clause[: purpose.start()],
        f"{subject.group('subject')} started a new job {purpose.group('rest')}",
    ]


def _split_title_at_employer(clause: str) -> list[str]:
    """ "I'm a junior developer at Cobalt Forge" -> "I'm a junior developer" + "I work at Cobalt Forge":
    the title and the employer change on their own (a promotion keeps the employer, a new job may keep
    the title), so each is a fact of its own. History ("was a nurse at ...") stays one fact, and so does
    a title no title grammar reads (its words stay with the employer)."""
    match = EMPLOYER_TITLE_AT.search(clause)
    if match is None or not re.sub(r"^the\s+", "", match.group("v") or "", flags=re.I)[:1].isupper():
        return [clause]
    verb = re.match(r"(?:I'm|I am|am|is|he's|she's|been|['’]s)(?=\s)", match.group(0), re.IGNORECASE)
    before = clause[: match.start()].strip()
    if verb is None or len(before.split()) > 3 or re.search(r"\b(?:not|never)\b", match.group(0), re.I):
        return [clause]
    role = re.match(r"(?:my|our)\s+(?:\w+\s+)?(?P<noun>\w+)$", before, re.IGNORECASE)
    if role and role.group("noun").lower() not in RELATION_WORDS:
        return [clause]  # "My sponsor is a nurse at the Royal": someone known by a role, one fact
    org_at = match.start("v")
    title = re.sub(r"\s+(?:at|for|with)\s*$", "", clause[:org_at].rstrip(), flags=re.IGNORECASE)
    read = JOB_TITLE.search(title)
    if read is None or read.group("v").lower() == "student":
        return [clause]  # "a student at Rice University": the school grammar reads it
    said = verb.group(0).lower()
    works = {"i'm": "I work", "i am": "I work", "am": "I work", "he's": "He works", "she's": "She works"}
    if said == "been" and before.lower() not in ("i've", "i have"):
        return [clause]  # "I've been a night porter at the Savoy for two years": still there
    subject = "I work" if said in ("been", "i'm", "i am") else works.get(said) or f"{before} works"
    return [title, f"{subject} at {clause[org_at:]}"]


# "Hired as a sous chef at Dishoom", "First week done as a staff nurse at Leeds General Infirmary",
# "Emeka got taken on as an electrician with the council": a job taken as a title somewhere.
_AS_TITLE_AT = re.compile(
    # the doer, perhaps with their tie set off after them: "Kemi (my sister) works as ..."
    r"^(?P<head>(?:(?P<who>I|he|she|(?!(?:was|were|got|been|just|finally|now|officially|today|then|also)\b)"
    rf"(?-i:[A-Z][a-z'\-]+))(?:{TIE_SET_OFF})?"
    r"\s+(?=(?:(?:has|have|had)\s+)?(?:just\s+|now\s+)?(?:[a-z]+ed|got|was|is|am|'m|became|began|took|works?|working|start\w*|"
    r"join\w*)\b))?.*?\bas\s+(?P<article>a|an)\s+"
    rf"(?P<title>(?:[a-z\-]+\s+){{0,2}}?(?:{TITLE_HEADS}))"
    r")\s+(?:at|with|for)\s+(?P<org>(?:the\s+)?(?-i:[A-ZÀ-ÖØ-Þ]).*|(?:the|a|an)\s+[a-z].*)$",
    re.IGNORECASE,
)


# A note with its "I" left out opens on what was done: "Hired as ...", "First week done as ...".
_FRAGMENT_OPENING = re.compile(
    r"^(?:(?:just|finally|now|officially|today)\s+)?(?:[a-z]+(?:ed|ing)|got|been|first|back|now|new|"
    r"took|began|became|was|were)\b",
    re.IGNORECASE,
)


# Work that was ("worked as a nurse at ...", "was a nurse at ..."), not work just taken ("was taken on
# by Ørsted as a wind turbine technician", "was hired as ...").
_PAST_WORK = re.compile(
    r"\b(?:worked|used\s+to|not|never|(?:was|were)(?!\s+(?:just\s+)?(?:hired|taken\s+on|employed|recruited|made)\b))\b",
    re.IGNORECASE,
)


def _split_as_title_at_employer(clause: str) -> list[str]:
    """ "Hired as a sous chef at Dishoom" -> "Hired as a sous chef" + "I work at Dishoom": as with a title
    at an employer, each changes on its own. Past work ("worked as a nurse at ...") stays one fact."""
    match = _AS_TITLE_AT.match(clause)
    if match is None or _PAST_WORK.search(match.group("head")):
        return [clause]
    who = match.group("who")
    if who is None and not _FRAGMENT_OPENING.match(clause):
        return [clause]  # "Kemi (my sister) works as a paralegal at ...": someone's, not a note's "I"
    subject = "I work" if who is None or who.lower() == "i" else f"{who} works"
    head = match.group("head")
    if JOB_TITLE.search(head) is None:  # "First week done as a staff nurse": said as a job, not read as one
        head = f"{subject} as {match.group('article').lower()} {match.group('title')}"
    return [head, f"{subject} at {match.group('org')}"]


def _keep_outcomes_attached(clauses: list[str]) -> list[str]:
    """Re-join "I finished my thesis" + "my advisor was thrilled": a reaction is the action's outcome."""
    out: list[str] = []
    for clause in clauses:
        reaction = not re.match(
            r"^(?:(?:now|then|still|also|today|these days),?\s+)?(?:I|I'm|I've|we|we're)\b",
            clause,
            re.IGNORECASE,
        )
        about_it = reaction and bool(re.search(r"\b(?:it|that|this|them)\W*$", clause, re.IGNORECASE))
        if out and sentiment_of(clause) is not None and ((ACTION.search(out[-1]) and reaction) or about_it):
            lowered = clause[0].lower() + clause[1:] if clause[:2] != clause[:2].upper() else clause
            out[-1] = f"{out[-1]} and {lowered}"
            continue
        out.append(clause)
    return out


def _boost(draft: Draft) -> None:
    """ "Remember this" after a statement: the user vouches for it (confidence 1.0) and flags it critical."""
    draft.fact.confidence = CONFIDENCE_REMEMBER
    draft.fact.importance = "critical"
