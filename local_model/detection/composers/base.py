"""What composers are: functions that turn the merged, disjoint spans of a text into fewer, whole ones.

After the overlaps are resolved (:func:`local_model.detection.merge.merge_entities`), the spans of
one thing often come out in pieces: a title and a name, a house number and a street, a street
line and its unit, a name and its initials, an organisation and its legal form, an identifier
typed with an unread separator.  A :class:`Composer` joins such pieces; the registry
(:mod:`local_model.detection.composers.registry`) runs them in order.  Input and output are sorted by
start and disjoint.  The label sets the composers share live here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from signatures.entities import Entity, Label

ComposeFn = Callable[[list[Entity], str], list[Entity]]


@dataclass(frozen=True)
class Composer:
    """A named span composer: ``compose(entities, text)`` -> entities (both sorted, disjoint)."""

    name: str
    compose: ComposeFn = field(repr=False)
    description: str


NAMEISH = {
    Label.PERSON,
    Label.TITLE,
    Label.ORGANIZATION,
    Label.LOCATION,
    Label.CITY,
    Label.STATE,
    Label.COUNTRY,
    Label.NRP,
    Label.STREET_ADDRESS,
}


ADDRESS_PARTS = {Label.STREET_ADDRESS, Label.BUILDING_NUMBER, Label.SECONDARY_ADDRESS}


PLACES = {Label.CITY, Label.LOCATION, Label.STATE}
