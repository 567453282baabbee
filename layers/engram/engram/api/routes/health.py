"""Liveness and database reachability; unauthenticated so load balancers and SREs can call it."""

from __future__ import annotations

from typing import Literal

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.router import Router
from pydantic import BaseModel, ConfigDict

from engram import __version__
from engram.api.openapi import answers
from engram.config import get_settings
from engram.errors import DatabaseUnavailable
from engram.lifecycle.health import database_reachable

router = Router()


class Providers(BaseModel):
    model_config = ConfigDict(extra="forbid")

    llm: str
    embeddings: str


class Health(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["ok", "degraded"]
    database: Literal["ok", "unreachable"]
    version: str
    stage: str
    providers: Providers


@router.get(
    "/v1/health",
    responses={
        **answers(Health, 200, "The database is reachable"),
        **answers(Health, 503, "The database is unreachable"),
    },
)
def health() -> Response[dict]:
    settings = get_settings()
    database_ok = database_reachable()
    body = {
        "status": "ok" if database_ok else "degraded",
        "database": "ok" if database_ok else "unreachable",
        "version": __version__,
        "stage": settings.stage,
        "providers": {
            "llm": settings.resolved_llm_provider,
            "embeddings": settings.resolved_embedding_provider,
        },
    }
    if database_ok:
        return Response(status_code=200, content_type=content_types.APPLICATION_JSON, body=body)
    retry_after = {"Retry-After": str(DatabaseUnavailable.RETRY_AFTER_SECONDS)}
    return Response(
        status_code=503, content_type=content_types.APPLICATION_JSON, body=body, headers=retry_after
    )
