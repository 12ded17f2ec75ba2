"""The shape of a language's hand-written data (``lang_pt`` ... ``lang_ca``) and the helpers they
are written with.

A language module holds one :class:`LangData`: its sentence templates by group, fillers,
greetings, closings, form-field names, the words of document shapes (e-mail headers, CV
headings ...), and its value pools (names, towns, streets, jobs, organisation patterns, e-mail
domains, spoken ``@``/``.``, digit words, months, special-category vocabulary).  Lists are written
as text blocks, one entry a line (:func:`lines`) or one word each (:func:`words`), so that a
native speaker can read and edit them as prose.

Markup shared by templates and pool entries:

- ``BR|`` ``PT|`` (a country code and a bar) at the start: only for documents of that country
  (Portuguese is written in Portugal and in Brazil); ``F|`` / ``M|``: only when the writer is a
  woman / a man.  Several tags may stand together (``BR|F|``).
- ``[[o|a]]``: the masculine or feminine form, chosen by the writer's gender (or the gender a slot
  asks for: ``{crim_f}``).
- ``;`` inside a pool entry separates grammatical forms (Polish cases: ``cukrzyca;cukrzycę;cukrzycy``),
  named by :attr:`LangData.forms`; a slot asks for one with a suffix (``{cond_acc}``).
- ``^`` inside a pool entry: what comes before it stays outside the span (``in ^moschea``,
  ``do ^kościoła``); otherwise a leading article of :attr:`LangData.articles` does (``l'asma``).
- ``\\n`` inside a line is a line break (closings: ``Cumprimentos,\\n{full}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

T = tuple[str, ...]

_TAGS = re.compile(r"^((?:[A-Z]{1,2}\|)+)")
_GENDER = re.compile(r"\[\[([^\]|]*)\|([^\]]*)\]\]")


def lines(block: str) -> T:
    """One entry a line; blank lines and lines starting with ``#`` are skipped; ``\\n`` (backslash,
    n) becomes a line break."""
    out = []
    for raw in block.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append(line.replace("\\n", "\n"))
    return tuple(out)


def words(block: str) -> T:
    """One entry a word (names without spaces)."""
    return tuple(w for w in block.split() if not w.startswith("#"))


def tags_of(entry: str) -> tuple[frozenset[str], str]:
    """(tags, entry without them): ``"BR|F|Estou grávida"`` -> ({"BR", "F"}, "Estou grávida")."""
    m = _TAGS.match(entry)
    if not m:
        return frozenset(), entry
    return frozenset(t for t in m.group(1).split("|") if t), entry[m.end() :]


def fits(entry: str, country: str, gender: str) -> bool:
    """Whether a tagged entry may be used in a document of ``country`` written by ``gender``."""
    tags, _ = tags_of(entry)
    if not tags:
        return True
    if "F" in tags and gender != "f":
        return False
    if "M" in tags and gender != "m":
        return False
    countries = tags - {"F", "M"}
    return not countries or country in countries


def gendered(text: str, gender: str) -> str:
    """Resolve ``[[masculine|feminine]]``."""
    return _GENDER.sub(lambda m: m.group(2) if gender == "f" else m.group(1), text)


def has_gender_markup(text: str) -> bool:
    return _GENDER.search(text) is not None


@dataclass(frozen=True)
class LangData:
    """Everything hand-written for one language (see the module docstring for the markup)."""

    code: str
    locales: T
    #: group -> sentence templates (``person``, ``user``, ``email``, ``phone``, ``id``, ``address``,
    #: ``quasi``, ``health``, ``religion``, ``orientation``, ``politics``, ``criminal``,
    #: ``immigration``, ``neg``)
    sentences: Mapping[str, T]
    fillers: T
    greetings: T
    closings: T
    #: slot -> field names of a form
    form_fields: Mapping[str, T]
    #: words of the document shapes: ``chat_agent``, ``chat_me``, ``mail_from``, ``mail_to``,
    #: ``mail_subject``, ``mail_to_addr``, ``sig_phone``, ``cv_born``, ``cv_experience``,
    #: ``cv_skills``, ``cv_at`` and, per slot, ``json_<slot>`` / ``csv_<slot>``
    doc_words: Mapping[str, T]
    #: articles kept outside a special-category span (``a``, ``la``, ``l'`` ...)
    articles: frozenset[str]
    #: towns (tags allowed), streets' parts by name (used by the language's street shapes)
    cities: T
    streets: Mapping[str, T]
    jobs: T
    org_patterns: T
    email_domains: T
    at_words: T
    dot_words: T
    digit_words: T
    #: month names as written in a date (Polish: the genitive, ``12 marca 1985``)
    months: T
    #: special-category and other vocabulary: table -> entries
    vocab: Mapping[str, T]
    #: hand-written names (tags allowed); Faker's are added where the language has a Faker locale
    first_m: T = ()
    first_f: T = ()
    surnames: T = ()
    #: table -> names of the ``;``-separated forms of its entries (the first is the default)
    forms: Mapping[str, T] = field(default_factory=dict)
