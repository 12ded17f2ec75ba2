"""Shards in and out: discovery, readers and writers for JSONL, CSV and Parquet, atomic output.

- :func:`discover`: a file, a directory (recursively, files with a known suffix) or a glob.
- :func:`iter_records`: one :class:`Record` per input row, in order, with a reason instead of a
  record when the row cannot be read (``invalid-utf8``, ``invalid-json``, ``not-an-object``,
  ``too-large``, ``malformed-row``, ``empty-line``).  Both engines and the writer read a shard
  through this one function, so rows line up by index.
- :func:`text_batches`: the *text view* of a shard that workers get (shard, row, text, error).
- :class:`ShardWriter`: writes ``DIR/<shard>`` in the shard's format (the text field replaced,
  every other field as read) and ``DIR/spans/<shard>``; both go to ``*.partial`` files that are
  renamed into place on :meth:`ShardWriter.commit`, then the completion marker
  ``DIR/.scan/done/<shard>.json`` (counts, errors as id + reason, marker fingerprints) is written
  atomically.  A shard without a marker, or whose marker was written for other inputs or
  options (:func:`run_signature`), is done again from the start.

Output files are private (0600 in 0700 folders, :mod:`local_model.files`): minimized text can
still hold what the detector missed.  Nothing here logs or raises with row content.
"""

from __future__ import annotations

import csv
import glob
import hashlib
import io
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from local_model.files import open_private, open_private_binary, private_dir, write_private
from signatures.errors import DataError

Format = Literal["jsonl", "csv", "parquet"]
FORMATS: tuple[Format, ...] = ("jsonl", "csv", "parquet")
SUFFIXES: dict[str, Format] = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet"}
STATE_DIR = ".scan"
SPANS_DIR = "spans"
ERRORS_FILE = "errors.jsonl"
REPORT_FILE = "report.json"
VECTOR_FIELD = "vector"
MARKER_VERSION = 1
_RESERVED = (ERRORS_FILE, REPORT_FILE)


@dataclass(frozen=True)
class Shard:
    index: int
    path: str  # absolute
    rel: str  # relative output path (POSIX)
    fmt: Format


@dataclass
class Record:
    row: int
    data: dict[str, Any] | None  # None when the row could not be read
    error: str = ""


# ------------------------------------------------------------------ discovery


def _format_of(path: Path, fmt: Format | None) -> Format | None:
    if fmt is not None:
        return fmt
    return SUFFIXES.get(path.suffix.lower())


def _hidden(rel: Path) -> bool:
    return any(part.startswith((".", "_")) for part in rel.parts)


def discover(spec: str, fmt: Format | None = None, exclude: Path | None = None) -> list[Shard]:
    """The shards named by ``spec`` (a file, a directory or a glob), sorted by relative path.

    In a directory, files with a known suffix (``.jsonl``, ``.ndjson``, ``.csv``, ``.parquet``; only
    those of ``fmt`` when given) are shards, hidden files and folders (``.x``, ``_x``) are not;
    ``exclude`` (the output folder) is never read."""
    ex = exclude.resolve() if exclude is not None else None
    base = Path(spec).expanduser()
    found: list[tuple[Path, Path]] = []  # (absolute path, relative path)
    if base.is_file():
        found = [(base.resolve(), Path(base.name))]
    elif base.is_dir():
        root = base.resolve()
        for p in sorted(root.rglob("*")):
            rel = p.relative_to(root)
            if not p.is_file() or _hidden(rel) or (ex is not None and p.is_relative_to(ex)):
                continue
            kind = SUFFIXES.get(p.suffix.lower())
            if kind is not None and (fmt is None or kind == fmt):
                found.append((p, rel))
    elif glob.has_magic(spec):
        prefix = spec[: min(i for i in (spec.find(c) for c in "*?[") if i >= 0)]
        root = (Path(prefix) if prefix.endswith(os.sep) else Path(prefix).parent).resolve()
        for name in sorted(glob.glob(spec, recursive=True)):
            p = Path(name).resolve()
            if p.is_file() and not (ex is not None and p.is_relative_to(ex)):
                found.append((p, p.relative_to(root) if p.is_relative_to(root) else Path(p.name)))
    else:
        raise DataError(f"--input {spec}: no such file or directory (a glob needs *, ? or [])")
    shards: list[Shard] = []
    seen: set[str] = set()
    for path, rel in found:
        kind = _format_of(path, fmt)
        if kind is None:
            raise DataError(f"{rel}: unknown format; name it .jsonl/.csv/.parquet or pass --format")
        rel_s = rel.as_posix()
        if rel_s in _RESERVED or rel.parts[0] in (SPANS_DIR, STATE_DIR):
            raise DataError(f"{rel_s}: this name is taken by the scan's own output; rename the shard")
        if rel_s in seen:
            raise DataError(f"{rel_s}: two shards would be written to the same output path")
        seen.add(rel_s)
        shards.append(Shard(len(shards), str(path), rel_s, kind))
    if not shards:
        raise DataError(f"--input {spec}: no shards found (.jsonl, .ndjson, .csv or .parquet)")
    return shards


# ------------------------------------------------------------------ readers


def _valid_unicode(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: invalid UTF-8 in the source or \ud800 escapes
        return False
    return True


def _jsonl_records(path: str, max_bytes: int) -> Iterator[Record]:
    with open(path, "rb") as fh:
        row = 0
        while True:
            line = fh.readline(max_bytes + 1)
            if not line:
                return
            if len(line) > max_bytes and not line.endswith(b"\n"):
                while True:  # skip the rest of an oversized line without holding it
                    chunk = fh.readline(1 << 20)
                    if not chunk or chunk.endswith(b"\n"):
                        break
                yield Record(row, None, "too-large")
                row += 1
                continue
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                yield Record(row, None, "invalid-utf8")
                row += 1
                continue
            if not text.strip():
                yield Record(row, None, "empty-line")
            else:
                try:
                    obj = json.loads(text)
                except ValueError:
                    yield Record(row, None, "invalid-json")
                else:
                    yield Record(row, obj, "") if isinstance(obj, dict) else Record(row, None, "not-an-object")
            row += 1


def csv_header(path: str, max_bytes: int) -> list[str]:
    with open(path, "rb") as raw:
        reader = csv.reader(io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", newline=""))
        csv.field_size_limit(max(max_bytes, 131072))
        try:
            header = next(reader, [])
        except csv.Error as exc:
            raise DataError(f"{path}: the CSV header cannot be read ({exc})") from None
    if header and header[0].startswith("\ufeff"):
        header[0] = header[0][1:]
    if not all(_valid_unicode(h) for h in header):
        raise DataError(f"{path}: the CSV header is not valid UTF-8")
    if len(set(header)) != len(header):
        raise DataError(f"{path}: the CSV header names a column twice")
    return header


def _csv_records(path: str, max_bytes: int) -> Iterator[Record]:
    header = csv_header(path, max_bytes)
    with open(path, "rb") as raw:
        reader = csv.reader(io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", newline=""))
        csv.field_size_limit(max(max_bytes, 131072))
        row = 0
        try:
            next(reader, None)
            for cells in reader:
                if not cells:
                    continue  # a blank line is no record
                if len(cells) != len(header):
                    yield Record(row, None, "malformed-row")
                elif sum(len(c) for c in cells) > max_bytes:
                    yield Record(row, None, "too-large")
                elif not all(_valid_unicode(c) for c in cells):
                    yield Record(row, None, "invalid-utf8")
                else:
                    yield Record(row, dict(zip(header, cells, strict=True)), "")
                row += 1
        except csv.Error as exc:
            raise DataError(f"{path}: CSV record {row} cannot be parsed ({exc})") from None


def parquet_schema(path: str) -> Any:
    import pyarrow.parquet as pq

    try:
        return pq.read_schema(path)
    except Exception as exc:
        raise DataError(f"{path}: not a readable Parquet file ({type(exc).__name__})") from None


def _parquet_records(path: str, columns: Sequence[str] | None) -> Iterator[Record]:
    import pyarrow.parquet as pq

    try:
        pf = pq.ParquetFile(path)
    except Exception as exc:
        raise DataError(f"{path}: not a readable Parquet file ({type(exc).__name__})") from None
    names = pf.schema_arrow.names
    cols = None if columns is None else [c for c in columns if c in names]
    if cols == []:  # none of the wanted columns exists: rows without them
        for row in range(pf.metadata.num_rows):
            yield Record(row, {}, "")
        return
    row = 0
    try:
        for batch in pf.iter_batches(batch_size=1024, columns=cols):
            for rec in batch.to_pylist():
                yield Record(row, rec, "")
                row += 1
    except Exception as exc:
        raise DataError(f"{path}: Parquet row group near row {row} cannot be read ({type(exc).__name__})") from None


def iter_records(shard: Shard, max_row_bytes: int, columns: Sequence[str] | None = None) -> Iterator[Record]:
    """Every row of a shard, in order (``columns``: Parquet may read only these)."""
    if shard.fmt == "jsonl":
        return _jsonl_records(shard.path, max_row_bytes)
    if shard.fmt == "csv":
        return _csv_records(shard.path, max_row_bytes)
    return _parquet_records(shard.path, columns)


def text_of(record: Record, text_field: str) -> tuple[str, str]:
    """(text, error) of a record for the workers."""
    if record.error or record.data is None:
        return "", record.error or "unreadable"
    value = record.data.get(text_field)
    if value is None:
        return "", "missing-text-field"
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return "", "invalid-utf8"
    if not isinstance(value, str):
        return "", "text-not-a-string"
    if not _valid_unicode(value):
        return "", "invalid-utf8"
    return value, ""


@dataclass(frozen=True)
class ShardTask:
    """What a reader needs to produce a shard's text view (picklable: Ray's read stage runs it)."""

    shard: Shard
    text_field: str
    batch_rows: int
    max_row_bytes: int

    def as_item(self) -> dict[str, Any]:
        s = self.shard
        return {
            "index": s.index,
            "path": s.path,
            "rel": s.rel,
            "fmt": s.fmt,
            "text_field": self.text_field,
            "batch_rows": self.batch_rows,
            "max_row_bytes": self.max_row_bytes,
        }

    @classmethod
    def from_item(cls, item: Mapping[str, Any]) -> ShardTask:
        fmt = str(item["fmt"])
        if fmt not in FORMATS:
            raise DataError(f"unknown shard format {fmt!r}")
        shard = Shard(int(item["index"]), str(item["path"]), str(item["rel"]), fmt)  # type: ignore[arg-type]
        return cls(shard, str(item["text_field"]), int(item["batch_rows"]), int(item["max_row_bytes"]))


def text_batches(task: ShardTask) -> Iterator[dict[str, list[Any]]]:
    """The text view of a shard in batches of ``batch_rows``: ``shard``, ``row``, ``text``, ``error``."""
    batch: dict[str, list[Any]] = {"shard": [], "row": [], "text": [], "error": []}
    for rec in iter_records(task.shard, task.max_row_bytes, columns=[task.text_field]):
        text, error = text_of(rec, task.text_field)
        batch["shard"].append(task.shard.index)
        batch["row"].append(rec.row)
        batch["text"].append(text)
        batch["error"].append(error)
        if len(batch["row"]) >= task.batch_rows:
            yield batch
            batch = {"shard": [], "row": [], "text": [], "error": []}
    if batch["row"]:
        yield batch


def count_rows(shard: Shard, max_row_bytes: int) -> int:
    """Rows in a shard (for the progress bar): newlines for JSONL, metadata for Parquet."""
    if shard.fmt == "parquet":
        import pyarrow.parquet as pq

        try:
            return int(pq.ParquetFile(shard.path).metadata.num_rows)
        except Exception as exc:
            raise DataError(f"{shard.rel}: not a readable Parquet file ({type(exc).__name__})") from None
    if shard.fmt == "csv":
        return sum(1 for _ in _csv_records(shard.path, max_row_bytes))
    n, last = 0, b"\n"
    with open(shard.path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            n += chunk.count(b"\n")
            last = chunk[-1:]
    return n + (last != b"\n")


# ------------------------------------------------------------------ completion markers


def run_signature(shard: Shard, options: Mapping[str, Any]) -> str:
    """What a finished shard was made from: the input file (size, mtime) and every option that
    changes the output.  A marker with another signature is stale: the shard is done again."""
    st = os.stat(shard.path)
    blob = json.dumps(
        {"rel": shard.rel, "fmt": shard.fmt, "size": st.st_size, "mtime_ns": st.st_mtime_ns, **options},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def marker_path(out_dir: Path, shard: Shard) -> Path:
    return out_dir / STATE_DIR / "done" / f"{shard.rel}.json"


def output_paths(out_dir: Path, shard: Shard) -> tuple[Path, Path]:
    return out_dir / shard.rel, out_dir / SPANS_DIR / shard.rel


def read_marker(out_dir: Path, shard: Shard, signature: str) -> dict[str, Any] | None:
    """The completion marker of a finished shard, or None when it must be (re)done."""
    path = marker_path(out_dir, shard)
    if not path.is_file():
        return None
    try:
        marker = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    if not isinstance(marker, dict) or marker.get("version") != MARKER_VERSION or marker.get("signature") != signature:
        return None
    if not all(p.is_file() for p in output_paths(out_dir, shard)):
        return None
    return marker


# ------------------------------------------------------------------ writers


def _id_of(data: Mapping[str, Any] | None, id_field: str) -> str | int | None:
    value = None if data is None else data.get(id_field)
    return value if isinstance(value, str | int) and not isinstance(value, bool) else None


def _vector_floats(vector: bytes) -> list[float]:
    import numpy as np

    return [float(f"{x:.9g}") for x in np.frombuffer(vector, dtype="<f4")]


def _json_line(data: Mapping[str, Any]) -> bytes:
    try:
        return (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate in another field: keep it escaped, as it was read
        return (json.dumps(data, ensure_ascii=True) + "\n").encode("utf-8")


@dataclass
class ShardStats:
    rows: int = 0
    written: int = 0
    chars: int = 0
    entities: dict[str, int] = field(default_factory=dict)
    second_pass: int = 0
    marker_like: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    fingerprints: dict[str, str] = field(default_factory=dict)  # "LABEL_tag" -> check (or "!" when two)


class ShardWriter:
    """Writes one output shard and its spans as the core's results arrive, then commits both."""

    def __init__(
        self,
        out_dir: Path,
        shard: Shard,
        text_field: str,
        id_field: str,
        embed: bool,
        max_row_bytes: int,
        row_group_rows: int,
    ) -> None:
        self.out_dir, self.shard = out_dir, shard
        self.text_field, self.id_field, self.embed = text_field, id_field, embed
        self.row_group_rows = row_group_rows
        self.stats = ShardStats()
        self.data_path, self.spans_path = output_paths(out_dir, shard)
        self._partials = [p.with_name(p.name + ".partial") for p in (self.data_path, self.spans_path)]
        self._files: list[IO[Any]] = []
        self._csv: Any = None
        self._spans_csv: Any = None
        self._pq: Any = None
        self._pq_spans: Any = None
        self._rows: list[dict[str, Any]] = []
        self._span_rows: list[dict[str, Any]] = []
        self._text_binary = False
        if shard.fmt == "csv":
            header = csv_header(shard.path, max_row_bytes)
            if embed and VECTOR_FIELD in header:
                raise DataError(f"{shard.rel}: already has a column {VECTOR_FIELD!r}; --embed would overwrite it")
            self._header = [*header, VECTOR_FIELD] if embed else header
            fh = open_private(self._partials[0])
            self._files.append(fh)
            self._csv = csv.writer(fh, lineterminator="\n")
            self._csv.writerow(self._header)
            sfh = open_private(self._partials[1])
            self._files.append(sfh)
            self._spans_csv = csv.writer(sfh, lineterminator="\n")
            self._spans_csv.writerow(["id", "row", "label", "start", "end", "source"])
        elif shard.fmt == "jsonl":
            self._files = [open_private_binary(self._partials[0]), open_private_binary(self._partials[1])]
        else:
            self._open_parquet()

    def _open_parquet(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        schema = parquet_schema(self.shard.path)
        if self.embed:
            if VECTOR_FIELD in schema.names:
                raise DataError(f"{self.shard.rel}: already has a column {VECTOR_FIELD!r}; --embed would overwrite it")
            schema = schema.append(pa.field(VECTOR_FIELD, pa.list_(pa.float32())))
        if self.text_field in schema.names:
            kind = schema.field(self.text_field).type
            self._text_binary = pa.types.is_binary(kind) or pa.types.is_large_binary(kind)
        id_type = pa.string()
        if self.id_field in schema.names:
            kind = schema.field(self.id_field).type
            if pa.types.is_integer(kind) or pa.types.is_string(kind) or pa.types.is_large_string(kind):
                id_type = kind
        self._schema = schema
        self._spans_schema = pa.schema(
            [
                ("id", id_type),
                ("row", pa.int64()),
                ("label", pa.string()),
                ("start", pa.int64()),
                ("end", pa.int64()),
                ("source", pa.string()),
            ]
        )
        fh = open_private_binary(self._partials[0])
        sfh = open_private_binary(self._partials[1])
        self._files = [fh, sfh]
        self._pq = pq.ParquetWriter(fh, schema)
        self._pq_spans = pq.ParquetWriter(sfh, self._spans_schema)

    # ---- rows
    def add(self, record: Record, result: Mapping[str, Any]) -> None:
        """One input row and the core's result for it (rows must come in order)."""
        if int(result["row"]) != record.row or int(result["shard"]) != self.shard.index:
            raise DataError(
                f"{self.shard.rel}: result for shard {result['shard']} row {result['row']} arrived at row "
                f"{record.row}; the shard changed while it was read"
            )
        st = self.stats
        st.rows += 1
        row_id = _id_of(record.data, self.id_field)
        if result["error"]:
            st.errors.append({"row": record.row, "id": row_id, "reason": str(result["error"])})
            return
        assert record.data is not None
        st.written += 1
        original = record.data.get(self.text_field)
        st.chars += len(original) if isinstance(original, str) else len(str(result["text"]))
        st.second_pass += int(result["second_pass"])
        st.marker_like += int(result["marker_like"])
        for label, tag, check in json.loads(result["marks"]):
            name = f"{label}_{tag}"
            seen = st.fingerprints.get(name)
            st.fingerprints[name] = check if seen in (None, check) else "!"
        data = dict(record.data)
        data[self.text_field] = str(result["text"]).encode() if self._text_binary else str(result["text"])
        if self.embed:
            vector = bytes(result["vector"])
            data[VECTOR_FIELD] = _vector_floats(vector) if vector else None
        spans = json.loads(result["spans"])
        for label, *_rest in spans:
            st.entities[label] = st.entities.get(label, 0) + 1
        span_rows = [
            {"id": row_id, "row": record.row, "label": lab, "start": s, "end": e, "source": src}
            for lab, s, e, src in spans
        ]
        self._write(data, span_rows)

    def _write(self, data: dict[str, Any], span_rows: list[dict[str, Any]]) -> None:
        if self.shard.fmt == "jsonl":
            self._files[0].write(_json_line(data))
            for s in span_rows:
                self._files[1].write(_json_line(s))
        elif self.shard.fmt == "csv":
            if self.embed:
                vec = data.get(VECTOR_FIELD)
                data[VECTOR_FIELD] = "" if vec is None else json.dumps(vec)
            self._csv.writerow([data[h] for h in self._header])
            for s in span_rows:
                self._spans_csv.writerow(["" if s["id"] is None else s["id"], *list(s.values())[1:]])
        else:
            self._rows.append(data)
            self._span_rows.extend(span_rows)
            if len(self._rows) >= self.row_group_rows:
                self._flush_parquet()

    def _flush_parquet(self) -> None:
        import pyarrow as pa

        if self._rows:
            self._pq.write_table(pa.Table.from_pylist(self._rows, schema=self._schema))
            self._rows = []
        if self._span_rows:
            self._pq_spans.write_table(pa.Table.from_pylist(self._span_rows, schema=self._spans_schema))
            self._span_rows = []

    # ---- commit
    def _close(self) -> None:
        if self._pq is not None:
            self._flush_parquet()
            self._pq.close()
            self._pq_spans.close()
            self._pq = self._pq_spans = None
        for fh in self._files:
            if not fh.closed:
                fh.flush()
                os.fsync(fh.fileno())
                fh.close()

    def commit(self, signature: str) -> dict[str, Any]:
        """Rename the finished files into place, then write the completion marker; its content."""
        self._close()
        for partial, final in zip(self._partials, (self.data_path, self.spans_path), strict=True):
            partial.replace(final)
        st = self.stats
        marker = {
            "version": MARKER_VERSION,
            "signature": signature,
            "shard": self.shard.rel,
            "rows": st.rows,
            "written": st.written,
            "chars": st.chars,
            "entities": dict(sorted(st.entities.items())),
            "second_pass": st.second_pass,
            "marker_like": st.marker_like,
            "errors": st.errors,
            "fingerprints": dict(sorted(st.fingerprints.items())),
        }
        write_private(marker_path(self.out_dir, self.shard), json.dumps(marker).encode())
        return marker

    def abort(self) -> None:
        """Close and delete the partial files (a run that stops mid-shard)."""
        try:
            self._close()
        finally:
            for p in self._partials:
                p.unlink(missing_ok=True)


def prepare_out_dir(out_dir: Path) -> Path:
    private_dir(out_dir)
    private_dir(out_dir / STATE_DIR)
    private_dir(out_dir / STATE_DIR / "done")
    private_dir(out_dir / SPANS_DIR)
    return out_dir
