"""Address rules: street lines and house numbers, units and floors, PO boxes, postcodes, coordinates.

Street words are multilingual (en/es/fr/de/nl, Catalan/Galician street words; Faker's street
words after a house number).  A street line and its units are joined into one address by the
merge's composers (:mod:`local_model.detection.merge`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from local_model.detection.catalogue.base import Example, Family, Finder, Hit, Rule, Scan, pattern_finder
from local_model.detection.catalogue.context import has_context, strip_trailing
from local_model.text import regex_cache
from local_model.text.lang import guess_pack, rule_pack
from local_model.text.lexicon import (
    CONTEXT_WORDS,
    ES_STREET_PREFIXES,
    POSTCODE_WORDS,
    SECONDARY_UNITS,
    STREET_PREFIXES,
    STREET_SUFFIXES,
    STREET_WORDS,
    alternation,
)
from local_model.text.lexicons import words
from local_model.text.textnorm import fold
from signatures.entities import Label

_GEO = re.compile(
    r"\[?\(?[-+]?(?:[1-8]?\d|90)\.\d{2,8}°?\s?[NS]?,\s?[-+]?(?:1[0-7]\d|\d{1,2}|180)\.\d{2,8}°?\s?[EW]?\)?\]?"
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
_TOWN_AFTER = re.compile(r"\s([^\W\d_])(['’][^\W\d_]|[^\W\d_])")
#: a Polish (NN-NNN), Portuguese (NNNN-NNN) or Brazilian (NNNNN-NNN) postcode shape
_DASHED_POSTCODE = re.compile(r"(?<![\w.,/:+-])(?:\d{2}|\d{4,5})-\d{3}(?![\w-]|[.,/:]\d)")
#: what makes "11-345" a range or a reference rather than a postcode: a page, a number sign, "from"
_RANGE_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:p|pp|pages?|str|s|ss|nr|no|n[º°]|art|od|from|between|entre|tra|tel|fax|#)\.?[ \t]?$"
)
#: a town, or an address line that ends in a letter, and a comma or a bracket before a postcode
_PLACE_BEFORE = re.compile(r"[^\W\d_]\.?,[ \t]?$|[^\W\d_][ \t]\($")
_NOT_POSTCODE_AREA = {"MP", "PS", "CO", "HP", "IP", "GT", "RX", "SD", "TV", "PC", "PM", "AM", "XP"}

_CAP = r"[A-ZÀ-Þ][\w'’-]*"
_STREET_AFTER = re.compile(
    rf"(?<![\w])(?:(\d{{1,5}}[A-Za-z]?),?\s)?((?:{_CAP}\s){{0,3}}{_CAP}\s(?i:"
    + alternation(STREET_SUFFIXES)
    + r")\.?)(?![\w])(?:,?\s(\d{1,5}[A-Za-z]?)(?![\w.,:]\d))?"
)
#: the endings of a German or Dutch street written as one word ("Lindenstraße", "Keizersgracht")
_COMPOUND_ENDINGS = (
    r"(?:strasse|straße|str\.|weg|allee|platz|gasse|damm|straat|laan|laantje|plein|gracht|kade|singel|dijk|dreef|steeg)"
)
_STREET_COMPOUND = re.compile(
    r"(?<![\w])((?:(?:(?:[A-Z]\.){1,3}|[A-ZÀ-Þ][\w'-]{1,20})[ ](?:(?:van|de|der|den|von)[ ])?){0,3}"
    rf"[A-ZÀ-Þ][\wäöüß'-]{{2,30}}{_COMPOUND_ENDINGS})(?![\w])(?:[ ](\d{{1,5}}[A-Za-z]?)(?![\w]))?"
)
_COMPOUND_WORD = re.compile(rf"[A-ZÀ-Þ][\wäöüß'-]{{2,30}}{_COMPOUND_ENDINGS}")


def street_compound(word: str) -> bool:
    """``word`` is a German or Dutch street written as one word ("Hauptstraße", "Kerkstraat", "Lindenweg")."""
    return _COMPOUND_WORD.fullmatch(word) is not None


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
    r"(?<![\w.,/:-])(\d{1,5}[A-Za-z]?(?:-\d{1,5}[A-Za-z]?)?)[ \t]+((?:[A-Za-zÀ-ÿ'’-]{2,20}[ \t]){0,3}(?i:"
    + alternation(STREET_WORDS)
    + r"))(?![\w]|[ \t]*:)"  # on one line; "street:" / "Place:" are field names
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
_NOT_IN_STREET_NAMES = frozenset(
    {"in", "on", "at", "from", "to", "for", "with", "and", "or", "by", "near", "into", "the"}
)
_UNIT_BEFORE = re.compile(r"(?i)(?:apt|apartment|suite|ste|unit|flat|room|rm|no|#)\.?\s?$")
# "callejón de las rosas 131", "c/ mayor, 12": a Spanish street word, a name in any case, a number
_STREET_BEFORE_LOWER = re.compile(
    # the street word ends a word ("Client library 9": no "cl" street) unless a dot, slash or º closes it
    r"(?<![\w])((?i:" + alternation(ES_STREET_PREFIXES) + r")\.?(?:(?<=[/º°.])|(?![\w]))\s?"
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


def _find_geo(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _GEO.finditer(text):
        start, end = m.start(), m.end()
        value = text[start:end]
        if value.startswith("[") != value.endswith("]") or value.startswith("(") != value.endswith(")"):
            start += value[0] in "[("
            end -= value[-1] in "])"
        yield Hit(start, end, Label.GEO_COORDINATE, 0.9)


@cache
def _uk_areas() -> frozenset[str]:
    return frozenset(words("uk_postcode_areas", ("en",)))


def _find_uk_postcodes(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _UK_POSTCODE.finditer(text):
        value = m.group()
        context = has_context(text, m.start(), CONTEXT_WORDS[Label.POSTCODE], 30)
        if not context and value[: len(value) - len(value.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))] not in _uk_areas():
            continue  # "MU793QL/A", "(SV22)": a part or model number, no postcode area of the UK
        full = " " in value or len(value) >= 6
        if full or context:
            yield Hit(m.start(), m.end(), Label.POSTCODE, 0.85 if full else 0.7)
        elif re.fullmatch(r"[A-Z]{2}\d{1,2}", value) and value[:2] not in _NOT_POSTCODE_AREA:
            yield Hit(m.start(), m.end(), Label.POSTCODE, 0.4)


def _find_nl_postcodes(scan: Scan) -> Iterator[Hit]:
    """A Dutch postcode; outside Dutch text only before a town or near a postcode word ("7590 AX on FRITZ!OS" is
    a router's model)."""
    text = scan.text
    for m in _NL_POSTCODE.finditer(text):
        if (
            _town_after(text, m.end(), capitals=True)
            or has_context(text, m.start(), CONTEXT_WORDS[Label.POSTCODE], 30)
            or scan.memo("pack_guess", guess_pack) == "nl"
        ):
            yield Hit(m.start(), m.end(), Label.POSTCODE, 0.8)


def _town_after(text: str, end: int, capitals: bool = False) -> bool:
    """A capitalised word right after ``end`` ("75001 Paris", "26276 İstanbul", "51270 L'Aquila"), in
    capitals too when ``capitals`` ("4470-602 COVILHÃ")."""
    m = _TOWN_AFTER.match(text, end)
    return m is not None and m.group(1).isupper() and (capitals or len(m.group(2)) == 2 or m.group(2).islower())


@cache
def _postcode_words(lang: str | None) -> tuple[str, ...]:
    """The postcode words for a text: the core ones and its pack's ("CAP", "posta kodu"); for a
    text no pack claims, the packs' long words only (a short one such as "cap" is a word elsewhere)."""
    if lang is not None:
        return (*POSTCODE_WORDS["mul"], *POSTCODE_WORDS.get(lang, ()))
    long_words = (w for ws in POSTCODE_WORDS.values() for w in ws if len(w) > 4 and w[-1] not in " :")
    return (*POSTCODE_WORDS["mul"], *dict.fromkeys(long_words))


def _find_five_digit_postcodes(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    lang = scan.memo("pack_language", rule_pack)
    words = _postcode_words(lang)
    for m in _FIVE_DIGITS.finditer(text):
        # 5-digit codes (de/fr/es/us) only with context: "75001 Paris", "PLZ 10115", "CA 94103"
        if (
            has_context(text, m.start(), words, 30)
            or _town_after(text, m.end())
            or re.search(r"(?:\b[A-Z]{2}|,)\s?$", text[max(0, m.start() - 6) : m.start()])
        ):
            yield Hit(m.start(), m.end(), Label.POSTCODE, 0.7)
    yield from _dashed_postcodes(text, lang, words)


def _dashed_postcodes(text: str, lang: str | None, words: tuple[str, ...]) -> Iterator[Hit]:
    """Polish "NN-NNN", Portuguese "NNNN-NNN" and Brazilian "NNNNN-NNN" postcodes: with a postcode
    word before them ("kod pocztowy: 94-793", "CEP 65052-309"), a town after them ("11-345 Gniezno",
    "4708-684 Póvoa de Varzim") or a town or an address line and a comma before them ("Gniezno,
    11-345", "3.º Esq., 8481-932 viseu", "Leiria (2639-664)") in a text of the shape's language (Polish
    for "NN-NNN", Portuguese for the others); never a range ("pages 11-345")."""
    for m in _DASHED_POSTCODE.finditer(text):
        start, end = m.start(), m.end()
        before = text[max(0, start - 12) : start]
        if has_context(text, start, words, 30):
            yield Hit(start, end, Label.POSTCODE, 0.7)
        elif lang != ("pl" if text[start + 2] == "-" else "pt") or _RANGE_BEFORE.search(before):
            continue
        elif _town_after(text, end, capitals=True) or _PLACE_BEFORE.search(before):
            yield Hit(start, end, Label.POSTCODE, 0.65)


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


def _street_match(m: re.Match[str], name_group: int, label_groups: tuple[int, ...]) -> Iterator[Hit]:
    end = m.end(name_group)
    if m.group(name_group).endswith(".") and len(m.group(name_group).split()[-1]) > 4:
        end -= 1  # "Montague Road." ends a sentence; "Main St." keeps its dot
    yield Hit(m.start(name_group), end, Label.STREET_ADDRESS, 0.75)
    for g in label_groups:
        if m.group(g):
            yield Hit(m.start(g), m.end(g), Label.BUILDING_NUMBER, 0.7)


def _find_streets_after(scan: Scan) -> Iterator[Hit]:
    for m in _STREET_AFTER.finditer(scan.text):
        first = m.group(2).split()[0]
        if fold(first) in ("the", "a", "an", "this", "that", "our", "my", "your") and len(m.group(2).split()) == 2:
            continue
        yield from _street_match(m, 2, (1, 3))


def _find_compound_streets(scan: Scan) -> Iterator[Hit]:
    for m in _STREET_COMPOUND.finditer(scan.text):
        yield from _street_match(m, 1, (2,))


def _find_streets_before(scan: Scan) -> Iterator[Hit]:
    for m in _STREET_BEFORE.finditer(scan.text):
        yield from _street_match(m, 2, (1, 3))


def _find_po_boxes(scan: Scan) -> Iterator[Hit]:
    for m in _PO_BOX.finditer(scan.text):
        if m.group()[:2].lower() != "bp" or m.group()[:2] == "BP":
            yield Hit(m.start(), m.end(), Label.STREET_ADDRESS, 0.7)


def _find_numbered_streets(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _NUMBERED_STREET.finditer(text):
        words = {fold(w) for w in m.group(2).split()[:-1]}
        if words & _NOT_IN_STREET_NAMES or _UNIT_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "19 in cedar falls" (a preposition), "apt 19 ..." (a unit number, not a house)
        yield Hit(m.start(), m.end(), Label.STREET_ADDRESS, 0.65)


def _find_named_houses(scan: Scan) -> Iterator[Hit]:
    for m in _named_houses(scan.text):
        street = m.group(2).split()
        end = m.end() - 1 if m.group().endswith(".") and len(street[-1]) > 4 else m.end()
        yield Hit(m.start(), end, Label.STREET_ADDRESS, 0.7)


def _find_spanish_floors(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _SPANISH_FLOOR.finditer(text):
        value = m.group()
        if (
            re.search(r"[ºª°]|\d(?:er|o|a)\s?[A-Ha-h]$|\d(?:er|ro|do|to)\s?-?\s?[a-z]{3}", value)
            or _AFTER_HOUSE_NUMBER.search(text, max(0, m.start() - 8), m.start())
            or has_context(text, m.start(), ("calle", "c/", ","), 60)
        ):
            yield Hit(m.start(), m.end(), Label.SECONDARY_ADDRESS, 0.65)  # beats the user-name shape ("1erb")


_D = "rules"


def _rule(
    name: str,
    labels: set[Label],
    find: Finder,
    patterns: tuple[re.Pattern[str], ...],
    score: float,
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    lexicons: tuple[str, ...] = (),
) -> Rule:
    return Rule(
        id=f"addresses.{name}",
        family=Family.ADDRESSES,
        detector=_D,
        labels=frozenset(labels),
        find=find,
        source=_D,
        patterns=patterns,
        lexicons=lexicons,
        score=score,
        description=description,
        examples=examples,
        negatives=negatives,
    )


GEO = _rule(
    "geo",
    {Label.GEO_COORDINATE},
    _find_geo,
    (_GEO,),
    0.9,
    "latitude and longitude in decimal degrees",
    (Example("I'm at 40.4168, -3.7038 right now", "40.4168, -3.7038", Label.GEO_COORDINATE),),
    ("the ratio was 0.5 to 1.5",),
)
UK_POSTCODE = _rule(
    "uk_postcode",
    {Label.POSTCODE},
    _find_uk_postcodes,
    (_UK_POSTCODE,),
    0.85,
    "a UK postcode of a listed area (any area after a postcode word); an outward code alone only with a postcode "
    "word or two letters and digits",
    (
        Example("Compton Road, Leeds LS9 7BJ", "LS9 7BJ", Label.POSTCODE),
        Example("postcode: QX1 4AB", "QX1 4AB", Label.POSTCODE),
    ),
    ("upgrade to MP3 and PS5", "Mi iPhone 15 (MU793QL/A) con iOS 17", "The Dyson V15 Detect (SV22) shows"),
    ("CONTEXT_WORDS", "uk_postcode_areas"),
)
NL_POSTCODE = _rule(
    "nl_postcode",
    {Label.POSTCODE},
    _find_nl_postcodes,
    (_NL_POSTCODE,),
    0.8,
    "a Dutch postcode (four digits, two capitals); outside Dutch text before a town or near a postcode word",
    (
        Example("Keizersgracht 12, 1015 CS Amsterdam", "1015 CS", Label.POSTCODE),
        Example("Postcode: 4858 RK", "4858 RK", Label.POSTCODE),
        Example(
            "Ik woon op de Zeilkerweg 4, 7625 SJ, en ik heb een vraag over mijn factuur", "7625 SJ", Label.POSTCODE
        ),
    ),
    ("we had 1015 guests", "The Fritz!Box 7590 AX on FRITZ!OS 7.57 drops DSL"),
    ("CONTEXT_WORDS",),
)
CA_POSTCODE = _rule(
    "ca_postcode",
    {Label.POSTCODE},
    pattern_finder(_CA_POSTCODE, Label.POSTCODE, 0.75),
    (_CA_POSTCODE,),
    0.75,
    "a Canadian postcode (B4V 2W1)",
    (Example("Wolfville, NS B4P 2R6", "B4P 2R6", Label.POSTCODE),),
    ("model D4F 2Q1 is out",),
)
EIRCODE = _rule(
    "eircode",
    {Label.POSTCODE},
    pattern_finder(_EIRCODE, Label.POSTCODE, 0.6),
    (_EIRCODE,),
    0.6,
    "an Irish Eircode (P51 KD72)",
    (Example("Mallow, Co. Cork P51 KD72", "P51 KD72", Label.POSTCODE),),
    ("flight B12 1234 left",),
)
AU_POSTCODE = _rule(
    "au_postcode",
    {Label.POSTCODE},
    pattern_finder(_AU_POSTCODE, Label.POSTCODE, 0.7, group=1),
    (_AU_POSTCODE,),
    0.7,
    "an Australian postcode after its state (Granville NSW 2142)",
    (Example("Granville NSW 2142", "2142", Label.POSTCODE),),
    ("we sold 2142 units",),
)
UK_POSTCODE_SPACED = _rule(
    "uk_postcode_spaced",
    {Label.POSTCODE},
    pattern_finder(_UK_POSTCODE_SPACED, Label.POSTCODE, 0.7),
    (_UK_POSTCODE_SPACED,),
    0.7,
    "a UK postcode typed with spaces between its last characters (SN2 7 HB)",
    (Example("Swindon SN2 7 HB", "SN2 7 HB", Label.POSTCODE),),
    ("plan B2 for later",),
)
FIVE_DIGIT_POSTCODE = _rule(
    "five_digit_postcode",
    {Label.POSTCODE},
    _find_five_digit_postcodes,
    (_FIVE_DIGITS,),
    0.7,
    "five digits (de/fr/es/it/tr/us) with a postcode word (the packs' too: CAP, posta kodu), a capitalised town "
    "after or a state code before; Polish NN-NNN and Portuguese NNNN-NNN with a postcode word or next to a town",
    (
        Example("La calle es Mayor 5, 47001 Valladolid.", "47001", Label.POSTCODE),
        Example("PLZ 10115", "10115", Label.POSTCODE),
        Example("Buongiorno, il CAP è 40127. Grazie.", "40127", Label.POSTCODE),
        Example("Dzień dobry, kod pocztowy: 31-042, pozdrawiam.", "31-042", Label.POSTCODE),
        Example("Olá, moro na Rua do Sol 12, 4450-208 Matosinhos, obrigado.", "4450-208", Label.POSTCODE),
    ),
    (
        "we shipped 47001 parcels last year",
        "Dzień dobry, proszę przeczytać strony 11-345 w instrukcji, pozdrawiam.",
        "We have a data cap 50000 requests per day",
    ),
    ("POSTCODE_WORDS",),
)
STREET_AFTER = _rule(
    "street_suffix",
    {Label.STREET_ADDRESS, Label.BUILDING_NUMBER},
    _find_streets_after,
    (_STREET_AFTER,),
    0.75,
    "capitalised words before a street suffix (Queens Road, Main St.), with the house number around it",
    (Example("I moved to 23 Willow Rise last month.", "Willow Rise", Label.STREET_ADDRESS),),
    ("the main road is closed",),
    ("STREET_SUFFIXES",),
)
STREET_COMPOUND = _rule(
    "street_compound",
    {Label.STREET_ADDRESS, Label.BUILDING_NUMBER},
    _find_compound_streets,
    (_STREET_COMPOUND,),
    0.75,
    "a German or Dutch street written as one word (Lindenstraße 4, Keizersgracht 12)",
    (Example("Ich wohne in der Lindenstraße 4 in Köln", "Lindenstraße", Label.STREET_ADDRESS),),
    ("die straße ist nass",),
)
STREET_PREFIX = _rule(
    "street_prefix",
    {Label.STREET_ADDRESS, Label.BUILDING_NUMBER},
    _find_streets_before,
    (_STREET_BEFORE,),
    0.75,
    "a street word before a capitalised name (Calle Mayor 12, rue de la Paix, Avenida Central)",
    (Example("Mi dirección es Calle Mayor 12, Madrid.", "Calle Mayor", Label.STREET_ADDRESS),),
    ("la calle está cortada",),
    ("STREET_PREFIXES",),
)
SECONDARY_UNIT = Rule(
    id="addresses.secondary_unit",
    family=Family.ADDRESSES,
    detector=_D,
    labels=frozenset({Label.SECONDARY_ADDRESS}),
    find=pattern_finder(_SECONDARY, Label.SECONDARY_ADDRESS, 0.6),
    source=_D,
    patterns=(_SECONDARY,),
    lexicons=("SECONDARY_UNITS",),
    score=0.6,
    description="a unit with its number (Apt 12, Suite 400, Flat 4)",
    examples=(Example("Please send it to Flat 4, 88 Queens Road.", "Flat 4", Label.SECONDARY_ADDRESS),),
    negatives=("the apartment is lovely",),
)
PO_BOX = _rule(
    "po_box",
    {Label.STREET_ADDRESS},
    _find_po_boxes,
    (_PO_BOX,),
    0.7,
    "a post-office box (PO Box 318, Apartado de Correos 45, Postfach 10 20 30)",
    (Example("write to PO Box 318, Leeds", "PO Box 318", Label.STREET_ADDRESS),),
    ("the box of 12 arrived",),
)
GRID_STREET = _rule(
    "grid_street",
    {Label.STREET_ADDRESS},
    pattern_finder(_GRID_STREET, Label.STREET_ADDRESS, 0.8),
    (_GRID_STREET,),
    0.8,
    "a Colombian or Venezuelan grid address (Carrera 43A # 18-95)",
    (Example("vivo en Carrera 43A # 18-95, Medellín", "Carrera 43A # 18-95", Label.STREET_ADDRESS),),
    ("la calle 5 está cerrada",),
)
NUMBERED_STREET = _rule(
    "numbered_street",
    {Label.STREET_ADDRESS},
    _find_numbered_streets,
    (_NUMBERED_STREET,),
    0.65,
    "a house number, up to four words and a street word in any case (305 brown fork)",
    (Example("i'm at 284 cherry parade, apt 12 in mira mesa", "284 cherry parade", Label.STREET_ADDRESS),),
    ("19 in cedar falls were hurt", "apt 19 lane", "building_number: 433\n street: Stadspark", "T00:00:00 Place: GB"),
    ("STREET_WORDS",),
)
STREET_LOWER_ES = _rule(
    "street_lower_es",
    {Label.STREET_ADDRESS},
    pattern_finder(_STREET_BEFORE_LOWER, Label.STREET_ADDRESS, 0.65),
    (_STREET_BEFORE_LOWER,),
    0.65,
    "a Spanish, Catalan or Galician street word, a name in any case and a number (c/ mayor, 12)",
    (
        Example("vivo en callejón de las rosas 131", "callejón de las rosas 131", Label.STREET_ADDRESS),
        Example("Carrer d'Aragó 45, Barcelona", "Carrer d'Aragó 45", Label.STREET_ADDRESS),
        Example("envíalo a c/mayor 12", "c/mayor 12", Label.STREET_ADDRESS),
    ),
    ("la calle principal tiene mucho tráfico", "Client library 9.19 is deprecated"),
    ("ES_STREET_PREFIXES",),
)
NAMED_HOUSE = _rule(
    "named_house",
    {Label.STREET_ADDRESS},
    _find_named_houses,
    (_NAMED_HOUSE, _HOUSE_WORD),
    0.7,
    "a named house before its street (Ivy Cottage, Mill Parade)",
    (Example("My address is Oak Cottage, Poplar Drive.", "Oak Cottage, Poplar Drive", Label.STREET_ADDRESS),),
    ("my house, close by the shop",),
    ("STREET_WORDS",),
)
FLOOR_DOOR_ES = _rule(
    "floor_door_es",
    {Label.SECONDARY_ADDRESS},
    _find_spanish_floors,
    (_SPANISH_FLOOR,),
    0.65,
    "a Spanish floor and door (3º B, 2ºA, esc. B, portal 2, 8º-dcha.)",
    (Example("Mi dirección es C/ Mayor, 12, 3º B, Madrid.", "3º B", Label.SECONDARY_ADDRESS),),
    ("tengo 3 hijos",),
)


# ------------------------------------------------------------------ language packs
#: the pack languages whose street word comes before the name ("Rua Augusta 120", "ul. Kwiatowa 3")
_PREFIX_PACKS = ("pt", "it", "pl", "ca")
#: the languages whose data has unit words ("address_units": floor, door, flat, staircase, block)
_UNIT_PACKS = ("pt", "it", "pl", "ca")
#: a unit after the house number: a unit word and its number ("esc. B", "m. 5", "interno 4", "lote 20",
#: "entresòl-B", "pral.-4a"), a Polish or Italian one-letter unit ("m. 5", "p. 2") or a floor ordinal and its
#: door ("3º Esq.", "5.º FRENTE", "1.º andar", "3r 2a", "4t-B", "2N B", "7è-4a")
_UNIT_WORDS = alternation(words("address_units", _UNIT_PACKS, required=False))
_DOOR_WORDS = r"esq|esquerdo|dto|direito|drt|dta|frt|frente|fundos|andar|izq|izda|izquierda|dcha|drcha|derecha"
_ORDINAL_FLOOR = (
    r"\d{1,2}(?:[ \t]?\.?[º°ª]|(?i:r|n|t|è|o|a))"
    r"(?:[ \t]?-?[ \t]?(?:(?i:" + _DOOR_WORDS + r")|[A-Ha-h]|\d{1,2}[ª°aA]|[\"“][A-Za-z][\"”]))?\.?(?![\w])"
)
_PACK_UNIT = (
    r"(?:[ \t]*[,/-]?[ \t]*(?:(?i:" + _UNIT_WORDS + r")(?![^\W\d_])\.?[ \t]*[:.]?[ \t]*"
    r"(?:-?[ \t]*(?:[0-9]{1,4}[A-Za-z]?|[A-Za-z]))?(?![\w])"
    r"|(?i:d|k|m|p)\.?[ \t]*[:.]?[ \t]*[0-9]{1,4}[A-Za-z]?(?![\w])"
    r"|" + _ORDINAL_FLOOR + r")){0,4}"
)
#: the house number, with its sign ("nº 24", "N.º 380", "núm. 18", "n. 55") or its plot ("lote 20"), and
#: its letter or flat after a slash ("142/C", "101A/90"); "135 - 7.º E" keeps its floor apart
_HOUSE = (
    r"(?:(?i:n\.?[ \t]?[º°o]?\.?|nr\.?|n[uú]m\.?|lote|lt\.?)[ \t]*)?\d{1,5}[A-Za-z]?"
    r"(?:(?:[ \t]?[/-][ \t]?\d{1,4}[A-Za-z]?|[/-][A-Za-z])(?![\w/]|\.?[º°ª]))?"
)
#: the house number's sign glued to it ("nº45", "n.45") is no word of the street's name
_NO_HOUSE_SIGN = r"(?!(?i:n\.?[º°o]?\.?|nr\.?|n[uú]m\.?)\d)"
_CONNECTOR = r"(?:d['’]|(?:de|da|do|dos|das|di|del|della|dei|dels|la|i)[ \t])"
#: a name word, or a number that opens a name ("Praça 5 de Outubro", "ul. 3 Maja")
_NAME_WORD = r"(?:" + _CONNECTOR + r"?[^\W\d_][\w'’.-]*|\d{1,3}(?=[ \t](?:d[eo][ \t]|d['’])?[A-ZÀ-ÞŁŚŻĆŹ]))"
_STREET_NAME = r"(?:" + _NAME_WORD + r"[ \t]){0,4}"
#: a Brazilian district after the street line ("Praça Joaquim Nabuco, 261 - Centro", "nº 294 - Vila Mariana")
_PT_DISTRICT = (
    r"(?:[ \t]+-[ \t]+[A-ZÀ-Þ][\w'’-]*(?:[ \t](?:d[aeo]s?[ \t])?[A-ZÀ-Þ][\w'’-]*){0,2}(?=[ \t]*(?:[,.;)\n]|$)))?"
)
#: the connectors a capitalised street name may hold (a street found without a language pack)
_NAME_CONNECTORS = frozenset(
    {"de", "da", "do", "dos", "das", "di", "del", "della", "dei", "degli", "dels", "la", "les", "i", "e"}
)


def _usable(entry: str) -> bool:
    """A street word of two letters or more (single letters such as "R.", "V." are other things)."""
    return entry == "c/" or len(entry.rstrip(".")) >= 2


def _street_line(street_word: str, lang: str) -> re.Pattern[str]:
    return regex_cache.compile(
        r"(?<![\w])"
        + street_word
        + r"[ \t]*"
        + _STREET_NAME
        + _NO_HOUSE_SIGN
        + r"[^\W\d_][\w'’.-]*,?[ \t]*"
        + _HOUSE
        + _PACK_UNIT
        + (_PT_DISTRICT if lang == "pt" else "")
    )


@cache
def _pack_street(lang: str) -> re.Pattern[str] | None:
    """The street lines of a pack's language; a one-letter abbreviation ("R." for Rua, "V." for Via)
    only in capitals with its dot, before a capitalised name ("R. Tiradentes, 214"): in small
    letters or alone it is something else."""
    listed = words("street_words", (lang,), required=False)
    entries = [w for w in listed if _usable(w)]
    if not entries:
        return None
    single = sorted({w for w in listed if len(w) == 2 and w[0].isupper() and w.endswith(".")})
    street_word = r"(?i:" + alternation(entries) + r")\.?"
    if single:
        street_word = r"(?:" + street_word + "|" + "|".join(re.escape(w) for w in single) + r"(?=[ \t]*[A-ZÀ-Þ]))"
    return _street_line(street_word, lang)


@lru_cache(maxsize=1)
def _any_pack_street() -> re.Pattern[str] | None:
    """The street lines of every prefix pack, for a text no pack claims (too short to tell, or
    mixed): abbreviations only with their dot, street words of three letters or more."""
    entries = [
        w
        for w in words("street_words", _PREFIX_PACKS, required=False)
        if _usable(w) and (w.endswith(".") or w == "c/" or len(w) >= 3)
    ]
    if not entries:
        return None
    return _street_line(r"(?i:" + alternation(entries) + r")", "pt")


def _capitalised_street(text: str, start: int, end: int) -> bool:
    """A street line found without a pack: its street word and its name are capitalised ("Largo
    Giovanni Pascoli, 135", "Via dei Caduti 37"), so "via the portal 2" is no street."""
    head = re.match(r"[^\d,]*", text[start:end])
    name = (head.group() if head else "").split()
    name = [_ELIDED.sub("", w) for w in name]
    return (
        bool(name)
        and bool(name[0])
        and name[0][0].isupper()
        and all(
            w and (w[0].isupper() or w.lower() in _NAME_CONNECTORS or w[0].isdigit() or _NUMBER_SIGN_WORD.fullmatch(w))
            for w in name
        )
    )


#: a line all in lower case with nothing but words and a number: no street line ("via bonifico 3"),
#: unlike "vicolo petrarca, 154", "ul. traugutta 34a m. 29", "carrer de la pau 22 2n-b"
_LOWER_STREET = re.compile(r"[^\W\d_]+(?:[ \t]+[^\W\d_]+)+[ \t]+\d{1,5}[a-z]?")


#: the sign before a house number ("n.", "nº", "núm.", "nr", "lote")
_NUMBER_SIGN_WORD = re.compile(r"(?i)n\.?[º°o]?\.?|n[uú]m\.?|nr\.?|lote|lt\.?")


#: an elided article before a name ("l'Estació", "d'Urgell", "dell'Arte")
_ELIDED = re.compile(r"^(?i:[dl]|dell|all|nell|sull)['’]")


#: a Turkish unit with its number: "No: 12", "Kat:4", "Daire: 5", "D:4", "C Blok"
_TR_UNIT = (
    r"(?:[ \t]*,?[ \t]*(?i:no|numara|kat|daire|d|blok|bl)(?![^\W\d_])[ \t]*[:.]?[ \t]*\d{1,5}[A-Za-z]?"
    r"(?:[ \t]?/[ \t]?\d{1,4}[A-Za-z]?)?(?![\w]))"
)


@lru_cache(maxsize=1)
def _turkish_street() -> re.Pattern[str] | None:
    entries = [w for w in words("street_words", ("tr",), required=False) if _usable(w)]
    if not entries:
        return None
    # a chain of named parts, each a name and its street word ("Feneryolu Mah. Ankara Cd. Cınar Apt.",
    # "Barbaros Mah. 239. Sk."), then its units in any order ("Kat:4 No:20", "No: 139 kat: 10 daire: 23")
    segment = r"(?:(?:[^\W\d_][\w'’.-]*|\d{1,5}\.?)[ \t]){1,3}(?i:" + alternation(entries) + r")(?![\w])\.?"
    return re.compile(r"(?<![\w])(" + segment + r"(?:,?[ \t]+" + segment + r"){0,3})(" + _TR_UNIT + r"{0,4})")


@lru_cache(maxsize=1)
def _tr_street_word() -> re.Pattern[str]:
    entries = [w for w in words("street_words", ("tr",), required=False) if _usable(w)]
    return re.compile(r"(?i:" + alternation(entries) + r")\.?")


def _turkish_lines(text: str) -> Iterator[tuple[int, int]]:
    """Turkish street lines: capitalised, or in any case with a number ("halaskargazi caddesi no: 139");
    the lower-case words that open a capitalised line are left out ("Modemi Mithatpaşa Caddesi")."""
    pattern = _turkish_street()
    if pattern is None:
        return
    for m in pattern.finditer(text):
        start = m.start()
        parts = m.group(1).split()
        capitalised = all(w[0].isupper() or w[0].isdigit() for w in parts)
        if not capitalised:
            if not m.group(2):
                continue
            # keep the street's own words: from the first capitalised one, or the two before the first street word
            lead = next((i for i, w in enumerate(parts) if w[0].isupper() or w[0].isdigit()), None)
            if lead is None:
                street = next((i for i, w in enumerate(parts) if _tr_street_word().fullmatch(w)), len(parts))
                lead = max(0, street - 2)
            for w in parts[:lead]:
                start = text.index(w, start) + len(w)
            start = len(text) - len(text[start:].lstrip())
        yield start, m.end()


def _find_pack_streets(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    lang = scan.memo("pack_language", rule_pack)
    if lang == "tr":
        for start, end in _turkish_lines(text):
            yield Hit(start, _end_of_line(text, start, end), Label.STREET_ADDRESS, 0.75)
        return
    pattern = _pack_street(lang) if lang in _PREFIX_PACKS else _any_pack_street() if lang is None else None
    if pattern is None:
        return
    for m in pattern.finditer(text):
        end = _end_of_line(text, m.start(), m.end())
        if not any(c.isdigit() for c in text[m.start() : end]):
            continue
        if _SINGLE_ABBREVIATION.match(text, m.start()) and not _STREET_CUE_BEFORE.search(
            text, max(0, m.start() - 20), m.start()
        ):
            continue  # "O técnico R. Silva veio 2 vezes": an initial, not "Rua"
        if lang is None and not _capitalised_street(text, m.start(), end):
            continue
        if text[m.start() : end].islower() and _LOWER_STREET.fullmatch(text, m.start(), end):
            continue  # "via bonifico 3 volte", "paguei via multibanco 2 vezes": a word and a count
        yield Hit(m.start(), end, Label.STREET_ADDRESS, 0.75)


#: a one-letter street abbreviation ("R." Rua, "V." Via) and the words after which it is one: a
#: preposition of place or an address field ("na R. Tiradentes, 214", "Indirizzo: V. Roma 12")
_SINGLE_ABBREVIATION = re.compile(r"[A-Z]\.(?![\w.])")
_STREET_CUE_BEFORE = re.compile(
    r"(?i)(?:(?<![\w])(?:na|em|no|in|a|ad|all['’]|morada|endereço|endereco|indirizzo|residente in|abito in)[ \t]*"
    r"|[:\n][ \t]*)$"
)


def _end_of_line(text: str, start: int, end: int) -> int:
    stop = strip_trailing(text, start, end, " \t,.-")
    if text[stop:end].startswith(".") and (
        text[start:stop].split()[-1].lower() in _DOTTED_ENDS or text[stop - 1] in "º°ª"
    ):
        stop += 1  # "Esq.", "int.", "Sok." and an ordinal floor ("3º.") keep their dot
    return stop


_DOTTED_ENDS = frozenset(
    {
        "esq",
        "dto",
        "drt",
        "dta",
        "frt",
        "int",
        "sok",
        "sk",
        "cad",
        "cd",
        "mah",
        "blv",
        "pral",
        "apt",
        "esc",
        "lok",
        "izq",
        "izda",
        "dcha",
        "drcha",
    }
)

PACK_STREET = Rule(
    id="addresses.pack_street",
    family=Family.ADDRESSES,
    detector=_D,
    labels=frozenset({Label.STREET_ADDRESS}),
    find=_find_pack_streets,
    source=_D,
    lexicons=("street_words (pt, it, pl, ca, tr)", "address_units (pt, it, pl, ca)"),
    score=0.75,
    description=(
        "a street line in the text's language pack (every prefix pack's, capitalised, when no pack claims the text):"
        " street word, name, house number, floor and door; a Turkish chain of district, street and building"
    ),
    examples=(
        Example(
            "Bom dia, moro na Rua Augusta, 120, 3º Esq. em Lisboa e não tenho internet há uma semana.",
            "Rua Augusta, 120, 3º Esq.",
        ),
        Example(
            "Buongiorno, abito in Via Roma 12, interno 4, a Torino e non ho linea da ieri, grazie.",
            "Via Roma 12, interno 4",
        ),
        Example(
            "Dzień dobry, mieszkam przy ul. Kwiatowej 3 m. 5 w Krakowie i nie mam internetu, proszę o pomoc.",
            "ul. Kwiatowej 3 m. 5",
        ),
        Example(
            "Bon dia, visc al carrer de Mallorca, 401, 3r 2a de Barcelona i no tinc línia, gràcies.",
            "carrer de Mallorca, 401, 3r 2a",
        ),
        Example(
            "Merhaba, adresim Gül Sokak No: 12 Daire: 5, Ataşehir ve internetim yok, teşekkürler.",
            "Gül Sokak No: 12 Daire: 5",
        ),
        Example(
            "Merhaba, teknisyen Akasya Mah. Lale Cd. Umut Apt. Kat:3 No:17 adresine gelmeli, teşekkürler.",
            "Akasya Mah. Lale Cd. Umut Apt. Kat:3 No:17",
        ),
        Example(
            "Olá, a avaria é na TRAVESSA DO POÇO, N.º 52, 2.º FRENTE e já reiniciei o modem, obrigado.",
            "TRAVESSA DO POÇO, N.º 52, 2.º FRENTE",
        ),
        Example("Il tecnico deve venire in Largo Ugo Foscolo, 96.", "Largo Ugo Foscolo, 96"),
        Example(
            "Oi, a avaria é na R. Tiradentes, 214. Obrigada pela ajuda, a internet não funciona.", "R. Tiradentes, 214"
        ),
    ),
    negatives=(
        "Olá, o técnico R. Silva veio 2 vezes e não resolveu nada, a internet continua sem funcionar.",
        "Buongiorno, abito a Torino e pago via bonifico ogni mese, non ho altre domande, grazie.",
        "Hello, I live in London and pay via transfer 12 times a year.",
        "Buongiorno, ho pagato via bonifico 3 volte e la linea non funziona ancora, grazie.",
    ),
)

#: a floor and its door written as two ordinals, the Catalan and Portuguese way ("el veí del 2n 1a", "o 3º 2ª"):
#: a floor ordinal (1r, 2n, 3r, 4t, 5è, 2º) and a door number with its feminine ordinal ("1a", "2ª")
_FLOOR_AND_DOOR = re.compile(r"(?<![\w/.:-])\d{1,2}(?:r|n|t|è|º|°)[ \t]*,?[ \t]*-?[ \t]*\d{1,2}(?:a|ª)(?![\w/.:-])")


@cache
def _dwelling_unit(lang: str) -> re.Pattern[str] | None:
    """A flat or premises named by its number on its own, in a pack's words ("do lokalu 14", "l'appartamento 12",
    "o apartamento 302"): the word, maybe a number sign, the number."""
    entries = words("dwelling_units", (lang,), required=False)
    if not entries:
        return None
    # a count after the number is no flat's number ("apartamento 2 quartos", "w lokalu 3 osoby")
    counts = words("dwelling_counts", (lang,), required=False)
    counted = r"(?![ \t]*(?:" + alternation(counts) + r")(?![\w]))" if counts else ""
    return re.compile(
        r"(?i)(?<![\w])(?:"
        + alternation(entries)
        + r")\.?[ \t]*(?:(?:nr|n|n\.?º|núm|num|número|numero|numer)\.?[ \t]*)?"
        r"(?-i:\d{1,4}[A-Za-z]?)(?![\w,.-]\d|[\w-])" + counted
    )


def _find_pack_units(scan: Scan) -> Iterator[Hit]:
    lang = scan.memo("pack_language", rule_pack)
    if lang not in _UNIT_PACKS:
        return
    if lang in ("ca", "pt"):
        for m in _FLOOR_AND_DOOR.finditer(scan.text):
            yield Hit(m.start(), m.end(), Label.SECONDARY_ADDRESS, 0.65)
    pattern = _dwelling_unit(lang)
    if pattern is not None:
        for m in pattern.finditer(scan.text):
            yield Hit(m.start(), m.end(), Label.SECONDARY_ADDRESS, 0.65)


PACK_UNIT = Rule(
    id="addresses.pack_unit",
    family=Family.ADDRESSES,
    detector=_D,
    labels=frozenset({Label.SECONDARY_ADDRESS}),
    find=_find_pack_units,
    source=_D,
    patterns=(_FLOOR_AND_DOOR,),
    lexicons=("dwelling_units (pt, it, pl, ca)", "dwelling_counts (pt, it, pl, ca)"),
    score=0.65,
    description=(
        "a flat named apart from its street line, in the text's language pack: a Catalan or Portuguese floor and door "
        "as two ordinals (el veí del 2n 1a), a word for a flat or premises and its number (do lokalu 14,"
        " o apartamento 302)"
    ),
    examples=(
        Example(
            "Senyors, el veí del 2n 1a fa soroll cada nit i no ens deixa dormir, gràcies.",
            "2n 1a",
            Label.SECONDARY_ADDRESS,
        ),
        Example(
            "Administracja osiedla: proszę nie wydawać kluczy do lokalu 14 nikomu poza mną, dziękuję.",
            "lokalu 14",
            Label.SECONDARY_ADDRESS,
        ),
        Example(
            "Buongiorno, il tecnico deve salire all'appartamento 12 del palazzo, la linea non funziona, grazie.",
            "appartamento 12",
            Label.SECONDARY_ADDRESS,
        ),
        Example("Bon dia, el veí del 3r, 2a fa soroll cada nit i no ens deixa dormir.", "3r, 2a"),
        Example("Dzień dobry, proszę dostarczyć paczkę pod lok. 14, dziękuję bardzo.", "lok. 14"),
        Example(
            "Bom dia, moro no apartamento 302 e a internet não funciona desde ontem, obrigado.",
            "apartamento 302",
            Label.SECONDARY_ADDRESS,
        ),
    ),
    negatives=(
        "Bon dia, el router fa 2n intent i 1a vegada falla, gràcies.",
        "Dzień dobry, w lokalu jest 14 osób i internet nie działa, pozdrawiam.",
        "Bom dia, a porta 8443 está fechada no apartamento e a internet não funciona.",
        "Buongiorno, la versione 2.1 del firmware interno 4.2.19 non funziona, grazie.",
        "Olá, procuro um apartamento 2 quartos perto do metro, a internet está incluída no preço?",
        "Dzień dobry, w lokalu 3 osoby pracują na jednym łączu i internet ciągle nie działa.",
        "Buongiorno, ho un appartamento 3 locali e il segnale del router non arriva in camera.",
        "Buongiorno, il codice interno 4471 dell'ordine non compare e il numero interno 204 non risponde.",
        "Olá, procuro um apartamento 1200 euros por mês ou um apartamento 2 suítes perto do centro.",
        "Dzień dobry, nasz lokal 12 stolików ma jeden router i szukam mieszkanie 2-pokojowe.",
    ),
)
