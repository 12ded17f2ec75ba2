"""Identifier composer: the pieces of an identifier typed with a separator no rule reads become one span."""

from __future__ import annotations

import re

from local_model.detection.composers.base import NAMEISH, PLACES, Composer
from signatures.entities import Entity, Label, Stratum

#: labels of identifiers typed with separators: their pieces are joined (not names, addresses, e-mails)
_PIECED = {Stratum.DIRECT, Stratum.DOMAIN}


_NOT_PIECED = {*NAMEISH, Label.EMAIL, Label.URL, Label.USERNAME, Label.PASSWORD, Label.SECONDARY_ADDRESS,
               Label.BUILDING_NUMBER}  # fmt: skip


# "MORGA" + "~" + "758116", "55" + "~" + "1234", "08" + " / " + "4 4 1 2 0 9 7 7"
_PIECE_GAP = re.compile(r"[ ]?[~∙·•‧/_\-][ ]?|\.|[ ]")  # a dot only tight: "USA. 600 ..." ends a sentence


# "X·" + "3819204" + "·T", "W~" + "2 1 4 ...": a check letter or series written with the separator
_LEAD_PIECE = re.compile(r"(?<![\w])[A-Z]{1,2}[~∙·•‧/_.\-]$")


_TAIL_PIECE = re.compile(r"[~∙·•‧/_.\-][A-Z]{1,2}(?![\w])")


def _pieced(ent: Entity) -> bool:
    return _piece_like(ent) and any(c.isdigit() for c in ent.text)


def _piece_like(ent: Entity) -> bool:
    """A span that can be a piece of an identifier: a direct or domain identifier (not a name, an
    address part or an e-mail), or a code in capitals read as something else ("MORGA", "SM9IJ"
    taken for acronyms)."""
    if ent.stratum in _PIECED and ent.label not in _NOT_PIECED:
        return True
    value = ent.text
    return (
        ent.label not in PLACES | {Label.COUNTRY, Label.PERSON}
        and len(value) <= 8
        and " " not in value
        and not any(c.islower() for c in value)
    )


def _join_identifier_pieces(entities: list[Entity], text: str) -> list[Entity]:
    """An identifier typed with separators that the rules do not read ("MORGA~758116~SM9IJ",
    "X·3819204·T", "08 / 4 4 1 2 0 9 7 7 / 31") comes out of the detectors in pieces: pieces on one
    line with only a separator between them are one identifier when one of them is short, and a
    check letter written with the separator belongs to it (input sorted by start, disjoint)."""
    out: list[Entity] = []
    for ent in entities:
        if out:
            prev = out[-1]
            gap = text[prev.end : ent.start]
            short = min(sum(c.isalnum() for c in prev.text), sum(c.isalnum() for c in ent.text)) <= 6
            if (
                (_pieced(prev) or _pieced(ent))
                and _piece_like(prev)
                and _piece_like(ent)
                and short
                and _PIECE_GAP.fullmatch(gap)
                and (gap.strip() or (prev.text[-1:].isdigit() and ent.text[:1].isdigit()))
            ):
                keep = prev if _pieced(prev) else ent
                out[-1] = Entity.make(text, prev.start, ent.end, keep.label, max(prev.score, ent.score), keep.source)
                continue
        out.append(ent)
    for i, ent in enumerate(out):
        if not _pieced(ent):
            continue
        start, end = ent.start, ent.end
        floor = out[i - 1].end if i > 0 else 0
        ceiling = out[i + 1].start if i + 1 < len(out) else len(text)
        lead = _LEAD_PIECE.search(text, max(floor, start - 6), start)
        if lead is not None:
            start = lead.start()
        tail = _TAIL_PIECE.match(text, end, ceiling)
        if tail is not None:
            end = tail.end()
        if start > floor and text[start - 1] == "(" and ")" in text[start:end]:
            start -= 1  # "(+34) 9 3 4 ..."
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, ent.label, ent.score, ent.source)
    return out


IDENTIFIER_PIECES = Composer(
    "identifier_pieces",
    _join_identifier_pieces,
    "pieces of an id typed with an odd separator (MORGA~758116)",
)
