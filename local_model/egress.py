"""The egress check: every text that leaves the trust boundary must pass it.

It fails when a raw value held in the session's pseudonym map is present in the
outgoing text (exact or normalized: case, spacing, diacritics; a value that is a very common word,
such as a stray "la", is not searched), or when the detector,
run again on the outgoing text, finds a direct identifier, domain identifier or
special-category entity that is not one of our own pseudonyms.  The error names the
entity type, never the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from local_model.detectors.rules import is_placeholder
from local_model.hybrid import HybridDetector
from local_model.pseudonym import PseudonymMap, common_word, normalize
from signatures.entities import IDENTIFYING_STRATA, Label, Stratum

BLOCKING = IDENTIFYING_STRATA


class EgressLeakError(RuntimeError):
    """Outgoing text still holds personal data; ``label`` says which type (never the value)."""

    def __init__(self, label: str, reason: str) -> None:
        self.label = label
        self.reason = reason
        super().__init__(f"egress blocked: {label} {reason}")


def check_egress(
    text: str,
    pmap: PseudonymMap,
    detector: HybridDetector | None = None,
    blocking: Iterable[Stratum] = BLOCKING,
    allowed_labels: Iterable[Label] = (),
) -> None:
    """Raise :class:`EgressLeakError` unless ``text`` is safe to send."""
    folded = normalize(text)
    for label, value in pmap.values():
        norm = normalize(value)
        if not norm or common_word(value):
            continue
        if value in text or re.search(r"(?<!\w)" + re.escape(norm) + r"(?!\w)", folded):
            raise EgressLeakError(label, "value from the session map is present in the outgoing text")
    if detector is None:
        return
    ours = pmap.pseudonyms()
    strata = set(blocking)
    allowed = set(allowed_labels)
    for ent in detector.detect(text):
        if ent.stratum not in strata or ent.label in allowed:
            continue
        if ent.text in ours or is_placeholder(ent.text):
            continue
        if any(p in ent.text for p in ours):
            continue
        raise EgressLeakError(ent.label.value, "detected in the outgoing text")
