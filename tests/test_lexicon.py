"""The trie-built lexicon alternation matches exactly what the flat longest-first one matches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from local_model.text.lexicon import TITLE_WORDS, alternation, lexicon_pattern


def flat(words: list[str]) -> str:
    return "|".join(sorted({re.escape(w) for w in words if w}, key=len, reverse=True))


WORDS = st.lists(st.text(alphabet="abAB .-é", min_size=1, max_size=5), min_size=1, max_size=12)
TEXT = st.text(alphabet="abAB .-éx", max_size=60)


@settings(max_examples=400, deadline=None)
@given(WORDS, TEXT, st.sampled_from(["(?i)", ""]), st.sampled_from(["", r"(?![\w-])"]))
def test_trie_matches_flat_alternation(words: list[str], text: str, flags: str, after: str) -> None:
    def spans(body: str) -> list[tuple[int, int]]:
        return [m.span() for m in re.finditer(rf"{flags}(?<![\w-])(?:{body}){after}", text)]

    assert spans(alternation(words)) == spans(flat(words))


def test_longest_first_and_escaping() -> None:
    pattern = re.compile(rf"(?:{alternation(['Mr', 'Mrs', 'Mr.', 'a+b'])})")
    assert pattern.match("Mrs").group() == "Mrs"
    assert pattern.match("Mr.").group() == "Mr."
    assert pattern.match("a+b").group() == "a+b"
    assert pattern.match("aab") is None
    assert alternation([]) == ""
    titles = re.compile(rf"(?i)(?<![\w])(?:{alternation(TITLE_WORDS)})(?![\w])")
    assert titles.search("Dear mrs Smith") is not None


def test_a_greeting_that_opens_a_message_is_recognised() -> None:
    from local_model.text.lexicon import is_greeting

    for text in ("Olá, preciso de ajuda", "Merhaba!", "Bom dia,\nescrevo", "Hola"):
        end = len(text.split(",")[0].split("!")[0].split("\n")[0])
        assert is_greeting(text, 0, end), text
    assert not is_greeting("Ola Nordmann called", 0, 3)
    assert not is_greeting("Maria, preciso de ajuda", 0, 5)


def test_an_exception_entry_keeps_a_stem_from_matching_a_word_it_starts() -> None:
    pattern = re.compile(r"(?i)(?<![\w-])(?:" + lexicon_pattern(["engelli*", "!engelliyor", "hamile"]) + r")(?![\w-])")
    assert pattern.fullmatch("engelliyim") and pattern.fullmatch("engelli") and pattern.fullmatch("hamile")
    assert not pattern.fullmatch("engelliyor") and not pattern.fullmatch("engelliyorum")


def test_a_case_sensitive_pattern_keeps_the_trie_and_matches_like_the_flat_list() -> None:
    words = ["iOS", "Ibis", "IKEA", "iPhone", "Ibiza Air", "ING", "ING Direct", "Iberia"] * 2
    text = "iOS on my iPhone, booked with Iberia via ING Direct; IKEA, Ibis and Ibiza Air too. ing ios"
    flat = "|".join(sorted({re.escape(w) for w in words}, key=len, reverse=True))
    trie = alternation(words, case_sensitive=True)
    assert "(?:" + flat + ")" not in trie  # the list has case conflicts: without the flag it would be flat
    found = [m.group() for m in re.finditer(rf"(?<!\w)(?:{trie})(?!\w)", text)]
    assert found == [m.group() for m in re.finditer(rf"(?<!\w)(?:{flat})(?!\w)", text)]
    assert found == ["iOS", "iPhone", "Iberia", "ING Direct", "IKEA", "Ibis", "Ibiza Air"]
