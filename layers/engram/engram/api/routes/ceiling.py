"""The `sensitivity_max` query parameter of the graph and entity reads.

Left out, a read applies the user's default sensitivity level (their preferences), as search does; given,
it raises or lowers that ceiling for the one request. What each level hides is `db.repositories.visibility`.
"""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.openapi.params import Query

from engram.models import SensitivityLevel

Ceiling = Annotated[
    SensitivityLevel | None,
    Query(description="the most sensitive level shown (default: the user's default sensitivity level)"),
]
