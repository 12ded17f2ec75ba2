"""The optimization step: the program under optimization, the guarded metric, MIPROv2 / GEPA.

DSPy's optimizers catch exceptions and score them 0; here a model or judge failure is recorded
(:class:`GuardedMetric`, :data:`PROGRAM_ERRORS`) and the compile fails afterwards, so an outage can
never look like a bad prompt to the optimizer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import dspy

from configs.models import ModelsSettings
from configs.settings import DEFAULT_TASK
from local_model.boundary.clients import StructuredJSONAdapter, local_lm
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from metrics.composite import CompositeMetric
from metrics.leakage import LMLeakJudge, UnitHasher
from metrics.quality import EmbeddingQuality, PairwiseJudge
from pipelines.delegation import DelegationProgram
from signatures.errors import CompileError, EgressLeakError, JudgeError, ModelCallError


@dataclass(frozen=True)
class Budget:
    train: int
    dev: int
    test: int
    num_candidates: int
    num_trials: int
    demos: int
    gepa_metric_calls: int

    def rollouts(self, optimizer: str, train: int, dev: int, test: int, evaluate_after: bool) -> int:
        """Program runs the compile plans for (what the run plan records)."""
        search = self.num_trials * dev + train if optimizer == "mipro" else self.gepa_metric_calls
        return search + 2 * test * evaluate_after


BUDGETS = {
    # smoke: the setup's main job and the CI compile test (one candidate trial on one dev row)
    "smoke": Budget(train=3, dev=1, test=2, num_candidates=2, num_trials=1, demos=1, gepa_metric_calls=4),
    "tiny": Budget(train=3, dev=2, test=3, num_candidates=2, num_trials=2, demos=1, gepa_metric_calls=8),
    "light": Budget(train=10, dev=8, test=12, num_candidates=3, num_trials=6, demos=2, gepa_metric_calls=60),
    "medium": Budget(train=40, dev=20, test=40, num_candidates=6, num_trials=15, demos=3, gepa_metric_calls=300),
    "heavy": Budget(
        train=10_000, dev=10_000, test=10_000, num_candidates=10, num_trials=40, demos=4, gepa_metric_calls=2000
    ),
}

#: failures of the program under optimization, per run: DSPy's optimizers catch exceptions and
#: score them 0, so they are recorded here and the compile fails afterwards (kept outside the
#: module because optimizers deep-copy it)
PROGRAM_ERRORS: dict[str, list[str]] = {}


class CompileTarget(dspy.Module):
    """The papillon program on minimized input; an egress block is an outcome (u = 0, with
    feedback), a model failure is recorded and re-raised."""

    def __init__(self, program: DelegationProgram, run_key: str) -> None:
        super().__init__()
        self.program = program
        self.run_key = run_key

    def forward(self, user_query: str, task: str = DEFAULT_TASK) -> dspy.Prediction:
        try:
            pred = self.program(user_query=user_query, task=task, pmap=PseudonymMap())
        except EgressLeakError as exc:
            return dspy.Prediction(answer="", external_request="", blocked=exc.label)
        except Exception as exc:
            PROGRAM_ERRORS.setdefault(self.run_key, []).append(type(exc).__name__)
            raise
        return dspy.Prediction(answer=pred.answer, external_request=pred.external_request, blocked=None)


class GuardedMetric:
    """Wraps the composite metric: logs every call as an MLflow step; records failures so a compile
    whose judge failed is reported as failed, never as a run with zeros."""

    def __init__(self, metric: CompositeMetric, log: Callable[[dict[str, float], int], None]) -> None:
        self.metric = metric
        self.log = log
        self.errors: list[str] = []
        self.step = 0

    def _eval(self, gold: Any, pred: Any) -> Any:
        try:
            s = self.metric.evaluate(gold, pred)
        except (JudgeError, ModelCallError) as exc:
            self.errors.append(type(exc).__name__)
            raise
        self.step += 1
        self.log({"u": s.u, "f": s.f, "m_lambda": s.m_lambda}, self.step)
        return s

    def __call__(
        self, gold: Any, pred: Any, trace: Any = None, pred_name: str | None = None, pred_trace: Any = None
    ) -> dspy.Prediction:
        s = self._eval(gold, pred)
        return dspy.Prediction(score=s.m_lambda, feedback=s.feedback)

    def scalar(self, gold: Any, pred: Any, trace: Any = None) -> float:
        return float(self._eval(gold, pred).m_lambda)


def build_metric(models: ModelsSettings, detector: HybridDetector, hasher: UnitHasher) -> CompositeMetric:
    adapter = StructuredJSONAdapter()
    judge_lm = local_lm(models, "judge")
    quality: Any = PairwiseJudge(judge_lm, adapter) if models.metric.quality == "pairwise" else EmbeddingQuality()
    lm_judge = LMLeakJudge(judge_lm, detector, adapter) if models.metric.leak_judge != "deterministic" else None
    return CompositeMetric(
        quality, detector, models.metric.lambda_, models.metric.tau, hasher, lm_judge, models.metric.leak_judge
    )


def new_run_key(label: str) -> str:
    return f"{label}:{time.time_ns()}"


def optimize(
    optimizer: str,
    program: CompileTarget,
    metric: GuardedMetric,
    trainset: list[dspy.Example],
    devset: list[dspy.Example],
    budget: Budget,
    seed: int,
    lm: dspy.BaseLM,
    program_aware: bool = False,
) -> dspy.Module:
    """Run MIPROv2 or GEPA on ``program`` (the caller holds the ``dspy.context``); fail when any
    model or judge call failed during the search."""
    if optimizer == "mipro":
        opt = dspy.MIPROv2(
            metric=metric.scalar,
            prompt_model=lm,
            task_model=lm,
            auto=None,
            num_candidates=budget.num_candidates,
            max_bootstrapped_demos=budget.demos,
            max_labeled_demos=budget.demos,
            num_threads=1,
            seed=seed,
            verbose=False,
        )
        compiled = opt.compile(
            program.deepcopy(),
            trainset=trainset,
            valset=devset,
            num_trials=budget.num_trials,
            minibatch=False,
            seed=seed,
            program_aware_proposer=program_aware,
        )
    elif optimizer == "gepa":
        gepa = dspy.GEPA(
            metric=metric,
            reflection_lm=lm,
            max_metric_calls=budget.gepa_metric_calls,
            num_threads=1,
            seed=seed,
            track_stats=False,
            use_merge=False,
        )
        compiled = gepa.compile(program.deepcopy(), trainset=trainset, valset=devset)
    else:
        raise CompileError(f"unknown optimizer {optimizer!r}; choose mipro or gepa")
    failures = metric.errors + PROGRAM_ERRORS.pop(program.run_key, [])
    if failures:
        raise CompileError(
            f"{len(failures)} model/judge call(s) failed during optimization "
            f"({', '.join(sorted(set(failures)))}); the compile is not reported as a result"
        )
    return compiled


def strip_demos(program: dspy.Module) -> None:
    """Demos keep only their signature's fields (no ids, references or unit hashes)."""
    for _, predictor in program.named_predictors():
        keep = set(predictor.signature.fields)
        predictor.demos = [dspy.Example({k: v for k, v in dict(d).items() if k in keep}) for d in predictor.demos]
