"""Slot fillers: a slot name -> segments of text, each with its label (or none).

A filled slot is a list of :class:`Segment`; the gold spans of a document are exactly its
labelled segments, so offsets are never searched for: they come from the concatenation.
Values that carry an article keep it outside the span (``a`` + ``stroke``).  Structured
identifiers come in everyday and obfuscated formats (``six one two ...``, ``ana [at] gmail
[dot] com``, ``X-123-4567-L``); ``obfuscate`` is the probability of picking an obfuscated one.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from typing import Any

from local_model.training import slots_langs as ext
from local_model.training import values as pools
from local_model.training.lang_world import WORLD_SHARE
from local_model.training.segments import Segment as Segment
from local_model.training.segments import Segments as Segments
from signatures.entities import Label
from signatures.errors import SlotError

ARTICLES = pools.ARTICLES


@dataclass
class Persona:
    """The writer of one document: the same person in the greeting, the body and the signature."""

    first: str
    surnames: list[str]
    gender: str
    user: str | None = None
    email: str | None = None

    @property
    def last(self) -> str:
        return " ".join(self.surnames)

    @property
    def full(self) -> str:
        return f"{self.first} {self.last}"


@dataclass
class Ctx:
    language: str
    locale: str
    split: pools.Split
    rng: random.Random
    obfuscate: float = 0.15
    #: criminal-record and immigration sentences and names from outside Western Europe for an
    #: original language too (always on for the new languages)
    extended: bool = False
    persona: Persona = field(init=False)
    fake: Any = field(init=False)

    def __post_init__(self) -> None:
        self.fake = pools._faker(self.locale)
        self.fake.seed_instance(self.rng.getrandbits(32))
        self.persona = make_persona(self)

    @property
    def country(self) -> str:
        return pools.ALL_COUNTRY_OF_LOCALE[self.locale]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p


# -- people -----------------------------------------------------------------------------------


def _first(ctx: Ctx, gender: str = "any") -> str:
    g = gender if gender in ("m", "f") else "any"
    name = pools.pick(ctx.rng, pools.first_names(ctx.locale, ctx.split, g))  # type: ignore[arg-type]
    if ctx.chance(0.06):  # compound first names: Anna-Lena, Jean-Pierre, María José
        other = pools.pick(ctx.rng, pools.first_names(ctx.locale, ctx.split, g))  # type: ignore[arg-type]
        if other != name:
            name = f"{name}-{other}" if ctx.language != "es" or ctx.chance(0.3) else f"{name} {other}"
    return name


def _surnames(ctx: Ctx) -> list[str]:
    pool = pools.last_names(ctx.locale, ctx.split)
    first = pools.pick(ctx.rng, pool)
    if ctx.language == "es" and ctx.chance(0.65):  # two surnames
        return [first, pools.pick(ctx.rng, pool)]
    if ctx.chance(0.07):  # double-barrelled: Schmidt-Weber, Lynch-Osei
        return [f"{first}-{pools.pick(ctx.rng, pool)}"]
    return [first]


def make_persona(ctx: Ctx) -> Persona:
    gender = ctx.rng.choice("mf")
    if ctx.language in ext.LANGUAGES:
        first, surnames = ext.person_name(ctx, gender)
        return Persona(first, surnames, gender)
    if ctx.extended and ctx.chance(WORLD_SHARE):  # a name from outside Western Europe
        first, surnames = ext.person_name(ctx, gender, world=True)
        return Persona(first, surnames, gender)
    return Persona(_first(ctx, gender), _surnames(ctx), gender)


def _ascii(text: str) -> str:
    return pools.fold(text).replace(" ", "").replace("'", "")


def username(ctx: Ctx, first: str, last: str) -> str:
    f, la = _ascii(first.split()[0].split("-")[0]), _ascii(last.split()[0].split("-")[0])
    r = ctx.rng
    shapes = (
        f"{f}{r.randrange(1, 999)}",
        f"{f}_{la}",
        f"{f}.{la}",
        f"{f[0]}{la}{r.randrange(60, 100)}",
        f"{la}{f[0]}",
        f"{f}{la[:3]}{r.randrange(10, 99)}",
        f"{la}.{f}{r.randrange(1, 30)}",
        f"{f}_{r.randrange(1970, 2010)}",
        f"x{f}{la}x",
        f"{f}-{la}",
    )
    return r.choice(shapes)


def _obfuscate_email(ctx: Ctx, local: str, domain: str) -> str:
    at = ctx.rng.choice(pools.AT_WORDS[ctx.language])
    dot = ctx.rng.choice(pools.DOT_WORDS[ctx.language])
    style = ctx.rng.randrange(6)
    if style == 0:  # ana dot ruiz at gmail dot com

        def spoken(s: str) -> str:
            return f" {dot} ".join(s.split("."))

        return f"{spoken(local)} {at.strip()} {spoken(domain)}"
    if style == 1:  # ana.ruiz[at]gmail[dot]com

        def bracket(word: str) -> str:
            word = word.strip()
            return word if word[0] in "[({" else f"[{word}]"

        return f"{local}{bracket(at)}{domain.replace('.', bracket(dot))}"
    if style == 2:
        return f"{local}%40{domain}"
    if style == 3:  # name@host,com
        return f"{local}@{domain.replace('.', ',', 1)}"
    if style == 4:
        return f"{local} @ {domain}"
    return f"{local} (arroba) {domain.replace('.', ' (punto) ')}" if ctx.language == "es" else f"{local} at {domain}"


def email(ctx: Ctx, first: str, last: str) -> str:
    local = username(ctx, first, last).replace("-", ".")
    domain = ctx.rng.choice(pools.EMAIL_DOMAINS[ctx.language])
    if ctx.chance(0.12):
        org = _ascii(ctx.fake.last_name())
        domain = f"{org}.{ctx.rng.choice(['com', 'es', 'co.uk', 'de', 'fr', 'nl', 'net'])}"
    if ctx.chance(ctx.obfuscate):
        return _obfuscate_email(ctx, local, domain)
    return f"{local}@{domain}"


# -- numbers ----------------------------------------------------------------------------------


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _national_phone(ctx: Ctx) -> tuple[str, str, list[int]]:
    """(country code, national significant number, grouping)."""
    r = ctx.rng
    c = ctx.country
    if c == "ES":
        return "34", r.choice("6796") + _digits(r, 8), r.choice([[3, 3, 3], [3, 2, 2, 2], [9], [3, 6]])
    if c == "MX":
        return "52", r.choice(["55", "33", "81", "22"]) + _digits(r, 8), r.choice([[2, 4, 4], [10], [3, 3, 4]])
    if c == "GB":
        return "44", r.choice(["7", "20", "161", "113"]) + _digits(r, 8), r.choice([[4, 6], [2, 4, 4], [10], [3, 3, 4]])
    if c == "US":
        return "1", str(r.randrange(201, 990)) + str(r.randrange(200, 999)) + _digits(r, 4), [3, 3, 4]
    if c == "FR":
        return "33", r.choice("1679") + _digits(r, 8), r.choice([[1, 2, 2, 2, 2], [9]])
    if c == "DE":
        return "49", r.choice(["151", "160", "171", "30", "89"]) + _digits(r, 7), r.choice([[3, 7], [10], [3, 4, 3]])
    return "31", r.choice(["6", "20", "10"]) + _digits(r, 8), r.choice([[1, 8], [2, 7], [9], [1, 2, 2, 2, 2]])


def _group(number: str, groups: list[int], sep: str) -> str:
    out, i = [], 0
    for g in groups:
        if i >= len(number):
            break
        out.append(number[i : i + g])
        i += g
    if i < len(number):
        out[-1] += number[i:]
    return sep.join(out)


def phone(ctx: Ctx) -> str:
    r = ctx.rng
    cc, nsn, groups = _national_phone(ctx)
    trunk = "" if ctx.country in ("ES", "US", "MX") else "0"
    if ctx.chance(ctx.obfuscate):
        style = r.randrange(5)
        if style == 0:  # spelled out digits
            words = pools.DIGIT_WORDS[ctx.language]
            return " ".join(words[int(d)] for d in trunk + nsn)
        if style == 1:  # one digit per group: 6 1 2 - 3 4 5 ...
            first, rest = nsn[:3], nsn[3:]
            return " ".join(first) + " - " + " ".join(rest)
        if style == 2:
            return _group(trunk + nsn, groups, "_")
        if style == 3:
            return f"+{cc} (0) " + _group(nsn, groups, " ") if trunk else f"({cc}) " + _group(nsn, groups, ".")
        return _group(trunk + nsn, [2] * 8, "-")
    style = r.randrange(6)
    sep = r.choice([" ", " ", "-", ".", ""])
    if style == 0:
        return f"+{cc} " + _group(nsn, groups, sep or " ")
    if style == 1 and trunk:
        return f"+{cc} (0){_group(nsn, groups, ' ')}"
    if style == 2 and ctx.country == "US":
        return f"({nsn[:3]}) {nsn[3:6]}-{nsn[6:]}"
    if style == 3:
        return f"00{cc} {_group(nsn, groups, sep or ' ')}"
    return _group(trunk + nsn, groups, sep)


def national_id(ctx: Ctx) -> str:
    r = ctx.rng
    c = ctx.country
    obf = ctx.chance(ctx.obfuscate * 2)
    if c == "ES" or (ctx.language == "es" and r.random() < 0.7):
        if r.random() < 0.7:
            num, letter = pools.dni(r)
            letter = letter.lower() if r.random() < 0.15 else letter
            if obf:
                return r.choice(
                    [
                        f"{num[:2]}.{num[2:5]}.{num[5:]}-{letter}",
                        f"{num[:4]} {num[4:]}-{letter}",
                        f"{num[:2]} {num[2:5]} {num[5:]} {letter}",
                        f"{num}_{letter}",
                        f"{' '.join(num)} {letter}",
                    ]
                )
            return r.choice([f"{num}{letter}", f"{num}-{letter}", f"{num} {letter}"])
        p, digits, letter = pools.nie(r)
        if obf:
            return r.choice(
                [
                    f"{p}-{digits[:3]}-{digits[3:]}-{letter}",
                    f"{p}-{digits}-{letter}",
                    f"{p} {digits[:3]} {digits[3:]} {letter}",
                    f"{p}.{digits}.{letter}",
                ]
            )
        return r.choice([f"{p}{digits}{letter}", f"{p}-{digits}-{letter}", f"{p}{digits}-{letter}"])
    if c == "MX":
        letters = "".join(r.choice(string.ascii_uppercase) for _ in range(4))
        return (
            f"{letters}{_digits(r, 6)}{r.choice('HM')}{r.choice(['DF', 'JC', 'NL', 'MC'])}"
            + "".join(r.choice(string.ascii_uppercase) for _ in range(3))
            + _digits(r, 2)
        )
    if c == "GB":
        pre = r.choice(["AB", "JK", "NP", "SR", "WL", "CE", "YH"])
        d = _digits(r, 6)
        return r.choice([f"{pre} {d[:2]} {d[2:4]} {d[4:]} {r.choice('ABCD')}", f"{pre}{d}{r.choice('ABCD')}"])
    if c == "FR":
        nir = f"{r.choice('12')}{_digits(r, 2)}{r.randrange(1, 13):02d}{_digits(r, 10)}"
        return r.choice([nir, f"{nir[0]} {nir[1:3]} {nir[3:5]} {nir[5:7]} {nir[7:10]} {nir[10:13]} {nir[13:]}"])
    if c == "DE":
        return r.choice(["", " "]).join(
            [str(r.randrange(1, 10)) + _digits(r, 1), _digits(r, 3), _digits(r, 3), _digits(r, 3)]
        )
    if c == "NL":
        b = pools.bsn(r)
        return r.choice([b, f"{b[:4]}.{b[4:6]}.{b[6:]}", f"{b[:3]} {b[3:6]} {b[6:]}"])
    a, g, s = pools.ssn(r)
    return r.choice([f"{a}-{g}-{s}", f"{a} {g} {s}", f"{a}{g}{s}"] + ([f"{a}_{g}_{s}", f"{a}.{g}.{s}"] if obf else []))


def iban(ctx: Ctx) -> str:
    r = ctx.rng
    raw = pools.iban(r, ctx.locale)
    groups = [raw[i : i + 4] for i in range(0, len(raw), 4)]
    if ctx.chance(ctx.obfuscate * 2):
        style = r.randrange(4)
        if style == 0:
            return ".".join(groups).lower()
        if style == 1:
            return "\n".join(groups)
        if style == 2:
            return "-".join(groups)
        return " ".join(raw)  # one character at a time
    return r.choice([raw, " ".join(groups), " ".join(groups), raw.lower()])


def ip(ctx: Ctx) -> str:
    r = ctx.rng
    if r.random() < 0.08:
        return ":".join(f"{r.randrange(0, 65536):x}" for _ in range(8))
    parts = [str(r.randrange(1, 224)), str(r.randrange(0, 256)), str(r.randrange(0, 256)), str(r.randrange(1, 255))]
    if ctx.chance(ctx.obfuscate * 2):
        return r.choice(["_", " . ", "[.]", "-", " "]).join(parts)
    return ".".join(parts)


def account_number(ctx: Ctx) -> str:
    r = ctx.rng
    shapes = (
        f"{_digits(r, 4)} {_digits(r, 4)} {_digits(r, 2)} {_digits(r, 10)}",
        f"ACC-{_digits(r, 5)}-{_digits(r, 2)}",
        f"{_digits(r, 8)}",
        f"CL{_digits(r, 7)}",
        f"{_digits(r, 3)}-{_digits(r, 6)}-{_digits(r, 1)}",
        f"{_digits(r, 2)} {_digits(r, 2)} {_digits(r, 2)} / {_digits(r, 8)}",
        f"C-{_digits(r, 9)}",
    )
    return r.choice(shapes)


def contract_number(ctx: Ctx) -> str:
    r = ctx.rng
    year = r.randrange(15, 26)
    shapes = (
        f"REF/{year}/{_digits(r, 6)}",
        f"CTR-20{year}-{_digits(r, 6)}",
        f"{_digits(r, 4)}-{_digits(r, 4)}-{_digits(r, 2)}",
        f"C{_digits(r, 9)}",
        f"{r.choice(['PO', 'SR', 'CN', 'K'])}{_digits(r, 7)}",
        f"20{year}/{_digits(r, 5)}/{r.choice(string.ascii_uppercase)}",
        f"{_digits(r, 3)}.{_digits(r, 3)}.{_digits(r, 3)}",
        f"REF_{_digits(r, 8)}",
    )
    return r.choice(shapes)


# -- places -----------------------------------------------------------------------------------


def _es_street(ctx: Ctx) -> str:
    r = ctx.rng
    if r.random() < 0.6:
        name = pools.pick(r, pools.split_pool(pools.ES_STREET_NAMES, ctx.split, "es_street_names"))
    else:
        name = pools.draw_in_split(lambda: " ".join(ctx.fake.street_name().split()[1:]), ctx.split, "es street")
    typ = r.choice(pools.ES_STREET_TYPES)
    if typ.endswith("de") and name.startswith("de "):
        typ = typ.removesuffix(" de")
    num = str(r.randrange(1, 160))
    floor, door = r.choice(pools.ES_FLOORS), r.choice(pools.ES_DOORS)
    shapes = (
        f"{typ} {name}, {num}, {floor} {door}",
        f"{typ} {name} {num} {floor}{door}",
        f"{typ} {name}, {num}",
        f"{typ} {name}, nº {num}, {floor} {door}",
        f"{typ} {name}, {num}, portal {r.randrange(1, 6)}, {floor} {door}",
        f"{typ} {name}, {num}, esc. {r.choice('ABCDI')}, {floor} {door}",
        f"{typ} {name} {num}, {floor}-{door}",
        f"{typ} {name} nº{num} {floor}",
        f"{typ} {name} {num}",
        f"{typ} {name} #{num}, Int. {r.randrange(1, 20)}",
        f"{typ} {name}, {num} {floor} {door}",
    )
    return r.choice(shapes)


def _en_street(ctx: Ctx) -> str:
    r = ctx.rng
    if r.random() < 0.55:
        word = pools.pick(r, pools.split_pool(pools.EN_STREET_WORDS, ctx.split, "en_street_words"))
        name = f"{word} {r.choice(pools.EN_STREET_SUFFIXES)}"
    else:
        name = pools.draw_in_split(ctx.fake.street_name, ctx.split, "en street")
    num = str(r.randrange(1, 400)) + (r.choice(["", "", "", "A", "B", "a"]))
    unit = f"{r.choice(pools.EN_UNITS)} {r.randrange(1, 40)}"
    shapes = (
        f"{num} {name}",
        f"{num} {name}",
        f"{unit}, {num} {name}",
        f"{num} {name}, {unit}",
        f"{num} {name} {unit}",
        f"{num}-{int(num.rstrip('ABa') or 1) + 2} {name}",
        f"{r.choice(['Rose', 'Ivy', 'Oak', 'Mill'])} Cottage, {name}",
    )
    return r.choice(shapes)


def _de_street(ctx: Ctx) -> str:
    r = ctx.rng
    if r.random() < 0.5:
        word = pools.pick(r, pools.split_pool(pools.DE_STREET_WORDS, ctx.split, "de_street_words"))
        name = word + r.choice(pools.DE_STREET_SUFFIXES)
    else:
        name = pools.draw_in_split(ctx.fake.street_name, ctx.split, "de street")
    num = f"{r.randrange(1, 200)}{r.choice(['', '', 'a', 'b'])}"
    garden = (
        f"Am {r.choice(['Rosen', 'Linden', 'Mühlen', 'Wald', 'Kirch'])}{r.choice(['garten', 'berg', 'feld'])} {num}"
    )
    return r.choice(
        (f"{name} {num}", f"{name} {num}, {r.randrange(1, 6)}. OG", f"{name} {num}, Whg. {r.randrange(1, 30)}", garden)
    )


def _fr_street(ctx: Ctx) -> str:
    r = ctx.rng
    name = pools.pick(r, pools.split_pool(pools.FR_STREET_NAMES, ctx.split, "fr_street_names"))
    typ = r.choice(pools.FR_STREET_TYPES)
    num = f"{r.randrange(1, 150)}{r.choice(['', '', ' bis', ' ter'])}"
    return r.choice(
        (
            f"{num} {typ} {name}",
            f"{num}, {typ} {name}",
            f"{num} {typ} {name}, {r.randrange(1, 8)}e étage",
            f"Apt {r.randrange(1, 40)}, {num} {typ} {name}",
        )
    )


def _nl_street(ctx: Ctx) -> str:
    r = ctx.rng
    if r.random() < 0.5:
        name = pools.pick(r, pools.split_pool(pools.NL_STREET_WORDS, ctx.split, "nl_street_words")) + r.choice(
            pools.NL_STREET_SUFFIXES
        )
    else:
        name = pools.draw_in_split(ctx.fake.street_name, ctx.split, "nl street")
    num = str(r.randrange(1, 300))
    return r.choice(
        (
            f"{name} {num}",
            f"{name} {num}-{r.randrange(1, 4)}",
            f"{name} {num} hs",
            f"{name} {num} {r.choice('ABC')}",
            f"{name} {num}{r.choice('abc')}",
        )
    )


def street(ctx: Ctx) -> str:
    return {"es": _es_street, "en": _en_street, "de": _de_street, "fr": _fr_street, "nl": _nl_street}[ctx.language](ctx)


def city(ctx: Ctx) -> str:
    country = ctx.country
    if ctx.chance(0.1):  # somebody from elsewhere
        country = ctx.rng.choice(["ES", "GB", "US", "MX", "FR", "DE", "NL"])
    return pools.pick(ctx.rng, pools.cities(country, ctx.split))


def postcode(ctx: Ctx) -> str:
    r = ctx.rng
    c = ctx.country
    if c in ("ES", "MX", "FR", "DE", "US"):
        if c == "ES":
            return f"{r.randrange(1, 53):02d}{r.randrange(0, 1000):03d}"
        return f"{r.randrange(1000, 99999):05d}" + (f"-{_digits(r, 4)}" if c == "US" and r.random() < 0.2 else "")
    if c == "NL":
        letters = "".join(r.choice(string.ascii_uppercase) for _ in range(2))
        return f"{r.randrange(1000, 9999)}{r.choice(['', ' '])}{letters}"
    return str(ctx.fake.postcode())


# -- quasi identifiers ------------------------------------------------------------------------


def age(ctx: Ctx) -> Segments:
    r = ctx.rng
    n = str(r.randrange(2, 98))
    unit = r.choice(pools.AGE_UNITS[ctx.language])
    if ctx.language == "en" and r.random() < 0.5:
        return [Segment(n, Label.AGE)]
    return [Segment(f"{n} {unit}", Label.AGE)]


def dob(ctx: Ctx) -> str:
    r = ctx.rng
    y, m, d = r.randrange(1932, 2020), r.randrange(1, 13), r.randrange(1, 29)
    month = pools.MONTHS[ctx.language][m - 1]
    shapes = [
        f"{d:02d}/{m:02d}/{y}",
        f"{d}/{m}/{y}",
        f"{y}-{m:02d}-{d:02d}",
        f"{d:02d}.{m:02d}.{y}",
        f"{d:02d}-{m:02d}-{y}",
        f"{d}/{m}/{str(y)[2:]}",
    ]
    if ctx.language == "en":
        shapes += [f"{month} {d}, {y}", f"{d} {month} {y}", f"{m:02d}/{d:02d}/{y}", f"{d}th of {month} {y}"]
    elif ctx.language == "es":
        shapes += [f"{d} de {month} de {y}", f"{d} de {month} del {y}", f"{d}-{month[:3]}-{y}"]
    else:
        shapes += [f"{d}. {month} {y}" if ctx.language == "de" else f"{d} {month} {y}"]
    value = r.choice(shapes)
    if ctx.chance(ctx.obfuscate):
        value = value.replace("/", r.choice([" / ", "_", "|"]), 2)
    return value


def birth_year(ctx: Ctx) -> str:
    y = ctx.rng.randrange(1935, 2015)
    return str(y) if ctx.rng.random() < 0.85 else f"'{str(y)[2:]}"


def organization(ctx: Ctx) -> str:
    r = ctx.rng
    if r.random() < 0.5:
        return pools.draw_in_split(ctx.fake.company, ctx.split, f"company[{ctx.locale}]")
    pattern = r.choice(pools.ORG_PATTERNS[ctx.language])

    def make() -> str:
        pool = pools.last_names(ctx.locale, "train") + pools.last_names(ctx.locale, "heldout")
        return pattern.format(
            last=pools.pick(r, pool),
            last2=pools.pick(r, pool),
            last3=pools.pick(r, pool),
            first=pools.pick(r, pools.first_names(ctx.locale, "train")),
        )

    return pools.draw_in_split(make, ctx.split, f"organization[{ctx.language}]")


# -- special categories -----------------------------------------------------------------------


def with_article(text: str, label: Label, keep_article: bool = False) -> Segments:
    """``a stroke`` -> [``a `` (no label), ``stroke`` (label)]: the article is no personal data."""
    head, _, rest = text.partition(" ")
    if rest and head in ARTICLES and not keep_article:
        return [Segment(head + " "), Segment(rest, label)]
    return [Segment(text, label)]


def vocab(ctx: Ctx, table: str, label: Label) -> Segments:
    return with_article(pools.pick(ctx.rng, pools.vocab_pool(table, ctx.language, ctx.split)), label)


def generic(ctx: Ctx, table: str) -> Segments:
    term = pools.pick(ctx.rng, pools.vocab_pool(table, ctx.language, ctx.split))
    head, _, rest = term.partition(" ")
    return [Segment(rest if rest and head in ARTICLES else term)]


# -- dispatch ---------------------------------------------------------------------------------


def fill(slot: str, ctx: Ctx) -> Segments:
    """Segments for one slot of a template."""
    if ctx.language in ext.LANGUAGES or ctx.extended:
        answered = ext.fill(slot, ctx)
        if answered is not None:
            return answered
    p = ctx.persona
    r = ctx.rng
    if slot == "first":
        return [Segment(p.first, Label.PERSON)]
    if slot == "last":
        return [Segment(p.last, Label.PERSON)]
    if slot == "full":
        if ctx.language == "en" and r.random() < 0.05:
            return [
                Segment(
                    f"{p.first} {pools.pick(r, pools.first_names(ctx.locale, ctx.split))[0]}. {p.last}", Label.PERSON
                )
            ]
        return [Segment(p.full, Label.PERSON)]
    if slot == "ofirst":
        return [Segment(_first(ctx), Label.PERSON)]
    if slot == "olast":
        return [Segment(" ".join(_surnames(ctx)), Label.PERSON)]
    if slot == "ofull":
        return [Segment(f"{_first(ctx)} {' '.join(_surnames(ctx))}", Label.PERSON)]
    if slot == "user":
        p.user = p.user or username(ctx, p.first, p.last)
        return [Segment(p.user, Label.USERNAME)]
    if slot == "email":
        p.email = p.email or email(ctx, p.first, p.last)
        return [Segment(p.email, Label.EMAIL)]
    if slot == "oemail":
        return [Segment(email(ctx, _first(ctx), _surnames(ctx)[0]), Label.EMAIL)]
    simple = {
        "phone": (phone, Label.PHONE),
        "natid": (national_id, Label.NATIONAL_ID),
        "iban": (iban, Label.IBAN),
        "ip": (ip, Label.IP_ADDRESS),
        "account": (account_number, Label.ACCOUNT_NUMBER),
        "contract": (contract_number, Label.CONTRACT_NUMBER),
        "street": (street, Label.STREET_ADDRESS),
        "city": (city, Label.CITY),
        "postcode": (postcode, Label.POSTCODE),
        "dob": (dob, Label.DATE_OF_BIRTH),
        "year": (birth_year, Label.DATE_OF_BIRTH),
        "org": (organization, Label.ORGANIZATION),
    }
    if slot in simple:
        make, label = simple[slot]
        return [Segment(make(ctx), label)]
    if slot == "age":
        return age(ctx)
    if slot == "job":
        return [Segment(pools.pick(r, pools.jobs(ctx.language, ctx.locale, ctx.split)), Label.JOB)]
    vocab_slots = {
        "cond": ("HEALTH_CONDITIONS", Label.HEALTH),
        "treat": ("HEALTH_TREATMENTS", Label.HEALTH),
        "spec": ("HEALTH_SPECIALISTS", Label.HEALTH),
        "relig": ("RELIGION_TERMS", Label.RELIGION),
        "orient": ("ORIENTATION_TERMS", Label.SEXUAL_ORIENTATION),
        "party": ("POLITICAL_PARTIES", Label.POLITICS),
        "ideo": ("POLITICAL_TERMS", Label.POLITICS),
    }
    if slot in vocab_slots:
        return vocab(ctx, *vocab_slots[slot])
    if slot == "gcond":
        return generic(ctx, "HEALTH_CONDITIONS")
    if slot == "gcity":
        return [Segment(pools.pick(r, pools.cities(r.choice(["ES", "GB", "US", "FR", "DE"]), ctx.split)))]
    if slot == "product":
        return [Segment(r.choice(pools.PRODUCTS))]
    if slot == "placeholder":
        return [Segment(r.choice(pools.PLACEHOLDERS))]
    raise SlotError(f"unknown slot {{{slot}}}; known: {sorted(KNOWN_SLOTS)}")


KNOWN_SLOTS = frozenset(
    {
        "first",
        "last",
        "full",
        "ofirst",
        "olast",
        "ofull",
        "user",
        "email",
        "oemail",
        "phone",
        "natid",
        "iban",
        "ip",
        "account",
        "contract",
        "street",
        "city",
        "postcode",
        "dob",
        "year",
        "org",
        "age",
        "job",
        "cond",
        "treat",
        "spec",
        "relig",
        "orient",
        "party",
        "ideo",
        "gcond",
        "gcity",
        "product",
        "placeholder",
    }
)
