"""Run metadata (eval.runinfo): run.json's fields, its mode, the command line, no git."""

from __future__ import annotations

import re
import shlex
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

from eval import runinfo
from eval.runinfo import git_commit, read_run_info, write_run_info

ARGV = ["--format", "ai4privacy", "--out", "runs/pii_bench/ai4privacy", "--limit", "5"]


def test_run_json_has_every_field(tmp_path: Path) -> None:
    path = write_run_info(tmp_path / "out", "eval.pii_bench", ARGV)
    assert path == tmp_path / "out" / "run.json"
    info = read_run_info(tmp_path / "out")
    assert info is not None
    assert set(info) == {"benchmark", "command", "commit", "date", "machine"}
    assert info["benchmark"] == "eval.pii_bench"
    assert info["command"] == "python -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy --limit 5"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", info["date"])
    assert re.fullmatch(r"[0-9a-f]{4,40}(\+dirty)?|unknown", info["commit"])
    assert re.fullmatch(r"\d+ CPU cores \(.+\), (\d+\.\d GiB|unknown) RAM, .+, Python 3\.\d+\.\d+\S*", info["machine"])


def test_run_json_is_private(tmp_path: Path) -> None:
    path = write_run_info(tmp_path, "eval.leak_bench", [])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)
    write_run_info(tmp_path, "eval.leak_bench", [])  # an existing file is tightened again
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--out", "runs/with space", "--data", "it's.jsonl"],
        ["--text", 'a "quoted" $HOME; rm -rf /', "--n", "3"],
    ],
)
def test_the_command_round_trips(tmp_path: Path, argv: list[str]) -> None:
    write_run_info(tmp_path, "eval.utility_bench", argv)
    info = read_run_info(tmp_path)
    assert info is not None
    assert shlex.split(info["command"]) == ["python", "-m", "eval.utility_bench", *argv]


def test_commit_is_unknown_outside_a_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))  # never find a repository above
    monkeypatch.setattr(runinfo, "REPO_ROOT", tmp_path)
    assert git_commit() == "unknown"
    write_run_info(tmp_path / "out", "eval.scan_bench", ["--rows", "10"])
    info = read_run_info(tmp_path / "out")
    assert info is not None and info["commit"] == "unknown"


def test_commit_is_unknown_without_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_git(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        raise FileNotFoundError("git")

    monkeypatch.setattr("eval.runinfo.subprocess.run", no_git)
    assert git_commit() == "unknown"
    write_run_info(tmp_path, "eval.hostile_bench", [])
    info = read_run_info(tmp_path)
    assert info is not None and info["commit"] == "unknown"


def test_commit_of_a_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []

    def fake_git(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        calls.append(cmd)
        assert kwargs["cwd"] == tmp_path
        out = "abc1234\n" if "rev-parse" in cmd else dirty
        return subprocess.CompletedProcess(cmd, 0, stdout=out, stderr="")

    monkeypatch.setattr("eval.runinfo.subprocess.run", fake_git)
    dirty = ""
    assert git_commit(tmp_path) == "abc1234"
    dirty = " M eval/runinfo.py\n"
    assert git_commit(tmp_path) == "abc1234+dirty"
    assert ["git", "status", "--porcelain", "--untracked-files=no"] in calls


def test_read_run_info_without_one(tmp_path: Path) -> None:
    assert read_run_info(tmp_path) is None
    (tmp_path / "run.json").write_text("not json", encoding="utf-8")
    assert read_run_info(tmp_path) is None
    (tmp_path / "run.json").write_text("[1, 2]", encoding="utf-8")
    assert read_run_info(tmp_path) is None
