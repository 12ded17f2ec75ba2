"""Fault injection, on loopback: the provider, the session store (Redis), the egress ledger and the
local model fail in the middle of a turn.  For every fault:

(a) the client gets a clear error of the one error format (status and type; in a stream that has
    begun, the error event before ``[DONE]``);
(b) nothing raw leaves: not in any request the provider received, the error bodies, the server
    log or the ledger;
(c) the session's map is intact: the value the failed turn brought was stored before anything
    left, and the next turn of the same session restores every earlier placeholder, numbered as
    before (the provider quotes them, the client gets the real values back);
(d) other sessions are served (concurrently where the fault allows, or right after it).

Bounded: every client call has a timeout (``CLIENT_S``), every wait goes through
:func:`tests.polling.wait_until` (no test sleeps), and what a test starts (a Redis server, a stub
local model) it stops.  The failures the provider already answers with are covered for their
status in ``tests/test_serve.py``; here each fault is followed through (c) and (d).  Values are
invented.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import pytest

from configs.settings import load_settings
from local_model.boundary.ledger import EgressLedger, request_hash
from local_model.minimization.sessions import open_store
from local_model.minimization.vault import new_key, server_key
from pipelines.serve.app import create_app
from pipelines.serve.auth import KeyRing
from pipelines.serve.service import ServeService
from signatures.errors import EgressLedgerError
from tests.conftest import free_port
from tests.curious_provider import CuriousProvider, placeholder_reply
from tests.polling import wait_until
from tests.serve_helpers import (
    KEY_A,
    KEY_B,
    PLACEHOLDER,
    acall,
    auth,
    chat_body,
    provider_user_texts,
    reply_text,
    running_service,
    serve_models,
    sse_events,
)

NAME = "Amelia Pemberton"
PHONE = "+44 7700 900456"
EMAIL = "amelia.pemberton@example.org"
TICKET = f"Hello, my name is {NAME} and my line {PHONE} has had no signal since Monday."
FOLLOW_UP = f"Still nothing. You can write to me at {EMAIL}."
OTHER_NAME = "Harry Fairclough"
OTHER_PHONE = "+44 7700 900777"
OTHER = f"I am {OTHER_NAME}, my line {OTHER_PHONE} is dead."
RAW = (NAME, "Pemberton", PHONE, "900456", EMAIL, OTHER_NAME, "Fairclough", OTHER_PHONE, "900777")
#: the longest any client call of these tests may take
CLIENT_S = 60.0
#: what the provider answers on the turn after a fault: the placeholders of both earlier turns
RECOVERY = "Noted: <PERSON_1>, <PHONE_1> and <EMAIL_1>."
RECOVERED = f"Noted: {NAME}, {PHONE} and {EMAIL}."


def recovery_reply(body: dict[str, Any]) -> str:
    return json.dumps({"response": RECOVERY})


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def provider() -> Iterator[CuriousProvider]:
    with CuriousProvider(reply=placeholder_reply) as p:
        yield p


@pytest.fixture(scope="module")
def service(provider: CuriousProvider, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeService]:
    with running_service(provider, tmp_path_factory.mktemp("faults")) as svc:
        yield svc


def _reset(provider: CuriousProvider) -> None:
    provider.reset()
    provider.reply, provider.chunk_chars, provider.cut_after = placeholder_reply, 8, 6
    provider.delay_s, provider.hang_s = 0.0, 30.0


def capture_server_log(caplog: pytest.LogCaptureFixture) -> None:
    """Capture what the server logs at its most verbose (``--log-level debug``: everything at DEBUG,
    the HTTP clients' per-call lines at WARNING, as ``pipelines.serve.runner`` sets them)."""
    caplog.set_level(logging.DEBUG)
    for noisy in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx", "httpcore"):
        caplog.set_level(logging.WARNING, logger=noisy)


@pytest.fixture
def app(service: ServeService, provider: CuriousProvider, caplog: pytest.LogCaptureFixture) -> Iterator[Any]:
    capture_server_log(caplog)
    _reset(provider)
    yield create_app(service)
    _reset(provider)


# ------------------------------------------------------------------ helpers


async def _acall(app: Any, method: str, url: str, **kwargs: Any) -> httpx.Response:
    return await asyncio.wait_for(acall(app, method, url, **kwargs), CLIENT_S)


def _call(app: Any, method: str, url: str, **kwargs: Any) -> httpx.Response:
    return asyncio.run(_acall(app, method, url, **kwargs))


def _headers(sid: str | None) -> dict[str, str]:
    return auth() if sid is None else auth(X_Session_Id=sid)


def post(app: Any, body: dict[str, Any], sid: str | None = None) -> httpx.Response:
    return _call(app, "POST", "/v1/chat/completions", json=body, headers=_headers(sid))


async def apost(app: Any, body: dict[str, Any], sid: str | None = None) -> httpx.Response:
    return await _acall(app, "POST", "/v1/chat/completions", json=body, headers=_headers(sid))


async def off_loop(fn: Any, *args: Any) -> Any:
    """A blocking call (a wait, a kill) from a coroutine, without stopping its event loop."""
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def stored_map(service: ServeService, sid: str) -> dict[str, tuple[str, str]]:
    """The session's map as stored: marker -> (type, value)."""
    state = service.store.load(sid, service.keyring.owner(f"Bearer {KEY_A}")).pmap.to_state()
    return {marker: (label, value) for marker, label, value in state["reverse"]}


def first_turn(app: Any, service: ServeService) -> tuple[str, str, dict[str, tuple[str, str]]]:
    """A new session's first turn: (session id, the answer, the stored map)."""
    resp = post(app, chat_body(TICKET))
    assert resp.status_code == 200, resp.text
    answer = reply_text(resp.json())
    assert NAME in answer and not PLACEHOLDER.search(answer)
    before = stored_map(service, resp.headers["X-Session-Id"])
    assert before["<PERSON_1>"] == ("PERSON", NAME) and before["<PHONE_1>"] == ("PHONE", PHONE)
    return resp.headers["X-Session-Id"], answer, before


def second_turn(answer: str, stream: bool = False) -> dict[str, Any]:
    """The turn that meets the fault (and, sent again, the turn after it): it brings a new value."""
    return chat_body(TICKET, answer, FOLLOW_UP, stream=stream)


def error_of(resp: httpx.Response, stream: bool) -> dict[str, Any]:
    """The error of a failed turn: the body's, or the event that ends a stream before ``[DONE]``."""
    if not stream:
        body = resp.json()
        assert set(body) == {"error"}, body
        return dict(body["error"])
    assert resp.status_code == 200 and resp.headers["content-type"].startswith("text/event-stream")
    events = sse_events(resp.text)
    assert events[-1] == "[DONE]", events[-3:]
    errors = [e for e in events if isinstance(e, dict) and "error" in e]
    finished = [e["choices"][0]["finish_reason"] for e in events if isinstance(e, dict) and "choices" in e]
    assert errors, f"the stream ended without an error event: {reply_text(resp.text)!r}, finish {finished[-1]!r}"
    assert errors[-1] is events[-2], events[-3:]  # the error ends the stream
    assert not any(finished), finished  # and nothing says it finished
    return dict(errors[-1]["error"])


def assert_error(resp: httpx.Response, stream: bool, status: int, kind: str) -> dict[str, Any]:
    err = error_of(resp, stream)
    assert err["type"] == kind and err["code"] == status and err["message"], err
    if not stream:
        assert resp.status_code == status
        if status in (429, 503):
            assert int(resp.headers["Retry-After"]) >= 1
    return err


def assert_map_kept(service: ServeService, sid: str, before: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """Every earlier entry under its marker, and the failed turn's new value, stored before anything left."""
    after = stored_map(service, sid)
    assert {marker: after.get(marker) for marker in before} == before  # nothing lost, nothing renumbered
    assert after["<EMAIL_1>"] == ("EMAIL", EMAIL)
    return after


def assert_recovers(
    app: Any,
    service: ServeService,
    provider: CuriousProvider,
    sid: str,
    answer: str,
    kept: dict[str, tuple[str, str]],
    expected: str = RECOVERED,
) -> None:
    """The failed turn sent again: the provider quotes the placeholders of both turns and the
    client reads the real values; the map is the same (same markers, nothing added)."""
    provider.reply = recovery_reply
    before = len(provider.requests)
    try:
        resp = post(app, second_turn(answer), sid)
    finally:
        provider.reply = placeholder_reply
    assert resp.status_code == 200, resp.text
    assert reply_text(resp.json()) == expected
    sent = provider_user_texts(provider)[before:]
    assert len(sent) == 1
    markers = set(PLACEHOLDER.findall(sent[0]))
    assert {"<PERSON_1>", "<EMAIL_1>"} <= markers <= set(kept), markers  # numbered as before
    assert stored_map(service, sid) == kept


def assert_other_session_served(app: Any, expected_prefix: str = "") -> None:
    resp = post(app, chat_body(OTHER))
    assert resp.status_code == 200, resp.text
    answer = reply_text(resp.json())
    assert answer.startswith(expected_prefix) and OTHER_NAME in answer and NAME not in answer


def assert_nothing_raw(
    provider: CuriousProvider, service: ServeService, caplog: pytest.LogCaptureFixture, *bodies: str
) -> None:
    """No invented value in what the provider received, the given error bodies, the log or the ledger."""
    ledger = service.assistant.ledger.path
    places = {
        "provider": provider.text(),
        "log": caplog.text,
        "ledger": ledger.read_text(encoding="utf-8") if ledger.exists() else "",
        **{f"error body {i}": body for i, body in enumerate(bodies)},
    }
    for where, text in places.items():
        found = [value for value in RAW if value in text]
        assert not found, f"{found} in the {where}"


def assert_settled(service: ServeService) -> None:
    """No request in flight, and every request the gate recorded before sending has its outcome."""
    wait_until(lambda: service.concurrency.inflight == 0, 30, "no request in flight")
    wait_until(
        lambda: not [r for r in service.assistant.ledger.read() if r["status"] == "sending"],
        30,
        "the outcome of every request that left, in the ledger",
    )


# ------------------------------------------------------------------ the provider


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize("mode", ["drop", "garbage", "malformed", "429", "500"])
def test_a_failing_provider_costs_one_turn_and_nothing_else(
    app: Any,
    provider: CuriousProvider,
    service: ServeService,
    caplog: pytest.LogCaptureFixture,
    mode: str,
    stream: bool,
) -> None:
    """drop: the connection is cut mid-answer (streamed, after some chunks were released);
    garbage: 200 with an HTML page; malformed: 200 with cut-off JSON; 429 / 500."""
    sid, answer, before = first_turn(app, service)
    provider.cut_after = 16  # a streamed answer is cut after its placeholder went through
    sent = len(provider.requests)
    provider.set_mode(mode)
    try:
        resp = post(app, second_turn(answer, stream), sid)
    finally:
        provider.reset()
    assert len(provider.requests) - sent == 1  # sent once, never retried
    err = assert_error(resp, stream, 502, "upstream_error")
    assert "external" in err["message"]
    if stream and mode == "drop":
        released = reply_text(resp.text)
        assert released.startswith("Thank you") and not PLACEHOLDER.search(released)
    kept = assert_map_kept(service, sid, before)
    assert_recovers(app, service, provider, sid, answer, kept)
    assert_other_session_served(app)
    assert_settled(service)
    assert_nothing_raw(provider, service, caplog, json.dumps(err))


def test_a_provider_stalling_mid_stream_past_the_deadline(
    app: Any,
    provider: CuriousProvider,
    service: ServeService,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stream has begun, then the provider sends nothing more: the stream ends with the
    deadline's error event; a session served meanwhile is not held up."""
    sid, answer, before = first_turn(app, service)
    monkeypatch.setattr(service.config, "request_timeout_s", 6.0)
    provider.cut_after = 4
    provider.set_mode("stall")
    sent = len(provider.requests)

    async def meanwhile() -> tuple[httpx.Response, httpx.Response]:
        stalled = asyncio.create_task(apost(app, second_turn(answer, stream=True), sid))
        await off_loop(wait_until, provider.stalled.is_set, 30, "the provider to stall mid-stream")
        provider.set_mode("ok")  # the stalled answer stays stalled; new requests are answered
        other = await apost(app, chat_body(OTHER))
        return await stalled, other

    resp, other = asyncio.run(meanwhile())
    provider.reset()  # the stalled answer goes on, to a client that is gone
    monkeypatch.undo()  # the usual deadline again
    assert other.status_code == 200 and OTHER_NAME in reply_text(other.json())
    assert len(provider.requests) - sent == 2
    err = assert_error(resp, True, 504, "timeout")
    assert reply_text(resp.text).startswith("Thank")  # the stream had begun
    assert_settled(service)
    kept = assert_map_kept(service, sid, before)
    assert_recovers(app, service, provider, sid, answer, kept)
    assert_nothing_raw(provider, service, caplog, json.dumps(err))


# ------------------------------------------------------------------ the egress ledger


def _fd_path(fd: int) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""


@contextlib.contextmanager
def ledger_fails(path: Path, code: int) -> Iterator[None]:
    """Writing the ledger fails as on a full (``ENOSPC``: ``os.write`` on its file) or read-only
    (``EROFS``: opening it for writing) file system; every other file works.  Injected, because
    the tests run as root: file modes cannot make a write fail."""
    target = os.path.realpath(path)
    real_write, real_open = os.write, os.open

    def write(fd: int, data: Any) -> int:
        if _fd_path(fd) == target:
            raise OSError(code, os.strerror(code))
        return real_write(fd, data)

    def open_(file: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR) and os.path.realpath(file) == target:
            raise OSError(code, os.strerror(code), str(file))
        return real_open(file, flags, mode, dir_fd=dir_fd)

    with mock.patch.object(os, "write", write) if code == errno.ENOSPC else mock.patch.object(os, "open", open_):
        yield


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS], ids=["ENOSPC", "EROFS"])
def test_a_ledger_that_cannot_be_written_stops_the_request(
    app: Any,
    provider: CuriousProvider,
    service: ServeService,
    caplog: pytest.LogCaptureFixture,
    code: int,
    stream: bool,
) -> None:
    """Fail closed: a request whose ledger record cannot be written is not sent (503 naming the
    ledger), for every session while the fault lasts; the ledger holds no half-written line."""
    sid, answer, before = first_turn(app, service)
    ledger = service.assistant.ledger.path
    written = ledger.read_bytes()
    sent = len(provider.requests)
    with ledger_fails(ledger, code):
        resp = post(app, second_turn(answer, stream), sid)
        other = post(app, chat_body(OTHER))
    assert len(provider.requests) == sent  # nothing left
    assert ledger.read_bytes() == written
    err = assert_error(resp, stream, 503, "service_unavailable")
    assert "ledger" in err["message"] and errno.errorcode[code] in err["message"]
    assert "ledger" in assert_error(other, False, 503, "service_unavailable")["message"]
    kept = assert_map_kept(service, sid, before)
    assert_recovers(app, service, provider, sid, answer, kept)  # the fault cleared: served again
    assert_other_session_served(app)
    assert_settled(service)
    assert_nothing_raw(provider, service, caplog, json.dumps(err), other.text)


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_a_ledger_filling_up_while_a_request_is_out_keeps_its_write_ahead_record(
    app: Any,
    provider: CuriousProvider,
    service: ServeService,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    stream: bool,
) -> None:
    """The disk fills after the request was recorded and sent: the answer is delivered, the
    outcome that cannot be written is logged (no values), and the record written before sending
    stays as the evidence of what left."""
    ledger = EgressLedger(tmp_path / "ledger.jsonl")  # this test's own: it ends with a request left open
    monkeypatch.setattr(service.assistant, "ledger", ledger)
    monkeypatch.setattr(service.assistant.gate, "ledger", ledger)
    sid, answer, before = first_turn(app, service)
    provider.set_mode("hold")

    async def fill_up_while_out() -> httpx.Response:
        turn = asyncio.create_task(apost(app, second_turn(answer, stream), sid))
        await off_loop(wait_until, provider.stalled.is_set, 30, "the request to reach the provider")
        with ledger_fails(ledger.path, errno.ENOSPC):
            provider.release.set()
            return await turn

    resp = asyncio.run(fill_up_while_out())
    provider.reset()
    assert resp.status_code == 200, resp.text
    text = reply_text(resp.text if stream else resp.json())
    assert text.startswith("Thank you") and EMAIL in text
    left = request_hash(provider.messages()[-1])
    records = ledger.read()
    assert records[-1]["status"] == "sending" and records[-1]["request_sha256"] == left
    assert "could not be recorded" in caplog.text and "ENOSPC" in caplog.text
    kept = assert_map_kept(service, sid, before)
    assert_recovers(app, service, provider, sid, answer, kept)
    assert [r["status"] for r in ledger.read()[-2:]] == ["sending", "sent"]  # the open one stays on record
    wait_until(lambda: service.concurrency.inflight == 0, 30, "no request in flight")
    assert_nothing_raw(provider, service, caplog)


def test_a_torn_ledger_write_is_cut_back(tmp_path: Path) -> None:
    """A disk that fills in the middle of a record: the part written is cut back off the file (no
    broken line), the error names the cause and neither the request nor the path."""
    ledger = EgressLedger(tmp_path / "ledger.jsonl")
    ledger.append({"status": "sent", "n": 1})
    written = ledger.path.read_bytes()
    target = os.path.realpath(ledger.path)
    real_write = os.write
    calls: list[int] = []

    def half_then_full(fd: int, data: Any) -> int:
        if _fd_path(fd) != target:
            return real_write(fd, data)
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with mock.patch.object(os, "write", half_then_full), pytest.raises(EgressLedgerError) as info:
        ledger.append({"status": "sending", "messages": [{"role": "user", "content": TICKET}]})
    assert len(calls) == 2  # the rest of the short write was tried, then the disk was full
    assert "ENOSPC" in str(info.value) and str(tmp_path) not in str(info.value) and NAME not in str(info.value)
    assert ledger.path.read_bytes() == written and ledger.read() == [{"status": "sent", "n": 1}]
    # a request whose outcome never came (the process died while it was out) stays on record
    ledger.append({"status": "sending", "ts": "t", "session": "s", "request_sha256": "h"})
    assert [r["status"] for r in ledger.read()] == ["sent", "sending"]
    ledger.append({"status": "failed", "ts": "t", "session": "s", "request_sha256": "h"})
    assert [r["status"] for r in ledger.read()] == ["sent", "failed"]
    assert [r["status"] for r in ledger.read(raw=True)] == ["sent", "sending", "failed"]


# ------------------------------------------------------------------ the session store (Redis)


class RedisServer:
    """A ``redis-server`` of one test on 127.0.0.1 and a free port, with its append-only file
    fsynced on every write (``--appendfsync always``): killed and started again, it has every
    session it had."""

    def __init__(self, data_dir: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed (scripts/install.sh installs it)")
        self.binary = binary
        self.dir = data_dir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.dir), "--save", "",
             "--appendonly", "yes", "--appendfsync", "always", "--protected-mode", "yes", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_until(self.answers, 30, "redis-server to answer")

    def answers(self) -> bool:
        import redis

        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"redis-server exited with {self.proc.returncode}")
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=0.5, socket_timeout=0.5)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no shutdown, no last save
            self.proc.wait(timeout=30)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis")
    server.dir.mkdir()
    try:
        yield server
    finally:
        server.kill()


@pytest.mark.integration
@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_redis_killed_mid_turn_and_restarted_loses_nothing(
    app: Any,
    provider: CuriousProvider,
    service: ServeService,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    redis_server: RedisServer,
    stream: bool,
) -> None:
    """Redis is killed while a turn waits for the provider: the turn ends cleanly (its answer, or
    503); while Redis is down every turn is a 503 and nothing is sent; started again (its
    append-only file kept every write) the session goes on with its map as it was."""
    redis_server.start()
    config = service.config
    store = open_store(
        redis_server.url,
        None,
        ttl_s=config.session_ttl_s,
        max_entries=config.max_map_entries,
        max_sessions=config.max_sessions,
        handoff_ttl_s=config.handoff_ttl_s,
    )
    monkeypatch.setattr(service, "store", store)
    try:
        sid, answer, before = first_turn(app, service)
        provider.set_mode("hold")
        sent = len(provider.requests)

        async def kill_mid_turn() -> tuple[httpx.Response, dict[str, tuple[str, str]]]:
            turn = asyncio.create_task(apost(app, second_turn(answer, stream), sid))
            await off_loop(wait_until, provider.stalled.is_set, 30, "the turn to reach the provider")
            kept = await off_loop(stored_map, service, sid)  # stored before the request left
            await off_loop(redis_server.kill)
            provider.release.set()
            return await turn, kept

        resp, kept = asyncio.run(kill_mid_turn())
        provider.reset()
        if stream:  # the answer was complete before the store was needed again
            assert resp.status_code == 200 and sse_events(resp.text)[-1] == "[DONE]"
            assert reply_text(resp.text).startswith("Thank you") and EMAIL in reply_text(resp.text)
        elif resp.status_code != 200:
            assert_error(resp, False, 503, "service_unavailable")

        down = post(app, second_turn(answer), sid)
        assert_error(down, False, 503, "service_unavailable")
        fresh = post(app, chat_body(OTHER))
        assert_error(fresh, False, 503, "service_unavailable")
        ready = _call(app, "GET", "/readyz")
        assert ready.status_code == 503 and ready.json()["checks"]["session_store"] is False
        assert len(provider.requests) - sent == 1  # nothing was sent while the store was down

        redis_server.start()
        assert kept == assert_map_kept(service, sid, before)  # the restart lost nothing
        assert_recovers(app, service, provider, sid, answer, kept)
        assert_other_session_served(app)
        assert_settled(service)
        bodies = [down.text, fresh.text] + ([] if stream or resp.status_code == 200 else [resp.text])
        assert_nothing_raw(provider, service, caplog, *bodies)
    finally:
        store.close()


# ------------------------------------------------------------------ the local model


def _field(content: str, name: str) -> str:
    m = re.search(rf"\[\[ ## {name} ## \]\]\n(.*?)(?:\n\n\[\[ ## |\n\nRespond with|\Z)", content, re.S)
    return m.group(1).strip() if m else ""


def stub_local_reply(body: dict[str, Any]) -> str:
    """The stub local model: the crafter passes the minimized query on as the request, the
    aggregator answers with the external answer (restored, inside the boundary)."""
    content = str(body["messages"][-1]["content"])
    fields = body["response_format"]["json_schema"]["schema"]["required"]
    made = {"external_request": _field(content, "user_query")}
    made["final_answer"] = "From our team: " + _field(content, "external_response")
    return json.dumps({name: made.get(name, "noted") for name in fields})


@pytest.fixture(scope="module")
def papillon(
    provider: CuriousProvider, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServeService, CuriousProvider]]:
    """A service of the papillon architecture whose local model is a stub on loopback."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PDT_MAP_KEY", new_key())
    tmp = tmp_path_factory.mktemp("papillon")
    with CuriousProvider(reply=stub_local_reply, model="stub") as local:
        models = serve_models(provider, f"sqlite:///{tmp / 'sessions.db'}", architecture="papillon")
        stub = models.local.model_copy(update={"api_base": local.api_base, "model": "openai/stub"})
        models = models.model_copy(update={"local": stub})
        keyring = KeyRing([KEY_A, KEY_B], server_key())
        svc = ServeService(models, load_settings(environ={}), keyring, ledger_path=tmp / "ledger.jsonl")
        try:
            yield svc, local
        finally:
            svc.close()
            mp.undo()


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_a_local_model_dying_mid_request(
    papillon: tuple[ServeService, CuriousProvider],
    provider: CuriousProvider,
    caplog: pytest.LogCaptureFixture,
    stream: bool,
) -> None:
    """The local model cuts its connection mid-answer: unstreamed, on the first call (the
    crafter: nothing reaches the provider); streamed, in the middle of the final answer (after
    the provider answered).  A 503 naming the local model; the next turns are served."""
    service, local = papillon
    capture_server_log(caplog)
    _reset(provider)
    local.reset()
    app = create_app(service)
    sid, answer, before = first_turn(app, service)
    sent = len(provider.requests)
    local.cut_after, local.streams_only = 3, stream
    local.set_mode("drop")
    try:
        resp = post(app, second_turn(answer, stream), sid)
    finally:
        local.reset()
    err = assert_error(resp, stream, 503, "service_unavailable")
    assert "local model" in err["message"]
    assert len(provider.requests) - sent == (1 if stream else 0)
    kept = assert_map_kept(service, sid, before)
    assert_recovers(app, service, provider, sid, answer, kept, "From our team: " + RECOVERED)
    assert_other_session_served(app, "From our team: ")
    assert_settled(service)
    assert_nothing_raw(provider, service, caplog, json.dumps(err))
