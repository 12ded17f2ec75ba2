"""Rules with validators for structured identifiers.

Each rule is a compiled regular expression plus an optional validator.  A
validated match (IBAN mod-97, Luhn, DNI/NIE check letter, IP parse, calendar
date) gets score 1.0 and the validated-rule priority; a match of the right
shape whose validator fails is still reported, with a lower score and a more
generic label, because a typo in an IBAN is still somebody's IBAN (recall over
precision).  The patterns are language-neutral or carry their own
multilingual vocabulary (month names, context words) for en/es/fr/de/nl.

Every pattern is linear-time (no nested unbounded quantifiers) and the
detector scans the text once per pattern.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from stdnum import iban as std_iban
from stdnum.exceptions import InvalidChecksum, ValidationError

from local_model.detection.base import RANK_RULE, RANK_VALIDATED, Detector
from local_model.text.identifiers import dni_valid, iban_valid, ip_valid, luhn_valid
from local_model.text.lexicon import (
    BIRTH_CONTEXT,
    CONTEXT_WORDS,
    ES_STREET_PREFIXES,
    FILE_ENDINGS,
    GENDER_WORDS,
    MONTHS,
    SECONDARY_UNITS,
    STREET_PREFIXES,
    STREET_SUFFIXES,
    STREET_WORDS,
    TITLE_WORDS,
    alternation,
)
from local_model.text.markers import PLACEHOLDER, PLACEHOLDER_LABELS
from local_model.text.textnorm import fold
from local_model.text.words import zipf
from signatures.entities import Entity, Label

VALIDATED = 1.0
SHAPE_ONLY = 0.6
CHECKSUM_TYPO = 0.9  # the exact format of a checksummed identifier, only the check digits fail

_MONTH_RE = alternation(MONTHS)
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|er|e|\.|º|°)?"
_YEAR = r"(?:1[89]\d\d|20\d\d)"
_SEP = r"[ .\-]"


@dataclass(frozen=True)
class Match:
    start: int
    end: int
    label: Label
    score: float


Finder = Callable[[str], Iterator[Match]]


def _context_before(text: str, start: int, width: int = 40) -> str:
    return fold(text[max(0, start - width) : start])


@functools.cache
def _word_starts(words: tuple[str, ...]) -> re.Pattern[str]:
    """The context words where a word starts ("tel" in "tel." and "telephone", not in "hotel";
    "nie" is Spain's foreigner number, not the middle of "Daniel")."""
    return re.compile(r"(?<![^\W_])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")")


def _has_context(text: str, start: int, words: tuple[str, ...], width: int = 40) -> bool:
    ctx = _context_before(text, start, width)
    return _word_starts(words).search(ctx) is not None


def _context_label(text: str, start: int, default: Label, width: int = 40) -> Label:
    """Label a number by the nearest context word before it (or ``default``)."""
    ctx = _context_before(text, start, width)
    best: tuple[int, Label] | None = None
    for label, words in CONTEXT_WORDS.items():
        for m in _word_starts(words).finditer(ctx):
            if best is None or m.start() > best[0]:
                best = (m.start(), label)
    return best[1] if best else default


def _plausible_date(day: int, month: int) -> bool:
    return 1 <= day <= 31 and 1 <= month <= 12


# ------------------------------------------------------------------ finders


_EMAIL = re.compile(r"(?<![\w.+-])[\w.+%'-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})*\.[A-Za-z]{2,24}(?![\w-])")
_URL = re.compile(
    r"(?i)\b(?:https?://|ftp://|www\.)[^\s<>\"'`]{2,2000}"
    r"|\b[a-z0-9-]{2,63}\.(?:com|org|net|io|co|uk|de|fr|nl|es|eu|info|biz|me|app|dev)"
    r"/[^\s<>\"'`]{0,2000}"
)
_IPV4 = re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?:/\d{1,2})?(?![\d.]*\d)")
_IPV6 = re.compile(r"(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}\b")
_IBAN_LOOSE = re.compile(r"(?i)\b[A-Z]{2}\d{2}(?:[ .-]?[A-Z0-9]{4}){2,7}(?:[ .-]?[A-Z0-9]{1,4})?(?![A-Z0-9])")
_LAST_GROUP = re.compile(r"[ .-]?[A-Za-z0-9]{1,4}$")
_CARD = re.compile(r"(?<![\d-])\d{4}(?:[ -]?\d{2,4}){2,4}(?![\d-])")
_DNI = re.compile(r"(?<![\w-])(?:\d{8}|[XYZxyz][ -]?\d{7})[ -]?[A-Za-z](?![\w-])")
_DNI_LOOSE = re.compile(
    r"(?<![\w.-])(?:\d{1,2}[ .]?\d{3}[ .]?\d{3}|\d{4}[ .]\d{4}|[XYZxyz][ .-]?\d{1,4}[ .-]?\d{3,4}(?:[ .-]?\d{1,3})?)"
    r"[ .-]?[A-Za-z](?![\w-])"
)
# UK National Insurance number: two letters, three pairs of digits, a letter A-D (spaces or dashes)
_NINO = re.compile(r"(?<![\w-])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][ -]?\d{2}[ -]?\d{2}[ -]?\d{2}[ -]?[A-D](?![\w-])")
_SSN = re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}([- .])(?!00)\d{2}\1(?!0000)\d{4}(?![\d-])")
# digit runs with separators: phones, social numbers, generic identifiers
_NUMBER = re.compile(
    r"(?<![\w+.,/:-])(?:\+|00)?\(?\d{1,20}\)?(?:[ .\-/]{1,2}(?:\(0\)[ ]?)?\(?\d{1,20}\)?){0,6}(?![\w-]|[.,]\d)"
)
# alphanumeric identifiers: passports, ID cards, driver licences, policy numbers
_ALNUM_ID = re.compile(
    r"(?<![\w@.-])(?=[\w'.-]*\d)(?=[\w'.-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9']{0,40}"
    r"(?:[ .\-][A-Z0-9]{1,12}){0,6}(?![\w@-]|\.\w)"
)
_GEO = re.compile(
    r"\[?\(?[-+]?(?:[1-8]?\d|90)\.\d{2,8}°?\s?[NS]?,\s?[-+]?(?:1[0-7]\d|\d{1,2}|180)\.\d{2,8}°?\s?[EW]?\)?\]?"
)
_NUM_DATE = re.compile(
    r"(?<![\w/.:-])(\d{1,4})([./-])(\d{1,2})\2(\d{2,4})(?:[T ](\d{2}):(\d{2})(?::\d{2})?(?:\.\d+)?Z?)?(?![\w/-]|\.\d)"
)
_TEXT_DATE = re.compile(
    rf"(?i)(?<![\w])(?:{_DAY}[ ]?(?:de[ ])?(?:{_MONTH_RE})\.?,?(?:[ ]?(?:de[ ])?{_YEAR}|[ ]\d{{2}}(?!\d))?"
    rf"|(?:{_MONTH_RE})\.?[ ]{_DAY},?(?:[ ]{_YEAR})?"
    rf"|(?:{_MONTH_RE})\.?(?:/|[ ])(?:{_YEAR}|\d{{2}})(?!\d))(?![\w])"
)
_TIME = re.compile(
    r"(?i)(?<![\w:.])(?:(?:[01]?\d|2[0-3])[:h.](?:[0-5]\d)(?::[0-5]\d)?(?:\s?[ap]\.?m\.?)?"
    r"|(?:1[0-2]|0?[1-9])\s?[ap]\.?m\.?"
    r"|(?:[01]?\d|2[0-3])\s?(?:o'clock|uhr|heures?|h|uur))(?![\w])"
)
_AGE = re.compile(
    r"(?i)(?<![\w])(?:(?:aged?|age:?|alter:?|edad:?|leeftijd:?)\s?\d{1,3}"
    r"|\d{1,3}\s?(?:-\s?)?(?:years?|yrs?|yo|y/o|ans|jahre|jaar|anos|años|añitos|añito)(?:[\s-]old)?)(?![\w])"
)
_UK_POSTCODE = re.compile(
    r"(?<![\w])(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|(?:[A-Z]{2}\d{1,2}|[A-Z]\d{1,2}[A-Z]?))(?![\w])"
)
_NL_POSTCODE = re.compile(r"(?<![\w])[1-9]\d{3}\s?[A-Z]{2}(?![\w])")
#: Canadian postcodes ("B4V 2W1": letters D, F, I, O, Q, U never occur; W, Z never first)
_CA_POSTCODE = re.compile(r"(?<![\w])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ ]?\d[ABCEGHJ-NPRSTV-Z]\d(?![\w])")
#: Irish Eircodes ("P51 KD72", "V92 X4C6": a routing key, then four of the allowed characters)
_EIRCODE = re.compile(r"(?<![\w])(?:[ACDEFHKNPRTVWXY]\d{2}|D6W)[ ]?(?=[0-9A-Z]*[A-Z])[0-9ACDEFHKNPRTV-Y]{4}(?![\w])")
#: an Australian state and its four-digit postcode ("Alice Springs NT 0871", "Granville NSW 2142")
_AU_POSTCODE = re.compile(r"(?<![\w])(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT)[ \t]{1,2}(\d{4})(?![\w])")
#: a UK postcode typed with spaces between its last characters ("SN2 7 HB", "M14 6 L L", "N7 8 D J")
_UK_POSTCODE_SPACED = re.compile(r"(?<![\w])[A-Z]{1,2}\d[A-Z\d]?[ ]\d[ ][A-Z][ ]?[A-Z](?![\w])")
_FIVE_DIGITS = re.compile(r"(?<![\w.,-])\d{5}(?:-\d{4})?(?![\w-]|[.,]\d)")
_HANDLE = re.compile(r"(?<![\w@.])@[A-Za-z0-9_][A-Za-z0-9_.]{1,30}(?<![.])")
_USERNAME = re.compile(
    r"(?<![\w@.-])(?=[a-zß-ÿ0-9._-]*[a-zß-ÿ])(?=[a-zß-ÿ0-9._-]*\d)[a-zß-ÿ0-9][a-zß-ÿ0-9._-]{3,40}"
    r"(?<![._-])(?![\w@-])"
)
_DOTTED_NAME = re.compile(r"(?<![\w@.-])[a-zß-ÿ]{3,20}\.[a-zß-ÿ]{3,20}(?:[._-]?\d{1,4})?(?![\w@-]|\.\w)")
_GENDER = re.compile(r"(?i)(?<![\w-])(?:" + alternation(GENDER_WORDS) + r")(?![\w-])")
_TITLE = re.compile(
    r"(?<![\w.])(?:"
    + alternation(w.capitalize().rstrip(".") for w in TITLE_WORDS)
    + r")\.?(?=\s+\p{Lu})".replace(r"\p{Lu}", "[A-ZÀ-ÖØ-Þ]")
)

# Words that look like usernames/codes but are not personal data.
_CODE_STOP = re.compile(
    r"(?i)^(?:\d+(?:st|nd|rd|th|er|e|eme|ème|te|de|ste)|\d+(?:k|m|g|t)?b|\d+(?:px|pt|em|rem|kg|g|mg|ml|l|km|m|cm|mm|mi|ft|in|h|hrs|min|s|ms|x|d|w|y|hz|khz|mhz|ghz|v|w|kw|kwh|mah|fps|gb|mb|tb|kbps|mbps|gbps)"
    r"|[a-z]{1,3}\d{1,2}|(?:mp|h|co|ps|sha|md|utf|iso|usb|win|x|ipv|covid|gpt|llama|python|php|html|css|es|ie|ios|s|a|f|q|t|z)\d+(?:\.\d+)?"
    r"|v?\d+(?:\.\d+){1,3}[a-z]*|\d{1,2}(?:am|pm)|\d{4}s|[a-z]+\d{1,2}[a-z]+)$"
)
_FILE_EXT = re.compile(r"(?i)\.(?:" + alternation(FILE_ENDINGS) + r")$")


def _find_email(text: str) -> Iterator[Match]:
    for m in _EMAIL.finditer(text):
        yield Match(m.start(), m.end(), Label.EMAIL, VALIDATED)


def _strip_trailing(text: str, start: int, end: int, chars: str = ".,;:!?)]}'\"") -> int:
    while end > start and text[end - 1] in chars:
        end -= 1
    return end


def _find_url(text: str) -> Iterator[Match]:
    for m in _URL.finditer(text):
        end = _strip_trailing(text, m.start(), m.end())
        if end - m.start() > 4:
            yield Match(m.start(), end, Label.URL, VALIDATED)


def _find_ip(text: str) -> Iterator[Match]:
    for m in _IPV4.finditer(text):
        value = m.group().split("/")[0]
        if ip_valid(value):
            yield Match(m.start(), m.end(), Label.IP_ADDRESS, VALIDATED)
    for m in _IPV6.finditer(text):
        value = m.group()
        if value.count(":") >= 2 and any(c.isalnum() for c in value) and ip_valid(value):
            # a bare "12:30:45" is a time, not an IPv6 address
            if re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", value):
                continue
            yield Match(m.start(), m.end(), Label.IP_ADDRESS, VALIDATED)


def _iban_status(value: str) -> str:
    """``valid``, ``checksum`` (right country, length and format; a check digit fails) or ``invalid``."""
    compact = re.sub(r"[\s.\-]", "", value).upper()
    try:
        std_iban.validate(compact)
    except InvalidChecksum:
        return "checksum"
    except ValidationError:
        return "invalid"
    return "valid"


def _find_iban(text: str) -> Iterator[Match]:
    # lower case or dotted layouts (es91.2100.0418...): validated only
    for m in _IBAN_LOOSE.finditer(text):
        value = m.group()
        if _IBAN.fullmatch(value):
            continue
        for _ in range(3):  # "... 1332 gracias": the last groups are the next word
            if _iban_status(value) != "invalid" or len(value) < 15:
                break
            value = _LAST_GROUP.sub("", value)
        status = _iban_status(value)
        if status == "valid":
            yield Match(m.start(), m.start() + len(value), Label.IBAN, VALIDATED)
        elif status == "checksum":  # the right layout with a mistyped check digit: still an account
            yield Match(m.start(), m.start() + len(value), Label.ACCOUNT_NUMBER, CHECKSUM_TYPO)
    for m in _IBAN.finditer(text):
        value = m.group()
        if iban_valid(value):
            yield Match(m.start(), m.end(), Label.IBAN, VALIDATED)
            continue
        try:
            std_iban.validate(value.replace(" ", "").replace("-", ""))
        except InvalidChecksum:
            # right country, length and format, wrong check digits: a mistyped IBAN is still one
            # account number, and outranks the digit groups inside it
            yield Match(m.start(), m.end(), Label.ACCOUNT_NUMBER, CHECKSUM_TYPO)
            continue
        except ValidationError:
            pass
        if len(re.sub(r"\W", "", value)) >= 15:
            yield Match(m.start(), m.end(), Label.ACCOUNT_NUMBER, SHAPE_ONLY)


def _find_card(text: str) -> Iterator[Match]:
    for m in _CARD.finditer(text):
        if luhn_valid(m.group()):
            yield Match(m.start(), m.end(), Label.CREDIT_CARD, VALIDATED)


def _find_dni(text: str) -> Iterator[Match]:
    for m in _DNI.finditer(text):
        if dni_valid(m.group()):
            yield Match(m.start(), m.end(), Label.NATIONAL_ID, VALIDATED)
        else:
            yield Match(m.start(), m.end(), Label.ID_CARD, SHAPE_ONLY)
    # other layouts people write: 48.291.637-D, 4829 1637-D, X-123-4567-L (validated only)
    for m in _DNI_LOOSE.finditer(text):
        if dni_valid(m.group()):
            yield Match(m.start(), m.end(), Label.NATIONAL_ID, VALIDATED)


def _find_nino(text: str) -> Iterator[Match]:
    for m in _NINO.finditer(text):
        yield Match(m.start(), m.end(), Label.NATIONAL_ID, 0.85)


def _find_ssn(text: str) -> Iterator[Match]:
    for m in _SSN.finditer(text):
        label = _context_label(text, m.start(), Label.NATIONAL_ID)
        yield Match(m.start(), m.end(), label, 0.9 if label == Label.NATIONAL_ID else 0.7)


def _find_numbers(text: str) -> Iterator[Match]:
    """Phone numbers, social numbers and other digit identifiers (>= 6 digits)."""
    for m in _NUMBER.finditer(text):
        start, end = m.start(), _strip_trailing(text, m.start(), m.end(), " .-/(")
        value = text[start:end]
        if value.count("(") != value.count(")"):
            if value.startswith("("):
                start += 1
            end = _strip_trailing(text, start, end, ")")
            value = text[start:end]
        digits = sum(c.isdigit() for c in value)
        if digits < 6 or digits > 20:
            continue
        if re.fullmatch(r"\d{4}\s?[-/]\s?\d{4}", value) and 1800 <= int(value[:4]) <= 2100:
            continue  # a year range
        intl = value.startswith(("+", "00"))
        shape_phone = intl or bool(re.fullmatch(r"\(?0\d[\d\s().\-/]+", value))
        default = Label.PHONE if shape_phone or 9 <= digits <= 15 else Label.ID_CARD
        label = _context_label(text, start, default)
        if label in (Label.CREDIT_CARD, Label.POSTCODE):
            label = default
        score = 0.85 if intl or label != default else 0.6
        yield Match(start, end, label, score)


def _find_alnum_ids(text: str) -> Iterator[Match]:
    """Mixed letter/digit codes (passports, ID cards, licences, policy numbers)."""
    for m in _ALNUM_ID.finditer(text):
        start, end = m.start(), _strip_trailing(text, m.start(), m.end(), " .-'")
        value = text[start:end]
        compact = re.sub(r"[\s.\-']", "", value)
        digits = sum(c.isdigit() for c in compact)
        if len(compact) < 5 or digits < 2:
            continue
        if _CODE_STOP.match(compact) or _CODE_STOP.match(value.split()[0]):
            continue
        if value.islower() and " " not in value:
            continue  # lower-case words with digits: left to the username rule
        label = _context_label(text, start, Label.ID_CARD)
        if label in (Label.PHONE, Label.POSTCODE):
            label = Label.ID_CARD
        yield Match(start, end, label, 0.75 if label != Label.ID_CARD else 0.55)


def _find_geo(text: str) -> Iterator[Match]:
    for m in _GEO.finditer(text):
        start, end = m.start(), m.end()
        value = text[start:end]
        if value.startswith("[") != value.endswith("]") or value.startswith("(") != value.endswith(")"):
            start += value[0] in "[("
            end -= value[-1] in "])"
        yield Match(start, end, Label.GEO_COORDINATE, 0.9)


def _date_label(text: str, start: int) -> Label:
    return Label.DATE_OF_BIRTH if _has_context(text, start, BIRTH_CONTEXT, 48) else Label.DATE


def _find_dates(text: str) -> Iterator[Match]:
    for m in _NUM_DATE.finditer(text):
        a, b, c = m.group(1), m.group(3), m.group(4)
        if len(a) == 4:  # ISO: yyyy-mm-dd
            ok = _plausible_date(int(c) if len(c) <= 2 else 0, int(b)) and 1800 <= int(a) <= 2100
        else:
            x, y = int(a), int(b)
            ok = len(c) in (2, 4) and (_plausible_date(x, y) or _plausible_date(y, x))
        if ok:
            yield Match(m.start(), m.end(), _date_label(text, m.start()), VALIDATED)
    for m in _TEXT_DATE.finditer(text):
        value = m.group()
        if " " not in value and "/" not in value and not any(ch.isdigit() for ch in value):
            continue
        if re.fullmatch(r"(?i)(?:may|mai|mar|march|mei)\s?\d{1,2}", value):
            continue  # "may 5" is too ambiguous without a year
        yield Match(m.start(), m.end(), _date_label(text, m.start()), 0.9)


def _find_times(text: str) -> Iterator[Match]:
    for m in _TIME.finditer(text):
        value = m.group()
        if re.fullmatch(r"\d{1,2}\.\d{2}", value):
            continue  # "3.50" is more often a price than a time
        yield Match(m.start(), m.end(), Label.TIME, 0.8)


def _find_age(text: str) -> Iterator[Match]:
    for m in _AGE.finditer(text):
        yield Match(m.start(), m.end(), Label.AGE, 0.8)


def _find_postcodes(text: str) -> Iterator[Match]:
    for m in _UK_POSTCODE.finditer(text):
        value = m.group()
        full = " " in value or len(value) >= 6
        if full or _has_context(text, m.start(), CONTEXT_WORDS[Label.POSTCODE], 30):
            yield Match(m.start(), m.end(), Label.POSTCODE, 0.85 if full else 0.7)
        elif re.fullmatch(r"[A-Z]{2}\d{1,2}", value) and value[:2] not in _NOT_POSTCODE_AREA:
            yield Match(m.start(), m.end(), Label.POSTCODE, 0.4)
    for m in _NL_POSTCODE.finditer(text):
        yield Match(m.start(), m.end(), Label.POSTCODE, 0.8)
    for m in _CA_POSTCODE.finditer(text):
        yield Match(m.start(), m.end(), Label.POSTCODE, 0.75)
    for m in _EIRCODE.finditer(text):
        yield Match(m.start(), m.end(), Label.POSTCODE, 0.6)
    for m in _AU_POSTCODE.finditer(text):
        yield Match(m.start(1), m.end(1), Label.POSTCODE, 0.7)
    for m in _UK_POSTCODE_SPACED.finditer(text):
        yield Match(m.start(), m.end(), Label.POSTCODE, 0.7)
    for m in _FIVE_DIGITS.finditer(text):
        # 5-digit codes (de/fr/es/us) only with context: "75001 Paris", "PLZ 10115", "CA 94103"
        after = text[m.end() : m.end() + 30]
        if (
            _has_context(text, m.start(), CONTEXT_WORDS[Label.POSTCODE], 30)
            or re.match(r"\s[A-ZÀ-Ý][a-zà-ÿ]+", after)
            or re.search(r"(?:\b[A-Z]{2}|,)\s?$", text[max(0, m.start() - 6) : m.start()])
        ):
            yield Match(m.start(), m.end(), Label.POSTCODE, 0.7)


_NOT_POSTCODE_AREA = {"MP", "PS", "CO", "HP", "IP", "GT", "RX", "SD", "TV", "PC", "PM", "AM", "XP"}


def _find_handles(text: str) -> Iterator[Match]:
    for m in _HANDLE.finditer(text):
        yield Match(m.start(), m.end(), Label.USERNAME, 0.8)
    for m in _USERNAME.finditer(text):
        value = m.group()
        if _CODE_STOP.match(value) or _FILE_EXT.search(value) or value.isdigit():
            continue
        if sum(c.isalpha() for c in value) < 2 or _common_parts(value):
            continue
        yield Match(m.start(), m.end(), Label.USERNAME, 0.6)
    for m in _DOTTED_NAME.finditer(text):
        if _FILE_EXT.search(m.group()) or m.group().startswith(("www.", "e.g", "i.e")):
            continue
        if _common_parts(m.group()):
            continue
        yield Match(m.start(), m.end(), Label.USERNAME, 0.45)


def _common_parts(value: str) -> bool:
    """True when every letter run of an identifier is a common word (``issue_1``, ``user.name``)."""
    parts = re.findall(r"[a-z]{2,}", value.lower())
    return bool(parts) and all(zipf(p) >= 3.3 for p in parts)


#: pronouns given as such: "Hannah Levitt (she/her)", "Pronouns: he/him"
_PRONOUNS = re.compile(
    r"(?i)(?<![\w/])(?:he/him(?:/his)?|she/her(?:/hers)?|they/them(?:/theirs)?|he/they|she/they|they/he|"
    r"they/she|xe/xem|ze/zir|ze/hir|él/ella|ella/él|elle/elle|il/elle|er/ihm|sie/ihr)(?![\w/])"
)
#: the sex after an age in a list of people: "age 67, M", "82 años, mujer", "34 yo, F"
_SEX_AFTER_AGE = re.compile(
    r"(?i)(?:(?<![\w])(?:age|aged|edad)[ \t:]*\d{1,3}|\d{1,3}[ \t]*(?:años|years?(?:[ -]old)?|yrs?|y/?o|ans|jahre))"
    r"[ \t]*,[ \t]*((?-i:M|F|H|V)|male|female|man|woman|hombre|mujer|varón|var[oó]n|masculino|femenino)(?![\w])"
)


def _find_gender(text: str) -> Iterator[Match]:
    for m in _GENDER.finditer(text):
        value = m.group()
        if value.lower() in ("man", "woman", "divers", "homme", "femme", "hombre", "mujer", "vrouw"):
            # common nouns: only as a field value ("Gender: Man", "Geslacht: Vrouw")
            if not re.search(r"[:=>\"]\s*$", text[max(0, m.start() - 3) : m.start()]):
                continue
        yield Match(m.start(), m.end(), Label.GENDER, 0.7)
    for m in _PRONOUNS.finditer(text):
        yield Match(m.start(), m.end(), Label.GENDER, 0.7)
    for m in _SEX_AFTER_AGE.finditer(text):
        yield Match(m.start(1), m.end(1), Label.GENDER, 0.6)


_TITLE_ITEM = re.compile(
    r"(?im)^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(?:\*\*)?([A-Za-zÀ-ÿ.]{2,15})(?:\*\*)?[ \t]*,?[ \t]*$"
)
_TITLE_SET = {fold(w).rstrip(".") for w in TITLE_WORDS}


def _find_titles(text: str) -> Iterator[Match]:
    for m in _TITLE.finditer(text):
        yield Match(m.start(), m.end(), Label.TITLE, 0.6)
    for m in _TITLE_ITEM.finditer(text):  # "- Mlle" as a list item
        if fold(m.group(1)).rstrip(".") in _TITLE_SET:
            yield Match(m.start(1), m.end(1), Label.TITLE, 0.6)


_CAP = r"[A-ZÀ-Þ][\w'’-]*"
_STREET_AFTER = re.compile(
    rf"(?<![\w])(?:(\d{{1,5}}[A-Za-z]?),?\s)?((?:{_CAP}\s){{0,3}}{_CAP}\s(?i:"
    + alternation(STREET_SUFFIXES)
    + r")\.?)(?![\w])(?:,?\s(\d{1,5}[A-Za-z]?)(?![\w.,:]\d))?"
)
_STREET_COMPOUND = re.compile(
    r"(?<![\w])((?:(?:(?:[A-Z]\.){1,3}|[A-ZÀ-Þ][\w'-]{1,20})[ ](?:(?:van|de|der|den|von)[ ])?){0,3}"
    r"[A-ZÀ-Þ][\wäöüß'-]{2,30}(?:strasse|straße|str\.|weg|allee|platz|gasse|damm|"
    r"straat|laan|laantje|plein|gracht|kade|singel|dijk|dreef|steeg))(?![\w])(?:[ ](\d{1,5}[A-Za-z]?)(?![\w]))?"
)
#: "nº 114", "nº123", "n.º 5", "no. 7" before a house number
_NUMBER_SIGN = r"(?:(?i:n\.?[º°]|no\.)\s?)?"
_STREET_BEFORE = re.compile(
    r"(?<![\w])(?:(\d{1,5}(?:\s?(?:bis|ter))?),?\s)?((?i:"
    + alternation(STREET_PREFIXES)
    + rf")\s(?:(?:de|del|des|du|de la|la|le|les|l'|d'|da|do|dos|das)\s?)?{_CAP}(?:\s{_CAP}){{0,3}})"
    + r"(?:,?\s?(?:(?<=\s)|(?<=,))"
    + _NUMBER_SIGN
    + r"(\d{1,5}[A-Za-z]?)(?![\w]))?"
)
_SECONDARY = re.compile(
    r"(?<![\w])(?i:" + alternation(SECONDARY_UNITS) + r")\.?\s?(?:no\.?\s?|#\s?)?\d{1,5}[A-Za-z]?(?![\w])"
)
# "305 brown fork", "330 Michael Trace Apt 17", "313-315 cherry rise": a house number, up to four
# words and a street word in any case (the long list of street words only counts after a number)
_NUMBERED_STREET = re.compile(
    r"(?<![\w.,/-])(\d{1,5}[A-Za-z]?(?:-\d{1,5}[A-Za-z]?)?)\s+((?:[A-Za-zÀ-ÿ'’-]{2,20}\s){0,3}(?i:"
    + alternation(STREET_WORDS)
    + r"))(?![\w])"
)
# a named house before its street, in any case: "Ivy Cottage, Mill Parade", "mill cottage, mill ave",
# "Rose Farm, 12 Church Lane" (the street needs a name and a street word; "my house, close by" is no address)
_FUNCTION_WORD = (
    r"(?!(?i:at|in|on|to|from|the|a|an|my|your|his|her|our|their|this|that|is|are|was|its|for|with|by|and|"
    r"or|near|into|of|me|we|you|it|love|big|old|new|small|nice|then|so|but|now|also|just|please|here|there|"
    r"when|where|if|as|via|visit|send|deliver)[ ])"
)
_NAMED_HOUSE = re.compile(
    rf"(?<![\w'’-])((?:{_FUNCTION_WORD}[A-Za-z][a-z'’-]{{1,20}}[ ]){{1,2}}(?i:cottages?|house|farm|lodge|barns?|"
    rf"manor|villa|hall|grange|mill|croft)),[ ](?:\d{{1,5}}[A-Za-z]?[ ])?"
    rf"((?:{_FUNCTION_WORD}[A-Za-z][a-z'’-]{{1,20}}[ ]){{1,3}}"
    r"(?i:" + alternation(STREET_WORDS) + r"))\.?(?![\w])"
)
_HOUSE_WORD = re.compile(r"(?i)(?:cottages?|house|farm|lodge|barns?|manor|villa|hall|grange|mill|croft),[ ]")


def _named_houses(text: str) -> Iterator[re.Match[str]]:
    """:data:`_NAMED_HOUSE` tried only around a house word and its comma (the full pattern tried at
    every word of a long text was the slowest of the street rules)."""
    end = 0
    for hit in _HOUSE_WORD.finditer(text):
        if hit.start() < end:
            continue
        m = _NAMED_HOUSE.search(text, max(end, hit.start() - 44), min(len(text), hit.end() + 100))
        if m is not None and m.start() <= hit.start() < m.end():
            end = m.end()
            yield m


_NOT_IN_STREET_NAMES = frozenset(
    {"in", "on", "at", "from", "to", "for", "with", "and", "or", "by", "near", "into", "the"}
)
_UNIT_BEFORE = re.compile(r"(?i)(?:apt|apartment|suite|ste|unit|flat|room|rm|no|#)\.?\s?$")
# "callejón de las rosas 131", "c/ mayor, 12": a Spanish street word, a name in any case, a number
_STREET_BEFORE_LOWER = re.compile(
    r"(?<![\w])((?i:" + alternation(ES_STREET_PREFIXES) + r")\.?\s?"
    r"(?:(?:de|del|de la|de las|de los|la|las|los|el|do|da|dos|das|dels|de les)\s|d['’])?"
    r"[A-Za-zÀ-ÿ'’-]{2,25}(?:\s[A-Za-zÀ-ÿ'’-]{2,25}){0,3}),?\s" + _NUMBER_SIGN + r"(\d{1,5}[A-Za-z]?)(?![\w])"
)
# Spanish floor and door: "4º C", "2ºA", "1º int.", "1er B", "esc. B", "portal 2", "ático B", "bajo"
# "3.º-A", "8º-dcha.", "8º-1ª", "2do izda.", "1er izda.", "entlo.": the door's abbreviation keeps its dot
_DOOR = r"(?:izq(?:da|uierda)?|izda|dcha|drcha|dch|dra|der(?:echa)?|int(?:erior)?|ext(?:erior)?|ctro|centro)"
_SPANISH_FLOOR = re.compile(
    r"(?<![\w])(?:\d{1,2}\.?\s?[ºª°](?:\s?-?\s?(?:"
    + _DOOR
    + r"|\d{1,2}\s?[ºª]|[A-Za-z]|[\"“][A-Za-z][\"”])(?![\w]))?\.?"
    r"|\d{1,2}(?:er\s?[A-Ha-h]|[oa]\s?[A-H])(?![\w])"
    r"|\d{1,2}(?:er|ro|do|to)\s?-?\s?(?:" + _DOOR + r"\.?|[A-Ha-h](?![\w]))"
    r"|(?i:esc(?:alera)?|portal|bloque|puerta|piso|planta|ático|atico|bajo|entresuelo|principal)\.?\s?[A-Z0-9]{1,3}"
    r"(?![\w])|(?i:entlo|pral|entreplanta)\.?(?![\w]))"
)
#: a floor or door right after a house number ("97, esc. I", "nº6 entlo.")
_AFTER_HOUSE_NUMBER = re.compile(r"(?:(?<![\w.,])|(?<=[º°]))\d{1,5}[A-Za-z]?,?\s$")
_UUID = re.compile(r"(?<![\w-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])")
# credentials in query strings and form bodies: client_secret=…, access_token=…, code=…
_CREDENTIAL = re.compile(
    r"(?i)(?<![\w-])(?:client[_-]?secret|client[_-]?id|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|"
    r"auth[_-]?token|id[_-]?token|token|secret|code|session[_-]?id|sessionid|sid|password|passwd|pwd)"
    r"=([^\s\"'&<>,;]{8,300})"
)
_SECRETISH = re.compile(r"(?<![\S])(?=\S*[A-Za-z])(?=\S*[0-9#$%&*!?^~`<>{}|\\/=+])\S{6,32}(?![\S])")


# "PO Box 318", "P.O. Box 12", "Apartado de Correos 45", "Postfach 10 20 30", "Postbus 123"
_PO_BOX = re.compile(
    r"(?i)(?<![\w])(?:p\.?[ ]?o\.?[ ]?box|post[ ]office[ ]box|apartado[ ]de[ ]correos|apartado[ ]postal|apdo\.?|"
    r"casilla(?:[ ]de[ ]correo)?|case[ ]postale|boîte[ ]postale|bp|postfach|postbus)[ ]?(?:no\.?[ ]?|n[º°][ ]?)?"
    r"\d{1,6}(?:[ ]\d{2}){0,2}(?![\w])"
)
# Colombian and Venezuelan street lines: "Carrera 43A # 18-95", "Calle 93B # 13-44", "Cra 15 # 93-47",
# "Diagonal 45 Sur # 22-10", "Calle 72 No. 10-34"
_GRID_STREET = re.compile(
    r"(?i)(?<![\w])(?:calle|cl|cll|carrera|cra|kra|kr|cr|diagonal|dg|transversal|tv|tr|avenida|av|ak|ac|"
    r"avenida[ ]calle|avenida[ ]carrera)\.?[ ]\d{1,3}[ ]?[A-Z]?(?:[ ]bis)?(?:[ ](?:sur|norte|este|oeste))?"
    r"[ ]?(?:#|no\.?|n[º°])[ ]?\d{1,3}[ ]?[A-Z]?[ ]?-[ ]?\d{1,3}(?:[ ](?:sur|norte|este))?(?![\w])"
)


def _street_match(m: re.Match[str], name_group: int, label_groups: tuple[int, ...]) -> Iterator[Match]:
    end = m.end(name_group)
    if m.group(name_group).endswith(".") and len(m.group(name_group).split()[-1]) > 4:
        end -= 1  # "Montague Road." ends a sentence; "Main St." keeps its dot
    yield Match(m.start(name_group), end, Label.STREET_ADDRESS, 0.75)
    for g in label_groups:
        if m.group(g):
            yield Match(m.start(g), m.end(g), Label.BUILDING_NUMBER, 0.7)


def _find_streets(text: str) -> Iterator[Match]:
    for m in _STREET_AFTER.finditer(text):
        first = m.group(2).split()[0]
        if fold(first) in ("the", "a", "an", "this", "that", "our", "my", "your") and len(m.group(2).split()) == 2:
            continue
        yield from _street_match(m, 2, (1, 3))
    for m in _STREET_COMPOUND.finditer(text):
        yield from _street_match(m, 1, (2,))
    for m in _STREET_BEFORE.finditer(text):
        yield from _street_match(m, 2, (1, 3))
    for m in _SECONDARY.finditer(text):
        yield Match(m.start(), m.end(), Label.SECONDARY_ADDRESS, 0.6)
    for m in _PO_BOX.finditer(text):
        if m.group()[:2].lower() != "bp" or m.group()[:2] == "BP":
            yield Match(m.start(), m.end(), Label.STREET_ADDRESS, 0.7)
    for m in _GRID_STREET.finditer(text):
        yield Match(m.start(), m.end(), Label.STREET_ADDRESS, 0.8)
    for m in _NUMBERED_STREET.finditer(text):
        words = {fold(w) for w in m.group(2).split()[:-1]}
        if words & _NOT_IN_STREET_NAMES or _UNIT_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "19 in cedar falls" (a preposition), "apt 19 ..." (a unit number, not a house)
        yield Match(m.start(), m.end(), Label.STREET_ADDRESS, 0.65)
    for m in _STREET_BEFORE_LOWER.finditer(text):
        yield Match(m.start(), m.end(), Label.STREET_ADDRESS, 0.65)
    for m in _named_houses(text):
        street = m.group(2).split()
        end = m.end() - 1 if m.group().endswith(".") and len(street[-1]) > 4 else m.end()
        yield Match(m.start(), end, Label.STREET_ADDRESS, 0.7)
    for m in _SPANISH_FLOOR.finditer(text):
        value = m.group()
        if (
            re.search(r"[ºª°]|\d(?:er|o|a)\s?[A-Ha-h]$|\d(?:er|ro|do|to)\s?-?\s?[a-z]{3}", value)
            or _AFTER_HOUSE_NUMBER.search(text, max(0, m.start() - 8), m.start())
            or _has_context(text, m.start(), ("calle", "c/", ","), 60)
        ):
            yield Match(m.start(), m.end(), Label.SECONDARY_ADDRESS, 0.65)  # beats the user-name shape ("1erb")


def _find_placeholders(text: str) -> Iterator[Match]:
    """Markers already in the text (``<PRESIDIO_ANONYMIZED_PERSON>``, ``[NAME_1]``, ``{{email}}``).

    They are masked like the type they name, so a user-typed marker can never be
    confused with (or capture) a marker of ours downstream.
    """
    for m in PLACEHOLDER.finditer(text):
        body = m.group().upper()
        label = next((lab for key, lab in PLACEHOLDER_LABELS.items() if key in body), Label.PERSON)
        yield Match(m.start(), m.end(), label, 0.9)


def _find_secrets(text: str) -> Iterator[Match]:
    """Password-like tokens: both cases, a digit and a symbol inside, no spaces, not code/URL/path."""
    for m in _SECRETISH.finditer(text):
        v = m.group().strip(".,;:()[]{}*_\"'")
        if len(v) < 5 or "@" in v or "://" in v or "\\n" in v or "\\t" in v or '="' in v:
            continue
        if re.search(r"</?[A-Za-z][\w-]*>?|^[\w-]+>", v):
            continue
        inner = v[1:-1]
        if not (
            any(c.isupper() for c in v)
            and any(c.islower() for c in v)
            and any(c.isdigit() for c in v)
            and any(not c.isalnum() for c in inner)
        ):
            continue
        if re.search(r"\w\(|\.\w+\(|=>|->|::|[/\\]\w+[/\\]|^\w+[.=]\w+$", v):
            continue  # code or a path, not a secret
        start = m.start() + m.group().index(v)
        yield Match(start, start + len(v), Label.PASSWORD, 0.4)


def _find_uuids(text: str) -> Iterator[Match]:
    """UUIDs: opaque identifiers of a record, a session or a customer."""
    for m in _UUID.finditer(text):
        yield Match(m.start(), m.end(), Label.CUSTOMER_ID, 0.6)


def _find_credentials(text: str) -> Iterator[Match]:
    """Values of credential parameters (``client_secret=…``, ``code=…``) with letters and digits."""
    for m in _CREDENTIAL.finditer(text):
        value = m.group(1)
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            yield Match(m.start(1), m.end(1), Label.PASSWORD, 0.7)


#: "my old password was Foxy2009!", "pw Summer2024!!", "la contraseña provisional era perro2024!": the
#: value after a password word keeps its punctuation (letters and digits required)
_PASSWORD_CUE = re.compile(
    r"(?i)(?<![\w])(?:password|passwd|pwd|pw|passcode|contraseña|contrasena|clave|mot de passe|passwort|"
    r"wachtwoord)(?![\w])(?:[ \t]+(?:was|is|es|era|fue|provisional|temporal|temp|old|new|nueva|antigua|"
    r"they gave me|que me dieron|me dieron|they gave me was))*[ \t(:=\"'“]+"
    r"((?=[^\s\"'“”()\\<>]*\d)(?=[^\s\"'“”()\\<>]*[A-Za-z])[^\s\"'“”()\\<>]{4,64})"
)
#: prefixed references with slashes: "TRV/448201/23", "CVP/0017724/KL", "VND/IN/2024/0877", "REF/24/118203"
_SLASH_REF = re.compile(r"(?<![\w/])[A-Z]{2,5}(?:/[A-Z0-9]{1,12}){2,5}(?![\w/])")


def _find_cued_passwords(text: str) -> Iterator[Match]:
    for m in _PASSWORD_CUE.finditer(text):
        value = m.group(1).rstrip(".,;:")
        if len(value) >= 4:
            yield Match(m.start(1), m.start(1) + len(value), Label.PASSWORD, 0.75)


def _find_slash_refs(text: str) -> Iterator[Match]:
    for m in _SLASH_REF.finditer(text):
        if sum(c.isdigit() for c in m.group()) >= 4:
            yield Match(m.start(), m.end(), _context_label(text, m.start(), Label.ACCOUNT_NUMBER), 0.7)


# "ext. 2231", "my extension is 4418", "extensión es la 4172", "anexo 305": an internal phone line
_EXTENSION = re.compile(
    r"(?i)(?<![\w])(?:ext|extn|extension|extensión|anexo)\.?[ \t]*"
    r"(?:(?:number|no\.?|n[º°]|#)[ \t]*)?(?:[:=][ \t]*|is[ \t]+|es[ \t]+(?:la[ \t]+|el[ \t]+)?)?(\d{2,6})(?![\w])"
)
# "the card ending in 7734", "card ends 0392", "tarjeta terminada en 4471": the last digits of a card
_CARD_ENDING = re.compile(
    r"(?i)(?<![\w])(?:ending(?:[ \t]+(?:in|with))?|ends(?:[ \t]+(?:in|with))?|last[ \t]+(?:4|four)(?:[ \t]+digits)?"
    r"(?:[ \t]+(?:are|is|of))?|terminada[ \t]+en|acabada[ \t]+en|termina[ \t]+en|acaba[ \t]+en|"
    r"últimos[ \t]+(?:4|cuatro)(?:[ \t]+(?:dígitos|digitos|números|numeros))?(?:[ \t]+(?:son|es))?)"
    r"[ \t]*[:\-]?[ \t]*(?:\*+[ \t]?)?(\d{4})(?![\w])"
)
_CARD_WORDS = re.compile(r"(?i)(?<![\w])(?:card|tarjeta|visa|mastercard|amex|débito|debito|crédito|credito)(?![\w])")


def _find_partial_numbers(text: str) -> Iterator[Match]:
    for m in _EXTENSION.finditer(text):
        yield Match(m.start(1), m.end(1), Label.PHONE, 0.6)
    for m in _CARD_ENDING.finditer(text):
        if _CARD_WORDS.search(text, max(0, m.start() - 60), m.end() + 20):
            yield Match(m.start(1), m.end(1), Label.CREDIT_CARD, 0.6)


#: Finders in order; a finder reports score 1.0 only for validated matches (source "rules:validated").
FINDERS: tuple[Finder, ...] = (
    _find_email,
    _find_url,
    _find_ip,
    _find_iban,
    _find_card,
    _find_dni,
    _find_dates,
    _find_geo,
    _find_ssn,
    _find_nino,
    _find_numbers,
    _find_alnum_ids,
    _find_times,
    _find_age,
    _find_postcodes,
    _find_handles,
    _find_gender,
    _find_titles,
    _find_streets,
    _find_placeholders,
    _find_secrets,
    _find_uuids,
    _find_credentials,
    _find_cued_passwords,
    _find_slash_refs,
    _find_partial_numbers,
)


class RuleDetector(Detector):
    """Regex rules with validators; language-neutral structured identifiers."""

    name = "rules"
    labels = frozenset(Label) - {Label.HEALTH, Label.RELIGION, Label.POLITICS, Label.SEXUAL_ORIENTATION}
    sources: ClassVar[Mapping[str, int]] = {"rules:validated": RANK_VALIDATED, "rules": RANK_RULE}

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out: list[Entity] = []
        for finder in FINDERS:
            for m in finder(text):
                if m.end > m.start:
                    source = "rules:validated" if m.score >= VALIDATED else "rules"
                    out.append(Entity.make(text, m.start, m.end, m.label, m.score, source))
        return out
