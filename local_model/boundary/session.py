"""The guarded session: external calls are possible only inside one, checked against its map.

A session carries what the egress check needs about the request it guards: the pseudonym map of
the ticket (or conversation) and the entity types the declared task may send.  It lives in a
context variable, so concurrent requests (threads, asyncio tasks) never see each other's session.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from dataclasses import dataclass, field

from local_model.minimization.pseudonym import PseudonymMap
from signatures.entities import Label


@dataclass
class EgressSession:
    pmap: PseudonymMap
    allowed_labels: frozenset[Label] = frozenset()
    ticket_id: str = ""
    purpose: str = "external"
    sent: list[str] = field(default_factory=list)  # request hashes of this session
    check_s: float = 0.0  # time spent in the egress check
    ledger_s: float = 0.0  # time spent writing the ledger

    def __repr__(self) -> str:
        return f"EgressSession(entries={len(self.pmap)}, allowed={sorted(self.allowed_labels)}, sent={len(self.sent)})"


_SESSION: contextvars.ContextVar[EgressSession | None] = contextvars.ContextVar("egress_session", default=None)


def active_session() -> EgressSession | None:
    return _SESSION.get()


@contextlib.contextmanager
def guarded_session(
    pmap: PseudonymMap, allowed_labels: frozenset[Label] = frozenset(), ticket_id: str = ""
) -> Iterator[EgressSession]:
    """External calls are possible only inside this block, checked against ``pmap``."""
    session = EgressSession(pmap, frozenset(allowed_labels), ticket_id)
    token = _SESSION.set(session)
    try:
        yield session
    finally:
        _SESSION.reset(token)
