"""Run metadata for every benchmark: ``run.json`` next to its results.

What ran (the command line as given), on which code (the short commit, ``+dirty`` when tracked
files differ from it), when (UTC) and where (cores, CPU model, memory, OS, Python), so a number
in a report can be traced to the run that produced it::

    {"benchmark": "eval.pii_bench",
     "command": "python -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy",
     "commit": "0fc3a7f+dirty", "date": "2025-01-31T12:00:00Z",
     "machine": "2 CPU cores (AMD EPYC 7B13), 7.8 GiB RAM, Linux 6.1.0, Python 3.11.7"}

Nothing here raises for a missing ``git`` or a copy that is no repository: the commit is then
``unknown``.  The file is written 0600 (:func:`local_model.files.write_private`).
"""

from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from configs.settings import REPO_ROOT
from local_model.files import write_private

RUN_INFO = "run.json"
UNKNOWN = "unknown"


def _git(*args: str, root: Path) -> str | None:
    """The stripped standard output of ``git ARGS`` in ``root``; None when it fails in any way."""
    try:
        done = subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, timeout=30, check=False, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_commit(root: Path | None = None) -> str:
    """The short HEAD hash of the repository at ``root`` (default: this project), ``+dirty`` when
    tracked files have changes; ``unknown`` without git or outside a repository."""
    where = REPO_ROOT if root is None else root
    commit = _git("rev-parse", "--short", "HEAD", root=where)
    if not commit:
        return UNKNOWN
    status = _git("status", "--porcelain", "--untracked-files=no", root=where)
    return f"{commit}+dirty" if status else commit


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                key, sep, value = line.partition(":")
                if sep and key.strip().lower() in ("model name", "hardware", "cpu model") and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def _ram_gib() -> float | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (AttributeError, OSError, ValueError):
        return None


def machine() -> str:
    """``N CPU cores (model), X GiB RAM, System release, Python 3.11.x``."""
    ram = _ram_gib()
    return ", ".join(
        [
            f"{os.cpu_count() or 1} CPU cores ({_cpu_model()})",
            f"{ram:.1f} GiB RAM" if ram is not None else "unknown RAM",
            f"{platform.system()} {platform.release()}".strip() or "unknown OS",
            f"Python {platform.python_version()}",
        ]
    )


def run_info(benchmark: str, argv: Sequence[str]) -> dict[str, str]:
    """The metadata of a run of ``python -m BENCHMARK ARGV`` on this machine now."""
    return {
        "benchmark": benchmark,
        "command": shlex.join(["python", "-m", benchmark, *argv]),
        "commit": git_commit(),
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": machine(),
    }


def write_run_info(out_dir: Path, benchmark: str, argv: Sequence[str]) -> Path:
    """Write ``out_dir/run.json`` (0600) for a run of ``python -m BENCHMARK ARGV``; its path."""
    path = Path(out_dir) / RUN_INFO
    text = json.dumps(run_info(benchmark, list(argv)), indent=2, ensure_ascii=False) + "\n"
    write_private(path, text.encode("utf-8"))
    return path


def read_run_info(out_dir: Path) -> dict[str, Any] | None:
    """The metadata a run left in ``out_dir``; None when there is none (or it is no JSON object)."""
    try:
        data = json.loads((Path(out_dir) / RUN_INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
