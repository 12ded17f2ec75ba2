"""Shared fixtures.  The hybrid detector loads spaCy and the gazetteers (~5 s): once per session.

Markers (``pyproject.toml``): ``integration`` (starts the local vLLM server or runs a real model),
``data`` (reads ../shared/datasets), ``browser`` (headless Chromium).  They are opt-in locally: a
plain ``pytest`` runs the unit tests only; ``pytest --run-all`` (what ``scripts/test.sh`` and CI
run) runs everything, and an explicit ``-m`` expression selects as usual (the quick loop is
``pytest -m "not integration"``).
"""

from __future__ import annotations

import asyncio
import copy
import os
import socket
import warnings
from collections.abc import Iterator
from pathlib import Path

import dspy
import pytest
from dspy.dsp.utils.settings import DEFAULT_CONFIG

from configs.settings import REPO_ROOT, load_settings
from local_model.detection.hybrid import HybridDetector

# PDT_REQUIRE_ALL=1 (scripts/test.sh, CI): a missing component or a skipped test fails the run; the
# plugin's hooks are registered as this conftest's own
from tests.require_all import (  # noqa: F401
    pytest_report_header,
    pytest_runtest_logreport,
    pytest_sessionfinish,
    pytest_terminal_summary,
    require,
)

OPT_IN = ("integration", "data", "browser")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-all", action="store_true", help="also run the integration, data and browser tests (what CI runs)"
    )


def pytest_configure(config: pytest.Config) -> None:
    # test modules read this at import (collection) time, e.g. to size property-based tests
    if config.getoption("--run-all"):
        os.environ["PDT_TEST_ALL"] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "vllm_server" in fixtures:
            item.add_marker(pytest.mark.integration)
        if "data_dir" in fixtures:
            item.add_marker(pytest.mark.data)
    if config.getoption("--run-all") or config.option.markexpr or os.environ.get("PDT_TEST_ALL") == "1":
        return
    for item in items:
        marks = [m for m in OPT_IN if item.get_closest_marker(m)]
        if marks:
            item.add_marker(
                pytest.mark.skip(reason=f"opt-in ({', '.join(marks)}): run with --run-all or select with -m")
            )


@pytest.fixture(autouse=True)
def _reset_dspy_settings() -> Iterator[None]:
    """Every test starts and ends with DSPy's default global settings (no LM, adapter or cache
    configured by an earlier test leaks into the next)."""
    dspy.settings.configure(**copy.deepcopy(DEFAULT_CONFIG))
    yield
    dspy.settings.configure(**copy.deepcopy(DEFAULT_CONFIG))


@pytest.fixture(autouse=True)
def _close_idle_event_loop() -> Iterator[None]:
    """litellm's service logger gives the main thread an event loop of its own on every sync call
    (``asyncio.get_event_loop()``) and never closes it; the next ``asyncio.run`` drops it, and its
    ResourceWarning surfaced, at garbage collection, in whichever test came next.  Each test ends
    with the main thread's idle loop closed and unset (litellm then runs its hook in ``asyncio.run``)."""
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            loop = asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError:  # none set (after set_event_loop(None), litellm then uses asyncio.run)
            return
    if not loop.is_running() and not loop.is_closed():
        loop.close()
    asyncio.set_event_loop(None)


@pytest.fixture(scope="session")
def detector() -> HybridDetector:
    return HybridDetector(load_settings(environ={}).detector)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    path = load_settings(environ={}).data_path()
    if not path.is_dir():
        require("the shared datasets", f"not found at {path} (PDT__DATA_DIR or data_dir in a config moves them)")
    return path


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Fail the test on any attempt to open a network connection (loopback included)."""
    attempts: list[object] = []

    def refuse(self: socket.socket, address: object) -> None:
        attempts.append(address)
        raise AssertionError(f"network access attempted: {address!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: refuse(None, a))  # type: ignore[arg-type]
    yield attempts


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis server on 127.0.0.1 and a free port, in memory only (``--save "" --appendonly
    no``), started for the test session and stopped after it.  Installs nothing: when
    ``redis-server`` is absent the test fails under ``PDT_REQUIRE_ALL=1`` and is skipped otherwise
    (``scripts/install.sh`` installs it as root)."""
    import shutil
    import subprocess

    from tests.polling import wait_until

    binary = shutil.which("redis-server")
    if binary is None:
        require("redis-server", "Debian package redis-server; scripts/install.sh installs it as root")
    port = free_port()
    proc = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no", "--protected-mode",
         "yes", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        import redis

        client = redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=0.5)

        def answers() -> bool:
            if proc.poll() is not None:
                pytest.fail(f"redis-server exited with {proc.returncode}")
            try:
                return bool(client.ping())
            except redis.ConnectionError:
                return False

        wait_until(answers, 30, "redis-server to answer PING", interval=0.05)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def vllm_server() -> Iterator[object]:
    """The local vLLM server (configs/models.yaml), started once per test session (~2-3 min on
    2 CPU cores) and stopped at the end; an already running healthy server is reused."""
    from local_model.serve import LocalModelServer
    from signatures.errors import LocalServerError

    server = LocalModelServer()
    try:
        server.start(progress=False)
    except LocalServerError as exc:
        pytest.fail(f"local vLLM server unavailable (pip install -e '.[local]'): {exc}")
    yield server
    server.stop()
