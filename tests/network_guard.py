"""A guard on every way Python opens a connection or asks for an address: what the boundary's
runtime tests (``tests/test_boundary_runtime.py``) and the HTTP fuzzing run under.  Standard
library only: the CLI test ships the class's source into a fresh interpreter's sitecustomize."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterable
from typing import Any


class NetworkGuard:
    """Lets connections and name lookups through to ``allowed`` (host, port) pairs only; anything
    else raises ConnectionRefusedError before it happens and is recorded in ``refused``.  Standard
    library only: the CLI test ships this class's source into a fresh interpreter."""

    def __init__(self, allowed: Iterable[tuple[str, int]]) -> None:
        self.allowed = {(str(host), int(port)) for host, port in allowed}
        self.hosts = {host for host, _ in self.allowed}
        self.refused: list[str] = []
        self.passed: list[str] = []
        self._lock = threading.Lock()

    @staticmethod
    def _port(port: Any) -> int | None:
        if isinstance(port, bytes):
            port = port.decode("ascii", "replace")
        if isinstance(port, int):
            return port
        return int(port) if isinstance(port, str) and port.isdigit() else None

    def check(self, what: str, host: Any, port: Any = None, host_only: bool = False) -> None:
        if isinstance(host, bytes):
            host = host.decode("ascii", "replace")
        ok = host in self.hosts if host_only else (host, self._port(port)) in self.allowed
        entry = f"{what} {host}" + ("" if host_only else f":{port}")
        with self._lock:
            (self.passed if ok else self.refused).append(entry)
        if not ok:
            raise ConnectionRefusedError(f"network guard: {entry} refused (not the provider or the local model)")

    def _address(self, what: str, address: Any) -> None:
        if isinstance(address, tuple) and len(address) >= 2:
            self.check(what, address[0], address[1])
        else:  # AF_UNIX paths, abstract sockets, anything else
            self.check(what, repr(address), None)

    def install(self, setattr_: Callable[[Any, str, Any], None]) -> None:
        """Patch ``socket`` with ``setattr_`` (``monkeypatch.setattr`` here, ``setattr`` in a child)."""
        guard, sock = self, socket.socket
        connect, connect_ex, sendto = sock.connect, sock.connect_ex, sock.sendto
        create_connection, getaddrinfo = socket.create_connection, socket.getaddrinfo
        gethostbyname, gethostbyname_ex = socket.gethostbyname, socket.gethostbyname_ex

        def guarded_connect(self: socket.socket, address: Any) -> None:
            guard._address("connect", address)
            return connect(self, address)

        def guarded_connect_ex(self: socket.socket, address: Any) -> int:
            guard._address("connect_ex", address)
            return connect_ex(self, address)

        def guarded_sendto(self: socket.socket, data: Any, *args: Any) -> int:
            guard._address("sendto", args[-1] if args else None)
            return sendto(self, data, *args)  # type: ignore[call-arg]

        def guarded_create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
            guard._address("create_connection", address)
            return create_connection(address, *args, **kwargs)

        def guarded_getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
            guard.check("getaddrinfo", host, port)
            return getaddrinfo(host, port, *args, **kwargs)

        def guarded_gethostbyname(host: str) -> str:
            guard.check("gethostbyname", host, host_only=True)
            return gethostbyname(host)

        def guarded_gethostbyname_ex(host: str) -> Any:
            guard.check("gethostbyname_ex", host, host_only=True)
            return gethostbyname_ex(host)

        setattr_(sock, "connect", guarded_connect)
        setattr_(sock, "connect_ex", guarded_connect_ex)
        setattr_(sock, "sendto", guarded_sendto)
        setattr_(socket, "create_connection", guarded_create_connection)
        setattr_(socket, "getaddrinfo", guarded_getaddrinfo)
        setattr_(socket, "gethostbyname", guarded_gethostbyname)
        setattr_(socket, "gethostbyname_ex", guarded_gethostbyname_ex)


# ------------------------------------------------------------------ tickets, fake models
