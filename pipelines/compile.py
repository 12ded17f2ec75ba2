"""Compile the delegation program (papillon) with MIPROv2 or GEPA against m_λ = u − λ·f.

    python -m pipelines.compile --optimizer {mipro,gepa} [--budget tiny|light|medium|heavy]
        [--seeds 0 1 2] [--config F] [--models F] [--out DIR] [--no-evaluate] [--no-mlflow]
        [--forget VALUE_OR_FILE]

Data: PUPA_New (``compile.data`` under ``data_dir``).  The split is seeded and hash-based: a row
goes to test / dev / train by ``sha256(f"{compile.split_seed}:{conversation_hash}") % 100``
against ``compile.test_percent`` and ``compile.dev_percent``, so it does not depend on row order
and a row never changes side when others are added.  Each ``--seeds`` value samples the budget's
number of train/dev rows (by a seeded hash order) and seeds the optimizer; the held-back test rows
are the same for every seed.

Inside the boundary, before any optimizer sees them, every query and reference answer is
minimized (detector + minimizer, one pseudonym map per row) and the PII units are replaced by
keyed hashes (HMAC with a key that exists only in this process), so the optimizer, its proposer
and reflection prompts, the demos and every logged artifact only ever hold minimized text.  Train
rows also carry this run's "train" canaries (registry ``compile.canaries``): the audit of the
compiled artifact proves they were minimized away.

The run plan (optimizer, budget, rollouts, data sizes, endpoints) is written to
``<out>/<optimizer>-seed<k>/plan.json`` and logged first; MLflow gets params, one metric step per
metric call (u, f, m_λ), the evaluation, the compiled program (``program.save`` JSON) and the audit
report.  ``--forget`` removes every row holding a value (or any line of a file) before the split,
recompiles, and audits the artifact for the value(s): exit 1 if any is still there.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dspy
from tqdm import tqdm

from configs.models import ModelsSettings, load_models
from configs.settings import ConfigError, Settings, load_settings, resolve_path
from local_model.boundary import (
    EgressGate,
    EgressLedger,
    ModelCallError,
    StructuredJSONAdapter,
    configure_dspy_cache,
    external_lm,
    local_lm,
)
from local_model.egress import EgressLeakError
from local_model.hybrid import HybridDetector
from local_model.minimize import Minimizer
from local_model.pseudonym import PseudonymMap, normalize
from metrics.composite import CompositeMetric
from metrics.leakage import JudgeError, LMLeakJudge, UnitHasher
from metrics.quality import EmbeddingQuality, PairwiseJudge
from metrics.stats import percentile
from pipelines.audit import Auditor
from pipelines.canary import CanaryRegistry
from pipelines.delegation import DelegationProgram

TASK = "general_question"


@dataclass(frozen=True)
class Budget:
    train: int
    dev: int
    test: int
    num_candidates: int
    num_trials: int
    demos: int
    gepa_metric_calls: int


BUDGETS = {
    "tiny": Budget(train=3, dev=2, test=3, num_candidates=2, num_trials=2, demos=1, gepa_metric_calls=8),
    "light": Budget(train=10, dev=8, test=12, num_candidates=3, num_trials=6, demos=2, gepa_metric_calls=60),
    "medium": Budget(train=40, dev=20, test=40, num_candidates=6, num_trials=15, demos=3, gepa_metric_calls=300),
    "heavy": Budget(
        train=10_000, dev=10_000, test=10_000, num_candidates=10, num_trials=40, demos=4, gepa_metric_calls=2000
    ),
}


class CompileError(RuntimeError):
    """The compile cannot run or a judge/model failed during it (never scored as 0)."""


@dataclass
class Row:
    id: str
    query: str
    reference: str
    units: list[str]

    def __repr__(self) -> str:
        return f"Row(id={self.id!r}, chars={len(self.query)}, units={len(self.units)})"


def load_pupa(path: Path) -> list[Row]:
    if not path.is_file():
        raise CompileError(f"PUPA file not found: {path} (set data_dir / compile.data)")
    rows = []
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = {"conversation_hash", "user_query", "target_response", "pii_units"} - set(reader.fieldnames or [])
        if missing:
            raise CompileError(f"{path}: missing columns {sorted(missing)}")
        for n, rec in enumerate(reader):
            units = [u.strip() for u in (rec["pii_units"] or "").split("||") if u.strip()]
            rows.append(Row(f"{rec['conversation_hash']}:{n}", rec["user_query"], rec["target_response"] or "", units))
    return rows


def bucket(split_seed: int, row_id: str) -> int:
    return int(hashlib.sha256(f"{split_seed}:{row_id}".encode()).hexdigest()[:8], 16) % 100


def split(rows: list[Row], split_seed: int, test_percent: int, dev_percent: int) -> dict[str, list[Row]]:
    out: dict[str, list[Row]] = {"train": [], "dev": [], "test": []}
    for r in rows:
        b = bucket(split_seed, r.id)
        out["test" if b < test_percent else "dev" if b < test_percent + dev_percent else "train"].append(r)
    return out


def sample(rows: list[Row], n: int, seed: int) -> list[Row]:
    return sorted(rows, key=lambda r: hashlib.sha256(f"{seed}:{r.id}".encode()).hexdigest())[:n]


def forget_values(arg: str | None) -> list[str]:
    if not arg:
        return []
    p = Path(arg)
    if p.is_file():
        return [line.strip() for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [arg]


def holds_any(row: Row, values: list[str]) -> bool:
    hay = normalize(" ".join([row.query, row.reference, *row.units]))
    return any(normalize(v) and normalize(v) in hay for v in values)


class Preparer:
    """Minimizes rows inside the boundary and turns them into optimizer examples."""

    def __init__(self, detector: HybridDetector, hasher: UnitHasher) -> None:
        self.detector = detector
        self.hasher = hasher

    def minimize(self, text: str, pmap: PseudonymMap) -> str:
        return Minimizer(pmap).minimize(text, self.detector.detect(text)).text

    def example(self, row: Row, extra: str = "") -> dspy.Example:
        pmap = PseudonymMap()
        query = self.minimize(row.query + extra, pmap)
        reference = self.minimize(row.reference, pmap)
        pmap.clear()
        return dspy.Example(
            example_id=hashlib.sha256(row.id.encode()).hexdigest()[:16],
            user_query=query,
            task=TASK,
            reference=reference,
            unit_hashes=[self.hasher.digest(u) for u in row.units],
        ).with_inputs("user_query", "task")


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

    def forward(self, user_query: str, task: str = TASK) -> dspy.Prediction:
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


@dataclass
class EvalResult:
    u: list[float] = field(default_factory=list)
    f: list[float] = field(default_factory=list)
    m_lambda: list[float] = field(default_factory=list)
    m_tau: list[float] = field(default_factory=list)
    blocked: int = 0

    def summary(self) -> dict[str, float]:
        return {
            "u_mean": round(statistics.fmean(self.u), 4) if self.u else 0.0,
            "f_mean": round(statistics.fmean(self.f), 4) if self.f else 0.0,
            "f_p90": round(percentile(self.f, 0.9) or 0.0, 4),
            "m_lambda_mean": round(statistics.fmean(self.m_lambda), 4) if self.m_lambda else 0.0,
            "m_tau_mean": round(statistics.fmean(self.m_tau), 4) if self.m_tau else 0.0,
            "blocked": self.blocked,
            "n": len(self.u),
        }


def evaluate(program: dspy.Module, examples: list[dspy.Example], metric: CompositeMetric, desc: str) -> EvalResult:
    res = EvalResult()
    for ex in tqdm(examples, desc=desc, unit="ex", leave=False):
        pred = program(**ex.inputs())
        s = metric.evaluate(ex, pred)
        res.u.append(s.u)
        res.f.append(s.f)
        res.m_lambda.append(s.m_lambda)
        res.m_tau.append(s.m_tau)
        res.blocked += bool(getattr(pred, "blocked", None))
    return res


def strip_demos(program: dspy.Module) -> None:
    """Demos keep only their signature's fields (no ids, references or unit hashes)."""
    for _, predictor in program.named_predictors():
        keep = set(predictor.signature.fields)
        predictor.demos = [dspy.Example({k: v for k, v in dict(d).items() if k in keep}) for d in predictor.demos]


def build_metric(models: ModelsSettings, detector: HybridDetector, hasher: UnitHasher) -> CompositeMetric:
    adapter = StructuredJSONAdapter()
    judge_lm = local_lm(models, "judge")
    quality: Any = PairwiseJudge(judge_lm, adapter) if models.metric.quality == "pairwise" else EmbeddingQuality()
    lm_judge = LMLeakJudge(judge_lm, detector, adapter) if models.metric.leak_judge != "deterministic" else None
    return CompositeMetric(
        quality, detector, models.metric.lambda_, models.metric.tau, hasher, lm_judge, models.metric.leak_judge
    )


def run_one(
    optimizer: str,
    budget_name: str,
    seed: int,
    data: dict[str, list[Row]],
    models: ModelsSettings,
    settings: Settings,
    out_root: Path,
    evaluate_after: bool,
    use_mlflow: bool,
    forgotten: list[str],
    detector: HybridDetector,
) -> dict[str, Any]:
    budget = BUDGETS[budget_name]
    out = out_root / f"{optimizer}-seed{seed}"
    out.mkdir(parents=True, exist_ok=True)
    hasher = UnitHasher()
    prep = Preparer(detector, hasher)
    registry = CanaryRegistry.open(resolve_path(models.compile.canaries))
    canaries = registry.active("train") or registry.issue("train")
    registry.save()
    canary_text = " Please also update my card " + canaries[0].value + "."
    train_rows = sample(data["train"], budget.train, seed)
    dev_rows = sample(data["dev"], budget.dev, seed)
    test_rows = sample(data["test"], budget.test, 0)  # the same held-back rows for every seed
    trainset = [
        prep.example(r, canary_text if i == 0 else "")
        for i, r in enumerate(tqdm(train_rows, desc="minimize train", leave=False))
    ]
    devset = [prep.example(r) for r in tqdm(dev_rows, desc="minimize dev", leave=False)]
    testset = [prep.example(r) for r in tqdm(test_rows, desc="minimize test", leave=False)]

    rollouts = (
        budget.num_trials * len(devset) + len(trainset) if optimizer == "mipro" else budget.gepa_metric_calls
    ) + 2 * len(testset) * evaluate_after
    plan = {
        "optimizer": optimizer,
        "budget": budget_name,
        "seed": seed,
        "rollouts_planned": rollouts,
        "budget_detail": budget.__dict__,
        "data": {
            "file": models.compile.data,
            "split_seed": models.compile.split_seed,
            "test_percent": models.compile.test_percent,
            "dev_percent": models.compile.dev_percent,
            "train": len(trainset),
            "dev": len(devset),
            "test": len(testset),
            "forgotten_rows": len(forgotten),
            "minimized_before_optimizer": True,
        },
        "endpoints": {
            "local": models.local.endpoint,
            "external": models.external.endpoint,
            "external_stand_in": models.external.stand_in,
            "judge": models.judge.endpoint,
        },
        "metric": {"lambda": models.metric.lambda_, "tau": models.metric.tau, "quality": models.metric.quality,
                   "leak_judge": models.metric.leak_judge},
    }  # fmt: skip
    (out / "plan.json").write_text(json.dumps(plan, indent=2), encoding="utf-8")

    mlflow: Any = None
    if use_mlflow:
        import mlflow as _mlflow

        from eval.tracking import start_run

        mlflow = _mlflow
        start_run(settings, models.compile.experiment, f"{optimizer}-{budget_name}-seed{seed}")
        mlflow.log_params({"optimizer": optimizer, "budget": budget_name, "seed": seed, "rollouts_planned": rollouts,
                           "lambda": models.metric.lambda_, "tau": models.metric.tau,
                           "train": len(trainset), "dev": len(devset), "test": len(testset),
                           "external": models.external.endpoint, "stand_in": models.external.stand_in})  # fmt: skip
        mlflow.log_artifact(str(out / "plan.json"))

    def log(values: dict[str, float], step: int) -> None:
        if mlflow is not None:
            mlflow.log_metrics({f"step_{k}": v for k, v in values.items()}, step=step)

    try:
        ledger = EgressLedger(out / "ledger.jsonl")
        configure_dspy_cache(models)
        local = local_lm(models)
        gate = EgressGate(ledger, detector, models.external.endpoint, models.external.stand_in, run_id=out.name)
        run_key = f"{out}:{time.time_ns()}"
        program = CompileTarget(DelegationProgram("papillon", local, external_lm(models, gate), detector), run_key)
        metric = build_metric(models, detector, hasher)
        guarded = GuardedMetric(metric, log)
        adapter = StructuredJSONAdapter()
        t0 = time.perf_counter()
        with dspy.context(lm=local, adapter=adapter):
            baseline = evaluate(program, testset, metric, "uncompiled") if evaluate_after else None
            if optimizer == "mipro":
                opt = dspy.MIPROv2(
                    metric=guarded.scalar,
                    prompt_model=local,
                    task_model=local,
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
                )
            else:
                opt = dspy.GEPA(
                    metric=guarded,
                    reflection_lm=local,
                    max_metric_calls=budget.gepa_metric_calls,
                    num_threads=1,
                    seed=seed,
                    track_stats=False,
                    use_merge=False,
                )
                compiled = opt.compile(program.deepcopy(), trainset=trainset, valset=devset)
            failures = guarded.errors + PROGRAM_ERRORS.pop(run_key, [])
            if failures:
                raise CompileError(
                    f"{len(failures)} model/judge call(s) failed during optimization "
                    f"({', '.join(sorted(set(failures)))}); the compile is not reported as a result"
                )
            after = evaluate(compiled, testset, metric, "compiled") if evaluate_after else None
        elapsed = time.perf_counter() - t0
        strip_demos(compiled)
        artifact = out / "program.json"
        compiled.save(str(artifact))
        auditor = Auditor(detector, registry, forgotten)
        findings = auditor.scan("program.json", json.loads(artifact.read_text(encoding="utf-8")))
        findings += auditor.scan("plan.json", plan)
        report = {
            "optimizer": optimizer,
            "budget": budget_name,
            "seed": seed,
            "seconds": round(elapsed, 1),
            "metric_calls": guarded.step,
            "uncompiled": baseline.summary() if baseline else None,
            "compiled": after.summary() if after else None,
            "artifact": str(artifact),
            "audit_clean": not findings,
            "audit_findings": [f.__dict__ for f in findings],
        }
        (out / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
        if mlflow is not None:
            for name, res in (("uncompiled", baseline), ("compiled", after)):
                if res is not None:
                    mlflow.log_metrics({f"{name}_{k}": float(v) for k, v in res.summary().items()})
            mlflow.log_metrics({"audit_findings": len(findings), "seconds": elapsed})
            mlflow.log_artifact(str(artifact))
            mlflow.log_artifact(str(out / "report.json"))
        return report
    finally:
        if mlflow is not None:
            mlflow.end_run()


def render(reports: list[dict[str, Any]]) -> str:
    lines = [
        f"{'run':<18}{'program':<12}{'u mean':>8}{'f mean':>8}{'f p90':>8}{'m_λ mean':>10}{'m_τ mean':>10}"
        f"{'blocked':>9}  audit"
    ]
    for r in reports:
        for name in ("uncompiled", "compiled"):
            s = r.get(name)
            if not s:
                continue
            lines.append(
                f"{r['optimizer'] + '-seed' + str(r['seed']):<18}{name:<12}{s['u_mean']:>8.3f}{s['f_mean']:>8.3f}"
                f"{s['f_p90']:>8.3f}{s['m_lambda_mean']:>10.3f}{s['m_tau_mean']:>10.3f}{s['blocked']:>9}  "
                f"{'clean' if r['audit_clean'] else str(len(r['audit_findings'])) + ' finding(s)'}"
            )
    deltas = [r["compiled"]["m_lambda_mean"] - r["uncompiled"]["m_lambda_mean"] for r in reports if r.get("compiled")]
    if deltas:
        spread = statistics.pstdev(deltas) if len(deltas) > 1 else 0.0
        lines.append(
            f"\ncompiled − uncompiled m_λ over {len(deltas)} seed(s): {statistics.fmean(deltas):+.3f} ± {spread:.3f}"
        )
    return "\n".join(lines)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipelines.compile", description=__doc__.split("\n\n")[0])
    parser.add_argument("--optimizer", choices=("mipro", "gepa"), required=True)
    parser.add_argument("--budget", choices=tuple(BUDGETS), default="light")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0], help="one compile per seed (default 0)")
    parser.add_argument("--config", help="detector/data YAML (configs/default.yaml)")
    parser.add_argument("--models", help="models YAML (configs/models.yaml)")
    parser.add_argument("--out", type=Path, help="output directory (default compile.out_dir)")
    parser.add_argument("--no-evaluate", action="store_true", help="skip uncompiled vs compiled on the test split")
    parser.add_argument("--no-mlflow", action="store_true")
    parser.add_argument(
        "--forget", metavar="VALUE_OR_FILE", help="erase a person's rows, recompile, audit for the value"
    )
    args = parser.parse_args(argv)
    try:
        settings = load_settings(args.config)
        models = load_models(args.models)
        out_root = resolve_path(args.out or models.compile.out_dir)
        rows = load_pupa(settings.data_path() / models.compile.data)
        values = forget_values(args.forget)
        forgotten = [r for r in rows if holds_any(r, values)] if values else []
        if values and not forgotten:
            print("note: --forget matched no row; the compile runs on all rows", file=sys.stderr)
        kept = [r for r in rows if r not in forgotten]
        data = split(kept, models.compile.split_seed, models.compile.test_percent, models.compile.dev_percent)
        detector = HybridDetector(settings.detector)
        reports = []
        for seed in args.seeds:
            reports.append(
                run_one(
                    args.optimizer,
                    args.budget,
                    seed,
                    data,
                    models,
                    settings,
                    out_root,
                    not args.no_evaluate,
                    not args.no_mlflow,
                    values,
                    detector,
                )
            )
    except (ConfigError, CompileError, ModelCallError, JudgeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(render(reports))
    summary = out_root / f"summary-{args.optimizer}.json"
    summary.write_text(json.dumps(reports, indent=2), encoding="utf-8")
    print(f"\nreports -> {summary}")
    if values:
        print(f"erasure: {len(forgotten)} row(s) removed before the split")
    if any(not r["audit_clean"] for r in reports):
        print("audit: the compiled artifact holds personal data, a canary or a forgotten value", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
