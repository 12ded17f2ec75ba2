"""Latency per stage of the three architectures against an unprotected call, in one run.

    python -m eval.latency_bench [--n 20] [--ticket-chars 1000] [--out runs/latency_bench]

For the same synthetic tickets (about ``--ticket-chars`` characters each, English and Spanish,
names, phones, IBANs, DNI/NIE, addresses, health details), the architectures ``local_only``,
``minimize_then_external`` and ``papillon`` and an unprotected reference call run interleaved
ticket by ticket, so machine noise hits all of them alike.  Reported: p50/p95 per stage
(detection, minimization, local LM, external call, egress check, ledger, reinjection, leak gate)
and end to end, the ratio of each end-to-end p50 to the unprotected call's, the privacy
overhead (every stage outside LM calls) per 1,000 characters, and the outcomes: answered,
handed to a human by cause (egress-leak, answer-leak), model errors, and how many answered
tickets had an invented identifier removed from their outgoing request (egress-invention stripped).

The unprotected reference sends the raw ticket with the external signature to the *local*
endpoint: raw text never leaves the boundary, not even in a benchmark.  With the embedded
defaults the external role is the same local server (a stand-in), so the comparison is like for
like.  Needs the local model server (``python -m local_model.serve``); ``--start-server`` starts
it for the run when it is not already up.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import dspy
from tqdm import tqdm

from configs.models import ARCHITECTURES, load_models
from configs.settings import load_settings, resolve_path
from eval.runinfo import write_run_info
from eval.synthetic_tickets import generate
from local_model.boundary.clients import StructuredJSONAdapter, local_lm
from local_model.serve import LocalModelServer, is_healthy
from metrics.stats import percentile
from pipelines.assistant import SupportAssistant
from signatures.delegation import RespondExternally
from signatures.errors import ConfigError, HandoffError, LocalServerError, ModelCallError

STAGES = ("detection", "minimization", "local_lm", "external", "egress_check", "ledger", "reinjection", "leak_gate")
PRIVACY_STAGES = ("detection", "minimization", "egress_check", "ledger", "reinjection", "leak_gate")


def build_tickets(n: int, chars: int, seed: int = 3) -> list[tuple[str, str, str]]:
    """``n`` tickets of at least ``chars`` characters: (id, text, task), synthetic tickets joined."""
    pool = generate(max(4 * n, 8), seed)
    out: list[tuple[str, str, str]] = []
    i = 0
    for k in range(n):
        parts: list[str] = []
        task = pool[i % len(pool)].task
        while sum(len(p) + 1 for p in parts) < chars:
            parts.append(pool[i % len(pool)].text)
            i += 1
        out.append((f"lat-{k:03d}", " ".join(parts), task))
    return out


def summarize(samples: list[float]) -> dict[str, float | None]:
    ms = [s * 1000 for s in samples]
    p50 = percentile(ms, 0.5)
    p95 = percentile(ms, 0.95)
    return {"p50_ms": None if p50 is None else round(p50, 2), "p95_ms": None if p95 is None else round(p95, 2)}


def run(n: int, chars: int, out: Path, models_path: str | None, config: str | None, quiet: bool) -> dict[str, Any]:
    models = load_models(models_path)
    settings = load_settings(config)
    tickets = build_tickets(n, chars)
    out.mkdir(parents=True, exist_ok=True)
    ledger = out / "ledger.jsonl"
    ledger.unlink(missing_ok=True)
    assistants = {a: SupportAssistant(models, settings, a, ledger) for a in ARCHITECTURES}
    detector = assistants["papillon"].detector
    for a in assistants.values():
        a.detector = detector  # one spaCy pipeline in memory
        a.program.detector = detector
    reference_lm = local_lm(models)
    respond = dspy.Predict(RespondExternally)
    adapter = StructuredJSONAdapter()

    def unprotected(text: str) -> None:
        with dspy.context(lm=reference_lm, adapter=adapter):
            respond(request=text)

    # warm-up (not counted): spaCy, gazetteers, the server's prompt cache
    _, warm_text, warm_task = tickets[0]
    unprotected(warm_text)
    for a in assistants.values():
        try:
            a.answer(warm_text, warm_task, ticket_id="warm-up")
        except (HandoffError, ModelCallError):
            pass

    stages: dict[str, dict[str, list[float]]] = {a: {s: [] for s in STAGES} for a in ARCHITECTURES}
    e2e: dict[str, list[float]] = {a: [] for a in (*ARCHITECTURES, "unprotected")}
    overhead_per_kchar: dict[str, list[float]] = {a: [] for a in ARCHITECTURES}
    outcomes: dict[str, dict[str, int]] = {
        a: {"answered": 0, "egress-leak": 0, "answer-leak": 0, "model-error": 0, "egress-invention stripped": 0}
        for a in ARCHITECTURES
    }
    for ticket_id, text, task in tqdm(tickets, desc="tickets", unit="ticket", disable=quiet):
        t0 = time.perf_counter()
        unprotected(text)
        e2e["unprotected"].append(time.perf_counter() - t0)
        for name, assistant in assistants.items():
            t0 = time.perf_counter()
            try:
                answer = assistant.answer(text, task, ticket_id=ticket_id)
                outcomes[name]["answered"] += 1
                outcomes[name]["egress-invention stripped"] += bool(answer.stripped)
            except HandoffError as exc:
                outcomes[name][exc.kind] += 1
            except ModelCallError:
                outcomes[name]["model-error"] += 1
            e2e[name].append(time.perf_counter() - t0)
            timings = assistant.last_timings
            if timings:
                for stage in STAGES:
                    stages[name][stage].append(timings.get(stage, 0.0))
                if name != "local_only":
                    overhead = sum(timings.get(s, 0.0) for s in PRIVACY_STAGES)
                    overhead_per_kchar[name].append(overhead * 1000 / len(text))

    ref = percentile(e2e["unprotected"], 0.5) or float("nan")
    report: dict[str, Any] = {
        "tickets": len(tickets),
        "mean_ticket_chars": round(statistics.mean(len(t[1]) for t in tickets), 1),
        "local_endpoint": models.local.endpoint,
        "external_endpoint": models.external.endpoint,
        "external_is_stand_in": models.external.stand_in,
        "unprotected": summarize(e2e["unprotected"]),
        # per ticket, in ticket order, numbers only: the distributions on the results pages (eval.report)
        "per_ticket": {
            "chars": [len(t[1]) for t in tickets],
            "unprotected_s": [round(s, 4) for s in e2e["unprotected"]],
        },
        "architectures": {},
    }
    for name in ARCHITECTURES:
        p50 = percentile(e2e[name], 0.5)
        ov = overhead_per_kchar[name]
        report["architectures"][name] = {
            "end_to_end": summarize(e2e[name]),
            "ratio_to_unprotected_p50": None if p50 is None else round(p50 / ref, 2),
            "stages": {s: summarize(v) for s, v in stages[name].items()},
            "privacy_overhead_ms_per_1000_chars": summarize(ov) if ov else None,
            "outcomes": outcomes[name],
            "per_ticket": {
                "end_to_end_s": [round(s, 4) for s in e2e[name]],
                "privacy_overhead_ms_per_1000_chars": [round(v * 1000, 3) for v in ov],  # ov: s per 1,000 chars
            },
        }
    (out / "metrics.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


def render(report: dict[str, Any]) -> str:
    lines = [
        f"{report['tickets']} tickets, mean {report['mean_ticket_chars']:.0f} chars; external = "
        f"{report['external_endpoint']}{' (stand-in)' if report['external_is_stand_in'] else ''}",
        f"unprotected reference call: p50 {report['unprotected']['p50_ms']} ms, "
        f"p95 {report['unprotected']['p95_ms']} ms",
        "",
        f"{'architecture':<24}{'e2e p50':>10}{'e2e p95':>10}{'ratio':>8}{'privacy/1k p50':>16}  outcomes",
    ]
    for name, r in report["architectures"].items():
        ov = r["privacy_overhead_ms_per_1000_chars"]
        lines.append(
            f"{name:<24}{r['end_to_end']['p50_ms']:>10}{r['end_to_end']['p95_ms']:>10}"
            f"{r['ratio_to_unprotected_p50']:>8}{(ov['p50_ms'] if ov else '-')!s:>16}  {r['outcomes']}"
        )
    lines += ["", f"{'stage p50/p95 ms':<16}" + "".join(f"{a:>26}" for a in report["architectures"])]
    for stage in STAGES:
        cells = []
        for r in report["architectures"].values():
            s = r["stages"][stage]
            cells.append(f"{s['p50_ms']}/{s['p95_ms']}" if s["p50_ms"] is not None else "-")
        lines.append(f"{stage:<16}" + "".join(f"{c:>26}" for c in cells))
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.latency_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20, help="number of tickets (default 20)")
    parser.add_argument("--ticket-chars", type=int, default=1000, help="approximate ticket size (default 1000)")
    parser.add_argument("--out", type=Path, default=Path("runs/latency_bench"))
    parser.add_argument("--models", help="models YAML")
    parser.add_argument("--config", help="detector YAML")
    parser.add_argument("--start-server", action="store_true", help="start the local vLLM server if it is not up")
    parser.add_argument("--quiet", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.n <= 0 or args.ticket_chars <= 0:
        print("error: --n and --ticket-chars must be positive", file=sys.stderr)
        return 2
    server: LocalModelServer | None = None
    try:
        models = load_models(args.models)
        if not is_healthy(models.server):
            if not args.start_server:
                raise LocalServerError(
                    f"the local model server is not running at {models.server.base_url}; start it with "
                    "`python -m local_model.serve` or pass --start-server"
                )
            server = LocalModelServer(models).start()
        report = run(args.n, args.ticket_chars, resolve_path(args.out), args.models, args.config, args.quiet)
    except (ConfigError, LocalServerError, ModelCallError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        if server is not None:
            server.stop()
    write_run_info(resolve_path(args.out), "eval.latency_bench", argv)
    print(render(report))
    print(f"\nmetrics -> {resolve_path(args.out) / 'metrics.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
