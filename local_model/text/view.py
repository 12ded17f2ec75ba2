"""The detection view: what the detectors read, with every character mapped back to the original.

People hide personal data from pattern matchers, on purpose or by accident.  Detectors run on a
*view* of the input in which, in two stages:

1. character by character
   - decomposed accents are composed (NFC: ``A\\u0301lvaro`` -> ``Álvaro``);
   - the dot above that ``"İ".lower()`` leaves on an ``i`` is dropped (``ti̇p`` -> ``tip``);
   - zero-width, format and filler characters are removed (U+200B..U+200F, U+2060.., the soft
     hyphen, the BOM, Hangul fillers, the Braille blank);
   - control characters other than tab/newline/CR become spaces, exotic spaces (ideographic,
     en/em, thin) become spaces;
   - common homoglyphs (Cyrillic/Greek look-alikes, fullwidth forms, non-ASCII digits) become
     their ASCII equivalent;
2. patterns
   - JSON and Python escapes of characters become the characters (``m\\u00f3vil`` -> ``móvil``,
     a surrogate pair one character): an answer or a pasted payload written with ``ensure_ascii``
     reads as the text it is, not as ``u00f3`` (which looked like a user name);
   - a carriage return inside a word is removed (``Mar\\rgaret``);
   - a "defanged" dot between word characters becomes a dot (``162[.]225[.]213[.]175``,
     ``mail(.)example(.)com``);
   - exotic separators between digits (``_``, ``~``, ``·``, ``∙``, ``‧``, ``•``) become dots in
     an address of four groups (``10_44_201_7`` -> ``10.44.201.7``) and spaces elsewhere
     (``(917)·555·0143`` -> ``(917) 555 0143``);
   - letters that look like digits inside a number or a date become digits (``1O/03/i979``),
     also in short groups (``o7 7OO 9OO 2l9``);
   - digits written one per group with any separator (``6 1 2 - 3 4 5 ...``, ``0 4 1 2 ~ 5 5 8``)
     are joined, a check letter at the end kept (``4 8 . 2 9 1 . 6 3 7 - D``);
   - an IBAN written one group per line is put on one line;
   - numbers spelled out in words (``six one two ...``, ``seis uno dos ...``, pairs and threes
     ``doce, treinta y cuatro``, digit words mixed with digits ``6 cuatro 5 dos``, a spoken point
     between groups) become digits;
   - spoken and broken e-mail addresses (``ana dot ruiz at gmail dot com``, ``[at]``,
     ``(arroba)``, ``punto``, ``%40``, ``name@host,com``, ``gmai l.com``) become addresses;
   - a word spelled letter by letter (``K-O-W-A-L-S-K-A``, ``j o h n``) becomes the word.

``view.to_original(start, end)`` maps a span of the view back to the original text, so every span
reported to callers covers the original characters (the invisible ones, and the whole spelled-out
run, included).  Clean text costs one regex scan and is returned as is.  The egress re-check and
the answer gate run the same detectors on the same view: they see through the same tricks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from local_model.text.decoders import NUMBER_WORDS, spelled_numbers, spoken_emails
from local_model.text.textnorm import fold

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_REMOVE = {
    0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F,
    0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2800, 0x3164, 0xFEFF, 0xFFA0,
}  # fmt: skip
_SPACES = {0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008, 0x205F, 0x3000}
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
        if cp == 127:
            return " "
        return None
    if cp in _REMOVE:
        return ""
    if cp in _SPACES:
        return " "
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
    #: view position -> [start, end) of the original characters it stands for (None: identity)
    _starts: tuple[int, ...] | None
    _ends: tuple[int, ...] | None

    @property
    def identity(self) -> bool:
        return self._starts is None

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        if self._starts is None or self._ends is None:
            return start, end
        return self._starts[start], self._ends[end - 1]


class _Builder:
    """A view under construction: characters and their original spans."""

    def __init__(self, chars: list[str], starts: list[int], ends: list[int]) -> None:
        self.chars = chars
        self.starts = starts
        self.ends = ends

    @property
    def text(self) -> str:
        return "".join(self.chars)

    def rewrite(self, edits: Iterator[tuple[int, int, str, bool]]) -> bool:
        """Apply (start, end, replacement, per_char) edits on the current text (non-overlapping,
        in order).  ``per_char``: replacement char i maps where view char start+i mapped (a 1:1
        substitution); otherwise every replacement char maps to the whole span."""
        chars: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        cur = 0
        changed = False
        for s, e, rep, per_char in edits:
            if s < cur:
                continue
            changed = True
            chars += self.chars[cur:s]
            starts += self.starts[cur:s]
            ends += self.ends[cur:s]
            if per_char:
                chars += list(rep)
                starts += self.starts[s : s + len(rep)]
                ends += self.ends[s : s + len(rep)]
            elif rep:
                span_start, span_end = self.starts[s], self.ends[e - 1]
                chars += list(rep)
                starts += [span_start] * len(rep)
                ends += [span_end] * len(rep)
            cur = e
        if not changed:
            return False
        chars += self.chars[cur:]
        starts += self.starts[cur:]
        ends += self.ends[cur:]
        self.chars, self.starts, self.ends = chars, starts, ends
        return True


def _script(ch: str) -> str | None:
    cp = ord(ch)
    if 0x370 <= cp <= 0x3FF or 0x1F00 <= cp <= 0x1FFF:
        return "greek"
    if 0x400 <= cp <= 0x52F:
        return "cyrillic"
    return None


def _in_own_script(text: str, i: int) -> bool:
    """A look-alike letter written next to letters of its own script is a letter of that script
    (the "ο" of "Σταματοπούλου"), not a disguised Latin one (the "о" of "Mаria")."""
    script = _script(text[i])
    if script is None:
        return False
    for j in (i - 1, i + 1):
        if 0 <= j < len(text) and text[j].isalpha() and _script(text[j]) == script:
            return True
    return False


#: the combining dot above: on an "i" it is the dot of Turkish "İ" that ``str.lower`` keeps
_DOT_ABOVE = "\u0307"


def _stage_one(text: str) -> _Builder:
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for i, ch in enumerate(text):
        if chars and unicodedata.category(ch) == "Mn":
            composed = unicodedata.normalize("NFC", chars[-1] + ch)
            if len(composed) == 1:  # "A" + U+0301 -> "Á"
                chars[-1] = composed
                ends[-1] = i + 1
                continue
            if ch == _DOT_ABOVE and chars[-1] in "ij":  # "ti̇p": Turkish "TİP" lower-cased keeps its dot
                ends[-1] = i + 1
                continue
        rep = None if ch in _HOMOGLYPHS and _in_own_script(text, i) else _map_char(ch)
        if rep is None:
            chars.append(ch)
            starts.append(i)
            ends.append(i + 1)
            continue
        for r in rep:
            chars.append(r)
            starts.append(i)
            ends.append(i + 1)
    return _Builder(chars, starts, ends)


# ---------------------------------------------------------------- stage two: patterns

_CR_IN_WORD = re.compile(r"(?<=\w)\r(?=\w)")
#: ``\u00f3``, and a UTF-16 surrogate pair written as two escapes; only after an even run of
#: backslashes (``\\u00f3`` is an escaped backslash and the letters ``u00f3``)
_ESCAPE = re.compile(
    r"(?<!\\)((?:\\\\)*)\\u(?:([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|([0-9a-fA-F]{4}))"
)
#: "albert.smi th@yahoo.co.uk": a space inside the local part of an address
_SPLIT_LOCAL = re.compile(r"(?<=[\w.])[ ](?=[\w.]{1,4}@[\w-]+\.[A-Za-z]{2,})")
_DIGIT_SEPARATOR = re.compile(r"(?<=[\d)])[_~·∙‧•・](?=[\d(])")
#: digits and look-alike letters in short groups: "o7 7OO 9OO 2l9", "7 5 l 4 4 O 9 8"
_LOOKALIKE_RUN = re.compile(r"(?<![\w])[0-9OoIil|]{1,4}(?:(?:[ \t]|[ \t]*[-./][ \t]*)[0-9OoIil|]{1,4}){2,}(?![\w])")
_GROUP = re.compile(r"[0-9OoIil|]+")
_DIGITISH = re.compile(r"(?<![\w])[0-9OoIil|]+(?:[/.\-][0-9OoIil|]+)+(?![\w])|(?<![\w])[0-9OoIl|]{4,}(?![\w])")
#: the header of a klog/glog line at its Info level ("I0312 14:22:05.123456")
_KLOG_INFO = re.compile(r"I(?:0[1-9]|1[0-2])\d{2} \d{2}:\d{2}:\d{2}\.\d{6}")
_LOOKALIKE_DIGIT = str.maketrans({"O": "0", "o": "0", "I": "1", "i": "1", "l": "1", "|": "1"})
#: ... in a text whose lines (two at least: a header and a row) part cells with bars ("tckn|posta_kodu|meslek",
#: "6520157996|07213|avukat") a bar is the cells' separator, no 1 ("Doğum tarihi: 04|08|1958" alone is a date)
_LOOKALIKE_LETTER = str.maketrans({"O": "0", "o": "0", "I": "1", "i": "1", "l": "1"})
_BAR_CELLS = re.compile(r"(?m)^[^\n|]*\|[^\n|]*\|")
#: digits one per group, with any separator ("6 1 2 - 3 4 5", "0 4 1 2 ~ 5 5 8", "4 8 . 2 9 1 - K"),
#: a check letter at the end kept (DNI, NIE, RUT)
_SINGLE_DIGITS = re.compile(
    r"(?<![\w+])\d(?:(?:[ \t]{1,2}|[ \t]*[-./~·∙‧•_|][ \t]*)\d(?!\d)){5,}"
    r"(?:[ \t]*[-.]?[ \t]*[A-Za-z](?![\w]))?"
)
#: four or more single letters joined by hyphens or dots, or by single spaces
_LETTER_RUN = re.compile(r"(?<![\w.-])[^\W\d_](?:(?:[-.][^\W\d_]){3,}|(?:[ ][^\W\d_]){3,})(?![\w-])")
_IBAN_LINES = re.compile(
    r"(?<![\w])[A-Za-z]{2}\d{2}(?:[ \t]*\r?\n[ \t]*[A-Za-z0-9]{4}(?![\w])){3,}"
    r"(?:[ \t]*\r?\n[ \t]*[A-Za-z0-9]{1,4}(?![\w]))?"
)
_LINE_BREAK = re.compile(r"[ \t]*\r?\n[ \t]*")
_WORD = re.compile(r"[a-zà-ÿ]+")
_DIGIT_WORD_SET = frozenset({*NUMBER_WORDS, "double", "doble", "plus", "mas"})
_EMAIL_HINTS = (" dot ", " punto ", " point ", " punkt ", "arroba", "[at]", "(at)", "{at}", "<at>", "[dot]", "(dot)",
                " ponto ", " punt ", " kropka ", " nokta ", "chiocciola", "małpa", " malpa ", "arrova", "[et]", "(et)",
                "[.]", "(.)")  # fmt: skip
_ANY_DIGIT = re.compile(r"\d")
_LETTER_GATE = re.compile(r"(?<![\w])[^\W\d_][-. ][^\W\d_][-. ][^\W\d_][-. ][^\W\d_](?![\w])")
_LOOKALIKE = re.compile(r"\d[OoIil|]|[OoIil|]\d|\d[ \t][OoIil|][ \t]\d")
_MIN_DIGIT_WORDS = 4


def _gates(text: str) -> list[bool]:
    """Which pattern rules (in :data:`_RULES` order) can fire on ``text``: cheap tests first."""
    lower = text.lower()
    digit = _ANY_DIGIT.search(text) is not None
    emails = "@" in text or "%40" in text or any(h in lower for h in _EMAIL_HINTS)
    number_words = sum(w in _DIGIT_WORD_SET for w in _WORD.findall(lower if text.isascii() else fold(text)))
    # digit words, or at least two of them mixed with bare digits ("07 seven 8 two 3 1 nine 0 0 4")
    spelled = number_words >= _MIN_DIGIT_WORDS or (number_words >= 2 and digit)
    cjk = not text.isascii() and _CJK_CHAR.search(text) is not None
    return [
        "\\u" in text,
        cjk and (digit or _ASCII_ALNUM.search(text) is not None),
        "\r" in text,
        "@" in text,
        "[.]" in text or "(.)" in text or "{.}" in text,
        emails,
        spelled,
        digit,
        digit and _LOOKALIKE.search(text) is not None,
        digit,
        digit and "\n" in text,
        _LETTER_GATE.search(text) is not None,
    ]


def _digit_lookalikes(text: str) -> Iterator[tuple[int, int, str, bool]]:
    edits = []
    table = _LOOKALIKE_LETTER if "|" in text and len(_BAR_CELLS.findall(text)) >= 2 else _LOOKALIKE_DIGIT
    for m in _DIGITISH.finditer(text):
        value = m.group()
        if _KLOG_INFO.match(text, m.start()):
            continue  # "I0312 14:22:05.123456": a klog line's severity letter and date, no digit typed as a letter
        digits = sum(c.isdigit() for c in value)
        alnum = sum(c.isalnum() or c == "|" for c in value)
        if digits >= 3 and digits < alnum and digits >= 0.6 * alnum:
            edits.append((m.start(), m.end(), value.translate(table), True))
    for m in _LOOKALIKE_RUN.finditer(text):
        start, end = _without_word_ends(text, m.start(), m.end())
        value = text[start:end]
        groups = _GROUP.findall(value)
        digits = sum(c.isdigit() for c in value)
        alnum = sum(len(g) for g in groups)
        with_digit = sum(any(c.isdigit() for c in g) for g in groups)
        if digits >= 5 and digits < alnum and digits >= 0.45 * alnum and with_digit >= 0.75 * len(groups):
            edits.append((start, end, value.translate(table), True))
    edits.sort()
    yield from edits


def _without_word_ends(text: str, start: int, end: int) -> tuple[int, int]:
    """A run of digit groups without a word at either end, set off by a blank: two letters or more and no digit
    ("nato il 05/12/1945", "Io 612 345 678"), no digits typed as letters; a single letter may be one ("l 2 3 4")."""
    groups = [g.span() for g in _GROUP.finditer(text, start, end)]
    while len(groups) > 1 and _word_group(text, *groups[0]) and text[groups[0][1] : groups[1][0]].isspace():
        groups.pop(0)
    while len(groups) > 1 and _word_group(text, *groups[-1]) and text[groups[-2][1] : groups[-1][0]].isspace():
        groups.pop()
    return groups[0][0], groups[-1][1]


def _word_group(text: str, start: int, end: int) -> bool:
    return end - start >= 2 and not any(c.isdigit() for c in text[start:end])


def _single_digit_groups(text: str) -> Iterator[tuple[int, int, str, bool]]:
    for m in _SINGLE_DIGITS.finditer(text):
        value = m.group()
        letter = value[-1] if value[-1].isalpha() else ""
        yield m.start(), m.end(), "".join(c for c in value if c.isdigit()) + letter.upper(), False


def _spelled_letters(text: str) -> Iterator[tuple[int, int, str, bool]]:
    """A word spelled letter by letter ("K-O-W-A-L-S-K-A", "N-A-C-H-O M-U-Ñ-O-Z", "j o h n") is
    the word; the space between two spelled words stays."""
    for m in _LETTER_RUN.finditer(text):
        yield m.start(), m.end(), "".join(c for c in m.group() if c.isalpha()), False


def spelled_words(text: str) -> list[str]:
    """The words ``text`` spells letter by letter, folded (``K-O-W-A-L-S-K-A`` and ``k o w a l s k a``
    -> ``kowalska``): spelled on purpose, so never the common word a name can also be."""
    return [fold("".join(c for c in m.group() if c.isalpha())) for m in _LETTER_RUN.finditer(text)]


def _iban_lines(text: str) -> Iterator[tuple[int, int, str, bool]]:
    for m in _IBAN_LINES.finditer(text):
        yield m.start(), m.end(), _LINE_BREAK.sub(" ", m.group()), False


def _spelled(text: str) -> Iterator[tuple[int, int, str, bool]]:
    for s, e, digits in spelled_numbers(text):
        if len(digits) >= 6:
            plus = "+" if re.match(r"(?i)\s*(?:plus|mas|más)\b", text[s:e]) else ""
            yield s, e, plus + digits, False


def _emails(text: str) -> Iterator[tuple[int, int, str, bool]]:
    edits = [(s, e, address, False) for s, e, address in spoken_emails(text)]
    for m in _SPACED_EMAIL.finditer(text):  # "a n a . r u i z @ g m a i l . c o m"
        address = m.group().replace(" ", "")
        if _PLAIN_EMAIL.fullmatch(address) and not any(s < m.end() and m.start() < e for s, e, _, _ in edits):
            edits.append((m.start(), m.end(), address, False))
    yield from sorted(edits)


#: an e-mail address typed one character at a time, a space between each
_SPACED_EMAIL = re.compile(r"(?<![^\s])(?:[\w.+-] ){2,}@(?: [\w.-]){4,}(?![^\s])")
_PLAIN_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def _escapes(text: str) -> Iterator[tuple[int, int, str, bool]]:
    """Each escape becomes its character, read as stage one reads characters (a control character
    a space, a format character nothing); the character maps to the whole escape."""
    for m in _ESCAPE.finditer(text):
        escaped, high, low, single = m.groups()
        if single is not None:
            ch = chr(int(single, 16))
        else:
            ch = chr(0x10000 + ((int(high, 16) - 0xD800) << 10) + (int(low, 16) - 0xDC00))
        mapped = _map_char(ch)
        yield m.start() + len(escaped), m.end(), ch if mapped is None else mapped, False


def _regex(
    pattern: re.Pattern[str], replacement: str, per_char: bool
) -> Callable[[str], Iterator[tuple[int, int, str, bool]]]:
    def edits(text: str) -> Iterator[tuple[int, int, str, bool]]:
        for m in pattern.finditer(text):
            yield m.start(), m.end(), replacement, per_char

    return edits


_RUN_LEFT = re.compile(r"(?:[\d()]+[_~·∙‧•・.])*[\d()]*$")
_RUN_RIGHT = re.compile(r"[\d()]*(?:[_~·∙‧•・.][\d()]+)*")
_RUN_SPLIT = re.compile(r"[_~·∙‧•・.]")


def _digit_separators(text: str) -> Iterator[tuple[int, int, str, bool]]:
    """``10_44_201_7`` -> ``10.44.201.7`` (an address keeps its dots), ``(917)·555·0143`` ->
    ``(917) 555 0143`` (a phone or an id reads with spaces); a run that has dots of its own and is
    no address is a version (``1.0.11.116_1.0.1``) and stays as written."""
    for m in _DIGIT_SEPARATOR.finditer(text):
        left = _RUN_LEFT.search(text[max(0, m.start() - 40) : m.start()])
        right = _RUN_RIGHT.match(text[m.end() : m.end() + 60])
        run = (left.group() if left else "") + "." + (right.group() if right else "")
        groups = _RUN_SPLIT.split(run)
        ip_like = len(groups) == 4 and all(g.isdigit() and len(g) <= 3 for g in groups)
        if not ip_like and "." in run.replace(".", "", 1):
            continue  # "1.0.11.116_1.0.1", "V1.0.3_20230512": a version joined by its underscore, left whole
        yield m.start(), m.end(), "." if ip_like else " ", True


#: a Chinese, Japanese or Korean character with a Latin letter or a digit right next to it
_CJK_GLUED = re.compile(
    r"(?<=[A-Za-z0-9+])[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af](?:(?=[A-Za-z0-9+]))?"
    r"|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af](?=[A-Za-z0-9+])"
)
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9+]")


#: the shortest run of Latin letters, digits and address signs that is spaced off: a value (a
#: phone, an id, an e-mail, a user name), not a unit's number ("4층", "123번지", "2024年")
_CJK_MIN_RUN = 5
_RUN_CHARS = re.compile(r"[A-Za-z0-9+@._-]+")


def _cjk_spacing(text: str) -> Iterator[tuple[int, int, str, bool]]:
    """Scripts written without spaces glue values to words ("手机号码是13800138000", "090-1234-5678です"):
    a space between a Chinese, Japanese or Korean character and a run of five or more Latin letters,
    digits or address signs gives the rules the word boundary they read (the space maps back to the
    character it stands beside); a short number keeps its unit ("4층", "29세")."""
    for m in _CJK_GLUED.finditer(text):
        i = m.start()
        left = i > 0 and _ASCII_ALNUM.match(text, i - 1) is not None and _run_before(text, i) >= _CJK_MIN_RUN
        after = _RUN_CHARS.match(text, i + 1)
        right = after is not None and _ASCII_ALNUM.match(text, i + 1) is not None and len(after.group()) >= _CJK_MIN_RUN
        if left or right:
            yield i, i + 1, (" " if left else "") + text[i] + (" " if right else ""), False


def _run_before(text: str, end: int) -> int:
    start = end
    while start > 0 and _RUN_CHARS.match(text[start - 1]):
        start -= 1
    return end - start


#: a "defanged" dot between two word characters, as security tools write addresses and hosts so
#: they are not live links ("162[.]225[.]213[.]175", "mail(.)example(.)com")
_DEFANGED_DOT = re.compile(r"(?<=\w)(?:\[\.\]|\(\.\)|\{\.\})(?=\w)")

_RULES: tuple[Callable[[str], Iterator[tuple[int, int, str, bool]]], ...] = (
    _escapes,
    _cjk_spacing,
    _regex(_CR_IN_WORD, "", False),
    _regex(_SPLIT_LOCAL, "", False),
    _regex(_DEFANGED_DOT, ".", False),
    _emails,
    _spelled,
    _digit_separators,
    _digit_lookalikes,
    _single_digit_groups,
    _iban_lines,
    _spelled_letters,
)


def make_view(text: str) -> TextView:
    """Build the detection view of ``text`` (identity and zero-copy for clean text)."""
    clean_chars = text.isascii() or all(_map_char(ch) is None for ch in set(text))
    clean_chars = clean_chars and _CONTROL.search(text) is None
    clean_chars = clean_chars and _DOT_ABOVE not in text
    clean_chars = clean_chars and (text.isascii() or unicodedata.is_normalized("NFC", text))
    gates = _gates(text)
    if clean_chars and not any(gates):
        return TextView(text, text, None, None)
    view = None if clean_chars else _stage_one(text)
    current = text if view is None else view.text
    for rule, gate in zip(_RULES, gates, strict=True):
        if not gate:
            continue
        edits = list(rule(current))
        if not edits:
            continue
        if view is None:
            view = _Builder(list(text), list(range(len(text))), list(range(1, len(text) + 1)))
        if view.rewrite(iter(edits)):
            current = view.text
    if view is None or current == text:
        return TextView(text, text, None, None)
    return TextView(text, current, tuple(view.starts), tuple(view.ends))
