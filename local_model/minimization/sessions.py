"""The pseudonym map at rest: one encrypted record per conversation, behind a small store interface.

A served conversation keeps one :class:`~local_model.minimization.pseudonym.PseudonymMap` for its
whole life (placeholders stay stable across turns), and a :class:`ConversationMemo` (which spans
were found in which earlier message, and what the provider wrote for each earlier answer: keyed
hashes and offsets, no values).  Both live in a :class:`SessionRecord`; a :class:`SessionStore`
keeps records:

* **encrypted at rest** (envelope encryption): each session has its own data key (Fernet); the
  record is encrypted with it, and the data key is stored wrapped (encrypted) by the server key
  (``PDT_MAP_KEY`` / ``PDT_MAP_KEY_FILE``, :mod:`local_model.minimization.vault`).  The encrypted
  payload names its session and owner, so a record copied onto another row does not open.
  Erasure deletes the row: the wrapped key and the data go together;
* **scoped to an owner** (a keyed hash of the API key that created it): another owner's load,
  save or delete reads as "no such session" (:class:`SessionNotFoundError`, one error for
  absent, expired, erased and foreign, so ids cannot be probed);
* **expiring**: ``ttl_s`` from creation (the map's own TTL is the same); expired records are
  refused and purged;
* **capped**: at most ``max_entries`` values per map and ``max_sessions`` live sessions
  (:class:`SessionLimitError`);
* **versioned**: :meth:`SessionStore.save` is a compare-and-set on the version the record was
  loaded with; a concurrent writer makes it raise :class:`SessionConflictError` and the caller
  reloads and redoes its minimization (nothing was sent yet), so no entry is ever lost and no
  marker ever stands for two values.

Backends: :class:`SQLiteSessionStore` (default: one file, mode 0600 in a 0700 directory, WAL, safe
for several processes on one machine, ``secure_delete`` so erased pages are overwritten) and
:class:`RedisSessionStore` (several processes or machines; the compare-and-set is a Lua script).
Handoff records (kind and entity types only, never values) live in the same store.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from local_model.files import FILE_MODE, private_dir, tighten
from local_model.minimization.pseudonym import PseudonymMap, Style
from local_model.minimization.vault import server_key
from signatures.entities import Entity, Label
from signatures.errors import (
    SessionConflictError,
    SessionLimitError,
    SessionNotFoundError,
    SessionStoreError,
    VaultKeyError,
)

#: earlier messages whose detection results / provider answers a memo remembers
MEMO_ITEMS = 64


def new_session_id() -> str:
    """An unguessable session id (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


Span = tuple[int, int, str, float, str]


class ConversationMemo:
    """What a conversation remembers about its earlier messages, without holding their text.

    * ``spans``: keyed hash of a message -> the spans the detector found in it (offsets, type,
      score, source), so a history message is not detected again on every turn;
    * ``answers``: keyed hash of an answer as the customer received it -> the provider's text
      before re-identification (what already crossed the boundary), so an earlier answer that
      comes back as history is sent again exactly as the provider wrote it.

    The hash key is random per conversation (hashes cannot be linked across sessions); both
    tables keep the newest :data:`MEMO_ITEMS` entries."""

    def __init__(
        self,
        key: bytes | None = None,
        spans: dict[str, list[Span]] | None = None,
        answers: dict[str, str] | None = None,
    ) -> None:
        self._key = key or secrets.token_bytes(32)
        self._spans: dict[str, list[Span]] = dict(spans or {})
        self._answers: dict[str, str] = dict(answers or {})

    def __repr__(self) -> str:
        return f"ConversationMemo(spans={len(self._spans)}, answers={len(self._answers)})"

    def _ref(self, text: str) -> str:
        return hmac.new(self._key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]

    @staticmethod
    def _bound(table: dict[str, Any]) -> None:
        for k in list(table)[: max(0, len(table) - MEMO_ITEMS)]:
            del table[k]

    def entities(self, text: str) -> list[Entity] | None:
        """The remembered detection result for ``text``, rebuilt on it (or None)."""
        spans = self._spans.get(self._ref(text))
        if spans is None:
            return None
        try:
            out = [Entity.make(text, s, e, Label(label), score, source) for s, e, label, score, source in spans]
        except ValueError:
            return None
        return out if all(ent.verify(text) for ent in out) else None

    def remember_entities(self, text: str, entities: Sequence[Entity]) -> None:
        ref = self._ref(text)
        self._spans.pop(ref, None)
        self._spans[ref] = [(e.start, e.end, e.label.value, e.score, e.source) for e in entities]
        self._bound(self._spans)

    def provider_text(self, answer: str) -> str | None:
        """What the provider wrote for an answer the customer received, or None."""
        return self._answers.get(self._ref(answer))

    def remember_answer(self, answer: str, provider_text: str) -> None:
        ref = self._ref(answer)
        self._answers.pop(ref, None)
        self._answers[ref] = provider_text
        self._bound(self._answers)

    def to_state(self) -> dict[str, Any]:
        return {"key": self._key.hex(), "spans": self._spans, "answers": self._answers}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> ConversationMemo:
        spans = {k: [tuple(s) for s in v] for k, v in state.get("spans", {}).items()}
        return cls(bytes.fromhex(state["key"]), spans, dict(state.get("answers", {})))  # type: ignore[arg-type]


@dataclass
class SessionRecord:
    """One conversation: its map, its memo, who owns it and the version it was loaded at."""

    session_id: str
    owner: str
    version: int
    expires_at: float
    pmap: PseudonymMap
    memo: ConversationMemo = field(default_factory=ConversationMemo)
    data_key: bytes = field(default=b"", repr=False)

    def __repr__(self) -> str:
        return f"SessionRecord(version={self.version}, entries={len(self.pmap)})"


@dataclass
class Sealed:
    """A record as it is stored: the wrapped data key and the encrypted payload."""

    owner: str
    version: int
    expires_at: float
    wrapped_key: bytes
    data: bytes


class SessionStore(ABC):
    """Encrypted, owner-scoped, expiring, capped, versioned session records (see the module doc).

    Subclasses implement the storage primitives (``_insert``, ``_get``, ``_cas``, ``_delete``,
    ``_count``, ``_purge``, the handoff pair, ``ping``, ``close``); encryption, ownership, caps
    and expiry are done here once."""

    def __init__(
        self,
        key: str | bytes | None = None,
        ttl_s: float = 3600.0,
        max_entries: int = 500,
        max_sessions: int = 100_000,
        handoff_ttl_s: float = 7 * 86400.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        from cryptography.fernet import Fernet

        self._server = Fernet(server_key(key))
        self.ttl_s = ttl_s
        self.handoff_ttl_s = handoff_ttl_s
        self.max_entries = max_entries
        self.max_sessions = max_sessions
        self._clock = clock

    # ---- storage primitives
    @abstractmethod
    def _insert(self, session_id: str, sealed: Sealed) -> None: ...

    @abstractmethod
    def _get(self, session_id: str) -> Sealed | None: ...

    @abstractmethod
    def _cas(self, session_id: str, expected_version: int, sealed: Sealed) -> bool:
        """Replace the record when its version is still ``expected_version`` (and its owner
        ``sealed.owner``); False when it changed or is gone."""

    @abstractmethod
    def _delete(self, session_id: str, owner: str) -> bool: ...

    @abstractmethod
    def _count(self, now: float) -> int: ...

    @abstractmethod
    def _purge(self, now: float) -> int: ...

    @abstractmethod
    def _put_handoff(self, handoff_id: str, owner: str, expires_at: float, record: str) -> None: ...

    @abstractmethod
    def _get_handoff(self, handoff_id: str) -> tuple[str, float, str] | None: ...

    @abstractmethod
    def ping(self) -> None:
        """Raise :class:`SessionStoreError` unless the store answers."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Flush and release the store (nothing is kept in memory between requests)."""

    # ---- envelope encryption
    def _seal(self, record: SessionRecord) -> Sealed:
        from cryptography.fernet import Fernet

        payload = {
            "session_id": record.session_id,
            "owner": record.owner,
            "map": record.pmap.to_state(),
            "memo": record.memo.to_state(),
        }
        data = Fernet(record.data_key).encrypt(json.dumps(payload, ensure_ascii=False).encode("utf-8"))
        wrapped = self._server.encrypt(record.data_key)
        return Sealed(record.owner, record.version, record.expires_at, wrapped, data)

    def _open(self, session_id: str, sealed: Sealed) -> SessionRecord:
        from cryptography.fernet import Fernet, InvalidToken

        try:
            data_key = self._server.decrypt(sealed.wrapped_key)
            payload = json.loads(Fernet(data_key).decrypt(sealed.data))
        except (InvalidToken, ValueError):
            raise VaultKeyError(
                "a session record does not open with the server key (PDT_MAP_KEY / PDT_MAP_KEY_FILE changed, "
                "or the store is corrupted)"
            ) from None
        if payload.get("session_id") != session_id or payload.get("owner") != sealed.owner:
            raise SessionStoreError("a session record holds another session's data (the store was tampered with)")
        pmap = PseudonymMap.from_state(payload["map"], clock=self._clock)
        memo = ConversationMemo.from_state(payload["memo"])
        return SessionRecord(session_id, sealed.owner, sealed.version, sealed.expires_at, pmap, memo, data_key)

    # ---- the interface
    def new(self, owner: str, style: Style = "marker") -> SessionRecord:
        """A new, empty conversation owned by ``owner``, not stored yet (version 0: the first
        :meth:`save` inserts it), so a first turn costs one write."""
        from cryptography.fernet import Fernet

        now = self._clock()
        if self._count(now) >= self.max_sessions:
            self._purge(now)
            if self._count(now) >= self.max_sessions:
                raise SessionLimitError("sessions", f"the session store holds {self.max_sessions} live sessions")
        session_id = new_session_id()
        pmap = PseudonymMap(session_id, ttl_s=self.ttl_s, style=style, clock=self._clock)
        return SessionRecord(session_id, owner, 0, now + self.ttl_s, pmap, ConversationMemo(), Fernet.generate_key())

    def create(self, owner: str, style: Style = "marker") -> SessionRecord:
        """A new, empty conversation owned by ``owner``, stored at version 1."""
        record = self.new(owner, style)
        self.save(record)
        return record

    def load(self, session_id: str, owner: str) -> SessionRecord:
        sealed = self._get(session_id) if _plausible_id(session_id) else None
        if sealed is None or not hmac.compare_digest(sealed.owner, owner):
            raise SessionNotFoundError("no such session for this API key")
        if sealed.expires_at <= self._clock():
            self._delete(session_id, owner)
            raise SessionNotFoundError("no such session for this API key")
        return self._open(session_id, sealed)

    def save(self, record: SessionRecord) -> None:
        """Compare-and-set: store ``record`` if nobody changed the session since it was loaded
        (then ``record.version`` is the new version); :class:`SessionConflictError` otherwise."""
        if len(record.pmap) > self.max_entries:
            raise SessionLimitError(
                "entries",
                f"this conversation's map would hold more than {self.max_entries} values; start a new session",
            )
        new = SessionRecord(
            record.session_id,
            record.owner,
            record.version + 1,
            record.expires_at,
            record.pmap,
            record.memo,
            record.data_key,
        )
        if record.version == 0:
            self._insert(record.session_id, self._seal(new))
        elif not self._cas(record.session_id, record.version, self._seal(new)):
            if self._get(record.session_id) is None:
                raise SessionNotFoundError("no such session for this API key")
            raise SessionConflictError("the session changed since it was loaded; reload it and redo the turn")
        record.version = new.version

    def delete(self, session_id: str, owner: str) -> None:
        """Erasure: the record (wrapped key and data) is gone; the id answers 404 afterwards."""
        if not _plausible_id(session_id) or not self._delete(session_id, owner):
            raise SessionNotFoundError("no such session for this API key")

    def count(self) -> int:
        """Live (unexpired) sessions."""
        return self._count(self._clock())

    def purge_expired(self) -> int:
        return self._purge(self._clock())

    def put_handoff(self, owner: str, kind: str, labels: Sequence[str]) -> dict[str, Any]:
        """Record a handoff (kind and entity types only) and return it with its new id."""
        handoff: dict[str, Any] = {
            "id": "ho_" + secrets.token_urlsafe(12),
            "kind": kind,
            "labels": sorted(set(labels)),
            "created": int(self._clock()),
        }
        self._put_handoff(handoff["id"], owner, self._clock() + self.handoff_ttl_s, json.dumps(handoff))
        return handoff

    def get_handoff(self, handoff_id: str, owner: str) -> dict[str, Any]:
        found = self._get_handoff(handoff_id) if _plausible_id(handoff_id) else None
        if found is None or not hmac.compare_digest(found[0], owner) or found[1] <= self._clock():
            raise SessionNotFoundError("no such handoff for this API key")
        record: dict[str, Any] = json.loads(found[2])
        return record


def _plausible_id(value: str) -> bool:
    return 8 <= len(value) <= 64 and all(c.isalnum() or c in "-_" for c in value)


# ------------------------------------------------------------------ SQLite


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, owner TEXT NOT NULL, version INTEGER NOT NULL, "
    "expires_at REAL NOT NULL, wrapped_key BLOB NOT NULL, data BLOB NOT NULL)",
    "CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at)",
    "CREATE TABLE IF NOT EXISTS handoffs (id TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at REAL NOT NULL, "
    "record TEXT NOT NULL)",
)


class SQLiteSessionStore(SessionStore):
    """Sessions in one SQLite file (0600 in a 0700 directory; WAL, so several processes on one
    machine share it; ``secure_delete`` so an erased record's pages are overwritten)."""

    def __init__(self, path: str | Path, key: str | bytes | None = None, **kwargs: Any) -> None:
        super().__init__(key, **kwargs)
        self.path = Path(path)
        private_dir(self.path.parent)
        if self.path.is_symlink():
            raise SessionStoreError(f"refusing a session store behind a symbolic link: {self.path}")
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE)  # WAL and SHM files take this mode
        os.close(fd)
        tighten(self.path)
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        conn = self._conn()
        for statement in _SCHEMA:
            conn.execute(statement)

    def __repr__(self) -> str:
        return f"SQLiteSessionStore(path={str(self.path)!r})"

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
                conn.execute("PRAGMA secure_delete=ON")
                conn.execute("PRAGMA busy_timeout=10000")
            except sqlite3.Error as exc:
                raise SessionStoreError(f"cannot open the session store {self.path}: {type(exc).__name__}") from None
            self._local.conn = conn
            with self._lock:
                self._conns.append(conn)
        return conn

    def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a write statement (autocommit: one statement, one transaction); its row count."""
        try:
            cur = self._conn().execute(sql, params)
            count = cur.rowcount
            cur.close()
            return int(count)
        except sqlite3.Error as exc:
            raise SessionStoreError(f"session store {self.path}: {type(exc).__name__}") from None

    def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query; the cursor is closed at once, so no read transaction stays
        open (an open one could not be upgraded to a write when another process wrote since)."""
        try:
            cur = self._conn().execute(sql, params)
            try:
                return cur.fetchone()
            finally:
                cur.close()
        except sqlite3.Error as exc:
            raise SessionStoreError(f"session store {self.path}: {type(exc).__name__}") from None

    def _insert(self, session_id: str, sealed: Sealed) -> None:
        self._run(
            "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)",
            (session_id, sealed.owner, sealed.version, sealed.expires_at, sealed.wrapped_key, sealed.data),
        )

    def _get(self, session_id: str) -> Sealed | None:
        sql = "SELECT owner, version, expires_at, wrapped_key, data FROM sessions WHERE id = ?"
        row = self._one(sql, (session_id,))
        return None if row is None else Sealed(row[0], row[1], row[2], bytes(row[3]), bytes(row[4]))

    def _cas(self, session_id: str, expected_version: int, sealed: Sealed) -> bool:
        count = self._run(
            "UPDATE sessions SET version = ?, expires_at = ?, wrapped_key = ?, data = ? "
            "WHERE id = ? AND owner = ? AND version = ?",
            (sealed.version, sealed.expires_at, sealed.wrapped_key, sealed.data, session_id, sealed.owner,
             expected_version),
        )  # fmt: skip
        return count == 1

    def _delete(self, session_id: str, owner: str) -> bool:
        return self._run("DELETE FROM sessions WHERE id = ? AND owner = ?", (session_id, owner)) == 1

    def _count(self, now: float) -> int:
        return int(self._one("SELECT COUNT(*) FROM sessions WHERE expires_at > ?", (now,))[0])

    def _purge(self, now: float) -> int:
        n = self._run("DELETE FROM sessions WHERE expires_at <= ?", (now,))
        self._run("DELETE FROM handoffs WHERE expires_at <= ?", (now,))
        return n

    def _put_handoff(self, handoff_id: str, owner: str, expires_at: float, record: str) -> None:
        self._run("INSERT INTO handoffs VALUES (?, ?, ?, ?)", (handoff_id, owner, expires_at, record))

    def _get_handoff(self, handoff_id: str) -> tuple[str, float, str] | None:
        row = self._one("SELECT owner, expires_at, record FROM handoffs WHERE id = ?", (handoff_id,))
        return None if row is None else (row[0], row[1], row[2])

    def ping(self) -> None:
        self._one("SELECT 1")

    def close(self) -> None:
        """Checkpoint the WAL into the database file (and truncate it), then close."""
        with self._lock:
            conns, self._conns = self._conns, []
        for conn in conns:
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass  # another process holds the WAL; it checkpoints on its own close
            conn.close()
        self._local = threading.local()


# ------------------------------------------------------------------ Redis

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'version', ARGV[2], 'wrapped', ARGV[3], 'data', ARGV[4], 'exp', ARGV[5])
redis.call('PEXPIREAT', KEYS[1], ARGV[6])
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[7])
return 1
"""
_CAS = """
local owner = redis.call('HGET', KEYS[1], 'owner')
if not owner or owner ~= ARGV[1] then return -1 end
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[3], 'wrapped', ARGV[4], 'data', ARGV[5])
return 1
"""
_DELETE = """
local owner = redis.call('HGET', KEYS[1], 'owner')
if not owner or owner ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1
"""


class RedisSessionStore(SessionStore):
    """Sessions in Redis (several processes or machines share them).  Each session is a hash that
    expires with the session (``PEXPIREAT``); the compare-and-set and the owner checks run as Lua
    scripts, atomically on the server.  Redis holds only sealed (encrypted) records."""

    def __init__(self, url: str, key: str | bytes | None = None, prefix: str = "pdt:", **kwargs: Any) -> None:
        super().__init__(key, **kwargs)
        import redis

        self._redis_errors: tuple[type[BaseException], ...] = (redis.RedisError,)
        try:
            self._client = redis.Redis.from_url(url, socket_timeout=5.0, socket_connect_timeout=5.0)
        except ValueError:
            raise SessionStoreError("serve.session_store is not a valid redis:// URL") from None
        self._prefix = prefix
        self._index = f"{prefix}sessions"
        self._create = self._client.register_script(_CREATE)
        self._cas_script = self._client.register_script(_CAS)
        self._delete_script = self._client.register_script(_DELETE)

    def __repr__(self) -> str:
        return "RedisSessionStore()"

    def _key(self, session_id: str) -> str:
        return f"{self._prefix}s:{session_id}"

    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except self._redis_errors as exc:
            raise SessionStoreError(f"the Redis session store failed: {type(exc).__name__}") from None

    def _insert(self, session_id: str, sealed: Sealed) -> None:
        args = [sealed.owner, sealed.version, sealed.wrapped_key, sealed.data, repr(sealed.expires_at),
                int(sealed.expires_at * 1000), session_id]  # fmt: skip
        if not self._call(self._create, keys=[self._key(session_id), self._index], args=args):
            raise SessionStoreError("session id collision")

    def _get(self, session_id: str) -> Sealed | None:
        raw = self._call(self._client.hgetall, self._key(session_id))
        if not raw:
            return None
        return Sealed(
            raw[b"owner"].decode(),
            int(raw[b"version"]),
            float(raw[b"exp"]),
            bytes(raw[b"wrapped"]),
            bytes(raw[b"data"]),
        )

    def _cas(self, session_id: str, expected_version: int, sealed: Sealed) -> bool:
        args = [sealed.owner, expected_version, sealed.version, sealed.wrapped_key, sealed.data]
        return int(self._call(self._cas_script, keys=[self._key(session_id)], args=args)) == 1

    def _delete(self, session_id: str, owner: str) -> bool:
        args = [owner, session_id]
        return int(self._call(self._delete_script, keys=[self._key(session_id), self._index], args=args)) == 1

    def _count(self, now: float) -> int:
        self._call(self._client.zremrangebyscore, self._index, "-inf", int(now * 1000))
        return int(self._call(self._client.zcard, self._index))

    def _purge(self, now: float) -> int:
        return int(self._call(self._client.zremrangebyscore, self._index, "-inf", int(now * 1000)))

    def _put_handoff(self, handoff_id: str, owner: str, expires_at: float, record: str) -> None:
        key = f"{self._prefix}h:{handoff_id}"
        pipe = self._client.pipeline(transaction=True)
        pipe.hset(key, mapping={"owner": owner, "exp": repr(expires_at), "record": record})
        pipe.pexpireat(key, int(expires_at * 1000))
        self._call(pipe.execute)

    def _get_handoff(self, handoff_id: str) -> tuple[str, float, str] | None:
        raw = self._call(self._client.hgetall, f"{self._prefix}h:{handoff_id}")
        if not raw:
            return None
        return raw[b"owner"].decode(), float(raw[b"exp"]), raw[b"record"].decode()

    def ping(self) -> None:
        self._call(self._client.ping)

    def close(self) -> None:
        self._client.close()


def open_store(
    url: str,
    sqlite_path: Path | None,
    key: str | bytes | None = None,
    **kwargs: Any,
) -> SessionStore:
    """The store named by ``serve.session_store`` (``sqlite:///...`` or ``redis://...``)."""
    if sqlite_path is not None:
        return SQLiteSessionStore(sqlite_path, key, **kwargs)
    return RedisSessionStore(url, key, **kwargs)
