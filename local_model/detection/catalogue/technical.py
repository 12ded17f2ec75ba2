"""Technical rules: markers already in the text.

Markers another anonymizer (or a user) left in a text (``<PRESIDIO_ANONYMIZED_PERSON>``,
``[NAME_1]``, ``{{email}}``) are masked like the type they name, so a user-typed marker can
never be confused with (or capture) a marker of ours downstream.
"""

from __future__ import annotations

from collections.abc import Iterator

from local_model.detection.catalogue.base import Example, Family, Hit, Rule, Scan
from local_model.text.markers import PLACEHOLDER, PLACEHOLDER_LABELS
from signatures.entities import Label


def _find_placeholders(scan: Scan) -> Iterator[Hit]:
    for m in PLACEHOLDER.finditer(scan.text):
        body = m.group().upper()
        label = next((lab for key, lab in PLACEHOLDER_LABELS.items() if key in body), Label.PERSON)
        yield Hit(m.start(), m.end(), label, 0.9)


PLACEHOLDER_MARKER = Rule(
    id="technical.placeholder",
    family=Family.TECHNICAL,
    detector="rules",
    labels=frozenset(PLACEHOLDER_LABELS.values()) | {Label.PERSON},
    find=_find_placeholders,
    source="rules",
    patterns=(PLACEHOLDER,),
    score=0.9,
    description="a marker already in the text, masked as the type it names",
    examples=(
        Example("Hi <PRESIDIO_ANONYMIZED_PERSON>, thanks", "<PRESIDIO_ANONYMIZED_PERSON>", Label.PERSON),
        Example("mail [EMAIL_1] today", "[EMAIL_1]"),
    ),
    negatives=("use <div> and [1] in the docs",),
)
