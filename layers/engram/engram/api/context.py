"""Request-scoped helpers for route functions.

Route functions take the caller as a parameter, `user_id: CurrentUser`, resolved by Powertools'
dependency injection from the `Request` of the resolver actually serving the call. (Reading
`router.current_event` instead is wrong: a module-level Router remembers only the last resolver
that included it, so two resolvers in one process would read each other's requests.)
"""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Depends, Request

from engram.api.auth import user_id_from_request


def authenticated_user(request: Request) -> str:
    """The caller's user id from the token (JWT `sub`, or `dev:` locally); Unauthorized otherwise."""
    return user_id_from_request(request.resolved_event.raw_event)


CurrentUser = Annotated[str, Depends(authenticated_user)]
