"""LM clients of the trust boundary: one DSPy LM type for every role, and how each is built.

* :class:`BoundaryLM` is the DSPy LM for every role (local, external, judge, the LM detector).  It
  calls the endpoint through litellm with DSPy's cache off (external calls are never cached: each
  one must reach the ledger), sends the JSON schema of the output fields when
  ``structured_outputs`` is on (vLLM's guided decoding makes a tiny model produce the typed
  output), and turns provider failures into :class:`ModelCallError` whose message names the role
  and the failure class, never the prompt.  An LM without the egress gate sees raw text: its
  endpoint must pass the locality rule (:mod:`configs.locality`), checked on construction.
* :func:`external_lm` is the only constructor of the external LM, and it always wires the gate.
  ``tests/test_boundary.py`` fails when any other module calls an LM client directly.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Iterator, Sequence
from typing import Any

import dspy
import pydantic

from configs.locality import check_local
from configs.models import ExternalRole, LMRole, ModelsSettings
from configs.settings import DetectorSettings, resolve_path
from local_model.boundary.gate import EgressGate
from signatures.errors import ModelCallError

#: the loggers of the model clients whose debug records print whole requests and answers (litellm's curl line holds the
#: messages: a local role's are raw text; an answer may repeat a value): held at WARNING whatever the root logger's
#: level, so that a service run with debug logs writes no prompt and no answer
QUIET_LOGGERS = ("LiteLLM", "LiteLLM Router", "openai")


def quiet_client_loggers() -> None:
    """Hold :data:`QUIET_LOGGERS` at WARNING (called on import; again where a client is built, should a host have
    lowered them since)."""
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level < logging.WARNING:
            logger.setLevel(logging.WARNING)


quiet_client_loggers()


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

    def request(
        self,
        lm: dspy.BaseLM,
        signature: type[dspy.Signature],
        demos: list[dict[str, Any]],
        inputs: dict[str, Any],
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The messages and LM arguments a call of this adapter sends (the same as ``__call__``'s),
        for a caller that streams the answer instead: ``lm.stream(messages, **kwargs)``."""
        lm_kwargs: dict[str, Any] = {}
        self._prepare_response_format(lm, lm_kwargs, signature)
        processed = self._call_preprocess(lm, lm_kwargs, signature, inputs)
        return self.format(processed, demos, inputs), lm_kwargs


_FIELD_START = r'"{name}"\s*:\s*"'
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class StreamedField:
    """The text of one string field of a JSON answer (``{"response": "..."}``), decoded as the
    answer streams in: :meth:`feed` takes raw chunks and returns the field's new characters.

    An answer that does not start like JSON (a provider that ignores ``response_format``) is
    passed through as plain text."""

    def __init__(self, name: str) -> None:
        self._start = re.compile(_FIELD_START.format(name=re.escape(name)))
        self._buf = ""
        self._mode = "seek"  # seek | string | plain | done
        self.raw = ""  # everything the model sent (for the final parse)

    @property
    def done(self) -> bool:
        return self._mode == "done"

    def feed(self, chunk: str) -> str:
        self.raw += chunk
        self._buf += chunk
        if self._mode == "seek":
            head = self._buf.lstrip()
            if head and not head.startswith(("{", "`")):
                self._mode = "plain"
            else:
                m = self._start.search(self._buf)
                if m is None:
                    return ""
                self._buf = self._buf[m.end() :]
                self._mode = "string"
        if self._mode == "plain":
            out, self._buf = self._buf, ""
            return out
        if self._mode == "string":
            return self._decode()
        self._buf = ""
        return ""

    def _decode(self) -> str:
        out: list[str] = []
        buf = self._buf
        i = 0
        while i < len(buf):
            c = buf[i]
            if c == '"':
                self._mode = "done"
                i = len(buf)
                break
            if c != "\\":
                out.append(c)
                i += 1
                continue
            if i + 1 >= len(buf):
                break  # an escape split across chunks: wait for the rest
            esc = buf[i + 1]
            if esc == "u":
                if i + 6 > len(buf):
                    break
                code = int(buf[i + 2 : i + 6], 16) if re.fullmatch(r"[0-9a-fA-F]{4}", buf[i + 2 : i + 6]) else 0xFFFD
                if 0xD800 <= code < 0xDC00:  # a surrogate pair: both halves needed
                    if i + 12 > len(buf):
                        break
                    low = buf[i + 8 : i + 12]
                    if buf[i + 6 : i + 8] == "\\u" and re.fullmatch(r"[0-9a-fA-F]{4}", low):
                        code = 0x10000 + ((code - 0xD800) << 10) + (int(low, 16) - 0xDC00)
                        i += 6
                    else:
                        code = 0xFFFD
                out.append(chr(code) if not 0xD800 <= code < 0xE000 else "\ufffd")
                i += 6
                continue
            out.append(_ESCAPES.get(esc, esc))
            i += 2
        self._buf = buf[i:]
        return "".join(out)


class BoundaryLM(dspy.BaseLM):
    """A DSPy LM for one role.

    Without a gate (the local, judge and LM-detector roles: they see raw text) the endpoint must
    pass the locality rule, checked here on construction so no caller can forget it.  The external
    role routes every call through an :class:`~local_model.boundary.gate.EgressGate`."""

    def __init__(
        self,
        role_name: str,
        role: LMRole,
        gate: EgressGate | None = None,
        trusted_hosts: Sequence[str] = (),
    ) -> None:
        if gate is None:
            check_local(role_name, f"{role_name}.api_base", role.api_base, trusted_hosts)
        elif not isinstance(role, ExternalRole):
            raise TypeError("a gated LM needs the external role's settings")
        super().__init__(model=role.model, temperature=role.temperature, max_tokens=role.max_tokens, cache=False)
        self.role_name = role_name
        self.role = role
        self.trusted_hosts = tuple(trusted_hosts)
        self.structured_outputs = role.structured_outputs
        self._gate = gate
        self.calls = 0
        self.seconds = 0.0

    @property
    def gated(self) -> bool:
        return self._gate is not None

    def __repr__(self) -> str:
        return f"BoundaryLM(role={self.role_name!r}, model={self.role.model!r}, gated={self._gate is not None})"

    def _complete(self, messages: list[dict[str, Any]], kwargs: dict[str, Any]) -> Any:
        import litellm

        litellm.suppress_debug_info = True  # no "Give Feedback" banners in our output
        quiet_client_loggers()
        params = self._params(kwargs)
        t0 = time.perf_counter()
        try:
            return litellm.completion(
                model=self.role.model,
                messages=messages,
                api_base=self.role.api_base,
                api_key=self.role.api_key(),
                num_retries=0,
                **params,
            )
        except Exception as exc:
            raise self._failure(exc) from None
        finally:
            self.calls += 1
            self.seconds += time.perf_counter() - t0

    def _params(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        params = {**self.kwargs, **kwargs}
        params.pop("cache", None)
        params.pop("rollout_id", None)
        # a caller's deadline may shorten the role's timeout, never lengthen it
        params["timeout"] = min(float(params.get("timeout") or self.role.timeout_s), self.role.timeout_s)
        return params

    def _failure(self, exc: Exception) -> ModelCallError:
        status = getattr(exc, "status_code", None)
        return ModelCallError(
            self.role_name,
            f"{type(exc).__name__}{f' (HTTP {status})' if status else ''} from {self.role.endpoint}",
        )

    def _open_stream(self, messages: list[dict[str, Any]], kwargs: dict[str, Any]) -> Iterator[Any]:
        """The chunks of a streamed completion; provider failures (also mid-stream) are
        :class:`ModelCallError`; closing the iterator closes the connection."""
        import litellm

        litellm.suppress_debug_info = True
        params = self._params(kwargs)
        t0 = time.perf_counter()
        self.calls += 1
        try:
            response = litellm.completion(
                model=self.role.model,
                messages=messages,
                api_base=self.role.api_base,
                api_key=self.role.api_key(),
                num_retries=0,
                stream=True,
                **params,
            )
        except Exception as exc:
            self.seconds += time.perf_counter() - t0
            raise self._failure(exc) from None
        try:
            yield from response
        except Exception as exc:
            raise self._failure(exc) from None
        finally:
            self.seconds += time.perf_counter() - t0
            inner = getattr(response, "completion_stream", None)
            for closer in (getattr(inner, "close", None), getattr(response, "close", None)):
                if callable(closer):
                    try:
                        closer()
                    except Exception:
                        pass

    def stream(self, messages: list[dict[str, Any]], **kwargs: Any) -> Iterator[str]:
        """Text deltas of a streamed completion, as they come.  The external role streams through
        its egress gate (checked before anything is sent, recorded when the stream ends)."""
        chunks = (
            self._open_stream(messages, kwargs)
            if self._gate is None
            else self._gate.stream(messages, lambda m: self._open_stream(m, kwargs))
        )
        try:
            for chunk in chunks:
                choices = getattr(chunk, "choices", None) or []
                delta = getattr(choices[0], "delta", None) if choices else None
                text = getattr(delta, "content", None) if delta is not None else None
                if text:
                    yield str(text)
        finally:
            close = getattr(chunks, "close", None)
            if callable(close):
                close()

    def forward(self, prompt: str | None = None, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        msgs = messages or [{"role": "user", "content": prompt or ""}]
        if self._gate is None:
            return self._complete(msgs, kwargs)
        return self._gate.send(msgs, lambda m: self._complete(m, kwargs))


def warm_up_client() -> None:
    """Import what litellm imports on its first completion (~0.5 s, which a server's first
    customer would otherwise pay): one plain and one streamed completion that litellm answers
    itself (``mock_response``): no connection is opened, nothing is sent or recorded."""
    import litellm

    litellm.suppress_debug_info = True
    for stream in (False, True):
        reply = litellm.completion(
            model="openai/warm-up",
            messages=[{"role": "user", "content": "warm-up"}],
            mock_response="ok",
            api_key="warm-up",
            stream=stream,
        )
        if stream:
            for _ in reply:
                pass


def local_lm(models: ModelsSettings, role: str = "local") -> BoundaryLM:
    """The LM for a role inside the boundary (``local`` or ``judge``); its endpoint must be local."""
    if role not in ("local", "judge"):
        raise ValueError(f"local_lm() serves the local and judge roles, not {role!r}; use external_lm()")
    return BoundaryLM(role, models.local if role == "local" else models.judge, None, models.boundary.trusted_hosts)


def external_lm(models: ModelsSettings, gate: EgressGate) -> BoundaryLM:
    """The external LM: the only way to build it, always behind the egress gate."""
    return BoundaryLM("external", models.external, gate)


def lm_detector_resources(settings: DetectorSettings, trusted_hosts: Sequence[str] = ()) -> dict[str, Any]:
    """What the LM detector needs, built inside the boundary: its LM (the endpoint checked against
    the locality rule) and adapter, when ``lm`` is listed and enabled; nothing otherwise.  Pass it
    to :func:`local_model.detection.hybrid.build_detector`."""
    if settings.uses_lm:
        lm_settings = settings.lm
        role = LMRole(model=lm_settings.model, api_base=lm_settings.api_base, api_key_env=lm_settings.api_key_env)
        return {"lm": BoundaryLM("LM detector", role, None, trusted_hosts), "adapter": StructuredJSONAdapter()}
    return {}


def configure_dspy_cache(models: ModelsSettings) -> None:
    """Keep DSPy's response cache inside the boundary: disk cache off unless configured."""
    if models.dspy_cache.disk:
        path = resolve_path(models.dspy_cache.dir)
        path.mkdir(parents=True, exist_ok=True)
        dspy.configure_cache(enable_disk_cache=True, enable_memory_cache=True, disk_cache_dir=str(path))
    else:
        dspy.configure_cache(enable_disk_cache=False, enable_memory_cache=True)
