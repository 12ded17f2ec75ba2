"""Decoders for personal data written to dodge pattern matching: digits spelled out in words.

``spelled_numbers`` finds runs of digit words ("six one two three four five", "seis uno dos",
"double seven", "plus four four ...") in en/es/fr/de/nl and returns each run's span with the
digits it spells.  Offsets refer to the text given, so a caller can map a finding back.
"""

from __future__ import annotations

import re

from local_model.text.lexicon import alternation
from local_model.text.textnorm import fold

DIGIT_WORDS: dict[str, str] = {
    # en
    "zero": "0", "oh": "0", "nought": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9",
    # es
    "cero": "0", "uno": "1", "una": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6",
    "siete": "7", "ocho": "8", "nueve": "9",
    # fr
    "un": "1", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "sept": "7",
    "huit": "8", "neuf": "9",
    # de
    "null": "0", "eins": "1", "zwei": "2", "zwo": "2", "drei": "3", "vier": "4", "funf": "5", "sechs": "6",
    "sieben": "7", "acht": "8", "neun": "9",
    # nl
    "nul": "0", "een": "1", "twee": "2", "drie": "3", "vijf": "5", "zes": "6", "zeven": "7",
    "negen": "9",
}  # fmt: skip
_REPEAT = {"double": 2, "triple": 3, "doble": 2, "doppel": 2, "dubbel": 2}
_PLUS = ("plus", "mas", "más")
_WORDS = sorted({*DIGIT_WORDS, *_REPEAT, *_PLUS})
_TOKEN = re.compile(r"(?i)(?<![\w])(?:" + alternation(_WORDS) + r")(?![\w])|\d")
_GAP = re.compile(r"[\s,.\-/]{0,3}")


def spelled_numbers(text: str, min_words: int = 4) -> list[tuple[int, int, str]]:
    """(start, end, digits) of every run of at least ``min_words`` digit words (digits written as
    figures may be mixed in: "six 1 two ...").  Ambiguous single words ("one", "un", "een") only
    count inside a run."""
    out: list[tuple[int, int, str]] = []
    run_start = -1
    run_end = -1
    digits: list[str] = []
    words = 0
    repeat = 1
    pos = 0

    def close() -> None:
        if words >= min_words and digits:
            out.append((run_start, run_end, "".join(digits)))

    for m in _TOKEN.finditer(text):
        if run_start >= 0 and not _GAP.fullmatch(text[pos : m.start()]):
            close()
            run_start, digits, words, repeat = -1, [], 0, 1
        token = fold(m.group())
        if token in _PLUS:
            if run_start < 0:
                run_start = m.start()
            run_end, pos = m.end(), m.end()
            continue
        if token in _REPEAT:
            repeat = _REPEAT[token]
            if run_start < 0:
                run_start = m.start()
            run_end, pos = m.end(), m.end()
            continue
        digit = token if token.isdigit() else DIGIT_WORDS.get(token)
        if digit is None:
            continue
        if run_start < 0:
            run_start = m.start()
        digits.append(digit * repeat)
        repeat = 1
        words += 1
        run_end, pos = m.end(), m.end()
    if run_start >= 0:
        close()
    return out
