"""The evaluation step: uncompiled vs compiled on the held-back test rows, and the report table."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

import dspy
from tqdm import tqdm

from metrics.composite import CompositeMetric
from metrics.stats import percentile


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
