"""MkDocs hooks: the reference pages generated from the code, so they never go stale.

``mkdocs.yml`` declares ``hooks: [docs/hooks.py]`` (and excludes this file from the pages).  Three
pages are generated from the code and committed, so they read the same on the site and in the
repository; on every build :func:`on_files` generates them again and a page that differs from
its committed file is a warning (``mkdocs build --strict``, run by ``scripts/test.sh``, fails on
it).  ``python docs/hooks.py`` writes them:

- ``reference/cli.md``: every ``python -m`` command (:data:`CLI_MODULES`), from the parser its
  ``build_parser()`` returns: description, usage, a table of the options, the full ``--help``;
- ``reference/configuration.md``: every key of the pydantic settings (``configs/default.yaml``,
  ``configs/models.yaml``, the domain schemas ``configs/domains/*.yaml``) with its type, default,
  constraints and description (the field's ``description=``, else the ``#:`` comment above it);
- ``reference/errors.md``: the exception tree of :mod:`signatures.errors`.

Nothing happens at import: the project is imported and the pages are built inside the hooks.
``tests/test_cli_docs.py`` loads this file to check that every command the docs show parses.
"""

from __future__ import annotations

import argparse
import ast
import enum
import importlib
import importlib.util
import inspect
import io
import os
import re
import sys
import textwrap
import tokenize
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

DOCS_ROOT = Path(__file__).resolve().parent

#: ``python -m COMMAND`` -> the module whose ``build_parser()`` builds its parser
CLI_MODULES: dict[str, str] = {
    # main entry points
    "pipelines.demo": "pipelines.demo",
    "pipelines.compile": "pipelines.compile.run",
    "pipelines.serve": "pipelines.serve.runner",
    "pipelines.scan": "pipelines.scan.run",
    "pipelines.audit": "pipelines.audit",
    "pipelines.support_assistant": "pipelines.support_assistant",
    "eval.pii_bench": "eval.pii_bench",
    "eval.report": "eval.report",
    # benchmarks and data generators
    "eval.leak_bench": "eval.leak_bench",
    "eval.utility_bench": "eval.utility_bench",
    "eval.latency_bench": "eval.latency_bench",
    "eval.assistant_bench": "eval.assistant_bench",
    "eval.hostile_bench": "eval.hostile_bench",
    "eval.serve_bench": "eval.serve_bench",
    "eval.serve_soak": "eval.serve_soak",
    "eval.scan_bench": "eval.scan_bench",
    "eval.ner_decode_bench": "eval.ner_decode_bench",
    "eval.judge_agreement": "eval.judge_agreement",
    "eval.synthetic_tickets": "eval.synthetic_tickets",
    "eval.hostile_tickets": "eval.hostile_tickets",
    "eval.utility_tickets": "eval.utility_tickets",
    "eval.guardrail_bench": "eval.guardrail_bench",
    "eval.startup_bench": "eval.startup_bench",
    "eval.recording_provider": "eval.recording_provider",
    "eval.summary": "eval.summary",
    # local model and tagger
    "local_model.serve": "local_model.serve",
    "local_model.train_tagger": "local_model.train_tagger",
    "local_model.training.generator": "local_model.training.generator",
    "local_model.training.evaluate": "local_model.training.evaluate",
    "local_model.text.precompile": "local_model.text.precompile",
}
#: the commands a new user starts with, in this order
MAIN_ENTRY_POINTS = (
    "pipelines.demo",
    "pipelines.compile",
    "pipelines.serve",
    "pipelines.scan",
    "pipelines.audit",
    "pipelines.support_assistant",
    "eval.pii_bench",
    "eval.report",
)
#: the project's top-level packages (a ``python -m`` of anything else is a third-party tool)
PROJECT_PACKAGES = ("configs", "eval", "local_model", "metrics", "pipelines", "signatures")
#: width of the ``--help`` text on the CLI page (independent of the terminal that builds the site)
HELP_WIDTH = 100


def _repo_root() -> Path:
    """The repository whose configuration files are documented (``configs.settings.REPO_ROOT``)."""
    _project_importable()
    from configs.settings import REPO_ROOT

    return REPO_ROOT


def _project_importable() -> None:
    """Make the project's packages importable (an editable install already does)."""
    root = str(DOCS_ROOT.parent)
    if importlib.util.find_spec("configs") is None and root not in sys.path:
        sys.path.insert(0, root)


# ---------------------------------------------------------------- markdown helpers


def _cell(text: str) -> str:
    """Text for one cell of a Markdown table (one line, pipes escaped)."""
    return " ".join(text.split()).replace("|", "\\|") or " "


def _code(value: str) -> str:
    """An inline code span that holds ``value`` whatever backticks it contains."""
    fence = "``" if "`" in value else "`"
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}"


_ROLE = re.compile(r":(?:class|mod|func|meth|attr|data|exc|obj):`~?([^`]+)`")


_CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def _escape_html(text: str) -> str:
    """``<``, ``>`` and ``&`` outside code spans as entities (``<PERSON_1>`` is no HTML tag)."""
    out, pos = [], 0
    for match in _CODE_SPAN.finditer(text):
        out += [text[pos : match.start()].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"), match[0]]
        pos = match.end()
    out.append(text[pos:].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
    return "".join(out)


def _prose(text: str | None) -> str:
    """A docstring, comment or help text as Markdown: Sphinx roles as code spans, no raw HTML."""
    if not text:
        return ""
    text = _ROLE.sub(lambda m: f"`{m.group(1).rpartition('.')[2] if '~' in m.group(0) else m.group(1)}`", text)
    return _escape_html(text)


def _paragraphs(doc: str | None) -> list[str]:
    return [" ".join(p.split()) for p in inspect.cleandoc(doc or "").split("\n\n") if p.strip()]


def _first_sentence(doc: str | None) -> str:
    """The summary of a docstring: its first sentence (of the first paragraph, lines joined)."""
    paragraphs = _paragraphs(doc)
    if not paragraphs:
        return ""
    first = paragraphs[0]
    match = re.search(r"(?<=[.!?])\s+(?=[A-Z`(])", first)
    return first[: match.start()] if match else first


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line.strip() else "" for line in text.splitlines())


def _generated_note(source: str) -> str:
    return f"<!-- generated by docs/hooks.py from {source}: edit the code, not this page -->"


# ---------------------------------------------------------------- CLI reference


def cli_parser(module: str) -> argparse.ArgumentParser:
    """The parser of ``python -m MODULE`` (a key of :data:`CLI_MODULES`)."""
    if module not in CLI_MODULES:
        raise KeyError(f"{module} is not a CLI of the reference: add it to CLI_MODULES in docs/hooks.py")
    _project_importable()
    build = getattr(importlib.import_module(CLI_MODULES[module]), "build_parser", None)
    if not callable(build):
        raise TypeError(f"{CLI_MODULES[module]} has no build_parser() (python -m {module})")
    parser = build()
    if not isinstance(parser, argparse.ArgumentParser):
        raise TypeError(f"{CLI_MODULES[module]}.build_parser() returned {type(parser).__name__}")
    return parser


def cli_group(module: str) -> str:
    if module in MAIN_ENTRY_POINTS:
        return "Main entry points"
    if module.startswith("eval."):
        return "Benchmarks and data generators"
    return "Local model and tagger"


def help_text(parser: argparse.ArgumentParser, width: int = HELP_WIDTH) -> str:
    """``--help`` as a terminal of ``width`` columns shows it."""
    formatter_class = parser.formatter_class

    def fixed_width(prog: str) -> argparse.HelpFormatter:
        return formatter_class(prog=prog, width=width)  # type: ignore[call-arg]

    parser.formatter_class = fixed_width
    try:
        return parser.format_help()
    finally:
        parser.formatter_class = formatter_class


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter_class = parser.formatter_class
    formatter = formatter_class(prog=parser.prog, width=HELP_WIDTH)  # type: ignore[call-arg]
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, prefix="")
    return formatter.format_help().strip()


def _metavar(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    if isinstance(action.metavar, tuple):
        return " ".join(action.metavar)
    if action.metavar is not None:
        name = action.metavar
    elif action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        name = "{" + ",".join(str(c) for c in action.choices) + "}"
    else:
        name = action.dest if not action.option_strings else action.dest.upper()
    nargs = action.nargs
    if nargs is None:
        return name
    if nargs == argparse.OPTIONAL:
        return f"[{name}]"
    if nargs == argparse.ZERO_OR_MORE:
        return f"[{name} ...]"
    if nargs == argparse.ONE_OR_MORE:
        return f"{name} [{name} ...]"
    if isinstance(nargs, int):
        return " ".join([name] * nargs)
    return name


def _expand_help(action: argparse.Action, prog: str) -> str:
    """The help text with its ``%(default)s``-style fields filled in, as ``--help`` shows them."""
    text = action.help or ""
    if "%" not in text:
        return text
    params: dict[str, Any] = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
    params["prog"] = prog
    for key, value in list(params.items()):
        if hasattr(value, "__name__"):
            params[key] = value.__name__
    if params.get("choices") is not None:
        params["choices"] = ", ".join(map(str, params["choices"]))
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


def _default(action: argparse.Action) -> str:
    if action.default is None or action.default is argparse.SUPPRESS:
        return ""
    if "workers" in action.dest and action.default == (os.cpu_count() or 1):
        return "the number of CPUs"  # os.cpu_count() of the machine that runs it, not of the one that built this
    if action.nargs == 0 and isinstance(action.default, bool):
        return ""  # a switch: off unless given
    if isinstance(action.default, (list, tuple)):
        return _code(" ".join(str(v) for v in action.default)) if action.default else ""
    return _code(str(action.default))


def _exclusive(parser: argparse.ArgumentParser) -> dict[int, str]:
    """id(action) -> a note on the mutually exclusive group it belongs to."""
    notes: dict[int, str] = {}
    for group in parser._mutually_exclusive_groups:
        names = ", ".join(a.option_strings[0] if a.option_strings else a.dest for a in group._group_actions)
        note = f"exactly one of {names}" if group.required else f"at most one of {names}"
        for action in group._group_actions:
            notes[id(action)] = note
    return notes


def options_table(parser: argparse.ArgumentParser) -> list[str]:
    """The parser's arguments as a Markdown table (``--help`` itself left out)."""
    exclusive = _exclusive(parser)
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) or action.help == argparse.SUPPRESS:
            continue
        flags = ", ".join(_code(f) for f in action.option_strings) or _code(str(action.metavar or action.dest))
        notes = []
        if action.required and action.option_strings:
            notes.append("required")
        if id(action) in exclusive:
            notes.append(exclusive[id(action)])
        if isinstance(action, argparse._AppendAction):
            notes.append("repeatable")
        if action.metavar is not None and action.choices is not None:
            notes.append("one of " + ", ".join(str(c) for c in action.choices))
        help_ = _expand_help(action, parser.prog)
        if notes:
            help_ = f"{help_} ({'; '.join(notes)})" if help_ else "; ".join(notes)
        value = _metavar(action)
        rows.append([flags, _code(value) if value else "", _default(action), _cell(_prose(help_))])
    if not rows:
        return ["No options besides `--help`."]
    return _table(["Option", "Value", "Default", "Description"], rows)


def _subparsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _parser_section(parser: argparse.ArgumentParser, level: int) -> list[str]:
    out: list[str] = []
    for paragraph in _paragraphs(parser.description):
        out += [_prose(paragraph), ""]
    out += ["```text", _usage(parser), "```", ""]
    out += [*options_table(parser), ""]
    for name, sub in _subparsers(parser):
        out += [f"{'#' * (level + 1)} `{name}`", "", *_parser_section(sub, level + 1)]
    if parser.epilog:
        out += [_prose(" ".join(parser.epilog.split())), ""]
    return out


def cli_page() -> str:
    out = [
        "# CLI",
        "",
        _generated_note("each command's build_parser()"),
        "",
        "Every command runs from the repository root as `.venv/bin/python -m COMMAND` (or `python -m` with the",
        "virtual environment active). The options below are read from the parsers themselves; `--help` prints",
        "the same.",
        "",
    ]
    from pipelines.cli import COMMANDS

    out += [
        "The main commands are also installed as the `pdt` console script (`pipelines/cli.py`), with the same",
        "options and exit codes:",
        "",
        *_table(
            ["`pdt` command", "runs", "what it does"],
            [[_code(f"pdt {name}"), _code(f"python -m {cmd.python_m}"), cmd.summary] for name, cmd in COMMANDS.items()],
        ),
        "",
    ]
    groups: dict[str, list[str]] = {}
    for module in CLI_MODULES:
        groups.setdefault(cli_group(module), []).append(module)
    for group, modules in groups.items():
        out += [f"- **{group}**: " + ", ".join(f"[`{m}`](#{_anchor(m)})" for m in modules)]
    out.append("")
    for group, modules in groups.items():
        out += [f"## {group}", ""]
        for module in modules:
            parser = cli_parser(module)
            out += [f"### `python -m {module}` {{ #{_anchor(module)} }}", ""]
            out += _parser_section(parser, 3)
            out += ['??? note "Full `--help`"', "", "    ```text", _indent(help_text(parser).rstrip()), "    ```", ""]
    return "\n".join(out).rstrip() + "\n"


def _anchor(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


# ---------------------------------------------------------------- configuration reference


class ConfigSource(NamedTuple):
    """One configuration document: the pydantic model that validates it and how it is found."""

    title: str
    anchor: str  # the id of its section on the page (configuration.md#ANCHOR)
    model: str  # "module:Class"
    file: str  # the shipped file(s), relative to the repository root
    how: str  # how the file is chosen and overridden (Markdown)
    env_prefix: str | None  # "module:NAME" of the environment overrides' prefix (PREFIX + SECTION__KEY); None: none


CONFIG_SOURCES = (
    ConfigSource(
        "Project settings",
        "settings",
        "configs.settings:Settings",
        "configs/default.yaml",
        "Loaded by `configs.settings.load_settings`: `configs/default.yaml`, or the file `PDT_CONFIG` or a "
        "command's `--config` names; then environment variables `PDT__SECTION__KEY=value` override single "
        "keys (values parsed as YAML scalars, e.g. `PDT__DETECTOR__MIN_SCORE=0.4`). Relative paths are "
        "resolved against the repository root.",
        "configs.settings:ENV_PREFIX",
    ),
    ConfigSource(
        "Models and the trust boundary",
        "models",
        "configs.models:ModelsSettings",
        "configs/models.yaml",
        "Loaded by `configs.models.load_models`: `configs/models.yaml`, or the file `PDT_MODELS_CONFIG` or a "
        "command's `--models` names; then environment variables `PDT_MODELS__SECTION__KEY=value` override single "
        "keys (e.g. `PDT_MODELS__EXTERNAL__MODEL=openai/gpt-4o-mini`). API keys are never in the file: each role "
        "names the environment variable that holds its key. A role that sees raw text (local, judge) must point "
        "inside the trust boundary.",
        "configs.models:ENV_PREFIX",
    ),
    ConfigSource(
        "Domain schemas",
        "domain-schema",
        "configs.settings:DomainSchema",
        "configs/domains/*.yaml",
        "One file per domain, `configs/domains/NAME.yaml`, loaded by `configs.settings.load_domain` (by name or "
        "path): the domain's personal-data types, the types each task needs, and its lexicon. "
        "`assistant.domain` in `configs/models.yaml` chooses the assistant's domain, `detector.domain_lexicon` "
        "the detector's lexicon. No environment overrides.",
        None,
    ),
)


class ConfigKey(NamedTuple):
    key: str
    type: str
    default: str
    constraints: str
    description: str
    env: str | None
    value: Any  # the default itself (None when required)


class ConfigSection(NamedTuple):
    key: str  # "" for the top level
    model: type[Any]
    doc: str
    keys: list[ConfigKey]


_CONSTRAINTS = (
    ("gt", "> {}"),
    ("ge", "≥ {}"),
    ("lt", "< {}"),
    ("le", "≤ {}"),
    ("min_length", "length ≥ {}"),
    ("max_length", "length ≤ {}"),
    ("multiple_of", "multiple of {}"),
    ("pattern", "matches {}"),
)


def _constraints(metadata: list[Any]) -> str:
    out = []
    for item in metadata:
        for attr, fmt in _CONSTRAINTS:
            value = getattr(item, attr, None)
            if value is not None:
                out.append(fmt.format(_code(value) if attr == "pattern" else value))
    return ", ".join(out)


def _is_model(tp: Any) -> bool:
    from pydantic import BaseModel

    return inspect.isclass(tp) and issubclass(tp, BaseModel)


def _type_name(tp: Any) -> str:
    """A readable type: ``int``, ``str or null``, ``list of str``, ``one of `a`, `b```."""
    if tp is type(None):
        return "null"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in args)
    if origin is typing.Literal:
        return "one of " + ", ".join(_code(str(a)) for a in args)
    if origin in (list, set, frozenset, tuple):
        inner = _type_name(args[0]) if args else "any"
        return f"list of {inner}"
    if origin is dict:
        return f"mapping of {_type_name(args[0])} to {_type_name(args[1])}" if args else "mapping"
    if _is_model(tp):
        return "section"
    if inspect.isclass(tp) and issubclass(tp, enum.Enum):
        values = [str(m.value) for m in tp]
        if len(values) <= 6:
            return "one of " + ", ".join(_code(v) for v in values)
        examples = ", ".join(_code(v) for v in values[:3])
        return f"`{tp.__module__}.{tp.__name__}` (one of {len(values)} names: {examples}, ...)"
    if inspect.isclass(tp):
        return str(tp.__name__)
    return str(tp).replace("typing.", "")


def _value(value: Any) -> str:
    """A default as a code span (an enum member as its value; nested models are sections)."""
    if isinstance(value, enum.Enum):
        value = value.value
    if _is_model(type(value)):
        return ""
    if isinstance(value, (list, dict)) and value and all(_is_model(type(v)) for v in value):
        return f"{len(value)} entries"
    return _code(repr(value))


def _comment_block(lines: list[str], index: int) -> list[str]:
    """The comment lines directly above line ``index`` (0-based), top first."""
    block: list[str] = []
    i = index - 1
    while i >= 0 and lines[i].strip().startswith("#"):
        block.insert(0, lines[i].strip())
        i -= 1
    return block


def _trailing_comments(source: str) -> dict[int, str]:
    """1-based line -> the comment ending that line (``# fmt:``, ``# type:``, ``# noqa`` left out)."""
    out: dict[int, str] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT and tok.line.strip() != tok.string.strip():
                text = tok.string.lstrip("#").strip()
                if not re.match(r"(fmt|type|noqa|pragma)\b", text):
                    out[tok.start[0]] = text
    except (tokenize.TokenError, IndentationError):
        pass
    return out


def field_comments(model: type[Any]) -> dict[str, str]:
    """name -> the documentation comment of each field, from the source of the class that declares it.

    The ``#:`` lines directly above the field; else a block of plain ``#`` lines directly above
    it; else the comment at the end of its line."""
    out: dict[str, str] = {}
    for klass in reversed(model.__mro__):
        if not _is_model(klass) or klass.__module__.startswith("pydantic"):
            continue
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        lines = source.splitlines()
        trailing = _trailing_comments(source)
        tree = ast.parse(source)
        node = tree.body[0]
        if not isinstance(node, ast.ClassDef):
            continue
        for stmt in node.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            block = _comment_block(lines, stmt.lineno - 1)
            doc = [line[2:].strip() for line in block if line.startswith("#:")]
            if not doc and block and not any(line.startswith("#:") for line in block):
                doc = [line.lstrip("#").strip() for line in block]
            if not doc:
                tail = trailing.get(stmt.lineno) or trailing.get(stmt.end_lineno or stmt.lineno)
                doc = [tail] if tail else []
            if doc:
                out[stmt.target.id] = " ".join(doc)
            else:
                out.pop(stmt.target.id, None)
    return out


def _yaml_key(name: str, field: Any) -> str:
    return str(field.alias or name)


def _default_of(field: Any) -> tuple[bool, Any]:
    """(has a default, the default) of a pydantic field (default_factory called)."""
    from pydantic_core import PydanticUndefined

    if field.default_factory is not None:
        return True, field.default_factory()
    if field.default is PydanticUndefined:
        return False, None
    return True, field.default


def _inner_model(tp: Any) -> tuple[str, type[Any]] | None:
    """(suffix, model) when a field holds a nested model: ``""``, a list ``[]`` or a mapping ``.<name>``."""
    if _is_model(tp):
        return "", tp
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        models = [a for a in args if _is_model(a)]
        return ("", models[0]) if len(models) == 1 else None
    if origin is list and args and _is_model(args[0]):
        return "[]", args[0]
    if origin is dict and len(args) == 2 and _is_model(args[1]):
        return ".<name>", args[1]
    return None


def config_sections(
    model: type[Any], env_prefix: str | None, file_comments: dict[str, str] | None = None
) -> list[ConfigSection]:
    """Every section of a settings model, the top level first, with every key (dotted).

    A key's description is the field's ``description=``, else its comment in the model's source
    (:func:`field_comments`), else its comment in the shipped file (``file_comments``)."""
    sections: list[ConfigSection] = []
    from_file = file_comments or {}

    def walk(cls: type[Any], prefix: str, instance: Any, env: str | None, doc: str) -> None:
        comments = field_comments(cls)
        keys: list[ConfigKey] = []
        nested: list[tuple[str, type[Any], Any, str | None, str]] = []
        for name, field in cls.model_fields.items():
            yaml_key = _yaml_key(name, field)
            dotted = f"{prefix}{yaml_key}"
            has_default, default = _default_of(field)
            if instance is not None:
                has_default, default = True, getattr(instance, name)
            description = field.description or comments.get(name) or from_file.get(dotted, "")
            inner = _inner_model(field.annotation)
            env_name = f"{env}{yaml_key.upper()}" if env else None
            if inner is not None:
                suffix, sub = inner
                sub_doc = " ".join(_paragraphs(sub.__doc__)) or description
                sub_instance = default if suffix == "" and has_default and _is_model(type(default)) else None
                sub_env = f"{env_name}__" if env_name and suffix == "" else None
                nested.append((f"{dotted}{suffix}.", sub, sub_instance, sub_env, sub_doc))
                if suffix == "":
                    continue  # a section of its own
            type_ = _type_name(field.annotation)
            if inner is not None:
                type_ = (
                    f"list of {_code(dotted + '[]')} entries"
                    if inner[0] == "[]"
                    else f"mapping of names to {_code(dotted + '.<name>')}"
                )
            keys.append(
                ConfigKey(
                    key=dotted,
                    type=type_,
                    default=_value(default) if has_default else "required",
                    constraints=_constraints(field.metadata),
                    description=_prose(description),
                    env=env_name,
                    value=default if has_default else None,
                )
            )
        sections.append(ConfigSection(prefix.rstrip("."), cls, doc, keys))
        for sub_prefix, sub, sub_instance, sub_env, sub_doc in nested:
            walk(sub, sub_prefix, sub_instance, sub_env, sub_doc)

    walk(model, "", None, env_prefix, " ".join(_paragraphs(model.__doc__)))
    return sections


def _comment_start(line: str) -> int | None:
    """Where a YAML comment starts on ``line`` (a ``#`` after a blank, outside quotes), or None."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"" and (i == 0 or line[i - 1] in " :[{,"):
            quote = char
        elif char == "#" and (i == 0 or line[i - 1] in " \t"):
            return i
    return None


def yaml_comments(path: Path) -> dict[str, str]:
    """dotted key -> the comment that documents it in a YAML file: the comment ending its line, else
    the block of comment lines directly above it (not the file's header)."""
    import yaml

    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    out: dict[str, str] = {}

    def comment_of(line_no: int) -> str:
        start = _comment_start(lines[line_no])
        if start is not None and lines[line_no][:start].strip():
            return lines[line_no][start:].lstrip("#").strip()
        block = _comment_block(lines, line_no)
        if not block or line_no - len(block) == 0:
            return ""  # none, or the file's header comment
        return " ".join(line.lstrip("#").strip() for line in block if line.lstrip("#").strip())

    def walk(node: Any, prefix: str) -> None:
        if not isinstance(node, yaml.MappingNode):
            return
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            dotted = f"{prefix}{key_node.value}"
            comment = comment_of(key_node.start_mark.line)
            if comment:
                out[dotted] = comment
            walk(value_node, dotted + ".")

    walk(yaml.compose(text), "")
    return out


def config_keys(model: type[Any]) -> list[str]:
    """Every dotted key of a settings model (sections included)."""
    out = []
    for section in config_sections(model, None):
        if section.key:
            out.append(section.key)
        out += [k.key for k in section.keys]
    return out


def _resolve(ref: str) -> Any:
    """The object ``module:name`` refers to."""
    module, _, name = ref.partition(":")
    _project_importable()
    return getattr(importlib.import_module(module), name)


def _load(ref: str) -> type[Any]:
    obj = _resolve(ref)
    if not _is_model(obj):
        raise TypeError(f"{ref} is not a pydantic model")
    return typing.cast(type[Any], obj)


def _shipped(path: str) -> dict[str, Any] | None:
    """The shipped YAML file (one file, not a glob) as a mapping."""
    if "*" in path:
        return None
    import yaml

    file = _repo_root() / path
    if not file.is_file():
        return None
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


_MISSING = object()


def _lookup(tree: dict[str, Any] | None, dotted: str) -> Any:
    node: Any = tree
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def configuration_page() -> str:
    out = [
        "# Configuration",
        "",
        _generated_note("the pydantic models in configs/"),
        "",
        "Every key the configuration files accept, read from the pydantic models that validate them (an unknown "
        "key is refused). **Default** is the model's own default; where the shipped file sets another value, "
        "it follows as *file*.",
        "",
    ]
    for source in CONFIG_SOURCES:
        model = _load(source.model)
        shipped = _shipped(source.file)
        comments = yaml_comments(_repo_root() / source.file) if shipped is not None else {}
        module, _, name = source.model.partition(":")
        out += [f"## {source.title}: `{source.file}` {{ #{source.anchor} }}", ""]
        out += [f"Model: `{module}.{name}`. {source.how}", ""]
        prefix = str(_resolve(source.env_prefix)) if source.env_prefix else None
        for section in config_sections(model, prefix, comments):
            if section.key:
                out += [f"### `{section.key}` {{ #{source.anchor}-{_anchor(section.key)} }}", ""]
            if section.doc:
                out += [_prose(section.doc), ""]
            if not section.keys:
                continue
            rows = []
            for key in section.keys:
                default = key.default
                value = _lookup(shipped, key.key) if "[]" not in key.key and "<name>" not in key.key else _MISSING
                if value is not _MISSING and key.default != "required" and value != key.value:
                    default = f"{default}<br>*file*: {_value(value)}"
                name = _code(key.key) + (f"<br><small>{_code(key.env)}</small>" if key.env else "")
                rows.append([name, _cell(key.type), _cell(default), _cell(key.constraints), _cell(key.description)])
            out += [*_table(["Key", "Type", "Default", "Constraints", "Description"], rows), ""]
    return "\n".join(out).rstrip() + "\n"


# ---------------------------------------------------------------- errors reference


#: attributes an error class may declare: attribute -> how it reads
ERROR_ATTRIBUTES = {"exit_code": "exit code {}", "status": "HTTP {}", "http_status": "HTTP {}"}


def _error_facts(cls: type[BaseException]) -> list[str]:
    """What an error class declares: its exit code or HTTP status (fixed, or given per error), its type."""
    facts = []
    for attr, fmt in ERROR_ATTRIBUTES.items():
        value = getattr(cls, attr, None)
        if isinstance(value, int) and not isinstance(value, bool):
            facts.append(fmt.format(value))
        elif attr in _init_params(cls):
            facts.append(fmt.format(f"`{attr}` given per error"))
    kind = getattr(cls, "kind", None)
    if isinstance(kind, str):
        facts.append(f"type `{kind}`")
    return facts


def _init_params(cls: type[BaseException]) -> list[str]:
    init = cls.__dict__.get("__init__")
    if init is None:
        return []
    try:
        return list(inspect.signature(init).parameters)
    except (TypeError, ValueError):
        return []


def error_tree() -> tuple[type[BaseException], dict[type[BaseException], list[type[BaseException]]]]:
    """(the root, parent -> its subclasses in source order) of :mod:`signatures.errors`."""
    _project_importable()
    errors = importlib.import_module("signatures.errors")
    root: type[BaseException] = errors.PDTError
    classes = [
        obj
        for obj in vars(errors).values()
        if inspect.isclass(obj) and issubclass(obj, root) and obj.__module__ == errors.__name__
    ]
    classes.sort(key=lambda c: inspect.getsourcelines(c)[1])
    children: dict[type[BaseException], list[type[BaseException]]] = {c: [] for c in classes}
    for cls in classes:
        if cls is root:
            continue
        parent = next(b for b in cls.__bases__ if issubclass(b, root))
        children[parent].append(cls)
    return root, children


def errors_page() -> str:
    root, children = error_tree()
    out = [
        "# Errors",
        "",
        _generated_note("signatures/errors.py"),
        "",
        f"Every error the toolkit raises on purpose derives from `{root.__name__}` (`signatures/errors.py`); callers "
        "catch the root or one branch, never a message string. Messages never hold personal data: they name "
        "fields, types, roles and line numbers. A built-in base (`ValueError`, `RuntimeError`, ...) is kept as a "
        "mixin where it says what kind of failure it is.",
        "",
    ]

    def item(cls: type[BaseException], depth: int) -> None:
        mixins = [b.__name__ for b in cls.__bases__ if not issubclass(b, root) and b is not Exception]
        facts = _error_facts(cls)
        if mixins:
            facts.insert(0, "also " + ", ".join(f"`{m}`" for m in mixins))
        extra = f" ({'; '.join(facts)})" if facts else ""
        out.append(f"{'    ' * depth}- `{cls.__name__}`{extra}: {_prose(_first_sentence(cls.__doc__))}")
        for child in children[cls]:
            item(child, depth + 1)

    item(root, 0)
    out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- the hooks


GENERATORS: dict[str, Callable[[], str]] = {
    "reference/cli.md": cli_page,
    "reference/configuration.md": configuration_page,
    "reference/errors.md": errors_page,
}


def generate_pages() -> dict[str, str]:
    """src_uri -> Markdown of every generated page."""
    return {uri: build() for uri, build in GENERATORS.items()}


def stale_pages() -> list[str]:
    """The generated pages whose committed file is missing or differs from what the code gives."""
    out = []
    for uri, content in generate_pages().items():
        path = DOCS_ROOT / uri
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            out.append(uri)
    return out


def write_pages() -> list[str]:
    """Write every generated page into docs/ (the ones that changed); their names."""
    changed = []
    for uri, content in generate_pages().items():
        path = DOCS_ROOT / uri
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
            changed.append(uri)
    return changed


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Warn about a generated page whose committed file is stale (a failure under ``--strict``)."""
    import logging

    log = logging.getLogger("mkdocs.hooks.reference")
    for uri in stale_pages():
        log.warning("docs/%s is stale or missing: regenerate it with `python docs/hooks.py`", uri)
    return files


if __name__ == "__main__":
    _written = write_pages()
    print("\n".join(f"wrote docs/{uri}" for uri in _written) or "the generated pages are current")
