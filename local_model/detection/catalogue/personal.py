"""Personal rules (quasi-identifiers): dates and dates of birth, times, ages, gender, titles.

Month names, birth context, gender and title words are multilingual (en/es/fr/de/nl); a date is
a date of birth when a birth word stands before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Hit, Rule, Scan
from local_model.detection.catalogue.context import has_context
from local_model.text.lexicon import BIRTH_CONTEXT, GENDER_WORDS, MONTHS, TITLE_WORDS, alternation
from local_model.text.textnorm import fold
from signatures.entities import Label

_MONTH_RE = alternation(MONTHS)
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|er|e|\.|º|°)?"
_YEAR = r"(?:1[89]\d\d|20\d\d)"
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
_GENDER = re.compile(r"(?i)(?<![\w-])(?:" + alternation(GENDER_WORDS) + r")(?![\w-])")
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
_TITLE = re.compile(
    r"(?<![\w.])(?:"
    + alternation(w.capitalize().rstrip(".") for w in TITLE_WORDS)
    + r")\.?(?=\s+\p{Lu})".replace(r"\p{Lu}", "[A-ZÀ-ÖØ-Þ]")
)
_TITLE_ITEM = re.compile(
    r"(?im)^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(?:\*\*)?([A-Za-zÀ-ÿ.]{2,15})(?:\*\*)?[ \t]*,?[ \t]*$"
)
_TITLE_SET = {fold(w).rstrip(".") for w in TITLE_WORDS}


def _plausible_date(day: int, month: int) -> bool:
    return 1 <= day <= 31 and 1 <= month <= 12


def _date_label(text: str, start: int) -> Label:
    return Label.DATE_OF_BIRTH if has_context(text, start, BIRTH_CONTEXT, 48) else Label.DATE


def _find_numeric_dates(scan: Scan) -> Iterator[Hit]:
    for m in _NUM_DATE.finditer(scan.text):
        a, b, c = m.group(1), m.group(3), m.group(4)
        if len(a) == 4:  # ISO: yyyy-mm-dd
            ok = _plausible_date(int(c) if len(c) <= 2 else 0, int(b)) and 1800 <= int(a) <= 2100
        else:
            x, y = int(a), int(b)
            ok = len(c) in (2, 4) and (_plausible_date(x, y) or _plausible_date(y, x))
        if ok:
            yield Hit(m.start(), m.end(), _date_label(scan.text, m.start()), VALIDATED)


def _find_text_dates(scan: Scan) -> Iterator[Hit]:
    for m in _TEXT_DATE.finditer(scan.text):
        value = m.group()
        if " " not in value and "/" not in value and not any(ch.isdigit() for ch in value):
            continue
        if re.fullmatch(r"(?i)(?:may|mai|mar|march|mei)\s?\d{1,2}", value):
            continue  # "may 5" is too ambiguous without a year
        yield Hit(m.start(), m.end(), _date_label(scan.text, m.start()), 0.9)


def _find_times(scan: Scan) -> Iterator[Hit]:
    for m in _TIME.finditer(scan.text):
        value = m.group()
        if re.fullmatch(r"\d{1,2}\.\d{2}", value):
            continue  # "3.50" is more often a price than a time
        yield Hit(m.start(), m.end(), Label.TIME, 0.8)


def _find_ages(scan: Scan) -> Iterator[Hit]:
    for m in _AGE.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.AGE, 0.8)


def _find_gender_words(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _GENDER.finditer(text):
        value = m.group()
        if value.lower() in ("man", "woman", "divers", "homme", "femme", "hombre", "mujer", "vrouw"):
            # common nouns: only as a field value ("Gender: Man", "Geslacht: Vrouw")
            if not re.search(r"[:=>\"]\s*$", text[max(0, m.start() - 3) : m.start()]):
                continue
        yield Hit(m.start(), m.end(), Label.GENDER, 0.7)


def _find_pronouns(scan: Scan) -> Iterator[Hit]:
    for m in _PRONOUNS.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.GENDER, 0.7)


def _find_sex_after_age(scan: Scan) -> Iterator[Hit]:
    for m in _SEX_AFTER_AGE.finditer(scan.text):
        yield Hit(m.start(1), m.end(1), Label.GENDER, 0.6)


def _find_titles(scan: Scan) -> Iterator[Hit]:
    for m in _TITLE.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.TITLE, 0.6)


def _find_title_items(scan: Scan) -> Iterator[Hit]:
    for m in _TITLE_ITEM.finditer(scan.text):  # "- Mlle" as a list item
        if fold(m.group(1)).rstrip(".") in _TITLE_SET:
            yield Hit(m.start(1), m.end(1), Label.TITLE, 0.6)


_D = "rules"
_V = "rules:validated"

NUMERIC_DATE = Rule(
    id="personal.numeric_date",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.DATE, Label.DATE_OF_BIRTH}),
    find=_find_numeric_dates,
    source=_D,
    validated_source=_V,
    patterns=(_NUM_DATE,),
    lexicons=("BIRTH_CONTEXT",),
    validator="calendar day and month",
    score=VALIDATED,
    description="a numeric date (d/m/y, m/d/y, ISO); a date of birth after a birth word",
    examples=(
        Example("born on 14/03/1979 in Leeds", "14/03/1979", Label.DATE_OF_BIRTH),
        Example("la cita es el 2024-05-17", "2024-05-17", Label.DATE),
    ),
    negatives=("version 10.45.2024 and 1.2.3",),
)
TEXT_DATE = Rule(
    id="personal.text_date",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.DATE, Label.DATE_OF_BIRTH}),
    find=_find_text_dates,
    source=_D,
    patterns=(_TEXT_DATE,),
    lexicons=("MONTHS", "BIRTH_CONTEXT"),
    score=0.9,
    description="a date with a month name (en/es/fr/de/nl); a date of birth after a birth word",
    examples=(
        Example("née le 3 février 1985 à Lyon", "3 février 1985", Label.DATE_OF_BIRTH),
        Example("geboren am 16. Mai 1991", "16. Mai 1991", Label.DATE_OF_BIRTH),
        Example("on August 10th, 1974 we met", "August 10th, 1974", Label.DATE),
    ),
    negatives=("you may 5 times retry", "in march we moved"),
)
TIME = Rule(
    id="personal.time",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.TIME}),
    find=_find_times,
    source=_D,
    patterns=(_TIME,),
    score=0.8,
    description="a time of day (3:07am, 14h30, 14 Uhr)",
    examples=(
        Example("the call was at 3:07am", "3:07am", Label.TIME),
        Example("rendez-vous à 14h30", "14h30", Label.TIME),
        Example("um 14 Uhr", "14 Uhr", Label.TIME),
    ),
    negatives=("it costs 3.50 a month",),
)
AGE = Rule(
    id="personal.age",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.AGE}),
    find=_find_ages,
    source=_D,
    patterns=(_AGE,),
    score=0.8,
    description="an age with its unit or key (34 years old, aged 67, 82 años)",
    examples=(
        Example("Tengo 74 años y no entiendo la factura.", "74 años", Label.AGE),
        Example("patient aged 67 was admitted", "aged 67", Label.AGE),
    ),
    negatives=("a contract of two years",),
)
GENDER_WORD = Rule(
    id="personal.gender_word",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.GENDER}),
    find=_find_gender_words,
    source=_D,
    patterns=(_GENDER,),
    lexicons=("GENDER_WORDS",),
    score=0.7,
    description="a gender word; common nouns (man, femme, mujer) only as a field value",
    examples=(
        Example("Gender: female", "female", Label.GENDER),
        Example("Geslacht: Vrouw", "Vrouw", Label.GENDER),
    ),
    negatives=("the man at the shop was kind",),
)
PRONOUNS = Rule(
    id="personal.pronouns",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.GENDER}),
    find=_find_pronouns,
    source=_D,
    patterns=(_PRONOUNS,),
    score=0.7,
    description="pronouns given as such (she/her, él/ella)",
    examples=(Example("Hannah Levitt (she/her) called", "she/her", Label.GENDER),),
    negatives=("she called her manager",),
)
SEX_AFTER_AGE = Rule(
    id="personal.sex_after_age",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.GENDER}),
    find=_find_sex_after_age,
    source=_D,
    patterns=(_SEX_AFTER_AGE,),
    score=0.6,
    description="the sex after an age in a list of people (age 67, M; 82 años, mujer)",
    examples=(
        Example("resident, age 67, M, room 4", "M", Label.GENDER),
        Example("paciente de 82 años, mujer", "mujer", Label.GENDER),
    ),
    negatives=("size M, age of the shirt",),
)
TITLE = Rule(
    id="personal.title",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.TITLE}),
    find=_find_titles,
    source=_D,
    patterns=(_TITLE,),
    lexicons=("TITLE_WORDS",),
    score=0.6,
    description="a title before a capitalised word (Mr, Dr., Sra., Herr)",
    examples=(Example("I spoke to Mrs Whitcombe today", "Mrs", Label.TITLE),),
    negatives=("the mrs said nothing",),
)
TITLE_ITEM = Rule(
    id="personal.title_item",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.TITLE}),
    find=_find_title_items,
    source=_D,
    patterns=(_TITLE_ITEM,),
    lexicons=("TITLE_WORDS",),
    score=0.6,
    description="a title standing alone as a list item (- Mlle)",
    examples=(Example("Civilité :\n- Mlle\n", "Mlle", Label.TITLE),),
    negatives=("- Apples\n- Pears\n",),
)
