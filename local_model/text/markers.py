"""Markers and placeholders: how pseudonyms and redactions look in text.

* Our markers: ``<PERSON_1>`` (typed, numbered), redaction tags ``[REDACTED_HEALTH]``, and the
  keyed corpus markers ``<PERSON_7f3a9c1b>`` (:data:`KEYED_MARKER_RE`, a keyed hash of the value:
  :mod:`local_model.minimization.keyed`).
* :data:`MARKER_RE`: the tolerant syntax models write them back in (``<Person 1>``,
  ``PERSON_1``, ``[PERSON_1]``); :func:`marker_key` reads the (label, number) a match stands for.
* :data:`PLACEHOLDER`: other tools' placeholders (``<PRESIDIO_ANONYMIZED_PERSON>``, ``[NAME_2]``,
  ``{{email}}``).
* :func:`is_placeholder`: a span that is a marker or placeholder rather than data.  The egress
  check, the answer gate, the judges and the audit all ask this one question.
"""

from __future__ import annotations

import re

from signatures.entities import Label

_LABELS = sorted((lab.value for lab in Label), key=len, reverse=True)
_LABEL_PATTERN = "|".join(v.replace("_", r"[ _-]?") for v in _LABELS)
#: Tolerant marker syntax in model output: optional bracket, label, separator, number.
MARKER_RE = re.compile(
    rf"(?:(?P<open>[<\[{{(])[ \t]?)?(?<![\w])(?P<label>{_LABEL_PATTERN})[ _#-]?[ \t]?(?P<num>\d{{1,5}})(?!\d)"
    rf"(?:[ \t]?(?P<close>[>\]}})]))?",
    re.IGNORECASE,
)
LABEL_BY_COMPACT = {v.replace("_", ""): v for v in _LABELS}
LABEL_VALUES = tuple(_LABELS)
#: a marker in a stream is never longer than this
MAX_MARKER_CHARS = 40
#: keyed corpus markers: label + 6-16 lower-case hex digits of a keyed hash (``<PERSON_7f3a9c1b>``)
KEYED_MARKER_RE = re.compile(rf"<(?P<label>{'|'.join(_LABELS)})_(?P<tag>[0-9a-f]{{6,16}})>")
#: our redaction tag (``[REDACTED_HEALTH]``) and a bare ``[REDACTED]``
REDACTION_RE = re.compile(r"\[REDACTED(?:_[A-Z_]+)?\]")

#: another anonymizer's marker where it took a value out (Presidio's default operator): it stands for that value
ANONYMIZER_MARKER = re.compile(r"<PRESIDIO_ANONYMIZED_[A-Z_]{2,40}>")
#: the type an anonymizer's marker names (by the first of these words it holds; a person where none)
ANONYMIZER_LABELS = {
    "PERSON": Label.PERSON,
    "EMAIL": Label.EMAIL,
    "PHONE": Label.PHONE,
    "URL": Label.URL,
    "ADDRESS": Label.STREET_ADDRESS,
    "LOCATION": Label.LOCATION,
    "IP": Label.IP_ADDRESS,
    "CREDIT": Label.CREDIT_CARD,
    "IBAN": Label.IBAN,
}
#: the words a placeholder names its field with
PLACEHOLDER_WORDS = r"(?:PERSON|NAME|EMAIL|PHONE|URL|ADDRESS|LOCATION|IP|CREDIT|IBAN|DATE|ID|NUMBER|CITY|STREET)"
PLACEHOLDER = re.compile(
    ANONYMIZER_MARKER.pattern + rf"|<[A-Z_]{{0,20}}{PLACEHOLDER_WORDS}[A-Z_]{{0,20}}(?:_[A-Z0-9]{{1,4}})?>"
    rf"|\[(?:REDACTED|[A-Z_]{{0,20}}{PLACEHOLDER_WORDS}[A-Z_]{{0,20}}(?:_[A-Z0-9]{{1,4}})?)\]"
    r"|\{\{\s?[a-z_]{3,30}\s?\}\}"
)


def canonical_marker(label: Label | str, number: int) -> str:
    value = label.value if isinstance(label, Label) else label
    return f"<{value}_{number}>"


def marker_key(match: re.Match[str]) -> tuple[str, int] | None:
    """(label, number) of a :data:`MARKER_RE` match, or None when the label is not ours."""
    compact = re.sub(r"[ _-]", "", match.group("label")).upper()
    label = LABEL_BY_COMPACT.get(compact)
    if label is None:
        return None
    return label, int(match.group("num"))


def marker_like(m: re.Match[str]) -> bool:
    """Bracketed (``<Person 1>``), joined (``person_1``) or upper-case (``PERSON 1``) -- not prose
    such as "Date 2" or "person 1", which stay as they are."""
    if m.group("open") or m.group("close"):
        return True
    body = m.group(0)
    return bool(re.search(r"[_#-]\s?\d+$", body)) or m.group("label").isupper()


def is_placeholder(text: str) -> bool:
    """A marker or placeholder rather than data: ours (``<PERSON_1>``, ``<PERSON_7f3a9c1b>``, ``[REDACTED_HEALTH]``)
    or another tool's (``[REDACTED]``, ``<PRESIDIO_ANONYMIZED_PERSON>``, ``{{email}}``)."""
    t = text.strip()
    return bool(
        PLACEHOLDER.fullmatch(t) or MARKER_RE.fullmatch(t) or REDACTION_RE.fullmatch(t) or KEYED_MARKER_RE.fullmatch(t)
    )


def placeholder_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds markers or placeholders (ours, redaction tags, other tools'), as
    (start, end) offsets: what a detector found inside one of them (``REDACTED_HEALTH`` read as a
    user name) is the marker, not data."""
    spans = [m.span() for rx in (PLACEHOLDER, REDACTION_RE, KEYED_MARKER_RE) for m in rx.finditer(text)]
    spans += [m.span() for m in MARKER_RE.finditer(text) if marker_like(m) and marker_key(m) is not None]
    return sorted(spans)


def inside_placeholder(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """[start, end) lies within one of ``spans`` (from :func:`placeholder_spans`)."""
    return any(s <= start and end <= e for s, e in spans)
