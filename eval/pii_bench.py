"""PII detection benchmark.

    python -m eval.pii_bench --data PATH --format {ai4privacy,pupa,spans} --out DIR
                             [--baseline presidio] [--limit N] [--config FILE] [--no-mlflow]
                             [--engine inline|local|ray] [--workers N] [--address ADDR]
                             [--by stratum] [--by rule]

Writes ``DIR/predictions.jsonl`` (one line per input row, same order:
``{"id", "spans": [{"start", "end", "label"}]}``) and ``DIR/metrics.json``, prints a
table, and logs the run to the local MLflow store (``mlflow.tracking_uri`` in the
config; ``runs/mlflow.db`` under the repository by default).  With ``--baseline
presidio``, vanilla Presidio runs on the same rows, interleaved row by row with our
detector so both see the same machine load, and the metric deltas and the speed
ratio are reported; its predictions go to ``DIR/baseline_presidio/``.
Without ``--data`` the bundled datasets are used (all ai4privacy languages, or PUPA
with ``--format pupa``).  ``--engine local|ray --workers N`` detects through the corpus scan's
core (:mod:`pipelines.scan`) on a process pool or Ray Data: the predictions are identical, the
throughput is the wall time of all workers together.

``--by stratum`` prints ``span_protect`` per language and stratum; ``--by rule`` attributes every
predicted span to the rule that made it (the rule id in its ``source``, see
:mod:`local_model.detection.catalogue`; the source itself for detectors without rules: NER,
tagger, keyed fields, gazetteer) and reports, per rule, its spans, how many overlap a gold span
and how many overlap none (masked where the gold marks nothing: a precision cost), and how many
gold spans it alone protects (fully covered with its spans, not without them).  Both go to
``metrics.json`` whether or not they are printed; ``--by`` may be given more than once.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from configs.settings import BUNDLED_DATA, Settings, load_settings, resolve_path
from eval.data import BenchRow, Format, LoadReport, find_units, load_rows, run_cli
from eval.runinfo import write_run_info
from local_model.detection.catalogue.base import rank_source, rule_id_of
from metrics.spans import UNTYPED, Coverage, Span, SpanEvaluator, map_gold_label
from signatures.entities import TAXONOMY, Entity, Label
from signatures.errors import ConfigError, DataError, ScanError


def mask_text(text: str, spans: Sequence[Span], marker: str = "<PII>") -> str:
    """Replace the union of ``spans`` by ``marker`` (what a redacting minimizer would send)."""
    out: list[str] = []
    cur = 0
    for s in sorted(spans, key=lambda x: (x.start, x.end)):
        if s.end <= cur:
            continue
        out.append(text[cur : max(cur, s.start)])
        out.append(marker)
        cur = s.end
    out.append(text[cur:])
    return "".join(out)


class _System:
    def __init__(self, name: str, detect: Callable[[str], list[Entity]], init_s: float) -> None:
        self.name = name
        self.detect = detect
        self.init_s = init_s
        self.seconds = 0.0
        self.evaluator = SpanEvaluator()
        self.predictions: list[dict[str, Any]] = []
        self.unit_hits = 0
        self.unit_gone = 0
        self.units = 0
        self.by_category: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.by_stratum: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])  # (lang, stratum) -> [ok, n]
        # rule (or source) -> [spans, overlapping a gold span, overlapping none, gold spans it alone protects]
        self.by_rule: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        # (language, predicted label) -> [spans, overlapping a gold span]; typed gold labels seen
        self.by_pred_label: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        self.gold_labels: set[str] = set()

    def run_row(self, row: BenchRow) -> None:
        t0 = time.perf_counter()
        ents = self.detect(row.text)
        self.seconds += time.perf_counter() - t0
        self.score_row(row, [Span(e.start, e.end, e.label.value) for e in ents], [e.source for e in ents])

    def score_row(self, row: BenchRow, pred: list[Span], sources: Sequence[str] | None = None) -> None:
        gold = [Span(g.start, g.end, map_gold_label(g.label)) for g in row.spans]
        protected = self.evaluator.add(gold, pred, row.language)
        self.gold_labels.update(g.label for g in gold if g.label != UNTYPED)
        gold_cover = Coverage(gold)
        for p in pred:
            cell = self.by_pred_label[(row.language, p.label)]
            cell[0] += 1
            cell[1] += gold_cover.covered(p.start, p.end) > 0
        if sources is not None:
            self._attribute(gold, protected, pred, sources)
        for g, mapped, full in zip(row.spans, gold, protected, strict=True):
            stratum = g.stratum or stratum_of(mapped.label)
            if stratum is not None:
                cell = self.by_stratum[(row.language, stratum)]
                cell[0] += full
                cell[1] += 1
        if row.units:
            # strict: every character of every occurrence covered by a predicted span
            ok: dict[str, bool] = {}
            for g, full in zip(row.spans, protected, strict=True):
                if g.unit is not None:
                    ok[g.unit] = ok.get(g.unit, True) and full
            # verbatim: the unit no longer occurs once predicted spans are replaced by a marker
            masked = mask_text(row.text, pred).lower()
            gone = {u: not find_units(masked, u.lower()) for u in ok}
            self.units += len(ok)
            self.unit_hits += sum(ok.values())
            self.unit_gone += sum(gone.values())
            if row.category:
                cat = self.by_category[row.category]
                cat[0] += sum(ok.values())
                cat[1] += sum(gone.values())
                cat[2] += len(ok)
        self.predictions.append(
            {"id": row.id, "spans": [{"start": p.start, "end": p.end, "label": p.label} for p in pred]}
        )

    def _attribute(self, gold: list[Span], protected: list[bool], pred: list[Span], sources: Sequence[str]) -> None:
        keys = [rule_id_of(src) or rank_source(src) for src in sources]
        gold_cover = Coverage(gold)
        for span, key in zip(pred, keys, strict=True):
            cell = self.by_rule[key]
            cell[0] += 1
            cell[1 if gold_cover.covered(span.start, span.end) else 2] += 1
        for g, full in zip(gold, protected, strict=True):
            if not full:
                continue
            mine = {k for p, k in zip(pred, keys, strict=True) if p.start < g.end and p.end > g.start}
            for key in mine:
                others = Coverage(p for p, k in zip(pred, keys, strict=True) if k != key)
                if others.covered(g.start, g.end) < g.end - g.start:
                    self.by_rule[key][3] += 1

    def metrics(self, n_chars: int) -> dict[str, Any]:
        ev = self.evaluator
        out: dict[str, Any] = {
            "overall": ev.overall.summary(),
            "typed_micro": {
                k: v
                for k, v in ev.typed.summary().items()
                if k in ("precision", "recall", "f1", "n_gold", "n_pred", "tp")
            },
            "by_language": {k: v.summary() for k, v in sorted(ev.by_language.items())},
            "by_label": ev.per_label(),
            "throughput": {
                "chars": n_chars,
                "detect_seconds": round(self.seconds, 3),
                "chars_per_second": round(n_chars / self.seconds, 1) if self.seconds else None,
                "init_seconds": round(self.init_s, 3),
            },
        }
        if self.by_stratum:
            out["by_stratum"] = {
                f"{lang}/{stratum}": {"span_protect": round(ok / n, 4), "n_gold": n}
                for (lang, stratum), (ok, n) in sorted(self.by_stratum.items())
            }
        if self.by_rule:
            out["by_rule"] = {
                key: {"spans": n, "overlap_gold": hit, "outside_gold": miss, "sole_protect": alone}
                for key, (n, hit, miss, alone) in sorted(self.by_rule.items(), key=lambda kv: (-kv[1][0], kv[0]))
            }
        if self.gold_labels:
            out["annotated_labels"] = self._annotated()
        if self.units:
            out["units"] = {
                "units_found": self.units,
                "units_fully_masked": self.unit_hits,
                "unit_protect": round(self.unit_hits / self.units, 4),
                "units_not_verbatim": self.unit_gone,
                "unit_masked_verbatim": round(self.unit_gone / self.units, 4),
                "by_category": {
                    k: {"unit_protect": round(h / n, 4), "unit_masked_verbatim": round(g / n, 4), "units": n}
                    for k, (h, g, n) in sorted(self.by_category.items())
                },
            }
        return out

    def _annotated(self) -> dict[str, Any]:
        """Overlap precision of the predictions whose label the data annotates somewhere (the gold's
        typed labels), per language, with the predictions of other labels counted apart: a data set
        that marks no company cannot say whether a predicted company is personal."""

        def rate(hit: int, n: int) -> float | None:
            return round(hit / n, 4) if n else None

        langs: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        others: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for (lang, label), (n, hit) in self.by_pred_label.items():
            cell = langs[lang]
            if label in self.gold_labels:
                cell[0] += n
                cell[1] += hit
            else:
                cell[2] += n
                cell[3] += hit
                others[label][0] += n
                others[label][1] += hit
        total = [sum(c[i] for c in langs.values()) for i in range(4)]

        def summary(c: list[int]) -> dict[str, Any]:
            return {
                "n_pred": c[0],
                "overlap_precision": rate(c[1], c[0]),
                "other_n_pred": c[2],
                "other_overlap_precision": rate(c[3], c[2]),
            }

        return {
            "labels": sorted(self.gold_labels),
            "overall": summary(total),
            "by_language": {lang: summary(c) for lang, c in sorted(langs.items())},
            "other_labels": {
                label: {"n_pred": n, "overlap_precision": rate(hit, n)} for label, (n, hit) in sorted(others.items())
            },
        }


def stratum_of(label: str) -> str | None:
    """The taxonomy stratum of a (mapped) gold label, None for untyped or unknown labels."""
    try:
        return TAXONOMY[Label(label)].stratum.value
    except ValueError:
        return None


def render_rules(metrics: dict[str, Any]) -> str:
    rows = metrics.get("by_rule") or {}
    lines = [f"{'rule (or source)':<44}{'spans':>8}{'on gold':>9}{'outside':>9}{'alone':>7}{'precision':>11}"]
    for key, m in rows.items():
        precision = m["overlap_gold"] / m["spans"] if m["spans"] else 0.0
        lines.append(
            f"{key[:44]:<44}{m['spans']:>8}{m['overlap_gold']:>9}{m['outside_gold']:>9}{m['sole_protect']:>7}"
            f"{precision:>11.3f}"
        )
    return "\n".join(lines)


def render_strata(metrics: dict[str, Any]) -> str:
    rows = metrics.get("by_stratum") or {}
    lines = [f"{'language/stratum':<32}{'span_protect':>14}{'n_gold':>9}"]
    for key, m in rows.items():
        lines.append(f"{key:<32}{m['span_protect']:>14.3f}{m['n_gold']:>9}")
    return "\n".join(lines)


def _build_ours(settings: Settings) -> _System:
    from local_model.boundary.clients import lm_detector_resources
    from local_model.detection.hybrid import build_detector

    t0 = time.perf_counter()
    det = build_detector(settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts))
    det.detect("warm-up: John Smith, john@example.com, +44 20 7946 0958")
    return _System("ours", det.detect, time.perf_counter() - t0)


def _build_presidio(settings: Settings) -> _System:
    from eval.baselines import PresidioBaseline

    t0 = time.perf_counter()
    base = PresidioBaseline(settings.detector.spacy_model)
    base.detect("warm-up: John Smith, john@example.com, +44 20 7946 0958")
    return _System("presidio", base.detect, time.perf_counter() - t0)


def _engine_predictions(settings: Settings, args: argparse.Namespace, rows: Sequence[BenchRow]) -> _System:
    """Detection through the corpus scan's core on a local process pool or Ray Data's actor pool
    (:mod:`pipelines.scan.engines`): the same detector per worker, so the same predictions as in
    this process.  The time is the wall time of the whole map (workers running in parallel)."""
    from pipelines.scan.core import ScanOptions
    from pipelines.scan.engines import make_engine

    options = ScanOptions(mode="redact", config=args.config)
    batch = settings.scan.batch_rows
    batches: list[dict[str, list[Any]]] = []
    for i in range(0, len(rows), batch):
        chunk = rows[i : i + batch]
        n = len(chunk)
        batches.append(
            {"shard": [0] * n, "row": list(range(i, i + n)), "text": [r.text for r in chunk], "error": [""] * n}
        )
    system = _System(f"ours ({args.engine} x{args.workers})", lambda text: [], 0.0)
    t0 = time.perf_counter()
    with make_engine(
        args.engine,
        options,
        args.workers,
        max_retries=settings.scan.max_retries,
        address=args.address,
        batch_rows=batch,
        actor_memory_mb=settings.scan.actor_memory_mb,
    ) as engine:
        results = [
            (r, s, e)
            for out in engine.map_batches(batches)
            for r, s, e in zip(out["row"], out["spans"], out["error"], strict=True)
        ]
        system.init_s = max(engine.startup.values(), default=0.0)
    system.seconds = time.perf_counter() - t0
    if [r for r, _s, _e in results] != list(range(len(rows))):
        raise DataError("the engine returned rows out of order or missing")
    for row, (_r, spans, error) in zip(rows, results, strict=True):
        if error:
            raise DataError(f"row {row.id!r} could not be processed by the engine ({error})")
        found = json.loads(spans)
        system.score_row(
            row, [Span(int(s), int(e), str(lab)) for lab, s, e, _src in found], [str(src) for *_x, src in found]
        )
    return system


def _write_jsonl(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def _fmt(v: Any) -> str:
    if v is None:
        return "-"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def render_table(metrics: dict[str, Any]) -> str:
    cols = ["span_protect", "char_recall", "overlap_precision", "precision", "recall", "f1", "n_gold", "n_pred"]
    lines = [f"{'':24}" + "".join(f"{c[:12]:>13}" for c in cols)]

    def row(name: str, m: dict[str, Any]) -> None:
        lines.append(f"{name[:24]:24}" + "".join(f"{_fmt(m.get(c)):>13}" for c in cols))

    row("OVERALL (label-agnostic)", metrics["overall"])
    row("typed micro", metrics["typed_micro"])
    for lang, m in metrics["by_language"].items():
        row(f"lang={lang}", m)
    for label, m in metrics["by_label"].items():
        row(f"  {label}", m)
    tp = metrics["throughput"]
    lines.append(
        f"throughput: {_fmt(tp['chars_per_second'])} chars/s "
        f"({tp['chars']} chars in {tp['detect_seconds']} s; init {tp['init_seconds']} s)"
    )
    if "annotated_labels" in metrics:
        a = metrics["annotated_labels"]
        lines.append("overlap_precision over the labels the data annotates (other labels apart):")
        for name, m in [("overall", a["overall"]), *a["by_language"].items()]:
            lines.append(
                f"  {name:<10} {_fmt(m['overlap_precision'])} of {m['n_pred']} spans; other labels "
                f"{_fmt(m['other_overlap_precision'])} of {m['other_n_pred']}"
            )
    if "units" in metrics:
        u = metrics["units"]
        lines.append(
            f"PUPA units fully covered (every character): {u['units_fully_masked']}/"
            f"{u['units_found']} = {u['unit_protect']:.3f}"
        )
        lines.append(
            f"PUPA units no longer verbatim after masking: {u['units_not_verbatim']}/"
            f"{u['units_found']} = {u['unit_masked_verbatim']:.3f}"
        )
    return "\n".join(lines)


def _deltas(ours: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    keys = ["span_protect", "char_recall", "overlap_precision", "precision", "recall", "f1"]
    out: dict[str, Any] = {
        k: round(ours["overall"][k] - base["overall"][k], 4)
        for k in keys
        if ours["overall"].get(k) is not None and base["overall"].get(k) is not None
    }
    a, b = ours["throughput"]["chars_per_second"], base["throughput"]["chars_per_second"]
    out["speed_ratio_ours_over_baseline"] = round(a / b, 3) if a and b else None
    if "units" in ours and "units" in base:
        for k in ("unit_protect", "unit_masked_verbatim"):
            out[k] = round(ours["units"][k] - base["units"][k], 4)
    return out


def _log_mlflow(settings: Settings, args: argparse.Namespace, metrics: dict[str, Any], out_dir: Path) -> str | None:
    import mlflow

    from pipelines.tracking import start_run

    with start_run(settings, settings.mlflow.experiment, f"pii_bench-{args.format}") as run:
        mlflow.log_params(
            {
                "data": str(args.data),
                "format": args.format,
                "limit": args.limit,
                "detectors": ",".join(settings.detector.detectors),
                "min_score": settings.detector.min_score,
                "baseline": args.baseline or "none",
            }
        )
        flat: dict[str, float] = {}
        for k, v in metrics["ours"]["overall"].items():
            if isinstance(v, int | float):
                flat[f"overall.{k}"] = float(v)
        for lang, m in metrics["ours"]["by_language"].items():
            for k in ("span_protect", "char_recall", "overlap_precision"):
                if m.get(k) is not None:
                    flat[f"{lang}.{k}"] = float(m[k])
        for lang, m in (metrics["ours"].get("annotated_labels") or {}).get("by_language", {}).items():
            if m.get("overlap_precision") is not None:
                flat[f"{lang}.annotated_overlap_precision"] = float(m["overlap_precision"])
        cps = metrics["ours"]["throughput"]["chars_per_second"]
        if cps:
            flat["chars_per_second"] = float(cps)
        if "units" in metrics["ours"]:
            for k in ("unit_protect", "unit_masked_verbatim"):
                flat[k] = float(metrics["ours"]["units"][k])
        for k, v in (metrics.get("delta_vs_baseline") or {}).items():
            if isinstance(v, int | float):
                flat[f"delta.{k}"] = float(v)
        mlflow.log_metrics(flat)
        mlflow.log_artifact(str(out_dir / "metrics.json"))  # offsets and numbers only, no text
        return str(run.info.run_id)


def run(args: argparse.Namespace) -> dict[str, Any]:
    from tqdm import tqdm

    settings = load_settings(args.config)
    fmt: Format = args.format
    data = args.data or str(settings.data_path() / BUNDLED_DATA.get(fmt, ""))
    if fmt == "spans" and not args.data:
        raise DataError("--format spans needs --data PATH")
    rows, report = load_rows(data, fmt, args.limit)
    if not rows:
        raise DataError(f"no rows loaded from {data}")
    out_dir = resolve_path(args.out) if not Path(args.out).is_absolute() else Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    n_chars = sum(len(r.text) for r in rows)
    if args.engine != "inline":
        if args.baseline:
            raise ConfigError("--baseline runs interleaved in this process: use it without --engine")
        systems = [_engine_predictions(settings, args, rows)]
    else:
        systems = [_build_ours(settings)]
        if args.baseline == "presidio":
            systems.append(_build_presidio(settings))
        for row in tqdm(rows, desc="pii_bench", unit="row", file=sys.stderr, disable=args.quiet):
            for sys_ in systems:  # interleaved: both systems see the same machine load
                sys_.run_row(row)

    ours = systems[0]
    metrics: dict[str, Any] = {
        "data": str(data),
        "format": fmt,
        "rows": len(rows),
        "load_report": vars(report) if isinstance(report, LoadReport) else report,
        "detectors": settings.detector.detectors,
        "ours": ours.metrics(n_chars),
    }
    _write_jsonl(out_dir / "predictions.jsonl", ours.predictions)
    if len(systems) > 1:
        base = systems[1]
        metrics["baseline"] = {"name": base.name, **base.metrics(n_chars)}
        metrics["delta_vs_baseline"] = _deltas(metrics["ours"], metrics["baseline"])
        _write_jsonl(out_dir / "baseline_presidio" / "predictions.jsonl", base.predictions)
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")

    print(f"\n== ours ({', '.join(settings.detector.detectors)}) on {data} [{fmt}], {len(rows)} rows")
    print(render_table(metrics["ours"]))
    if "stratum" in (args.by or []):
        print("\n== span_protect per language and stratum (ours)")
        print(render_strata(metrics["ours"]))
    if "rule" in (args.by or []):
        print("\n== spans per rule (ours): on gold / outside gold / gold spans protected by this rule alone")
        print(render_rules(metrics["ours"]))
    if "baseline" in metrics:
        print("\n== baseline: vanilla Presidio (same spaCy model, default recognizers)")
        print(render_table(metrics["baseline"]))
        print("\n== delta (ours - presidio): " + json.dumps(metrics["delta_vs_baseline"]))
    if settings.mlflow.enabled and not args.no_mlflow:
        run_id = _log_mlflow(settings, args, metrics, out_dir)
        print(f"\nMLflow run {run_id} logged to {settings.mlflow_uri()}")
    print(f"wrote {out_dir / 'predictions.jsonl'} and {out_dir / 'metrics.json'}")
    return metrics


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.pii_bench", description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--data",
        help="JSONL/CSV file, a directory of JSONL files, or a hub id (default: the bundled data for --format)",
    )
    p.add_argument("--format", required=True, choices=["ai4privacy", "pupa", "spans"])
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--baseline", choices=["presidio"], help="run vanilla Presidio side by side")
    p.add_argument(
        "--by",
        choices=["stratum", "rule"],
        action="append",
        help="also print span_protect per language and stratum (the spans' own 'stratum', else the taxonomy's), "
        "or the spans, hits and false positives of each rule; may be given more than once",
    )
    p.add_argument("--limit", type=int, help="first N rows only")
    p.add_argument("--config", help="config YAML (default configs/default.yaml or $PDT_CONFIG)")
    p.add_argument("--no-mlflow", action="store_true", help="do not log to MLflow")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--engine",
        choices=["inline", "local", "ray"],
        default="inline",
        help="inline: this process (default); local/ray: the corpus scan's core on a process pool or Ray Data",
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="workers for --engine local/ray")
    p.add_argument("--address", help="Ray cluster to join with --engine ray (default: a local one)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    try:
        code = run_cli(run, args)
    except ScanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if code == 0:
        write_run_info(resolve_path(args.out), "eval.pii_bench", argv)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
