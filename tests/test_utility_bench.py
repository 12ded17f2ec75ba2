"""The utility benchmark's scoring, data checks and command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import utility_bench
from eval.utility_bench import Pred, Ticket, load_tickets, same_family, score
from signatures.errors import DataError

TEXT = "error 0x80070057 on build 22631.3007; call Ana Souza on 0612 345 678"


def _ticket() -> Ticket:
    rec = {
        "id": "t1",
        "language": "en",
        "text": TEXT,
        "spans": [
            {"start": 6, "end": 16, "text": "0x80070057", "action": "keep", "kind": "error_code"},
            {"start": 26, "end": 36, "text": "22631.3007", "action": "keep", "kind": "version"},
            {"start": 43, "end": 52, "text": "Ana Souza", "action": "mask", "label": "PERSON"},
            {"start": 56, "end": 68, "text": "0612 345 678", "action": "mask", "label": "PHONE"},
        ],
    }
    return utility_bench._ticket(rec, "test")


def test_keep_is_kept_only_when_no_span_touches_it_and_mask_only_when_every_character_is_covered() -> None:
    t = _ticket()
    preds = [
        Pred(30, 36, "PHONE"),  # touches the build: not kept
        Pred(43, 46, "PERSON"),  # "Ana" only: the name is not masked
        Pred(56, 68, "ID_CARD"),  # the phone, covered, under a misleading type
        Pred(0, 5, "ORGANIZATION"),  # "error": a prediction on nothing gold
    ]
    m, misses = score([t], [preds])
    assert m["keep_kept"] == 0.5 and m["keep_kept_by_kind"]["version"]["rate"] == 0.0
    assert m["mask_masked"] == 0.5 and m["mask_masked_by_label"]["PERSON"]["rate"] == 0.0
    assert m["precision"] == 0.5  # two of four predictions touch personal data
    assert m["wrong_labels"] == [{"kind": "version", "as": "PHONE", "n": 1}]
    assert m["label_accuracy_direct"] == 0.0  # a phone number shown as an id card misleads
    assert m["tickets_all_keep_kept"] == 0.0
    assert {(x["action"], x["text"]) for x in misses} == {("keep", "22631.3007"), ("mask", "Ana Souza")}


def test_a_perfect_prediction_scores_one() -> None:
    t = _ticket()
    m, misses = score([t], [[Pred(43, 52, "PERSON"), Pred(56, 68, "PHONE")]])
    assert (m["keep_kept"], m["mask_masked"], m["precision"], m["label_accuracy_direct"]) == (1.0, 1.0, 1.0, 1.0)
    assert misses == []


def test_type_families() -> None:
    assert same_family("PHONE", "PHONE") and same_family("NATIONAL_ID", "ID_CARD")
    assert not same_family("NATIONAL_ID", "PHONE") and not same_family("CITY", "PERSON")


@pytest.mark.parametrize(
    ("span", "message"),
    [
        ({"start": 0, "end": 5, "action": "drop", "kind": "x"}, "action must be keep or mask"),
        ({"start": 0, "end": 500, "action": "keep", "kind": "x"}, "outside the text"),
        ({"start": 0, "end": 5, "action": "mask"}, "needs a label"),
        ({"start": 0, "end": 5, "text": "wrong", "action": "keep", "kind": "x"}, "does not match"),
        ({"end": 5, "action": "keep", "kind": "x"}, "needs integer start"),
    ],
)
def test_bad_spans_are_named_errors(tmp_path: Path, span: dict[str, object], message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"id": "b", "text": TEXT, "spans": [span]}) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_tickets(path)


def test_the_command_refuses_bad_data_and_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("{not json\n", encoding="utf-8")
    assert utility_bench.main(["--out", str(tmp_path / "o"), "--data", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert utility_bench.main(["--out", str(tmp_path / "o"), "--n", "0"]) == 2
    assert utility_bench.main(["--out", str(tmp_path / "o"), "--data", str(tmp_path / "missing.jsonl")]) == 2


def test_the_hand_written_set_loads_and_covers_six_languages_and_every_kind() -> None:
    tickets = load_tickets(utility_bench.HANDWRITTEN)
    assert len(tickets) >= 100
    assert {t.language for t in tickets} == set(utility_bench.LANGS)
    kinds = {g.kind for t in tickets for g in t.spans if g.action == "keep"}
    assert {"error_code", "version", "port", "http_status", "product_model", "brand", "landmark", "plan"} <= kinds


@pytest.mark.integration
def test_a_run_writes_its_report_and_private_misses(tmp_path: Path) -> None:
    data = tmp_path / "one.jsonl"
    t = _ticket()
    rec = {"id": t.id, "language": t.language, "text": t.text, "spans": []}
    rec["spans"] = [
        {"start": g.start, "end": g.end, "action": g.action, ("kind" if g.action == "keep" else "label"): g.kind}
        for g in t.spans
    ]
    data.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    assert utility_bench.main(["--out", str(tmp_path / "out"), "--data", str(data), "--quiet"]) == 0
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    ((_name, m),) = report["sets"].items()
    assert m["keep_kept"] == 1.0 and m["mask_masked"] == 1.0
    assert TEXT not in json.dumps(report)  # aggregates only
    assert (tmp_path / "out" / "misses.jsonl").stat().st_mode & 0o077 == 0
