"""Memory soak of the served assistant: does a long-running server stay bounded?

    python -m eval.serve_soak [--requests 2000] [--checkpoint 200] [--concurrency 4] --out DIR

Starts the curious provider and ``python -m pipelines.serve`` like :mod:`eval.serve_bench`
(self-hosted, loopback, files under ``DIR/run``), then sends ``--requests`` chat requests, each in a
new session with a freshly invented name, e-mail address and phone number (strings spaCy has never
seen: its vocabulary would grow with every one of them outside a memory zone), and reads the
server's resident memory (``VmRSS`` of its process) after ``--checkpoint`` requests and at the end.
The service clears the detectors' word caches every ``serve.release_memory_every`` requests and
runs the NER inside ``nlp.memory_zone()``.  Target: RSS at the end within 1.5x of RSS at the
checkpoint.  Writes ``DIR/report.json`` and prints the numbers; exit 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from eval.serve_bench import SelfHosted

SYLLABLES = ["ka", "lo", "vin", "dra", "mes", "tor", "bel", "qui", "zan", "fe", "ru", "sol", "ny", "gar", "o", "ith"]
TARGET_RATIO = 1.5


def invented_name(rng: random.Random) -> str:
    def word() -> str:
        return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()

    return f"{word()} {word()}"


def ticket(rng: random.Random) -> str:
    name = invented_name(rng)
    mail = name.lower().replace(" ", ".") + f"{rng.randrange(1000)}@example.org"
    phone = f"+44 7700 9{rng.randrange(10**5):05d}"
    return (
        f"Hello, my name is {name} and my line {phone} keeps dropping calls in the evening. "
        f"Please send the confirmation to {mail}. My neighbour {invented_name(rng)} has the same problem "
        "since the update last week, and we both need the line for work."
    )


def rss_kib(pid: int) -> int:
    """Resident memory of the process ``pid`` and its children (worker processes), in KiB."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.is_file():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


async def soak(url: str, key: str, requests: int, checkpoint: int, concurrency: int, pid: int) -> dict[str, Any]:
    rng = random.Random(11)
    texts = [ticket(rng) for _ in range(requests)]
    done = 0
    errors = 0
    samples: dict[int, int] = {0: rss_kib(pid)}
    lock = asyncio.Lock()
    next_index = iter(range(requests))

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal done, errors
        for i in next_index:
            body = {"model": "support", "messages": [{"role": "user", "content": texts[i]}]}
            headers = {"Authorization": f"Bearer {key}"}
            resp = await client.post(url + "/v1/chat/completions", json=body, headers=headers)
            async with lock:
                done += 1
                errors += resp.status_code != 200
                if done in (checkpoint, requests) or done % 250 == 0:
                    samples[done] = rss_kib(pid)

    t0 = time.perf_counter()
    async with httpx.AsyncClient(timeout=120.0) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    return {"requests": done, "errors": errors, "seconds": round(time.perf_counter() - t0, 1), "rss_kib": samples}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.serve_soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--checkpoint", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--out", type=Path, required=True)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not 0 < args.checkpoint < args.requests:
        parser.error("--checkpoint must be between 0 and --requests")
    args.out.mkdir(parents=True, exist_ok=True)
    hosted = SelfHosted(args.out / "run", 0.0, 1, args.concurrency)
    try:
        result = asyncio.run(
            soak(hosted.url, hosted.api_key, args.requests, args.checkpoint, args.concurrency, hosted.server.pid)
        )
    finally:
        hosted.stop()
    at_checkpoint, at_end = result["rss_kib"][args.checkpoint], result["rss_kib"][args.requests]
    ratio = at_end / at_checkpoint
    report = {
        "command": "python -m eval.serve_soak " + " ".join(sys.argv[1:] if argv is None else argv),
        **result,
        "rss_mib_at_checkpoint": round(at_checkpoint / 1024, 1),
        "rss_mib_at_end": round(at_end / 1024, 1),
        "ratio": round(ratio, 3),
        "target": f"end <= {TARGET_RATIO}x checkpoint",
        "met": ratio <= TARGET_RATIO and result["errors"] == 0,
    }
    (args.out / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(
        f"{result['requests']} requests ({result['errors']} errors) in {result['seconds']} s; RSS after "
        f"{args.checkpoint}: {report['rss_mib_at_checkpoint']} MiB, after {args.requests}: "
        f"{report['rss_mib_at_end']} MiB (x{report['ratio']}; target <= {TARGET_RATIO}: "
        f"{'met' if report['met'] else 'NOT met'})"
    )
    return 0 if report["met"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
