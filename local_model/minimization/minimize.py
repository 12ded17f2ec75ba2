"""Minimization before any external call: pseudonymize, generalize or redact each entity.

The operation for an entity comes from the domain schema (``configs/domains``) when one is
given, else from the taxonomy default (``signatures.entities.TAXONOMY``); a type the
declared task legitimately needs is kept.  Generalization is irreversible and keeps
statistical value (age -> ten-year band, date of birth -> decade, postcode -> district
prefix, street address -> dropped, city -> country, coordinates -> one decimal); a type
with no generalizer, or a value it cannot parse, is pseudonymized instead (never sent raw).
Redaction writes ``[REDACTED_<LABEL>]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from configs.settings import DomainSchema
from local_model.minimization.attribution import customer_values
from local_model.minimization.pseudonym import searchable
from local_model.text.gazetteers import city_country
from local_model.text.regex_cache import transient
from local_model.text.textnorm import normalize, strip_marks
from local_model.text.words import zipf, zipf_in
from signatures.entities import TAXONOMY, Entity, Label, Operation


@dataclass(frozen=True)
class AppliedOp:
    label: Label
    operation: Operation
    start: int  # in the original text (-1 for a repeated mention found by the second pass)
    end: int


@dataclass
class Minimized:
    text: str
    ops: list[AppliedOp] = field(default_factory=list)
    #: values of types the task needs that were sent unchanged (the customer's own; raw values:
    #: they stay inside the boundary, for the egress check)
    kept: list[tuple[Label, str]] = field(default_factory=list)
    #: what the minimizer wrote in place of values that are not markers: generalisations
    #: ("the 1970s", "30-39") and redaction tags; the gates read them as ours, not as data
    generated: list[str] = field(default_factory=list)

    @property
    def reversible(self) -> bool:
        """True when every change was a pseudonymization (reinjection restores the original)."""
        return all(op.operation in (Operation.PSEUDONYMIZE, Operation.KEEP) for op in self.ops)

    def __repr__(self) -> str:  # the minimized text is safe to show; the ops hold no values
        return f"Minimized(chars={len(self.text)}, ops={len(self.ops)})"


def _age_band(value: str) -> str | None:
    m = re.search(r"\d{1,3}", value)
    if not m:
        return None
    age = int(m.group())
    low = age // 10 * 10
    return f"{low}-{low + 9} years"


def _decade(value: str) -> str | None:
    m = re.search(r"(1[89]\d\d|20\d\d)", value)
    if m:
        return f"the {m.group()[:3]}0s"
    m = re.search(r"[/.\-\s'](\d{2})$", value.strip())
    if m:
        yy = int(m.group(1))
        return f"the {(1900 if yy > 30 else 2000) + yy // 10 * 10}s"
    return None


def _postcode_prefix(value: str) -> str | None:
    v = value.strip().upper()
    m = re.match(r"^([A-Z]{1,2}\d[A-Z\d]?)\s?\d[A-Z]{2}$", v)  # UK: outward code
    if m:
        return m.group(1)
    m = re.match(r"^(\d{2})\d{2,3}(?:-\d{4})?$", v)  # 4-5 digits: first two
    if m:
        return m.group(1) + "xxx"
    m = re.match(r"^(\d{2})\d{2}\s?[A-Z]{2}$", v)  # NL
    if m:
        return m.group(1) + "xx"
    m = re.match(r"^([A-Z]{1,2}\d{1,2})$", v)
    return m.group(1) if m else None


def _round_geo(value: str) -> str | None:
    nums = re.findall(r"-?\d+\.\d+", value)
    return ", ".join(f"{float(n):.1f}" for n in nums) if len(nums) == 2 else None


GENERALIZERS: dict[Label, Callable[[str], str | None]] = {
    Label.AGE: _age_band,
    Label.DATE_OF_BIRTH: _decade,
    Label.POSTCODE: _postcode_prefix,
    Label.STREET_ADDRESS: lambda v: "[street address]",
    Label.BUILDING_NUMBER: lambda v: "",
    Label.SECONDARY_ADDRESS: lambda v: "",
    Label.CITY: city_country,
    Label.GEO_COORDINATE: _round_geo,
}


class PseudonymSource(Protocol):
    """What :class:`Minimizer` needs from a map: the session's
    :class:`~local_model.minimization.pseudonym.PseudonymMap` (numbered, reversible) or the keyed
    corpus markers of :class:`~local_model.minimization.keyed.KeyedPseudonyms` (no map at all)."""

    def pseudonym_for(self, label: Label, value: str) -> str: ...

    def values(self) -> list[tuple[str, str]]: ...

    def reserve_markers_in(self, text: str) -> None: ...


class Minimizer:
    """Applies the per-type operations of a domain (and task) to detected entities."""

    def __init__(self, pmap: PseudonymSource, domain: DomainSchema | None = None, task: str | None = None) -> None:
        self.pmap = pmap
        self.domain = domain
        spec = domain.task(task) if (domain is not None and task) else None
        self.needed: set[Label] = set(spec.needs) if spec is not None else set()
        self.max_values = spec.max_values_per_type if spec is not None else 1

    def operation(self, label: Label) -> Operation:
        if label in self.needed:
            return Operation.KEEP
        return self.default_operation(label)

    def default_operation(self, label: Label) -> Operation:
        """The domain's (or the taxonomy's) operation, whatever the task needs."""
        if self.domain is not None:
            entry = self.domain.entity(label)
            if entry is not None:
                return entry.operation
        return TAXONOMY[label].operation

    def _replacement(self, ent: Entity, keep: bool) -> tuple[str, Operation]:
        op = self.operation(ent.label)
        if op == Operation.KEEP and keep:
            return ent.text, op
        if op == Operation.KEEP:
            op = self.default_operation(ent.label)  # needed type, but not the customer's own value
            op = Operation.PSEUDONYMIZE if op == Operation.KEEP else op
        if op == Operation.REDACT:
            return f"[REDACTED_{ent.label.value}]", op
        if op == Operation.GENERALIZE:
            gen = GENERALIZERS.get(ent.label)
            value = gen(ent.text) if gen else None
            if value is not None:
                return value, op
        return self.pmap.pseudonym_for(ent.label, ent.text), Operation.PSEUDONYMIZE

    def minimize(self, text: str, entities: Sequence[Entity]) -> Minimized:
        """Rewrite ``text``; ``entities`` must be non-overlapping spans of it (the detector's output)."""
        self.pmap.reserve_markers_in(text)
        out: list[str] = []
        ops: list[AppliedOp] = []
        kept: list[tuple[Label, str]] = []
        ordered = sorted(entities, key=lambda e: e.start)
        own = customer_values(text, ordered, self.needed, self.max_values) if self.needed else set()
        generated: list[str] = []
        cur = 0
        for i, ent in enumerate(ordered):
            if ent.start < cur:
                raise ValueError("entities overlap; pass the merged output of HybridDetector.detect")
            if not ent.verify(text):
                raise ValueError(f"a {ent.label.value} span does not match the text at [{ent.start}, {ent.end})")
            replacement, op = self._replacement(ent, i in own)
            if op == Operation.KEEP:
                kept.append((ent.label, ent.text))
            elif op in (Operation.GENERALIZE, Operation.REDACT):
                generated.append(replacement)
            out.append(text[cur : ent.start])
            out.append(replacement)
            ops.append(AppliedOp(ent.label, op, ent.start, ent.end))
            cur = ent.end
        out.append(text[cur:])
        minimized = "".join(out)
        return Minimized(self._known_mentions(minimized, ops, kept), ops, kept, generated)

    def _known_mentions(self, text: str, ops: list[AppliedOp], kept: list[tuple[Label, str]]) -> str:
        """Second pass: a value already in the session map (or the surname/first name of a
        known person) that the detector missed elsewhere gets the same pseudonym, in any case and
        with or without its accents (``MARTA``, ``marta``, ``Ibanez`` for ``Marta Ibáñez``); values
        that are common words (``grace``, ``la``) are left where the detector did not find them."""
        table: dict[str, tuple[str, Label]] = {}  # folded value or name part -> (pseudonym, label)
        as_written: dict[str, set[str]] = {}  # folded words that are also words -> how they were written
        sent = {(label, normalize(value)) for label, value in kept}
        for label, value in self.pmap.values():
            lab = Label(label)
            if (lab, normalize(value)) in sent or not searchable(value):
                continue  # the customer's own value of a needed type; or "la", which would hit every article
            parts = value.split() if lab == Label.PERSON and len(value.split()) > 1 else []
            for item in [value, *(p for p in parts if searchable(p) and p[0].isupper())]:
                key = _folded(item)
                if key not in table:
                    table[key] = (self.pmap.pseudonym_for(lab, item), lab)
                if word_like(item):  # "Grace" of Grace Whitaker, not "grace period"
                    as_written.setdefault(key, set()).update(written_forms(strip_marks(item)))
        if not table:
            return text
        pattern = transient(  # the map's values: kept out of re's process-wide cache
            r"(?<![\w<])(?:" + "|".join(re.escape(v) for v in sorted(table, key=len, reverse=True)) + r")(?![\w>])",
            re.IGNORECASE,
        )
        plain = strip_marks(text)  # same length as ``text``: offsets carry over
        out: list[str] = []
        cur = 0
        for m in pattern.finditer(plain):
            key = m.group().lower()
            hit = table.get(key)
            if hit is None or (key in as_written and m.group() not in as_written[key]):
                continue
            pseudo, label = hit
            ops.append(AppliedOp(label, Operation.PSEUDONYMIZE, -1, -1))
            out.append(text[cur : m.start()])
            out.append(pseudo)
            cur = m.end()
        out.append(text[cur:])
        return "".join(out)


#: a name part at least this frequent as a word (Zipf) is replaced only where it is capitalised
_WORD_ZIPF = 2.5
#: the language packs beyond the five languages of :func:`zipf`
_PACK_LANGS = ("pt", "it", "pl", "tr", "ca")


def written_forms(value: str) -> set[str]:
    """How a word-like value may stand for itself: as written, capitalised, in capitals."""
    return {value, value[:1].upper() + value[1:], value.upper()}


def word_like(value: str) -> bool:
    """A single-word value that is also a word ("Grace", "Api"): replaced, and searched at egress,
    only where it is written with its capital, never in "grace period" or "/api/v2"."""
    if " " in value.strip() or any(c.isdigit() for c in value):
        return False
    return zipf(value) >= _WORD_ZIPF or any(zipf_in(value, lang) >= _WORD_ZIPF for lang in _PACK_LANGS)


def _folded(value: str) -> str:
    """A value as the second pass matches it: without accents, lower case (same length)."""
    return strip_marks(value).lower()
