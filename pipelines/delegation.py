"""The delegation program (PAPILLON pattern) with three selectable architectures.

* ``local_only``: the local LM answers the raw query; nothing leaves the boundary.
* ``minimize_then_external``: detect -> minimize -> external LM (through the egress gate) ->
  reinject.  No crafter.
* ``papillon``: detect -> minimize -> the local LM crafts a request -> external LM (egress gate)
  -> the local LM aggregates the (reinjected) external answer with the original query -> reinject.

The trust boundary is written with ``dspy.context(lm=...)``: only the external step runs on the
external LM, and that LM exists only behind :class:`local_model.boundary.EgressGate`, inside a
:func:`local_model.boundary.guarded_session` built from this request's pseudonym map.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import dspy

from configs.models import ARCHITECTURES
from configs.settings import DEFAULT_TASK, DomainSchema
from local_model.boundary.clients import StructuredJSONAdapter
from local_model.boundary.session import guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from signatures.delegation import AggregateAnswer, AnswerLocally, CraftRequest, RespondExternally


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

    def _local(self, predictor: dspy.Predict, **inputs: Any) -> dspy.Prediction:
        with dspy.context(lm=self.local, adapter=self.adapter):
            return predictor(**inputs)

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
        timings: dict[str, float] = {
            "detection": 0.0,
            "minimization": 0.0,
            "local_lm": 0.0,
            "external": 0.0,
            "egress_check": 0.0,
            "ledger": 0.0,
            "reinjection": 0.0,
        }
        pmap = pmap if pmap is not None else PseudonymMap(style=self.surrogate_style)  # type: ignore[arg-type]
        out: dict[str, Any] = {
            "minimized_query": "",
            "external_request": "",
            "external_response": "",
            "unknown": [],
            "stripped": [],
        }

        if self.architecture == "local_only":
            t = time.perf_counter()
            answer = self._local(self.answer_locally, user_query=user_query, task=task).answer
            timings["local_lm"] += time.perf_counter() - t
            return dspy.Prediction(answer=answer, timings=timings, architecture=self.architecture, **out)

        t = time.perf_counter()
        entities = self.detector.detect(user_query)
        timings["detection"] += time.perf_counter() - t
        t = time.perf_counter()
        minimized = Minimizer(pmap, self.domain, task if self.domain is not None else None).minimize(
            user_query, entities
        )
        timings["minimization"] += time.perf_counter() - t
        out["minimized_query"] = minimized.text

        request = minimized.text
        if self.architecture == "papillon":
            t = time.perf_counter()
            request = self._local(self.craft, user_query=minimized.text, task=task).external_request
            timings["local_lm"] += time.perf_counter() - t
        out["external_request"] = request

        assert self.external is not None
        t = time.perf_counter()
        raw_inputs = list(inputs) if inputs is not None else [user_query]
        with guarded_session(pmap, minimized.kept, raw_inputs, ticket_id) as session:
            with dspy.context(lm=self.external, adapter=self.adapter):
                response = self.respond(request=request).response
        timings["external"] += time.perf_counter() - t - session.check_s - session.ledger_s
        timings["egress_check"] += session.check_s
        timings["ledger"] += session.ledger_s
        out["stripped"] = list(session.stripped)
        out["external_response"] = response

        t = time.perf_counter()
        restored = pmap.reinject(response)
        timings["reinjection"] += time.perf_counter() - t
        out["unknown"] = list(restored.unknown_markers)
        answer = restored.text
        if self.architecture == "papillon":
            t = time.perf_counter()
            answer = self._local(self.aggregate, user_query=user_query, external_response=restored.text).final_answer
            timings["local_lm"] += time.perf_counter() - t
            t = time.perf_counter()
            final = pmap.reinject(answer)
            timings["reinjection"] += time.perf_counter() - t
            out["unknown"] += list(final.unknown_markers)
            answer = final.text
        return dspy.Prediction(answer=answer, timings=timings, architecture=self.architecture, **out)
