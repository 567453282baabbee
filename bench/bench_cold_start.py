"""Cold start: how long each Lambda function's handler module takes to import, and what it costs.

Each run imports `functions/<name>/app.py` in a fresh interpreter, as the Lambda runtime does on a cold
start: the function's folder first on the path, the environment of the SAM template's defaults (Bedrock
for the model and the embeddings, no provider keys) and `LAMBDA_TASK_ROOT` set, so libraries take their
in-Lambda branch (the X-Ray recorder samples locally instead of building an X-Ray client) and tracing is
on, as the template deploys it (`Tracing: Active`; `--tracing off` measures POWERTOOLS_TRACE_DISABLED).
Two cases:

- bytecode: the interpreter finds compiled bytecode for every module (a layer that ships `.pyc`);
- source: a fresh, empty bytecode cache on every run, so every module is compiled as it is imported
  (a layer without `.pyc`: Lambda's /opt is read-only, so nothing compiled there is kept).

Per function it prints the median import time over the runs (wall clock, and in brackets the CPU time
of the importing process, which a machine busy with other work inflates far less), the CPU time of the
imports a first request may still do after it (boto3 with the database secret or a Bedrock/SQS call,
numpy with the first vectors; what the handler already loaded costs nothing there), the packages that
cost most (self time of `-X importtime`, summed per top-level package, per `engram.<subpackage>` for
our own code), the heavy SDKs the import loaded, and how much of the built layer the loaded packages
take on disk (if `make layer-size` has built it). Nothing is asserted; the tests that a handler loads
no SDK it does not use at import (numpy, botocore's clients, an unconfigured provider's) are in
tests/unit/test_handler_imports.py.

    python -m bench.bench_cold_start [--runs 5] [--functions analyze,search] [--no-source] [--tracing off]
    python -m bench.bench_cold_start --python python3.12 --layer <built layer>/python --layer <boto3 dir>

The second form measures a built layer instead of this environment: `make -C layers/engram
build-EngramLayer ARCH=x86_64 PYTHON=python3.12 ARTIFACTS_DIR=...` builds one this machine can load, and
`pip install --target <boto3 dir> boto3` stands for what the runtime ships.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS = ROOT / "functions"
LAYER_BUILD = ROOT / ".engram" / "layer-size" / "EngramLayer" / "python"

# SDKs whose import alone costs tens of milliseconds: a handler should load one only when it is used.
# botocore.client, not botocore: Powertools imports botocore's (small) package at start-up everywhere.
HEAVY = (
    "anthropic",
    "openai",
    "boto3",
    "botocore.client",
    "numpy",
    "aws_xray_sdk",
    "rapidfuzz",
    "dateparser",
)

# The template's environment (template.yaml Globals) as far as imports read it, without AWS resources.
LAMBDA_ENV = {
    "AWS_LAMBDA_FUNCTION_NAME": "engram-cold-start",
    "AWS_REGION": "us-east-1",
    "AWS_DEFAULT_REGION": "us-east-1",
    "POWERTOOLS_SERVICE_NAME": "engram",
    "POWERTOOLS_METRICS_NAMESPACE": "Engram",
    "ENGRAM_STAGE": "dev",
    "ENGRAM_QUEUE": "sqs",
    "ENGRAM_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/engram.fifo",
    "ENGRAM_LLM_PROVIDER": "bedrock",
    "ENGRAM_EMBEDDING_PROVIDER": "bedrock",
}

# What a cold start's first request may still import after the handler (CPU time each, in this order):
# boto3 with the first database connection in Lambda (the database secret is read through it) or the
# first Bedrock or SQS call, numpy with the first request that makes or compares vectors.
FIRST_REQUEST = ("boto3", "numpy")

# Written to stderr between the handler's import and FIRST_REQUEST's: `-X importtime` lines after it are
# not the handler's.
AFTER_IMPORT = "-- handler imported"

# Runs inside the fresh interpreter: time the import, report what it loaded, then time FIRST_REQUEST's.
_PROBE = f"""
import json, sys, time
began, began_cpu = time.perf_counter(), time.process_time()
import app
elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
modules = sorted(sys.modules)
files = sorted({{getattr(m, "__file__", None) or "" for m in list(sys.modules.values())}} - {{""}})
sys.stderr.write({AFTER_IMPORT!r} + "\\n")
later = {{}}
for name in {FIRST_REQUEST!r}:
    began_cpu = time.process_time()
    __import__(name)
    later[name] = time.process_time() - began_cpu
print(json.dumps({{"seconds": elapsed, "cpu": cpu, "modules": modules, "files": files, "later": later}}))
"""


def function_names() -> list[str]:
    return sorted(p.parent.name for p in FUNCTIONS.glob("*/app.py"))


def lambda_environment(
    function: str, extra: dict[str, str] | None = None, layers: tuple[str, ...] = ()
) -> dict[str, str]:
    """The variables a cold start in Lambda sees, minus this process's ENGRAM_*/provider settings; the
    function's folder first on the path, then `layers` (as /opt/python comes before the runtime's own)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ENGRAM_", "MEMORY_", "POWERTOOLS_"))}
    for key in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE"):
        env.pop(key, None)
    env.update(LAMBDA_ENV)
    env["LAMBDA_TASK_ROOT"] = str(FUNCTIONS / function)
    env["PYTHONPATH"] = os.pathsep.join([str(FUNCTIONS / function), *layers])
    if layers:
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # /opt is read-only in Lambda: only shipped bytecode counts
    env.update(extra or {})
    return env


def import_once(
    function: str, env: dict[str, str], *, python: str = sys.executable, flags: tuple = ()
) -> dict:
    """Import the handler in a fresh interpreter; the probe's report plus the interpreter's stderr."""
    done = subprocess.run(
        [python, "-s", *flags, "-c", _PROBE],
        cwd=FUNCTIONS / function,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    report["stderr"] = done.stderr
    return report


def median_import(function: str, args: argparse.Namespace, *, from_source: bool) -> tuple[str, str]:
    """'wall (cpu)' milliseconds, medians over the runs (CPU time is what a busy machine inflates least),
    and the CPU milliseconds of FIRST_REQUEST's imports after it, 'boto3 + numpy'."""
    wall, cpu = [], []
    later: dict[str, list[float]] = {name: [] for name in FIRST_REQUEST}
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="engram-pycache-") as cache:
            extra = {**args.env, "PYTHONPYCACHEPREFIX": cache} if from_source else args.env
            report = import_once(function, lambda_environment(function, extra, args.path), python=args.python)
            wall.append(report["seconds"])
            cpu.append(report["cpu"])
            for name, seconds in report["later"].items():
                later[name].append(seconds)
    then = " + ".join(f"{statistics.median(later[name]) * 1000:.0f}" for name in FIRST_REQUEST)
    return f"{statistics.median(wall) * 1000:.0f} ({statistics.median(cpu) * 1000:.0f})", then


def package_of(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "engram" else parts[0]


def costliest(importtime_stderr: str, top: int) -> list[tuple[str, float]]:
    """Self time of `-X importtime` summed per package, most first (milliseconds)."""
    cost: Counter[str] = Counter()
    for line in importtime_stderr.partition(AFTER_IMPORT)[0].splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _cumulative, name = (field.strip() for field in line[len("import time:") :].split("|"))
        cost[package_of(name)] += int(self_us) / 1000
    return cost.most_common(top)


def layer_megabytes(files: list[str], path: tuple[str, ...]) -> float | None:
    """On-disk size in the built layer of the top-level packages these module files belong to."""
    if not LAYER_BUILD.is_dir():
        return None
    tops = set()
    for file in files:
        for site in [*path, *(p for p in sys.path if p.endswith("site-packages"))]:
            if file.startswith(site + os.sep):
                tops.add(Path(file).relative_to(site).parts[0].removesuffix(".py"))
    tops.add("engram")
    size = 0
    for top in tops:
        for candidate in (LAYER_BUILD / top, LAYER_BUILD / f"{top}.py", LAYER_BUILD / f"{top}.libs"):
            if candidate.is_file():
                size += candidate.stat().st_size
            elif candidate.is_dir():
                size += sum(f.stat().st_size for f in candidate.rglob("*") if f.is_file())
    return size / 1e6


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_cold_start",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=5, help="imports per function and case (median)")
    parser.add_argument("--functions", default="", help="comma-separated names (default: all)")
    parser.add_argument("--top", type=int, default=4, help="costliest packages listed per function")
    parser.add_argument("--no-source", action="store_true", help="skip the case without bytecode")
    parser.add_argument(
        "--tracing",
        choices=("on", "off"),
        default="on",
        help="X-Ray tracing as deployed (on) or switched off with POWERTOOLS_TRACE_DISABLED (off)",
    )
    parser.add_argument(
        "--layer",
        action="append",
        default=[],
        help="import from this folder (a built layer's python/, or one holding boto3 as the runtime does)"
        " instead of this environment; repeatable, in path order; use with --python",
    )
    parser.add_argument("--python", default=sys.executable, help="the interpreter (a 3.12 for --layer)")
    args = parser.parse_args(argv)
    args.path = tuple(str(Path(layer).resolve()) for layer in args.layer)
    args.env = {"POWERTOOLS_TRACE_DISABLED": "true"} if args.tracing == "off" else {}
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    names = [n for n in args.functions.split(",") if n] or function_names()
    where = ", ".join(args.layer) or "this environment"
    print(
        f"handler import in a fresh interpreter, median of {args.runs} runs, ms ({args.python}; {where};"
        f" tracing {args.tracing})"
    )
    print(
        "| function | bytecode: wall (cpu) | then: boto3 + numpy (cpu) | source: wall (cpu)"
        " | costliest (self ms) | SDKs | layer MB |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in names:
        env = lambda_environment(name, args.env, layers=args.path)
        # also leaves bytecode for the runs below where none was shipped
        profile = import_once(name, env, python=args.python, flags=("-X", "importtime"))
        warm, then = median_import(name, args, from_source=False)
        cold = "-" if args.no_source else median_import(name, args, from_source=True)[0]
        top = ", ".join(f"{pkg} {ms:.0f}" for pkg, ms in costliest(profile["stderr"], args.top))
        heavy = ", ".join(m for m in HEAVY if m in profile["modules"]) or "none"
        size = layer_megabytes(profile["files"], args.path)
        size_text = "-" if size is None else f"{size:.0f}"
        print(f"| {name} | {warm} | {then} | {cold} | {top} | {heavy} | {size_text} |")
    if not LAYER_BUILD.is_dir():
        print("(layer MB: run `make layer-size` first)")


if __name__ == "__main__":
    main()
