"""The second look: the detector once more on a minimized text, as the egress check will read it.

Around our markers a context changes (``Grazie mille, <PERSON_1>``), and an identifier the first
look left (or one it read as technical in its old context) can read as personal data now.  What the
second look finds is minimized with the same map, so the egress check does not refuse the text
for it; what the first look kept on purpose (the customer's own values of a needed type, the
technical strings it vouched for), our markers and surrogates, and strings without a letter or
digit of a name (:func:`~local_model.boundary.provenance.nameless`) stay.

One function for every caller that minimizes before egress: the delegation program
(:meth:`pipelines.delegation.DelegationProgram.prepare`) and the Python API
(:meth:`pipelines.api.Protector.protect_text`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from configs.settings import DomainSchema
from local_model.boundary.provenance import nameless
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.markers import placeholder_spans
from local_model.text.textnorm import normalize
from signatures.entities import IDENTIFYING_STRATA, Label


@dataclass
class SecondLook:
    """The text as it may go to the egress check, and what the second look cost and wrote."""

    text: str
    #: the minimizer's generalisations written on this look (the gates vouch for them)
    generated: list[str] = field(default_factory=list)
    detection_s: float = 0.0
    minimization_s: float = 0.0

    def __repr__(self) -> str:  # the text is minimized, but stays inside like the rest of a turn
        return f"SecondLook(chars={len(self.text)}, generated={len(self.generated)})"


def second_look(
    text: str,
    pmap: PseudonymMap,
    detector: HybridDetector,
    domain: DomainSchema | None,
    kept: Sequence[tuple[Label, str]] = (),
    vouched: Sequence[str] = (),
) -> SecondLook:
    """``text`` (already minimized with ``pmap``) with what the detector finds in it now minimized
    too (see the module docstring).  ``kept``: (label, raw value) sent unchanged on purpose;
    ``vouched``: strings the pipeline let through or wrote.  Changes ``pmap`` when it minimizes."""
    if not text.strip():
        return SecondLook(text)
    t = time.perf_counter()
    found = detector.detect(text)
    look = SecondLook(text, detection_s=time.perf_counter() - t)
    markers = placeholder_spans(text) + pmap.surrogate_spans(text)  # ours, in either style
    sent = {(label, normalize(value)) for label, value in kept}
    again = [
        e
        for e in found
        if e.stratum in IDENTIFYING_STRATA
        and not any(s < e.end and e.start < t_ for s, t_ in markers)
        and (e.label, normalize(e.text)) not in sent
        and not any(e.text in v for v in vouched)
        and not nameless(e.text, e.label)
    ]
    if not again:
        return look
    t = time.perf_counter()
    out = Minimizer(pmap, domain, None).minimize(text, again)
    look.minimization_s = time.perf_counter() - t
    look.text, look.generated = out.text, list(out.generated)
    return look
