"""The grammar of special queries: which of the nine kinds a question asks, with its parameters.

Detection is deliberately conservative: a wrong special answer hides what a standard search would have
found, while a missed one still gets a standard search. So patterns are anchored to the shape of the
question ("what do you know about X", "what happened last week"), personal types ("my goals", "how do I
feel about") need the user as the subject, and third-person questions ("What did Melanie paint
recently?", "Who is Caroline's mentor?") stay standard searches.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from engram.language.periods import Timeframe, resolve_timeframe
from engram.language.question_company import asks_company
from engram.language.question_idioms import plain_question
from engram.language.temporal import NUMBER_WORDS

SpecialType = Literal[
    "self_summary",
    "entity_summary",
    "relationship_query",
    "temporal",
    "historical",
    "negation",
    "sentiment_trend",
    "decisions",
    "goals",
]


@dataclass(frozen=True)
class SpecialQuery:
    """A recognised special query and its parameters.

    `entities` are names as the user wrote them ("Marcus", "Acme"); `relationship` a relation word the
    user used instead of or with a name ("my sister Emma" -> "sister"); `includes_user` marks relationship
    questions about the user ("how do I know Priya"); `people_only` asks for people ("who knows Marcus");
    `topic` the words a handler ranks by ("the trip" in "what did I decide about the trip");
    `positive`/`excluded` the two halves of a negation. Asked who holds a tie ("who was my old boss at
    Calder & Moss?"), `topic` holds the words that say which holder (`_which_holder`).
    """

    type: SpecialType
    entities: tuple[str, ...] = ()
    relationship: str | None = None
    includes_user: bool = False
    people_only: bool = False
    timeframe: Timeframe | None = None
    topic: str | None = None
    positive: str | None = None
    excluded: tuple[str, ...] = ()
    former: bool = False  # "my old boss", "my boss at my last job": of the tie's holders, a past one


_I = re.IGNORECASE
_RELATION_WORDS = (
    r"best friend|sister|brother|mom|mum|mother|dad|father|wife|husband|partner|spouse|boyfriend|girlfriend|"
    r"fianc[eé]e?|friend|boss|manager|coworker|co-worker|colleague|teammate|son|daughter|kid|child|baby|aunt|"
    r"uncle|cousin|grandma|grandmother|grandpa|grandfather|niece|nephew|roommate|flatmate|neighbou?r|"
    r"therapist|doctor|dentist|mentor|landlord|ex|dog|cat|pet|sibling|parents?|in-laws?"
)
_MY_RELATION = re.compile(
    r"^(?:my|our)\s+(?:(?:best|good|old|close|dear|little|big|older|younger|current|new)\s+)?(?P<rel>"
    + _RELATION_WORDS
    + r")"
    r"(?:\s*,?\s+(?P<name>.+))?$",
    _I,
)
# Words that carry no subject: dropped from topics, refused as names.
_STOP = frozenset(
    "a an the and or but of to in on at for from with about by as is are was were be been being am do does "  # noqa: SIM905
    "did done have has had i me my mine myself we us our you your he him his she her they them their it its "
    "this that these those there here what who whom whose when where why how which any anything something "
    "everything all some more most much many very really just also so then than too not no yes please can "
    "could would should will shall may might must up down out over into onto again still ever even".split()
)
_PRONOUNS = frozenset(
    ("me", "myself", "us", "you", "he", "him", "she", "her", "they", "them", "it", "this", "that", "someone")
)
_TRAILING_FILLER = re.compile(
    r"(?:\s+(?:so far|lately|recently|these days|nowadays|right now|now|at all|anymore|then|please|again|"
    r"overall|over time|in general))+$",
    _I,
)
_POLITE_PREFIX = re.compile(
    r"^(?:(?:hey|hi|hello|so|ok|okay|well|and|also|now|quick question|just curious|out of curiosity)"
    r"[,!:]?\s+)+",
    _I,
)
_ASK_PREFIX = re.compile(r"^(?:can|could|would|will) you(?: please)?\s+|^please\s+", _I)
_VAGUE_TIME = r"(?:lately|recently|these days|nowadays|of late|right now|now|at the moment|overall|over time)"


def _normalise(query: str) -> str:
    text = " ".join(query.replace("’", "'").replace("‘", "'").split())
    text = text.strip(' ?!.…,;:"')
    text = _POLITE_PREFIX.sub("", text)
    text = _ASK_PREFIX.sub("", text)
    text = re.sub(r"[,\s]+please$", "", text, flags=_I)
    return text.strip(" ?!.,")


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'-]+", text)


def _content_words(text: str) -> list[str]:
    return [w for w in _words(text) if w.lower() not in _STOP and not w.isdigit()]


# After a relation, a phrase that says which one ("my boss *at my old job*", "my landlord *in Leeds*").
_QUALIFIER = re.compile(r"^(?:at|in|from|on|for|with|during|when|while|before|after|back|who|that)\b.*$", _I)


def _clean_subject(text: str) -> tuple[str | None, str | None]:
    """ "my sister Emma" -> ("Emma", "sister"); "my sister" -> (None, "sister"); "the Notion offer" ->
    ("Notion offer", None); "Marcus's job" -> ("Marcus", None). Empty or pronoun-only -> (None, None)."""
    text = _TRAILING_FILLER.sub("", text.strip(" ?!.,\"'")).strip()
    text = re.sub(r"^(?:about|on|regarding|of)\s+", "", text, flags=_I)
    relationship = None
    match = _MY_RELATION.match(text)
    if match:
        relationship = match.group("rel").lower()
        text = (match.group("name") or "").strip()
        text = re.sub(r"^(?:named|called)\s+", "", text, flags=_I)
        text = _QUALIFIER.sub("", text)  # "my boss at my old job": which boss, not a name
    else:
        text = re.sub(r"^(?:my|our|the|a|an)\s+", "", text, flags=_I)
    possessive = re.match(r"^(.+?)(?:'s|s')\s+\w.*$", text)
    if possessive:
        text = possessive.group(1)
    text = text.strip(" ?!.,\"'")
    if not text or text.lower() in _PRONOUNS or len(_words(text)) > 6:
        return None, relationship
    return text, relationship


_FORMER = re.compile(r"\b(?:old|former|previous|last|first|original)\b|\bex-", _I)
_WHICH = re.compile(r"\b(?:at|in|from|on|for|with|during)\s+(?P<which>.+)$", _I)


def _which_holder(subject: str, relationship: str | None, name: str | None) -> dict[str, Any]:
    """Asked who holds a tie and not by name, which of its holders: one the qualifier's words are told
    with ("my boss *at Calder & Moss*", "my landlord *in Leeds*") and, asked about an old one ("my *old*
    boss", "my manager at my *last* job"), one whose tie has ended."""
    if name or not relationship:
        return {}
    which = _WHICH.search(subject)
    words = _content_words(which.group("which")) if which else []
    topic = " ".join(w for w in words if not _FORMER.fullmatch(w) and w.lower() not in {"job", "work"})
    return {"topic": topic or None, "former": bool(_FORMER.search(subject))}


def _bare_name(text: str) -> str | None:
    """A name and nothing else ("Priya", "Dr. Lee", "Acme Corp"): for "who is X", where anything longer
    ("Caroline's mentor", "the author of ...", "coming to dinner") is an ordinary question."""
    text = text.strip(" ?!.,")
    words = _words(text)
    if not 1 <= len(words) <= 3 or "'" in text:
        return None
    for word in words:
        lower = word.lower()
        if lower in _STOP or lower in _PRONOUNS:
            return None
        if word.islower() and (lower.endswith("ing") or lower.endswith("ed")):
            return None
    return text


# --- self summary ----------------------------------------------------------------------------------

_LEARN_VERBS = (
    r"(?:know|remember|recall|learn(?:ed|t)?|pick(?:ed)? up|gather(?:ed)?|figure(?:d)? out|notice(?:d)?|"
    r"understand|store[d]?|(?:have )?got|have|found out|discover(?:ed)?)"
)
_SELF_PATTERNS = [
    re.compile(
        r"^(?:what|how much|what else|what all) (?:do|did|have|can|would|else do) you (?:really |actually )?"
        + _LEARN_VERBS
        + r"(?: so far)? (?:about|on|of|regarding) (?:me|myself)(?: so far| by now| until now| yet| now)?$",
        _I,
    ),
    re.compile(
        r"^(?:tell|remind) me (?:everything |all |what you know |what you remember |a bit |something )?"
        r"about (?:myself|me)(?: so far)?$",
        _I,
    ),
    re.compile(
        r"^(?:summari[sz]e|recap|describe|sum up|profile) (?:me|myself|who i am|everything(?: you know)?"
        r"(?: about me)?|what you(?:'ve| have)? " + _LEARN_VERBS + r"(?: about me)?)(?: so far)?$",
        _I,
    ),
    re.compile(r"^(?:give me )?(?:a )?summary of (?:me|myself|what you know about me)$", _I),
    re.compile(r"^who am i(?: to you| really| according to you| in your eyes)?$", _I),
    re.compile(r"^how well do you know me$", _I),
    re.compile(r"^what(?:'s| is| does) my profile(?: look like| say)?$", _I),
]

# --- goals -----------------------------------------------------------------------------------------

_GOAL_PATTERNS = [
    re.compile(
        r"\b(?:my|our) (?:(?:current|active|main|big|biggest|top|long-term|short-term|personal|life|career|"
        r"fitness|health|financial|work|\w+)\s+)?(?:goals?|aims?|ambitions?|objectives?|resolutions?|"
        r"aspirations?)\b",
        _I,
    ),
    re.compile(
        r"\bwhat (?:am|are) (?:i|we) (?:working|striving|aiming|pushing|heading) (?:towards?|for)\b", _I
    ),
    re.compile(
        r"\bwhat (?:did|do|have|had) (?:i|we) (?:want(?:ed)?|hope[d]?|plan(?:ned)?|aim(?:ed)?|set out) to "
        r"(?:achieve|accomplish|become|reach|complete|finish)\b",
        _I,
    ),
    re.compile(r"\bwhat (?:am|are) (?:i|we) trying to (?:achieve|accomplish|reach|become)\b", _I),
    re.compile(
        r"\b(?:goals?|targets?|resolutions?) (?:that )?(?:i|we)(?:'ve| have)? (?:set|made|have|achieved|"
        r"accomplished|reached|completed|met|hit)\b",
        _I,
    ),
]

# --- decisions -------------------------------------------------------------------------------------

_DECISION_PATTERNS = [
    re.compile(
        r"^(?:what|which|any|list|show me|tell me|remind me of)\b.*\b(?:decisions?|choices?)\b.*\b(?:i|we)"
        r"(?:'ve| have| had)? (?:made|make|taken|take|took)\b",
        _I,
    ),
    re.compile(r"\b(?:decisions?|choices?) (?:that )?(?:i|we)(?:'ve| have| had)? (?:made|taken|took)\b", _I),
    # "my decisions" as the thing asked for, not inside another question ("Did Caroline back my decision?")
    re.compile(
        r"^(?:(?:what|which)(?:'s| is| are| was| were) |(?:show|list|give|tell|remind)(?: me)?"
        r"(?: of| about)? |all )?(?:all )?(?:my|our) (?:(?:recent|past|last|latest|big|biggest|major|"
        r"important|key|career|financial|final)\s+)?(?:decisions?|choices?)\b",
        _I,
    ),
    re.compile(r"^what (?:did|have|had) (?:i|we) (?:decided?|chosen|choose)\b", _I),
    re.compile(r"^did (?:i|we) (?:decide|make a decision|make any decisions|choose)\b", _I),
]
_TOPIC_TAIL = re.compile(
    r"\b(?:about|on|regarding|re|concerning|around|for|with|over)\s+(?P<topic>.+)$",
    _I,
)

# --- sentiment -------------------------------------------------------------------------------------

_SENTIMENT_PATTERNS = [
    re.compile(
        r"^how (?:do|did) (?:i|we) (?:really |actually |honestly |generally )?feel about (?P<x>.+?)"
        r"(?: " + _VAGUE_TIME + r")?$",
        _I,
    ),
    re.compile(
        r"^how (?:am i|are we|have i been|have we been|was i) feeling (?:about|towards?) (?P<x>.+?)"
        r"(?: " + _VAGUE_TIME + r")?$",
        _I,
    ),
    re.compile(
        r"^how (?:has|have) (?:my|our) "
        r"(?:mood|feelings?|sentiment|attitude|opinion|view|outlook|relationship)s?"
        r"(?: (?:about|on|towards?|regarding|with|for|at) (?P<x>.+?))? (?:changed|evolved|shifted|developed|"
        r"been)(?: " + _VAGUE_TIME + r")?$",
        _I,
    ),
    re.compile(
        r"^(?:am|are) (?:i|we) (?:getting |feeling |any )?(?:happier|unhappier|sadder|less happy|more happy|"
        r"more satisfied|less satisfied|more content|less content|more stressed|less stressed|"
        r"more frustrated|"
        r"less frustrated|more positive|more negative|better|worse) (?:with|about|at|in|towards?) (?P<x>.+?)"
        r"(?: " + _VAGUE_TIME + r"| than before| than I was)?$",
        _I,
    ),
    re.compile(
        r"^(?:is|are) (?:things|it|my relationship|my feelings?) (?:with|about|at) (?P<x>.+?) getting "
        r"(?:better|worse)$",
        _I,
    ),
    re.compile(
        r"^(?:what(?:'s| is) )?my (?:sentiment|mood|feelings?) (?:about|towards?|on|for) (?P<x>.+?)"
        r"(?: " + _VAGUE_TIME + r"| trend)?$",
        _I,
    ),
    re.compile(r"^how(?:'s| is| has) my mood(?: been)?(?: " + _VAGUE_TIME + r")?$", _I),
    # the user's own mood, with no topic: "how have I been feeling lately?", "how am I feeling these days?"
    re.compile(r"^how (?:have i been|am i|was i|have we been|are we) feeling(?: " + _VAGUE_TIME + r")?$", _I),
    re.compile(r"^(?:what(?:'s| is) )?my (?:mood|sentiment) (?:trend|over time)$", _I),
]

# --- relationships ---------------------------------------------------------------------------------

_REL_PAIR_PATTERNS = [
    re.compile(
        r"^how (?:is|are|was|were) (?P<a>.+?) (?:connected|related|linked|tied) (?:to|with) (?P<b>.+)$", _I
    ),
    re.compile(r"^how (?:are|were) (?P<a>.+?) and (?P<b>.+?) (?:connected|related|linked|acquainted)$", _I),
    re.compile(
        r"^(?:what(?:'s| is| was) )?(?:the )?(?:relationship|connection|link|relation) between "
        r"(?P<a>.+?) and "
        r"(?P<b>.+)$",
        _I,
    ),
    re.compile(r"^how (?:does|do|did) (?P<a>(?!i\b|we\b).+?) know (?P<b>.+)$", _I),
    re.compile(r"^(?:do|does) (?P<a>(?!i\b|we\b).+?) know (?P<b>.+)$", _I),
]
_REL_USER_PATTERNS = [
    re.compile(r"^how (?:do|did) (?:i|we) know (?P<a>.+)$", _I),
    re.compile(r"^how (?:am i|are we) (?:connected|related|linked) (?:to|with) (?P<a>.+)$", _I),
    re.compile(r"^(?:what(?:'s| is) )?(?:my|our) (?:relationship|connection) (?:with|to) (?P<a>.+)$", _I),
]
_REL_PEOPLE_PATTERNS = [
    re.compile(r"^who (?:else )?knows (?P<a>.+)$", _I),
    re.compile(r"^who (?:is|are|was) (?P<a>.+?) (?:connected|related|linked|close) (?:to|with)$", _I),
    re.compile(r"^who (?:is|are) (?:connected|related|linked|close) (?:to|with) (?P<a>.+)$", _I),
    re.compile(r"^who does (?P<a>.+?) know$", _I),
]

# --- entity summary --------------------------------------------------------------------------------

_ENTITY_PATTERNS = [
    re.compile(
        r"^(?:what|how much|what else) (?:do|did|does|can|would|else do) you (?:really |actually )?"
        r"(?:know|remember|recall|have(?: on| stored)?) (?:about|on|regarding|of) (?P<x>.+)$",
        _I,
    ),
    re.compile(
        r"^what (?:have|did) you (?:learn(?:ed|t)?|pick(?:ed)? up|gather(?:ed)?|heard|got|noted|stored) "
        r"(?:about|on|regarding) (?P<x>.+)$",
        _I,
    ),
    re.compile(
        r"^what (?:do|did|have) (?:i|we) (?:know|told you|tell you|say|said|mention(?:ed)?) about (?P<x>.+)$",
        _I,
    ),
    re.compile(
        r"^(?:tell|remind) me (?:everything |all |more |something |what you know |what you remember )?"
        r"(?:you know )?about (?P<x>.+)$",
        _I,
    ),
    re.compile(r"^what can you tell me about (?P<x>.+)$", _I),
    re.compile(
        r"^(?:summari[sz]e|recap|sum up) (?:what you know|what you remember|everything(?: you know)?) about "
        r"(?P<x>.+)$",
        _I,
    ),
    re.compile(r"^(?:everything|all|anything) (?:you know |you remember )?about (?P<x>.+)$", _I),
    re.compile(r"^(?:info|information|details|notes|memories|everything) (?:on|about) (?P<x>.+)$", _I),
]
_WHO_IS = re.compile(r"^who(?:'s| is| was) (?P<x>.+?)(?: to me| again)?$", _I)

# --- historical ------------------------------------------------------------------------------------

_HISTORICAL_PATTERNS = [
    re.compile(r"\b(?:used|use) to\b", _I),
    re.compile(r"\b(?:previously|formerly)\b", _I),
    re.compile(r"\b(?:my|our) (?:old|former|previous|past|ex-)\s*\w+", _I),
    re.compile(r"\bin the past\b(?!\s+(?:\d+|few|couple|several|" + "|".join(NUMBER_WORDS) + r")\b)", _I),
    re.compile(
        r"^(?:where|what|who|how|which)\b.*\b(?:did|was|were|had) (?:i|we)\b.*"
        r"\bbefore(?: (?:that|this|now))?$",
        _I,
    ),
    re.compile(r"^(?:what|how) (?:has|have) (?:my|our) [\w ]+? changed\b", _I),
    re.compile(r"\bhistory of (?:my|our)\b", _I),
]

# --- temporal --------------------------------------------------------------------------------------

_RECAP_VERBS = (
    r"(?:do|done|been up to|been doing|get up to|got up to|been working on|work on|note|noted|note down|"
    r"write|"
    r"wrote|write down|jot down|log|logged|record|recorded|journal|journaled|say|said|tell you|told you|"
    r"mention|mentioned|share|shared|talk about|talked about|tell you about|add|added|save|saved)"
)
_RECAP_PATTERNS = [
    re.compile(
        r"^(?:(?:tell|show|remind) me )?(?:what|anything|something|everything)(?: else| new| interesting| "
        r"important| notable| big)?(?: (?:has|had|'s|have|was|is|did))?(?: been)? "
        r"(?:happened|happen|happening|"
        r"going on|went on|new|up)$",
        _I,
    ),
    re.compile(
        r"^(?:what|anything|something)(?: else)? (?:did|have|had|do) (?:i|we) " + _RECAP_VERBS + r"$", _I
    ),
    re.compile(
        r"^what (?:was|were|am|have|had) (?:i|we) (?:doing|up to|working on|been up to|been doing)$", _I
    ),
    re.compile(r"^(?:anything|everything|something)(?: new| else| interesting| important| at all)?$", _I),
    re.compile(
        r"^(?:show|list|give|find|get)(?: me)?(?: all)?(?: (?:my|the))? "
        r"(?:notes|memories|entries|events|things|"
        r"everything|stuff|journal(?: entries)?)(?: (?:i|we) (?:wrote|made|noted|added|logged|saved))?$",
        _I,
    ),
    re.compile(r"^(?:my |the )?(?:notes|memories|entries|events|journal(?: entries)?)$", _I),
    re.compile(r"^(?:(?:give me )?a )?(?:recap|summary|summari[sz]e|review)(?: of)?(?: my)?$", _I),
]
# First person + a verb of our own + an explicit period: "what did I eat last week" (ranked within it).
_FIRST_PERSON_PERIOD = re.compile(
    r"^(?:what|anything|something|where|who)(?: else)? (?:did|have|had) (?:i|we) "
    r"(?P<tail>[\w' -]+)$",
    _I,
)
# A question in the simple present asks what is usually done, whenever the period it names comes round
# (a weekend, a weekday, a part of the day); "this weekend", a date or a month is one period.
_HABIT = re.compile(
    r"\b(?:do|does)\s+(?:i|we|you|he|she|they)\s+(?:usually\s+|normally\s+|tend\s+to\s+)?do\b", _I
)
_RECURRING = re.compile(
    r"\b(?:weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|afternoons?|evenings?|nights?)\b",
    _I,
)
_ONE_PERIOD = re.compile(r"\b(?:this|next|last|coming|past|previous)\b|\d", _I)
_DANGLING_PREPOSITION = re.compile(
    r"\s+(?:from|in|during|since|over|for|on|between|of|within|throughout)$", _I
)

# --- negation --------------------------------------------------------------------------------------

_NEGATION = re.compile(
    r"^(?P<pos>.+?)[,;]?\s+(?:except(?:\s+for)?|excluding|other than|apart from|aside from|besides|"
    r"not including|but not|minus|leaving out|ignoring)\s+(?P<neg>.+)$",
    _I,
)
_WITHOUT = re.compile(
    r"^(?P<pos>(?:anything|everything|something|all|show me|list|find|give me|memories|notes)\b.*?|[\w'-]+"
    r"(?: [\w'-]+)?)\s+(?:without|but|sans)\s+(?P<neg>.+)$",
    _I,
)
_NEG_LEAD = re.compile(
    r"^(?:the|a|an|my|our|any|anything|stuff|things|ones|from|about|with|involving|related to|that mention|"
    r"mentioning|at|in|for|of|to)\s+",
    _I,
)


_NEG_TAIL = re.compile(r"\s+(?:ones|stuff|things|places|related|please)$", _I)


def detect_special_query(query: str, now: datetime) -> SpecialQuery | None:
    """The special query `query` asks, or None for a standard search (see the module docstring).

    `now` resolves periods ("last week", "in March", "Q1") into an aware UTC [start, end).
    """
    text = _normalise(query)
    if not text:
        return None
    for detect in _DETECTORS:
        found = detect(text, now)
        if found is not None:
            return found
    return None


def _detect_self(text: str, now: datetime) -> SpecialQuery | None:
    if any(p.match(text) for p in _SELF_PATTERNS):
        return SpecialQuery("self_summary")
    return None


def _detect_goals(text: str, now: datetime) -> SpecialQuery | None:
    if any(p.search(text) for p in _GOAL_PATTERNS):
        return SpecialQuery("goals")
    return None


def _detect_decisions(text: str, now: datetime) -> SpecialQuery | None:
    if not any(p.search(text) for p in _DECISION_PATTERNS):
        return None
    found = resolve_timeframe(text, now)
    rest = text[: found[1][0]] + text[found[1][1] :] if found else text
    topic = None
    tail = _TOPIC_TAIL.search(rest)
    if tail:
        words = _content_words(tail.group("topic"))
        topic = " ".join(words) or None
    return SpecialQuery("decisions", timeframe=found[0] if found else None, topic=topic)


def _detect_sentiment(text: str, now: datetime) -> SpecialQuery | None:
    for pattern in _SENTIMENT_PATTERNS:
        match = pattern.match(text)
        if not match:
            continue
        subject = match.groupdict().get("x")
        if subject is None:
            return SpecialQuery("sentiment_trend")
        name, relationship = _clean_subject(subject)
        if name is None and relationship is None:
            return None
        return SpecialQuery(
            "sentiment_trend",
            entities=(name,) if name else (),
            relationship=relationship,
            topic=name or relationship,
        )
    return None


def _detect_relationship(text: str, now: datetime) -> SpecialQuery | None:
    for pattern in _REL_PAIR_PATTERNS:
        match = pattern.match(text)
        if match:
            first, _ = _clean_subject(match.group("a"))
            second, _ = _clean_subject(match.group("b"))
            if first and second and _is_entity_phrase(first) and _is_entity_phrase(second):
                return SpecialQuery("relationship_query", entities=(first, second))
            return None
    for pattern in _REL_USER_PATTERNS:
        match = pattern.match(text)
        if match:
            name, relationship = _clean_subject(match.group("a"))
            if name and _is_entity_phrase(name) or relationship:
                return SpecialQuery(
                    "relationship_query",
                    entities=(name,) if name else (),
                    relationship=relationship,
                    includes_user=True,
                )
            return None
    for pattern in _REL_PEOPLE_PATTERNS:
        match = pattern.match(text)
        if match:
            name = _bare_name(match.group("a"))
            if name:
                return SpecialQuery("relationship_query", entities=(name,), people_only=True)
            return None
    return None


def _is_entity_phrase(text: str) -> bool:
    words = [w.lower() for w in _words(text)]
    return 0 < len(words) <= 4 and not ({"what", "who", "when", "where", "why", "how", "which"} & set(words))


def _detect_entity(text: str, now: datetime) -> SpecialQuery | None:
    for pattern in _ENTITY_PATTERNS:
        match = pattern.match(text)
        if match:
            subject = match.group("x")
            if re.fullmatch(r"(?:me|myself|us)(?: so far)?", subject.strip(), _I):
                return SpecialQuery("self_summary")
            name, relationship = _clean_subject(subject)
            if (name and _is_entity_phrase(name)) or (relationship and not name):
                return SpecialQuery(
                    "entity_summary",
                    entities=(name,) if name else (),
                    relationship=relationship,
                    **_which_holder(subject, relationship, name),
                )
            return None
    match = _WHO_IS.match(text)
    if match:
        subject = match.group("x")
        relation = _MY_RELATION.match(subject)
        if relation:
            name, relationship = _clean_subject(subject)
            return SpecialQuery(
                "entity_summary",
                entities=(name,) if name else (),
                relationship=relationship,
                **_which_holder(subject, relationship, name),
            )
        name = _bare_name(subject)
        if name:
            return SpecialQuery("entity_summary", entities=(name,))
    return None


_USED_TO_AS_ADJECTIVE = re.compile(
    r"\b(?:get|gets|got|getting|gotten|be|is|am|are|was|were|been|being|become|became|'m|'re|'s)\s+"
    r"(?:\w+\s+)?used to\b",
    _I,
)


def _detect_historical(text: str, now: datetime) -> SpecialQuery | None:
    text = _USED_TO_AS_ADJECTIVE.sub(" ", text)  # "getting used to her new job" is not about the past
    if any(p.search(text) for p in _HISTORICAL_PATTERNS):
        return SpecialQuery("historical")
    return None


def _detect_temporal(text: str, now: datetime) -> SpecialQuery | None:
    found = resolve_timeframe(text, now)
    if found is None or asks_company(plain_question(text)):
        return None  # "who did I see last week?" asks for people: a search in the period (`question_company`)
    timeframe, (start, end) = found
    phrase = text[start:end]
    if _HABIT.search(text) and _RECURRING.search(phrase) and not _ONE_PERIOD.search(phrase):
        return None  # "what do I do at the weekend?" asks a habit, not about this weekend
    rest = (text[:start] + " " + text[end:]).strip()
    rest = _DANGLING_PREPOSITION.sub("", " ".join(rest.split())).strip(" ,")
    if any(p.match(rest) for p in _RECAP_PATTERNS):
        return SpecialQuery("temporal", timeframe=timeframe)
    if timeframe.vague:
        return None  # "What did Melanie paint recently?" is a question about paintings, not about a period
    match = _FIRST_PERSON_PERIOD.match(rest)
    if match:
        tail = match.group("tail")
        topic = [w for w in _content_words(tail) if w.lower() not in {"do", "done", "did"}]
        if 0 < len(_words(tail)) <= 5:
            return SpecialQuery("temporal", timeframe=timeframe, topic=" ".join(topic) or None)
    return None


def _detect_negation(text: str, now: datetime) -> SpecialQuery | None:
    match = _NEGATION.match(text) or _WITHOUT.match(text)
    if not match:
        return None
    if (
        match.re is _WITHOUT
        and re.search(r"\sbut\s", match.group(0), _I)
        and not re.match(r"^(?:anything|everything)\b", match.group("pos"), _I)
    ):
        return None  # only "anything but X" reads as a negation
    excluded = _excluded_terms(match.group("neg"))
    if not excluded:
        return None
    positive = match.group("pos").strip(" ,")
    return SpecialQuery(
        "negation", positive=positive, excluded=excluded, topic=" ".join(_content_words(positive)) or None
    )


def _excluded_terms(text: str) -> tuple[str, ...]:
    terms: list[str] = []
    for part in re.split(r",|/|\band\b|\bor\b|\bnor\b", text, flags=_I):
        term = part.strip(" ?!.,")
        previous = None
        while previous != term:
            previous = term
            term = _NEG_TAIL.sub("", _NEG_LEAD.sub("", term)).strip()
        words = _words(term)
        if not words or len(words) > 3 or all(w.lower() in _STOP for w in words):
            continue
        terms.append(" ".join(words).lower())
    return tuple(dict.fromkeys(terms)) if len(terms) <= 5 else ()


_DETECTORS: list[Callable[[str, datetime], SpecialQuery | None]] = [
    _detect_self,
    _detect_goals,
    _detect_decisions,
    _detect_sentiment,
    _detect_relationship,
    _detect_entity,
    _detect_historical,
    _detect_temporal,
    _detect_negation,
]
