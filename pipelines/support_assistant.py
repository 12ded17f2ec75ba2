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
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError, field_validator
from tqdm import tqdm

from configs.models import ARCHITECTURES, load_models
from configs.settings import load_settings
from local_model.files import open_private
from pipelines.assistant import SupportAssistant, no_lone_surrogates
from signatures.errors import (
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
        return no_lone_surrogates(value)

    @field_validator("id", "task")
    @classmethod
    def _valid_unicode(cls, value: Any) -> Any:
        return no_lone_surrogates(value) if isinstance(value, str) else value


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
