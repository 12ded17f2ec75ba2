"""The LiteLLM proxy guardrail (``POST /beta/litellm_basic_guardrail_api``) through the ASGI app
(httpx transport): the calls a LiteLLM proxy makes, built as LiteLLM 1.110 builds them.

One service per module (building one loads the detectors); values are invented.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from local_model.minimization.pseudonym import PseudonymMap
from pipelines.serve.app import create_app
from pipelines.serve.guardrail import ROUTE, Guardrail, restore
from pipelines.serve.service import ServeService
from tests.curious_provider import CuriousProvider, placeholder_reply
from tests.serve_helpers import KEY_A, KEY_B, PLACEHOLDER, acall, call, running_service

NAME = "Amelia Pemberton"
PHONE = "+44 7700 900456"
EMAIL = "amelia.pemberton@example.org"
TURN1 = f"Hello, my name is {NAME} and my line {PHONE} has had no signal since Monday."
TURN2 = f"You can also write to {EMAIL} if the line is still down."
SYSTEM = "Answer the customer's question briefly."
OTHER = "Theodore Wilberforce"
OTHER_PHONE = "+44 7700 900987"


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeService]:
    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        running_service(provider, tmp_path_factory.mktemp("guardrail")) as svc,
    ):
        yield svc


@pytest.fixture
def app(service: ServeService) -> Any:
    return create_app(service)


def _trace() -> str:
    return str(uuid.uuid4())


def body(kind: str, texts: list[str], trace: str, user: str | None = "user-hash-1", **extra: Any) -> dict[str, Any]:
    """A body as LiteLLM 1.110's GenericGuardrailAPI sends it."""
    return {
        "input_type": kind,
        "litellm_call_id": str(uuid.uuid4()),
        "litellm_trace_id": trace,
        "texts": texts,
        "request_data": {"user_api_key_hash": user},
        "request_headers": {"content-type": "application/json", "authorization": "[present]"},
        "litellm_version": "1.110.2",
        "additional_provider_specific_params": {},
        "model": "curious",
        **extra,
    }


def guard(app: Any, kind: str, texts: list[str], trace: str, key: str = KEY_A, **extra: Any) -> dict[str, Any]:
    resp = call(app, "POST", ROUTE, json=body(kind, texts, trace, **extra), headers={"x-api-key": key})
    assert resp.status_code == 200, resp.text
    out: dict[str, Any] = resp.json()
    assert out["action"] in ("NONE", "GUARDRAIL_INTERVENED", "BLOCKED")
    return out


def texts_of(answer: dict[str, Any], sent: list[str]) -> list[str]:
    """What the proxy passes on: the returned texts, or the sent ones when the action is NONE."""
    assert answer["action"] != "BLOCKED", answer
    return list(answer.get("texts") or sent)


# ------------------------------------------------------------------ request and response


def test_a_request_is_minimized_and_the_response_restored(app: Any) -> None:
    trace = _trace()
    sent = [SYSTEM, TURN1]
    out = guard(app, "request", sent, trace)
    assert out["action"] == "GUARDRAIL_INTERVENED" and len(out["texts"]) == 2
    minimized = out["texts"][1]
    assert "<PERSON_1>" in minimized and "<PHONE_1>" in minimized
    assert NAME not in minimized and "Pemberton" not in minimized and "900456" not in minimized
    answer = f"Dear {PLACEHOLDER.findall(minimized)[0]}, we checked {PLACEHOLDER.findall(minimized)[1]} today."
    back = guard(app, "response", [answer], trace)
    assert back["action"] == "GUARDRAIL_INTERVENED"
    assert back["texts"] == [f"Dear {NAME}, we checked {PHONE} today."]
    assert back["stream_holdback_chars"] == [len("today.")]  # the word being written
    assert set(back) == {"action", "texts", "stream_holdback_chars"}


def test_a_text_without_personal_data_is_left_alone(app: Any) -> None:
    trace = _trace()
    assert guard(app, "request", ["Which plans include roaming abroad?"], trace) == {"action": "NONE"}
    assert guard(app, "response", ["All of them include it. "], trace) == {"action": "NONE"}


def test_placeholders_are_stable_across_the_calls_of_one_trace(app: Any) -> None:
    trace = _trace()
    first = guard(app, "request", [SYSTEM, TURN1], trace)["texts"]
    reply = guard(app, "response", [f"Noted: {first[1]}"], trace)["texts"][0]
    assert NAME in reply and PHONE in reply
    # turn 2: the history comes back as the client received it (restored), with a new message
    second = guard(app, "request", [SYSTEM, TURN1, reply, TURN2], trace)["texts"]
    assert second[1] == first[1]  # the same message, the same markers
    assert second[2] == f"Noted: {first[1]}"  # the restored answer is minimized into the same markers
    assert "<EMAIL_1>" in second[3] and EMAIL not in second[3]
    third = guard(app, "request", [SYSTEM, TURN1, reply, TURN2, f"Is {NAME} still on the account?"], trace)["texts"]
    assert third[:4] == second and "<PERSON_1>" in third[4]
    back = guard(app, "response", ["<PERSON_1>, <PHONE_1> and <EMAIL_1> are noted."], trace)["texts"][0]
    assert back == f"{NAME}, {PHONE} and {EMAIL} are noted."


def test_another_key_or_proxy_user_cannot_restore_a_traces_values(app: Any, service: ServeService) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)
    answer = ["Dear <PERSON_1>, your line <PHONE_1> is fixed."]
    other_key = guard(app, "response", answer, trace, key=KEY_B)
    assert texts_of(other_key, answer) == answer  # nothing restored
    other_user = guard(app, "response", answer, trace, user="user-hash-2")
    assert texts_of(other_user, answer) == answer
    # the other key's own request on the same trace id gets its own map
    mine = guard(app, "request", [f"I am {OTHER}, my number is {OTHER_PHONE}."], trace, key=KEY_B)["texts"][0]
    assert "<PERSON_1>" in mine
    assert guard(app, "response", answer, trace, key=KEY_B)["texts"] == [
        f"Dear {OTHER}, your line {OTHER_PHONE} is fixed."
    ]
    assert guard(app, "response", answer, trace)["texts"] == [f"Dear {NAME}, your line {PHONE} is fixed."]
    # the session ids are keyed hashes: neither the trace nor guessable from it
    guardrail = Guardrail(service)
    ids = {guardrail.session_id(o, "user-hash-1", trace) for o in ("owner-a", "owner-b")}
    assert len(ids) == 2 and not any(trace in i for i in ids)
    assert guardrail.session_id("owner-a", "user-hash-1", trace) != guardrail.session_id("owner-a", "", trace)


def test_the_call_id_keys_the_map_when_there_is_no_trace_id(app: Any) -> None:
    call_id = str(uuid.uuid4())
    out = guard(app, "request", [TURN1], "", litellm_call_id=call_id, litellm_trace_id=None)
    assert "<PERSON_1>" in out["texts"][0]
    back = guard(app, "response", ["<PERSON_1>"], "", litellm_call_id=call_id, litellm_trace_id=None)
    assert back["texts"] == [NAME]


# ------------------------------------------------------------------ streaming (incremental_diff)


def stream(app: Any, trace: str, raw: str, cuts: list[int]) -> tuple[str, list[str]]:
    """LiteLLM's incremental_diff: each round sends the accumulated text, emits the returned text
    past what was emitted minus the holdback (0 on the final round); a returned text that does not
    extend what was emitted is an error.  Returns (what the client got, what it had after each round)."""
    emitted = ""
    seen = []
    for n, cut in enumerate(cuts):
        final = n == len(cuts) - 1
        sent = raw[:cut]
        answer = guard(app, "response", [sent], trace)
        text = texts_of(answer, [sent])[0]
        assert text.startswith(emitted), "the guardrail rewrote text already streamed"
        hold = 0 if final else (answer.get("stream_holdback_chars") or [0])[0]
        emitted += text[len(emitted) : max(len(emitted), len(text) - hold)]
        seen.append(emitted)
    return emitted, seen


def test_a_placeholder_split_at_every_point_is_restored_whole(app: Any) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)
    raw = "Thanks, <PERSON_1>: the line <PHONE_1> is working again."
    expected = f"Thanks, {NAME}: the line {PHONE} is working again."
    for marker in ("<PERSON_1>", "<PHONE_1>"):
        at = raw.index(marker)
        for cut in range(at - 1, at + len(marker) + 2):
            got, seen = stream(app, trace, raw, [cut, len(raw)])
            assert got == expected, cut
            partial = seen[0]
            assert expected.startswith(partial) and "<" not in partial, (cut, partial)
            assert not re.search(r"(?:PERSON|PHONE|PERS|PHO)\b", partial)
    # a word cut by the stream that reads as a name on its own is withheld, not blocked
    cut = guard(app, "response", ["Tha"], trace)
    assert cut == {"action": "GUARDRAIL_INTERVENED", "texts": ["[detail removed]"], "stream_holdback_chars": [16]}
    # many small rounds (every 3 characters), as a fast stream sampled often
    got, seen = stream(app, trace, raw, [*range(3, len(raw), 3), len(raw)])
    assert got == expected and all(expected.startswith(s) and "<" not in s for s in seen)


def test_a_held_back_marker_that_never_completes_is_released_as_written_at_the_end(app: Any) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)
    raw = "We will call you back, <PERSON_1>. Reference <PERS"
    out = guard(app, "response", [raw], trace)
    assert out["texts"] == [f"We will call you back, {NAME}. Reference <PERS"]
    assert out["stream_holdback_chars"] == [len("Reference <PERS")]
    assert restore("no placeholders here", PseudonymMap()) == ("no placeholders here", len("here"))


# ------------------------------------------------------------------ the gates


def test_the_answer_gate_blocks_another_persons_data_naming_types_only(app: Any) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)
    out = guard(app, "response", [f"Dear <PERSON_1>, {OTHER} at {OTHER_PHONE} asked about your line."], trace)
    assert out["action"] == "BLOCKED" and set(out) == {"action", "blocked_reason"}
    reason = out["blocked_reason"]
    assert "PERSON" in reason and "PHONE" in reason
    for value in (OTHER, "Wilberforce", OTHER_PHONE, "900987", NAME, "Pemberton"):
        assert value not in reason
    # a streamed round that carries the other person's data is blocked too (nothing more is released)
    assert guard(app, "response", [f"Dear <PERSON_1>, {OTHER} at {OTHER_PHONE} a"], trace)["action"] == "BLOCKED"


def test_a_raw_value_left_by_the_minimizer_is_blocked_by_the_egress_check(
    app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)  # the map holds the name now
    real = service.assistant.prepare_turn

    def leaky(text: str, *args: Any, **kwargs: Any) -> Any:
        turn = real(text, *args, **kwargs)
        turn.minimized_query = text  # a minimizer that let everything through
        return turn

    monkeypatch.setattr(service.assistant, "prepare_turn", leaky)
    out = guard(app, "request", [f"Please ask {NAME} to call back."], trace)
    assert out["action"] == "BLOCKED" and "PERSON" in out["blocked_reason"]
    assert NAME not in out["blocked_reason"] and "Pemberton" not in out["blocked_reason"]


def test_tool_call_arguments_are_checked(app: Any) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)
    tool = {"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": f'{{"name": "{NAME}"}}'}}
    out = guard(app, "request", [TURN1], trace, tool_calls=[tool])
    assert out["action"] == "BLOCKED" and NAME not in out["blocked_reason"]
    clean = {"id": "call_2", "type": "function", "function": {"name": "lookup", "arguments": '{"name": "<PERSON_1>"}'}}
    assert guard(app, "request", [TURN1], trace, tool_calls=[clean])["action"] == "GUARDRAIL_INTERVENED"
    foreign = {"id": "call_3", "type": "function", "function": {"name": "f", "arguments": f'{{"to": "{OTHER}"}}'}}
    assert guard(app, "response", ["Calling."], trace, tool_calls=[foreign])["action"] == "BLOCKED"


def test_images_are_never_sent_unchecked(app: Any) -> None:
    out = guard(app, "request", ["What is in this picture?"], _trace(), images=["data:image/png;base64,AAAA"])
    assert out["action"] == "BLOCKED" and "image" in out["blocked_reason"]


# ------------------------------------------------------------------ fail closed


def test_an_internal_error_is_blocked_never_none(
    app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from local_model.minimization.minimize import Minimizer

    def broken(self: Any, text: str, entities: Any) -> Any:
        raise RuntimeError(f"boom on {text}")

    monkeypatch.setattr(Minimizer, "minimize", broken)
    out = guard(app, "request", [TURN1], _trace())
    assert out == {"action": "BLOCKED", "blocked_reason": "pdt: the check failed: internal error (RuntimeError)"}
    monkeypatch.undo()

    trace = _trace()
    guard(app, "request", [TURN1], trace)

    def gate_down(*args: Any, **kwargs: Any) -> Any:
        raise ValueError(NAME)

    monkeypatch.setattr(service.assistant, "check_answer", gate_down)
    out = guard(app, "response", ["Dear <PERSON_1>."], trace)
    assert out["action"] == "BLOCKED" and NAME not in out["blocked_reason"] and "texts" not in out


def test_a_store_failure_is_blocked(app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch) -> None:
    from signatures.errors import SessionStoreError

    def down(*args: Any, **kwargs: Any) -> Any:
        raise SessionStoreError("the store is down")

    monkeypatch.setattr(service.store, "load", down)
    out = guard(app, "request", [TURN1], _trace())
    assert out["action"] == "BLOCKED" and "session store" in out["blocked_reason"]
    assert guard(app, "response", ["Dear <PERSON_1>."], _trace())["action"] == "BLOCKED"


def test_the_map_size_limit_is_respected(app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service.store, "max_entries", 1)
    out = guard(app, "request", [TURN1], _trace())
    assert out["action"] == "BLOCKED" and "more than 1 values" in out["blocked_reason"]


def test_an_expired_conversation_restores_nothing_and_starts_again(
    app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = _trace()
    guard(app, "request", [TURN1], trace)
    later = time.time() + service.store.ttl_s + 5
    monkeypatch.setattr(service.store, "_clock", lambda: later)
    answer = ["Dear <PERSON_1>."]
    assert texts_of(guard(app, "response", answer, trace), answer) == answer
    again = guard(app, "request", [f"I am {OTHER}."], trace)["texts"][0]  # a new map for the same trace
    assert "<PERSON_1>" in again
    assert guard(app, "response", answer, trace)["texts"] == [f"Dear {OTHER}."]


def test_a_text_above_the_ticket_limit_is_blocked(app: Any, service: ServeService) -> None:
    limit = service.models.assistant.max_ticket_chars
    out = guard(app, "request", ["word " * (limit // 5 + 1)], _trace())
    assert out["action"] == "BLOCKED" and "max_ticket_chars" in out["blocked_reason"]


# ------------------------------------------------------------------ the HTTP layer


SECRET = "Zebedee Quartermaine +44 7700 900321"


@pytest.mark.parametrize(
    ("payload", "status"),
    [
        (b"{not json " + SECRET.encode(), 400),
        (b"\xff\xfe" + SECRET.encode(), 400),
        (b"[" * 40 + b"]" * 40, 400),
        (b'["' + SECRET.encode() + b'"]', 400),
        ({"input_type": "request", "texts": SECRET, "litellm_trace_id": "t", "request_data": {}}, 400),
        ({"input_type": "request", "texts": [SECRET], "litellm_trace_id": "t", "request_data": {}, "x": SECRET}, 400),
        ({"input_type": "delete", "texts": [SECRET], "litellm_trace_id": "t", "request_data": {}}, 400),
        ({"input_type": "request", "texts": [SECRET], "litellm_trace_id": "t"}, 400),
        ({"input_type": "request", "texts": [SECRET], "request_data": {}}, 400),
        ({"input_type": "request", "texts": [SECRET, 7], "litellm_trace_id": "t", "request_data": {}}, 400),
        ({"input_type": "request", "texts": [SECRET], "litellm_trace_id": "t" * 300, "request_data": {}}, 400),
        ({"input_type": "request", "texts": [SECRET], "litellm_trace_id": "t", "request_data": {"who": SECRET}}, 400),
        ({"input_type": "request", "texts": [SECRET] * 65, "litellm_trace_id": "t", "request_data": {}}, 422),
        ({"input_type": "request", "texts": [SECRET * 2000], "litellm_trace_id": "t", "request_data": {}}, 422),
        (b'{"input_type": "request", "texts": ["\\ud800 ' + SECRET.encode() + b'"], "litellm_trace_id": "t", '
         b'"request_data": {}}', 400),
    ],
)  # fmt: skip
def test_a_malformed_body_is_refused_without_echoing_it(app: Any, payload: bytes | dict[str, Any], status: int) -> None:
    kwargs: dict[str, Any] = {"json": payload} if isinstance(payload, dict) else {"content": payload}
    resp = call(app, "POST", ROUTE, headers={"x-api-key": KEY_A, "Content-Type": "application/json"}, **kwargs)
    assert resp.status_code == status, resp.text
    error = resp.json()["error"]
    assert error["code"] == status and error["message"]
    for part in (SECRET, "Zebedee", "Quartermaine", "900321"):
        assert part not in resp.text


def test_a_body_over_the_size_limit_is_refused(app: Any, service: ServeService) -> None:
    big = b"x" * (service.config.max_body_bytes + 1)
    resp = call(app, "POST", ROUTE, content=big, headers={"x-api-key": KEY_A})
    assert resp.status_code == 413


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 401),
        ({"x-api-key": "not-a-key-0123456789abcdef"}, 401),
        ({"Authorization": "Bearer not-a-key-0123456789abcdef", "x-api-key": KEY_A}, 401),
        ({"Authorization": f"Bearer {KEY_A}"}, 200),
        ({"x-api-key": KEY_B}, 200),
    ],
)
def test_the_same_keys_as_the_other_routes(app: Any, headers: dict[str, str], status: int) -> None:
    resp = call(app, "POST", ROUTE, json=body("request", ["Hi there."], _trace()), headers=headers)
    assert resp.status_code == status, resp.text


def test_rate_limit_and_concurrency_gate(app: Any, service: ServeService, monkeypatch: pytest.MonkeyPatch) -> None:
    from pipelines.serve.limits import ConcurrencyGate, RateLimiter

    monkeypatch.setattr(service, "concurrency", ConcurrencyGate(0))
    resp = call(app, "POST", ROUTE, json=body("request", ["Hi."], _trace()), headers={"x-api-key": KEY_A})
    assert resp.status_code == 503 and resp.headers["Retry-After"]
    monkeypatch.setattr(service, "limiter", RateLimiter(1))
    first = call(app, "POST", ROUTE, json=body("request", ["Hi."], _trace()), headers={"x-api-key": KEY_B})
    again = call(app, "POST", ROUTE, json=body("request", ["Hi."], _trace()), headers={"x-api-key": KEY_B})
    assert first.status_code == 503 and again.status_code == 429


def test_concurrent_first_calls_of_one_trace_share_one_map(app: Any) -> None:
    trace = _trace()
    people = ["Amelia Pemberton", "Theodore Wilberforce", "Harriet Doyle", "Samuel Fletcher"]

    async def main() -> list[httpx.Response]:
        calls = [
            acall(app, "POST", ROUTE, json=body("request", [f"My name is {p}."], trace), headers={"x-api-key": KEY_A})
            for p in people
        ]
        return list(await asyncio.gather(*calls))

    markers = []
    for resp in asyncio.run(main()):
        assert resp.status_code == 200 and resp.json()["action"] == "GUARDRAIL_INTERVENED", resp.text
        markers += PLACEHOLDER.findall(resp.json()["texts"][0])
    assert len(set(markers)) == len(people)  # no marker stands for two people
    back = guard(app, "response", [" ".join(markers)], trace)["texts"][0]
    assert all(p in back for p in people)


def test_the_example_proxy_config() -> None:
    import yaml

    from configs.settings import REPO_ROOT

    config = yaml.safe_load((REPO_ROOT / "configs" / "litellm" / "config.yaml").read_text(encoding="utf-8"))
    (pdt,) = config["guardrails"]
    params = pdt["litellm_params"]
    assert pdt["guardrail_name"] == "pdt" and params["guardrail"] == "generic_guardrail_api"
    assert params["mode"] == ["pre_call", "post_call"] and params["default_on"] is True
    assert params["api_key"] == "os.environ/PDT_GUARDRAIL_KEY" and params["api_base"].startswith("http://127.0.0.1:")
    assert params["streaming_transform_mode"] == "incremental_diff"
    assert params["unreachable_fallback"] == "fail_closed" and params["fail_on_error"] is True
    assert config["general_settings"]["master_key"] == "os.environ/LITELLM_MASTER_KEY"


def test_the_request_log_names_the_guardrails_action(app: Any, caplog: pytest.LogCaptureFixture) -> None:
    """A BLOCKED answer is a 200 that did not pass: the request's log line says so (types only)."""
    caplog.set_level(logging.INFO, logger="pdt.serve")
    actions = [
        guard(app, "request", ["How do I reset the router?"], _trace())["action"],
        guard(app, "request", ["Call Oliver Whitaker on +44 7700 900123."], _trace())["action"],
        guard(app, "request", ["Hi"], _trace(), images=["data:image/png;base64,AAAA"])["action"],
    ]
    assert actions == ["NONE", "GUARDRAIL_INTERVENED", "BLOCKED"]
    lines = [r.getMessage() for r in caplog.records if ROUTE in r.getMessage()]
    assert [line.rsplit(" ", 1)[-1] for line in lines[-3:]] == ["ok", "intervened", "blocked"]
    assert not any("Whitaker" in line or "7700" in line for line in lines)
