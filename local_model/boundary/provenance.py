"""Where does a value come from?  Leaks are personal data *of the inputs*; the rest is invention.

The crafter and the aggregator only ever see minimized text, so an identifier in an outgoing
request (or a final answer) is the customer's data only when it, its normalised form, one of its
name parts or a run of 4+ of its digits occurs in the raw inputs of the ticket or session (or it
is a value of the session map).  An identifier that occurs nowhere in the inputs is an invention
of the model: a quality problem, not a leak.

:class:`Provenance` holds the raw inputs in the forms those tests need, computed once per
session; it lives inside the boundary only and never prints its content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property

from local_model.text.textnorm import fold, normalize
from local_model.text.words import common_word
from signatures.entities import Label

_DIGIT_RUN = re.compile(r"\d(?:[\s./()\-]{0,2}\d)*")
_WORD = re.compile(r"\w+")
_MIN_DIGITS = 4
_MIN_PART = 3
_NAME_LABELS = frozenset({Label.PERSON, Label.USERNAME, Label.ORGANIZATION})


def squeeze(text: str) -> str:
    """Folded, letters and digits only: ``Lucía-Fernández`` -> ``luciafernandez``."""
    return "".join(c for c in fold(text) if c.isalnum())


def digit_runs(text: str) -> list[str]:
    """Digits of every number as written, separators dropped (``+34 612-345 678`` -> ``34612345678``)."""
    return [re.sub(r"\D", "", m.group()) for m in _DIGIT_RUN.finditer(text)]


def name_parts(text: str) -> list[str]:
    """Words of a name-like value that could identify on their own (3+ letters, not common)."""
    return [w for w in _WORD.findall(normalize(text)) if len(w) >= _MIN_PART and not w.isdigit() and not common_word(w)]


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

    def occurs(self, value: str, label: Label | None = None) -> bool:
        """``value`` (an identifier found in outgoing text, of type ``label``) comes from the inputs.

        Name parts count for names, user names and organisations, and the local part of an
        e-mail address; a link or a domain only counts whole (``gmail`` in two addresses is no
        link between them)."""
        norm = normalize(value)
        if not norm:
            return False
        if re.search(r"(?<!\w)" + re.escape(norm) + r"(?!\w)", self._normalized):
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
        return False
