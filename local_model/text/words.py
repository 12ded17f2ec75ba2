"""Word frequencies and the English dictionary: is a token a common word, a dictionary word?

- :func:`zipf`: the highest Zipf frequency of a word over en/fr/de/nl/es (``wordfreq``'s bundled
  data, offline); names are mostly rare words, so frequency is the first filter of every
  name heuristic;
- :func:`dictionary_words` / :func:`is_dictionary_word`: Webster's 2nd + GCIDE (PyPI
  ``english-words``) with regular inflections and British spellings;
- :func:`common_word`: a single very frequent word ("me", "la", "the"), which the pseudonym map
  and the egress check never search for on its own.

The caches hold words seen in texts (names among them) in process memory only; long-running
processes bound them with :func:`clear_caches`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Container
from functools import lru_cache

from local_model.text.lang import PACKS
from local_model.text.lexicon import MODERN_WORDS
from local_model.text.lexicons import words as word_list
from local_model.text.textnorm import fold, normalize

_LANGS = ("en", "fr", "de", "nl", "es")


#: a number joined to a word by a hyphen ("5-seater", "3-door"): one adjective, no user name or house
COUNTED_NOUN = re.compile(r"\d{1,3}-([a-z]{3,})")


@lru_cache(maxsize=200_000)
def zipf(word: str) -> float:
    """Highest Zipf frequency of ``word`` over the five supported languages."""
    from wordfreq import zipf_frequency

    w = word.lower()
    return max(zipf_frequency(w, lang) for lang in _LANGS)


@lru_cache(maxsize=50_000)
def zipf_in(word: str, language: str) -> float:
    """Zipf frequency of ``word`` in one language (a language pack's: pt, it, pl, tr, ca ...)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word.lower(), language))


def zipf_in_packs(word: str) -> float:
    """The highest Zipf frequency of ``word`` in the language of any pack (:data:`PACKS`)."""
    return max(zipf_in(word, lang) for lang in PACKS)


_CAMEL_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")


def glued_common_words(token: str) -> bool:
    """A CamelCase token glued from common words (``HttpMethod``, ``ShowDialog``,
    ``TimePreferred``) is code or a field name, not a brand; a rare part (``KorVex``) or a
    trailing acronym keeps it a candidate name."""
    parts = _CAMEL_PART.findall(token)
    return len(parts) >= 2 and all(zipf(p) >= 3.5 for p in parts) and not parts[-1].isupper()


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


def common_word(value: str) -> bool:
    """A single word without digits that is very frequent in en/es/fr/de/nl ("me", "la", "the")."""
    norm = normalize(value)
    if not norm or " " in norm or any(c.isdigit() for c in norm):
        return False
    return zipf(norm) >= 5.0


@lru_cache(maxsize=1)
def job_words() -> frozenset[str]:
    """Words of Faker's job titles (en, es, fr, de) that are not very common words."""
    words: set[str] = set()
    for locale in ("en_US", "es_ES", "fr_FR", "de_DE"):
        provider = importlib.import_module(f"faker.providers.job.{locale}").Provider
        for title in provider.jobs:
            for w in re.findall(r"[^\W\d_]{4,}", str(title)):
                if zipf(w) < 5.0:
                    words.add(fold(w))
    return frozenset(words | {fold(w) for w in EVERYDAY_JOBS})


#: everyday job words that Faker's titles lack
EVERYDAY_JOBS = frozenset(word_list("everyday_jobs"))

#: words that rank a job title, before its head ("junior analyst", "Senior Data Engineer");
#: some are first names too ("Junior"), so a title that opens with one is still a job
JOB_MODIFIERS = frozenset(word_list("job_modifiers"))


@lru_cache(maxsize=1)
def job_heads() -> frozenset[str]:
    """The head word of Faker's job titles (en, es, fr, de): the last word before a comma or a
    bracket in English and German ("engineer" in "Civil engineer, contracting"), the first in
    Spanish and French ("agente"), for telling a job from a phrase."""
    heads: set[str] = set()
    for locale in ("en_US", "es_ES", "fr_FR", "de_DE"):
        provider = importlib.import_module(f"faker.providers.job.{locale}").Provider
        for title in provider.jobs:
            head = re.split(r"[,(/]", str(title))[0]
            words = re.findall(r"[^\W\d_]{3,}", head)
            if words:
                # English and German put the head last ("Civil engineer"), Spanish and French first
                # ("Agente de seguros")
                heads.add(fold(words[-1] if locale in ("en_US", "de_DE") else words[0]))
    # a frequent head is an ordinary word first ("art", "data", "personal", "product", "web" head
    # a few of Faker's titles): only the frequent words that name a job stay
    heads = {h for h in heads if zipf(h) < 4.8 or h in _FREQUENT_JOB_HEADS}
    return frozenset(heads | {fold(w) for w in EVERYDAY_JOBS})


@lru_cache(maxsize=4096)
def is_job_head(word: str) -> bool:
    """A folded word that is a job head, in its listed form or another form of it: a plural
    ("maestros", "analysts"), the other gender of a Spanish or French head ("asociada" for
    "asociado", "disenadora" for "disenador"), a compound ending in a head after an ordinary
    word ("headteacher", "schoolteacher")."""
    heads = job_heads()
    if word in heads:
        return True
    forms = []
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    for form in [word, *forms]:
        if form.endswith(("o", "a")):
            forms.append(form[:-1] + ("a" if form.endswith("o") else "o"))
        if form.endswith("ora"):
            forms.append(form[:-1])
        elif form.endswith(("or", "eur")):
            forms.append(form + "a")
    if any(f in heads for f in forms if len(f) >= 3):
        return True
    # a compound: an ordinary word and a head of five letters or more
    return any(word[i:] in heads and zipf(word[:i]) >= 4.0 for i in range(3, len(word) - 4))


def headed_by_job(folded: list[str]) -> bool:
    """A phrase of folded words whose head is a job: English puts it last ("data analyst"),
    Spanish and French first, alone or before "de"/"of" ("tecnica de logistica"); "teacher
    meeting" is neither.  Heads are matched in any of their forms (:func:`is_job_head`)."""
    if not folded:
        return False
    head_first = is_job_head(folded[0]) and (
        len(folded) == 1
        or folded[1] in ("de", "del", "of", "en", "d")
        # a Spanish head takes an adjective after it ("abogada laboralista", "fotografa freelance")
        or (len(folded) == 2 and folded[0][-1] in "ao" and zipf(folded[1]) < 4.5)
    )
    return is_job_head(folded[-1]) or head_first


#: job heads that are frequent words and still name a job
_FREQUENT_JOB_HEADS = frozenset(word_list("frequent_job_heads"))


#: languages that write their compound nouns closed and capitalise nouns (German) or write them
#: closed (Dutch): "Kontaktpersonen", "Reisepassnummer", "Leerstoornissen"
_COMPOUND_LANGS = ("de", "nl")
#: linking elements between the parts of a German or Dutch compound ("Rechtsanwalt", "Studentenrat")
_LINKS = ("", "s", "n", "en", "e", "es", "er")
#: the shortest compound tested, and the shortest part: short parts ("Gut|stein", "Gas|smann") make
#: surnames look like compounds
_COMPOUND_MIN, _PART_MIN = 10, 4
_PART_ZIPF = 3.0


def closed_compound(word: str, names: Container[str] = frozenset()) -> bool:
    """``word`` is a German or Dutch compound of common words ("Amphibienpopulationen" =
    amphibien + populationen, "Samenwerkingsplatform"): a common noun, not a name, however rare
    the whole is.  Each part has at least four letters and is a frequent word of the same language;
    a split whose last part is in ``names`` (a surname list: "Stuhl|müller", "Rosen|berg") does not
    count, nor does a word that also splits into English words ("Fair|weather").  Compound
    surnames of common words exist ("Oberländer", "Oosterhuis"): callers ask only where the word
    has no other sign of being a name."""
    w = word.lower()
    if len(w) < _COMPOUND_MIN or not w.isalpha():
        return False
    if _compound_parts(w, "en"):
        return False  # English glues names from words ("Fairweather", "Brightwell"), not nouns
    for lang in _COMPOUND_LANGS:
        parts = _compound_parts(w, lang)
        if parts and fold(parts[-1]) not in names:
            return True
    return False


@lru_cache(maxsize=20_000)
def _compound_parts(w: str, lang: str, depth: int = 0) -> tuple[str, ...]:
    """The parts of the first split of ``w`` into frequent words of ``lang`` (at most three), or ()."""
    for i in range(_PART_MIN, len(w) - _PART_MIN + 1):
        head, rest = w[:i], w[i:]
        if zipf_in(head, lang) < _PART_ZIPF:
            continue
        for link in _LINKS:
            tail = rest[len(link) :]
            if not rest.startswith(link) or len(tail) < _PART_MIN:
                continue
            if zipf_in(tail, lang) >= _PART_ZIPF:
                return head, tail
            if depth < 1:
                more = _compound_parts(tail, lang, depth + 1)
                if more:
                    return head, *more
    return ()


def clear_caches() -> None:
    """Forget every word the caches have seen (a long-running server calls this periodically:
    the caches hold words of real texts, names among them)."""
    zipf.cache_clear()
    zipf_in.cache_clear()
    _compound_parts.cache_clear()
    is_dictionary_word.cache_clear()
    is_job_head.cache_clear()
