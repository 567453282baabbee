"""What goes into the Lambda layers (layers/engram/Makefile) and what stays out.

The engram layer leaves out what the runtime ships (boto3, botocore) and the model SDKs; the model-SDK
layer is installed without dependency resolution, so its list must name exactly the SDKs' dependencies
the engram layer lacks, at the versions this environment resolved.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LAYER = ROOT / "layers" / "engram"


def requirements(path: Path) -> list[Requirement]:
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return [Requirement(line) for line in lines if line]


def closure(roots: list[Requirement]) -> set[str]:
    """Every distribution the roots need, by the metadata of what is installed here."""
    seen: set[str] = set()
    todo = [(root.name, set(root.extras)) for root in roots]
    while todo:
        name, extras = todo.pop()
        key = canonicalize_name(name)
        if key in seen and not extras:
            continue
        seen.add(key)
        try:
            requires = distribution(name).requires or []
        except PackageNotFoundError:
            continue
        for line in requires:
            req = Requirement(line)
            wanted = [{"extra": extra} for extra in extras or {""}]
            if req.marker is None or any(req.marker.evaluate(env) for env in wanted):
                todo.append((req.name, set(req.extras)))
    return seen


def pinned(reqs: list[Requirement]) -> dict[str, str]:
    return {canonicalize_name(r.name): str(r.specifier).removeprefix("==") for r in reqs}


def test_the_engram_layer_leaves_out_the_runtimes_aws_sdk_and_the_model_sdks() -> None:
    names = set(pinned(requirements(LAYER / "requirements.txt")))
    assert not names & {"boto3", "botocore", "s3transfer", "anthropic", "openai"}


def test_the_model_sdk_layer_holds_exactly_what_the_sdks_need_beyond_the_engram_layer() -> None:
    base = closure(requirements(LAYER / "requirements.txt"))
    sdk_layer = requirements(LAYER / "model-sdks.txt")
    sdks = [r for r in sdk_layer if canonicalize_name(r.name) in {"anthropic", "openai"}]

    assert set(pinned(sdk_layer)) == closure(sdks) - base
    for name, version in pinned(sdk_layer).items():
        assert distribution(name).version == version, name


def test_local_installs_get_what_the_layers_leave_out_at_the_same_pins() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    sdk_pins = pinned(requirements(LAYER / "model-sdks.txt"))
    model_sdks = pinned([Requirement(line) for line in extras["model-sdks"]])
    assert model_sdks == {name: sdk_pins[name] for name in ("anthropic", "openai")}
    assert set(pinned([Requirement(line) for line in extras["aws"]])) == {"boto3"}
    assert {"engram[aws]", "engram[model-sdks]"} <= set(extras["local"])
