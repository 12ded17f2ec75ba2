"""Evaluate the tagger on generated files: per-label P/R/F1 and span coverage, per language.

    python -m local_model.training.evaluate --data FILE.jsonl [--data FILE2.jsonl ...] [--model DIR]

Metrics are the benchmark's (:mod:`metrics.spans`): typed strict P/R/F1 (exact offsets and
label) and ``span_protect`` (share of gold spans whose every character is covered by some
predicted span, whatever its label: what privacy depends on).  Speed: CPU milliseconds per
1,000 characters of one process on the same documents joined into ~1,000-character texts, after
a warm-up, the best of three passes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from local_model.detection.detectors.tagger import PiiTagger
from metrics.spans import Span, SpanEvaluator
from signatures.errors import DataError


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if not line.strip():
                continue
            row = json.loads(line)
            if "text" not in row or "spans" not in row:
                raise DataError(f"{path}:{i + 1}: a row needs 'text' and 'spans' (the generator's format)")
            rows.append(row)
    return rows


def evaluate_rows(tagger: PiiTagger, rows: Sequence[dict[str, Any]], quiet: bool = True) -> dict[str, Any]:
    """Per-language and overall metrics of ``tagger`` on generator rows."""
    from tqdm import tqdm

    overall = SpanEvaluator()
    by_lang: dict[str, SpanEvaluator] = {}
    for row in tqdm(rows, desc="evaluate", unit="doc", file=sys.stderr, disable=quiet):
        gold = [Span(int(s["start"]), int(s["end"]), str(s["label"])) for s in row["spans"]]
        pred = [Span(s, e, lab) for s, e, lab, _ in tagger.spans(row["text"])]
        lang = str(row.get("language", "und"))
        overall.add(gold, pred, lang)
        by_lang.setdefault(lang, SpanEvaluator()).add(gold, pred, lang)

    def summary(ev: SpanEvaluator) -> dict[str, Any]:
        return {"overall": ev.overall.summary(), "typed": ev.typed.summary(), "by_label": ev.per_label()}

    return {
        "rows": len(rows),
        "all": summary(overall),
        "by_language": {k: summary(v) for k, v in sorted(by_lang.items())},
    }


def measure_speed(tagger: PiiTagger, texts: Sequence[str], passes: int = 3) -> dict[str, float]:
    """Milliseconds per 1,000 characters, best of ``passes`` after a warm-up pass.

    ``ms_per_1k_chars`` is CPU time of this (single-threaded) process: what one core spends,
    little disturbed by other jobs on a shared machine; ``wall_ms_per_1k_chars`` is elapsed time.
    """
    chars = sum(len(t) for t in texts)
    for t in texts[: min(50, len(texts))]:
        tagger.spans(t)
    best_cpu = best_wall = float("inf")
    for _ in range(passes):
        c0, w0 = time.process_time(), time.perf_counter()
        for t in texts:
            tagger.spans(t)
        best_cpu = min(best_cpu, time.process_time() - c0)
        best_wall = min(best_wall, time.perf_counter() - w0)
    return {
        "ms_per_1k_chars": round(best_cpu / chars * 1e6, 3),
        "wall_ms_per_1k_chars": round(best_wall / chars * 1e6, 3),
        "chars": float(chars),
        "docs": float(len(texts)),
    }


def join_documents(texts: Sequence[str], min_chars: int = 900) -> list[str]:
    """Consecutive documents joined into texts of about 1,000 characters (the unit of the target)."""
    out: list[str] = []
    current = ""
    for text in texts:
        current = f"{current}\n\n{text}" if current else text
        if len(current) >= min_chars:
            out.append(current)
            current = ""
    if current:
        out.append(current)
    return out


def measure_load(path: Path | None) -> float:
    t0 = time.perf_counter()
    PiiTagger(path)
    return round(time.perf_counter() - t0, 3)


def render(name: str, result: dict[str, Any]) -> str:
    lines = [f"== {name} ({result['rows']} docs)"]
    for lang, res in [("all", result["all"]), *result["by_language"].items()]:
        o, t = res["overall"], res["typed"]
        lines.append(
            f"  [{lang}] span_protect={o['span_protect']} typed P/R/F1={t['precision']}/{t['recall']}/{t['f1']}"
        )
        lines.append(f"    {'label':22}{'P':>8}{'R':>8}{'F1':>8}{'cover':>8}{'gold':>7}{'pred':>7}")
        for label, m in res["by_label"].items():
            lines.append(
                f"    {label:22}{m['precision']:>8.3f}{m['recall']:>8.3f}{m['f1']:>8.3f}"
                f"{(m['span_protect'] if m['span_protect'] is not None else float('nan')):>8.3f}"
                f"{m['n_gold']:>7}{m['n_pred']:>7}"
            )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m local_model.training.evaluate", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", nargs="+", required=True, help="generator JSONL files")
    p.add_argument("--model", help="model directory (default: the shipped local_model/models/pii_tagger)")
    p.add_argument("--out", help="write the metrics as JSON here")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tagger = PiiTagger(args.model)
    results = {}
    for path in args.data:
        rows = load_jsonl(Path(path))
        results[path] = evaluate_rows(tagger, rows, quiet=False)
        results[path]["speed"] = measure_speed(tagger, join_documents([r["text"] for r in rows]))
        print(render(path, results[path]))
        print(f"  speed: {results[path]['speed']['ms_per_1k_chars']} ms per 1,000 chars")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
