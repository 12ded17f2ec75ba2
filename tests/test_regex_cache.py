"""The on-disk regex cache: a pattern read back matches exactly what ``re.compile`` makes of it, and a
damaged, foreign or unwritable cache only costs time."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from local_model.detection.hybrid import HybridDetector
from local_model.text import lexicon, regex_cache

#: long enough for the disk cache, with groups, a named group, inline flags and a lookbehind
WORDS = [f"brand{i:04d}" for i in range(400)] + ["Café Olé", "naïve", "São Paulo"]
PATTERN = r"(?i)(?<![\w-])(?P<word>" + "|".join(re.escape(w) for w in WORDS) + r")(?:-(\d+))?(?![\w-])"
TEXTS = [
    "we sell BRAND0042-7 and brand0399 but not brand04000 or x-brand0001",
    "café olé in são paulo, NAÏVE",
    "",
]


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PDT_CACHE_DIR", str(tmp_path))
    return tmp_path / "patterns"


def _same(got: re.Pattern[str], want: re.Pattern[str]) -> None:
    assert (got.pattern, got.flags, got.groups) == (want.pattern, want.flags, want.groups)
    assert got.groupindex == want.groupindex
    for text in TEXTS:
        assert [(m.span(), m.groups(), m.groupdict()) for m in got.finditer(text)] == [
            (m.span(), m.groups(), m.groupdict()) for m in want.finditer(text)
        ]


def test_a_long_pattern_is_kept_and_read_back_unchanged(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(PATTERN) >= regex_cache.MIN_LENGTH
    want = re.compile(PATTERN)
    _same(regex_cache.compile(PATTERN), want)
    (path,) = cache.glob("re-*.bin")
    assert path.stat().st_mode & 0o777 == 0o600

    def no_parse(*args: object) -> None:
        raise AssertionError("parsed again instead of read from the cache")

    parts = regex_cache._parts
    monkeypatch.setattr(regex_cache, "_parts", no_parse)
    _same(regex_cache.compile(PATTERN), want)
    # the flags are part of the key: the same string with other flags is another entry
    monkeypatch.setattr(regex_cache, "_parts", parts)
    _same(regex_cache.compile(PATTERN, re.ASCII), re.compile(PATTERN, re.ASCII))
    assert len(list(cache.glob("re-*.bin"))) == 2


def test_a_damaged_file_is_compiled_again(cache: Path) -> None:
    regex_cache.compile(PATTERN)
    (path,) = cache.glob("re-*.bin")
    blob = bytearray(path.read_bytes())
    blob[-10] ^= 0xFF  # one flipped byte in the code words: the digest no longer matches
    path.write_bytes(bytes(blob))
    _same(regex_cache.compile(PATTERN), re.compile(PATTERN))
    path.write_bytes(b"short")
    _same(regex_cache.compile(PATTERN), re.compile(PATTERN))


def test_short_patterns_skip_the_disk(cache: Path) -> None:
    assert regex_cache.compile(r"\d+").pattern == r"\d+"
    assert not cache.exists()


def test_an_unwritable_cache_still_compiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("PDT_CACHE_DIR", str(blocker / "sub"))  # a file where a folder should be
    _same(regex_cache.compile(PATTERN), re.compile(PATTERN))
    assert regex_cache.memo_text("x", "source", lambda: "built") == "built"


def test_a_memo_is_built_once_per_source(cache: Path) -> None:
    calls: list[str] = []

    def build(value: str) -> str:
        calls.append(value)
        return value

    assert regex_cache.memo_text("alternation", "a", lambda: build("one")) == "one"
    assert regex_cache.memo_text("alternation", "a", lambda: build("two")) == "one"
    assert regex_cache.memo_text("alternation", "b", lambda: build("three")) == "three"
    assert calls == ["one", "three"]


def test_a_long_lists_alternation_is_the_same_from_the_cache(cache: Path) -> None:
    words = [*WORDS, "AB", "abc"]  # a case conflict: the flat alternation, unless case-sensitive
    for case_sensitive in (False, True):
        fresh = lexicon._alternation(sorted(set(words)), case_sensitive)
        assert lexicon.alternation(words, case_sensitive) == fresh  # built and kept
        assert lexicon.alternation(reversed(words), case_sensitive) == fresh  # read back
    assert len(list(cache.glob("alternation-*.bin"))) == 2


def test_prune_removes_what_no_process_read_for_a_month(cache: Path) -> None:
    regex_cache.compile(PATTERN)
    regex_cache.memo_text("alternation", "old", lambda: "x")
    old = next(cache.glob("alternation-*.bin"))
    month_ago = time.time() - 31 * 86400
    os.utime(old, (month_ago, month_ago))
    assert regex_cache.prune() == 1
    assert [p.name[:3] for p in cache.iterdir()] == ["re-"]


def _cached_patterns() -> list[str]:
    """The pattern strings ``re`` keeps in its module cache (CPython 3.11: ``re._cache``)."""
    cache = getattr(re, "_cache", None)
    assert isinstance(cache, dict), "re keeps no module cache this test can read"
    return [str(key[1]) for key in cache]


def test_a_transient_pattern_matches_and_stays_out_of_res_cache() -> None:
    canary = "Qorvanthe Ulstrimm"
    pattern = regex_cache.transient(r"(?<!\w)" + re.escape(canary) + r"(?!\w)", re.IGNORECASE)
    assert pattern.search("ask QORVANTHE ULSTRIMM today") is not None
    assert pattern.flags & re.IGNORECASE
    assert not [p for p in _cached_patterns() if "Qorvanthe" in p]
    with pytest.raises(re.error):
        regex_cache.transient("(unclosed")


def test_the_boundary_leaves_no_raw_value_in_res_cache(detector: HybridDetector) -> None:
    """Detection (a name repeated alone later), minimization (every mention of a map value) and the
    egress check (map values, provenance) build patterns from the text's values; none stays in
    ``re``'s process-wide cache once the request is done."""
    from local_model.boundary.egress import check_egress, map_value_present
    from local_model.boundary.provenance import Provenance
    from local_model.minimization.minimize import Minimizer
    from local_model.minimization.pseudonym import PseudonymMap

    ticket = "Hi, I am Dravoski Quelmarin. Dravoski cannot log in since Monday."
    entities = detector.detect(ticket)
    assert any("Dravoski" in e.text for e in entities)
    pmap = PseudonymMap()
    out = Minimizer(pmap).minimize(ticket, entities).text
    assert "Dravoski" not in out and map_value_present(out, pmap) is None
    check_egress(out, pmap, detector, inputs=Provenance([ticket]))
    assert Provenance([ticket]).occurs("Quelmarin")
    assert not [p for p in _cached_patterns() if "ravoski" in p.lower() or "quelmarin" in p.lower()]


def test_a_text_with_many_names_writes_none_of_them_to_the_pattern_cache(cache: Path) -> None:
    """A pasted list of 150 customers: the names repeated later are found again (propagation), and
    the alternation built from them is not kept on disk with the word lists' alternations."""
    from local_model.detection.merge import propagate_mentions
    from signatures.entities import Entity, Label

    names = [f"Zorvak{chr(97 + i % 26)}{chr(97 + i // 26)}el Quintrell" for i in range(150)]
    text = "\n".join(names) + "\n" + "; ".join(names)
    entities, at = [], 0
    for name in names:
        start = text.index(name, at)
        entities.append(Entity.make(text, start, start + len(name), Label.PERSON, 0.9, "test"))
        at = start + len(name)
    found = propagate_mentions(entities, text)
    assert len(found) == 2 * len(names)
    kept = b"".join(p.read_bytes() for p in cache.glob("*")) if cache.exists() else b""
    assert b"Zorvak" not in kept and b"zorvak" not in kept
