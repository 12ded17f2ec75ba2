"""The trust boundary: LM clients for each role and the one egress point to the external model.

* :class:`BoundaryLM` is the DSPy LM for every role (local, external, judge).  It calls the
  endpoint through litellm with DSPy's cache off (external calls are never cached: each one must
  reach the ledger), sends the JSON schema of the output fields when ``structured_outputs`` is on
  (vLLM's guided decoding makes a tiny model produce the typed output), and turns provider
  failures into :class:`ModelCallError` whose message names the role and the failure class, never
  the prompt.
* :class:`EgressGate.send` is the only function through which a request leaves the boundary.  It
  needs an active :func:`guarded_session` (the session's pseudonym map and the labels the declared
  task may send), runs :func:`local_model.egress.check_egress` on every message, then records the
  minimized request, its SHA-256, the endpoint, timing and token counts to an append-only JSONL
  ledger.  A blocked request is recorded with the entity type only (the provider saw nothing).
* :func:`external_lm` is the only constructor of the external LM, and it always wires the gate.
  ``tests/test_boundary.py`` fails when any other module calls an LM client directly.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dspy
import pydantic

from configs.models import ExternalRole, LMRole, ModelsSettings
from local_model.egress import EgressLeakError, check_egress
from local_model.hybrid import HybridDetector
from local_model.pseudonym import PseudonymMap
from signatures.entities import Label


class ModelCallError(RuntimeError):
    """A model call failed.  ``role`` is local / external / judge; the message never holds the prompt."""

    def __init__(self, role: str, reason: str) -> None:
        self.role = role
        self.reason = reason
        super().__init__(f"{role} model call failed: {reason}")


class EgressSessionError(EgressLeakError):
    """An external call was attempted outside :func:`guarded_session`."""


# ------------------------------------------------------------------ ledger


class EgressLedger:
    """Append-only JSONL file of what left the boundary (minimized text only, never the map)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()

    def append(self, record: dict[str, Any]) -> None:
        line = (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)

    def read(self) -> list[dict[str, Any]]:
        if not self.path.is_file():
            return []
        with self.path.open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]


def request_hash(messages: list[dict[str, Any]]) -> str:
    """SHA-256 of the canonical JSON of the messages (what the provider receives)."""
    canon = json.dumps([{"role": m.get("role"), "content": m.get("content")} for m in messages], sort_keys=True)
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


# ------------------------------------------------------------------ guarded session


@dataclass
class EgressSession:
    pmap: PseudonymMap
    allowed_labels: frozenset[Label] = frozenset()
    ticket_id: str = ""
    purpose: str = "external"
    sent: list[str] = field(default_factory=list)  # request hashes of this session
    check_s: float = 0.0  # time spent in the egress check
    ledger_s: float = 0.0  # time spent writing the ledger


_SESSION: contextvars.ContextVar[EgressSession | None] = contextvars.ContextVar("egress_session", default=None)


@contextlib.contextmanager
def guarded_session(
    pmap: PseudonymMap, allowed_labels: frozenset[Label] = frozenset(), ticket_id: str = ""
) -> Iterator[EgressSession]:
    """External calls are possible only inside this block, checked against ``pmap``."""
    session = EgressSession(pmap, frozenset(allowed_labels), ticket_id)
    token = _SESSION.set(session)
    try:
        yield session
    finally:
        _SESSION.reset(token)


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
            "ticket_id": session.ticket_id,
            "session": hashlib.sha256(session.pmap.session_id.encode()).hexdigest()[:16],
            "endpoint": self.endpoint,
            "stand_in": self.stand_in,
        }

    def send(self, messages: list[dict[str, Any]], complete: Callable[[list[dict[str, Any]]], Any]) -> Any:
        session = _SESSION.get()
        if session is None:
            raise EgressSessionError("SESSION", "external call outside a guarded session")
        total = sum(len(str(m.get("content") or "")) for m in messages)
        t_check = time.perf_counter()
        try:
            if total > self.max_request_chars:
                raise EgressLeakError("SIZE", f"request of {total} characters exceeds the egress limit")
            for m in messages:
                check_egress(
                    str(m.get("content") or ""), session.pmap, self.detector, allowed_labels=session.allowed_labels
                )
        except EgressLeakError as exc:
            self.ledger.append({**self._base(session), "status": "blocked", "label": exc.label, "reason": exc.reason})
            raise
        finally:
            session.check_s += time.perf_counter() - t_check
        digest = request_hash(messages)
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
            usage = getattr(response, "usage", None)
            latency_ms = round((time.perf_counter() - t0) * 1000, 1)
            t_ledger = time.perf_counter()
            self.ledger.append(
                {
                    **self._base(session),
                    "status": status,
                    "request_sha256": digest,
                    "messages": [{"role": m.get("role"), "content": m.get("content")} for m in messages],
                    "latency_ms": latency_ms,
                    "prompt_tokens": getattr(usage, "prompt_tokens", None),
                    "completion_tokens": getattr(usage, "completion_tokens", None),
                }
            )
            session.sent.append(digest)
            session.ledger_s += time.perf_counter() - t_ledger


# ------------------------------------------------------------------ LM clients


def _bound(node: Any, max_chars: int, max_items: int) -> None:
    """Cap strings and arrays so guided decoding closes the JSON before ``max_tokens`` runs out
    (a truncated JSON object is an unusable answer)."""
    if isinstance(node, dict):
        if node.get("type") == "string" and "enum" not in node:
            node.setdefault("maxLength", max_chars)
        if node.get("type") == "array":
            node.setdefault("maxItems", max_items)
        for value in node.values():
            _bound(value, max_chars, max_items)
    elif isinstance(node, list):
        for value in node:
            _bound(value, max_chars, max_items)


def response_format_for(
    signature: type[dspy.Signature], max_tokens: int | None = None, max_items: int = 4
) -> dict[str, Any]:
    """OpenAI ``json_schema`` response format for a signature's output fields (all required).

    With ``max_tokens``, every string gets a ``maxLength`` so that all of them together fit in the
    budget (about 2.5 characters per token, array items counted ``max_items`` times) and every
    array a ``maxItems``."""
    fields: dict[str, Any] = {}
    for name, info in signature.output_fields.items():
        fields[name] = (info.annotation, ...)
    model = pydantic.create_model(f"{signature.__name__}Output", **fields)
    schema = model.model_json_schema()
    schema["additionalProperties"] = False
    if max_tokens:
        text = json.dumps(schema)
        slots = max(1, text.count('"type": "string"')) * (max_items if '"type": "array"' in text else 1)
        _bound(schema, max(24, (max_tokens * 5 // 2 - 60) // slots), max_items)
    return {"type": "json_schema", "json_schema": {"name": signature.__name__, "schema": schema, "strict": True}}


class StructuredJSONAdapter(dspy.JSONAdapter):
    """JSONAdapter that always sends the output schema to LMs that ask for it (vLLM guided decoding)."""

    def _prepare_response_format(self, lm: Any, lm_kwargs: dict[str, Any], signature: type[dspy.Signature]) -> None:
        if getattr(lm, "structured_outputs", False):
            role = getattr(lm, "role", None)
            lm_kwargs["response_format"] = response_format_for(signature, getattr(role, "max_tokens", None))


class BoundaryLM(dspy.BaseLM):
    """A DSPy LM for one role; the external role routes every call through an :class:`EgressGate`."""

    def __init__(self, role_name: str, role: LMRole, gate: EgressGate | None = None) -> None:
        super().__init__(model=role.model, temperature=role.temperature, max_tokens=role.max_tokens, cache=False)
        self.role_name = role_name
        self.role = role
        self.structured_outputs = role.structured_outputs
        self._gate = gate
        self.calls = 0
        self.seconds = 0.0

    def __repr__(self) -> str:
        return f"BoundaryLM(role={self.role_name!r}, model={self.role.model!r}, gated={self._gate is not None})"

    def _complete(self, messages: list[dict[str, Any]], kwargs: dict[str, Any]) -> Any:
        import litellm

        litellm.suppress_debug_info = True  # no "Give Feedback" banners in our output
        params = {**self.kwargs, **kwargs}
        params.pop("cache", None)
        params.pop("rollout_id", None)
        t0 = time.perf_counter()
        try:
            return litellm.completion(
                model=self.role.model,
                messages=messages,
                api_base=self.role.api_base,
                api_key=self.role.api_key(),
                timeout=self.role.timeout_s,
                num_retries=0,
                **params,
            )
        except Exception as exc:
            status = getattr(exc, "status_code", None)
            raise ModelCallError(
                self.role_name,
                f"{type(exc).__name__}{f' (HTTP {status})' if status else ''} from {self.role.endpoint}",
            ) from None
        finally:
            self.calls += 1
            self.seconds += time.perf_counter() - t0

    def forward(self, prompt: str | None = None, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        msgs = messages or [{"role": "user", "content": prompt or ""}]
        if self._gate is None:
            return self._complete(msgs, kwargs)
        return self._gate.send(msgs, lambda m: self._complete(m, kwargs))


def local_lm(models: ModelsSettings, role: str = "local") -> BoundaryLM:
    """The LM for a role inside the boundary (``local`` or ``judge``)."""
    if role not in ("local", "judge"):
        raise ValueError(f"local_lm() serves the local and judge roles, not {role!r}; use external_lm()")
    return BoundaryLM(role, models.local if role == "local" else models.judge)


def local_role_lm(role: LMRole, name: str = "local") -> BoundaryLM:
    """An LM inside the boundary from explicit settings (e.g. the LM detector's own endpoint)."""
    if isinstance(role, ExternalRole):
        raise ValueError("an external role needs the egress gate; use external_lm()")
    return BoundaryLM(name, role)


def external_lm(models: ModelsSettings, gate: EgressGate) -> BoundaryLM:
    """The external LM: the only way to build it, always behind the egress gate."""
    role: ExternalRole = models.external
    return BoundaryLM("external", role, gate)


def configure_dspy_cache(models: ModelsSettings) -> None:
    """Keep DSPy's response cache inside the boundary: disk cache off unless configured."""
    from configs.settings import resolve_path

    if models.dspy_cache.disk:
        path = resolve_path(models.dspy_cache.dir)
        path.mkdir(parents=True, exist_ok=True)
        dspy.configure_cache(enable_disk_cache=True, enable_memory_cache=True, disk_cache_dir=str(path))
    else:
        dspy.configure_cache(enable_disk_cache=False, enable_memory_cache=True)
