"""The guarded session: external calls are possible only inside one, checked against its map.

A session carries what the egress check needs about the request it guards: the pseudonym map of
the ticket (or conversation), the values of needed types the customer sends on purpose (``kept``)
and the raw inputs (to tell a leak of the customer's data from a value the model invented).  It
lives in a context variable, so concurrent requests (threads, asyncio tasks) never see each
other's session.  Nothing in it is ever logged: ``repr`` shows counts.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from local_model.boundary.egress import KeptValues
from local_model.boundary.provenance import Provenance
from local_model.minimization.pseudonym import PseudonymMap
from signatures.entities import Label


@dataclass
class EgressSession:
    pmap: PseudonymMap
    kept: KeptValues = field(default_factory=KeptValues)
    #: the raw inputs of the ticket/session; None: unknown, so every detected identifier blocks
    inputs: Provenance | None = None
    ticket_id: str = ""
    #: the customer-derived texts the request carries (the minimized turn, earlier messages): only
    #: they are run through the detector and rewritten; None: every message is checked whole
    customer: tuple[str, ...] | None = None
    #: strings the pipeline let through or wrote (technical strings it kept, its generalisations):
    #: a detection inside one of them is not a leak
    vouched: tuple[str, ...] = ()
    purpose: str = "external"
    sent: list[str] = field(default_factory=list)  # request hashes of this session
    stripped: list[str] = field(default_factory=list)  # labels of invented identifiers removed
    blocked: list[str] = field(default_factory=list)  # labels of blocked requests
    #: the ledger records of the requests that left in this session (minimized text only)
    records: list[dict[str, Any]] = field(default_factory=list)
    checks: int = 0  # egress checks run
    check_s: float = 0.0  # time spent in the egress check
    ledger_s: float = 0.0  # time spent writing the ledger

    def __repr__(self) -> str:
        return f"EgressSession(entries={len(self.pmap)}, sent={len(self.sent)}, stripped={len(self.stripped)})"


_SESSION: contextvars.ContextVar[EgressSession | None] = contextvars.ContextVar("egress_session", default=None)


def active_session() -> EgressSession | None:
    return _SESSION.get()


@contextlib.contextmanager
def guarded_session(
    pmap: PseudonymMap,
    kept: Iterable[tuple[Label, str]] = (),
    inputs: Iterable[str] | None = None,
    ticket_id: str = "",
    customer: Iterable[str] | None = None,
    vouched: Iterable[str] = (),
) -> Iterator[EgressSession]:
    """External calls are possible only inside this block, checked against ``pmap``.

    ``kept``: (label, raw value) pairs of needed types the customer's ticket sends unchanged;
    ``inputs``: the raw texts of the ticket or session (inside the boundary only); ``customer``:
    the minimized, customer-derived texts the request will carry (the program's own text around
    them is checked for map values only); ``vouched``: strings the pipeline let through on
    purpose (a detection inside one is no leak)."""
    session = EgressSession(
        pmap,
        KeptValues(kept),
        Provenance(inputs) if inputs is not None else None,
        ticket_id,
        tuple(customer) if customer is not None else None,
        tuple(v for v in vouched if v),
    )
    token = _SESSION.set(session)
    try:
        yield session
    finally:
        _SESSION.reset(token)
