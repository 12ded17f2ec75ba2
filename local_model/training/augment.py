"""Augmentations of a document given as segments: offsets survive by construction.

Every augmentation maps the text of one segment to a new text and keeps its label, and the
gold spans are computed from the concatenation afterwards, so no offset is ever patched.
Two levels:

- document level (every segment): lower case, upper case, accents stripped, Unicode NFD;
- value level (one labelled segment at a time): a word split by a space (``Marg ret``,
  ``gmai l.com``), ``_`` or ``.`` separators between digit groups, homoglyphs inside digits and
  dates (``1O/03/і979``), a zero-width character, lower/upper case, accents stripped, NFD.

Value-level changes are applied strictly inside a segment (never at its first or last
character), so a span never starts or ends with a space or an invisible character.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from local_model.training.slots import Segment, Segments

ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad")
#: digit -> look-alikes (Latin letters, Cyrillic, fullwidth)
DIGIT_GLYPHS: dict[str, tuple[str, ...]] = {
    "0": ("O", "o", "О", "０"),
    "1": ("l", "I", "і", "|", "１"),
    "2": ("Z", "２"),
    "3": ("З", "３"),
    "5": ("S", "５"),
    "6": ("б", "６"),
    "8": ("B", "８"),
    "9": ("g", "９"),
}
#: Latin letter -> Cyrillic/Greek look-alike
LETTER_GLYPHS = {
    "a": "а",
    "e": "е",
    "o": "о",
    "p": "р",
    "c": "с",
    "y": "у",
    "x": "х",
    "i": "і",
    "A": "А",
    "E": "Е",
    "O": "О",
    "M": "М",
    "K": "К",
    "T": "Т",
    "H": "Н",
    "B": "В",
}


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


# -- value-level ------------------------------------------------------------------------------


def split_word(text: str, rng: random.Random) -> str:
    """Insert a space inside a word, or replace an inner letter by one (``Marg ret``)."""
    inner = [
        i for i in range(1, len(text) - 1) if text[i].isalpha() and text[i - 1].isalpha() and text[i + 1].isalpha()
    ]
    if not inner:
        return text
    i = rng.choice(inner)
    return text[:i] + " " + text[i + 1 :] if rng.random() < 0.4 else text[:i] + " " + text[i:]


_DIGIT_SEP = re.compile(r"(?<=\d)[ \-./](?=\d)")


def separators(text: str, rng: random.Random) -> str:
    sep = rng.choice(["_", ".", "_", "-"])
    return _DIGIT_SEP.sub(sep, text)


def homoglyphs(text: str, rng: random.Random) -> str:
    digits = [i for i, c in enumerate(text) if c in DIGIT_GLYPHS]
    letters = [i for i, c in enumerate(text) if c in LETTER_GLYPHS]
    chars = list(text)
    if digits:
        for i in rng.sample(digits, k=min(len(digits), rng.randint(1, 2))):
            chars[i] = rng.choice(DIGIT_GLYPHS[chars[i]])
    elif letters:
        for i in rng.sample(letters, k=min(len(letters), rng.randint(1, 2))):
            chars[i] = LETTER_GLYPHS[chars[i]]
    return "".join(chars)


def zero_width(text: str, rng: random.Random) -> str:
    if len(text) < 2:
        return text
    i = rng.randrange(1, len(text))
    return text[:i] + rng.choice(ZERO_WIDTH) + text[i:]


ValueAug = Callable[[str, random.Random], str]
VALUE_AUGMENTATIONS: dict[str, ValueAug] = {
    "split_word": split_word,
    "separators": separators,
    "homoglyphs": homoglyphs,
    "zero_width": zero_width,
    "value_lower": lambda t, r: t.lower(),
    "value_upper": lambda t, r: t.upper(),
    "value_no_accents": lambda t, r: strip_accents(t),
    "value_nfd": lambda t, r: nfd(t),
}

DOC_AUGMENTATIONS: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "upper": str.upper,
    "no_accents": strip_accents,
    "nfd": nfd,
}


@dataclass(frozen=True)
class AugmentConfig:
    """Probabilities: per document for the document-level ones, per labelled segment for ``value``."""

    lower: float = 0.08
    upper: float = 0.015
    no_accents: float = 0.07
    nfd: float = 0.02
    value: float = 0.08

    @classmethod
    def none(cls) -> AugmentConfig:
        return cls(0.0, 0.0, 0.0, 0.0, 0.0)

    @classmethod
    def heavy(cls) -> AugmentConfig:
        """The obfuscated evaluation profile: most values changed, a third of documents too."""
        return cls(lower=0.15, upper=0.05, no_accents=0.15, nfd=0.1, value=0.7)


def _clean_edges(seg: Segment, new: str) -> str:
    """A value-level change must not leave whitespace or invisible characters at the edges."""
    if not new.strip() or new != new.strip() or new[0] in ZERO_WIDTH or new[-1] in ZERO_WIDTH:
        return seg.text
    return new


def augment(segments: Segments, rng: random.Random, config: AugmentConfig) -> tuple[Segments, list[str]]:
    """Return augmented segments and the names of the augmentations applied."""
    applied: list[str] = []
    out = list(segments)
    for i, seg in enumerate(out):
        if seg.label is None or rng.random() >= config.value:
            continue
        name = rng.choice(list(VALUE_AUGMENTATIONS))
        new = _clean_edges(seg, VALUE_AUGMENTATIONS[name](seg.text, rng))
        if new != seg.text:
            out[i] = Segment(new, seg.label)
            applied.append(name)
    for name, p in (
        ("lower", config.lower),
        ("upper", config.upper),
        ("no_accents", config.no_accents),
        ("nfd", config.nfd),
    ):
        if rng.random() < p:
            fn = DOC_AUGMENTATIONS[name]
            out = [Segment(fn(s.text), s.label) for s in out]
            applied.append(name)
    return out, applied
