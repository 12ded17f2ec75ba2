"""The support-ticket assistant: detect -> minimize -> delegate -> leak gate -> reinject.

    python -m pipelines.support_assistant --tickets FILE.jsonl --out DIR [--architecture papillon]

Each input line is ``{"id": ..., "text": "...", "task": "..."}`` (``id`` a string or an integer,
``task`` optional, default the domain's ``general_question``).  Writes ``DIR/answers.jsonl``
(``{"id", "answer"}``, or ``{"id", "error", "cause"}`` when the ticket is handed to a human or a
model failed, or ``{"line", "error"}`` for a line that is not a valid ticket) and
``DIR/ledger.jsonl`` (the egress ledger of this run: minimized requests only).  Both hold personal
data or its traces: they are written with mode 0600 in a 0700 directory.  The local model server
must be running (``python -m local_model.serve``).

Bad lines (invalid UTF-8, binary bytes, invalid or deeply nested JSON, a wrong field type, a
duplicate id) get a per-line error naming the line and the field, never the text; the run
continues with the next line and exits 1 when any line failed (0 when every ticket was answered or
handed to a human, 2 on a configuration or usage error).

The leak gates: every request that leaves is checked by the egress gate (a raw value of the
session map, or a detected identifier that occurs in the ticket, blocks it: ``egress-leak``; an
identifier the model invented is removed and counted: ``stripped``), and the final answer is
checked from the customer's side (:class:`local_model.boundary.answer_gate.AnswerGate`): f =
severity-weighted share of its personal data that is not the customer's own; above
``assistant.leak_threshold`` (τ) the ticket goes to a human (``answer-leak``).  Model failures are
:class:`signatures.errors.ModelCallError`; no error message ever holds the customer's data.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections import Counter
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dspy
from dspy.utils.exceptions import AdapterParseError
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError, field_validator
from tqdm import tqdm

from configs.models import ARCHITECTURES, ModelsSettings, load_models
from configs.settings import DEFAULT_TASK, DomainSchema, Settings, load_domain, load_settings
from local_model.boundary.answer_gate import AnswerGate, AnswerVerdict
from local_model.boundary.clients import build_detector, configure_dspy_cache, external_lm, local_lm
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.provenance import Provenance
from local_model.detection.hybrid import HybridDetector
from local_model.files import open_private
from local_model.minimization.pseudonym import PseudonymMap
from local_model.minimization.sessions import ConversationMemo
from local_model.text.lang import unread_script
from pipelines.delegation import DelegationProgram, HistoryMessage, PreparedTurn
from signatures.errors import (
    ConfigError,
    EgressLeakError,
    HandoffError,
    InputError,
    ModelCallError,
    PDTError,
    TicketError,
)

#: a line longer than this many bytes is refused before it is parsed
MAX_LINE_BYTES = 1_000_000
#: handoff and failure causes, as the summary and latency_bench report them
CAUSES = ("egress-leak", "answer-leak", "unread-script", "model-error", "invalid")


def _no_lone_surrogates(value: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("holds invalid Unicode (a lone surrogate)") from None
    return value


class Ticket(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: StrictStr | StrictInt
    text: StrictStr = Field(min_length=1)
    task: StrictStr | None = None

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text is blank")
        return _no_lone_surrogates(value)

    @field_validator("id", "task")
    @classmethod
    def _valid_unicode(cls, value: Any) -> Any:
        return _no_lone_surrogates(value) if isinstance(value, str) else value


@dataclass
class Answer:
    text: str
    leak_fraction: float
    timings: dict[str, float] = field(default_factory=dict)
    unknown_markers: list[str] = field(default_factory=list)
    architecture: str = ""
    #: types of identifiers the model invented in outgoing requests, removed before sending
    stripped: list[str] = field(default_factory=list)
    #: types of invented links in the answer (a quality problem, counted, not a leak)
    invented: list[str] = field(default_factory=list)
    #: the provider's answer before re-identification (minimize_then_external; None otherwise)
    provider_text: str | None = None
    #: the ledger records of the requests that left for this answer (minimized text only)
    records: list[dict[str, Any]] = field(default_factory=list)

    def __repr__(self) -> str:  # the answer holds the customer's data
        return f"Answer(chars={len(self.text)}, f={self.leak_fraction:.2f}, architecture={self.architecture!r})"


class SupportAssistant:
    """Answers tickets through the delegation program; one pseudonym map per ticket (or session)."""

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
        # the egress re-check only asks "is there personal data?": one occurrence is enough, so
        # other occurrences are not propagated (that would only cost time); answers are short and
        # hold real values, so the answer gate runs the full detector (never cached)
        fast = self.settings.detector.model_copy(
            update={"detectors": list(self.models.egress.detectors), "propagate_mentions": False}
        )
        full = self.settings.detector.model_copy(update={"propagate_mentions": False})
        # the same detectors as the main detector (one spaCy pipeline, not two), without propagation
        self.answer_gate = AnswerGate(HybridDetector(full, detectors=self.detector.detectors))
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
        try:
            _no_lone_surrogates(text)
        except ValueError:
            raise TicketError("ticket text holds invalid Unicode (a lone surrogate)") from None
        task = task or DEFAULT_TASK
        if not isinstance(task, str) or task not in self.domain.tasks:
            # the task name comes from the ticket: it is never repeated in the message
            raise TicketError(f"unknown task for domain {self.domain.name}; known: {sorted(self.domain.tasks)}")
        return task

    def release_memory(self) -> None:
        """Clear what the detectors cache from texts they saw (a long-running server calls this)."""
        for det in (self.detector, self.egress_detector, self.answer_gate.detector):
            det.release_memory()

    # ------------------------------------------------------------ a turn of a conversation

    def prepare_turn(
        self,
        text: str,
        task: str | None,
        pmap: PseudonymMap,
        history: Sequence[HistoryMessage] = (),
        memo: ConversationMemo | None = None,
    ) -> PreparedTurn:
        """Phase 1 of a turn (validate, detect, minimize the new message and the pruned history
        with the session's map): changes ``pmap`` and ``memo``; nothing leaves the boundary."""
        task = self.validate(text, task)
        if self.models.assistant.unread_script == "handoff":
            script = unread_script(text)
            if script is not None:
                raise HandoffError(
                    "unread-script", [], f"the ticket is written mostly in {script.title()}, which no detector reads"
                )
        serve = self.models.serve
        return self.program.prepare(text, task, pmap, history, memo, serve.history_turns, serve.history_chars)

    def check_answer(
        self,
        answer: str,
        inputs: Sequence[str] | Provenance,
        pmap: PseudonymMap,
        from_offset: int = 0,
        vouched: Sequence[str] = (),
    ) -> AnswerVerdict:
        """The leak gate on a final answer, or on a piece of a streamed one (see :class:`AnswerGate`)."""
        return self.answer_gate.check(answer, inputs, pmap.pseudonyms(), from_offset, vouched)

    def gate_error(self, verdict: AnswerVerdict) -> HandoffError | None:
        """The handoff for a verdict above tau, or None."""
        if verdict.f <= self.models.assistant.leak_threshold:
            return None
        return HandoffError(
            "answer-leak",
            verdict.foreign,
            "answer holds personal data that is not the customer's "
            f"({', '.join(sorted(set(verdict.foreign)))}; f={verdict.f:.2f} > "
            f"tau={self.models.assistant.leak_threshold:.2f})",
        )

    def delegate_turn(
        self,
        turn: PreparedTurn,
        pmap: PseudonymMap,
        ticket_id: str = "",
        inputs: Sequence[str] | None = None,
        external_config: dict[str, Any] | None = None,
        local_config: dict[str, Any] | None = None,
    ) -> dspy.Prediction:
        """The model calls of phase 2 (a blocked request is :class:`HandoffError`, a model
        failure :class:`ModelCallError`)."""
        self.last_timings = dict(turn.timings)
        try:
            pred = self.program.delegate(turn, pmap, ticket_id, inputs, external_config, local_config)
        except EgressLeakError as exc:
            raise HandoffError(
                "egress-leak", [exc.label], f"outgoing request blocked ({exc.label} {exc.reason})"
            ) from None
        except AdapterParseError as exc:
            raise ModelCallError("local or external", f"unusable model output ({type(exc).__name__})") from None
        self.last_timings = dict(pred.timings)
        return pred

    def gate_turn(
        self, pred: dspy.Prediction, turn: PreparedTurn, pmap: PseudonymMap, inputs: Sequence[str] | None = None
    ) -> Answer:
        """The leak gate on phase 2's answer: the :class:`Answer`, or :class:`HandoffError`."""
        answer = str(pred.answer or "").strip()
        if not answer:
            raise ModelCallError("local" if self.architecture == "local_only" else "external", "empty answer")
        t = time.perf_counter()
        verdict = self.check_answer(
            answer, list(inputs) if inputs is not None else turn.inputs, pmap, vouched=turn.vouched
        )
        self.last_timings["leak_gate"] = time.perf_counter() - t
        handoff = self.gate_error(verdict)
        if handoff is not None:
            raise handoff
        provider_text = pred.external_response if self.architecture == "minimize_then_external" else None
        return Answer(
            answer,
            verdict.f,
            dict(self.last_timings),
            list(pred.unknown),
            self.architecture,
            list(pred.stripped),
            verdict.invented,
            provider_text,
            list(pred.records),
        )

    def finish_turn(
        self,
        turn: PreparedTurn,
        pmap: PseudonymMap,
        ticket_id: str = "",
        inputs: Sequence[str] | None = None,
        external_config: dict[str, Any] | None = None,
        local_config: dict[str, Any] | None = None,
    ) -> Answer:
        """Phase 2 of a turn, answered at once: the model calls, then the leak gate.  A blocked
        request or a leaking answer is :class:`HandoffError`, a model failure :class:`ModelCallError`."""
        pred = self.delegate_turn(turn, pmap, ticket_id, inputs, external_config, local_config)
        return self.gate_turn(pred, turn, pmap, inputs)

    def stream_turn(
        self,
        turn: PreparedTurn,
        pmap: PseudonymMap,
        ticket_id: str = "",
        external_config: dict[str, Any] | None = None,
        local_config: dict[str, Any] | None = None,
        result: dict[str, Any] | None = None,
    ) -> Generator[str, None, None]:
        """Phase 2 of a turn, streamed: the final answer's text as it is generated, **not yet
        re-identified or gated** (the caller does both on what it releases; see
        :meth:`DelegationProgram.stream`).  Errors as in :meth:`finish_turn`."""
        try:
            yield from self.program.stream(turn, pmap, ticket_id, external_config, local_config, result)
        except EgressLeakError as exc:
            raise HandoffError(
                "egress-leak", [exc.label], f"outgoing request blocked ({exc.label} {exc.reason})"
            ) from None
        except AdapterParseError as exc:
            raise ModelCallError("local or external", f"unusable model output ({type(exc).__name__})") from None

    # ------------------------------------------------------------ one ticket

    def answer(
        self,
        text: str,
        task: str | None = None,
        ticket_id: str = "",
        pmap: PseudonymMap | None = None,
        history: Sequence[str] = (),
    ) -> Answer:
        """Answer one ticket.  ``pmap``: the session's map (a fresh one per ticket by default; the
        caller owns a given map and its lifetime); ``history``: raw earlier inputs of the session."""
        own_map = pmap is None
        pmap = pmap if pmap is not None else PseudonymMap(style=self.models.assistant.surrogate_style)
        self.last_timings = {}
        try:
            turn = self.prepare_turn(text, task, pmap)
            return self.finish_turn(turn, pmap, ticket_id, [*history, text])
        finally:
            if own_map:
                pmap.clear()


# ---------------------------------------------------------------- the tickets file


@dataclass
class BadLine:
    """A line of the tickets file that is not a valid ticket (the reason names fields, never text)."""

    line: int
    reason: str
    id: str | int | None = None


def _parse_line(raw: bytes) -> Any:
    if len(raw) > MAX_LINE_BYTES:
        raise TicketError(f"line of {len(raw)} bytes exceeds {MAX_LINE_BYTES}")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TicketError(f"not valid UTF-8 (byte {exc.start})") from None
    if "\x00" in line:
        raise TicketError("binary content (NUL byte)")
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise TicketError(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise TicketError("JSON nested too deeply") from None


def read_tickets(path: Path) -> Iterator[Ticket | BadLine]:
    """Parse and validate every line; a bad line becomes a :class:`BadLine` and parsing goes on."""
    if not path.is_file():
        raise TicketError(f"tickets file not found: {path}")
    seen: set[str] = set()
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                record = _parse_line(raw)
                if not isinstance(record, dict):
                    raise TicketError(f"a ticket is a JSON object, not {type(record).__name__}")
                try:
                    ticket = Ticket.model_validate(record)
                except ValidationError as exc:
                    fields = ", ".join(".".join(str(p) for p in err["loc"]) + f": {err['msg']}" for err in exc.errors())
                    raise TicketError(f"invalid ticket ({fields})") from None
                except RecursionError:
                    raise TicketError("JSON nested too deeply") from None
                if str(ticket.id) in seen:
                    raise TicketError(f"duplicate id {ticket.id!r}")
            except TicketError as exc:
                yield BadLine(n, f"{path.name}:{n}: {exc}")
                continue
            seen.add(str(ticket.id))
            yield ticket


@dataclass
class RunSummary:
    tickets: int = 0
    answered: int = 0
    causes: Counter[str] = field(default_factory=Counter)
    stripped: Counter[str] = field(default_factory=Counter)  # invented identifiers removed, by type
    stripped_requests: int = 0
    invented_answers: int = 0

    @property
    def failed(self) -> int:
        return self.causes["model-error"] + self.causes["invalid"]

    @property
    def handoffs(self) -> int:
        return self.causes["egress-leak"] + self.causes["answer-leak"] + self.causes["unread-script"]

    def line(self, architecture: str) -> str:
        kinds = ("egress-leak", "answer-leak", "unread-script")
        handoffs = ", ".join(f"{c} {self.causes[c]}" for c in kinds if self.causes[c])
        stripped = ", ".join(f"{k} {v}" for k, v in self.stripped.most_common())
        return (
            f"{self.tickets} tickets ({architecture}): {self.answered} answered, {self.handoffs} handed to a human"
            f"{f' ({handoffs})' if handoffs else ''}, {self.causes['model-error']} model errors, "
            f"{self.causes['invalid']} invalid lines; invented identifiers removed from {self.stripped_requests} "
            f"request(s){f' ({stripped})' if stripped else ''}; invented links in {self.invented_answers} answer(s)"
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "tickets": self.tickets,
            "answered": self.answered,
            "handoffs": self.handoffs,
            "by_cause": {c: self.causes[c] for c in CAUSES},
            "stripped_requests": self.stripped_requests,
            "stripped_by_type": dict(self.stripped),
            "invented_link_answers": self.invented_answers,
        }


def run(
    assistant: SupportAssistant, tickets: Sequence[Ticket | BadLine], out_dir: Path, quiet: bool = False
) -> RunSummary:
    summary = RunSummary()
    with open_private(out_dir / "answers.jsonl") as fh:
        for item in tqdm(tickets, desc="tickets", unit="ticket", disable=quiet):
            summary.tickets += 1
            if isinstance(item, BadLine):
                summary.causes["invalid"] += 1
                record: dict[str, Any] = {"line": item.line, "error": f"invalid ticket: {item.reason}"}
                print(f"error: {item.reason}", file=sys.stderr)
            else:
                record = {"id": item.id}
                try:
                    ans = assistant.answer(item.text, item.task, ticket_id=str(item.id))
                    record["answer"] = ans.text
                    summary.answered += 1
                    if ans.stripped:
                        summary.stripped_requests += 1
                        summary.stripped.update(ans.stripped)
                    summary.invented_answers += bool(ans.invented)
                except HandoffError as exc:
                    record.update(error=str(exc), cause=exc.kind)
                    summary.causes[exc.kind] += 1
                except ModelCallError as exc:
                    record.update(error=str(exc), cause="model-error")
                    summary.causes["model-error"] += 1
                except InputError as exc:
                    record.update(error=f"invalid ticket: {exc}", cause="invalid")
                    summary.causes["invalid"] += 1
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
            fh.flush()
    return summary


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pipelines.support_assistant", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tickets", required=True, type=Path, help="JSONL: {id, text, task?} per line")
    parser.add_argument("--out", required=True, type=Path, help="output directory")
    parser.add_argument("--architecture", choices=ARCHITECTURES, help="default: assistant.architecture in models.yaml")
    parser.add_argument("--models", help="models YAML (default configs/models.yaml or PDT_MODELS_CONFIG)")
    parser.add_argument("--config", help="detector/data YAML (default configs/default.yaml or PDT_CONFIG)")
    parser.add_argument("--limit", type=int, help="answer only the first N lines")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.limit is not None and args.limit <= 0:
            raise TicketError("--limit must be positive")
        models = load_models(args.models)
        settings = load_settings(args.config)
        items = list(read_tickets(args.tickets))
        if args.limit is not None:
            items = items[: args.limit]
        if not items:
            raise TicketError(f"{args.tickets} holds no tickets")
        ledger_path = args.out / "ledger.jsonl"
        assistant = SupportAssistant(models, settings, args.architecture, ledger_path)
        ledger_path.unlink(missing_ok=True)  # the ledger of this run (append-only while it runs)
    except (PDTError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    summary = run(assistant, items, args.out, args.quiet)
    print(f"{summary.line(assistant.architecture)} -> {args.out / 'answers.jsonl'}; egress ledger {ledger_path}")
    with open_private(args.out / "summary.json") as fh:
        json.dump({"architecture": assistant.architecture, **summary.as_dict()}, fh, indent=2)
    return 1 if summary.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
