"""The LiteLLM proxy guardrail: LiteLLM's Generic Guardrail API served by ``python -m pipelines.serve``.

A LiteLLM proxy configured with ``guardrail: generic_guardrail_api`` (``configs/litellm/config.yaml``)
calls ``POST /beta/litellm_basic_guardrail_api`` before the provider is called (``input_type:
"request"``: every text of the request, in order) and after it answered (``"response"``: the
answer's text; streamed, with ``streaming_transform_mode: incremental_diff``, the accumulated text
every few chunks).  The body and the answer are LiteLLM 1.110's ``GenericGuardrailAPIRequest`` and
``GenericGuardrailAPIResponse`` (:class:`GuardrailBody`; unknown fields are refused).

* **request**: every text is detected and minimized with the conversation's map, exactly as a turn
  of the served assistant is (:meth:`SupportAssistant.prepare_turn`: the same detectors, the
  domain's operations, the second look); a text minimized before a later one added a value to the
  map is minimized again, so one value never leaves both raw and as a marker; a value of the map
  that the detector reads with another type in another context (an answer restored by this
  guardrail, back in the next request's history) keeps its marker.  The egress check then
  runs on every minimized text (a value of the map, or a detected identifier of the inputs, still
  present blocks).  The map is stored with a compare-and-set before the answer goes back (nothing
  has left yet); a conflicting call of the same conversation makes this one start again.
  ``GUARDRAIL_INTERVENED`` with the minimized texts, or ``NONE`` when nothing changed.
* **response**: the conversation's placeholders are restored and the answer gate runs on the
  restored text: personal data that is not the conversation's own (f > ``assistant.leak_threshold``)
  is ``BLOCKED``, the reason naming entity types only.  Every answer also carries
  ``stream_holdback_chars``: the shortest tail that could still become a placeholder of the map
  (as :class:`StreamingReinjector` holds it back), and the word being written, so a placeholder split
  across chunks is restored whole and a word fragment is never released (LiteLLM ignores it on
  an unstreamed answer, and on the last round of a stream, where the whole text is released:
  the gate always runs on all of it).  A call does not say whether it is a stream's last round, so
  a finding in a last word that may have been cut by the stream (no closing punctuation: ``Tha`` of
  ``Thanks`` reads as a name) is judged on the complete words only, and the last word is withheld
  (written ``[detail removed]``, held back) until a later round completes it; at the end of a
  stream such a word stays withheld.
* **the conversation**: one map per caller and trace.  The caller is the API key's owner (its keyed
  hash) and the key of the proxy's own user (``request_data.user_api_key_hash``); the trace is
  ``litellm_trace_id`` (the client's ``x-litellm-trace-id`` header), else ``litellm_call_id``.  The
  session id is a keyed hash of the three (HMAC with a key derived from the server key): not
  guessable, and another key (or another proxy user) reaches another map, never this one.  The map
  lives in the server's session store (encrypted, SQLite or Redis, ``serve.session_ttl_s``,
  ``serve.max_map_entries``).  The strings the minimizer wrote itself or let through on purpose
  (generalisations such as a street without its number, technical strings) are remembered in the
  session's memo, so the answer gate does not read them back as someone else's data.
* **fail closed**: any error of ours while checking is ``BLOCKED`` with the error's type (never the
  text back, never ``NONE``); a request with images (never checked) is ``BLOCKED``.  The proxy's own
  default (``unreachable_fallback: fail_closed``, ``fail_on_error: true``) refuses the call when this
  server is unreachable or answers an HTTP error.

Tool calls are checked, not rewritten: their arguments in a request go through the egress check, in
a response through the answer gate.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from configs.models import ServeSettings
from local_model.boundary.egress import DEFAULT_NEUTRAL, KeptValues, check_egress
from local_model.boundary.provenance import Provenance
from local_model.minimization.pseudonym import PseudonymMap
from local_model.minimization.sessions import ConversationMemo, SessionRecord
from local_model.minimization.streaming import StreamingReinjector
from local_model.minimization.vault import server_key
from local_model.text.textnorm import normalize
from pipelines.serve.limits import Deadline, json_object
from pipelines.serve.service import ServeService, error_info
from signatures.entities import Entity, Label
from signatures.errors import (
    EgressLeakError,
    HandoffError,
    RequestError,
    SessionConflictError,
    SessionNotFoundError,
    SessionStoreError,
)

ROUTE = "/beta/litellm_basic_guardrail_api"
#: the longest call or trace id accepted (LiteLLM's are uuids)
MAX_ID_CHARS = 256
#: tool calls (and tools, images) one call may carry
MAX_ITEMS = 128
#: the strings a conversation remembers as written by the pipeline (each at most MAX_VOUCHED_CHARS)
MAX_VOUCHED = 512
MAX_VOUCHED_CHARS = 256
#: the memo entry holding them (a keyed hash of this name: never a customer's text)
_VOUCHED_REF = "\x00pdt-guardrail:vouched"
#: longest random pause before a call that lost a compare-and-set starts again
CAS_BACKOFF_S = 0.05
#: how a complete last word ends (a stream does not cut a word there)
_SENTENCE_END = frozenset(".!?…:;,)]}\"'»")


class _Metadata(BaseModel):
    """LiteLLM's ``GenericGuardrailAPIMetadata`` (who called the proxy)."""

    model_config = ConfigDict(extra="forbid")
    user_api_key_hash: StrictStr | None = Field(default=None, max_length=MAX_ID_CHARS)
    user_api_key_alias: StrictStr | None = None
    user_api_key_user_id: StrictStr | None = None
    user_api_key_user_email: StrictStr | None = None
    user_api_key_team_id: StrictStr | None = None
    user_api_key_team_alias: StrictStr | None = None
    user_api_key_end_user_id: StrictStr | None = None
    user_api_key_org_id: StrictStr | None = None


class GuardrailBody(BaseModel):
    """LiteLLM 1.110's ``GenericGuardrailAPIRequest``, field for field; anything else is refused."""

    model_config = ConfigDict(extra="forbid")
    input_type: Literal["request", "response"]
    litellm_call_id: StrictStr | None = Field(default=None, max_length=MAX_ID_CHARS)
    litellm_trace_id: StrictStr | None = Field(default=None, max_length=MAX_ID_CHARS)
    structured_messages: list[dict[str, Any]] | None = None
    images: list[StrictStr] | None = Field(default=None, max_length=MAX_ITEMS)
    tools: list[dict[str, Any]] | None = Field(default=None, max_length=MAX_ITEMS)
    texts: list[StrictStr] | None = None
    request_data: _Metadata
    request_headers: dict[StrictStr, StrictStr] | None = None
    litellm_version: StrictStr | None = Field(default=None, max_length=64)
    additional_provider_specific_params: dict[str, Any] | None = None
    tool_calls: list[dict[str, Any]] | None = Field(default=None, max_length=MAX_ITEMS)
    model: StrictStr | None = Field(default=None, max_length=MAX_ID_CHARS)


@dataclass
class GuardrailCall:
    """A validated guardrail call: what to check, and whose conversation it belongs to."""

    input_type: Literal["request", "response"]
    texts: list[str]
    trace: str
    #: the proxy's own user (LiteLLM's hash of the virtual key), "" when it sends none
    scope: str = ""
    images: int = 0
    #: the arguments of the tool calls the call carries (checked, not rewritten)
    tool_arguments: list[str] = field(default_factory=list)

    def __repr__(self) -> str:
        chars = sum(len(t) for t in self.texts)
        return f"GuardrailCall({self.input_type}, texts={len(self.texts)}, chars={chars})"


#: the field names a guardrail error may name (the body's own keys are never repeated)
_FIELDS = frozenset(GuardrailBody.model_fields) | frozenset(_Metadata.model_fields)


def _invalid(exc: ValidationError) -> RequestError:
    """400 naming field paths and error kinds only: pydantic's own message repeats the input, and
    its error locations hold the body's own keys (an unknown key, a key of ``request_headers``):
    a part of a path that is not one of our field names or an index is written ``<key>``."""

    def part(p: object) -> str:
        return str(p) if isinstance(p, int) or p in _FIELDS else "<key>"

    where = "; ".join(".".join(part(p) for p in e["loc"]) + f" ({e['type']})" for e in exc.errors()[:5])
    return RequestError(400, f"invalid guardrail request: {where}")


def _arguments(tool_call: dict[str, Any]) -> str:
    function = tool_call.get("function")
    raw = function.get("arguments") if isinstance(function, dict) else None
    if raw is None:
        return ""
    return raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False)


def parse_guardrail_request(body: bytes, settings: ServeSettings) -> GuardrailCall:
    """Validate a guardrail body (400 invalid, 422 over a limit: ``serve.max_messages`` texts and
    messages, ``serve.max_chars`` characters); errors name fields, never content."""
    raw = json_object(body)
    for name in ("texts", "structured_messages"):
        items = raw.get(name)
        if isinstance(items, list) and len(items) > settings.max_messages:
            raise RequestError(422, f"{len(items)} {name}, above serve.max_messages={settings.max_messages}")
    try:
        parsed = GuardrailBody.model_validate(raw)
    except ValidationError as exc:
        raise _invalid(exc) from None
    except RecursionError:
        raise RequestError(400, "request body is nested too deeply") from None
    texts = list(parsed.texts or [])
    total = sum(len(t) for t in texts)
    if total > settings.max_chars:
        raise RequestError(422, f"{total} characters in texts, above serve.max_chars={settings.max_chars}")
    for n, t in enumerate(texts):
        try:
            t.encode("utf-8")
        except UnicodeEncodeError:
            raise RequestError(400, f"texts[{n}] holds invalid Unicode (a lone surrogate)") from None
    trace = parsed.litellm_trace_id or parsed.litellm_call_id
    if not trace:
        raise RequestError(400, "litellm_trace_id or litellm_call_id is required (the conversation's key)")
    arguments = [a for a in (_arguments(c) for c in parsed.tool_calls or []) if a.strip()]
    return GuardrailCall(
        parsed.input_type,
        texts,
        trace,
        parsed.request_data.user_api_key_hash or "",
        len(parsed.images or []),
        arguments,
    )


# ---------------------------------------------------------------- answers


def blocked(reason: str) -> dict[str, Any]:
    return {"action": "BLOCKED", "blocked_reason": f"pdt: {reason}"}


def _answer(changed: bool, texts: list[str], holdback: list[int] | None = None) -> dict[str, Any]:
    held = holdback is not None and any(holdback)
    if not changed and not held:
        return {"action": "NONE"}
    out: dict[str, Any] = {"action": "GUARDRAIL_INTERVENED", "texts": texts}
    if held:
        out["stream_holdback_chars"] = holdback
    return out


def _types(labels: Sequence[str]) -> str:
    known = {label.value for label in Label} | {"SIZE"}
    return ", ".join(sorted({lab if lab in known else "OTHER" for lab in labels})) or "unknown type"


def restore(text: str, pmap: PseudonymMap) -> tuple[str, int]:
    """``text`` with the map's placeholders restored, and how many of its last characters to hold
    back on a stream: the tail that could still become a placeholder of the map (restored as far as
    it can be, for the stream's last round) and the word being written."""
    reinjector = StreamingReinjector(pmap, session_only=True)
    head = reinjector.feed(text)
    full = head + reinjector.close()
    word = max(head.rfind(c) for c in " \n\t") + 1
    return full, len(full) - word


class Guardrail:
    """The guardrail calls of one service (its assistant, its session store)."""

    def __init__(self, service: ServeService, key: str | bytes | None = None) -> None:
        self.service = service
        self.assistant = service.assistant
        self.store = service.store
        self._key = hmac.new(server_key(key), b"pdt-litellm-guardrail-session", hashlib.sha256).digest()

    def __repr__(self) -> str:
        return f"Guardrail(store={self.store!r})"

    def session_id(self, owner: str, scope: str, trace: str) -> str:
        """The conversation's session id: a keyed hash of who asks and the trace (not guessable)."""
        message = "\x00".join((owner, scope, trace)).encode("utf-8", "surrogatepass")
        digest = hmac.new(self._key, message, hashlib.sha256).digest()
        return "gr_" + base64.urlsafe_b64encode(digest[:24]).decode("ascii")

    async def run(self, owner: str, call: GuardrailCall, deadline: Deadline) -> dict[str, Any]:
        """The answer to a call; any error of ours (the deadline included) is ``BLOCKED``."""
        loop = asyncio.get_running_loop()
        try:
            work = loop.run_in_executor(self.service.cpu, self.handle, owner, call, deadline)
            return await asyncio.wait_for(work, deadline.remaining())
        except TimeoutError:
            return blocked("the check took longer than serve.request_timeout_s")
        except Exception as exc:
            return blocked(f"the check failed: {error_info(exc)[2]}")

    def handle(self, owner: str, call: GuardrailCall, deadline: Deadline) -> dict[str, Any]:
        """The answer to a call (in the CPU pool); errors of ours become ``BLOCKED``."""
        try:
            if call.input_type == "request":
                return self._request(owner, call, deadline)
            return self._response(owner, call)
        except EgressLeakError as exc:
            return blocked(f"the egress check found {_types([exc.label])} in the minimized text; nothing was sent")
        except HandoffError as exc:  # a text in a script no detector reads: nothing was sent
            return blocked(str(exc))
        except Exception as exc:
            return blocked(f"the check failed: {error_info(exc)[2]}")

    # ------------------------------------------------------------ the conversation

    def _load(self, session_id: str, owner: str) -> SessionRecord | None:
        try:
            return self.store.load(session_id, owner)
        except SessionNotFoundError:
            return None

    def _new(self, session_id: str, owner: str) -> SessionRecord:
        record = self.store.new(owner, self.assistant.models.assistant.surrogate_style)  # the store's caps
        record.session_id = session_id
        record.pmap.session_id = session_id
        return record

    @staticmethod
    def _vouched(memo: ConversationMemo) -> list[str]:
        raw = memo.provider_text(_VOUCHED_REF)
        return list(json.loads(raw)) if raw else []

    @staticmethod
    def _remember_vouched(memo: ConversationMemo, vouched: Sequence[str]) -> None:
        kept = sorted({v for v in vouched if v.strip() and len(v) <= MAX_VOUCHED_CHARS})[:MAX_VOUCHED]
        memo.remember_answer(_VOUCHED_REF, json.dumps(kept, ensure_ascii=False))

    def _save(self, record: SessionRecord) -> None:
        """Compare-and-set; a first save that finds the row already there (two first calls of one
        trace at once) is a conflict too."""
        try:
            self.store.save(record)
        except SessionStoreError:
            if record.version == 0 and self._load(record.session_id, record.owner) is not None:
                raise SessionConflictError("the conversation was created by a concurrent call") from None
            raise

    # ------------------------------------------------------------ request

    def _detect(self, text: str, pmap: PseudonymMap, memo: ConversationMemo) -> None:
        """Detect ``text`` (or take the memo's result) and remember it with every span that is a value
        of the map under that value's own type: an answer restored by this guardrail comes back in
        the next request's history, and a detector reading the same value with another type in
        another context (a town as an organisation) would give it a second marker."""
        found = memo.entities(text)
        if found is None:
            found = self.assistant.detector.detect(text)
        known: dict[str, str] = {}
        for label, value in pmap.values():
            known.setdefault(normalize(value), label)
        same = []
        for ent in found:
            label = known.get(normalize(ent.text), ent.label.value)
            if label != ent.label.value:
                ent = Entity.make(text, ent.start, ent.end, Label(label), ent.score, ent.source)
            same.append(ent)
        memo.remember_entities(text, same)

    def _minimize(
        self, texts: list[str], record: SessionRecord
    ) -> tuple[list[str], list[tuple[Label, str]], list[str]]:
        """Every text minimized with the record's map (a text minimized before the map grew is
        minimized again); the values kept raw and the strings vouched for."""
        pmap, memo = record.pmap, record.memo
        out = list(texts)
        kept: dict[int, list[tuple[Label, str]]] = {}
        vouched: dict[int, list[str]] = {}
        size: dict[int, int] = {}
        for _ in range(2):
            pending = [n for n, t in enumerate(texts) if t.strip() and size.get(n) != len(pmap)]
            if not pending:
                break
            for n in pending:
                self._detect(texts[n], pmap, memo)
                turn = self.assistant.prepare_turn(texts[n], None, pmap, (), memo)
                out[n], kept[n], vouched[n] = turn.minimized_query, list(turn.kept), list(turn.vouched)
                size[n] = len(pmap)
        return out, [k for ks in kept.values() for k in ks], [v for vs in vouched.values() for v in vs]

    def _check(
        self,
        minimized: list[str],
        texts: list[str],
        pmap: PseudonymMap,
        kept: list[tuple[Label, str]],
        vouched: list[str],
        arguments: list[str],
    ) -> list[str]:
        """The egress check on every minimized text and tool-call argument (EgressLeakError)."""
        inputs = Provenance([*texts, *(v for _, v in pmap.values())])
        allowed = KeptValues(kept)
        detector = self.assistant.egress_detector
        out = [
            check_egress(t, pmap, detector, kept=allowed, inputs=inputs, vouched=vouched).text if t.strip() else t
            for t in minimized
        ]
        for argument in arguments:  # checked, not rewritten: any identifier blocks
            check_egress(argument, pmap, detector, kept=allowed, vouched=vouched)
        return out

    def _request(self, owner: str, call: GuardrailCall, deadline: Deadline) -> dict[str, Any]:
        if call.images:
            return blocked(f"{call.images} image(s) in the request: images are not checked, so they are not sent")
        if self.assistant.architecture == "local_only":
            return blocked("assistant.architecture is local_only, which minimizes nothing; nothing was sent")
        session_id = self.session_id(owner, call.scope, call.trace)
        carried: dict[str, list[Entity]] = {}
        attempt = 0
        while True:
            record = self._load(session_id, owner) or self._new(session_id, owner)
            for text, ents in carried.items():  # detection results of a conflicting attempt
                record.memo.remember_entities(text, ents)
            size, before = len(record.pmap), self._vouched(record.memo)
            minimized, kept, vouched = self._minimize(call.texts, record)
            sent = self._check(minimized, call.texts, record.pmap, kept, [*before, *vouched], call.tool_arguments)
            if len(record.pmap) == size and set(vouched) <= set(before):
                break  # nothing new to remember: the stored map already holds every marker used
            self._remember_vouched(record.memo, [*before, *vouched])
            try:
                self._save(record)
                break
            except SessionConflictError:
                carried = {t: e for t in call.texts if (e := record.memo.entities(t)) is not None}
                attempt += 1
                deadline.remaining()  # DeadlineExceededError once the call's time is up
                time.sleep(random.uniform(0, min(CAS_BACKOFF_S, 0.002 * 2**attempt)))
        return _answer(sent != call.texts, sent)

    # ------------------------------------------------------------ response

    def _foreign(self, text: str, own: Provenance, pmap: PseudonymMap, vouched: list[str]) -> list[str]:
        """The types of the personal data in ``text`` that is not the conversation's own (f > tau), or []."""
        verdict = self.assistant.check_answer(text, own, pmap, vouched=vouched)
        return list(verdict.foreign) if self.assistant.gate_error(verdict) is not None else []

    def _response(self, owner: str, call: GuardrailCall) -> dict[str, Any]:
        record = self._load(self.session_id(owner, call.scope, call.trace), owner)
        pmap = record.pmap if record is not None else PseudonymMap()
        vouched = self._vouched(record.memo) if record is not None else []
        own = Provenance([v for _, v in pmap.values()])
        restored: list[str] = []
        holdback: list[int] = []
        foreign: list[str] = []
        for text in call.texts:
            if not text.strip():
                restored.append(text)
                holdback.append(0)
                continue
            full, held = restore(text, pmap)
            found = self._foreign(full, own, pmap, vouched)
            word = len(full) - held
            if found and held and full.rstrip()[-1:] not in _SENTENCE_END:
                # the finding may be a word cut by the stream ("Tha" of "Thanks"): the complete words
                # are judged, the last one is withheld (as [detail removed]) until it is complete
                if not self._foreign(full[:word], own, pmap, vouched):
                    full, held, found = full[:word] + DEFAULT_NEUTRAL, len(DEFAULT_NEUTRAL), []
            foreign += found
            restored.append(full)
            holdback.append(held)
        for argument in call.tool_arguments:
            foreign += self._foreign(argument, own, pmap, vouched)
        if foreign:
            return blocked(f"the answer holds personal data that is not the conversation's own ({_types(foreign)})")
        return _answer(restored != call.texts, restored, holdback)
