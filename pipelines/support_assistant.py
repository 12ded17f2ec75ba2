"""The support-ticket assistant: detect -> minimize -> delegate -> leak gate -> reinject.

    python -m pipelines.support_assistant --tickets FILE.jsonl --out DIR [--architecture papillon]

Each input line is ``{"id": ..., "text": "...", "task": "..."}`` (``task`` optional, default the
domain's ``general_question``).  Writes ``DIR/answers.jsonl`` (``{"id", "answer"}``, or
``{"id", "error"}`` when the ticket is handed to a human) and ``DIR/ledger.jsonl`` (the egress
ledger of this run: minimized requests only).  The local model server must be running
(``python -m local_model.serve``).

The leak gate: every request that leaves is checked by the egress gate (a raw value of the session
map or a detected identifier not needed by the task blocks it), and the final answer is scored:
f = severity-weighted fraction of the personal data in the answer that is not the customer's own
(another person's details, invented identifiers).  Above ``assistant.leak_threshold`` (τ) the
ticket goes to a human (:class:`HandoffError`) instead of being served.  Model failures are
:class:`local_model.boundary.ModelCallError`; no error message ever holds the customer's data.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dspy.utils.exceptions import AdapterParseError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from tqdm import tqdm

from configs.models import ARCHITECTURES, ModelsSettings, load_models
from configs.settings import DEFAULT_TASK, DomainSchema, Settings, load_domain, load_settings
from local_model.boundary.clients import build_detector, configure_dspy_cache, external_lm, local_lm
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.textnorm import normalize
from pipelines.delegation import DelegationProgram
from signatures.entities import IDENTIFYING_STRATA, SEVERITY_WEIGHT
from signatures.errors import ConfigError, EgressLeakError, HandoffError, ModelCallError, TicketError


class Ticket(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str | int
    text: str = Field(min_length=1)
    task: str | None = None

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text is blank")
        return value


@dataclass
class Answer:
    text: str
    leak_fraction: float
    timings: dict[str, float] = field(default_factory=dict)
    unknown_markers: list[str] = field(default_factory=list)
    architecture: str = ""

    def __repr__(self) -> str:  # the answer holds the customer's data
        return f"Answer(chars={len(self.text)}, f={self.leak_fraction:.2f}, architecture={self.architecture!r})"


def answer_leak_fraction(answer: str, ticket: str, detector: HybridDetector) -> tuple[float, list[str]]:
    """Severity-weighted fraction of the answer's personal data that is not the customer's own."""
    source = normalize(ticket)
    total = 0.0
    leaked = 0.0
    labels: list[str] = []
    for ent in detector.detect(answer):
        if ent.stratum not in IDENTIFYING_STRATA:
            continue
        weight = SEVERITY_WEIGHT.get(ent.severity, 0.4)
        total += weight
        if normalize(ent.text) not in source:
            leaked += weight
            labels.append(ent.label.value)
    return (leaked / total if total else 0.0), labels


class SupportAssistant:
    """Answers tickets through the delegation program; one pseudonym map per ticket."""

    def __init__(
        self,
        models: ModelsSettings | None = None,
        settings: Settings | None = None,
        architecture: str | None = None,
        ledger_path: str | Path | None = None,
        domain: DomainSchema | None = None,
        run_id: str | None = None,
    ) -> None:
        self.models = models or load_models()
        self.settings = settings or load_settings()
        self.architecture = architecture or self.models.assistant.architecture
        if self.architecture not in ARCHITECTURES:
            raise ConfigError(f"unknown architecture {self.architecture!r}; choose one of {', '.join(ARCHITECTURES)}")
        self.domain = domain or load_domain(self.models.assistant.domain)
        trusted = self.settings.boundary.trusted_hosts
        self.detector = build_detector(self.settings.detector, trusted)
        # the re-checks only ask "is there personal data?": one occurrence is enough, so other
        # occurrences are not propagated (that would only cost time)
        fast = self.settings.detector.model_copy(
            update={"detectors": list(self.models.egress.detectors), "propagate_mentions": False}
        )
        self.gate_detector = build_detector(fast, trusted)  # final answers hold real values: never cached
        self.egress_detector = build_detector(fast, trusted, caching=True)  # outgoing requests are minimized
        self.ledger = EgressLedger(ledger_path or self.models.ledger_path())
        self.run_id = run_id or uuid.uuid4().hex[:12]
        configure_dspy_cache(self.models)
        self.gate = EgressGate(
            self.ledger,
            self.egress_detector,
            self.models.external.endpoint,
            self.models.external.stand_in,
            self.models.egress.max_request_chars,
            self.run_id,
        )
        self.local = local_lm(self.models)
        self.external = external_lm(self.models, self.gate) if self.architecture != "local_only" else None
        self.last_timings: dict[str, float] = {}  # seconds per stage of the last answer() (also on errors)
        self.program = DelegationProgram(
            self.architecture,
            self.local,
            self.external,
            self.detector,
            self.domain,
            self.models.assistant.surrogate_style,
        )

    def validate(self, text: str, task: str | None) -> str:
        if not isinstance(text, str) or not text.strip():
            raise TicketError("ticket text must be a non-empty string")
        if len(text) > self.models.assistant.max_ticket_chars:
            raise TicketError(
                f"ticket has {len(text)} characters, above assistant.max_ticket_chars="
                f"{self.models.assistant.max_ticket_chars}"
            )
        task = task or DEFAULT_TASK
        if task not in self.domain.tasks:
            raise TicketError(
                f"unknown task {task!r} for domain {self.domain.name}; known: {sorted(self.domain.tasks)}"
            )
        return task

    def answer(self, text: str, task: str | None = None, ticket_id: str = "") -> Answer:
        task = self.validate(text, task)
        pmap = PseudonymMap(style=self.models.assistant.surrogate_style)
        self.last_timings = {}
        try:
            try:
                pred = self.program(user_query=text, task=task, pmap=pmap, ticket_id=ticket_id)
            except EgressLeakError as exc:
                raise HandoffError(
                    "egress", [exc.label], f"outgoing request blocked ({exc.label} {exc.reason})"
                ) from None
            except ModelCallError:
                raise
            except AdapterParseError as exc:
                raise ModelCallError("local or external", f"unusable model output ({type(exc).__name__})") from None
            self.last_timings = dict(pred.timings)
            answer = str(pred.answer or "").strip()
            if not answer:
                raise ModelCallError("local" if self.architecture == "local_only" else "external", "empty answer")
            t = time.perf_counter()
            f, labels = answer_leak_fraction(answer, text, self.gate_detector)
            self.last_timings["leak_gate"] = time.perf_counter() - t
            if f > self.models.assistant.leak_threshold:
                raise HandoffError(
                    "leak",
                    labels,
                    f"answer holds personal data that is not the customer's ({', '.join(sorted(set(labels)))}; "
                    f"f={f:.2f} > tau={self.models.assistant.leak_threshold:.2f})",
                )
            return Answer(answer, f, dict(self.last_timings), list(pred.unknown), self.architecture)
        finally:
            pmap.clear()


def read_tickets(path: Path) -> list[Ticket]:
    """Parse and validate the whole file first: a bad line stops the run before any model call."""
    if not path.is_file():
        raise TicketError(f"tickets file not found: {path}")
    tickets: list[Ticket] = []
    seen: set[str] = set()
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise TicketError(f"{path}:{n}: not valid JSON ({exc.msg} at column {exc.colno})") from None
            try:
                ticket = Ticket.model_validate(raw)
            except ValidationError as exc:
                fields = ", ".join(".".join(str(p) for p in err["loc"]) + f": {err['msg']}" for err in exc.errors())
                raise TicketError(f"{path}:{n}: invalid ticket ({fields})") from None
            if str(ticket.id) in seen:
                raise TicketError(f"{path}:{n}: duplicate id {ticket.id!r}")
            seen.add(str(ticket.id))
            tickets.append(ticket)
    if not tickets:
        raise TicketError(f"{path} holds no tickets")
    return tickets


def run(assistant: SupportAssistant, tickets: Sequence[Ticket], out_dir: Path, quiet: bool = False) -> dict[str, Any]:
    answers_path = out_dir / "answers.jsonl"
    counts = {"answered": 0, "handoff": 0, "model_error": 0, "invalid": 0}
    with answers_path.open("w", encoding="utf-8") as fh:
        for ticket in tqdm(tickets, desc="tickets", unit="ticket", disable=quiet):
            record: dict[str, Any] = {"id": ticket.id}
            try:
                ans = assistant.answer(ticket.text, ticket.task, ticket_id=str(ticket.id))
                record["answer"] = ans.text
                counts["answered"] += 1
            except HandoffError as exc:
                record["error"] = str(exc)
                counts["handoff"] += 1
            except ModelCallError as exc:
                record["error"] = str(exc)
                counts["model_error"] += 1
            except TicketError as exc:
                record["error"] = f"invalid ticket: {exc}"
                counts["invalid"] += 1
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
            fh.flush()
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipelines.support_assistant", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tickets", required=True, type=Path, help="JSONL: {id, text, task?} per line")
    parser.add_argument("--out", required=True, type=Path, help="output directory")
    parser.add_argument("--architecture", choices=ARCHITECTURES, help="default: assistant.architecture in models.yaml")
    parser.add_argument("--models", help="models YAML (default configs/models.yaml or PDT_MODELS_CONFIG)")
    parser.add_argument("--config", help="detector/data YAML (default configs/default.yaml or PDT_CONFIG)")
    parser.add_argument("--limit", type=int, help="answer only the first N tickets")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        tickets = read_tickets(args.tickets)
        if args.limit is not None:
            if args.limit <= 0:
                raise TicketError("--limit must be positive")
            tickets = tickets[: args.limit]
        models = load_models(args.models)
        args.out.mkdir(parents=True, exist_ok=True)
        ledger_path = args.out / "ledger.jsonl"
        ledger_path.unlink(missing_ok=True)  # the ledger of this run (append-only while it runs)
        assistant = SupportAssistant(models, load_settings(args.config), args.architecture, ledger_path)
    except (ConfigError, TicketError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    counts = run(assistant, tickets, args.out, args.quiet)
    print(
        f"{len(tickets)} tickets ({assistant.architecture}): {counts['answered']} answered, "
        f"{counts['handoff']} handed to a human, {counts['model_error']} model errors -> {args.out / 'answers.jsonl'}; "
        f"egress ledger {ledger_path}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
