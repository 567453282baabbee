"""Powertools logger, metrics and tracer shared by every handler and service.

Logs carry structured keys, never user content or prompts unless verbose logging is on (stage
local/dev and MEMORY_LOG_VERBOSE=true). The tracer is a no-op outside Lambda.
"""

from __future__ import annotations

from functools import partial
from types import ModuleType

from aws_lambda_powertools import Logger, Metrics, Tracer

SERVICE = "engram"
METRICS_NAMESPACE = "Engram"

# Libraries the X-Ray SDK patches to record their calls, botocore's (Bedrock, SQS, Secrets Manager) and
# psycopg's connections: the module whose import has the library patched -> its name in aws_xray_sdk.
# Not botocore itself: Powertools imports that package at start-up. Every client is made through
# botocore.session, which imports botocore.client, the module the patch wraps (it needs it imported in
# full, so the hook cannot be on botocore.client itself).
TRACED_LIBRARIES = {"botocore.session": "botocore", "psycopg": "psycopg"}

logger = Logger(service=SERVICE)
metrics = Metrics(service=SERVICE, namespace=METRICS_NAMESPACE)
# No patching at start-up: Powertools' default patches every library X-Ray supports, importing each one
# (botocore, requests) in every function, called or not. `trace_libraries_when_imported` patches ours.
tracer = Tracer(service=SERVICE, auto_patch=False)


def trace_libraries_when_imported() -> None:
    """Patch each of TRACED_LIBRARIES for X-Ray as soon as it is imported (now, if it already is), so a
    function that never loads botocore does not import it to patch it; nothing while tracing is off."""
    if tracer.disabled:
        return
    import wrapt  # aws-xray-sdk's own dependency, which it patches with

    for module, library in TRACED_LIBRARIES.items():
        wrapt.when_imported(module)(partial(_patch, library))


def _patch(library: str, _module: ModuleType) -> None:
    from aws_xray_sdk.core import patch

    # psycopg's patch also wraps psycopg_pool, which we do not install: that half fails, quietly.
    patch((library,), raise_errors=False)


trace_libraries_when_imported()
