"""Personal rules (quasi-identifiers): dates and dates of birth, times, ages, gender, titles, jobs.

Month names, birth context, gender and title words are multilingual (en/es/fr/de/nl); a date is
a date of birth when a birth word stands before it.

Ages and jobs said of people (the cues detector):

* **Ages**: ``my dad is 70``, ``I'm 74``, ``mi madre tiene 81``, ``my son turned 14``; said in words
  (``tengo ochenta y dos años``, not ``hace doce años``), in brackets or after a comma behind a
  name (``Mason (13)``, ``Terence Brennan, seventy-three,``).
* **Jobs**: ``I'm a delivery driver``, ``I work as a facilities manager``, ``trabajo de agente de
  seguros``, ``soy estudiante de doctorado``: the phrase after the cue, kept only when one of its
  words is a job word (from Faker's job titles in en/es/fr/de, or a job suffix: -er, -or, -ist,
  -ero/-era, -ista, -ólogo/-óloga ...); without an article (``I am pastry chef``, ``as nanny``,
  ``Karen (shift supervisor)``) only a phrase headed by a job; job titles standing as a field of
  their own (a signature line, a form or CSV cell).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Hit, Rule, Scan
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.context import has_context, word_starts
from local_model.detection.catalogue.names import name_words
from local_model.text import regex_cache
from local_model.text.decoders import CARDINAL_WORDS, cardinal_value
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lang import RULE_PACKS, rule_pack
from local_model.text.lexicon import (
    AGE_UNITS,
    BIRTH_CONTEXT,
    ES_STREET_PREFIXES,
    FIRST_PERSON_WORDS,
    GENDER_WORDS,
    MONTHS,
    RELATION_WORDS,
    STREET_SUFFIXES,
    TITLE_WORDS,
    alternation,
    lexicon_pattern,
)
from local_model.text.lexicons import folded_words, word_set
from local_model.text.lexicons import words as word_list
from local_model.text.textnorm import fold, fold_in_place
from local_model.text.words import (
    EVERYDAY_JOBS,
    JOB_MODIFIERS,
    headed_by_job,
    is_job_head,
    job_words,
    zipf,
    zipf_in,
)
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
#: the packs' units that count years (months, weeks and days are durations: "3 meses" is no age);
#: Turkish ones take their suffixes ("yaşındayım")
_YEAR_UNITS = [
    re.escape(u) + (r"[^\W\d_]*" if u.startswith(("yaş", "yas")) else "")
    for u in sorted(set(AGE_UNITS) - {"anos", "años"}, key=len, reverse=True)
    if u.startswith(("any", "ann", "ano", "yaş", "yas", "lat", "rok", "primaver"))
]
_AGE = re.compile(
    r"(?i)(?<![\w])(?:(?:aged?|age:?|alter:?|edad:?|leeftijd:?)\s?\d{1,3}"
    r"|\d{1,3}\s?(?:-\s?)?(?:years?|yrs?|yo|y/o|ans|jahre|jaar|anos|años|añitos|añito"
    # the units of the language packs that count years ("anni", "lat", "yaşında", "anys")
    + "".join("|" + unit for unit in _YEAR_UNITS)
    + r")(?:[\s-]old)?)(?![\w])"
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
_AGE_CUE = re.compile(
    r"(?i)(?<![\w])(?:(?:my|mi|his|her|our|su|nuestro|nuestra) (?:"
    + alternation(RELATION_WORDS)
    + r"|madre|padre|hijo|hija|abuelo|abuela|marido|mujer|hermano|hermana|mum|mom|dad|grandad|granny|nan)"
    r"(?: is| tiene| has just turned| turned| cumple| cumplió| acaba de cumplir)|i'm|i am|im|tengo|cumplo|"
    r"acabo de cumplir|i turned|i'll be|cumpliré|(?:he|she)(?:'s| is)|(?P<who>(?-i:[A-ZÀ-Þ][\w'’-]+)),? (?:is|tiene))"
    rf"[ \t]+(?P<age>\d{{1,3}}|{CARDINAL_WORDS})"
    # the number ends the clause, or says years: "I'm 74.", "my dad is 70, he ...", "tengo 81 y ..."
    r"(?=\s*(?:[.,;!?)]|$|and\b|y\b|but\b|pero\b|years?\b|años\b|yo\b|now\b|ahora\b))"
)
#: a number said in words with its unit: "tengo ochenta y dos años", "seventy-four years of age"
_AGE_IN_WORDS = re.compile(
    rf"(?i)(?<![\w-])({CARDINAL_WORDS})[ \t-]+(?:años|añitos|anos|years?(?:[ \t-]old| of age)?|yrs?|ans|jahre|jaar)"
    r"(?![\w])(?![ \t]+(?:ago|atrás|atras|later|después|despues)\b)"
)
_DURATION_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:hace|for|durante|during|over|within|after|tras|last|past|next|every|cada|en|in)[ \t]+$"
)
#: a street before the number: "Calle Alcalá, 28," is a house number
_STREET_BEFORE_NUMBER = re.compile(
    r"(?i)(?<![\w])(?:" + alternation(sorted({*STREET_SUFFIXES, *ES_STREET_PREFIXES})) + r")\.?[ \t][^\n]*$"
)
#: an age written after a name: "Saoirse Kavanagh (11)", "oscar baptiste-nwosu (seven)",
#: "Terence Brennan, seventy-three,", "y ella Amparo Rincón, de 73."
_AGE_AFTER_NAME = re.compile(
    rf"(?i)(?<![\w])([^\W\d_][\w'’-]*)(?:[ \t]\((\d{{1,3}}|{CARDINAL_WORDS})\)"
    rf"|,[ \t]+(?:de[ \t]+|aged[ \t]+)?(\d{{1,3}}|{CARDINAL_WORDS})(?=[ \t]*(?:años[ \t]*)?(?:[.,;)]|and\b|y\b)))"
)
_JOB_CUE = re.compile(
    r"(?i)(?<![\w])(?:i'm an?|i am an?|i work as an?|i work as|i worked as an?|years as an?|as an?|"
    r"(?-i:[A-ZÀ-Þ][a-zà-ÿ'’-]+) (?:is|was) an?|"
    r"(?:he|she)(?:'s| is| was) an?|works? as an?|trabaja (?:de|como)|como|es (?:un|una)|"
    r"retired (?:as an?|from being an?)|my job is|my profession is|trabajo (?:de|como)|trabajé (?:de|como)|"
    r"soy (?:un|una)|de profesión|"
    r"mi (?:trabajo|profesión|puesto) es|soy)[ \t]+((?:[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*[ \t,]{1,2}){0,5}[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*"
    r"(?:[ \t]?\([^()\n]{1,30}\))?)"
)
#: a job with no article after a cue: "I am pastry chef", "as nanny", "es abogada laboralista",
#: "my work is kitchen porter", "el puesto de camarero", "Karen (shift supervisor)"
_JOB_BARE = re.compile(
    r"(?i)(?<![\w])(?:i'm|i am|im|as|es|my work is|my job is|mi trabajo es|puesto de|work as|trabajo como|"
    r"trabaja como|trabajo de|trabaja de)[ \t]+((?:[a-zà-ÿ][\wà-ÿ'’-]*[ \t]){0,3}[a-zà-ÿ][\wà-ÿ'’-]*)"
    r"|(?-i:[A-ZÀ-Þ][a-zà-ÿ'’-]+)[ \t]\(((?:[a-zà-ÿ][\wà-ÿ'’-]*[ \t]){0,3}[a-zà-ÿ][\wà-ÿ'’-]*)\)"
)
#: a job named by the post it is: "the Senior Data Engineer role", "a Care Assistant position",
#: "la plaza de auxiliar de enfermería", "la vacante de diseñadora"
_JOB_ROLE = re.compile(
    r"(?i)(?<![\w])(?:the|a|an|this|that|your|my)[ \t]+((?:[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*[ \t]){0,4}?[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*)"
    r"[ \t]+(?:role|position|post|job|vacancy|opening|placement|contract)(?![\w])"
    r"|(?<![\w])(?:plaza|vacante|oferta|puesto)[ \t]+de[ \t]+((?:[a-zà-ÿ][\wà-ÿ'’-]*[ \t]){0,3}[a-zà-ÿ][\wà-ÿ'’-]*)"
)
#: "of"/"at" before a capitalised word: the employer after a job ("partner of Hale"), not "Head of Sales"
_OF_NAME = re.compile(r"[ \t](?:of|at)[ \t](?=[A-ZÀ-Þ])")
#: a job in brackets after a name, in title case: "Yusuf Demir (HR Business Partner)"
#: a field of a signature, a form or a CSV line: between line breaks, pipes, tabs, commas, dashes
_SEGMENT = re.compile(
    r"(?:^|(?<=[\n|;,\t–—·•])|(?<= - ))[ \t]*([^\n|;,\t–—·•]{2,60}?)[ \t]*(?=$|[\n|;,\t–—·•]| - )", re.M
)
_TITLE_WORD = re.compile(r"[A-Za-zÀ-ÿ][a-zà-ÿA-Z'’&-]*|&")
_TITLE_CONNECTORS = frozenset({"of", "de", "del", "la", "el", "los", "las", "y", "and", "&", "en", "for", "du", "des"})
#: words of headings and form sections, never of a job title ("Student Details", "Aid Form")
_HEADING_WORDS = frozenset({
    "form", "forms", "details", "information", "info", "application", "applications", "data", "services",
    "section", "status", "summary", "report", "record", "records", "request", "profile", "account", "support",
    "grievance", "aid", "formulario", "datos", "solicitud", "informe", "registro", "formulaire", "antrag",
    "meeting", "meetings", "proposal", "schedule", "training", "course", "list",
})  # fmt: skip
_EVERYDAY = frozenset(fold(w) for w in EVERYDAY_JOBS)
_HEAD_OF = frozenset({"head", "jefe", "jefa", "director", "directora", "responsable", "chief", "vp", "lead"})
#: words that start a phrase, not a title ("your manager", "the driver", "mi jefe")
_NOT_A_TITLE = frozenset({
    "the", "a", "an", "my", "your", "our", "his", "her", "their", "this", "that", "to", "ask", "call", "and",
    "el", "la", "los", "las", "un", "una", "mi", "su", "tu", "nuestro", "nuestra", "al", "del", "y", "con",
    "le", "les", "mon", "ma", "der", "die", "das", "de", "het", "een", "dear", "hi", "hello", "hola", "thanks",
})  # fmt: skip
_JOB_STOP = re.compile(
    r"(?i)[ \t,]+(?:so|and|but|at|in|for|with|from|who|since|until|during|because|y|pero|en|para|con|desde|hasta|"
    r"durante|porque|que|et|und|en)\b.*$"
)
#: a comma then a first-person word: a new clause, not more of the job
_NEW_CLAUSE = re.compile(rf"(?i),[ \t]*(?:{alternation(FIRST_PERSON_WORDS)})(?![\w'’])")
_JOB_SUFFIX = re.compile(
    r"(?i)(?:er|or|ist|ian|ant|ent|eer|ero|era|ista|ante|ente|ario|aria|ólogo|óloga|ologist|ógrafo|ógrafa|ico|ica|"
    r"ador|adora|edor|edora|idor|idora|ier|ière|eur|euse|ant|iste|ist)$"
)


def _plausible_date(day: int, month: int) -> bool:
    return 1 <= day <= 31 and 1 <= month <= 12


#: words that open with a birth's word and are none: French "borne" (a charging point, a terminal), English "borne by"
_NOT_BIRTH = re.compile(r"(?i)(?<![\w])bornes?(?![\w])")


def _date_label(text: str, start: int) -> Label:
    """A date of birth after a birth's word (48 characters back), else a date ("Firmware de la borne : 6.6.14")."""
    before = _NOT_BIRTH.sub(lambda m: " " * len(m.group()), text[max(0, start - 48) : start])
    return Label.DATE_OF_BIRTH if has_context(before, len(before), BIRTH_CONTEXT, 48) else Label.DATE


#: Polish writes "r." (rok, year) after the year of a date: "6 lipca 1968 r.", "17.08.1940 r."
_YEAR_MARK = re.compile(r"[ \t]?r\.(?![^\W\d_])")


def _with_year_mark(text: str, end: int) -> int:
    """The end of a date that closes on a four-digit year, with the year's mark after it."""
    if end >= 4 and text[end - 4 : end].isdigit() and (m := _YEAR_MARK.match(text, end)):
        return m.end()
    return end


def _find_numeric_dates(scan: Scan) -> Iterator[Hit]:
    for m in _NUM_DATE.finditer(scan.text):
        a, b, c = m.group(1), m.group(3), m.group(4)
        if len(a) == 4:  # ISO: yyyy-mm-dd
            ok = _plausible_date(int(c) if len(c) <= 2 else 0, int(b)) and 1800 <= int(a) <= 2100
        else:
            x, y = int(a), int(b)
            # a dotted date with a two-digit year is written day first (14.03.85); month first only with slashes,
            # dashes, a whole year or a birth's word: "Zoom client 5.17.11" is a version, "born 5.17.1990" a date
            month_first = m.group(2) != "." or len(c) == 4 or _date_label(scan.text, m.start()) == Label.DATE_OF_BIRTH
            ok = len(c) in (2, 4) and (_plausible_date(x, y) or (month_first and _plausible_date(y, x)))
        if ok:
            yield Hit(m.start(), _with_year_mark(scan.text, m.end()), _date_label(scan.text, m.start()), VALIDATED)


def _find_text_dates(scan: Scan) -> Iterator[Hit]:
    for m in _TEXT_DATE.finditer(scan.text):
        value = m.group()
        if " " not in value and "/" not in value and not any(ch.isdigit() for ch in value):
            continue
        if m.start() >= 2 and scan.text[m.start() - 1] == ":" and scan.text[m.start() - 2].isdigit():
            continue  # "09:14 Marta (support):": the minutes of a clock, then a name (pl "marta", of March)
        if re.fullmatch(r"(?i)(?:may|mai|mar|march|mei)\s?\d{1,2}", value):
            continue  # "may 5" is too ambiguous without a year
        yield Hit(m.start(), _with_year_mark(scan.text, m.end()), _date_label(scan.text, m.start()), 0.9)


def _find_birth_years(scan: Scan) -> Iterator[Hit]:
    """A year alone right after a birth word ("born in Enugu in 1974", "nato nel 1985", "rocznik
    1988") or right before one ("1992 doğumluyum"), with no other number between them."""
    text = scan.text
    words = word_starts(BIRTH_CONTEXT)
    for m in _BIRTH_YEAR.finditer(text):
        before = text[max(0, m.start() - _BIRTH_WINDOW) : m.start()]
        cut = max((b.end() for b in _SENTENCE_OR_NUMBER.finditer(before)), default=0)
        before = fold(before[cut:])  # "geb. 1985" keeps its word; "Born 1990. Since 2021" does not
        # after it: right away ("1992 doğumluyum"), or ending its clause ("1985 yılında Trabzon'da doğdum")
        after = _CLAUSE_END.split(fold(text[m.end() : m.end() + _BIRTH_WINDOW + 8]), maxsplit=1)[0]
        if words.search(before) or words.match(after.lstrip(" \t'’-")) or _ends_with_birth_word(after, words):
            yield Hit(m.start(), m.end(), Label.DATE_OF_BIRTH, 0.85)


#: a year standing alone: no digit, slash, dot or dash joined to it (dates are the date rules'); or its two last
#: digits after an apostrophe ("nasci em '69", "rocznik '87")
_BIRTH_YEAR = re.compile(rf"(?<![\w./-])(?:{_YEAR}|(?<![\w'’])['’]\d{{2}})(?![\w/]|[.-]\d)")
#: where a sentence ends or a number stands, before a year: its birth word is not farther back
_SENTENCE_OR_NUMBER = re.compile(r"[.!?;]\s+(?=[A-ZÀ-Þ])|[\n!?;]|\d")
_CLAUSE_END = re.compile(r"[.,;:!?\n()]")


def _ends_with_birth_word(clause: str, words: re.Pattern[str]) -> bool:
    """The clause after a year ends in a birth word (a verb-final language's "doğdum")."""
    last = clause.rstrip().rsplit(" ", 1)[-1] if clause.strip() else ""
    return bool(last) and words.fullmatch(last) is not None


#: how far before the year its birth word may stand (within the sentence, no number between)
_BIRTH_WINDOW = 24


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
        Example("Moja córka urodziła się 17.08.1940 r. w Płocku", "17.08.1940 r.", Label.DATE_OF_BIRTH),
    ),
    negatives=("version 10.45.2024 and 1.2.3", "The Zoom client 5.17.11 (31580) reports error code 10004."),
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
        Example("Urodziłam się 6 lipca 1968 r. w miejscowości Tychy.", "6 lipca 1968 r.", Label.DATE_OF_BIRTH),
    ),
    negatives=("you may 5 times retry", "in march we moved", "09:14 Marta (support): Hi! Which model?"),
)
BIRTH_YEAR = Rule(
    id="personal.birth_year",
    family=Family.PERSONAL,
    detector=_D,
    labels=frozenset({Label.DATE_OF_BIRTH}),
    find=_find_birth_years,
    source=_D,
    patterns=(_BIRTH_YEAR,),
    lexicons=("BIRTH_CONTEXT",),
    score=0.85,
    description="a year alone next to a birth word (born in 1974, nato nel 1985, 1992 doğumluyum)",
    examples=(
        Example("Born in Enugu in 1974, she trained in Lagos", "1974", Label.DATE_OF_BIRTH),
        Example("Sono nato nel 1985 a Torino", "1985", Label.DATE_OF_BIRTH),
        Example("1992 doğumluyum ve İzmir'de yaşıyorum", "1992", Label.DATE_OF_BIRTH),
        Example("Cześć, rocznik '87, jeśli to ważne", "'87", Label.DATE_OF_BIRTH),
        Example("A conta veio mais alta. Nasci em '69, se ajudar", "'69", Label.DATE_OF_BIRTH),
        Example("Urodziłem się w 1988 roku w Gdańsku", "1988", Label.DATE_OF_BIRTH),
        Example("1985 yılında Trabzon'da doğdum.", "1985", Label.DATE_OF_BIRTH),
    ),
    negatives=(
        "born on 14/03/1979 in Leeds",
        "my son was born last week and the router from 2019 died",
        "living in the UK since 2021",
        "Since 2021 I live in Rome, where my son was born.",
    ),
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


def _number(value: str) -> int:
    """An age as digits or words ("74", "seventy-four"); 0 when it is neither."""
    if value.isdigit():
        return int(value)
    return cardinal_value(value) or 0


def _find_age_cues(scan: Scan) -> Iterator[Hit]:
    first = load_gazetteers()[0]
    for m in _AGE_CUE.finditer(scan.text):
        who = m.group("who")
        if who is not None and not (fold(who) in first and zipf(who) < ZIPF["age_subject_name"]):
            continue  # "Ruby, is 4" is an age; "Windows is 10." is not
        if 0 < _number(m.group("age")) <= 120:
            yield Hit(m.start("age"), m.end("age"), Label.AGE, 0.6)


def _find_ages_in_words(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _AGE_IN_WORDS.finditer(text):
        if _DURATION_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            continue  # "hace doce años", "for twenty years": a duration, not an age
        if 0 < _number(m.group(1)) <= 120:
            yield Hit(m.start(), m.end(), Label.AGE, 0.55)


def _find_ages_after_names(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    first, last = load_gazetteers()[:2]
    for m in _AGE_AFTER_NAME.finditer(text):
        group = 2 if m.group(2) else 3
        word = m.group(1)
        parts = [p for p in fold(word).split("-") if p]
        # a known name that is no frequent word ("Page (3)", "Street (2)" are not ages)
        named = any(p in first or p in last for p in parts) and zipf(word) < ZIPF["age_named"]
        # in brackets a rare capitalised word is a name too ("Aram (3)"); after a comma only a
        # known name ("Calle Alcalá, 28," is a house number)
        if not (named or (group == 2 and word[0].isupper() and zipf(word) < ZIPF["age_bracketed_word"])):
            continue
        if group == 3 and _STREET_BEFORE_NUMBER.search(text, max(0, m.start() - 40), m.start(group)):
            continue
        if 0 < _number(m.group(group)) <= 120:
            yield Hit(m.start(group), m.end(group), Label.AGE, 0.5)


def _find_job_titles(scan: Scan) -> Iterator[Hit]:
    """Job titles standing as a field of their own: a signature line ("Practice Manager",
    "Senior Analyst, Finance Ops", "Jefa de Recursos Humanos", "Abogada – Becerra & Asociados"),
    a CSV or form cell ("...,2024-06-03,Backend Engineer").  The title's head word must be a
    job head (Faker's titles in four languages, everyday jobs); English puts it last ("Data
    Analyst"), Spanish and French first ("Técnica de logística"), "Head of ..." both."""
    text = scan.text
    first = load_gazetteers()[0]
    for m in _SEGMENT.finditer(text):
        if text[m.end(1) : m.end(1) + 2].lstrip(" ").startswith(":"):
            continue  # "Guardian:", "inspector:": a form key, not a value
        raw = _JOB_STOP.sub("", m.group(1))
        phrase = raw.strip(" .:")
        words = phrase.split()
        if not 1 <= len(words) <= 5 or len(phrase) > 50 or not all(_TITLE_WORD.fullmatch(w) for w in words):
            continue
        folded = [fold(w) for w in words]
        ranked = len(folded) > 1 and folded[0] in JOB_MODIFIERS  # "Junior Analyst": no name Junior
        if folded[0] in _NOT_A_TITLE or (folded[0] in first and not ranked):
            continue
        if _HEADING_WORDS.intersection(folded) and not is_job_head(folded[-1]):
            continue  # "Student Details" is a heading; "Data Analyst", "Support Engineer" are jobs
        if len(words) == 1 and words[0].islower() and folded[0] not in _EVERYDAY:
            continue  # "students, staff, and visitors": a lower-case word in a list
        content = [w for w in words if fold(w) not in _TITLE_CONNECTORS]
        whole_field = len(words) <= 3 or all(w[0].isupper() for w in content)
        head_of = len(folded) > 2 and folded[1] in ("of", "de", "del") and folded[0] in _HEAD_OF
        acronym = len(words) > 1 and len(words[0]) >= 2 and words[0].isupper()  # "IT Service Desk Analyst"
        if (
            not (headed_by_job(folded) or head_of)
            or not whole_field
            or (zipf(words[0]) >= ZIPF["job_title_first_word"] and not acronym)
        ):
            continue
        start = m.start(1) + raw.index(phrase)
        yield Hit(start, start + len(phrase), Label.JOB, 0.4)


def _find_job_cues(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    jobs = job_words()
    first = load_gazetteers()[0]
    for m in _JOB_CUE.finditer(text):
        phrase = _JOB_STOP.sub("", m.group(1)).rstrip(" ,")
        clause = _NEW_CLAUSE.search(phrase)
        if clause:  # "graphic designer freelance, my name is": the job ends where the next clause starts
            phrase = phrase[: clause.start()]
        of = _OF_NAME.search(phrase)
        if of and fold(phrase[: of.start()].split()[-1]) not in _HEAD_OF:
            phrase = phrase[: of.start()]  # "a founding partner of Hale, Moreno and Pratt": the firm is not the job
        words = [fold(w) for w in re.findall(r"[^\W\d_]{3,}", phrase)]
        named = fold(words[0]) in first if words else False
        if named and fold(words[0]) in JOB_MODIFIERS and len(words) > 1 and headed_by_job(words):
            named = False  # "as a junior analyst": a rank, not the name Junior
        if not words or (named and not (phrase.islower() and headed_by_job(words))):
            continue  # "soy Lucía": a name, not a job ("as a baker" is one)
        if any(w in jobs or (_JOB_SUFFIX.search(w) and zipf(w) < ZIPF["job_suffix_word"]) for w in words):
            yield Hit(m.start(1), m.start(1) + len(phrase), Label.JOB, 0.4)


def _find_bare_jobs(scan: Scan) -> Iterator[Hit]:
    for m in _JOB_BARE.finditer(scan.text):
        group = 1 if m.group(1) else 2
        phrase = _JOB_STOP.sub("", m.group(group)).rstrip(" ,.")
        words = [fold(w) for w in phrase.split()]
        # no article: only a phrase headed by a job ("I am pastry chef", not "I am happy")
        if 1 <= len(words) <= 4 and headed_by_job(words) and not _NOT_A_TITLE.intersection(words):
            start = m.start(group)
            yield Hit(start, start + len(phrase), Label.JOB, 0.35)


#: what joins a job word to its complement in the packs ("técnico de informática", "insegnante di
#: matematica", "tècnic de sistemes"); "da", "do", "en", "in" mostly start a place or a time instead
_PACK_JOB_COMPLEMENT = r"(?:[ \t](?:de|di|d['’])[ \t]?[^\W\d_]+)?"


def _pack_job_patterns(lang: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """(a job after a cue, a job before a cue) of one language pack: its ``job_cues`` then a word
    of its ``jobs`` list (stems cover cases and genders: ``nauczyciel*``, ``öğretmen*``), with a
    complement; Turkish also puts the cue after the job (``hemşire olarak çalışıyorum``)."""
    jobs = lexicon_pattern(word_list("jobs", (lang,), required=False))
    if not jobs:
        return None, None
    job = rf"(?:{jobs})(?![\w]){_PACK_JOB_COMPLEMENT}"
    cues = word_list("job_cues", (lang,), required=False)
    after = word_list("job_cues_after", (lang,), required=False)
    before_pattern = (
        regex_cache.compile(rf"(?i)(?<![\w])(?:{alternation(cues)})[ \t]+(?:l['’])?({job})(?![\w])") if cues else None
    )
    after_pattern = (
        re.compile(rf"(?i)(?<![\w])((?:{jobs})(?![\w]))[ \t]+(?:{alternation(after)})(?![\w])") if after else None
    )
    return before_pattern, after_pattern


_PACK_JOB_PATTERNS = {lang: _pack_job_patterns(lang) for lang in RULE_PACKS}


def _find_pack_jobs(scan: Scan) -> Iterator[Hit]:
    """A job in the text's language pack, after its cue ("trabalho como enfermeira", "faccio
    l'idraulico", "pracuję jako kierowca", "treballo de cambrera") or before it ("hemşire olarak
    çalışıyorum")."""
    lang = scan.memo("pack_language", rule_pack)
    if lang is None:
        return
    for pattern in _PACK_JOB_PATTERNS[lang]:
        if pattern is None:
            continue
        for m in pattern.finditer(scan.text):
            yield Hit(m.start(1), m.end(1), Label.JOB, 0.4)
    if lang == "tr":
        yield from _find_turkish_jobs(scan)
    else:
        yield from _find_open_pack_jobs(scan, lang)
    yield from _find_signature_pack_jobs(scan)


#: the word that introduces the job later in a sentence that starts with a work verb ("lavoro presso
#: un hotel a Genova come receptionist", "treballo a una gestoria, a Xàtiva, com a administratiu")
_AS_WORDS = {"pt": "como", "it": "come", "ca": "com a", "pl": "jako"}
#: the words that join a job word to its complement ("empregada de limpeza", "addetto alle pulizie",
#: "cap de projecte"); "da", "do", "a", "in" mostly start a place or a time instead
_JOINERS = {
    "pt": frozenset({"de"}),
    "it": frozenset(
        {
            "di",
            "del",
            "della",
            "dello",
            "dei",
            "degli",
            "delle",
            "al",
            "alla",
            "allo",
            "ai",
            "agli",
            "alle",
        }
    ),
    "ca": frozenset({"de", "del", "dels"}),
    "pl": frozenset(),
}
#: a head word that is frequent but opens a job when a complement follows ("cap de projecte")
_PACK_HEAD_OF = frozenset({
    "cap", "chefe", "capo", "responsabile", "responsável", "responsavel", "responsable", "director", "directora",
    "diretor", "diretora", "direttore", "direttrice", "kierownik", "kierowniczka", "gerente", "encarregado",
    "encarregada", "encarregat",
})  # fmt: skip
#: a job word after an open cue is rarer than this in the pack's language ("lavoro come corriere" 4.5,
#: "maestro" 4.8; not "come sempre" 6.1, "com a casa" 5.8)
_OPEN_JOB_ZIPF = 5.0
#: a word after the job word still belongs to it below this frequency ("ricercatrice universitaria",
#: "technik mechanik okrętowy"; not "corriere tutti i giorni")
_JOB_MODIFIER_ZIPF = 4.8
#: a Turkish word before "olarak çalışıyorum" is a job below this frequency when neither a list nor its
#: ending says so ("müşavir" 3.3)
_TR_RARE_JOB_ZIPF = 3.4
_WORD_TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_ELIDED = re.compile(r"(?i)^(?:l|d|dell|all|dall|nell|sull)['’]")


def _cue_pattern(entries: tuple[str, ...], prefix: str = "", suffix: str = r"[ \t]*") -> re.Pattern[str] | None:
    if not entries:
        return None
    return re.compile(r"(?i)(?<![\w])" + prefix + "(?:" + alternation(e.lower() for e in entries) + ")" + suffix)


class _PackJobs:
    """A language pack's knowledge of open job phrases: cues, stop words, job endings."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.stops = (
            folded_words("function_words", lang)
            | folded_words("person_anchors", lang)
            | folded_words("retirement_cues", lang)
            | folded_words("months", lang)
            | folded_words("weekdays", lang)
            | folded_words("nationalities", lang)
        )
        jobs = lexicon_pattern(word_list("jobs", (lang,), required=False))
        self.listed = regex_cache.compile(rf"(?i)(?:{jobs})") if jobs else None
        entries = word_list("job_suffixes", (lang,), required=False)
        suffixes = [e for e in entries if not e.startswith("!")]
        self.suffix = re.compile(r"(?i)(?:" + alternation(suffixes) + r")$") if suffixes else None
        # "!solteira": a word with a job ending that is no job
        self.stops |= frozenset(fold(e[1:]) for e in entries if e.startswith("!"))
        self.open = _cue_pattern(word_list("job_cues_open", (lang,), required=False))
        self.weak = _cue_pattern(word_list("job_cues", (lang,), required=False), suffix=r"[ \t]+")
        years = word_list("job_years_cues", (lang,), required=False)
        self.years = _cue_pattern(years, prefix=r"\d{1,2}[ \t]+") if years else None
        self.retired = _cue_pattern(word_list("retirement_cues", (lang,), required=False), suffix="")
        verbs = word_list("work_verbs", (lang,), required=False)
        as_word = _AS_WORDS.get(lang)
        self.work_as = (
            re.compile(
                r"(?i)(?<![\w])(?:" + alternation(v.lower() for v in verbs) + r")(?![\w])"
                r"(?:[^.!?\n]|\.(?![ \t]+[A-ZÀ-Þ]|[ \t]*$)){1,100}?(?<![\w])" + as_word + r"[ \t]+",
                re.M,
            )
            if verbs and as_word
            else None
        )
        self.joiners = _JOINERS.get(lang, frozenset())

    def is_listed(self, word: str) -> bool:
        return self.listed is not None and self.listed.fullmatch(word) is not None

    def has_suffix(self, word: str) -> bool:
        return self.suffix is not None and self.suffix.search(word) is not None and len(word) > 4

    def content(self, word: str, limit: float) -> bool:
        """A word that can be part of a job: letters, no stop word of the pack, rarer than ``limit``."""
        folded = fold(word)
        return (
            len(word) > 2
            and word.replace("-", "").isalpha()
            and folded not in self.stops
            and zipf_in(word, self.lang) < limit
        )

    def phrase(self, text: str, pos: int, weak: bool) -> tuple[int, int] | None:
        """The job phrase starting at ``pos``: a head word (after a weak cue, one with a job ending
        or a listed one), then its complement ("de limpeza") or up to two modifiers, up to a
        punctuation mark, a stop word or a frequent word."""
        clause = text[pos : pos + 80]
        cut = re.search(r"[.,;:!?()\[\]\n\"“”/]", clause)
        clause = clause[: cut.start()] if cut else clause
        tokens = list(re.finditer(r"\S+", clause))
        if not tokens:
            return None
        head = tokens[0].group()
        start = pos + tokens[0].start()
        elided = _ELIDED.match(head)
        if elided:  # "faccio l'idraulico", "treballo d'administrativa"
            head = head[elided.end() :]
            start += elided.end()
        if not head or (head[0].isupper() and fold(head) in load_gazetteers()[0]):
            return None  # "com a Maria": a name
        joined = len(tokens) > 2 and fold(tokens[1].group()) in self.joiners
        head_of = fold(head) in _PACK_HEAD_OF and joined
        if weak:
            if not (self.has_suffix(head) or self.is_listed(head)) or not self.content(head, _OPEN_JOB_ZIPF):
                return None
        elif not (head_of or self.content(head, _OPEN_JOB_ZIPF)):
            return None
        end = start + len(head)
        i, modifiers = 1, 0
        while i < len(tokens) and modifiers < 2:
            word = tokens[i].group()
            elided = _ELIDED.match(word)
            if (
                elided
                and word[: elided.end() - 1].lower() in ("d", "dell", "all")
                and self.content(word[elided.end() :], _OPEN_JOB_ZIPF + 1.0)
            ):  # "auxiliar d'infermeria", "addetto all'accoglienza"
                end = pos + tokens[i].end()
                i += 1
                modifiers += 1
                continue
            if fold(word) in self.joiners and i + 1 < len(tokens):
                complement = tokens[i + 1].group()
                if complement.islower() and self.content(complement, _OPEN_JOB_ZIPF + 1.0):
                    end = pos + tokens[i + 1].end()
                    i += 2
                    modifiers += 1
                    continue
                break
            if word.islower() == head.islower() and self.content(word, _JOB_MODIFIER_ZIPF) and not self.is_verb(word):
                end = pos + tokens[i].end()
                i += 1
                modifiers += 1
                continue
            break
        return start, end

    def is_verb(self, word: str) -> bool:
        """A first-person verb right after the job ("sou bibliotecária trabalho"): the pack's anchors."""
        return fold(word) in self.stops


_PACK_JOBS = {lang: _PackJobs(lang) for lang in ("pt", "it", "pl", "ca")}


def _find_open_pack_jobs(scan: Scan, lang: str) -> Iterator[Hit]:
    """A job no list knows, by the grammar of the sentence: after an open cue ("trabalho como
    oceanógrafo", "zawód: recepcjonista"), after the "as" word of a sentence that starts with a work
    verb ("lavoro presso ... come receptionist"), after a number of years in a sentence about
    retiring ("dopo 30 anni da addetto alle pulizie"), and after a weak cue ("sou", "sono", "soc") a
    word with a job ending ("sou bibliotecária")."""
    pack = _PACK_JOBS.get(lang)
    if pack is None:
        return
    text = scan.text
    starts: list[tuple[int, bool]] = []
    for pattern in (pack.open, pack.work_as):
        if pattern is not None:
            starts.extend((m.end(), False) for m in pattern.finditer(text))
    if pack.years is not None and pack.retired is not None:
        for m in pack.years.finditer(text):
            if pack.retired.search(text, max(0, m.start() - 120), m.start()):
                starts.append((m.end(), False))
    if pack.weak is not None:
        starts.extend((m.end(), True) for m in pack.weak.finditer(text))
    for pos, weak in starts:
        span = pack.phrase(text, pos, weak)
        if span is not None:
            yield Hit(span[0], span[1], Label.JOB, 0.4)


#: a Turkish job and the verb after it: "taksici olarak çalışıyorum", "30 yıl fırıncı olarak çalıştıktan
#: sonra", "güvenlik görevlisi olarak vardiyalı çalışıyorum"; "emekli ... olarak" (a retired ...) too.
#: Negated forms ("olarak çalışmıyor": a device) are left out.
_TR_OLARAK = re.compile(
    r"(?i)(?<![\w'’])((?:[^\W\d_]+[ \t]+){0,2}[^\W\d_]+)[ \t]+olarak[ \t]+"
    r"(?:(?:[^\W\d_]+[ \t]+){0,2}(?:çalış|calış|çalis|calis)(?!m[ıiaeu](?!k))|görev[ \t]+yap|işe[ \t]+başla|"
    r"emekli[ \t]+ol|hizmet[ \t]+ver)"
    r"|(?<![\w'’])emekli[ \t]+((?:[^\W\d_]+[ \t]+){0,2}[^\W\d_]+)[ \t]+olarak(?![\w])"
)
#: Turkish words before a job that are no part of it: time, retirement, ordinal numbers
_TR_NOT_JOB = re.compile(
    r"(?i)^(?:yıl\w*|sene\w*|emekli\w*|eski|uzun|kişi\w*|"
    r"(?:bir|iki|üç|dörd|beş|altı|yedi|sekiz|dokuz|on|yirmi|otuz|kırk|elli)(?:inci|nci|ıncı|ncı|üncü|ncü|uncu|ncu))$"
)
_TR_CASE_ENDING = re.compile(r"(?i)(?:da|de|ta|te|dan|den|tan|ten|ya|ye|yı|yi|yu|yü)$")


def _find_turkish_jobs(scan: Scan) -> Iterator[Hit]:
    """The one to three words before "olarak çalışıyorum" (or after "emekli", before "olarak") whose
    last word is a job: a listed one, one with a trade ending ("taksici", "uzmanı", "operatörü") or a
    rare word; the words before it stop at a time word, a function word or a frequent word."""
    text = scan.text
    pack = _TR_PACK
    if pack.open is not None:  # "mesleğim ürolog"
        for m in pack.open.finditer(text):
            span = pack.phrase(text, m.end(), False)
            if span is not None:
                yield Hit(span[0], span[1], Label.JOB, 0.4)
    if "olarak" not in text.lower():
        return
    for m in _TR_OLARAK.finditer(text):
        group = 1 if m.group(1) else 2
        words = m.group(group).split()
        head = words[-1]
        if _TR_NOT_JOB.match(head) or fold(head) in pack.stops:
            continue
        listed = pack.is_listed(head)
        frequency = zipf_in(head, "tr")
        if not listed and (frequency >= 5.3 or not (pack.has_suffix(head) or frequency < _TR_RARE_JOB_ZIPF)):
            continue
        kept = [head]
        for word in reversed(words[:-1]):
            if (
                _TR_NOT_JOB.match(word)
                or fold(word) in pack.stops
                or zipf_in(word, "tr") >= 5.6
                or (len(word) > 4 and _TR_CASE_ENDING.search(word) and not pack.is_listed(word))
            ):
                break
            kept.insert(0, word)
        start = m.start(group) + len(" ".join(words[: len(words) - len(kept)])) + (1 if len(kept) < len(words) else 0)
        yield Hit(start, m.end(group), Label.JOB, 0.4)


_TR_PACK = _PackJobs("tr")


#: a signature's name and the job after its comma, the line's last words ("Jolanta Kubiak, pielęgniarka
#: oddziałowa", "Nilgün Şahin, fen bilgisi öğretmeni", "... Enric, infermer de l'Hospital del Mar"): one to three
#: capitalised words at a line's start or after a sentence's end, a comma, then six words at most, maybe an age or a
#: phone number after another comma ("Serkan Koç, emlak danışmanı, 41 yaşında"); or the job alone as the line's last
#: sentence, three words at most ("... mesmo assim? spawacz, 791 220 436")
_SIGNATURE_JOB = re.compile(
    # a sign-off word and its comma may open the line ("Saygılarımla, Burak Demir, muhasebe uzmanı")
    r"(?m)(?:^|(?<=[.!?])[ \t]+)[ \t]*(?:(?:[A-ZÀ-ÞĄĆĘŁŃŚŹŻÇĞİÖŞÜ][\w'’-]+[ \t]*,[ \t]*)?"
    r"[A-ZÀ-ÞĄĆĘŁŃŚŹŻÇĞİÖŞÜ][\w'’-]+(?:[ \t]+[A-ZÀ-ÞĄĆĘŁŃŚŹŻÇĞİÖŞÜ][\w'’-]+){0,2}"
    r"[ \t]*,[ \t]*((?:[^\W\d_][\w'’-]*)(?:[ \t]+[^\W\d_][\w'’-]*){0,5})"
    r"|((?:[^\W\d_][\w'’-]*)(?:[ \t]+[^\W\d_][\w'’-]*){0,2}))"
    r"[ \t]*(?:,[ \t]*(?:\+?\d[\d \t]{5,}\d|\d{1,3}[ \t]+[^\W\d_]+))?[ \t]*\.?[ \t]*$"
)
_SIGNATURE_WORD = re.compile(r"[^\W\d_][\w'’-]*")
#: a language's name in Turkish, capitalised as Turkish writes it ("İngilizce", "Almanca", "Türkçe")
_TR_LANGUAGE_NAME = re.compile(r"[A-ZÇĞİÖŞÜ][a-zçğıöşü]+(?:ca|ce|ça|çe)")


def _listed_runs(text: str, tokens: list[re.Match[str]], pack: _PackJobs) -> list[tuple[int, int]]:
    """(first, last) token of every listed job in ``tokens``, the longest from each token ("mosso de magatzem",
    "administrator systemów", "górnik")."""
    runs = []
    for i in range(len(tokens)):
        for k in range(len(tokens) - 1, i - 1, -1):
            if pack.is_listed(text[tokens[i].start() : tokens[k].end()]):
                runs.append((i, k))
                break
    return runs


def _find_signature_pack_jobs(scan: Scan) -> Iterator[Hit]:
    """A job after a signature's name and a comma, in the text's language pack: the words up to a listed job
    of the pack (Turkish puts the head last: "fen bilgisi öğretmeni"), and in the other packs one lowercase
    modifier after it, or a joining word and its complement ("consulente commerciale", "pielęgniarka oddziałowa",
    "operari de manteniment"); nothing when no job is listed ("Maria Rossi, Milano", "Ana, obrigada"). A job alone
    as a line's last sentence must be listed whole ("? cambrera")."""
    lang = scan.memo("pack_language", rule_pack)
    pack = _TR_PACK if lang == "tr" else _PACK_JOBS.get(lang or "")
    if pack is None:
        return
    text = scan.text
    for m in _SIGNATURE_JOB.finditer(text):
        group = 1 if m.group(1) is not None else 2
        tokens = list(_SIGNATURE_WORD.finditer(text, m.start(group), m.end(group)))
        runs = _listed_runs(text, tokens, pack)
        if not runs:
            continue
        if group == 2:
            if runs[0] == (0, len(tokens) - 1):
                yield Hit(tokens[0].start(), tokens[-1].end(), Label.JOB, 0.4)
            continue
        head = runs[0][0]
        if tokens[0].group(0)[0].isupper() != tokens[head].group(0)[0].isupper() and not (
            lang == "tr" and all(_TR_LANGUAGE_NAME.fullmatch(t.group(0)) for t in tokens[:head])
        ):
            continue  # a capitalised word before a job word in small letters, but a language's ("İngilizce öğretmeni")
        last = runs[-1][1] if lang == "tr" else runs[0][1]
        if lang != "tr" and last + 1 < len(tokens):
            nxt = tokens[last + 1].group(0)
            if nxt.islower() and pack.content(nxt, _JOB_MODIFIER_ZIPF) and not pack.is_verb(nxt):
                last += 1
            elif (
                fold(nxt) in pack.joiners
                and last + 2 < len(tokens)
                and pack.content(tokens[last + 2].group(0), _JOB_MODIFIER_ZIPF)
            ):
                last += 2
        yield Hit(tokens[0].start(), tokens[last].end(), Label.JOB, 0.4)


def _find_job_roles(scan: Scan) -> Iterator[Hit]:
    for m in _JOB_ROLE.finditer(scan.text):
        group = 1 if m.group(1) else 2
        phrase = m.group(group)
        words = [fold(w) for w in phrase.split()]
        if headed_by_job(words) and words[0] not in _NOT_A_TITLE:
            start = m.start(group)
            yield Hit(start, start + len(phrase), Label.JOB, 0.35)


_CUES = "cues"

AGE_CUE = Rule(
    id="personal.age_cue",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.AGE}),
    find=_find_age_cues,
    source="cue:age",
    score=0.6,
    patterns=(_AGE_CUE,),
    lexicons=("RELATION_WORDS", "CARDINAL_WORDS"),
    description="the age after a cue about a person (my dad is 70, I'm 74, mi madre tiene 81, Ruby is 4)",
    examples=(
        Example("my dad is 62, he can't use the app", "62", Label.AGE),
        Example("My son is 14 and uses the tablet.", "14", Label.AGE),
    ),
    negatives=("Windows is 10. The router is 5 years old", "I'm 5 minutes away"),
)
AGE_IN_WORDS = Rule(
    id="personal.age_in_words",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.AGE}),
    find=_find_ages_in_words,
    source="cue:age",
    score=0.55,
    patterns=(_AGE_IN_WORDS, _DURATION_BEFORE),
    lexicons=("CARDINAL_WORDS",),
    description="an age said in words with its unit (tengo ochenta y dos años), not a duration",
    examples=(Example("tengo ochenta y dos años y vivo sola", "ochenta y dos años", Label.AGE),),
    negatives=("hace doce años que soy cliente",),
)
AGE_AFTER_NAME = Rule(
    id="personal.age_after_name",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.AGE}),
    find=_find_ages_after_names,
    source="cue:age",
    score=0.5,
    patterns=(_AGE_AFTER_NAME,),
    lexicons=("first names", "surnames", "CARDINAL_WORDS"),
    description="an age in brackets or after a comma behind a name (Saoirse Kavanagh (11), Terence, seventy-three,)",
    examples=(Example("my kids Saoirse Kavanagh (11) and Aram (3)", "11", Label.AGE),),
    negatives=("see Page (3) of the manual", "Calle Alcalá, 28, Madrid"),
)
JOB_TITLE = Rule(
    id="personal.job_title",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB}),
    find=_find_job_titles,
    source="cue:job",
    score=0.4,
    patterns=(_SEGMENT,),
    lexicons=("job heads (Faker job titles, EVERYDAY_JOBS)",),
    description="a job title standing as a field of its own (a signature line, a form or CSV cell)",
    examples=(Example("Kind regards,\nSarah Lee\nPractice Manager\nOakwood Surgery", "Practice Manager", Label.JOB),),
    negatives=("Student Details\nName:", "students, staff, and visitors"),
)
JOB_CUE = Rule(
    id="personal.job_cue",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB}),
    find=_find_job_cues,
    source="cue:job",
    score=0.4,
    patterns=(_JOB_CUE, _JOB_STOP, _NEW_CLAUSE, _JOB_SUFFIX),
    lexicons=("job words (Faker job titles, EVERYDAY_JOBS)",),
    description="the phrase after a job cue (I'm a ..., I work as ..., trabajo de ...) holding a job word",
    examples=(
        Example("I work as a facilities manager at the school", "facilities manager", Label.JOB),
        Example("trabajo de agente de seguros", "agente de seguros", Label.JOB),
        Example("I'm a graphic designer freelance, my name is Amer", "graphic designer freelance", Label.JOB),
    ),
    negatives=("I'm a bit lost with the bill", "soy Lucía y vivo en Lugo"),
)
#: a post in a CV's work history: a year range opening the line, the post, then its employer after a comma, a dash,
#: an at sign or a word for "at" ("2009–2011  kurier - Fik-Delikat Sp.j., Wrocław", "2014–2018  cassiera, Rapisardi
#: s.r.l.", "2012–2015  geometra presso Riccardi s.r.l.", "2019 - 2021 Software Engineer at Acme")
_CV_AT = r"(?:at|presso|na|no|w|en|a|chez|bei|bij|da|in|em|à)"
_CV_RANGE = re.compile(r"(?m)^[ \t]*(?:19|20)\d{2}[ \t]*[–—-][ \t]*(?:(?:19|20)\d{2}|[^\W\d_]{3,12})[ \t:]+")
_CV_POST = re.compile(
    r"(?P<job>[^\W\d_](?:[^\W\d_]|[.'’-](?=[^\W\d_]))*(?:[ \t][^\W\d_](?:[^\W\d_]|[.'’-](?=[^\W\d_]))*){0,4}?)"
    rf"(?=[ \t]*(?:,|[–—@|]|[ \t]-[ \t])|[ \t]+{_CV_AT}[ \t])"
)


_CV_SEPARATOR = re.compile(rf"[ \t]*(?:[,–—@|]|-(?=[ \t])|{_CV_AT}(?=[ \t]))[ \t]*")
_CV_MAX_WORDS = 6


@functools.cache
def _cv_section() -> re.Pattern[str]:
    """A work history's heading on a line of its own (``cv_sections``: "Experience", "Przebieg pracy")."""
    return re.compile(rf"(?im)^[ \t*#_]*(?:{alternation(folded_words('cv_sections', 'mul'))})[ \t*_:]*$")


def _find_cv_posts(scan: Scan) -> Iterator[Hit]:
    """The post on each line of a work history (two year-range lines at least, under a work history's heading: a
    changelog or a roadmap lists years too)."""
    ranges = list(_CV_RANGE.finditer(scan.text))
    if len(ranges) < 2 or _cv_section().search(scan.memo("fold_in_place", fold_in_place), 0, ranges[0].start()) is None:
        return
    text = scan.text
    for r in ranges:
        m = _CV_POST.match(text, r.end())
        if m is None or "\n" in m.group("job"):
            continue
        yield Hit(m.start("job"), m.end("job"), Label.JOB, 0.4)
        # the employer after it, and the town after the line's last comma ("- Fik-Delikat Sp.j., Wrocław")
        sep = _CV_SEPARATOR.match(text, m.end())
        if sep is None:
            continue
        line_end = text.find("\n", sep.end())
        line_end = len(text) if line_end < 0 else line_end
        rest = text[sep.end() : line_end].rstrip()
        comma = rest.rfind(", ")
        employer = rest[:comma] if comma > 0 else rest
        if employer and len(employer.split()) <= _CV_MAX_WORDS:
            yield Hit(sep.end(), sep.end() + len(employer), Label.ORGANIZATION, 0.35)
        town = rest[comma + 2 :] if comma > 0 else ""
        if town and len(town.split()) <= _CV_MAX_WORDS and not any(c.isdigit() for c in town):
            yield Hit(sep.end() + comma + 2, sep.end() + len(rest), Label.CITY, 0.35)


CV_POST = Rule(
    id="personal.cv_post",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB, Label.ORGANIZATION, Label.CITY}),
    find=_find_cv_posts,
    source="cue:job",
    score=0.4,
    patterns=(_CV_RANGE, _CV_POST),
    description="the post on a CV's work-history line: a year range, the post, then the employer after a comma, a "
    "dash, an at sign or a word for 'at', and the town after the line's last comma (two such lines at least, under a "
    "work history's heading)",
    examples=(
        Example("Przebieg pracy\n2009–2011  kurier - Fik-Delikat Sp.j., Wrocław\n2018–2021  fryzjer, Kielce", "kurier"),
        Example(
            "Esperienze\n2014–2018  cassiera, Rapisardi s.r.l.\n2017–2018  geometra presso Riccardi s.r.l.", "geometra"
        ),
        Example(
            "Work history\n2019 - 2021 Software Engineer at Acme\n2016 - 2019 Data Analyst, Initech",
            "Software Engineer",
        ),
        Example(
            "Przebieg pracy\n2009–2011  kurier - Fik-Delikat Sp.j., Wrocław\n2018–2021  fryzjer, Kielce",
            "Fik-Delikat Sp.j.",
        ),
        Example(
            "DOŚWIADCZENIE\n2009–2011  kurier - Fik-Delikat Sp.j., Wrocław\n2018–2021  fryzjer, Kielce",
            "Wrocław",
            Label.CITY,
        ),
        Example(
            "Trajectòria\n2007–2010  mossa d'esquadra - Construccions Muñoz\n2003–2005  mestra, Sabadell",
            "mossa d'esquadra",
        ),
        Example(
            "EXPÉRIENCES\n2000–2004  solier-moquettiste at Guyot, Melun\n1995–1999  inspecteur, Lyon",
            "solier-moquettiste",
        ),
    ),
    negatives=(
        "Invoices\n2023-2024: all paid\n2024-2025: missing",
        "Only one post\n2019–2021  kurier - Fik-Delikat Sp.j., Wrocław",
        "Support policy\n2022–2024  LTS, security fixes only\n2020–2022  Initial release - AWS",
        "Roadmap\n2019 - 2021 release manager - Platform team\n2021 - 2023 Hosting migration - AWS",
    ),
)
#: a signature's lines: the writer's name, their post, then a line to reach them ("Speak soon, Zachary" /
#: "Furniture conservator/restorer" / "Móvil: 7746460275"; a CV's head: "Kent Navarro" / "IT sales professional" /
#: "La Mirada - navarrok@icloud.com")
_SIGNATURE_LINES = re.compile(
    r"(?m)^(?P<name>[^\n]{1,80})\n[ \t]*(?P<post>[^\n]{2,60}?)[ \t]*\n(?P<contact>[^\n]{1,120})"
)
_POST_SHAPE = re.compile(r"[^\W\d_](?:[^\W\d_]|[/&'’.,()-])*(?:[ ](?:[^\W\d_]|[&(])(?:[^\W\d_]|[/&'’.,()-])*){0,5}")
_CONTACT_LINE = re.compile(
    r"(?i)@|(?P<number>\+?\d[\d .()/-]{5,}\d)|(?<![\w])(?:tel|tél|mob|mobile|móvil|movil|cell|phone|fax|handy|m|t|"
    r"e-?mail|cel|telemóvel|telefone|telefono|telefon|tlf)\.?[ \t]*[:.]"
)
#: a date or a time is no phone number ("released 2023-03-30", "2024-03-01 10:00")
_DATE_LIKE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}:\d{2}")


def _reachable(line: str) -> bool:
    """A line to reach someone: an e-mail address, a phone's key, or a number of seven digits or more, no date."""
    for m in _CONTACT_LINE.finditer(line):
        number = m.group("number")
        if number is None or (sum(c.isdigit() for c in number) >= 7 and not _DATE_LIKE.search(number)):
            return True
    return False


def _find_signature_posts(scan: Scan) -> Iterator[Hit]:
    """The post between a name line and a contact line (a phone number, an e-mail address, a phone's key)."""
    text = scan.text
    if text.count("\n") < 2 or _CONTACT_LINE.search(text) is None:
        return
    first, last = load_gazetteers()[:2]
    brands, departments = word_set("technical_brands"), folded_words("department_words", "mul")
    pos = 0
    while (m := _SIGNATURE_LINES.search(text, pos)) is not None:
        pos = m.start("post")  # the post line may be the next match's name line
        post = m.group("post")
        if not _POST_SHAPE.fullmatch(post) or not _reachable(m.group("contact")):
            continue
        name = m.group("name").rsplit(",", 1)[-1].split()  # "Speak soon, Zachary"
        words = post.split()
        if " ".join(name) in brands or fold(words[-1]) in departments:
            continue  # a firm named like a person ("John Lewis" / "Customer Services"), a team ("Technical Support")
        if (
            not 1 <= len(name) <= 4
            or name_words(name) != len(name)
            or all(fold(w) in first or fold(w) in last for w in words)
        ):
            continue  # no name above it, or the post line is a name itself ("Ana" / "Lopez" / "Tel: ...")
        yield Hit(m.start("post"), m.end("post"), Label.JOB, 0.35)


SIGNATURE_POST = Rule(
    id="personal.signature_post",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB}),
    find=_find_signature_posts,
    source="cue:job",
    score=0.35,
    patterns=(_SIGNATURE_LINES, _POST_SHAPE, _CONTACT_LINE),
    description="the writer's post in a signature or a CV's head: the line between a name line and a line with a "
    "phone number (no date), an e-mail address or a phone's key; no listed firm's name above it, no department's word "
    "ending it",
    examples=(
        Example(
            "All done. Speak soon, Zachary\nFurniture conservator/restorer\nMóvil: 7746460275",
            "Furniture conservator/restorer",
        ),
        Example(
            "Kent Navarro\nIT sales professional\nLa Mirada - navarrok@icloud.com - (1) 415 555 0101",
            "IT sales professional",
        ),
        Example("Cordialement, Antoinette Lacombe\nverrier au chalumeau\nMob. 06913 47212", "verrier au chalumeau"),
    ),
    negatives=(
        "Best regards,\nAna Lopez\nTel: 612 345 678",
        "Thanks, Ana\nLopez\nana@example.org",
        "The router restarts.\nIt happens every night\nTel: 612 345 678",
        "John Lewis\nCustomer Services\n0345 604 9049",
        "Max\nTechnical Support\nsupport@acme.com",
        "Ruby\nUpgrade required\nRuby 3.2.2 released 2023-03-30",
    ),
)
JOB_BARE = Rule(
    id="personal.job_bare",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB}),
    find=_find_bare_jobs,
    source="cue:job",
    score=0.35,
    patterns=(_JOB_BARE,),
    lexicons=("job heads",),
    description="a job with no article after a cue, headed by a job (I am pastry chef, Karen (shift supervisor))",
    examples=(Example("I am pastry chef in a hotel", "pastry chef", Label.JOB),),
    negatives=("I am happy with the service",),
)
JOB_ROLE = Rule(
    id="personal.job_role",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB}),
    find=_find_job_roles,
    source="cue:job",
    score=0.35,
    patterns=(_JOB_ROLE,),
    lexicons=("job heads",),
    description="a job named by the post it is (the Senior Data Engineer role, la plaza de auxiliar de enfermería)",
    examples=(Example("I applied for the Senior Data Engineer role last week", "Senior Data Engineer", Label.JOB),),
    negatives=("the main role of the router",),
)
PACK_JOB = Rule(
    id="personal.pack_job",
    family=Family.PERSONAL,
    detector=_CUES,
    labels=frozenset({Label.JOB}),
    find=_find_pack_jobs,
    source="cue:job",
    score=0.4,
    lexicons=("job_cues, job_cues_after, jobs (pt, it, pl, tr, ca)",),
    description="a job after (or, in Turkish, before) a job cue of the text's language pack; a job no list knows "
    "by the grammar of the sentence: after an open cue (trabalho como ...), the 'as' word of a sentence about work, "
    "years in a sentence about retiring, a weak cue with a job ending (sou bibliotecária), before 'olarak çalışıyorum'",
    examples=(
        Example("Proszę o korektę.\nJolanta Kubiak, pielęgniarka oddziałowa", "pielęgniarka oddziałowa"),
        Example("Kesintinin iadesini rica ederim.\nNilgün Şahin, fen bilgisi öğretmeni", "fen bilgisi öğretmeni"),
        Example("Nasci em Cascais em 2009 e trabalho como oceanógrafo. Preciso disto resolvido.", "oceanógrafo"),
        Example(
            "Bom dia, a conta deste mês veio mais alta. Sou bibliotecária e trabalho no turno da noite.",
            "bibliotecária",
        ),
        Example("Olá. Sou operador de armazém e trabalho por turnos. A fatura não chegou.", "operador de armazém"),
        Example(
            "Buongiorno, sono in pensione dopo 30 anni da addetto alle pulizie e non ho la linea.",
            "addetto alle pulizie",
        ),
        Example(
            "Buongiorno, lavoro presso un albergo a Genova come receptionist e non ho la linea da lunedì.",
            "receptionist",
        ),
        Example(
            "Bon dia, em vaig jubilar després de 30 anys de cap de projecte i no tinc internet.", "cap de projecte"
        ),
        Example(
            "Bon dia, treballo d'administrativa i no tinc internet des de dilluns, la factura és alta.",
            "administrativa",
        ),
        Example(
            "Dzień dobry, to pilne. Pracuję jako technik mechanik okrętowy na zmiany i nie mam zasięgu.",
            "technik mechanik okrętowy",
        ),
        Example("Merhaba, internetim yok. Sosyal hizmet uzmanı olarak vardiyalı çalışıyorum.", "Sosyal hizmet uzmanı"),
        Example("Merhaba, 30 yıl fırıncı olarak çalıştıktan sonra emekli oldum, faturam yanlış.", "fırıncı"),
        Example(
            "Merhaba, Ofisimiz İzmir'de. Emekli yeminli mali müşavir olarak yalnız yaşıyorum.", "yeminli mali müşavir"
        ),
        Example("Merhaba, internetim yok. Sakarya'da çalışıyorum; mesleğim ürolog. Yardım edin.", "ürolog"),
        Example("Olá, trabalho como enfermeira e não consigo aceder à minha conta.", "enfermeira", Label.JOB),
        Example("Buongiorno, faccio l'idraulico a Bologna e ho un problema.", "idraulico", Label.JOB),
        Example("Dzień dobry, pracuję jako nauczycielka matematyki w szkole.", "nauczycielka", Label.JOB),
        Example("Merhaba, hemşire olarak çalışıyorum ve faturam yanlış geldi.", "hemşire", Label.JOB),
        Example("Bon dia, treballo de tècnic de sistemes a Girona.", "tècnic de sistemes", Label.JOB),
        # after a signature: a job of several listed words, its complement, an age after it, a sign-off before it
        Example("Hi ha alguna alternativa? Harpreet Singh, operari de manteniment", "operari de manteniment"),
        Example("Proszę sprawdzić serwer. Łukasz Maj, administrator systemów", "administrator systemów"),
        Example("Kredi kartı başvurum değerlendirilir mi? Serkan Koç, emlak danışmanı, 41 yaşında", "emlak danışmanı"),
        Example("Geçerli mi? Saygılarımla, Burak Demir, muhasebe uzmanı", "muhasebe uzmanı"),
        Example("Ne önerirsiniz? Olga Petrova, İngilizce öğretmeni", "İngilizce öğretmeni"),
        # a listed job alone as the last sentence
        Example("Czy pracodawca musi mnie zwolnić? spawacz, 791 220 436", "spawacz"),
    ),
    negatives=(
        "Obrigado pela ajuda. Ana, obrigada",
        "Dziękuję. Jan Kowalski, Kraków, 791 220 436",
        "Moltes gràcies. Jordi, de Girona",
        "Teşekkürler. Ayşe, 34 yaşında",
        "Bom dia, sou cliente há dez anos e a fatura veio errada.",
        "Dzień dobry, jestem zadowolony z usługi.",
        "Buongiorno, lavoro come sempre da casa e la linea cade tutte le sere, grazie.",
        "Bon dia, treballo com a casa cada dia i no tinc internet des de dilluns, la factura és alta.",
        "Bon dia, treballo de nit i no tinc internet des de dilluns, la factura és massa alta.",
        "Bom dia, sou solteira e moro sozinha, a fatura deste mês veio errada outra vez.",
        "Merhaba, modem düzenli olarak çalışmıyor, internet sürekli olarak kesiliyor.",
        "Merhaba, yarı zamanlı olarak çalışıyorum ve faturam yanlış geldi.",
        "Merhaba, mert ahmet eren'i ikinci irtibat kişisi olarak ekleyin lütfen.",
        "Grazie mille per l'aiuto.\nMaria Rossi, Milano",
    ),
)
