"""Vocabulary of the special categories (GDPR art. 9): what a sentence about a person may reveal.

Grouped by what the words say, in English and Spanish (French, German and Dutch where cheap):

* health: conditions; treatments and medicines that name a condition by what they treat
  (``chemo``, ``antiretrovirals``, ``dialysis``); clinicians whose speciality does
  (``my oncologist``, ``mi psiquiatra``); disability (``registered blind``, ``wheelchair user``);
  addiction support (``AA sponsor``, ``Alcohólicos Anónimos``);
* religion: affiliations; places of worship (``mosque``, ``sinagoga``); practices, festivals and
  clergy (``during Ramadan``, ``voy a misa``, ``my rabbi``);
* sexual orientation and gender identity: the words, and same-sex partners (inferred by the
  detector from a self-introduced name and a partner word, see
  :mod:`local_model.detection.detectors.special`);
* politics: cue phrases live in the detector.

The lists below are curated for support tickets and are deliberately broad: a term is only
reported when its sentence is about a person (the detector's anchors), so "what is diabetes?"
stays.  They are joined with the per-language vocabulary the tagger's training data is drawn from
(:mod:`local_model.text.special_vocab`), leading articles removed, so detector and tagger share one
vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from local_model.text import special_vocab as sv
from local_model.text.lexicon import alternation
from local_model.text.lexicons import pairs, words
from local_model.text.textnorm import fold
from local_model.text.words import zipf

#: the lists these names read: the core folder (en/es/fr/de/nl together); a language pack's own lists
#: of the same names are read by the pack rules of :mod:`local_model.detection.catalogue.special`
_CORE = ("mul",)
_ARTICLE = re.compile(r"(?i)^(?:a|an|the|un|una|el|la|los|las|le|les|l'|der|die|das|de|het|een)\s+")


def flatten(*tables: Mapping[str, tuple[str, ...]], extra: Iterable[str] = ()) -> tuple[str, ...]:
    """Every term of ``tables`` in every language, lower case, leading article removed, deduplicated."""
    out: dict[str, None] = {}
    for table in tables:
        for terms in table.values():
            for term in terms:
                out.setdefault(_ARTICLE.sub("", term).lower(), None)
    for term in extra:
        out.setdefault(term.lower(), None)
    return tuple(t for t in out if t)


#: party names and labels that are also ordinary words (or too short to be safe alone)
_AMBIGUOUS_POLITICS = frozenset(words("ambiguous_politics"))


def _distinctive(term: str) -> bool:
    """A party or political label that cannot be an ordinary word ("links", "PP" can)."""
    return " " in term or (len(term) >= 4 and term not in _AMBIGUOUS_POLITICS)


HEALTH_CONDITIONS = words("health_conditions", _CORE)

HEALTH_TREATMENTS = words("health_treatments", _CORE)

HEALTH_CLINICIANS = words("health_clinicians", _CORE)

HEALTH_DISABILITY = words("health_disability")

HEALTH_ADDICTION = words("health_addiction")

#: the everyday health vocabulary of tickets and records beyond named conditions: symptoms,
#: procedures and tests, specialities and departments, devices and aids, pregnancy, injuries
HEALTH_EVERYDAY = words("health_everyday")

HEALTH_TERMS = flatten(
    sv.HEALTH_CONDITIONS,
    sv.HEALTH_TREATMENTS,
    sv.HEALTH_SPECIALISTS,
    extra=(
        *HEALTH_CONDITIONS,
        *HEALTH_TREATMENTS,
        *HEALTH_CLINICIANS,
        *HEALTH_DISABILITY,
        *HEALTH_ADDICTION,
        *HEALTH_EVERYDAY,
    ),
)

#: words that make a health term more precise and belong to it: severity, course, side, place of
#: care ("severe overbite", "acute otitis media", "home dialysis"), the body part a condition is
#: of ("hip fracture", "stomach pain"), and, after it, what kind of care or aid it is ("ACL
#: reconstruction", "wheelchair user", "GDM screen").  The detector grows a health term over them.
#: body parts (en, es): with a symptom word they name a condition ("lower back pain", "chest
#: bruising", "dolor de rodilla")
BODY_PARTS = frozenset(words("body_parts"))
#: what a body part has when something is wrong with it
SYMPTOM_WORDS = frozenset(words("symptom_words"))
HEALTH_MODIFIERS = frozenset(words("health_modifiers"))
HEALTH_HEADS = frozenset(words("health_heads"))

RELIGION_AFFILIATIONS = words("religion_affiliations")

RELIGION_PRACTICE = words("religion_practice")
#: places of worship: the name that follows is the congregation ("parroquia de San Lorenzo",
#: "St Patrick's parish" is caught by the term, "iglesia de Santa María")
RELIGION_PLACES = frozenset(words("religion_places"))

#: racial or ethnic origin (GDPR art. 9): words that name a people or a community
ETHNICITY_TERMS = words("ethnicity_terms")
#: colour words that say ethnicity only when said of someone ("we're Black", "a white male")
ETHNICITY_COLOURS = words("ethnicity_colours")

RELIGION_TERMS = flatten(sv.RELIGION_TERMS, extra=(*RELIGION_AFFILIATIONS, *RELIGION_PRACTICE))

_ORIENTATION = words("orientation_terms")

ORIENTATION_TERMS = flatten(sv.ORIENTATION_TERMS, extra=_ORIENTATION)
POLITICS_TERMS = tuple(t for t in flatten(sv.POLITICAL_PARTIES, sv.POLITICAL_TERMS) if _distinctive(t))

#: partner words and the gender they carry: with a self-introduced name they may reveal orientation
PARTNER_WORDS = dict(pairs("partner_words", _CORE))
#: partner words without a gender: the partner's name or a pronoun tells it
NEUTRAL_PARTNER_WORDS = words("neutral_partner_words", _CORE)


@lru_cache(maxsize=1)
def _any_term() -> re.Pattern[str]:
    terms = {*HEALTH_TERMS, *RELIGION_TERMS, *ORIENTATION_TERMS, *POLITICS_TERMS}
    return re.compile(r"(?i)(?<![\w-])(?:" + alternation(terms) + r")(?![\w-])")


def names_a_term(value: str) -> bool:
    """``value`` holds a whole term of the special-category vocabulary ("cancer", "voy a misa")."""
    return _any_term().search(value) is not None


@lru_cache(maxsize=1)
def distinctive_special_words() -> frozenset[str]:
    """The words of :func:`special_words` that are no everyday words ("chemo", "asthma"; not
    "ideas", "deep", "work" of "ideas suicidas", "deep vein", "back pain")."""
    return frozenset(w for w in special_words() if zipf(w) < 4.5)


@lru_cache(maxsize=1)
def special_words() -> frozenset[str]:
    """Every word of 4+ letters of the special-category vocabulary, folded (a model's special span
    must name one of them)."""
    out: set[str] = set()
    for term in (*HEALTH_TERMS, *RELIGION_TERMS, *ORIENTATION_TERMS):  # party names hold places ("Más Madrid")
        out.update(fold(w) for w in re.findall(r"[^\W\d_]{4,}", term))
    return frozenset(out)


@lru_cache(maxsize=1)
def _any_status() -> re.Pattern[str]:
    terms = {fold(t) for name in ("criminal_record", "immigration_status") for t in words(name, required=False)}
    return re.compile(r"(?<![\w-])(?:" + alternation(t for t in terms if len(t) >= 4) + r")(?![\w-])")


def names_a_status(value: str) -> bool:
    """``value`` holds a whole entry of a criminal-record or immigration-status list of any language
    folder, compared folded ("in libertà vigilata", "pedido de asilo"): a model's span of those labels
    must name one."""
    return _any_status().search(fold(value)) is not None
