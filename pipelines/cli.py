"""``pdt``: one command for the toolkit's entry points.

    pdt demo [--text TEXT]           python -m pipelines.demo
    pdt serve [...]                  python -m pipelines.serve
    pdt scan --input PATH --out DIR  python -m pipelines.scan
    pdt compile [...]                python -m pipelines.compile
    pdt audit PATH [...]             python -m pipelines.audit
    pdt assistant --tickets F [...]  python -m pipelines.support_assistant
    pdt bench --format F --out DIR   python -m eval.pii_bench
    pdt report [...]                 python -m eval.report

Each subcommand hands the rest of the command line to the same ``main(argv)`` that
``python -m ...`` runs, so options, exit codes and ``--help`` are the same.  ``pyproject.toml``
installs this as the ``pdt`` console script (``[project.scripts]``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple

__all__ = ["COMMANDS", "help_text", "main"]


class Command(NamedTuple):
    module: str  # the module whose main(argv) runs
    python_m: str  # what ``python -m`` runs for the same command
    summary: str


#: subcommand -> where its main() is.  Every target is named by a string and imported only when its
#: subcommand runs: ``pdt --help`` starts at once, and ``pipelines`` never imports ``eval`` at module
#: level (eval sits above pipelines in the layers, tests/test_architecture.py); the benchmark and
#: report commands are applications of eval that this front door only dispatches to.
COMMANDS: dict[str, Command] = {
    "demo": Command("pipelines.demo", "pipelines.demo", "print a text with the personal data found in it"),
    "serve": Command(
        "pipelines.serve.__main__", "pipelines.serve", "serve the assistant over an OpenAI-compatible HTTP API"
    ),
    "scan": Command("pipelines.scan.run", "pipelines.scan", "minimize a corpus (JSONL, CSV, Parquet) row by row"),
    "compile": Command("pipelines.compile.run", "pipelines.compile", "optimize the delegation program (DSPy)"),
    "audit": Command("pipelines.audit", "pipelines.audit", "look for personal data in a saved program or traces"),
    "assistant": Command(
        "pipelines.support_assistant", "pipelines.support_assistant", "answer a file of support tickets"
    ),
    "bench": Command("eval.pii_bench", "eval.pii_bench", "the PII detection benchmark"),
    "report": Command("eval.report", "eval.report", "the results pages and plots from the benchmarks' metrics"),
}


def help_text() -> str:
    """The text of ``pdt --help``."""
    width = max(len(name) for name in COMMANDS)
    lines = [
        "usage: pdt COMMAND [ARGS ...]",
        "",
        "The privacy-delegation toolkit's commands (each is also `python -m MODULE`).",
        "",
        "commands:",
    ]
    for name, cmd in COMMANDS.items():
        lines.append(f"  {name:<{width}}  {cmd.summary} (python -m {cmd.python_m})")
    lines += ["", "`pdt COMMAND --help` shows the options of a command."]
    return "\n".join(lines)


def _target(command: Command) -> Callable[[Sequence[str]], int | None]:
    # importlib by name, at dispatch time: see COMMANDS
    module = importlib.import_module(command.module)
    main_fn: Callable[[Sequence[str]], int | None] = module.main
    return main_fn


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # SystemExit("message"), as the interpreter would print it
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(help_text(), file=sys.stderr)
        return 2
    if args[0] in ("-h", "--help", "help"):
        print(help_text())
        return 0
    name, rest = args[0], args[1:]
    command = COMMANDS.get(name)
    if command is None:
        print(f"pdt: unknown command {name!r}; choose one of: {', '.join(COMMANDS)} (pdt --help)", file=sys.stderr)
        return 2
    try:
        return _exit_code(_target(command)(rest))
    except SystemExit as exc:  # argparse's --help and usage errors
        return _exit_code(exc.code)


if __name__ == "__main__":
    raise SystemExit(main())
