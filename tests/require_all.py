"""No test passes by skipping where every component is required (a pytest plugin).

With ``PDT_REQUIRE_ALL=1`` (set by ``scripts/test.sh``, the README's test command and CI):

- a fixture that finds a component missing (``redis-server``, Chromium, ``../shared/datasets``)
  fails the test with the component's name instead of skipping it (:func:`require`);
- any test that still ends skipped, for any reason, fails the run: the summary lists each one with
  its reason and the exit status is 1.

Without it (a local ``pytest``), a missing component skips with the same message.  The header of
every run lists what each marker needs and whether this machine has it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from typing import NoReturn

import pytest

ENV = "PDT_REQUIRE_ALL"


def required() -> bool:
    return os.environ.get(ENV) == "1"


def require(component: str, how: str) -> NoReturn:
    """A component a test needs is missing: fail under ``PDT_REQUIRE_ALL=1``, else skip."""
    message = f"{component} is missing: {how}"
    if required():
        pytest.fail(f"{message} ({ENV}=1: a missing component fails the run)", pytrace=False)
    pytest.skip(message)


def _data_dir() -> Path:
    from configs.settings import load_settings

    return load_settings(environ={}).data_path()


def components() -> dict[str, list[tuple[str, bool]]]:
    """marker -> [(component, present)]: what each marker's tests need beyond the Python packages."""
    return {
        "integration": [
            ("redis-server (Debian package redis-server)", shutil.which("redis-server") is not None),
            ("vLLM's CPU build (extra `local`)", importlib.util.find_spec("vllm") is not None),
            ("Ray Data (extra `scale`)", importlib.util.find_spec("ray") is not None),
            ("the embedding model (extra `embed`)", importlib.util.find_spec("sentence_transformers") is not None),
        ],
        "browser": [
            ("chromium (Debian package chromium)", shutil.which("chromium") is not None),
            ("chromedriver (Debian package chromium-driver)", shutil.which("chromedriver") is not None),
        ],
        "data": [(f"the shared datasets ({_data_dir()}; PDT__DATA_DIR moves them)", _data_dir().is_dir())],
    }


def pytest_report_header(config: pytest.Config) -> list[str]:
    lines = [f"{ENV}={'1: a missing component or a skipped test fails the run' if required() else '0'}"]
    for marker, needs in components().items():
        listed = ", ".join(f"{name} [{'ok' if present else 'MISSING'}]" for name, present in needs)
        lines.append(f"marker {marker} needs: {listed}")
    return lines


_SKIPPED: list[tuple[str, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _SKIPPED.append((report.nodeid, reason))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if required() and _SKIPPED and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not (required() and _SKIPPED):
        return
    terminalreporter.section(f"{ENV}=1: skipped tests fail the run", red=True)
    for nodeid, reason in _SKIPPED:
        terminalreporter.write_line(f"SKIPPED {nodeid}: {reason}", red=True)
