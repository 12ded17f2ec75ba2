"""The span composers, in the order they run (see :mod:`local_model.detection.composers.base`).

Bridging runs twice: once before the street lines take in their units (so "137A" + "Mill Road"
is one line first), once after (the units a street line reached may join the next part).
"""

from __future__ import annotations

from local_model.detection.composers.addresses import ADDRESS_CHAIN, PLACE_CHAIN, UNITS
from local_model.detection.composers.base import Composer
from local_model.detection.composers.bridge import BRIDGE
from local_model.detection.composers.identifiers import IDENTIFIER_PIECES
from local_model.detection.composers.names import INITIALS, NAME_EXTENSION
from local_model.detection.composers.organisations import ORGANISATIONS, PARTNERS
from local_model.detection.composers.special import SPECIAL_PHRASE
from signatures.entities import Entity

COMPOSERS: tuple[Composer, ...] = (
    BRIDGE,
    UNITS,
    BRIDGE,
    ADDRESS_CHAIN,
    PLACE_CHAIN,
    INITIALS,
    NAME_EXTENSION,
    PARTNERS,
    ORGANISATIONS,
    IDENTIFIER_PIECES,
    SPECIAL_PHRASE,
)


def compose(entities: list[Entity], text: str) -> list[Entity]:
    """Every composer in order over the merged spans of ``text`` (sorted by start, disjoint)."""
    for composer in COMPOSERS:
        entities = composer.compose(entities, text)
    return entities
