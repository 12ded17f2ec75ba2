"""The front door and the documentation site: the README's size and sections, and every repository
path the README and the docs name exists.

``mkdocs build --strict`` itself runs in ``scripts/test.sh`` (a broken link or a stale generated
page fails it); the commands written in the docs are parsed by ``tests/test_cli_docs.py``.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from configs.settings import REPO_ROOT

README = REPO_ROOT / "README.md"
DOCS = REPO_ROOT / "docs"
#: the README's sections a new user looks for (a heading each, in any order)
README_SECTIONS = ("install", "main job", "serve", "scan", "benchmark", "docs")
#: top-level entries of the repository a path in the docs may start with
TOP_LEVEL = ("pipelines", "signatures", "metrics", "local_model", "eval", "configs", "tests", "scripts", "docs", ".ci")
ROOT_FILES = ("pyproject.toml", "mkdocs.yml", "README.md", ".gitignore")
#: outputs and caches the commands create, and the bundled datasets (relative to ``data_dir``):
#: named in the docs, absent from a clean clone
GENERATED_PREFIXES = ("runs/", ".cache/", "build/", ".venv/", "../shared/", "pupa/", "ai4privacy/")
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_PATHLIKE = re.compile(r"^[\w.\-/]+\.(?:py|md|yaml|yml|toml|txt|tsv|jsonl|json|sh|csv)$|^[\w.\-]+/(?:[\w.\-]+/)*$")


def _markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


@functools.cache
def _repo_files() -> tuple[str, ...]:
    skip = {
        ".git",
        ".venv",
        ".venv-litellm",
        "runs",
        ".cache",
        "build",
        "__pycache__",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
    }
    out = []
    for path in REPO_ROOT.rglob("*"):
        rel = path.relative_to(REPO_ROOT)
        if skip.intersection(rel.parts):
            continue
        out.append(rel.as_posix() + ("/" if path.is_dir() else ""))
    return tuple(out)


def _code_paths(text: str) -> list[str]:
    """Backticked tokens that name a file or a folder of the repository."""
    out = []
    for span in _CODE.findall(text):
        for token in span.split():
            token = token.strip("()[],;:'\"").split("::")[0]
            if any(c in token for c in "<>*{}$=") or token.startswith(("http", "-", "~")) or "..." in token:
                continue
            if token.startswith(GENERATED_PREFIXES) or not _PATHLIKE.match(token):
                continue
            if any(part.split(".")[0].isupper() for part in token.split("/")):
                continue  # a placeholder: `DIR/metrics.json`, `configs/domains/NAME.yaml`; a street abbreviation `C/`
            if "/" not in token and token not in ROOT_FILES:
                continue  # a bare file name (`merge.py`) is named in the context of its folder
            out.append(token)
    return out


def test_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines (at most 200: details belong in docs/)"
    headings = [line.lstrip("#").strip().lower() for line in lines if line.startswith("## ")]
    for section in README_SECTIONS:
        assert any(section in h for h in headings), f"README.md has no section about {section!r}: {headings}"
    text = "\n".join(lines)
    assert "<!-- results:start -->" in text and "<!-- results:end -->" in text, "the generated results block"
    assert "bash scripts/setup.sh" in text and "bash scripts/test.sh" in text, "the two commands"


def test_ci_runs_the_readmes_test_command() -> None:
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^bash scripts/test\.sh\b", ci, re.M), ".ci/run must call the README's test command"


def test_the_test_command_builds_the_docs_strictly() -> None:
    script = (REPO_ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert re.search(r"mkdocs build --strict", script), "scripts/test.sh must run mkdocs build --strict"


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_every_repository_path_named_exists(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    files = _repo_files()
    missing = []
    for token in _code_paths(text):
        stripped = token.rstrip("/")
        if (REPO_ROOT / stripped).exists():
            continue
        if token.split("/")[0] in TOP_LEVEL or token in ROOT_FILES:
            missing.append(token)  # a full path from the root: it must exist as written
        elif not any(f.rstrip("/").endswith("/" + stripped) for f in files):
            missing.append(token)  # a path inside a package (`catalogue/base.py`): some file must end with it
    for target in _LINK.findall(text):
        target = target.split("#")[0]
        if not target or target.startswith(("http://", "https://", "mailto:")):
            continue
        if not (path.parent / target).resolve().exists():
            missing.append(target)
    assert not missing, f"{path.relative_to(REPO_ROOT)} names paths that do not exist: {sorted(set(missing))}"


def test_path_check_catches_a_missing_path(tmp_path: Path) -> None:
    text = "See `local_model/detection/no_such_module.py` and `catalogue/nothing_here.py`."
    tokens = _code_paths(text)
    assert tokens == ["local_model/detection/no_such_module.py", "catalogue/nothing_here.py"]
    assert not (REPO_ROOT / tokens[0]).exists()
    assert not any(f.endswith("/catalogue/nothing_here.py") for f in _repo_files())


def test_docs_speak_of_the_product() -> None:
    """No narration of how the work was done, and no commit hashes in prose, outside the history."""
    narration = re.compile(r"\b(?:this session|last session|second session|third session|I wrote|we tried)\b", re.I)
    commit = re.compile(r"(?<![\w/.-])(?:commit|at|before =|after =) [0-9a-f]{7,12}\b")
    for path in _markdown_files():
        if path.parent.name == "results":
            continue  # the results pages and their history carry commits and dates by design
        text = path.read_text(encoding="utf-8")
        assert not narration.search(text), f"{path.relative_to(REPO_ROOT)}: {narration.search(text)}"
        assert not commit.search(text), f"{path.relative_to(REPO_ROOT)}: {commit.search(text)}"


def _readme_demo_command() -> list[str]:
    """The demo command exactly as the README shows it (the first fenced line running pipelines.demo)."""
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith(".venv/bin/python -m pipelines.demo"):
            return shlex.split(line)
    raise AssertionError("README.md shows no `.venv/bin/python -m pipelines.demo ...` line")


@pytest.mark.integration
def test_the_readmes_demo_command_runs() -> None:
    argv = _readme_demo_command()
    argv[0] = sys.executable  # the interpreter running the tests is .venv's
    done = subprocess.run(argv, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "PERSON" in done.stdout and "PHONE" in done.stdout, done.stdout[-2000:]


def _docs_build_command() -> list[str]:
    """The docs build exactly as scripts/test.sh runs it (environment assignments kept apart)."""
    script = (REPO_ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    line = next(x for x in script.splitlines() if "mkdocs build" in x and not x.lstrip().startswith("#"))
    return shlex.split(line, comments=True)


def test_the_docs_build_cannot_hide_its_warnings() -> None:
    argv = _docs_build_command()
    assert "--strict" in argv
    assert not {"--quiet", "-q"} & set(argv), "--quiet lowers the log level: --strict then counts no warning"


@pytest.mark.integration
def test_a_broken_link_fails_the_docs_build(tmp_path: Path) -> None:
    """Positive control: the build scripts/test.sh runs fails on a broken link (and passes without)."""
    shutil.copytree(DOCS, tmp_path / "docs")
    shutil.copy(REPO_ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    env_and_cmd = _docs_build_command()
    env = {**os.environ, **dict(a.split("=", 1) for a in env_and_cmd if "=" in a and not a.startswith("-"))}
    cmd = [a for a in env_and_cmd if not ("=" in a and not a.startswith("-"))]
    cmd[0] = str(REPO_ROOT / cmd[0])  # .venv/bin/mkdocs
    clean = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert clean.returncode == 0, clean.stderr[-2000:]
    page = tmp_path / "docs" / "how-to" / "add-a-rule.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [nowhere](no-such-page.md).\n", encoding="utf-8")
    broken = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert broken.returncode != 0 and "no-such-page.md" in broken.stderr, broken.stderr[-2000:]
