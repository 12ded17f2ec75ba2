"""The egress ledger: an append-only JSONL file of what left the boundary (minimized text only).

Each record is one ``O_APPEND`` write followed by ``fsync``, under an exclusive ``flock`` (several
processes may share the file); the file is created with mode 0600 in a 0700 directory and an
existing file (or directory) is tightened to those modes, whatever it was before.  Ticket ids are
stored as keyed hashes (an id can be an e-mail address).

A record that cannot be written (disk full, read-only file system, an I/O error) raises
:class:`~signatures.errors.EgressLedgerError` and leaves no partial line behind (a short write is
cut back off the file).  The egress gate writes a request's record **before** the request is sent
(status ``sending``), so a ledger that cannot be written stops the request; the outcome record
(``sent`` / ``failed``, with latency and token counts) follows when the call ends, and
:meth:`EgressLedger.read` returns one record per request.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import hmac
import json
import os
import secrets
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

from local_model.files import private_dir, tighten
from signatures.errors import EgressLedgerError

#: the status of a write-ahead record (the request is about to leave) and of its outcomes
PENDING = "sending"
OUTCOMES = ("sent", "failed")


def request_hash(messages: list[dict[str, Any]]) -> str:
    """SHA-256 of the canonical JSON of the messages (what the provider receives)."""
    canon = json.dumps([{"role": m.get("role"), "content": m.get("content")} for m in messages], sort_keys=True)
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


class EgressLedger:
    """Append-only JSONL file of what left the boundary (minimized text only, never the map).

    ``id_key``: the key of the keyed hash of ticket ids (random per ledger object unless given;
    give the same key to link records of one ticket across runs)."""

    def __init__(self, path: str | Path, id_key: bytes | None = None) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._id_key = id_key or secrets.token_bytes(32)
        self._ready = False

    def __repr__(self) -> str:
        return f"EgressLedger(path={str(self.path)!r})"

    def ticket_ref(self, ticket_id: str) -> str:
        """Keyed hash of a ticket id: links records of one ticket without storing the id."""
        if not ticket_id:
            return ""
        return hmac.new(self._id_key, ticket_id.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:16]

    def _prepare(self) -> None:
        private_dir(self.path.parent)
        if self.path.exists():
            tighten(self.path)
        self._ready = True

    def append(self, record: dict[str, Any]) -> None:
        """Append one record, durably (``fsync``); :class:`EgressLedgerError` when it cannot be
        written (then no part of it stays in the file, as far as the file system lets it be cut back)."""
        line = (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8", "surrogatepass")
        with self._lock:
            try:
                if not self._ready:
                    self._prepare()
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX)  # released by close
                    os.fchmod(fd, 0o600)
                    _append_all(fd, line)
                finally:
                    os.close(fd)
            except OSError as exc:
                name = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
                raise EgressLedgerError(
                    f"the egress ledger cannot be written ({name}); the request it would record is not sent"
                ) from None

    def read(self, raw: bool = False) -> list[dict[str, Any]]:
        """The records, one per request: its outcome (``sent``, ``failed``, ``blocked``), and a
        write-ahead record (``sending``) only where no outcome follows it (the process stopped, or
        the outcome could not be written, while the request was out: it may have left).
        ``raw=True``: every line as written."""
        if not self.path.is_file():
            return []
        with self.path.open(encoding="utf-8") as fh:
            records = [json.loads(line) for line in fh if line.strip()]
        if raw:
            return records
        pending: dict[tuple[Any, ...], list[int]] = defaultdict(list)
        done: set[int] = set()
        for i, r in enumerate(records):
            key = (r.get("ts"), r.get("session"), r.get("request_sha256"))
            if r.get("status") == PENDING:
                pending[key].append(i)
            elif r.get("status") in OUTCOMES and pending[key]:
                done.add(pending[key].pop(0))
        return [r for i, r in enumerate(records) if i not in done]


def _append_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` at the end of the (locked) file and ``fsync``; on any failure the file
    is cut back to its length before the write (no partial line stays) and the error is raised."""
    start = os.fstat(fd).st_size
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            if written <= 0:
                raise OSError(errno.EIO, "the ledger write made no progress")
            view = view[written:]
        os.fsync(fd)
    except OSError:
        try:
            os.ftruncate(fd, start)
        except OSError:
            pass  # a read-only or failing file system: nothing more can be done here
        raise
