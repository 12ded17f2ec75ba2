"""Slot fillers for Portuguese, Italian, Polish, Turkish and Catalan, and the slots every language
gains with ``--extended`` (criminal records, immigration status, names from outside Western
Europe).

:func:`fill` answers a slot for a document of a new language, or one of the extension slots of
an original language, and returns ``None`` for the slots whose filler does not depend on the
language (``ip``, ``account``, ``contract``, ``product``, ``placeholder``): those stay with
:mod:`local_model.training.slots`, which calls this module first.

Slots beyond the original ones:

- ``ofirst_m``/``ofirst_f``/``ofull_m``/``ofull_f``: somebody else, of that gender; ``pfirst``:
  the writer's partner in an orientation sentence (the writer's gender);
- national identifiers by name: ``nif``, ``cc`` (PT), ``cpf`` (BR), ``cf``, ``piva`` (IT), ``pesel``,
  ``nip``, ``dowod`` (PL), ``tckn`` (TR), ``dni``, ``nie`` (Catalan documents); ``natid`` picks one
  of the document's country;
- vocabulary tables (``cond``, ``treat``, ``med``, ``spec``, ``preg``, ``disab``, ``relig``,
  ``rite``, ``feast``, ``diet``, ``orient``, ``partner``, ``party``, ``ideo``, ``union``, ``crim``,
  ``record``, ``immig``), with suffixes: a form (``_acc``, ``_em``), a gender (``_m``, ``_f``;
  the writer's by default), ``_bare`` (the article left out of the text, not only out of the span).

Turkish case endings are template modifiers (``{city|loc}`` -> ``İstanbul'da``), written by
:func:`tr_suffix` with vowel harmony and consonant assimilation.
"""

from __future__ import annotations

import random
import unicodedata
from typing import Any, Protocol

from local_model.training import identifiers as ids
from local_model.training import values_langs as vl
from local_model.training.lang_world import WORLD_SHARE
from local_model.training.langdata import gendered, tags_of
from local_model.training.segments import Segment, Segments
from local_model.training.splitting import Split, pick
from signatures.entities import Label
from signatures.errors import SlotError


class Writer(Protocol):
    """What a filler reads of :class:`local_model.training.slots.Persona` (structurally: this
    module is imported by ``slots`` and imports nothing of it)."""

    first: str
    surnames: list[str]
    gender: str
    user: str | None
    email: str | None

    @property
    def last(self) -> str: ...

    @property
    def full(self) -> str: ...


class Ctx(Protocol):
    """What a filler reads of :class:`local_model.training.slots.Ctx`."""

    language: str
    locale: str
    split: Split
    rng: random.Random
    obfuscate: float
    fake: Any

    @property
    def persona(self) -> Writer: ...

    @property
    def country(self) -> str: ...


LANGUAGES = vl.LANGUAGES

TABLE_LABELS: dict[str, Label] = {
    "cond": Label.HEALTH,
    "treat": Label.HEALTH,
    "med": Label.HEALTH,
    "spec": Label.HEALTH,
    "preg": Label.HEALTH,
    "disab": Label.HEALTH,
    "relig": Label.RELIGION,
    "rite": Label.RELIGION,
    "feast": Label.RELIGION,
    "diet": Label.RELIGION,
    "orient": Label.SEXUAL_ORIENTATION,
    "partner": Label.SEXUAL_ORIENTATION,
    "party": Label.POLITICS,
    "ideo": Label.POLITICS,
    "union": Label.POLITICS,
    "crim": Label.CRIMINAL_RECORD,
    "record": Label.CRIMINAL_RECORD,
    "immig": Label.IMMIGRATION_STATUS,
}
#: the identifiers of each country and how often ``{natid}`` is each
COUNTRY_IDS: dict[str, tuple[tuple[str, float], ...]] = {
    "PT": (("nif", 0.6), ("cc", 0.4)),
    "BR": (("cpf", 1.0),),
    "IT": (("cf", 0.8), ("piva", 0.2)),
    "PL": (("pesel", 0.6), ("nip", 0.2), ("dowod", 0.2)),
    "TR": (("tckn", 1.0),),
    "ES": (("dni", 0.75), ("nie", 0.25)),
}
ID_SLOTS: tuple[str, ...] = ("nif", "cc", "cpf", "cf", "piva", "pesel", "nip", "dowod", "tckn", "dni", "nie")
SUFFIX_CASES = frozenset({"loc", "abl", "dat", "gen", "acc", "ins", "da"})
_NAME_SLOTS = frozenset({"ofirst", "olast", "ofull"})


# -- Turkish text -----------------------------------------------------------------------------


def tr_lower(text: str) -> str:
    return text.replace("I", "ı").replace("İ", "i").lower()


def tr_upper(text: str) -> str:
    return text.replace("i", "İ").replace("ı", "I").upper()


def tr_capitalize(text: str) -> str:
    return tr_upper(text[:1]) + tr_lower(text[1:]) if text else text


_TR_VOWELS = "aıoueiöü"
_TR_VOICELESS = "fstkçşhp"
#: how a consonant letter is read in an acronym (``CHP`` is read ``ce-he-pe``: ``CHP'ye``)
_TR_LETTER_NAMES = {"b": "be", "c": "ce", "ç": "çe", "d": "de", "f": "fe", "g": "ge", "ğ": "ge", "h": "he",
                    "j": "je", "k": "ke", "l": "le", "m": "me", "n": "ne", "p": "pe", "r": "re", "s": "se",
                    "ş": "şe", "t": "te", "v": "ve", "y": "ye", "z": "ze"}  # fmt: skip


def _tr_spoken(word: str) -> str:
    """The last word as it is pronounced, for vowel harmony: an acronym without vowels is read
    letter by letter (``MHP`` -> ``pe``), one with vowels as a word (``TİP``)."""
    last = unicodedata.normalize("NFC", word).rstrip(". ").split()[-1] if word.strip() else word
    low = tr_lower(last)
    if last.isupper() and last.isalpha() and len(last) <= 5 and not any(c in _TR_VOWELS for c in low):
        return _TR_LETTER_NAMES.get(low[-1], low[-1])
    return low


#: heads of Turkish compounds that end in the possessive (``Zafer Partisi``): a case ending after
#: them takes the pronominal ``n`` (``Partisi'ne``, ``Mahallesi'nde``)
_TR_POSSESSIVE_HEADS = frozenset({"partisi", "mahallesi", "caddesi", "sokağı", "bulvarı", "sitesi", "meydanı"})


def tr_suffix(word: str, case: str) -> str:
    """The case ending of a proper noun, with its apostrophe: ``İstanbul`` + loc -> ``'da``,
    ``Ayşe`` + gen -> ``'nin``, ``Kadıköy`` + abl -> ``'den``, ``Ahmet`` + dat -> ``'e``,
    ``CHP`` + dat -> ``'ye``; ``da`` is the conjunction (``kocam da``), a word of its own."""
    low = _tr_spoken(word)
    letters = [c for c in low if c.isalpha()]
    last_vowel = next((c for c in reversed(letters) if c in _TR_VOWELS), "e")
    ends_vowel = bool(letters) and letters[-1] in _TR_VOWELS
    voiceless = bool(letters) and letters[-1] in _TR_VOICELESS
    two = "a" if last_vowel in "aıou" else "e"
    four = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[last_vowel]
    d = "t" if voiceless else "d"
    if case == "da":
        return f" d{two}"
    if low in _TR_POSSESSIVE_HEADS and case in ("dat", "loc", "abl", "acc"):
        return {"dat": f"'n{two}", "loc": f"'nd{two}", "abl": f"'nd{two}n", "acc": f"'n{four}"}[case]
    if case == "loc":
        return f"'{d}{two}"
    if case == "abl":
        return f"'{d}{two}n"
    if case == "dat":
        return f"'{'y' if ends_vowel else ''}{two}"
    if case == "acc":
        return f"'{'y' if ends_vowel else ''}{four}"
    if case == "gen":
        return f"'{'n' if ends_vowel else ''}{four}n"
    if case == "ins":
        return f"'{'y' if ends_vowel else ''}l{two}"
    raise SlotError(f"unknown Turkish case {case!r}")


def catalan_de(segs: Segments) -> Segments:
    """``de`` before a value, elided or contracted: ``d'Olot``, ``de Girona``, ``del VIH``
    (``el`` + ``de``), ``d'insulina``; the preposition stays outside any span."""
    if not segs:
        return segs
    first = segs[0]
    low = first.text.lower()
    if first.label is None:
        for art, contracted in (("el ", "del "), ("els ", "dels ")):
            if low.startswith(art):
                return [Segment(contracted + first.text[len(art) :]), *segs[1:]]
    bare = low[1:] if low.startswith("h") else low
    vowels = "aeiouàèéíïòóúü"
    semivowel = len(bare) > 1 and bare[0] in "iu" and bare[1] in vowels  # de iogurt
    elide = bool(bare) and bare[0] in vowels and not semivowel
    return [Segment("d'" if elide else "de "), *segs]


def catalan_personal_article(name: str, gender: str) -> str:
    """``en Jordi``, ``la Laia``, ``l'Anna``, ``l'Oriol`` (a woman's name before an unstressed
    i/u keeps ``la``: ``la Irene``)."""
    low = name.lower()
    bare = low[1:] if low.startswith("h") else low
    if bare and bare[0] in "aeiouàèéíòóú" and not (gender == "f" and bare[0] in "iu"):
        return "l'"
    return "la " if gender == "f" else "en "


# -- people -----------------------------------------------------------------------------------

#: share of given names that are two names (``Ana Sofia``, ``Ayşe Nur``)
_COMPOUND = {"pt": 0.25, "it": 0.04, "pl": 0.02, "tr": 0.18, "ca": 0.05}


def person_name(ctx: Ctx, gender: str, world: bool | None = None) -> tuple[str, list[str]]:
    """(given name(s), surnames) of somebody in a document of ``ctx``'s language."""
    r = ctx.rng
    if world is None:
        world = r.random() < WORLD_SHARE
    if world or ctx.language not in LANGUAGES:
        first, last = vl.world_name(r, ctx.language, gender, ctx.split)
        return first, [last]
    lang, loc, split = ctx.language, ctx.locale, ctx.split
    firsts = vl.first_names(lang, loc, split, gender)
    first = pick(r, firsts)
    if r.random() < _COMPOUND[lang]:
        other = pick(r, firsts)
        if other != first:
            first = f"{first} {other}"
    pool = vl.surnames(lang, loc, split)
    last = vl.inflect_surname(pick(r, pool), gender)
    if lang == "pt" and r.random() < (0.6 if ctx.country == "PT" else 0.45):
        return first, [vl.inflect_surname(pick(r, pool), gender), last]
    if lang == "ca" and r.random() < 0.55:
        second = pick(r, pool)
        return first, [f"{last} i {second}"] if r.random() < 0.3 else [last, second]
    if lang == "pl" and gender == "f" and r.random() < 0.06:
        return first, [f"{last}-{vl.inflect_surname(pick(r, pool), 'f')}"]
    return first, [last]


def _other(ctx: Ctx, gender: str | None = None) -> tuple[str, list[str]]:
    return person_name(ctx, gender or ctx.rng.choice("mf"))


_TRANSLIT = str.maketrans({"ł": "l", "Ł": "L", "ı": "i", "đ": "d", "Đ": "D", "ø": "o", "æ": "ae", "ß": "ss"})


def ascii_name(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_TRANSLIT).casefold())
    return "".join(c for c in decomposed if c.isascii() and c.isalnum())


def username(ctx: Ctx, first: str, last: str) -> str:
    f, la = ascii_name(first.split()[0].split("-")[0]), ascii_name(last.split()[0].split("-")[0])
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
        f"{f}{la}",
        f"{f}-{la}",
        f"{f[:1]}.{la}",
    )
    return r.choice(shapes)


_COMPANY_TLDS = {
    "PT": ("pt", "com"),
    "BR": ("com.br", "com"),
    "IT": ("it", "com"),
    "PL": ("pl", "com.pl"),
    "TR": ("com.tr", "com"),
    "ES": ("cat", "es", "com"),
}


def _obfuscated_email(ctx: Ctx, local: str, domain: str) -> str:
    data = vl.DATA[ctx.language]
    r = ctx.rng
    at, dot = r.choice(data.at_words), r.choice(data.dot_words)
    style = r.randrange(5)
    if style == 0:  # ana ponto silva arroba gmail ponto com

        def spoken(s: str) -> str:
            return f" {dot} ".join(s.split("."))

        return f"{spoken(local)} {at} {spoken(domain)}"
    if style == 1:

        def bracket(word: str) -> str:
            return word if word[0] in "[({" else f"[{word}]"

        return f"{local}{bracket(at)}{domain.replace('.', bracket(dot))}"
    if style == 2:
        return f"{local} @ {domain}"
    if style == 3:
        return f"{local}@{domain.replace('.', ',', 1)}"
    return f"{local}%40{domain}"


def email(ctx: Ctx, first: str, last: str) -> str:
    r = ctx.rng
    local = username(ctx, first, last).replace("-", ".")
    domains = vl.for_country(vl.DATA[ctx.language].email_domains, ctx.country)
    domain = tags_of(r.choice(domains))[1]
    if r.random() < 0.12:
        company = ascii_name(pick(r, vl.surnames(ctx.language, ctx.locale, "train")))
        domain = f"{company}.{r.choice(_COMPANY_TLDS[ctx.country])}"
    if r.random() < ctx.obfuscate:
        return _obfuscated_email(ctx, local, domain)
    return f"{local}@{domain}"


# -- numbers ----------------------------------------------------------------------------------


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


def _national(country: str, nsn: str, mobile: bool, rng: random.Random) -> str:
    """The number as people of ``country`` write it at home."""
    if country == "PT":
        return rng.choice(
            [_group(nsn, [3, 3, 3], " "), nsn, _group(nsn, [3, 3, 3], "-")]
            if mobile
            else [_group(nsn, [3, 3, 3], " "), _group(nsn, [2, 3, 4], " "), nsn]
        )
    if country == "BR":
        ddd, rest = nsn[:2], nsn[2:]
        split = 5 if mobile else 4
        return rng.choice(
            [
                f"({ddd}) {rest[:split]}-{rest[split:]}",
                f"{ddd} {rest[:split]}-{rest[split:]}",
                f"({ddd}) {rest}",
                f"{ddd}{rest}",
                f"({ddd}){rest[:split]}-{rest[split:]}",
            ]
        )
    if country == "IT":
        if mobile:
            return rng.choice(
                [
                    _group(nsn, [3, 3, 4], " "),
                    nsn,
                    f"{nsn[:3]}/{nsn[3:]}",
                    f"{nsn[:3]}-{nsn[3:]}",
                    _group(nsn, [3, 7], " "),
                ]
            )
        area = next(a for a in ("011", "081", "055", "051", "091", "010", "041", "06", "02") if nsn.startswith(a))
        return rng.choice(
            [
                f"{area} {nsn[len(area) :]}",
                f"{area}/{nsn[len(area) :]}",
                nsn,
                f"{area} {_group(nsn[len(area) :], [4, 4], ' ')}",
            ]
        )
    if country == "PL":
        if mobile:
            return rng.choice([_group(nsn, [3, 3, 3], " "), nsn, _group(nsn, [3, 3, 3], "-")])
        return rng.choice(
            [f"{nsn[:2]} {_group(nsn[2:], [3, 2, 2], ' ')}", f"({nsn[:2]}) {_group(nsn[2:], [3, 2, 2], ' ')}", nsn]
        )
    if country == "TR":
        return rng.choice(
            [
                f"0{_group(nsn, [3, 3, 2, 2], ' ')}",
                f"0 ({nsn[:3]}) {_group(nsn[3:], [3, 2, 2], ' ')}",
                f"0{nsn}",
                _group(nsn, [3, 3, 4], " "),
                f"0{nsn[:3]} {nsn[3:]}",
            ]
        )
    # ES (Catalan documents): 93 123 45 67, 972 12 34 56, 612 34 56 78, 612 345 678
    if nsn[0] in "67":
        return rng.choice([_group(nsn, [3, 2, 2, 2], " "), _group(nsn, [3, 3, 3], " "), nsn])
    width = 2 if nsn.startswith(("93", "96")) else 3
    rest = nsn[width:]
    return rng.choice(
        [f"{nsn[:width]} {_group(rest, [3, 2, 2] if width == 2 else [2, 2, 2], ' ')}", nsn, _group(nsn, [3, 3, 3], " ")]
    )


def _international(country: str, cc: str, nsn: str, rng: random.Random) -> str:
    if country == "BR":
        return rng.choice(
            [f"+55 {nsn[:2]} {nsn[2:-4]}-{nsn[-4:]}", f"+55 ({nsn[:2]}) {nsn[2:-4]}-{nsn[-4:]}", f"+55{nsn}"]
        )
    if country == "TR":
        return rng.choice(
            [f"+90 {_group(nsn, [3, 3, 2, 2], ' ')}", f"+90 ({nsn[:3]}) {nsn[3:6]} {nsn[6:]}", f"+90{nsn}"]
        )
    if country == "IT":
        return rng.choice([f"+39 {_group(nsn, [3, 3, 4], ' ')}", f"+39 {nsn}", f"0039 {nsn}", f"+39{nsn}"])
    grouped = _group(nsn, [3, 3, 3], " ") if len(nsn) == 9 else nsn
    return rng.choice([f"+{cc} {grouped}", f"+{cc}{nsn}", f"00{cc} {grouped}", f"(+{cc}) {grouped}"])


def phone(ctx: Ctx) -> str:
    r = ctx.rng
    cc, nsn, mobile = ids.phone_number(r, ctx.country)
    if r.random() < ctx.obfuscate:
        trunk = "0" if ctx.country == "TR" else ""
        digits = trunk + nsn
        style = r.randrange(4)
        if style == 0:  # spelled out in the language's words
            words = vl.DATA[ctx.language].digit_words
            return " ".join(words[int(d)] for d in digits)
        if style == 1:
            return " ".join(digits[:3]) + " - " + " ".join(digits[3:])
        if style == 2:
            return _group(digits, [3, 3, 3, 3], r.choice(["_", ".", "/"]))
        return _group(digits, [2] * 8, "-")
    if r.random() < 0.35:
        return _international(ctx.country, cc, nsn, r)
    return _national(ctx.country, nsn, mobile, r)


def national_id(ctx: Ctx, kind: str | None = None) -> str:
    r = ctx.rng
    p = ctx.persona
    if kind is None:
        kinds = COUNTRY_IDS[ctx.country]
        kind = r.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
    obf = r.random() < ctx.obfuscate * 2
    if kind == "nif":
        v = ids.pt_nif(r)
        return r.choice(
            [f"{v[:3]} {v[3:6]} {v[6:]}", f"{v[:3]}.{v[3:6]}.{v[6:]}", " ".join(v)]
            if obf
            else [v, v, f"{v[:3]} {v[3:6]} {v[6:]}", f"PT{v}"]
        )
    if kind == "cc":
        v = ids.pt_cc(r)
        return r.choice(
            [f"{v[:8]}-{v[8]}-{v[9:]}", f"{v[:8]} {v[8:]}", v.lower()]
            if obf
            else [f"{v[:8]} {v[8]} {v[9:]}", v, f"{v[:8]} {v[8]}"]
        )
    if kind == "cpf":
        v = ids.br_cpf(r)
        dotted = f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"
        return r.choice(
            [f"{v[:3]} {v[3:6]} {v[6:9]} {v[9:]}", dotted.replace(".", "_"), " ".join(v)]
            if obf
            else [dotted, dotted, v, f"{v[:9]}-{v[9:]}"]
        )
    if kind == "cf":
        v = ids.it_codice_fiscale(r, p.first, p.surnames[0], p.gender)
        return r.choice([f"{v[:3]} {v[3:6]} {v[6:11]} {v[11:]}", v.lower(), " ".join(v)] if obf else [v, v, v.lower()])
    if kind == "piva":
        v = ids.it_partita_iva(r)
        return r.choice([f"IT {v}", " ".join(v), f"{v[:7]} {v[7:]}"] if obf else [v, f"IT{v}", f"IT {v}"])
    if kind == "pesel":
        v = ids.pl_pesel(r, p.gender)
        return r.choice([f"{v[:6]} {v[6:]}", f"{v[:2]} {v[2:4]} {v[4:6]} {v[6:]}", " ".join(v)] if obf else [v])
    if kind == "nip":
        v = ids.pl_nip(r)
        return r.choice(
            [v, f"{v[:3]} {v[3:6]} {v[6:8]} {v[8:]}", " ".join(v)]
            if obf
            else [f"{v[:3]}-{v[3:6]}-{v[6:8]}-{v[8:]}", f"{v[:3]}-{v[3:5]}-{v[5:7]}-{v[7:]}", v, f"PL{v}"]
        )
    if kind == "dowod":
        v = ids.pl_dowod(r)
        return r.choice([v.lower(), f"{v[:3]}-{v[3:]}", " ".join(v)] if obf else [v, v, f"{v[:3]} {v[3:]}"])
    if kind == "tckn":
        v = ids.tr_tckn(r)
        return r.choice([f"{v[:3]} {v[3:6]} {v[6:9]} {v[9:]}", " ".join(v), f"{v[:5]}-{v[5:]}"] if obf else [v])
    if kind == "dni":
        v = ids.es_dni(r)
        return r.choice(
            [f"{v[:2]}.{v[2:5]}.{v[5:8]}-{v[8]}", f"{v[:8]} {v[8]}", " ".join(v)] if obf else [v, f"{v[:8]}-{v[8]}", v]
        )
    if kind == "nie":
        v = ids.es_nie(r)
        return r.choice(
            [f"{v[0]} {v[1:8]} {v[8]}", f"{v[0]}.{v[1:8]}.{v[8]}"]
            if obf
            else [v, f"{v[0]}-{v[1:8]}-{v[8]}", f"{v[:8]}-{v[8]}"]
        )
    raise SlotError(f"unknown identifier {kind!r}")


def iban(ctx: Ctx) -> str:
    r = ctx.rng
    raw = ids.iban(r, ctx.country)
    if ctx.country == "PL" and r.random() < 0.5:  # the domestic NRB: 26 digits, no country code
        nrb = raw[2:]
        return r.choice([f"{nrb[:2]} {_group(nrb[2:], [4] * 6, ' ')}", nrb])
    groups = [raw[i : i + 4] for i in range(0, len(raw), 4)]
    if r.random() < ctx.obfuscate * 2:
        style = r.randrange(3)
        if style == 0:
            return ".".join(groups).lower()
        if style == 1:
            return "-".join(groups)
        return " ".join(raw)
    return r.choice([raw, " ".join(groups), " ".join(groups), raw.lower()])


# -- places -----------------------------------------------------------------------------------


def _street_pt(ctx: Ctx) -> str:
    r = ctx.rng
    num = str(r.randrange(1, 400))
    if ctx.country == "BR":
        typ = r.choice(vl.DATA["pt"].streets["br_types"])
        name = pick(r, vl.street_part("pt", "br_names", ctx.split))
        unit = r.choice(vl.DATA["pt"].streets["br_units"])
        district = pick(r, vl.street_part("pt", "br_districts", ctx.split))
        return r.choice(
            (
                f"{typ} {name}, {num}",
                f"{typ} {name}, {num}, {unit}",
                f"{typ} {name}, {num} - {district}",
                f"{typ} {name}, nº {num}, {unit} - {district}",
                f"{typ} {name} {num}",
                f"{typ} {name}, {num} {unit}",
            )
        )
    typ = r.choice(vl.DATA["pt"].streets["pt_types"])
    name = pick(r, vl.street_part("pt", "pt_names", ctx.split))
    floor = r.choice(vl.DATA["pt"].streets["pt_floors"])
    return r.choice(
        (
            f"{typ} {name}, {num}, {floor}",
            f"{typ} {name}, n.º {num}, {floor}",
            f"{typ} {name} {num} - {floor}",
            f"{typ} {name}, {num}",
            f"{typ} {name}, lote {r.randrange(1, 40)}, {floor}",
            f"{typ} {name} n.º {num}",
        )
    )


def _street_it(ctx: Ctx) -> str:
    r = ctx.rng
    streets = vl.DATA["it"].streets
    typ = r.choice(streets["types"])
    name = pick(r, vl.street_part("it", "names", ctx.split))
    num = str(r.randrange(1, 250))
    return r.choice(
        (
            f"{typ} {name} {num}",
            f"{typ} {name}, {num}",
            f"{typ} {name} {num}/{r.choice('ABCD')}",
            f"{typ} {name}, {num}, scala {r.choice('ABC')}, int. {r.randrange(1, 30)}",
            f"{typ} {name} {num}, piano {r.randrange(1, 8)}",
            f"{typ} {name} n. {num}",
        )
    )


def _street_pl(ctx: Ctx) -> str:
    r = ctx.rng
    kind = r.choices(["ul", "al", "os", "pl"], weights=[0.75, 0.1, 0.1, 0.05])[0]
    name = pick(r, vl.street_part("pl", f"{kind}_names", ctx.split))
    prefix = r.choice(vl.DATA["pl"].streets[f"{kind}_types"])
    num = f"{r.randrange(1, 200)}{r.choice(['', '', '', 'a', 'b', 'A'])}"
    flat = r.randrange(1, 120)
    return r.choice(
        (
            f"{prefix} {name} {num}",
            f"{prefix} {name} {num}/{flat}",
            f"{prefix} {name} {num}/{flat}",
            f"{prefix} {name} {num} m. {flat}",
            f"{prefix} {name} {num} lok. {flat}",
        )
    )


def _street_tr(ctx: Ctx) -> str:
    r = ctx.rng
    mah = pick(r, vl.street_part("tr", "mahalle", ctx.split))
    sok = pick(r, vl.street_part("tr", "sokak", ctx.split))
    cad = pick(r, vl.street_part("tr", "cadde", ctx.split))
    apt = pick(r, vl.street_part("tr", "apartman", ctx.split))
    no, daire, kat = r.randrange(1, 180), r.randrange(1, 40), r.randrange(1, 12)
    num_sok = f"{r.randrange(1, 3000)}."
    return r.choice(
        (
            f"{mah} Mahallesi, {sok} Sokak No: {no} Daire: {daire}",
            f"{mah} Mah. {sok} Sk. No:{no}/{daire}",
            f"{mah} Mah. {num_sok} Sk. No:{no} D:{daire}",
            f"{cad} Caddesi No: {no} Kat: {kat} Daire: {daire}",
            f"{mah} Mah., {cad} Cad. No: {no} D: {daire}",
            f"{mah} Mahallesi {sok} Sokak {apt} No: {no}/{daire}",
            f"{sok} Sokak No: {no}",
            f"{mah} Mah. {cad} Cd. {apt} Kat:{kat} No:{no}",
        )
    )


def _street_ca(ctx: Ctx) -> str:
    r = ctx.rng
    streets = vl.DATA["ca"].streets
    typ = r.choice(streets["types"])
    name = pick(r, vl.street_part("ca", "names", ctx.split))
    num = str(r.randrange(1, 300))
    floor, door = r.choice(streets["floors"]), r.choice(streets["doors"])
    level = floor if floor in ("baixos", "àtic", "sobreàtic") and r.random() < 0.6 else f"{floor} {door}"
    return r.choice(
        (
            f"{typ} {name}, {num}, {level}",
            f"{typ} {name} {num}, {level}",
            f"{typ} {name}, {num}",
            f"{typ} {name}, núm. {num}, {level}",
            f"{typ} {name} {num} {floor}-{door}",
            f"{typ} {name}, {num}, esc. {r.choice('AB')}, {level}",
        )
    )


_STREETS = {"pt": _street_pt, "it": _street_it, "pl": _street_pl, "tr": _street_tr, "ca": _street_ca}


def street(ctx: Ctx) -> str:
    return _STREETS[ctx.language](ctx)


def city(ctx: Ctx) -> str:
    r = ctx.rng
    value = pick(r, vl.cities(ctx.language, ctx.locale, ctx.split))
    if ctx.language == "tr" and "/" in value:  # the district is the value: it is never left out
        district, province = value.split("/")
        return r.choices(
            [value, f"{district} / {province}", f"{district}, {province}", district],
            weights=[0.5, 0.1, 0.2, 0.2],
        )[0]
    return value


def postcode(ctx: Ctx) -> str:
    return ids.postcode(ctx.rng, ctx.country)


# -- quasi identifiers ------------------------------------------------------------------------


def age(ctx: Ctx) -> str:
    n = ctx.rng.randrange(2, 98)
    lang = ctx.language
    if lang == "pl":
        if n == 1:
            return "1 rok"
        unit = "lata" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "lat"
        return f"{n} {unit}"
    if lang == "tr":
        return f"{n} yaşında"
    plural, singular = {"pt": ("anos", "ano"), "it": ("anni", "anno"), "ca": ("anys", "any")}[lang]
    return f"{n} {plural if n != 1 else singular}"


def dob(ctx: Ctx) -> str:
    r = ctx.rng
    y, m, d = r.randrange(1932, 2020), r.randrange(1, 13), r.randrange(1, 29)
    month = vl.DATA[ctx.language].months[m - 1]
    lang = ctx.language
    shapes = [f"{d:02d}/{m:02d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{d:02d}-{m:02d}-{y}"]
    if lang == "pt":
        shapes += [f"{d}/{m}/{y}", f"{d} de {month} de {y}", f"{d:02d}.{m:02d}.{y}"]
    elif lang == "it":
        shapes += [f"{d}/{m}/{str(y)[2:]}", f"{d} {month} {y}", f"{d:02d}.{m:02d}.{y}"]
    elif lang == "pl":
        shapes += [f"{d:02d}.{m:02d}.{y}", f"{d:02d}.{m:02d}.{y} r.", f"{d} {month} {y}", f"{d} {month} {y} r."]
    elif lang == "tr":
        shapes += [f"{d:02d}.{m:02d}.{y}", f"{d:02d}.{m:02d}.{y}", f"{d} {month} {y}"]
    else:  # ca: "de març", "d'abril"
        of = "d'" if month[0] in "aeiouàèéíòóú" else "de "
        shapes += [f"{d}/{m}/{y}", f"{d} {of}{month} de {y}", f"{d}-{m}-{y}"]
    value = r.choice(shapes)
    if r.random() < ctx.obfuscate:
        value = value.replace("/", r.choice([" / ", "_", "|"]), 2)
    return value


def organization(ctx: Ctx) -> str:
    r = ctx.rng
    if ctx.locale in vl.FAKER_COMPANIES and r.random() < 0.4:
        return vl.draw(ctx.fake.company, ctx.split, f"company[{ctx.locale}]")
    patterns = vl.for_country(vl.DATA[ctx.language].org_patterns, ctx.country)
    pattern = tags_of(r.choice(patterns))[1]
    lang, loc = ctx.language, ctx.locale

    def make() -> str:
        pool = vl.surnames(lang, loc, "train") + vl.surnames(lang, loc, "heldout")
        firsts = vl.first_names(lang, loc, "train", "m") + vl.first_names(lang, loc, "train", "f")
        return pattern.format(
            last=vl.inflect_surname(pick(r, pool), "m"),
            last2=vl.inflect_surname(pick(r, pool), "m"),
            last3=vl.inflect_surname(pick(r, pool), "m"),
            first=pick(r, firsts),
        )

    return vl.draw(make, ctx.split, f"organization[{lang}]")


def job(ctx: Ctx, gender: str) -> str:
    """An everyday job in the person's gender; a third of the time for a man (or anybody in
    Turkish, which has no grammatical gender) one of Faker's job titles, which are masculine."""
    r = ctx.rng
    if ctx.locale in vl.FAKER_JOBS and (gender == "m" or ctx.language == "tr") and r.random() < 0.3:
        title = pick(r, vl.faker_jobs(ctx.locale, ctx.split))
        if len(title) > 1 and title[1].islower():  # mid-sentence: "sou salsicheiro", "uçuş teknisyeni"
            title = (tr_lower(title[0]) if ctx.language == "tr" else title[0].lower()) + title[1:]
        return title
    entry = vl.pick_entry(r, vl.jobs(ctx.language, ctx.locale, ctx.split), ctx.country, gender, "jobs")
    return gendered(entry, gender)


# -- vocabulary -------------------------------------------------------------------------------


def parse_vocab_slot(slot: str, language: str) -> tuple[str, str | None, str | None, bool] | None:
    """``cond_acc_f`` -> (table, form, gender, bare); ``None`` when ``slot`` is no vocabulary slot."""
    table, *mods = slot.split("_")
    if table not in TABLE_LABELS or not vl.has_vocab(language, table):
        return None
    forms = vl.DATA[language].forms.get(table, ()) if language in vl.DATA else ()
    form = gender = None
    bare = False
    for mod in mods:
        if mod in ("m", "f"):
            gender = mod
        elif mod == "bare":
            bare = True
        elif mod in forms:
            form = mod
        else:
            raise SlotError(f"unknown modifier {mod!r} in slot {{{slot}}}")
    return table, form, gender, bare


def vocab_text(ctx: Ctx, table: str, form: str | None, gender: str) -> str:
    pool = vl.vocab(ctx.language, table, ctx.locale, ctx.split)
    entry = vl.pick_entry(ctx.rng, pool, vl.COUNTRY_OF_LOCALE.get(ctx.locale, ""), gender, f"{ctx.language}.{table}")
    forms = entry.split(";")
    names = vl.DATA[ctx.language].forms.get(table, ()) if ctx.language in vl.DATA else ()
    chosen = forms[names.index(form)] if form and form in names and names.index(form) < len(forms) else forms[0]
    return gendered(chosen.strip(), gender)


def vocab(ctx: Ctx, slot: str) -> Segments | None:
    parsed = parse_vocab_slot(slot, ctx.language)
    if parsed is None:
        return None
    table, form, gender, bare = parsed
    text = vocab_text(ctx, table, form, gender or ctx.persona.gender)
    article, rest = vl.split_article(text, ctx.language)
    label = TABLE_LABELS[table]
    if bare or not article:
        return [Segment(rest, label)]
    return [Segment(article), Segment(rest, label)]


# -- dispatch ---------------------------------------------------------------------------------


def _name_segments(slot: str, ctx: Ctx) -> Segments:
    gender = slot[-1] if slot[-2:] in ("_m", "_f") else None
    first, last = _other(ctx, gender)
    if slot.startswith("ofirst"):
        return [Segment(first, Label.PERSON)]
    if slot.startswith("olast"):
        return [Segment(" ".join(last), Label.PERSON)]
    return [Segment(f"{first} {' '.join(last)}", Label.PERSON)]


def _fill_original(slot: str, ctx: Ctx) -> Segments | None:
    """Extension slots of an original language (``--extended``): criminal records, immigration
    status, and a name from outside Western Europe for about one other person in seven."""
    if slot in _NAME_SLOTS:
        if ctx.rng.random() < WORLD_SHARE:
            first, last = vl.world_name(ctx.rng, ctx.language, ctx.rng.choice("mf"), ctx.split)
            return _world_segments(slot, first, last)
        return None
    if slot.split("_")[0] in ("crim", "record", "immig"):
        return vocab(ctx, slot)
    return None


def _world_segments(slot: str, first: str, last: str) -> Segments:
    if slot == "ofirst":
        return [Segment(first, Label.PERSON)]
    if slot == "olast":
        return [Segment(last, Label.PERSON)]
    return [Segment(f"{first} {last}", Label.PERSON)]


def fill(slot: str, ctx: Ctx) -> Segments | None:
    """Segments for ``slot`` in a document of a new language (or an extension slot of an
    original one); ``None``: the language-independent filler of :mod:`slots` answers."""
    if ctx.language not in LANGUAGES:
        return _fill_original(slot, ctx)
    p = ctx.persona
    r = ctx.rng
    if slot == "first":
        return [Segment(p.first, Label.PERSON)]
    if slot == "last":
        return [Segment(p.last, Label.PERSON)]
    if slot == "full":
        return [Segment(p.full, Label.PERSON)]
    if slot in ("ofirst", "olast", "ofull", "ofirst_m", "ofirst_f", "ofull_m", "ofull_f", "olast_m", "olast_f"):
        return _name_segments(slot, ctx)
    if slot == "pfirst":
        return [Segment(person_name(ctx, p.gender)[0], Label.PERSON)]
    if slot.startswith("pa_"):  # Catalan personal article: en Jordi, la Laia, l'Anna
        inner = slot[3:]
        gender = p.gender if inner in ("first", "pfirst") else inner[-1]
        if inner not in ("first", "pfirst", "ofirst_m", "ofirst_f", "ofull_m", "ofull_f"):
            raise SlotError(f"{{{slot}}}: the personal article needs a name of known gender")
        named = fill(inner, ctx) or []
        return [Segment(catalan_personal_article(named[0].text, gender)), *named]
    if slot == "user":
        p.user = p.user or username(ctx, p.first, p.last)
        return [Segment(p.user, Label.USERNAME)]
    if slot == "email":
        p.email = p.email or email(ctx, p.first, p.last)
        return [Segment(p.email, Label.EMAIL)]
    if slot == "oemail":
        first, last = _other(ctx)
        return [Segment(email(ctx, first, last[0]), Label.EMAIL)]
    if slot == "phone":
        return [Segment(phone(ctx), Label.PHONE)]
    if slot == "natid":
        return [Segment(national_id(ctx), Label.NATIONAL_ID)]
    if slot in ID_SLOTS:
        return [Segment(national_id(ctx, slot), Label.NATIONAL_ID)]
    if slot == "iban":
        return [Segment(iban(ctx), Label.IBAN)]
    if slot == "street":
        return [Segment(street(ctx), Label.STREET_ADDRESS)]
    if slot == "city":
        return [Segment(city(ctx), Label.CITY)]
    if slot == "postcode":
        return [Segment(postcode(ctx), Label.POSTCODE)]
    if slot == "dob":
        return [Segment(dob(ctx), Label.DATE_OF_BIRTH)]
    if slot == "year":
        y = r.randrange(1935, 2015)
        return [Segment(str(y) if r.random() < 0.85 else f"'{str(y)[2:]}", Label.DATE_OF_BIRTH)]
    if slot == "org":
        return [Segment(organization(ctx), Label.ORGANIZATION)]
    if slot == "age":
        return [Segment(age(ctx), Label.AGE)]
    if slot in ("job", "job_m", "job_f"):
        return [Segment(job(ctx, slot[-1] if slot != "job" else p.gender), Label.JOB)]
    if slot in ("gcond", "gcond_bare"):  # a condition nobody has: a general question
        article, rest = vl.split_article(vocab_text(ctx, "cond", None, "m"), ctx.language)
        return [Segment(rest if slot == "gcond_bare" else article + rest)]
    if slot == "gcity":
        return [Segment(city(ctx))]
    return vocab(ctx, slot)
