"""A fresh interpreter for the tests that need one (import-time behaviour: hooks, start-up work)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from configs.settings import REPO_ROOT


def run_fresh(code: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -c code`` in a new interpreter at the repository root; it must exit 0 (the
    assertion shows the end of its stderr)."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def last_json(done: subprocess.CompletedProcess[str]) -> Any:
    """The JSON the code printed on its last line of output."""
    return json.loads(done.stdout.strip().splitlines()[-1])
