"""The egress check: every text that leaves the trust boundary must pass it.

A leak is personal data *of the inputs* crossing the boundary.  The check, on each outgoing text:

1. **Session-map values block**: a raw value held in the session's pseudonym map present in the
   outgoing text in any normalised form (case, spacing, diacritics; separators and punctuation
   removed for values of 6+ letters/digits; digit sequences of numbers) raises
   :class:`EgressLeakError`.  The text is read as written, as the detection view reads it (every
   trick :mod:`local_model.text.view` sees through: look-alike letters, spelled numbers, spoken
   e-mails, letters spelled out) and through base64 (every run decoded, then read the same ways).
   A value that is a very common word ("la") is searched only as a whole word if at all.
2. **Detected identifiers**: the detector runs again on the outgoing text (on the parts of it that
   come from the customer when the session names them: :func:`check_egress_parts`; the program's
   instruction and the adapter's scaffolding are then checked for session-map values only).  A direct identifier,
   domain identifier or special-category entity that is not one of our markers, redaction tags or
   surrogates, and not one of the values of a needed type the customer sent on purpose (``kept``):
   - occurs in the raw inputs of the ticket or session (it, its normalised form, a name part, a
     run of 4+ of its digits; :class:`~local_model.boundary.provenance.Provenance`): a detection
     miss surfacing again -> :class:`EgressLeakError`, nothing is sent;
   - occurs nowhere in the inputs: the model invented it (a link, an address, a number) -> it is
     replaced by a neutral placeholder (``[link removed]``) and the request goes out; the caller
     records the event by type only.
   Without ``inputs`` (provenance unknown) every detected identifier blocks.

The error names the entity type, never the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from local_model.boundary.provenance import Provenance, digit_runs, nameless, squeeze
from local_model.detection.catalogue.technical import TEMPLATE_VARIABLE
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.minimize import word_like, written_forms
from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.decoders import base64_texts
from local_model.text.markers import MARKER_RE, is_placeholder
from local_model.text.regex_cache import transient
from local_model.text.textnorm import normalize, strip_marks
from local_model.text.view import make_view, spelled_words
from local_model.text.words import common_word
from signatures.entities import IDENTIFYING_STRATA, Entity, Label, Stratum
from signatures.errors import EgressLeakError

BLOCKING = IDENTIFYING_STRATA
#: what replaces an invented identifier in an outgoing request
NEUTRAL = {
    Label.URL: "[link removed]",
    Label.EMAIL: "[e-mail removed]",
    Label.PHONE: "[phone number removed]",
    Label.IP_ADDRESS: "[IP address removed]",
    Label.PERSON: "[name removed]",
    Label.STREET_ADDRESS: "[address removed]",
}
DEFAULT_NEUTRAL = "[detail removed]"


@dataclass
class EgressResult:
    """The text as it may leave, and the types of the invented identifiers removed from it."""

    text: str
    stripped: list[str] = field(default_factory=list)


class KeptValues:
    """Values of needed types the customer sent on purpose, in the forms they may reappear in."""

    def __init__(self, kept: Iterable[tuple[Label, str]] = ()) -> None:
        self._norm: set[tuple[Label, str]] = set()
        self._digits: set[str] = set()
        for label, value in kept:
            self._norm.add((label, normalize(value)))
            digits = re.sub(r"\D", "", value)
            if len(digits) >= 6:
                self._digits.add(digits)

    def __contains__(self, ent: object) -> bool:
        if not isinstance(ent, Entity):
            return False
        if (ent.label, normalize(ent.text)) in self._norm:
            return True
        digits = re.sub(r"\D", "", ent.text)
        return len(digits) >= 6 and digits in self._digits


def map_value_present(text: str, pmap: PseudonymMap, vouched: Sequence[str] = ()) -> str | None:
    """The label of a session-map value present in ``text`` in any normalised form, else None:
    as written, normalised (case, spacing, diacritics), squeezed (punctuation and separators
    removed; values of 6+ characters), or as digits (numbers of 6+ digits, whole or in part).
    The text is read as written, as the detection view reads it (look-alike letters and digits,
    spelled numbers, spoken e-mails, words spelled letter by letter: :mod:`local_model.text.view`)
    and through every base64 run in it (decoded, then read the same ways).  ``vouched`` strings
    (technical strings the detector kept: a log time stamp holding a date of the map) are blanked
    out first."""
    text = _blank(text, vouched)
    for reading in _readings(text):
        label = _value_in(reading, pmap)
        if label is not None:
            return label
    return None


#: base64 inside base64 is decoded this many times at most
_BASE64_DEPTH = 2


def _readings(text: str, depth: int = 0) -> Iterator[str]:
    """``text`` as written, its detection view when that differs, and the same for the text of
    every base64 run in it (lazily: the common clean text costs one look)."""
    yield text
    view = make_view(text)
    if not view.identity and view.text != text:
        yield view.text
    if depth < _BASE64_DEPTH:
        for decoded in base64_texts(text):
            yield from _readings(decoded, depth + 1)


def _value_in(text: str, pmap: PseudonymMap) -> str | None:
    """:func:`map_value_present` on one reading of the text."""
    folded = normalize(text)
    bare: str | None = None  # the text without our markers and surrogates
    squeezed: str | None = None
    runs: list[str] | None = None
    spelled: list[str] | None = None  # words spelled letter by letter
    for label, value in pmap.values():
        norm = normalize(value)
        if not norm or common_word(value) or TEMPLATE_VARIABLE.fullmatch(value.strip()):
            continue
        if not any(c.isalnum() for c in value):
            continue  # punctuation alone identifies no one (and would match every "/" of a text)
        if len(squeeze(value)) < _MIN_RAW:  # "Li" as a word; "49" never inside "03:15:49.554Z"
            if transient(r"(?<![\w:./-])" + re.escape(norm) + r"(?![\w:./-])").search(folded):
                return label
            continue
        if value in text and (len(value) >= _MIN_GLUED or transient(as_word(value)).search(text)):
            return label  # a short value only as a word of its own ("nato" is no leak inside "aggiornato")
        if word_like(value):  # "Api", "App": only as written (the minimizer replaced it only there)
            plain = strip_marks(text)
            for form in written_forms(strip_marks(value)):
                if transient(r"(?<!\w)" + re.escape(form) + r"(?!\w)").search(plain):
                    return label
            spelled = spelled_words(text) if spelled is None else spelled
            if norm in spelled:  # "w h i t a k e r" is spelled on purpose: in any case
                return label
            continue
        if transient(r"(?<!\w)" + re.escape(norm) + r"(?!\w)").search(folded):
            return label
        if bare is None:
            bare = MARKER_RE.sub(" ", text)
            for pseudo in sorted(pmap.pseudonyms(), key=len, reverse=True):
                bare = bare.replace(pseudo, " ")
        value_squeezed = squeeze(value)
        if len(value_squeezed) >= 6:
            squeezed = squeeze(bare) if squeezed is None else squeezed
            if value_squeezed in squeezed:
                return label
        digits = re.sub(r"\D", "", value)
        if len(digits) >= 6:
            runs = [r for r in digit_runs(bare) if len(r) >= 6] if runs is None else runs
            if any(digits in run or run in digits for run in runs):
                return label
    return None


#: a map value shorter than this (letters and digits) is searched only as a word on its own
_MIN_RAW = 4
#: a map value this long counts inside a longer word too ("MartaIbanez2"); a shorter one only alone
_MIN_GLUED = 6


def as_word(value: str) -> str:
    """A pattern of ``value`` with word edges where ``value`` itself starts or ends with a word character."""
    before = r"(?<!\w)" if value[:1].isalnum() else ""
    after = r"(?!\w)" if value[-1:].isalnum() else ""
    return before + re.escape(value) + after


def _refuse_map_values(text: str, pmap: PseudonymMap, vouched: Sequence[str]) -> None:
    label = map_value_present(text, pmap, vouched)
    if label is not None:
        raise EgressLeakError(label, "value from the session map is present in the outgoing text")


def _lowercase_phrase(ent: Entity) -> bool:
    """A name found in lower-case running words ("há alguma avaria" after a greeting): the second
    look at a minimized text reads its markers as cues; a name the customer typed in lower case is
    still found by the input pass, and is then a marker here."""
    return ent.label == Label.PERSON and " " in ent.text.strip() and ent.text == ent.text.lower()


def _blank(text: str, vouched: Sequence[str]) -> str:
    """``text`` with every vouched string of 4+ characters replaced by spaces (same length)."""
    for v in sorted({v for v in vouched if len(v) >= 4}, key=len, reverse=True):
        if v in text:
            text = text.replace(v, " " * len(v))
    return text


def _vouched(value: str, vouched: Sequence[str]) -> bool:
    """``value`` lies in a vouched string, or what is left of it outside them is no identifier
    (no letters, fewer than four digits: the edge of a kept time stamp or build)."""
    if any(value in v for v in vouched):
        return True
    rest = _blank(value, vouched)
    if rest == value:
        return False
    return not any(c.isalpha() for c in rest) and sum(c.isdigit() for c in rest) < 4


def _ours(ent: Entity, pseudonyms: set[str]) -> bool:
    return ent.text in pseudonyms or is_placeholder(ent.text) or any(p in ent.text for p in pseudonyms)


def check_egress(
    text: str,
    pmap: PseudonymMap,
    detector: HybridDetector | None = None,
    blocking: Iterable[Stratum] = BLOCKING,
    kept: Sequence[tuple[Label, str]] | KeptValues = (),
    inputs: Provenance | None = None,
    vouched: Sequence[str] = (),
) -> EgressResult:
    """Raise :class:`EgressLeakError` unless ``text`` is safe to send; return it with inventions removed.

    ``vouched``: strings the pipeline let through on purpose (the technical strings the detector
    kept in the inputs, the minimizer's generalisations); a detection inside one is skipped."""
    _refuse_map_values(text, pmap, vouched)
    if detector is None:
        return EgressResult(text)
    ours = pmap.pseudonyms()
    strata = set(blocking)
    allowed = kept if isinstance(kept, KeptValues) else KeptValues(kept)
    inventions: list[Entity] = []
    for ent in detector.detect(text):
        if ent.stratum not in strata or ent in allowed or _ours(ent, ours) or _vouched(ent.text, vouched):
            continue
        if nameless(ent.text, ent.label) or _lowercase_phrase(ent):
            continue
        if inputs is None or inputs.occurs(ent.text, ent.label):
            raise EgressLeakError(ent.label.value, "detected in the outgoing text")
        inventions.append(ent)
    if not inventions:
        return EgressResult(text)
    out: list[str] = []
    cur = 0
    for ent in sorted(inventions, key=lambda e: e.start):
        out.append(text[cur : ent.start])
        out.append(NEUTRAL.get(ent.label, DEFAULT_NEUTRAL))
        cur = ent.end
    out.append(text[cur:])
    return EgressResult("".join(out), [e.label.value for e in inventions])


def customer_parts(text: str, parts: Iterable[str]) -> list[tuple[int, int]]:
    """Where the customer-derived ``parts`` stand in ``text`` (every occurrence, merged, in order)."""
    found: list[tuple[int, int]] = []
    for part in {p for p in parts if p and p.strip()}:
        at = text.find(part)
        while at >= 0:
            found.append((at, at + len(part)))
            at = text.find(part, at + len(part))
    merged: list[tuple[int, int]] = []
    for s, e in sorted(found):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def check_egress_parts(
    text: str,
    spans: Sequence[tuple[int, int]],
    pmap: PseudonymMap,
    detector: HybridDetector | None = None,
    blocking: Iterable[Stratum] = BLOCKING,
    kept: Sequence[tuple[Label, str]] | KeptValues = (),
    inputs: Provenance | None = None,
    vouched: Sequence[str] = (),
) -> EgressResult:
    """:func:`check_egress` on the customer-derived ``spans`` of ``text`` only: the program's own
    text around them (its instruction, field names, the adapter's scaffolding) is never run through
    the detector and never edited; it is checked for session-map values, which it must not hold."""
    _refuse_map_values(text, pmap, vouched)
    out: list[str] = []
    stripped: list[str] = []
    cur = 0
    for s, e in spans:
        result = check_egress(text[s:e], pmap, detector, blocking, kept, inputs, vouched)
        out.append(text[cur:s])
        out.append(result.text)
        stripped += result.stripped
        cur = e
    out.append(text[cur:])
    return EgressResult("".join(out), stripped)
