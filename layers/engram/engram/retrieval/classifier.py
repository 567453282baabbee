"""Does this message need the user's memories at all? (the first step of recall)

Most assistant traffic is generic: "explain quantum entanglement", "debug this function", "draft a
resignation email". Searching memory for those costs a database round trip and, worse, injects
unrelated personal context into a prompt that did not ask for it. Messages about the user's own life —
people, past events, plans, preferences, "remember when ...", "what did Sarah say" — do need it.

Two deciders with one answer shape, `SearchDecision(needs_search, reasons, method)`:

- `heuristic_decision` — offline, deterministic, microseconds. Strong personal cues win; then task
  requests, technical/maths/translation/definition requests, small talk and general questions are
  "no"; any remaining first-person message is "yes"; and when nothing is known the answer is "yes",
  because a needless search costs milliseconds while a missed memory makes the assistant forget.
- `needs_search` — the entry point. With a model configured (and the heuristic not already certain)
  it asks for one short forced tool call with a boolean; any provider error or malformed answer falls
  back to the heuristic, so recall never fails because the classifier did.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engram.errors import EngramError
from engram.observability import logger
from engram.providers.base import LLM, ToolSpec


class Turn(Protocol):
    """A recent conversation turn (`engram.models.Message` satisfies it)."""

    @property
    def role(self) -> str: ...
    @property
    def content(self) -> str: ...


@dataclass(frozen=True)
class SearchDecision:
    """The answer `{needs_search, reasons}`, plus how it was decided and whether that was certain.

    `confident` marks heuristic answers that a model would not change (an explicit "remember when",
    a bare "thanks"): the model call is skipped for those.
    """

    needs_search: bool
    reasons: list[str] = field(default_factory=list)
    method: str = "heuristic"  # heuristic | llm
    confident: bool = False


# --- cue lists ------------------------------------------------------------------------------------------

RELATIONSHIP_WORDS = (
    "wife|husband|spouse|partner|boyfriend|girlfriend|fianc[eé]e?|ex|mom|mum|mother|dad|father|parents?|"
    "sister|brother|siblings?|sis|bro|son|daughter|kids?|children|child|baby|grandma|grandpa|"
    "grandmother|grandfather|grandparents?|aunt|uncle|cousin|niece|nephew|in-laws?|"
    "friends?|best friend|bff|roommate|flatmate|neighbou?r|boss|manager|coworkers?|co-workers?|"
    "colleagues?|team ?mates?|mentor|therapist|doctor|dentist|landlord|pet|dog|cat"
)
# Things that belong to the user's life (as opposed to "my code", "my essay", "my dating profile").
PERSONAL_NOUNS = (
    "plans?|goals?|schedule|calendar|agenda|week|weekend|day|morning|evening|tonight|"
    "birthday|anniversary|wedding|trip|travel|vacation|holiday|flight|appointments?|meetings?|"
    "interview|job|work|career|salary|raise|promotion|offer|company|startup|business|clients?|"
    "projects?|deadline|house|home|apartment|flat|place|car|health|diet|allergy|allergies|"
    "medications?|meds|symptoms?|weight|workouts?|training|marathon|runs?|habits?|routine|"
    "preferences?|favou?rites?|budget|finances|savings|debt|rent|mortgage|family|life|relationship|"
    "notes?|journal|diary|progress|mood|feelings|hobbies|hobby|class|course|exam|school|studies"
)

MEMORY_CUES = re.compile(
    r"\b(?:remember|recall|remind me|forgot|forget|last time|the other day|back when|"
    r"did i|have i|had i|was i|were we|did we|have we|am i|do i have|do i still|"
    r"i (?:told|mentioned|said|asked)|(?:you|we) (?:talked|spoke|discussed|said)|"
    r"(?:told|tell) you|you know (?:about )?me|about me|my usual|as usual)\b",
    re.IGNORECASE,
)
ATTRIBUTION = re.compile(
    r"\b(?:what|how|when|where|why)\s+(?:did|does|do|has|had|was|is)\s+"
    r"(?!(?:you|it|i|we|the|a|an|this|that|these|those)\b)(?P<who>[A-Za-z][\w'-]*)\s+"
    r"(?:say|said|think|thought|tell|told|mention(?:ed)?|feel|felt|want(?:ed)?|ask(?:ed)?|repl(?:y|ied)|"
    r"respond(?:ed)?|decide(?:d)?)\b",
    re.IGNORECASE,
)
RELATIONSHIP = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:" + RELATIONSHIP_WORDS + r")\b", re.IGNORECASE)
# "her sister", "his boss": someone else's people, personal unless the message is a generic task.
THIRD_PARTY_RELATIONSHIP = re.compile(
    r"\b(?:his|her|their|he|she|they|him|them)\b[^.?!]{0,20}\b(?:" + RELATIONSHIP_WORDS + r")\b", re.I
)
MY_PERSONAL = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:" + PERSONAL_NOUNS + r")\b", re.IGNORECASE)
USER_PAST = re.compile(
    r"\b(?:i|we)\b[^.?!]{0,40}\b(?:yesterday|last (?:night|week|month|year|time)|ago|earlier|"
    r"this (?:morning|week))\b|\b(?:yesterday|last (?:night|week|weekend|month))\b[^.?!]{0,40}\b(?:i|we)\b",
    re.IGNORECASE,
)
SELF_QUESTION = re.compile(
    r"^\s*(?:what|when|where|who|which|how)(?:'s| is| are| was| were| did| do| should| can| could| would)"
    r"\s+(?:my|our|i|we)\b|"
    r"^\s*(?:should|shall|can|could|would|will|do|did|am|was|have|had)\s+(?:i|we)\b",
    re.IGNORECASE,
)
FOLLOW_UP = re.compile(
    r"^\s*(?:and|but|so|also|what about|how about|what of|and what about|same for|the other|"
    r"which one|why not|why|really|in|with|for|at)\b",
    re.IGNORECASE,
)

TASK_START = re.compile(
    r"^\s*(?:(?:please|can you|could you|would you|help me(?: to)?|i need you to|i want you to|let's)\s+)*"
    r"(?:explain|write|rewrite|re-write|draft|compose|summari[sz]e|sum up|translate|debug|fix|refactor|"
    r"optimi[sz]e|implement|code|generate|create|design|brainstorm|give me|list|suggest|outline|"
    r"proofread|edit|paraphrase|convert|calculate|compute|solve|simplify|define|describe|compare|"
    r"make|build|format|review|critique|improve|shorten|expand|tell me a|come up with|name|plan a|"
    r"recommend|understand|figure out)\b",
    re.IGNORECASE,
)
TECHNICAL = re.compile(
    r"\b(?:python|javascript|typescript|java|rust|golang|c\+\+|c#|sql|regex|html|css|json|yaml|api|"
    r"function|script|code|class|method|variable|bug|stack ?trace|exception|compile|compiler|algorithm|"
    r"docker|kubernetes|git|bash|shell|linux|excel formula|spreadsheet formula|gpt-[\d.]+|llm|"
    r"equation|integral|derivative|theorem|probability|percent(?:age)?|\d+\s*[-+*/x^]\s*\d+)\b",
    re.IGNORECASE,
)
TRANSLATION = re.compile(
    r"\b(?:translate|in (?:french|spanish|german|italian|japanese|chinese|portuguese|korean|english)|"
    r"how do you say)\b",
    re.IGNORECASE,
)
DEFINITION = re.compile(
    r"^\s*(?:what(?:'s| is| are| does)\s+(?:the\s+)?(?:meaning|definition)|define\b|"
    r"what does\s+\S+(?:\s+\S+)?\s+mean\b|meaning of\b)",
    re.IGNORECASE,
)
GENERAL_QUESTION = re.compile(
    r"^\s*(?:what|what's|whats|who|who's|when|where|why|how|which|is|are|can|does|do|did|was|were|"
    r"will|tell me about|explain)\b",
    re.IGNORECASE,
)
SMALL_TALK = re.compile(
    r"^\s*(?:hi|hello|hey|yo|hiya|howdy|good (?:morning|afternoon|evening|night)|thanks?(?: you)?|"
    r"thx|ty|ok(?:ay)?|k|cool|great|nice|awesome|perfect|sure|yes|yeah|yep|no|nope|lol|haha|bye|"
    r"goodbye|see you|cheers|how are you(?: doing)?|how's it going|what's up|sup)"
    r"(?:[\s,]+(?:there|so much|a lot|again|man|mate|buddy|friend|engram))*\s*[.!?\s]*$",
    re.IGNORECASE,
)
PERSON_PRONOUN = re.compile(r"\b(?:he|she|him|his|her|hers)\b", re.IGNORECASE)
FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|us|our|ours)\b", re.I)

# Capitalised words that are not people's names.
_NOT_NAMES = frozenset(
    """
    i i'm i've i'd i'll ok okay monday tuesday wednesday thursday friday saturday sunday january february
    march april may june july august september october november december christmas easter english
    french spanish german italian chinese japanese ai ml api pdf gpt llm ceo cto usa uk eu us
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_NAME = re.compile(r"\b([A-Z][a-z]+(?:'s)?)\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|[\"'(]\s*)$")
_PLACE_BEFORE = re.compile(r"\b(?:of|in|at|from|to|near|into|around|visit(?:ing)?)\s+$", re.IGNORECASE)


def _person_like_names(text: str) -> list[str]:
    """Capitalised words inside a sentence that could be someone's first name ("... did Sarah say").

    Sentence-initial words, weekdays/months/languages and words after a place preposition ("capital of
    France") are skipped; a two-word capitalised run is usually a public figure or a product, which
    general-knowledge questions are about, so only single names count.
    """
    found: list[str] = []
    for match in _NAME.finditer(text):
        word = match.group(1).removesuffix("'s")
        if word.lower() in _NOT_NAMES:
            continue
        before, after = text[: match.start()], text[match.end() :]
        if _SENTENCE_START.search(before) or _PLACE_BEFORE.search(before):
            continue
        if re.match(r"\s+[A-Z][a-z]", after) or re.search(r"[A-Z][a-z]+\s+$", before):
            continue  # "Barack Obama", "Taylor Swift"
        found.append(word)
    return found


# --- the heuristic --------------------------------------------------------------------------------------


def heuristic_decision(
    query: str, history: Sequence[Turn] | None = None, *, known_names: Collection[str] = ()
) -> SearchDecision:
    """Offline `needs_search`: strong personal cues, then "no" for generic requests, else "yes".

    `known_names` are names of the user's own people/places/things that the query mentions (looked up
    by the caller in the user's graph): a question about someone the user knows is personal even when
    it looks generic ("what's a good gift for Emma?").
    """
    text = " ".join(query.split())
    if not text:
        return SearchDecision(False, ["empty message"], confident=True)
    if SMALL_TALK.match(text):
        return SearchDecision(False, ["small talk"], confident=True)

    strong: list[str] = []
    if MEMORY_CUES.search(text):
        strong.append("refers to something remembered or said before")
    if ATTRIBUTION.search(text):
        strong.append("asks what a person said, thought or did")
    if RELATIONSHIP.search(text):
        strong.append("mentions someone in the user's life")
    if MY_PERSONAL.search(text):
        strong.append("about the user's own plans, events or life")
    if USER_PAST.search(text):
        strong.append("about something the user did")
    if known_names:
        strong.append("names someone or something the user has mentioned before")
    if strong:
        return SearchDecision(True, strong, confident=True)

    if history and FOLLOW_UP.match(text) and len(text.split()) <= 8:
        users = [t.content for t in history if t.role == "user" and t.content.strip()]
        previous = users[-1] if users else None
        if previous is not None:
            before = heuristic_decision(previous)
            return SearchDecision(before.needs_search, ["follow-up of the previous message", *before.reasons])
        return SearchDecision(True, ["follow-up of the conversation"])

    if TASK_START.match(text):
        return SearchDecision(False, ["a generic task (writing, coding, explaining, brainstorming)"])
    if THIRD_PARTY_RELATIONSHIP.search(text):
        return SearchDecision(True, ["asks about someone's people, likely from the user's life"])
    if TRANSLATION.search(text):
        return SearchDecision(False, ["a translation"])
    if DEFINITION.match(text):
        return SearchDecision(False, ["a definition"])
    if TECHNICAL.search(text):
        return SearchDecision(False, ["a technical or maths question"])
    if SELF_QUESTION.match(text):
        return SearchDecision(True, ["a question about the user"])
    if PERSON_PRONOUN.search(text):
        return SearchDecision(True, ["about a person, likely someone from the user's life or conversation"])
    names = _person_like_names(text)
    if names:
        return SearchDecision(True, [f"mentions {names[0]}, possibly someone the user knows"])
    if GENERAL_QUESTION.match(text) and not FIRST_PERSON.search(text):
        return SearchDecision(False, ["a general-knowledge question"])
    if FIRST_PERSON.search(text):
        return SearchDecision(True, ["talks about the user"])
    return SearchDecision(True, ["unclear: searching is the safe default"])


# --- the model ------------------------------------------------------------------------------------------

CLASSIFY_TOOL = ToolSpec(
    name="decide_memory_search",
    description="Say whether answering the user's latest message needs their long-term memories.",
    input_schema={
        "type": "object",
        "properties": {
            "needs_search": {"type": "boolean"},
            "reasons": {"type": "array", "items": {"type": "string", "maxLength": 120}, "maxItems": 3},
        },
        "required": ["needs_search"],
        "additionalProperties": False,
    },
)
CLASSIFY_SYSTEM_PROMPT = """You decide whether an assistant must search the user's long-term memory \
before answering their latest message. Call decide_memory_search once.

needs_search = true for references to past events, people in the user's life, decisions, ongoing \
projects, plans, goals, preferences, health, relationships, "remember when ...", "what did Sarah say", \
or a follow-up whose meaning depends on them.
needs_search = false for generic factual questions, coding help, maths, translations, definitions, \
one-off writing tasks (emails, profiles, essays), brainstorming, and small talk.

Examples that need no search: "Explain quantum entanglement simply." / "Write a Python script to scrape \
headlines." / "Help me draft a polite resignation email." / "Summarize this PDF in bullet points." / \
"Debug this TypeScript function." / "Give me 5 startup ideas in the AI space." / "Rewrite my dating \
profile to sound more natural." / "Design a morning routine for productivity." / "What's the \
difference between gpt-4.1 and gpt-5?" / "Brainstorm fantasy names for a coastal kingdom."
When unsure, answer true."""
_HISTORY_TURNS = 4
_TURN_CHARS = 500


def llm_decision(llm: LLM, query: str, history: Sequence[Turn] | None = None) -> SearchDecision:
    """One forced tool call; raises `ValueError` when the answer has no usable boolean."""
    lines = [
        f"{t.role}: {' '.join(t.content.split())[:_TURN_CHARS]}"
        for t in list(history or [])[-_HISTORY_TURNS:]
        if t.role in ("user", "assistant")
    ]
    prompt = ("Recent conversation:\n" + "\n".join(lines) + "\n\n" if lines else "") + (
        f"Latest message:\n{query[:4000]}"
    )
    result = llm.complete(
        system=CLASSIFY_SYSTEM_PROMPT,
        messages=[{"role": "user", "content": prompt}],
        tools=[CLASSIFY_TOOL],
        tool_choice=CLASSIFY_TOOL.name,
        max_tokens=200,
        temperature=0.0,
    )
    call = next((c for c in result.tool_calls if c.name == CLASSIFY_TOOL.name), None)
    value = call.arguments.get("needs_search") if call else None
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        value = value.strip().lower() == "true"  # models sometimes quote booleans
    if not isinstance(value, bool):
        raise ValueError("the classifier answer has no boolean needs_search")
    reasons = call.arguments.get("reasons") if call else None
    clean = [str(r)[:120] for r in reasons][:3] if isinstance(reasons, list) else []
    return SearchDecision(value, clean, method="llm")


def needs_search(
    query: str,
    history: Sequence[Turn] | None = None,
    *,
    llm: LLM | None = None,
    known_names: Collection[str] = (),
) -> SearchDecision:
    """Does `query` need a memory search? The model decides when one is given (and the heuristic is
    unsure), else heuristics.

    A model failure of any kind degrades to the heuristic answer instead of failing the request.
    """
    heuristic = heuristic_decision(query, history, known_names=known_names)
    if llm is None or heuristic.confident:
        return heuristic
    try:
        return llm_decision(llm, query, history)
    except (EngramError, ValueError, TypeError, AttributeError) as err:
        logger.warning("search classifier fell back to heuristics", error=type(err).__name__)
        return heuristic
