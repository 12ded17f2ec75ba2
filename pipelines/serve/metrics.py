"""Prometheus metrics of the service (``GET /metrics``), one registry per service object.

Labels are closed vocabularies only (outcome, stream yes/no, handoff kind, entity type,
placeholder outcome): never a value, a text, a session id or an API key.  With several worker
processes each process reports its own counters.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from signatures.entities import Label

CONTENT_TYPE = CONTENT_TYPE_LATEST
_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
_KNOWN_LABELS = {label.value for label in Label} | {"SIZE"}


def _label(value: str) -> str:
    """An entity type as a metric label (anything else becomes ``OTHER``: labels never carry text)."""
    return value if value in _KNOWN_LABELS else "OTHER"


class ServeMetrics:
    def __init__(self, active_sessions: Callable[[], float] | None = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.requests = Counter("pdt_requests", "Chat requests by outcome", ["outcome", "stream"], registry=r)
        self.latency = Histogram(
            "pdt_request_seconds", "Chat request latency by outcome", ["outcome", "stream"], buckets=_LATENCY,
            registry=r,
        )  # fmt: skip
        self.ttft = Histogram(
            "pdt_time_to_first_token_seconds", "From request to the first answer text sent", ["stream"],
            buckets=_LATENCY, registry=r,
        )  # fmt: skip
        self.detection = Histogram(
            "pdt_detection_seconds", "Detection time per turn (new message and history)", buckets=_LATENCY, registry=r
        )
        self.privacy = Histogram(
            "pdt_privacy_seconds", "Time in privacy stages per turn (outside model calls)", buckets=_LATENCY,
            registry=r,
        )  # fmt: skip
        self.egress_checks = Counter("pdt_egress_checks", "Outgoing requests checked by the egress gate", registry=r)
        self.egress_blocks = Counter(
            "pdt_egress_blocks", "Outgoing requests blocked, by entity type", ["label"], registry=r
        )
        self.handoffs = Counter("pdt_handoffs", "Answers handed to a human, by kind", ["kind"], registry=r)
        self.placeholders = Counter(
            "pdt_placeholders", "Placeholders in answers: restored, unknown, incomplete", ["outcome"], registry=r
        )
        self.session_conflicts = Counter(
            "pdt_session_conflicts", "Session compare-and-set conflicts (turn redone)", registry=r
        )
        self.inflight = Gauge("pdt_inflight_requests", "Chat requests in flight", registry=r)
        self.active_sessions = Gauge("pdt_active_sessions", "Live sessions in the session store", registry=r)
        if active_sessions is not None:
            self.active_sessions.set_function(active_sessions)
        for outcome in ("restored", "unknown", "incomplete"):
            self.placeholders.labels(outcome)

    def request(self, outcome: str, stream: bool, seconds: float) -> None:
        s = "yes" if stream else "no"
        self.requests.labels(outcome, s).inc()
        self.latency.labels(outcome, s).observe(seconds)

    def blocked(self, labels: list[str]) -> None:
        for label in labels:
            self.egress_blocks.labels(_label(label)).inc()

    def handoff(self, kind: str) -> None:
        self.handoffs.labels(kind if kind in ("egress-leak", "answer-leak") else "other").inc()

    def render(self) -> bytes:
        return generate_latest(self.registry)
