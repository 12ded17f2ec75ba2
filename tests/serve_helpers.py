"""Shared by the serve tests: a service against the curious provider, ASGI calls, SSE parsing."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from configs.models import ModelsSettings, load_models
from configs.settings import load_settings
from local_model.minimization.vault import new_key, server_key
from pipelines.serve.auth import KeyRing
from pipelines.serve.service import ServeService
from tests.curious_provider import CuriousProvider
from tests.polling import wait_until

KEY_A = "key-a-0123456789abcdefghij"
KEY_B = "key-b-0123456789abcdefghij"
PLACEHOLDER = re.compile(r"<[A-Z_]+_\d+>")


def serve_models(
    provider: CuriousProvider, store: str, architecture: str = "minimize_then_external", **serve: Any
) -> ModelsSettings:
    """Models with the external role at ``provider`` and the session store at ``store``."""
    models = load_models(environ={})
    external = models.external.model_copy(
        update={"model": "openai/curious", "api_base": provider.api_base, "stand_in": False}
    )
    return models.model_copy(
        update={
            "external": external,
            "assistant": models.assistant.model_copy(update={"architecture": architecture}),
            "serve": models.serve.model_copy(update={"session_store": store, **serve}),
        }
    )


def build_service(provider: CuriousProvider, tmp: Path, **serve: Any) -> ServeService:
    models = serve_models(provider, f"sqlite:///{tmp / 'sessions.db'}", **serve)
    keyring = KeyRing([KEY_A, KEY_B], server_key())
    return ServeService(models, load_settings(environ={}), keyring, ledger_path=tmp / "ledger.jsonl")


@contextmanager
def running_service(provider: CuriousProvider, tmp: Path, **serve: Any) -> Iterator[ServeService]:
    """:func:`build_service` with a fresh map key of its own in the environment (what a module's
    ``service`` fixture needs); the service is closed and the key removed afterwards."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PDT_MAP_KEY", new_key())
    try:
        svc = build_service(provider, tmp, **serve)
        try:
            yield svc
        finally:
            svc.close()
    finally:
        mp.undo()


def auth(key: str = KEY_A, **headers: str) -> dict[str, str]:
    """Headers with the API key; ``X_Session_Id=...`` becomes ``X-Session-Id: ...``."""
    return {"Authorization": f"Bearer {key}", **{k.replace("_", "-"): v for k, v in headers.items()}}


async def acall(app: Any, method: str, url: str, **kwargs: Any) -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://serve.test") as client:
        return await client.request(method, url, **kwargs)


def call(app: Any, method: str, url: str, **kwargs: Any) -> httpx.Response:
    return asyncio.run(acall(app, method, url, **kwargs))


def chat_body(*messages: str, stream: bool = False, **extra: Any) -> dict[str, Any]:
    """A chat request: messages alternate user / assistant and end with the user's."""
    roles = ["user", "assistant"] * len(messages)
    start = 0 if len(messages) % 2 else 1
    msgs = [{"role": roles[start + i], "content": m} for i, m in enumerate(messages)]
    return {"model": "support", "messages": msgs, "stream": stream, **extra}


def sse_events(text: str) -> list[Any]:
    """The ``data:`` payloads of a server-sent-event body (``[DONE]`` as the string)."""
    out: list[Any] = []
    for block in text.split("\n\n"):
        if block.startswith("data: "):
            data = block[len("data: ") :]
            out.append(data if data == "[DONE]" else json.loads(data))
    return out


def streamed_text(events: list[Any]) -> str:
    return "".join(
        e["choices"][0]["delta"].get("content") or "" for e in events if isinstance(e, dict) and "choices" in e
    )


def reply_text(reply: dict[str, Any] | str) -> str:
    """The assistant's text of a completion body or an SSE body."""
    if isinstance(reply, str):
        return streamed_text(sse_events(reply))
    return str(reply["choices"][0]["message"]["content"])


def provider_user_texts(provider: CuriousProvider) -> list[str]:
    """Every non-system message content the provider received, one string per request."""
    return ["\n".join(str(m["content"]) for m in msgs if m["role"] != "system") for msgs in provider.messages()]


class ServerProcess:
    """``python -m pipelines.serve`` in a subprocess on a free loopback port (integration tests).

    The external role points at ``provider``; the session store, ledger and log live in
    ``run_dir``; ``env`` adds or overrides environment variables."""

    def __init__(
        self,
        provider_api_base: str,
        run_dir: Path,
        map_key: str,
        *args: str,
        env: dict[str, str] | None = None,
        port: int | None = None,
        ready_s: float | None = 300,
    ) -> None:
        import os
        import subprocess
        import sys

        from configs.settings import REPO_ROOT
        from tests.conftest import free_port

        self.run_dir = run_dir
        run_dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.env = {
            **os.environ,
            "HF_HUB_OFFLINE": "1",
            "HF_DATASETS_OFFLINE": "1",
            "PDT_MAP_KEY": map_key,
            "PDT_SERVE_API_KEYS": f"{KEY_A},{KEY_B}",
            "PDT_MODELS__EXTERNAL__MODEL": "openai/curious",
            "PDT_MODELS__EXTERNAL__API_BASE": provider_api_base,
            "PDT_MODELS__EXTERNAL__STAND_IN": "false",
            "PDT_MODELS__ASSISTANT__ARCHITECTURE": "minimize_then_external",
            "PDT_MODELS__SERVE__SESSION_STORE": f"sqlite:///{run_dir / 'sessions.db'}",
            "PDT_MODELS__EGRESS__LEDGER": str(run_dir / "ledger.jsonl"),
            "PDT_MODELS__SERVE__DRAIN_S": "20",
            **(env or {}),
        }
        self.log_path = run_dir / f"server-{self.port}.log"
        self._log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pipelines.serve", "--port", str(self.port), *args],
            cwd=REPO_ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # kill() takes the server's worker processes with it
        )
        if ready_s is not None:
            try:
                self.wait_ready(ready_s)
            except AssertionError:
                self.kill()
                raise

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, seconds: float, route: str = "/readyz") -> None:
        """Until ``route`` answers 200 (``/healthz``: until the server listens)."""

        def answers() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            try:
                return httpx.get(self.url + route, timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(answers, seconds, lambda: f"the server to answer 200 on {route}:\n{self.log()[-3000:]}", 0.2)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def terminate(self, timeout: float = 60) -> int:
        import signal

        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=timeout)
        if not self._log.closed:
            self._log.close()
        return code

    def kill(self) -> None:
        import os
        import signal

        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=30)
        if not self._log.closed:
            self._log.close()

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.kill()
        elif not self._log.closed:
            self._log.close()
