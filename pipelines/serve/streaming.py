"""OpenAI response shapes, server-sent events, and the leak gate of a streamed answer.

A streamed answer is released piece by piece: the provider's text goes through a
:class:`~local_model.minimization.streaming.StreamingReinjector` (which holds back only the
shortest tail that could still become one of this session's placeholders) and every piece it
releases passes :class:`ReleaseGate` first, up to its last complete word (a word fragment
cannot be judged), where the severity-weighted leak check
(:class:`~local_model.boundary.answer_gate.AnswerGate`) runs on the piece with the end of what
was already released as context, and the counts add up over the stream.  When f goes above tau
the piece is not released, the stream ends with ``finish_reason: "content_filter"`` and the
handoff record, and nothing after the trigger is sent.  With tau = 0 (the default) this is the
unstreamed gate's decision; with tau > 0 a stream is stricter (a prefix whose f is above tau
stops it, even if the full answer would have come back under tau).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Sequence
from typing import Any

from local_model.boundary.provenance import Provenance
from local_model.minimization.pseudonym import PseudonymMap
from pipelines.assistant import SupportAssistant
from signatures.errors import HandoffError

#: characters of already released text given to the gate as context (cut at a space)
CONTEXT_CHARS = 120


def sse(payload: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(payload, ensure_ascii=False).encode("utf-8") + b"\n\n"


def completion(model: str, content: str, finish_reason: str) -> dict[str, Any]:
    """A ``chat.completion`` body."""
    return {
        "id": "chatcmpl-" + _token(),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
        "usage": None,
    }


def chunk(completion_id: str, model: str, delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
    """A ``chat.completion.chunk`` event."""
    return {
        "id": completion_id,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }


def _token() -> str:
    return secrets.token_hex(12)


class ReleaseGate:
    """The leak gate on a streamed answer, run on each piece before it is released."""

    def __init__(
        self,
        assistant: SupportAssistant,
        inputs: Sequence[str],
        pmap: PseudonymMap,
        min_chars: int = 1,
        vouched: Sequence[str] = (),
    ) -> None:
        self.assistant = assistant
        #: after the first release, pieces shorter than this wait for more text (or the end)
        self.min_chars = min_chars
        self.provenance = Provenance(inputs)
        self.vouched = list(vouched)
        self.pmap = pmap
        self.released = ""
        self.total = 0.0
        self.leaked = 0.0
        self.foreign: list[str] = []
        self.checks = 0
        self._pending = ""

    def __repr__(self) -> str:
        return f"ReleaseGate(released={len(self.released)}, checks={self.checks})"

    @property
    def f(self) -> float:
        return self.leaked / self.total if self.total else 0.0

    def feed(self, text: str, final: bool = False) -> tuple[HandoffError | None, str]:
        """Take re-identified text; check and return what can be released now: everything up to
        the last whitespace (a word fragment cannot be judged: "lin" of "line" is a surname on its
        own), or everything when ``final``; once something was released, only when that is at
        least ``min_chars`` long (each check runs the full detector: one per token would cost more
        than the answer).  Returns ``(handoff or None, text to release)``."""
        self._pending += text
        if final:
            piece, self._pending = self._pending, ""
        else:
            cut = max(self._pending.rfind(c) for c in " \n\t") + 1
            if self.released and cut < self.min_chars:
                return None, ""
            piece, self._pending = self._pending[:cut], self._pending[cut:]
        if not piece:
            return None, ""
        return self.check(piece)

    def check(self, piece: str) -> tuple[HandoffError | None, str]:
        """``(None, piece)`` when ``piece`` may be released (it is then counted as released), else
        ``(handoff, prefix)``: the handoff, and the part of the piece before the first foreign
        finding (up to its last space), which may still be released."""
        context = self.released[-CONTEXT_CHARS:]
        if len(self.released) > CONTEXT_CHARS:
            space = context.find(" ")
            context = context[space + 1 :] if space >= 0 else ""
        self.checks += 1
        verdict = self.assistant.check_answer(
            context + piece, self.provenance, self.pmap, len(context), vouched=self.vouched
        )
        self.total += verdict.total_weight
        self.leaked += verdict.leaked_weight
        self.foreign += verdict.foreign
        tau = self.assistant.models.assistant.leak_threshold
        if self.f > tau:
            first = min(verdict.foreign_at, default=len(context)) - len(context)
            prefix = piece[: max(0, first)]
            prefix = prefix[: prefix.rfind(" ") + 1] if " " in prefix else ""
            handoff = HandoffError(
                "answer-leak",
                self.foreign,
                f"streamed answer holds personal data that is not the customer's (f={self.f:.2f} > tau={tau:.2f})",
            )
            self.released += prefix
            return handoff, prefix
        self.released += piece
        return None, piece
