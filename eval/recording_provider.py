"""A recording external provider: an OpenAI-compatible HTTP server on loopback that records every
request body it receives (the curious provider of the threat model), for tests and benchmarks.

It answers with a fixed reply built from the request (``reply=callable``), by echoing the request
back (``echo``), or by forwarding the body to a real OpenAI-compatible server
(``upstream="http://127.0.0.1:8011"``, the local vLLM server).  Bound to 127.0.0.1 on a free (or
given) port; ``requests`` holds the bodies in order.

    python -m eval.recording_provider --upstream http://127.0.0.1:8011 --port 8099 --record FILE

runs it standalone (Ctrl-C stops it); ``FILE`` gets one JSON line per request (the bodies as
received: a recording of what left the boundary, raw values included if any leaked, so it is
written 0600).
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any

from local_model.files import open_private

Reply = Callable[[dict[str, Any]], str]
_REQUEST_FIELD = re.compile(r"\[\[ ## request ## \]\]\s*(.*?)(?:\[\[ ##|\Z)", re.S)


def echo_reply(body: dict[str, Any]) -> str:
    """Echo the request (as a DSPy JSON answer): every placeholder comes back."""
    content = str(body.get("messages", [{}])[-1].get("content", ""))
    m = _REQUEST_FIELD.search(content)
    request = (m.group(1) if m else content).strip()
    return json.dumps({"response": "We received your request: " + request[:1500]})


class RecordingProvider:
    def __init__(
        self,
        reply: Reply | None = None,
        upstream: str | None = None,
        model: str = "curious",
        port: int = 0,
        record: IO[str] | None = None,
    ) -> None:
        if (reply is None) == (upstream is None):
            raise ValueError("give exactly one of reply= or upstream=")
        self.reply = reply
        self.upstream = upstream
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self._record = record
        self._lock = threading.Lock()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet: never log bodies
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
                provider._note(body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": "not found"})
                    return
                if provider.upstream is not None:
                    self._send(*provider._forward(body))
                    return
                assert provider.reply is not None
                self._send(200, provider.completion(body, provider.reply(body)))

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _note(self, body: dict[str, Any]) -> None:
        with self._lock:
            self.requests.append(body)
            if self._record is not None:
                self._record.write(json.dumps(body, ensure_ascii=False) + "\n")
                self._record.flush()

    def completion(self, body: dict[str, Any], content: str) -> dict[str, Any]:
        return {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", self.model),
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }

    def _forward(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        assert self.upstream is not None
        req = urllib.request.Request(
            self.upstream.rstrip("/") + "/v1/chat/completions",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=300) as resp:
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

    def text(self) -> str:
        """Everything received, as one string (for leak searches)."""
        with self._lock:
            return "\n".join(json.dumps(b, ensure_ascii=False) for b in self.requests)

    def __enter__(self) -> RecordingProvider:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.recording_provider", description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--upstream", help="forward to this OpenAI-compatible server (e.g. http://127.0.0.1:8011)")
    mode.add_argument("--echo", action="store_true", help="echo each request back")
    parser.add_argument("--port", type=int, default=8099)
    parser.add_argument("--record", type=Path, required=True, help="JSONL file of the request bodies (0600)")
    args = parser.parse_args(argv)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    with open_private(args.record, "a") as record:
        reply = echo_reply if args.echo else None
        with RecordingProvider(reply=reply, upstream=args.upstream, port=args.port, record=record) as provider:
            print(f"recording provider at {provider.api_base} -> {args.record}", flush=True)
            stop.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
