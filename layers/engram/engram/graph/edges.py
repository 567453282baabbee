"""Which graph edges a fact states — a pure reading of the fact's structure, whichever engine made it.

A fact already says who it is about (`subject`), what about them (`attribute`) and the new value, and
which people/places/organisations it mentions (with their relationship to the user). That is enough to
draw edges without another model call:

- a person with a relationship to the user ("my friend Sarah") -> user -has_relationship_with-> Sarah;
- employer / home / school slots -> Marcus -engages_with(works_at)-> Stripe, Sarah -lives_in-> Austin;
- partner slots ("Sarah got engaged to Dan") -> Sarah -has_relationship_with(engaged_to)-> Dan;
- tie slots, whose value is a tie rather than a partner's state ("Theo is Bethan's son": subject Bethan,
  relationship:Theo = son) -> Bethan -has_relationship_with(son)-> Theo;
- several things named together ("lunch with Sarah and Marcus") -> weak co-mention edges whose
  strength grows each time they are named together again.

Some relationship types hold one value at a time (`EXCLUSIVE_GROUPS`): a new employer closes the old
`works_at` edge, "engaged to" closes "dating". Endings ("left Stripe", "broke up") only close.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.language.names import canonical_name
from engram.language.text.vocabulary import RELATION_WORDS
from engram.models import CandidateFact, EntityMention

OWNER = "@owner"  # stands for the user's own node until the writer resolves it
SELF_SUBJECTS = frozenset({"user", "i", "me", "the user"})  # a fact's `subject` when it is about the user

# Types that hold one current value per subject: a new one closes the others of its group.
EXCLUSIVE_GROUPS: dict[str, tuple[str, ...]] = {
    "works_at": ("works_at",),
    "lives_in": ("lives_in",),
    "studies_at": ("studies_at",),
    "dating": ("dating", "engaged_to", "married_to"),
    "engaged_to": ("dating", "engaged_to", "married_to"),
    "married_to": ("dating", "engaged_to", "married_to"),
}
# Partner types are mutual: "Dan dating Sarah" is the edge "Sarah dating Dan" seen from the other end.
SYMMETRIC_TYPES = frozenset({"dating", "engaged_to", "married_to", "knows", "mentioned_with"})
CO_MENTION_TYPES = frozenset({"knows", "mentioned_with"})  # inferred from being named together

PARTNER_VALUES = {
    "dating": "dating",
    "seeing": "dating",
    "together": "dating",
    "engaged": "engaged_to",
    "married": "married_to",
    "wed": "married_to",
    # a model may say the partner's tie rather than its state: "relationship:Tom" = "husband"
    "husband": "married_to",
    "wife": "married_to",
    "spouse": "married_to",
    "fianc": "engaged_to",
    "boyfriend": "dating",
    "girlfriend": "dating",
    "partner": "dating",
}
ENDING = re.compile(
    r"^(?:left|quit|resigned|retired|fired|laid off|no longer|broke up|split|separated|divorced|ended|"
    r"former|ex(?=\b|-))",  # "ex-partner", "ex": the tie is over
    re.I,
)
PARTNER_TIES = frozenset(
    {"partner", "girlfriend", "boyfriend", "wife", "husband", "spouse", "fiance", "fiancee", "fiancé",
     "fiancée"}
)  # fmt: skip
FAMILY_TIES = frozenset(
    {
        "mother", "father", "mom", "dad", "mum", "parent", "sister", "brother", "sibling", "son", "daughter",
        "child", "grandmother", "grandfather", "grandma", "grandpa", "aunt", "uncle", "cousin", "niece",
        "nephew", "twin", "stepmother", "stepfather", "stepsister", "stepbrother", "in-law",
    }
)  # fmt: skip
# A relationship slot's value that is a family tie though no relation word says it so ("parent")
KIN_VALUES = FAMILY_TIES | {"grandson", "granddaughter", "grandchild", "sibling"}
CLOSE_TIES = frozenset({"best friend", "roommate", "flatmate"})
WORK_TIES = frozenset({"coworker", "colleague", "manager", "boss", "mentor", "mentee", "employee", "report"})
SLOT_TYPES = {"employer": "works_at", "location": "lives_in", "school": "studies_at"}
SLOT_TARGET_TYPES = {"works_at": "organization", "lives_in": "place", "studies_at": "organization"}
MAX_CO_MENTIONS = 5  # a fact naming more things than this is a list, not a web of ties


@dataclass(frozen=True)
class EndpointSpec:
    """An edge end: the user's node, or an entity by name (created if the fact's mentions lack it)."""

    name: str
    kind: str = "entity"
    entity_type: str = ""

    @property
    def canonical(self) -> str:
        return OWNER if self.name == OWNER else canonical_name(self.name)


@dataclass(frozen=True)
class EdgeSpec:
    source: EndpointSpec
    target: EndpointSpec
    kind: str
    relationship_type: str
    proximity: int | None = None
    attitude: int | None = None
    strength: float = 0.5
    ends: bool = False  # the fact says this tie is over: close it, open nothing
    description: str | None = None

    @property
    def exclusive_group(self) -> tuple[str, ...]:
        return EXCLUSIVE_GROUPS.get(self.relationship_type, ())


def edges_for_fact(fact: CandidateFact) -> list[EdgeSpec]:
    """The edges `fact` states, in the order they should be written (endings before openings)."""
    if fact.forget:
        return []
    attitude = _attitude(fact.sentiment)
    description = fact.content[:300]
    edges: list[EdgeSpec] = []
    slot_edge = _slot_edge(fact, attitude, description)
    if slot_edge is not None:
        edges.append(slot_edge)
    edges.extend(_ties_to_user(fact, attitude, description))
    if slot_edge is None and not fact.is_historical:
        edges.extend(_co_mentions(fact))
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for edge in sorted(edges, key=lambda e: not e.ends):
        key = (edge.source.canonical, edge.target.canonical, edge.relationship_type)
        if key not in seen and edge.source.canonical != edge.target.canonical:
            seen.add(key)
            unique.append(edge)
    return unique


def tie_type(relationship: str) -> tuple[str, int]:
    """The edge type and proximity (1-5) of a relationship word such as "friend" or "sister"."""
    word = relationship.strip().lower().replace("_", " ")
    if word in PARTNER_TIES:
        return "partner", 5
    if word in FAMILY_TIES or word.removeprefix("step") in FAMILY_TIES:
        return word.replace(" ", "_"), 5
    if word in CLOSE_TIES:
        return word.replace(" ", "_"), 5
    if word.startswith("ex"):
        return word.replace(" ", "_").replace("-", "_"), 2
    if word in WORK_TIES:
        return word, 3
    if word in ("friend", "neighbor", "neighbour", "teammate", "classmate"):
        return word, 4
    return re.sub(r"[^a-z0-9]+", "_", word).strip("_")[:64] or "knows", 3


def _attitude(sentiment: float | None) -> int | None:
    if sentiment is None:
        return None
    return max(1, min(5, round(3 + 2 * sentiment)))


def _subject_endpoint(fact: CandidateFact) -> EndpointSpec | None:
    subject = (fact.subject or "").strip()
    if not subject:
        return None
    if subject.lower() in SELF_SUBJECTS:
        return EndpointSpec(OWNER, "person", "person")
    mention = _mention_named(fact, subject)
    if mention is not None:
        return _endpoint(mention)
    if fact.name and canonical_name(fact.name) == canonical_name(subject):
        kind = "person" if fact.entity_type == "person" else "entity"
        return EndpointSpec(subject, kind, fact.entity_type or "")
    return None


def _slot_edge(fact: CandidateFact, attitude: int | None, description: str) -> EdgeSpec | None:
    attribute = (fact.attribute or "").lower()
    value = (fact.value or "").strip()
    source = _subject_endpoint(fact)
    if source is None or not attribute:
        return None
    ends = bool(ENDING.match(value)) or fact.is_historical
    if attribute in SLOT_TYPES:
        rtype = SLOT_TYPES[attribute]
        target = _object_endpoint(fact, value, SLOT_TARGET_TYPES[rtype])
        if target is None:
            return None
        return EdgeSpec(source, target, "engages_with", rtype, 3, attitude, 0.6, ends, description)
    if attribute.startswith("relationship:"):
        other = attribute.split(":", 1)[1].strip()
        mention = _mention_named(fact, other)
        target = _endpoint(mention) if mention else EndpointSpec(other, "person", "person")
        said = value.lower()
        partner = next((t for word, t in PARTNER_VALUES.items() if said.startswith(word)), None)
        kin = RELATION_WORDS.get(said) or (said if said in KIN_VALUES else None)
        if partner is None and kin is not None and not ends:  # "Theo is Bethan's son": Bethan -son-> Theo
            rtype, proximity = tie_type(kin)
            return EdgeSpec(
                source, target, "has_relationship_with", rtype, proximity, attitude, 0.6, False, description
            )
        rtype = partner or "dating"
        return EdgeSpec(source, target, "has_relationship_with", rtype, 5, attitude, 0.7, ends, description)
    return None


def _ties_to_user(fact: CandidateFact, attitude: int | None, description: str) -> list[EdgeSpec]:
    """user -> person for every person the fact says how the user knows ("my friend Sarah")."""
    edges = []
    for mention in fact.entities:
        if mention.kind != "person" or not mention.relationship:
            continue
        said = attitude if mention.role != "mention" or len(fact.entities) == 1 else None
        edges.extend(tie_edges(mention, said, description if fact.memory_type == "entity" else None))
    return edges


def tie_edges(
    mention: EntityMention, attitude: int | None = None, description: str | None = None
) -> list[EdgeSpec]:
    """The user's tie to a person the way they put it ("my sister"): an imported contact states it too."""
    rtype, proximity = tie_type(mention.relationship or "")
    owner = EndpointSpec(OWNER, "person", "person")
    edges = [
        EdgeSpec(
            owner,
            _endpoint(mention),
            "has_relationship_with",
            rtype,
            proximity,
            attitude,
            0.6,
            False,
            description,
        )
    ]
    if rtype.startswith("ex_") or rtype == "ex":  # "Priya is my ex": the partner tie is over
        edges.append(EdgeSpec(owner, _endpoint(mention), "has_relationship_with", "partner", ends=True))
    return edges


def _co_mentions(fact: CandidateFact) -> list[EdgeSpec]:
    named = [m for m in fact.entities if m.kind in ("person", "entity")][:MAX_CO_MENTIONS]
    edges = []
    for i, first in enumerate(named):
        for second in named[i + 1 :]:
            both_people = first.kind == "person" and second.kind == "person"
            edges.append(
                EdgeSpec(
                    _endpoint(first),
                    _endpoint(second),
                    "connected_to" if both_people else "associated_with",
                    "knows" if both_people else "mentioned_with",
                    2,
                    None,
                    0.3,
                )
            )
    return edges


def _mention_named(fact: CandidateFact, name: str) -> EntityMention | None:
    key = canonical_name(name)
    return next((m for m in fact.entities if canonical_name(m.name) == key), None)


def _object_endpoint(fact: CandidateFact, value: str, default_type: str) -> EndpointSpec | None:
    """The slot's value is the edge's other end ("joined Linear after leaving Figma": Linear), as the
    mention that names it when there is one; a fact without a value falls back to its object."""
    cleaned = ENDING.sub("", value).strip(" .,") if value else ""
    cleaned = re.sub(r"^(?:at|in|from|to)\s+", "", cleaned, flags=re.I)
    key = canonical_name(cleaned) if cleaned else ""
    things = [m for m in fact.entities if m.kind != "person"]
    named = next((m for m in things if canonical_name(m.name) == key), None)
    if named is None and key:
        named = next((m for m in things if canonical_name(m.name) and canonical_name(m.name) in key), None)
    if named is not None:
        return _endpoint(named)
    if not cleaned:
        objects = [m for m in things if m.role == "object"]
        return _endpoint(objects[0]) if objects else None
    if not cleaned[0].isupper():
        return None  # a lowercase value ("a startup") names no node
    return EndpointSpec(cleaned, "entity", default_type)


def _endpoint(mention: EntityMention) -> EndpointSpec:
    entity_type = mention.entity_type or ("person" if mention.kind == "person" else "")
    return EndpointSpec(mention.name, mention.kind, entity_type)
