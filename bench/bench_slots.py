"""Attribute slots: does the offline write path store what a note says about the user and the people in
it (where they work, what they do, where they live, who they are to the user, what they eat or take)?

Search answers "where does my sister live?" or "who is my physio?" from these slots even when the
question shares no word with the note, so a slot the rules miss is a question that can only be answered
by its words, and a wrong one ("Retired from the merchant navy" as an employer "retired") answers the
wrong question.

The labelled set is bench/data/attribute_slots.tsv: short notes as a phone app's user writes or dictates
them, each with the slots a careful reader would store (`subject|attribute|value`, several joined by
" ; ", none for a note that states no slot: a plan, a visit, another's thing, a membership). Its header
says what each attribute covers. Two splits are reported apart: `tuning`, which anyone may read and tune
the rules on, and `holdout`, written apart by another author before any rule was changed for this set,
and tuned on by nobody, so the gap between the two says whether the rules generalise; `holdout2`,
written by a third author after the rules had been changed against the other two, scored once;
`tuning2`, notes about work by a fourth author who read neither the rules nor the other splits, read
and tuned on like `tuning`.

Scoring. The extractor (`RulesExtractor`, no database) reads each note alone. A stored fact is scored when
its attribute is one of `ATTRIBUTES` (a keyed one, "medication:sertraline", by the part before the
colon). It is right when a labelled fact has the same subject and attribute (case folded, "my " and
articles dropped) and, for the attributes whose value matters, the same value (case and accents folded,
articles dropped, tie words read through the vocabulary: "mum" is "mother", "flatmate" "roommate", a
husband or wife a spouse, a best friend a friend; a key's words singular; labels may give alternatives
with "/"). A `relation` fact whose subject is itself a tie word ("Mum is my
mother") says nothing the note did not and is not scored, and neither is what the write path stores as
history ("my old job at Sainsburys") or as an ending ("left Pret", "laid off"): no label is a past state.
Per attribute and overall: precision, recall and F1; for the tuning splits, each miss and each wrong
fact is listed. Nothing is asserted (the floors are
in tests/unit/test_attribute_slots.py).

    python -m bench.bench_slots [--set tuning|holdout|holdout2|tuning2|all] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "attribute_slots.tsv"
SETS = ("tuning", "holdout", "holdout2", "tuning2")
ATTRIBUTES = (
    "employer",
    "job_title",
    "location",
    "school",
    "relation",
    "relationship",
    "diet",
    "allergy",
    "intolerance",
    "medication",
    "preference",
    "favorite",
    "salary",
    "rent",
    "age",
)
# Scored by subject and attribute alone: a dose, an amount or "allergic" is written too many ways.
KEY_ONLY = frozenset({"allergy", "intolerance", "medication", "salary", "rent"})
OBSERVED_AT = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Fact:
    subject: str
    attribute: str
    value: str

    @property
    def family(self) -> str:
        return self.attribute.split(":", 1)[0]


@dataclass(frozen=True)
class Note:
    split: str
    text: str
    gold: tuple[Fact, ...]


def load_notes(path: Path = DATA) -> list[Note]:
    notes = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("split\t"):
            continue
        split, text, labels = [*line.split("\t"), ""][:3]
        if split not in SETS:
            raise ValueError(f"{path.name}:{number}: unknown split {split!r}")
        gold = []
        for label in filter(None, (part.strip() for part in labels.split(" ; "))):
            subject, attribute, value = label.split("|")
            if attribute.split(":", 1)[0] not in ATTRIBUTES:
                raise ValueError(f"{path.name}:{number}: unknown attribute {attribute!r}")
            gold.append(Fact(subject, attribute, value))
        notes.append(Note(split, text, tuple(gold)))
    return notes


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    text = text.replace("(e)", "").strip(" .!?,'\"")
    words = [w for w in text.split() if w not in {"the", "a", "an", "my", "our"}]
    return " ".join(words)


# One tie, said more or less exactly: a husband or wife is a spouse, a best friend a friend.
_SAME_TIE = {"husband": "spouse", "wife": "spouse", "ex-wife": "ex", "ex-husband": "ex", "fiancee": "fiance"}


def _tie(word: str) -> str:
    from engram.language.text.vocabulary import RELATION_WORDS

    folded = _fold(word).replace("neighbour", "neighbor")
    if folded not in RELATION_WORDS and folded.split()[-1:] and folded.split()[-1] in RELATION_WORDS:
        folded = folded.split()[-1]  # "best friend", "older brother"
    tie = _fold(RELATION_WORDS.get(folded, folded))
    return _SAME_TIE.get(tie, tie)


def _key(attribute: str) -> str:
    """ "preference:Mushrooms" and "preference:mushroom" are one key."""
    from engram.language.text import singular

    family, _, key = _fold(attribute).partition(":")
    return f"{family}:{' '.join(singular(w) for w in key.split())}" if key else family


def _same_value(family: str, predicted: str, labelled: str) -> bool:
    if family in KEY_ONLY:
        return True
    options = labelled.split("/")
    if family == "relation":
        return _tie(predicted) in {_tie(o) for o in options}
    return _fold(predicted) in {_fold(o) for o in options}


def matches(predicted: Fact, labelled: Fact) -> bool:
    return (
        _fold(predicted.subject) == _fold(labelled.subject)
        and _key(predicted.attribute) == _key(labelled.attribute)
        and _same_value(predicted.family, predicted.value, labelled.value)
    )


def _says_nothing(fact: Fact) -> bool:
    """ "Mum is my mother": a relation whose subject is its own tie word. An ending stored as a slot's
    value ("left Pret", "laid off") is how the write path retires the slot's holder: it says what the
    subject no longer has, which the labels leave out (no note's label is a past state)."""
    from engram.language.changes import JOB_ENDINGS, reads_as_ending
    from engram.language.text.vocabulary import RELATION_WORDS

    if reads_as_ending(fact.value) or fact.value.lower() in JOB_ENDINGS:
        return True
    return fact.family == "relation" and (not fact.value or _fold(fact.subject) in RELATION_WORDS)


def extract(text: str) -> list[Fact]:
    from engram.engines.ports import ExtractionInput, TurnInput
    from engram.engines.rules.extractor import RulesExtractor

    result = RulesExtractor().extract(
        ExtractionInput(source_id="bench", turns=[TurnInput(content=text)], observed_at=OBSERVED_AT)
    )
    # a past state ("my old job at Sainsburys") is stored as history, not as what the subject has now
    facts = [
        Fact(f.subject or "", f.attribute, f.value or "")
        for f in result.facts
        if f.attribute and not f.is_historical
    ]
    return [f for f in facts if f.family in ATTRIBUTES and not _says_nothing(f)]


@dataclass
class Outcome:
    note: Note
    right: list[Fact]
    wrong: list[Fact]
    missed: list[Fact]


def score_note(note: Note, predicted: list[Fact]) -> Outcome:
    unmatched = list(note.gold)
    right, wrong = [], []
    for fact in dict.fromkeys(predicted):
        hit = next((gold for gold in unmatched if matches(fact, gold)), None)
        if hit is None:
            wrong.append(fact)
        else:
            unmatched.remove(hit)
            right.append(fact)
    return Outcome(note, right, wrong, unmatched)


def tally(outcomes: list[Outcome]) -> dict[str, dict[str, float]]:
    counts: dict[str, Counter[str]] = {}
    for outcome in outcomes:
        for key, facts in (("tp", outcome.right), ("fp", outcome.wrong), ("fn", outcome.missed)):
            for fact in facts:
                for family in (fact.family, "overall"):
                    counts.setdefault(family, Counter())[key] += 1
    table = {}
    for family in (*ATTRIBUTES, "overall"):
        c = counts.get(family, Counter())
        precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
        recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        table[family] = {"gold": c["tp"] + c["fn"], "stored": c["tp"] + c["fp"], "precision": precision,
                         "recall": recall, "f1": f1}  # fmt: skip
    return table


def score(split: str, notes: list[Note]) -> tuple[dict[str, dict[str, float]], list[Outcome]]:
    outcomes = [score_note(note, extract(note.text)) for note in notes if note.split == split]
    return tally(outcomes), outcomes


def render(split: str, table: dict[str, dict[str, float]], outcomes: list[Outcome]) -> list[str]:
    quiet = sum(1 for o in outcomes if not o.note.gold)
    lines = [
        f"\n## {split}: {len(outcomes)} notes ({quiet} state no slot)\n",
        "| attribute | labelled | stored | precision | recall | F1 |",
        "|---|---|---|---|---|---|",
    ]
    for family, row in table.items():
        if row["gold"] or row["stored"]:
            lines.append(
                f"| {family} | {row['gold']} | {row['stored']} | {row['precision']:.3f} | "
                f"{row['recall']:.3f} | {row['f1']:.3f} |"
            )
    if split.startswith("tuning"):  # the holdouts' misses are counted, never read
        for o in outcomes:
            if o.wrong or o.missed:
                lines.append(f"- {o.note.text!r}")
                lines.extend(f"    wrong  {f.subject}|{f.attribute}|{f.value}" for f in o.wrong)
                lines.extend(f"    missed {f.subject}|{f.attribute}|{f.value}" for f in o.missed)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", choices=(*SETS, "all"), default="all")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    notes = load_notes()
    report: dict[str, Any] = {}
    for split in SETS if args.set == "all" else (args.set,):
        table, outcomes = score(split, notes)
        report[split] = table
        print("\n".join(render(split, table, outcomes)))
    if args.out:
        args.out.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
