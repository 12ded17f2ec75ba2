"""Start-up: the whole process until the first detection result, ours next to Presidio's.

    python -m eval.startup_bench --out DIR [--runs 5] [--text TEXT] [--without torch ...]

Each run starts a fresh interpreter and times it until it exits, after printing its first result:
ours is ``python -m pipelines.demo --text TEXT`` (imports, the detector with every default
detector, one detection), Presidio's is its ``AnalyzerEngine`` as the PII benchmark builds it
(:class:`eval.baselines.PresidioBaseline`: the same small spaCy model, default recognizers) and one
``analyze(TEXT)``.  The runs alternate (ours, Presidio, ours, ...) so both see the same machine load;
reported are each side's wall seconds, median, min and max, the ratio of the medians, and the CPU
seconds each process used (user + system: on a shared machine they move less with the load than
the wall time does).  ``--without torch`` runs both sides with those packages unimportable, as in a
core-only install (``INSTALL_EXTRAS=dev`` installs no torch; spaCy's thinc imports it when it is
there).  The default text is invented and holds English, Spanish and French sentences.  Writes
``DIR/report.json`` (numbers only) and ``DIR/run.json``.
"""

from __future__ import annotations

import argparse
import json
import os
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


#: runs argv[2:] as ``python -m MODULE ...`` (argv[1] == "-m") or ``python -c CODE ...`` with the
#: packages named in argv[1]'s JSON list unimportable
WITHOUT = (
    "import json, runpy, sys\n"
    "for name in json.loads(sys.argv[1]):\n"
    "    sys.modules[name] = None\n"
    "kind, target, *rest = sys.argv[2:]\n"
    "sys.argv = [target, *rest]\n"
    "if kind == '-m':\n"
    "    runpy.run_module(target, run_name='__main__', alter_sys=True)\n"
    "else:\n"
    "    exec(compile(target, '<presidio>', 'exec'), {'__name__': '__main__'})\n"
)


def commands(text: str, without: Sequence[str] = ()) -> dict[str, list[str]]:
    sides = {"ours": ["-m", "pipelines.demo", "--text", text], "presidio": ["-c", PRESIDIO, text]}
    if not without:
        return {name: [sys.executable, *argv] for name, argv in sides.items()}
    return {name: [sys.executable, "-c", WITHOUT, json.dumps(list(without)), *argv] for name, argv in sides.items()}


def timed(argv: list[str], timeout_s: float) -> tuple[float, float]:
    """(wall seconds from the start of the process to its exit, its CPU seconds); it must exit 0."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=REPO_ROOT, capture_output=True, timeout=timeout_s, check=False)
    seconds = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        side = "ours" if "pipelines.demo" in argv else "Presidio"
        raise DataError(f"the {side} process exited with {done.returncode}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return seconds, cpu


def summarize(seconds: dict[str, list[float]], cpu: dict[str, list[float]] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, values in seconds.items():
        out[name] = {
            "seconds": [round(v, 2) for v in values],
            "median_s": round(statistics.median(values), 2),
            "min_s": round(min(values), 2),
            "max_s": round(max(values), 2),
        }
        if cpu and cpu.get(name):
            out[name]["cpu_seconds"] = [round(v, 2) for v in cpu[name]]
            out[name]["median_cpu_s"] = round(statistics.median(cpu[name]), 2)
    if "ours" in out and "presidio" in out and out["presidio"]["median_s"]:
        out["ratio_ours_over_presidio"] = round(out["ours"]["median_s"] / out["presidio"]["median_s"], 2)
        if out["presidio"].get("median_cpu_s"):
            out["cpu_ratio_ours_over_presidio"] = round(
                out["ours"]["median_cpu_s"] / out["presidio"]["median_cpu_s"], 2
            )
    return out


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.startup_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="output directory (report.json, run.json)")
    p.add_argument("--runs", type=int, default=5, help="processes per side, alternating (default 5)")
    p.add_argument("--text", default=TEXT, help="the text detected once (default: invented EN/ES/FR)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds allowed per process")
    p.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="PACKAGE",
        help="make PACKAGE unimportable on both sides (--without torch: as in a core-only install)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.runs < 1:
        print("error: --runs must be at least 1", file=sys.stderr)
        return 2
    argv_list = list(sys.argv[1:] if argv is None else argv)
    out = resolve_path(args.out)
    if any(not name.isidentifier() for name in args.without):
        print("error: --without takes a top-level package name (e.g. torch)", file=sys.stderr)
        return 2
    seconds: dict[str, list[float]] = {"ours": [], "presidio": []}
    cpu: dict[str, list[float]] = {"ours": [], "presidio": []}
    try:
        for i in range(args.runs):
            for name, cmd in commands(args.text, args.without).items():
                wall, used = timed(cmd, args.timeout)
                seconds[name].append(wall)
                cpu[name].append(used)
                print(f"run {i + 1}/{args.runs} {name:<9} {wall:.2f} s ({used:.2f} s CPU)", file=sys.stderr)
    except (DataError, subprocess.TimeoutExpired) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report = {
        "text_chars": len(args.text),
        "runs": args.runs,
        "without": list(args.without),
        **summarize(seconds, cpu),
    }
    write_private(out / "report.json", (json.dumps(report, indent=2) + "\n").encode("utf-8"))
    write_run_info(out, "eval.startup_bench", argv_list)
    print(
        f"start-up median: ours {report['ours']['median_s']} s, Presidio {report['presidio']['median_s']} s "
        f"(ratio {report.get('ratio_ours_over_presidio')}; CPU ratio {report.get('cpu_ratio_ours_over_presidio')}); "
        f"report -> {out / 'report.json'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
