"""Overlap resolution between detectors.

Policy (documented in README):
1. Spans under ``min_score`` are dropped, and so are one- or two-letter spans from statistical
   sources that are not all-caps codes ("al", "la" tagged by English NER in Spanish text).
2. Candidates are ranked by (priority, score, length): validated rules (100) >
   keyed field values (80) > other rules (60) > local LM (50) > NER (40) >
   gazetteer (30) > rare-word heuristic (20).
3. Greedy acceptance in rank order.  A candidate fully inside an accepted span
   is dropped.  A candidate that partly overlaps accepted spans keeps only its
   uncovered remainder (when it holds at least two letters/digits and is not a field
   name such as "DNI" in "DNI 12345678Z"), so the
   winner keeps its exact extent and label inside its format, while coverage
   (what protection depends on) is never lost.
4. Bridging: two accepted spans separated by a single space or hyphen are joined when
   both are name-like (person, title, organisation, place): ``Ms`` + ``Sharon`` becomes
   one span, so no gap of the name is left unmasked and it is pseudonymized as one unit.
5. The LM wins on indirect mentions: its spans carry their own labels and the
   other detectors rarely propose spans there, so rule 3 keeps them.
"""

from __future__ import annotations

import bisect

from signatures.entities import Entity, Label

SOURCE_PRIORITY: dict[str, int] = {
    "rules:validated": 100,
    "keyed": 80,
    "keyed:salutation": 65,
    "rules": 60,
    "lm": 50,
    "ner:presidio-spacy": 40,
    "gazetteer:place": 32,
    "gazetteer:name": 30,
    "gazetteer:subdivision-code": 30,
    "heuristic:rare-capitalised": 20,
    "heuristic:name-cue": 25,
    "heuristic:acronym": 18,
    "heuristic:camelcase": 18,
    "heuristic:lowercase-place": 18,
    "heuristic:domain": 18,
    "heuristic:user-path": 18,
    "heuristic:org": 22,
    "special:cue": 45,
    "special:term": 35,
}


def priority(entity: Entity) -> int:
    return SOURCE_PRIORITY.get(entity.source, SOURCE_PRIORITY.get(entity.source.split(":")[0], 10))


class _Intervals:
    """Sorted, disjoint accepted intervals with O(log n) overlap queries."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def gaps(self, start: int, end: int) -> list[tuple[int, int]]:
        """Parts of [start, end) not covered by accepted intervals."""
        i = bisect.bisect_right(self.ends, start)
        out: list[tuple[int, int]] = []
        cur = start
        while i < len(self.starts) and self.starts[i] < end:
            if self.starts[i] > cur:
                out.append((cur, self.starts[i]))
            cur = max(cur, self.ends[i])
            i += 1
        if cur < end:
            out.append((cur, end))
        return out

    def add(self, start: int, end: int) -> None:
        i = bisect.bisect_left(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)


def _field_name(piece: str) -> bool:
    """A leftover like "DNI" or "IBAN" next to the identifier it introduces is a field name."""
    from local_model.lexicon import FIELD_KEYS, fold

    return "".join(fold(piece).split()) in FIELD_KEYS


def _stray_token(entity: Entity) -> bool:
    """A one- or two-letter span from a statistical source ("al", "la", "Me" tagged by English NER
    inside Spanish text) identifies nobody; all-caps codes ("NY", "CA") are kept."""
    t = entity.text.strip()
    return priority(entity) < SOURCE_PRIORITY["rules"] and len(t) <= 2 and not t.isupper()


def merge_entities(entities: list[Entity], text: str, min_score: float = 0.0) -> list[Entity]:
    ranked = sorted(
        (e for e in entities if e.score >= min_score and not _stray_token(e)),
        key=lambda e: (-priority(e), -e.score, -(e.end - e.start), e.start),
    )
    accepted = _Intervals()
    out: list[Entity] = []
    for ent in ranked:
        pieces = accepted.gaps(ent.start, ent.end)
        if pieces == [(ent.start, ent.end)]:
            out.append(ent)
            accepted.add(ent.start, ent.end)
            continue
        for s, e in pieces:
            while s < e and not text[s].isalnum():
                s += 1
            while e > s and not text[e - 1].isalnum():
                e -= 1
            if sum(c.isalnum() for c in text[s:e]) >= 2 and not _field_name(text[s:e]):
                piece = Entity.make(text, s, e, ent.label, ent.score, ent.source)
                if not _stray_token(piece):
                    out.append(piece)
                    accepted.add(s, e)
    out.sort(key=lambda e: (e.start, e.end))
    return bridge_adjacent(out, text)


_NAMEISH = {
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


def bridge_adjacent(entities: list[Entity], text: str) -> list[Entity]:
    """Join name-like neighbours separated by one space/hyphen (input sorted by start)."""
    out: list[Entity] = []
    for ent in entities:
        if out:
            prev = out[-1]
            gap = text[prev.end : ent.start]
            if (
                gap in (" ", "-")
                and prev.label in _NAMEISH
                and ent.label in _NAMEISH
                and (prev.label == ent.label or prev.label == Label.TITLE)
            ):
                title_first = prev.label == Label.TITLE
                label = ent.label if title_first else prev.label
                source = ent.source if title_first else prev.source
                out[-1] = Entity.make(text, prev.start, ent.end, label, max(prev.score, ent.score), source)
                continue
        out.append(ent)
    return out
