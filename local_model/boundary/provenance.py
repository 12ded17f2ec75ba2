"""Where does a value come from?  Leaks are personal data *of the inputs*; the rest is invention.

The crafter and the aggregator only ever see minimized text, so an identifier in an outgoing
request (or a final answer) is the customer's data only when it, its normalised form, one of its
name parts, a run of 4+ of its digits or each of its components occurs in the raw inputs of the ticket or session (or it
is a value of the session map).  An identifier that occurs nowhere in the inputs is an invention
of the model: a quality problem, not a leak.

:class:`Provenance` holds the raw inputs in the forms those tests need, computed once per
session; it lives inside the boundary only and never prints its content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property

from local_model.text.gazetteers import load_gazetteers
from local_model.text.regex_cache import transient
from local_model.text.textnorm import fold, normalize
from local_model.text.words import common_word, zipf, zipf_in
from signatures.entities import Label

_DIGIT_RUN = re.compile(r"\d(?:[\s./()\-]{0,2}\d)*")
_WORD = re.compile(r"\w+")
_MIN_DIGITS = 4
_MIN_PART = 3
_NAME_LABELS = frozenset({Label.PERSON, Label.USERNAME, Label.ORGANIZATION})
#: the language packs beyond the five languages of :func:`common_word`
_PACK_LANGS = ("pt", "it", "pl", "tr", "ca")
_COMMON_ZIPF = 4.0
#: values that count only whole: a link, a domain, an e-mail address
_WHOLE_ONLY = frozenset({Label.URL, Label.EMAIL})
#: words at least this frequent (Zipf) are no component of a value (street, flat, city, de)
_COMPONENT_ZIPF = 4.5


def squeeze(text: str) -> str:
    """Folded, letters and digits only: ``Lucía-Fernández`` -> ``luciafernandez``."""
    return "".join(c for c in fold(text) if c.isalnum())


def digit_runs(text: str) -> list[str]:
    """Digits of every number as written, separators dropped (``+34 612-345 678`` -> ``34612345678``)."""
    return [re.sub(r"\D", "", m.group()) for m in _DIGIT_RUN.finditer(text)]


def name_parts(text: str) -> list[str]:
    """Words of a name-like value that could identify on their own (3+ letters, not a very common
    word of any supported language: "tenho", "mille" are no name parts)."""
    return [
        w
        for w in _WORD.findall(normalize(text))
        if len(w) >= _MIN_PART and not w.isdigit() and not common_word(w) and not _pack_common(w)
    ]


def _pack_common(word: str) -> bool:
    """A frequent word of a pack language that is no known first name or surname."""
    if not any(zipf_in(word, lang) >= _COMMON_ZIPF for lang in _PACK_LANGS):
        return False
    first, last, _, _ = load_gazetteers()
    return word not in first and word not in last


def nameless(value: str, label: Label) -> bool:
    """A name-typed finding made only of common words ("tenho", "Grazie mille"): nothing of
    anyone's name, so neither a leak nor an invention."""
    return label in _NAME_LABELS and not any(c.isdigit() for c in value) and not name_parts(value)


class Provenance:
    """The raw inputs of one ticket or session, ready for "does this value come from them?"."""

    def __init__(self, inputs: Iterable[str]) -> None:
        self._inputs = [t for t in inputs if t]

    def __repr__(self) -> str:
        return f"Provenance(inputs={len(self._inputs)})"

    def __bool__(self) -> bool:
        return bool(self._inputs)

    @cached_property
    def _normalized(self) -> str:
        return "\n".join(normalize(t) for t in self._inputs)

    @cached_property
    def _squeezed(self) -> str:
        return "\n".join(squeeze(t) for t in self._inputs)

    @cached_property
    def _digits(self) -> str:
        return "\n".join(run for t in self._inputs for run in digit_runs(t))

    @cached_property
    def _runs(self) -> list[str]:
        return [run for t in self._inputs for run in digit_runs(t)]

    @cached_property
    def _words(self) -> frozenset[str]:
        return frozenset(_WORD.findall(self._normalized))

    def opens_a_word(self, value: str) -> bool:
        """``value`` (three letters or more) is how a word of the inputs begins ("Aten" of
        "Atenciosamente"): a text cut off in the middle of that word."""
        norm = normalize(value)
        return len(norm) >= 3 and transient(r"(?<!\w)" + re.escape(norm) + r"\w").search(self._normalized) is not None

    def occurs(self, value: str, label: Label | None = None) -> bool:
        """``value`` (an identifier found in outgoing text, of type ``label``) comes from the inputs.

        Name parts count for names, user names and organisations, and the local part of an
        e-mail address; a link or a domain only counts whole (``gmail`` in two addresses is no
        link between them)."""
        norm = normalize(value)
        if not norm:
            return False
        if transient(r"(?<!\w)" + re.escape(norm) + r"(?!\w)").search(self._normalized):
            return True
        squeezed = squeeze(value)
        if len(squeezed) >= 6 and squeezed in self._squeezed:
            return True
        digits = re.sub(r"\D", "", value)
        if len(digits) >= 6:
            # the same number in another format (spaces, dots, a country code added or dropped);
            # two numbers sharing a prefix ("+44 7700 ...") are not the same number
            if any(digits in run or (len(run) >= 6 and run in digits) for run in self._runs):
                return True
        elif len(digits) >= _MIN_DIGITS and digits in self._digits:
            return True  # a short run of the customer's digits ("the line ending 0123")
        if label in _NAME_LABELS:
            return any(part in self._words for part in name_parts(value))
        if label == Label.EMAIL and "@" in value:
            return any(part in self._words for part in name_parts(value.split("@", 1)[0]))
        if label in _WHOLE_ONLY:
            return False
        return self._components_occur(norm)

    def _components_occur(self, norm: str) -> bool:
        """Every component of a value that can identify (a word that is not a common or function
        word, every number) occurs in the inputs: the customer's own address cut differently by
        the answer's detector (``Dayton/OH/45402`` for ``City/State/ZIP: Dayton/OH/45402-1187``)
        is theirs; a different street in their town is not (``elm`` does not occur)."""
        words = _WORD.findall(norm)
        parts = [w for w in words if w.isdigit() or (len(w) >= 2 and not common_word(w) and zipf(w) < _COMPONENT_ZIPF)]
        if not parts:
            return False
        return all(p in self._words or (p.isdigit() and len(p) >= _MIN_DIGITS and p in self._digits) for p in parts)
