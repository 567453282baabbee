"""The text of hierarchical memory and of dirty nodes and edges: by a model when one is configured, by
readable templates offline.

Offline (the `rules` provider, which has no free-form completion) every text is a template over what
the material holds — e.g. a storyline "Andrew — Y Combinator" described as "Andrew (person): 6 notes
from 2 Mar to 4 Apr 2026 — Andrew is my cofounder; We are applying to Y Combinator; ...". With a model,
one forced `write_summary` tool call per row; an unusable answer gets one retry with the reason, then
the row falls back to its template (counted), so a nightly run never loses a row to a bad answer.
Provider failures (throttling, auth) after the retry propagate: the job retries later and the rows stay
dirty.

Materials are built from usable memories only (active, normal sensitivity; see
`db.repositories.hierarchy`); nothing here logs user content outside verbose local/dev logging.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

from engram.config import Settings, get_settings
from engram.errors import ProviderError, ProviderUnavailable
from engram.graph.descriptions import DESCRIPTION_CHARS as ENTITY_DESCRIPTION_CHARS
from engram.graph.descriptions import EntityMaterial, clip, describe, distinct
from engram.language.privacy import redact_for_log
from engram.observability import logger
from engram.providers.base import LLM, LLMResult, ToolSpec
from engram.providers.factory import get_llm

SummaryKind = Literal["entity", "relationship", "storyline", "macro"]

NAME_CHARS = 120
DESCRIPTION_CHARS = {"entity": ENTITY_DESCRIPTION_CHARS, "relationship": 300, "storyline": 700, "macro": 900}
_ITEMS_IN_TEMPLATE = {"entity": 4, "relationship": 3, "storyline": 5, "macro": 4}


@dataclass(frozen=True)
class RelationshipMaterial:
    from_name: str
    to_name: str
    relationship_type: str
    from_owner: bool = False
    to_owner: bool = False
    ended: bool = False
    notes: Sequence[str] = ()
    memories: Sequence[str] = ()


@dataclass(frozen=True)
class StorylineMaterial:
    anchor: EntityMaterial
    anchor_description: str | None
    source_count: int
    started_at: datetime | None
    last_source_at: datetime | None
    source_types: dict[str, int] = field(default_factory=dict)
    topics: Sequence[str] = ()


@dataclass(frozen=True)
class ChildStoryline:
    name: str
    anchor_name: str
    description: str | None
    source_count: int
    started_at: datetime | None
    last_source_at: datetime | None


@dataclass(frozen=True)
class MacroMaterial:
    anchor_name: str
    anchor_kind: str
    anchor_description: str | None
    storyline_count: int
    total_source_count: int
    started_at: datetime | None
    last_event_at: datetime | None
    storylines: Sequence[ChildStoryline] = ()


Material = EntityMaterial | RelationshipMaterial | StorylineMaterial | MacroMaterial


@dataclass(frozen=True)
class Summary:
    """A row's new text; `name` only for storylines and macros."""

    description: str
    name: str | None = None
    by_model: bool = False


class SummaryWriter(Protocol):
    """Writes the text of one row from its material. `fallbacks` counts rows a model could not write."""

    model: str
    fallbacks: int

    def summarize(self, kind: SummaryKind, material: Material) -> Summary: ...


# --- templates -------------------------------------------------------------------------------------------


def _day(at: datetime | None) -> str:
    return f"{at.day} {at:%b %Y}" if at else "?"


def _span(start: datetime | None, end: datetime | None) -> str:
    """ "2 Mar to 4 Apr 2026" (the year once when both ends share it), or "on 2 Mar 2026"."""
    if start is None or end is None:
        return ""
    if start.date() == end.date():
        return f"on {_day(start)}"
    first = f"{start.day} {start:%b}" if start.year == end.year else _day(start)
    return f"from {first} to {_day(end)}"


def _count_of(source_types: dict[str, int], total: int) -> str:
    """ "6 notes" when every source is of one type, else "6 sources"."""
    if len(source_types) == 1:
        kind = next(iter(source_types))
        word = kind.replace("_", " ").replace("-", " ")
        return f"{total} {word}{'' if total == 1 or word.endswith('s') else 's'}"
    return f"{total} source{'' if total == 1 else 's'}"


def storyline_name(anchor: str, topics: Sequence[str]) -> str:
    """The anchor's name and what its sources keep returning to: "Andrew — Y Combinator"."""
    return clip(f"{anchor} — {', '.join(topics)}" if topics else anchor, NAME_CHARS)


def template_summary(kind: SummaryKind, material: Material) -> Summary:
    """The offline text of a row: readable, factual, built only from its material."""
    limit = DESCRIPTION_CHARS[kind]
    n = _ITEMS_IN_TEMPLATE[kind]
    if isinstance(material, EntityMaterial):
        return Summary(describe(material))  # the rule every read keeps descriptions to
    if isinstance(material, RelationshipMaterial):
        left = "You" if material.from_owner else material.from_name
        right = "you" if material.to_owner else material.to_name
        verb = material.relationship_type.replace("_", " ")
        text = f"{left} — {verb} — {right}" + (" (ended)" if material.ended else "")
        facts = distinct([*material.notes[:n], *material.memories[:n]])
        return Summary(clip(f"{text}: {'; '.join(facts)}." if facts else f"{text}.", limit))
    if isinstance(material, StorylineMaterial):
        anchor = material.anchor
        head = f"{anchor.name} ({anchor.relationship or anchor.kind})"
        count = _count_of(material.source_types, material.source_count)
        facts = distinct([*anchor.memories[:n], *anchor.notes[:2]])
        text = f"{head}: {count} {_span(material.started_at, material.last_source_at)}".rstrip()
        if material.topics:
            text += f", often with {', '.join(material.topics)}"
        if facts:
            text += f" — {'; '.join(facts)}"
        return Summary(clip(text + ".", limit), name=storyline_name(anchor.name, material.topics))
    others = distinct([c.anchor_name for c in material.storylines if c.anchor_name != material.anchor_name])
    name = clip(
        f"{material.anchor_name} — with {', '.join(others[:3])}" if others else material.anchor_name,
        NAME_CHARS,
    )
    parts = [
        f"{c.name} ({c.source_count} from {_day(c.started_at)})"
        + (f": {_first(c.description)}" if c.description else "")
        for c in material.storylines[:n]
    ]
    text = (
        f"{material.anchor_name}: {material.storyline_count} storylines, "
        f"{material.total_source_count} sources {_span(material.started_at, material.last_event_at)}".rstrip()
    )
    if parts:
        text += " — " + " | ".join(parts)
    return Summary(clip(text + ".", limit), name=name)


def _first(description: str) -> str:
    """The gist of a child's description: what follows its header, first clause only."""
    gist = description.split(" — ", 1)[-1]
    return clip(gist.split("; ", 1)[0].rstrip("."), 160)


class TemplateSummaryWriter:
    """The offline writer."""

    model = "rules-summary-v1"

    def __init__(self) -> None:
        self.fallbacks = 0

    def summarize(self, kind: SummaryKind, material: Material) -> Summary:
        return template_summary(kind, material)


# --- with a model ----------------------------------------------------------------------------------------

WRITE_SUMMARY = "write_summary"
SUMMARY_SYSTEM_PROMPT = """You write short descriptions for a personal memory graph. Use only the facts \
given; never invent. Refer to the owner of the memories as "the user". Call write_summary exactly once."""

_ASK = {
    "entity": "Describe who or what this is in one or two sentences (who they are, not a list of events).",
    "relationship": "Describe this relationship in one sentence.",
    "storyline": (
        "Name this storyline (the anchor's name and its topic, e.g. 'Andrew — Y Combinator application', at "
        "most 8 words) and summarise it in 2-3 sentences: what happened, over which period."
    ),
    "macro": (
        "Name this long-running theme (at most 8 words) and summarise it in 3-4 sentences: the storylines it "
        "groups and how they connect, over which period."
    ),
}


def _tool(kind: SummaryKind) -> ToolSpec:
    properties: dict = {
        "description": {"type": "string", "minLength": 1, "maxLength": DESCRIPTION_CHARS[kind]},
    }
    required = ["description"]
    if kind in ("storyline", "macro"):
        properties["name"] = {"type": "string", "minLength": 1, "maxLength": NAME_CHARS}
        required.append("name")
    return ToolSpec(
        name=WRITE_SUMMARY,
        description="Record the name (storylines and macros) and description.",
        input_schema={"type": "object", "properties": properties, "required": required},
    )


def _when(at: datetime | None) -> str | None:
    return at.date().isoformat() if at else None


def material_prompt(kind: SummaryKind, material: Material) -> str:
    """The facts a model sees, as JSON (dates as days), and what to write."""
    if isinstance(material, EntityMaterial | RelationshipMaterial):
        facts: dict = {k: v for k, v in vars(material).items() if v not in (None, "", (), [])}
        facts = {k: list(v) if isinstance(v, tuple) else v for k, v in facts.items()}
    elif isinstance(material, StorylineMaterial):
        facts = {
            "anchor": material.anchor.name,
            "anchor_kind": material.anchor.kind,
            "anchor_relationship": material.anchor.relationship,
            "anchor_description": material.anchor_description,
            "sources": material.source_count,
            "source_types": material.source_types,
            "from": _when(material.started_at),
            "to": _when(material.last_source_at),
            "recurring_topics": list(material.topics),
            "facts": list(material.anchor.memories),
            "notes": list(material.anchor.notes),
        }
    else:
        facts = {
            "root": material.anchor_name,
            "root_description": material.anchor_description,
            "storylines": [
                {
                    "name": c.name,
                    "description": c.description,
                    "sources": c.source_count,
                    "from": _when(c.started_at),
                    "to": _when(c.last_source_at),
                }
                for c in material.storylines
            ],
            "total_sources": material.total_source_count,
            "from": _when(material.started_at),
            "to": _when(material.last_event_at),
        }
    return f"{_ASK[kind]}\n\nFacts (JSON):\n{json.dumps(facts, ensure_ascii=False, default=str)}"


class BadSummary(Exception):
    """The model's answer cannot be used. The message is safe to show the model and the logs."""


class ModelSummaryWriter:
    """`SummaryWriter` backed by any `LLM` that can call tools; `sleep` is injectable for tests."""

    def __init__(
        self, llm: LLM, *, settings: Settings | None = None, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.llm = llm
        self.model = llm.model
        self.fallbacks = 0
        self._settings = settings
        self._sleep = sleep

    def summarize(self, kind: SummaryKind, material: Material) -> Summary:
        settings = self._settings or get_settings()
        tool = _tool(kind)
        prompt = material_prompt(kind, material)
        messages: list[dict] = [{"role": "user", "content": prompt}]
        errors: list[Exception] = []
        for attempt in (1, 2):
            if attempt == 2:
                self._sleep(settings.llm_retry_backoff_seconds)
            try:
                answer = self.llm.complete(
                    system=SUMMARY_SYSTEM_PROMPT, messages=messages, tools=[tool], tool_choice=WRITE_SUMMARY
                )
            except (ProviderUnavailable, ProviderError) as err:
                logger.warning("summary model call failed", attempt=attempt, error_code=err.code)
                errors.append(err)
                continue
            try:
                return self._parse(kind, answer)
            except BadSummary as err:
                logger.warning("summary unusable", attempt=attempt, kind=kind, reason=str(err))
                if settings.verbose_logging:
                    logger.info("summary answer", answer=redact_for_log(_echo(answer), 2000))
                errors.append(err)
                messages = [
                    messages[0],
                    {"role": "assistant", "content": _echo(answer)[:2000] or "(empty answer)"},
                    {
                        "role": "user",
                        "content": f"That answer cannot be used: {err}. Call {WRITE_SUMMARY} once.",
                    },
                ]
        provider_errors = [e for e in errors if isinstance(e, ProviderUnavailable | ProviderError)]
        if len(provider_errors) == len(errors):
            raise provider_errors[-1]
        self.fallbacks += 1
        logger.warning("summary written by template after the model's retry", kind=kind)
        return template_summary(kind, material)

    @staticmethod
    def _parse(kind: SummaryKind, answer: LLMResult) -> Summary:
        call = next((c for c in answer.tool_calls if c.name == WRITE_SUMMARY), None)
        if call is None:
            raise BadSummary(f"{WRITE_SUMMARY} was not called")
        description = call.arguments.get("description")
        if not isinstance(description, str) or not description.strip():
            raise BadSummary("description is missing")
        name = call.arguments.get("name")
        if kind in ("storyline", "macro") and (not isinstance(name, str) or not name.strip()):
            raise BadSummary("name is missing")
        return Summary(
            description=clip(description, DESCRIPTION_CHARS[kind]),
            name=clip(name, NAME_CHARS) if isinstance(name, str) and name.strip() else None,
            by_model=True,
        )


def _echo(answer: LLMResult) -> str:
    if answer.tool_calls:
        return "\n".join(
            f"{c.name}({json.dumps(c.arguments, ensure_ascii=False)})" for c in answer.tool_calls
        )
    return answer.text or ""


def get_summary_writer() -> SummaryWriter:
    """The model writer when a model is configured, else the templates (the `rules` provider cannot
    complete free-form prompts)."""
    settings = get_settings()
    if settings.resolved_llm_provider == "rules":
        return TemplateSummaryWriter()
    return ModelSummaryWriter(get_llm(), settings=settings)
