"""``python -m pipelines.scan``: minimize a whole corpus, on this machine or on a Ray cluster.

    python -m pipelines.scan --input PATH --out DIR [--engine local|ray] [--workers N]
        [--address auto|ray://...] [--format jsonl|csv|parquet] [--text-field text] [--id-field id]
        [--mode pseudonymize|redact|policy] [--domain NAME] [--embed] [--max-error-rate 0.001]
        [--config FILE] [--quiet]

Input: a file, a directory or a glob of shards (JSONL, CSV, Parquet).  Output in ``DIR``:

- ``DIR/<shard>``: every shard in its own format, the text field replaced by its minimized form,
  every other field unchanged (with ``--embed`` a ``vector`` column: all-MiniLM-L6-v2 of the
  *minimized* text, computed locally); rows that could not be processed are left out;
- ``DIR/spans/<shard>``: one record per detected entity: ``id``, ``row``, ``label``, ``start``,
  ``end`` (code points of the input text), ``source``; never a value;
- ``DIR/errors.jsonl``: ``shard``, ``row``, ``id`` and ``reason`` of every row that could not be
  processed, and of every row withheld because it is written in a script no detector reads (reason
  ``unread-script``, setting ``scan.unread_script``; counted apart from the errors) (never text);
- ``DIR/report.json`` and a printed table: rows, characters, entities per label, rows/s,
  characters/s, per-worker start-up and peak memory, errors by reason, marker collisions.

Modes: ``pseudonymize`` (default: every entity becomes a keyed marker ``<PERSON_7f3a9c1b>``, the
same for the same value on every worker, shard and run with the same key; the key comes from
``PDT_MAP_KEY`` or ``PDT_MAP_KEY_FILE``, and without one the run refuses), ``redact``
(``[REDACTED_<LABEL>]``, no key), ``policy`` (the domain schema's operation per type, as the
minimizer applies it; ``--domain NAME`` implies it).

Every shard is written to ``*.partial`` files and renamed with a completion marker when done:
the same command run again skips finished shards and redoes the rest.  Exit codes: 0 done;
1 the run failed (more errors than ``--max-error-rate``, a worker that kept dying);
2 bad arguments, input, configuration or a missing key.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from configs.locality import endpoint_problem
from configs.settings import Settings, load_domain, load_settings
from local_model.files import write_private
from local_model.minimization.keyed import PseudonymKey
from pipelines.scan.core import MODES, UNREAD_SCRIPT, Batch, Mode, ScanOptions
from pipelines.scan.engines import ENGINES, Engine, make_engine
from pipelines.scan.io import (
    ERRORS_FILE,
    FORMATS,
    MARKER_VERSION,
    REPORT_FILE,
    STATE_DIR,
    Format,
    Shard,
    ShardTask,
    ShardWriter,
    count_rows,
    discover,
    iter_records,
    prepare_out_dir,
    read_marker,
    run_signature,
)
from signatures.errors import (
    ConfigError,
    ErrorRateExceededError,
    InputError,
    PDTError,
    ResourceError,
    ScanError,
    VaultKeyError,
)


@dataclass
class ScanRequest:
    """A scan, as the CLI or a benchmark describes it."""

    input: str
    out: Path
    engine: str = "local"
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    address: str | None = None
    format: Format | None = None
    text_field: str = "text"
    id_field: str = "id"
    mode: Mode | None = None
    domain: str | None = None
    embed: bool = False
    max_error_rate: float = 0.001
    config: str | None = None
    quiet: bool = False


def _options(req: ScanRequest, settings: Settings) -> tuple[ScanOptions, dict[str, Any]]:
    mode: Mode = req.mode or ("policy" if req.domain else "pseudonymize")
    if req.domain and mode != "policy":
        raise ConfigError(f"--domain applies the domain's operations (--mode policy), not --mode {mode}")
    domain = load_domain(req.domain).model_dump(mode="json") if req.domain else None
    key_id = None
    if mode != "redact":
        try:
            key_id = PseudonymKey.load(settings.scan.tag_hex).key_id
        except VaultKeyError as exc:
            raise VaultKeyError(f"{exc}; or run with --mode redact, which needs no key") from None
    options = ScanOptions(mode=mode, domain=req.domain, embed=req.embed, config=req.config, key_id=key_id)
    signature = {
        "version": MARKER_VERSION,
        "text_field": req.text_field,
        "id_field": req.id_field,
        "mode": mode,
        "domain": domain,
        "embed": req.embed,
        "key_id": key_id,
        "tag_hex": settings.scan.tag_hex,
        "max_row_chars": settings.scan.max_row_chars,
        "max_row_bytes": settings.scan.max_row_bytes,
        "detector": settings.detector.model_dump(mode="json"),
    }
    return options, signature


def _rows(results: Iterator[Batch]) -> Iterator[dict[str, Any]]:
    for batch in results:
        keys = list(batch)
        for i in range(len(batch["row"])):
            yield {k: batch[k][i] for k in keys}


@dataclass
class _Workers:
    """What the results say about each worker."""

    startup: dict[str, float] = field(default_factory=dict)
    peak_rss: dict[str, float] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    first_start: float = float("inf")  # epoch seconds: the first batch any worker began
    last_end: float = 0.0  # ... and the end of the last one

    def see(self, res: dict[str, Any]) -> None:
        w = str(res["worker"])
        self.startup.setdefault(w, float(res["startup_s"]))
        self.peak_rss[w] = max(self.peak_rss.get(w, 0.0), float(res["peak_rss_mb"]))
        self.rows[w] = self.rows.get(w, 0) + 1
        self.cpu[w] = max(self.cpu.get(w, 0.0), float(res["cpu_s"]))
        start, seconds = float(res["batch_start"]), float(res["batch_s"])
        self.first_start = min(self.first_start, start)
        self.last_end = max(self.last_end, start + seconds)

    @property
    def window_s(self) -> float:
        """From the first batch a worker began to the last one finished: processing, no start-up."""
        return max(self.last_end - self.first_start, 0.0) if self.rows else 0.0

    def table(self) -> list[dict[str, Any]]:
        return [
            {
                "worker": w,
                "startup_s": self.startup[w],
                "peak_rss_mb": self.peak_rss[w],
                "rows": self.rows[w],
                "cpu_s": round(self.cpu[w], 2),
            }
            for w in sorted(self.startup)
        ]


def _lock(out_dir: Path) -> Any:
    fh = open(out_dir / STATE_DIR / "lock", "a")  # held (and locked) for the whole run
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        fh.close()
        raise ScanError(f"another scan is writing to {out_dir}; wait for it or choose another --out") from None
    return fh


def _process(
    engine: Engine,
    pending: list[Shard],
    req: ScanRequest,
    settings: Settings,
    signatures: dict[int, str],
    progress: Any,
    timing: dict[str, float],
    workers: _Workers,
) -> dict[int, dict[str, Any]]:
    sc = settings.scan
    tasks = [ShardTask(s, req.text_field, sc.batch_rows, sc.max_row_bytes) for s in pending]
    results = _rows(engine.map_shards(tasks))
    done: dict[int, dict[str, Any]] = {}
    for shard in pending:
        writer = ShardWriter(
            req.out, shard, req.text_field, req.id_field, req.embed, sc.max_row_bytes, sc.parquet_row_group_rows
        )
        try:
            for record in iter_records(shard, sc.max_row_bytes):
                res = next(results, None)
                if res is None:
                    raise ScanError(f"{shard.rel}: the engine returned fewer rows than the shard holds")
                if "first_result" not in timing:
                    timing["first_result"] = time.perf_counter()
                workers.see(res)
                writer.add(record, res)
                progress.update(1)
            done[shard.index] = writer.commit(signatures[shard.index])
        except BaseException:
            writer.abort()
            raise
    if next(results, None) is not None:
        raise ScanError("the engine returned more rows than the shards hold (a shard changed while it was read)")
    return done


def count_collisions(markers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Tags that stand for two different values across shards (two checks under one tag)."""
    checks: dict[str, str] = {}
    for m in markers:
        for name, check in m["fingerprints"].items():
            seen = checks.get(name)
            checks[name] = check if seen in (None, check) else "!"
    collided = sorted(n for n, c in checks.items() if c == "!")
    by_label: dict[str, int] = {}
    for name in collided:
        label = name.rsplit("_", 1)[0]
        by_label[label] = by_label.get(label, 0) + 1
    return {"distinct_markers": len(checks), "tags_with_two_values": len(collided), "by_label": by_label}


def _rate(n: float, seconds: float) -> float | None:
    return round(n / seconds, 1) if seconds > 0 else None


def ray_cluster_is_inside(address: str, trusted_hosts: Sequence[str]) -> None:
    """The rows go to the cluster's workers raw: ``--address`` must name a cluster inside the
    boundary, by the locality rule every raw-text role follows (:mod:`configs.locality`):
    ``auto`` (the cluster started on this machine, found through its local address file), or
    ``ray://HOST:PORT`` / ``HOST:PORT`` with a loopback host or one in ``boundary.trusted_hosts``.
    Every node of a joined cluster sees raw rows: trust a host only with its whole cluster."""
    if address == "auto":
        return
    host_port = address[len("ray://") :] if address.startswith("ray://") else address
    problem = endpoint_problem(f"http://{host_port}", trusted_hosts) if "://" not in host_port else "has a scheme"
    if problem is not None:
        raise ConfigError(
            f"--address {problem.replace('points at', 'names')}: the scan sends raw rows to the cluster "
            "(use auto, a loopback address, or add the head's host to boundary.trusted_hosts)"
        )


def scan(req: ScanRequest) -> dict[str, Any]:
    """Run a scan; returns the report (also written to ``DIR/report.json``).  Raises
    :class:`ErrorRateExceededError` after writing everything when too many rows failed."""
    from tqdm import tqdm

    settings = load_settings(req.config)
    if not 0 <= req.max_error_rate <= 1:
        raise ConfigError("--max-error-rate is a fraction between 0 and 1")
    if req.address:
        ray_cluster_is_inside(req.address, settings.boundary.trusted_hosts)
    options, sig_options = _options(req, settings)
    req.out = req.out.expanduser().resolve()
    shards = discover(req.input, req.format, exclude=req.out)
    prepare_out_dir(req.out)
    lock = _lock(req.out)
    try:
        signatures = {s.index: run_signature(s, sig_options) for s in shards}
        markers: dict[int, dict[str, Any]] = {}
        for s in shards:
            m = read_marker(req.out, s, signatures[s.index])
            if m is not None:
                markers[s.index] = m
        pending = [s for s in shards if s.index not in markers]
        skipped = len(shards) - len(pending)
        timing: dict[str, float] = {"start": time.perf_counter()}
        workers = _Workers()
        engine_startup: dict[str, float] = {}
        restarts = 0
        new: dict[int, dict[str, Any]] = {}
        if pending:
            total = sum(count_rows(s, settings.scan.max_row_bytes) for s in pending)
            with tqdm(total=total, unit="row", desc="scan", file=sys.stderr, disable=req.quiet) as progress:
                engine = make_engine(
                    req.engine,
                    options,
                    req.workers,
                    max_retries=settings.scan.max_retries,
                    address=req.address,
                    batch_rows=settings.scan.batch_rows,
                    actor_memory_mb=settings.scan.actor_memory_mb,
                )
                with engine:
                    timing["engine_ready"] = time.perf_counter()
                    new = _process(engine, pending, req, settings, signatures, progress, timing, workers)
                    engine_startup, restarts = dict(engine.startup), engine.restarts
            markers.update(new)
        timing["end"] = time.perf_counter()
        run_chars = sum(m["chars"] for m in new.values())
        report = _report(
            req, options, shards, markers, skipped, timing, workers, run_chars, engine_startup, restarts, settings
        )
        _write_outputs(req.out, shards, markers, report)
    finally:
        lock.close()
    if not req.quiet:
        print(render_table(report))
    errors, rows = report["errors"]["total"], report["rows"]
    if rows and errors / rows > req.max_error_rate:
        raise ErrorRateExceededError(errors, rows, req.max_error_rate)
    return report


def _report(
    req: ScanRequest,
    options: ScanOptions,
    shards: Sequence[Shard],
    markers: dict[int, dict[str, Any]],
    skipped: int,
    timing: dict[str, float],
    workers: _Workers,
    run_chars: int,
    engine_startup: dict[str, float],
    restarts: int,
    settings: Settings,
) -> dict[str, Any]:
    done = [markers[s.index] for s in shards if s.index in markers]
    entities: dict[str, int] = {}
    reasons: dict[str, int] = {}
    for m in done:
        for label, n in m["entities"].items():
            entities[label] = entities.get(label, 0) + n
        for e in m["errors"]:
            reasons[e["reason"]] = reasons.get(e["reason"], 0) + 1
    rows = sum(m["rows"] for m in done)
    withheld = reasons.pop(UNREAD_SCRIPT, 0)  # a policy's doing, not a failure: reported apart
    n_errors = sum(reasons.values())
    run_rows = sum(workers.rows.values())
    elapsed = timing["end"] - timing["start"]
    first = timing.get("first_result", timing["end"])
    window = workers.window_s
    return {
        "input": req.input,
        "out": str(req.out),
        "engine": req.engine,
        "workers": req.workers,
        "address": req.address,
        "mode": options.mode,
        "domain": options.domain,
        "embed": options.embed,
        "key_id": options.key_id,
        "tag_hex": settings.scan.tag_hex,
        "shards": {"total": len(shards), "processed": len(shards) - skipped, "skipped_finished": skipped},
        "rows": rows,
        "rows_written": sum(m["written"] for m in done),
        "characters": sum(m["chars"] for m in done),
        "entities": dict(sorted(entities.items())),
        "entities_total": sum(entities.values()),
        "second_pass_mentions": sum(m["second_pass"] for m in done),
        "marker_like_in_input": sum(m["marker_like"] for m in done),
        "errors": {
            "total": n_errors,
            "rate": round(n_errors / rows, 6) if rows else 0.0,
            "max_error_rate": req.max_error_rate,
            "by_reason": dict(sorted(reasons.items())),
        },
        "unread_script": {"rows": withheld, "policy": settings.scan.unread_script},
        "collisions": count_collisions(done),
        "this_run": {
            "rows": run_rows,
            "characters": run_chars,
            "elapsed_s": round(elapsed, 3),
            "first_result_s": round(first - timing["start"], 3),
            "rows_per_s": _rate(run_rows, elapsed),
            "chars_per_s": _rate(run_chars, elapsed),
            "worker_restarts": restarts,
            # the rate once workers run (start-up apart): the workers' own clocks, whatever the
            # engine buffers between them and the driver
            "processing_window_s": round(window, 3),
            "steady_rows_per_s": _rate(run_rows, window),
            "steady_chars_per_s": _rate(run_chars, window),
            # CPU the workers got: on a shared machine fewer cores than workers explain a low rate;
            # characters per CPU second is the work rate of one core, whatever else runs
            "worker_cpu_s": round(sum(workers.cpu.values()), 2),
            "cores_used": round(sum(workers.cpu.values()) / window, 2) if window else None,
            "chars_per_cpu_s": _rate(run_chars, sum(workers.cpu.values())),
        },
        "per_worker": workers.table(),
        "engine_startup_s": engine_startup,
    }


def _write_outputs(
    out: Path, shards: Sequence[Shard], markers: dict[int, dict[str, Any]], report: dict[str, Any]
) -> None:
    lines = []
    for s in shards:
        m = markers.get(s.index)
        if m is None:
            continue
        for e in m["errors"]:
            lines.append(json.dumps({"shard": s.rel, "row": e["row"], "id": e["id"], "reason": e["reason"]}))
    write_private(out / ERRORS_FILE, ("\n".join(lines) + "\n" if lines else "").encode())
    write_private(out / REPORT_FILE, (json.dumps(report, indent=2) + "\n").encode())


def render_table(report: dict[str, Any]) -> str:
    run = report["this_run"]
    lines = [
        f"scan: {report['input']} -> {report['out']} ({report['engine']}, {report['workers']} workers, "
        f"mode {report['mode']})",
        f"  shards        {report['shards']['total']} ({report['shards']['skipped_finished']} already finished)",
        f"  rows          {report['rows']} ({report['rows_written']} written)",
        f"  characters    {report['characters']}",
        f"  entities      {report['entities_total']}",
    ]
    lines += [f"    {label:<24}{n:>10}" for label, n in report["entities"].items()]
    lines += [
        f"  this run      {run['rows']} rows in {run['elapsed_s']} s: {run['rows_per_s']} rows/s, "
        f"{run['chars_per_s']} chars/s (first result after {run['first_result_s']} s)",
    ]
    lines += [
        f"    worker {w['worker']:<28} start-up {w['startup_s']:>7.2f} s  peak RSS {w['peak_rss_mb']:>8.1f} MB  "
        f"rows {w['rows']}"
        for w in report["per_worker"]
    ]
    err = report["errors"]
    lines.append(f"  errors        {err['total']} (rate {err['rate']:.4%}, max {err['max_error_rate']:g})")
    lines += [f"    {reason:<24}{n:>10}" for reason, n in err["by_reason"].items()]
    unread = report["unread_script"]
    lines.append(f"  unread script {unread['rows']} rows in a script no detector reads ({unread['policy']})")
    col = report["collisions"]
    lines.append(
        f"  markers       {col['distinct_markers']} distinct, {col['tags_with_two_values']} tags with two values"
    )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m pipelines.scan", description=__doc__.split("\n\n")[0])
    p.add_argument("--input", required=True, help="a file, a directory or a glob of shards (JSONL, CSV, Parquet)")
    p.add_argument("--out", required=True, type=Path, help="output directory")
    p.add_argument("--engine", choices=ENGINES, default="local", help="local process pool (default) or Ray Data")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes / Ray actors")
    p.add_argument("--address", help="join a running Ray cluster (auto or ray://host:10001); default: a local one")
    p.add_argument("--format", choices=FORMATS, help="input format (default: from each file's suffix)")
    p.add_argument("--text-field", default="text", help="the field holding the text to minimize")
    p.add_argument("--id-field", default="id", help="the field identifying a row in spans and errors")
    p.add_argument("--mode", choices=MODES, help="pseudonymize (default; needs a key), redact, or policy")
    p.add_argument("--domain", help="domain schema for --mode policy (configs/domains/NAME.yaml); implies policy")
    p.add_argument("--embed", action="store_true", help="add a vector column (MiniLM on the minimized text)")
    p.add_argument("--max-error-rate", type=float, default=0.001, help="exit 1 above this share of error rows")
    p.add_argument("--config", help="config YAML (default configs/default.yaml or $PDT_CONFIG)")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no table")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    req = ScanRequest(**{k: v for k, v in vars(args).items()})
    try:
        scan(req)
    except ErrorRateExceededError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (ConfigError, InputError, ResourceError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ScanError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except PDTError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0
