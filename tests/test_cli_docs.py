"""The generated reference (docs/hooks.py) and the commands the docs show.

Every ``python -m`` command has a ``build_parser()`` the CLI reference is built from; every
command a script runs is in the reference; every ``python -m`` command written in a fenced code
block of the README or of docs/ parses with today's parser (a usage line, and a command in inline
code, which often names a command or abbreviates it: every option it names exists); the
configuration and error pages hold every key and every error class.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import pytest

from configs.models import ModelsSettings
from configs.settings import REPO_ROOT, DomainSchema, Settings
from signatures import errors


def _load_hooks() -> ModuleType:
    name = "pdt_docs_hooks"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as MkDocs loads hooks
    spec.loader.exec_module(module)
    return module


hooks = _load_hooks()
CLI_MODULES: dict[str, str] = hooks.CLI_MODULES
MARKDOWN = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md"))]


# ---------------------------------------------------------------- commands written in Markdown


class DocCommand(NamedTuple):
    line: int
    text: str  # the command as written (continuations joined)
    module: str
    args: list[str]
    #: a usage line ([--flag N], {a,b}, a|b, ..., <placeholder>) or inline code: only its options are checked
    synopsis: bool


_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_INLINE = re.compile(r"(`+)(.+?)\1")
_PYTHON = re.compile(r"(?:\S*/)?python(?:3(?:\.\d+)?)?|\$\{?PY\}?")
_ENV = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=.*")
_WRAPPERS = {"time", "nohup", "exec", "env", "command"}
_SHELLS = {"", "bash", "sh", "shell", "console", "zsh", "shell-session", "sh-session"}
_OPERATOR = set(";&|<>()")
_SYNOPSIS = re.compile(r"\[[^\]]*\]|\{[^}]*,[^}]*\}|(?<=\w)\|(?=[\w-])|(?:^|\s)\.\.\.(?:\s|$)|<[A-Za-z][\w .-]*>")
_MENTION = re.compile(r"(?:^|[\s;&|(])(?:\S*/)?(?:python(?:3(?:\.\d+)?)?|\$\{?PY\}?)\s+-m\s+([A-Za-z_][\w.]*)(.*)")
_FLAG = re.compile(r"(?<![\w/.:-])(--?[A-Za-z][\w-]*)")


def _logical_lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """(line number, text, inline) of every command line in the Markdown: the lines of fenced code
    blocks of a shell or of no language (a ``$ `` prompt stripped, ``\\`` continuations joined) and
    every inline code span."""
    fence: str | None = None
    shell = True
    pending: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), 1):
        match = _FENCE.match(raw)
        if fence is None:
            if match:
                fence = match.group(1)
                info = raw.strip()[len(fence) :].strip().lstrip("{").lstrip(".").split(" ")[0].lower()
                shell = info in _SHELLS
                continue
            for span in _INLINE.finditer(raw):
                yield number, span.group(2).strip(), True
            continue
        stripped = raw.strip()
        if match and stripped.startswith(fence) and set(stripped) == {fence[0]}:
            if pending:
                yield start, " ".join(pending), False
            fence, pending = None, []
            continue
        if not shell:
            continue
        line = re.sub(r"^\$\s+", "", stripped)
        if not pending:
            start = number
        if line.endswith("\\"):
            pending.append(line[:-1].strip())
            continue
        pending.append(line)
        yield start, " ".join(p for p in pending if p), False
        pending = []


def _segments(line: str) -> list[list[str]]:
    """The simple commands of a shell line: tokens split at operators, redirections dropped; what
    follows a parenthesis is left out (prose in a listing: ``serve.py (python -m local_model.serve)``)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|<>()")
    lexer.whitespace_split = True  # --out=x and paths stay one token; a '#' word starts a comment
    tokens = list(lexer)
    segments: list[list[str]] = [[]]
    after_paren = [False]
    for i, token in enumerate(tokens):
        if set(token) <= _OPERATOR:
            segments.append([])
            after_paren.append("(" in token)
        elif token.isdigit() and i + 1 < len(tokens) and tokens[i + 1][:1] in "<>":
            continue  # the 2 of 2>err.log
        else:
            segments[-1].append(token)
    return [s for s, paren in zip(segments, after_paren, strict=True) if s and not paren]


def doc_commands(text: str) -> list[DocCommand]:
    """Every ``python -m MODULE ...`` of the project the Markdown ``text`` shows."""
    out = []
    for number, line, inline in _logical_lines(text):
        if inline or _SYNOPSIS.search(line):
            for match in _MENTION.finditer(line):
                rest = re.split(r"\s#\s", match.group(2))[0]
                out.append(DocCommand(number, line, match.group(1), _FLAG.findall(rest), True))
            continue
        try:
            segments = _segments(line)
        except ValueError:  # unbalanced quotes: no shell line (prose in a code span)
            continue
        for tokens in segments:
            while tokens and (_ENV.fullmatch(tokens[0]) or tokens[0] in _WRAPPERS):
                tokens = tokens[1:]
            if len(tokens) >= 3 and _PYTHON.fullmatch(tokens[0]) and tokens[1] == "-m":
                out.append(DocCommand(number, line, tokens[2], tokens[3:], False))
    return [c for c in out if c.module.split(".")[0] in hooks.PROJECT_PACKAGES]


def _options(parser: argparse.ArgumentParser) -> set[str]:
    names = {s for action in parser._actions for s in action.option_strings}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                names |= _options(sub)
    return names


def check_command(command: DocCommand) -> str | None:
    """None when the command parses (a synopsis: when every flag it names exists), else why not."""
    if command.module not in CLI_MODULES:
        return f"python -m {command.module} is no CLI of the reference (docs/hooks.py CLI_MODULES)"
    parser = hooks.cli_parser(command.module)
    if command.synopsis:
        unknown = sorted({f.split("=")[0] for f in command.args} - _options(parser))
        return f"unknown option(s) {unknown}" if unknown else None
    stderr = io.StringIO()
    try:
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            parser.parse_args(command.args)
    except SystemExit as exc:
        if exc.code not in (0, None):
            return stderr.getvalue().strip().splitlines()[-1] if stderr.getvalue().strip() else f"exit {exc.code}"
    return None


def _failures(path: Path, text: str) -> list[str]:
    return [
        f"{path}:{c.line}: {c.text}\n    {problem}"
        for c in doc_commands(text)
        if (problem := check_command(c)) is not None
    ]


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("module", sorted(CLI_MODULES))
def test_every_cli_builds_its_parser_and_help(module: str) -> None:
    parser = hooks.cli_parser(module)
    assert parser.prog == f"python -m {module}"
    text = hooks.help_text(parser)
    assert text.startswith(f"usage: python -m {module}") and "--help" in text
    assert hooks.options_table(parser)
    spec = importlib.util.find_spec(module)
    assert spec is not None, f"python -m {module}: no such module"
    if spec.submodule_search_locations is not None:
        assert importlib.util.find_spec(f"{module}.__main__") is not None, f"{module} has no __main__"
    if CLI_MODULES[module] == module:
        source = Path(str(spec.origin)).read_text(encoding="utf-8")
        assert re.search(r"^def main\(", source, re.M) and "build_parser()" in source.split("def main(")[1]


def test_cli_groups() -> None:
    groups = {m: hooks.cli_group(m) for m in CLI_MODULES}
    assert groups["pipelines.scan"] == groups["eval.pii_bench"] == "Main entry points"
    assert groups["eval.leak_bench"] == "Benchmarks and data generators"
    assert groups["local_model.train_tagger"] == "Local model and tagger"
    assert set(groups.values()) == {"Main entry points", "Benchmarks and data generators", "Local model and tagger"}


def test_every_cli_the_scripts_run_is_in_the_reference() -> None:
    run = re.compile(r"(?:python(?:3(?:\.\d+)?)?|\$\{?PY\}?)\s+-m\s+([A-Za-z_][\w.]*)")
    missing = []
    for script in sorted((REPO_ROOT / "scripts").glob("*.sh")):
        for module in run.findall(script.read_text(encoding="utf-8")):
            if module.split(".")[0] in hooks.PROJECT_PACKAGES and module not in CLI_MODULES:
                missing.append(f"{script.name}: python -m {module}")
    assert missing == [], "add these commands to CLI_MODULES in docs/hooks.py"


@pytest.mark.parametrize("path", MARKDOWN, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_every_command_in_the_docs_parses(path: Path) -> None:
    failures = _failures(path.relative_to(REPO_ROOT), path.read_text(encoding="utf-8"))
    assert failures == [], "commands that do not parse:\n" + "\n".join(failures)


BAD_DOC = """# A page

Run it:

```bash
$ .venv/bin/python -m pipelines.scan --input corpus.jsonl --out runs/scan \\
    --workers 2 --no-such-flag   # a flag that does not exist
```
"""


def test_the_command_check_catches_an_unknown_flag() -> None:
    (command,) = doc_commands(BAD_DOC)
    assert command.line == 6 and command.module == "pipelines.scan" and not command.synopsis
    assert command.args == ["--input", "corpus.jsonl", "--out", "runs/scan", "--workers", "2", "--no-such-flag"]
    (failure,) = _failures(Path("page.md"), BAD_DOC)
    assert failure.startswith("page.md:6: ") and "unrecognized arguments: --no-such-flag" in failure
    assert _failures(Path("page.md"), BAD_DOC.replace(" --no-such-flag", "")) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # env assignments, operators, redirections, comments, third-party modules, inline code
        ("```\nPDT__X=1 python -m pipelines.demo --text hi > out.txt 2>&1 &\n```", [["--text", "hi"]]),
        ("```sh\ncd /x && python3 -m pipelines.demo -- -\n```", [["--", "-"]]),
        ("```\npython -m pip install x\npython -m pytest -q\npython -m mkdocs build\n```", []),
        ("Use `python -m pipelines.demo --text 'a b'` to try.", [["--text"]]),  # inline: options only
        ("~~~\nexport K=$(python -c 'print(1)')\n~~~", []),
    ],
)
def test_doc_commands_extraction(text: str, expected: list[list[str]]) -> None:
    assert [c.args for c in doc_commands(text)] == expected


def test_a_synopsis_is_checked_by_its_flags() -> None:
    text = "```\npython -m pipelines.scan --input PATH --out DIR [--engine local|ray] [--workerz N]\n```"
    (command,) = doc_commands(text)
    assert command.synopsis and check_command(command) == "unknown option(s) ['--workerz']"
    assert check_command(command._replace(args=["--input", "--out", "--engine"])) is None
    unknown = doc_commands("```\npython -m pipelines.nothing --x\n```")
    assert unknown and "no CLI of the reference" in str(check_command(unknown[0]))


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    generated: dict[str, str] = hooks.generate_pages()
    return generated


@pytest.mark.parametrize("model", [Settings, ModelsSettings, DomainSchema], ids=lambda m: m.__name__)
def test_the_configuration_page_holds_every_key(model: type[Any], pages: dict[str, str]) -> None:
    page = pages["reference/configuration.md"]
    keys = hooks.config_keys(model)
    assert len(keys) >= len(model.model_fields)
    missing = [k for k in keys if f"`{k}`" not in page]
    assert missing == []


def test_every_settings_key_is_documented(pages: dict[str, str]) -> None:
    page = pages["reference/configuration.md"]
    for section in hooks.config_sections(Settings, "PDT__"):
        for key in section.keys:
            assert f"`{key.env}`" in page
    assert "`detector.min_score`" in page and "`PDT__DETECTOR__LM__API_BASE`" in page
    assert "≥ 0.0, ≤ 1.0" in page  # detector.min_score's constraints
    assert "`metric.lambda`" in page  # the YAML key (alias), not the attribute lambda_


def test_field_descriptions_come_from_the_source() -> None:
    comments = hooks.field_comments(Settings.model_fields["detector"].annotation)
    assert comments["tagger_model"].startswith("the trained PII tagger's directory")
    lm = hooks.config_sections(Settings, None)
    max_chars = next(k for s in lm for k in s.keys if k.key == "detector.lm.max_chars")
    assert max_chars.description == "text is chunked to this size"  # description= wins


def test_the_errors_page_holds_every_error_class(pages: dict[str, str]) -> None:
    page = pages["reference/errors.md"]
    classes = [
        name
        for name, obj in vars(errors).items()
        if isinstance(obj, type) and issubclass(obj, errors.PDTError) and obj.__module__ == errors.__name__
    ]
    assert len(classes) > 20
    assert [c for c in classes if f"`{c}`" not in page] == []
    assert "`AuthenticationError` (HTTP 401" in page and "`ConfigError` (also `ValueError`)" in page
    root, children = hooks.error_tree()
    assert root is errors.PDTError and errors.BoundaryConfigError in children[errors.ConfigError]


def test_the_cli_page_holds_every_command(pages: dict[str, str]) -> None:
    page = pages["reference/cli.md"]
    for module in CLI_MODULES:
        assert f"### `python -m {module}`" in page
    assert "| `--max-error-rate` |" in page and "the number of CPUs" in page


def test_the_committed_pages_are_current_and_a_stale_one_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The generated pages are committed; MkDocs' own hook loading warns (strict: fails) on a stale one."""
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

    assert hooks.stale_pages() == [], "run `python docs/hooks.py` and commit docs/reference/"
    config = MkDocsConfig()
    config.load_dict(
        {
            "site_name": "t",
            "docs_dir": str(tmp_path / "docs"),
            "site_dir": str(tmp_path / "site"),
            "hooks": [str(REPO_ROOT / "docs" / "hooks.py")],
        }
    )
    (tmp_path / "docs").mkdir()
    failed, _ = config.validate()
    assert failed == []
    loaded = next(p for p in config.plugins.values() if hasattr(p, "generate_pages"))  # the hook MkDocs loaded
    pages = loaded.generate_pages()
    for uri, content in pages.items():
        (tmp_path / "docs" / uri).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / uri).write_text(content, encoding="utf-8")
    (tmp_path / "docs" / "reference" / "errors.md").write_text("# stale\n", encoding="utf-8")
    monkeypatch.setattr(loaded, "DOCS_ROOT", tmp_path / "docs")
    with caplog.at_level("WARNING", logger="mkdocs"):
        config.plugins.on_files(Files([]), config=config)
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == ["docs/reference/errors.md is stale or missing: regenerate it with `python docs/hooks.py`"]
    assert loaded.write_pages() == ["reference/errors.md"]
    assert "`PDTError`" in (tmp_path / "docs" / "reference" / "errors.md").read_text(encoding="utf-8")
    assert loaded.stale_pages() == []


def test_every_runnable_module_is_in_the_reference() -> None:
    """A module that runs as ``python -m`` (a ``__main__`` guard, or a package's ``__main__.py``)
    and builds a parser is listed in CLI_MODULES, so the CLI reference and the command check see it."""
    listed = set(hooks.CLI_MODULES) | {"pipelines.cli"}  # the `pdt` dispatcher: its commands are listed modules
    missing = []
    for pkg in ("pipelines", "eval", "local_model"):
        for path in sorted((REPO_ROOT / pkg).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            if 'if __name__ == "__main__"' not in source and path.name != "__main__.py":
                continue
            parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
            if parts[-1] == "__main__":
                parts.pop()
            module = ".".join(parts)
            if module not in listed:
                missing.append(module)
    assert not missing, f"runnable modules missing from docs/hooks.py CLI_MODULES: {missing}"
