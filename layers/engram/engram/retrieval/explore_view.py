"""Explore's answer: the chosen hits (`explore_choice`) with their expanded details as the sections of
an `ExploreResult`."""

from __future__ import annotations

import re
from typing import Any

from engram.retrieval.explore_choice import Choice
from engram.retrieval.explore_models import (
    ArtifactHit,
    EpisodicSection,
    MacroHit,
    MacroRef,
    MacroStoryline,
    NamedNode,
    NodeRef,
    RelationshipHit,
    SemanticNodeHit,
    SemanticSection,
    SourceHit,
    SourcePreview,
    StorylineHit,
    StorylineRef,
    TypedNode,
)
from engram.retrieval.explore_scoring import Scored

NOTES_TOTAL_CHARS = 5000
SUMMARY_CHARS = 280
NODE_TYPES = {"person": "Person", "concept": "Concept", "entity": "Entity"}
PEOPLE_KEY = {"Person": "people", "Concept": "concepts", "Entity": "entities"}

Weights = tuple[float, float, float]


def _first_sentence(text: str | None) -> str:
    if not text:
        return ""
    match = re.match(r"(.+?[.!?])(\s|$)", text.strip(), re.DOTALL)
    return (match.group(1) if match else text.strip())[:SUMMARY_CHARS]


def source_summary(row: dict[str, Any]) -> str:
    """The stored summary, else the opening of the content (1-2 sentences, never more than 280 chars)."""
    if row.get("summary"):
        return str(row["summary"])[:SUMMARY_CHARS]
    content = " ".join(str(row.get("content") or "").split())
    if len(content) <= SUMMARY_CHARS:
        return content
    cut = content[:SUMMARY_CHARS]
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
    return cut[: end + 1] if end > 80 else cut.rsplit(" ", 1)[0] + " ..."


def cap_notes(notes: list[str]) -> list[str]:
    """At most NOTES_TOTAL_CHARS across a hit's snippets (each already <= 500, newest first)."""
    out, total = [], 0
    for note in notes:
        room = NOTES_TOTAL_CHARS - total
        if room <= 0:
            break
        out.append(note[:room])
        total += len(out[-1])
    return out


def _node_ref(data: dict[str, Any]) -> NodeRef:
    return NodeRef(
        entity_key=str(data["entity_key"]),
        node_type=NODE_TYPES[data["kind"]],  # type: ignore[arg-type]
        name=data["name"],
        description=data.get("description"),
    )


def _by_id(details: dict[str, list[dict[str, Any]]], section: str) -> dict[str, dict[str, Any]]:
    return {str(d["id"]): d for d in details.get(section, [])}


def semantic_section(
    choice: Choice, details: dict[str, list[dict[str, Any]]], explain: bool, weights: Weights
) -> SemanticSection:
    """The nodes, by type, with their notes; the relationships with theirs."""
    notes = {str(r["id"]): cap_notes(r["notes"]) for r in details.get("node_notes", [])}
    semantic = SemanticSection()
    for n in choice.nodes:
        node_type = NODE_TYPES[n.row["kind"]]
        hit = SemanticNodeHit(
            entity_key=n.id,
            node_type=node_type,  # type: ignore[arg-type]
            name=n.row["name"],
            description=n.row.get("description"),
            notes_snippets=notes.get(n.id, []),
            salience=round(float(n.row["salience"]), 4),
            state=n.row["state"],
            last_accessed_at=n.row.get("last_accessed_at"),
            relevance_score=round(n.final, 4),
            explanation=n.explanation(weights) if explain else None,
        )
        getattr(semantic, PEOPLE_KEY[node_type]).append(hit)
    semantic.relationships.extend(_relationship_hit(e, explain, weights) for e in choice.edges)
    return semantic


def _relationship_hit(e: Scored, explain: bool, weights: Weights) -> RelationshipHit:
    return RelationshipHit(
        from_entity_key=str(e.row["from_id"]),
        to_entity_key=str(e.row["to_id"]),
        from_name=e.row["from_name"],
        to_name=e.row["to_name"],
        relationship_kind=e.row["kind"],
        relationship_type=e.row["relationship_type"],
        description=e.row.get("description"),
        attitude=e.row["attitude"],
        proximity=e.row["proximity"],
        notes_snippets=cap_notes(e.row.get("notes", [])),
        salience=round(float(e.row["salience"]), 4),
        state=e.row["state"],
        relevance_score=round(e.final, 4),
        explanation=e.explanation(weights) if explain else None,
    )


def episodic_section(
    choice: Choice, details: dict[str, list[dict[str, Any]]], explain: bool, weights: Weights
) -> EpisodicSection:
    """Sources, storylines and macros in full or as references (as `choice` says), then artifacts."""
    episodic = EpisodicSection()
    source_details = _by_id(details, "source_detail")
    for s in choice.sources:
        episodic.sources.append(_source_hit(s, source_details.get(s.id, {}), explain, weights))
    storyline_details = _by_id(details, "storyline_detail")
    previews: dict[str, SourcePreview] = {}
    for sl in choice.storylines:
        storyline = _storyline_hit(sl, storyline_details.get(sl.id, {}), explain, weights)
        episodic.storylines.append(storyline)
        for p in storyline.preview_sources:
            previews.setdefault(p.entity_key, p)
    episodic.sources.extend(list(previews.values())[: choice.previews])
    episodic.storylines.extend(
        StorylineRef(storyline_id=s.id, name=s.row["name"]) for s in choice.storyline_refs
    )
    macro_details = _by_id(details, "macro_detail")
    children: dict[str, StorylineRef] = {}
    for mc in choice.macros:
        macro = _macro_hit(mc, macro_details.get(mc.id, {}), explain, weights)
        episodic.macros.append(macro)
        for child in macro.storylines:
            children.setdefault(
                child.storyline_id, StorylineRef(storyline_id=child.storyline_id, name=child.name)
            )
    episodic.storylines.extend(children.values())
    episodic.macros.extend(MacroRef(macro_id=m.id, name=m.row["name"]) for m in choice.macro_refs)
    artifact_details = _by_id(details, "artifact_detail")
    for a in choice.artifacts:
        episodic.artifacts.append(_artifact_hit(a, artifact_details.get(a.id, {}), explain, weights))
    return episodic


def _source_hit(s: Scored, d: dict[str, Any], explain: bool, weights: Weights) -> SourceHit:
    return SourceHit(
        entity_key=s.id,
        summary=source_summary(s.row),
        context_type=s.row.get("context_type"),
        source_type=s.row["source_type"],
        started_at=s.row.get("started_at"),
        ended_at=s.row.get("ended_at"),
        relevance_score=round(s.final, 4),
        mentioned_nodes=[_node_ref(m) for m in d.get("mentioned", [])],
        storyline_refs=[StorylineRef.model_validate(x) for x in d.get("storylines", [])],
        macro_refs=[MacroRef.model_validate(x) for x in d.get("macros", [])],
        explanation=s.explanation(weights) if explain else None,
    )


def _anchor_ref(hit: Scored, d: dict[str, Any]) -> NodeRef:
    """The expanded anchor of a storyline or macro, else the one gathered with it."""
    anchor = d.get("anchor") or {
        "entity_key": hit.row["anchor"]["id"],
        "kind": hit.row["anchor"]["kind"],
        "name": hit.row["anchor"]["name"],
        "description": hit.row["anchor"].get("description"),
    }
    return _node_ref(anchor)


def _storyline_hit(sl: Scored, d: dict[str, Any], explain: bool, weights: Weights) -> StorylineHit:
    return StorylineHit(
        storyline_id=sl.id,
        name=sl.row["name"],
        description=sl.row.get("description"),
        relevance_score=round(sl.final, 4),
        source_count=sl.row["source_count"],
        started_at=sl.row.get("started_at"),
        last_source_at=sl.row.get("last_source_at"),
        anchor=_anchor_ref(sl, d),
        top_people=[
            NamedNode.model_validate(x | {"entity_key": str(x["entity_key"])})
            for x in d.get("top_people", [])
        ],
        top_entities=[
            TypedNode.model_validate(
                x | {"entity_key": str(x["entity_key"]), "type": x.get("entity_type") or "entity"}
            )
            for x in d.get("top_entities", [])
        ],
        top_concepts=[
            NamedNode.model_validate(x | {"entity_key": str(x["entity_key"])})
            for x in d.get("top_concepts", [])
        ],
        preview_sources=[
            SourcePreview(
                entity_key=str(p["entity_key"]),
                summary=source_summary(p),
                started_at=p.get("started_at"),
                context_type=p.get("context_type"),
            )
            for p in d.get("previews", [])
        ],
        explanation=sl.explanation(weights) if explain else None,
    )


def _macro_hit(mc: Scored, d: dict[str, Any], explain: bool, weights: Weights) -> MacroHit:
    return MacroHit(
        macro_id=mc.id,
        name=mc.row["name"],
        description=mc.row.get("description"),
        relevance_score=round(mc.final, 4),
        storyline_count=mc.row["storyline_count"],
        total_source_count=mc.row["total_source_count"],
        started_at=mc.row.get("started_at"),
        last_event_at=mc.row.get("last_event_at"),
        anchor=_anchor_ref(mc, d),
        storylines=[
            MacroStoryline(
                storyline_id=str(x["storyline_id"]),
                name=x["name"],
                one_liner=_first_sentence(x.get("description")),
                source_count=x.get("source_count") or 0,
                started_at=x.get("started_at"),
                last_source_at=x.get("last_source_at"),
            )
            for x in d.get("storylines", [])
        ],
        explanation=mc.explanation(weights) if explain else None,
    )


def _artifact_hit(a: Scored, d: dict[str, Any], explain: bool, weights: Weights) -> ArtifactHit:
    return ArtifactHit(
        entity_key=a.id,
        name=a.row.get("title") or _first_sentence(a.row.get("content")) or a.row["artifact_type"],
        description=_first_sentence(a.row.get("content")),
        content_type=a.row["artifact_type"],
        created_at=a.row["created_at"],
        related_nodes=[_node_ref(x) for x in d.get("related", [])],
        relevance_score=round(a.final, 4),
        explanation=a.explanation(weights) if explain else None,
    )
