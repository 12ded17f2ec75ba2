"""A piece of document text with its label (or none): what slots produce and documents are made of."""

from __future__ import annotations

from typing import NamedTuple

from signatures.entities import Label


class Segment(NamedTuple):
    text: str
    label: Label | None = None


Segments = list[Segment]
