"""The labelled name pairs (tests/data/name_pairs.tsv) and the precision/recall of "same" over them."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engram.graph.resolution import choose
from engram.language.names import canonical_name

PAIRS_FILE = Path(__file__).parent / "data" / "name_pairs.tsv"


@dataclass(frozen=True)
class NamePair:
    mention: str
    known: str
    entity_type: str
    same: bool
    aliases: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Score:
    precision: float
    recall: float
    false_merges: list[NamePair]  # labelled different, resolved to one node
    misses: list[NamePair]  # labelled same, resolved to two nodes


def load_pairs() -> list[NamePair]:
    pairs = []
    for line in PAIRS_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        mention, known, entity_type, label, aliases, why = line.split("\t")
        assert label in ("same", "different"), line
        pairs.append(
            NamePair(
                mention, known, entity_type, label == "same", tuple(a for a in aliases.split(";") if a), why
            )
        )
    return pairs


def score(pairs: list[NamePair], resolves_to_known: Callable[[NamePair], bool]) -> Score:
    """Precision and recall of the decision "the mention is the known node"."""
    decided = [(pair, resolves_to_known(pair)) for pair in pairs]
    true_positive = sum(1 for pair, same in decided if same and pair.same)
    said_same = sum(1 for _, same in decided if same)
    labelled_same = sum(1 for pair in pairs if pair.same)
    return Score(
        precision=true_positive / said_same if said_same else 1.0,
        recall=true_positive / labelled_same,
        false_merges=[pair for pair, same in decided if same and not pair.same],
        misses=[pair for pair, same in decided if not same and pair.same],
    )


def resolved_by_choose(pair: NamePair) -> bool:
    """The resolver's decision with the known name as the one candidate node, as SQL would offer it."""
    mention = canonical_name(pair.mention)
    aliases = [canonical_name(a) for a in pair.aliases]
    node = {
        "id": uuid.uuid4(),
        "canonical_name": canonical_name(pair.known),
        "aliases": aliases,
        "entity_type": pair.entity_type,
        "relationship": None,
        "exact": mention == canonical_name(pair.known) or mention in aliases,
    }
    return choose(mention, pair.entity_type, None, [node]).entity_id == node["id"]
