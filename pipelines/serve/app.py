"""The HTTP layer: an OpenAI-compatible API over :class:`~pipelines.serve.service.ServeService`.

Starlette, not FastAPI: the service reads and validates bodies itself (size enforced while
reading, errors that name fields but never repeat the input), and two of FastAPI's defaults would
work against it here: its automatic validation errors echo the offending input (a customer's
text in an error body), and its ``/docs`` page loads scripts from a CDN.  FastAPI is built on
Starlette; nothing else it adds is used.

Routes: ``POST /v1/chat/completions``, ``GET /v1/models``, ``DELETE /v1/sessions/{id}``,
``GET /v1/handoffs/{id}``, ``POST /beta/litellm_basic_guardrail_api`` (the LiteLLM proxy guardrail:
:mod:`pipelines.serve.guardrail`), ``GET /healthz``, ``GET /readyz``, ``GET /metrics``, ``GET /``
(the chat page).  Every error is ``{"error": {"type", "message", "code"}}`` (OpenAI's shape).  One log
line per request: method, route (never its ids), status, duration, outcome; never a body.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pipelines.serve.guardrail import ROUTE as GUARDRAIL_ROUTE
from pipelines.serve.guardrail import Guardrail, parse_guardrail_request
from pipelines.serve.limits import Deadline, parse_chat_request, read_body
from pipelines.serve.metrics import CONTENT_TYPE
from pipelines.serve.service import ServeService, TurnOutcome, error_info, outcome_for
from pipelines.serve.streaming import sse
from pipelines.serve.ui import CONTENT_SECURITY_POLICY, PAGE
from signatures.errors import OverloadedError, PDTError, RequestError

logger = logging.getLogger("pdt.serve")
SESSION_HEADER = "X-Session-Id"
BOUNDARY_HEADER = "x-pdt-boundary"
DONE = b"data: [DONE]\n\n"
#: the request log's outcome for a guardrail answer (a BLOCKED call is a 200 that did not pass)
GUARDRAIL_OUTCOMES = {"NONE": "ok", "GUARDRAIL_INTERVENED": "intervened", "BLOCKED": "blocked"}
_API_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def error_response(exc: BaseException) -> JSONResponse:
    status, kind, message, retry_after = error_info(exc)
    headers = dict(_API_HEADERS)
    if retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    return JSONResponse({"error": {"type": kind, "message": message, "code": status}}, status, headers=headers)


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(body, status, headers={**_API_HEADERS, **(headers or {})})


def _log(method: str, route: str, status: int, started: float, outcome: str) -> None:
    logger.info("%s %s %d %.1fms %s", method, route, status, (time.perf_counter() - started) * 1000, outcome)


def create_app(service: ServeService) -> Starlette:
    """The ASGI app of ``service`` (which owns the model, the store and the pools)."""
    config = service.config
    guardrail = Guardrail(service)

    def guarded(
        route: str, handler: Callable[[Request], Awaitable[Response]]
    ) -> Callable[[Request], Awaitable[Response]]:
        """Errors become OpenAI-shaped responses; one log line per request, no body."""

        async def endpoint(request: Request) -> Response:
            started = time.perf_counter()
            try:
                response = await handler(request)
            except Exception as exc:
                if not isinstance(exc, PDTError):
                    logger.error("%s %s failed: %s", request.method, route, type(exc).__name__)
                response = error_response(exc)
                _log(request.method, route, response.status_code, started, outcome_for(exc))
                return response
            if not isinstance(response, StreamingResponse):
                # a handler may name the outcome of a 200 (the guardrail: blocked, intervened)
                _log(request.method, route, response.status_code, started, getattr(request.state, "outcome", "ok"))
            return response

        return endpoint

    def owner_of(request: Request) -> str:
        owner = service.keyring.owner(request.headers.get("authorization"))
        service.limiter.check(owner)
        return owner

    def guardrail_owner(request: Request) -> str:
        """LiteLLM sends the guardrail's ``api_key`` as ``x-api-key``; ``Authorization: Bearer`` works too."""
        authorization = request.headers.get("authorization")
        api_key = request.headers.get("x-api-key")
        if authorization is None and api_key is not None:
            authorization = f"Bearer {api_key}"
        owner = service.keyring.owner(authorization)
        service.limiter.check(owner)
        return owner

    async def page(request: Request) -> Response:
        return HTMLResponse(
            PAGE,
            headers={
                "Content-Security-Policy": CONTENT_SECURITY_POLICY,
                "X-Frame-Options": "DENY",
                "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "no-referrer",
                "Cache-Control": "no-store",
            },
        )

    async def healthz(request: Request) -> Response:
        return _json({"status": "ok"})

    async def readyz(request: Request) -> Response:
        checks = await _off_loop(service, service.readiness)  # probes block: never on the event loop
        if all(checks.values()):
            return _json({"status": "ready", "checks": checks})
        return _json({"status": "not ready", "checks": checks}, 503, {"Retry-After": "5"})

    async def metrics(request: Request) -> Response:
        return Response(service.metrics.render(), headers={"Content-Type": CONTENT_TYPE, "Cache-Control": "no-store"})

    async def models(request: Request) -> Response:
        owner_of(request)
        created = int(service.started)
        return _json(
            {
                "object": "list",
                "data": [{"id": service.program_id, "object": "model", "created": created, "owned_by": "pdt"}],
            }
        )

    async def delete_session(request: Request) -> Response:
        owner = owner_of(request)
        session_id = request.path_params["session_id"]
        await _off_loop(service, service.store.delete, session_id, owner)
        return _json({"id": session_id, "object": "session", "deleted": True})

    async def get_handoff(request: Request) -> Response:
        owner = owner_of(request)
        record = await _off_loop(service, service.store.get_handoff, request.path_params["handoff_id"], owner)
        return _json(record)

    async def chat(request: Request) -> Response:
        started = time.perf_counter()
        owner = owner_of(request)
        await _off_loop(service, service.admit)  # may probe the local model: off the event loop
        service.concurrency.enter()
        service.metrics.inflight.inc()
        stream = False
        outcome = TurnOutcome()
        handed_over = False
        try:
            deadline = Deadline(config.request_timeout_s)
            body = await read_body(request.stream(), request.headers.get("content-length"), config.max_body_bytes)
            req = await _off_loop(service, parse_chat_request, body, config)
            if len(req.text) > service.models.assistant.max_ticket_chars:
                raise RequestError(
                    422,
                    f"the last message is above assistant.max_ticket_chars={service.models.assistant.max_ticket_chars}",
                )
            stream = req.stream
            session_id = request.headers.get(SESSION_HEADER) or None
            boundary = request.headers.get(BOUNDARY_HEADER) == "1"
            if req.stream:
                sid, events = await service.stream(owner, session_id, req, deadline, boundary, started, outcome)
                handed_over = True
                return StreamingResponse(
                    _finish(service, events, outcome, started),
                    media_type="text/event-stream",
                    headers={**_API_HEADERS, SESSION_HEADER: sid, "X-Accel-Buffering": "no"},
                )
            sid, completion, outcome = await service.complete(owner, session_id, req, deadline, boundary)
            service.metrics.ttft.labels("no").observe(time.perf_counter() - started)
            service.metrics.request(outcome.outcome, False, time.perf_counter() - started)
            return _json(completion, headers={SESSION_HEADER: sid})
        except Exception as exc:
            service.metrics.request(outcome_for(exc), stream, time.perf_counter() - started)
            raise
        finally:
            if not handed_over:
                service.concurrency.leave()
                service.metrics.inflight.dec()

    async def litellm_guardrail(request: Request) -> Response:
        """One call of a LiteLLM proxy's Generic Guardrail API (see :mod:`pipelines.serve.guardrail`):
        HTTP errors for a bad call (the proxy then refuses), ``BLOCKED`` for any error while checking."""
        owner = guardrail_owner(request)
        if service.draining:
            raise OverloadedError("the service is shutting down; retry on another instance", 5)
        service.concurrency.enter()
        service.metrics.inflight.inc()
        try:
            deadline = Deadline(config.request_timeout_s)
            body = await read_body(request.stream(), request.headers.get("content-length"), config.max_body_bytes)
            call = await _off_loop(service, parse_guardrail_request, body, config)
            answer = await guardrail.run(owner, call, deadline)
            request.state.outcome = GUARDRAIL_OUTCOMES.get(answer["action"], "ok")  # the log line says it
            return _json(answer)
        finally:
            service.concurrency.leave()
            service.metrics.inflight.dec()

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        kind = "not_found_error" if status == 404 else "invalid_request_error"
        return _json(
            {"error": {"type": kind, "message": f"no route for {request.method} here", "code": status}}, status
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        service.close()

    routes = [
        Route("/", guarded("/", page), methods=["GET"]),
        Route("/healthz", guarded("/healthz", healthz), methods=["GET"]),
        Route("/readyz", guarded("/readyz", readyz), methods=["GET"]),
        Route("/metrics", guarded("/metrics", metrics), methods=["GET"]),
        Route("/v1/models", guarded("/v1/models", models), methods=["GET"]),
        Route("/v1/chat/completions", guarded("/v1/chat/completions", chat), methods=["POST"]),
        Route("/v1/sessions/{session_id}", guarded("/v1/sessions/{id}", delete_session), methods=["DELETE"]),
        Route("/v1/handoffs/{handoff_id}", guarded("/v1/handoffs/{id}", get_handoff), methods=["GET"]),
        Route(GUARDRAIL_ROUTE, guarded(GUARDRAIL_ROUTE, litellm_guardrail), methods=["POST"]),
    ]
    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found}, lifespan=lifespan)


async def _off_loop(service: ServeService, fn: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.get_running_loop().run_in_executor(service.cpu, fn, *args)


async def _finish(
    service: ServeService, events: AsyncIterator[bytes], outcome: TurnOutcome, started: float
) -> AsyncIterator[bytes]:
    """Pass the events through; when the stream ends (or the client goes away) account for it.

    An error raised by the events after the response has started can no longer change its
    status: it is logged (its class, never its message) and ends the stream with the error event
    and ``[DONE]`` (or, after ``[DONE]``, with nothing more), never with a traceback and a reset
    connection."""
    completed = False
    done = False
    try:
        try:
            async for event in events:
                done = done or event == DONE
                yield event
        except Exception as exc:
            logger.error("POST /v1/chat/completions stream failed after it started: %s", type(exc).__name__)
            if not done:
                outcome.outcome = outcome_for(exc)
                status, kind, message, _ = error_info(exc)
                yield sse({"error": {"type": kind, "message": message, "code": status}})
                yield DONE
        completed = True
    finally:
        if not completed and outcome.outcome == "ok":
            outcome.outcome = "client_disconnected"
        service.concurrency.leave()
        service.metrics.inflight.dec()
        if outcome.ttft is not None:
            service.metrics.ttft.labels("yes").observe(outcome.ttft)
        service.metrics.request(outcome.outcome, True, time.perf_counter() - started)
        _log("POST", "/v1/chat/completions", 200, started, outcome.outcome)
