"""Load benchmark of the served assistant against the curious provider, on loopback.

    python -m eval.serve_bench --sessions 50 --turns 4 --concurrency 8 --out DIR
        [--turn-chars 1000] [--provider-chunk-delay 0.01] [--workers 1] [--max-seconds 900]
        [--url http://127.0.0.1:8080 --provider-url http://127.0.0.1:8099 --api-key-env VAR]

Without ``--url`` the bench starts everything it needs and stops it afterwards: the curious
provider (:mod:`eval.recording_provider` in its own process, answering about 300 characters that
name every placeholder of the request, generated at ``--provider-chunk-delay`` seconds per
8-character chunk, streamed or not) and ``python -m pipelines.serve`` on free loopback ports
(``minimize_then_external``, SQLite session store, fresh server and API keys, all files under
``DIR/run``, mode 0700).  With ``--url`` it drives a running server; ``--provider-url`` is then
the provider for the baseline and must be on loopback.

``--sessions`` synthetic conversations (English and Spanish, :func:`eval.synthetic_tickets.conversations`:
names, phones, IBANs, DNI/NIE, addresses, health details, e-mail addresses; every turn padded to
``--turn-chars`` characters) of ``--turns`` turns each are played by ``--concurrency`` clients; a
conversation's turns are sequential, its history grows with every answer, odd conversations are
streamed.  For every turn the same messages are also sent straight to the provider (the
unprotected baseline, interleaved turn by turn so both see the same load).  Reported: served
requests per second over the run, p50/p95 latency and time to first token (streamed and not),
the privacy overhead per turn (served minus direct latency; p50 and p95, also per 1,000
characters of the new message) and its ratio, errors, handoffs, and, in the self-hosted mode,
the privacy checks on the provider's own record: raw values of direct identifiers and special
categories received (except the types a conversation's task sends on purpose), answers with
a placeholder left or another conversation's value, and ledger == provider record.

Writes ``DIR/report.json`` and prints a table.  Loopback only, bounded in requests and time
(``--max-seconds``), stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import httpx

from configs.locality import endpoint_problem
from configs.settings import REPO_ROOT, load_domain
from eval.assistant_bench import leaked_values
from eval.runinfo import write_run_info
from eval.synthetic_tickets import SyntheticConversation, SyntheticTicket, conversations
from local_model.boundary.ledger import request_hash
from local_model.files import private_dir
from local_model.minimization.vault import new_key
from metrics.stats import percentile

BASELINE_MODEL = "baseline-direct"
PLACEHOLDER = re.compile(r"<[A-Z_]+_\d+>")
TARGET_OVERHEAD_MS_PER_1K = 60.0


@dataclass
class TurnResult:
    session: int
    turn: int
    chars: int
    stream: bool
    status: int
    outcome: str  # ok | handoff | error
    served_s: float
    ttft_s: float | None
    direct_s: float
    answer: str = ""

    def record(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("answer")  # answers hold the (synthetic) customers' values: not in the report
        return out


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (the benchmarks' servers bind loopback only)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_ready(url: str, seconds: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Poll ``url`` until it answers 200, ``proc`` exits (an error) or ``seconds`` pass (an error)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{url}: the process exited with {proc.returncode} before it was ready")
        try:
            if httpx.get(url, timeout=2.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"{url} not ready after {seconds:.0f} s")


class SelfHosted:
    """The provider and the server of a self-hosted run (processes on free loopback ports)."""

    def __init__(self, run_dir: Path, chunk_delay: float, workers: int, concurrency: int) -> None:
        self.run_dir = private_dir(run_dir)
        self.provider_port, self.port = free_port(), free_port()
        self.api_key = secrets.token_urlsafe(24)
        self.record = run_dir / "provider.jsonl"
        self.ledger = run_dir / "ledger.jsonl"
        for path in (self.record, self.ledger, run_dir / "sessions.db"):
            path.unlink(missing_ok=True)
        py = sys.executable
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
        self.provider = subprocess.Popen(
            [py, "-m", "eval.recording_provider", "--placeholders", "--port", str(self.provider_port),
             "--record", str(self.record), "--chunk-delay", str(chunk_delay)],
            cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        server_env = {
            **env,
            "PDT_MAP_KEY": new_key(),
            "PDT_SERVE_API_KEYS": self.api_key,
            "PDT_MODELS__EXTERNAL__MODEL": "openai/curious",
            "PDT_MODELS__EXTERNAL__API_BASE": f"http://127.0.0.1:{self.provider_port}/v1",
            "PDT_MODELS__EXTERNAL__STAND_IN": "false",
            "PDT_MODELS__ASSISTANT__ARCHITECTURE": "minimize_then_external",
            "PDT_MODELS__SERVE__SESSION_STORE": f"sqlite:///{run_dir / 'sessions.db'}",
            "PDT_MODELS__SERVE__RATE_LIMIT_PER_MIN": "1000000",
            "PDT_MODELS__SERVE__MAX_CONCURRENCY": str(max(8, 2 * concurrency)),
            "PDT_MODELS__EGRESS__LEDGER": str(self.ledger),
        }
        self.log = (run_dir / "server.log").open("wb")
        self.server = subprocess.Popen(
            [py, "-m", "pipelines.serve", "--port", str(self.port), "--workers", str(workers)],
            cwd=REPO_ROOT, env=server_env, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            wait_ready(f"http://127.0.0.1:{self.provider_port}/v1/models", 30, self.provider)
            wait_ready(f"http://127.0.0.1:{self.port}/readyz", 300, self.server)
        except Exception:
            self.stop()
            raise

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def provider_url(self) -> str:
        return f"http://127.0.0.1:{self.provider_port}"

    def stop(self) -> int | None:
        code = None
        for proc in (self.server, self.provider):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
            try:
                code = proc.wait(timeout=60) if proc is self.server else (proc.wait(timeout=10) or code)
            except subprocess.TimeoutExpired:
                proc.kill()
        self.log.close()
        return self.server.returncode


async def _served(
    client: httpx.AsyncClient, url: str, key: str, messages: list[dict[str, str]], sid: str | None, stream: bool
) -> tuple[int, str, str, str | None, float, float | None]:
    """(status, outcome, answer, session id, seconds, time to first token)."""
    headers = {"Authorization": f"Bearer {key}"}
    if sid:
        headers["X-Session-Id"] = sid
    body = {"model": "support", "messages": messages, "stream": stream}
    t0 = time.perf_counter()
    if not stream:
        resp = await client.post(url + "/v1/chat/completions", json=body, headers=headers)
        elapsed = time.perf_counter() - t0
        if resp.status_code != 200:
            return resp.status_code, "error", "", sid, elapsed, None
        data = resp.json()
        outcome = "handoff" if data["choices"][0]["finish_reason"] == "content_filter" else "ok"
        return (
            200,
            outcome,
            data["choices"][0]["message"]["content"],
            resp.headers.get("x-session-id"),
            elapsed,
            elapsed,
        )
    ttft = None
    parts: list[str] = []
    outcome = "ok"
    async with client.stream("POST", url + "/v1/chat/completions", json=body, headers=headers) as resp:
        if resp.status_code != 200:
            await resp.aread()
            return resp.status_code, "error", "", sid, time.perf_counter() - t0, None
        new_sid = resp.headers.get("x-session-id")
        async for line in resp.aiter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            event = json.loads(line[6:])
            if "error" in event:
                outcome = "error"
                continue
            choice = event["choices"][0]
            text = choice["delta"].get("content")
            if text:
                if ttft is None:
                    ttft = time.perf_counter() - t0
                parts.append(text)
            if choice.get("finish_reason") == "content_filter":
                outcome = "handoff"
    return 200, outcome, "".join(parts), new_sid, time.perf_counter() - t0, ttft


async def _direct(client: httpx.AsyncClient, provider_url: str, messages: list[dict[str, str]]) -> float:
    t0 = time.perf_counter()
    resp = await client.post(
        provider_url + "/v1/chat/completions", json={"model": BASELINE_MODEL, "messages": messages}
    )
    resp.raise_for_status()
    return time.perf_counter() - t0


async def drive(
    convs: list[SyntheticConversation], url: str, provider_url: str, key: str, concurrency: int, max_seconds: float
) -> tuple[list[TurnResult], float]:
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(len(convs)):
        queue.put_nowait(i)
    results: list[TurnResult] = []
    limits = httpx.Limits(max_connections=4 * concurrency, max_keepalive_connections=2 * concurrency)
    stop_at = time.monotonic() + max_seconds

    async def worker(client: httpx.AsyncClient) -> None:
        while not queue.empty() and time.monotonic() < stop_at:
            i = queue.get_nowait()
            conv, stream, sid = convs[i], i % 2 == 1, None
            history: list[dict[str, str]] = []
            for k, text in enumerate(conv.turns):
                messages = [*history, {"role": "user", "content": text}]
                direct_first = (i + k) % 2 == 0
                direct = await _direct(client, provider_url, messages) if direct_first else 0.0
                status, outcome, answer, sid, served, ttft = await _served(client, url, key, messages, sid, stream)
                if not direct_first:
                    direct = await _direct(client, provider_url, messages)
                results.append(TurnResult(i, k, len(text), stream, status, outcome, served, ttft, direct, answer))
                if status != 200 or outcome == "error":
                    break
                history = [*messages, {"role": "assistant", "content": answer}]

    t0 = time.perf_counter()
    async with httpx.AsyncClient(timeout=300.0, limits=limits) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    return results, time.perf_counter() - t0


def _ms(values: list[float], q: float) -> float | None:
    p = percentile([v * 1000 for v in values], q)
    return None if p is None else round(p, 1)


def privacy_checks(
    convs: list[SyntheticConversation], results: list[TurnResult], record: Path, ledger: Path, domain: str
) -> dict[str, Any]:
    """What the provider itself recorded (not our ledger) against the conversations' raw values."""
    bodies = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if line.strip()]
    served = [b for b in bodies if b.get("model") != BASELINE_MODEL]
    received = "\n".join(json.dumps(b["messages"], ensure_ascii=False) for b in served)
    tasks = load_domain(domain).tasks
    leaks: Counter[str] = Counter()
    for conv in convs:
        needed = {label.value for label in tasks[conv.task].needs}
        ticket = SyntheticTicket(conv.id, "", conv.task, conv.language, conv.values)
        leaks.update(leaked_values(ticket, received, needed))
    owners: dict[str, set[int]] = {}  # value -> the conversations it belongs to (names can repeat)
    for i, conv in enumerate(convs):
        for label in ("PERSON", "PHONE", "EMAIL", "IBAN", "NATIONAL_ID"):
            for value in conv.values.get(label, []):
                owners.setdefault(value, set()).add(i)
    cross = left = 0
    for r in results:
        if r.outcome != "ok":
            continue
        left += bool(PLACEHOLDER.search(r.answer))
        cross += any(r.session not in who and value in r.answer for value, who in owners.items())
    records = [json.loads(line) for line in ledger.read_text(encoding="utf-8").splitlines()] if ledger.exists() else []
    sent = [r for r in records if r.get("status") in ("sent", "failed")]
    provider_hashes = Counter(request_hash(b["messages"]) for b in served)
    ledger_hashes = Counter(r["request_sha256"] for r in sent)
    return {
        "provider_requests": len(served),
        "raw_values_at_provider": sum(leaks.values()),
        "raw_values_by_type": dict(leaks),
        "answers_with_placeholder_left": left,
        "answers_with_another_sessions_value": cross,
        "ledger_equals_provider_record": provider_hashes == ledger_hashes,
        "ledger_records": len(sent),
    }


def summarize(results: list[TurnResult], wall: float) -> dict[str, Any]:
    ok = [r for r in results if r.status == 200 and r.outcome != "error"]
    unstreamed = [r for r in ok if not r.stream]
    streamed = [r for r in ok if r.stream]
    overhead = [r.served_s - r.direct_s for r in unstreamed]
    per_1k = [(r.served_s - r.direct_s) * 1000 * 1000 / max(1, r.chars) for r in unstreamed]
    direct_p50 = _ms([r.direct_s for r in unstreamed], 0.5)
    served_p50 = _ms([r.served_s for r in unstreamed], 0.5)
    return {
        "requests": len(results),
        "errors": sum(r.status != 200 or r.outcome == "error" for r in results),
        "status_counts": dict(Counter(r.status for r in results)),
        "handoffs": sum(r.outcome == "handoff" for r in results),
        "wall_s": round(wall, 2),
        "served_requests_per_s": round(len(results) / wall, 2) if wall else None,
        "turn_chars_mean": round(sum(r.chars for r in results) / len(results), 1) if results else None,
        "latency_ms": {
            "unstreamed": {"p50": served_p50, "p95": _ms([r.served_s for r in unstreamed], 0.95)},
            "streamed_total": {
                "p50": _ms([r.served_s for r in streamed], 0.5),
                "p95": _ms([r.served_s for r in streamed], 0.95),
            },
            "direct": {"p50": direct_p50, "p95": _ms([r.direct_s for r in unstreamed], 0.95)},
        },
        "ttft_ms": {
            "streamed": {
                "p50": _ms([r.ttft_s for r in streamed if r.ttft_s], 0.5),
                "p95": _ms([r.ttft_s for r in streamed if r.ttft_s], 0.95),
            },
            "unstreamed": {"p50": served_p50, "p95": _ms([r.served_s for r in unstreamed], 0.95)},
        },
        "overhead_ms": {"p50": _ms(overhead, 0.5), "p95": _ms(overhead, 0.95)},
        "overhead_ms_per_1k_chars": {
            "p50": None if not per_1k else round(percentile(per_1k, 0.5) or 0.0, 1),
            "p95": None if not per_1k else round(percentile(per_1k, 0.95) or 0.0, 1),
        },
        "overhead_ratio_p50": round(served_p50 / direct_p50, 3) if served_p50 and direct_p50 else None,
    }


def render(report: dict[str, Any]) -> str:
    s = report["summary"]
    lat, ttft, over = s["latency_ms"], s["ttft_ms"], s["overhead_ms"]
    rows = [
        ("requests (turns)", s["requests"]),
        ("errors", s["errors"]),
        ("handoffs", s["handoffs"]),
        ("served requests/s", s["served_requests_per_s"]),
        ("mean turn characters", s["turn_chars_mean"]),
        ("latency unstreamed p50 / p95 ms", f"{lat['unstreamed']['p50']} / {lat['unstreamed']['p95']}"),
        ("latency streamed (total) p50 / p95 ms", f"{lat['streamed_total']['p50']} / {lat['streamed_total']['p95']}"),
        ("provider direct p50 / p95 ms", f"{lat['direct']['p50']} / {lat['direct']['p95']}"),
        ("TTFT streamed p50 / p95 ms", f"{ttft['streamed']['p50']} / {ttft['streamed']['p95']}"),
        ("TTFT unstreamed p50 / p95 ms", f"{ttft['unstreamed']['p50']} / {ttft['unstreamed']['p95']}"),
        ("privacy overhead p50 / p95 ms", f"{over['p50']} / {over['p95']}"),
        (
            "overhead per 1,000 chars p50 / p95 ms",
            f"{s['overhead_ms_per_1k_chars']['p50']} / {s['overhead_ms_per_1k_chars']['p95']}",
        ),
        ("served / direct p50", s["overhead_ratio_p50"]),
    ]
    priv = report.get("privacy")
    if priv:
        rows += [
            ("raw values at the provider", priv["raw_values_at_provider"]),
            ("answers with a placeholder left", priv["answers_with_placeholder_left"]),
            ("answers with another session's value", priv["answers_with_another_sessions_value"]),
            ("ledger == provider record", priv["ledger_equals_provider_record"]),
        ]
    targets = report["targets"]
    rows += [(f"target: {k}", "met" if v else "NOT met") for k, v in targets.items()]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


def run(args: argparse.Namespace) -> dict[str, Any]:
    convs = conversations(args.sessions, args.turns, args.seed, args.turn_chars)
    hosted: SelfHosted | None = None
    if args.url:
        url, provider_url = args.url.rstrip("/"), (args.provider_url or "").rstrip("/")
        key = os.environ.get(args.api_key_env, "")
        for what, value in (("--url", url), ("--provider-url", provider_url)):
            problem = endpoint_problem(value)
            if problem is not None:  # raw synthetic tickets go to the provider: loopback only
                raise SystemExit(f"error: {what} {problem}; the bench runs on loopback only")
    else:
        hosted = SelfHosted(args.out / "run", args.provider_chunk_delay, args.workers, args.concurrency)
        url, provider_url, key = hosted.url, hosted.provider_url, hosted.api_key
    try:
        results, wall = asyncio.run(drive(convs, url, provider_url, key, args.concurrency, args.max_seconds))
    finally:
        exit_code = hosted.stop() if hosted is not None else None
    summary = summarize(results, wall)
    report: dict[str, Any] = {
        "command": "python -m eval.serve_bench " + " ".join(sys.argv[1:] if args.argv is None else args.argv),
        "config": {
            "sessions": args.sessions,
            "turns": args.turns,
            "concurrency": args.concurrency,
            "turn_chars": args.turn_chars,
            "provider_chunk_delay_s": args.provider_chunk_delay if hosted else None,
            "workers": args.workers if hosted else None,
            "architecture": "minimize_then_external" if hosted else "as configured by the running server",
            "cpus": os.cpu_count(),
            "load_average": os.getloadavg(),
        },
        "summary": summary,
        "turns": [r.record() for r in results],
    }
    if hosted is not None:
        report["privacy"] = privacy_checks(convs, results, hosted.record, hosted.ledger, "telecom_support")
        report["server_exit_code"] = exit_code
    per_1k = summary["overhead_ms_per_1k_chars"]["p50"]
    report["targets"] = {
        "0 errors": summary["errors"] == 0 and summary["requests"] == args.sessions * args.turns,
        f"p50 overhead < {TARGET_OVERHEAD_MS_PER_1K:.0f} ms per 1,000 chars": per_1k is not None
        and per_1k < TARGET_OVERHEAD_MS_PER_1K,
    }
    if hosted is not None:
        report["targets"]["0 raw values at the provider"] = report["privacy"]["raw_values_at_provider"] == 0
    return report


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.serve_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--turn-chars", type=int, default=1000, help="each turn padded to this many characters")
    parser.add_argument("--provider-chunk-delay", type=float, default=0.01, help="seconds per 8-character chunk")
    parser.add_argument("--workers", type=int, default=1, help="server processes (self-hosted)")
    parser.add_argument("--max-seconds", type=float, default=900, help="stop starting conversations after this")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--url", help="a running server (else one is started)")
    parser.add_argument("--provider-url", help="the running server's provider (loopback), for the baseline")
    parser.add_argument("--api-key-env", default="PDT_SERVE_API_KEY", help="env var holding the running server's key")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(argv) if argv is not None else None
    for name in ("sessions", "turns", "concurrency", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.url and not args.provider_url:
        parser.error("--url needs --provider-url (the baseline goes straight to the provider)")
    args.out.mkdir(parents=True, exist_ok=True)
    report = run(args)
    (args.out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    write_run_info(args.out, "eval.serve_bench", given)
    print(render(report))
    print(f"report: {args.out / 'report.json'}")
    return 0 if all(report["targets"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
