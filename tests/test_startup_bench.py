"""eval.startup_bench: the report's shape and numbers (processes faked: no model is loaded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import startup_bench


def test_report_alternates_the_sides_and_takes_medians(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    fake = {"ours": iter([9.0, 8.0, 10.0]), "presidio": iter([6.0, 7.0, 5.0])}

    def timed(argv: list[str], timeout_s: float) -> tuple[float, float]:
        side = "ours" if "pipelines.demo" in argv else "presidio"
        order.append(side)
        wall = next(fake[side])
        return wall, wall / 2

    monkeypatch.setattr(startup_bench, "timed", timed)
    assert startup_bench.main(["--out", str(tmp_path), "--runs", "3"]) == 0
    assert order == ["ours", "presidio"] * 3  # alternating: both sides see the same load
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["ours"]["median_s"] == 9.0 and report["presidio"]["median_s"] == 6.0
    assert report["ratio_ours_over_presidio"] == 1.5
    assert report["ours"]["median_cpu_s"] == 4.5 and report["cpu_ratio_ours_over_presidio"] == 1.5
    assert (tmp_path / "run.json").is_file()
    assert (tmp_path / "report.json").stat().st_mode & 0o777 == 0o600


def test_a_failing_process_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert startup_bench.main(["--out", str(tmp_path), "--runs", "0"]) == 2
    assert "--runs" in capsys.readouterr().err


def test_without_hides_a_package_on_both_sides(tmp_path: Path) -> None:
    """The runner really makes the package unimportable and runs the module or code as __main__."""
    import subprocess
    import sys

    cmds = startup_bench.commands("x", ["json_not_hidden_but_listed"])
    assert all(cmd[1] == "-c" and cmd[2] == startup_bench.WITHOUT for cmd in cmds.values())
    probe = "import sys\ntry:\n    import torch\n    print('imported')\nexcept ImportError:\n    print('hidden')\n"
    done = subprocess.run(
        [sys.executable, "-c", startup_bench.WITHOUT, '["torch"]', "-c", probe],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert done.stdout.strip() == "hidden"
    assert startup_bench.main(["--out", str(tmp_path), "--without", "not-a-name"]) == 2
