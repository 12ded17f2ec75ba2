"""Compile the delegation program (papillon) with MIPROv2 or GEPA against m_λ = u − λ·f.

    python -m pipelines.compile --optimizer {mipro,gepa} [--budget smoke|tiny|light|medium|heavy]
        [--seeds 0 1 2] [--config F] [--models F] [--out DIR] [--no-evaluate] [--no-mlflow]
        [--forget VALUE_OR_FILE]

Data: PUPA_New (``compile.data`` under ``data_dir``), split by hash (:mod:`pipelines.compile.data`).
Each ``--seeds`` value samples the budget's number of train/dev rows (by a seeded hash order) and
seeds the optimizer; the held-back test rows are the same for every seed.

Inside the boundary, before any optimizer sees them, every query and reference answer is
minimized (detector + minimizer, one pseudonym map per row) and the PII units are replaced by
keyed hashes (HMAC with a key that exists only in this process), so the optimizer, its proposer
and reflection prompts, the demos and every logged artifact only ever hold minimized text.  Train
rows also carry this run's "train" canaries (registry ``compile.canaries``): the audit of the
compiled artifact proves they were minimized away.

One compile (:class:`CompileRun`) is a sequence of steps: prepare the data, write the plan,
start tracking, build the program and metric, evaluate the uncompiled program, optimize,
evaluate the compiled program, save and audit the artifact, report.  The run plan (optimizer,
budget, rollouts, data sizes, endpoints) is written to ``<out>/<optimizer>-seed<k>/plan.json`` and
logged first; MLflow gets params, one metric step per metric call (u, f, m_λ), the evaluation, the
compiled program (``program.save`` JSON) and the audit report.  ``--forget`` removes every row
holding a value (or any line of a file) before the split, recompiles, and audits the artifact for
the value(s): exit 1 if any is still there.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dspy
from tqdm import tqdm

from configs.models import ModelsSettings, load_models
from configs.settings import Settings, load_settings, resolve_path
from local_model.boundary.clients import (
    StructuredJSONAdapter,
    configure_dspy_cache,
    external_lm,
    lm_detector_resources,
    local_lm,
)
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.detection.hybrid import HybridDetector, build_detector
from metrics.leakage import UnitHasher
from pipelines.audit import Auditor, Finding
from pipelines.canary import CanaryRegistry
from pipelines.compile.data import Preparer, Row, forget_values, holds_any, load_pupa, sample, split
from pipelines.compile.evaluate import EvalResult, evaluate, render
from pipelines.compile.optimize import (
    BUDGETS,
    CompileTarget,
    GuardedMetric,
    build_metric,
    new_run_key,
    optimize,
    strip_demos,
)
from pipelines.delegation import DelegationProgram
from pipelines.tracking import Tracker
from signatures.errors import CompileError, ConfigError, JudgeError, ModelCallError


@dataclass
class CompileContext:
    """What every compile of one invocation shares."""

    models: ModelsSettings
    settings: Settings
    detector: HybridDetector
    data: dict[str, list[Row]]
    out_root: Path
    evaluate_after: bool
    use_mlflow: bool
    forgotten: list[str]


class CompileRun:
    """One compile: an optimizer, a budget and a seed, in steps that read like their names."""

    def __init__(self, ctx: CompileContext, optimizer: str, budget_name: str, seed: int) -> None:
        self.ctx = ctx
        self.optimizer = optimizer
        self.budget_name = budget_name
        self.budget = BUDGETS[budget_name]
        self.seed = seed
        self.out = ctx.out_root / f"{optimizer}-seed{seed}"
        self.hasher = UnitHasher()
        self.registry = CanaryRegistry.open(resolve_path(ctx.models.compile.canaries))
        self.tracker = Tracker(ctx.settings if ctx.use_mlflow else None)
        self.sets: dict[str, list[dspy.Example]] = {}
        self.plan: dict[str, Any] = {}

    # ---- steps
    def prepare_data(self) -> None:
        """Minimize the sampled rows inside the boundary; plant this run's train canary."""
        canaries = self.registry.active("train") or self.registry.issue("train")
        self.registry.save()
        canary_text = " Please also update my card " + canaries[0].value + "."
        prep = Preparer(self.ctx.detector, self.hasher)
        rows = {
            "train": sample(self.ctx.data["train"], self.budget.train, self.seed),
            "dev": sample(self.ctx.data["dev"], self.budget.dev, self.seed),
            "test": sample(self.ctx.data["test"], self.budget.test, 0),  # the same held-back rows for every seed
        }
        for name, selected in rows.items():
            self.sets[name] = [
                prep.example(r, canary_text if name == "train" and i == 0 else "")
                for i, r in enumerate(tqdm(selected, desc=f"minimize {name}", leave=False))
            ]

    def write_plan(self) -> None:
        models, n = self.ctx.models, {k: len(v) for k, v in self.sets.items()}
        self.plan = {
            "optimizer": self.optimizer,
            "budget": self.budget_name,
            "seed": self.seed,
            "rollouts_planned": self.budget.rollouts(
                self.optimizer, n["train"], n["dev"], n["test"], self.ctx.evaluate_after
            ),
            "budget_detail": self.budget.__dict__,
            "data": {
                "file": models.compile.data,
                "split_seed": models.compile.split_seed,
                "test_percent": models.compile.test_percent,
                "dev_percent": models.compile.dev_percent,
                **n,
                "forgotten_rows": len(self.ctx.forgotten),
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
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "plan.json").write_text(json.dumps(self.plan, indent=2), encoding="utf-8")

    def start_tracking(self) -> None:
        models = self.ctx.models
        self.tracker.start(models.compile.experiment, f"{self.optimizer}-{self.budget_name}-seed{self.seed}")
        self.tracker.params({"optimizer": self.optimizer, "budget": self.budget_name, "seed": self.seed,
                             "rollouts_planned": self.plan["rollouts_planned"],
                             "lambda": models.metric.lambda_, "tau": models.metric.tau,
                             **{k: len(v) for k, v in self.sets.items()},
                             "external": models.external.endpoint, "stand_in": models.external.stand_in})  # fmt: skip
        self.tracker.artifact(self.out / "plan.json")

    def build_program(self) -> tuple[CompileTarget, GuardedMetric, dspy.BaseLM]:
        models, detector = self.ctx.models, self.ctx.detector
        configure_dspy_cache(models)
        local = local_lm(models)
        gate = EgressGate(
            EgressLedger(self.out / "ledger.jsonl"), detector, models.external.endpoint, models.external.stand_in,
            run_id=self.out.name,
        )  # fmt: skip
        program = DelegationProgram("papillon", local, external_lm(models, gate), detector)
        metric = GuardedMetric(build_metric(models, detector, self.hasher), self.tracker.step_metrics)
        return CompileTarget(program, new_run_key(str(self.out))), metric, local

    def save_and_audit(self, compiled: dspy.Module) -> tuple[Path, list[Finding]]:
        strip_demos(compiled)
        artifact = self.out / "program.json"
        compiled.save(str(artifact))
        auditor = Auditor(self.ctx.detector, self.registry, self.ctx.forgotten)
        findings = auditor.scan("program.json", json.loads(artifact.read_text(encoding="utf-8")))
        findings += auditor.scan("plan.json", self.plan)
        return artifact, findings

    def report(
        self,
        elapsed: float,
        steps: int,
        baseline: EvalResult | None,
        after: EvalResult | None,
        artifact: Path,
        findings: list[Finding],
    ) -> dict[str, Any]:
        report = {
            "optimizer": self.optimizer,
            "budget": self.budget_name,
            "seed": self.seed,
            "seconds": round(elapsed, 1),
            "metric_calls": steps,
            "uncompiled": baseline.summary() if baseline else None,
            "compiled": after.summary() if after else None,
            "artifact": str(artifact),
            "audit_clean": not findings,
            "audit_findings": [f.__dict__ for f in findings],
        }
        (self.out / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
        for name, res in (("uncompiled", baseline), ("compiled", after)):
            if res is not None:
                self.tracker.metrics({f"{name}_{k}": float(v) for k, v in res.summary().items()})
        self.tracker.metrics({"audit_findings": len(findings), "seconds": elapsed})
        self.tracker.artifact(artifact)
        self.tracker.artifact(self.out / "report.json")
        return report

    # ---- the whole run
    def run(self) -> dict[str, Any]:
        self.prepare_data()
        self.write_plan()
        self.start_tracking()
        try:
            program, metric, lm = self.build_program()
            t0 = time.perf_counter()
            with dspy.context(lm=lm, adapter=StructuredJSONAdapter()):
                test = self.sets["test"]
                baseline = evaluate(program, test, metric.metric, "uncompiled") if self.ctx.evaluate_after else None
                compiled = optimize(
                    self.optimizer, program, metric, self.sets["train"], self.sets["dev"], self.budget, self.seed, lm,
                    self.ctx.models.compile.program_aware_proposer,
                )  # fmt: skip
                after = evaluate(compiled, test, metric.metric, "compiled") if self.ctx.evaluate_after else None
            elapsed = time.perf_counter() - t0
            artifact, findings = self.save_and_audit(compiled)
            return self.report(elapsed, metric.step, baseline, after, artifact, findings)
        finally:
            self.tracker.end()


def build_parser() -> argparse.ArgumentParser:
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
        ctx = CompileContext(
            models=models,
            settings=settings,
            detector=build_detector(
                settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)
            ),
            data=split(kept, models.compile.split_seed, models.compile.test_percent, models.compile.dev_percent),
            out_root=out_root,
            evaluate_after=not args.no_evaluate,
            use_mlflow=not args.no_mlflow,
            forgotten=values,
        )
        reports = [CompileRun(ctx, args.optimizer, args.budget, seed).run() for seed in args.seeds]
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
