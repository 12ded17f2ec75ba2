"""The one loader of the word lists the detectors read: lexicons are data, not code.

Every list lives in a text file under ``local_model/text/data/<language>/<name>.txt``: one entry per
line, UTF-8, ``#`` starts a comment line, blank lines are ignored, and the file's first line names
its source (``# source: ...``).  A list that maps entries to a value (a field key to its label, a
partner word to its gender) is ``<name>.tsv``: the entry, a tab, the value.  ``<language>`` is an
ISO 639-1 code (``en``, ``es``, ``pt``, ``tr``, ``zh`` ...) or ``mul`` for a list written for several
languages at once; a language pack is the set of files of one language folder.

:func:`words` returns a list in every language (``mul`` first, then :data:`LANGUAGES` in order, each
file in its own order), or in the languages asked for; :func:`by_language` keeps the languages
apart; :func:`pairs` reads a ``.tsv`` list.  The files are read once per process (a few
milliseconds); ``tests/test_lexicons.py`` checks that every file loads, names its source and holds
no empty or duplicate entry.

The training-data generator may read these lists for context words, never for the values of its
held-out split (its held-out values come from its own pools).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from local_model.text.textnorm import fold
from signatures.errors import ConfigError

DATA_DIR = Path(__file__).resolve().parent / "data"
#: the language folders, in the order their entries are concatenated (``mul``: several languages)
LANGUAGES: tuple[str, ...] = ("mul", "en", "es", "fr", "de", "nl", "pt", "it", "pl", "tr", "ca", "zh", "ja", "ko")


def _read(path: Path) -> tuple[str, ...]:
    out: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        out.append(line.rstrip("\n"))
    return tuple(out)


@lru_cache(maxsize=1)
def _index() -> dict[tuple[str, str], tuple[str, ...]]:
    """(name with extension, language) -> entries, for every file under :data:`DATA_DIR`."""
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for lang in LANGUAGES:
        folder = DATA_DIR / lang
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.suffix in (".txt", ".tsv"):
                out[(path.name, lang)] = _read(path)
    return out


def names() -> list[str]:
    """Every list name (``street_prefixes``, ``field_keys.tsv`` for a mapping)."""
    return sorted({name.removesuffix(".txt") for name, _ in _index()})


def _entries(
    filename: str, languages: Iterable[str] | None, required: bool = True
) -> list[tuple[str, tuple[str, ...]]]:
    index = _index()
    wanted = LANGUAGES if languages is None else tuple(languages)
    unknown = [lang for lang in wanted if lang not in LANGUAGES]
    if unknown:
        raise ConfigError(f"unknown language folder(s) {unknown}; known: {list(LANGUAGES)}")
    found = [(lang, index[(filename, lang)]) for lang in LANGUAGES if lang in wanted and (filename, lang) in index]
    if required and not found and not any(name == filename for name, _ in index):
        raise ConfigError(f"no word list {filename!r} under {DATA_DIR}")
    return found


def words(name: str, languages: Iterable[str] | None = None, required: bool = True) -> tuple[str, ...]:
    """The entries of list ``name`` (``mul`` first, then each language in :data:`LANGUAGES` order).
    A name no folder has is an error, unless ``required`` is false (a list only language packs write)."""
    return tuple(entry for _, entries in _entries(f"{name}.txt", languages, required) for entry in entries)


@lru_cache(maxsize=64)
def word_set(name: str) -> frozenset[str]:
    """The entries of list ``name`` in every language, as written (exact-case lookups: ``Bosch``, ``eero``)."""
    return frozenset(words(name))


@lru_cache(maxsize=256)
def folded_words(name: str, language: str) -> frozenset[str]:
    """The entries of list ``name`` in one language folder, folded (``fold``) for lookups; empty when
    that folder has no such list (``required=False``)."""
    return frozenset(fold(w) for w in words(name, (language,), required=False))


def by_language(name: str) -> dict[str, tuple[str, ...]]:
    """The entries of list ``name`` per language folder that has it."""
    return dict(_entries(f"{name}.txt", None))


def pairs(name: str, languages: Iterable[str] | None = None, required: bool = True) -> tuple[tuple[str, str], ...]:
    """The (entry, value) rows of the ``.tsv`` list ``name``, in order (``required``: as :func:`words`)."""
    out: list[tuple[str, str]] = []
    for lang, rows in _entries(f"{name}.tsv", languages, required):
        for row in rows:
            entry, sep, value = row.partition("\t")
            if not sep or not entry or not value:
                raise ConfigError(f"{DATA_DIR / lang / name}.tsv: a row needs an entry, a tab and a value: {row!r}")
            out.append((entry, value))
    return tuple(out)
