"""eval.startup_bench: the report's shape and numbers (processes faked: no model is loaded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import startup_bench


def test_report_alternates_the_sides_and_takes_medians(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    fake = {"ours": iter([9.0, 8.0, 10.0]), "presidio": iter([6.0, 7.0, 5.0])}

    def timed(argv: list[str], timeout_s: float) -> float:
        side = "ours" if "pipelines.demo" in argv else "presidio"
        order.append(side)
        return next(fake[side])

    monkeypatch.setattr(startup_bench, "timed", timed)
    assert startup_bench.main(["--out", str(tmp_path), "--runs", "3"]) == 0
    assert order == ["ours", "presidio"] * 3  # alternating: both sides see the same load
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["ours"]["median_s"] == 9.0 and report["presidio"]["median_s"] == 6.0
    assert report["ratio_ours_over_presidio"] == 1.5
    assert (tmp_path / "run.json").is_file()
    assert (tmp_path / "report.json").stat().st_mode & 0o777 == 0o600


def test_a_failing_process_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert startup_bench.main(["--out", str(tmp_path), "--runs", "0"]) == 2
    assert "--runs" in capsys.readouterr().err
