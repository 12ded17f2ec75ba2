"""A curious external provider for the tests: an OpenAI-compatible HTTP server that records
every request body it receives.

It answers either with a fixed reply built from the request (``reply=callable``) or by
forwarding the body to a real OpenAI-compatible server (``upstream="http://127.0.0.1:8011"``,
the local vLLM server).  Bound to 127.0.0.1 on a free port.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[dict[str, Any]], str]


class CuriousProvider:
    def __init__(self, reply: Reply | None = None, upstream: str | None = None, model: str = "curious") -> None:
        if (reply is None) == (upstream is None):
            raise ValueError("give exactly one of reply= or upstream=")
        self.reply = reply
        self.upstream = upstream
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def _send(self, code: int, payload: dict[str, Any]) -> None:
                body = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": provider.model, "object": "model"}]})
                else:
                    self._send(404, {"error": "not found"})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                with provider._lock:
                    provider.requests.append(body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": "not found"})
                    return
                if provider.upstream is not None:
                    self._send(*provider._forward(body))
                    return
                assert provider.reply is not None
                content = provider.reply(body)
                self._send(
                    200,
                    {
                        "id": f"chatcmpl-{len(provider.requests)}",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        "model": body.get("model", provider.model),
                        "choices": [
                            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}
                        ],
                        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
                    },
                )

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _forward(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        assert self.upstream is not None
        req = urllib.request.Request(
            self.upstream.rstrip("/") + "/v1/chat/completions",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return exc.code, {"error": exc.read().decode(errors="replace")}

    @property
    def api_base(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def messages(self) -> list[list[dict[str, Any]]]:
        """The chat messages of every chat-completion request received, in order."""
        with self._lock:
            return [
                [{"role": m.get("role"), "content": m.get("content")} for m in body.get("messages", [])]
                for body in self.requests
                if "messages" in body
            ]

    def __enter__(self) -> CuriousProvider:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
