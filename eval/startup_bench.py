"""Start-up: the whole process until the first detection result, ours next to Presidio's.

    python -m eval.startup_bench --out DIR [--runs 5] [--text TEXT]

Each run starts a fresh interpreter and times it until it exits, after printing its first result:
ours is ``python -m pipelines.demo --text TEXT`` (imports, the detector with every default
detector, one detection), Presidio's is its ``AnalyzerEngine`` as the PII benchmark builds it
(:class:`eval.baselines.PresidioBaseline`: the same small spaCy model, default recognizers) and one
``analyze(TEXT)``.  The runs alternate (ours, Presidio, ours, ...) so both see the same machine load;
reported are each side's seconds, median, min and max, and the ratio of the medians.  The default
text is invented and holds English, Spanish and French sentences.  Writes ``DIR/report.json``
(numbers only) and ``DIR/run.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from configs.settings import REPO_ROOT, resolve_path
from eval.runinfo import write_run_info
from local_model.files import write_private
from signatures.errors import DataError

#: invented people and numbers, one sentence per language
TEXT = "Call Ana Ruiz on +34 612 345 678. Llame a Lucía Fernández al 612 345 678. Appelez Léa Dupont au 06 12 34 56 78."
#: Presidio as the PII benchmark runs it (eval.baselines: the same spaCy model, default
#: recognizers, offline suffix list); Presidio's own default engine would download en_core_web_lg
PRESIDIO = (
    "import sys\n"
    "from configs.settings import load_settings\n"
    "from eval.baselines import PresidioBaseline\n"
    "print(len(PresidioBaseline(load_settings().detector.spacy_model).detect(sys.argv[1])))\n"
)


def commands(text: str) -> dict[str, list[str]]:
    return {
        "ours": [sys.executable, "-m", "pipelines.demo", "--text", text],
        "presidio": [sys.executable, "-c", PRESIDIO, text],
    }


def timed(argv: list[str], timeout_s: float) -> float:
    """Seconds from the start of the process to its exit (it must exit 0)."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=REPO_ROOT, capture_output=True, timeout=timeout_s, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise DataError(f"{argv[1:3]} exited with {done.returncode}")
    return seconds


def summarize(seconds: dict[str, list[float]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, values in seconds.items():
        out[name] = {
            "seconds": [round(v, 2) for v in values],
            "median_s": round(statistics.median(values), 2),
            "min_s": round(min(values), 2),
            "max_s": round(max(values), 2),
        }
    if "ours" in out and "presidio" in out and out["presidio"]["median_s"]:
        out["ratio_ours_over_presidio"] = round(out["ours"]["median_s"] / out["presidio"]["median_s"], 2)
    return out


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.startup_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="output directory (report.json, run.json)")
    p.add_argument("--runs", type=int, default=5, help="processes per side, alternating (default 5)")
    p.add_argument("--text", default=TEXT, help="the text detected once (default: invented EN/ES/FR)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds allowed per process")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.runs < 1:
        print("error: --runs must be at least 1", file=sys.stderr)
        return 2
    argv_list = list(sys.argv[1:] if argv is None else argv)
    out = resolve_path(args.out)
    seconds: dict[str, list[float]] = {"ours": [], "presidio": []}
    try:
        for i in range(args.runs):
            for name, cmd in commands(args.text).items():
                seconds[name].append(timed(cmd, args.timeout))
                print(f"run {i + 1}/{args.runs} {name:<9} {seconds[name][-1]:.2f} s", file=sys.stderr)
    except (DataError, subprocess.TimeoutExpired) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report = {"text_chars": len(args.text), "runs": args.runs, **summarize(seconds)}
    write_private(out / "report.json", (json.dumps(report, indent=2) + "\n").encode("utf-8"))
    write_run_info(out, "eval.startup_bench", argv_list)
    print(
        f"start-up median: ours {report['ours']['median_s']} s, Presidio {report['presidio']['median_s']} s "
        f"(ratio {report.get('ratio_ours_over_presidio')}); report -> {out / 'report.json'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
