"""Text normalisation: the one definition of folding, and the detection view of a text.

:func:`fold` (lower case via ``casefold``, diacritics stripped, ``ß`` -> ``ss``) is the key every
word list, gazetteer and field-name lookup uses; :func:`normalize` is the same with runs of
whitespace collapsed (the key of a mention in the pseudonym map, the egress check and the
leakage metrics).

Input hygiene: a detection view of the text with an offset map back to the original.

Detectors run on a *view* of the input in which
- zero-width and format characters (U+200B..U+200F, U+2060, U+FEFF, soft hyphen) are
  removed, so ``jo\u200bhn@x.com`` is still one e-mail;
- control characters other than tab/newline/CR become spaces;
- common homoglyphs (Cyrillic/Greek look-alikes, fullwidth forms, non-ASCII digits)
  become their ASCII equivalent when the mapping is one character to one character.

``view.to_original(start, end)`` maps a span of the view back to the original
text, so every span reported to callers covers the original characters, the
invisible ones included.  Everything is linear in the input length.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


def fold(text: str) -> str:
    """Lower-case and strip diacritics (``Straße`` -> ``strasse``, ``né`` -> ``ne``)."""
    if text.isascii():  # NFKD leaves ASCII unchanged
        return text.lower()
    text = text.replace("ß", "ss").replace("ẞ", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def normalize(value: str) -> str:
    """Case-, whitespace- and diacritics-insensitive key of a mention (:func:`fold` + spaces collapsed)."""
    return " ".join(fold(value).split())


def chunk_offsets(text: str, size: int) -> list[tuple[int, int]]:
    """Cut ``text`` into pieces of at most ``size`` characters, at whitespace when possible."""
    out: list[tuple[int, int]] = []
    start = 0
    n = len(text)
    while start < n:
        end = min(n, start + size)
        if end < n:
            cut = text.rfind(" ", start + size // 2, end)
            cut = max(cut, text.rfind("\n", start + size // 2, end))
            if cut > start:
                end = cut + 1
        out.append((start, end))
        start = end
    return out


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_REMOVE = {0x00AD, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0xFEFF}
_HOMOGLYPHS = {
    # Cyrillic
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j",
    "ѕ": "s", "ԁ": "d", "ɡ": "g", "һ": "h", "ԛ": "q", "ԝ": "w",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v",
    # typographic
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u2009": " ", "\u200a": " ",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\uff20": "@", "\u2024": ".",
}  # fmt: skip


def _map_char(ch: str) -> str | None:
    """Return the replacement for ``ch`` ('' to drop it, None to keep it)."""
    cp = ord(ch)
    if cp < 128:
        if cp < 32 and ch not in "\t\n\r":
            return " "
        return None
    if cp in _REMOVE:
        return ""
    mapped = _HOMOGLYPHS.get(ch)
    if mapped is not None:
        return mapped
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return " "
    if cat == "Cf":
        return ""
    if cat == "Nd":
        return str(unicodedata.digit(ch))
    if 0xFF01 <= cp <= 0xFF5E:  # fullwidth ASCII
        return chr(cp - 0xFEE0)
    if cat == "Cs" or cp in (0xFFFE, 0xFFFF):
        return " "
    return None


@dataclass(frozen=True)
class TextView:
    original: str
    text: str
    _index: tuple[int, ...] | None  # view position -> original position (None: identity)

    @property
    def identity(self) -> bool:
        return self._index is None

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        if self._index is None:
            return start, end
        return self._index[start], self._index[end - 1] + 1


def make_view(text: str) -> TextView:
    """Build the detection view of ``text`` (identity and zero-copy for clean ASCII-ish text)."""
    if _CONTROL.search(text) is None and (text.isascii() or all(_map_char(ch) is None for ch in set(text))):
        return TextView(text, text, None)  # clean ASCII, or accented letters only: nothing to map
    out: list[str] = []
    index: list[int] = []
    changed = False
    for i, ch in enumerate(text):
        rep = _map_char(ch)
        if rep is None:
            out.append(ch)
            index.append(i)
            continue
        changed = True
        for r in rep:
            out.append(r)
            index.append(i)
    if not changed:
        return TextView(text, text, None)
    return TextView(text, "".join(out), tuple(index))


# braces, assignments, "();" and "()": a line of code, not prose with a semicolon or an aside
_CODE_LINE = re.compile(r"[{}]|[^=!<>]=[^=>]|\)\s*;|\(\)")


def in_code_line(text: str, pos: int) -> bool:
    """The line of ``text`` around ``pos`` reads as code (braces, assignments, calls)."""
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    return _CODE_LINE.search(text, line_start, line_end if line_end >= 0 else len(text)) is not None


# a letter of a script other than Latin (\w minus digits, underscore, Latin and its extensions)
FOREIGN_CH = r"[^\W\d_A-Za-z\u00C0-\u024F\u1E00-\u1EFF\u00AA\u00BA\u00B5]"
FOREIGN_LETTER = re.compile(FOREIGN_CH)
_LATIN_LETTER = re.compile(r"[A-Za-z\u00C0-\u024F\u1E00-\u1EFF]")
#: kana, Han ideographs and Hangul syllables: scripts written without spaces between words
CJK_CHARS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
CJK_RUN = re.compile(f"[{CJK_CHARS}]+")
#: the same with Hangul jamo
IDEOGRAPHIC = re.compile(f"[\u1100-\u11ff\u3130-\u318f{CJK_CHARS}]")
_IDEOGRAPH_WEIGHT = 2.5


def script_mix(text: str) -> tuple[int, float]:
    """(Latin letters, letters of other scripts weighted: an ideograph or Hangul syllable carries
    about as much as 2-3 Latin letters)."""
    if text.isascii():
        return sum(c.isalpha() for c in text), 0.0
    latin = len(_LATIN_LETTER.findall(text))
    ideographs = len(IDEOGRAPHIC.findall(text))
    return latin, len(FOREIGN_LETTER.findall(text)) - ideographs + _IDEOGRAPH_WEIGHT * ideographs


def sentence_initial(text: str, start: int) -> bool:
    """``start`` begins a sentence (after punctuation, a line break or the start of the text)."""
    i = start - 1
    while i >= 0 and text[i] in " \t\"'“‘(*-#>":
        i -= 1
    return i < 0 or text[i] in ".!?\n:;…"
