"""Benchmark data loading through the ``datasets`` library (local files, or a hub id by config).

Three formats, all normalized to :class:`BenchRow` (id, text, language, gold spans):

- ``ai4privacy``: JSONL rows ``{id, language, source_text, privacy_mask: [{value, start,
  end, label}]}``.  A gold span whose offsets do not hold its value (a few fr/de/nl rows
  are off in the source data) is re-anchored on the nearest occurrence of the value; if
  the value does not occur it is dropped.  Both counts are reported.
- ``pupa``: the PUPA CSV.  Each ``pii_units`` entry ("||"-joined, lower-cased) becomes a
  gold span at *every* case-insensitive occurrence in ``user_query`` as a whole token
  (``mi`` is not matched inside ``minute``; a unit with no whole-token occurrence falls
  back to substring occurrences), label ``PII`` (PUPA units are untyped).  Units that do
  not occur in the query are counted in ``units_not_found`` and excluded from the span
  metrics (they can be neither masked nor leaked).
- ``spans``: JSONL ``{id, text, spans: [{start, end, label}]}`` (offsets trusted, checked
  to be in range).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from signatures.errors import ConfigError, DataError

Format = Literal["ai4privacy", "pupa", "spans"]
UNTYPED = "PII"


@dataclass(frozen=True)
class GoldSpan:
    start: int
    end: int
    label: str  # the dataset's own label (mapped to ours in metrics)
    unit: str | None = None  # PUPA: which unit produced the span
    stratum: str | None = None  # spans files may say which stratum a span belongs to


@dataclass
class BenchRow:
    id: str | int  # the input's own id, unchanged (PUPA has none: "<conversation_hash>:<row>")
    text: str
    language: str
    spans: list[GoldSpan]
    units: list[str] = field(default_factory=list)  # PUPA: units found in the text
    units_missing: list[str] = field(default_factory=list)
    category: str | None = None  # PUPA: predicted_category
    reference: str | None = None  # PUPA: redacted_query (the annotators' own minimization)


@dataclass
class LoadReport:
    rows: int = 0
    gold_spans: int = 0
    reanchored: int = 0
    dropped: int = 0
    units_total: int = 0
    units_not_found: int = 0


def run_cli(run: Callable[[Any], object], args: Any) -> int:
    """Run a benchmark; bad data or configuration is a one-line error and exit code 2."""
    try:
        run(args)
    except (DataError, ConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _load_dataset(path: str, fmt: Format) -> Any:
    import datasets

    datasets.disable_progress_bars()
    p = Path(path)
    if p.exists():
        # a local file is read locally: no "download count" request to the hub's S3 bucket
        # (datasets sends one per load unless the process is offline)
        datasets.config.HF_UPDATE_DOWNLOAD_COUNTS = False
        files = sorted(str(f) for f in p.glob("*.jsonl")) if p.is_dir() else [str(p)]
        if not files:
            raise DataError(f"no .jsonl files in {p}")
        builder = "csv" if fmt == "pupa" else "json"
        if fmt == "pupa" and p.is_dir():
            files = sorted(str(f) for f in p.glob("*.csv"))
        return datasets.load_dataset(builder, data_files=files, split="train")
    if os.environ.get("HF_HUB_OFFLINE", "1") == "1" and not re.fullmatch(r"[\w.-]+/[\w.-]+", path):
        raise DataError(f"data path not found: {path}")
    # a hub id (owner/name) stays possible through config; offline machines set HF_HUB_OFFLINE=1
    return datasets.load_dataset(path, split="validation")


def _language(raw: Any) -> str:
    table = {"english": "en", "french": "fr", "german": "de", "dutch": "nl", "spanish": "es", "italian": "it"}
    value = str(raw or "und").strip()
    return table.get(value.lower(), value.lower()[:2] or "und")


def _find_all(text_folded: str, needle: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(needle), text_folded)] if needle else []


def find_units(text_folded: str, unit: str) -> list[int]:
    """Occurrences of a PUPA unit as a whole token (``mi`` is not found inside ``minute``).

    A unit that starts/ends with a word character must not be glued to another word
    character there; when no such occurrence exists, plain substring hits are used.
    """
    if not unit:
        return []
    pattern = ("(?<!\\w)" if unit[0].isalnum() else "") + re.escape(unit) + ("(?!\\w)" if unit[-1].isalnum() else "")
    hits = [m.start() for m in re.finditer(pattern, text_folded)]
    return hits or _find_all(text_folded, unit)


def load_rows(path: str | Path, fmt: Format, limit: int | None = None) -> tuple[list[BenchRow], LoadReport]:
    ds = _load_dataset(str(path), fmt)
    report = LoadReport()
    rows: list[BenchRow] = []
    for i, rec in enumerate(ds):
        if limit is not None and len(rows) >= limit:
            break
        if fmt == "ai4privacy":
            row = _ai4privacy_row(rec, i, report)
        elif fmt == "pupa":
            row = _pupa_row(rec, i, report)
        elif fmt == "spans":
            row = _spans_row(rec, i)
        else:  # pragma: no cover - argparse restricts choices
            raise DataError(f"unknown format {fmt!r}")
        report.gold_spans += len(row.spans)
        rows.append(row)
    report.rows = len(rows)
    return rows, report


def _row_id(rec: dict[str, Any], i: int) -> str | int:
    raw = rec.get("id")
    return raw if isinstance(raw, str | int) and not isinstance(raw, bool) else i


def _require(rec: dict[str, Any], keys: tuple[str, ...], i: int) -> None:
    missing = [k for k in keys if k not in rec]
    if missing:
        raise DataError(f"row {i}: missing fields {missing}; got {sorted(rec)}")


def _ai4privacy_row(rec: dict[str, Any], i: int, report: LoadReport) -> BenchRow:
    _require(rec, ("source_text", "privacy_mask"), i)
    text = rec["source_text"]
    spans = []
    for m in rec["privacy_mask"] or []:
        start, end, value = int(m["start"]), int(m["end"]), str(m["value"])
        if text[start:end] != value:
            hits = _find_all(text, value)
            if not hits:
                report.dropped += 1
                continue
            start = min(hits, key=lambda h: abs(h - start))
            end = start + len(value)
            report.reanchored += 1
        spans.append(GoldSpan(start, end, str(m["label"])))
    return BenchRow(_row_id(rec, i), text, _language(rec.get("language")), spans)


def _pupa_row(rec: dict[str, Any], i: int, report: LoadReport) -> BenchRow:
    _require(rec, ("user_query", "pii_units"), i)
    text = str(rec["user_query"] or "")
    folded = text.lower()
    spans: list[GoldSpan] = []
    found: list[str] = []
    missing: list[str] = []
    units = list(dict.fromkeys(u.strip() for u in str(rec["pii_units"] or "").split("||") if u.strip()))
    for unit in units:
        report.units_total += 1
        hits = find_units(folded, unit.lower())
        if not hits:
            report.units_not_found += 1
            missing.append(unit)
            continue
        found.append(unit)
        spans.extend(GoldSpan(h, h + len(unit), UNTYPED, unit) for h in hits)
    row_id = str(rec.get("conversation_hash") or i)
    category = str(rec.get("predicted_category") or "") or None
    reference = rec.get("redacted_query")
    return BenchRow(
        f"{row_id}:{i}", text, "en", spans, found, missing, category, str(reference) if reference is not None else None
    )


def _spans_row(rec: dict[str, Any], i: int) -> BenchRow:
    _require(rec, ("text", "spans"), i)
    text = rec["text"]
    spans = []
    for s in rec["spans"] or []:
        start, end = int(s["start"]), int(s["end"])
        if not 0 <= start < end <= len(text):
            raise DataError(f"row {i}: span [{start}, {end}) outside the text (length {len(text)})")
        stratum = s.get("stratum")
        spans.append(GoldSpan(start, end, str(s.get("label", UNTYPED)), stratum=str(stratum) if stratum else None))
    return BenchRow(_row_id(rec, i), text, _language(rec.get("language", "und")), spans)
