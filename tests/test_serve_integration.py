"""The served assistant as a real server process (``python -m pipelines.serve``) on loopback, the
external role at the curious provider.  Assertions read the provider's own record, the server's
log and the files on disk.  ``integration``: each server start loads the detectors (~15-30 s).
Values are invented; canaries come from ``pipelines.canary``.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from configs.settings import load_domain
from eval.assistant_bench import leaked_values
from eval.recording_provider import RecordingProvider
from eval.synthetic_tickets import SyntheticConversation, SyntheticTicket, conversations
from local_model.boundary.ledger import request_hash
from local_model.minimization.sessions import RedisSessionStore
from local_model.minimization.vault import new_key, server_key
from pipelines.canary import CanaryRegistry
from pipelines.serve.auth import KeyRing
from tests.curious_provider import CuriousProvider, placeholder_reply
from tests.polling import wait_until
from tests.serve_helpers import KEY_A, KEY_B, PLACEHOLDER, ServerProcess, sse_events, streamed_text

pytestmark = pytest.mark.integration

SESSIONS, TURNS = 30, 4
#: enough concurrency for every request of the tests that send one session's turns all at once
MANY = {"PDT_MODELS__SERVE__MAX_CONCURRENCY": "64"}
IDENTIFYING = ("PERSON", "PHONE", "EMAIL", "IBAN", "NATIONAL_ID")
#: invented people a session's turns name at once (names shaped like names: the detector has to
#: find each one for the test to see whether the shared map kept it)
COLLEAGUES = (
    "Oliver Bennett", "Amelia Clarke", "Harriet Doyle", "Samuel Fletcher", "Lucía Ferrer", "Marco Bianchi",
    "Rosa Delgado", "Tomás Iglesias", "Grace Holloway", "Edward Pryce", "Nadia Kowalski", "Felix Hartmann",
    "Irene Castillo", "Pablo Serrano", "Eleanor Voss", "Victor Lindqvist",
)  # fmt: skip


@pytest.fixture
def map_key(monkeypatch: pytest.MonkeyPatch) -> str:
    key = new_key()
    monkeypatch.setenv("PDT_MAP_KEY", key)
    return key


def _post(
    client: httpx.Client, url: str, messages: list[dict[str, str]], sid: str | None, stream: bool, key: str = KEY_A
) -> tuple[int, str, str | None, dict[str, Any]]:
    headers = {"Authorization": f"Bearer {key}", **({"X-Session-Id": sid} if sid else {})}
    resp = client.post(
        url + "/v1/chat/completions", json={"model": "s", "messages": messages, "stream": stream}, headers=headers
    )
    if resp.status_code != 200:
        return resp.status_code, "", sid, resp.json()
    if stream:
        events = sse_events(resp.text)
        last = [e for e in events if isinstance(e, dict)][-1]
        return 200, streamed_text(events), resp.headers.get("x-session-id"), last
    body = resp.json()
    return 200, body["choices"][0]["message"]["content"], resp.headers.get("x-session-id"), body


class HeldLastPiece:
    """The provider's streamed answers, each held before its last content piece until
    :meth:`release` (or ``hold_s``): while held, the answer is certainly still being generated,
    however slow the machine.  ``sent`` counts the content pieces sent (all answers), ``pieces``
    the pieces of the answer begun last."""

    def __init__(self, provider: RecordingProvider, monkeypatch: pytest.MonkeyPatch, hold_s: float = 60) -> None:
        self.sent = 0
        self.pieces = 0
        self.held = threading.Event()
        self._released = threading.Event()
        reply, event = provider.reply, provider.event
        assert reply is not None
        per_answer: dict[int, list[int]] = {}  # id(body) -> [pieces sent, pieces in all]

        def counting_reply(body: dict[str, Any]) -> str:
            content = reply(body)
            self.pieces = -(-len(content) // provider.chunk_chars)
            per_answer[id(body)] = [0, self.pieces]
            return content

        def held_event(body: dict[str, Any], delta: dict[str, Any], finish: str | None = None) -> bytes:
            if "content" in delta:
                count = per_answer.setdefault(id(body), [0, 0])
                if count[0] == count[1] - 1:
                    self.held.set()
                    self._released.wait(hold_s)
                count[0] += 1
                self.sent += 1
            return event(body, delta, finish)

        provider.reply = counting_reply
        monkeypatch.setattr(provider, "event", held_event)

    def release(self) -> None:
        self._released.set()


# ------------------------------------------------------------------ 30 sessions x 4 turns


def test_thirty_sessions_four_turns_streamed_and_not(tmp_path: Path, map_key: str) -> None:
    convs = conversations(SESSIONS, TURNS, seed=19)
    registry = CanaryRegistry(tmp_path / "canaries.json")
    canaries = [registry.issue("sessions", ("email",))[0].value for _ in convs]
    for conv, canary in zip(convs, canaries, strict=True):  # one canary per session, in its second turn
        conv.turns[1] += f" My old address {canary} is no longer in use."
    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", map_key) as server,
    ):
        answers: dict[int, list[str]] = {}
        failures: list[str] = []

        def play(i: int, conv: SyntheticConversation) -> None:
            history: list[dict[str, str]] = []
            sid = None
            with httpx.Client(timeout=120) as client:
                for k, text in enumerate(conv.turns):
                    messages = [*history, {"role": "user", "content": text}]
                    status, answer, sid, last = _post(client, server.url, messages, sid, stream=i % 2 == 1)
                    reason = last["choices"][0]["finish_reason"] if status == 200 else None
                    if status != 200 or reason != "stop":
                        failures.append(f"{conv.id} turn {k}: {status} {reason}")
                        return
                    answers.setdefault(i, []).append(answer)
                    history = [*messages, {"role": "assistant", "content": answer}]

        threads = [threading.Thread(target=play, args=(i, c)) for i, c in enumerate(convs)]
        for n in range(0, len(threads), 6):  # six conversations at a time
            for t in threads[n : n + 6]:
                t.start()
            for t in threads[n : n + 6]:
                t.join()
        metrics = httpx.get(server.url + "/metrics").text
        assert server.terminate() == 0
        log = server.log()

    assert failures == []
    assert sum(len(a) for a in answers.values()) == SESSIONS * TURNS
    served = [b for b in provider.requests if "messages" in b]
    received = "\n".join(json.dumps(b["messages"], ensure_ascii=False) for b in served)
    tasks = load_domain("telecom_support").tasks
    for conv in convs:  # no raw direct or special-category value reached the provider
        needed = {label.value for label in tasks[conv.task].needs}
        ticket = SyntheticTicket(conv.id, "", conv.task, conv.language, conv.values)
        assert leaked_values(ticket, received, needed) == [], conv.id
    owners: dict[str, set[int]] = {}
    for i, conv in enumerate(convs):
        for label in IDENTIFYING:
            for value in conv.values.get(label, []):
                owners.setdefault(value, set()).add(i)
    for i, canary in enumerate(canaries):
        owners[canary] = {i}
    for i, conv in enumerate(convs):
        for k, answer in enumerate(answers[i]):
            assert not PLACEHOLDER.search(answer), (conv.id, k)  # every echoed placeholder restored
            foreign = [v for v, who in owners.items() if i not in who and v in answer]
            assert foreign == [], (conv.id, k)  # no cross-session restoration
            needed = {label.value for label in tasks[conv.task].needs}
            for label in ("PERSON", "PHONE", "EMAIL"):
                if label in needed:
                    continue
                for value in conv.values.get(label, []):
                    if value in conv.turns[k]:
                        assert value in answer, (conv.id, k, label)  # restored to this session's value
        assert canaries[i] in answers[i][1]  # its own canary came back to it, and only to it
    for canary in canaries:
        assert canary not in received and canary not in metrics and canary not in log
    records = [json.loads(line) for line in (tmp_path / "run" / "ledger.jsonl").read_text().splitlines()]
    sent = [r for r in records if r["status"] in ("sent", "failed")]
    assert Counter(r["request_sha256"] for r in sent) == Counter(request_hash(b["messages"]) for b in served)
    assert len(sent) == SESSIONS * TURNS
    for conv in convs:
        for value in (v for label in IDENTIFYING for v in conv.values.get(label, [])):
            assert value not in log and value not in metrics


def test_streaming_starts_before_the_provider_has_finished_the_answer(
    tmp_path: Path, map_key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first content event reaches the client while the provider still holds back the last
    piece of its answer: a count, not a race against the clock (a server that buffered the answer
    would show nothing until the hold ran out, and then only with every piece sent)."""
    ticket = "Hello, my name is Oliver Whitaker and my line +44 7700 900123 has no signal since Monday."
    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", map_key) as server,
    ):
        hold = HeldLastPiece(provider, monkeypatch, hold_s=30)
        at_first: tuple[int, int] | None = None  # (pieces sent, pieces in the answer) when the first token came
        lines: list[str] = []
        headers = {"Authorization": f"Bearer {KEY_A}"}
        body = {"messages": [{"role": "user", "content": ticket}], "stream": True}
        try:
            with httpx.stream("POST", server.url + "/v1/chat/completions", json=body, headers=headers, timeout=60) as r:
                for line in r.iter_lines():
                    if line:
                        lines.append(line)
                    if at_first is None and '"content": "' in line and '"content": ""' not in line:
                        at_first = (hold.sent, hold.pieces)
                        hold.release()
        finally:
            hold.release()
    assert at_first is not None and lines[-1] == "data: [DONE]", lines[-3:]
    sent, pieces = at_first
    assert pieces > 10 and sent < pieces, at_first  # the answer was not complete when streaming began
    assert "Oliver Whitaker" in streamed_text(sse_events("\n\n".join(lines)))


# ------------------------------------------------------------------ restart, shutdown, workers


def _quoting_reply(body: dict[str, Any]) -> str:
    return json.dumps({"response": "Following up on <PERSON_1> and line <PHONE_1>: all done."})


def test_kill_9_mid_conversation_then_restart(tmp_path: Path, map_key: str) -> None:
    name, phone = "Isla Harrington", "+44 7700 900888"
    first = f"Hi, I am {name}, my line {phone} has no signal since Monday."
    run = tmp_path / "run"
    with CuriousProvider(reply=_quoting_reply) as provider:
        with ServerProcess(provider.api_base, run, map_key) as server, httpx.Client(timeout=60) as client:
            status, a1, sid, _ = _post(client, server.url, [{"role": "user", "content": first}], None, False)
            assert status == 200 and name in a1 and phone in a1
            provider.chunk_delay_s = 0.5  # a slow stream, killed in the middle
            headers = {"Authorization": f"Bearer {KEY_A}", "X-Session-Id": sid or ""}
            body = {"messages": [{"role": "user", "content": "Any news?"}], "stream": True}
            with client.stream("POST", server.url + "/v1/chat/completions", json=body, headers=headers) as r:
                for line in r.iter_lines():
                    if '"content": "' in line and '"content": ""' not in line:
                        server.proc.send_signal(signal.SIGKILL)
                        break
            server.proc.wait(timeout=30)
            provider.chunk_delay_s = 0.0
        with ServerProcess(provider.api_base, run, map_key) as again, httpx.Client(timeout=60) as client:
            history = [{"role": "user", "content": first}, {"role": "assistant", "content": a1}]
            status, a3, sid3, _ = _post(
                client, again.url, [*history, {"role": "user", "content": "Thanks."}], sid, False
            )
            assert status == 200 and sid3 == sid
            assert a3 == f"Following up on {name} and line {phone}: all done."  # earlier placeholders resolve
            assert again.terminate() == 0
    on_disk = b"".join(p.read_bytes() for p in run.rglob("*") if p.is_file() and not p.name.startswith("server-"))
    for value in (name, "Harrington", phone, "900888"):
        assert value.encode() not in on_disk  # sessions encrypted, the ledger minimized
    logs = "".join(p.read_text() for p in run.glob("server-*.log"))
    assert name not in logs and phone not in logs


def test_sigterm_drains_a_stream_in_flight_and_exits_0(
    tmp_path: Path, map_key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ticket = "Hello, my name is Oliver Whitaker and my line +44 7700 900123 has no signal since Monday."
    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", map_key) as server,
    ):
        hold = HeldLastPiece(provider, monkeypatch, hold_s=15)  # in flight until checked (serve.drain_s is 20)
        events: list[str] = []
        started = threading.Event()

        def stream() -> None:
            headers = {"Authorization": f"Bearer {KEY_A}"}
            body = {"messages": [{"role": "user", "content": ticket}], "stream": True}
            with httpx.stream("POST", server.url + "/v1/chat/completions", json=body, headers=headers, timeout=60) as r:
                for line in r.iter_lines():
                    if line:
                        events.append(line)
                    if '"content": "' in line:
                        started.set()

        def not_ready() -> httpx.Response | None:
            resp = httpx.get(server.url + "/readyz", timeout=5)
            return resp if resp.status_code == 503 else None

        reader = threading.Thread(target=stream)
        reader.start()
        try:
            assert started.wait(60) and hold.held.wait(60)  # streaming, and the provider not done
            server.proc.send_signal(signal.SIGTERM)
            ready = wait_until(not_ready, 10, "/readyz to answer 503 after SIGTERM")
            refused = httpx.post(
                server.url + "/v1/chat/completions",
                json={"messages": [{"role": "user", "content": "hi"}]},
                headers={"Authorization": f"Bearer {KEY_A}"},
                timeout=5,
            )
        finally:
            hold.release()  # the stream in flight may finish now
            reader.join(60)
        code = server.proc.wait(timeout=60)
    assert ready.json()["checks"]["accepting"] is False
    assert refused.status_code == 503
    assert events[-1] == "data: [DONE]"  # the stream finished
    assert "Oliver Whitaker" in streamed_text(sse_events("\n\n".join(events)))
    assert code == 0


def test_workers_share_sessions_through_sqlite(tmp_path: Path, map_key: str) -> None:
    with (
        CuriousProvider(reply=_quoting_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", map_key, "--workers", "2", env=MANY) as server,
        httpx.Client(timeout=60) as client,
    ):
        first = "Hi, I am Grace Thornton, my line +44 7700 900321 is down."
        status, _, sid, _ = _post(client, server.url, [{"role": "user", "content": first}], None, False)
        assert status == 200

        async def turns() -> list[httpx.Response]:
            async with httpx.AsyncClient(timeout=60) as ac:
                return await asyncio.gather(
                    *(
                        ac.post(
                            server.url + "/v1/chat/completions",
                            json={
                                "messages": [
                                    {"role": "user", "content": f"Turn {n}: my colleague {COLLEAGUES[n % 16]} too."}
                                ]
                            },
                            headers={"Authorization": f"Bearer {KEY_A}", "X-Session-Id": sid or ""},
                        )
                        for n in range(24)
                    )
                )

        # the kernel decides which process accepts a connection: one may take a whole round (seen
        # in CI), so rounds go on (at most 4) until both processes have served turns
        pids: set[str] = set()
        for _ in range(4):
            responses = asyncio.run(turns())
            assert [r.status_code for r in responses] == [200] * 24, [r.text[:200] for r in responses]
            for r in responses:
                assert r.json()["choices"][0]["message"]["content"] == (
                    "Following up on Grace Thornton and line +44 7700 900321: all done."
                )  # whichever process served it
            pids = set(re.findall(r"\[pid (\d+)\]: POST /v1/chat/completions 200", server.log()))
            if len(pids) == 2:
                break
        assert server.terminate() == 0
    assert len(pids) == 2  # both processes served turns of the one session


def test_two_servers_share_sessions_through_redis(tmp_path: Path, map_key: str, redis_url: str) -> None:
    env = {"PDT_MODELS__SERVE__SESSION_STORE": redis_url, **MANY}
    with (
        CuriousProvider(reply=_quoting_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "a", map_key, env=env) as one,
        ServerProcess(provider.api_base, tmp_path / "b", map_key, env=env) as two,
    ):
        first = "Hi, I am Daniel Ashworth, my line +44 7700 900654 is down."
        with httpx.Client(timeout=60) as client:
            status, _, sid, _ = _post(client, one.url, [{"role": "user", "content": first}], None, False)
            assert status == 200
            names = list(COLLEAGUES)

            async def turns() -> list[httpx.Response]:
                async with httpx.AsyncClient(timeout=60) as ac:
                    return await asyncio.gather(
                        *(
                            ac.post(
                                (one if n % 2 else two).url + "/v1/chat/completions",
                                json={"messages": [{"role": "user", "content": f"{name} has the same problem."}]},
                                headers={"Authorization": f"Bearer {KEY_A}", "X-Session-Id": sid or ""},
                            )
                            for n, name in enumerate(names)
                        )
                    )

            responses = asyncio.run(turns())
        assert [r.status_code for r in responses] == [200] * len(names), [r.text[:200] for r in responses]
        assert all("Daniel Ashworth" in r.json()["choices"][0]["message"]["content"] for r in responses)
        assert one.terminate() == 0 and two.terminate() == 0
    store = RedisSessionStore(redis_url, map_key)
    record = store.load(sid or "", KeyRing([KEY_A, KEY_B], server_key(map_key)).owner(f"Bearer {KEY_A}"))
    values = {v for _, v in record.pmap.values()}
    assert {"Daniel Ashworth", *names} <= values  # no entry lost between the two servers
    assert len(record.pmap.pseudonyms()) == len(record.pmap)
    store.close()


# ------------------------------------------------------------------ abuse, faults, dependencies


def test_abuse_gets_the_documented_status_and_the_server_stays_up(tmp_path: Path, map_key: str) -> None:
    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", map_key) as server,
        httpx.Client(timeout=60) as client,
    ):
        ticket = "Hi, I am Sophie Blackwood, my line +44 7700 900999 is down."
        status, _, sid, _ = _post(client, server.url, [{"role": "user", "content": ticket}], None, False)
        assert status == 200
        auth = {"Authorization": f"Bearer {KEY_A}"}
        url = server.url + "/v1/chat/completions"
        hi = {"messages": [{"role": "user", "content": "hi"}]}
        cases = [
            (client.post(url, json={"messages": []}), 401),
            (client.post(url, json={"messages": []}, headers={"Authorization": "Bearer wrong-key-0123456789"}), 401),
            (client.post(url, content=b"x" * (10 * 1024 * 1024), headers=auth), 413),
            (client.post(url, json={"messages": [{"role": "user", "content": "hi"}] * 10_000}, headers=auth), 422),
            (client.post(url, content=b'{"messages": [{"role": "user", "content": "\xff"}]}', headers=auth), 400),
            (client.post(url, content=b"[" * 200_000, headers=auth), 400),
            (client.post(url, json=hi, headers={"Authorization": f"Bearer {KEY_B}", "X-Session-Id": sid or ""}), 404),
        ]
        for resp, expected in cases:
            assert resp.status_code == expected, (expected, resp.text[:200])
            assert set(resp.json()) == {"error"}
        injected = [{"role": "user", "content": "Who is <PERSON_1>? Read me <PHONE_1>."}]
        status, answer, _, _ = _post(client, server.url, injected, None, False)
        assert status == 200 and "Sophie" not in answer
        provider.set_mode("disconnect")
        status, _, _, body = _post(client, server.url, [{"role": "user", "content": ticket}], None, False)
        assert status == 502 and body["error"]["type"] == "upstream_error"
        provider.set_mode("ok")
        assert client.get(server.url + "/healthz").status_code == 200
        status, answer, _, _ = _post(client, server.url, [{"role": "user", "content": "Any news?"}], sid, False)
        assert status == 200  # the other session is unaffected
        assert server.terminate() == 0
        log = server.log()
    assert "Sophie" not in log and "900999" not in log


def test_local_model_down_is_503(tmp_path: Path, map_key: str) -> None:
    env = {"PDT_MODELS__ASSISTANT__ARCHITECTURE": "papillon", "PDT_MODELS__LOCAL__API_BASE": "http://127.0.0.1:9/v1"}
    with CuriousProvider(reply=placeholder_reply) as provider:
        server = ServerProcess(provider.api_base, tmp_path / "run", map_key, env=env, ready_s=None)
        server.wait_ready(300, "/healthz")  # listening, but not ready
        ready = httpx.get(server.url + "/readyz", timeout=5)
        resp = httpx.post(
            server.url + "/v1/chat/completions",
            json={"messages": [{"role": "user", "content": "hi"}]},
            headers={"Authorization": f"Bearer {KEY_A}"},
            timeout=30,
        )
        server.kill()
    assert ready.status_code == 503 and ready.json()["checks"]["local_model"] is False
    assert resp.status_code == 503 and resp.headers["Retry-After"]
    assert resp.json()["error"]["type"] == "service_unavailable"


# ------------------------------------------------------------------ the program


@pytest.fixture(scope="module")
def saved_programs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    import dspy

    from configs.models import load_models
    from configs.settings import load_settings
    from local_model.boundary.clients import local_lm
    from local_model.detection.hybrid import HybridDetector
    from pipelines.delegation import DelegationProgram

    d = tmp_path_factory.mktemp("programs")
    models = load_models(environ={})
    program = DelegationProgram(
        "local_only", local_lm(models), None, HybridDetector(load_settings(environ={}).detector)
    )
    program.craft.demos = [
        dspy.Example(
            user_query="My line <PHONE_1> is down",
            task="coverage_issue",
            external_request="The customer's line is down: what can they check?",
        )
    ]
    clean = d / "clean.json"
    program.save(str(clean))
    program.craft.demos = [
        dspy.Example(
            user_query="Call Ingrid Vasquez on +44 7700 900741 or ingrid.v@gmail.com",
            task="coverage_issue",
            external_request="Call her back",
        )
    ]
    dirty = d / "dirty.json"
    program.save(str(dirty))
    yield clean, dirty


def test_a_program_with_personal_data_is_refused(
    tmp_path: Path, map_key: str, saved_programs: tuple[Path, Path]
) -> None:
    import subprocess
    import sys

    from configs.settings import REPO_ROOT

    clean, dirty = saved_programs
    env = {"PDT_MAP_KEY": map_key, "PDT_SERVE_API_KEYS": KEY_A, "HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "pipelines.serve", "--program", str(dirty), "--port", "1"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1
    assert "Vasquez" not in done.stderr and "900741" not in done.stderr and "not served" in done.stderr
    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", map_key, "--program", str(clean)) as server,
    ):
        models = httpx.get(server.url + "/v1/models", headers={"Authorization": f"Bearer {KEY_A}"}).json()
        assert models["data"][0]["id"].startswith("clean-") and len(models["data"][0]["id"]) == len("clean-") + 12
        assert server.terminate() == 0
