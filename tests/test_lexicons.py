"""The word lists under ``local_model/text/data``: every file loads, names its source, and holds no
empty or duplicate entry; the loader's errors say what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from local_model.text import lexicons
from local_model.text.lexicons import DATA_DIR, LANGUAGES, by_language, names, pairs, words
from signatures.entities import Label
from signatures.errors import ConfigError

FILES = sorted(p for p in DATA_DIR.glob("*/*") if p.is_file() and p.name != "README.md")


def test_every_data_file_sits_in_a_known_language_folder() -> None:
    assert FILES, "no word lists found"
    for path in FILES:
        assert path.parent.name in LANGUAGES, path
        assert path.suffix in (".txt", ".tsv"), path


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_a_word_list_names_its_source_and_has_no_empty_or_duplicate_entry(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines and lines[0].startswith("# source: ") and len(lines[0]) > len("# source: ") + 3, path
    entries = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    assert entries, f"{path} holds no entry"
    if path.suffix == ".txt":  # a context word may keep a space that marks a word boundary (" id", "cp ")
        assert all(e == e.strip() for e in entries), f"{path}: an entry with surrounding spaces"
    duplicates = {e for e in entries if entries.count(e) > 1}
    assert not duplicates, f"{path}: duplicate entries {sorted(duplicates)[:5]}"
    if path.suffix == ".tsv":
        for row in entries:
            entry, sep, value = row.partition("\t")
            assert sep and entry and value and "\t" not in value, f"{path}: {row!r}"


def test_labelled_lists_name_real_labels() -> None:
    for name in ("field_keys", "context_words"):
        assert {value for _, value in pairs(name)} <= set(Label.__members__), name
    for lang in ("zh", "ja", "ko"):
        assert {value for _, value in pairs("special_terms", (lang,))} <= set(Label.__members__), lang


def test_the_loader_concatenates_languages_in_order_and_reports_unknown_names() -> None:
    per_language = by_language("third_party_words")
    assert list(per_language) == [lang for lang in LANGUAGES if lang in per_language]
    assert words("third_party_words") == tuple(e for es in per_language.values() for e in es)
    assert words("third_party_words", ["es"]) == per_language["es"]
    assert "street_prefixes" in names()
    with pytest.raises(ConfigError, match=r"no word list 'nothing\.txt'"):
        words("nothing")
    with pytest.raises(ConfigError, match="unknown language"):
        words("street_prefixes", ["xx"])


def test_a_malformed_mapping_row_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mul").mkdir()
    (tmp_path / "mul" / "broken.tsv").write_text("# source: test\nno tab here\n", encoding="utf-8")
    monkeypatch.setattr(lexicons, "DATA_DIR", tmp_path)
    lexicons._index.cache_clear()
    try:
        with pytest.raises(ConfigError, match="needs an entry, a tab and a value"):
            pairs("broken")
    finally:
        lexicons._index.cache_clear()


def test_unread_scripts_are_flagged_and_read_ones_are_not() -> None:
    from local_model.text.lang import unread_script

    assert unread_script("Здравствуйте, меня зовут Иван Петров, мой номер 912 345") == "CYRILLIC"
    assert unread_script("مرحبا، اسمي أحمد وأحتاج إلى مساعدة") == "ARABIC"
    assert unread_script("你好，我叫张伟，我的网络坏了。") is None  # read by the CJK rules
    assert unread_script("Hello, my colleague Иван will call") is None  # mostly Latin
    assert unread_script("Ок") is None  # too few letters to say
