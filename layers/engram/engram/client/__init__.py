"""A typed Python client for Engram's HTTP API, sync (`Engram`) and async (`AsyncEngram`).

It imports nothing of the service (pyproject.toml's import contracts hold it to that), so an app needs
only `pip install 'engram[client]'`. docs/client.md shows it in use.
"""

from engram.client.aio import AsyncEngram
from engram.client.errors import (
    ApiError,
    Conflict,
    ConnectionFailed,
    EngramClientError,
    Forbidden,
    NotFound,
    PayloadTooLarge,
    RateLimited,
    ServerError,
    ServiceUnavailable,
    Unauthorized,
    ValidationError,
)
from engram.client.models import (
    AnalyzeResult,
    Entity,
    EntityDetail,
    Job,
    Macro,
    Memory,
    Message,
    Page,
    Profile,
    RecallResult,
    SearchHit,
    SearchResult,
    Source,
    SourceDetail,
    SourceSpec,
    Storyline,
    Timeline,
)
from engram.client.retry import NO_RETRY, RetryPolicy
from engram.client.sync import Engram

__all__ = [
    "NO_RETRY",
    "AnalyzeResult",
    "ApiError",
    "AsyncEngram",
    "Conflict",
    "ConnectionFailed",
    "Engram",
    "EngramClientError",
    "Entity",
    "EntityDetail",
    "Forbidden",
    "Job",
    "Macro",
    "Memory",
    "Message",
    "NotFound",
    "Page",
    "PayloadTooLarge",
    "Profile",
    "RateLimited",
    "RecallResult",
    "RetryPolicy",
    "SearchHit",
    "SearchResult",
    "ServerError",
    "ServiceUnavailable",
    "Source",
    "SourceDetail",
    "SourceSpec",
    "Storyline",
    "Timeline",
    "Unauthorized",
    "ValidationError",
]
