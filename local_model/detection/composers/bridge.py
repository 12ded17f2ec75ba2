"""Bridging: neighbours that are parts of one thing become one span.

Name-like spans separated by one space or hyphen (title + name, first name + surname), by a
middle initial ("Megan E. Garner") or a particle ("Mejía de la Garza"); the parts of one street
line ("137A" + "Mill Road" + "Ste 34"); a named house and its street ("Oak Cottage, Poplar
Drive"); the words of one place name tagged differently ("San" + "Diego").
"""

from __future__ import annotations

import re

from local_model.detection.composers.base import ADDRESS_PARTS, NAMEISH, PLACES, Composer
from local_model.text.lexicon import STREET_WORDS
from local_model.text.textnorm import fold
from signatures.entities import Entity, Label

_HOUSE_WORDS = frozenset({"cottage", "house", "farm", "lodge", "barn", "manor", "villa", "hall", "cottages"})


def _street_word(value: str) -> bool:
    words = value.split()
    return len(words) >= 2 and fold(words[-1]).rstrip(".") in _STREET_WORDS


_STREET_WORDS = frozenset(STREET_WORDS)


def _house_name(ent: Entity) -> bool:
    """A named house ("Ivy Cottage", "Oak Lodge") read as an organisation or a place."""
    words = ent.text.split()
    return len(words) >= 2 and words[-1].lower() in _HOUSE_WORDS and ent.label in NAMEISH


# "366a Sarah Hill" + " # " + "14", "Unit 4" + "/" + "27 Bellevue Pde", "esc. izda" + "., " + "5º"
_ADDRESS_GAP = re.compile(r"\.?[ ,]{0,2}(?:#[ ]?)?|/")


# "Megan" + " E. " + "Garner": a middle initial; "Gonzalo Mejía de" + " la " + "Garza": a particle
_INITIAL_GAP = re.compile(r"[ ](?:[A-Z]\.[ ]?){1,2}")


_PARTICLE_GAP = re.compile(
    r"[ ](?i:de|del|de la|de las|de los|la|las|los|van|von|van der|van den|der|den|da|dos|das|di|du|le)[ ]"
)


def _bridge(entities: list[Entity], text: str) -> list[Entity]:
    out: list[Entity] = []
    for ent in entities:
        if out:
            prev = out[-1]
            gap = text[prev.end : ent.start]
            address = prev.label in ADDRESS_PARTS and ent.label in ADDRESS_PARTS
            # "Oak Cottage, Poplar Drive", "Mill Cottage, Sullivan Island"
            house = _house_name(prev) and (
                ent.label == Label.STREET_ADDRESS or (ent.label in NAMEISH and _street_word(ent.text))
            )
            if (address or house) and _ADDRESS_GAP.fullmatch(gap):
                source = prev.source if prev.label == Label.STREET_ADDRESS else ent.source
                score = max(prev.score, ent.score)
                out[-1] = Entity.make(text, prev.start, ent.end, Label.STREET_ADDRESS, score, source)
                continue
            if prev.label == Label.PERSON and (
                (ent.label in NAMEISH and _INITIAL_GAP.fullmatch(gap))
                or (ent.label == Label.PERSON and _PARTICLE_GAP.fullmatch(gap))
            ):
                out[-1] = Entity.make(text, prev.start, ent.end, Label.PERSON, max(prev.score, ent.score), prev.source)
                continue
            if gap in (" ", "-") and prev.label in PLACES and ent.label in PLACES and prev.label != ent.label:
                label = Label.CITY if Label.CITY in (prev.label, ent.label) else Label.LOCATION
                out[-1] = Entity.make(text, prev.start, ent.end, label, max(prev.score, ent.score), prev.source)
                continue
            if (
                gap in (" ", "-")
                and prev.label in NAMEISH
                and ent.label in NAMEISH
                and (prev.label == ent.label or prev.label == Label.TITLE)
            ):
                title_first = prev.label == Label.TITLE
                label = ent.label if title_first else prev.label
                source = ent.source if title_first else prev.source
                out[-1] = Entity.make(text, prev.start, ent.end, label, max(prev.score, ent.score), source)
                continue
        out.append(ent)
    return out


BRIDGE = Composer("bridge", _bridge, "name-like neighbours, parts of a street line, words of a place name")
