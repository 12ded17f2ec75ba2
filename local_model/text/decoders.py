"""Decoders for personal data written to dodge pattern matching: digits spelled out in words.

``spelled_numbers`` finds runs of digit words ("six one two three four five", "seis uno dos",
"double seven", "plus four four ...") in en/es/fr/de/nl, numbers read in pairs and threes in
English and Spanish ("doce, treinta y cuatro", "twenty one", "doscientos uno"), digit words mixed
with digits ("6 cuatro 5 dos") and a spoken point between groups, and returns each run's span with
the digits it spells.  Offsets refer to the text given, so a caller can map a finding back.
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
#: numbers people read in pairs or threes ("doce", "treinta y cuatro", "twenty-one", "doscientos uno")
_TEENS: dict[str, int] = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16,
    "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintiuna": 21,
    "veintidos": 22, "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26,
    "veintisiete": 27, "veintiocho": 28, "veintinueve": 29,
}  # fmt: skip
_TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90,
    "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
    "noventa": 90,
}  # fmt: skip
_HUNDREDS: dict[str, int] = {
    "cien": 100, "ciento": 100, "doscientos": 200, "trescientos": 300, "cuatrocientos": 400,
    "quinientos": 500, "seiscientos": 600, "setecientos": 700, "ochocientos": 800, "novecientos": 900,
}  # fmt: skip
_REPEAT = {"double": 2, "triple": 3, "doble": 2, "doppel": 2, "dubbel": 2}
_PLUS = ("plus", "mas", "más")
_AND = ("y", "and")
_POINT = ("punto", "dot", "point")
_NUMBER_WORDS = {*DIGIT_WORDS, *_TEENS, *_TENS, *_HUNDREDS}
_WORDS = sorted({*_NUMBER_WORDS, *_REPEAT, *_PLUS, *_AND, *_POINT, "veintidós", "veintitrés", "veintiséis",
                 "dieciséis"})  # fmt: skip
_TOKEN = re.compile(r"(?i)(?<![\w])(?:" + alternation(_WORDS) + r"|\d{1,4})(?![\w])")
#: every word that can be part of a spelled number (folded), for cheap gates
NUMBER_WORDS = frozenset(_NUMBER_WORDS)
_GAP = re.compile(r"[\s,.\-/~·∙‧•_|]{0,4}")


def _value(words: list[str]) -> str:
    """The digits of one number said in words: ["treinta", "y", "cuatro"] -> "34"."""
    total = 0
    for w in words:
        if w in _HUNDREDS:
            total += _HUNDREDS[w]
        elif w in _TENS:
            total += _TENS[w]
        elif w in _TEENS:
            total += _TEENS[w]
        elif w in DIGIT_WORDS:
            total += int(DIGIT_WORDS[w])
    return str(total)


def spelled_numbers(text: str, min_words: int = 4) -> list[tuple[int, int, str]]:
    """(start, end, digits) of every run of at least ``min_words`` spelled numbers: digit words
    ("six one two ...", "seis uno dos ..."), pairs and threes ("seis cero nueve, doce, treinta y
    cuatro", "twenty-one"), repeats ("double seven"), digits mixed in ("6 cuatro 5 dos"), a
    spoken point between groups ("ochenta y cinco punto doce ..." -> "85.12...").  At least two of
    the run's numbers must be words; ambiguous single words ("one", "un", "een", "y") only count
    inside a run."""
    out: list[tuple[int, int, str]] = []
    run_start = -1
    run_end = -1
    parts: list[str] = []
    number: list[str] = []  # the words of the number being read ("treinta", "y")
    words = 0
    spelled = 0
    repeat = 1
    pos = 0

    def flush() -> None:
        nonlocal number, repeat
        if number:
            parts.append(_value(number) * repeat if len(number) == 1 and number[0] in DIGIT_WORDS else _value(number))
            number = []
            repeat = 1

    def close() -> None:
        flush()
        while parts and parts[-1] == ".":
            parts.pop()
        if words >= min_words and spelled >= 2 and parts:
            out.append((run_start, run_end, "".join(parts)))

    for m in _TOKEN.finditer(text):
        if run_start >= 0 and not _GAP.fullmatch(text[pos : m.start()]):
            close()
            run_start, parts, number, words, spelled, repeat = -1, [], [], 0, 0, 1
        token = fold(m.group())
        if token.isdigit():
            flush()
            if run_start < 0:
                run_start = m.start()
            parts.append(token)
            words += 1
            run_end, pos = m.end(), m.end()
            continue
        if token in _PLUS or token in _REPEAT:
            flush()
            if token in _REPEAT:
                repeat = _REPEAT[token]
            if run_start < 0:
                run_start = m.start()
            run_end, pos = m.end(), m.end()
            continue
        if token in _AND or token in _POINT:
            if run_start < 0:
                continue  # only inside a run
            if token in _POINT:
                flush()
                parts.append(".")
            elif not (number and number[-1] in _TENS | _HUNDREDS):
                continue  # "y" joins "treinta y cuatro", nothing else
            pos = m.end()
            continue
        if token not in _NUMBER_WORDS:
            continue
        # a new number starts unless this word continues the current one
        # ("treinta" + "y" + "cuatro", "doscientos" + "uno", "twenty" + "one")
        continues = bool(number) and (
            (number[-1] in _HUNDREDS and token not in _HUNDREDS)
            or (number[-1] in _TENS and token in DIGIT_WORDS and token not in ("oh", "nought", "zero", "cero"))
        )
        if not continues:
            flush()
        if run_start < 0:
            run_start = m.start()
        number.append(token)
        words += 1
        spelled += 1
        run_end, pos = m.end(), m.end()
    if run_start >= 0:
        close()
    return out


#: one cardinal number said in words, 1-129 (EN and ES): "seventy-four", "ochenta y dos", "doce",
#: "noventa y un", "ciento tres".  A regex fragment (no groups) for callers that read ages.
_UNIT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
               "uno", "un", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")  # fmt: skip
_TENS_EN = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_TENS_ES = ("treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa")
_UNITS = alternation(_UNIT_WORDS)
_TEEN_WORDS = alternation([*_TEENS, "veintidós", "veintitrés", "veintiséis", "dieciséis", "veintiún"])
CARDINAL_WORDS = (
    rf"(?:(?:cien(?:to)?[ \t]+)?(?:{alternation(_TENS_EN)})(?:[- \t](?:{_UNITS}))?"
    rf"|(?:cien(?:to)?[ \t]+)?(?:{alternation(_TENS_ES)})(?:[ \t]+y[ \t]+(?:{_UNITS}))?"
    rf"|(?:(?:one[ \t]+)?hundred(?:[ \t]+and)?|cien(?:to)?)(?:[ \t]+(?:{_TEEN_WORDS}|{_UNITS}))?"
    rf"|{_TEEN_WORDS}|{_UNITS})"
)


def cardinal_value(words: str) -> int | None:
    """The number a :data:`CARDINAL_WORDS` match says ("ochenta y dos" -> 82, "seventy-four" -> 74)."""
    total = 0
    for w in re.split(r"[\s-]+", fold(words)):
        if w in ("y", "and", ""):
            continue
        if w == "hundred":
            total = max(total, 1) * 100  # "one hundred and two"
        elif w in ("cien", "ciento"):
            total += 100
        elif w in _TENS:
            total += _TENS[w]
        elif w in _TEENS:
            total += _TEENS[w]
        elif w == "veintiun":
            total += 21
        elif w in DIGIT_WORDS:
            total += int(DIGIT_WORDS[w])
        else:
            return None
    return total or None


_TLD = (
    r"(?:com|net|org|es|co|uk|de|fr|nl|io|eu|info|biz|me|edu|gov|mx|ar|cl|pe|it|pt|be|ch|at|us|ca|ie|app|dev|"
    r"email|au|nz|in|za|br|pl|se|no|dk|fi|cz|gr|ro|hu|sk|tr|ru|jp|cn|kr|uy|ve|ec|bo|py|cr|gt|cu|do|pr|"
    r"cat|eus|gal|scot|wales|cymru|online|store|shop|site|tech|xyz|ai|tv|name|pro|mobi|asia|ac|gg|ly)"
)
_AT = r"(?:\s*[\[({<]\s*(?:at|arroba|@)\s*[\])}>]\s*|\s+(?:at(?:\s+sign)?|arroba|chez|bei|en)\s+|\s*@\s*|%40)"
_DOT = r"(?:\s*[\[({<]\s*(?:dot|punto|point|punkt|dt)\s*[\])}>]\s*|\s+(?:dot|punto|point|punkt)\s+|[ ]?\.[ ]?)"
_LOCAL = r"[a-z0-9_+\-]{1,40}"
_LABEL = r"[a-z0-9\-]{1,40}"
# a local part typed with a space inside: "liam.fitz gerald", "EDNA.BRIGHTWELL 1940" (the part before the
# space holds a dot, a digit or an underscore, so "write to ana ..." does not take "to")
_LOCAL_HEAD = r"(?:[a-z0-9_+\-]*[._0-9][a-z0-9_+.\-]*[ ])?"
_SPOKEN_EMAIL = re.compile(
    rf"(?i)(?<![\w.@%])(?P<local>{_LOCAL_HEAD}{_LOCAL}(?:{_DOT}{_LOCAL}){{0,4}})(?P<at>{_AT})"
    rf"(?P<domain>{_LABEL}(?: [a-z0-9\-]{{1,5}})?(?:{_DOT}{_LABEL}){{0,3}}?(?:{_DOT}|,)(?P<tld>{_TLD}))(?![\w])"
    rf"(?!{_DOT}{_TLD}(?![\w]))"  # "yahoo . co . uk": the address goes on to its last label
)
_SPLIT = re.compile(rf"(?i){_DOT}|,")
#: where an address can be: the regex above only runs around these (it is slow on long texts)
_AT_ANCHOR = re.compile(r"(?i)@|%40|[\[({<]\s*(?:at|arroba)\s*[\])}>]|\s(?:at|arroba|chez|bei|en)\s")
_WINDOW = 240


_PLAIN_ADDRESS = re.compile(r"[\w.+%'-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})*\.[A-Za-z]{2,24}")
_TOKEN_EDGE = " \t\n\r<>()[]{}\"',;:"
_MAX_TOKEN = 330  # an address is at most 254 characters: a longer token is not one (and stays linear)


def _plain_address_at(text: str, at: int) -> bool:
    """The ``@`` at ``at`` belongs to a well-formed address with no spaces around it."""
    start = at
    floor = max(0, at - _MAX_TOKEN)
    while start > floor and text[start - 1] not in _TOKEN_EDGE:
        start -= 1
    end = at + 1
    ceiling = min(len(text), at + _MAX_TOKEN)
    while end < ceiling and text[end] not in _TOKEN_EDGE:
        end += 1
    token = text[start:end].rstrip(".!?")
    if end < len(text) and text[end] == "," and re.match(r"(?i),(?:com|net|org|es|de|fr|nl|uk)\b", text[end:]):
        return False  # "name@host,com"
    if end < len(text) and text[end] == " " and re.match(r" [a-z0-9-]{1,3}\.[a-z]{2,6}\b", text[end:]):
        return False  # "name@gmai l.com"
    return _PLAIN_ADDRESS.fullmatch(token) is not None


def spoken_emails(text: str) -> list[tuple[int, int, str]]:
    """(start, end, address) of e-mail addresses written to dodge a pattern: spelled ("ana dot ruiz
    at gmail dot com", "ana punto ruiz arroba gmail punto com"), bracketed ("ana[at]gmail[dot]com"),
    URL-encoded ("ana%40gmail.com"), or broken ("ana@gmail,com", "ana@gmai l.com").  Plain,
    well-formed addresses are left to the e-mail rule."""
    out: list[tuple[int, int, str]] = []
    cur = 0
    for anchor in _AT_ANCHOR.finditer(text):
        if anchor.start() < cur:
            continue
        if anchor.group() == "@" and _plain_address_at(text, anchor.start()):
            continue  # a well-formed address: the e-mail rule's job, and the common case
        m = _SPOKEN_EMAIL.search(text, max(cur, anchor.start() - _WINDOW), anchor.end() + _WINDOW)
        if m is None or not m.start() <= anchor.start() < m.end():
            continue
        cur = m.end()
        raw = m.group()
        local = ".".join(p.replace(" ", "") for p in _SPLIT.split(m.group("local")) if p.strip())
        domain = ".".join(p.replace(" ", "") for p in _SPLIT.split(m.group("domain")) if p.strip())
        address = f"{local}@{domain}".lower()
        if raw.lower() == address:
            continue  # already a plain address
        if re.fullmatch(r"(?i)\s+(?:at|en)\s+", m.group("at")) and not re.search(
            r"(?i)\b(?:dot|punto|point|punkt)\b", raw
        ):
            continue  # "at" between words needs a spoken dot too ("meet me at home.com" is prose)
        out.append((m.start(), m.end(), address))
    return out
