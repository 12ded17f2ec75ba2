"""Text normalisation: the one definition of folding, chunking and script statistics.

:func:`fold` (lower case via ``casefold``, diacritics stripped, ``ß`` -> ``ss``) is the key every
word list, gazetteer and field-name lookup uses; :func:`normalize` is the same with runs of
whitespace collapsed (the key of a mention in the pseudonym map, the egress check and the
leakage metrics).

The detection view (input hygiene with an offset map back to the original) is
:mod:`local_model.text.view`.
"""

from __future__ import annotations

import re
import unicodedata

#: letters NFKD does not decompose but writers type without their stroke or dot ("Łukasz" as
#: "Lukasz", "Yılmaz" as "Yilmaz", "Đặng" as "Dang", "Søren" as "Soren")
_UNSTROKED = str.maketrans({"ł": "l", "Ł": "L", "ı": "i", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O"})


def fold(text: str) -> str:
    """Lower-case and strip diacritics (``Straße`` -> ``strasse``, ``né`` -> ``ne``, ``Łukasz`` -> ``lukasz``)."""
    if text.isascii():  # NFKD leaves ASCII unchanged
        return text.lower()
    text = text.replace("ß", "ss").replace("ẞ", "ss").translate(_UNSTROKED)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def fold_in_place(text: str) -> str:
    """Lower case without accents, character for character (offsets stay those of ``text``)."""
    if text.isascii():
        return text.lower()
    return "".join(c if len(low := c.lower()) != 1 else low for c in strip_marks(text))


def strip_marks(text: str) -> str:
    """``text`` with accents and other combining marks removed, character for character
    (``traumatólogo`` -> ``traumatologo``, same length), so offsets into the result are offsets
    into ``text``: vocabulary matches whether or not the writer typed the accents."""
    if text.isascii():
        return text
    return "".join(_base_letter(c) for c in text)


def _base_letter(c: str) -> str:
    if c.isascii():
        return c
    decomposed = unicodedata.normalize("NFD", c)
    return decomposed[0] if len(decomposed) > 1 and all(unicodedata.combining(m) for m in decomposed[1:]) else c


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
    while i >= 0 and text[i] in " \t\"'“‘(*-#>¿¡":
        i -= 1
    return i < 0 or text[i] in ".!?\n:;…"


#: two capitals in a row, or a closing capital, after a word's first letter
_PRODUCT_CAPITALS = re.compile(r"[A-Z]{2}|[a-z][A-Z]$")


def product_capitals(word: str) -> bool:
    """``word`` has a product's capitals after its first letter ("NeXXt", "FritzBoX"); a name's inner capital does not
    count ("McDonald", "DeAndre")."""
    return _PRODUCT_CAPITALS.search(word, 1) is not None


def shouting(text: str) -> bool:
    """Text written (mostly) in capitals: its names and places are capitals too."""
    upper = sum(map(str.isupper, text))
    if upper < 14:
        return False
    lower = sum(map(str.islower, text))
    return upper + lower >= 20 and upper >= 0.7 * (upper + lower)
