"""A real LiteLLM proxy (``.venv-litellm``, litellm 1.110.2) with our guardrail before and after
every call (``pre_call`` + ``post_call``, ``incremental_diff`` streaming), the recording provider
behind it echoing (it answers with the request's text, so every placeholder comes back) and a real
``python -m pipelines.serve`` process as the guardrail server, all on 127.0.0.1.  Assertions read
the provider's own record and what the client received.  Values are invented.

``integration``: the proxy and the server start in parallel (~25 s on 2 cores); the whole module
takes under a minute.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from configs.settings import REPO_ROOT
from eval.assistant_bench import leaked_values
from eval.recording_provider import request_text
from eval.synthetic_tickets import SyntheticTicket, conversations
from local_model.minimization.vault import new_key
from tests.conftest import free_port
from tests.curious_provider import CuriousProvider
from tests.polling import wait_until
from tests.serve_helpers import KEY_A, PLACEHOLDER, ServerProcess, sse_events, streamed_text

pytestmark = pytest.mark.integration

LITELLM = REPO_ROOT / ".venv-litellm" / "bin" / "litellm"
CONVERSATIONS, TURNS = 30, 3
IDENTIFYING = ("PERSON", "PHONE", "EMAIL", "IBAN", "NATIONAL_ID")
READY_S = 240


def echo_reply(body: dict[str, Any]) -> str:
    """The recording provider's echo as plain text: the request's last message comes back with its
    placeholders.  (``eval.recording_provider.echo_reply`` wraps it in JSON with non-ASCII letters
    escaped, ``m\\u00f3vil``, which the answer gate reads as a user name and blocks.)"""
    return "We received your request: " + request_text(body)


def proxy_config(provider_api_base: str, guardrail_port: int) -> str:
    """configs/litellm/config.yaml with the model at the provider and the guardrail at our server."""
    shipped = (REPO_ROOT / "configs" / "litellm" / "config.yaml").read_text(encoding="utf-8")
    assert "api_key: os.environ/PDT_GUARDRAIL_KEY" in shipped and "incremental_diff" in shipped
    guardrails = shipped[shipped.index("guardrails:") :].replace("127.0.0.1:8080", f"127.0.0.1:{guardrail_port}")
    model = (
        "model_list:\n  - model_name: curious\n    litellm_params:\n      model: openai/curious\n"
        f"      api_base: {provider_api_base}\n      api_key: unused\n\n"
    )
    return model + guardrails


class Proxy:
    """``.venv-litellm/bin/litellm --config CONFIG`` on a free loopback port."""

    def __init__(self, config: Path, run_dir: Path) -> None:
        if not LITELLM.is_file():
            pytest.fail(
                f"{LITELLM.relative_to(REPO_ROOT)} is missing: the LiteLLM proxy's venv .venv-litellm is installed "
                "by `bash scripts/install.sh` (unless INSTALL_LITELLM_PROXY=0); this test never skips",
                pytrace=False,
            )
        self.port = free_port()
        self.master_key = "sk-" + secrets.token_urlsafe(24)
        self.log_path = run_dir / "proxy.log"
        self._log = self.log_path.open("wb")
        env = {
            **os.environ,
            "LITELLM_MASTER_KEY": self.master_key,
            "PDT_GUARDRAIL_KEY": KEY_A,
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "NO_PROXY": "127.0.0.1,localhost",
        }
        command = [str(LITELLM), "--config", str(config), "--host", "127.0.0.1", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            command, env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True, cwd=run_dir
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, seconds: float) -> None:
        def answers() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError(f"the proxy exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            try:
                return httpx.get(self.url + "/health/liveliness", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(answers, seconds, lambda: f"the proxy to answer on /health/liveliness:\n{self.log()[-3000:]}", 0.2)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=20)
        self._log.close()


class Stack:
    def __init__(self, provider: CuriousProvider, server: ServerProcess, proxy: Proxy) -> None:
        self.provider, self.server, self.proxy = provider, server, proxy

    def chat(
        self, client: httpx.Client, messages: list[dict[str, str]], trace: str, stream: bool
    ) -> tuple[int, str, list[Any]]:
        """(status, the text the client received, the SSE events of a stream)."""
        headers = {"Authorization": f"Bearer {self.proxy.master_key}", "x-litellm-trace-id": trace}
        body = {"model": "curious", "messages": messages, "stream": stream}
        if not stream:
            resp = client.post(self.proxy.url + "/v1/chat/completions", json=body, headers=headers)
            text = resp.json()["choices"][0]["message"]["content"] if resp.status_code == 200 else resp.text
            return resp.status_code, text, []
        with client.stream("POST", self.proxy.url + "/v1/chat/completions", json=body, headers=headers) as resp:
            raw = resp.read().decode("utf-8")
        if resp.status_code != 200:
            return resp.status_code, raw, []
        events = sse_events(raw)
        return resp.status_code, streamed_text(events), events


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    run = tmp_path_factory.mktemp("guardrail-proxy")
    with CuriousProvider(reply=echo_reply) as provider:
        port = free_port()
        config = run / "config.yaml"
        config.write_text(proxy_config(provider.api_base, port), encoding="utf-8")
        proxy = Proxy(config, run)  # both start at once: the proxy's ~10 s hide in the server's ~30 s
        try:
            env = {"PDT_MODELS__SERVE__RATE_LIMIT_PER_MIN": "100000", "PDT_MODELS__SERVE__MAX_CONCURRENCY": "32"}
            with ServerProcess(
                provider.api_base, run / "server", new_key(), port=port, env=env, ready_s=READY_S
            ) as srv:
                proxy.wait_ready(READY_S)
                yield Stack(provider, srv, proxy)
        finally:
            proxy.stop()


def _provider_contents(provider: CuriousProvider, since: int) -> list[list[str]]:
    return [[str(m["content"]) for m in msgs] for msgs in provider.messages()[since:]]


def test_thirty_conversations_through_the_proxy(stack: Stack) -> None:
    convs = conversations(CONVERSATIONS, TURNS, seed=23)
    provider = stack.provider
    failures: list[str] = []
    with httpx.Client(timeout=60) as client:
        for i, conv in enumerate(convs):
            trace = f"conv-{i}-{secrets.token_hex(6)}"
            history: list[dict[str, str]] = []
            sent: list[list[str]] = []
            for k, text in enumerate(conv.turns):
                before = len(provider.requests)
                messages = [*history, {"role": "user", "content": text}]
                status, answer, _ = stack.chat(client, messages, trace, stream=(i + k) % 2 == 1)
                if status != 200:
                    failures.append(f"{conv.id} turn {k}: HTTP {status}")
                    break
                (received,) = _provider_contents(provider, before)  # exactly one call reached it
                assert not PLACEHOLDER.search(answer), (conv.id, k)  # every placeholder restored
                for label in IDENTIFYING:
                    for value in conv.values.get(label, []):
                        if value in text:
                            assert value in answer, (conv.id, k, label)  # restored to this trace's value
                if sent:  # stable: earlier messages reach the provider exactly as they did before
                    assert received[: len(sent[-1])] == sent[-1], (conv.id, k)
                    echoed = provider.requests[before - 1]
                    assert received[len(sent[-1])] == echo_reply(echoed), (conv.id, k)  # its own answer
                sent.append(received)
                history = [*messages, {"role": "assistant", "content": answer}]
    assert failures == []
    assert len(provider.requests) >= CONVERSATIONS * TURNS
    record = provider.text()
    for conv in convs:  # no raw direct or special-category value reached the provider
        ticket = SyntheticTicket(conv.id, "", conv.task, conv.language, conv.values)
        assert leaked_values(ticket, record, set()) == [], conv.id
    log = stack.server.log()
    for conv in convs:
        for value in (v for label in IDENTIFYING for v in conv.values.get(label, [])):
            assert value not in log, conv.id  # our log holds no value


def test_the_server_stopped_mid_run_the_proxy_refuses(stack: Stack) -> None:
    provider = stack.provider
    name, phone = "Cordelia Ashbourne", "+44 7700 900654"
    first = f"Hello, my name is {name} and my line {phone} drops every call."
    with httpx.Client(timeout=60) as client:
        status, answer, _ = stack.chat(client, [{"role": "user", "content": first}], "mid-run", stream=False)
        assert status == 200 and name in answer

        # the server dies while the provider is answering a stream: the answer's placeholders never
        # reach the client raw (the proxy cannot restore them, and it does not pass them on)
        def kill_then_echo(body: dict[str, Any]) -> str:
            stack.server.kill()
            return echo_reply(body)

        provider.reply = kill_then_echo
        before = len(provider.requests)
        again = f"{name} here again, still no signal on {phone}."
        messages = [{"role": "user", "content": first}, {"role": "assistant", "content": answer}]
        status, streamed, events = stack.chat(client, [*messages, {"role": "user", "content": again}], "mid-run", True)
        assert stack.server.proc.poll() is not None
        assert len(provider.requests) == before + 1  # the request had passed the guardrail, minimized
        assert not PLACEHOLDER.search(streamed) and name not in streamed
        assert status != 200 or any(isinstance(e, dict) and "error" in e for e in events), events
        provider.reply = echo_reply

        # and from now on every call is refused before the provider sees anything
        before = len(provider.requests)
        late = "I am Bartholomew Quince, my e-mail is b.quince@example.org."
        for stream in (False, True):
            status, text, _ = stack.chat(client, [{"role": "user", "content": late}], f"late-{stream}", stream)
            assert status >= 500, (stream, status)
            assert "Quince" not in text
        assert len(provider.requests) == before
    assert "Quince" not in provider.text() and name not in provider.text() and phone not in provider.text()
