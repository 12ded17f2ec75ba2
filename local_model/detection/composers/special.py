"""Special-category composer: one phrase said of a person is one span ("la riabilitazione dopo
l'ictus", "fisioterapia depois do AVC", "terapii antyretrowirusowej")."""

from __future__ import annotations

import re

from local_model.detection.composers.base import Composer
from signatures.entities import TAXONOMY, Entity, Stratum

#: the special categories (health, religion, orientation, politics, ethnicity, records, status)
SPECIAL_LABELS = frozenset(label for label, entry in TAXONOMY.items() if entry.stratum == Stratum.SPECIAL)
#: spaces, or up to two short connecting words between them ("dopo l'", "depois do", "after the");
#: a conjunction joins two facts, not one phrase ("warfarin and bisoprolol" stay two spans)
_CONNECTOR = re.compile(
    r"[ \t]+(?:(?!(?:and|or|y|o|e|i|ou|ve|veya|und|oder|et|lub|albo|oraz)(?:['’]|[ \t]))"
    r"[^\W\d_]{1,6}(?:['’]|[ \t]+)){0,2}",
    re.IGNORECASE,
)


def _join_special(entities: list[Entity], text: str) -> list[Entity]:
    """Two spans of the same special category joined by spaces or up to two short words are one
    phrase: the treatment and its condition, a condition and its qualifier.  Both were masked
    already; as one span the phrase leaves no connecting word between two markers and reads as
    one fact."""
    out: list[Entity] = []
    for ent in entities:
        prev = out[-1] if out else None
        if (
            prev is not None
            and ent.label in SPECIAL_LABELS
            and prev.label == ent.label
            and _CONNECTOR.fullmatch(text, prev.end, ent.start)
        ):
            out[-1] = Entity.make(text, prev.start, ent.end, ent.label, max(prev.score, ent.score), prev.source)
            continue
        out.append(ent)
    return out


SPECIAL_PHRASE = Composer(
    "special_phrase", _join_special, "one special-category phrase is one span (fisioterapia depois do AVC)"
)
