"""National identifiers of many countries, validated by their check digits (``python-stdnum``).

Every EU/EEA country plus BR, MX, IN, CN, TR, US, CA, AU, JP, KR, HK, TW, CH, GB, ZA, IL, UA: each
format is a shape (the way people write the number: separators, letter prefixes, century signs,
``+``/``-``/``A``) and a validator (stdnum's ``is_valid``; where stdnum has none, the published
check algorithm: Japan's My Number, Hong Kong's HKID, Taiwan's national id, the Polish identity
card).  A valid match of a *distinctive* shape is an identifier on its own (a Finnish
``131052-308T``, an Italian codice fiscale, a Chinese resident id); a bare run of digits that
merely passes a check digit (one in ten or one in a hundred random numbers does) is one only after
a word naming an identifier within the 60 characters before it (``PESEL``, ``NIF``, ``Aadhaar``,
``kimlik no``: ``data/mul/national_id_keywords.txt`` and the language packs' ``id_keywords.tsv``).

The whole value is reported, separators and letters included, so nothing of it is left raw.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from stdnum import luhn
from stdnum.at import vnr
from stdnum.be import nn
from stdnum.bg import egn
from stdnum.br import cnpj, cpf
from stdnum.ca import sin
from stdnum.ch import ssn as ahv
from stdnum.cn import ric
from stdnum.cz import rc as cz_rc
from stdnum.de import idnr
from stdnum.dk import cpr
from stdnum.ee import ik
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.gb import nhs
from stdnum.gr import amka
from stdnum.hr import oib
from stdnum.ie import pps
from stdnum.il import idnr as il_id
from stdnum.in_ import aadhaar, pan
from stdnum.is_ import kennitala
from stdnum.it import codicefiscale
from stdnum.kr import rrn
from stdnum.lt import asmens
from stdnum.mx import curp
from stdnum.nl import bsn
from stdnum.no import fodselsnummer
from stdnum.pl import pesel
from stdnum.pt import cc as pt_cc
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp
from stdnum.se import personnummer
from stdnum.si import emso
from stdnum.tr import tckimlik
from stdnum.ua import rntrc
from stdnum.us import itin
from stdnum.za import idnr as za_id

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Hit, Rule, Scan
from local_model.detection.catalogue.context import context_before
from local_model.text.lexicon import alternation
from local_model.text.lexicons import LANGUAGES, pairs, words
from local_model.text.textnorm import fold, fold_in_place
from signatures.entities import Label

#: the score of a number that passes a check digit after a word naming an identifier
KEYWORD_VALID = 0.95


def _stdnum(module: object) -> Callable[[str], bool]:
    is_valid: Callable[[str], bool] = module.is_valid  # type: ignore[attr-defined]

    def check(value: str) -> bool:
        try:
            return bool(is_valid(value))
        except Exception:  # a validator that trips on an odd value: not a valid identifier
            return False

    return check


def _luhn_spaced(value: str) -> bool:
    """A Luhn check over the digits of a number written in groups ("8031 0000 0000 0000 0006")."""
    return luhn.is_valid(re.sub(r"\s", "", value))


def _my_number(value: str) -> bool:
    """Japan's individual number (12 digits, the last a mod-11 check digit)."""
    digits = re.sub(r"\D", "", value)
    if len(digits) != 12:
        return False
    body = [int(c) for c in digits[:11]]
    total = sum(d * (n + 1 if n <= 6 else n - 5) for n, d in enumerate(reversed(body), start=1))
    check = 0 if total % 11 <= 1 else 11 - total % 11
    return check == int(digits[11])


def _hkid(value: str) -> bool:
    """Hong Kong identity card: one or two letters, six digits, a check digit (0-9 or A) in brackets."""
    m = re.fullmatch(r"([A-Z]{1,2})(\d{6})\(?([0-9A])\)?", re.sub(r"\s", "", value.upper()))
    if m is None:
        return False
    letters, digits, check = m.groups()
    letters = letters.rjust(2, " ")
    values = [36 if c == " " else ord(c) - 55 for c in letters] + [int(c) for c in digits]
    total = sum(v * w for v, w in zip(values, range(9, 1, -1), strict=True))
    expected = (11 - total % 11) % 11
    return check == ("A" if expected == 10 else str(expected))


_TW_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def _taiwan_id(value: str) -> bool:
    """Taiwan's national identification number: a letter, 1 or 2, eight digits, mod-10 check."""
    v = value.upper()
    if not re.fullmatch(r"[A-Z][12]\d{8}", v):
        return False
    code = _TW_LETTERS.index(v[0]) + 10
    digits = [code // 10, code % 10] + [int(c) for c in v[1:]]
    weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1]
    return sum(d * w for d, w in zip(digits, weights, strict=True)) % 10 == 0


def _polish_id_card(value: str) -> bool:
    """The Polish identity card (dowód osobisty): three letters, a check digit, five digits."""
    v = re.sub(r"\s", "", value.upper())
    if not re.fullmatch(r"[A-Z]{3}\d{6}", v):
        return False
    values = [ord(c) - 55 for c in v[:3]] + [int(c) for c in v[3:]]
    weights = [7, 3, 1, 0, 7, 3, 1, 7, 3]
    return sum(x * w for x, w in zip(values, weights, strict=True)) % 10 == values[3]


def _german_kvnr(value: str) -> bool:
    """The German health-insurance number (Krankenversichertennummer): a letter and nine digits,
    the last a check digit over the letter's two-digit number and the first eight digits."""
    v = value.upper()
    if not re.fullmatch(r"[A-Z]\d{9}", v):
        return False
    digits = [int(c) for c in f"{ord(v[0]) - 64:02d}{v[1:9]}"]
    total = sum(sum(divmod(d * (1 if i % 2 == 0 else 2), 10)) for i, d in enumerate(digits))
    return total % 10 == int(v[9])


@dataclass(frozen=True)
class IdFormat:
    """One country's identifier: how it is written, how it is checked, what it is."""

    name: str
    pattern: re.Pattern[str]
    validate: Callable[[str], bool]
    label: Label = Label.NATIONAL_ID
    #: a valid match of this shape needs no keyword before it
    distinctive: bool = False


def _p(body: str, flags: str = "") -> re.Pattern[str]:
    """``body`` as a whole value: not inside a word or a longer number ("+44 7700 900319" holds no id)."""
    return re.compile(flags + r"(?<![\w.+/-])(?<!\d[ .\-/])" + body + r"(?![\w/-]|[.,]\d|[ .\-/]\d)")


_D = r"[ .\-]?"  # an optional separator inside a number
FORMATS: tuple[IdFormat, ...] = (
    IdFormat("fi.hetu", _p(r"\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]", "(?i)"), _stdnum(hetu), distinctive=True),
    IdFormat("se.personnummer", _p(r"(?:19|20)?\d{6}[-+]\d{4}"), _stdnum(personnummer), distinctive=True),
    IdFormat("se.personnummer", _p(r"(?:19|20)\d{10}"), _stdnum(personnummer)),
    IdFormat("no.fodselsnummer", _p(r"\d{6}[ ]?\d{5}"), _stdnum(fodselsnummer)),
    IdFormat("dk.cpr", _p(r"\d{6}-?\d{4}"), _stdnum(cpr)),
    IdFormat("is.kennitala", _p(r"\d{6}-?\d{4}"), _stdnum(kennitala)),
    IdFormat("ee.ik", _p(r"[1-6]\d{10}"), _stdnum(ik)),
    IdFormat("lt.asmens", _p(r"[1-6]\d{10}"), _stdnum(asmens)),
    IdFormat("cz.rc", _p(r"\d{6}/\d{3,4}"), _stdnum(cz_rc), distinctive=True),
    IdFormat("cz.rc", _p(r"\d{9,10}"), _stdnum(cz_rc)),
    IdFormat("pl.pesel", _p(r"\d{11}"), _stdnum(pesel)),
    IdFormat("pl.id_card", _p(r"[A-Z]{3}[ ]?\d{6}"), _polish_id_card, Label.ID_CARD),
    IdFormat("ro.cnp", _p(r"[1-9]\d{12}"), _stdnum(cnp), distinctive=True),
    IdFormat("bg.egn", _p(r"\d{10}"), _stdnum(egn)),
    IdFormat("hr.oib", _p(r"\d{11}"), _stdnum(oib)),
    IdFormat("si.emso", _p(r"\d{13}"), _stdnum(emso), distinctive=True),
    IdFormat("gr.amka", _p(r"\d{11}"), _stdnum(amka)),
    IdFormat(
        "it.codicefiscale",
        # "RSSMRA85T10A562S", "RSSMRA 85T10 A562S", "PZZ PNG 51R17 A944K", "RSS-MRA-85T10-A562S"
        _p(
            r"[A-Z]{3}[ -]?[A-Z]{3}[ -]?[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[ -]?[A-Z][0-9LMNPQRSTUV]{3}[A-Z]",
            "(?i)",
        ),
        _stdnum(codicefiscale),
        distinctive=True,
    ),
    IdFormat("pt.cc", _p(r"\d{8}[ ]?\d[ ]?[A-Z]{2}\d", "(?i)"), _stdnum(pt_cc), Label.ID_CARD, distinctive=True),
    IdFormat("pt.nif", _p(r"\d{3}" + _D + r"\d{3}" + _D + r"\d{3}"), _stdnum(pt_nif)),
    IdFormat("be.nn", _p(r"\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}"), _stdnum(nn), distinctive=True),
    IdFormat("be.nn", _p(r"\d{11}"), _stdnum(nn)),
    IdFormat("nl.bsn", _p(r"\d{4}\.?\d{2}\.?\d{3}|\d{9}"), _stdnum(bsn)),
    IdFormat("at.vnr", _p(r"\d{4}[ ]?\d{6}"), _stdnum(vnr)),
    IdFormat("de.idnr", _p(r"\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}"), _stdnum(idnr)),
    IdFormat("de.kvnr", _p(r"[A-Z]\d{9}"), _german_kvnr, Label.MEDICAL_RECORD_NUMBER),
    IdFormat(
        "fr.nir",
        _p(r"[12][ ]?\d{2}[ ]?\d{2}[ ]?(?:\d{2}|2A|2B)[ ]?\d{3}[ ]?\d{3}[ ]?\d{2}"),
        _stdnum(nir),
        distinctive=True,
    ),
    IdFormat("ie.pps", _p(r"\d{7}[A-W][AHWTX]?", "(?i)"), _stdnum(pps), distinctive=True),
    IdFormat("ch.ahv", _p(r"756\.?\d{4}\.?\d{4}\.?\d{2}"), _stdnum(ahv), distinctive=True),
    IdFormat("br.cpf", _p(r"\d{3}\.\d{3}\.\d{3}-\d{2}"), _stdnum(cpf), distinctive=True),
    IdFormat("br.cpf", _p(r"\d{11}"), _stdnum(cpf)),
    IdFormat("br.cnpj", _p(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}"), _stdnum(cnpj), distinctive=True),
    IdFormat("mx.curp", _p(r"[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d", "(?i)"), _stdnum(curp), distinctive=True),
    IdFormat("in.aadhaar", _p(r"[2-9]\d{3}[ -]?\d{4}[ -]?\d{4}"), _stdnum(aadhaar)),
    IdFormat("in.pan", _p(r"[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]"), _stdnum(pan), distinctive=True),
    IdFormat("cn.ric", _p(r"\d{6}(?:18|19|20)\d{2}[01]\d[0-3]\d{4}[\dXx]"), _stdnum(ric), distinctive=True),
    IdFormat("tr.tckimlik", _p(r"[1-9]\d{10}"), _stdnum(tckimlik)),
    IdFormat("us.itin", _p(r"9\d{2}-\d{2}-\d{4}"), _stdnum(itin), distinctive=True),
    IdFormat("ca.sin", _p(r"\d{3}[ -]?\d{3}[ -]?\d{3}"), _stdnum(sin)),
    IdFormat("gb.nhs", _p(r"\d{3}[ -]?\d{3}[ -]?\d{4}"), _stdnum(nhs), Label.MEDICAL_RECORD_NUMBER),
    IdFormat("kr.rrn", _p(r"\d{6}-[1-8]\d{6}"), _stdnum(rrn), distinctive=True),
    IdFormat("za.idnr", _p(r"\d{13}"), _stdnum(za_id)),
    IdFormat("il.idnr", _p(r"\d{9}"), _stdnum(il_id)),
    IdFormat("ua.rntrc", _p(r"\d{10}"), _stdnum(rntrc)),
    IdFormat("jp.my_number", _p(r"\d{4}[ -]?\d{4}[ -]?\d{4}"), _my_number),
    IdFormat("hk.hkid", _p(r"[A-Z]{1,2}\d{6}[ ]?\([0-9A]\)"), _hkid, distinctive=True),
    IdFormat("tw.national_id", _p(r"[A-Z][12]\d{8}"), _taiwan_id, distinctive=True),
    IdFormat("luhn.health_card", _p(r"\d{4}[ ]?\d{4}[ ]?\d{4}[ ]?\d{4}[ ]?\d{4}"), _luhn_spaced),
)


#: the labels of the language packs' id keywords that name a personal identifier (not a phone, an IBAN)
_ID_LABELS = frozenset(
    {Label.NATIONAL_ID, Label.ID_CARD, Label.PASSPORT, Label.DRIVER_LICENSE, Label.MEDICAL_RECORD_NUMBER}
)


@lru_cache(maxsize=1)
def _keywords() -> re.Pattern[str]:
    """Words naming an identifier (core list and the language packs'), folded, as whole words."""
    found = {fold(w) for w in words("national_id_keywords", ["mul"])}
    found |= {
        fold(w)
        for w, label in pairs("id_keywords", [x for x in LANGUAGES if x != "mul"], required=False)
        if Label(label) in _ID_LABELS
    }
    body = alternation(found)  # a trie, longest first
    return re.compile(r"(?<![^\W_])(?:" + body + r")(?![^\W_])")


def keyword_before(text: str, start: int, width: int = 60) -> bool:
    """A word naming an identifier stands in the ``width`` characters before ``start``."""
    return _keywords().search(context_before(text, start, width)) is not None


def _find_national_ids(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    taken: list[tuple[int, int]] = []
    for fmt in FORMATS:
        for m in fmt.pattern.finditer(text):
            start, end = m.span()
            if any(s <= start and end <= e for s, e in taken):
                continue  # a value another format already read
            if not fmt.validate(m.group()):
                continue
            if fmt.distinctive:
                taken.append((start, end))
                yield Hit(start, end, fmt.label, VALIDATED)
            elif keyword_before(text, start):
                # a check digit and a word before it: no validated rank, so a field's own label wins
                taken.append((start, end))
                yield Hit(start, end, fmt.label, KEYWORD_VALID)


NATIONAL_ID = Rule(
    id="identifiers.national_id",
    family=Family.IDENTIFIERS,
    detector="rules",
    labels=frozenset({Label.NATIONAL_ID, Label.ID_CARD, Label.MEDICAL_RECORD_NUMBER}),
    find=_find_national_ids,
    source="rules",
    validated_source="rules:validated",
    patterns=tuple(f.pattern for f in FORMATS),
    lexicons=("national_id_keywords", "id_keywords"),
    validator="python-stdnum per country (and the published check digits where it has none)",
    score=VALIDATED,
    description="a national identifier of one of ~40 countries: a distinctive shape, or a valid number after its name",
    examples=(
        Example("Henkilötunnukseni on 131052-308T, kiitos.", "131052-308T", Label.NATIONAL_ID),
        Example("CF: RSSMRA85T10A562S per la fattura", "RSSMRA85T10A562S", Label.NATIONAL_ID),
        Example("codice fiscale PZZ PNG 51R17 A944K, per la fattura", "PZZ PNG 51R17 A944K", Label.NATIONAL_ID),
        Example("Codice fiscale: RSS-MRA-85T10-A562S grazie", "RSS-MRA-85T10-A562S", Label.NATIONAL_ID),
        Example("meu CPF é 111.444.777-35", "111.444.777-35", Label.NATIONAL_ID),
        Example("PESEL 44051401359, proszę o kontakt", "44051401359", Label.NATIONAL_ID),
        Example("TC kimlik no: 10000000146", "10000000146", Label.NATIONAL_ID),
        Example("身份证号 11010519491231002X", "11010519491231002X", Label.NATIONAL_ID),
        Example("PPS number 1234567T please", "1234567T", Label.NATIONAL_ID),
    ),
    negatives=("order 44051401359 shipped", "call 10000000146 tomorrow"),
)


#: a document word and the number that follows it: "passport number: u1234567", "Reisepass Nr. C01X00T47",
#: "health card 4 8 2 9 ...", "pasaport no U12345678" (the word: core and language-pack id keywords)
_DOCUMENT_VALUE = re.compile(
    r"[ \t]*(?i:(?:no|nr|n[º°]|num|number|número|numero|numer|numarası|numarasi)\.?[ \t]*)?[:#=\-]?[ \t]*"
    # a code with a digit (maybe after a short capital prefix: "AB 123456"), then digit groups or a
    # check letter ("12 345 678 X"); the words after it are not part of it
    r"((?:[A-Z]{1,3}[ -]?)?(?=[A-Za-z]*\d)[A-Za-z0-9]{2,15}(?:[ -](?:\d[0-9A-Z]{0,11}|[A-Z](?![\w])))*)(?![\w])"
)


@lru_cache(maxsize=1)
def _document_words() -> tuple[re.Pattern[str], dict[str, Label]]:
    """Words that name a document or an insurance number, folded, with the label of what follows."""
    labelled: dict[str, Label] = {}
    for word, label in pairs("document_keywords", ["mul"]):
        labelled[fold(word)] = Label(label)
    for word, label in pairs("id_keywords", [x for x in LANGUAGES if x != "mul"], required=False):
        labelled.setdefault(fold(word), Label(label))
    body = alternation(labelled)  # a trie, longest first
    return re.compile(r"(?<![^\W_])(?:" + body + r")(?![^\W_])"), labelled


def _find_documents(scan: Scan) -> Iterator[Hit]:
    """The number after a document word, whatever its shape (letters and digits, one digit at least)."""
    pattern, labelled = _document_words()
    folded = scan.memo("fold_in_place", fold_in_place)
    for m in pattern.finditer(folded):
        value = _DOCUMENT_VALUE.match(scan.text, m.end())
        if value is None:
            continue
        label = labelled[m.group()]
        if label in (Label.PHONE, Label.POSTCODE, Label.IBAN):
            continue  # those have rules of their own shape
        yield Hit(value.start(1), value.end(1), label, 0.8)


KEYED_DOCUMENT = Rule(
    id="identifiers.keyed_document",
    family=Family.IDENTIFIERS,
    detector="rules",
    labels=frozenset(Label),
    find=_find_documents,
    source="rules",
    lexicons=("document_keywords", "id_keywords"),
    score=0.8,
    description="the number after a document or insurance word in any language pack (passport, Reisepass, paszport)",
    examples=(
        Example("passport number: u1234567 please", "u1234567", Label.PASSPORT),
        Example("Mein Reisepass Nr. C01X00T47 ist abgelaufen", "C01X00T47", Label.PASSPORT),
        Example("my health card A123456780 was refused", "A123456780"),
        Example("La fattura va intestata alla partita IVA IT 71184000553.", "IT 71184000553", Label.NATIONAL_ID),
    ),
    negatives=("my passport expired last year", "passport photo booth"),
)
