"""The served assistant: one conversation turn at a time, sessions at rest, streamed or not.

A turn (:meth:`ServeService.complete` / :meth:`ServeService.stream`):

1. **prepare**, in the CPU pool: load the session (or start one), detect and minimize the new
   message and the pruned history with the session's map, then store the map with a version
   compare-and-set **before anything leaves the boundary**; a concurrent turn that stored first
   makes the set fail, and the turn is prepared again on the stored map (nothing was sent yet), so
   no entry is lost and no marker ever stands for two values;
2. **delegate**, in the I/O pool (blocking model calls): the delegation program's model calls,
   the external one through the egress gate;
3. **re-identify and gate**, in the CPU pool: markers back to the customer's values, the leak
   gate on the answer (on a stream: on each piece before it is released).

Detection, minimization and re-identification never run on the event loop; the CPU pool has
``serve.cpu_threads`` threads (spaCy's NER takes turns inside it).  One deadline
(``serve.request_timeout_s``) covers every stage: model calls get the time that is left.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import dspy

from configs.models import ModelsSettings
from configs.settings import Settings
from local_model.minimization.sessions import SessionRecord, SessionStore, open_store
from local_model.minimization.streaming import StreamingReinjector
from local_model.serve import endpoint_reachable
from pipelines.assistant import SupportAssistant
from pipelines.delegation import DelegationProgram, TurnContext
from pipelines.serve.auth import KeyRing
from pipelines.serve.limits import ChatRequest, ConcurrencyGate, Deadline, RateLimiter
from pipelines.serve.metrics import ServeMetrics
from pipelines.serve.streaming import ReleaseGate, chunk, completion, sse
from signatures.errors import (
    DeadlineExceededError,
    HandoffError,
    InputError,
    InputTooLargeError,
    ModelCallError,
    OverloadedError,
    PDTError,
    RequestError,
    ServiceError,
    SessionConflictError,
    SessionExpiredError,
    SessionLimitError,
    SessionNotFoundError,
    SessionStoreError,
    TicketError,
)

logger = logging.getLogger("pdt.serve")
T = TypeVar("T")
#: longest random pause before a turn that lost a compare-and-set is prepared again
CAS_BACKOFF_S = 0.05
#: how long a readiness probe of the local model is trusted
LOCAL_PROBE_S = 2.0


def load_program(program: DelegationProgram, path: Path | None) -> str:
    """Load a program saved by ``pipelines.compile`` (or any ``program.save`` of the delegation
    program) into ``program``; return the served id: the file's name and content hash, or
    ``delegation-default-<hash of the default program>``."""
    if path is None:
        default = json.dumps(program.dump_state(), sort_keys=True, default=str).encode()
        return f"delegation-default-{hashlib.sha256(default).hexdigest()[:12]}"
    raw = path.read_bytes()
    state = json.loads(raw)
    if not isinstance(state, dict):
        raise ValueError("a saved program is a JSON object")
    if any(k.startswith("program.") for k in state):  # saved from the compile's wrapper module
        state = {k.removeprefix("program."): v for k, v in state.items() if k.startswith("program.")}
    program.load_state(state)
    return f"{path.stem}-{hashlib.sha256(raw).hexdigest()[:12]}"


@dataclass
class TurnOutcome:
    """What the HTTP layer reports about a finished turn (metrics and the log line)."""

    outcome: str = "ok"
    ttft: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class ServeService:
    """Everything a serving process holds: the assistant, the session store, limits, pools, metrics."""

    def __init__(
        self,
        models: ModelsSettings,
        settings: Settings,
        keyring: KeyRing,
        program_path: Path | None = None,
        store: SessionStore | None = None,
        ledger_path: Path | None = None,
    ) -> None:
        self.models = models
        self.config = models.serve
        # DSPy keeps every LM call (prompt and answer) in process-wide histories of up to 10,000
        # entries; a server must not hold its customers' texts (nor grow with them)
        dspy.settings.configure(disable_history=True)
        self.assistant = SupportAssistant(models, settings, ledger_path=ledger_path)
        self.program_id = load_program(self.assistant.program, program_path)
        self.store = store or open_store(
            self.config.session_store,
            self.config.sqlite_path(),
            ttl_s=self.config.session_ttl_s,
            max_entries=self.config.max_map_entries,
            max_sessions=self.config.max_sessions,
            handoff_ttl_s=self.config.handoff_ttl_s,
        )
        self.keyring = keyring
        self.metrics = ServeMetrics(self._count_sessions)
        self.limiter = RateLimiter(self.config.rate_limit_per_min)
        self.concurrency = ConcurrencyGate(self.config.max_concurrency)
        self.cpu = ThreadPoolExecutor(self.config.cpu_threads, thread_name_prefix="pdt-cpu")
        self.io = ThreadPoolExecutor(self.config.max_concurrency + 2, thread_name_prefix="pdt-io")
        self.draining = False
        self.started = time.time()
        self._served = 0
        self._served_lock = threading.Lock()
        self._local_probe = (0.0, False)
        self.needs_local = self.assistant.architecture in ("papillon", "local_only") or settings.detector.uses_lm

    def __repr__(self) -> str:
        return f"ServeService(program={self.program_id!r}, architecture={self.assistant.architecture!r})"

    # ------------------------------------------------------------ plumbing

    async def _run(self, pool: ThreadPoolExecutor, deadline: Deadline, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(pool, fn, *args), deadline.remaining())
        except TimeoutError:
            deadline.remaining()  # raises DeadlineExceededError
            raise

    def _count_sessions(self) -> float:
        try:
            return float(self.store.count())
        except PDTError:
            return float("nan")

    def local_reachable(self) -> bool:
        """The local model answers (probed at most every ``LOCAL_PROBE_S`` seconds)."""
        at, ok = self._local_probe
        if time.monotonic() - at > LOCAL_PROBE_S:
            ok = endpoint_reachable(self.models.local.api_base, timeout=1.0)
            self._local_probe = (time.monotonic(), ok)
        return ok

    def readiness(self) -> dict[str, bool]:
        checks = {"program": True, "accepting": not self.draining}
        try:
            self.store.ping()
            checks["session_store"] = True
        except PDTError:
            checks["session_store"] = False
        if self.needs_local:
            checks["local_model"] = self.local_reachable()
        return checks

    def warm_up(self) -> float:
        """Run every local stage once (:meth:`SupportAssistant.warm_up`: nothing is sent), so the
        first customer does not pay for it.  Returns seconds."""
        t = time.perf_counter()
        self.assistant.warm_up()
        return time.perf_counter() - t

    def admit(self) -> None:
        """Refuse a chat request the service cannot take now (503 with Retry-After)."""
        if self.draining:
            raise OverloadedError("the service is shutting down; retry on another instance", 5)
        if self.needs_local and not self.local_reachable():
            raise OverloadedError("the local model is unreachable; retry later", 5)

    def _count_request(self) -> None:
        with self._served_lock:
            self._served += 1
            due = self._served % self.config.release_memory_every == 0
        if due:
            self.cpu.submit(self.assistant.release_memory)

    def close(self) -> None:
        self.cpu.shutdown(wait=True, cancel_futures=True)
        self.io.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # ------------------------------------------------------------ phase 1 (CPU pool)

    def _prepare(
        self, owner: str, session_id: str | None, req: ChatRequest, deadline: Deadline
    ) -> tuple[SessionRecord, TurnContext]:
        """Phase 1 with the compare-and-set loop: a turn that loses to a concurrent turn of the
        same session is prepared again on the stored map (its detection results are kept, so a
        retry costs the minimization only), after a short random pause, until the deadline."""
        carried: dict[str, Any] = {}
        texts = [req.text, *(m.text for m in req.history)]
        attempt = 0
        while True:
            if session_id is None:
                record = self.store.new(owner, self.models.assistant.surrogate_style)
            else:
                record = self.store.load(session_id, owner)
            for text, ents in carried.items():  # detection results of a conflicting attempt
                record.memo.remember_entities(text, ents)
            ctx = self.assistant.open_turn(req.text, req.task, record.pmap, req.history, record.memo)
            try:
                self.store.save(record)
            except SessionConflictError:
                self.metrics.session_conflicts.inc()
                carried = {t: e for t in texts if (e := record.memo.entities(t)) is not None}
                attempt += 1
                deadline.remaining()  # DeadlineExceededError once the request's time is up
                time.sleep(random.uniform(0, min(CAS_BACKOFF_S, 0.002 * 2**attempt)))
                continue
            self.metrics.detection.observe(ctx.turn.timings["detection"])
            ctx.external_config, ctx.local_config = self._configs(req, deadline)
            return record, ctx

    def _remember_answer(self, record: SessionRecord, answer: str, provider_text: str | None) -> None:
        """Remember what the provider wrote for this answer (best effort: a later turn sends it
        again as written instead of detecting and minimizing the answer)."""
        if provider_text is None:
            return
        for _ in range(3):
            record.memo.remember_answer(answer, provider_text)
            try:
                self.store.save(record)
                return
            except SessionConflictError:
                try:
                    record = self.store.load(record.session_id, record.owner)
                except SessionNotFoundError:
                    return
                except SessionStoreError as exc:  # the answer is ready: it is not lost for this
                    logger.warning("session store: an answer could not be remembered (%s)", type(exc).__name__)
                    return
            except SessionNotFoundError:
                return
            except SessionStoreError as exc:
                logger.warning("session store: an answer could not be remembered (%s)", type(exc).__name__)
                return

    # ------------------------------------------------------------ phase 2

    def _configs(self, req: ChatRequest, deadline: Deadline) -> tuple[dict[str, Any], dict[str, Any]]:
        extra: dict[str, Any] = {}
        if req.max_tokens is not None:
            extra["max_tokens"] = min(req.max_tokens, self.models.external.max_tokens)
        if req.temperature is not None:
            extra["temperature"] = req.temperature
        return deadline.lm_config(extra), deadline.lm_config()

    def _boundary(self, records: list[dict[str, Any]], blocked: list[str]) -> dict[str, Any]:
        """What left the boundary for this turn, as the ledger recorded it (minimized text only)."""
        return {
            "sent": [
                {
                    "request_sha256": r.get("request_sha256"),
                    "messages": r.get("messages"),
                    "stripped": r.get("stripped"),
                }
                for r in records
            ],
            "blocked": blocked,
        }

    def _handoff(self, owner: str, exc: HandoffError) -> dict[str, Any]:
        self.metrics.handoff(exc.kind)
        if exc.kind == "egress-leak":
            self.metrics.blocked(exc.labels)
        record = self.store.put_handoff(owner, exc.kind, exc.labels)
        return {"id": record["id"], "kind": record["kind"], "labels": record["labels"]}

    async def complete(
        self, owner: str, session_id: str | None, req: ChatRequest, deadline: Deadline, boundary: bool
    ) -> tuple[str, dict[str, Any], TurnOutcome]:
        """An unstreamed turn: (session id, ``chat.completion`` body, outcome)."""
        result = TurnOutcome()
        record, ctx = await self._run(self.cpu, deadline, self._prepare, owner, session_id, req, deadline)
        self._count_request()
        pred: dspy.Prediction | None = None
        try:
            pred = await self._run(self.io, deadline, _without_history, self.assistant.delegate_turn, ctx)
            answer = await self._run(self.cpu, deadline, self.assistant.gate_turn, pred, ctx)
        except HandoffError as exc:
            handoff = await self._run(self.cpu, deadline, self._handoff, owner, exc)
            body = completion(self.program_id, self.config.handoff_notice, "content_filter")
            body["handoff"] = handoff
            if boundary:
                body["boundary"] = self._boundary(list(pred.records) if pred is not None else [], exc.labels)
            result.outcome = "handoff"
            self._account_egress(pred, exc)
            return record.session_id, body, result
        self._account_egress(pred, None)
        if answer.provider_text is not None:
            restored = record.pmap.reinject(answer.provider_text)
            self.metrics.placeholders.labels("restored").inc(restored.restored)
        self.metrics.placeholders.labels("unknown").inc(len(answer.unknown_markers))
        self.metrics.privacy.observe(_privacy_seconds(answer.timings))
        await self._run(self.cpu, deadline, self._remember_answer, record, answer.text, answer.provider_text)
        body = completion(self.program_id, answer.text, "stop")
        if boundary:
            body["boundary"] = self._boundary(answer.records, [])
        return record.session_id, body, result

    def _account_egress(self, pred: dspy.Prediction | None, exc: HandoffError | None) -> None:
        sent = len(pred.records) if pred is not None else 0
        blocked = 1 if exc is not None and exc.kind == "egress-leak" else 0
        if self.assistant.architecture != "local_only":
            self.metrics.egress_checks.inc(sent + blocked)

    # ------------------------------------------------------------ streamed

    async def stream(
        self,
        owner: str,
        session_id: str | None,
        req: ChatRequest,
        deadline: Deadline,
        boundary: bool,
        started: float,
        outcome: TurnOutcome,
    ) -> tuple[str, AsyncIterator[bytes]]:
        """A streamed turn: (session id, SSE events).  Phase 1 runs before the response starts
        (its errors are ordinary HTTP errors); everything after is events."""
        record, ctx = await self._run(self.cpu, deadline, self._prepare, owner, session_id, req, deadline)
        self._count_request()
        return record.session_id, self._events(owner, record, ctx, deadline, boundary, started, outcome)

    async def _events(
        self,
        owner: str,
        record: SessionRecord,
        ctx: TurnContext,
        deadline: Deadline,
        boundary: bool,
        started: float,
        outcome: TurnOutcome,
    ) -> AsyncIterator[bytes]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        cancel = threading.Event()
        result: dict[str, Any] = {}

        def post(kind: str, payload: Any) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, (kind, payload))
            except RuntimeError:
                pass  # the event loop is gone (shutdown): nobody is listening any more

        def produce() -> None:
            try:
                with dspy.context(disable_history=True):
                    gen = self.assistant.stream_turn(ctx, result)
                    try:
                        for text in gen:
                            post("delta", text)
                            if cancel.is_set():
                                break
                    finally:
                        gen.close()
                post("end", None)
            except Exception as exc:
                post("error", exc)

        completion_id = "chatcmpl-" + secrets.token_hex(12)
        reinjector = StreamingReinjector(record.pmap, session_only=True)
        gate = ReleaseGate(
            self.assistant, ctx.raw_inputs, record.pmap, self.config.stream_check_chars, vouched=ctx.turn.vouched
        )
        released: list[str] = []
        producer = loop.run_in_executor(self.io, produce)
        try:
            yield sse(chunk(completion_id, self.program_id, {"role": "assistant", "content": ""}))
            async for event in self._released(
                owner,
                record,
                gate,
                reinjector,
                queue,
                producer,
                cancel,
                result,
                completion_id,
                released,
                deadline,
                boundary,
                started,
                outcome,
            ):
                yield event
        except (TimeoutError, DeadlineExceededError) as exc:
            # the response has started: the deadline is reported as the stream's last event
            outcome.outcome = "timeout"
            status, kind, message, _ = error_info(
                exc
                if isinstance(exc, DeadlineExceededError)
                else DeadlineExceededError("the request took longer than serve.request_timeout_s")
            )
            yield sse({"error": {"type": kind, "message": message, "code": status}})
            yield b"data: [DONE]\n\n"
        finally:
            cancel.set()

    async def _released(
        self,
        owner: str,
        record: SessionRecord,
        gate: ReleaseGate,
        reinjector: StreamingReinjector,
        queue: asyncio.Queue[tuple[str, Any]],
        producer: asyncio.Future[None],
        cancel: threading.Event,
        result: dict[str, Any],
        completion_id: str,
        released: list[str],
        deadline: Deadline,
        boundary: bool,
        started: float,
        outcome: TurnOutcome,
    ) -> AsyncIterator[bytes]:
        """The events of a stream after its first chunk: released pieces, then the end."""
        while True:
            kind, payload = await asyncio.wait_for(queue.get(), deadline.remaining())
            items = [(kind, payload)]
            while not queue.empty():
                items.append(queue.get_nowait())
            text = "".join(p for k, p in items if k == "delta")
            ended = any(k == "end" for k, _ in items)
            error = next((p for k, p in items if k == "error"), None)
            piece = reinjector.feed(text) if text else ""
            if ended:
                piece += reinjector.close()
            if piece or ended:
                handoff, piece = await self._run(self.cpu, deadline, gate.feed, piece, ended)
                if handoff is not None:
                    cancel.set()
                    if piece:  # what came before the trigger
                        released.append(piece)
                        yield sse(chunk(completion_id, self.program_id, {"content": piece}))
                    info = await self._run(self.cpu, deadline, self._handoff, owner, handoff)
                    outcome.outcome = "handoff"
                    yield sse(chunk(completion_id, self.program_id, {"content": "\n\n" + self.config.handoff_notice}))
                    last = chunk(completion_id, self.program_id, {}, "content_filter")
                    last["handoff"] = info
                    if boundary:
                        await asyncio.wait_for(asyncio.shield(producer), deadline.remaining())
                        last["boundary"] = self._boundary(result.get("records", []), [])
                    yield sse(last)
                    yield b"data: [DONE]\n\n"
                    return
                if piece:
                    if outcome.ttft is None:
                        outcome.ttft = time.perf_counter() - started
                    released.append(piece)
                    yield sse(chunk(completion_id, self.program_id, {"content": piece}))
            if error is not None:
                outcome.outcome, event = await self._stream_error(owner, error, result, boundary)
                if outcome.outcome == "handoff" and outcome.ttft is None:
                    outcome.ttft = time.perf_counter() - started
                for item in event:
                    yield sse(item)
                yield b"data: [DONE]\n\n"
                return
            if ended:
                break
        self.metrics.placeholders.labels("restored").inc(reinjector.restored)
        self.metrics.placeholders.labels("unknown").inc(len(reinjector.unknown_markers))
        self.metrics.placeholders.labels("incomplete").inc(reinjector.incomplete)
        self.metrics.egress_checks.inc(len(result.get("records", [])))
        last = chunk(completion_id, self.program_id, {}, "stop")
        if boundary:
            last["boundary"] = self._boundary(result.get("records", []), [])
        yield sse(last)
        yield b"data: [DONE]\n\n"
        answer = "".join(released)
        await self._run(self.cpu, deadline, self._remember_answer, record, answer, result.get("provider_text"))

    async def _stream_error(
        self, owner: str, exc: BaseException, result: dict[str, Any], boundary: bool
    ) -> tuple[str, list[dict[str, Any]]]:
        """The events that end a stream on an error: a handoff (egress block) or an error object."""
        if isinstance(exc, HandoffError):
            info = await asyncio.get_running_loop().run_in_executor(self.cpu, self._handoff, owner, exc)
            notice = chunk(
                "chatcmpl-" + secrets.token_hex(12), self.program_id, {"content": self.config.handoff_notice}
            )
            last = chunk("chatcmpl-" + secrets.token_hex(12), self.program_id, {}, "content_filter")
            last["handoff"] = info
            if boundary:
                last["boundary"] = self._boundary(result.get("records", []), exc.labels)
            return "handoff", [notice, last]
        status, kind, message, _ = error_info(exc)
        return outcome_for(exc), [{"error": {"type": kind, "message": message, "code": status}}]


def _without_history(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` with DSPy's LM-call history off in this thread (see ``ServeService``)."""
    with dspy.context(disable_history=True):
        return fn(*args)


def _privacy_seconds(timings: dict[str, float]) -> float:
    return sum(
        timings.get(k, 0.0) for k in ("detection", "minimization", "egress_check", "ledger", "reinjection", "leak_gate")
    )


def error_info(exc: BaseException) -> tuple[int, str, str, float | None]:
    """(HTTP status, OpenAI error type, message, Retry-After) of an error; the message never holds
    request content (our errors name fields and types; anything else is reported by class only)."""

    if isinstance(exc, RequestError):
        return exc.status, exc.kind, str(exc), None
    if isinstance(exc, ServiceError):
        return exc.status, exc.kind, str(exc), exc.retry_after
    if isinstance(exc, SessionNotFoundError | SessionExpiredError):
        return 404, "not_found_error", "no such session for this API key (unknown, erased or expired)", None
    if isinstance(exc, SessionLimitError):
        if exc.what == "entries":
            return 422, "invalid_request_error", str(exc), None
        return 503, "service_unavailable", str(exc), 30
    if isinstance(exc, InputTooLargeError):
        return 422, "invalid_request_error", str(exc), None
    if isinstance(exc, TicketError | InputError):
        return 400, "invalid_request_error", str(exc), None
    if isinstance(exc, ModelCallError):
        if exc.role == "local":
            return 503, "service_unavailable", f"the local model failed: {exc.reason}", 5
        if exc.reason.startswith("Timeout"):
            return 504, "timeout", f"the external model did not answer in time: {exc.reason}", None
        return 502, "upstream_error", str(exc), None
    if isinstance(exc, SessionStoreError):
        return 503, "service_unavailable", "the session store is unavailable", 5
    if isinstance(exc, PDTError):
        return 500, "server_error", f"internal error ({type(exc).__name__})", None
    return 500, "server_error", f"internal error ({type(exc).__name__})", None


def outcome_for(exc: BaseException) -> str:
    status = error_info(exc)[0]
    if isinstance(exc, ModelCallError):
        if status == 504:
            return "timeout"
        return "local_model_error" if exc.role == "local" else "provider_error"
    return {
        400: "bad_request",
        401: "unauthorized",
        404: "not_found",
        413: "bad_request",
        422: "bad_request",
        429: "rate_limited",
        503: "overloaded",
        504: "timeout",
    }.get(status, "server_error")
