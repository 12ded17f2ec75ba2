"""The boundary rule at run time: answering tickets reaches the recording provider and the local
model, and no other address.

:class:`NetworkGuard` stands in every way Python opens a connection or asks for an address
(``socket.socket.connect`` / ``connect_ex`` / ``sendto``, ``socket.create_connection``,
``socket.getaddrinfo``, ``socket.gethostbyname(_ex)``): a destination that is not one of the test's
own loopback servers is refused (the call raises, before any packet or name lookup) and recorded.
The assistant answers tickets with invented personal data under it, in this process (both
architectures that call out: ``minimize_then_external`` and ``papillon``, whose local model is a
second recording server on loopback) and through the ticket CLI in a fresh interpreter whose guard is
installed before the first import (an import that phones home is caught too).  Any refused
attempt fails the test, even one the code under test swallowed.

The controls: the guard saw the allowed connections (it is in the path at all), and an assistant
pointed at another address (127.0.0.2, a host name) is refused and recorded, as is a raw socket.
"""

from __future__ import annotations

import inspect
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from configs.models import ModelsSettings, load_models
from configs.settings import REPO_ROOT
from local_model.detection.hybrid import HybridDetector
from pipelines.assistant import SupportAssistant
from signatures.errors import ModelCallError
from tests.curious_provider import CuriousProvider
from tests.network_guard import NetworkGuard

TICKETS = [
    "Hi, I am Oliver Whitaker. My line +44 7700 900123 has had no signal since Monday; please write to "
    "oliver.whitaker@example.org when it is fixed.",
    "Hola, soy Lucía Fernández, DNI 12345678Z. Cambiad la domiciliación al IBAN ES91 2100 0418 4502 0005 1332; "
    "mi móvil es el +34 612 345 678.",
    "Hello, this is Amelia Pemberton from 14 Harbour Row, Leeds. My router shows error 0x80070057 since the "
    "update; can someone call me on +44 7700 900456?",
]
RAW = ("Whitaker", "900123", "oliver.whitaker", "Fernández", "12345678Z", "ES91", "0005 1332",
       "612 345 678", "Pemberton", "Harbour Row", "900456")  # fmt: skip


def _field(body: dict[str, Any], name: str) -> str:
    content = str(body["messages"][-1]["content"])
    return content.split(f"[[ ## {name} ## ]]", 1)[-1].split("[[ ##", 1)[0].strip()


def external_reply(body: dict[str, Any]) -> str:
    """The provider echoes the request (its placeholders come back to be restored)."""
    return json.dumps({"response": "Noted: " + _field(body, "request")[:300]})


def local_reply(body: dict[str, Any]) -> str:
    """The local model of ``papillon``: crafts the minimized query as the request, then answers."""
    return json.dumps({"external_request": _field(body, "user_query"), "final_answer": "Thanks, we are on it."})


def _loopback(api_base: str) -> tuple[str, int]:
    from urllib.parse import urlsplit

    parts = urlsplit(api_base)
    assert parts.hostname == "127.0.0.1" and parts.port, api_base
    return parts.hostname, parts.port


def _models(external: str, local: str) -> ModelsSettings:
    models = load_models(environ={})
    ext = models.external.model_copy(update={"model": "openai/curious", "api_base": external, "stand_in": False})
    loc = models.local.model_copy(update={"model": "openai/local", "api_base": local})
    return models.model_copy(update={"external": ext, "local": loc})


@pytest.fixture
def servers() -> Iterator[tuple[CuriousProvider, CuriousProvider]]:
    """The external provider and the local model, both recording servers on loopback."""
    external, local = CuriousProvider(reply=external_reply), CuriousProvider(reply=local_reply)
    with external, local:
        yield external, local


def _guard(monkeypatch: pytest.MonkeyPatch, *api_bases: str) -> NetworkGuard:
    guard = NetworkGuard(_loopback(a) for a in api_bases)
    guard.install(monkeypatch.setattr)
    return guard


# ------------------------------------------------------------------ in this process


@pytest.mark.parametrize("architecture", ["minimize_then_external", "papillon"])
def test_the_assistant_reaches_the_provider_and_the_local_model_only(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    detector: HybridDetector,
    servers: tuple[CuriousProvider, CuriousProvider],
    architecture: str,
) -> None:
    external, local = servers
    assert all(v in "\n".join(TICKETS) for v in RAW)  # the check below is not empty by accident
    guard = _guard(monkeypatch, external.api_base, local.api_base)  # before the assistant is built
    assistant = SupportAssistant(
        _models(external.api_base, local.api_base), architecture=architecture, ledger_path=tmp_path / "ledger"
    )
    answers = [assistant.answer(ticket, "general_question") for ticket in TICKETS]
    assert guard.refused == []
    assert all(a.text for a in answers)
    assert len(external.requests) == len(TICKETS)
    assert guard.passed, "the guard saw no connection: it is not in the path"
    if architecture == "papillon":
        assert local.requests, "papillon's local model was never asked"
    sent = json.dumps(external.requests, ensure_ascii=False)
    assert [v for v in RAW if v in sent] == []


def test_the_guard_refuses_and_records_any_other_destination(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, detector: HybridDetector, servers: tuple[CuriousProvider, ...]
) -> None:
    """The positive control: the same guard catches an assistant pointed elsewhere, and raw sockets."""
    external, local = servers
    guard = _guard(monkeypatch, external.api_base, local.api_base)
    for api_base, seen in (
        ("http://127.0.0.2:9/v1", "127.0.0.2:9"),  # loopback too, but not ours
        (f"http://127.0.0.1:{_loopback(external.api_base)[1] + 1}/v1", "127.0.0.1:"),  # our host, another port
        ("http://provider.example.invalid/v1", "provider.example.invalid:"),  # refused before any lookup
    ):
        guard.refused.clear()
        assistant = SupportAssistant(
            _models(api_base, local.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l"
        )
        with pytest.raises(ModelCallError):
            assistant.answer(TICKETS[0], "general_question")
        assert guard.refused and all(seen in r for r in guard.refused), (api_base, guard.refused)
    guard.refused.clear()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.2", 9), timeout=1)
    with socket.socket() as raw, pytest.raises(ConnectionRefusedError):
        raw.connect(("203.0.113.7", 443))
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp, pytest.raises(ConnectionRefusedError):
        udp.sendto(b"x", ("203.0.113.7", 53))
    with pytest.raises(ConnectionRefusedError):
        socket.getaddrinfo("example.com", 443)
    assert len(guard.refused) == 4
    assert external.requests == []  # nothing reached the provider on any of these paths


# ------------------------------------------------------------------ the ticket CLI, guarded from its first import

_SITECUSTOMIZE = """\
from __future__ import annotations

import atexit
import json
import os
import socket
import threading
from collections.abc import Callable, Iterable
from typing import Any

{guard}

_guard = NetworkGuard(tuple(pair) for pair in json.loads(os.environ["PDT_TEST_NET_ALLOWED"]))
_guard.install(setattr)


def _report() -> None:
    with open(os.environ["PDT_TEST_NET_REPORT"], "w", encoding="utf-8") as fh:
        json.dump({{"refused": _guard.refused, "passed": len(_guard.passed)}}, fh)


atexit.register(_report)
"""


@pytest.mark.integration  # a fresh interpreter (imports and models: ~5-15 s): out of the quick loop
def test_the_ticket_cli_reaches_nothing_else_from_its_first_import(
    tmp_path: Path, servers: tuple[CuriousProvider, CuriousProvider]
) -> None:
    external, local = servers
    boot = tmp_path / "boot"
    boot.mkdir()
    (boot / "sitecustomize.py").write_text(_SITECUSTOMIZE.format(guard=inspect.getsource(NetworkGuard)))
    tickets = tmp_path / "tickets.jsonl"
    tickets.write_text("".join(json.dumps({"id": n, "text": t}) + "\n" for n, t in enumerate(TICKETS[:2])))
    report, out = tmp_path / "net.json", tmp_path / "out"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(boot), str(REPO_ROOT)]),
        "PDT_TEST_NET_ALLOWED": json.dumps([_loopback(external.api_base), _loopback(local.api_base)]),
        "PDT_TEST_NET_REPORT": str(report),
        "PDT_MODELS__ASSISTANT__ARCHITECTURE": "papillon",
        "PDT_MODELS__EXTERNAL__MODEL": "openai/curious",
        "PDT_MODELS__EXTERNAL__API_BASE": external.api_base,
        "PDT_MODELS__EXTERNAL__STAND_IN": "false",
        "PDT_MODELS__LOCAL__MODEL": "openai/local",
        "PDT_MODELS__LOCAL__API_BASE": local.api_base,
    }
    argv = [
        sys.executable,
        "-m",
        "pipelines.support_assistant",
        "--tickets",
        str(tickets),
        "--out",
        str(out),
        "--quiet",
    ]
    done = subprocess.run(argv, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert report.is_file(), f"the guard was not installed in the child:\n{done.stderr[-3000:]}"
    net = json.loads(report.read_text(encoding="utf-8"))
    assert net["refused"] == []
    assert done.returncode == 0, done.stderr[-3000:]
    answers = [json.loads(line) for line in (out / "answers.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [a.get("cause") for a in answers] == [None, None] and all(a["answer"] for a in answers)
    assert net["passed"] > 0 and len(external.requests) == 2 and local.requests
    sent = json.dumps(external.requests, ensure_ascii=False)
    assert [v for v in RAW if v in sent] == []
