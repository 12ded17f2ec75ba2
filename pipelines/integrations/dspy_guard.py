"""Guard any DSPy program: every LM call it makes goes through the egress gate, minimized.

    import dspy
    from pipelines.integrations.dspy_guard import guard

    program = dspy.ChainOfThought("question -> answer")      # the user's own program
    guarded = guard(program, lm=dspy.LM("openai/gpt-4o-mini"))
    prediction = guarded(question="I am Ana Ruiz, my line +34 612 345 678 drops calls.")
    prediction.answer                                          # real values, restored locally

A call of :class:`GuardedProgram`:

1. minimizes every string input (and the strings inside list and dict inputs) with one
   :class:`~pipelines.api.Session` (a new one per call unless ``session=`` is given to
   :meth:`GuardedProgram.run`): the program only ever sees placeholders;
2. runs the program inside :func:`~local_model.boundary.session.guarded_session` (that
   session's map, its raw inputs, the values kept on purpose) with ``dspy.context(lm=...)`` set to
   the user's LM behind the project's :class:`~local_model.boundary.gate.EgressGate`: every
   request is checked (session-map values anywhere in it; the detector on the minimized inputs)
   and recorded in the egress ledger before it is sent; a request that still holds a raw value is
   blocked (:class:`~signatures.errors.EgressLeakError`, the type only) and never sent.
   Predictors with an LM of their own get it behind the same gate;
3. restores the string outputs of the prediction (and strings inside list and dict outputs).

Without ``lm=`` the external role of ``configs/models.yaml`` is used, built by
:func:`~local_model.boundary.clients.external_lm` behind the same gate.

Numbers, booleans and None pass unchanged; with a number among the inputs (a phone number typed
as an int is personal) every request is read whole by the detector and the number counts as a raw
input, so a detected one blocks the request.

Limits: the guard covers the LM calls DSPy makes through the context's or a predictor's LM
(not a provider SDK the program calls itself); inputs other than strings, numbers, booleans,
None, lists and dicts are refused; threads started inside the program (``dspy.Parallel``) do not
inherit the guarded session, so their LM calls are refused (nothing sent); streaming is not
covered (the whole answer is restored at the end).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import dspy

from configs.models import ModelsSettings, load_models
from configs.settings import DomainSchema
from local_model.boundary.clients import BoundaryLM, external_lm
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.session import guarded_session
from local_model.minimization.streaming import reinject_json
from pipelines.api import Protector, Session, default_protector
from signatures.errors import ConfigError, InputError, ModelCallError, PDTError

__all__ = ["GatedLM", "GuardedProgram", "guard"]

#: input values that pass unchanged (no text in them)
_PLAIN = (bool, type(None))
#: numbers pass unchanged too, but one can be personal (a phone number as an int): with one among the
#: inputs, every message is run through the detector whole, and the number counts as a raw input
_NUMBERS = (int, float)


@contextlib.contextmanager
def _adapter_call(lm: dspy.BaseLM, messages: list[dict[str, Any]]) -> Iterator[None]:
    """DSPy 3.4 warns when messages= dictionaries reach an LM from anywhere but its own adapters;
    the gate hands the adapter's messages on unchanged, so the call is marked as the adapter's
    (a context variable: concurrent calls are not affected).  Gone with the legacy interface in 3.5."""
    try:
        from dspy.clients._deprecation import adapter_message_call
    except ImportError:  # pragma: no cover - a DSPy without the 3.4 warning policy
        yield
        return
    with adapter_message_call(lm, messages):
        yield


class GatedLM(dspy.BaseLM):
    """A user's DSPy LM behind an :class:`~local_model.boundary.gate.EgressGate`: every call is
    checked, sent through ``gate.send`` and recorded; outside a guarded session it is refused
    (:class:`~signatures.errors.BoundaryViolationError`).  The wrapped LM runs with DSPy's response
    cache off (each request must reach the provider and the ledger)."""

    inner: dspy.BaseLM
    gate: EgressGate

    def __init__(self, lm: dspy.BaseLM, gate: EgressGate) -> None:
        if not isinstance(lm, dspy.BaseLM):
            raise ConfigError(f"guard(lm=...) takes a dspy.BaseLM (dspy.LM(...)), not {type(lm).__name__}")
        if isinstance(lm, GatedLM):
            lm = lm.inner
        super().__init__(model=lm.model, model_type=lm.model_type, cache=False, num_retries=0)
        self.inner = lm.copy(cache=False)
        self.kwargs = dict(self.inner.kwargs)
        self.gate = gate

    def __repr__(self) -> str:
        return f"GatedLM(model={self.model!r}, endpoint={self.gate.endpoint!r})"

    # the adapters read what the model can do from the LM they are given
    @property
    def supports_function_calling(self) -> bool:
        return bool(self.inner.supports_function_calling)

    @property
    def supports_reasoning(self) -> bool:
        return bool(self.inner.supports_reasoning)

    @property
    def supports_response_schema(self) -> bool:
        return bool(self.inner.supports_response_schema)

    @property
    def supported_params(self) -> set[str]:
        return set(self.inner.supported_params)

    def _complete(self, messages: list[dict[str, Any]], kwargs: dict[str, Any]) -> Any:
        try:
            with _adapter_call(self.inner, messages):
                return self.inner(messages=messages, **kwargs)
        except PDTError:
            raise
        except Exception as exc:  # the provider's message may quote the request: the class only
            raise ModelCallError("external", f"{type(exc).__name__} from {self.gate.endpoint}") from None

    def __call__(
        self, prompt: str | None = None, *, messages: list[dict[str, Any]] | None = None, **kwargs: Any
    ) -> Any:
        if prompt is not None and not isinstance(prompt, str):
            raise InputError(f"a guarded LM takes a prompt string or messages=, not {type(prompt).__name__}")
        msgs = messages if messages is not None else [{"role": "user", "content": prompt or ""}]
        return self.gate.send(msgs, lambda m: self._complete(m, kwargs))

    async def acall(
        self, prompt: str | None = None, *, messages: list[dict[str, Any]] | None = None, **kwargs: Any
    ) -> Any:
        """The same gated call on a worker thread (the guarded session is carried over)."""
        return await asyncio.to_thread(functools.partial(self.__call__, prompt, messages=messages, **kwargs))


class GuardedProgram:
    """A DSPy program whose LM calls leave only minimized, checked and recorded (see the module
    docstring).  Build it with :func:`guard`."""

    def __init__(
        self,
        program: dspy.Module,
        gate: EgressGate,
        lm: dspy.BaseLM,
        protector: Protector,
        domain: str | DomainSchema | None = None,
        task: str | None = None,
    ) -> None:
        self.gate = gate
        self.lm = lm
        self.protector = protector
        self.domain = domain
        self.task = task
        own = [p for _n, p in program.named_predictors() if getattr(p, "lm", None) is not None]
        if own:  # a predictor with its own LM would bypass dspy.context: it gets the gate as well
            # on a copy of the program (the user's stays as it was) sharing the user's LM objects
            memo: dict[int, Any] = {id(p.lm): p.lm for p in own}
            try:
                program = copy.deepcopy(program, memo)
            except Exception:  # an attribute that cannot be deep-copied: DSPy's own copy of the predictors
                program = program.deepcopy()
            for _name, predictor in program.named_predictors():
                if predictor.lm is not None and not _inside(predictor.lm):
                    predictor.lm = GatedLM(predictor.lm, gate)
        self.program = program

    def __repr__(self) -> str:
        return f"GuardedProgram(program={type(self.program).__name__}, lm={self.lm!r})"

    def __call__(self, **inputs: Any) -> dspy.Prediction:
        """Run the program on ``inputs`` with a new session (one call, one pseudonym map)."""
        return self.run(inputs)

    def run(
        self,
        inputs: Mapping[str, Any],
        *,
        session: Session | None = None,
        task: str | None = None,
    ) -> dspy.Prediction:
        """Run the program on ``inputs``; ``session`` carries one map across calls (a conversation:
        the same value keeps its placeholder), ``task`` overrides the guard's task for this call."""
        if not isinstance(inputs, Mapping):
            raise InputError(f"inputs must be a mapping of field names to values, not {type(inputs).__name__}")
        session = session if session is not None else Session()
        self._check_predictor_lms()
        task = task if task is not None else self.task
        customer: list[str] = []
        numbers: list[str] = []

        def minimize(value: Any, field: str) -> Any:
            if isinstance(value, str):
                out = self.protector.protect_text(value, session, self.domain, task)  # the session keeps
                customer.append(out.text)  # what the gate needs: raw inputs, kept values, vouched strings
                return out.text
            if isinstance(value, _PLAIN):
                return value
            if isinstance(value, _NUMBERS):
                numbers.append(str(value))
                return value
            if isinstance(value, list | tuple):
                return type(value)(minimize(v, field) for v in value)
            if isinstance(value, dict):
                return {minimize(k, field): minimize(v, field) for k, v in value.items()}
            raise InputError(
                f"input field {field!r} has type {type(value).__name__}; the guard minimizes str, list and "
                "dict inputs (and passes numbers, booleans and None)"
            )

        minimized = {name: minimize(value, name) for name, value in inputs.items()}
        parts = [c for c in customer if c.strip()]
        with guarded_session(
            session.pmap,
            session.kept,
            session.inputs() + numbers,
            # the detector reads the minimized inputs where they stand in a request; every message
            # whole when a number came along, or when there is no minimized text to look for
            customer=parts if parts and not numbers else None,
            vouched=session.vouched,
        ):
            with dspy.context(lm=self.lm):
                prediction = self.program(**minimized)
        return self._restore(prediction, session)

    def _check_predictor_lms(self) -> None:
        for name, predictor in self.program.named_predictors():
            lm = getattr(predictor, "lm", None)
            if lm is not None and not _inside(lm):
                raise ConfigError(
                    f"predictor {name} has an LM outside the egress gate; set it before guard(), "
                    "which puts it behind the gate"
                )

    @staticmethod
    def _restore(prediction: Any, session: Session) -> Any:
        if not isinstance(prediction, dspy.Prediction):
            restored, _unknown = reinject_json(session.pmap, prediction)
            return restored
        for key in list(prediction.keys()):
            value = prediction[key]
            if isinstance(value, str | list | dict):
                prediction[key], _unknown = reinject_json(session.pmap, value)
        return prediction


def _inside(lm: object) -> bool:
    """An LM that needs no wrapper: already gated, or one of the boundary's own (a gated external
    LM, or a local one whose endpoint passed the locality rule when it was built)."""
    return isinstance(lm, GatedLM | BoundaryLM)


def guard(
    program: dspy.Module,
    lm: dspy.BaseLM | None = None,
    *,
    protector: Protector | None = None,
    domain: str | DomainSchema | None = None,
    task: str | None = None,
    ledger: str | Path | EgressLedger | None = None,
    models: ModelsSettings | None = None,
    run_id: str = "",
) -> GuardedProgram:
    """``program`` behind the egress gate (see the module docstring).

    ``lm``: the external LM the program's calls go to (any ``dspy.BaseLM``; None: the external
    role of ``configs/models.yaml``); ``protector``: the detector, settings and default domain
    (default: :func:`pipelines.api.default_protector`); ``domain``/``task``: how inputs are
    minimized (a task's needed types pass for the customer's own values); ``ledger``: the egress
    ledger (a path or an :class:`~local_model.boundary.ledger.EgressLedger`; default:
    ``egress.ledger`` of the models settings); ``models``: the models settings (default:
    :func:`configs.models.load_models`), read for the ledger path, the request size limit and, without
    ``lm``, the external role."""
    if not isinstance(program, dspy.Module):
        raise ConfigError(f"guard() takes a dspy.Module, not {type(program).__name__}")
    protector = protector if protector is not None else default_protector()
    if domain is not None:
        protector._domain(domain)  # an unknown domain fails here, not on the first call
    models = models if models is not None else load_models()
    if not isinstance(ledger, EgressLedger):
        ledger = EgressLedger(ledger if ledger is not None else models.ledger_path())
    if lm is None:
        gate = EgressGate(
            ledger,
            protector.detector,
            models.external.endpoint,
            models.external.stand_in,
            models.egress.max_request_chars,
            run_id,
        )
        gated: dspy.BaseLM = external_lm(models, gate)
    else:
        endpoint = f"dspy:{getattr(lm, 'model', type(lm).__name__)}"
        gate = EgressGate(ledger, protector.detector, endpoint, False, models.egress.max_request_chars, run_id)
        gated = GatedLM(lm, gate)
    return GuardedProgram(program, gate, gated, protector, domain, task)
