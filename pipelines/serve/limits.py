"""Request limits: body size (while reading), message count and size, per-key rate, concurrency,
and one deadline per request.

Every refusal is a typed error (:class:`RequestError` 400/413/422, :class:`RateLimitedError` 429,
:class:`OverloadedError` 503, :class:`DeadlineExceededError` 504) whose message names the limit,
never the request's content.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictBool, StrictFloat, StrictInt, StrictStr, ValidationError

from configs.models import ServeSettings
from pipelines.delegation import HistoryMessage
from signatures.errors import DeadlineExceededError, OverloadedError, RateLimitedError, RequestError


async def read_body(chunks: AsyncIterator[bytes], content_length: str | None, max_bytes: int) -> bytes:
    """The request body, refused with 413 as soon as it is over ``max_bytes`` (a declared
    ``Content-Length`` is refused before anything is read; a chunked upload while it is read)."""
    if content_length is not None:
        try:
            declared = int(content_length)
        except ValueError:
            raise RequestError(400, "invalid Content-Length header") from None
        if declared > max_bytes:
            raise RequestError(413, f"request body over serve.max_body_bytes={max_bytes}")
    body = bytearray()
    async for chunk in chunks:
        body += chunk
        if len(body) > max_bytes:
            raise RequestError(413, f"request body over serve.max_body_bytes={max_bytes}")
    return bytes(body)


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: StrictStr
    text: StrictStr | None = None


class _Message(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: StrictStr
    content: StrictStr | list[_Part] | None = None


class _Metadata(BaseModel):
    model_config = ConfigDict(extra="ignore")
    task: StrictStr | None = None


class _ChatBody(BaseModel):
    """The fields of an OpenAI chat-completions request we read; unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore")
    model: StrictStr | None = None
    messages: list[_Message]
    stream: StrictBool = False
    max_tokens: StrictInt | None = None
    max_completion_tokens: StrictInt | None = None
    temperature: StrictFloat | StrictInt | None = None
    user: StrictStr | None = None  # accepted, never stored, logged or forwarded
    metadata: _Metadata | None = None


@dataclass
class ChatRequest:
    """A validated chat request: the new message (the ticket), the conversation before it."""

    text: str
    history: list[HistoryMessage] = field(default_factory=list)
    task: str | None = None
    stream: bool = False
    max_tokens: int | None = None
    temperature: float | None = None

    def __repr__(self) -> str:
        return f"ChatRequest(chars={len(self.text)}, history={len(self.history)}, stream={self.stream})"


def _text(msg: _Message, n: int) -> str:
    if msg.content is None:
        return ""
    if isinstance(msg.content, str):
        return msg.content
    parts = []
    for part in msg.content:
        if part.type != "text" or part.text is None:
            raise RequestError(400, f"messages[{n}]: only text content parts are supported")
        parts.append(part.text)
    return "\n".join(parts)


def _valid_unicode(text: str, n: int) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError(400, f"messages[{n}] holds invalid Unicode (a lone surrogate)") from None
    return text


#: nesting a chat request never needs (messages -> message -> content parts -> part is 4 deep)
MAX_JSON_DEPTH = 32
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped), found without
    a recursive parser: a nesting bomb is refused before ``json.loads`` could recurse on it."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_JSON_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def json_object(body: bytes) -> dict[str, Any]:
    """A request body as a JSON object (400: not UTF-8, nested over ``MAX_JSON_DEPTH`` levels, not
    JSON, not an object); the message names the problem and its position, never the content."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(400, f"request body is not valid UTF-8 (byte {exc.start})") from None
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and json_depth(text) > MAX_JSON_DEPTH:
        raise RequestError(400, f"request body is nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RequestError(400, f"request body is not valid JSON ({exc.msg} at position {exc.pos})") from None
    except ValueError:  # an integer of more digits than sys.get_int_max_str_digits() (4300): not JSON's fault
        raise RequestError(400, "request body holds a number too long to read") from None
    except RecursionError:
        raise RequestError(400, "request body is nested too deeply") from None
    if not isinstance(raw, dict):
        raise RequestError(400, "request body must be a JSON object")
    return raw


def parse_chat_request(body: bytes, settings: ServeSettings) -> ChatRequest:
    """Validate a chat-completions body (400 invalid, 422 over a limit).  The last message must
    be the user's: it is the ticket; earlier ``user``/``assistant`` messages are the conversation
    (``system``/``developer``/``tool`` messages are not forwarded: the program has its own
    instructions, and a client's system prompt is not allowed to replace them)."""
    raw = json_object(body)
    messages = raw.get("messages")
    if isinstance(messages, list) and len(messages) > settings.max_messages:
        raise RequestError(422, f"{len(messages)} messages, above serve.max_messages={settings.max_messages}")
    try:
        parsed = _ChatBody.model_validate(raw)
    except ValidationError as exc:
        # field paths and error kinds only: pydantic's own message would repeat the input
        where = "; ".join(".".join(str(p) for p in e["loc"]) + f" ({e['type']})" for e in exc.errors()[:5])
        raise RequestError(400, f"invalid chat request: {where}") from None
    except RecursionError:
        raise RequestError(400, "request body is nested too deeply") from None
    if not parsed.messages:
        raise RequestError(400, "messages is empty")
    texts = [_valid_unicode(_text(m, n), n) for n, m in enumerate(parsed.messages)]
    total = sum(len(t) for t in texts)
    if total > settings.max_chars:
        raise RequestError(422, f"{total} characters in messages, above serve.max_chars={settings.max_chars}")
    if parsed.messages[-1].role != "user":
        raise RequestError(400, "the last message must have role 'user' (it is the customer's new message)")
    if not texts[-1].strip():
        raise RequestError(400, "the last message is empty")
    history = [
        HistoryMessage("user" if m.role == "user" else "assistant", t)
        for m, t in zip(parsed.messages[:-1], texts[:-1], strict=True)
        if m.role in ("user", "assistant") and t.strip()
    ]
    max_tokens = parsed.max_completion_tokens or parsed.max_tokens
    if max_tokens is not None and max_tokens <= 0:
        raise RequestError(400, "max_tokens must be positive")
    temperature = float(parsed.temperature) if parsed.temperature is not None else None
    if temperature is not None and not 0.0 <= temperature <= 2.0:
        raise RequestError(400, "temperature must be between 0 and 2")
    task = parsed.metadata.task if parsed.metadata is not None else None
    return ChatRequest(texts[-1], history, task, parsed.stream, max_tokens, temperature)


class RateLimiter:
    """A token bucket per owner: ``per_min`` requests a minute, bursts up to ``per_min``."""

    def __init__(self, per_min: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_min / 60.0
        self.capacity = float(per_min)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def check(self, owner: str) -> None:
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.get(owner, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.rate)
            if tokens < 1.0:
                self._buckets[owner] = (tokens, now)
                wait = math.ceil((1.0 - tokens) / self.rate)
                raise RateLimitedError(f"rate limit of {int(self.capacity)} requests per minute reached", wait)
            self._buckets[owner] = (tokens - 1.0, now)


class ConcurrencyGate:
    """At most ``limit`` chat requests in flight; one more is refused (503) rather than queued."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.inflight = 0
        self._lock = threading.Lock()

    def enter(self) -> None:
        with self._lock:
            if self.inflight >= self.limit:
                raise OverloadedError(f"{self.limit} requests in flight (serve.max_concurrency); retry shortly", 1)
            self.inflight += 1

    def leave(self) -> None:
        with self._lock:
            self.inflight = max(0, self.inflight - 1)


class Deadline:
    """One deadline for every stage of a request."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.at = clock() + seconds

    def remaining(self) -> float:
        left = self.at - self._clock()
        if left <= 0:
            raise DeadlineExceededError("the request took longer than serve.request_timeout_s")
        return left

    def lm_config(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """LM-call arguments with the time left as the call's timeout."""
        return {**(extra or {}), "timeout": max(0.5, self.remaining())}


Outcome = Literal[
    "ok",
    "handoff",
    "bad_request",
    "unauthorized",
    "not_found",
    "rate_limited",
    "overloaded",
    "provider_error",
    "local_model_error",
    "timeout",
    "server_error",
]
