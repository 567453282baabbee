"""Request-scoped helpers for route functions."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

from engram.api.auth import user_id_from_request


def current_user_id(router: BaseRouter) -> str:
    """The authenticated caller of the request being handled by `router`."""
    return user_id_from_request(router.current_event.raw_event)
