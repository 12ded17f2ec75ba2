"""PDT_REQUIRE_ALL=1 (the README's test command, CI): a missing component or a skipped test fails the
run, naming it; without it the same test skips.  Each case runs pytest in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from configs.settings import REPO_ROOT

SKIPPING = """
import pytest
from tests.require_all import require

def test_needs_a_component():
    require("frobnicator", "Debian package frobnicator")

def test_skips_for_another_reason():
    pytest.skip("no reason at all")

def test_passes():
    assert True
"""


def _pytest(args: list[str], env: dict[str, str], plugin: bool = True) -> subprocess.CompletedProcess[str]:
    """pytest in a subprocess; ``plugin``: load tests.require_all (tests/conftest.py does it itself)."""
    plugins = ["-p", "tests.require_all"] if plugin else []
    return subprocess.run(
        [sys.executable, "-m", "pytest", *plugins, "-p", "no:cacheprovider", *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _env(require_all: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PDT_REQUIRE_ALL"}
    if require_all:
        env["PDT_REQUIRE_ALL"] = "1"
    return env


def test_a_missing_component_fails_the_run_and_names_it(tmp_path: Path) -> None:
    (tmp_path / "test_skipping.py").write_text(SKIPPING, encoding="utf-8")
    args = [str(tmp_path / "test_skipping.py"), "--rootdir", str(tmp_path), "-q", "-rA"]
    on = _pytest(args, _env(True))
    assert on.returncode == 1, on.stdout[-3000:]
    assert "frobnicator is missing: Debian package frobnicator (PDT_REQUIRE_ALL=1" in on.stdout
    assert "SKIPPED" in on.stdout and "no reason at all" in on.stdout  # the catch-all names every skip
    assert "1 failed, 1 passed, 1 skipped" in on.stdout
    # the control: the guard off, the same tests skip and the run passes
    off = _pytest(args, _env(False))
    assert off.returncode == 0, off.stdout[-3000:]
    assert "1 passed, 2 skipped" in off.stdout


@pytest.mark.integration
def test_redis_hidden_from_path_fails_the_sessions_tests() -> None:
    """The acceptance case: ``redis-server`` not on PATH under PDT_REQUIRE_ALL=1."""
    env = _env(True)
    env["PATH"] = str(Path(sys.executable).parent)  # the venv's bin: python, no redis-server
    done = _pytest(["tests/test_sessions.py", "--run-all", "-k", "redis", "-x"], env, plugin=False)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "redis-server is missing" in done.stdout
    assert "marker integration needs: redis-server (Debian package redis-server) [MISSING]" in done.stdout
