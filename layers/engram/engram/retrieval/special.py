"""Special queries (seed 000 §6.2): questions about the user's memory as a whole, not a lookup.

`detect_special_query` recognises nine kinds — self summary, entity summary, relationship, temporal,
historical, negation, sentiment trend, decisions, goals — and `run_special_query` answers them with the
seed's response shapes. Every response also carries `results`: the ranked memories as `ScoredMemory.view()`
dicts, so a client can always read memories whatever the type.

Detection is deliberately conservative: a wrong special answer hides what a standard search would have
found, while a missed one still gets a standard search. So patterns are anchored to the shape of the
question ("what do you know about X", "what happened last week"), personal types ("my goals", "how do I
feel about") need the user as the subject, and third-person questions ("What did Melanie paint
recently?", "Who is Caroline's mentor?") stay standard searches.

Everything a handler shows passes the same filters as standard search (status, historical flag, expiry,
effective date, sensitivity ceiling), and the memories returned in `results` have their access tracked.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import numpy as np

from engram.config import get_settings
from engram.db.connection import Conn, get_database
from engram.db.repositories import special as repo
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.search import SearchFilters, record_access
from engram.graph.edges import CO_MENTION_TYPES
from engram.language.names import canonical_name
from engram.language.sentiment import TREND_WINDOW_DAYS, classify_change
from engram.language.temporal import NUMBER_WORDS, find_dates
from engram.models import SEARCH_SIGNALS, Memory, ScoredMemory, SearchRequest
from engram.providers.factory import get_embedder
from engram.retrieval.search import SearchParams, access_score, filters_from_request, recency_score, search_in
from engram.retrieval.summaries import (
    SummaryInput,
    entity_summary_input,
    self_summary_input,
    write_summary,
)

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

RECENT_DAYS = 14  # "recently", "lately": two weeks (seed 000 says 3 days, too short for a weekly journal)
SELF_SUMMARY_CAP = 60  # memories a self summary is written from, best first: a summary, not a dump
LIST_CAP = 50  # memories listed in a type-specific section (`memories`, `history`, `decisions` ...)


# ---------------------------------------------------------------------------------------------------
# What a special query is
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timeframe:
    """A period [start, end) a question is about; `vague` when we chose its length ("recently")."""

    start: datetime
    end: datetime
    label: str
    vague: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"start": _iso(self.start), "end": _iso(self.end), "label": self.label}


@dataclass(frozen=True)
class SpecialQuery:
    """A recognised special query and its parameters.

    `entities` are names as the user wrote them ("Marcus", "Acme"); `relationship` a relation word the
    user used instead of or with a name ("my sister Emma" -> "sister"); `includes_user` marks relationship
    questions about the user ("how do I know Priya"); `people_only` asks for people ("who knows Marcus");
    `topic` the words a handler ranks by ("the trip" in "what did I decide about the trip");
    `positive`/`excluded` the two halves of a negation.
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


# ---------------------------------------------------------------------------------------------------
# Detection
# ---------------------------------------------------------------------------------------------------

_I = re.IGNORECASE
_RELATION_WORDS = (
    r"best friend|sister|brother|mom|mum|mother|dad|father|wife|husband|partner|spouse|boyfriend|girlfriend|"
    r"fianc[eé]e?|friend|boss|manager|coworker|co-worker|colleague|teammate|son|daughter|kid|child|baby|aunt|"
    r"uncle|cousin|grandma|grandmother|grandpa|grandfather|niece|nephew|roommate|flatmate|neighbou?r|"
    r"therapist|doctor|dentist|mentor|landlord|ex|dog|cat|pet|sibling|parents?|in-laws?"
)
_MY_RELATION = re.compile(
    r"^(?:my|our)\s+(?:(?:best|good|old|close|dear|little|big|older|younger)\s+)?(?P<rel>"
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
    else:
        text = re.sub(r"^(?:my|our|the|a|an)\s+", "", text, flags=_I)
    possessive = re.match(r"^(.+?)(?:'s|s')\s+\w.*$", text)
    if possessive:
        text = possessive.group(1)
    text = text.strip(" ?!.,\"'")
    if not text or text.lower() in _PRONOUNS or len(_words(text)) > 6:
        return None, relationship
    return text, relationship


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
_DANGLING_PREPOSITION = re.compile(
    r"\s+(?:from|in|during|since|over|for|on|between|of|within|throughout)$", _I
)

_ROLLING = re.compile(
    r"\b(?:(?:in|over|during|within|for)\s+)?(?:the\s+)?(?:past|last|previous)\s+(?P<n>\d{1,3}|"
    + "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
    + r")\s+(?P<unit>days?|weeks?|months?|years?)\b",
    _I,
)
_ROLLING_ONE = re.compile(
    r"\b(?:(?:in|over|during|within|for)\s+)?the\s+past\s+(?P<unit>day|week|month|year)\b", _I
)
_RECENT = re.compile(
    r"\b(?:(?:in\s+)?recent(?:ly| days| weeks)|lately|of late|these days|nowadays|the last few days|"
    r"the past few days)\b",
    _I,
)
_QUARTER = re.compile(
    r"\b(?:(?:in|during|over)\s+)?(?:the\s+)?(?:q(?P<q>[1-4])|(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th)"
    r"\s+quarter)(?:\s+(?:of\s+)?(?:(?P<year>(?:19|20)\d{2})|(?P<rel>this|last)\s+year))?\b",
    _I,
)
_MONTH_WORDS = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|december)\b", _I
)
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_QUARTER_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}

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
                    "entity_summary", entities=(name,) if name else (), relationship=relationship
                )
            return None
    match = _WHO_IS.match(text)
    if match:
        subject = match.group("x")
        relation = _MY_RELATION.match(subject)
        if relation:
            name, relationship = _clean_subject(subject)
            return SpecialQuery("entity_summary", entities=(name,) if name else (), relationship=relationship)
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
    if found is None:
        return None
    timeframe, (start, end) = found
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


# ---------------------------------------------------------------------------------------------------
# Periods
# ---------------------------------------------------------------------------------------------------


def resolve_timeframe(text: str, now: datetime) -> tuple[Timeframe, tuple[int, int]] | None:
    """The first period `text` names, resolved against `now`, with the span of the words that named it.

    Rolling windows end now ("the past 3 days", "the past week", "recently" = RECENT_DAYS); calendar
    phrases keep their calendar period as the write path resolves them ("last week" is Monday-Sunday of
    the previous week, "in March" the most recent March, "yesterday" that day); "since March" runs to now;
    "Q1"/"first quarter" is the most recent such quarter that has started (or of the year named).
    """
    now = now.astimezone(UTC)
    match = _ROLLING.search(text)
    if match:
        amount = (
            int(match.group("n")) if match.group("n").isdigit() else NUMBER_WORDS[match.group("n").lower()]
        )
        unit = match.group("unit").lower().rstrip("s")
        start = now - timedelta(days=amount * _UNIT_DAYS[unit])
        return Timeframe(start, now, f"past {amount} {unit}{'s' if amount != 1 else ''}"), match.span()
    match = _ROLLING_ONE.search(text)
    if match:
        unit = match.group("unit").lower()
        return Timeframe(now - timedelta(days=_UNIT_DAYS[unit]), now, f"past {unit}"), match.span()
    match = _QUARTER.search(text)
    if match:
        return _quarter(match, now), match.span()
    match = _RECENT.search(text)
    if match:
        start = now - timedelta(days=RECENT_DAYS)
        return Timeframe(start, now, f"recently (last {RECENT_DAYS} days)", vague=True), match.span()
    # The date grammar is case-sensitive about month names (so that "may" stays a verb): capitalise them.
    prepared = _MONTH_WORDS.sub(lambda m: m.group(1).capitalize(), text)
    mentions = find_dates(prepared, now, "past")
    if not mentions:
        return None
    first = mentions[0]
    end = first.last + timedelta(seconds=1)
    span = (first.start, first.end)
    label = first.label or first.text
    since = re.search(r"\bsince\s+$", prepared[max(0, first.start - 10) : first.start], _I)
    if since:
        return Timeframe(first.value, now, f"since {label}"), (first.start - len(since.group(0)), first.end)
    range_end = next(
        (
            m
            for m in mentions[1:]
            if re.match(r"\s*(?:to|until|till|through|and|-)\s*$", prepared[first.end : m.start], _I)
        ),
        None,
    )
    if range_end is not None:
        end = range_end.last + timedelta(seconds=1)
        label = f"{label} to {range_end.label or range_end.text}"
        span = (first.start, range_end.end)
    return Timeframe(first.value, end, label), span


def _quarter(match: re.Match[str], now: datetime) -> Timeframe:
    number = int(match.group("q")) if match.group("q") else _QUARTER_ORDINALS[match.group("ord").lower()]
    if match.group("year"):
        year = int(match.group("year"))
    elif match.group("rel"):
        year = now.year - (1 if match.group("rel").lower() == "last" else 0)
    else:
        year = now.year if (number - 1) * 3 + 1 <= now.month else now.year - 1
    start = datetime(year, (number - 1) * 3 + 1, 1, tzinfo=UTC)
    end = (
        datetime(year + 1, 1, 1, tzinfo=UTC) if number == 4 else datetime(year, number * 3 + 1, 1, tzinfo=UTC)
    )
    return Timeframe(start, end, f"Q{number} {year}")


# ---------------------------------------------------------------------------------------------------
# Sentiment trend
# ---------------------------------------------------------------------------------------------------


def sentiment_trend(points: Sequence[tuple[datetime, float]], now: datetime) -> dict[str, Any]:
    """Seed 000 §4.2's trend, made robust for sparse journals.

    The recent average is compared with the previous one: the last TREND_WINDOW_DAYS days against the
    TREND_WINDOW_DAYS before them when both windows have readings (the seed's rule), otherwise the later
    half of all readings against the earlier half. The seed calls a >10 % relative change a trend; on a
    -1..1 scale a relative change is meaningless near 0 (and flips sign with it), so we use an absolute
    change of TREND_THRESHOLD (0.1, a tenth of the half-scale): > +0.1 improving, < -0.1 declining, else
    stable. Fewer than two readings: unknown.
    """
    values = [value for _, value in points]
    average = round(sum(values) / len(values), 3) if values else None
    out: dict[str, Any] = {
        "trend": "unknown",
        "average": average,
        "recent_average": None,
        "previous_average": None,
        "change": None,
        "basis": None,
    }
    if len(points) < 2:
        return out
    window = timedelta(days=TREND_WINDOW_DAYS)
    recent = [v for at, v in points if at > now - window]
    previous = [v for at, v in points if now - 2 * window < at <= now - window]
    basis = f"last {TREND_WINDOW_DAYS} days vs the {TREND_WINDOW_DAYS} before"
    if not recent or not previous:
        ordered = [v for _, v in sorted(points, key=lambda p: p[0])]
        half = len(ordered) // 2
        previous, recent = ordered[:half], ordered[half:]
        basis = "later half of the readings vs the earlier half"
    recent_average, previous_average = sum(recent) / len(recent), sum(previous) / len(previous)
    change = recent_average - previous_average
    trend = classify_change(change)
    out.update(
        trend=trend,
        recent_average=round(recent_average, 3),
        previous_average=round(previous_average, 3),
        change=round(change, 3),
        basis=basis,
    )
    return out


# ---------------------------------------------------------------------------------------------------
# Answering
# ---------------------------------------------------------------------------------------------------


@dataclass
class _Context:
    """One special query being answered inside one user transaction."""

    conn: Conn
    user_id: str
    request: SearchRequest
    special: SpecialQuery
    filters: SearchFilters
    signals: set[str]
    embed: Callable[[str], np.ndarray | None]

    @property
    def now(self) -> datetime:
        return self.filters.now

    @property
    def limit(self) -> int:
        return self.request.limit

    def search(
        self,
        query: str,
        filters: SearchFilters | None = None,
        *,
        limit: int | None = None,
        explain: bool | None = None,
        track_access: bool = True,
    ) -> list[ScoredMemory]:
        params = SearchParams(
            query=query,
            limit=limit or self.limit,
            threshold=self.request.threshold,
            filters=filters or self.filters,
            signals=self.signals,
            explain=self.request.explain if explain is None else explain,
            track_access=track_access,
        )
        return search_in(self.conn, self.user_id, params, self.embed(query))

    def scored(self, rows: Sequence[dict[str, Any]]) -> list[ScoredMemory]:
        """Listed memories as search hits: each fully matches the question (relevance 1), so the final
        score is seed 000's formula with the listing's own order kept."""
        settings = get_settings()
        out = []
        for row in rows:
            score = (
                settings.search_weight_relevance
                + settings.search_weight_importance * row["importance_score"]
                + settings.search_weight_recency * recency_score(row, self.now)
                + settings.search_weight_access * access_score(row)
            )
            out.append(
                ScoredMemory(
                    memory=Memory.model_validate(row), similarity=0.0, relevance=1.0, final_score=score
                )
            )
        return out

    def lexical(self, ranked: Sequence[ScoredMemory], *, keep_all: bool = False) -> list[ScoredMemory]:
        """The hits some signal other than the vector found (shared words, names, entities), or all of
        them with `keep_all`; explanations are dropped unless the request asked for them. Needs
        `search(..., explain=True)`."""
        kept = [r for r in ranked if keep_all or set((r.explain or {}).get("signals", {})) - {"vector"}]
        return kept if self.request.explain else [r.model_copy(update={"explain": None}) for r in kept]

    def track(self, results: Sequence[ScoredMemory]) -> None:
        record_access(self.conn, self.user_id, [r.memory.id for r in results], self.now)


_Handler = Callable[[_Context], tuple[dict[str, Any], SummaryInput | None]]


def run_special_query(
    user_id: str, request: SearchRequest, special: SpecialQuery, *, now: datetime | None = None
) -> dict[str, Any]:
    """Answer a detected special query with its seed 000 §6.2 shape plus `results`.

    Reads happen in one user transaction; a summary written by a model is requested after it commits, so
    no transaction waits on a model.
    """
    began = time.perf_counter()
    now = now or datetime.now(UTC)
    signals: set[str] = set(request.signals or SEARCH_SIGNALS)
    embedder = get_embedder() if "vector" in signals else None
    cache: dict[str, np.ndarray | None] = {}

    def embed(text: str) -> np.ndarray | None:
        if embedder is None:
            return None
        if text not in cache:
            cache[text] = embedder.embed_one(text)
        return cache[text]

    for text in _texts_to_embed(special, request.query):
        embed(text)  # before the transaction: a remote embedder should not hold it open
    with get_database().user_transaction(user_id) as conn:
        ceiling = get_preferences(conn, user_id).default_sensitivity_level
        context = _Context(
            conn, user_id, request, special, filters_from_request(request, ceiling, now), signals, embed
        )
        body, material = _HANDLERS[special.type](context)
    if material is not None:
        written = write_summary(material)
        body["summary"], body["summary_source"] = written.text, written.source
    return {
        "type": special.type,
        "query": request.query,
        **body,
        "took_ms": round((time.perf_counter() - began) * 1000, 2),
    }


def _texts_to_embed(special: SpecialQuery, query: str) -> list[str]:
    if special.type == "historical":
        return [query]
    if special.type in ("temporal", "decisions", "negation") and special.topic:
        return [special.positive or special.topic] if special.type == "negation" else [special.topic]
    return []


def _view(result: ScoredMemory, **extra: Any) -> dict[str, Any]:
    return result.view() | extra


def _views(results: Sequence[ScoredMemory]) -> list[dict[str, Any]]:
    return [r.view() for r in results]


def _happened(memory: Memory) -> datetime:
    return memory.event_date or memory.document_date or memory.created_at


def _iso(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z") if value else None


def _first_person(text: str) -> bool:
    return bool(re.match(r"^(?:I|I'm|I've|I'd|I'll|My|Me)\b", text.strip()))


# --- self summary ----------------------------------------------------------------------------------

_ABOUT_FIRST = ("home", "work", "identity", "education", "family")


def _self_summary(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    rows = repo.list_visible(ctx.conn, ctx.user_id, ctx.filters, order="importance", limit=SELF_SUMMARY_CAP)
    total = repo.count_visible(ctx.conn, ctx.user_id, ctx.filters)
    people = repo.people_in_memories(ctx.conn, ctx.user_id, ctx.filters)
    categories: dict[str, list[str]] = {}
    for row in rows:
        bucket = categories.setdefault(row["memory_type"], [])
        if len(bucket) < 10:
            bucket.append(row["content"])

    def of_type(*types: str) -> list[dict[str, Any]]:
        # The user's own statements; "My sister Emma lives in Denver" is about Emma (people come last).
        return [
            r
            for r in rows
            if r["memory_type"] in types and _first_person(r["content"]) and r["entity_type"] != "person"
        ]

    about = sorted(
        of_type("fact"),
        key=lambda r: (
            r["category"] not in _ABOUT_FIRST,
            _ABOUT_FIRST.index(r["category"]) if r["category"] in _ABOUT_FIRST else 0,
            -r["importance_score"],
        ),
    )
    happenings = sorted(of_type("event", "action"), key=lambda r: r["happened_at"], reverse=True)
    material = self_summary_input(
        about=[r["content"] for r in about[:6]],
        preferences=[r["content"] for r in of_type("preference")[:5]],
        goals=[r["content"] for r in of_type("goal") if not r["is_historical"]][:5],
        decisions=[r["content"] for r in of_type("decision")[:3]],
        happenings=[r["content"] for r in happenings[:3]],
        people=[{"name": p["name"], "relationship": p["relationship"]} for p in people],
    )
    results = ctx.scored(rows[: ctx.limit])
    ctx.track(results)
    body = {
        "found": bool(rows),
        "summary": material.template,
        "categories": categories,
        "memory_count": total,
        "people": [
            {"name": p["name"], "relationship": p["relationship"], "mention_count": p["mention_count"]}
            for p in people
        ],
        "results": _views(results),
    }
    return body, material


# --- entity summary --------------------------------------------------------------------------------


def _entity_view(entity: dict[str, Any] | None) -> dict[str, Any] | None:
    if entity is None:
        return None
    return {
        "id": str(entity["id"]),
        "name": entity["name"],
        "kind": entity["kind"],
        "entity_type": entity["entity_type"] or None,
        "relationship": entity["relationship"],
        "mention_count": entity["mention_count"],
        "sentiment_average": entity["sentiment_average"],
        "first_mentioned_at": _iso(entity["first_mentioned_at"]),
        "last_mentioned_at": _iso(entity["last_mentioned_at"]),
    }


def _resolve(ctx: _Context, name: str | None, relationship: str | None = None) -> dict[str, Any] | None:
    """The entity named, if the caller may see at least one memory about it (current or past)."""
    canonical = canonical_name(name) if name else None
    entity = repo.resolve_entity(ctx.conn, ctx.user_id, canonical or None, relationship=relationship)
    if entity is None:
        return None
    visible = repo.entities_with_visible_memories(
        ctx.conn, ctx.user_id, replace(ctx.filters, include_historical=True), [entity["id"]]
    )
    return entity if entity["id"] in visible else None


def _is_current(memory: Memory) -> bool:
    return memory.status == "active" and not memory.is_historical


def _entity_summary(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    name = special.entities[0] if special.entities else None
    entity = _resolve(ctx, name, special.relationship)
    display = entity["name"] if entity else (name or special.relationship or "")
    subject_name = entity["canonical_name"] if entity else canonical_name(display)
    rows = repo.memories_about(
        ctx.conn,
        ctx.user_id,
        replace(ctx.filters, include_historical=True),
        [(entity["id"] if entity else None, subject_name)],
        limit=LIST_CAP,
    )
    found = ctx.scored(rows)
    current = [r for r in found if _is_current(r.memory)]
    history = sorted(
        (r for r in found if not _is_current(r.memory)), key=lambda r: _happened(r.memory), reverse=True
    )
    if not found and display:
        # Nothing links or names it: standard matches, but only those that share words with the name (a
        # vector-only neighbour of an unknown name is noise, not a memory about it).
        current = ctx.lexical(ctx.search(display, explain=True, track_access=False))
    ctx.track(current[: ctx.limit])
    relationships = []
    trend = None
    history_filters = replace(ctx.filters, include_historical=True)
    if entity:
        relationships = [
            {
                "type": e["relationship_type"],
                "with": e["to_name"] if e["from_name"] == entity["name"] else e["from_name"],
                "strength": e["strength"],
            }
            for e in repo.graph_connections(
                ctx.conn, ctx.user_id, history_filters, [entity["id"]], between_only=False
            )
        ]
        points = repo.entity_sentiment_points(
            ctx.conn, ctx.user_id, entity["id"], ctx.filters.sensitivity_max
        )
        if points:
            trend = sentiment_trend([(p["at"], p["sentiment"]) for p in points], ctx.now)
    # "Marcus is someone I know" only says the entity exists: worth a line only when nothing else is known.
    telling = [r for r in current if r.memory.memory_type != "entity"] or current
    material = entity_summary_input(
        name=display,
        relationship=(entity["relationship"] if entity else None) or special.relationship,
        current=[r.memory.content for r in telling[:6]],
        history=[r.memory.content for r in history[:3]],
        sentiment_average=entity["sentiment_average"] if entity else None,
    )
    body = {
        "found": bool(entity or current or history),
        "entity": _entity_view(entity),
        "name": display,
        "summary": material.template,
        "memories": _views(current),
        "history": [_view(r, superseded_at=_iso(r.memory.valid_to or r.memory.updated_at)) for r in history],
        "relationships": relationships,
        "sentiment_trend": trend,
        "results": _views(current[: ctx.limit]),
    }
    return body, material


# --- relationships ---------------------------------------------------------------------------------


def _relationship_query(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    names: list[str] = list(special.entities)
    resolved: list[tuple[str, dict[str, Any] | None]] = []
    if not names and special.relationship:
        entity = _resolve(ctx, None, special.relationship)
        resolved.append((entity["name"] if entity else special.relationship, entity))
    for name in names:
        resolved.append((name, _resolve(ctx, name)))
    ids = [e["id"] for _, e in resolved if e]
    between = len(resolved) >= 2
    connections: list[dict[str, Any]] = []
    if special.includes_user and len(resolved) == 1 and resolved[0][1] and resolved[0][1]["relationship"]:
        entity = resolved[0][1]
        connections.append(
            {
                "from": "you",
                "to": entity["name"],
                "relationship_type": entity["relationship"],
                "strength": None,
                "source": "entity",
            }
        )
    for edge in repo.graph_connections(ctx.conn, ctx.user_id, ctx.filters, ids, between_only=between):
        if edge["relationship_type"] in CO_MENTION_TYPES:
            continue  # listed below from the memories themselves, with their count
        connections.append(
            {
                "from": edge["from_name"],
                "to": edge["to_name"],
                "relationship_type": edge["relationship_type"],
                "strength": edge["strength"],
                "source": "graph",
            }
        )
    for pair in repo.co_mentions(
        ctx.conn,
        ctx.user_id,
        ctx.filters,
        ids,
        between_only=between,
        to_kind="person" if special.people_only else None,
    ):
        # Co-mention strength: 0.2 per shared memory, capped at 1 (five memories together = the strongest).
        connections.append(
            {
                "from": pair["from_name"],
                "to": pair["to_name"],
                "relationship_type": "mentioned_together",
                "strength": round(min(1.0, 0.2 * pair["shared"]), 2),
                "shared_memories": pair["shared"],
                "source": "co_mention",
            }
        )
    subjects = [
        (e["id"] if e else None, e["canonical_name"] if e else canonical_name(n)) for n, e in resolved
    ]
    shared = ctx.scored(
        repo.memories_about(ctx.conn, ctx.user_id, ctx.filters, subjects, require_all=between, limit=LIST_CAP)
    )
    if shared:
        results = shared[: ctx.limit]
        ctx.track(results)
    else:
        results = ctx.search(ctx.request.query)
    body = {
        "found": bool(ids),
        "entities": [
            {"name": name, "found": entity is not None, **(_entity_view(entity) or {})}
            for name, entity in resolved
        ],
        "includes_user": special.includes_user,
        "connections": connections,
        "shared_memories": _views(shared),
        "results": _views(results),
    }
    return body, None


# --- temporal --------------------------------------------------------------------------------------


def _temporal(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    timeframe = ctx.special.timeframe
    assert timeframe is not None
    window = replace(ctx.filters, since=timeframe.start, until=timeframe.end)
    listed = ctx.scored(
        repo.list_visible(ctx.conn, ctx.user_id, window, order="date_asc", limit=LIST_CAP * 2)
    )
    if ctx.special.topic:
        results = ctx.search(ctx.special.topic, window)
    else:
        best = sorted(listed, key=lambda r: -r.final_score)[: ctx.limit]
        results = sorted(best, key=lambda r: _happened(r.memory))
        ctx.track(results)
    body = {
        "timeframe": timeframe.as_dict(),
        "topic": ctx.special.topic,
        "memories": [_view(r, happened_at=_iso(_happened(r.memory))) for r in listed],
        "count": len(listed),
        "results": [_view(r, happened_at=_iso(_happened(r.memory))) for r in results],
    }
    return body, None


# --- historical ------------------------------------------------------------------------------------


def _historical(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    results = ctx.search(ctx.request.query, replace(ctx.filters, include_historical=True))
    current = [r for r in results if _is_current(r.memory)]
    historical = [r for r in results if not _is_current(r.memory)]
    body = {
        "current": _views(current),
        "historical": [_view(r, superseded_at=_iso(r.memory.valid_to)) for r in historical],
        "results": _views(results),
    }
    return body, None


# --- negation --------------------------------------------------------------------------------------


def excluded_pattern(terms: Sequence[str]) -> re.Pattern[str]:
    """Whole words, any case, singular or plural of the last word ("meetings" also drops "meeting")."""
    alternatives = []
    for term in terms:
        words = term.split()
        last = words[-1]
        stem = re.sub(r"(?:es|s)$", "", last) if len(last) > 3 else last
        alternatives.append(r"\s+".join([*map(re.escape, words[:-1]), re.escape(stem) + r"(?:s|es)?"]))
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", _I)


def _negation(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    pattern = excluded_pattern(special.excluded)
    room = min(100, ctx.limit * 3 + 20)  # candidates to spare for what the exclusion drops
    if special.topic:
        candidates = ctx.search(special.positive or special.topic, limit=room, track_access=False)
    else:  # "anything without meetings": nothing to rank by, so everything visible, best first
        rows = repo.list_visible(ctx.conn, ctx.user_id, ctx.filters, order="importance", limit=room)
        candidates = ctx.scored(rows)
    kept = [r for r in candidates if not pattern.search(f"{r.memory.name or ''} {r.memory.content}")]
    # excluded_count counts the dropped candidates among those considered, not across every memory.
    results = kept[: ctx.limit]
    ctx.track(results)
    body = {
        "positive": special.positive,
        "excluded": list(special.excluded),
        "excluded_count": len(candidates) - len(kept),
        "results": _views(results),
    }
    return body, None


# --- sentiment trend -------------------------------------------------------------------------------


# Topics that name a whole area of life: the memories of that category speak about it even when they do not
# use the word ("I'm miserable" filed under work answers "am I happier with work").
_TOPIC_CATEGORIES = {
    "work": "work", "job": "work", "career": "work", "office": "work", "boss": "work",
    "home": "home", "house": "home", "apartment": "home", "flat": "home", "neighborhood": "home",
    "food": "food", "eating": "food", "diet": "food", "cooking": "food",
    "hobbies": "hobbies", "health": "health", "family": "family", "pets": "pets",
    "relationships": "relationships", "dating": "relationships", "love life": "relationships",
    "school": "education", "studies": "education", "education": "education",
}  # fmt: skip


def _sentiment_trend(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    name = special.entities[0] if special.entities else None
    entity = _resolve(ctx, name, special.relationship) if (name or special.relationship) else None
    topic = entity["name"] if entity else special.topic
    history = replace(ctx.filters, include_historical=True)
    category = _TOPIC_CATEGORIES.get((topic or "").lower())
    readings = repo.memory_sentiment_points(ctx.conn, ctx.user_id, history, topic, category=category)
    points = [
        (p["at"], float(p["sentiment"]))
        for p in (
            repo.entity_sentiment_points(ctx.conn, ctx.user_id, entity["id"], ctx.filters.sensitivity_max)
            if entity
            else []
        )
    ]
    source = "sentiment_history"
    if not points:
        points = [(r["happened_at"], float(r["sentiment"])) for r in readings]
        source = "memories"
    trend = sentiment_trend(points, ctx.now)
    results = ctx.scored(list(reversed(readings))[: ctx.limit])
    ctx.track(results)
    body = {
        "entity": _entity_view(entity) or ({"name": topic} if topic else None),
        "topic": topic,
        **trend,
        "points": [{"date": _iso(at), "sentiment": round(value, 3)} for at, value in points],
        "source": source,
        "results": _views(results),
    }
    return body, None


# --- decisions -------------------------------------------------------------------------------------


def _decisions(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    filters = replace(ctx.filters, memory_types=["decision"])
    if special.timeframe and not special.timeframe.vague:  # "recently" only orders; a named period filters
        filters = replace(filters, since=special.timeframe.start, until=special.timeframe.end)
    if special.topic:
        ranked = ctx.search(special.topic, filters, limit=LIST_CAP, explain=True, track_access=False)
        # Decisions that match the topic in words or names; when none does, all decisions, best first.
        chosen = ctx.lexical(ranked) or ctx.lexical(ranked, keep_all=True)
    else:
        chosen = ctx.scored(
            repo.list_visible(ctx.conn, ctx.user_id, filters, order="date_desc", limit=LIST_CAP)
        )
    results = chosen[: ctx.limit]
    ctx.track(results)
    decisions = [
        {
            "id": str(r.memory.id),
            "content": r.memory.content,
            "decision": r.memory.content,
            "outcome": r.memory.outcome,
            "outcome_sentiment": r.memory.outcome_sentiment,
            "date": _iso(_happened(r.memory)),
            "importance": r.memory.importance,
        }
        for r in chosen
    ]
    body = {
        "topic": special.topic,
        "timeframe": special.timeframe.as_dict() if special.timeframe else None,
        "decisions": decisions,
        "total": len(decisions),
        "with_outcomes": sum(1 for d in decisions if d["outcome"]),
        "results": _views(results),
    }
    return body, None


# --- goals -----------------------------------------------------------------------------------------


def _goals(ctx: _Context) -> tuple[dict[str, Any], SummaryInput | None]:
    """Active and achieved goals. A goal counts as achieved when it has an outcome, is marked historical,
    or a later action reports finishing it (`repo.goal_completions`: a completion verb and a shared content
    word, "I ran my first marathon" for "run a marathon")."""
    filters = replace(ctx.filters, memory_types=["goal"], include_historical=True)
    rows = [
        r
        for r in repo.list_visible(ctx.conn, ctx.user_id, filters, order="importance", limit=LIST_CAP)
        if r["status"] == "active"
    ]
    completions = repo.goal_completions(
        ctx.conn, ctx.user_id, replace(ctx.filters, include_historical=True), [r["id"] for r in rows]
    )
    active: list[dict[str, Any]] = []
    achieved: list[dict[str, Any]] = []
    active_results: list[ScoredMemory] = []
    achieved_results: list[ScoredMemory] = []
    for result in ctx.scored(rows):
        goal = result.memory
        item: dict[str, Any] = {
            "id": str(goal.id),
            "content": goal.content,
            "goal": goal.content,
            "importance": goal.importance,
            "created": _iso(goal.document_date or goal.created_at),
            "deadline": _iso(goal.expires_at),
        }
        done = completions.get(goal.id)
        if not (goal.outcome or goal.is_historical or done):
            active.append(item)
            active_results.append(result)
            continue
        item["achieved_reason"] = (
            "outcome" if goal.outcome else "historical" if goal.is_historical else "action"
        )
        item["outcome"] = goal.outcome
        item["achieved_date"] = _iso(done["happened_at"] if done else goal.updated_at)
        if done:
            item["achieved_by"] = {
                "id": str(done["id"]),
                "content": done["content"],
                "date": _iso(done["happened_at"]),
            }
        achieved.append(item)
        achieved_results.append(result)
    results = (active_results + achieved_results)[: ctx.limit]
    ctx.track(results)
    body = {
        "active": active,
        "achieved": achieved,
        "total_active": len(active),
        "total_achieved": len(achieved),
        "results": _views(results),
    }
    return body, None


_HANDLERS: dict[str, _Handler] = {
    "self_summary": _self_summary,
    "entity_summary": _entity_summary,
    "relationship_query": _relationship_query,
    "temporal": _temporal,
    "historical": _historical,
    "negation": _negation,
    "sentiment_trend": _sentiment_trend,
    "decisions": _decisions,
    "goals": _goals,
}
