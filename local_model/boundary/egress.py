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

from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.markers import is_placeholder
from local_model.text.textnorm import normalize
from local_model.text.words import common_word
from signatures.entities import IDENTIFYING_STRATA, Label, Stratum
from signatures.errors import EgressLeakError

BLOCKING = IDENTIFYING_STRATA


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
