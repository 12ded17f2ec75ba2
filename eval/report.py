"""The results pages of the documentation site, written from the benchmarks' metrics files.

    python -m eval.report --runs DIR --out DIR [--readme README.md] [--quiet]

Walks ``--runs`` (``runs/`` by default: where ``scripts/setup.sh`` and ``scripts/evaluate.sh``
write) for the outputs of the benchmarks and writes one MkDocs Markdown page per benchmark under
``--out`` (``index.md`` with the headline table, ``detection.md``, ``leakage.md``, ``utility.md``,
``latency.md``, ``assistant.md``, ``serving.md``, ``scanning.md``) with static SVG plots in
``--out/img/``.  Every other file in ``--out`` (a hand-written ``history.md``) is left alone; the
same inputs give byte-identical pages and plots.

A file is identified by the ``run.json`` next to it (``{"benchmark", "command", "commit", "date",
"machine"}``, written by every benchmark) or, without one, by its name and the keys inside:

- ``eval.pii_bench`` -> ``metrics.json`` with ``ours.overall`` and ``ours.by_label`` (one run per
  data set: ``runs/pii_bench/ai4privacy``, ``runs/pii_bench/pupa`` ...);
- ``eval.leak_bench`` -> ``metrics.json`` with ``ours.unit_leakage`` / ``reference_redacted_query``;
- ``eval.latency_bench`` -> ``metrics.json`` with ``architectures`` and ``unprotected``;
- ``eval.utility_bench`` -> ``report.json`` with ``sets``;
- ``eval.serve_bench`` -> ``report.json`` with ``summary.overhead_ms_per_1k_chars`` (one run per
  concurrency: ``runs/serve_bench/c1``, ``runs/serve_bench/c8`` ...);
- ``eval.assistant_bench`` -> ``report.json`` with ``by_cause`` and ``raw_values_at_provider``;
- ``eval.scan_bench`` -> ``scan_bench.json`` with ``runs`` and ``summary``.

Without ``run.json`` a run's commit, machine and command are "unknown" and its date is the file's
modification time.  ``--readme FILE`` replaces the block between the lines
``<!-- results:start -->`` and ``<!-- results:end -->`` of FILE with a short headline table.
Only numbers, labels, paths and commands are written (the metrics files hold aggregates only);
a missing ``--runs`` directory, a metrics file that is not JSON or lacks its benchmark's keys, or a
README without the markers is a one-line error and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from configs.settings import resolve_path
from signatures.errors import ConfigError, DataError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

UNKNOWN = "unknown"
NONE = "-"
README_START = "<!-- results:start -->"
README_END = "<!-- results:end -->"
README_ROWS = 10
#: directories never searched: MLflow's artifact copies of the metrics files, hidden directories
PRUNE = frozenset({"mlartifacts"})
#: Matplotlib settings of every plot: text as SVG text, a fixed hash salt for the ids (same bytes
#: on every run); savefig drops the date
PLOT_RC: dict[RcKeyType, Any] = {
    "svg.hashsalt": "eval.report",
    "svg.fonttype": "none",
    "font.size": 8.5,
    "axes.titlesize": 9.5,
    "axes.labelsize": 8.5,
    "legend.fontsize": 8,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}
OURS_COLOR = "#1f77b4"
OTHER_COLORS = ("#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#7f7f7f")


# --------------------------------------------------------------------------------- reading JSON


def dig(obj: Any, *keys: str | int) -> Any:
    """``obj[k1][k2]...`` or None where a key is missing or a level is not a dict/list."""
    for key in keys:
        if isinstance(key, int):
            if not isinstance(obj, list) or not -len(obj) <= key < len(obj):
                return None
            obj = obj[key]
        elif isinstance(obj, dict):
            obj = obj.get(key)
        else:
            return None
    return obj


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def num(value: Any) -> float | None:
    """A finite number (never a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def nums(values: Any) -> list[float]:
    return [v for v in (num(x) for x in as_list(values)) if v is not None]


def read_json(path: Path) -> Any:
    """The parsed file; :class:`DataError` naming the file (never its content) when it is not JSON."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc.__class__.__name__})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise DataError(f"{path}: nested too deeply to be a metrics file") from None


# ------------------------------------------------------------------------------------- formats


def _is_pii(d: dict[str, Any]) -> bool:
    ours = d.get("ours")
    return isinstance(ours, dict) and isinstance(ours.get("overall"), dict) and isinstance(ours.get("by_label"), dict)


def _is_leak(d: dict[str, Any]) -> bool:
    ours = d.get("ours")
    return isinstance(ours, dict) and ("unit_leakage" in ours or "reference_redacted_query" in d)


def _is_latency(d: dict[str, Any]) -> bool:
    return isinstance(d.get("architectures"), dict) and isinstance(d.get("unprotected"), dict)


def _is_utility(d: dict[str, Any]) -> bool:
    return isinstance(d.get("sets"), dict)


def _is_serve(d: dict[str, Any]) -> bool:
    summary = d.get("summary")
    return isinstance(summary, dict) and "overhead_ms_per_1k_chars" in summary and isinstance(d.get("config"), dict)


def _is_assistant(d: dict[str, Any]) -> bool:
    return isinstance(d.get("by_cause"), dict) and "raw_values_at_provider" in d


def _is_scan(d: dict[str, Any]) -> bool:
    return isinstance(d.get("runs"), list) and isinstance(d.get("summary"), dict)


@dataclass(frozen=True)
class Benchmark:
    """One benchmark: its module, the file it writes in its --out directory, its page."""

    module: str
    file: str
    page: str
    title: str
    looks_like: Callable[[dict[str, Any]], bool]
    commands: tuple[str, ...]  # how to produce a run ({runs}: the runs directory)


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark(
        "eval.pii_bench",
        "metrics.json",
        "detection.md",
        "Detection",
        _is_pii,
        (
            "python -m eval.pii_bench --format ai4privacy --out {runs}/pii_bench/ai4privacy --baseline presidio",
            "python -m eval.pii_bench --format pupa --out {runs}/pii_bench/pupa --baseline presidio",
        ),
    ),
    Benchmark(
        "eval.leak_bench",
        "metrics.json",
        "leakage.md",
        "Wire leakage",
        _is_leak,
        ("python -m eval.leak_bench --out {runs}/leak_bench --baseline presidio",),
    ),
    Benchmark(
        "eval.utility_bench",
        "report.json",
        "utility.md",
        "Utility",
        _is_utility,
        ("python -m eval.utility_bench --out {runs}/utility_bench --assistant",),
    ),
    Benchmark(
        "eval.latency_bench",
        "metrics.json",
        "latency.md",
        "Latency",
        _is_latency,
        ("python -m eval.latency_bench --n 20 --start-server --out {runs}/latency_bench",),
    ),
    Benchmark(
        "eval.assistant_bench",
        "report.json",
        "assistant.md",
        "Assistant",
        _is_assistant,
        ("python -m eval.assistant_bench --n 60 --architecture papillon --out {runs}/assistant_bench --start-server",),
    ),
    Benchmark(
        "eval.serve_bench",
        "report.json",
        "serving.md",
        "Serving",
        _is_serve,
        (
            "python -m eval.serve_bench --sessions 16 --turns 4 --concurrency 1 --out {runs}/serve_bench/c1",
            "python -m eval.serve_bench --sessions 16 --turns 4 --concurrency 4 --out {runs}/serve_bench/c4",
            "python -m eval.serve_bench --sessions 16 --turns 4 --concurrency 8 --out {runs}/serve_bench/c8",
        ),
    ),
    Benchmark(
        "eval.scan_bench",
        "scan_bench.json",
        "scanning.md",
        "Corpus scan",
        _is_scan,
        ("python -m eval.scan_bench --rows 2000 --workers 1 2 --engine local ray --out {runs}/scan_bench",),
    ),
)
BY_MODULE = {b.module: b for b in BENCHMARKS}
FILE_NAMES = frozenset(b.file for b in BENCHMARKS)
PAGES = ("index.md", *(b.page for b in BENCHMARKS))


@dataclass(frozen=True)
class RunInfo:
    """Where a result comes from: ``run.json``'s fields, "unknown" without one."""

    commit: str
    date: str  # ISO 8601 UTC
    date_from_file: bool  # no run.json date: the metrics file's modification time
    machine: str
    command: str

    @property
    def date_text(self) -> str:
        return f"{self.date} (file time)" if self.date_from_file else self.date


@dataclass(frozen=True)
class Run:
    bench: Benchmark
    path: Path  # the metrics file
    rel: str  # its directory relative to --runs ("pii_bench/ai4privacy"; "." for --runs itself)
    data: dict[str, Any]
    info: RunInfo

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.rel.lower()).strip("-") or "root"

    @property
    def sort_key(self) -> tuple[str, str]:
        return (self.info.date, self.rel)


def _mtime(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _text_field(meta: dict[str, Any], key: str) -> str | None:
    value = meta.get(key)
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


def info_of(meta: dict[str, Any] | None, path: Path, data: dict[str, Any]) -> RunInfo:
    """A run's metadata from its run.json (None: absent), "unknown" where a field is missing."""
    meta = meta or {}
    date = _text_field(meta, "date")
    own_command = data.get("command") if isinstance(data.get("command"), str) else None  # serve_bench keeps it
    return RunInfo(
        commit=_text_field(meta, "commit") or UNKNOWN,
        date=date or _mtime(path),
        date_from_file=date is None,
        machine=_text_field(meta, "machine") or UNKNOWN,
        command=_text_field(meta, "command") or (" ".join(own_command.split()) if own_command else UNKNOWN),
    )


def sniff(name: str, data: Any) -> Benchmark | None:
    """The benchmark a file without run.json belongs to, by its name and keys (None: not ours)."""
    if not isinstance(data, dict):
        return None
    return next((b for b in BENCHMARKS if b.file == name and b.looks_like(data)), None)


def discover(runs: Path) -> list[Run]:
    """Every benchmark output under ``runs`` (recursively), in page order then by directory."""
    if not runs.is_dir():
        raise DataError(f"{runs}: no such directory (--runs)")
    found: list[Run] = []
    for dirpath, dirnames, filenames in os.walk(runs):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in PRUNE)
        here = Path(dirpath)
        names = set(filenames)
        rel = here.relative_to(runs).as_posix()
        meta: dict[str, Any] | None = None
        if "run.json" in names:
            raw = read_json(here / "run.json")
            if not isinstance(raw, dict):
                raise DataError(f"{here / 'run.json'}: not a JSON object")
            meta = raw
        declared = meta.get("benchmark") if meta else None
        if isinstance(declared, str) and declared.strip():
            bench = BY_MODULE.get(declared.strip())
            if bench is None or bench.file not in names:
                continue  # another tool's run, or a run that wrote no metrics yet
            path = here / bench.file
            data = read_json(path)
            if not isinstance(data, dict) or not bench.looks_like(data):
                raise DataError(f"{path}: run.json names {bench.module}, but the file does not have its keys")
            found.append(Run(bench, path, rel, data, info_of(meta, path, data)))
            continue
        for name in sorted(names & FILE_NAMES):
            path = here / name
            data = read_json(path)
            bench = sniff(name, data)
            if bench is not None:
                found.append(Run(bench, path, rel, data, info_of(meta, path, data)))
    order = {b.module: i for i, b in enumerate(BENCHMARKS)}
    return sorted(found, key=lambda r: (order[r.bench.module], r.rel))


# ---------------------------------------------------------------------------------- formatting


def rate(value: Any) -> str:
    """A rate or share: 3 decimals."""
    v = num(value)
    return NONE if v is None else f"{v:.3f}"


def signed(value: float | None) -> str:
    return NONE if value is None else f"{value:+.3f}"


def count(value: Any) -> str:
    """A count: thousands separators."""
    v = num(value)
    if v is None:
        return NONE
    return f"{int(v):,}" if v.is_integer() else f"{v:,.1f}"


def ms(value: Any) -> str:
    """Milliseconds (or seconds): one decimal, thousands separators."""
    v = num(value)
    return NONE if v is None else f"{v:,.1f}"


def dec2(value: Any) -> str:
    """Two decimals (cores used)."""
    v = num(value)
    return NONE if v is None else f"{v:,.2f}"


def per_s(value: Any) -> str:
    """A throughput: thousands separators, no decimals (one decimal below 100 per second)."""
    v = num(value)
    if v is None:
        return NONE
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:,.1f}"


def times(value: Any) -> str:
    v = num(value)
    return NONE if v is None else f"{v:.2f}x"


def yes_no(value: Any) -> str:
    return {True: "yes", False: "no"}.get(value, NONE) if isinstance(value, bool) else NONE


def code(text: str) -> str:
    """An identifier, path or command as a code span (safe in a table cell)."""
    text = " ".join(str(text).split()).replace("|", "/")
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def table(header: Sequence[str], rows: Iterable[Sequence[str]], left: int = 1, text: Iterable[int] = ()) -> str:
    """A Markdown table; the first ``left`` columns and the ``text`` columns left-aligned, the others
    (numbers) right-aligned."""
    lefts = set(range(left)) | set(text)
    lines = ["| " + " | ".join(cell(h) for h in header) + " |"]
    lines.append("|" + "|".join(":---" if i in lefts else "---:" for i in range(len(header))) + "|")
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _systems(*pairs: tuple[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(name, d) for name, d in pairs if isinstance(d, dict)]


def _pairs(d: Any) -> str:
    """``{"a": 1, "b": 2}`` as ``a 1, b 2`` (counts), ``none`` when empty."""
    items = [(str(k), v) for k, v in sorted(as_dict(d).items())]
    return ", ".join(f"{k} {count(v)}" for k, v in items) if items else "none"


# ------------------------------------------------------------------------------------ plotting


@contextmanager
def _plotting() -> Iterator[None]:
    import matplotlib

    matplotlib.use("Agg")
    with matplotlib.rc_context(PLOT_RC):
        yield


def plot(out: Path, name: str, size: tuple[float, float], draw: Callable[[Figure], None]) -> str:
    """Draw a figure, save it as ``out/img/<name>.svg`` (same bytes for the same data); its page-relative path."""
    from matplotlib.figure import Figure

    with _plotting():
        fig = Figure(figsize=size, layout="constrained")
        draw(fig)
        path = out / "img" / f"{name}.svg"
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format="svg", metadata={"Date": None})
    return f"img/{name}.svg"


def _color(i: int) -> str:
    return OURS_COLOR if i == 0 else OTHER_COLORS[(i - 1) % len(OTHER_COLORS)]


def grouped_barh(
    ax: Axes,
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    xlabel: str,
    title: str,
    unit_range: bool = True,
    show_labels: bool = True,
) -> None:
    """Horizontal bars per category, one bar per series (missing values: no bar)."""
    n = max(1, len(series))
    height = 0.8 / n
    for i, (name, values) in enumerate(series):
        ys = [y - 0.4 + height * (i + 0.5) for y in range(len(categories))]
        widths = [math.nan if v is None else v for v in values]
        bars = ax.barh(ys, widths, height=height, label=name, color=_color(i))
        ax.bar_label(bars, ["" if v is None else f"{v:.2f}" for v in values], padding=2, fontsize=6.5)
    ax.set_yticks(range(len(categories)), categories)
    ax.tick_params(axis="y", labelleft=show_labels)
    ax.set_ylim(len(categories) - 0.5, -0.5)
    if unit_range:
        ax.set_xlim(0, 1.0)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.grid(axis="y", visible=False)


# -------------------------------------------------------------------------------------- pages


@dataclass
class Context:
    runs_label: str  # --runs as given, for messages and commands
    out: Path
    plots: list[str]

    def plot(self, name: str, size: tuple[float, float], draw: Callable[[Figure], None]) -> str:
        rel = plot(self.out, name, size, draw)
        self.plots.append(rel)
        return rel


def _run_where(ctx: Context, run: Run) -> str:
    return f"{ctx.runs_label}/{run.rel}" if run.rel != "." else ctx.runs_label


def _command(command: str) -> str:
    return UNKNOWN if command == UNKNOWN else code(command)


def runs_table(ctx: Context, runs: Sequence[Run]) -> str:
    rows = [
        [code(_run_where(ctx, r)), r.info.commit, r.info.date_text, r.info.machine, _command(r.info.command)]
        for r in runs
    ]
    newest = max(runs, key=lambda r: r.sort_key)
    latest = newest.info
    return "\n".join(
        [
            f"Latest run: {code(_run_where(ctx, newest))}; commit {latest.commit}; "
            f"date {latest.date_text}; machine {latest.machine}; command {_command(latest.command)}.",
            "",
            table(["run", "commit", "date", "machine", "command"], rows, left=5),
        ]
    )


def no_run(ctx: Context, bench: Benchmark) -> str:
    commands = "\n".join(c.format(runs=ctx.runs_label) for c in bench.commands)
    return "\n".join(
        [
            f"No run found under {code(ctx.runs_label + '/')} (no {code(bench.file)} of {code(bench.module)}). "
            "Produce one with:",
            "",
            "```bash",
            commands,
            "```",
        ]
    )


def page(ctx: Context, bench: Benchmark, runs: Sequence[Run], intro: str, body: Callable[[Run], str]) -> str:
    parts = [f"# {bench.title} ({code(bench.module)})", "", intro, ""]
    if not runs:
        parts.append(no_run(ctx, bench))
    else:
        parts += [runs_table(ctx, runs)]
        for r in runs:
            parts += ["", f"## {code(r.rel)}", "", body(r)]
    return "\n".join(parts).rstrip() + "\n"


# --- detection (eval.pii_bench) ---------------------------------------------------------------


def _pii_systems(run: Run) -> list[tuple[str, dict[str, Any]]]:
    return _systems(("ours", run.data.get("ours")), ("Presidio", run.data.get("baseline")))


def _label_recall(m: dict[str, Any]) -> float | None:
    return num(m.get("recall")) if (num(m.get("n_gold")) or 0) > 0 else None


def _label_precision(m: dict[str, Any]) -> float | None:
    return num(m.get("precision")) if (num(m.get("n_pred")) or 0) > 0 else None


def detection_body(ctx: Context, run: Run) -> str:
    d = run.data
    systems = _pii_systems(run)
    names = [n for n, _ in systems]
    out: list[str] = []
    data_name = Path(d["data"]).name if isinstance(d.get("data"), str) else NONE
    load = ", ".join(f"{k.replace('_', ' ')} {count(v)}" for k, v in as_dict(d.get("load_report")).items() if num(v))
    out.append(
        f"Format {code(str(d.get('format', NONE)))}, data {code(data_name)}, {count(d.get('rows'))} rows"
        + (f" (load: {load})" if load else "")
        + "."
    )
    detectors = as_list(d.get("detectors"))
    if detectors:
        out.append(f"Detectors: {', '.join(code(str(x)) for x in detectors)}.")

    # overall
    metrics: list[tuple[str, tuple[str, ...], Callable[[Any], str], bool]] = [
        ("span_protect", ("overall", "span_protect"), rate, True),
        ("char_recall", ("overall", "char_recall"), rate, True),
        ("overlap_precision", ("overall", "overlap_precision"), rate, True),
        ("typed precision", ("typed_micro", "precision"), rate, True),
        ("typed recall", ("typed_micro", "recall"), rate, True),
        ("typed F1", ("typed_micro", "f1"), rate, True),
        ("gold spans", ("overall", "n_gold"), count, False),
        ("predicted spans", ("overall", "n_pred"), count, False),
        ("characters per second", ("throughput", "chars_per_second"), per_s, False),
        ("start-up s", ("throughput", "init_seconds"), ms, False),
    ]
    if any("units" in s for _, s in systems):
        metrics += [
            ("units fully covered", ("units", "unit_protect"), rate, True),
            ("units no longer verbatim", ("units", "unit_masked_verbatim"), rate, True),
            ("units", ("units", "units_found"), count, False),
        ]
    header = ["metric", *names] + (["delta"] if len(systems) > 1 else [])
    rows = []
    for label, path, fmt, is_rate in metrics:
        # typed metrics over no typed gold (PUPA's untyped units) are 0.0 in the file: shown as "-"
        values = [
            None if path[0] == "typed_micro" and not num(dig(s, "typed_micro", "n_gold")) else dig(s, *path)
            for _, s in systems
        ]
        row = [label, *(fmt(v) for v in values)]
        if len(systems) > 1:
            a, b = num(values[0]), num(values[1])
            row.append(signed(a - b) if is_rate and a is not None and b is not None else "")
        rows.append(row)
    out += ["", "### Overall", "", table(header, rows)]
    ratio = dig(d, "delta_vs_baseline", "speed_ratio_ours_over_baseline")
    if num(ratio) is not None:
        out += ["", f"Speed ratio ours / Presidio in the same run (interleaved row by row): {times(ratio)}."]

    # per label
    labels = sorted({str(k) for _, s in systems for k in as_dict(s.get("by_label"))})
    typed = (num(dig(d, "ours", "typed_micro", "n_gold")) or 0) > 0
    if labels:
        by = [(n, as_dict(s.get("by_label"))) for n, s in systems]
        out += ["", "### Per label", ""]
        if typed:
            out.append(
                "Typed strict metrics (exact offsets and label): recall from the gold spans of a label, "
                "precision from the predicted spans of that label."
            )
            header = ["label", "gold", *(f"recall {n}" for n, _ in by), *(f"precision {n}" for n, _ in by)]
            rows = []
            for lab in labels:
                ms_ = [as_dict(b.get(lab)) for _, b in by]
                rows.append(
                    [
                        code(lab),
                        count(max((num(m.get("n_gold")) or 0 for m in ms_), default=0)),
                        *(rate(_label_recall(m)) for m in ms_),
                        *(rate(_label_precision(m)) for m in ms_),
                    ]
                )
            out += ["", table(header, rows), ""]
        else:
            out += ["The gold spans are untyped: typed recall and precision do not apply.", ""]
        out.append(
            "Protection (label-agnostic): span_protect of the gold spans of a label (every character covered), "
            "overlap_precision of the predicted spans of a label (overlapping some gold span)."
        )
        header = [
            "label",
            "gold",
            *(f"predicted {n}" for n, _ in by),
            *(f"span_protect {n}" for n, _ in by),
            *(f"overlap_precision {n}" for n, _ in by),
        ]
        rows = []
        for lab in labels:
            ms_ = [as_dict(b.get(lab)) for _, b in by]
            rows.append(
                [
                    code(lab),
                    count(max((num(m.get("n_gold")) or 0 for m in ms_), default=0)),
                    *(count(m.get("n_pred", 0)) for m in ms_),
                    *(rate(m.get("span_protect")) for m in ms_),
                    *(rate(m.get("overlap_precision")) for m in ms_),
                ]
            )
        out += ["", table(header, rows)]
        img = _detection_plot(ctx, run, labels, by, typed)
        out += ["", f"![Per-label recall and precision, {run.rel}]({img})"]

    # per language
    langs = sorted({str(k) for _, s in systems for k in as_dict(s.get("by_language"))})
    if langs:
        by = [(n, as_dict(s.get("by_language"))) for n, s in systems]
        # the same precision over the labels the data annotates, where some prediction has another label
        annotated = [(n, as_dict(dig(s, "annotated_labels", "by_language"))) for n, s in systems]
        annotated = [(n, a) for n, a in annotated if any(as_dict(v).get("other_n_pred") for v in a.values())]
        header = [
            "language",
            "gold",
            *(f"span_protect {n}" for n, _ in by),
            *(f"char_recall {n}" for n, _ in by),
            *(f"overlap_precision {n}" for n, _ in by),
            *(f"overlap_precision, annotated labels {n}" for n, _ in annotated),
        ]
        rows = []
        for lang in langs:
            ms_ = [as_dict(b.get(lang)) for _, b in by]
            rows.append(
                [
                    code(lang),
                    count(as_dict(by[0][1].get(lang)).get("n_gold")),
                    *(rate(m.get("span_protect")) for m in ms_),
                    *(rate(m.get("char_recall")) for m in ms_),
                    *(rate(m.get("overlap_precision")) for m in ms_),
                    *(rate(as_dict(a.get(lang)).get("overlap_precision")) for _, a in annotated),
                ]
            )
        out += ["", "### Per language", "", table(header, rows)]
        if annotated:
            out += [
                "",
                "`overlap_precision, annotated labels`: the same over the predictions whose label the data "
                "annotates somewhere; the predictions of other labels (a company where the data marks none) "
                "are counted apart in `metrics.json` (`annotated_labels`).",
            ]

    # PUPA units per category
    cats = sorted({str(k) for _, s in systems for k in as_dict(dig(s, "units", "by_category"))})
    if cats:
        by = [(n, as_dict(dig(s, "units", "by_category"))) for n, s in systems]
        header = [
            "category",
            "units",
            *(f"fully covered {n}" for n, _ in by),
            *(f"no longer verbatim {n}" for n, _ in by),
        ]
        rows = []
        for cat in cats:
            ms_ = [as_dict(b.get(cat)) for _, b in by]
            rows.append(
                [
                    code(cat),
                    count(ms_[0].get("units")),
                    *(rate(m.get("unit_protect")) for m in ms_),
                    *(rate(m.get("unit_masked_verbatim")) for m in ms_),
                ]
            )
        out += ["", "### Units per category", "", table(header, rows)]
    return "\n".join(out)


def _detection_plot(
    ctx: Context, run: Run, labels: list[str], by: list[tuple[str, dict[str, Any]]], typed: bool
) -> str:
    if typed:
        left = ("recall", lambda m: _label_recall(m))
        right = ("precision", lambda m: _label_precision(m))
    else:
        left = ("span_protect", lambda m: num(m.get("span_protect")))
        right = ("overlap_precision", lambda m: num(m.get("overlap_precision")))
    panels = (left, right)

    def draw(fig: Figure) -> None:
        axes = fig.subplots(1, 2, sharey=True)
        for k, (ax, (metric, get)) in enumerate(zip(axes, panels, strict=True)):
            series = [(n, [get(as_dict(b.get(lab))) for lab in labels]) for n, b in by]
            grouped_barh(ax, labels, series, metric, metric, show_labels=k == 0)
        handles, names = axes[0].get_legend_handles_labels()
        fig.legend(handles, names, loc="outside lower center", ncols=len(names))
        fig.suptitle(f"Per label ({'typed strict' if typed else 'label-agnostic'}), {run.rel}")

    height = 1.6 + 0.22 * len(labels) * max(1, len(by))
    return ctx.plot(f"detection-{run.slug}", (7.0, min(height, 24.0)), draw)


# --- leakage (eval.leak_bench) ----------------------------------------------------------------


def leakage_body(ctx: Context, run: Run) -> str:
    d = run.data
    ours, base, ref = as_dict(d.get("ours")), d.get("baseline"), as_dict(d.get("reference_redacted_query"))
    out = [f"{count(d.get('rows'))} rows; policy: {_pairs_text(d.get('policy'))}."]
    systems: list[tuple[str, dict[str, Any]]] = [("ours", ours)]
    if isinstance(base, dict):
        systems.append((f"Presidio ({base.get('name', 'baseline')})", base))
    rows = [
        [
            name,
            rate(s.get("unit_leakage")),
            f"{count(s.get('units_leaked'))} / {count(s.get('units'))}",
            rate(s.get("non_pii_words_kept")),
            rate(s.get("embedding_similarity")),
            per_s(s.get("chars_per_second")),
        ]
        for name, s in systems
    ]
    rows.append(
        [
            "PUPA's own redacted_query",
            rate(ref.get("unit_leakage")),
            NONE,
            rate(ref.get("non_pii_words_kept")),
            NONE,
            NONE,
        ]
    )
    header = ["system", "unit leakage", "units leaked", "non-PII words kept", "embedding similarity", "chars/s"]
    out += ["", table(header, rows)]
    notes = sorted({str(s["embedding_note"]) for _, s in systems if isinstance(s.get("embedding_note"), str)})
    if notes:
        out += ["", "Embedding similarity not measured: " + "; ".join(notes) + "."]
    rt = as_dict(ours.get("round_trip"))
    out += [
        "",
        f"Round trip (reinject(minimize(x)) == x on rows where only pseudonymization applied): "
        f"{count(rt.get('rows_equal'))} / {count(rt.get('rows_checked'))} rows; minimize + reinject median "
        f"{ms(ours.get('minimize_reinject_ms_per_1000_chars_median'))} ms per 1,000 characters.",
    ]
    cats = sorted({str(k) for _, s in systems for k in as_dict(s.get("by_category"))})
    if cats:
        header = ["category", "units", *(f"leakage {n}" for n, _ in systems)]
        rows = [
            [
                code(c),
                count(dig(ours, "by_category", c, "units")),
                *(rate(dig(s, "by_category", c, "unit_leakage")) for _, s in systems),
            ]
            for c in cats
        ]
        out += ["", "### Leakage per category", "", table(header, rows)]

        def draw(fig: Figure) -> None:
            ax = fig.subplots()
            series = [(n, [num(dig(s, "by_category", c, "unit_leakage")) for c in cats]) for n, s in systems]
            grouped_barh(ax, cats, series, "unit leakage (lower is better)", f"Unit leakage per category, {run.rel}")
            fig.legend(loc="outside lower center", ncols=2)

        img = ctx.plot(f"leakage-{run.slug}", (6.5, min(1.4 + 0.28 * len(cats) * len(systems), 20.0)), draw)
        out += ["", f"![Unit leakage per category, {run.rel}]({img})"]
    return "\n".join(out)


def _pairs_text(d: Any) -> str:
    items = [(str(k), v) for k, v in as_dict(d).items()]
    return ", ".join(f"{k} {NONE if v is None else v}" for k, v in items) if items else NONE


# --- utility (eval.utility_bench) -------------------------------------------------------------


def utility_body(ctx: Context, run: Run) -> str:
    sets = as_dict(run.data.get("sets"))
    out = [f"Detector start-up {ms(run.data.get('detector_startup_s'))} s; {len(sets)} set(s)."]
    rows = [
        [
            code(name),
            count(m.get("tickets")),
            count(m.get("keep_spans")),
            rate(m.get("keep_kept")),
            count(m.get("mask_spans")),
            rate(m.get("mask_masked")),
            rate(m.get("precision")),
            rate(m.get("tickets_all_keep_kept")),
            rate(m.get("label_accuracy_direct")),
        ]
        for name, m in ((n, as_dict(v)) for n, v in sets.items())
    ]
    header = [
        "set",
        "tickets",
        "keep spans",
        "keep-kept",
        "mask spans",
        "mask-masked",
        "precision",
        "tickets with every keep span",
        "label accuracy (direct)",
    ]
    out += ["", table(header, rows)]
    kinds = sorted({str(k) for m in sets.values() for k in as_dict(dig(m, "keep_kept_by_kind"))})
    if kinds:
        names = list(sets)

        def draw(fig: Figure) -> None:
            ax = fig.subplots()
            series = [(n, [num(dig(sets[n], "keep_kept_by_kind", k, "rate")) for k in kinds]) for n in names]
            grouped_barh(ax, kinds, series, "keep-kept (share of keep spans no detected span touches)", "")
            fig.legend(loc="outside lower center", ncols=1)
            fig.suptitle(f"Keep-kept by kind, {run.rel}")

        img = ctx.plot(f"utility-{run.slug}", (6.5, min(1.8 + 0.24 * len(kinds) * len(names), 24.0)), draw)
        out += ["", f"![Keep-kept by kind, {run.rel}]({img})"]
    for name, value in sets.items():
        m = as_dict(value)
        out += ["", f"### {code(name)}", ""]
        out += [
            f"Detected spans: {count(m.get('detected_spans'))}, on a keep span: {count(m.get('detected_on_keep'))}; "
            f"detection took {ms(m.get('detect_s'))} s.",
        ]
        out += ["", table(["kind", "keep spans", "kept"], _rate_rows(m.get("keep_kept_by_kind")))]
        out += ["", table(["label", "mask spans", "masked"], _rate_rows(m.get("mask_masked_by_label")))]
        langs = sorted(set(as_dict(m.get("keep_kept_by_language"))) | set(as_dict(m.get("mask_masked_by_language"))))
        if langs:
            rows = [
                [
                    code(lang),
                    count(dig(m, "keep_kept_by_language", lang, "n")),
                    rate(dig(m, "keep_kept_by_language", lang, "rate")),
                    count(dig(m, "mask_masked_by_language", lang, "n")),
                    rate(dig(m, "mask_masked_by_language", lang, "rate")),
                ]
                for lang in langs
            ]
            out += ["", table(["language", "keep spans", "kept", "mask spans", "masked"], rows)]
        wrong = [as_dict(w) for w in as_list(m.get("wrong_labels"))]
        if wrong:
            rows = [[code(str(w.get("kind"))), code(str(w.get("as"))), count(w.get("n"))] for w in wrong]
            out += ["", "Kept strings taken for personal data (most frequent first):", ""]
            out.append(table(["kind", "detected as", "spans"], rows, left=2))
        a = m.get("assistant")
        if isinstance(a, dict):
            out += [
                "",
                f"Through the assistant ({code(str(a.get('architecture', NONE)))}, echoing recording provider): "
                f"{count(a.get('answered'))} of {count(a.get('tickets'))} tickets answered, handoffs: "
                f"{_pairs(a.get('handoffs'))}; requests whose instruction was edited: "
                f"{count(a.get('system_messages_without_template'))}.",
                "",
                table(
                    ["measure", "value"],
                    [
                        ["keep spans present in the requests", rate(a.get("keep_present"))],
                        ["tickets with every keep span present", rate(a.get("tickets_all_keep_present"))],
                        ["mask values withheld", rate(a.get("mask_withheld"))],
                    ],
                ),
            ]
    return "\n".join(out)


def _rate_rows(d: Any) -> list[list[str]]:
    return [[code(str(k)), count(dig(v, "n")), rate(dig(v, "rate"))] for k, v in sorted(as_dict(d).items())]


# --- latency (eval.latency_bench) -------------------------------------------------------------


def _per_kchar(seconds: Sequence[Any], chars: Sequence[Any]) -> list[float]:
    out = []
    for s, c in zip(seconds, chars, strict=False):
        sv, cv = num(s), num(c)
        if sv is not None and cv:
            out.append(sv * 1000 * 1000 / cv)
    return out


def latency_body(ctx: Context, run: Run) -> str:
    d = run.data
    archs = as_dict(d.get("architectures"))
    stand_in = " (a stand-in)" if d.get("external_is_stand_in") is True else ""
    out = [
        f"{count(d.get('tickets'))} tickets of {count(d.get('mean_ticket_chars'))} characters on average; "
        f"external endpoint {code(str(d.get('external_endpoint', NONE)))}{stand_in}.",
    ]
    unprot = as_dict(d.get("unprotected"))
    rows = [
        [
            "unprotected reference",
            ms(unprot.get("p50_ms")),
            ms(unprot.get("p95_ms")),
            times(1.0),
            NONE,
            NONE,
            NONE,
        ]
    ]
    for name, value in archs.items():
        a = as_dict(value)
        o = as_dict(a.get("outcomes"))
        outcome = ", ".join(f"{k} {count(v)}" for k, v in o.items()) or NONE
        rows.append(
            [
                code(name),
                ms(dig(a, "end_to_end", "p50_ms")),
                ms(dig(a, "end_to_end", "p95_ms")),
                times(a.get("ratio_to_unprotected_p50")),
                ms(dig(a, "privacy_overhead_ms_per_1000_chars", "p50_ms")),
                ms(dig(a, "privacy_overhead_ms_per_1000_chars", "p95_ms")),
                outcome,
            ]
        )
    header = [
        "architecture",
        "end to end p50 ms",
        "p95 ms",
        "p50 / unprotected p50",
        "privacy overhead p50 ms per 1,000 chars",
        "p95",
        "outcomes",
    ]
    out += ["", table(header, rows, text=[6])]
    stages = list(dict.fromkeys(str(s) for a in archs.values() for s in as_dict(dig(a, "stages"))))
    if stages:
        rows = [
            [
                code(s),
                *(f"{ms(dig(a, 'stages', s, 'p50_ms'))} / {ms(dig(a, 'stages', s, 'p95_ms'))}" for a in archs.values()),
            ]
            for s in stages
        ]
        out += ["", "Per stage, p50 / p95 ms:", "", table(["stage", *(code(a) for a in archs)], rows)]

    chars = as_list(dig(d, "per_ticket", "chars"))
    e2e = {"unprotected": _per_kchar(as_list(dig(d, "per_ticket", "unprotected_s")), chars)}
    overhead: dict[str, list[float]] = {}
    for name, value in archs.items():
        e2e[name] = _per_kchar(as_list(dig(value, "per_ticket", "end_to_end_s")), chars)
        ov = nums(dig(value, "per_ticket", "privacy_overhead_ms_per_1000_chars"))
        if ov:
            overhead[name] = ov
    e2e = {k: v for k, v in e2e.items() if v}
    if e2e or overhead:

        def draw(fig: Figure) -> None:
            axes = fig.subplots(1, 2) if e2e and overhead else [fig.subplots()]
            panels = [(e2e, "end to end")] if e2e else []
            panels += [(overhead, "privacy overhead")] if overhead else []
            for ax, (data, title) in zip(axes, panels, strict=True):
                ax.boxplot(list(data.values()), tick_labels=list(data), orientation="horizontal", showmeans=True)
                ax.set_ylim(len(data) + 0.5, 0.5)
                ax.set_xlabel("ms per 1,000 characters")
                ax.set_title(title)
                ax.grid(axis="y", visible=False)
            fig.suptitle(f"Latency per 1,000 characters, per ticket ({run.rel})")

        img = ctx.plot(f"latency-{run.slug}", (8.0, 1.6 + 0.45 * max(len(e2e), len(overhead))), draw)
        out += [
            "",
            "Distribution over the tickets (box: quartiles, whiskers: 1.5 IQR, triangle: mean; end to end divided "
            "by each ticket's length):",
            "",
            f"![Latency per 1,000 characters, {run.rel}]({img})",
        ]
    else:
        p50 = {n: num(dig(a, "privacy_overhead_ms_per_1000_chars", "p50_ms")) for n, a in archs.items()}
        p95 = {n: num(dig(a, "privacy_overhead_ms_per_1000_chars", "p95_ms")) for n, a in archs.items()}
        names = [n for n in archs if p50[n] is not None or p95[n] is not None]
        if names:

            def draw_percentiles(fig: Figure) -> None:
                ax = fig.subplots()
                series = [("p50", [p50[n] for n in names]), ("p95", [p95[n] for n in names])]
                grouped_barh(ax, names, series, "ms per 1,000 characters", "", unit_range=False)
                fig.legend(loc="outside lower center", ncols=2)
                fig.suptitle(f"Privacy overhead per 1,000 characters, p50 and p95 only ({run.rel})")

            img = ctx.plot(f"latency-{run.slug}", (6.5, 1.4 + 0.5 * len(names)), draw_percentiles)
            out += [
                "",
                "This metrics file stores percentiles only (no per-ticket values: written before "
                "`eval.latency_bench` kept them), so the plot shows the stored p50 and p95, not the distribution.",
                "",
                f"![Privacy overhead p50 and p95, {run.rel}]({img})",
            ]
    return "\n".join(out)


# --- assistant (eval.assistant_bench) ---------------------------------------------------------

CAUSES = ("egress-leak", "answer-leak", "model-error")


def assistant_body(ctx: Context, run: Run) -> str:
    d = run.data
    causes = as_dict(d.get("by_cause"))
    stripped = as_dict(d.get("egress_invention_stripped"))
    out = [
        f"{count(d.get('tickets'))} synthetic tickets (seed {count(d.get('seed'))}), architecture "
        f"{code(str(d.get('architecture', NONE)))}, provider {code(str(d.get('provider', NONE)))} "
        f"({code(str(d.get('external_upstream', NONE)))}); {count(d.get('provider_requests'))} requests reached "
        "the provider.",
        "",
        table(
            ["outcome", "tickets"],
            [
                ["answered", count(d.get("answered"))],
                ["handed to a human", count(d.get("handoffs"))],
                *([f"{c} (handoff)" if c != "model-error" else c, count(causes.get(c))] for c in CAUSES),
                ["invented identifier removed from a request", count(stripped.get("tickets"))],
                ["answers with invented links", count(d.get("answers_with_invented_links"))],
                ["answers restoring a customer value", count(d.get("answers_restoring_a_customer_value"))],
            ],
        ),
        "",
        f"Raw values of direct identifiers and special categories at the provider: "
        f"**{count(d.get('raw_values_at_provider'))}**.",
    ]
    by_type = as_dict(d.get("raw_values_at_provider_by_type"))
    if by_type:
        out += [
            "",
            table(["type", "raw values at the provider"], [[code(k), count(v)] for k, v in sorted(by_type.items())]),
        ]
    if as_dict(stripped.get("by_type")):
        out += ["", f"Invented identifiers removed, by type: {_pairs(stripped.get('by_type'))}."]
    names = ["answered", *CAUSES]
    values = [num(d.get("answered")), *(num(causes.get(c)) for c in CAUSES)]

    def draw(fig: Figure) -> None:
        ax = fig.subplots()
        colors = ["#2ca02c", "#d62728", "#ff7f0e", "#7f7f7f"]
        ax.bar(names, [math.nan if v is None else v for v in values], color=colors)
        for i, v in enumerate(values):
            if v is not None:
                ax.annotate(f"{v:,.0f}", (i, v), ha="center", va="bottom", fontsize=8)
        ax.set_ylabel("tickets")
        from matplotlib.ticker import MaxNLocator

        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"Outcomes by cause, {run.rel} ({d.get('architecture', NONE)}, {d.get('provider', NONE)})")
        ax.grid(axis="x", visible=False)

    img = ctx.plot(f"assistant-{run.slug}", (5.5, 3.0), draw)
    out += ["", f"![Outcomes by cause, {run.rel}]({img})"]
    return "\n".join(out)


# --- serving (eval.serve_bench) ---------------------------------------------------------------


def serving_section(ctx: Context, runs: Sequence[Run]) -> str:
    """One table row per run, and overhead by concurrency (the latest run per concurrency)."""
    rows = []
    for r in runs:
        s, c = as_dict(r.data.get("summary")), as_dict(r.data.get("config"))
        targets = as_dict(r.data.get("targets"))
        met = sum(v is True for v in targets.values())
        rows.append(
            [
                code(r.rel),
                count(c.get("concurrency")),
                f"{count(c.get('sessions'))} x {count(c.get('turns'))}",
                count(s.get("requests")),
                count(s.get("errors")),
                count(s.get("handoffs")),
                per_s(s.get("served_requests_per_s")),
                f"{ms(dig(s, 'latency_ms', 'unstreamed', 'p50'))} / {ms(dig(s, 'latency_ms', 'unstreamed', 'p95'))}",
                f"{ms(dig(s, 'latency_ms', 'direct', 'p50'))} / {ms(dig(s, 'latency_ms', 'direct', 'p95'))}",
                f"{ms(dig(s, 'overhead_ms', 'p50'))} / {ms(dig(s, 'overhead_ms', 'p95'))}",
                f"{ms(dig(s, 'overhead_ms_per_1k_chars', 'p50'))} / {ms(dig(s, 'overhead_ms_per_1k_chars', 'p95'))}",
                f"{ms(dig(s, 'ttft_ms', 'streamed', 'p50'))} / {ms(dig(s, 'ttft_ms', 'streamed', 'p95'))}",
                f"{met} / {len(targets)}" if targets else NONE,
            ]
        )
    header = [
        "run",
        "concurrency",
        "sessions x turns",
        "requests",
        "errors",
        "handoffs",
        "served requests/s",
        "served p50 / p95 ms",
        "direct p50 / p95 ms",
        "overhead p50 / p95 ms",
        "overhead per 1,000 chars p50 / p95 ms",
        "TTFT streamed p50 / p95 ms",
        "targets met",
    ]
    out = [table(header, rows)]
    points: dict[float, Run] = {}
    for r in sorted(runs, key=lambda r: r.sort_key):  # the latest run per concurrency wins
        conc = num(dig(r.data, "config", "concurrency"))
        if conc is not None:
            points[conc] = r
    xs = sorted(points)
    if xs:
        p50 = [num(dig(points[x].data, "summary", "overhead_ms_per_1k_chars", "p50")) for x in xs]
        p95 = [num(dig(points[x].data, "summary", "overhead_ms_per_1k_chars", "p95")) for x in xs]
        rps = [num(dig(points[x].data, "summary", "served_requests_per_s")) for x in xs]

        def draw(fig: Figure) -> None:
            left, right = fig.subplots(1, 2)
            for values, name, style in ((p50, "p50", "o-"), (p95, "p95", "s--")):
                left.plot(xs, [math.nan if v is None else v for v in values], style, label=name, color=OURS_COLOR)
            left.set_xlabel("concurrent clients")
            left.set_ylabel("ms per 1,000 characters")
            left.set_title("Privacy overhead per 1,000 characters")
            left.legend(loc="upper left")
            right.plot(xs, [math.nan if v is None else v for v in rps], "o-", color=OTHER_COLORS[1])
            right.set_xlabel("concurrent clients")
            right.set_ylabel("requests per second")
            right.set_title("Served requests per second")
            for ax in (left, right):
                ax.set_xticks(xs, [f"{x:g}" for x in xs])
                ax.set_ylim(bottom=0)
            fig.suptitle("Serving by concurrency (latest run per concurrency)")

        img = ctx.plot("serving-by-concurrency", (8.0, 3.0), draw)
        out += ["", f"![Privacy overhead by concurrency]({img})"]
    privacy = [(r, as_dict(r.data.get("privacy"))) for r in runs if isinstance(r.data.get("privacy"), dict)]
    if privacy:
        rows = [
            [
                code(r.rel),
                count(p.get("provider_requests")),
                count(p.get("raw_values_at_provider")),
                count(p.get("answers_with_placeholder_left")),
                count(p.get("answers_with_another_sessions_value")),
                yes_no(p.get("ledger_equals_provider_record")),
            ]
            for r, p in privacy
        ]
        header = [
            "run",
            "provider requests",
            "raw values at the provider",
            "answers with a placeholder left",
            "answers with another session's value",
            "ledger == provider record",
        ]
        out += ["", "### Privacy checks on the provider's own record", "", table(header, rows)]
    goals = [(r, str(k), v) for r in runs for k, v in as_dict(r.data.get("targets")).items()]
    if goals:
        rows = [[code(r.rel), code(k), "met" if v is True else "NOT met"] for r, k, v in goals]
        out += ["", "### Targets", "", table(["run", "target", "result"], rows, left=2)]
    return "\n".join(out)


# --- scanning (eval.scan_bench) ---------------------------------------------------------------


def _median_runs(d: dict[str, Any]) -> list[dict[str, Any]]:
    stored = [as_dict(x) for x in as_list(dig(d, "summary", "median_runs"))]
    if stored:
        return stored
    groups: dict[tuple[str, float], list[dict[str, Any]]] = {}
    for r in (as_dict(x) for x in as_list(d.get("runs"))):
        w = num(r.get("workers"))
        if isinstance(r.get("engine"), str) and w is not None:
            groups.setdefault((r["engine"], w), []).append(r)
    out = []
    for (engine, w), rs in sorted(groups.items()):
        ordered = sorted(rs, key=lambda r: num(r.get("steady_chars_per_s")) or 0.0)
        out.append({"engine": engine, "workers": w, **ordered[(len(ordered) - 1) // 2]})
    return out


def scanning_body(ctx: Context, run: Run) -> str:
    d = run.data
    out = [
        f"{count(d.get('rows'))} rows, {count(d.get('chars'))} characters ({count(d.get('chars_per_row'))} per row, "
        f"{count(d.get('shards'))} shards), mode {code(str(d.get('mode', NONE)))}, {count(d.get('repeat'))} round(s), "
        f"{count(d.get('cpu_count'))} CPUs.",
    ]
    rows = []
    for r in (as_dict(x) for x in as_list(d.get("runs"))):
        rows.append(
            [
                count(r.get("round")),
                code(str(r.get("engine", NONE))),
                count(r.get("workers")),
                per_s(r.get("rows_per_s")),
                per_s(r.get("chars_per_s")),
                per_s(r.get("steady_rows_per_s")),
                per_s(r.get("steady_chars_per_s")),
                dec2(r.get("cores_used")),
                per_s(r.get("chars_per_cpu_s")),
                ms(r.get("first_result_s")),
                ", ".join(ms(x) for x in as_list(r.get("peak_rss_mb"))) or NONE,
            ]
        )
    header = [
        "round",
        "engine",
        "workers",
        "rows/s",
        "chars/s",
        "steady rows/s",
        "steady chars/s",
        "cores used",
        "chars per CPU-s",
        "first result s",
        "peak RSS MB per worker",
    ]
    out += ["", table(header, rows, left=2)]
    summary = as_dict(d.get("summary"))
    lines = []
    for engine, v in sorted(as_dict(summary.get("speedup")).items()):
        pair = as_list(dig(v, "workers"))
        lines.append(
            f"- speed-up {code(engine)} {count(dig(pair, 0))} -> {count(dig(pair, -1))} workers: steady "
            f"{times(dig(v, 'steady'))}, end to end {times(dig(v, 'end_to_end'))} (target >= {times(dig(v, 'target'))})"
        )
    for w, v in sorted(as_dict(summary.get("ray_overhead")).items()):
        lines.append(
            f"- Ray overhead against the local engine at {w} workers: steady {rate(dig(v, 'steady'))}, end to end "
            f"{rate(dig(v, 'end_to_end'))} (target <= {rate(dig(v, 'target_max'))})"
        )
    lines.append(f"- byte-identical output across all runs: {yes_no(summary.get('identical_outputs'))}")
    out += ["", *lines]
    medians = _median_runs(d)
    engines = sorted({str(m.get("engine")) for m in medians if isinstance(m.get("engine"), str)})
    if engines:

        def draw(fig: Figure) -> None:
            ax = fig.subplots()
            xs_all: set[float] = set()
            for i, engine in enumerate(engines):
                pts = sorted(
                    (num(m.get("workers")) or 0.0, num(m.get("steady_chars_per_s")), num(m.get("chars_per_s")))
                    for m in medians
                    if m.get("engine") == engine
                )
                xs = [p[0] for p in pts]
                xs_all.update(xs)
                color = _color(i)
                steady = [math.nan if p[1] is None else p[1] for p in pts]
                e2e = [math.nan if p[2] is None else p[2] for p in pts]
                ax.plot(xs, steady, "o-", color=color, label=f"{engine}, steady")
                ax.plot(xs, e2e, "s--", color=color, alpha=0.6, label=f"{engine}, end to end")
            ticks = sorted(xs_all)
            ax.set_xticks(ticks, [f"{x:g}" for x in ticks])
            ax.set_ylim(bottom=0)
            ax.set_xlabel("workers")
            ax.set_ylabel("characters per second")
            from matplotlib.ticker import StrMethodFormatter

            ax.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
            ax.set_title(f"Throughput by workers (median run per configuration), {run.rel}")
            ax.legend(loc="lower right")

        img = ctx.plot(f"scanning-{run.slug}", (6.0, 3.4), draw)
        out += ["", f"![Throughput by workers, {run.rel}]({img})"]
    return "\n".join(out)


# -------------------------------------------------------------------------------------- index


@dataclass(frozen=True)
class Headline:
    bench: Benchmark
    run: Run
    label: str
    numbers: list[tuple[str, str]]  # (metric, value), most important first
    more: int  # other runs of this benchmark (on its page)


def _arch_pick(archs: dict[str, Any]) -> list[str]:
    preferred: list[str] = [a for a in ("papillon", "minimize_then_external") if a in archs]
    return preferred or [a for a in archs if a != "local_only"] or list(archs)


def headline_numbers(run: Run) -> list[tuple[str, str]]:
    d = run.data
    module = run.bench.module
    if module == "eval.pii_bench":
        ours = as_dict(d.get("ours"))
        nums_ = [
            ("span_protect", rate(dig(ours, "overall", "span_protect"))),
            ("overlap_precision", rate(dig(ours, "overall", "overlap_precision"))),
        ]
        if isinstance(ours.get("units"), dict):
            return [("units no longer verbatim", rate(dig(ours, "units", "unit_masked_verbatim"))), *nums_]
        ratio = dig(d, "delta_vs_baseline", "speed_ratio_ours_over_baseline")
        if num(ratio) is not None:
            return [*nums_, ("speed vs Presidio", times(ratio))]
        return [*nums_, ("chars/s", per_s(dig(ours, "throughput", "chars_per_second")))]
    if module == "eval.leak_bench":
        out = [
            ("unit leakage", rate(dig(d, "ours", "unit_leakage"))),
            ("non-PII words kept", rate(dig(d, "ours", "non_pii_words_kept"))),
        ]
        if isinstance(d.get("baseline"), dict):
            out.append(("Presidio unit leakage", rate(dig(d, "baseline", "unit_leakage"))))
        return out
    if module == "eval.utility_bench":
        sets = as_dict(d.get("sets"))
        first = as_dict(next(iter(sets.values()), {}))
        return [
            ("keep-kept", rate(first.get("keep_kept"))),
            ("mask-masked", rate(first.get("mask_masked"))),
            ("precision", rate(first.get("precision"))),
        ]
    if module == "eval.latency_bench":
        archs = as_dict(d.get("architectures"))
        lat: list[tuple[str, str]] = []
        for a in _arch_pick(archs)[:2]:
            lat.append(
                (
                    f"{a} privacy overhead p50",
                    f"{ms(dig(archs, a, 'privacy_overhead_ms_per_1000_chars', 'p50_ms'))} ms per 1,000 chars",
                )
            )
        if archs:
            a = _arch_pick(archs)[0]
            lat.append((f"{a} end to end / unprotected", times(dig(archs, a, "ratio_to_unprotected_p50"))))
        return lat
    if module == "eval.assistant_bench":
        return [
            ("raw values at the provider", count(d.get("raw_values_at_provider"))),
            (f"handoffs of {count(d.get('tickets'))} tickets", count(d.get("handoffs"))),
            ("answered", count(d.get("answered"))),
        ]
    if module == "eval.serve_bench":
        s = as_dict(d.get("summary"))
        conc = count(dig(d, "config", "concurrency"))
        return [
            (f"overhead p50 per 1k chars, concurrency {conc}", f"{ms(dig(s, 'overhead_ms_per_1k_chars', 'p50'))} ms"),
            ("served requests/s", per_s(s.get("served_requests_per_s"))),
            ("errors", count(s.get("errors"))),
        ]
    if module == "eval.scan_bench":
        scan: list[tuple[str, str]] = []
        medians = _median_runs(d)
        best = max(medians, key=lambda m: num(m.get("steady_chars_per_s")) or 0.0, default=None)
        if best is not None:
            scan.append(
                (
                    f"steady chars/s, {best.get('engine', NONE)} x{count(best.get('workers'))}",
                    per_s(best.get("steady_chars_per_s")),
                )
            )
        for engine, v in sorted(as_dict(dig(d, "summary", "speedup")).items())[:1]:
            scan.append((f"speed-up {engine}", times(dig(v, "steady"))))
        scan.append(("identical outputs", yes_no(dig(d, "summary", "identical_outputs"))))
        return scan
    return []


def headlines(runs: Sequence[Run]) -> list[Headline]:
    """One row per benchmark (its latest run), one per data set for the detection benchmark."""
    out: list[Headline] = []
    for bench in BENCHMARKS:
        mine = [r for r in runs if r.bench is bench]
        if not mine:
            continue
        if bench.module == "eval.pii_bench":
            for r in mine:
                out.append(Headline(bench, r, f"{bench.title}, {r.rel.rsplit('/', 1)[-1]}", headline_numbers(r), 0))
            continue
        latest = max(mine, key=lambda r: r.sort_key)
        out.append(Headline(bench, latest, bench.title, headline_numbers(latest), len(mine) - 1))
    return out


def index_page(ctx: Context, runs: Sequence[Run], history: bool) -> str:
    heads = headlines(runs)
    parts = [
        "# Results",
        "",
        f"Generated by `python -m eval.report` from the metrics files under {code(ctx.runs_label + '/')}: "
        "numbers, labels, paths and commands only. Each page names the commit, date, machine and command "
        "of every run it shows.",
        "",
    ]
    if heads:
        rows = []
        for h in heads:
            run_cell = code(h.run.rel) + (f" (+{h.more} more on the page)" if h.more else "")
            numbers = "; ".join(f"{k} {v}" for k, v in h.numbers) or NONE
            rows.append([f"[{h.label}]({h.bench.page})", run_cell, numbers, h.run.info.commit, h.run.info.date_text])
        parts += [table(["benchmark", "run", "headline", "commit", "date"], rows, left=5), ""]
    else:
        parts += [f"No benchmark output found under {code(ctx.runs_label + '/')}.", ""]
    parts += ["## Pages", ""]
    for bench in BENCHMARKS:
        n = sum(r.bench is bench for r in runs)
        what = f"{n} run{'s' if n != 1 else ''}" if n else "no run found"
        parts.append(f"- [{bench.title}]({bench.page}): {code(bench.module)}, {what}")
    parts += [""]
    if history:
        parts.append("Earlier results, measured by hand before these pages were generated: [history](history.md).")
    else:
        parts.append("Earlier results are kept by hand in `history.md` next to this page (not present here).")
    return "\n".join(parts) + "\n"


def readme_block(heads: Sequence[Headline], index_link: str) -> list[str]:
    """The README's headline table; ``index_link``: the results index relative to the README."""
    rows = []
    for h in heads:
        if not h.numbers:
            continue
        metric, value = h.numbers[0]
        rows.append([h.label, metric, value, h.run.info.commit, h.run.info.date[:10]])
    lines = []
    if rows:
        lines += table(
            ["benchmark", "headline metric", "value", "commit", "date"], rows[:README_ROWS], left=2, text=[3, 4]
        ).split("\n")
    else:
        lines.append("No benchmark output found.")
    where = f"[{index_link}]({index_link})"
    lines += ["", f"Generated by `python -m eval.report`; full results, plots and history: {where}."]
    return lines


def update_readme(path: Path, block: Sequence[str]) -> None:
    """Replace the lines between the markers (kept) with ``block``; everything else byte for byte."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot be read ({exc.__class__.__name__})") from None
    lines = text.splitlines(keepends=True)
    stripped = [line.strip() for line in lines]
    if stripped.count(README_START) != 1 or stripped.count(README_END) != 1:
        raise DataError(f"{path}: needs exactly one '{README_START}' line and one '{README_END}' line")
    start, end = stripped.index(README_START), stripped.index(README_END)
    if end < start:
        raise DataError(f"{path}: '{README_END}' comes before '{README_START}'")
    newline = "\r\n" if lines[start].endswith("\r\n") else "\n"
    new = [*lines[: start + 1], *(line + newline for line in ["", *block, ""]), *lines[end:]]
    path.write_text("".join(new), encoding="utf-8", newline="")


# ---------------------------------------------------------------------------------- the command


def render(runs_dir: Path, out: Path, runs_label: str) -> tuple[dict[str, str], list[str], list[Run]]:
    """The pages (name -> Markdown) and the plots written under ``out/img``."""
    runs = discover(runs_dir)
    ctx = Context(runs_label, out, [])
    by = {b.module: [r for r in runs if r.bench is b] for b in BENCHMARKS}
    pages: dict[str, str] = {}
    bodies: dict[str, tuple[str, Callable[[Run], str]]] = {
        "eval.pii_bench": (
            "PII detection on labelled data, our detector next to vanilla Presidio where the run had "
            "`--baseline presidio`. span_protect: gold spans with every character covered; char_recall: gold "
            "characters covered; overlap_precision: predicted spans overlapping a gold span; typed: exact offsets "
            "and label.",
            lambda r: detection_body(ctx, r),
        ),
        "eval.leak_bench": (
            "What would leave the trust boundary after minimization on PUPA: unique PII units still present "
            "(case-insensitive, whole token) in the minimized text, and how much of the rest is kept.",
            lambda r: leakage_body(ctx, r),
        ),
        "eval.utility_bench": (
            "Does minimization keep what the answer needs? keep-kept: keep spans (error codes, versions, brands "
            "...) no detected span touches; mask-masked: personal data fully covered; precision: detected spans "
            "on a mask span.",
            lambda r: utility_body(ctx, r),
        ),
        "eval.latency_bench": (
            "Latency of the three architectures against an unprotected call to the same local endpoint, "
            "interleaved ticket by ticket; the privacy overhead is every stage outside model calls.",
            lambda r: latency_body(ctx, r),
        ),
        "eval.assistant_bench": (
            "The support assistant on synthetic tickets against a recording provider: outcomes by cause and the "
            "raw values of direct identifiers and special categories that reached the provider.",
            lambda r: assistant_body(ctx, r),
        ),
        "eval.scan_bench": (
            "Corpus minimization throughput per engine and worker count (steady: without start-up).",
            lambda r: scanning_body(ctx, r),
        ),
    }
    for bench in BENCHMARKS:
        mine = by[bench.module]
        if bench.module == "eval.serve_bench":
            intro = (
                "The served assistant under load against the curious provider on loopback: the privacy overhead "
                "(served minus direct latency of the same turn) by concurrency."
            )
            parts = [f"# {bench.title} ({code(bench.module)})", "", intro, ""]
            parts += [runs_table(ctx, mine), "", serving_section(ctx, mine)] if mine else [no_run(ctx, bench)]
            pages[bench.page] = "\n".join(parts).rstrip() + "\n"
        else:
            intro, body = bodies[bench.module]
            pages[bench.page] = page(ctx, bench, mine, intro, body)
    pages["index.md"] = index_page(ctx, runs, (out / "history.md").is_file())
    return {name: pages[name] for name in PAGES}, ctx.plots, runs


def _label(arg: str) -> str:
    return arg.rstrip("/\\") or arg


def run(args: argparse.Namespace) -> int:
    runs_dir, out = resolve_path(args.runs), resolve_path(args.out)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"{args.out}: not a directory (--out)")
    out.mkdir(parents=True, exist_ok=True)
    pages, plots, runs = render(runs_dir, out, _label(args.runs))
    for name, text in pages.items():
        (out / name).write_text(text, encoding="utf-8")
    if args.readme:
        readme = resolve_path(args.readme)
        link = Path(os.path.relpath(out / "index.md", readme.parent)).as_posix()
        update_readme(readme, readme_block(headlines(runs), link))
    if not args.quiet:
        for r in runs:
            print(f"{r.bench.module:<22} {r.path}")
        print(
            f"wrote {len(pages)} pages and {len(plots)} plots to {out}"
            + (f"; updated {args.readme}" if args.readme else "")
        )
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m eval.report", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", default="runs", help="where the benchmarks wrote their outputs (default runs/)")
    p.add_argument("--out", default="docs/results", help="the results pages' directory (default docs/results/)")
    p.add_argument("--readme", help="also replace the marked results block of this README")
    p.add_argument("--quiet", action="store_true", help="print nothing on success")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except (DataError, ConfigError) as exc:
        print(f"error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
