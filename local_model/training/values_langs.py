"""Value pools of Portuguese, Italian, Polish, Turkish and Catalan, split into ``train`` and
``heldout`` by the same hash as :mod:`local_model.training.values`.

The pools are the hand-written lists of ``lang_pt`` ... ``lang_ca`` (towns, streets, jobs,
organisation patterns, special-category vocabulary, Turkish and Catalan names), the names of
:mod:`local_model.training.lang_world` and, for given names, surnames, jobs and companies, Faker's
``pt_PT``, ``pt_BR``, ``it_IT``, ``pl_PL`` and ``tr_TR`` providers.  Nothing here reads the
detector's lexicons (``local_model.text``, ``local_model.detection``): a held-out score computed on
these values would otherwise measure the lexicons against themselves.

Entries may carry tags (``BR|``, ``F|`` ...; see :mod:`local_model.training.langdata`).  A pool is
split tag group by tag group (the Brazilian entries, the Portuguese ones, the untagged ones ...),
so that every group has values in both splits; a value that appears in two groups keeps the split
of its first group, so the splits stay disjoint.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from local_model.training import lang_ca, lang_en_es, lang_it, lang_pl, lang_pt, lang_tr
from local_model.training.lang_world import DEFAULT_ORIGIN_WEIGHTS, ORIGIN_WEIGHTS, ORIGINS
from local_model.training.langdata import LangData, T, fits, gendered, tags_of
from local_model.training.splitting import SPLITS, Split, fold, split_of, split_pool
from signatures.errors import PoolError

DATA: dict[str, LangData] = {
    "pt": lang_pt.DATA,
    "it": lang_it.DATA,
    "pl": lang_pl.DATA,
    "tr": lang_tr.DATA,
    "ca": lang_ca.DATA,
}
LANGUAGES: tuple[str, ...] = tuple(DATA)
LOCALES: dict[str, tuple[str, ...]] = {code: data.locales for code, data in DATA.items()}
COUNTRY_OF_LOCALE: dict[str, str] = {
    "pt_PT": "PT",
    "pt_BR": "BR",
    "it_IT": "IT",
    "pl_PL": "PL",
    "tr_TR": "TR",
    "ca_ES": "ES",
}
#: locales whose given names, surnames, jobs and companies Faker adds to the hand-written lists
#: (Faker has no Catalan locale; its Turkish surnames are a short list of public figures, its
#: Italian jobs are in English)
FAKER_NAMES = frozenset({"pt_PT", "pt_BR", "it_IT", "pl_PL"})
FAKER_JOBS = frozenset({"pt_PT", "pt_BR", "pl_PL", "tr_TR"})
FAKER_COMPANIES = frozenset({"pt_PT", "pt_BR", "it_IT", "pl_PL"})
#: the Faker instance behind a document of each locale (seeded per document by the caller)
FAKER_LOCALE = {"ca_ES": "es_ES"}

#: vocabulary tables of the original languages (criminal records and immigration status, hand-written)
EXTRA_VOCAB: dict[str, dict[str, T]] = lang_en_es.VOCAB


@cache
def faker(locale: str) -> Any:
    from faker import Faker

    return Faker(FAKER_LOCALE.get(locale, locale))


# -- splitting --------------------------------------------------------------------------------


def _strip_article(text: str, articles: frozenset[str]) -> str:
    if "^" in text:
        return text.split("^", 1)[1]
    for art in articles:
        if art.endswith("'") and text.lower().startswith(art):
            return text[len(art) :]
    head, _, rest = text.partition(" ")
    return rest if rest and head.lower() in articles else text


def entry_key(entry: str, articles: frozenset[str] = frozenset()) -> str:
    """What an entry is split on: no tags, the first form, the masculine form, no leading article,
    folded (``BR|F|a minha mulher`` and ``PT|F|a minha mulher`` are one value)."""
    _, body = tags_of(entry)
    first_form = gendered(body.split(";")[0], "m")
    return fold(_strip_article(first_form.strip(), articles))


def _assign(entries: Sequence[str], name: str, articles: frozenset[str], side_of: dict[str, Split]) -> None:
    """Give every key of ``entries`` not yet in ``side_of`` a split, tag group by tag group."""
    groups: dict[frozenset[str], list[str]] = {}
    for entry in entries:
        groups.setdefault(tags_of(entry)[0], []).append(entry)
    for group in groups.values():
        fresh: dict[str, str] = {}
        for entry in group:
            key = entry_key(entry, articles)
            if key and key not in side_of:
                fresh.setdefault(key, entry)
        if len(fresh) >= 2:
            held = set(split_pool(list(fresh), "heldout", name))
            side_of.update({k: ("heldout" if k in held else "train") for k in fresh})
        else:
            side_of.update({k: split_of(k) for k in fresh})


def _select(entries: Sequence[str], split: Split, name: str, articles: frozenset[str], side_of: dict[str, Split]) -> T:
    out = tuple(e for e in entries if side_of.get(entry_key(e, articles)) == split)
    if not out:
        raise PoolError(f"value pool {name!r} has no {split} values ({len(entries)} values in all)")
    return out


def split_tagged(entries: Sequence[str], split: Split, name: str, articles: frozenset[str] = frozenset()) -> T:
    """The entries of ``split``: each tag group split on its own (both sides non-empty for a group
    of two or more), a key seen in an earlier group keeping that group's split."""
    side_of: dict[str, Split] = {}
    _assign(entries, name, articles, side_of)
    return _select(entries, split, name, articles, side_of)


def for_country(entries: Iterable[str], country: str) -> T:
    """Entries usable in a document of ``country`` (gender tags are kept: the pick filters them)."""
    out = []
    for e in entries:
        tags, _ = tags_of(e)
        countries = tags - {"F", "M"}
        if not countries or country in countries:
            out.append(e)
    return tuple(out)


def _untag(entries: Iterable[str]) -> T:
    return tuple(tags_of(e)[1] for e in entries)


def pick_entry(rng: random.Random, pool: Sequence[str], country: str, gender: str, what: str) -> str:
    """A random entry that fits the document (country, gender), tags removed."""
    usable = [e for e in pool if fits(e, country, gender)]
    if not usable:
        raise PoolError(f"{what}: no entry for country {country} and gender {gender}")
    return tags_of(usable[rng.randrange(len(usable))])[1]


# -- names ------------------------------------------------------------------------------------


def _faker_list(locale: str, attr: str) -> list[str]:
    provider = faker(locale).provider("faker.providers.person")
    values = getattr(provider, attr, None) or ()
    return [str(v) for v in (values.keys() if isinstance(values, dict) else values)]


@cache
def first_names(language: str, locale: str, split: Split, gender: str) -> T:
    data = DATA[language]
    own = for_country(data.first_m if gender == "m" else data.first_f, COUNTRY_OF_LOCALE[locale])
    raw = list(own)
    if locale in FAKER_NAMES:
        attr = "first_names_male" if gender == "m" else "first_names_female"
        raw += [n for n in _faker_list(locale, attr) if n.replace("-", "").isalpha()]
    return _untag(split_tagged(raw, split, f"first_names[{locale},{gender}]"))


@cache
def surnames(language: str, locale: str, split: Split) -> T:
    """Surnames in their masculine form (Polish ``-ski``; :func:`inflect_surname` makes ``-ska``)."""
    data = DATA[language]
    raw = list(for_country(data.surnames, COUNTRY_OF_LOCALE[locale]))
    if locale == "pl_PL":
        raw += _faker_list(locale, "male_last_names") + _faker_list(locale, "unisex_last_names")
    elif locale in FAKER_NAMES:
        raw += _faker_list(locale, "last_names")
    raw = [n for n in raw if n.replace("-", "").replace(" ", "").replace("'", "").isalpha() or "[[" in n]
    return _untag(split_tagged(raw, split, f"surnames[{locale}]"))


_PL_FEMININE = (("dzki", "dzka"), ("cki", "cka"), ("ski", "ska"))


def inflect_surname(surname: str, gender: str) -> str:
    """``Kowalski`` -> ``Kowalska`` for a woman; ``[[i|a]]`` markup resolved; others unchanged."""
    if "[[" in surname:
        return gendered(surname, gender)
    if gender == "f":
        for male, female in _PL_FEMININE:
            if surname.endswith(male):
                return surname[: -len(male)] + female
    return surname


@cache
def world_names(origin: str, split: Split) -> tuple[T, T, T]:
    men, women, last = ORIGINS[origin]
    return (
        split_tagged(men, split, f"world_first_m[{origin}]"),
        split_tagged(women, split, f"world_first_f[{origin}]"),
        split_tagged(last, split, f"world_surnames[{origin}]"),
    )


def world_name(rng: random.Random, language: str, gender: str, split: Split) -> tuple[str, str]:
    """(given name, surname) of a person whose family comes from outside Western Europe."""
    weights = ORIGIN_WEIGHTS.get(language, DEFAULT_ORIGIN_WEIGHTS)
    origins = list(weights)
    origin = rng.choices(origins, weights=[weights[o] for o in origins])[0]
    men, women, last = world_names(origin, split)
    first = (men if gender == "m" else women)[rng.randrange(len(men if gender == "m" else women))]
    return first, inflect_surname(last[rng.randrange(len(last))], gender)


# -- places, work, vocabulary -----------------------------------------------------------------


@cache
def cities(language: str, locale: str, split: Split) -> T:
    own = for_country(DATA[language].cities, COUNTRY_OF_LOCALE[locale])
    return _untag(split_tagged(own, split, f"cities[{locale}]"))


@cache
def street_part(language: str, part: str, split: Split) -> T:
    """A list of street-name material (the names, not the street types: those are formats)."""
    return _untag(split_tagged(DATA[language].streets[part], split, f"streets[{language},{part}]"))


@cache
def jobs(language: str, locale: str, split: Split) -> T:
    """Everyday jobs; ``F|``/``M|`` tags (a job named in one gender only: ``parteira``,
    ``hydraulik``) are kept for the pick."""
    own = for_country(DATA[language].jobs, COUNTRY_OF_LOCALE[locale])
    return split_tagged(own, split, f"jobs[{locale}]")


@cache
def faker_jobs(locale: str, split: Split) -> T:
    raw = [str(j) for j in faker(locale).provider("faker.providers.job").jobs if len(str(j)) < 40]
    return split_tagged([j for j in raw if j not in _JOB_DENYLIST], split, f"faker_jobs[{locale}]")


#: Faker jobs left out: no everyday job title or a word that is a special category itself
_JOB_DENYLIST = frozenset({"Fahişe", "Striptizci", "Kowboj", "Żongler", "Sepultador"})


def _table(language: str, table: str) -> tuple[T, frozenset[str]]:
    if language in DATA:
        return DATA[language].vocab[table], DATA[language].articles
    return EXTRA_VOCAB[language][table], lang_en_es.ARTICLES[language]


@cache
def _vocab_sides() -> dict[str, Split]:
    """One split for every vocabulary key across all languages and countries (``quimioterapia``
    is Portuguese and Catalan, ``minha namorada`` Portuguese and Brazilian: one side for both),
    assigned in a fixed order: the languages, their tables, the tag groups."""
    side_of: dict[str, Split] = {}
    for language in (*DATA, *EXTRA_VOCAB):
        tables = DATA[language].vocab if language in DATA else EXTRA_VOCAB[language]
        for table in tables:
            entries, articles = _table(language, table)
            _assign(entries, f"vocab[{language},{table}]", articles, side_of)
    return side_of


@cache
def vocab(language: str, table: str, locale: str, split: Split) -> T:
    entries, articles = _table(language, table)
    country = COUNTRY_OF_LOCALE.get(locale, "")
    usable = for_country(entries, country)
    return _select(usable, split, f"vocab[{language},{table},{locale}]", articles, _vocab_sides())


def has_vocab(language: str, table: str) -> bool:
    if language in DATA:
        return table in DATA[language].vocab
    return table in EXTRA_VOCAB.get(language, {})


def articles(language: str) -> frozenset[str]:
    if language in DATA:
        return DATA[language].articles
    return lang_en_es.ARTICLES.get(language, frozenset())


def split_article(text: str, language: str) -> tuple[str, str]:
    """(article with its space or apostrophe, rest): ``l'asma`` -> (``l'``, ``asma``); a ``^`` in
    the entry marks the split explicitly (``in ^moschea`` -> (``in ``, ``moschea``))."""
    if "^" in text:
        head, rest = text.split("^", 1)
        return head, rest
    arts = articles(language)
    low = text.lower()
    for art in sorted((a for a in arts if a.endswith("'")), key=len, reverse=True):
        if low.startswith(art) and len(text) > len(art):
            return text[: len(art)], text[len(art) :]
    head, sep, rest = text.partition(" ")
    if rest and head.lower() in arts:
        return head + sep, rest
    return "", text


# -- context words ----------------------------------------------------------------------------


@cache
def context_words(language: str) -> T:
    """Frequent words of ``language`` (wordfreq) that are no personal data: the names, towns and
    one-word special-category entries of this module's pools are removed, and so is every word
    that starts like a word of a special-category entry (five letters: ``depresji`` goes with
    ``depresja``, ``kościoła`` with ``kościół``), so that context never carries an unlabelled
    inflection of a labelled term."""
    from wordfreq import top_n_list

    banned: set[str] = set()
    stems: set[str] = set()
    for code, data in DATA.items():
        for locale in data.locales:
            for split in SPLITS:
                for gender in "mf":
                    banned |= {fold(n) for n in first_names(code, locale, split, gender)}
                banned |= {fold(inflect_surname(n, g)) for n in surnames(code, locale, split) for g in "mf"}
                banned |= {fold(c) for part in cities(code, locale, split) for c in part.replace("/", " ").split()}
        for entries in data.vocab.values():
            for entry in entries:
                for form in tags_of(entry)[1].split(";"):
                    for g in "mf":
                        key = fold(_strip_article(gendered(form, g), data.articles).replace("^", ""))
                        if " " not in key:
                            banned.add(key)
                        if code == language:
                            stems |= {w[:5] for w in key.split() if len(w) >= 5 and w.isalpha()}
    for men, women, last in ORIGINS.values():
        banned |= {fold(n) for n in (*men, *women)} | {fold(gendered(n, g)) for n in last for g in "mf"}
    words = [
        w
        for w in top_n_list(language, 5000)
        if w.isalpha() and len(w) > 1 and fold(w) not in banned and fold(w)[:5] not in stems
    ]
    if len(words) < 1000:
        raise PoolError(f"context_words[{language}]: only {len(words)} words after filtering")
    return tuple(words)


def draw(make: Callable[[], str], split: Split, what: str, tries: int = 200) -> str:
    """Call ``make`` until it returns a value of ``split``."""
    for _ in range(tries):
        value = make()
        if split_of(value) == split:
            return value
    raise PoolError(f"no {split} value for {what} after {tries} draws")
