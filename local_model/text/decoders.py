"""Decoders for personal data written to dodge pattern matching: digits spelled out in words.

``spelled_numbers`` finds runs of digit words ("six one two three four five", "seis uno dos",
"double seven", "plus four four ...") in en/es/fr/de/nl, numbers read in pairs and threes in
English and Spanish ("doce, treinta y cuatro", "twenty one", "doscientos uno"), digit words mixed
with digits ("6 cuatro 5 dos") and a spoken point between groups, and returns each run's span with
the digits it spells.  Offsets refer to the text given, so a caller can map a finding back.

``base64_texts`` decodes the base64 runs of a text (for the egress check, which reads an outgoing
text through base64 on top of the detection view: :func:`local_model.boundary.egress.map_value_present`).
"""

from __future__ import annotations

import base64
import binascii
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
    # pt ("meia": six, read in Brazil for "meia dúzia")
    "um": "1", "dois": "2", "duas": "2", "quatro": "4", "sete": "7", "oito": "8", "nove": "9", "meia": "6",
    # it
    "due": "2", "tre": "3", "quattro": "4", "cinque": "5", "sei": "6", "sette": "7", "otto": "8",
    # ca (Valencian "huit")
    "u": "1", "cinc": "5", "sis": "6", "set": "7", "vuit": "8", "nou": "9",
    # pl (folded: "pięć" -> "piec")
    "jeden": "1", "dwa": "2", "trzy": "3", "cztery": "4", "piec": "5", "szesc": "6", "siedem": "7",
    "osiem": "8", "dziewiec": "9",
    # tr (folded: "sıfır" -> "sifir", "üç" -> "uc")
    "sifir": "0", "bir": "1", "iki": "2", "uc": "3", "dort": "4", "bes": "5", "alti": "6", "yedi": "7",
    "sekiz": "8", "dokuz": "9",
}  # fmt: skip
#: numbers people read in pairs or threes ("doce", "treinta y cuatro", "twenty-one", "doscientos uno")
_TEENS: dict[str, int] = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16,
    "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintiuna": 21,
    "veintidos": 22, "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26,
    "veintisiete": 27, "veintiocho": 28, "veintinueve": 29,
    # pt
    "dez": 10, "onze": 11, "doze": 12, "treze": 13, "catorze": 14, "quatorze": 14, "quinze": 15,
    "dezasseis": 16, "dezesseis": 16, "dezassete": 17, "dezessete": 17, "dezoito": 18, "dezanove": 19,
    "dezenove": 19,
    # it
    "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13, "quattordici": 14, "quindici": 15, "sedici": 16,
    "diciassette": 17, "diciotto": 18, "diciannove": 19,
    # ca
    "deu": 10, "dotze": 12, "tretze": 13, "setze": 16, "disset": 17, "divuit": 18, "dihuit": 18, "dinou": 19,
    "denou": 19,
    # pl
    "dziesiec": 10, "jedenascie": 11, "dwanascie": 12, "trzynascie": 13, "czternascie": 14, "pietnascie": 15,
    "szesnascie": 16, "siedemnascie": 17, "osiemnascie": 18, "dziewietnascie": 19,
}  # fmt: skip
_TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90,
    "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
    "noventa": 90,
    # the twenties and tens that take a digit after them ("vinte e um", "venti due", "vint-i-u",
    # "dwadzieścia jeden", Turkish "on iki", "yirmi bir")
    "vinte": 20, "venti": 20, "vint": 20, "dwadziescia": 20, "on": 10, "yirmi": 20,
    # pt
    "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "oitenta": 80,
    # it
    "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60, "settanta": 70, "ottanta": 80,
    "novanta": 90,
    # ca (also "vint" before "-i-")
    "seixanta": 60, "setanta": 70, "vuitanta": 80, "huitanta": 80, "noranta": 90,
    # pl
    "trzydziesci": 30, "czterdziesci": 40, "piecdziesiat": 50, "szescdziesiat": 60, "siedemdziesiat": 70,
    "osiemdziesiat": 80, "dziewiecdziesiat": 90,
    # tr
    "otuz": 30, "kirk": 40, "elli": 50, "altmis": 60, "yetmis": 70, "seksen": 80, "doksan": 90,
}  # fmt: skip
_HUNDREDS: dict[str, int] = {
    "cien": 100, "ciento": 100, "doscientos": 200, "trescientos": 300, "cuatrocientos": 400,
    "quinientos": 500, "seiscientos": 600, "setecientos": 700, "ochocientos": 800, "novecientos": 900,
    # pt
    "cem": 100, "cento": 100, "duzentos": 200, "trezentos": 300, "quatrocentos": 400, "quinhentos": 500,
    "seiscentos": 600, "setecentos": 700, "oitocentos": 800, "novecentos": 900,
    # ca
    "cent": 100, "dos-cents": 200, "tres-cents": 300, "quatre-cents": 400, "cinc-cents": 500,
    "sis-cents": 600, "set-cents": 700, "vuit-cents": 800, "nou-cents": 900,
    # pl
    "sto": 100, "dwiescie": 200, "trzysta": 300, "czterysta": 400, "piecset": 500, "szescset": 600,
    "siedemset": 700, "osiemset": 800, "dziewiecset": 900,
    # tr
    "yuz": 100,
}  # fmt: skip
_REPEAT = {"double": 2, "triple": 3, "doble": 2, "doppel": 2, "dubbel": 2}
_PLUS = ("plus", "mas", "más")
_AND = ("y", "and", "e", "i")
_POINT = ("punto", "dot", "point", "ponto", "punt", "kropka", "nokta")
_NUMBER_WORDS = {*DIGIT_WORDS, *_TEENS, *_TENS, *_HUNDREDS}
_TENS_OR_HUNDREDS = {*_TENS, *_HUNDREDS}
#: hundreds said as a digit times the word ("beş yüz" 500; Catalan writes "cinc-cents" as one word)
_TIMES_HUNDRED = frozenset({"yuz"})
#: the words as written, with their marks ("três", "pięć", "sıfır", "üç"); looked up folded
_MARKED = (
    "três",
    "dezasseis",
    "dezesseis",
    "dèneu",
    "pięć",
    "sześć",
    "dziewięć",
    "dziesięć",
    "jedenaście",
    "dwanaście",
    "trzynaście",
    "czternaście",
    "piętnaście",
    "szesnaście",
    "siedemnaście",
    "osiemnaście",
    "dziewiętnaście",
    "dwadzieścia",
    "trzydzieści",
    "czterdzieści",
    "pięćdziesiąt",
    "sześćdziesiąt",
    "siedemdziesiąt",
    "osiemdziesiąt",
    "dziewięćdziesiąt",
    "dwieście",
    "pięćset",
    "sześćset",
    "dziewięćset",
    "sıfır",
    "üç",
    "dört",
    "beş",
    "altı",
    "kırk",
    "altmış",
    "yetmiş",
    "yüz",
)
_WORDS = sorted({*_NUMBER_WORDS, *_REPEAT, *_PLUS, *_AND, *_POINT, *_MARKED, "veintidós", "veintitrés", "veintiséis",
                 "dieciséis"})  # fmt: skip
_TOKEN = re.compile(r"(?i)(?<![\w])(?:" + alternation(_WORDS) + r"|\d{1,4})(?![\w])")
#: every word that can be part of a spelled number (folded), for cheap gates
NUMBER_WORDS = frozenset(_NUMBER_WORDS)
_GAP = re.compile(r"[\s,.\-/~·∙‧•_|]{0,4}")


def _value(words: list[str]) -> str:
    """The digits of one number said in words: ["treinta", "y", "cuatro"] -> "34", ["beş", "yüz",
    "otuz", "üç"] -> "533"."""
    total = 0
    for w in words:
        if w in _TIMES_HUNDRED:
            total = max(total, 1) * 100
        elif w in _HUNDREDS:
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
            elif not (number and number[-1] in _TENS_OR_HUNDREDS):
                continue  # "y" joins "treinta y cuatro" ("trinta e um", "vint-i-nou"), nothing else
            pos = m.end()
            continue
        if token not in _NUMBER_WORDS:
            continue
        # a new number starts unless this word continues the current one
        # ("treinta" + "y" + "cuatro", "doscientos" + "uno", "twenty" + "one")
        continues = bool(number) and (
            (number[-1] in _HUNDREDS and token not in _HUNDREDS)
            or (token in _TIMES_HUNDRED and len(number) == 1 and number[0] in DIGIT_WORDS)
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
#: the words for "at" in a spelled address, in the supported languages (Catalan "arrova", Turkish
#: "et" only in brackets: it is a word of its own elsewhere)
_AT_WORDS = r"at|arroba|arrova|chiocciola|małpa|malpa|kuyruklu\s+a"
#: the words for "dot", bracketed or between spaces ("ana (punt) costa", "gmail nokta com"): an alternation without a
#: group, also for the tagger's patterns
DOT_WORDS = r"dot|punto|point|punkt|ponto|punt|kropka|nokta"
_AT = (
    rf"(?:\s*[\[({{<]\s*(?:{_AT_WORDS}|et|@)\s*[\])}}>]\s*"
    rf"|\s+(?:at\s+sign|{_AT_WORDS}|chez|bei|en)\s+|\s*@\s*|%40)"
)
_DOT = (
    rf"(?:\s*[\[({{<]\s*(?:{DOT_WORDS}|dt|\.)\s*[\])}}>]\s*"
    rf"|\s+(?:{DOT_WORDS})\s+|[ ]?\.[ ]?)"
)
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
#: the words of a local part said before a spelled number ("giulia punto marino | ottantadue chiocciola ...")
_LOCAL_BEFORE = re.compile(rf"(?i)(?<![\w.@%]){_LOCAL}(?:{_DOT}{_LOCAL}){{0,4}}[ ]\Z")
#: Italian tens and units written as one word ("ottantadue", "ventuno", "trentotto", "novantatré")
_FUSED_NUMBERS = frozenset(
    fold(tens[:-1] if unit[0] in "ou" else tens) + fold(unit)
    for tens in ("venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta")
    for unit in ("uno", "due", "tre", "tré", "quattro", "cinque", "sei", "sette", "otto", "nove")
)


def _says_a_number(word: str) -> bool:
    """A word that spells a number or part of one, folded ("ottantadue", "eighty", "dos")."""
    folded = fold(word)
    return folded in NUMBER_WORDS or folded in _FUSED_NUMBERS


def _local_start(text: str, start: int, local: str, floor: int) -> tuple[int, str]:
    """Where a spoken address's local part starts when it opens with a spelled number said after the
    words of a name ("giulia punto marino ottantadue chiocciola ..."): the regex stops at the space
    before the number; the words before it belong to the address too (never before ``floor``, where
    the previous address ended)."""
    for _ in range(6):
        words = local.split()
        if not words or not _says_a_number(words[0]):
            break
        before = _LOCAL_BEFORE.search(text, max(floor, start - 120), start)
        if before is None:
            break
        local, start = text[before.start() : start] + local, before.start()
    return start, local


#: where an address can be: the regex above only runs around these (it is slow on long texts)
_AT_ANCHOR = re.compile(rf"(?i)@|%40|[\[({{<]\s*(?:{_AT_WORDS}|et)\s*[\])}}>]|\s(?:{_AT_WORDS}|chez|bei|en)\s")
_WINDOW = 240


_PLAIN_ADDRESS = re.compile(r"[\w.+%'-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})*\.[A-Za-z]{2,24}")
#: an e-mail address written whole, no part of a longer token (the contact rule's and the tagger's)
WHOLE_ADDRESS = re.compile(r"(?<![\w.+-])" + _PLAIN_ADDRESS.pattern + r"(?![\w-])")
#: a sign or a word of an address spelled out loud: its "at", its "dot" in the supported languages, "underscore" ...
SPOKEN_ADDRESS_PART = re.compile(rf"(?i)[.@_]|\b(?:{_AT_WORDS}|{DOT_WORDS}|underscore|guion|bajo|dash|minus)\b")
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
        start, local_said = _local_start(text, m.start(), m.group("local"), cur)
        cur = m.end()
        raw = text[start : m.end()]
        local = ".".join(p.replace(" ", "") for p in _SPLIT.split(local_said) if p.strip())
        domain = ".".join(p.replace(" ", "") for p in _SPLIT.split(m.group("domain")) if p.strip())
        address = f"{local}@{domain}".lower()
        if raw.lower() == address:
            continue  # already a plain address
        if re.fullmatch(r"(?i)\s+(?:at|en)\s+", m.group("at")) and not re.search(
            rf"(?i)\b(?:{DOT_WORDS})\b|[\[({{<]\.[\])}}>]", raw
        ):
            continue  # "at" between words needs a spoken dot too ("meet me at home.com" is prose)
        out.append((start, m.end(), address))
    return out


#: a run of the base64 alphabet (standard or URL-safe), padding optional, long enough for 4+ bytes
_BASE64_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{8,}={0,2}(?![A-Za-z0-9+/_=-])")
_URL_SAFE = str.maketrans("-_", "+/")
#: the shortest decoded text worth a look (a shorter value of the map is only searched as a word)
_MIN_DECODED = 4


def base64_texts(text: str) -> list[str]:
    """The text of every run of ``text`` that is base64 (standard or URL-safe, padding optional)
    of printable UTF-8 (``TWFydGEgSWJhbmV6`` -> ``Marta Ibanez``); a run holding slashes (a path)
    is also tried piece by piece.  An ordinary word of the base64 alphabet almost never decodes to
    printable UTF-8.  The detection view does not decode base64: the egress check does, on top,
    and the hybrid detector reads the decoded runs (:func:`base64_runs`)."""
    return [decoded for _, _, decoded in base64_runs(text)]


def base64_runs(text: str) -> list[tuple[int, int, str]]:
    """(start, end, decoded text) of every base64 run of ``text`` (see :func:`base64_texts`); the
    span is the piece that decodes (a path's segment, or the whole run)."""
    out: list[tuple[int, int, str]] = []
    for m in _BASE64_RUN.finditer(text):
        run = m.group()
        pieces = [(0, run)]
        if "/" in run:
            offset = 0
            for part in run.split("/"):
                if len(part) >= 8:
                    pieces.append((offset, part))
                offset += len(part) + 1
        for offset, piece in pieces:
            decoded = _base64_text(piece)
            if decoded is not None:
                start = m.start() + offset
                out.append((start, start + len(piece), decoded))
                break
    return out


def _base64_text(run: str) -> str | None:
    body = run.rstrip("=").translate(_URL_SAFE)
    if len(body) % 4 == 1:
        return None
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
    if len(decoded.strip()) < _MIN_DECODED or not all(c.isprintable() or c in "\t\n\r" for c in decoded):
        return None
    return decoded
