"""``pdt`` (pipelines/cli.py): every subcommand reaches the same main(argv) as ``python -m``."""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from configs.settings import REPO_ROOT
from pipelines import cli
from tests.require_all import require

#: subcommand -> the module ``python -m`` runs for it (written out, not read from cli.COMMANDS)
EXPECTED = {
    "demo": "pipelines.demo",
    "serve": "pipelines.serve",
    "scan": "pipelines.scan",
    "compile": "pipelines.compile",
    "audit": "pipelines.audit",
    "assistant": "pipelines.support_assistant",
    "bench": "eval.pii_bench",
    "report": "eval.report",
}


def test_the_commands_are_the_expected_ones() -> None:
    assert {name: c.python_m for name, c in cli.COMMANDS.items()} == EXPECTED


@pytest.mark.parametrize("command", sorted(EXPECTED))
def test_each_subcommand_help_exits_0_with_its_modules_usage(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m {EXPECTED[command]}")


@pytest.mark.parametrize("command", sorted(EXPECTED))
def test_each_subcommand_dispatches_to_its_main(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []

    def fake_main(argv: Sequence[str] | None = None) -> int:
        calls.append(list(argv or []))
        return 7

    module = importlib.import_module(cli.COMMANDS[command].module)
    monkeypatch.setattr(module, "main", fake_main)
    assert cli.main([command, "--flag", "value", "-"]) == 7
    assert calls == [["--flag", "value", "-"]]


def test_the_target_modules_are_what_python_m_runs() -> None:
    for command in cli.COMMANDS.values():
        runs = command.python_m
        # a package runs its __main__, which calls the main() of the module pdt imports
        spec = importlib.util.find_spec(runs)
        assert spec is not None
        if spec.submodule_search_locations:
            source = (REPO_ROOT / runs.replace(".", "/") / "__main__.py").read_text(encoding="utf-8")
            assert command.module.endswith("__main__") or f"from {command.module} import main" in source
        else:
            assert command.module == runs


def test_help_unknown_and_missing_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: pdt COMMAND")
    for name in EXPECTED:
        assert f"\n  {name} " in out
    assert cli.main(["frobnicate"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'frobnicate'" in err and "demo" in err
    assert cli.main([]) == 2
    assert "usage: pdt" in capsys.readouterr().err


def test_a_subcommand_usage_error_keeps_its_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--format", "spans", "--out", "x", "--no-such-flag"]) == 2  # argparse: usage error
    assert "unrecognized arguments" in capsys.readouterr().err


def test_pipelines_does_not_import_eval_at_module_level() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys, pipelines.cli; print(any(m.startswith('eval') for m in sys.modules))"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "False"


def test_the_installed_console_script() -> None:
    script = shutil.which("pdt", path=str(Path(sys.executable).parent))
    if script is None:
        require("the pdt console script", "pip install -e . (scripts/install.sh) installs it from [project.scripts]")
    done = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "usage: pdt COMMAND" in done.stdout
    done = subprocess.run([script, "no-such-command"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
