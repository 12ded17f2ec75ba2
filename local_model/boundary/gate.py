"""The one egress point: check, record, send, record the outcome.

:meth:`EgressGate.send` (and its streaming twin :meth:`EgressGate.stream`) is the only way a
request leaves the boundary.  It
needs an active :func:`local_model.boundary.session.guarded_session` (the session's pseudonym map
and the labels the declared task may send), runs :func:`local_model.boundary.egress.check_egress`
on every message (on its customer-derived parts when the session names them: the program's own
instruction is never rewritten), then writes the minimized request and its SHA-256 to the
append-only ledger **before** sending it (status ``sending``: fail closed, a ledger that cannot be
written is :class:`~signatures.errors.EgressLedgerError` and nothing leaves), and, when the call
ends, the outcome (``sent`` / ``failed``, the endpoint, timing and token counts).  An outcome that
cannot be written is logged (the write-ahead record already holds what left).  A blocked request
is recorded with the entity type only (the provider saw nothing).
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from local_model.boundary.egress import check_egress, check_egress_parts, customer_parts
from local_model.boundary.ledger import PENDING, EgressLedger, request_hash
from local_model.boundary.session import EgressSession, active_session
from local_model.detection.hybrid import HybridDetector
from signatures.errors import BoundaryViolationError, EgressLeakError, EgressLedgerError

logger = logging.getLogger("pdt.boundary")


class EgressGate:
    """The one egress point: check, send, record."""

    def __init__(
        self,
        ledger: EgressLedger,
        detector: HybridDetector | None,
        endpoint: str,
        stand_in: bool,
        max_request_chars: int = 50_000,
        run_id: str = "",
    ) -> None:
        self.ledger = ledger
        self.detector = detector
        self.endpoint = endpoint
        self.stand_in = stand_in
        self.max_request_chars = max_request_chars
        self.run_id = run_id

    def _base(self, session: EgressSession) -> dict[str, Any]:
        return {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "run_id": self.run_id,
            "ticket": self.ledger.ticket_ref(session.ticket_id),  # keyed hash: an id can be an e-mail
            "session": hashlib.sha256(session.pmap.session_id.encode()).hexdigest()[:16],
            "endpoint": self.endpoint,
            "stand_in": self.stand_in,
        }

    def _check(self, messages: list[dict[str, Any]]) -> tuple[EgressSession, list[dict[str, Any]], list[str]]:
        """The session, the messages as they may leave (inventions removed) and the types removed;
        :class:`EgressLeakError` (recorded by type) when a message still holds personal data."""
        session = active_session()
        if session is None:
            raise BoundaryViolationError(
                "an external call was attempted outside a guarded session (a bug in the caller: wrap the "
                "call in local_model.boundary.session.guarded_session(pmap, ...)); nothing was sent"
            )
        total = sum(len(str(m.get("content") or "")) for m in messages)
        t_check = time.perf_counter()
        stripped: list[str] = []
        try:
            if total > self.max_request_chars:
                raise EgressLeakError("SIZE", f"request of {total} characters exceeds the egress limit")
            checked = []
            contents = [str(m.get("content") or "") for m in messages]
            parts = self._customer_spans(session, contents)
            for m, content, spans in zip(messages, contents, parts, strict=True):
                if spans is None:
                    result = check_egress(
                        content,
                        session.pmap,
                        self.detector,
                        kept=session.kept,
                        inputs=session.inputs,
                        vouched=session.vouched,
                    )
                else:
                    result = check_egress_parts(
                        content,
                        spans,
                        session.pmap,
                        self.detector,
                        kept=session.kept,
                        inputs=session.inputs,
                        vouched=session.vouched,
                    )
                stripped += result.stripped
                checked.append({**m, "content": result.text} if result.stripped else m)
            messages = checked
        except EgressLeakError as exc:
            session.blocked.append(exc.label)
            self.ledger.append({**self._base(session), "status": "blocked", "label": exc.label, "reason": exc.reason})
            raise
        finally:
            session.checks += 1
            session.check_s += time.perf_counter() - t_check
        session.stripped += stripped
        return session, messages, stripped

    @staticmethod
    def _customer_spans(session: EgressSession, contents: list[str]) -> list[list[tuple[int, int]] | None]:
        """Per message, where the session's customer-derived texts stand in it; every message is
        checked whole (``None``) when the session names none, or when one of them is not found
        verbatim in any message (an adapter that rewrote it: nothing goes unchecked)."""
        if session.customer is None:
            return [None] * len(contents)
        spans = [customer_parts(c, session.customer) for c in contents]
        for part in session.customer:
            if part.strip() and not any(part in c for c in contents):
                return [None] * len(contents)
        return list(spans)

    def _write_ahead(
        self,
        session: EgressSession,
        base: dict[str, Any],
        messages: list[dict[str, Any]],
        digest: str,
        stripped: list[str],
    ) -> None:
        """Record what is about to leave, before it leaves: :class:`EgressLedgerError` (and nothing
        is sent) when the ledger cannot be written."""
        t_ledger = time.perf_counter()
        try:
            self.ledger.append(
                {
                    **base,
                    "status": PENDING,
                    "request_sha256": digest,
                    "messages": [{"role": m.get("role"), "content": m.get("content")} for m in messages],
                    "stripped": stripped,
                }
            )
        finally:
            session.ledger_s += time.perf_counter() - t_ledger

    def _record(
        self,
        session: EgressSession,
        base: dict[str, Any],
        status: str,
        messages: list[dict[str, Any]],
        digest: str,
        t0: float,
        stripped: list[str],
        usage: Any,
    ) -> None:
        latency_ms = round((time.perf_counter() - t0) * 1000, 1)
        t_ledger = time.perf_counter()
        record = {
            **base,
            "status": status,
            "request_sha256": digest,
            "messages": [{"role": m.get("role"), "content": m.get("content")} for m in messages],
            "latency_ms": latency_ms,
            "stripped": stripped,  # types of invented identifiers removed before sending
            "prompt_tokens": getattr(usage, "prompt_tokens", None),
            "completion_tokens": getattr(usage, "completion_tokens", None),
        }
        try:
            self.ledger.append(record)
        except EgressLedgerError as exc:  # the write-ahead record stands for this request
            logger.warning("egress ledger: the outcome of a request could not be recorded: %s", exc)
        session.sent.append(digest)
        session.records.append(record)
        session.ledger_s += time.perf_counter() - t_ledger

    def send(self, messages: list[dict[str, Any]], complete: Callable[[list[dict[str, Any]]], Any]) -> Any:
        """Check ``messages``, record them, send them with ``complete``, record the outcome."""
        session, messages, stripped = self._check(messages)
        digest = request_hash(messages)
        base = self._base(session)
        self._write_ahead(session, base, messages, digest, stripped)
        t0 = time.perf_counter()
        status = "sent"
        response: Any = None
        try:
            response = complete(messages)
            return response
        except Exception:
            status = "failed"
            raise
        finally:
            self._record(session, base, status, messages, digest, t0, stripped, getattr(response, "usage", None))

    def stream(
        self, messages: list[dict[str, Any]], open_stream: Callable[[list[dict[str, Any]]], Iterator[Any]]
    ) -> Iterator[Any]:
        """The streaming twin of :meth:`send`: the check and the write-ahead record come before
        anything is sent (on the first ``next()``), the chunks of ``open_stream`` pass through as
        they come, and the outcome record (same shape and hash as :meth:`send`'s) is written when
        the stream ends, fails or is closed by the consumer (a client that went away)."""
        session, messages, stripped = self._check(messages)
        digest = request_hash(messages)
        base = self._base(session)
        self._write_ahead(session, base, messages, digest, stripped)
        t0 = time.perf_counter()
        status = "sent"
        usage: Any = None
        try:
            for chunk in open_stream(messages):
                usage = getattr(chunk, "usage", None) or usage
                yield chunk
        except Exception:
            status = "failed"
            raise
        finally:
            self._record(session, base, status, messages, digest, t0, stripped, usage)
