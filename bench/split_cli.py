"""The command line of a benchmark over a labelled set in splits (bench_dates, bench_ties): `--set` picks
a split or all of them, `--out` writes the figures as JSON; the report is printed."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

Run = Callable[[tuple[str, ...]], tuple[dict[str, Any], list[str]]]


def split_main(doc: str, sets: Sequence[str], run: Run, argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=(*sets, "all"), default="all")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    results, lines = run(tuple(sets) if args.set == "all" else (args.set,))
    print("\n".join(lines))
    if args.out:
        args.out.write_text(json.dumps(results, indent=2))
    return 0
