"""The egress ledger: an append-only JSONL file of what left the boundary (minimized text only).

Each record is one ``O_APPEND`` write followed by ``fsync``; the file is created with mode 0600 in
a 0700 directory and an existing file (or directory) is tightened to those modes, whatever it was
before.  Ticket ids are stored as keyed hashes (an id can be an e-mail address).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
from pathlib import Path
from typing import Any

from local_model.files import private_dir, tighten


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
        line = (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8", "surrogatepass")
        with self._lock:
            if not self._ready:
                self._prepare()
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.fchmod(fd, 0o600)
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)

    def read(self) -> list[dict[str, Any]]:
        if not self.path.is_file():
            return []
        with self.path.open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
