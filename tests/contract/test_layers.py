"""The package's shape holds without anyone watching: imports run downward between layers (the
contracts in pyproject.toml), no two modules import each other even indirectly, and no room grows
past what a reader can hold (a function fits on a screen, a module is one subject)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "layers" / "engram" / "engram"
MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 800


def test_imports_run_downward_between_layers() -> None:
    # its own process: import-linter configures logging with dictConfig, which would silence the
    # service's loggers for every later test in this one
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"a layer imports one above it:\n{run.stdout[-3000:]}"


def test_no_module_imports_itself_through_others() -> None:
    graph = grimp.build_graph("engram", cache_dir=None)  # no cache written into the checkout
    cycles = sorted(_cycles({m: graph.find_modules_directly_imported_by(m) for m in graph.modules}))
    assert cycles == [], f"modules that import each other: {cycles}"


def test_no_function_is_longer_than_a_screen() -> None:
    long = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)"
        for path, node, lines in _functions()
        if lines > MAX_FUNCTION_LINES
    ]
    assert long == []


def test_no_module_holds_more_than_one_subject() -> None:
    big = [str(p.relative_to(ROOT)) for p in PACKAGE.rglob("*.py") if _lines(p) > MAX_MODULE_LINES]
    assert big == []


def _functions() -> Iterator[tuple[Path, ast.FunctionDef | ast.AsyncFunctionDef, int]]:
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield path, node, (node.end_lineno or node.lineno) - node.lineno + 1


def _lines(path: Path) -> int:
    with path.open() as handle:
        return sum(1 for _ in handle)


def _cycles(imports: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(tuple(sorted(component)))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    # the check above must be able to fail: a -> b -> c -> a is one cycle, d stands alone
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [("a", "b", "c")]
    assert _cycles({"a": {"b"}, "b": set()}) == []
