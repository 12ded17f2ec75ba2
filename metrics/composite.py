"""The composite metric: m_λ = u − λ·f for the optimizers, and the gate m_τ = u·1[f ≤ τ].

``CompositeMetric(gold, pred, trace=None, pred_name=None, pred_trace=None)`` follows DSPy's GEPA
metric protocol and returns ``dspy.Prediction(score=m_λ, feedback=...)``; the feedback says what
leaked and where, by type, never the value ("revealed a phone in the request").  MIPROv2 gets the
scalar (:meth:`CompositeMetric.scalar`).  Judge failures raise; nothing is silently scored 0.

``gold`` fields used: ``user_query`` (minimized), ``task``, ``reference`` (minimized reference
answer), ``unit_hashes`` (keyed hashes of the PII units, see :class:`metrics.leakage.UnitHasher`)
or ``units``.  ``pred`` fields: ``answer``, ``external_request``, ``blocked`` (an egress block).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import dspy

from local_model.detection.hybrid import HybridDetector
from metrics.leakage import LeakResult, LMLeakJudge, UnitHasher, deterministic_leakage
from metrics.quality import PairwiseJudge


@dataclass
class Score:
    u: float
    f: float
    m_lambda: float
    m_tau: float
    leak: LeakResult
    feedback: str


class CompositeMetric:
    def __init__(
        self,
        quality: Callable[[str, str], float] | PairwiseJudge,
        detector: HybridDetector,
        lambda_: float = 1.0,
        tau: float = 0.05,
        hasher: UnitHasher | None = None,
        lm_judge: LMLeakJudge | None = None,
        leak_mode: str = "deterministic",
    ) -> None:
        if leak_mode not in ("deterministic", "lm", "both"):
            raise ValueError(f"unknown leak judge mode {leak_mode!r}")
        if leak_mode != "deterministic" and lm_judge is None:
            raise ValueError(f"leak_judge={leak_mode} needs an LMLeakJudge")
        self.quality = quality
        self.detector = detector
        self.lambda_ = lambda_
        self.tau = tau
        self.hasher = hasher
        self.lm_judge = lm_judge
        self.leak_mode = leak_mode
        self.calls = 0

    def _utility(self, gold: Any, answer: str) -> float:
        if isinstance(self.quality, PairwiseJudge):
            return self.quality(gold.user_query, answer, gold.reference).score
        return float(self.quality(answer, gold.reference))

    def evaluate(self, gold: Any, pred: Any) -> Score:
        self.calls += 1
        answer = str(getattr(pred, "answer", "") or "")
        request = str(getattr(pred, "external_request", "") or "")
        blocked = getattr(pred, "blocked", None)
        leak = deterministic_leakage(
            {"request": request, "answer": answer},
            units=list(getattr(gold, "units", None) or []),
            unit_hashes=list(getattr(gold, "unit_hashes", None) or []),
            hasher=self.hasher,
            detector=self.detector,
            new_pii_in=("request",),
        )
        if self.leak_mode != "deterministic":
            assert self.lm_judge is not None
            judged = self.lm_judge(gold.task, gold.user_query, request + "\n" + answer)
            leak = judged if self.leak_mode == "lm" or judged.f > leak.f else leak
        u = 0.0 if blocked else self._utility(gold, answer)
        f = leak.f
        notes = []
        if blocked:
            notes.append(f"The outgoing request was blocked at egress ({blocked}): nothing was answered.")
        notes.append(leak.feedback())
        notes.append(f"Utility {u:.2f} (similarity of the answer to the reference).")
        return Score(u, f, u - self.lambda_ * f, u if f <= self.tau else 0.0, leak, " ".join(notes))

    def __call__(
        self, gold: Any, pred: Any, trace: Any = None, pred_name: str | None = None, pred_trace: Any = None
    ) -> dspy.Prediction:
        s = self.evaluate(gold, pred)
        return dspy.Prediction(score=s.m_lambda, feedback=s.feedback)

    def scalar(self, gold: Any, pred: Any, trace: Any = None) -> float:
        return self.evaluate(gold, pred).m_lambda
