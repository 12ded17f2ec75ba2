"""The session store: encrypted at rest, owner-scoped, expiring, capped, compare-and-set.

SQLite tests run in the quick loop; the same tests against Redis (a real ``redis-server`` on a free
loopback port, started by the ``redis_url`` fixture) are ``integration``.  Values are invented.
"""

from __future__ import annotations

import secrets
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from local_model.minimization.sessions import (
    ConversationMemo,
    RedisSessionStore,
    SessionStore,
    SQLiteSessionStore,
)
from local_model.minimization.vault import new_key
from signatures.entities import Entity, Label
from signatures.errors import (
    SessionConflictError,
    SessionLimitError,
    SessionNotFoundError,
    SessionStoreError,
    VaultKeyError,
)

NAME = "Zorwena Quillfeather"
PHONE = "+44 7700 900432"


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


StoreFactory = Callable[..., SessionStore]


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.integration)])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    key = new_key()
    made: list[SessionStore] = []

    def factory(**kwargs: object) -> SessionStore:
        kwargs.setdefault("key", key)
        if request.param == "sqlite":
            store: SessionStore = SQLiteSessionStore(tmp_path / "runs" / "sessions.db", **kwargs)  # type: ignore[arg-type]
        else:
            url = request.getfixturevalue("redis_url")
            # a fresh prefix per store: ids of dead objects are reused, and one Redis server
            # serves the whole session (another test's sessions in the index broke a count)
            store = RedisSessionStore(url, prefix=f"t{secrets.token_hex(8)}:", **kwargs)  # type: ignore[arg-type]
        made.append(store)
        return store

    yield factory
    for store in made:
        store.close()


def _fill(store: SessionStore, owner: str = "owner-a") -> str:
    record = store.create(owner)
    record.pmap.pseudonym_for(Label.PERSON, NAME)
    record.pmap.pseudonym_for(Label.PHONE, PHONE)
    store.save(record)
    return record.session_id


def test_round_trip_keeps_placeholders(make_store: StoreFactory) -> None:
    store = make_store()
    sid = _fill(store)
    loaded = store.load(sid, "owner-a")
    assert loaded.version == 2
    assert loaded.pmap.reinject("<PERSON_1> on <PHONE_1>").text == f"{NAME} on {PHONE}"
    assert loaded.pmap.pseudonym_for(Label.PERSON, NAME) == "<PERSON_1>"  # stable


def test_sqlite_file_holds_no_plaintext_and_is_private(tmp_path: Path) -> None:
    store = SQLiteSessionStore(tmp_path / "runs" / "sessions.db", new_key())
    sid = _fill(store)
    store.close()
    blobs = b"".join(p.read_bytes() for p in (tmp_path / "runs").iterdir())
    for value in (NAME, PHONE, "Quillfeather", "900432"):
        assert value.encode() not in blobs
    assert stat.S_IMODE((tmp_path / "runs").stat().st_mode) == 0o700
    for path in (tmp_path / "runs").iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
    assert sid.encode() in blobs  # the id is the row key; ids are random and carry no data


def test_another_owner_sees_nothing(make_store: StoreFactory) -> None:
    store = make_store()
    sid = _fill(store)
    with pytest.raises(SessionNotFoundError):
        store.load(sid, "owner-b")
    with pytest.raises(SessionNotFoundError):
        store.delete(sid, "owner-b")
    assert store.load(sid, "owner-a").session_id == sid  # still there


def test_erasure_removes_key_and_data(make_store: StoreFactory) -> None:
    store = make_store()
    sid = _fill(store)
    store.delete(sid, "owner-a")
    with pytest.raises(SessionNotFoundError):
        store.load(sid, "owner-a")
    with pytest.raises(SessionNotFoundError):
        store.delete(sid, "owner-a")


def test_sessions_expire(make_store: StoreFactory) -> None:
    clock = Clock()
    store = make_store(ttl_s=60, clock=clock)
    sid = _fill(store)
    clock.now += 59
    store.load(sid, "owner-a")
    clock.now += 2
    with pytest.raises(SessionNotFoundError):
        store.load(sid, "owner-a")
    assert store.count() == 0


def test_entry_cap(make_store: StoreFactory) -> None:
    store = make_store(max_entries=3)
    record = store.create("owner-a")
    for n in range(4):
        record.pmap.pseudonym_for(Label.PERSON, f"Person Number{n}")
    with pytest.raises(SessionLimitError) as info:
        store.save(record)
    assert info.value.what == "entries"


def test_session_cap(make_store: StoreFactory) -> None:
    store = make_store(max_sessions=2)
    store.create("owner-a")
    store.create("owner-a")
    with pytest.raises(SessionLimitError) as info:
        store.create("owner-a")
    assert info.value.what == "sessions"


def test_compare_and_set_refuses_a_stale_writer(make_store: StoreFactory) -> None:
    store = make_store()
    sid = _fill(store)
    first = store.load(sid, "owner-a")
    second = store.load(sid, "owner-a")
    first.pmap.pseudonym_for(Label.PERSON, "Ulrika Thornwood")
    store.save(first)
    second.pmap.pseudonym_for(Label.PERSON, "Benedikt Marrowgate")
    with pytest.raises(SessionConflictError):
        store.save(second)  # would have given <PERSON_2> a second value


def test_concurrent_writers_never_lose_an_entry(make_store: StoreFactory) -> None:
    """Threads add values to one session with load -> add -> compare-and-set -> retry on
    conflict: every value ends up in the map, each under its own marker."""
    store = make_store()
    sid = store.create("owner-a").session_id
    conflicts = [0]
    lock = threading.Lock()

    def writer(k: int) -> None:
        for n in range(5):
            value = f"Writer{k} Value{n}"
            while True:
                record = store.load(sid, "owner-a")
                record.pmap.pseudonym_for(Label.PERSON, value)
                try:
                    store.save(record)
                    break
                except SessionConflictError:
                    with lock:
                        conflicts[0] += 1

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = store.load(sid, "owner-a")
    values = {v for _, v in final.pmap.values()}
    assert values == {f"Writer{k} Value{n}" for k in range(4) for n in range(5)}
    assert len(final.pmap.pseudonyms()) == 20
    assert final.version == 21


def test_wrong_server_key_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    sid = _fill(SQLiteSessionStore(path, new_key()))
    with pytest.raises(VaultKeyError):
        SQLiteSessionStore(path, new_key()).load(sid, "owner-a")


def test_a_record_moved_to_another_row_does_not_open(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "s.db"
    store = SQLiteSessionStore(path, new_key())
    a, b = _fill(store), _fill(store)
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT wrapped_key, data FROM sessions WHERE id = ?", (a,)).fetchone()
    conn.execute("UPDATE sessions SET wrapped_key = ?, data = ? WHERE id = ?", (row[0], row[1], b))
    conn.commit()
    conn.close()
    with pytest.raises(SessionStoreError):
        store.load(b, "owner-a")


def test_handoffs_are_owner_scoped_and_types_only(make_store: StoreFactory) -> None:
    store = make_store()
    handoff = store.put_handoff("owner-a", "answer-leak", ["PERSON", "PHONE", "PERSON"])
    assert store.get_handoff(handoff["id"], "owner-a") == handoff
    assert handoff["labels"] == ["PERSON", "PHONE"]
    with pytest.raises(SessionNotFoundError):
        store.get_handoff(handoff["id"], "owner-b")
    with pytest.raises(SessionNotFoundError):
        store.get_handoff("ho_unknown-id", "owner-a")


def test_the_memo_holds_offsets_and_hashes_not_text() -> None:
    memo = ConversationMemo()
    text = f"I am {NAME}, call {PHONE}"
    ents = [Entity.make(text, 5, 5 + len(NAME), Label.PERSON, 0.9, "ner")]
    memo.remember_entities(text, ents)
    memo.remember_answer(f"Dear {NAME}", "Dear <PERSON_1>")
    state = memo.to_state()
    assert NAME not in str(state) and PHONE not in str(state)
    again = ConversationMemo.from_state(state)
    assert again.entities(text) == ents
    assert again.provider_text(f"Dear {NAME}") == "Dear <PERSON_1>"
    assert again.entities(text + " ") is None
    other = ConversationMemo()
    other.remember_entities(text, ents)
    assert other.to_state()["spans"].keys() != state["spans"].keys()  # hashes differ per session
