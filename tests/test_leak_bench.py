"""The wire-leak benchmark CLI end to end on a small synthetic PUPA-format file."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

from eval.leak_bench import kept_share, main, non_pii_words

ROWS = [
    (
        "h1",
        "job, visa, and other applications",
        "Write a cover letter for Zanele Mokoena, email zanele.m@example.org, for the Durban office.",
        "zanele mokoena||zanele.m@example.org",
        "Write a cover letter for [NAME], email [EMAIL], for the Durban office.",
    ),
    (
        "h2",
        "healthcare information",
        "How do I treat a mild sunburn at home?",
        "",
        "How do I treat a mild sunburn at home?",
    ),
    (
        "h3",
        "financial and corporate info",
        "Transfer 200 EUR from ES91 2100 0418 4502 0005 1332 today.",
        "es91 2100 0418 4502 0005 1332",
        "Transfer 200 EUR from [IBAN] today.",
    ),
]


def _write(path: Path) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(
            ["conversation_hash", "predicted_category", "user_query", "target_response", "pii_units", "redacted_query"]
        )
        for h, cat, q, units, red in ROWS:
            w.writerow([h, cat, q, "", units, red])
    return path


def test_leak_bench_end_to_end(tmp_path: Path) -> None:
    data = _write(tmp_path / "p.csv")
    out = tmp_path / "out"
    assert (
        main(
            [
                "--data",
                str(data),
                "--format",
                "pupa",
                "--out",
                str(out),
                "--no-mlflow",
                "--quiet",
                "--no-embed",
                "--baseline",
                "presidio",
            ]
        )
        == 0
    )
    lines = [json.loads(x) for x in (out / "minimized.jsonl").read_text().splitlines()]
    assert [x["id"] for x in lines] == ["h1:0", "h2:1", "h3:2"]
    joined = " ".join(x["minimized"] for x in lines)
    for raw in ("Zanele", "Mokoena", "zanele.m@example.org", "ES91 2100"):
        assert raw not in joined
    assert lines[1]["minimized"] == ROWS[1][2]  # nothing personal: unchanged
    m = json.loads((out / "metrics.json").read_text())
    assert m["ours"]["unit_leakage"] == 0.0 and m["ours"]["units"] == 3
    assert m["ours"]["round_trip"]["rows_equal"] == m["ours"]["round_trip"]["rows_checked"] == 3
    assert m["ours"]["embedding_similarity"] is None and "no-embed" in m["ours"]["embedding_note"]
    assert m["ours"]["minimize_reinject_ms_per_1000_chars_median"] < 50
    assert "unit_leakage" in m["baseline"]


def test_task_without_domain_is_an_error(tmp_path: Path) -> None:
    assert main(["--out", str(tmp_path), "--task", "billing_dispute"]) == 2


def test_non_pii_word_share() -> None:
    words = non_pii_words("Call Ana Ruiz about the bill", ["ana ruiz"])
    assert words == Counter({"call": 1, "about": 1, "the": 1, "bill": 1})
    assert kept_share(words, "Call <PERSON_1> about the bill") == 1.0
    assert kept_share(words, "Call about it") == 0.5
