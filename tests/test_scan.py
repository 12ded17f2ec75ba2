"""Corpus minimization (python -m pipelines.scan): core, shards, engines, resume, errors, Ray.

Engine tests run on a lean detector configuration (no spaCy: rules, keyed fields, gazetteers,
heuristics) so a worker starts in seconds; the identity test across engines and worker counts
runs the full default detector and is an ``integration`` test, with the Ray tests (a local Ray
cluster with ``num_cpus=2``, started by a fixture and shut down after).  Every value is invented.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from configs.settings import CONFIG_DIR, REPO_ROOT, load_settings
from eval.synthetic_tickets import generate
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.keyed import PseudonymKey
from pipelines.scan.core import ScanCore, ScanOptions
from pipelines.scan.engines import CoreFactory, LocalEngine, make_engine
from pipelines.scan.io import ShardTask, discover, iter_records, text_batches
from pipelines.scan.run import ScanRequest, main, scan
from signatures.entities import Label
from signatures.errors import DataError, ScanError, VaultKeyError
from tests.polling import wait_until

KEY = "scan-test-key-0123456789abcdef-invented"
OTHER_KEY = "scan-test-key-fedcba9876543210-invented"
LEAN = ["rules", "keyed", "gazetteer", "propn", "special"]
TICKETS = generate(60, seed=3)
#: raw values of types every mode replaces (names, phones, IBANs, DNI/NIE)
RAW = sorted({v for t in TICKETS for k in ("PERSON", "PHONE", "IBAN", "NATIONAL_ID") for v in t.values.get(k, [])})


def _config(tmp: Path, name: str, detectors: list[str] | None) -> str:
    raw = yaml.safe_load((CONFIG_DIR / "default.yaml").read_text(encoding="utf-8"))
    if detectors is not None:
        raw["detector"]["detectors"] = detectors
    raw["mlflow"]["enabled"] = False
    raw["scan"].update({"batch_rows": 4, "max_row_chars": 5000})
    path = tmp / f"{name}.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return str(path)


def _write_corpus(root: Path) -> Path:
    """Four shards: JSONL with error rows, CSV, Parquet with typed columns, and a longer JSONL."""
    src = root / "in"
    (src / "sub").mkdir(parents=True)
    with (src / "a.jsonl").open("wb") as fh:
        for i, t in enumerate(TICKETS[:12]):
            rec = {"id": t.id, "text": t.text, "task": t.task, "score": i / 7, "tags": ["x", i], "meta": {"n": i}}
            fh.write((json.dumps(rec, ensure_ascii=False) + "\n").encode())
        fh.write(b'{"id": "err-utf8", "text": "caf\xe9 au lait"}\n')  # invalid UTF-8
        fh.write(b'{"id": "err-missing", "body": "no text field"}\n')
        fh.write((json.dumps({"id": "err-huge", "text": "lorem ipsum " * 500}) + "\n").encode())  # > 5000 chars
        fh.write(b"this is not json\n")
        fh.write((json.dumps({"id": "surrogate", "text": "ok", "note": "\ud83d"}) + "\n").encode())
    with (src / "b.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "text", "channel", "note"])
        for t in TICKETS[12:20]:
            w.writerow([t.id, t.text, "mail", 'quoted "x", with comma\nand newline'])
        w.writerow(["err-short", "only two cells"])
    table = pa.table(
        {
            "id": pa.array(list(range(100, 108)), pa.int64()),
            "text": pa.array([t.text for t in TICKETS[20:27]] + [None], pa.string()),
            "amount": pa.array([1.5 * i for i in range(8)], pa.float64()),
            "when": pa.array([1_700_000_000_000 + i for i in range(8)], pa.timestamp("ms", tz="UTC")),
            "labels": pa.array([["a", "b"]] * 8, pa.list_(pa.string())),
            "flag": pa.array([True, False] * 4, pa.bool_()),
        }
    )
    pq.write_table(table, src / "sub" / "c.parquet")
    with (src / "sub" / "d.jsonl").open("w", encoding="utf-8") as fh:
        for i in range(120):
            t = TICKETS[27 + i % 33]
            fh.write(json.dumps({"id": f"d-{i}", "text": t.text}, ensure_ascii=False) + "\n")
    return src


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("scan")
    return {
        "root": root,
        "input": _write_corpus(root),
        "lean": _config(root, "lean", LEAN),
        "full": _config(root, "full", None),
    }


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PDT_MAP_KEY", KEY)
    monkeypatch.delenv("PDT_MAP_KEY_FILE", raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def _request(corpus: dict[str, Any], out: Path, config: str, **kw: Any) -> ScanRequest:
    return ScanRequest(
        input=str(corpus["input"]), out=out, config=config, quiet=True, max_error_rate=0.5, **{"workers": 1, **kw}
    )


def _tree(out: Path) -> dict[str, bytes]:
    """Every output shard and span file (not the report: it holds timings)."""
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.relative_to(out).parts[0] != ".scan" and p.name != "report.json"
    }


@pytest.fixture(scope="module")
def lean_ref(corpus: dict[str, Any]) -> Path:
    """The reference run: local engine, one worker, lean detectors."""
    out = corpus["root"] / "lean-ref"
    mp = pytest.MonkeyPatch()
    mp.setenv("PDT_MAP_KEY", KEY)
    try:
        scan(_request(corpus, out, corpus["lean"]))
    finally:
        mp.undo()
    return out


# ------------------------------------------------------------------ core (in process)


@pytest.fixture(scope="module")
def core(detector: HybridDetector) -> ScanCore:
    os.environ["PDT_MAP_KEY"] = KEY
    try:
        return ScanCore(ScanOptions(mode="pseudonymize"), load_settings(environ={}), detector=detector)
    finally:
        del os.environ["PDT_MAP_KEY"]


def _batch(texts: list[Any], errors: list[str] | None = None) -> dict[str, list[Any]]:
    return {
        "shard": [0] * len(texts),
        "row": list(range(len(texts))),
        "text": texts,
        "error": errors or [""] * len(texts),
    }


def test_core_minimizes_rows_and_counts_errors(core: ScanCore) -> None:
    texts = [t.text for t in TICKETS[:6]] + [12345, "x" * 100_001, ""]
    out = core(_batch(texts, [""] * 8 + ["invalid-utf8"]))
    assert out["error"] == [""] * 6 + ["text-not-a-string", "too-large", "invalid-utf8"]
    assert out["row"] == list(range(9)) and len(out["text"]) == 9
    for t, minimized, spans in zip(TICKETS[:6], out["text"][:6], out["spans"][:6], strict=True):
        for value in t.values["PERSON"] + t.values["PHONE"]:
            assert value not in minimized
        assert "<PERSON_" in minimized
        for label, start, end, source in json.loads(spans):
            assert isinstance(label, str) and isinstance(source, str) and 0 <= start < end <= len(t.text)
        assert not any(v in spans for v in RAW)  # spans hold offsets, never values
    assert out["text"][6:] == ["", "", ""]


def test_core_withholds_a_row_in_a_script_no_detector_reads(core: ScanCore, detector: HybridDetector) -> None:
    cyrillic = "Здравствуйте, меня зовут Иван Петров, мой телефон +7 912 345 67 89"
    out = core(_batch([cyrillic, TICKETS[0].text]))
    assert out["error"] == ["unread-script", ""] and out["text"][0] == "" and out["spans"][0] == "[]"
    os.environ["PDT_MAP_KEY"] = KEY
    try:
        settings = load_settings(environ={"PDT__SCAN__UNREAD_SCRIPT": "minimize"})
        passing = ScanCore(ScanOptions(mode="pseudonymize"), settings, detector=detector)
    finally:
        del os.environ["PDT_MAP_KEY"]
    assert passing(_batch([cyrillic]))["error"] == [""]  # the other policy minimizes it like any row


def test_core_same_key_same_markers_other_key_other_markers(core: ScanCore, detector: HybridDetector) -> None:
    texts = [t.text for t in TICKETS[:4]]
    first = core(_batch(texts))["text"]
    os.environ["PDT_MAP_KEY"] = KEY
    try:
        again = ScanCore(ScanOptions(mode="pseudonymize"), load_settings(environ={}), detector=detector)
        os.environ["PDT_MAP_KEY"] = OTHER_KEY
        other = ScanCore(ScanOptions(mode="pseudonymize"), load_settings(environ={}), detector=detector)
    finally:
        del os.environ["PDT_MAP_KEY"]
    assert again(_batch(texts))["text"] == first
    second = other(_batch(texts))["text"]
    assert second != first
    marker = r"<[A-Z_]+_[0-9a-f]{8}>"
    assert [re.sub(marker, "M", t) for t in second] == [re.sub(marker, "M", t) for t in first]  # only markers differ
    # the same customer in two rows (and two batches) gets one marker
    name = TICKETS[0].values["PERSON"][0]
    twice = core(_batch([f"Hello, my name is {name}.", f"Hi, this is {name}. Please call me back."]))["text"]
    mark = PseudonymKey(KEY.encode()).marker(Label.PERSON, name)
    assert mark in twice[0] and mark in twice[1]


def test_core_refuses_a_worker_with_another_key(detector: HybridDetector) -> None:
    os.environ["PDT_MAP_KEY"] = OTHER_KEY
    try:
        with pytest.raises(VaultKeyError, match="not the run's"):
            ScanCore(
                ScanOptions(mode="pseudonymize", key_id=PseudonymKey(KEY.encode()).key_id),
                load_settings(environ={}),
                detector=detector,
            )
    finally:
        del os.environ["PDT_MAP_KEY"]


def test_core_redact_and_policy(detector: HybridDetector) -> None:
    text = "I am Pilar Sandoval, 47 years old, DNI 12345678Z, living in Sevilla. I have diabetes."
    redact = ScanCore(ScanOptions(mode="redact"), load_settings(environ={}), detector=detector)
    out = redact(_batch([text]))["text"][0]
    assert "[REDACTED_PERSON]" in out and "[REDACTED_NATIONAL_ID]" in out and "Pilar" not in out
    os.environ["PDT_MAP_KEY"] = KEY
    try:
        policy = ScanCore(ScanOptions(mode="policy", domain="clinic"), load_settings(environ={}), detector=detector)
    finally:
        del os.environ["PDT_MAP_KEY"]
    minimized = policy(_batch([text]))["text"][0]
    assert "12345678Z" not in minimized and "Pilar" not in minimized
    assert "40-49 years" in minimized  # the clinic schema generalizes ages, as the minimizer does
    assert "diabetes" not in minimized


# ------------------------------------------------------------------ shards


def test_discover_file_dir_glob_and_reserved_names(corpus: dict[str, Any], tmp_path: Path) -> None:
    src = corpus["input"]
    assert [s.rel for s in discover(str(src))] == ["a.jsonl", "b.csv", "sub/c.parquet", "sub/d.jsonl"]
    assert [s.rel for s in discover(str(src / "a.jsonl"))] == ["a.jsonl"]
    assert [s.rel for s in discover(str(src) + "/**/*.jsonl")] == ["a.jsonl", "sub/d.jsonl"]
    assert [s.fmt for s in discover(str(src), "csv")] == ["csv"]
    assert [s.rel for s in discover(str(src), exclude=src / "sub")] == ["a.jsonl", "b.csv"]
    (tmp_path / "errors.jsonl").write_text("{}\n")
    with pytest.raises(DataError, match="taken by the scan"):
        discover(str(tmp_path))
    with pytest.raises(DataError, match="no such file"):
        discover(str(tmp_path / "missing"))


def test_readers_give_reasons_never_text(corpus: dict[str, Any]) -> None:
    shards = {s.rel: s for s in discover(str(corpus["input"]))}
    reasons = [
        ShardTask(shards["a.jsonl"], "text", 4, 10_000_000),
        ShardTask(shards["b.csv"], "text", 4, 10_000_000),
        ShardTask(shards["sub/c.parquet"], "text", 4, 10_000_000),
    ]
    errors = [e for task in reasons for b in text_batches(task) for e in b["error"] if e]
    assert errors == ["invalid-utf8", "missing-text-field", "invalid-json", "malformed-row", "missing-text-field"]
    tiny = list(iter_records(shards["a.jsonl"], max_row_bytes=2000))
    assert [r.error for r in tiny][14] == "too-large"  # a line over the byte limit is never parsed
    assert len(tiny) == 17 and [r.row for r in tiny] == list(range(17))


# ------------------------------------------------------------------ a whole scan (local engine)


def test_scan_output_mirrors_every_other_field(corpus: dict[str, Any], lean_ref: Path) -> None:
    src, out = corpus["input"], lean_ref
    given = [json.loads(line) for line in (src / "a.jsonl").read_bytes().splitlines()[:12]]
    got = [json.loads(line) for line in (out / "a.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(got) == 13  # 12 good rows + the one with a lone surrogate in another field
    for g, o in zip(given, got[:12], strict=True):
        assert {k: v for k, v in o.items() if k != "text"} == {k: v for k, v in g.items() if k != "text"}
        assert list(o) == list(g) and o["text"] != g["text"]
    assert got[12] == {"id": "surrogate", "text": "ok", "note": "\ud83d"}
    with (src / "b.csv").open(encoding="utf-8", newline="") as fh:
        rows_in = list(csv.DictReader(fh))[:8]
    with (out / "b.csv").open(encoding="utf-8", newline="") as fh:
        rows_out = list(csv.DictReader(fh))
    assert len(rows_out) == 8
    for i, o in zip(rows_in, rows_out, strict=True):
        assert {k: v for k, v in o.items() if k != "text"} == {k: v for k, v in i.items() if k != "text"}
    t_in, t_out = pq.read_table(src / "sub" / "c.parquet"), pq.read_table(out / "sub" / "c.parquet")
    assert t_out.schema == t_in.schema and t_out.num_rows == 7  # the row without text is an error row
    assert t_out.drop_columns(["text"]) == t_in.slice(0, 7).drop_columns(["text"])
    assert all("<PERSON_" in t for t in t_out.column("text").to_pylist())
    spans = pq.read_table(out / "spans" / "sub" / "c.parquet")
    assert spans.schema.field("id").type == pa.int64() and spans.num_rows > 0
    assert set(spans.column_names) == {"id", "row", "label", "start", "end", "source"}


def test_error_rows_counted_and_skipped(lean_ref: Path) -> None:
    errors = [json.loads(line) for line in (lean_ref / "errors.jsonl").read_text().splitlines()]
    assert [(e["shard"], e["id"], e["reason"]) for e in errors] == [
        ("a.jsonl", None, "invalid-utf8"),
        ("a.jsonl", "err-missing", "missing-text-field"),
        ("a.jsonl", "err-huge", "too-large"),
        ("a.jsonl", None, "invalid-json"),
        ("b.csv", None, "malformed-row"),
        ("sub/c.parquet", 107, "missing-text-field"),
    ]
    report = json.loads((lean_ref / "report.json").read_text())
    assert report["rows"] == 17 + 9 + 8 + 120
    assert report["rows_written"] == report["rows"] - 6
    assert report["errors"]["total"] == 6 and report["errors"]["by_reason"]["too-large"] == 1
    assert report["entities"]["PERSON"] > 0 and report["collisions"]["tags_with_two_values"] == 0
    assert report["per_worker"] and report["per_worker"][0]["startup_s"] > 0


def test_no_raw_value_in_spans_report_errors(lean_ref: Path) -> None:
    for path in [lean_ref / "report.json", lean_ref / "errors.jsonl", *sorted((lean_ref / "spans").rglob("*"))]:
        if path.is_file():
            blob = path.read_bytes()
            leaked = [v for v in RAW if v.encode() in blob]
            assert leaked == [], path
    for path in [*sorted(lean_ref.glob("*.jsonl")), lean_ref / "b.csv"]:
        if path.name != "errors.jsonl":
            text = path.read_text(encoding="utf-8")
            assert [v for v in RAW if v in text] == []  # the minimized shards themselves
    assert oct((lean_ref / "a.jsonl").stat().st_mode & 0o777) == "0o600"


def test_exit_codes_follow_max_error_rate(
    corpus: dict[str, Any], lean_ref: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every shard is finished: the command only rebuilds the report (no engine starts)."""
    out = tmp_path / "copy"
    shutil.copytree(lean_ref, out)
    args = ["--input", str(corpus["input"]), "--out", str(out), "--config", corpus["lean"], "--workers", "1"]
    assert main([*args, "--max-error-rate", "0.5"]) == 0
    report = json.loads((out / "report.json").read_text())
    assert report["shards"]["skipped_finished"] == 4 and report["this_run"]["rows"] == 0
    assert main([*args, "--max-error-rate", "0.001"]) == 1
    captured = capsys.readouterr()
    assert "errors" in captured.err and not [v for v in RAW if v in captured.out + captured.err]


def test_without_a_key_the_run_refuses(corpus: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PDT_MAP_KEY")
    args = ["--input", str(corpus["input"] / "a.jsonl"), "--out", str(tmp_path / "o"), "--config", corpus["lean"]]
    assert main(args) == 2
    with pytest.raises(VaultKeyError, match="--mode redact"):
        scan(_request(corpus, tmp_path / "o", corpus["lean"]))
    assert main([*args, "--domain", "bank", "--mode", "redact"]) == 2  # --domain is for --mode policy
    assert main([*args, "--mode", "redact", "--workers", "0"]) == 2
    assert main([*args, "--mode", "redact", "--address", "auto"]) == 2  # --address is for --engine ray


def test_a_ray_cluster_outside_the_boundary_is_refused_before_anything_starts(
    corpus: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cluster's workers read raw rows: --address follows the locality rule (loopback, auto, or
    boundary.trusted_hosts); a refused address starts no engine and writes nothing."""
    from pipelines.scan import run as scan_run

    started: list[str] = []
    monkeypatch.setattr(scan_run, "make_engine", lambda *a, **k: started.append("engine") or pytest.fail("started"))
    out = tmp_path / "o"
    args = ["--input", str(corpus["input"] / "a.jsonl"), "--out", str(out), "--config", corpus["lean"]]
    for address in ("ray://10.1.2.3:10001", "ray://head.example.com:10001", "ray://u@127.0.0.1:10001"):
        assert main([*args, "--engine", "ray", "--address", address]) == 2
        assert "raw rows" in capsys.readouterr().err
    assert started == [] and not out.exists()
    scan_run.ray_cluster_is_inside("auto", [])
    scan_run.ray_cluster_is_inside("ray://127.0.0.1:10001", [])
    scan_run.ray_cluster_is_inside("ray://gpu-head:10001", ["gpu-head"])  # listed: trusted with its cluster


@pytest.mark.integration  # worker processes (or the embedding model): out of the quick loop
def test_two_workers_byte_identical_to_one(corpus: dict[str, Any], lean_ref: Path) -> None:
    out = corpus["root"] / "lean-2"
    report = scan(_request(corpus, out, corpus["lean"], workers=2))
    assert _tree(out) == _tree(lean_ref)
    assert len(report["per_worker"]) == 2  # both workers had rows


@dataclass(frozen=True)
class CrashOnce:
    """A core factory whose worker dies (hard exit) the first time a batch holds row 9 of a shard
    (every time when ``flag`` is None)."""

    options: ScanOptions
    flag: str | None

    def __call__(self) -> Any:
        core = CoreFactory(self.options)()
        flag = self.flag

        def run(batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
            if 9 in list(batch["row"]) and (flag is None or not os.path.exists(flag)):
                if flag is not None:
                    Path(flag).touch()
                os._exit(17)
            return core(batch)

        return run


def _options(config: str) -> ScanOptions:
    return ScanOptions(mode="pseudonymize", config=config, key_id=PseudonymKey(KEY.encode()).key_id)


def _engine_rows(engine: Any, corpus: dict[str, Any], config: str) -> list[tuple[int, int, str, str]]:
    tasks = [ShardTask(s, "text", 4, 16_000_000) for s in discover(str(corpus["input"]))]
    return [
        (s, r, t, e)
        for out in engine.map_shards(tasks)
        for s, r, t, e in zip(out["shard"], out["row"], out["text"], out["error"], strict=True)
    ]


@pytest.fixture(scope="module")
def lean_rows(corpus: dict[str, Any]) -> list[tuple[int, int, str, str]]:
    """Every row's result from one local worker (lean detectors): what the engines must give."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PDT_MAP_KEY", KEY)
    try:
        with LocalEngine(CoreFactory(_options(corpus["lean"])), workers=1) as plain:
            return _engine_rows(plain, corpus, corpus["lean"])
    finally:
        mp.undo()


@pytest.mark.integration  # worker processes (or the embedding model): out of the quick loop
def test_local_worker_that_dies_is_replaced_and_its_batch_retried(
    corpus: dict[str, Any], lean_rows: list[tuple[int, int, str, str]], tmp_path: Path
) -> None:
    options = _options(corpus["lean"])
    expected = lean_rows
    with LocalEngine(CrashOnce(options, str(tmp_path / "crashed")), workers=2, max_retries=2) as engine:
        got = _engine_rows(engine, corpus, corpus["lean"])
        assert engine.restarts == 1
    assert (tmp_path / "crashed").exists() and got == expected
    with LocalEngine(CrashOnce(options, None), workers=1, max_retries=1) as engine:
        with pytest.raises(ScanError, match="killed its worker 2 times"):
            _engine_rows(engine, corpus, corpus["lean"])


@pytest.mark.integration  # worker processes (or the embedding model): out of the quick loop
def test_resume_after_kill_gives_the_uninterrupted_output(corpus: dict[str, Any], lean_ref: Path) -> None:
    out = corpus["root"] / "resumed"
    cmd = [
        sys.executable, "-m", "pipelines.scan", "--input", str(corpus["input"]), "--out", str(out),
        "--config", corpus["lean"], "--workers", "1", "--quiet", "--max-error-rate", "0.5",
    ]  # fmt: skip
    env = {**os.environ, "PDT_MAP_KEY": KEY, "HF_HUB_OFFLINE": "1"}
    log = corpus["root"] / "resume-stderr.txt"
    with log.open("wb") as err:
        proc = subprocess.Popen(cmd, cwd=REPO_ROOT, env=env, start_new_session=True, stderr=err)
        first = out / ".scan" / "done" / "a.jsonl.json"
        try:  # kill as soon as the first shard is marked done (or the driver died: the assert below says why)
            wait_until(lambda: first.exists() or proc.poll() is not None, 300, f"{first.name} to be written")
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # the driver and its workers, mid-run
            proc.wait()
    assert first.exists(), log.read_text(errors="replace")[-2000:]
    assert not (out / ".scan" / "done" / "sub" / "d.jsonl.json").exists()  # killed half-way
    assert main(cmd[3:]) == 0  # the same command again
    report = json.loads((out / "report.json").read_text())
    assert 1 <= report["shards"]["skipped_finished"] < 4
    assert _tree(out) == _tree(lean_ref)
    assert not list(out.rglob("*.partial"))


@pytest.mark.integration  # worker processes (or the embedding model): out of the quick loop
def test_another_key_redoes_finished_shards(
    corpus: dict[str, Any], lean_ref: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    shutil.copytree(corpus["input"], src)  # same names, sizes and times: the markers still hold
    shutil.copytree(lean_ref, out)
    request = ScanRequest(f"{src}/**/c.parquet", out, config=corpus["lean"], quiet=True, workers=1, max_error_rate=0.5)
    assert scan(request)["shards"]["skipped_finished"] == 1  # same key: nothing to do
    monkeypatch.setenv("PDT_MAP_KEY", OTHER_KEY)
    request.out = out
    assert scan(request)["shards"]["skipped_finished"] == 0  # a marker made with another key is stale
    again = pq.read_table(out / "sub" / "c.parquet").column("text").to_pylist()
    before = pq.read_table(lean_ref / "sub" / "c.parquet").column("text").to_pylist()
    assert again != before and [re.sub(r"_[0-9a-f]{8}>", ">", t) for t in again] == [
        re.sub(r"_[0-9a-f]{8}>", ">", t) for t in before
    ]


# ------------------------------------------------------------------ Ray (integration)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Path]:
    """A local Ray cluster (2 CPUs) for this module; the key is in the environment it inherits."""
    import ray

    previous = os.environ.get("PDT_MAP_KEY")
    os.environ["PDT_MAP_KEY"] = KEY
    temp = Path(tempfile.mkdtemp(prefix="ray"))
    ray.init(num_cpus=2, include_dashboard=False, _temp_dir=str(temp), log_to_driver=False)
    try:
        yield temp
    finally:
        ray.shutdown()
        if previous is None:
            os.environ.pop("PDT_MAP_KEY", None)
        else:
            os.environ["PDT_MAP_KEY"] = previous
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.integration
def test_identical_output_across_engines_and_workers(corpus: dict[str, Any], ray_cluster: Path) -> None:
    """Full default detector: local engine with 1 and 2 workers and Ray Data with 2 actors."""
    outs = {}
    for engine, workers in (("local", 1), ("local", 2), ("ray", 2)):
        out = corpus["root"] / f"full-{engine}-{workers}"
        report = scan(_request(corpus, out, corpus["full"], engine=engine, workers=workers))
        assert report["rows_written"] == report["rows"] - 6
        outs[(engine, workers)] = _tree(out)
    assert outs[("local", 1)] == outs[("local", 2)] == outs[("ray", 2)]
    logs = [p for p in ray_cluster.rglob("*") if p.is_file() and p.suffix in (".log", ".out", ".err", ".txt")]
    assert logs
    for path in logs:
        blob = path.read_bytes()
        assert [v for v in RAW if v.encode() in blob] == [], path


@pytest.mark.integration
def test_ray_actor_that_dies_is_restarted_and_its_batch_retried(
    corpus: dict[str, Any], lean_rows: list[tuple[int, int, str, str]], ray_cluster: Path, tmp_path: Path
) -> None:
    options = _options(corpus["lean"])
    expected = lean_rows
    flag = tmp_path / "crashed"
    with make_engine("ray", options, 2, max_retries=3, batch_rows=4, factory=CrashOnce(options, str(flag))) as engine:
        got = _engine_rows(engine, corpus, corpus["lean"])
    assert flag.exists() and got == expected


@pytest.mark.integration
def test_pii_bench_engines_give_identical_predictions(
    corpus: dict[str, Any], ray_cluster: Path, tmp_path: Path
) -> None:
    from eval.pii_bench import main as bench

    data = tmp_path / "spans.jsonl"
    with data.open("w", encoding="utf-8") as fh:
        for t in TICKETS[:10]:
            fh.write(json.dumps({"id": t.id, "text": t.text, "spans": []}, ensure_ascii=False) + "\n")
    preds = {}
    for engine in ("inline", "ray"):
        out = tmp_path / engine
        args = ["--data", str(data), "--format", "spans", "--out", str(out), "--no-mlflow", "--quiet"]
        assert bench([*args, "--config", corpus["lean"], "--engine", engine, "--workers", "2"]) == 0
        preds[engine] = (out / "predictions.jsonl").read_bytes()
    assert preds["inline"] == preds["ray"]
    assert b'"label": "PERSON"' in preds["inline"]


@pytest.mark.integration  # worker processes (or the embedding model): out of the quick loop
def test_embed_vectors_of_the_minimized_text(corpus: dict[str, Any], detector: HybridDetector, tmp_path: Path) -> None:
    """--embed: MiniLM on the minimized text, the same bytes whatever shares the batch; a vector
    column in every format."""
    import numpy as np

    core = ScanCore(ScanOptions(mode="redact", embed=True), load_settings(environ={}), detector=detector)
    texts = [t.text for t in TICKETS[:3]]
    alone = core(_batch(texts[:1]))
    together = core(_batch(texts))
    assert alone["vector"][0] == together["vector"][0] and len(alone["vector"][0]) == 384 * 4
    vec = np.frombuffer(together["vector"][1], dtype="<f4")
    assert abs(float(np.linalg.norm(vec)) - 1.0) < 1e-3
    assert core.embedder is not None
    expected = np.frombuffer(core.embedder(together["text"][1]), dtype="<f4")
    assert np.array_equal(vec, expected)  # the minimized text is what gets embedded
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.jsonl").write_text(json.dumps({"id": 1, "text": texts[0]}) + "\n", encoding="utf-8")
    (src / "b.csv").write_text(f"id,text\n2,{json.dumps(texts[1])}\n", encoding="utf-8")
    pq.write_table(pa.table({"id": [3], "text": [texts[2]]}), src / "c.parquet")
    out = tmp_path / "out"
    scan(ScanRequest(str(src), out, mode="redact", embed=True, config=corpus["lean"], quiet=True, workers=1))
    row = json.loads((out / "a.jsonl").read_text(encoding="utf-8"))
    with (out / "b.csv").open(encoding="utf-8", newline="") as fh:
        cell = next(csv.DictReader(fh))["vector"]
    column = pq.read_table(out / "c.parquet").column("vector")
    assert column.type == pa.list_(pa.float32())
    for values in (row["vector"], json.loads(cell), column.to_pylist()[0]):
        assert len(values) == 384 and abs(float(np.linalg.norm(values)) - 1.0) < 1e-3
