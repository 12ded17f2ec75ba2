"""A recording external provider: an OpenAI-compatible HTTP server on loopback that records every
request body it receives (the curious provider of the threat model), for tests and benchmarks.

It answers with a fixed reply built from the request (``reply=callable``), by echoing the request
back (``echo``), by naming every placeholder of the request (``placeholder_reply``), or by
forwarding the body to a real OpenAI-compatible server (``upstream="http://127.0.0.1:8011"``, the
local vLLM server).  Bound to 127.0.0.1 on a free (or given) port; ``requests`` holds the bodies
in order.

Like a real provider it streams (``"stream": true``: server-sent ``chat.completion.chunk`` events
of ``chunk_chars`` characters, ``chunk_delay_s`` apart, then ``data: [DONE]``; an unstreamed answer
takes as long as the same answer streamed), and it misbehaves
on demand (``mode``, changeable while it runs; ``delay_s`` before every answer):

* ``ok``: answers;
* ``429`` / ``500``: an HTTP error with an OpenAI error body (``Retry-After`` on 429);
* ``timeout``: answers only after ``hang_s`` seconds (longer than the client waits);
* ``malformed``: HTTP 200 with a body (or, streamed, an event) that is not JSON;
* ``disconnect``: closes the connection without an answer (streamed: after two chunks);
* ``refuse``: the listening socket is closed (connection refused) until ``mode`` changes back.

    python -m eval.recording_provider --upstream http://127.0.0.1:8011 --port 8099 --record FILE
    python -m eval.recording_provider --placeholders --delay 0.5 --port 8099 --record FILE

runs it standalone (Ctrl-C stops it); ``FILE`` gets one JSON line per request (the bodies as
received: a recording of what left the boundary, raw values included if any leaked, so it is
written 0600).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any

from local_model.files import open_private

Reply = Callable[[dict[str, Any]], str]
_REQUEST_FIELD = re.compile(r"\[\[ ## request ## \]\]\s*(.*?)(?:\[\[ ##|\Z)", re.S)


MODES = ("ok", "429", "500", "timeout", "malformed", "disconnect", "refuse")
PLACEHOLDER = re.compile(r"<[A-Z_]+_\d+>")


def request_text(body: dict[str, Any]) -> str:
    content = str(body.get("messages", [{}])[-1].get("content", ""))
    m = _REQUEST_FIELD.search(content)
    return (m.group(1) if m else content).strip()


def placeholder_reply(body: dict[str, Any]) -> str:
    """A support-style answer (as a DSPy JSON answer) that names every placeholder of the new
    request, so each must be restored by the caller; about 300 characters."""
    markers = list(dict.fromkeys(PLACEHOLDER.findall(request_text(body))))
    named = ", ".join(markers) if markers else "the details you gave"
    text = (
        f"Thank you for contacting us. We have reviewed your request about {named}. "
        "A technician has checked the line and the account, and the change will be active within "
        "24 hours. If anything is still wrong after that, reply to this message and we will look again."
    )
    return json.dumps({"response": text})


def echo_reply(body: dict[str, Any]) -> str:
    """Echo the request (as a DSPy JSON answer): every placeholder comes back."""
    content = str(body.get("messages", [{}])[-1].get("content", ""))
    m = _REQUEST_FIELD.search(content)
    request = (m.group(1) if m else content).strip()
    return json.dumps({"response": "We received your request: " + request[:1500]})


@contextlib.contextmanager
def external_role_at(provider: RecordingProvider) -> Iterator[None]:
    """The external role pointed at ``provider`` (environment overrides of ``configs/models.yaml``)
    for the duration of the block; the environment is restored afterwards."""
    env = {
        "PDT_MODELS__EXTERNAL__MODEL": "openai/curious",
        "PDT_MODELS__EXTERNAL__STAND_IN": "false",
        "PDT_MODELS__EXTERNAL__API_BASE": provider.api_base,
    }
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        return  # a client that went away (or a connection we dropped on purpose) is not news


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
        self.mode = "ok"
        self.delay_s = 0.0
        self.hang_s = 30.0
        self.chunk_chars = 8
        self.chunk_delay_s = 0.0
        self.client_gone = 0
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
                mode = provider.mode
                if provider.delay_s:
                    time.sleep(provider.delay_s)
                if mode in ("429", "500"):
                    self._error(int(mode))
                    return
                if mode == "timeout":
                    time.sleep(provider.hang_s)
                if mode == "disconnect" and not body.get("stream"):
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if mode == "malformed" and not body.get("stream"):
                    self._raw(200, b'{"id": "x", "choices": [{"message": ', "application/json")
                    return
                if provider.upstream is not None:
                    self._send(*provider._forward(body))
                    return
                assert provider.reply is not None
                content = provider.reply(body)
                if body.get("stream"):
                    self._stream(body, content, mode)
                    return
                if provider.chunk_delay_s:  # unstreamed answers take as long to generate as streamed ones
                    time.sleep(provider.chunk_delay_s * -(-len(content) // provider.chunk_chars))
                self._send(200, provider.completion(body, content))

            def _raw(self, code: int, payload: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
                self.send_response(code)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(payload)

            def _error(self, code: int) -> None:
                kind = "rate_limit_exceeded" if code == 429 else "server_error"
                payload = json.dumps({"error": {"type": kind, "message": f"provider says {code}"}}).encode()
                self._raw(code, payload, "application/json", {"Retry-After": "1"} if code == 429 else None)

            def _stream(self, body: dict[str, Any], content: str, mode: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                self.close_connection = True
                pieces = [content[i : i + provider.chunk_chars] for i in range(0, len(content), provider.chunk_chars)]
                try:
                    for n, piece in enumerate(pieces):
                        if mode == "disconnect" and n == 2:
                            self.connection.shutdown(socket.SHUT_RDWR)
                            return
                        if mode == "malformed" and n == 2:
                            self.wfile.write(b"data: {not json\n\n")
                            self.wfile.flush()
                            return
                        self.wfile.write(provider.event(body, {"content": piece}))
                        self.wfile.flush()
                        if provider.chunk_delay_s:
                            time.sleep(provider.chunk_delay_s)
                    self.wfile.write(provider.event(body, {}, "stop"))
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    provider.client_gone += 1  # the client stopped reading: stop generating

        self._handler = Handler
        self.server = _Server(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _note(self, body: dict[str, Any]) -> None:
        with self._lock:
            self.requests.append(body)
            if self._record is not None:
                self._record.write(json.dumps(body, ensure_ascii=False) + "\n")
                self._record.flush()

    def event(self, body: dict[str, Any], delta: dict[str, Any], finish: str | None = None) -> bytes:
        payload = {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": body.get("model", self.model),
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        return b"data: " + json.dumps(payload).encode() + b"\n\n"

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

    def set_mode(self, mode: str) -> None:
        """Change how the provider answers (see the module docstring); ``refuse`` stops listening."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        if mode == "refuse" and self.mode != "refuse":
            self.server.shutdown()
            self.server.socket.close()
        elif mode != "refuse" and self.mode == "refuse":
            self._listen()
        self.mode = mode

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

    def _listen(self) -> None:
        port = self.server.server_address[1]
        self.server = _Server(("127.0.0.1", port), self._handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def __enter__(self) -> RecordingProvider:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.mode != "refuse":
            self.server.shutdown()
        self.server.server_close()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.recording_provider", description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--upstream", help="forward to this OpenAI-compatible server (e.g. http://127.0.0.1:8011)")
    mode.add_argument("--echo", action="store_true", help="echo each request back")
    mode.add_argument("--placeholders", action="store_true", help="answer naming every placeholder of the request")
    parser.add_argument("--port", type=int, default=8099)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before every answer (a slow provider)")
    parser.add_argument("--chunk-delay", type=float, default=0.0, help="seconds per chunk of the answer (generation)")
    parser.add_argument("--chunk-chars", type=int, default=8, help="characters per streamed chunk")
    parser.add_argument("--mode", choices=MODES, default="ok", help="misbehave from the start (tests)")
    parser.add_argument("--record", type=Path, required=True, help="JSONL file of the request bodies (0600)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    with open_private(args.record, "a") as record:
        reply = echo_reply if args.echo else placeholder_reply if args.placeholders else None
        with RecordingProvider(reply=reply, upstream=args.upstream, port=args.port, record=record) as provider:
            provider.delay_s, provider.chunk_delay_s, provider.chunk_chars = (
                args.delay,
                args.chunk_delay,
                args.chunk_chars,
            )
            provider.set_mode(args.mode)
            print(f"recording provider at {provider.api_base} -> {args.record}", flush=True)
            stop.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
