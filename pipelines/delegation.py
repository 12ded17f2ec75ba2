"""The delegation program (PAPILLON pattern) with three selectable architectures.

* ``local_only``: the local LM answers the raw query; nothing leaves the boundary.
* ``minimize_then_external``: detect -> minimize -> external LM (through the egress gate) ->
  reinject.  No crafter.
* ``papillon``: detect -> minimize -> the local LM crafts a request -> external LM (egress gate)
  -> the local LM aggregates the (reinjected) external answer with the original query -> reinject.

The trust boundary is written with ``dspy.context(lm=...)``: only the external step runs on the
external LM, and that LM exists only behind :class:`local_model.boundary.EgressGate`, inside a
:func:`local_model.boundary.guarded_session` built from this request's pseudonym map.

A turn runs in two phases, so a caller holding a shared session map can store the map between
them (compare-and-set) before anything leaves the boundary:

1. :meth:`DelegationProgram.prepare` (local, no LM call except the LM detector when configured):
   detect and minimize the new message and the earlier messages of the conversation with the
   session's map (history pruned to the newest ``history_turns`` exchanges and ``history_chars``
   characters; a value the turn's task sends on purpose stays as it is everywhere, so one value
   never crosses both raw and as a marker); returns a :class:`PreparedTurn`.
2. :meth:`DelegationProgram.delegate` (answer at once) or :meth:`DelegationProgram.stream`
   (the final answer's text as it is generated): the model calls, the external one inside the
   guarded session.

``forward`` is both phases in one call (what the tickets CLI and the compile use).
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import dspy

from configs.models import ARCHITECTURES
from configs.settings import DEFAULT_TASK, DomainSchema
from local_model.boundary.clients import BoundaryLM, StreamedField, StructuredJSONAdapter
from local_model.boundary.second_look import second_look
from local_model.boundary.session import EgressSession, guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.detection.veto import technical_strings
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from local_model.minimization.sessions import ConversationMemo
from local_model.text.textnorm import normalize
from signatures.delegation import AggregateAnswer, AnswerLocally, CraftRequest, RespondExternally
from signatures.entities import Entity, Label
from signatures.errors import ConfigError, ModelCallError

Role = Literal["user", "assistant"]
STAGES = ("detection", "minimization", "local_lm", "external", "egress_check", "ledger", "reinjection")


@dataclass(frozen=True)
class HistoryMessage:
    """An earlier message of the conversation, as the client sent it (raw: inside only)."""

    role: Role
    text: str

    def __repr__(self) -> str:
        return f"HistoryMessage(role={self.role!r}, chars={len(self.text)})"


@dataclass
class PreparedTurn:
    """A turn after phase 1: what may leave (minimized) and what stays (raw, for the checks)."""

    query: str
    task: str
    minimized_query: str
    #: (role, minimized text) of the earlier messages sent with this turn, oldest first
    history: list[tuple[Role, str]] = field(default_factory=list)
    #: the raw earlier messages those stand for (oldest first; inside only)
    raw_history: list[HistoryMessage] = field(default_factory=list)
    #: values of needed types sent unchanged: (label, raw value)
    kept: list[tuple[Label, str]] = field(default_factory=list)
    #: every raw text of the turn and its history (the egress check's and answer gate's provenance)
    inputs: list[str] = field(default_factory=list)
    #: strings the pipeline itself let through or wrote: the technical strings the detector kept in
    #: the raw texts (an error code, a build) and the minimizer's generalisations ("the 1970s");
    #: the gates do not read them as personal data again
    vouched: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=lambda: dict.fromkeys(STAGES, 0.0))

    def __repr__(self) -> str:
        return f"PreparedTurn(chars={len(self.query)}, history={len(self.history)}, kept={len(self.kept)})"


@dataclass
class TurnContext:
    """One turn between its phases: what phase 1 prepared, the session's map it was prepared with,
    and what phase 2 needs besides.  Every phase-2 call takes it (:meth:`DelegationProgram.delegate`,
    :meth:`DelegationProgram.stream`, and the assistant's ``delegate_turn``, ``gate_turn``,
    ``finish_turn``, ``stream_turn``), so a shell (the ticket CLI, the server, the guardrail, the
    Python API) builds it once instead of threading six values through."""

    turn: PreparedTurn
    #: the session's (or ticket's) pseudonym map, as phase 1 left it
    pmap: PseudonymMap
    #: the ticket's id in the ledger ("" for a conversation turn)
    ticket_id: str = ""
    #: every raw text of the ticket or session for the leak-or-invention test (None: the turn's own)
    inputs: list[str] | None = None
    #: per-call arguments of the external LM (``timeout`` from a deadline, the client's ``max_tokens``)
    external_config: dict[str, Any] = field(default_factory=dict)
    #: per-call arguments of the local LM
    local_config: dict[str, Any] = field(default_factory=dict)

    @property
    def raw_inputs(self) -> list[str]:
        """The raw texts the egress check and the answer gate compare with (inside only)."""
        return list(self.inputs) if self.inputs is not None else list(self.turn.inputs)

    def __repr__(self) -> str:
        return f"TurnContext({self.turn!r}, map={len(self.pmap)}, inputs={len(self.raw_inputs)})"


def prune_history(history: Sequence[HistoryMessage], max_turns: int, max_chars: int) -> list[HistoryMessage]:
    """The newest messages of ``history`` that fit ``max_turns`` exchanges (user + assistant) and
    ``max_chars`` characters; older ones are dropped first (oldest first in the result)."""
    if not max_turns:
        return []
    out: list[HistoryMessage] = []
    chars = 0
    users = 0
    for msg in reversed(history):
        if msg.role == "user":
            users += 1
        if users > max_turns or chars + len(msg.text) > max_chars:
            break
        chars += len(msg.text)
        out.append(msg)
    out.reverse()
    if len(out) < len(history):  # an answer whose question was dropped goes too
        while out and out[0].role == "assistant":
            out.pop(0)
    return out


def _transcript(history: Sequence[tuple[str, str]], current: str) -> str:
    """Earlier messages and the new one as one text (for LMs that take a single query)."""
    if not history:
        return current
    lines = [f"{'Customer' if role == 'user' else 'Support'}: {text}" for role, text in history]
    return "Earlier in this conversation:\n" + "\n".join(lines) + f"\n\nThe customer's new message:\n{current}"


class DelegationProgram(dspy.Module):
    """``forward(user_query, task, pmap)`` -> ``dspy.Prediction(answer, minimized_query, ...)``."""

    def __init__(
        self,
        architecture: str,
        local: dspy.BaseLM,
        external: dspy.BaseLM | None,
        detector: HybridDetector,
        domain: DomainSchema | None = None,
        surrogate_style: str = "marker",
    ) -> None:
        super().__init__()
        if architecture not in ARCHITECTURES:
            raise ValueError(f"unknown architecture {architecture!r}; choose one of {', '.join(ARCHITECTURES)}")
        if architecture != "local_only" and external is None:
            raise ValueError(f"architecture {architecture} needs an external LM (local_model.boundary.external_lm)")
        self.architecture = architecture
        self.local = local
        self.external = external
        self.detector = detector
        self.domain = domain
        self.surrogate_style = surrogate_style
        self.adapter = StructuredJSONAdapter()
        self.craft = dspy.Predict(CraftRequest)
        self.respond = dspy.Predict(RespondExternally)
        self.aggregate = dspy.Predict(AggregateAnswer)
        self.answer_locally = dspy.Predict(AnswerLocally)

    def _local(self, predictor: dspy.Predict, config: dict[str, Any] | None = None, **inputs: Any) -> dspy.Prediction:
        with dspy.context(lm=self.local, adapter=self.adapter):
            return predictor(**inputs, config=dict(config or {}))

    # ------------------------------------------------------------ phase 1: detect and minimize

    def _entities(self, text: str, memo: ConversationMemo | None, timings: dict[str, float]) -> list[Entity]:
        found = memo.entities(text) if memo is not None else None
        if found is None:
            t = time.perf_counter()
            found = self.detector.detect(text)
            timings["detection"] += time.perf_counter() - t
            if memo is not None:
                memo.remember_entities(text, found)
        return found

    def prepare(
        self,
        user_query: str,
        task: str = DEFAULT_TASK,
        pmap: PseudonymMap | None = None,
        history: Sequence[HistoryMessage] = (),
        memo: ConversationMemo | None = None,
        history_turns: int = 3,
        history_chars: int = 12_000,
    ) -> PreparedTurn:
        """Phase 1 (see the module docstring); changes ``pmap`` and ``memo``, sends nothing."""
        pmap = pmap if pmap is not None else PseudonymMap(style=self.surrogate_style)  # type: ignore[arg-type]
        turn = PreparedTurn(user_query, task, user_query)
        if self.architecture == "local_only":
            turn.raw_history = prune_history(history, history_turns, history_chars)
            turn.inputs = [m.text for m in turn.raw_history] + [user_query]
            return turn
        timings = turn.timings
        entities = self._entities(user_query, memo, timings)
        t = time.perf_counter()
        minimized = Minimizer(pmap, self.domain, task if self.domain is not None else None).minimize(
            user_query, entities
        )
        timings["minimization"] += time.perf_counter() - t
        turn.kept = list(minimized.kept)
        turn.vouched = list(minimized.generated) + technical_strings(user_query)
        look = second_look(minimized.text, pmap, self.detector, self.domain, turn.kept, turn.vouched)
        timings["detection"] += look.detection_s
        timings["minimization"] += look.minimization_s
        turn.vouched += look.generated
        turn.minimized_query = look.text
        sent_raw = {(label, normalize(value)) for label, value in minimized.kept}
        turn.raw_history = prune_history(history, history_turns, history_chars)
        for msg in turn.raw_history:
            written = memo.provider_text(msg.text) if (memo is not None and msg.role == "assistant") else None
            if written is not None:  # an earlier answer: send again exactly what the provider wrote
                turn.history.append((msg.role, written))
                continue
            found = self._entities(msg.text, memo, timings)
            keep = [e for e in found if (e.label, normalize(e.text)) in sent_raw]
            t = time.perf_counter()
            # the turn's task decides what passes raw: a value it sends on purpose stays as it is
            # in the history too (never raw and as a marker at once); the rest is minimized
            hist = Minimizer(pmap, self.domain, None).minimize(msg.text, [e for e in found if e not in keep])
            timings["minimization"] += time.perf_counter() - t
            turn.kept += [(e.label, e.text) for e in keep]
            turn.vouched += list(hist.generated) + technical_strings(msg.text)
            turn.history.append((msg.role, hist.text))
        # the raw inputs of the turn, and every value the session's map took from this customer's
        # earlier messages (a client may send only the new message: the session remembers)
        turn.inputs = [m.text for m in turn.raw_history] + [user_query] + [v for _, v in pmap.values()]
        return turn

    # ------------------------------------------------------------ phase 2: the model calls

    def _respond_call(self, turn: PreparedTurn) -> tuple[dspy.Predict, dict[str, Any]]:
        """The external predictor and its inputs: earlier exchanges as conversation turns (one
        message each: the egress re-check of an unchanged earlier message is cached)."""
        if not turn.history or self.architecture != "minimize_then_external":
            return self.respond, {"request": turn.minimized_query}
        pairs: list[dict[str, str]] = []
        for role, text in turn.history:
            if role == "user" or not pairs or "response" in pairs[-1]:
                pairs.append({"request": text} if role == "user" else {"response": text})
            else:
                pairs[-1]["response"] = text
        signature = self.respond.signature.prepend(
            "history", dspy.InputField(desc="earlier turns of this conversation"), type_=dspy.History
        )
        predictor = dspy.Predict(signature)
        predictor.demos = list(self.respond.demos)
        return predictor, {"request": turn.minimized_query, "history": dspy.History(messages=pairs)}

    def format_external_request(self, turn: PreparedTurn) -> list[dict[str, Any]]:
        """The messages the external LM would receive for ``turn`` (formatted by the adapter, not
        sent, not checked): a server's warm-up runs the formatting once before its first customer."""
        if self.external is None:
            raise ConfigError(f"the {self.architecture} architecture makes no external call")
        predictor, inputs = self._respond_call(turn)
        messages, _ = self.adapter.request(self.external, predictor.signature, list(predictor.demos), inputs)
        return messages

    def _request(self, turn: PreparedTurn, config: dict[str, Any], out: dict[str, Any]) -> str:
        """The request that leaves: the minimized turn, or the local crafter's rewrite of it."""
        request = turn.minimized_query
        if self.architecture == "papillon":
            t = time.perf_counter()
            query = _transcript(turn.history, turn.minimized_query)
            request = self._local(self.craft, config, user_query=query, task=turn.task).external_request
            turn.timings["local_lm"] += time.perf_counter() - t
        out["external_request"] = request
        return request

    def _session(self, ctx: TurnContext, call_inputs: dict[str, Any]) -> Any:
        """The guarded session of one external call; the customer-derived texts it carries are the
        request and the earlier messages (only they are re-checked by the detector and rewritten)."""
        customer = [str(call_inputs["request"])]
        history = call_inputs.get("history")
        if history is not None:
            customer += [str(v) for msg in history.messages for v in msg.values()]
        turn = ctx.turn
        return guarded_session(
            ctx.pmap, turn.kept, ctx.raw_inputs, ctx.ticket_id, customer=customer, vouched=turn.vouched
        )

    def _respond(
        self, ctx: TurnContext, predictor: Any, call_inputs: dict[str, Any], out: dict[str, Any], started: float
    ) -> Any:
        """The external call, unstreamed, inside its guarded egress session (accounted in ``out``)."""
        with self._session(ctx, call_inputs) as session:
            try:
                with dspy.context(lm=self.external, adapter=self.adapter):
                    response = predictor(**call_inputs, config=dict(ctx.external_config)).response
            finally:
                self._account(ctx.turn, session, started, out)
        out["external_response"] = response
        return response

    def _account(self, turn: PreparedTurn, session: EgressSession, started: float, out: dict[str, Any]) -> None:
        turn.timings["external"] += time.perf_counter() - started - session.check_s - session.ledger_s
        turn.timings["egress_check"] += session.check_s
        turn.timings["ledger"] += session.ledger_s
        out["stripped"] = list(session.stripped)
        out["records"] = list(session.records)

    def delegate(self, ctx: TurnContext) -> dspy.Prediction:
        """Phase 2, answered at once (the raw texts of the leak-or-invention test and the per-call
        LM arguments come with ``ctx``)."""
        turn, pmap, local_config = ctx.turn, ctx.pmap, ctx.local_config
        timings = turn.timings
        out: dict[str, Any] = {
            "minimized_query": turn.minimized_query,
            "external_request": "",
            "external_response": "",
            "unknown": [],
            "stripped": [],
            "records": [],
        }
        if self.architecture == "local_only":
            t = time.perf_counter()
            query = _transcript([(m.role, m.text) for m in turn.raw_history], turn.query)
            answer = self._local(self.answer_locally, local_config, user_query=query, task=turn.task).answer
            timings["local_lm"] += time.perf_counter() - t
            return dspy.Prediction(answer=answer, timings=timings, architecture=self.architecture, **out)

        request = self._request(turn, dict(local_config), out)
        assert self.external is not None
        predictor, call_inputs = self._respond_call(turn)
        call_inputs["request"] = request
        response = self._respond(ctx, predictor, call_inputs, out, time.perf_counter())

        t = time.perf_counter()
        restored = pmap.reinject(response)
        timings["reinjection"] += time.perf_counter() - t
        out["unknown"] = list(restored.unknown_markers)
        answer = restored.text
        if self.architecture == "papillon":
            t = time.perf_counter()
            query = _transcript([(m.role, m.text) for m in turn.raw_history], turn.query)
            answer = self._local(
                self.aggregate, local_config, user_query=query, external_response=restored.text
            ).final_answer
            timings["local_lm"] += time.perf_counter() - t
            t = time.perf_counter()
            final = pmap.reinject(answer)
            timings["reinjection"] += time.perf_counter() - t
            out["unknown"] += list(final.unknown_markers)
            answer = final.text
        return dspy.Prediction(answer=answer, timings=timings, architecture=self.architecture, **out)

    def _stream_field(
        self, lm: dspy.BaseLM, predictor: dspy.Predict, inputs: dict[str, Any], name: str, config: dict[str, Any]
    ) -> Iterator[str]:
        """The text of output field ``name`` as ``lm`` generates it (the same messages as the
        predictor's own call would send).  A stream that ends without any text of the field (a
        provider's garbage, a model that never wrote it) is :class:`ModelCallError` ("empty
        answer"), as an unstreamed empty answer is."""
        if not isinstance(lm, BoundaryLM):
            raise TypeError("streaming needs a BoundaryLM")
        messages, kwargs = self.adapter.request(lm, predictor.signature, list(predictor.demos), inputs)
        decoded = StreamedField(name)
        wrote = False
        for delta in lm.stream(messages, **{**kwargs, **config}):
            text = decoded.feed(delta)
            if text:
                wrote = True
                yield text
        if not wrote:
            raise ModelCallError("local" if lm is self.local else "external", "empty answer")

    def stream(self, ctx: TurnContext, result: dict[str, Any] | None = None) -> Generator[str, None, None]:
        """Phase 2, streamed: the final answer's text as the model writes it, **before
        re-identification** (markers as the model wrote them; the caller reinjects with a
        :class:`~local_model.minimization.streaming.StreamingReinjector` and checks what it
        releases).  Which step streams: ``minimize_then_external`` the external answer (through
        the egress gate's streaming send), ``papillon`` the local aggregator (the crafter and the
        external call run first, unstreamed: the aggregator writes the final answer),
        ``local_only`` the local answer.  ``result`` (a dict) receives what :meth:`delegate`
        returns besides the answer (``external_request``, ``external_response``, ``stripped``,
        ``records``, ``provider_text``) once the stream has ended.

        Runs in one thread from start to end (the guarded session is a context variable)."""
        turn, pmap = ctx.turn, ctx.pmap
        out = result if result is not None else {}
        out.update(external_request="", external_response="", stripped=[], records=[], provider_text=None)
        local_config = dict(ctx.local_config)
        if self.architecture == "local_only":
            query = _transcript([(m.role, m.text) for m in turn.raw_history], turn.query)
            inputs = {"user_query": query, "task": turn.task}
            yield from self._stream_field(self.local, self.answer_locally, inputs, "answer", local_config)
            return
        request = self._request(turn, local_config, out)
        assert self.external is not None
        predictor, call_inputs = self._respond_call(turn)
        call_inputs["request"] = request
        t = time.perf_counter()
        if self.architecture == "minimize_then_external":
            parts: list[str] = []
            with self._session(ctx, call_inputs) as session:
                try:
                    for text in self._stream_field(
                        self.external, predictor, call_inputs, "response", dict(ctx.external_config)
                    ):
                        parts.append(text)
                        yield text
                finally:
                    self._account(turn, session, t, out)
            out["external_response"] = out["provider_text"] = "".join(parts)
            return
        response = self._respond(ctx, predictor, call_inputs, out, t)
        restored = pmap.reinject(response).text
        query = _transcript([(m.role, m.text) for m in turn.raw_history], turn.query)
        inputs = {"user_query": query, "external_response": restored}
        yield from self._stream_field(self.local, self.aggregate, inputs, "final_answer", local_config)

    # ------------------------------------------------------------ both phases

    def forward(
        self,
        user_query: str,
        task: str = DEFAULT_TASK,
        pmap: PseudonymMap | None = None,
        ticket_id: str = "",
        inputs: Sequence[str] | None = None,
    ) -> dspy.Prediction:
        """``inputs``: every raw text of the ticket or session (default: ``user_query``), for the
        egress check's leak-or-invention test; they never leave the boundary."""
        pmap = pmap if pmap is not None else PseudonymMap(style=self.surrogate_style)  # type: ignore[arg-type]
        turn = self.prepare(user_query, task, pmap)
        return self.delegate(TurnContext(turn, pmap, ticket_id, list(inputs) if inputs is not None else None))
