"""The end-of-run summary: what ran, the headline numbers, where the outputs are.

    python -m eval.summary [--runs runs] [--elapsed SECONDS]

Reads the reports the main job (``scripts/setup.sh``) and the long evaluations
(``scripts/evaluate.sh``) write under ``runs/`` and prints one short block per step that produced
output; steps that did not run are listed as such.  Only numbers and paths are printed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from configs.settings import resolve_path


def _load(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _pct(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, int | float) else "-"


def _pii(m: dict[str, Any]) -> str:
    ours = m["ours"]
    line = (
        f"span_protect {_pct(ours['overall']['span_protect'])}, overlap_precision "
        f"{_pct(ours['overall']['overlap_precision'])}, {ours['throughput']['chars_per_second']} chars/s"
    )
    annotated = (ours.get("annotated_labels") or {}).get("overall") or {}
    if annotated.get("other_n_pred"):
        line += f" ({_pct(annotated['overlap_precision'])} over the labels the data annotates)"
    if "units" in ours:
        line += f", units no longer verbatim {_pct(ours['units']['unit_masked_verbatim'])}"
    labels = [
        (v["overlap_precision"], k)
        for k, v in (ours.get("by_label") or {}).items()
        if isinstance(v.get("overlap_precision"), int | float) and v.get("n_pred", 0) >= 10
    ]
    if labels:
        line += "; lowest precision " + ", ".join(f"{k} {_pct(p)}" for p, k in sorted(labels)[:3])
    delta = m.get("delta_vs_baseline") or {}
    if delta.get("speed_ratio_ours_over_baseline"):
        base = m["baseline"]["overall"]
        line += (
            f"; Presidio span_protect {_pct(base['span_protect'])}, speed ratio "
            f"{delta['speed_ratio_ours_over_baseline']}x"
        )
    return line


def _utility(m: dict[str, Any]) -> str:
    parts = []
    for name, r in m["sets"].items():
        kinds = sorted((v["rate"], k) for k, v in r["keep_kept_by_kind"].items() if v["rate"] is not None)
        parts.append(
            f"{name}: keep-kept {_pct(r['keep_kept'])} (lowest {', '.join(f'{k} {_pct(v)}' for v, k in kinds[:2])}), "
            f"mask-masked {_pct(r['mask_masked'])}, precision {_pct(r['precision'])}"
        )
    return "; ".join(parts)


def _assistant(m: dict[str, Any]) -> str:
    c = m.get("by_cause", {})
    return (
        f"{m['tickets']} tickets ({m.get('architecture', '?')}): {m['answered']} answered, {m['handoffs']} handed to "
        f"a human (egress-leak {c.get('egress-leak', 0)}, answer-leak {c.get('answer-leak', 0)}), "
        f"{c.get('model-error', 0)} model errors, {c.get('invalid', 0)} invalid"
    )


def _compile(m: list[dict[str, Any]]) -> str:
    parts = []
    for r in m:
        s = r.get("compiled")
        score = "not evaluated (--no-evaluate)" if s is None else _pct(s.get("m_lambda_mean"))
        parts.append(
            f"{r['optimizer']}-seed{r['seed']} ({r.get('budget', '?')} budget): m_lambda {score}, "
            f"audit {'clean' if r['audit_clean'] else 'NOT clean'}"
        )
    return "; ".join(parts)


def _leak(m: dict[str, Any]) -> str:
    ours = m.get("ours", m)
    return f"unit leakage {_pct(ours.get('unit_leakage'))}, non-PII words kept {_pct(ours.get('non_pii_words_kept'))}"


def _latency(m: dict[str, Any]) -> str:
    parts = []
    for name, r in m["architectures"].items():
        ov = r.get("privacy_overhead_ms_per_1000_chars") or {}
        parts.append(f"{name} privacy layers p50 {ov.get('p50_ms', '-')} ms/1k chars")
    return "; ".join(parts)


def _assistant_bench(m: dict[str, Any]) -> str:
    return (
        f"{m['tickets']} tickets ({m['architecture']}, provider {m['provider']}): {m['handoffs']} handoffs "
        f"{m['by_cause']}, raw direct/special values at the provider {m['raw_values_at_provider']}"
    )


def _generic(m: Any) -> str:
    if isinstance(m, dict):
        keys = [k for k, v in m.items() if isinstance(v, int | float)][:6]
        return ", ".join(f"{k} {m[k]}" for k in keys) or "report written"
    return "report written"


STEPS: list[tuple[str, str, Callable[[Any], str]]] = [
    ("PII benchmark, ai4privacy en/fr/de/nl", "pii_bench/ai4privacy/metrics.json", _pii),
    ("PII benchmark, held-out synthetic tickets", "pii_bench/heldout/metrics.json", _pii),
    ("utility benchmark (keep what the answer needs)", "utility_bench/report.json", _utility),
    ("PII benchmark, PUPA_New", "pii_bench/pupa/metrics.json", _pii),
    ("wire-leak benchmark, PUPA_New", "leak_bench/metrics.json", _leak),
    ("support assistant (synthetic tickets)", "assistant/summary.json", _assistant),
    ("assistant bench (recording provider)", "assistant_bench/report.json", _assistant_bench),
    ("latency bench", "latency_bench/metrics.json", _latency),
    ("compile (MIPROv2) + audit", "compile/summary-mipro.json", _compile),
    ("corpus scan", "scan/report.json", _generic),
]


def render(runs: Path, elapsed: float | None = None) -> str:
    lines = ["", "=" * 72, "Summary" + (f" ({elapsed / 60:.1f} min)" if elapsed else ""), "=" * 72]
    for title, rel, fmt in STEPS:
        path = runs / rel
        data = _load(path)
        if data is None:
            continue
        try:
            text = fmt(data)
        except (KeyError, TypeError, IndexError):
            text = "report written"
        lines.append(f"- {title}: {text}\n    -> {path}")
    lines.append(f"MLflow runs: {runs / 'mlflow.db'} (mlflow ui --backend-store-uri sqlite:///{runs / 'mlflow.db'})")
    lines.append("Longer evaluations: bash scripts/evaluate.sh (see README).")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.summary", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", default="runs", help="the runs directory (default runs/ under the repo)")
    parser.add_argument("--elapsed", type=float, help="seconds the main job took")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    print(render(resolve_path(args.runs), args.elapsed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
