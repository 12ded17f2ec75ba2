"""Span hygiene for the statistical detectors (the NER, the trained tagger).

Statistical models read headings, field names, markup, code and generic noun phrases as names
(``BACKGROUND:``, ``Key Findings``, ``<li>``, ``hasDeparted``, ``Student Support Services``).
:func:`clean_span` trims a candidate span (determiners, punctuation, a possessive ``'s``, brackets
and quotes) and drops it when it is one of those; every detector whose spans come from a model runs
its candidates through it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Container

from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.names import CHAT_LINE_OPENING
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lang import PACKS
from local_model.text.lexicon import COMMON_ACRONYMS, ORG_DESIGNATORS, TITLE_WORDS, exact_key_label, key_label
from local_model.text.lexicons import folded_words
from local_model.text.lexicons import words as lexicon_words
from local_model.text.textnorm import fold, in_code_line
from local_model.text.words import closed_compound, glued_common_words, zipf, zipf_in_packs
from signatures.entities import Label

_LEADING = re.compile(r"^(?:the|a|an|our|my|your|their|his|her|its)\s+", re.IGNORECASE)
#: a clock time that opens a name's span (a chat line's or a log line's time before the name)
_LEADING_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?[ \t]+(?=[^\W\d_])")
_CLOCK_LABELS = frozenset({Label.TIME, Label.DATE, Label.DATE_OF_BIRTH})
#: a hyphen and a word in small letters after a capitalised word: a compound ("Back-off", "Built-in"), not a
#: double-barrelled name ("Smith-Jones")
_LOWER_HYPHEN_TAIL = re.compile(r"-[a-z]{2,}(?![\w-])")


def _compound_head(text: str, value: str, end: int) -> bool:
    """``value``, one capitalised word ending at ``end``, opens a compound with a word in small letters after a hyphen,
    and is a frequent word and no listed first name ("Back-off"; a Korean given name keeps its syllables in small
    letters: "Jae-won", "Soon-ja")."""
    if value.islower() or _LOWER_HYPHEN_TAIL.match(text, end) is None:
        return False
    first, _, _, _ = load_gazetteers()
    return fold(value) not in first and zipf(value) >= ZIPF["compound_head"]


#: the labels a chat line's role is read as
_NAME_LIKE_ROLES = frozenset({Label.PERSON, Label.ORGANIZATION, Label.NRP, Label.LOCATION})
#: a chat line's opening before its speaker: a time or a bracketed stamp
_SPEAKER_OPENING = re.compile(rf"[ \t]*{CHAT_LINE_OPENING}")
#: after a chat line's speaker: its colon, or a bracket before it ("Clinician (N. Adebayo):")
_SPEAKER_CLOSING = re.compile(r"[ \t]*(?::|\([^()\n]{1,40}\)[ \t]*:)")


def _speaker_role(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a listed role (``chat_roles``: Clinician, Agent, Kunde) speaking at a line's start."""
    if fold(text[start:end]) not in folded_words("chat_roles", "mul") or _SPEAKER_CLOSING.match(text, end) is None:
        return False
    line = text.rfind("\n", 0, start) + 1
    return _SPEAKER_OPENING.fullmatch(text, line, start) is not None


def clean_span(text: str, start: int, end: int, label: Label) -> tuple[int, int] | None:
    """Trim determiners and punctuation; drop field names and all-caps headings.

    spaCy's small model tags headings (``BACKGROUND:``), field names (``IDCARD``,
    ``USERNAME``) and determiners (``the Physical Plant Area``) as entities.
    """
    value = text[start:end]
    lead = _LEADING.match(value)
    if lead:
        start += lead.end()
    if label not in _CLOCK_LABELS and (clock := _LEADING_CLOCK.match(text, start, end)) is not None:
        start = clock.end()  # "09:18 Marta (support):": a chat line's time, then the name
    while end > start and not (text[end - 1].isalnum()):
        end -= 1
    while start < end and not (text[start].isalnum() or text[start] in "<[@#+"):
        start += 1
    if _POSSESSIVE.search(text, start, end):
        end -= 2  # "Kestrel Auto's" -> "Kestrel Auto": the suffix stays readable after the marker
    if label in (Label.PERSON, Label.ORGANIZATION) and " ".join(fold(text[start:end]).split()) in _greetings():
        return None  # "Guten Tag", "Buenos días": a greeting, nobody's name
    if label in _NAME_LIKE:
        lead_end = _pack_function_lead(text, start, end)
        if lead_end > start:  # "Il mio", "Ho l'offerta": a sentence's first words in another language, no name
            rest = text[lead_end:end].split()
            if not rest or not any(w[:1].isupper() for w in rest) or _pack_common(rest):
                return None
            start = lead_end
    value = text[start:end]
    if sum(c.isalnum() for c in value) < 2:
        return None
    if "\n" in value:  # entities do not span lines; keep the first line
        end = start + value.index("\n")
        value = text[start:end].rstrip()
        end = start + len(value)
        if sum(c.isalnum() for c in value) < 2:
            return None
    words = value.split()
    if label in (Label.PERSON, Label.ORGANIZATION) and len(words) == 1 and _compound_head(text, value, end):
        return None  # "Back-off restarting failed container", "Read-only": a compound's head, no name
    if label in _NAME_LIKE_ROLES and _speaker_role(text, start, end):
        return None  # "09:03 Clinician (N. Adebayo, NP): ...": a chat line's role, no one's name
    if len(words) == 1 and (
        (key_label(value) is not None and value.isupper())
        or (value.isupper() and len(value) > 4 and zipf(value) >= 3.0)
    ):
        return None
    if label == Label.ORGANIZATION and (role := _AS_ROLE.search(value)) is not None:
        # "Napco National Company as Senior Compliance": the firm, then the writer's role there
        end = start + role.start()
        value = text[start:end]
        words = value.split()
        if sum(c.isalnum() for c in value) < 2:
            return None
    cut = _BREAK.search(value)
    if cut:  # "ZELVA GRILL FOOD (g", "Korvalis)——": a name does not run across brackets or quotes
        end = start + cut.start()
        value = text[start:end]
        if sum(c.isalnum() for c in value) < 2:
            return None
        words = value.split()
    if _code_like(text, start, end, label):
        return None
    if key_label(value) is not None and re.match(r"[*_\s\"'”]*:", text[end : end + 4]):  # "Reisepass": a JSON key
        return None  # a field name ("Date of Birth:"), not an entity
    if _in_markup(text, start, end):
        return None
    if label in (Label.ORGANIZATION, Label.PERSON) and (
        (_generic(words, 4.0 if label == Label.ORGANIZATION else 3.5) and not _designated(words, label))
        or (len(words) >= 2 and in_heading(text, start, end))
    ):
        return None
    return start, end


#: labels whose spans lose another language's opening function words (an organisation or a place
#: keeps its article: "Il Sole 24 Ore", "Los Angeles")
_NAME_LIKE = frozenset({Label.PERSON})
_FIRST_WORD = re.compile(r"([^\W\d_]+)[ \t]+")
#: particles that open a surname ("Da Silva", "De Vries", "Van Dijk", "Di Maria"): never trimmed
_PARTICLES = frozenset(
    {"da", "de", "del", "della", "dei", "di", "do", "dos", "das", "du", "des", "la", "le", "lo", "van", "von", "el",
     "al", "ten", "ter", "st", "san", "santa", "dal", "dalla", "mac", "mc", "o", "y", "e", "bin", "ben", "ibn",
     "abu", "d", "l"}
)  # fmt: skip
#: how frequent, in one of the pack languages, the words left after a trimmed lead must be to read as no name
_PACK_COMMON_ZIPF = 4.0


@functools.cache
def _pack_function_words() -> frozenset[str]:
    english = frozenset(lexicon_words("function_words", ["en"]))  # "Will Smith": English leads are _LEADING's
    return frozenset(w for lang in PACKS if lang != "en" for w in lexicon_words("function_words", [lang])) - (
        _PARTICLES | english
    )


def _pack_function_lead(text: str, start: int, end: int) -> int:
    """Where a span starts once the function words of a pack language other than English that open
    it are cut (``Il mio``, ``Ho l``), even where a name list holds them; a surname's particle is
    never cut (``Da Silva``), and English leads are :data:`_LEADING`'s (``Will Smith`` stays)."""
    words = _pack_function_words()
    while (m := _FIRST_WORD.match(text, start, end)) is not None:
        w = m.group(1).lower()
        if w in _PARTICLES:
            break
        if w not in words:
            break
        start = m.end()
    return start


@functools.lru_cache(maxsize=1)
def _greetings() -> frozenset[str]:
    """Every language's greetings, folded, that no name list holds as a whole ("guten tag", "bom dia")."""
    first, last, _, _ = load_gazetteers()
    folded = (" ".join(fold(g).split()) for g in lexicon_words("greetings"))
    return frozenset(g for g in folded if g not in first and g not in last)


def _pack_common(words: list[str]) -> bool:
    """Every word is frequent in one of the pack languages and no listed first name or surname."""
    first, last, _, _ = load_gazetteers()
    for w in words:
        f = fold(w.strip(".,:;'\"()"))
        if not f or f in first or f in last:
            return False
        if zipf_in_packs(f) < _PACK_COMMON_ZIPF:
            return False
    return True


_POSSESSIVE = re.compile(r"\w['’]s$")
# characters and shapes of code, not of names: identifiers (manager_id, response.json),
# calls, operators, escapes
_CODE_CHARS = re.compile(r"[_{}\[\]=\\|;<>$`~^]|::|&&|\w\(|[a-z]\.[a-z]")
_ALNUM_CODE = re.compile(r"(?=[^ ]*\d)(?=[^ ]*[A-Za-z])[A-Za-z\d.-]+")
_LOWER_CAMEL = re.compile(r"[a-z]{2,}[A-Z]\w*")
_BREAK = re.compile(r"\s*[()\"“”]")
#: the word that turns a firm's name into the role someone has there ("Acme Ltd as Senior Analyst")
_AS_ROLE = re.compile(r"[ \t]+as[ \t]+(?=[A-Za-z])")


def _code_like(text: str, start: int, end: int, label: Label) -> bool:
    """spaCy's small model tags identifiers, acronyms and code fragments as names and places.

    Dropped: spans with code punctuation, generic acronyms (``API``, ``USD``, ``GMT``),
    tokens mixing letters and digits (``eth0``, ``Q4``; organisation names of 5+ characters
    stay), and in code (a code line, or next to ``.``, ``(``, ``=`` ...) identifier shapes:
    ``hasDeparted``, and CamelCase glued from common words (``HttpMethod``).  In prose the
    same shapes are brands (``PayPal``, ``LandWorks``) and stay.
    """
    value = text[start:end]
    if _CODE_CHARS.search(value):
        return True
    if label != Label.ORGANIZATION and any(c.isdigit() for c in value):
        return True  # people, places and groups have no digits ("x1 000000000000254b", "Q3")
    if " " in value:
        return False
    if value in COMMON_ACRONYMS:
        return True
    if _HOST_NAME.fullmatch(value):
        return True  # "db-prod-02", "web-eu-1": a machine's name in small letters, no firm's
    if _ALNUM_CODE.fullmatch(value) and (label != Label.ORGANIZATION or len(value) <= 4):
        return True
    if _LOWER_CAMEL.fullmatch(value) or (value[1:] != value[1:].lower() and glued_common_words(value)):
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        return before in ".<$!#/\\" or after in "(.=:[<>;" or in_code_line(text, start)
    return False


#: a name in small letters of parts joined by hyphens, one of them with a digit
_HOST_NAME = re.compile(r"(?=[a-z0-9-]*\d)[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
_TAG_OPEN = re.compile(r"<[!/]?[\w-]*$")
_HEADING_PREFIX = re.compile(r"^(?:#+|\*+|<h\d>|(?:subject|re|title|objet|betreff|onderwerp|asunto):)\s*", re.I)


def _in_markup(text: str, start: int, end: int) -> bool:
    """Inside an HTML/XML tag or attribute: ``<!DOCTYPE``, ``<li>``, ``style="color:blue"``."""
    before = text[max(0, start - 40) : start]
    lt, gt = before.rfind("<"), before.rfind(">")
    return lt > gt or bool(_TAG_OPEN.search(before))


def field_key(text: str, start: int, end: int) -> bool:
    """The one word at [start, end) is a field's key before its value ("Telemóvel (351) 912 ...", "Cellulare
    033143740", "Morada: Rua ...", "Indirizzo di consegna: Strada ..."): a key word written whole
    (:func:`~local_model.text.lexicon.exact_key_label`) with a colon, a bracket or a number right after it,
    or after one or two small words of the key a colon or an e-mail address; the first word of a key of two or
    three words before its colon ("Nova morada:", "Yeni adres:"); no capitals alone ("Chicago, IL 60657")
    and no word that only ends like a key ("Thailand" and "Land")."""
    value = text[start:end].strip()
    if " " in value or len(value) < _KEY_MIN or value.isupper():
        return False
    if exact_key_label(value) is not None and _VALUE_AFTER.match(text, end) is not None:
        return True
    # the first word of a key of two or three words before its colon ("Nova morada:", "Yeni adres:")
    tail = _KEY_TAIL.match(text, end)
    return tail is not None and exact_key_label(f"{value} {' '.join(tail.group(1).split())}") is not None


#: the fewest letters of a key word read as a field's key before its value
_KEY_MIN = 4
#: what opens a field's value right after its key: a colon, a bracket, a number (maybe international); or, after one
#: or two small words of the key, a colon ("Indirizzo di consegna:") or an e-mail address ("Indirizzo email ana@...")
_KEY_TAIL = re.compile(r"((?:[ \t]+[^\W\d_][\w'’-]*){1,2})[ \t]*:")
_VALUE_AFTER = re.compile(r"[ \t]*(?::|\(|\+?\d)|(?:[ \t]+[a-zà-ÿ-]{1,12}){1,2}[ \t]*(?::|[ \t][\w.+-]+@)")


def in_heading(text: str, start: int, end: int) -> bool:
    """The span sits in a Title Case heading line ("Subject: Grant Application Review")."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)].strip()
    line = _HEADING_PREFIX.sub("", line)
    line = re.sub(r"<[^<>]*>|[*#_`]", " ", line)
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", line) if w.lower() not in _FUNCTION]
    return len(words) >= 3 and all(w[0].isupper() for w in words)


_GENERIC_ZIPF = 3.5
_TITLES = frozenset(fold(w) for w in TITLE_WORDS)
_FUNCTION = {"of", "and", "for", "the", "in", "on", "at", "to", "&", "-"}


def _designated(words: list[str], label: Label) -> bool:
    """An organisation of two or more words ending in a designator ("Zelva Pictures",
    "Summit Games", "Harbour Bank") is a name even when every word is common."""
    return label == Label.ORGANIZATION and len(words) >= 2 and fold(words[-1]).rstrip(".") in _DESIGNATORS


_DESIGNATORS = frozenset(ORG_DESIGNATORS)


def _generic(words: list[str], single_zipf: float) -> bool:
    """A span made only of common words that are not known names or places
    ("Student Support Services", "Virtual Reality", "Library") is a generic noun phrase."""
    first, last, places, _ = load_gazetteers()
    if fold(" ".join(words)) in places:
        return False
    content = [w.strip(".,:;'\"()") for i, w in enumerate(words) if not _function(w, 0 < i < len(words) - 1)]
    if not content:
        return True
    if len(content) == 1 and zipf(content[0]) < single_zipf and not _noun(content[0], first, last, places):
        return False  # a single rarer capitalised word is more often a brand than a noun
    for w in content:
        f = fold(w)
        if f in first or f in last or f in places or w.isupper() or f.rstrip(".") in _TITLES:
            return False
        if zipf(w) < _GENERIC_ZIPF and not _noun(w, first, last, places):
            return False
    return True


def _function(word: str, inside: bool) -> bool:
    """A function word of a phrase: English (``of``, ``and``) anywhere, another pack language's
    or a surname particle (``und``, ``des``, ``zur``) between two words (the noisy name lists hold
    ``Des`` and ``Und``: between two words they join a phrase, at an end they may be a name; a name
    with a particle inside keeps its other words, ``Ludwig van Beethoven``)."""
    w = word.lower()
    return w in _FUNCTION or (inside and (w in _pack_function_words() or w in _PARTICLES))


def _noun(word: str, first: Container[str], last: Container[str], places: Container[str]) -> bool:
    """A common noun however rare the whole word: a compound of common words, an abstract noun
    (a suffix of ``noun_suffixes``: ``Vertraulichkeit``, ``Verbesserung``) or an inflected form of a
    frequent word that is no listed name (``Konzepten``, ``Produkts``)."""
    if _compound(word, first, last, places):
        return True
    w = word.lower()
    if len(w) >= _NOUN_SUFFIX_MIN and w.endswith(_noun_suffixes()):
        return True
    for ending in _INFLECTIONS:
        stem = w[: -len(ending)]
        if w.endswith(ending) and len(stem) >= _STEM_MIN and fold(stem) not in first and fold(stem) not in last:
            if zipf(stem) >= _GENERIC_ZIPF:
                return True
    return False


#: endings of plurals and cases in the supported languages, cut to find a frequent stem
_INFLECTIONS = ("en", "es", "s", "n", "e")
_STEM_MIN = 5
_NOUN_SUFFIX_MIN = 8


@functools.cache
def _noun_suffixes() -> tuple[str, ...]:
    return tuple(sorted({w.lower() for w in lexicon_words("noun_suffixes")}, key=len, reverse=True))


def _compound(word: str, first: Container[str], last: Container[str], places: Container[str]) -> bool:
    """A German or Dutch compound of common words ("Kontaktpersonen", "Leerstoornissen", "Studien-
    beihilfe") that is no listed name or place: a noun, however rare the whole word."""
    parts = word.split("-")
    if any(fold(p) in first or fold(p) in places for p in parts):
        return False
    compound = [closed_compound(p, last) for p in parts]
    return any(compound) and all(c or zipf(p) >= _GENERIC_ZIPF for p, c in zip(parts, compound, strict=True))
