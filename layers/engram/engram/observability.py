"""Powertools logger, metrics and tracer shared by every handler and service.

Logs carry structured keys, never user content or prompts unless verbose logging is on (stage
local/dev and MEMORY_LOG_VERBOSE=true). The tracer is a no-op outside Lambda.
"""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer

SERVICE = "engram"
METRICS_NAMESPACE = "Engram"

logger = Logger(service=SERVICE)
metrics = Metrics(service=SERVICE, namespace=METRICS_NAMESPACE)
tracer = Tracer(service=SERVICE)
