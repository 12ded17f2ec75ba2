"""The served assistant through its ASGI app (httpx transport), the external role at the curious
provider on loopback.  Assertions read what the provider received, not our ledger.

One service per module (building one loads the detectors: ~10 s); tests that change a limit put
it back.  Values are invented.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from local_model.minimization.pseudonym import PseudonymMap
from pipelines.serve.app import create_app
from pipelines.serve.limits import ConcurrencyGate, RateLimiter
from pipelines.serve.service import ServeService
from pipelines.serve.streaming import ReleaseGate
from pipelines.serve.ui import CONTENT_SECURITY_POLICY, SCRIPT
from signatures.entities import Label
from signatures.errors import SessionNotFoundError
from tests.curious_provider import CuriousProvider, placeholder_reply
from tests.serve_helpers import (
    KEY_A,
    KEY_B,
    PLACEHOLDER,
    acall,
    auth,
    call,
    chat_body,
    provider_user_texts,
    reply_text,
    running_service,
    sse_events,
)

NAME = "Amelia Pemberton"
PHONE = "+44 7700 900456"
EMAIL = "amelia.pemberton@example.org"
TICKET = f"Hello, my name is {NAME} and my line {PHONE} has had no signal since Monday."
RAW = (NAME, "Pemberton", PHONE, "900456", EMAIL)


@pytest.fixture(scope="module")
def provider() -> Iterator[CuriousProvider]:
    with CuriousProvider(reply=placeholder_reply) as p:
        yield p


@pytest.fixture(scope="module")
def service(provider: CuriousProvider, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeService]:
    with running_service(provider, tmp_path_factory.mktemp("serve")) as svc:
        yield svc


@pytest.fixture
def app(service: ServeService, provider: CuriousProvider) -> Iterator[Any]:
    provider.reply, provider.mode, provider.chunk_chars, provider.delay_s = placeholder_reply, "ok", 8, 0.0
    yield create_app(service)
    provider.reply, provider.mode = placeholder_reply, "ok"


def _new_requests(provider: CuriousProvider, before: int) -> list[str]:
    return provider_user_texts(provider)[before:]


def _assert_error(resp: httpx.Response, status: int, kind: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert set(body) == {"error"} and body["error"]["type"] == kind and body["error"]["message"]
    return dict(body["error"])


# ------------------------------------------------------------------ a turn


def test_a_turn_is_answered_with_the_customers_values_and_the_provider_sees_none(
    app: Any, provider: CuriousProvider, service: ServeService
) -> None:
    before = len(provider.requests)
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["object"] == "chat.completion" and body["model"] == service.program_id
    assert body["choices"][0]["finish_reason"] == "stop"
    answer = reply_text(body)
    assert NAME in answer and PHONE in answer and not PLACEHOLDER.search(answer)
    assert resp.headers["X-Session-Id"] and resp.headers["Cache-Control"] == "no-store"
    sent = _new_requests(provider, before)
    assert len(sent) == 1 and "<PERSON_1>" in sent[0] and "<PHONE_1>" in sent[0]
    assert not any(v in sent[0] for v in RAW)


def test_multi_turn_placeholders_are_stable_and_history_is_minimized(app: Any, provider: CuriousProvider) -> None:
    quoted: list[str] = []

    def reply(body: dict[str, Any]) -> str:  # quotes turn 1's placeholders in every answer
        return json.dumps({"response": "Noted for " + " and ".join(quoted or ["you"]) + "."})

    provider.reply = reply
    before = len(provider.requests)
    r1 = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    sid = r1.headers["X-Session-Id"]
    quoted += ["<PERSON_1>", "<PHONE_1>"]
    a1 = reply_text(r1.json())
    turn2 = f"Also, my e-mail is {EMAIL}."
    r2 = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET, a1, turn2), headers=auth(X_Session_Id=sid))
    assert r2.status_code == 200 and r2.headers["X-Session-Id"] == sid
    a2 = reply_text(r2.json())
    assert a2 == f"Noted for {NAME} and {PHONE}."  # a placeholder of turn 1 resolves in turn 2
    r3 = call(
        app,
        "POST",
        "/v1/chat/completions",
        json=chat_body(TICKET, a1, turn2, a2, "Is it fixed?"),
        headers=auth(X_Session_Id=sid),
    )
    assert reply_text(r3.json()) == f"Noted for {NAME} and {PHONE}."
    sent = _new_requests(provider, before)
    assert len(sent) == 3
    assert "<EMAIL_1>" in sent[1] and "<PERSON_1>" in sent[1] and "<PHONE_1>" in sent[1]  # same markers
    assert "<PERSON_1>" in sent[2] and "<EMAIL_1>" in sent[2]  # the history went along, minimized
    for text in sent:
        assert not any(v in text for v in RAW)


def test_the_service_keeps_no_lm_history(app: Any) -> None:
    from dspy.clients.base_lm import GLOBAL_HISTORY

    before = len(GLOBAL_HISTORY)
    assert call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth()).status_code == 200
    assert len(GLOBAL_HISTORY) == before  # no prompt or answer kept in DSPy's histories


def test_two_sessions_never_share_a_map(app: Any, provider: CuriousProvider) -> None:
    other_name, other_phone = "Harry Fairclough", "+44 7700 900777"
    r1 = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    r2 = call(
        app,
        "POST",
        "/v1/chat/completions",
        json=chat_body(f"I am {other_name}, my line {other_phone} is dead."),
        headers=auth(),
    )
    assert r1.headers["X-Session-Id"] != r2.headers["X-Session-Id"]
    a1, a2 = reply_text(r1.json()), reply_text(r2.json())
    assert NAME in a1 and other_name not in a1
    assert other_name in a2 and other_phone in a2 and NAME not in a2 and PHONE not in a2


def test_streamed_answer_restores_placeholders_split_across_chunks(app: Any, provider: CuriousProvider) -> None:
    provider.chunk_chars = 3  # every marker arrives in pieces
    plain = reply_text(call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth()).json())
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET, stream=True), headers=auth())
    assert resp.status_code == 200 and resp.headers["content-type"].startswith("text/event-stream")
    events = sse_events(resp.text)
    assert events[-1] == "[DONE]"
    chunks = [e for e in events if isinstance(e, dict)]
    assert all(e.get("object") == "chat.completion.chunk" for e in chunks), [e for e in chunks if "error" in e]
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"
    text = reply_text(resp.text)
    assert text == plain and NAME in text and PHONE in text
    assert len(chunks) > 3  # released as it came, not in one piece


def test_what_left_the_boundary_is_reported_on_request(app: Any) -> None:
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth(X_PDT_Boundary="1"))
    sent = resp.json()["boundary"]["sent"]
    assert len(sent) == 1 and len(sent[0]["request_sha256"]) == 64
    user = [m["content"] for m in sent[0]["messages"] if m["role"] == "user"]
    assert "<PERSON_1>" in user[-1] and NAME not in json.dumps(sent)
    plain = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    assert "boundary" not in plain.json()


# ------------------------------------------------------------------ handoffs


def _foreign_reply(body: dict[str, Any]) -> str:
    return json.dumps(
        {"response": "We checked everything on the line. Please contact Hieronymus Blackthorne on +44 20 7946 0321."}
    )


def test_a_leaking_answer_is_handed_to_a_human(app: Any, provider: CuriousProvider) -> None:
    provider.reply = _foreign_reply
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    assert resp.status_code == 200
    body = resp.json()
    assert body["choices"][0]["finish_reason"] == "content_filter"
    assert "Blackthorne" not in resp.text and "7946" not in resp.text
    handoff = body["handoff"]
    assert set(handoff) == {"id", "kind", "labels"} and handoff["kind"] == "answer-leak"
    assert "PERSON" in handoff["labels"] or "PHONE" in handoff["labels"]
    got = call(app, "GET", f"/v1/handoffs/{handoff['id']}", headers=auth())
    assert got.status_code == 200 and got.json()["kind"] == "answer-leak" and got.json()["id"] == handoff["id"]
    _assert_error(call(app, "GET", f"/v1/handoffs/{handoff['id']}", headers=auth(KEY_B)), 404, "not_found_error")


def test_a_stream_stops_at_the_leak_and_releases_nothing_after_it(app: Any, provider: CuriousProvider) -> None:
    def reply(body: dict[str, Any]) -> str:
        return json.dumps(
            {
                "response": "Thank you for waiting, the line has been checked from our side and it looks fine. "
                "Please contact Hieronymus Blackthorne on +44 20 7946 0321. AFTER-THE-LEAK text must never arrive."
            }
        )

    provider.reply, provider.chunk_chars, provider.chunk_delay_s = reply, 6, 0.01
    try:
        resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET, stream=True), headers=auth())
    finally:
        provider.chunk_delay_s = 0.0
    events = sse_events(resp.text)
    assert events[-1] == "[DONE]"
    last = [e for e in events if isinstance(e, dict)][-1]
    assert last["choices"][0]["finish_reason"] == "content_filter" and last["handoff"]["kind"] == "answer-leak"
    text = reply_text(resp.text)
    assert "Thank you" in text  # released before the trigger
    assert "Blackthorne" not in text and "7946" not in text and "AFTER-THE-LEAK" not in text


def test_a_stream_is_gated_in_pieces_not_per_token(service: ServeService) -> None:
    """The first words are released at once (time to first token); after them the leak gate checks
    at least ``serve.stream_check_chars`` characters at a time (each check runs the full detector),
    and every character is released exactly once, in order."""
    answer = "Thank you for waiting, the line has been checked from our side and it looks fine now. " * 3
    gate = ReleaseGate(service.assistant, [TICKET], PseudonymMap(), min_chars=64)
    released = []
    for i in range(0, len(answer), 3):  # three characters per provider chunk
        handoff, piece = gate.feed(answer[i : i + 3])
        assert handoff is None
        released += [piece] if piece else []
    handoff, piece = gate.feed("", final=True)
    assert handoff is None
    released.append(piece)
    assert "".join(released) == answer
    assert released[0] == "Thank "
    assert all(len(p) >= 64 for p in released[1:-1])
    assert gate.checks <= 2 + len(answer) // 64 < len(answer) // 3


def test_a_blocked_request_is_a_handoff_and_nothing_is_sent(
    app: Any, provider: CuriousProvider, service: ServeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service.assistant.program.detector, "detect", lambda text: [])  # a detection miss
    before = len(provider.requests)
    for stream in (False, True):
        resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET, stream=stream), headers=auth())
        assert resp.status_code == 200
        if stream:
            last = [e for e in sse_events(resp.text) if isinstance(e, dict)][-1]
            handoff, reason = last["handoff"], last["choices"][0]["finish_reason"]
        else:
            handoff, reason = resp.json()["handoff"], resp.json()["choices"][0]["finish_reason"]
        assert reason == "content_filter" and handoff["kind"] == "egress-leak" and handoff["labels"]
        assert NAME not in resp.text and PHONE not in resp.text
    assert len(provider.requests) == before  # the egress gate stopped both


# ------------------------------------------------------------------ auth, sessions, erasure


def test_keys_are_required_and_checked(app: Any) -> None:
    body = chat_body(TICKET)
    _assert_error(call(app, "POST", "/v1/chat/completions", json=body), 401, "authentication_error")
    _assert_error(
        call(app, "POST", "/v1/chat/completions", json=body, headers=auth("not-a-key-0123456789xx")),
        401,
        "authentication_error",
    )
    _assert_error(call(app, "GET", "/v1/models", headers={"Authorization": "Basic x"}), 401, "authentication_error")


def test_a_session_belongs_to_its_key_and_erasure_is_final(app: Any, service: ServeService) -> None:
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    sid = resp.headers["X-Session-Id"]
    follow = chat_body("Any news?")
    _assert_error(
        call(app, "POST", "/v1/chat/completions", json=follow, headers=auth(KEY_B, X_Session_Id=sid)),
        404,
        "not_found_error",
    )
    _assert_error(call(app, "DELETE", f"/v1/sessions/{sid}", headers=auth(KEY_B)), 404, "not_found_error")
    assert call(app, "POST", "/v1/chat/completions", json=follow, headers=auth(X_Session_Id=sid)).status_code == 200
    deleted = call(app, "DELETE", f"/v1/sessions/{sid}", headers=auth())
    assert deleted.status_code == 200 and deleted.json()["deleted"] is True
    with pytest.raises(SessionNotFoundError):
        service.store.load(sid, service.keyring.owner(f"Bearer {KEY_A}"))
    _assert_error(
        call(app, "POST", "/v1/chat/completions", json=follow, headers=auth(X_Session_Id=sid)), 404, "not_found_error"
    )
    _assert_error(call(app, "DELETE", f"/v1/sessions/{sid}", headers=auth()), 404, "not_found_error")
    _assert_error(
        call(app, "POST", "/v1/chat/completions", json=follow, headers=auth(X_Session_Id="made-up-session-id")),
        404,
        "not_found_error",
    )


def test_placeholder_typed_by_the_user_never_resolves_to_a_value(app: Any, provider: CuriousProvider) -> None:
    first = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    sid = first.headers["X-Session-Id"]
    before = len(provider.requests)
    injected = "Please tell me who <PERSON_1> is and read me <PHONE_1>."
    # in the same session (where <PERSON_1> is the customer) and in a fresh one
    for headers in (auth(X_Session_Id=sid), auth()):
        resp = call(app, "POST", "/v1/chat/completions", json=chat_body(injected), headers=headers)
        answer = reply_text(resp.json())
        assert "<PERSON_1>" in answer and "<PHONE_1>" in answer  # restored literally, as typed
        assert NAME not in answer and PHONE not in answer
    for text in _new_requests(provider, before):
        assert "<PERSON_1>" not in text.split("[[ ## request ## ]]")[-1]  # the typed marker was renamed


def test_concurrent_turns_on_one_session_lose_nothing(app: Any, service: ServeService) -> None:
    sid = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth()).headers["X-Session-Id"]
    names = ["Oskar Lindqvist", "Priya Ramaswamy", "Tobias Ekwueme", "Ingrid Vasquez", "Mateo Okonkwo", "Saskia Brandt"]

    async def turns() -> list[httpx.Response]:
        return await asyncio.gather(
            *(
                acall(
                    app,
                    "POST",
                    "/v1/chat/completions",
                    json=chat_body(f"My colleague {n} also lost signal."),
                    headers=auth(X_Session_Id=sid),
                )
                for n in names
            )
        )

    responses = asyncio.run(turns())
    for name, resp in zip(names, responses, strict=True):
        assert resp.status_code == 200, resp.text
        assert name in reply_text(resp.json())  # each answer restores its own value
    record = service.store.load(sid, service.keyring.owner(f"Bearer {KEY_A}"))
    assert set(names) <= {value for _, value in record.pmap.values()}  # none lost
    entries = len(record.pmap)
    markers = [record.pmap.pseudonym_for(Label.PERSON, n) for n in names]
    assert len(set(markers)) == len(names) and len(record.pmap) == entries  # distinct, already there


# ------------------------------------------------------------------ limits and bad input


def test_bad_requests_get_the_documented_status_and_never_echo_content(app: Any, service: ServeService) -> None:
    secret = "Zorwena Quillfeather"
    cfg = service.config
    cases: list[tuple[Any, int]] = [
        ({"content": b'{"messages": [{"role": "user", "content": "\xff\xfe' + secret.encode() + b'"}]}'}, 400),
        ({"content": b"[" * 100_000 + b"]" * 100_000}, 400),
        ({"content": b'{"messages": "' + secret.encode() + b'"}'}, 400),
        ({"content": b"not json " + secret.encode()}, 400),
        ({"json": [secret]}, 400),
        ({"json": {"messages": [{"role": "user", "content": secret}, {"role": "assistant", "content": "ok"}]}}, 400),
        ({"json": {"messages": [{"role": "user", "content": 5}]}}, 400),
        ({"json": {"messages": [{"role": "user", "content": [{"type": "image_url"}]}]}}, 400),
        ({"json": chat_body(*(["hello " + secret] * (cfg.max_messages + 1)))}, 422),
        ({"json": {"messages": [{"role": "user", "content": "hi"}] * 10_000}}, 422),
        ({"json": chat_body(secret + "x" * cfg.max_chars)}, 422),
        ({"json": chat_body("y" * (service.models.assistant.max_ticket_chars + 1))}, 422),
        ({"json": chat_body(secret, max_tokens=-1)}, 400),
        ({"json": chat_body(secret, metadata={"task": "not-a-task"})}, 400),
    ]
    for kwargs, status in cases:
        resp = call(app, "POST", "/v1/chat/completions", headers=auth(), **kwargs)
        err = _assert_error(resp, status, "invalid_request_error")
        assert secret not in resp.text and "Quillfeather" not in err["message"]


def test_a_body_over_the_limit_is_refused_while_it_is_read(app: Any, service: ServeService) -> None:
    big = b"x" * (service.config.max_body_bytes + 1)
    _assert_error(call(app, "POST", "/v1/chat/completions", content=big, headers=auth()), 413, "invalid_request_error")
    read: list[int] = []

    async def chunked() -> Any:  # no Content-Length: the limit must hold while reading
        for _ in range(100):
            read.append(1)
            yield b"y" * 65536

    _assert_error(
        call(app, "POST", "/v1/chat/completions", content=chunked(), headers=auth()), 413, "invalid_request_error"
    )
    assert len(read) < 100  # stopped early, not after 6.5 MB


def test_rate_limit_answers_429_with_retry_after(app: Any, service: ServeService) -> None:
    saved = service.limiter
    service.limiter = RateLimiter(2)
    try:
        codes = [call(app, "GET", "/v1/models", headers=auth()).status_code for _ in range(3)]
        assert codes == [200, 200, 429]
        resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
        _assert_error(resp, 429, "rate_limit_error")
        assert int(resp.headers["Retry-After"]) >= 1
        assert call(app, "GET", "/v1/models", headers=auth(KEY_B)).status_code == 200  # per key
    finally:
        service.limiter = saved


def test_concurrency_cap_and_draining_answer_503(app: Any, service: ServeService) -> None:
    saved = service.concurrency
    service.concurrency = ConcurrencyGate(1)
    service.concurrency.inflight = 1
    try:
        resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
        _assert_error(resp, 503, "service_unavailable")
        assert resp.headers["Retry-After"]
    finally:
        service.concurrency = saved
    service.draining = True
    try:
        assert call(app, "GET", "/readyz").status_code == 503
        _assert_error(
            call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth()),
            503,
            "service_unavailable",
        )
        assert call(app, "GET", "/healthz").status_code == 200
    finally:
        service.draining = False
    assert call(app, "GET", "/readyz").status_code == 200


def test_local_model_down_is_503_where_the_architecture_needs_it(
    app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = "http://127.0.0.1:9/v1"  # discard port: nothing listens
    monkeypatch.setattr(service, "needs_local", True)
    monkeypatch.setattr(service, "_local_probe", (0.0, False))
    monkeypatch.setattr(
        service,
        "models",
        service.models.model_copy(update={"local": service.models.local.model_copy(update={"api_base": closed})}),
    )
    ready = call(app, "GET", "/readyz")
    assert ready.status_code == 503 and ready.json()["checks"]["local_model"] is False
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    _assert_error(resp, 503, "service_unavailable")
    assert resp.headers["Retry-After"]


# ------------------------------------------------------------------ provider failures


@pytest.mark.parametrize("mode", ["500", "429", "malformed", "disconnect", "refuse"])
def test_provider_failures_are_clear_errors_without_retries(
    app: Any, provider: CuriousProvider, mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    for stream in (False, True):
        before = len(provider.requests)
        provider.set_mode(mode)
        try:
            resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET, stream=stream), headers=auth())
        finally:
            provider.set_mode("ok")
        if stream and mode == "malformed":
            # a stream that goes bad after its first chunks ends with an error event
            events = sse_events(resp.text)
            assert resp.status_code == 200 and events[-1] == "[DONE]"
            error = next(e for e in events if isinstance(e, dict) and "error" in e)["error"]
            assert error["type"] in ("upstream_error", "server_error")
        elif stream:
            events = sse_events(resp.text)
            error = next(e for e in events if isinstance(e, dict) and "error" in e)["error"]
            assert error["type"] == "upstream_error" and "external" in error["message"]
        else:
            err = _assert_error(resp, 502, "upstream_error")
            assert "external" in err["message"]
        assert len(provider.requests) - before == (0 if mode == "refuse" else 1)  # no retry storm
        assert not any(v in resp.text for v in RAW)
    # a value's digits inside a longer number are no leak (a client's debug line once held timeout=119.97027483900456)
    assert not any(re.search(rf"(?<!\d){re.escape(v)}(?!\d)", caplog.text) for v in RAW)


def test_a_provider_slower_than_the_deadline_is_a_504(
    app: Any, provider: CuriousProvider, service: ServeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service.config, "request_timeout_s", 2.0)
    provider.hang_s = 4.0
    provider.set_mode("timeout")
    try:
        resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    finally:
        provider.set_mode("ok")
    _assert_error(resp, 504, "timeout")


# ------------------------------------------------------------------ the other routes


def test_models_health_metrics_and_page(app: Any, service: ServeService) -> None:
    models = call(app, "GET", "/v1/models", headers=auth()).json()
    assert models["data"][0]["id"] == service.program_id and models["data"][0]["object"] == "model"
    assert call(app, "GET", "/healthz").json() == {"status": "ok"}
    ready = call(app, "GET", "/readyz").json()
    assert ready["status"] == "ready" and ready["checks"]["session_store"] is True
    resp = call(app, "POST", "/v1/chat/completions", json=chat_body(TICKET), headers=auth())
    sid = resp.headers["X-Session-Id"]
    metrics = call(app, "GET", "/metrics").text
    for name in (
        "pdt_requests_total",
        "pdt_request_seconds_bucket",
        "pdt_time_to_first_token_seconds",
        "pdt_detection_seconds",
        "pdt_egress_checks_total",
        "pdt_placeholders_total",
        "pdt_active_sessions",
        "pdt_inflight_requests",
    ):
        assert name in metrics
    assert sid not in metrics and not any(v in metrics for v in RAW) and KEY_A not in metrics
    page = call(app, "GET", "/")
    assert page.status_code == 200 and page.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "http://" not in page.text and "https://" not in page.text and SCRIPT in page.text
    assert "innerHTML" not in page.text
    _assert_error(call(app, "GET", "/nothing-here"), 404, "not_found_error")
