"""Summaries for the special queries: readable templates offline, one model call when a model is configured.

Memories are stored in the user's own words ("I live in Seattle"), so the offline summary mostly turns them
to the second person ("You live in Seattle") and groups them; it never calls a model. With a real LLM
provider (`resolved_llm_provider != "rules"`) one `complete()` call writes the summary from the same ranked,
capped material, and any failure of that call falls back to the template: a summary must never fail a search.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engram.config import get_settings
from engram.providers.factory import get_llm

logger = logging.getLogger(__name__)

SUMMARY_MAX_TOKENS = 500
SECTION_LIMIT = 6  # lines per section in a template or a prompt: a summary, not a dump
NO_MEMORIES = "I don't have any memories about you yet. As we talk more, I'll learn about you!"

# First person -> second person, longest forms first. "am" only after "I" (handled with "I am").
_PERSON_SWAPS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bI am\b"), "you are"),
    (re.compile(r"\bI was\b"), "you were"),
    (re.compile(r"\bI'm\b|\bI’m\b"), "you're"),
    (re.compile(r"\bI've\b|\bI’ve\b"), "you've"),
    (re.compile(r"\bI'd\b|\bI’d\b"), "you'd"),
    (re.compile(r"\bI'll\b|\bI’ll\b"), "you'll"),
    (re.compile(r"\bI\b"), "you"),
    (re.compile(r"\bmyself\b", re.I), "yourself"),
    (re.compile(r"\bmine\b", re.I), "yours"),
    (re.compile(r"\bmy\b", re.I), "your"),
    (re.compile(r"\bme\b", re.I), "you"),
    (re.compile(r"\bwe were\b", re.I), "you were"),
]


# Journal shorthand drops the subject ("Had lunch with Marcus"): these openings are the user's own doing.
_SUBJECTLESS = re.compile(
    r"^(?:had|went|met|saw|spent|got|took|made|ate|did|finished|started|called|visited|talked|spoke|bought|"
    r"ran|watched|played|cooked|baked|tried|caught up|hung out|grabbed|walked|drove|flew)\b",
    re.IGNORECASE,
)
# How goals are phrased, so a list of goals reads "run a marathon; learn Spanish".
_GOAL_LEAD = re.compile(
    r"^(?:my (?:\w+ )?goal (?:is|was) to|i (?:really )?(?:want|hope|plan|intend|aim|would like|'d like|wish|"
    r"need) to|i'm (?:going|trying|planning|hoping) to)\s+",
    re.IGNORECASE,
)


def second_person(text: str) -> str:
    """ "I live in Seattle" -> "You live in Seattle"; "Had lunch with Marcus" -> "You had lunch with
    Marcus"; third-person text is left as it is."""
    out = " ".join(text.split())
    if _SUBJECTLESS.match(out):
        out = "you " + out[0].lower() + out[1:]
    for pattern, replacement in _PERSON_SWAPS:
        out = pattern.sub(replacement, out)
    return sentence(out)


def goal_clause(text: str) -> str:
    """ "My goal is to run a marathon" -> "run a marathon" (other phrasings in the second person)."""
    text = " ".join(text.split())
    stripped = _GOAL_LEAD.sub("", text)
    return stripped.rstrip(".!?") if stripped != text else _clause(text)


def sentence(text: str) -> str:
    """Capitalised, ending with punctuation."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


@dataclass
class SummaryInput:
    """What a summary is written from: a subject, ordered sections of lines, and the offline template."""

    kind: str  # "self" | "entity"
    subject: str
    sections: dict[str, list[str]] = field(default_factory=dict)
    template: str = ""


@dataclass(frozen=True)
class Summary:
    text: str
    source: str  # "template" or the model id that wrote it


def write_summary(material: SummaryInput) -> Summary:
    """The model's summary when one is configured and answers, else the template."""
    if get_settings().resolved_llm_provider == "rules" or not any(material.sections.values()):
        return Summary(material.template, "template")
    try:
        llm = get_llm()
        result = llm.complete(
            system=_SYSTEM,
            messages=[{"role": "user", "content": _prompt(material)}],
            max_tokens=SUMMARY_MAX_TOKENS,
            temperature=0.2,
        )
        text = (result.text or "").strip()
    except Exception:  # noqa: BLE001 - any provider failure degrades to the template, never to an error
        logger.warning("summary model call failed; using the template", extra={"summary_kind": material.kind})
        return Summary(material.template, "template")
    if not text:
        return Summary(material.template, "template")
    return Summary(text, result.model or llm.model)


_SYSTEM = (
    "You are the memory of a personal assistant. Write a short, warm summary (at most two short paragraphs) "
    "of what you remember, addressed to the user as 'you'. Use only the memories given; never invent facts; "
    "leave out anything not listed. Plain text, no headings or lists."
)


def _prompt(material: SummaryInput) -> str:
    about = "the user" if material.kind == "self" else material.subject
    parts = [f"Summarize what you remember about {about}."]
    for title, lines in material.sections.items():
        if lines:
            parts.append(f"\n{title}:\n" + "\n".join(f"- {line}" for line in lines[:SECTION_LIMIT]))
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------------
# Templates
# ---------------------------------------------------------------------------------------------------


def _join(lines: Sequence[str]) -> str:
    return " ".join(second_person(line) for line in lines[:SECTION_LIMIT])


def _people(people: Sequence[dict]) -> str:
    names = [f"{p['name']} ({p['relationship']})" if p.get("relationship") else p["name"] for p in people]
    return ", ".join(names)


def self_summary_input(
    *,
    about: Sequence[str],
    preferences: Sequence[str],
    goals: Sequence[str],
    decisions: Sequence[str],
    happenings: Sequence[str],
    people: Sequence[dict],
) -> SummaryInput:
    """The material and template of "what do you know about me": facts about the user first (home and
    work lead), then likes, goals, decisions, recent happenings and the people most mentioned."""
    sections = {
        "Facts about the user": list(about),
        "Preferences": list(preferences),
        "Goals": list(goals),
        "Decisions": list(decisions),
        "Recent events": list(happenings),
        "People in their life": [_people([p]) for p in people],
    }
    if not any(sections.values()):
        return SummaryInput("self", "you", sections, NO_MEMORIES)
    parts = ["Here's what I know about you."]
    if about:
        parts.append(_join(about))
    if preferences:
        parts.append(_join(preferences))
    if goals:
        parts.append("Your goals: " + "; ".join(goal_clause(g) for g in goals[:SECTION_LIMIT]) + ".")
    if decisions:
        parts.append(_join(decisions))
    if happenings:
        parts.append(_join(happenings))
    if people:
        parts.append(f"People in your life: {_people(people)}.")
    return SummaryInput("self", "you", sections, " ".join(parts))


def entity_summary_input(
    *,
    name: str,
    relationship: str | None,
    current: Sequence[str],
    history: Sequence[str],
    sentiment_average: float | None,
) -> SummaryInput:
    """The material and template of "what do you remember about Marcus"."""
    sections = {"What you know": list(current), "What used to be true": list(history)}
    if not current and not history:
        return SummaryInput("entity", name, sections, f"I don't have any memories about {name}.")
    parts = [f"{name} is your {relationship}." if relationship else f"About {name}:"]
    if current:
        parts.append(_join(current))
    if history:
        parts.append("Previously: " + "; ".join(_clause(h) for h in history[:SECTION_LIMIT]) + ".")
    if sentiment_average is not None and abs(sentiment_average) >= 0.3:
        parts.append(
            f"You've mostly felt {'positive' if sentiment_average > 0 else 'negative'} about {name}."
        )
    return SummaryInput("entity", name, sections, " ".join(parts))


def _clause(text: str) -> str:
    """A memory as a clause inside a list: second person, no final punctuation, lower-case start."""
    out = second_person(text).rstrip(".!?")
    return "y" + out[1:] if out.startswith(("You ", "Your ", "You'")) else out
