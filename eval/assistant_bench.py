"""Handoffs and wire leaks of the support assistant on synthetic tickets, against a recording provider.

    python -m eval.assistant_bench [--n 60] [--seed 23] [--architecture papillon]
        [--provider forward|echo] [--out runs/assistant_bench] [--models F] [--config F] [--start-server]

The external role points at a recording provider on loopback (:mod:`eval.recording_provider`):
``forward`` passes every request on to the local vLLM server (the embedded stand-in, so the answers
are the real model's), ``echo`` sends the request back (placeholders included).  For each synthetic
EN/ES ticket (:mod:`eval.synthetic_tickets`: names, phones, IBANs, DNI/NIE, addresses, health
details) the bench records the outcome (answered, or handed to a human by cause: egress-leak,
answer-leak; model errors), whether an invented identifier was removed from an outgoing request
(and its type), invented links in answers, and every raw value of a direct identifier or special
category that reached the provider (as written, without spaces, or any part of a name), except
the values of types the ticket's task needs (number porting sends the customer's number).
Writes ``DIR/report.json`` and prints a table; the recording itself stays in memory.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tqdm import tqdm

from configs.models import ARCHITECTURES, ModelsSettings, load_models
from configs.settings import load_domain, load_settings, resolve_path
from eval.recording_provider import RecordingProvider, echo_reply
from eval.runinfo import write_run_info
from eval.synthetic_tickets import SyntheticTicket, generate
from local_model.serve import LocalModelServer, is_healthy
from pipelines.assistant import SupportAssistant
from signatures.entities import IDENTIFYING_STRATA, TAXONOMY, Label
from signatures.errors import ConfigError, HandoffError, LocalServerError, ModelCallError


def raw_forms(label: str, value: str) -> list[str]:
    """The forms a leaked value could take: as written, without spaces, each part of a name."""
    forms = [value, value.replace(" ", "")]
    if label == Label.PERSON.value:
        forms += [p for p in value.split() if len(p) > 2]
    return forms


def leaked_values(ticket: SyntheticTicket, received: str, needed: set[str]) -> list[str]:
    """Labels of the ticket's direct/special values found raw in what the provider received."""
    hay = received.lower()
    squeezed = re.sub(r"\s+", "", hay)
    out = []
    for label, values in ticket.values.items():
        if label in needed or TAXONOMY[Label(label)].stratum not in IDENTIFYING_STRATA:
            continue
        for value in values:
            if any(f.lower() in hay or f.replace(" ", "").lower() in squeezed for f in raw_forms(label, value)):
                out.append(label)
    return out


def with_provider(models: ModelsSettings, api_base: str, model: str, stand_in: bool) -> ModelsSettings:
    external = models.external.model_copy(
        update={"model": f"openai/{model}", "api_base": api_base, "stand_in": stand_in}
    )
    return models.model_copy(update={"external": external})


def run(args: argparse.Namespace) -> dict[str, Any]:
    models = load_models(args.models)
    settings = load_settings(args.config)
    domain = load_domain(models.assistant.domain)
    tickets = generate(args.n, args.seed)
    out = resolve_path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.provider == "forward":
        provider = RecordingProvider(upstream=models.server.base_url, model=models.server.served_model_name)
    else:
        provider = RecordingProvider(reply=echo_reply)
    causes: Counter[str] = Counter()
    stripped: Counter[str] = Counter()
    leaks: Counter[str] = Counter()
    stripped_tickets = invented_answers = restored = 0
    with provider:
        routed = with_provider(models, provider.api_base, provider.model, stand_in=args.provider == "forward")
        assistant = SupportAssistant(routed, settings, args.architecture, out / "ledger.jsonl")
        assistant.ledger.path.unlink(missing_ok=True)
        for t in tqdm(tickets, desc=f"assistant ({args.architecture})", unit="ticket", disable=args.quiet):
            seen = len(provider.requests)
            try:
                answer = assistant.answer(t.text, t.task, ticket_id=t.id)
                causes["answered"] += 1
                if answer.stripped:
                    stripped_tickets += 1
                    stripped.update(answer.stripped)
                invented_answers += bool(answer.invented)
                restored += any(v in answer.text for vs in t.values.values() for v in vs)
            except HandoffError as exc:
                causes[exc.kind] += 1
            except ModelCallError:
                causes["model-error"] += 1
            received = "\n".join(json.dumps(b, ensure_ascii=False) for b in provider.requests[seen:])
            needed = {lbl.value for lbl in domain.needed_by(t.task)}
            leaks.update(leaked_values(t, received, needed))
    handoffs = causes["egress-leak"] + causes["answer-leak"]
    report = {
        "tickets": len(tickets),
        "seed": args.seed,
        "architecture": args.architecture,
        "provider": args.provider,
        "external_upstream": models.server.base_url if args.provider == "forward" else "echo",
        "answered": causes["answered"],
        "handoffs": handoffs,
        "by_cause": {k: causes[k] for k in ("egress-leak", "answer-leak", "model-error")},
        "egress_invention_stripped": {"tickets": stripped_tickets, "by_type": dict(stripped)},
        "answers_with_invented_links": invented_answers,
        "answers_restoring_a_customer_value": restored,
        "raw_values_at_provider": sum(leaks.values()),
        "raw_values_at_provider_by_type": dict(leaks),
        "provider_requests": len(provider.requests),
    }
    (out / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


def render(r: dict[str, Any]) -> str:
    c = r["by_cause"]
    s = r["egress_invention_stripped"]
    return "\n".join(
        [
            f"{r['tickets']} tickets, {r['architecture']}, provider={r['provider']} ({r['external_upstream']})",
            f"answered {r['answered']}, handed to a human {r['handoffs']} (egress-leak {c['egress-leak']}, "
            f"answer-leak {c['answer-leak']}), model errors {c['model-error']}",
            f"invented identifiers removed from the requests of {s['tickets']} ticket(s): {s['by_type'] or '-'}; "
            f"invented links in {r['answers_with_invented_links']} answer(s)",
            f"raw direct/special values at the provider: {r['raw_values_at_provider']} "
            f"{r['raw_values_at_provider_by_type'] or ''}".rstrip(),
        ]
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.assistant_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--architecture", choices=ARCHITECTURES, default="papillon")
    parser.add_argument("--provider", choices=("forward", "echo"), default="forward")
    parser.add_argument("--out", default="runs/assistant_bench")
    parser.add_argument("--models", help="models YAML")
    parser.add_argument("--config", help="detector YAML")
    parser.add_argument("--start-server", action="store_true", help="start the local vLLM server if it is not up")
    parser.add_argument("--quiet", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.n <= 0:
        print("error: --n must be positive", file=sys.stderr)
        return 2
    server: LocalModelServer | None = None
    try:
        models = load_models(args.models)
        needs_model = args.architecture != "minimize_then_external" or args.provider == "forward"
        if needs_model and not is_healthy(models.server):
            if not args.start_server:
                raise LocalServerError(
                    f"the local model server is not running at {models.server.base_url}; start it with "
                    "`python -m local_model.serve` or pass --start-server"
                )
            server = LocalModelServer(models).start()
        report = run(args)
    except (ConfigError, LocalServerError, ModelCallError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        if server is not None:
            server.stop()
    write_run_info(resolve_path(args.out), "eval.assistant_bench", argv)
    print(render(report))
    print(f"\nreport -> {resolve_path(args.out) / 'report.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
