"""Compiled word lists: the cached copy is the list itself, and a changed source builds it again."""

from __future__ import annotations

from pathlib import Path

import pytest

from local_model.text import compiled as compiled_module
from local_model.text.compiled import cache_key, compiled


def test_a_compiled_list_is_built_once_then_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PDT_CACHE_DIR", str(tmp_path))
    calls: list[int] = []

    def build() -> dict[str, list[str]]:
        calls.append(1)
        return {"names": ["ana", "olga"]}

    assert compiled("test_list", 1, ("faker",), build) == {"names": ["ana", "olga"]}
    assert compiled("test_list", 1, ("faker",), build) == {"names": ["ana", "olga"]}
    assert len(calls) == 1
    (path,) = tmp_path.glob("test_list-*.json")
    path.write_text("{not json", encoding="utf-8")  # an unreadable file is built again
    assert compiled("test_list", 1, ("faker",), build) == {"names": ["ana", "olga"]}
    assert len(calls) == 2
    # a new schema is a new key: built again, and the file of the old key goes
    assert compiled("test_list", 2, ("faker",), build) == {"names": ["ana", "olga"]}
    assert len(calls) == 3 and len(list(tmp_path.glob("test_list-*.json"))) == 1


def test_the_key_follows_package_versions_and_the_word_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache_key("x", 1, ("faker",))
    assert key == cache_key("x", 1, ("faker",))
    assert key != cache_key("x", 1, ("faker", "wordfreq"))
    monkeypatch.setattr(compiled_module, "_version", lambda distribution: "999")
    assert key != cache_key("x", 1, ("faker",))


def test_an_unwritable_cache_still_returns_the_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("PDT_CACHE_DIR", str(blocker / "sub"))  # a file where a folder should be
    assert compiled("test_list", 1, (), lambda: [1, 2]) == [1, 2]


@pytest.mark.integration  # ~18 s: rebuilds every gazetteer from package data; out of the quick loop
def test_the_cached_gazetteers_and_medicines_equal_a_fresh_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from local_model.text import gazetteers, medications

    monkeypatch.setenv("PDT_CACHE_DIR", str(tmp_path))
    fresh = gazetteers._build_gazetteers()
    gazetteers.load_gazetteers.cache_clear()
    try:
        first, last, places, codes = gazetteers.load_gazetteers()  # builds and keeps it
        gazetteers.load_gazetteers.cache_clear()
        assert gazetteers.load_gazetteers() == (first, last, places, codes)  # read back
        assert sorted(first) == fresh["first"] and sorted(codes) == fresh["codes"]
        assert {k: v.value for k, v in places.items()} == fresh["places"]
        medications.medication_names.cache_clear()
        assert medications.medication_names() == medications._build_medication_names()
    finally:
        gazetteers.load_gazetteers.cache_clear()
        medications.medication_names.cache_clear()
