"""The benchmark CLI end to end on small synthetic files (all three formats), plus quality
floors on the shared dev data (regression guards; the reference numbers come from eval/)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from eval.data import load_rows
from eval.pii_bench import main, mask_text
from metrics.spans import Span
from signatures.errors import DataError

SPANS_ROWS = [
    {
        "id": "a",
        "text": "Call Ana Ruiz at +34 612 345 678.",
        "spans": [{"start": 5, "end": 13, "label": "PERSON"}, {"start": 17, "end": 32, "label": "PHONE"}],
    },
    {"id": 7, "text": "Nothing personal here.", "spans": []},
    {"id": "c", "text": "IBAN ES91 2100 0418 4502 0005 1332", "spans": [{"start": 5, "end": 34, "label": "IBAN"}]},
]


def _write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_spans_format_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _write_jsonl(tmp_path / "d.jsonl", SPANS_ROWS)  # type: ignore[arg-type]
    out = tmp_path / "out"
    assert main(["--data", str(data), "--format", "spans", "--out", str(out), "--no-mlflow", "--quiet"]) == 0
    preds = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert [p["id"] for p in preds] == ["a", 7, "c"]  # ids are passed through unchanged
    assert all(set(p) == {"id", "spans"} for p in preds)
    assert all(set(s) == {"start", "end", "label"} for p in preds for s in p["spans"])
    metrics = json.loads((out / "metrics.json").read_text())
    overall = metrics["ours"]["overall"]
    assert overall["span_protect"] == 1.0 and overall["n_gold"] == 3
    assert metrics["ours"]["throughput"]["chars_per_second"] > 0
    assert "span_protect" in capsys.readouterr().out


def test_by_rule_attributes_every_span_to_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        *SPANS_ROWS,
        # nothing marked: whatever is found here is outside gold (a false positive of its rule)
        {"id": "d", "text": "Write to ana.ruiz@example.com please.", "spans": []},
    ]
    data = _write_jsonl(tmp_path / "d.jsonl", rows)  # type: ignore[arg-type]
    out = tmp_path / "out"
    args = ["--data", str(data), "--format", "spans", "--out", str(out), "--no-mlflow", "--quiet"]
    assert main([*args, "--by", "rule", "--by", "stratum"]) == 0
    printed = capsys.readouterr().out
    assert "spans per rule" in printed and "per language and stratum" in printed
    by_rule = json.loads((out / "metrics.json").read_text())["ours"]["by_rule"]
    assert by_rule["identifiers.iban"] == {"spans": 1, "overlap_gold": 1, "outside_gold": 0, "sole_protect": 1}
    assert by_rule["contact.email"]["outside_gold"] == 1 and by_rule["contact.email"]["overlap_gold"] == 0
    total = sum(m["spans"] for m in by_rule.values())
    preds = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert total == sum(len(p["spans"]) for p in preds)  # every predicted span is attributed once


def test_overlap_precision_over_annotated_labels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Predictions of a label the data never annotates are counted apart from the annotated ones."""
    rows = [
        *SPANS_ROWS,
        # PHONE is annotated (row a): a phone outside gold counts against the annotated figure
        {"id": "d", "text": "Our office line is +34 913 456 789.", "spans": []},
        # EMAIL is annotated nowhere: a found e-mail is an other-label prediction
        {"id": "e", "text": "Write to ana.ruiz@example.com please.", "spans": []},
    ]
    data = _write_jsonl(tmp_path / "d.jsonl", rows)  # type: ignore[arg-type]
    out = tmp_path / "out"
    assert main(["--data", str(data), "--format", "spans", "--out", str(out), "--no-mlflow", "--quiet"]) == 0
    ann = json.loads((out / "metrics.json").read_text())["ours"]["annotated_labels"]
    assert ann["labels"] == ["IBAN", "PERSON", "PHONE"]
    assert ann["other_labels"]["EMAIL"] == {"n_pred": 1, "overlap_precision": 0.0}
    overall = ann["overall"]
    assert overall["other_n_pred"] == 1 and overall["n_pred"] == 4
    assert overall["overlap_precision"] == 0.75  # the office phone overlaps no gold span
    assert "labels the data annotates" in capsys.readouterr().out


def test_ai4privacy_format_with_baseline_and_mlflow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Dear Maja Kowalski, your username is mkowal77 and your IP 10.2.3.4."
    row = {
        "id": "1A",
        "language": "English",
        "set": "validation",
        "source_text": text,
        "privacy_mask": [
            {"value": "Maja", "start": 5, "end": 9, "label": "GIVENNAME1"},
            {"value": "Kowalski", "start": 10, "end": 18, "label": "LASTNAME1"},
            {"value": "mkowal77", "start": 37, "end": 45, "label": "USERNAME"},
            {"value": "10.2.3.4", "start": 58, "end": 66, "label": "IP"},
            {"value": "ghost", "start": 0, "end": 5, "label": "USERNAME"},  # bad offsets, value absent
        ],
    }
    data = _write_jsonl(tmp_path / "a.jsonl", [row])
    out = tmp_path / "out"
    monkeypatch.setenv("PDT__MLFLOW__TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow.db'}")
    monkeypatch.setenv("PDT__MLFLOW__ARTIFACT_DIR", str(tmp_path / "artifacts"))
    monkeypatch.setenv("PDT__MLFLOW__EXPERIMENT", "pii_bench_test")
    monkeypatch.chdir(tmp_path)
    assert (
        main(["--data", str(data), "--format", "ai4privacy", "--out", str(out), "--baseline", "presidio", "--quiet"])
        == 0
    )
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["load_report"]["dropped"] == 1
    assert metrics["ours"]["by_language"]["en"]["span_protect"] == 1.0
    assert "speed_ratio_ours_over_baseline" in metrics["delta_vs_baseline"]
    assert (out / "baseline_presidio" / "predictions.jsonl").is_file()
    assert (tmp_path / "mlflow.db").is_file()
    assert list((tmp_path / "artifacts" / "pii_bench_test").rglob("metrics.json"))
    assert not (tmp_path / "mlruns").exists()  # nothing written to the working directory


def test_pupa_format_counts_units(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(
            ["conversation_hash", "predicted_category", "user_query", "target_response", "pii_units", "redacted_query"]
        )
        w.writerow(
            [
                "h1",
                "job, visa, and other applications",
                "Write a cover letter for Zanele Mokoena to Acme Robotics in Durban, minutes matter.",
                "",
                "zanele mokoena||durban||mi||nowhere",
                "",
            ]
        )
    rows, report = load_rows(path, "pupa")
    assert report.units_total == 4 and report.units_not_found == 1
    # "mi" is not a whole token here: it falls back to the substring inside "minutes"
    assert rows[0].units == ["zanele mokoena", "durban", "mi"]
    out = tmp_path / "out"
    assert main(["--data", str(path), "--format", "pupa", "--out", str(out), "--no-mlflow", "--quiet"]) == 0
    units = json.loads((out / "metrics.json").read_text())["ours"]["units"]
    assert units["units_found"] == 3
    assert 0 <= units["unit_protect"] <= units["unit_masked_verbatim"] <= 1


def test_mask_text() -> None:
    assert mask_text("call Ana now", [Span(5, 8, "PERSON")]) == "call <PII> now"
    assert mask_text("abcdef", [Span(0, 3, "X"), Span(2, 5, "Y")]) == "<PII><PII>f"


def test_missing_data_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--data", str(tmp_path / "nope.jsonl"), "--format", "spans", "--out", str(tmp_path)])
    assert code == 2 and "not found" in capsys.readouterr().err


def test_malformed_rows(tmp_path: Path) -> None:
    bad = _write_jsonl(tmp_path / "bad.jsonl", [{"id": "x", "text": "abc", "spans": [{"start": 2, "end": 9}]}])
    with pytest.raises(DataError, match="outside the text"):
        load_rows(bad, "spans")


# ------------------------------------------------------------------ quality floors on the dev data


# Floors 0.015 below the values measured by `python -m eval.pii_bench --format ai4privacy --out
# runs/pii_bench/ai4privacy --baseline presidio` at af58177 (2026-12-04, docs/results/detection.md):
# span_protect / overlap_precision en 0.931 / 0.852, fr 0.901 / 0.829, de 0.899 / 0.836, nl 0.916 / 0.863.
@pytest.mark.data
@pytest.mark.parametrize(
    ("lang", "protect", "precision"),
    [("en", 0.916, 0.837), ("fr", 0.886, 0.814), ("de", 0.884, 0.821), ("nl", 0.901, 0.848)],
)
def test_ai4privacy_floors(data_dir: Path, tmp_path: Path, lang: str, protect: float, precision: float) -> None:
    data = data_dir / "ai4privacy" / f"pii-masking-300k.validation.{lang}.dev.jsonl"
    assert main(["--data", str(data), "--format", "ai4privacy", "--out", str(tmp_path), "--no-mlflow", "--quiet"]) == 0
    overall = json.loads((tmp_path / "metrics.json").read_text())["ours"]["overall"]
    assert overall["span_protect"] >= protect
    assert overall["overlap_precision"] >= precision


@pytest.mark.data
def test_pupa_floor(data_dir: Path, tmp_path: Path) -> None:
    """PUPA_New: units no longer verbatim once the predicted spans are masked, >= the value measured
    by `python -m eval.pii_bench --format pupa --out runs/pii_bench/pupa --baseline presidio` at
    af58177 (2026-12-04: 0.881) minus 0.01."""
    data = data_dir / "pupa" / "PUPA_New.csv"
    assert main(["--data", str(data), "--format", "pupa", "--out", str(tmp_path), "--no-mlflow", "--quiet"]) == 0
    units = json.loads((tmp_path / "metrics.json").read_text())["ours"]["units"]
    assert units["unit_masked_verbatim"] >= 0.871


# The hostile floor: `python -m eval.hostile_bench --n 120 --seed 5 --out runs/hostile` at cb9f85c plus
# issue 30's egress changes (2026-12-04; 36-48 s on 2 CPU cores) measured verbatim / normalized / decoded
# 0 / 0 / 0 raw values at the provider of 124, with 120 requests for 120 tickets (every one answered).
# Target (issue 12): 0 at levels 1 and 2; level 3 is reported only.  All six families, both languages.
@pytest.mark.data
def test_hostile_floor_no_raw_value_reaches_the_provider(tmp_path: Path) -> None:
    from eval import hostile_bench
    from eval.hostile_tickets import FAMILIES

    assert hostile_bench.main(["--n", "120", "--seed", "5", "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["tickets"] == 120 and report["values"] > 0
    assert all(family["values"] > 0 for family in report["by_family"].values())  # every family sent
    assert set(report["by_family"]) == set(FAMILIES)
    # the tickets did reach the provider (zero leaks of a run that sent nothing would prove nothing)
    assert report["provider_requests"] >= 108
    assert report["verbatim"] == 0
    assert report["normalized"] == 0
    own = report["own_request"]  # every request was tied to its ticket, and found no more than all of them
    assert own is not None and own["verbatim"] == 0 and own["decoded"] <= report["decoded"]


def _ledger_and_answers(out: Path, runs: list[list[tuple[str, list[dict[str, str]] | None]]]) -> None:
    """An assistant's out directory: per run, (ticket ref, messages or None for a blocked request)."""
    from local_model.boundary.ledger import request_hash

    with (out / "ledger.jsonl").open("w", encoding="utf-8") as fh:
        for run_id, run in enumerate(runs):
            for ref, messages in run:
                record = {"run_id": str(run_id), "ticket": ref, "status": "sending"}
                record["request_sha256"] = request_hash(messages or [{"role": "user", "content": ref}])
                if messages is not None:
                    record["messages"] = messages
                fh.write(json.dumps(record) + "\n")


def test_hostile_requests_are_tied_to_their_own_ticket(tmp_path: Path) -> None:
    """A phrase that is personal data in one ticket and plain words in another is counted once for the
    whole provider log and not at all for the ticket whose own request masked it."""
    from eval.hostile_bench import HostileTicket, reached, requests_by_ticket

    kept = [{"role": "user", "content": "Buonasera, mio marito <PERSON_1> ha iniziato la chemioterapia"}]
    masked = [{"role": "user", "content": "sono <PERSON_1>, vorrei aggiungere [REDACTED_SEXUAL_ORIENTATION]"}]
    answers = [
        {"id": "it-041", "answer": "..."},
        {"id": "cjk-1", "error": "handoff", "cause": "unread-script"},  # never reached the gate
        {"id": "it-001", "answer": "..."},
        {"id": "it-007", "error": "handoff", "cause": "egress-leak"},  # reached it, sent nothing
    ]
    (tmp_path / "answers.jsonl").write_text("".join(json.dumps(a) + "\n" for a in answers), encoding="utf-8")
    # an earlier run in the same (appended) ledger is left out
    _ledger_and_answers(tmp_path, [[("old", kept)], [("r1", kept), ("r1", kept), ("r2", masked), ("r3", None)]])
    requests = [{"model": "m", "messages": kept}, {"model": "m", "messages": masked}]
    own = requests_by_ticket(tmp_path, requests)
    assert own is not None and set(own) == {"it-041", "it-001"}
    ticket = HostileTicket("it-001", "...", "general_question", "special_category", "it", {"x": ["mio marito"]})
    assert reached(ticket, "\n".join(json.dumps(r) for r in requests))["verbatim"] == ["x"]
    assert reached(ticket, "\n".join(own["it-001"]))["verbatim"] == []
    # a request the ledger does not hold, or a ledger that does not match the answers: no tie at all
    assert requests_by_ticket(tmp_path, [*requests, {"messages": [{"role": "user", "content": "?"}]}]) is None
    (tmp_path / "answers.jsonl").write_text(json.dumps(answers[0]) + "\n", encoding="utf-8")
    assert requests_by_ticket(tmp_path, requests) is None
    assert requests_by_ticket(tmp_path / "missing", requests) is None
