"""A function's cold start imports no SDK that it does not use at import.

Every handler module is imported in a fresh interpreter with the environment a Lambda cold start has
(bench.bench_cold_start), once per provider configuration; the SDKs of the providers not configured
must not be in `sys.modules` afterwards. anthropic and openai live in a layer that deployments using
neither do not even attach, so importing one there would fail the function outright. Nor may any
handler's import load numpy (the requests that make or compare vectors load it) or botocore's clients
(boto3 loads with the first Bedrock or SQS call; X-Ray patches botocore then, not at start-up).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bench.bench_cold_start import FUNCTIONS, function_names, lambda_environment

SDK_OF_PROVIDER = {"anthropic": "anthropic", "openai": "openai", "bedrock": "boto3"}

_IMPORT_EVERY_HANDLER = """
import importlib.util, json, sys
for path in sys.argv[1:]:
    name = "handler_" + path.split("/")[-2]
    spec = importlib.util.spec_from_file_location(name, path)
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
print(json.dumps(sorted(sys.modules)))
"""

# Loaded by the requests that use them, never by a handler's import.
NOT_AT_IMPORT = {"numpy", "botocore.client"}


# Between them the two configurations leave each SDK out once (a third, rules + hash, would check nothing
# new: no handler's import depends on which provider is set).
@pytest.mark.parametrize(("llm", "embeddings"), [("bedrock", "bedrock"), ("anthropic", "openai")])
def test_handlers_import_only_the_configured_providers_sdks(llm: str, embeddings: str) -> None:
    env = lambda_environment(
        "search",
        {
            "ENGRAM_LLM_PROVIDER": llm,
            "ENGRAM_EMBEDDING_PROVIDER": embeddings,
            "ANTHROPIC_API_KEY": "sk-test",
            "OPENAI_API_KEY": "sk-test",
        },
    )
    handlers = [str(FUNCTIONS / name / "app.py") for name in function_names()]
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_EVERY_HANDLER, *handlers],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))

    configured = {SDK_OF_PROVIDER.get(llm), SDK_OF_PROVIDER.get(embeddings)}
    unused = set(SDK_OF_PROVIDER.values()) - configured
    assert not unused & loaded, f"{llm} + {embeddings}: the handlers' import loaded {sorted(unused & loaded)}"
    assert not NOT_AT_IMPORT & loaded, f"the handlers' import loaded {sorted(NOT_AT_IMPORT & loaded)}"
    assert len(handlers) == 7


_TRACED_AFTER_IMPORT = """
import json, sys
import app
import boto3, botocore.client, psycopg, wrapt
wrapped = {
    "botocore": isinstance(vars(botocore.client.BaseClient)["_make_api_call"], wrapt.FunctionWrapper),
    "psycopg": isinstance(psycopg.connect, wrapt.FunctionWrapper),
}
print(json.dumps(wrapped))
"""


@pytest.mark.parametrize("tracing", ["on", "off"])
def test_xray_patches_aws_and_sql_calls_once_their_libraries_load(tracing: str) -> None:
    """Tracing on (as deployed), the AWS SDK's calls and SQL still become X-Ray subsegments although
    neither library is patched at start-up; tracing off, nothing is patched."""
    extra = {"POWERTOOLS_TRACE_DISABLED": "true"} if tracing == "off" else {}
    done = subprocess.run(
        [sys.executable, "-c", _TRACED_AFTER_IMPORT],
        cwd=FUNCTIONS / "search",
        env=lambda_environment("search", extra),
        capture_output=True,
        text=True,
        check=True,
    )
    wrapped = json.loads(done.stdout.strip().splitlines()[-1])
    assert wrapped == {"botocore": tracing == "on", "psycopg": tracing == "on"}
