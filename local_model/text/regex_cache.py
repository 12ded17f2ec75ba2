"""Big lexicon regexes kept on disk, parsed and compiled once instead of at every start-up.

The detectors build regexes from the word lists (brands, product lines, special-category terms, the
tokenizer's exceptions): a few dozen patterns of 2,000 to 170,000 characters.  Building their
pattern strings (:func:`local_model.text.lexicon.alternation`) and having ``re`` parse and compile
them took about 1.5 s of every process's start-up.  This module keeps both on disk, in the cache
directory of :mod:`local_model.text.compiled` (``PDT_CACHE_DIR``, else ``.cache/compiled``), under
``patterns/``:

- :func:`memo_text` keeps a derived string (a trie alternation) under a hash of what it is built
  from;
- :func:`compile` keeps what ``re`` compiles a pattern into (the ``_sre`` code words, groups and
  their names) under a hash of the pattern, its flags and the interpreter's version, and hands that
  to ``_sre.compile`` the next time, which is what :func:`re.compile` itself does after parsing.
  The code is checked by ``_sre`` when it is loaded, and the file carries a SHA-256 of its content:
  a damaged or foreign file is compiled again.  Anything unexpected (another interpreter without
  these internals, an unwritable folder) falls back to :func:`re.compile`: the cache only ever
  changes how fast a pattern is ready, never what it matches.

Only patterns built from the public word lists go in (no text the detectors saw); files are 0600.
``python -m local_model.text.precompile`` removes entries no process has read for 30 days.

Patterns built from the text itself (the names a ticket repeats, the values of a pseudonym map, a
span the local model quoted) go the other way: :func:`transient` compiles them without ``re``'s
process-wide cache, which would otherwise keep the last 512 pattern strings, raw values inside, for
the life of a server process.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from local_model.files import FILE_MODE, private_dir
from local_model.text.compiled import cache_dir

#: patterns shorter than this are compiled directly (reading a file would cost more than parsing)
MIN_LENGTH = 2000
#: bump when the layout of a cache file changes
_SCHEMA = 1
_DIGEST = 32  # bytes of SHA-256 in front of every file
#: ``re.compile`` as imported (a caller may replace the module attribute for a while: french_tokens)
_RE_COMPILE = re.compile

try:  # CPython's regex engine: what re.compile hands the parsed pattern to
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]

    _ENGINE = f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}"
except (ImportError, AttributeError):  # another interpreter: no disk cache for compiled code
    _sre = None  # type: ignore[assignment]
    _ENGINE = ""


def patterns_dir() -> Path:
    return cache_dir() / "patterns"


def _path(kind: str, *parts: str) -> Path:
    digest = hashlib.sha256("\0".join((str(_SCHEMA), *parts)).encode("utf-8", "surrogatepass")).hexdigest()
    return patterns_dir() / f"{kind}-{digest[:32]}.bin"


def _read(path: Path) -> bytes | None:
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    payload = blob[_DIGEST:]
    if len(blob) < _DIGEST or hashlib.sha256(payload).digest() != blob[:_DIGEST]:
        return None
    try:
        os.utime(path)  # read: kept by the pruning of precompile
    except OSError:
        pass
    return payload


def _write(path: Path, payload: bytes) -> None:
    try:
        private_dir(path.parent)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # several workers may build at once
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        try:
            os.write(fd, hashlib.sha256(payload).digest() + payload)
        finally:
            os.close(fd)
        tmp.replace(path)
    except OSError:
        pass  # a read-only checkout still works, only slower to start


def memo_text(kind: str, source: str, build: Callable[[], str]) -> str:
    """``build()``, kept on disk under a hash of ``kind`` and ``source`` (everything the string is
    derived from, including the version of the code that derives it)."""
    path = _path(kind, source)
    payload = _read(path)
    if payload is not None:
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            pass
    value = build()
    _write(path, value.encode("utf-8", "surrogatepass"))
    return value


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, with a long pattern's compiled code read from disk when an
    earlier process compiled it already."""
    if len(pattern) < MIN_LENGTH or _sre is None:
        return _RE_COMPILE(pattern, flags)
    flags = int(flags)
    path = _path("re", _ENGINE, str(flags), pattern)
    payload = _read(path)
    if payload is not None:
        try:
            final_flags, code, groups, groupindex, indexgroup = marshal.loads(payload)
            compiled: re.Pattern[str] = _sre.compile(pattern, final_flags, code, groups, groupindex, indexgroup)
            return compiled
        except (EOFError, ValueError, TypeError, RuntimeError):
            pass  # damaged or from another layout: compile again
    try:
        parts = _parts(pattern, flags)
    except (AttributeError, TypeError):  # the internals moved: plain re.compile, nothing kept
        return _RE_COMPILE(pattern, flags)
    _write(path, marshal.dumps(parts))
    made: re.Pattern[str] = _sre.compile(pattern, *parts)
    return made


def _parts(pattern: str, flags: int) -> tuple[Any, ...]:
    """What ``re._compiler.compile`` passes to ``_sre.compile`` after the pattern, as plain types."""
    parsed = _parser.parse(pattern, flags)
    code = [int(word) for word in _compiler._code(parsed, flags)]
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex, tuple(indexgroup)


def transient(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` that leaves no trace in ``re``'s module cache: for patterns
    that hold values of the text (names, map values).  Raises :class:`re.error` as ``re.compile``
    does."""
    if _sre is not None:
        try:
            made: re.Pattern[str] = _compiler.compile(pattern, int(flags))
            return made
        except (AttributeError, TypeError):
            pass  # the internals moved: compile through re, then empty its cache
    compiled = _RE_COMPILE(pattern, flags)
    re.purge()
    return compiled


def prune(max_age_days: float = 30.0) -> int:
    """Remove cache files no process has read for ``max_age_days``; returns how many went."""
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    try:
        entries = list(patterns_dir().iterdir())
    except OSError:
        return 0
    for path in entries:
        try:
            mtime = path.stat().st_mtime
            if mtime < cutoff or (path.name.endswith(".tmp") and mtime < time.time() - 3600):
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed
