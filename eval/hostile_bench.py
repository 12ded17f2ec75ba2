"""Hostile tickets through the assistant CLI against a recording provider: what still gets out?

    python -m eval.hostile_bench [--n 120] [--seed 5] [--architecture minimize_then_external]
        [--out runs/hostile]

Writes the hostile tickets (:mod:`eval.hostile_tickets`), runs ``python -m
pipelines.support_assistant`` on them (in-process, same code path as the command line) with the
external role pointed at a recording provider on loopback that echoes each request, then checks
everything the provider received for every raw value, per family, at three levels:

1. ``verbatim``: the value as written in the ticket;
2. ``normalized``: after Unicode normalisation (NFKC), removal of invisible and control
   characters and case folding on both sides;
3. ``decoded``: additionally with separators and punctuation removed and spelled-out digits
   decoded (the canonical form: digits of a number, the plain address, the letters of a name).

Targets (issue 12): zero values at levels 1 and 2; level 3 is reported.  Writes
``DIR/report.json`` and prints a table.

A value counts wherever it stands in anything the provider received, also in another ticket's
request: a phrase that is personal data in one ticket (``mio marito`` written by Marco) may be
ordinary words in another (written by his wife), so the report also gives ``own_request``: the
values found in their own ticket's requests.  A request is tied to its ticket through the egress
ledger (the SHA-256 of what the provider received, the ticket's keyed reference, the order in which
tickets reached the gate); where that tie cannot be made for every request, ``own_request`` is
null and only the first count stands.

``--data PATH`` sends the rows of a spans file (or a directory of them, e.g. the hand-written
``eval/handwritten/test``) instead of the generated hostile tickets: every gold value of an
identifying stratum (direct, domain identifier, special category) is a raw value, reported per
stratum.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from configs.settings import resolve_path
from eval.data import load_rows
from eval.hostile_tickets import FAMILIES, HostileTicket, generate
from eval.pii_bench import stratum_of
from eval.recording_provider import RecordingProvider, echo_reply, external_role_at
from eval.runinfo import write_run_info
from local_model.boundary.ledger import request_hash
from local_model.files import open_private
from local_model.text.decoders import spelled_numbers
from pipelines import support_assistant
from signatures.entities import IDENTIFYING_STRATA

_INVISIBLE = re.compile(r"[\u0000-\u001f\u007f\u00ad\u034f\u115f\u1160\u200b-\u200f\u2060-\u2064\u3164\ufeff\uffa0]")


def normalized(text: str) -> str:
    return " ".join(_INVISIBLE.sub("", unicodedata.normalize("NFKC", text)).casefold().split())


def decoded(text: str) -> str:
    """Separators removed, spelled digits decoded, diacritics stripped: letters and digits only."""
    text = normalized(text)
    for start, end, digits in reversed(spelled_numbers(text)):
        text = text[:start] + digits + text[end:]
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if c.isalnum() and not unicodedata.combining(c))


def reached(ticket: HostileTicket, received: str) -> dict[str, list[str]]:
    """Per level, the labels of the ticket's values found in what the provider received."""
    hay_norm = normalized(received)
    hay_dec = decoded(received)
    out: dict[str, list[str]] = {"verbatim": [], "normalized": [], "decoded": []}
    for label, values in ticket.values.items():
        for value in values:
            if value in received:
                out["verbatim"].append(label)
            if normalized(value) and normalized(value) in hay_norm:
                out["normalized"].append(label)
            canonical = decoded(ticket.canonical.get(value, value))
            if len(canonical) >= 4 and canonical in hay_dec:
                out["decoded"].append(label)
    return out


def tickets_from_spans(path: str) -> list[HostileTicket]:
    """Rows of a spans file as tickets; their identifying gold values are what must not get out."""
    rows, _ = load_rows(path, "spans")
    out = []
    for row in rows:
        values: dict[str, list[str]] = defaultdict(list)
        for g in row.spans:
            stratum = g.stratum or stratum_of(g.label)
            if stratum in _IDENTIFYING:
                values[stratum].append(row.text[g.start : g.end])
        out.append(HostileTicket(str(row.id), row.text, "general_question", "spans", row.language, dict(values)))
    return out


_IDENTIFYING = {s.value for s in IDENTIFYING_STRATA}


def run(args: argparse.Namespace) -> dict[str, Any]:
    out = resolve_path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tickets = tickets_from_spans(args.data) if args.data else generate(args.n, args.seed)
    families: tuple[str, ...] = tuple(sorted(_IDENTIFYING)) if args.data else FAMILIES
    path = out / "tickets.jsonl"
    with open_private(path) as fh:  # the tickets' values (a user's --data may be real), 0600
        for t in tickets:
            fh.write(json.dumps(t.record(), ensure_ascii=False) + "\n")
    with RecordingProvider(reply=echo_reply) as provider:
        with external_role_at(provider):
            rc = support_assistant.main(
                [
                    "--tickets",
                    str(path),
                    "--out",
                    str(out / "assistant"),
                    "--architecture",
                    args.architecture,
                    "--quiet",
                ]
            )
        bodies = [json.dumps(b, ensure_ascii=False) for b in provider.requests]
        own = requests_by_ticket(out / "assistant", provider.requests)
    # every ticket's values are searched in everything the provider received, and in its own requests
    received = "\n".join(bodies)
    per_family: dict[str, Counter[str]] = defaultdict(Counter)
    own_family: dict[str, Counter[str]] = defaultdict(Counter)
    values_per_family: Counter[str] = Counter()
    for t in tickets:
        mine = "\n".join(own.get(t.id, ())) if own is not None else ""
        # per stratum with --data (the ticket's values are keyed by stratum), else per family
        parts = (
            [(s, HostileTicket(t.id, t.text, t.task, s, t.language, {s: v})) for s, v in t.values.items()]
            if args.data
            else [(t.family, t)]
        )
        for family, one in parts:
            values_per_family[family] += sum(len(v) for v in one.values.values())
            for level, labels in reached(one, received).items():
                per_family[family][level] += len(labels)
            if own is not None:
                for level, labels in reached(one, mine).items():
                    own_family[family][level] += len(labels)
    report = {
        "tickets": len(tickets),
        "data": args.data,
        "seed": None if args.data else args.seed,
        "architecture": args.architecture,
        "assistant_exit_code": rc,
        "values": sum(values_per_family.values()),
        "provider_requests": len(bodies),
        "by_family": {
            f: {
                "values": values_per_family[f],
                **{lvl: per_family[f][lvl] for lvl in ("verbatim", "normalized", "decoded")},
            }
            for f in families
        },
    }
    for level in ("verbatim", "normalized", "decoded"):
        report[level] = sum(per_family[f][level] for f in families)
    report["own_request"] = (
        {
            **{level: sum(own_family[f][level] for f in families) for level in _LEVELS},
            "by_family": {f: {level: own_family[f][level] for level in _LEVELS} for f in families},
        }
        if own is not None
        else None
    )
    (out / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


_LEVELS = ("verbatim", "normalized", "decoded")


def requests_by_ticket(assistant_out: Path, requests: list[dict[str, Any]]) -> dict[str, list[str]] | None:
    """Each ticket's own requests (as JSON text), or None where a request cannot be tied to one ticket.

    The assistant's egress ledger holds, per request, the SHA-256 of its messages and the keyed
    reference of its ticket; tickets reach the gate in the order of ``answers.jsonl``, less those
    stopped before it (an unread script, an invalid ticket)."""
    try:
        answers = [json.loads(line) for line in (assistant_out / "answers.jsonl").read_text("utf-8").splitlines()]
        ledger = [json.loads(line) for line in (assistant_out / "ledger.jsonl").read_text("utf-8").splitlines()]
    except (OSError, ValueError):
        return None
    if ledger:  # the ledger is appended to: this run's records only
        ledger = [r for r in ledger if r.get("run_id") == ledger[-1].get("run_id")]
    at_gate = [a.get("id") for a in answers if a.get("cause") not in ("unread-script", "invalid")]
    refs = list(dict.fromkeys(r.get("ticket") for r in ledger if r.get("ticket")))
    if len(refs) != len(at_gate):
        return None
    ticket_of = dict(zip(refs, at_gate, strict=True))
    by_hash: dict[str, set[str]] = defaultdict(set)
    for r in ledger:
        if r.get("request_sha256") and r.get("ticket"):
            by_hash[r["request_sha256"]].add(str(ticket_of[r["ticket"]]))
    out: dict[str, list[str]] = defaultdict(list)
    for body in requests:
        owners = by_hash.get(request_hash(body.get("messages") or []))
        if not owners:
            return None  # a request the ledger does not hold: no tie for it
        for owner in owners:
            out[owner].append(json.dumps(body, ensure_ascii=False))
    return dict(out)


def render(r: dict[str, Any]) -> str:
    lines = [
        f"{r['tickets']} {'tickets from ' + r['data'] if r.get('data') else 'hostile tickets'} "
        f"({r['architecture']}), {r['values']} raw values, "
        f"{r['provider_requests']} requests at the provider",
        f"{'family':<12}{'values':>8}{'verbatim':>10}{'normalized':>12}{'decoded':>10}",
    ]
    for fam, c in r["by_family"].items():
        lines.append(f"{fam:<12}{c['values']:>8}{c['verbatim']:>10}{c['normalized']:>12}{c['decoded']:>10}")
    lines.append(f"{'all':<12}{r['values']:>8}{r['verbatim']:>10}{r['normalized']:>12}{r['decoded']:>10}")
    own = r.get("own_request")
    if own is not None:
        lines.append(
            f"{'own request':<12}{'':>8}{own['verbatim']:>10}{own['normalized']:>12}{own['decoded']:>10}"
            "  (found in their own ticket's requests)"
        )
    else:
        lines.append("own request: requests could not be tied to their tickets; the counts above stand alone")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.hostile_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=120)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--architecture", default="minimize_then_external", choices=("minimize_then_external", "papillon")
    )
    parser.add_argument("--out", default="runs/hostile")
    parser.add_argument("--data", default=None, help="a spans file or directory to send instead of the hostile tickets")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.n <= 0:
        print("error: --n must be positive", file=sys.stderr)
        return 2
    report = run(args)
    write_run_info(resolve_path(args.out), "eval.hostile_bench", argv)
    print(render(report))
    print(f"\nreport -> {resolve_path(args.out) / 'report.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
