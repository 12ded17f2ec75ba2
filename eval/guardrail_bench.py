"""LiteLLM proxy guardrails side by side: LiteLLM's built-in Presidio guardrail and ours, on loopback.

    python -m eval.guardrail_bench --out DIR [--conversations 30] [--turns 3] [--seed 23]
        [--max-seconds 900]

One LiteLLM proxy (``.venv-litellm``, installed by ``scripts/install.sh``) with three arms, picked
per request (``"guardrails": [...]`` in the body, both guardrails ``default_on: false``):

* ``none``: no guardrail (the baseline for the added latency);
* ``presidio``: LiteLLM's own Presidio guardrail (``guardrail: presidio``, ``mode: pre_call``,
  ``output_parse_pii: true``: numbered tokens, restored in the answer; ``presidio_filter_scope:
  input``, without which LiteLLM also masks the restored answer again), its code unchanged; it calls
  Presidio's HTTP services, served here by a small loopback shim over ``presidio-analyzer`` /
  ``presidio-anonymizer`` (``POST /analyze``, ``POST /anonymize``: Presidio's REST payloads; the
  analyzer with the project's spaCy model and Presidio's default recognizers, as the leak bench's
  Presidio baseline);
* ``pdt``: ours (``guardrail: generic_guardrail_api`` at ``python -m pipelines.serve``, ``pre_call``
  + ``post_call``, ``incremental_diff`` streaming).

Behind the proxy the recording provider echoes (it answers with the request's last message, so every
placeholder comes back and must be restored).  The same synthetic conversations
(:func:`eval.synthetic_tickets.conversations`: English and Spanish, names, phones, IBANs, DNI/NIE,
addresses, health details, e-mail addresses) are played through each arm, interleaved turn by turn,
every other turn streamed, each conversation with its own ``x-litellm-trace-id``.  Reported per arm:
raw values of direct identifiers and special categories in the provider's own record (per
conversation and label), values of the turn restored in what the client received, answers with a
placeholder left, placeholders stable across the turns of a conversation (the earlier messages reach
the provider exactly as they did in the previous turn), errors and blocked calls, latency per call
(p50/p95) and the latency added over ``none`` per call (matched turn by turn).

Writes ``DIR/report.json`` (counts, labels and timings: no value, no text) and ``DIR/run.json``;
the processes' logs and the provider's record (raw values, when an arm leaks them) stay in
``DIR/run`` (0700, files 0600).  Loopback only, bounded (``--max-seconds``), stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any

import httpx

from configs.settings import REPO_ROOT, load_settings
from eval.assistant_bench import leaked_values
from eval.recording_provider import RecordingProvider, request_text
from eval.runinfo import write_run_info
from eval.serve_bench import free_port, wait_ready
from eval.synthetic_tickets import SyntheticConversation, SyntheticTicket, conversations
from local_model.files import open_private, private_dir
from local_model.minimization.vault import new_key
from metrics.stats import percentile

LITELLM = REPO_ROOT / ".venv-litellm" / "bin" / "litellm"
ARMS = ("none", "presidio", "pdt")
IDENTIFYING = ("PERSON", "PHONE", "EMAIL", "IBAN", "NATIONAL_ID")
#: a placeholder of either guardrail left in an answer (ours: <PERSON_1>; Presidio's: <PERSON_1>, <PERSON>)
LEFT = re.compile(r"<[A-Z][A-Z_]*(?:_\d+)?>")
READY_S = 300.0


def echo(body: dict[str, Any]) -> str:
    """The provider's answer: the request's last message, placeholders and all."""
    return "We received your request: " + request_text(body)


# ---------------------------------------------------------------- the Presidio shim


def serve_presidio(port: int) -> int:
    """Presidio's ``/analyze`` and ``/anonymize`` (the payloads of Presidio's REST services, which
    LiteLLM's Presidio guardrail calls) on 127.0.0.1:``port`` until SIGTERM."""
    from presidio_anonymizer import AnonymizerEngine
    from presidio_anonymizer.entities import RecognizerResult

    from eval.baselines import PresidioBaseline

    analyzer = PresidioBaseline(load_settings().detector.spacy_model).analyzer
    anonymizer = AnonymizerEngine()
    lock = threading.Lock()  # spaCy's pipeline is not shared between threads

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # never log bodies
            return

        def _send(self, code: int, payload: Any) -> None:
            body = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            self._send(200, {"status": "ok"})

        def do_POST(self) -> None:
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                path = self.path.rstrip("/")
                with lock:
                    if path.endswith("/analyze"):
                        found = analyzer.analyze(
                            text=body["text"],
                            language=body.get("language", "en"),
                            entities=body.get("entities"),
                            score_threshold=body.get("score_threshold"),
                        )
                        self._send(200, [
                            {"entity_type": r.entity_type, "start": r.start, "end": r.end, "score": r.score}
                            for r in found
                        ])  # fmt: skip
                    elif path.endswith("/anonymize"):
                        results = [RecognizerResult.from_json(r) for r in body.get("analyzer_results", [])]
                        out = anonymizer.anonymize(text=body["text"], analyzer_results=results)
                        self._send(200, json.loads(out.to_json()))
                    else:
                        self._send(404, {"error": "not found"})
            except Exception as exc:  # the error names its class, never the text
                self._send(500, {"error": type(exc).__name__})

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    print(f"presidio shim on http://127.0.0.1:{port}", flush=True)
    server.serve_forever()
    return 0


# ---------------------------------------------------------------- the processes


def proxy_config(provider_api_base: str, presidio: str, pdt: str) -> str:
    models = "".join(
        f"  - model_name: {arm}\n    litellm_params:\n      model: openai/{arm}\n"
        f"      api_base: {provider_api_base}\n      api_key: unused\n"
        for arm in ARMS
    )
    return (
        f"model_list:\n{models}\n"
        "guardrails:\n"
        "  - guardrail_name: presidio\n    litellm_params:\n      guardrail: presidio\n      mode: pre_call\n"
        f"      presidio_analyzer_api_base: {presidio}/\n      presidio_anonymizer_api_base: {presidio}/\n"
        "      output_parse_pii: true\n      presidio_filter_scope: input\n      default_on: false\n"
        "  - guardrail_name: pdt\n    litellm_params:\n      guardrail: generic_guardrail_api\n"
        f"      mode: [pre_call, post_call]\n      api_base: {pdt}\n      api_key: os.environ/PDT_GUARDRAIL_KEY\n"
        "      default_on: false\n      streaming_transform_mode: incremental_diff\n"
        "      unreachable_fallback: fail_closed\n      fail_on_error: true\n\n"
        "general_settings:\n  master_key: os.environ/LITELLM_MASTER_KEY\n"
    )


class Stack:
    """The provider (in this process), the Presidio shim, our server and the proxy (processes)."""

    def __init__(self, run_dir: Path) -> None:
        if not LITELLM.is_file():
            raise SystemExit(
                "error: .venv-litellm is missing (the LiteLLM proxy's venv): run `bash scripts/install.sh` "
                "without INSTALL_LITELLM_PROXY=0"
            )
        self.run_dir = private_dir(run_dir)
        self.record_path = run_dir / "provider.jsonl"
        self._record: IO[str] = open_private(self.record_path)
        self.provider = RecordingProvider(reply=echo, record=self._record).__enter__()
        self.procs: list[subprocess.Popen[bytes]] = []
        self._logs: list[IO[bytes]] = []
        self.guardrail_key = secrets.token_urlsafe(24)
        self.master_key = "sk-" + secrets.token_urlsafe(24)
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
        py = sys.executable
        shim, server, proxy = free_port(), free_port(), free_port()
        self.url = f"http://127.0.0.1:{proxy}"
        config = run_dir / "litellm.yaml"
        text = proxy_config(self.provider.api_base, f"http://127.0.0.1:{shim}", f"http://127.0.0.1:{server}")
        config.write_text(text, encoding="utf-8")
        try:
            self._start("presidio", [py, "-m", "eval.guardrail_bench", "--presidio-shim-port", str(shim)], env)
            server_env = {
                **env,
                "PDT_MAP_KEY": new_key(),
                "PDT_SERVE_API_KEYS": self.guardrail_key,
                "PDT_MODELS__EXTERNAL__MODEL": "openai/curious",
                "PDT_MODELS__EXTERNAL__API_BASE": self.provider.api_base,
                "PDT_MODELS__EXTERNAL__STAND_IN": "false",
                "PDT_MODELS__ASSISTANT__ARCHITECTURE": "minimize_then_external",
                "PDT_MODELS__SERVE__SESSION_STORE": f"sqlite:///{run_dir / 'sessions.db'}",
                "PDT_MODELS__SERVE__RATE_LIMIT_PER_MIN": "1000000",
                "PDT_MODELS__SERVE__MAX_CONCURRENCY": "64",
                "PDT_MODELS__EGRESS__LEDGER": str(run_dir / "ledger.jsonl"),
            }
            self._start("server", [py, "-m", "pipelines.serve", "--port", str(server)], server_env)
            proxy_env = {
                **env,
                "LITELLM_MASTER_KEY": self.master_key,
                "PDT_GUARDRAIL_KEY": self.guardrail_key,
                "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            }
            cmd = [str(LITELLM), "--config", str(config), "--host", "127.0.0.1", "--port", str(proxy)]
            self._start("proxy", cmd, proxy_env)
            wait_ready(f"http://127.0.0.1:{shim}/health", READY_S, self.procs[0])
            wait_ready(f"http://127.0.0.1:{server}/readyz", READY_S, self.procs[1])
            wait_ready(f"{self.url}/health/liveliness", READY_S, self.procs[2])
        except BaseException:
            self.stop()
            raise

    def _start(self, name: str, command: list[str], env: dict[str, str]) -> None:
        log = (self.run_dir / f"{name}.log").open("wb")
        os.chmod(log.name, 0o600)
        self._logs.append(log)
        self.procs.append(
            subprocess.Popen(
                command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        )

    def received(self) -> list[dict[str, Any]]:
        """The chat requests the provider received, in order."""
        return [b for b in self.provider.requests if "messages" in b]

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=30)
        for log in self._logs:
            log.close()
        self.provider.__exit__()
        self._record.close()


# ---------------------------------------------------------------- playing the conversations


@dataclass
class Turn:
    arm: str
    conversation: int
    turn: int
    stream: bool
    status: int
    seconds: float
    blocked: bool = False
    #: values of the turn's message (direct identifiers) that came back in the answer / that were expected
    restored: int = 0
    expected: int = 0
    placeholders_left: int = 0
    #: the earlier messages reached the provider exactly as in the previous turn (None: first turn)
    stable: bool | None = None
    answer: str = ""


def _chat(
    client: httpx.Client, url: str, key: str, arm: str, messages: list[dict[str, str]], trace: str, stream: bool
) -> tuple[int, str]:
    headers = {"Authorization": f"Bearer {key}", "x-litellm-trace-id": trace}
    body: dict[str, Any] = {"model": arm, "messages": messages, "stream": stream}
    if arm != "none":
        body["guardrails"] = [arm]
    if not stream:
        resp = client.post(url + "/v1/chat/completions", json=body, headers=headers)
        if resp.status_code != 200:
            return resp.status_code, ""
        return 200, str(resp.json()["choices"][0]["message"]["content"] or "")
    with client.stream("POST", url + "/v1/chat/completions", json=body, headers=headers) as resp:
        raw = resp.read().decode("utf-8", errors="replace")
    if resp.status_code != 200:
        return resp.status_code, ""
    text, failed = [], False
    for line in raw.splitlines():
        if not line.startswith("data: {"):
            continue
        event = json.loads(line[len("data: ") :])
        failed = failed or "error" in event
        for choice in event.get("choices", []):
            text.append((choice.get("delta") or {}).get("content") or "")
    return (599 if failed else 200), "".join(text)


def play(stack: Stack, convs: list[SyntheticConversation], max_seconds: float) -> list[Turn]:
    """Every conversation through every arm, interleaved turn by turn."""
    results: list[Turn] = []
    started = time.monotonic()
    with httpx.Client(timeout=120) as client:
        for i, conv in enumerate(convs):
            if time.monotonic() - started > max_seconds:
                break
            traces = {arm: f"{arm}-{i}-{secrets.token_hex(6)}" for arm in ARMS}
            history: dict[str, list[dict[str, str]]] = {arm: [] for arm in ARMS}
            sent: dict[str, list[str] | None] = dict.fromkeys(ARMS)
            alive = set(ARMS)
            for k, text in enumerate(conv.turns):
                stream = (i + k) % 2 == 1
                for arm in ARMS:
                    if arm not in alive:
                        continue
                    messages = [*history[arm], {"role": "user", "content": text}]
                    before = len(stack.received())
                    t0 = time.perf_counter()
                    status, answer = _chat(client, stack.url, stack.master_key, arm, messages, traces[arm], stream)
                    turn = Turn(arm, i, k, stream, status, time.perf_counter() - t0, answer=answer)
                    results.append(turn)
                    if status != 200:
                        turn.blocked = True
                        alive.discard(arm)  # a refused turn ends the conversation in this arm
                        continue
                    values = [v for label in IDENTIFYING for v in conv.values.get(label, []) if v in text]
                    turn.expected, turn.restored = len(values), sum(v in answer for v in values)
                    turn.placeholders_left = len(LEFT.findall(answer))
                    new = stack.received()[before:]
                    received = [str(m.get("content")) for m in new[-1]["messages"]] if new else None
                    previous = sent[arm]
                    if k and received is not None and previous is not None:
                        turn.stable = received[: len(previous)] == previous
                    sent[arm] = received
                    history[arm] = [*messages, {"role": "assistant", "content": answer}]
    return results


# ---------------------------------------------------------------- the report


def _ms(values: list[float], q: float) -> float | None:
    value = percentile(values, q)
    return None if value is None else round(value * 1000, 1)


def raw_values(stack: Stack, convs: list[SyntheticConversation]) -> dict[str, dict[str, Any]]:
    """Per arm: the conversations' direct identifiers and special categories found raw in what the
    provider received (by label; the values stay in the provider's record under DIR/run)."""
    out: dict[str, dict[str, Any]] = {}
    bodies = stack.received()
    for arm in ARMS:
        record = "\n".join(json.dumps(b["messages"], ensure_ascii=False) for b in bodies if b.get("model") == arm)
        labels: dict[str, int] = {}
        leaking = 0
        for conv in convs:
            ticket = SyntheticTicket(conv.id, "", conv.task, conv.language, conv.values)
            found = leaked_values(ticket, record, set())
            leaking += bool(found)
            for label in found:
                labels[label] = labels.get(label, 0) + 1
        out[arm] = {"raw_values": sum(labels.values()), "by_label": labels, "conversations_leaking": leaking}
    return out


def summarize(results: list[Turn], leaks: dict[str, dict[str, Any]]) -> dict[str, Any]:
    base = {(t.conversation, t.turn): t.seconds for t in results if t.arm == "none" and t.status == 200}
    arms: dict[str, Any] = {}
    for arm in ARMS:
        turns = [t for t in results if t.arm == arm]
        ok = [t for t in turns if t.status == 200]
        added = [t.seconds - base[(t.conversation, t.turn)] for t in ok if (t.conversation, t.turn) in base]
        stable = [t.stable for t in ok if t.stable is not None]
        expected = sum(t.expected for t in ok)
        arms[arm] = {
            "calls": len(turns),
            "answered": len(ok),
            "refused_or_blocked": sum(t.blocked for t in turns),
            **leaks[arm],
            "values_restored": sum(t.restored for t in ok),
            "values_expected": expected,
            "restored_share": round(sum(t.restored for t in ok) / expected, 4) if expected else None,
            "answers_with_placeholders_left": sum(t.placeholders_left > 0 for t in ok),
            "turns_stable": sum(stable),
            "turns_compared": len(stable),
            "latency_ms": {"p50": _ms([t.seconds for t in ok], 0.5), "p95": _ms([t.seconds for t in ok], 0.95)},
            "added_latency_ms": {"p50": _ms(added, 0.5), "p95": _ms(added, 0.95)} if arm != "none" else None,
        }
    return arms


def render(report: dict[str, Any]) -> str:
    rows = [
        ("calls answered", "answered"),
        ("refused or blocked", "refused_or_blocked"),
        ("raw values at the provider", "raw_values"),
        ("conversations leaking", "conversations_leaking"),
        ("values restored / expected", None),
        ("answers with placeholders left", "answers_with_placeholders_left"),
        ("turns stable / compared", None),
        ("latency p50 / p95 ms", None),
        ("added latency p50 / p95 ms", None),
    ]
    arms = report["arms"]
    lines = [f"{'':32}" + "".join(f"{arm:>22}" for arm in ARMS)]
    for title, key in rows:
        cells = []
        for arm in ARMS:
            a = arms[arm]
            if key is not None:
                cells.append(str(a[key]))
            elif title.startswith("values"):
                cells.append(f"{a['values_restored']} / {a['values_expected']}")
            elif title.startswith("turns"):
                cells.append(f"{a['turns_stable']} / {a['turns_compared']}")
            elif title.startswith("latency"):
                cells.append(f"{a['latency_ms']['p50']} / {a['latency_ms']['p95']}")
            else:
                added = a["added_latency_ms"] or {}
                cells.append(f"{added.get('p50', '-')} / {added.get('p95', '-')}")
        lines.append(f"{title:32}" + "".join(f"{c:>22}" for c in cells))
    return "\n".join(lines)


def run(args: argparse.Namespace, given: list[str]) -> dict[str, Any]:
    convs = conversations(args.conversations, args.turns, args.seed)
    stack = Stack(args.out / "run")
    try:
        t0 = time.perf_counter()
        results = play(stack, convs, args.max_seconds)
        wall = time.perf_counter() - t0
        leaks = raw_values(stack, convs)
    finally:
        stack.stop()
    return {
        "command": "python -m eval.guardrail_bench " + " ".join(given),
        "config": {
            "conversations": args.conversations,
            "turns": args.turns,
            "seed": args.seed,
            "streamed": "every other turn",
            "provider": "recording provider, echoing the request's last message",
            "litellm": "1.110.2",
            "cpus": os.cpu_count(),
            "load_average": os.getloadavg(),
            "wall_s": round(wall, 1),
        },
        "arms": summarize(results, leaks),
        "turns": [{k: v for k, v in asdict(t).items() if k != "answer"} for t in results],
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.guardrail_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="output directory (report.json, run.json, run/)")
    parser.add_argument("--conversations", type=int, default=30)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--max-seconds", type=float, default=900, help="stop starting conversations after this")
    parser.add_argument(
        "--presidio-shim-port", type=int, help="internal: only serve the Presidio shim on this loopback port"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.presidio_shim_port is not None:
        return serve_presidio(args.presidio_shim_port)
    if args.out is None:
        parser.error("--out is required")
    for name in ("conversations", "turns"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    private_dir(args.out)
    report = run(args, given)
    (args.out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    write_run_info(args.out, "eval.guardrail_bench", given)
    print(render(report))
    print(f"report: {args.out / 'report.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
