"""One set of routers, served two ways: API Gateway HTTP API in Lambda, ASGI locally.

`lambda_api_handler` and `LocalASGIApp` both run the gate (413/401/400/429) before handing the request to a
Powertools resolver built by `build_resolver`, so validation, errors and JSON are identical.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response, content_types
from aws_lambda_powertools.event_handler.http_resolver import (
    HttpProxyEvent,
    HttpResolverLocal,
    MockLambdaContext,
    _RequestState,
)
from aws_lambda_powertools.event_handler.router import Router

from engram import __version__
from engram.api.errors import error_body, logger, register_error_handlers
from engram.api.gate import admit_request
from engram.api.openapi import OpenApiDocument, answers, document_statuses
from engram.config import get_settings
from engram.errors import EngramError, InvalidJson, ValidationFailed

OPENAPI_PATH = "/v1/openapi.json"


def default_routers() -> list[Router]:
    """Every router of the API. Lambda functions pass their own subset to `build_resolver`."""
    from engram.api.routes import (
        account,
        analyze,
        consolidate,
        entities,
        explore,
        feedback,
        graph,
        health,
        hierarchy,
        jobs,
        memories,
        memory_update,
        preferences,
        profile,
        recall,
        search,
        sources,
        teams,
        timeline,
    )

    return [
        health.router,
        analyze.router,
        memory_update.router,
        search.router,
        explore.router,
        recall.router,
        timeline.router,
        graph.router,
        jobs.router,
        preferences.router,
        memories.router,
        entities.router,
        feedback.router,
        account.router,
        profile.router,
        consolidate.router,
        sources.router,
        hierarchy.router,
        teams.router,
    ]


def build_resolver(kind: str, routers: Sequence[Router] | None = None) -> APIGatewayHttpResolver:
    """A resolver (`lambda` or `local`) with the routers, the error contract and the OpenAPI route."""
    app: Any = (
        APIGatewayHttpResolver(enable_validation=True)
        if kind == "lambda"
        else LocalResolver(enable_validation=True)
    )
    for router in routers if routers is not None else default_routers():
        app.include_router(router)
    register_error_handlers(app)

    @app.get(OPENAPI_PATH, responses=answers(OpenApiDocument, description="This document"))
    def openapi() -> Response[str]:
        return Response(status_code=200, content_type=content_types.APPLICATION_JSON, body=openapi_json())

    if kind != "lambda":
        app.build_route_stacks()
    return app


@cache
def openapi_json() -> str:
    """The whole API's document, whichever resolver serves it. In Lambda each function's resolver holds
    only that function's routes, and the one serving `GET /v1/openapi.json` would describe those alone;
    the document is built from every router instead (once per process)."""
    everything = build_resolver("lambda")
    schema = json.loads(everything.get_openapi_json_schema(title="Engram", version=__version__))
    return json.dumps(document_statuses(schema))


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";")[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def _json_content_type(headers: dict[str, str]) -> dict[str, str]:
    """The API speaks JSON only: a body sent as form data or without a type is read as JSON, so a
    client that forgot the header gets a clear answer about its JSON rather than about form fields."""
    current = next((v for k, v in headers.items() if k.lower() == "content-type"), None)
    if _is_json(current):
        return headers
    fixed = {k: v for k, v in headers.items() if k.lower() != "content-type"}
    fixed["content-type"] = "application/json"
    return fixed


def _error_event(exc: EngramError) -> dict:
    headers = {"Content-Type": content_types.APPLICATION_JSON}
    if getattr(exc, "retry_after", None):
        headers["Retry-After"] = str(exc.retry_after)
    return {
        "statusCode": exc.status,
        "headers": headers,
        "body": json.dumps(error_body(exc.code, exc.message, exc.field)),
        "isBase64Encoded": False,
    }


def lambda_api_handler(app: APIGatewayHttpResolver) -> Callable[[dict, Any], dict]:
    """Wrap a Lambda resolver with the gate; API Gateway HTTP API payload format 2.0."""

    def handle(event: dict, context: Any) -> dict:
        raw = event.get("body") or ""
        try:
            body = (
                base64.b64decode(raw, validate=True)
                if event.get("isBase64Encoded")
                else raw.encode("utf-8", "surrogatepass")
            )
        except (binascii.Error, ValueError):
            return _error_event(InvalidJson("the request body is not valid base64", field="body"))
        path = event.get("rawPath") or (event.get("requestContext") or {}).get("http", {}).get("path", "")
        try:
            admit_request(path, event, body, event.get("rawQueryString") or "")
        except EngramError as refused:
            return _error_event(refused)
        if body:
            event = {**event, "headers": _json_content_type(event.get("headers") or {})}
        return app.resolve(event, context)

    return handle


class LocalResolver(HttpResolverLocal):
    """Powertools' local resolver, driven through its synchronous path on a thread of our own pool.

    Its ASGI entry point runs each middleware step on the default executor and blocks a pool thread
    while it waits for the next step queued on that same pool: at seven concurrent requests every
    thread waited on work no thread was free to run, and the server never answered again. Here a
    request is resolved start to finish on one thread, as Lambda does, with the request state in
    the resolver's context variable (per thread), so concurrent requests never see each other's.
    """

    def build_route_stacks(self) -> None:
        """Wrap every route in its middleware now, on one thread. Powertools wraps a route on its first
        request, in place and unlocked: two threads' first requests to one route wrapped it twice, and
        from then on every request to it failed with a 500 until the process restarted (200 concurrent
        requests to a fresh `engram serve`)."""
        for route in [*self._static_routes, *self._dynamic_routes]:
            if not route._middleware_stack_built:
                route._build_middleware_stack(router_middlewares=self._router_middlewares, app=self)

    def resolve_request(
        self, method: str, path: str, headers: dict[str, str], body: bytes, query: str
    ) -> dict:
        event = HttpProxyEvent(
            method=method, path=path, headers=headers, body=body or None, query_string=query
        )
        state = _RequestState(event=self._to_proxy_event(event._data), lambda_context=MockLambdaContext())
        token = self._request_state.set(state)
        try:
            return self._build_response(self._resolve())
        finally:
            self._request_state.reset(token)


class LocalASGIApp:
    """ASGI app for `engram serve`: read the body (bounded), the gate, then the resolver on a thread.

    The event loop only moves bytes; every request runs on `threads` worker threads (each with its own
    database connection), so a slow request never holds up `/v1/health` or the others.
    """

    def __init__(self, resolver: LocalResolver, threads: int = 16):
        self.resolver = resolver
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="engram-http")

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        headers, repeated = _asgi_headers(scope.get("headers", []))
        # Stop reading as soon as the body is known to be too large: never buffer an oversized upload.
        limit = get_settings().max_body_bytes
        declared = headers.get("content-length", "")
        body = b""
        size = int(declared) if declared.isdigit() else 0
        while size <= limit:
            message = await receive()
            body += message.get("body", b"")
            size = max(size, len(body))
            if not message.get("more_body", False):
                break
        query = scope.get("query_string", b"").decode("utf-8", "surrogateescape")
        loop = asyncio.get_running_loop()
        # The gate parses the body: on a pool thread too, so a large body never holds up the loop.
        response = await loop.run_in_executor(
            self.pool, self._answer, scope["method"], scope["path"], headers, repeated, body, size, query
        )
        await _send_response(send, response)

    def _answer(
        self, method: str, path: str, headers: dict, repeated: set, body: bytes, size: int, query: str
    ) -> dict:
        try:
            if "authorization" in repeated:
                raise ValidationFailed("send one Authorization header", field="authorization")
            admit_request(path, {"headers": headers}, body, query, body_size=size, method=method)
        except EngramError as refused:
            return _error_event(refused)
        if body:
            headers = _json_content_type(headers)
        try:
            return self.resolver.resolve_request(method, path, headers, body, query)
        except Exception:  # noqa: BLE001 - the resolver maps errors itself; this is the last line
            correlation_id = str(uuid.uuid4())
            logger.exception("unhandled error outside the resolver", extra={"correlation_id": correlation_id})
            return {
                "statusCode": 500,
                "headers": {"Content-Type": content_types.APPLICATION_JSON},
                "body": json.dumps(
                    error_body(
                        "internal_error", "something went wrong on our side", correlation_id=correlation_id
                    )
                ),
            }

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


async def _lifespan(receive: Callable, send: Callable) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def _send_response(send: Callable, response: dict) -> None:
    headers = [
        (k.lower().encode("latin-1"), str(v).encode("latin-1"))
        for k, v in response.get("headers", {}).items()
    ]
    headers += [(b"set-cookie", str(c).encode("latin-1")) for c in response.get("cookies", [])]
    body = response.get("body") or ""
    data = base64.b64decode(body) if response.get("isBase64Encoded") else body.encode("utf-8")
    await send({"type": "http.response.start", "status": response.get("statusCode", 200), "headers": headers})
    await send({"type": "http.response.body", "body": data})


def _asgi_headers(raw: list[tuple[bytes, bytes]]) -> tuple[dict[str, str], set[str]]:
    """Header names lower-cased, values as UTF-8 (an undecodable byte stays a surrogate escape, which
    the token check refuses), and the names sent more than once."""
    headers: dict[str, str] = {}
    repeated: set[str] = set()
    for key, value in raw:
        name = key.decode("latin-1").lower()
        if name in headers:
            repeated.add(name)
        headers[name] = value.decode("utf-8", "surrogateescape")
    return headers, repeated


def build_local_app(routers: Sequence[Router] | None = None, threads: int | None = None) -> LocalASGIApp:
    resolver = build_resolver("local", routers)
    return LocalASGIApp(resolver, threads or get_settings().local_http_threads)  # type: ignore[arg-type]


def make_lambda_handler(routers: Sequence[Router]) -> Callable[[dict, Any], dict]:
    """The `lambda_handler` of an API function: logging context, metrics, tracing, gate, routers."""
    from aws_lambda_powertools.logging import correlation_paths

    from engram.observability import logger, metrics, tracer

    handle = lambda_api_handler(build_resolver("lambda", routers))

    @logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_HTTP)
    @tracer.capture_lambda_handler
    @metrics.log_metrics(raise_on_empty_metrics=False)
    def lambda_handler(event: dict, context: Any) -> dict:
        return handle(event, context)

    return lambda_handler
