"""Query transformation before memory search (the step of recall after deciding to search).

What people type to an assistant is a poor search query: "what about her sister?" means nothing
without the conversation, and "bday mtg in SF" shares no words with "birthday meeting in San
Francisco". Fast heuristics run on every recall, offline and deterministic:

- follow-up context injection: a message that only makes sense after the previous turns ("what about
  her sister?", "and the other one?", "should I do it?", "in chicago") borrows the last named person or
  thing and the topic words of the recent conversation ("what about Emma's sister?");
- abbreviation expansion from a small table ("bday" -> birthday, "NYC" -> New York City, "YC app" ->
  Y Combinator application). The caller searches both spellings, because memories keep whatever the
  user wrote.

With a model configured, `generate_queries` adds 2-3 complementary reformulations
(multi-query expansion); each is searched and the result lists are fused with reciprocal rank fusion.
Any model failure just means no extra queries.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from engram.errors import EngramError
from engram.observability import logger
from engram.providers.base import LLM, ToolSpec
from engram.retrieval.classifier import FOLLOW_UP, Turn

# (pattern text, expansion, case-sensitive?) — acronyms that are also ordinary words ("LA", "ML", "HR")
# only expand when written in capitals.
_ABBREVIATIONS: list[tuple[str, str, bool]] = [
    ("YC app", "Y Combinator application", False),
    ("YC", "Y Combinator", False),
    ("ML model", "machine learning model", False),
    ("ML", "machine learning", True),
    ("AI", "artificial intelligence", True),
    ("NYC", "New York City", False),
    ("NY", "New York", True),
    ("SF", "San Francisco", False),
    ("LA", "Los Angeles", True),
    ("DC", "Washington DC", True),
    ("UK", "United Kingdom", True),
    ("bday", "birthday", False),
    ("b-day", "birthday", False),
    ("mtg", "meeting", False),
    ("mtgs", "meetings", False),
    ("appt", "appointment", False),
    ("appts", "appointments", False),
    ("convo", "conversation", False),
    ("bf", "boyfriend", False),
    ("gf", "girlfriend", False),
    ("bff", "best friend", False),
    ("hubby", "husband", False),
    ("sis", "sister", False),
    ("bro", "brother", False),
    ("tmrw", "tomorrow", False),
    ("wknd", "weekend", False),
    ("wk", "week", False),
    ("yr", "year", False),
    ("yrs", "years", False),
    ("proj", "project", False),
    ("hw", "homework", False),
    ("uni", "university", False),
    ("1:1", "one-on-one", False),
    ("1on1", "one-on-one", False),
    ("PTO", "paid time off", True),
    ("OOO", "out of office", True),
    ("WFH", "work from home", False),
    ("HR", "human resources", True),
    ("ETA", "estimated arrival time", True),
    ("PT", "physical therapy", True),
    ("dr appt", "doctor appointment", False),
]
ABBREVIATIONS: dict[str, str] = {short: long for short, long, _ in _ABBREVIATIONS}
_ABBREVIATION_PATTERNS = [
    (re.compile(r"(?<![\w-])" + re.escape(short) + r"(?![\w-])", 0 if cased else re.IGNORECASE), long)
    for short, long, cased in sorted(_ABBREVIATIONS, key=lambda item: -len(item[0]))
]

_STOPWORDS = frozenset(
    """
    a an the and or but if then so of to in on at by for with from into about as is am are was were be
    been being do does did doing have has had i me my mine we us our you your he him his she her it its
    they them their this that these those there here what which who whom how when where why will would
    shall should can could may might must just very also too than really not no yes ok okay please
    about any some more most other another one ones thing things stuff again still even maybe think
    know tell said say get got going go want like well sure now then today tomorrow yesterday i'm i've
    i'd i'll it's that's what's there's don't doesn't didn't can't won't isn't wasn't let's you're
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# Words that open a sentence but are not names ("Went hiking with Sarah").
_NOT_NAMES = _STOPWORDS | frozenset(
    """
    hi hello hey thanks thank went had got met saw told asked called remember did does do is are was were
    can could would should will what when where why how who which yes no ok okay sure great good nice
    love hate need lunch dinner breakfast coffee monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november december i'm i've i'd
    christmas easter thanksgiving halloween new year english french spanish german
    """.split()  # noqa: SIM905
)
# After a sentence-opening capitalised word, these say it is someone's name ("Sarah said ...").
_NAME_FOLLOWERS = frozenset(
    """
    said says told called texted emailed is was and has had asked wants wanted thinks thought invited came
    will would loves hates mentioned
    """.split()  # noqa: SIM905
)
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|[\"'(]\s*)$")
_PRONOUN = re.compile(r"\b(?P<word>he|she|him|his|her|hers|they|them|their|theirs)\b", re.IGNORECASE)
_OBJECT_CONTEXT = re.compile(r"^\W*(?:$|[?.!,]|(?:about|to|for|with|and|or|at|on|in|again|too|yet|now)\b)")
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}\b")
_MY_PERSON = re.compile(
    r"\bmy\s+(?:(?:older|younger|little|big|best|new|old)\s+)?(?:wife|husband|partner|boyfriend|girlfriend|"
    r"mom|mum|mother|dad|father|sister|brother|son|daughter|boss|manager|friend|roommate|coworker|"
    r"colleague|therapist|doctor)\b",
    re.IGNORECASE,
)
_HISTORY_TURNS = 6
_TOPIC_WORDS = 6


@dataclass
class TransformedQuery:
    """The search query after transformation, with the steps that changed it.

    `query` is the main query (what `stats.query_used` reports); `queries` are every text to search,
    main first: the original spelling when only abbreviations changed it, then model reformulations.
    """

    original: str
    query: str
    steps: list[str] = field(default_factory=list)
    entity: str | None = None  # the name borrowed from the conversation, when one was
    alternatives: list[str] = field(default_factory=list)

    @property
    def queries(self) -> list[str]:
        out: list[str] = [self.query]
        if self.steps == ["abbreviations"]:
            out.append(self.original)
        out.extend(self.alternatives)
        unique: dict[str, str] = {}
        for text in out:
            unique.setdefault(text.lower(), text)  # the first spelling of a repeated query wins
        return list(unique.values())


def expand_abbreviations(text: str) -> str:
    """Spell out the table's abbreviations ("bday mtg" -> "birthday meeting"); other words untouched."""
    for pattern, expansion in _ABBREVIATION_PATTERNS:
        text = pattern.sub(expansion, text)
    return text


def content_words(text: str) -> list[str]:
    """The words that carry meaning (stopwords and one-letter words dropped), in order, deduplicated."""
    out: list[str] = []
    for word in _WORD.findall(text):
        lower = word.lower()
        if lower in _STOPWORDS or len(lower) < 2 or lower in (w.lower() for w in out):
            continue
        out.append(word)
    return out


def names_in(text: str) -> list[str]:
    """Capitalised names in `text` in order of appearance ("Sarah", "Mount Si"), plus "my sister" phrases.

    A capitalised word opening a sentence counts only when it is not a common sentence opener, so
    "Sarah called" yields Sarah while "Went hiking" yields nothing.
    """
    found: list[tuple[int, str]] = []
    for match in _NAME_RUN.finditer(text):
        words = match.group(0).split()
        if _SENTENCE_START.search(text[: match.start()]) and len(words) == 1:
            following = re.match(r"\s*(?:'s\b|([a-z]+))", text[match.end() :])
            if not following or (following.group(1) and following.group(1) not in _NAME_FOLLOWERS):
                continue  # "Went hiking", "Sounds lovely": a sentence opener, not a name
        while words and words[0].lower() in _NOT_NAMES:
            words = words[1:]
        while words and words[-1].lower() in _NOT_NAMES:
            words = words[:-1]
        if words:
            found.append((match.start(), " ".join(words)))
    found.extend((m.start(), m.group(0).lower()) for m in _MY_PERSON.finditer(text))
    return [name for _, name in sorted(found)]


def _conversation_context(
    history: Sequence[Turn], people: Collection[str] = ()
) -> tuple[str | None, list[str]]:
    """The most recently named person/thing and the topic words of the latest substantive user turn.

    `people` (lowercase names of people the user's graph knows) break ties: in "Sarah called. She got
    the job at Google!" the entity is Sarah, not the more recent Google.
    """
    turns = [t for t in history if t.role in ("user", "assistant") and t.content.strip()][-_HISTORY_TURNS:]
    entity = None
    # The user's own words first: an assistant turn names things in passing ("Sounds like Lisbon ...").
    for turn in [*reversed([t for t in turns if t.role == "user"]), *reversed(turns)]:
        names = names_in(turn.content)
        if names:
            known = [n for n in names if n.lower() in people]
            entity = (known or names)[-1]
            break
    topic: list[str] = []
    for turn in reversed(turns):
        if turn.role != "user":
            continue
        topic = content_words(turn.content)
        if topic:
            break
    return entity, topic[:_TOPIC_WORDS]


def _possessive(name: str) -> str:
    if name.lower().startswith("my "):
        return name + "'s"
    return name + ("'" if name.endswith("s") else "'s")


def _resolve_pronouns(query: str, entity: str) -> str:
    """ "what about her sister?" -> "what about Emma's sister?"; "did she call?" -> "did Emma call?"."""

    def replace(match: re.Match[str]) -> str:
        word = match.group("word").lower()
        if word in ("his", "their", "theirs", "hers"):
            return _possessive(entity)
        if word == "her":
            after = query[match.end() :]
            return entity if _OBJECT_CONTEXT.match(after) else _possessive(entity)
        return entity

    return _PRONOUN.sub(replace, query)


def inject_follow_up(
    query: str, history: Sequence[Turn] | None, *, people: Collection[str] = ()
) -> tuple[str, str | None] | None:
    """The query rewritten with conversation context, or None when it stands on its own.

    Three kinds of follow-up (returns the rewritten query and the borrowed name, if any):

    - a pronoun and no name of its own: "what about her sister?" -> "what about Emma's sister?";
    - a continuation naming a new subject, at most two meaningful words ("what about sarah?", "in
      chicago"): keeps the previous topic but not the previous subject -> "what about sarah? (birthday
      party)";
    - too vague to search (under two meaningful words: "should I do it?", "and the other one?"): borrows
      the last name and the topic -> "should I do it? (Google job offer)".
    """
    if not history:
        return None
    entity, topic = _conversation_context(history, people)
    if entity is None and not topic:
        return None
    text = query.strip()
    rewritten, used = text, None
    if entity and _PRONOUN.search(text) and not names_in(text):
        rewritten, used = _resolve_pronouns(text, entity), entity
    words = content_words(rewritten)
    present = {w.lower() for w in words}
    extra: list[str] = []
    if used is None and FOLLOW_UP.match(text) and 1 <= len(words) <= 2:
        old_subject = {w.lower() for w in (entity or "").split()}
        extra = [w for w in topic if w.lower() not in present and w.lower() not in old_subject]
    elif len(words) < 2:
        if entity and used is None:
            used = entity
            extra.append(entity)
        taken = present | {e.lower() for e in extra}
        extra += [w for w in topic if w.lower() not in taken]
    if extra:
        rewritten = f"{rewritten} ({' '.join(extra)})"
    return (rewritten, used) if rewritten != text else None


def transform_query(
    query: str, history: Sequence[Turn] | None = None, *, people: Collection[str] = ()
) -> TransformedQuery:
    """The offline transformations: abbreviation expansion, then follow-up context injection.

    `people`: lowercase names of people the user's graph knows (see `_conversation_context`).
    """
    original = " ".join(query.split())
    result = TransformedQuery(original=original, query=original)
    expanded = expand_abbreviations(original)
    if expanded != original:
        result.query = expanded
        result.steps.append("abbreviations")
    follow_up = inject_follow_up(result.query, history, people=people)
    if follow_up is not None:
        result.query, result.entity = follow_up
        result.steps.append("follow_up")
    return result


# --- multi-query (model) --------------------------------------------------------------------------------

QUERIES_TOOL = ToolSpec(
    name="search_queries",
    description="Complementary search queries for the user's long-term memory.",
    input_schema={
        "type": "object",
        "properties": {
            "queries": {
                "type": "array",
                "items": {"type": "string", "minLength": 2, "maxLength": 200},
                "minItems": 1,
                "maxItems": 3,
            }
        },
        "required": ["queries"],
        "additionalProperties": False,
    },
)
QUERIES_SYSTEM_PROMPT = """You turn a user's message into search queries over their personal memory \
(notes, conversations, people, preferences, plans). Call search_queries once with 2-3 short queries that \
complement each other: one about the specific events or conversations, one about the people and \
relationships involved, one about the broader concept (e.g. "career decisions" for "should I take the \
Google job?"). Resolve pronouns and follow-ups from the conversation. Expand abbreviations. No \
explanations."""


def generate_queries(
    llm: LLM, query: str, history: Sequence[Turn] | None = None, *, limit: int = 3
) -> list[str]:
    """2-3 model reformulations of `query` for multi-query expansion; [] on any model failure."""
    lines = [
        f"{t.role}: {' '.join(t.content.split())[:500]}"
        for t in list(history or [])[-4:]
        if t.role in ("user", "assistant")
    ]
    prompt = ("Recent conversation:\n" + "\n".join(lines) + "\n\n" if lines else "") + (
        f"Message:\n{query[:4000]}"
    )
    try:
        result = llm.complete(
            system=QUERIES_SYSTEM_PROMPT,
            messages=[{"role": "user", "content": prompt}],
            tools=[QUERIES_TOOL],
            tool_choice=QUERIES_TOOL.name,
            max_tokens=300,
            temperature=0.0,
        )
    except EngramError as err:
        logger.warning("multi-query expansion failed", error=err.code)
        return []
    call = next((c for c in result.tool_calls if c.name == QUERIES_TOOL.name), None)
    raw = call.arguments.get("queries") if call else None
    if not isinstance(raw, list):
        return []
    out: list[str] = []
    for item in raw:
        text = " ".join(str(item).split())[:200] if isinstance(item, str | int | float) else ""
        if text and text.lower() not in (q.lower() for q in out):
            out.append(text)
    return out[:limit]
