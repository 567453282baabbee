"""The prompts and tool schemas Engram sends to a model, as constants and small builders.

Kept in one module so a prompt change is one reviewable diff and the tests can assert on exactly what a
model receives. System prompts are constant (providers can cache them); everything that varies per
request — the user's preferences, the context blocks, the new messages — goes in the user message.

User content is placed inside `<tag>` blocks. A closing tag typed by the user ("</new_messages>") is
defused so text cannot pretend to end a block and speak as instructions.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from engram.engines.ports import ExtractionInput, KnownFact, TurnInput
from engram.models import MEMORY_TYPES, CandidateFact, MemoryPreferences, SimilarMemory
from engram.providers.base import ToolSpec

# Budgets for the context blocks. The pipeline already ranks and caps known facts with the shared
# ranking helper (4000 chars); these are a backstop so one oversized input cannot blow the prompt up.
KNOWN_FACTS_CHAR_CAP = 4000
CONTEXT_MESSAGE_CHAR_CAP = 600
SUMMARY_CHAR_CAP = 2000
RECENT_MESSAGES_MAX = 10

RECORD_MEMORIES = "record_memories"
ADD_MEMORY = "add_memory"
UPDATE_MEMORY = "update_memory"
DELETE_MEMORY = "delete_memory"
NO_OPERATION = "no_operation"

FACT_CATEGORIES = (
    "preferences", "health", "relationships", "work", "interests",
    "personal", "recurring", "behavioral", "context", "other",
)  # fmt: skip
CHANGE_TYPES = ("job", "location", "relationship", "status", "preference", "goal", "name")
ENTITY_TYPES = ("person", "place", "organization", "project", "pet", "product", "event", "concept", "other")

# ---------------------------------------------------------------------------------------------------
# Phase 1: extraction
# ---------------------------------------------------------------------------------------------------

EXTRACTION_SYSTEM_PROMPT = """\
You are the long-term memory of a personal AI app. Its user writes or speaks to the app on their phone — \
notes, journal entries, voice memos, conversations with the app's assistant — and you decide what is \
worth remembering about them, so the app can still be personal weeks and months from now.

You answer only by calling the record_memories tool, once, with every memory in that single call. When \
nothing is worth remembering, call it with an empty facts list: that is a normal, good answer.

# What you are given
- <observation_time>: when the new messages were said. Resolve every relative time ("yesterday", "on \
Friday", "next month", "in two weeks", "this summer") against THIS moment, never against today's date, \
and write dates as ISO 8601 with a UTC offset.
- <source_type>: what the content is (a note, a conversation, a voice memo, ...).
- <user_preferences>: the user's own instructions and the memory types they enabled. Follow them — they \
override the guidance below, except the privacy rules, which nothing overrides. Record only enabled \
memory types (a forget request is always allowed). Topics listed as auto-sensitive get \
sensitivity_level "sensitive"; topics listed as never-store are not recorded at all.
- <conversation_summary>, <previous_message>, <recent_messages>: context, so you understand who "she" is \
or which "new job" is meant. They were processed before: never extract from them.
- <established_facts> (confidence 0.6 and above) and <recent_observations> (below 0.6, last 180 days): \
what is already known, with when it was learned. Do not record a known fact again unless the new \
messages change, correct or add detail to it. Use them to notice patterns (see Confidence).
- <new_messages>: the ONLY content you extract from, numbered [1], [2], ... with role, speaker and time. \
For every memory, message_refs lists the numbers of the new messages it comes from.

# Whose memory this is
Messages with role "user" and no speaker name are the user's own words. A speaker name marks someone \
else in a meeting or group conversation, unless context shows it is the user: attribute what others say \
to them ("Marcus said he is leaving Stripe"), never to the user. Write memories in the third person \
about the user, short and self-contained: "Works at Notion as a product designer", "Sister Ana moved to \
Porto in March 2026". Say who a fact is about when it is not the user ("Marcus (coworker) is leaving Stripe").
Assistant messages appear only when they summarise what a tool found (emails, calendar, files). Facts \
taken from them are source_type "inferred" and no more certain than the summary shows. Never record the \
assistant's own suggestions, opinions or guesses.

# Memory types (memory_type)
- entity: a person, place, organisation, project, pet or thing that matters to the user ("Max, the \
user's golden retriever").
- fact: objective information about the user or an entity ("Lives in Lisbon", "Marcus works at Notion").
- preference: a like, dislike or way they want things ("Prefers cold brew", "Hates meetings before 10am").
- event: something tied to a date or time ("Sister's wedding on 2026-06-15", "Dentist every 6 months").
- goal: something they want to achieve ("Wants to run a marathon by October 2026").
- procedure: how they do something, step by step ("Deploys by merging to main, then tagging a release").
- decision: a choice they made, with why if said ("Decided to take the Notion offer over Figma").
- action: something they did or finished, with its outcome if said ("Shipped the onboarding redesign").

# Filling each memory
- content: one clear statement; name: a short label of what it is about.
- layer: "semantic" for lasting facts about the user's life; "episodic" for a specific experience at a \
time; "procedural" for routines, habits and how-tos; "working" for something that only matters for the \
next hours or days.
- category: the closest of preferences, health, relationships, work, interests, personal, recurring \
(bills, subscriptions, appointments), behavioral (habits, activity patterns), context (current \
projects, situations), other.
- subject / attribute / value: what the memory states, so a later memory can replace it only when it \
is about the same thing. subject is "user" or the person/thing's name ("Marcus", "Max"). attribute \
comes from this small vocabulary: employer, job_title, location (where they live), hometown, school, \
name, birthday, age, nationality, language, relationship_status, relationship:<person> (what that \
person is to the subject: "sister", "son", "boss"; between partners the tie's state: "dating", "engaged", \
"married"; the subject may be someone else: "Theo is Bethan's son" is subject "Bethan", \
relationship:Theo = "son"), pet, diet, allergy, health_condition, habit:<activity>, \
schedule:<routine>, favorite:<thing>, preference:<thing>, goal:<topic>, owns:<thing>, \
medication:<medicine> (value the dose, "75mcg", or "stopped"), measurement:<measure> ("blood \
pressure"). value is the current value ("Notion", "Lisbon", "sister", "vegetarian"). Leave attribute \
null when none fits: then the memory never retires another one.
- Time. is_historical true for what is no longer true ("used to", "previously", "back when", "no \
longer", "worked at"). effective_from for a future start ("starting next month", "from Monday", "will \
move in June"). expires_at for a known end ("until Friday", "for the next two weeks", "through \
December", "for now" -> leave null). event_date for the date an event happens or happened. recurrence \
for repetition: {"type": "weekly", "day": "Monday", "time": "09:00"}, {"type": "daily", "time": \
"09:00"}, {"type": "monthly", "day": 15}, {"type": "yearly", "month": 6, "day": 15}; add "interval": 2 \
for every other week.
- importance: critical (health and safety, identity, closest people), high (job, home, partner and \
family, major goals and decisions), medium (most preferences, projects, friends), low (minor details), \
trivial (passing mentions; usually not worth recording at all).
- sensitivity_level: "sensitive" for health, medical, mental health, therapy, death, grief, breakups \
and the user's auto-sensitive topics; "private" for finances (salary, debts), legal trouble and other \
details the user would not want shown casually; "normal" otherwise.
- entities: the people, places, organisations and things the memory mentions, each with kind (person, \
concept or entity), entity_type, relationship to the user for people (sister, coworker, friend, \
partner, manager ...) and role (subject, object or mention).
- sentiment: how the user feels about it, -1 to 1, when clear. outcome and outcome_sentiment for \
actions and decisions whose result is known.
- is_correction: true when the user corrects something said or known before ("actually it's Michael, \
not Mike").
- forget: true when the user asks to forget, delete or stop remembering something ("forget what I said \
about Dan", "don't remember my address"). content then describes exactly what to forget, in the words \
of the memory it refers to ("Is dating Dan"), so it can be found and removed.

# Confidence (how sure you are that it is true and will stay relevant)
0.3 weak signal, a single inferred observation (one email from a company).
0.4 a single observation with some context (a preference mentioned in passing).
0.5 a clear single statement by the user, or two weak observations.
0.6 a pattern emerging: 2-3 clear data points (two meetings with the same person).
0.7 a solid pattern with several confirmations (a monthly bill seen 3+ times).
0.8 a strong pattern, consistent over time (a weekly recurring event).
0.9 very confident, confirmed repeatedly (a core preference mentioned many times).
1.0 the user explicitly asked you to remember it.
Explicit statements deserve more than inferences; when unsure, go lower (repeated mentions raise \
confidence automatically later). When the new messages and <recent_observations> together show a \
repetition, record the pattern itself ("Has lunch with Sarah most Fridays") at 0.6 or more.
source_type: "explicit" when the user said it themself; "inferred" when you concluded it, or it comes \
from an assistant's tool summary.
evidence: a pointer to what was said, at most 120 characters, paraphrased ("said on the call they \
start at Notion on Monday"). Never copy secrets or sensitive specifics (account numbers, test results) \
into evidence.

# Changes, decisions and actions
changes_detected: when the new messages change something known (job, location, relationship, status, \
preference, goal, name), give the entity, old_value (from context, if known), new_value and whether it \
is a correction.
Change rules: a change is a fact whose value is the NEW state, with the same subject and attribute as \
the fact it changes (employer, job_title, location, school, relationship:<name>, car, phone, laptop, \
diet, health_status, pet:<species>): "quit Acme and started at Globex" -> employer "Globex", never \
"left Acme". An ending with no new state has an ending value: employer or school "left <X>", \
relationship "broke up" / "divorced" / "separated", a possession "no longer owns <X>", a pet "no \
longer has <name>", a diet "no longer vegan". A death is health_status "passed away", plus one fact \
"ended: passed away" for each current home, job, school and partner tie of that person. Changes of \
third parties count the same as the user's ("Dana left Shopify" -> subject "Dana"). Not changes: \
plans, hedges and questions ("might quit", "thinking about selling"), negations ("didn't quit"), \
visits, and the same words about someone else ("my sister quit smoking" is no job change).
decisions and actions: the same decisions and actions as memories, with the \
alternatives considered and outcomes when said.

# Never record
- Secrets: passwords, PINs, security codes, full card or bank account numbers, SSNs and other \
government ID numbers, API keys, tokens, recovery phrases. Text like [redacted:password] marks a secret \
removed before you saw it: do not record it, guess it, or record that it was shared.
- Specific medical test results or exact diagnosis details (a general condition is fine, marked \
sensitive); full street addresses with unit numbers (the city or neighbourhood is fine).
- Filler and pleasantries ("hi", "thanks", "ok", "got it"); general knowledge and questions about the \
world; hypotheticals, jokes and sarcasm taken literally; anything already known and unchanged.
"""

_STRING = {"type": "string"}
_NULLABLE_STRING = {"type": ["string", "null"]}
_NULLABLE_DATE = {"type": ["string", "null"], "description": "ISO 8601 date-time with UTC offset, or null."}
_SCORE = {"type": ["number", "null"], "minimum": -1, "maximum": 1}

_RECURRENCE_SCHEMA = {
    "type": ["object", "null"],
    "description": "How the event repeats, or null.",
    "properties": {
        "type": {"type": "string", "enum": ["daily", "weekly", "monthly", "yearly"]},
        "interval": {"type": "integer", "minimum": 1},
        "day": {"type": ["string", "integer"], "description": "Weekday name (weekly) or day of month."},
        "month": {"type": "integer", "minimum": 1, "maximum": 12},
        "time": {"type": "string", "description": "HH:MM, 24-hour."},
    },
    "required": ["type"],
    "additionalProperties": False,
}

_ENTITY_SCHEMA = {
    "type": "object",
    "properties": {
        "name": _STRING,
        "kind": {"type": "string", "enum": ["person", "concept", "entity"]},
        "entity_type": {"type": "string", "enum": list(ENTITY_TYPES)},
        "relationship": {**_NULLABLE_STRING, "description": "For people: how they relate to the user."},
        "role": {"type": "string", "enum": ["subject", "object", "mention"]},
    },
    "required": ["name", "kind"],
    "additionalProperties": False,
}

_FACT_SCHEMA = {
    "type": "object",
    "properties": {
        "content": {"type": "string", "description": "The memory, one clear third-person statement."},
        "name": {**_NULLABLE_STRING, "description": "Short label of what the memory is about."},
        "memory_type": {"type": "string", "enum": list(MEMORY_TYPES)},
        "layer": {"type": "string", "enum": ["working", "episodic", "semantic", "procedural"]},
        "category": {"type": "string", "enum": list(FACT_CATEGORIES)},
        "entity_type": {"type": ["string", "null"], "enum": [*ENTITY_TYPES, None]},
        "relationship": {**_NULLABLE_STRING, "description": "For a person: their relationship to the user."},
        "subject": {**_NULLABLE_STRING, "description": '"user" or the name of who/what the memory is about.'},
        "attribute": {**_NULLABLE_STRING, "description": "From the attribute vocabulary, or null."},
        "value": {**_NULLABLE_STRING, "description": "The current value of the attribute."},
        "importance": {"type": "string", "enum": ["critical", "high", "medium", "low", "trivial"]},
        "confidence": {"type": "number", "minimum": 0.3, "maximum": 1.0},
        "source_type": {"type": "string", "enum": ["explicit", "inferred"]},
        "evidence": {**_NULLABLE_STRING, "maxLength": 120},
        "sensitivity_level": {"type": "string", "enum": ["normal", "sensitive", "private"]},
        "is_historical": {"type": "boolean"},
        "effective_from": _NULLABLE_DATE,
        "expires_at": _NULLABLE_DATE,
        "event_date": _NULLABLE_DATE,
        "recurrence": _RECURRENCE_SCHEMA,
        "sentiment": _SCORE,
        "outcome": _NULLABLE_STRING,
        "outcome_sentiment": _SCORE,
        "is_correction": {"type": "boolean"},
        "forget": {
            "type": "boolean",
            "description": "True when the user asks to forget what content describes.",
        },
        "entities": {"type": "array", "items": _ENTITY_SCHEMA},
        "message_refs": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "minItems": 1,
            "description": "Numbers of the new messages this memory comes from, e.g. [1, 3].",
        },
    },
    "required": [
        "content",
        "memory_type",
        "importance",
        "confidence",
        "source_type",
        "sensitivity_level",
        "message_refs",
    ],  # fmt: skip
    "additionalProperties": False,
}

RECORD_MEMORIES_TOOL = ToolSpec(
    name=RECORD_MEMORIES,
    description=(
        "Record everything worth remembering from the new messages, in one call. facts may be empty when "
        "nothing is worth remembering. Extract only from <new_messages>; never record secrets."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "facts": {"type": "array", "items": _FACT_SCHEMA},
            "changes_detected": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "entity": _STRING,
                        "change_type": {"type": "string", "enum": list(CHANGE_TYPES)},
                        "old_value": _NULLABLE_STRING,
                        "new_value": _NULLABLE_STRING,
                        "is_correction": {"type": "boolean"},
                    },
                    "required": ["entity", "change_type", "new_value"],
                    "additionalProperties": False,
                },
            },
            "decisions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "decision": _STRING,
                        "context": _NULLABLE_STRING,
                        "alternatives_considered": {"type": "array", "items": _STRING},
                    },
                    "required": ["decision"],
                    "additionalProperties": False,
                },
            },
            "actions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "action": _STRING,
                        "outcome": _NULLABLE_STRING,
                        "outcome_sentiment": _SCORE,
                    },
                    "required": ["action"],
                    "additionalProperties": False,
                },
            },
            "conversation_summary": {
                **_NULLABLE_STRING,
                "description": (
                    "Conversations only: the running summary updated with the new messages, 1-4 sentences, "
                    "no secrets. Null for notes."
                ),
            },
        },
        "required": ["facts"],
        "additionalProperties": False,
    },
)


def extraction_retry_message(reason: str) -> str:
    """What the model reads after an unusable answer: the reason, then the instruction to try again."""
    return (
        f"Your previous answer could not be used: {reason}. Call {RECORD_MEMORIES} exactly once with "
        '{"facts": [...]} (an empty list if nothing is worth remembering), following the tool schema.'
    )


def build_extraction_prompt(inp: ExtractionInput) -> str:
    """The user message of an extraction: preferences, context blocks, then the numbered new messages."""
    blocks = [
        _block("observation_time", _observation_time(inp.observed_at)),
        _block("source_type", inp.source_type),
        _block("user_preferences", _preferences(inp.preferences)),
    ]
    if inp.conversation_summary.strip():
        blocks.append(_block("conversation_summary", _cut(inp.conversation_summary, SUMMARY_CHAR_CAP)))
    if inp.previous_message is not None:
        blocks.append(_block("previous_message", _context_turn(inp.previous_message)))
    if inp.recent_messages:
        recent = inp.recent_messages[-RECENT_MESSAGES_MAX:]
        blocks.append(_block("recent_messages", "\n".join(_context_turn(t) for t in recent)))
    known_budget = KNOWN_FACTS_CHAR_CAP
    established, known_budget = _known_facts(inp.established_facts, known_budget)
    observations, _ = _known_facts(inp.recent_observations, known_budget)
    blocks.append(_block("established_facts", established or "(none)"))
    blocks.append(_block("recent_observations", observations or "(none)"))
    blocks.append(
        _block(
            "new_messages", "\n\n".join(_new_turn(i, t, inp.observed_at) for i, t in enumerate(inp.turns, 1))
        )
    )
    blocks.append(
        f"Record what is worth remembering from the {len(inp.turns)} new message(s) by calling "
        f"{RECORD_MEMORIES}. message_refs must be numbers between 1 and {len(inp.turns)}."
    )
    return "\n\n".join(blocks)


def _observation_time(observed_at: datetime) -> str:
    moment = _aware(observed_at)
    return f"{_iso(moment)} ({moment.strftime('%A')})"


def _preferences(preferences: MemoryPreferences) -> str:
    lines = [f"enabled memory types: {', '.join(preferences.enabled_categories) or '(none)'}"]
    if preferences.auto_mark_sensitive:
        lines.append(f"auto-sensitive topics: {', '.join(preferences.auto_mark_sensitive)}")
    if preferences.never_store:
        lines.append(f"never-store topics: {', '.join(preferences.never_store)}")
    if preferences.custom_instructions and preferences.custom_instructions.strip():
        lines.append(f"the user's instructions: {_defuse(preferences.custom_instructions.strip())}")
    return "\n".join(lines)


def _speaker(turn: TurnInput) -> str:
    if turn.role == "user":
        return f"user, speaker: {turn.name}" if turn.name else "user"
    return f"{turn.role}, speaker: {turn.name}" if turn.name else turn.role


def _new_turn(number: int, turn: TurnInput, observed_at: datetime) -> str:
    when = _iso(_aware(turn.timestamp or observed_at))
    return f"[{number}] ({_speaker(turn)}, {when})\n{_defuse(turn.content.strip())}"


def _context_turn(turn: TurnInput) -> str:
    # Unlike new messages, an undated context message was not necessarily said at the observation time.
    when = f", {_iso(_aware(turn.timestamp))}" if turn.timestamp else ""
    return f"- ({_speaker(turn)}{when}) {_defuse(_cut(turn.content.strip(), CONTEXT_MESSAGE_CHAR_CAP))}"


def _known_facts(facts: Sequence[KnownFact], budget: int) -> tuple[str, int]:
    lines: list[str] = []
    for fact in facts:
        learned = f", learned {_aware(fact.learned_at).date().isoformat()}" if fact.learned_at else ""
        line = f"- {_defuse(fact.content.strip())} ({fact.confidence:.1f}{learned})"
        if len(line) + 1 > budget:
            break
        lines.append(line)
        budget -= len(line) + 1
    return "\n".join(lines), budget


# ---------------------------------------------------------------------------------------------------
# Phase 2: update decision
# ---------------------------------------------------------------------------------------------------

DECISION_SYSTEM_PROMPT = """\
You keep the long-term memory of one person consistent. They use a personal AI app on their phone; \
from something they just wrote or said, extraction proposed one candidate memory. You compare it with \
the most similar memories already stored and choose exactly one operation by calling exactly one tool.

Stored memories are identified by their number in <similar_memories> ("1", "2", ...). Use only those \
numbers as memory ids.

# Choosing
add_memory — nothing stored says the same thing about the same subject and attribute: the candidate is \
genuinely new and worth keeping. Similar wording about another person or another attribute is still new \
("Lena works at Notion" next to "Marcus works at Notion"). Similarity is a hint, not a rule: below about \
0.5 a stored memory is usually about something else.
update_memory — a stored memory is about the same thing and the candidate changes it:
- replace: the stored memory was wrong or imprecise and the candidate corrects it (a misspelled name \
"Mike" -> "Michael", a wrong date, "actually it was May, not March"). The old wording stays in the \
version history only.
- append: the candidate adds detail without changing what is stored ("has a dog" + "the dog is a golden \
retriever named Max" -> "Has a golden retriever named Max"). new_content is the whole merged memory.
- supersede: life moved on — the stored memory was true and becomes history ("lives in NYC" -> "moved \
to SF", "works at Google" -> "started at Notion", "dating Sarah" -> "engaged to Sarah"). The stored \
memory is kept as historical; new_content is the new current memory.
delete_memory — the user explicitly asked to forget it (the candidate is a forget request): \
hard_delete true, the memory is erased. Or the candidate shows a stored memory was never true and \
nothing replaces it: hard_delete false, it is archived and can be restored.
no_operation — the memory already exists in equivalent form (give its number as existing_memory_id), \
or the candidate is trivial, general knowledge rather than about this person, or too uncertain to act on \
(confidence below 0.5 against a stored memory).

# Rules
1. Never store secrets: a candidate containing a password, PIN, card or bank account number, SSN or other \
government ID, API key, token or recovery phrase gets no_operation.
2. Be conservative with delete. When something changed, supersede; when it was wrong, replace. Delete is \
for forget requests and plain falsehoods.
3. Contradictions exist only within the same subject and attribute. When both sides name a subject and \
an attribute and they differ, the candidate does not change that memory.
4. A candidate that states the new state of the same subject and attribute supersedes the current \
memory, for the user and for anyone else alike; so does an ending ("left Canva", "broke up", "no longer \
owns a Mazda 3", "ended: passed away"), which leaves no current value behind. A candidate that only \
plans, doubts, asks about or denies a change supersedes nothing.
5. Historical facts never retire current ones: a candidate marked historical ("used to live in Berlin") \
is added next to the current memory, or is a no_operation if already recorded.
6. A candidate whose effective_from is after the observation time is a plan: add it and leave the \
current memory alone until the change has happened.
7. Critical and high importance memories need clear evidence to change: a hesitant or low-confidence \
candidate does not replace, supersede or delete them.
8. Write new_content in the third person, concise and self-contained, as the complete resulting memory \
— never a diff or a note about the change.
9. A forget request deletes the one stored memory it refers to; when none matches, call no_operation.
"""


_ADD_DESCRIPTION = (
    "Store the candidate as a new memory: no stored memory says the same thing about the same subject and "
    "attribute, and it is worth remembering about this person."
)
_UPDATE_DESCRIPTION = (
    "Change one stored memory about the same subject and attribute: replace corrects it, append adds "
    "detail, supersede keeps it as history and makes new_content the current memory."
)
_MERGE_STRATEGY_DESCRIPTION = (
    "replace: a correction of something wrong; append: more detail about the same thing; supersede: a "
    "life change that makes the stored memory historical."
)
_DELETE_DESCRIPTION = (
    "Remove one stored memory: the user asked to forget it (hard_delete true, erased for good) or it was "
    "never true and nothing replaces it (hard_delete false, archived). Prefer update_memory with supersede "
    "when something merely changed."
)
_NOOP_DESCRIPTION = (
    "Change nothing: the information is already stored in equivalent form, or it is trivial, general "
    "knowledge, a secret, or too uncertain to act on."
)


def build_decision_tools(similar_count: int, *, forget: bool = False) -> list[ToolSpec]:
    """The tools for one decision. Memory ids are an enum of "1".."k"; with no similar memories, or for a
    forget request, the tools that cannot apply are left out so the model cannot pick them."""
    ids = [str(number) for number in range(1, similar_count + 1)]
    memory_id = {"type": "string", "enum": ids, "description": "Number of the stored memory."}
    reasoning = {"type": "string", "description": "One or two sentences: why this operation."}
    tools: list[ToolSpec] = []
    if not forget:
        content = {"type": "string", "description": "The memory to store, clear and concise, third person."}
        tools.append(_tool(ADD_MEMORY, _ADD_DESCRIPTION, {"content": content, "reasoning": reasoning}))
    if ids and not forget:
        properties = {
            "memory_id": memory_id,
            "new_content": {
                "type": "string",
                "description": "The complete resulting memory (for supersede: the new current one).",
            },
            "merge_strategy": {
                "type": "string",
                "enum": ["replace", "append", "supersede"],
                "description": _MERGE_STRATEGY_DESCRIPTION,
            },
            "reasoning": reasoning,
        }
        tools.append(_tool(UPDATE_MEMORY, _UPDATE_DESCRIPTION, properties))
    if ids:
        properties = {
            "memory_id": memory_id,
            "hard_delete": {
                "type": "boolean",
                "description": "True only when the user explicitly asked to forget or delete it.",
            },
            "reasoning": reasoning,
        }
        tools.append(_tool(DELETE_MEMORY, _DELETE_DESCRIPTION, properties))
    noop: dict = {"reasoning": reasoning}
    if ids:
        noop["existing_memory_id"] = {
            "type": "string",
            "enum": ids,
            "description": "When the information is already stored: the number of that memory.",
        }
    tools.append(_tool(NO_OPERATION, _NOOP_DESCRIPTION, noop, required=["reasoning"]))
    return tools


def _tool(name: str, description: str, properties: dict, required: list[str] | None = None) -> ToolSpec:
    """A tool whose arguments are exactly `properties` (all required unless told otherwise)."""
    return ToolSpec(
        name=name,
        description=description,
        input_schema={
            "type": "object",
            "properties": properties,
            "required": required if required is not None else list(properties),
            "additionalProperties": False,
        },
    )


def decision_retry_message(reason: str, similar_count: int) -> str:
    """What the model reads after an unusable decision: the reason, then the valid ids to choose from."""
    ids = ", ".join(f'"{n}"' for n in range(1, similar_count + 1))
    allowed = (
        f" memory_id must be one of {ids}." if similar_count else " There are no stored memories to target."
    )
    return f"Your previous answer could not be used: {reason}. Call exactly one tool.{allowed}"


def build_decision_prompt(
    fact: CandidateFact, similar: Sequence[SimilarMemory], observed_at: datetime
) -> str:
    """The user message of a decision: the candidate, then the similar memories numbered 1..k (no UUIDs)."""
    blocks = [
        _block("observation_time", _observation_time(observed_at)),
        _block("candidate", _candidate(fact)),
    ]
    if similar:
        blocks.append(_block("similar_memories", "\n".join(_similar(i, m) for i, m in enumerate(similar, 1))))
        blocks.append("Choose one operation for the candidate by calling exactly one tool.")
    else:
        blocks.append(_block("similar_memories", "(none stored)"))
        blocks.append(
            "No similar memory is stored: add the candidate, or call no_operation if it is not worth keeping."
        )
    return "\n\n".join(blocks)


def _candidate(fact: CandidateFact) -> str:
    lines = [
        f"content: {_defuse(fact.content)}",
        f"memory_type: {fact.memory_type} | importance: {fact.importance} | confidence: {fact.confidence:.2f}"
        f" | sensitivity: {fact.sensitivity_level} | source: {fact.source_type}",
    ]
    scope = _scope(fact.subject, fact.attribute, fact.value)
    if scope:
        lines.append(scope)
    lines.append(f"historical: {'yes' if fact.is_historical else 'no'}")
    for label, moment in (
        ("effective_from", fact.effective_from),
        ("expires_at", fact.expires_at),
        ("event_date", fact.event_date),
    ):
        if moment is not None:
            lines.append(f"{label}: {_iso(_aware(moment))}")
    if fact.recurrence:
        lines.append(f"recurrence: {fact.recurrence}")
    if fact.is_correction:
        lines.append("correction: yes — the user is correcting something said or stored before")
    if fact.forget:
        lines.append("forget request: yes — the user asked to forget what content describes")
    return "\n".join(lines)


def _similar(number: int, memory: SimilarMemory) -> str:
    details = [
        f"similarity {memory.similarity:.2f}",
        memory.memory_type,
        f"confidence {memory.confidence:.2f}",
    ]
    if memory.importance != "medium":
        details.append(f"importance {memory.importance}")
    if memory.created_at is not None:
        details.append(f"learned {_aware(memory.created_at).date().isoformat()}")
    if memory.is_historical:
        details.append("historical")
    if memory.sensitivity_level != "normal":
        details.append(memory.sensitivity_level)
    line = f"[{number}] ({', '.join(details)})\n    {_defuse(memory.content)}"
    scope = _scope(memory.subject, memory.attribute, memory.value)
    return f"{line}\n    {scope}" if scope else line


def _scope(subject: str | None, attribute: str | None, value: str | None) -> str:
    parts = [
        f"{label}: {_defuse(text)}"
        for label, text in (("subject", subject), ("attribute", attribute), ("value", value))
        if text
    ]
    return " | ".join(parts)


# ---------------------------------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------------------------------


def _block(tag: str, body: str) -> str:
    return f"<{tag}>\n{body}\n</{tag}>"


def _defuse(text: str) -> str:
    """Stop user text from closing one of our blocks: "</new_messages>" becomes "< /new_messages>"."""
    return text.replace("</", "< /")


def _cut(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _aware(moment: datetime) -> datetime:
    """Naive datetimes are taken as UTC (the API stores UTC). Aware ones keep their offset: the user's
    own clock is what "tonight" and "tomorrow" are relative to."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")
