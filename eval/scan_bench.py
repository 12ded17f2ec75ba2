"""Throughput of corpus minimization per engine and worker count.

    python -m eval.scan_bench --rows N --workers 1 2 --engine local ray --out DIR
                              [--chars 1000] [--shards 8] [--mode pseudonymize|redact] [--config FILE]
                              [--repeat R]

Generates a corpus of ``N`` synthetic rows of about ``--chars`` characters (invented people,
phones, IBANs, DNI/NIE, addresses and health details from :mod:`eval.synthetic_tickets`) in
``--shards`` JSONL shards, then runs ``python -m pipelines.scan`` once per engine and worker count
(a fresh process each time: a Ray run starts its own local cluster, and that start is part of its
start-up cost).  Runs are ordered local 1, local 2, ray 2, ray 1 (``--repeat`` rounds of that) so
the runs a speed-up or an overhead compares are next to each other in time; the summary uses
each configuration's median run.  With a pseudonymizing mode every run gets the same fresh
random key (the data is invented), so their outputs can be compared byte for byte.

Writes ``DIR/scan_bench.json`` and prints a table: rows/s and characters/s (end to end, and
*steady*: rows over the window from the first batch a worker began to the last one it finished,
by the workers' clocks, i.e. without start-up), the cores the workers actually got (their CPU
seconds over that window: on a shared machine other work takes the rest) and characters per CPU
second (one core's work rate, whatever else runs), start-up (first result, per-worker core
start-up), peak RSS per worker, the speed-up from the smallest to the largest worker count per
engine, Ray's overhead against the local engine at equal workers, the machine's load average
around each run, and whether every run wrote byte-identical output.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from configs.settings import REPO_ROOT
from eval.runinfo import write_run_info
from eval.synthetic_tickets import generate
from local_model.minimization.vault import new_key
from signatures.errors import ConfigError, DataError, ScanError


def make_corpus(out: Path, rows: int, chars: int, shards: int, seed: int = 11) -> tuple[int, int]:
    """``rows`` JSONL rows of about ``chars`` characters each (whole tickets joined, cut at a space)."""
    out.mkdir(parents=True, exist_ok=True)
    tickets = [t.text for t in generate(240, seed)]
    rng = random.Random(seed)
    total = 0
    handles = [(out / f"shard-{i:03d}.jsonl").open("w", encoding="utf-8") for i in range(shards)]
    try:
        for i in range(rows):
            parts: list[str] = []
            while sum(len(p) + 1 for p in parts) < chars:
                parts.append(rng.choice(tickets))
            text = " ".join(parts)
            cut = text.rfind(" ", 0, chars)
            text = text[: cut if cut > chars // 2 else chars]
            total += len(text)
            record = {"id": f"row-{i:07d}", "text": text, "channel": rng.choice(["mail", "chat", "phone"])}
            handles[i * shards // rows].write(json.dumps(record, ensure_ascii=False) + "\n")
    finally:
        for h in handles:
            h.close()
    return rows, total


def _digest(out_dir: Path) -> str:
    """One hash over every output shard and span file (not the report, which holds timings)."""
    h = hashlib.sha256()
    for p in sorted(out_dir.rglob("*")):
        rel = p.relative_to(out_dir)
        if p.is_file() and rel.parts[0] != ".scan" and p.name not in ("report.json",):
            h.update(rel.as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def run_one(
    corpus: Path, out: Path, engine: str, workers: int, mode: str, config: str | None, key: str
) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "pipelines.scan", "--input", str(corpus), "--out", str(out)]
    cmd += ["--engine", engine, "--workers", str(workers), "--mode", mode, "--quiet"]
    if config:
        cmd += ["--config", config]
    env = dict(os.environ)
    if mode != "redact":
        env["PDT_MAP_KEY"] = key
        env.pop("PDT_MAP_KEY_FILE", None)
    load_before = os.getloadavg()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO_ROOT, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise ScanError(f"{engine} x{workers} exited {proc.returncode}: {proc.stderr.strip()[-600:]}")
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    r = report["this_run"]
    workers_detail = report["per_worker"]
    return {
        "engine": engine,
        "workers": workers,
        "rows": r["rows"],
        "chars": r["characters"],
        "process_wall_s": round(wall, 2),
        "elapsed_s": r["elapsed_s"],
        "first_result_s": r["first_result_s"],
        "processing_window_s": r["processing_window_s"],
        "rows_per_s": r["rows_per_s"],
        "chars_per_s": r["chars_per_s"],
        "steady_rows_per_s": r["steady_rows_per_s"],
        "steady_chars_per_s": r["steady_chars_per_s"],
        "cores_used": r["cores_used"],
        "chars_per_cpu_s": r["chars_per_cpu_s"],
        "worker_startup_s": [w["startup_s"] for w in workers_detail],
        "peak_rss_mb": [w["peak_rss_mb"] for w in workers_detail],
        "rows_per_worker": [w["rows"] for w in workers_detail],
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "output_sha256": _digest(out),
    }


def _order(engines: Sequence[str], workers: Sequence[int]) -> list[tuple[str, int]]:
    """Engines in turn, worker counts up then down (local 1, local 2, ray 2, ray 1): the runs a
    speed-up or an overhead compares are next to each other in time."""
    counts = sorted(set(workers))
    out: list[tuple[str, int]] = []
    for i, e in enumerate(dict.fromkeys(engines)):
        out += [(e, w) for w in (counts if i % 2 == 0 else counts[::-1])]
    return out


def _median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    ordered = sorted(runs, key=lambda r: r["steady_chars_per_s"] or 0.0)
    return ordered[(len(ordered) - 1) // 2]


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for r in runs:
        groups.setdefault((r["engine"], r["workers"]), []).append(r)
    by = {k: _median_run(v) for k, v in groups.items()}
    engines = sorted({r["engine"] for r in runs})
    counts = sorted({r["workers"] for r in runs})
    out: dict[str, Any] = {"speedup": {}, "ray_overhead": {}}
    lo, hi = counts[0], counts[-1]
    for e in engines:
        if (e, lo) in by and (e, hi) in by and hi != lo:
            a, b = by[(e, lo)], by[(e, hi)]
            out["speedup"][e] = {
                "workers": [lo, hi],
                "steady": round(b["steady_chars_per_s"] / a["steady_chars_per_s"], 3),
                "end_to_end": round(b["chars_per_s"] / a["chars_per_s"], 3),
                "cores_used": [a["cores_used"], b["cores_used"]],
                "chars_per_cpu_s": [a["chars_per_cpu_s"], b["chars_per_cpu_s"]],
                "target": 1.7,
            }
    for w in counts:
        if ("local", w) in by and ("ray", w) in by:
            loc, ray = by[("local", w)], by[("ray", w)]
            out["ray_overhead"][str(w)] = {
                "steady": round(1 - ray["steady_chars_per_s"] / loc["steady_chars_per_s"], 3),
                "end_to_end": round(1 - ray["chars_per_s"] / loc["chars_per_s"], 3),
                "target_max": 0.15,
            }
    out["identical_outputs"] = len({r["output_sha256"] for r in runs}) == 1
    out["median_runs"] = [
        {k: by[key][k] for k in ("engine", "workers", "round", "steady_chars_per_s", "chars_per_s")}
        for key in sorted(by)
    ]
    return out


def render(result: dict[str, Any]) -> str:
    cols = [
        "round",
        "engine",
        "workers",
        "rows/s",
        "chars/s",
        "steady rows/s",
        "steady chars/s",
        "cores used",
        "chars/CPU-s",
        "first result s",
    ]
    lines = ["".join(f"{c:>15}" for c in cols) + "   worker start-up s / peak RSS MB"]
    for r in result["runs"]:
        vals = [
            r["round"],
            r["engine"],
            r["workers"],
            r["rows_per_s"],
            r["chars_per_s"],
            r["steady_rows_per_s"],
            r["steady_chars_per_s"],
            r["cores_used"],
            r["chars_per_cpu_s"],
            r["first_result_s"],
        ]
        detail = ", ".join(f"{s:.1f}/{m:.0f}" for s, m in zip(r["worker_startup_s"], r["peak_rss_mb"], strict=True))
        lines.append("".join(f"{v!s:>15}" for v in vals) + f"   {detail}  (load {r['load_before'][0]})")
    s = result["summary"]
    for e, v in s["speedup"].items():
        lines.append(
            f"speed-up {e} {v['workers'][0]} -> {v['workers'][1]} workers: steady {v['steady']}x, "
            f"end to end {v['end_to_end']}x (target >= {v['target']}x); cores used {v['cores_used']}, "
            f"chars per CPU second {v['chars_per_cpu_s']}"
        )
    for w, v in s["ray_overhead"].items():
        lines.append(
            f"Ray overhead at {w} workers: steady {v['steady']:.1%}, end to end {v['end_to_end']:.1%} "
            f"(target <= {v['target_max']:.0%})"
        )
    lines.append(f"byte-identical output across all runs: {s['identical_outputs']}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.scan_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", type=int, required=True)
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    p.add_argument("--engine", nargs="+", choices=["local", "ray"], default=["local", "ray"])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--chars", type=int, default=1000, help="characters per row")
    p.add_argument("--shards", type=int, default=8)
    p.add_argument("--mode", choices=["pseudonymize", "redact"], default="pseudonymize")
    p.add_argument("--config", help="config YAML for the scans")
    p.add_argument("--repeat", type=int, default=1, help="rounds of all configurations (median per configuration)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.rows < 1 or args.shards < 1 or args.chars < 50:
        print("error: --rows and --shards must be positive, --chars at least 50", file=sys.stderr)
        return 2
    out: Path = args.out.resolve()
    corpus = out / "corpus"
    rows, chars = make_corpus(corpus, args.rows, args.chars, min(args.shards, args.rows))
    print(f"corpus: {rows} rows, {chars} characters in {corpus}", flush=True)
    runs = []
    key = new_key()
    try:
        for rnd in range(max(args.repeat, 1)):
            for e, w in _order(args.engine, args.workers):
                target = out / "runs" / f"{e}-{w}-r{rnd}"
                if target.exists():
                    shutil.rmtree(target)  # a fresh run, never a resumed one
                run = {"round": rnd, **run_one(corpus, target, e, w, args.mode, args.config, key)}
                runs.append(run)
                print(json.dumps({k: v for k, v in run.items() if k != "output_sha256"}), flush=True)
    except (ScanError, ConfigError, DataError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    result = {
        "rows": rows,
        "chars": chars,
        "chars_per_row": args.chars,
        "shards": args.shards,
        "mode": args.mode,
        "repeat": args.repeat,
        "cpu_count": os.cpu_count(),
        "runs": runs,
        "summary": summarize(runs),
    }
    (out / "scan_bench.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    write_run_info(out, "eval.scan_bench", argv)
    print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
