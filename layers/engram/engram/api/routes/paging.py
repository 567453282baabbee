"""The `limit` and `cursor` query parameters of every keyset-paginated list route, declared once so the
routes page alike: at most 200 items (50 unless asked), and `cursor` is the previous page's
`next_cursor`, an opaque token (a cursor the API did not issue is a 400 naming `cursor`)."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Query

DEFAULT_PAGE_SIZE = 50
PageLimit = Annotated[int, Query(ge=1, le=200)]
PageCursor = Annotated[str | None, Query(max_length=512)]
