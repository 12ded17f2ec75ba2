"""The support assistant's core: one turn of a conversation or a ticket through the boundary.

:class:`SupportAssistant` owns the detectors, the egress gate and its ledger, the local and external
LMs and the delegation program; a turn is prepared (detect, minimize: :meth:`~SupportAssistant.prepare_turn`),
delegated (:meth:`~SupportAssistant.delegate_turn`, :meth:`~SupportAssistant.stream_turn`), gated
(:meth:`~SupportAssistant.gate_turn`, :meth:`~SupportAssistant.check_answer`) and re-identified.
Phase 2 takes one :class:`~pipelines.delegation.TurnContext` (:meth:`~SupportAssistant.open_turn`
prepares a turn and builds it): the turn, the session's map, the ticket id, the raw inputs and the
per-call LM arguments travel together.
The ticket CLI (:mod:`pipelines.support_assistant`), the server (:mod:`pipelines.serve`) and its
LiteLLM guardrail are shells over it; :meth:`~SupportAssistant.warm_up` runs every local stage once.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dspy
from dspy.utils.exceptions import AdapterParseError

from configs.models import ARCHITECTURES, ModelsSettings, load_models
from configs.settings import DEFAULT_TASK, DomainSchema, Settings, load_domain, load_settings
from local_model.boundary.answer_gate import AnswerGate, AnswerVerdict
from local_model.boundary.clients import (
    configure_dspy_cache,
    external_lm,
    lm_detector_resources,
    local_lm,
    warm_up_client,
)
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.provenance import Provenance
from local_model.detection.hybrid import HybridDetector, build_detector
from local_model.minimization.pseudonym import PseudonymMap
from local_model.minimization.sessions import ConversationMemo
from local_model.text.lang import unread_script
from pipelines.delegation import DelegationProgram, HistoryMessage, PreparedTurn, TurnContext
from signatures.errors import (
    ConfigError,
    EgressLeakError,
    HandoffError,
    ModelCallError,
    TicketError,
)


def no_lone_surrogates(value: str) -> str:
    """``value``, or ValueError when it holds a lone surrogate (not encodable as UTF-8)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("holds invalid Unicode (a lone surrogate)") from None
    return value


@dataclass
class Answer:
    text: str
    leak_fraction: float
    timings: dict[str, float] = field(default_factory=dict)
    unknown_markers: list[str] = field(default_factory=list)
    architecture: str = ""
    #: types of identifiers the model invented in outgoing requests, removed before sending
    stripped: list[str] = field(default_factory=list)
    #: types of invented links in the answer (a quality problem, counted, not a leak)
    invented: list[str] = field(default_factory=list)
    #: the provider's answer before re-identification (minimize_then_external; None otherwise)
    provider_text: str | None = None
    #: the ledger records of the requests that left for this answer (minimized text only)
    records: list[dict[str, Any]] = field(default_factory=list)

    def __repr__(self) -> str:  # the answer holds the customer's data
        return f"Answer(chars={len(self.text)}, f={self.leak_fraction:.2f}, architecture={self.architecture!r})"


@contextmanager
def _typed_errors() -> Iterator[None]:
    """A blocked request as :class:`HandoffError`, unusable model output as :class:`ModelCallError`."""
    try:
        yield
    except EgressLeakError as exc:
        raise HandoffError("egress-leak", [exc.label], f"outgoing request blocked ({exc.label} {exc.reason})") from None
    except AdapterParseError as exc:
        raise ModelCallError("local or external", f"unusable model output ({type(exc).__name__})") from None


class SupportAssistant:
    """Answers tickets through the delegation program; one pseudonym map per ticket (or session)."""

    def __init__(
        self,
        models: ModelsSettings | None = None,
        settings: Settings | None = None,
        architecture: str | None = None,
        ledger_path: str | Path | None = None,
        domain: DomainSchema | None = None,
        run_id: str | None = None,
    ) -> None:
        self.models = models or load_models()
        self.settings = settings or load_settings()
        self.architecture = architecture or self.models.assistant.architecture
        if self.architecture not in ARCHITECTURES:
            raise ConfigError(f"unknown architecture {self.architecture!r}; choose one of {', '.join(ARCHITECTURES)}")
        self.domain = domain or load_domain(self.models.assistant.domain)
        trusted = self.settings.boundary.trusted_hosts
        self.detector = build_detector(self.settings.detector, lm_detector_resources(self.settings.detector, trusted))
        # the egress re-check only asks "is there personal data?": one occurrence is enough, so
        # other occurrences are not propagated (that would only cost time); answers are short and
        # hold real values, so the answer gate runs the full detector (never cached)
        fast = self.settings.detector.model_copy(
            update={"detectors": list(self.models.egress.detectors), "propagate_mentions": False}
        )
        full = self.settings.detector.model_copy(update={"propagate_mentions": False})
        # the same detectors as the main detector (one spaCy pipeline, not two), without propagation
        self.answer_gate = AnswerGate(HybridDetector(full, detectors=self.detector.detectors))
        self.egress_detector = build_detector(
            fast, lm_detector_resources(fast, trusted), caching=True
        )  # outgoing requests are minimized
        self.ledger = EgressLedger(ledger_path or self.models.ledger_path())
        self.run_id = run_id or uuid.uuid4().hex[:12]
        configure_dspy_cache(self.models)
        self.gate = EgressGate(
            self.ledger,
            self.egress_detector,
            self.models.external.endpoint,
            self.models.external.stand_in,
            self.models.egress.max_request_chars,
            self.run_id,
        )
        self.local = local_lm(self.models)
        self.external = external_lm(self.models, self.gate) if self.architecture != "local_only" else None
        self.last_timings: dict[str, float] = {}  # seconds per stage of the last answer() (also on errors)
        self.program = DelegationProgram(
            self.architecture,
            self.local,
            self.external,
            self.detector,
            self.domain,
            self.models.assistant.surrogate_style,
        )

    def validate(self, text: str, task: str | None) -> str:
        if not isinstance(text, str) or not text.strip():
            raise TicketError("ticket text must be a non-empty string")
        if len(text) > self.models.assistant.max_ticket_chars:
            raise TicketError(
                f"ticket has {len(text)} characters, above assistant.max_ticket_chars="
                f"{self.models.assistant.max_ticket_chars}"
            )
        try:
            no_lone_surrogates(text)
        except ValueError:
            raise TicketError("ticket text holds invalid Unicode (a lone surrogate)") from None
        task = task or DEFAULT_TASK
        if not isinstance(task, str) or task not in self.domain.tasks:
            # the task name comes from the ticket: it is never repeated in the message
            raise TicketError(f"unknown task for domain {self.domain.name}; known: {sorted(self.domain.tasks)}")
        return task

    def release_memory(self) -> None:
        """Clear what the detectors cache from texts they saw (a long-running server calls this)."""
        for det in (self.detector, self.egress_detector, self.answer_gate.detector):
            det.release_memory()

    # ------------------------------------------------------------ a turn of a conversation

    def prepare_turn(
        self,
        text: str,
        task: str | None,
        pmap: PseudonymMap,
        history: Sequence[HistoryMessage] = (),
        memo: ConversationMemo | None = None,
    ) -> PreparedTurn:
        """Phase 1 of a turn (validate, detect, minimize the new message and the pruned history
        with the session's map): changes ``pmap`` and ``memo``; nothing leaves the boundary."""
        task = self.validate(text, task)
        if self.models.assistant.unread_script == "handoff":
            script = unread_script(text)
            if script is not None:
                raise HandoffError(
                    "unread-script", [], f"the ticket is written mostly in {script.title()}, which no detector reads"
                )
        serve = self.models.serve
        return self.program.prepare(text, task, pmap, history, memo, serve.history_turns, serve.history_chars)

    def check_answer(
        self,
        answer: str,
        inputs: Sequence[str] | Provenance,
        pmap: PseudonymMap,
        from_offset: int = 0,
        vouched: Sequence[str] = (),
    ) -> AnswerVerdict:
        """The leak gate on a final answer, or on a piece of a streamed one (see :class:`AnswerGate`)."""
        return self.answer_gate.check(answer, inputs, pmap.pseudonyms(), from_offset, vouched)

    def gate_error(self, verdict: AnswerVerdict) -> HandoffError | None:
        """The handoff for a verdict above tau, or None."""
        if verdict.f <= self.models.assistant.leak_threshold:
            return None
        return HandoffError(
            "answer-leak",
            verdict.foreign,
            "answer holds personal data that is not the customer's "
            f"({', '.join(sorted(set(verdict.foreign)))}; f={verdict.f:.2f} > "
            f"tau={self.models.assistant.leak_threshold:.2f})",
        )

    def open_turn(
        self,
        text: str,
        task: str | None,
        pmap: PseudonymMap,
        history: Sequence[HistoryMessage] = (),
        memo: ConversationMemo | None = None,
        *,
        ticket_id: str = "",
        inputs: Sequence[str] | None = None,
    ) -> TurnContext:
        """Phase 1 (:meth:`prepare_turn`) and the turn's context for phase 2; set the context's
        ``external_config``/``local_config`` (per-call LM arguments) before delegating."""
        turn = self.prepare_turn(text, task, pmap, history, memo)
        return TurnContext(turn, pmap, ticket_id, list(inputs) if inputs is not None else None)

    def delegate_turn(self, ctx: TurnContext) -> dspy.Prediction:
        """The model calls of phase 2 (a blocked request is :class:`HandoffError`, a model
        failure :class:`ModelCallError`)."""
        self.last_timings = dict(ctx.turn.timings)
        with _typed_errors():
            pred = self.program.delegate(ctx)
        self.last_timings = dict(pred.timings)
        return pred

    def gate_turn(self, pred: dspy.Prediction, ctx: TurnContext) -> Answer:
        """The leak gate on phase 2's answer: the :class:`Answer`, or :class:`HandoffError`."""
        answer = str(pred.answer or "").strip()
        if not answer:
            raise ModelCallError("local" if self.architecture == "local_only" else "external", "empty answer")
        t = time.perf_counter()
        verdict = self.check_answer(answer, ctx.raw_inputs, ctx.pmap, vouched=ctx.turn.vouched)
        self.last_timings["leak_gate"] = time.perf_counter() - t
        handoff = self.gate_error(verdict)
        if handoff is not None:
            raise handoff
        provider_text = pred.external_response if self.architecture == "minimize_then_external" else None
        return Answer(
            answer,
            verdict.f,
            dict(self.last_timings),
            list(pred.unknown),
            self.architecture,
            list(pred.stripped),
            verdict.invented,
            provider_text,
            list(pred.records),
        )

    def finish_turn(self, ctx: TurnContext) -> Answer:
        """Phase 2 of a turn, answered at once: the model calls, then the leak gate.  A blocked
        request or a leaking answer is :class:`HandoffError`, a model failure :class:`ModelCallError`."""
        return self.gate_turn(self.delegate_turn(ctx), ctx)

    def stream_turn(self, ctx: TurnContext, result: dict[str, Any] | None = None) -> Generator[str, None, None]:
        """Phase 2 of a turn, streamed: the final answer's text as it is generated, **not yet
        re-identified or gated** (the caller does both on what it releases; see
        :meth:`DelegationProgram.stream`).  Errors as in :meth:`finish_turn`."""
        with _typed_errors():
            yield from self.program.stream(ctx, result)

    # ------------------------------------------------------------ one ticket

    def answer(
        self,
        text: str,
        task: str | None = None,
        ticket_id: str = "",
        pmap: PseudonymMap | None = None,
        history: Sequence[str] = (),
    ) -> Answer:
        """Answer one ticket.  ``pmap``: the session's map (a fresh one per ticket by default; the
        caller owns a given map and its lifetime); ``history``: raw earlier inputs of the session."""
        own_map = pmap is None
        pmap = pmap if pmap is not None else PseudonymMap(style=self.models.assistant.surrogate_style)
        self.last_timings = {}
        try:
            return self.finish_turn(self.open_turn(text, task, pmap, ticket_id=ticket_id, inputs=[*history, text]))
        finally:
            if own_map:
                pmap.clear()

    # ---------------------------------------------------------------- the tickets file

    def warm_up(self) -> None:
        """Run every local stage once on invented texts (detection with each detector, the
        minimization, the request as the adapter formats it, the answer gate) and load the model
        client, so the first customer does not pay for it; nothing is sent."""
        warm_up_client()  # litellm's import and its first completion's imports (mocked: nothing sent)
        texts = (
            "Hello, my name is Oliver Whitaker, my line +44 7700 900123 has no signal at 12 Baker Street, Leeds.",
            "Hola, soy Lucía Fernández, DNI 12345678Z, llamadme al +34 612 345 678, tengo diabetes tipo 2.",
        )
        for text in texts:
            pmap = PseudonymMap()
            turn = self.prepare_turn(text, None, pmap)
            if self.external is not None:
                self.program.format_external_request(turn)
            self.check_answer(pmap.reinject(turn.minimized_query).text, turn.inputs, pmap)
            pmap.clear()
