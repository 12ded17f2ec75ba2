"""The curious provider of the tests: :class:`eval.recording_provider.RecordingProvider` (an
OpenAI-compatible server on loopback that records every request body it receives), with the faults
of the fault-injection tests (``tests/test_faults.py``) added to its modes (all of its own modes
and behaviour are kept as they are):

* ``drop``: the connection is cut in the middle of the answer: streamed, after ``cut_after``
  chunks; unstreamed, after half of a body whose ``Content-Length`` promised all of it;
* ``stall``: streamed, ``cut_after`` chunks, then nothing until ``release`` is set (at most
  ``hang_s`` seconds), then the rest; unstreamed, nothing until then, then the answer;
* ``garbage``: HTTP 200 whose body is not JSON at all (an HTML page), streamed or not;
* ``hold``: every chat request waits until ``release`` is set (at most ``hang_s`` seconds), then
  is answered as in ``ok``.

With ``streams_only`` set, these modes apply to streamed requests only (the others are answered as
in ``ok``): a model that fails in the middle of its streamed answer after answering the calls before
it.  ``stalled`` is set when a request reaches its stall (``stall``, ``hold``), so a test waits for that
event instead of guessing how long the server takes to get there; ``release`` lets the request go
on.  ``reset()`` puts both back (release first, so no stalled request outlives the test).
"""

from __future__ import annotations

import json
import socket
import threading
from typing import Any

from eval.recording_provider import MODES, RecordingProvider, echo_reply, placeholder_reply

FAULT_MODES = ("drop", "stall", "garbage", "hold")
GARBAGE = b"<html><body><h1>502 Bad Gateway</h1>upstream sent nothing useful</body></html>\n"


class CuriousProvider(RecordingProvider):
    """:class:`RecordingProvider` with the modes of :data:`FAULT_MODES` (see the module doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cut_after = 6
        self.streams_only = False
        self.stalled = threading.Event()
        self.release = threading.Event()
        provider = self
        base: Any = self._handler

        class FaultHandler(base):  # type: ignore[misc, valid-type]
            def _hold(self) -> None:
                provider.stalled.set()
                provider.release.wait(provider.hang_s)

            def _send(self, code: int, payload: dict[str, Any]) -> None:
                mode = provider.mode
                if self.command != "POST" or mode not in FAULT_MODES or provider.streams_only:
                    super()._send(code, payload)
                    return
                if mode in ("stall", "hold"):
                    self._hold()
                if mode == "garbage":
                    self._raw(200, GARBAGE, "application/json")
                    return
                if mode == "drop":
                    body = json.dumps(payload).encode()
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self._cut()
                    return
                super()._send(code, payload)

            def _stream(self, body: dict[str, Any], content: str, mode: str) -> None:
                if mode not in FAULT_MODES:
                    super()._stream(body, content, mode)
                    return
                if mode == "hold":
                    self._hold()
                    super()._stream(body, content, "ok")
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                self.close_connection = True
                if mode == "garbage":
                    self.wfile.write(GARBAGE)
                    self.wfile.flush()
                    return
                size = provider.chunk_chars
                pieces = [content[i : i + size] for i in range(0, len(content), size)]
                try:
                    for n, piece in enumerate(pieces):
                        if n == provider.cut_after:
                            if mode == "drop":
                                self._cut()
                                return
                            self._hold()  # stall
                        self.wfile.write(provider.event(body, {"content": piece}))
                        self.wfile.flush()
                    self.wfile.write(provider.event(body, {}, "stop"))
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    provider.client_gone += 1  # the client stopped reading: stop generating

            def _cut(self) -> None:
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)

        self._handler = FaultHandler  # what a server listening again (after ``refuse``) is built with
        self.server.RequestHandlerClass = FaultHandler

    def set_mode(self, mode: str) -> None:
        """As :meth:`RecordingProvider.set_mode`, and the modes of :data:`FAULT_MODES`."""
        if mode not in FAULT_MODES:
            super().set_mode(mode)
            return
        if self.mode == "refuse":
            super().set_mode("ok")  # listen again
        self.mode = mode

    def reset(self) -> None:
        """Back to ``ok`` (faults on every request); a stalled request is let go first, the events
        are cleared."""
        self.release.set()
        self.set_mode("ok")
        self.streams_only = False
        self.stalled.clear()
        self.release.clear()

    def __enter__(self) -> CuriousProvider:
        super().__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()  # no handler thread stays stalled behind a closed server
        super().__exit__(*exc)


__all__ = ["FAULT_MODES", "MODES", "CuriousProvider", "echo_reply", "placeholder_reply"]
