"""spaCy's French ``token_match`` as an equal regex that compiles ten times faster.

``spacy.lang.fr.tokenizer_exceptions`` builds ``TOKEN_MATCH`` (hyphenated and elided words that
stay one token: ``après-midi``, ``entr'ouvert``, ``saut-de-ski``) as one case-insensitive regex of
266 alternatives; 215 of them repeat the same tail of Unicode letter classes (thousands of
characters each) after a different prefix.  Compiling it is ~2 s of CPU in every process that
loads a French pipeline (the French NER): more than the rest of the model's load.

:func:`factored` writes the same alternatives with each shared tail once:
``^(?:p1|p2|...)[-][a-z...][-a-z...']*$`` instead of ``(?:^p1[-][a-z...]...$)|(?:^p2[-]...$)``.
Concatenation distributes over alternation, and every alternative is anchored at both ends, so
the factored regex matches exactly the strings the original matches (spaCy reads only whether
there is a match).  It is built only when the module's alternatives are, string for string, the
ones its three templates produce; otherwise spaCy's own regex is compiled.

Two places compile the regex, and both get the factored one:

* the module's import: :func:`install` adds an import hook that rewrites its single
  ``TOKEN_MATCH = re.compile(...).match`` assignment (a module of another shape is imported
  unchanged);
* a packaged French pipeline stores the pattern with its tokenizer and loading compiles it again:
  inside :func:`lazily_compiled` (what :func:`~local_model.detection.shared.load_pipeline` wraps
  ``spacy.load`` in), ``re.compile`` of exactly that pattern string returns the factored regex;
  every other pattern compiles as usual.

A pipeline saved again stores the factored pattern (the same matches).  Tests compare the two
regexes string by string and a French pipeline's tokens with spaCy's own.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.machinery
import re
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from local_model.text import regex_cache

MODULE = "spacy.lang.fr.tokenizer_exceptions"
#: ``re.compile`` itself (:func:`lazily_compiled` replaces the module attribute for a while)
_REAL_COMPILE = re.compile
_FLAGS = "(?iu)"
#: the three templates of the module's generated alternatives (spaCy 3.x), and how each factors
_PREFIX = "^{p}[{hyphen}][{al}][{hyphen}{al}{elision}]*$"
_PREFIX_FACTORED = "^(?:{ps})[{hyphen}][{al}][{hyphen}{al}{elision}]*$"
_ELISION = "^{p}[{elision}][{al}][{hyphen}{al}{elision}]*$"
_ELISION_FACTORED = "^(?:{ps})[{elision}][{al}][{hyphen}{al}{elision}]*$"
_COMBINATION = "^[{a}]+[{hyphen}]{p}[{hyphen}](?:l[{elision}])?[{a}]+$"
_COMBINATION_FACTORED = "^[{a}]+[{hyphen}](?:{ps})[{hyphen}](?:l[{elision}])?[{a}]+$"


def original(namespace: Mapping[str, Any]) -> str:
    """The pattern spaCy compiles from the module's alternatives."""
    return _FLAGS + "|".join(f"(?:{p})" for p in namespace["_regular_exp"])


def factored(namespace: Mapping[str, Any]) -> str | None:
    """The same alternatives with each template's shared tail written once, or None when the
    module's alternatives are not exactly what the templates produce (another spaCy version)."""
    try:
        alts = list(namespace["_regular_exp"])
        groups = [
            (list(namespace["_hyphen_prefix"]), _PREFIX, _PREFIX_FACTORED),
            (list(namespace["_elision_prefix"]), _ELISION, _ELISION_FACTORED),
            (list(namespace["_hyphen_combination"]), _COMBINATION, _COMBINATION_FACTORED),
        ]
        classes = {
            "hyphen": namespace["HYPHENS"],
            "elision": namespace["ELISION"],
            "al": namespace["ALPHA_LOWER"],
            "a": namespace["ALPHA"],
        }
    except (KeyError, TypeError):
        return None
    generated = sum(len(parts) for parts, _, _ in groups)
    if not all(parts for parts, _, _ in groups) or generated > len(alts):
        return None
    own = alts[: len(alts) - generated]
    expected = [template.format(p=p, **classes) for parts, template, _ in groups for p in parts]
    if alts[len(own) :] != expected or any(not p.startswith("^") or not p.endswith("$") for p in own):
        return None
    merged = [f"(?:{p})" for p in own]
    merged += [factor.format(ps="|".join(f"(?:{p})" for p in parts), **classes) for parts, _, factor in groups]
    return _FLAGS + "|".join(f"(?:{p})" for p in merged)


def token_match(namespace: Mapping[str, Any]) -> Any:
    """The module's ``TOKEN_MATCH``: the factored regex's ``match`` (spaCy's own regex when the
    module is not of the known shape)."""
    pattern = factored(namespace)
    return regex_cache.compile(pattern if pattern is not None else original(namespace)).match


def _rewrite(tree: ast.Module) -> bool:
    """Replace ``TOKEN_MATCH = re.compile(...).match`` by ``TOKEN_MATCH = _pdt_token_match(globals())``."""
    hits = [
        node
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == "TOKEN_MATCH"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "match"
    ]
    if len(hits) != 1:
        return False
    call = ast.Call(func=ast.Name("globals", ast.Load()), args=[], keywords=[])
    hits[0].value = ast.Call(func=ast.Name("_pdt_token_match", ast.Load()), args=[call], keywords=[])
    ast.fix_missing_locations(tree)
    return True


class _Loader(importlib.abc.Loader):
    def __init__(self, origin: str, fallback: importlib.abc.Loader) -> None:
        self.origin, self.fallback = origin, fallback

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        with open(self.origin, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), self.origin)
        if not _rewrite(tree):  # another shape: spaCy's own code, unchanged
            self.fallback.exec_module(module)
            return
        module.__dict__["_pdt_token_match"] = token_match
        exec(compile(tree, self.origin, "exec"), module.__dict__)  # spaCy's own installed source, rewritten


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if name != MODULE:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.origin is None or spec.loader is None or not spec.origin.endswith(".py"):
            return None
        spec.loader = _Loader(spec.origin, spec.loader)  # type: ignore[arg-type]
        return spec


_FINDER = _Finder()
_PATCH_LOCK = threading.Lock()


def install() -> bool:
    """Make the next import of spaCy's French tokenizer exceptions compile the factored regex;
    False when that module is imported already."""
    if MODULE in sys.modules:
        return False
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return True


@contextmanager
def lazily_compiled() -> Iterator[None]:
    """Within: ``re.compile`` of spaCy's French ``token_match`` pattern (what a French pipeline's
    tokenizer data holds) compiles the factored regex instead; nothing else changes.  Process-wide
    while it lasts (callers take one lock; other threads' patterns compile as usual)."""
    install()
    with _PATCH_LOCK:
        known: dict[str, str] = {}

        def compile_(pattern: Any, flags: int = 0) -> Any:
            if flags == 0 and isinstance(pattern, str) and len(pattern) > 100_000 and pattern.startswith(_FLAGS):
                if not known:
                    import spacy.lang.fr.tokenizer_exceptions as exc

                    fast = factored(vars(exc))
                    known[original(vars(exc))] = fast if fast is not None else ""
                replacement = known.get(pattern)
                if replacement:
                    return regex_cache.compile(replacement)
            if isinstance(pattern, str):
                return regex_cache.compile(pattern, flags)  # spaCy's other long patterns: from the disk cache
            return _REAL_COMPILE(pattern, flags)

        re.compile = compile_  # type: ignore[assignment]
        try:
            yield
        finally:
            re.compile = _REAL_COMPILE  # type: ignore[assignment]
