"""Overlap resolution between detectors.

Policy (documented in README):
1. Spans under ``min_score`` are dropped, and so are one- or two-letter spans from statistical
   sources that are not all-caps codes ("al", "la" tagged by English NER in Spanish text).
2. Candidates are ranked by (rank, score, length).  Each detector declares the rank of its span
   sources (``Detector.sources``): validated rules (100) > keyed field values (80) > other rules
   (60) > local LM (50) > NER (40) > gazetteer (30) > rare-word heuristics (10-25).
3. Greedy acceptance in rank order.  A candidate fully inside an accepted span
   is dropped.  A candidate that partly overlaps accepted spans keeps only its
   uncovered remainder (when it holds at least two letters/digits and is not a field
   name such as "DNI" in "DNI 12345678Z"), so the
   winner keeps its exact extent and label inside its format, while coverage
   (what protection depends on) is never lost.
4. Bridging: two accepted spans separated by a single space or hyphen are joined when
   both are name-like (person, title, organisation, place): ``Ms`` + ``Sharon`` becomes
   one span, so no gap of the name is left unmasked and it is pseudonymized as one unit.
   Street lines then take in their unit designators (``..., piso 7 depto B``), names their
   initials (``S. B. Patil``) and the given names and surnames next to them (``Yeray`` +
   ``Quintana Ojeda``), organisations their type word, partner words and legal-form dot
   (``Universidad de Granada``, ``... Abogados``, ``S.L.``), and the pieces of an identifier
   typed with an unread separator become one span (``MORGA~758116~SM9IJ``).
5. The LM wins on indirect mentions: its spans carry their own labels and the
   other detectors rarely propose spans there, so rule 3 keeps them.
6. Mention propagation (:func:`propagate_mentions`): a name, organisation, place or user name
   detected once is the same entity wherever else it occurs in the document, so its other
   occurrences are added with the same label ("we partner with Microsoft ... work with
   Microsoft": the NER tags one of the two).  Single words keep the capitalisation they were
   detected with, and a common word only propagates when it is a known personal name; a phrase
   of common words ("Early Childhood Education") does not propagate at all.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping

from local_model.detection.base import RANK_KEYED, RANK_RULE
from local_model.detection.catalogue.base import rank_source
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.composers.base import ADDRESS_PARTS, NAMEISH
from local_model.detection.composers.registry import compose
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import FIELD_KEYS, alternation
from local_model.text.regex_cache import transient
from local_model.text.textnorm import CJK_RUN, fold
from local_model.text.words import zipf
from signatures.entities import Entity, Label, Stratum

#: rank of a source no detector declared (spans added by mention propagation are ranked after the merge)
DEFAULT_RANK = 10


def rank_of(entity: Entity, ranks: Mapping[str, int]) -> int:
    """Merge rank of a span: its source's declared rank (the part before a rule id's ``/``), else
    its source family's, else the default."""
    source = rank_source(entity.source)
    return ranks.get(source, ranks.get(source.split(":")[0], DEFAULT_RANK))


class _Intervals:
    """Sorted, disjoint accepted intervals with O(log n) overlap queries."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.labels: list[Label | None] = []

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

    def add(self, start: int, end: int, label: Label | None = None) -> None:
        i = bisect.bisect_left(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        self.labels.insert(i, label)

    def neighbours(self, start: int, end: int, text: str, reach: int = 3) -> list[Label | None]:
        """Labels of accepted intervals that end just before ``start`` or begin just after ``end``
        (only spaces or punctuation, at most ``reach`` characters, between)."""
        out: list[Label | None] = []
        i = bisect.bisect_left(self.starts, end)
        if i < len(self.starts) and self.starts[i] - end <= reach and not _has_alnum(text[end : self.starts[i]]):
            out.append(self.labels[i])
        j = bisect.bisect_right(self.starts, start) - 1
        if j >= 0 and self.ends[j] <= start and start - self.ends[j] <= reach:
            if not _has_alnum(text[self.ends[j] : start]):
                out.append(self.labels[j])
        return out


def _has_alnum(value: str) -> bool:
    return any(c.isalnum() for c in value)


def _field_name(piece: str, neighbours: list[Label | None], label: Label | None = None) -> bool:
    """A leftover like "DNI" or "IBAN" next to the identifier it introduces is a field name; next
    to a name it is part of the name ("Ibán Vilalta": ``iban`` once folded), and a unit word of an
    address next to the rest of the address is part of it ("Flat" of "Flat 3B" next to "3B")."""
    named = bool(neighbours) and all(n in NAMEISH for n in neighbours)
    address = label in ADDRESS_PARTS and any(n in ADDRESS_PARTS for n in neighbours)
    return not (named or address) and "".join(fold(piece).split()) in FIELD_KEYS


def _stray_token(entity: Entity, ranks: Mapping[str, int]) -> bool:
    """A one- or two-letter span from a statistical source ("al", "la", "Me" tagged by English NER
    inside Spanish text) identifies nobody; all-caps codes ("NY", "CA") and two ideographs or
    syllables ("青岛", "서울") are kept."""
    t = entity.text.strip()
    return (
        rank_of(entity, ranks) < RANK_RULE
        and len(t) <= 2
        and not t.isupper()
        and not t.isdigit()  # "my dad is 62": an age
        and not (len(t) == 2 and CJK_RUN.fullmatch(t))
    )


def merge_entities(entities: list[Entity], text: str, ranks: Mapping[str, int], min_score: float = 0.0) -> list[Entity]:
    """Resolve overlaps (``ranks``: merge rank per span source, from the detector registry)."""
    ranked = sorted(
        (e for e in entities if e.score >= min_score and not _stray_token(e, ranks)),
        key=lambda e: (-rank_of(e, ranks), -e.score, -(e.end - e.start), e.start),
    )
    accepted = _Intervals()
    out: list[Entity] = []
    joins: list[tuple[int, int]] = []  # lower-ranked spans that overlapped accepted ones
    for ent in ranked:
        pieces = accepted.gaps(ent.start, ent.end)
        if pieces == [(ent.start, ent.end)]:
            out.append(ent)
            accepted.add(ent.start, ent.end, ent.label)
            continue
        joins.append((ent.start, ent.end))
        for s, e in pieces:
            while s < e and not text[s].isalnum():
                s += 1
            while e > s and not text[e - 1].isalnum():
                e -= 1
            neighbours = accepted.neighbours(s, e, text)
            if (
                ent.label in _SHAPED
                and ent.label in neighbours
                and rank_of(ent, ranks) < RANK_RULE
                and _frequent_words(text[s:e])
            ):
                # "192.168.1.105 and": a frequent word a model's span ran on to past a shape a pattern read is no part
                # of it (a rare one is: "jokruger" of "jokruger.github.io"; a key's value too: "Email: vvon zobeltit@")
                continue
            if sum(c.isalnum() for c in text[s:e]) >= 2 and not _field_name(text[s:e], neighbours, ent.label):
                piece = Entity.make(text, s, e, ent.label, ent.score, ent.source)
                if not _stray_token(piece, ranks):
                    out.append(piece)
                    accepted.add(s, e, ent.label)
    out.sort(key=lambda e: (e.start, e.end))
    return compose(_join_seen_gaps(_named_by_cue(out, entities, text, ranks), text, joins, ranks), text)


#: labels whose values have a shape a pattern reads: a model's piece of frequent words beside one is no part of it
_SHAPED = frozenset({Label.IP_ADDRESS, Label.EMAIL, Label.URL})
#: how frequent each word of such a piece is ("and", "attempts"; not "jokruger", "vvon", "78B")
_PIECE_WORD_ZIPF = 4.0


def _frequent_words(piece: str) -> bool:
    """``piece`` is made of words this frequent and numbers of up to four digits (an HTTP status, a port: ``502``),
    nothing else."""
    tokens = re.findall(r"\w+", piece)
    return bool(tokens) and all(
        (t.isdigit() and len(t) <= 4) or (t.isalpha() and zipf(t) >= _PIECE_WORD_ZIPF) for t in tokens
    )


#: labels a statistical detector gives a name it does not know ("Grazie mille, Serena" as a city)
_ROLE_LABELS = frozenset({Label.CITY, Label.LOCATION, Label.ORGANIZATION, Label.STATE, Label.COUNTRY, Label.NRP})


def _named_by_cue(out: list[Entity], candidates: list[Entity], text: str, ranks: Mapping[str, int]) -> list[Entity]:
    """A name right after a greeting or a sign-off is a person: a place or organisation span of a
    model or a list on exactly those characters takes the label the cue gives ("Merci beaucoup,
    Christelle", "Muito obrigada, Kyara"); a keyed or ruled span keeps its own."""
    cued = {(e.start, e.end) for e in candidates if e.label == Label.PERSON and rank_source(e.source) == "cue:greeting"}
    if not cued:
        return out
    return [
        Entity.make(text, e.start, e.end, Label.PERSON, e.score, e.source)
        if e.label in _ROLE_LABELS and (e.start, e.end) in cued and rank_of(e, ranks) < RANK_RULE
        else e
        for e in out
    ]


#: a gap that one detector's span covers between two spans of others: "breast" + " " + "cancer"
_JOIN_GAP = re.compile(r"[ \t]{1,2}|[ \t]?[-,][ \t]?")


def _join_seen_gaps(
    entities: list[Entity], text: str, seen: list[tuple[int, int]], ranks: Mapping[str, int]
) -> list[Entity]:
    """Join two accepted neighbours when a detector saw them as one entity: a lower-ranked span
    (``seen``) covered both and the short gap between them, and higher-ranked detectors split the
    phrase ("breast" + "cancer").  The joined span keeps the first part's label and source, unless
    the second is a special category (the more severe reading wins).  A validated or keyed span
    keeps its exact extent and label next to a span of another type (an IBAN is never swallowed by the
    words a wider NER span put before it), except for the parts of one street line."""
    if not seen:
        return entities
    seen.sort()
    starts = [s for s, _ in seen]
    reach: list[int] = []  # the furthest end of any span starting at or before starts[i]
    for _, e in seen:
        reach.append(max(e, reach[-1]) if reach else e)
    out: list[Entity] = []
    for ent in entities:
        if out and _JOIN_GAP.fullmatch(text[out[-1].end : ent.start]):
            prev = out[-1]
            i = bisect.bisect_right(starts, prev.start) - 1
            address = prev.label in ADDRESS_PARTS and ent.label in ADDRESS_PARTS
            ruled = max(rank_of(prev, ranks), rank_of(ent, ranks)) >= RANK_KEYED and prev.label != ent.label
            if i >= 0 and reach[i] >= ent.end and (address or not ruled):
                keep = ent if ent.stratum == Stratum.SPECIAL and prev.stratum != Stratum.SPECIAL else prev
                label = keep.label
                if address:
                    label = Label.STREET_ADDRESS  # "249B" + "South Drive": one street line
                score = max(prev.score, ent.score)
                out[-1] = Entity.make(text, prev.start, ent.end, label, score, keep.source)
                continue
        out.append(ent)
    return out


#: labels whose other occurrences in the same document are propagated
PROPAGATED = {
    Label.PERSON,
    Label.USERNAME,
    Label.ORGANIZATION,
    Label.LOCATION,
    Label.CITY,
    Label.STATE,
    Label.COUNTRY,
}
#: identifiers whose other occurrences in the same document are propagated: the same customer number, phone or
#: e-mail written again ("cliente S25877315 ... Nº de cliente: S25877315"), with a digit or an @ in it (digits alone:
#: seven or more)
PROPAGATED_IDS = frozenset(
    {
        Label.EMAIL,
        Label.PHONE,
        Label.CUSTOMER_ID,
        Label.CONTRACT_NUMBER,
        Label.ACCOUNT_NUMBER,
        Label.ID_CARD,
        Label.NATIONAL_ID,
        Label.PASSPORT,
        Label.DRIVER_LICENSE,
        Label.IBAN,
        Label.CREDIT_CARD,
        Label.DEVICE_ID,
        Label.PASSWORD,
    }
)
#: a part of a person's name that the name lists know may recur alone up to this frequency
#: ("Marina Campos ... Marina, el banco", "Charlotte Hollis ... Charlotte is"; not "Will", "Mark")
_FUNCTION_WORDS = {"of", "and", "for", "the", "in", "on", "at", "to", "&", "-", "de", "la", "del", "von", "van"}
_MAX_SURFACE_CHARS = 80


def propagate_mentions(entities: list[Entity], text: str) -> list[Entity]:
    """Add the other whole-word occurrences of detected names and identifiers (input: merged spans of ``text``)."""
    first_names, surnames = load_gazetteers()[:2]
    loose: dict[str, Entity] = {}  # lower-cased multi-word names: any capitalisation matches
    exact: dict[str, Entity] = {}  # single words: only the capitalisation they were detected with
    for ent in entities:
        if ent.label in PROPAGATED_IDS:
            value = ent.text
            if (
                value == value.strip()
                and sum(c.isalnum() for c in value) >= 5
                and any(c.isdigit() or c == "@" for c in value)
                # a run of digits alone only from seven on: "Kundennummer 50000" is also a timeout's "50000 ms"
                and (not value.isdigit() or len(value) >= 7)
                and len(value) <= _MAX_SURFACE_CHARS
                and "\n" not in value
            ):
                exact.setdefault(value, ent)
            continue
        surface = ent.text.rstrip(".,;:")  # "Acme Ltd." is also written "Acme Ltd"
        if (
            ent.label not in PROPAGATED
            or surface != surface.strip()
            or len(surface) > _MAX_SURFACE_CHARS
            or "\n" in surface
            or sum(c.isalnum() for c in surface) < 3
        ):
            continue
        words = surface.split()
        if len(words) == 1:
            # a common word is only propagated when it is a known personal name ("Mark", "Emily"):
            # NER tags headings and field names ("Art", "Coding") that recur everywhere
            common = zipf(surface) >= ZIPF["mention_common"]
            known = fold(surface) in first_names or fold(surface) in surnames
            if not common or (ent.label == Label.PERSON and known):
                exact.setdefault(surface, ent)
            continue
        listed = ent.label == Label.PERSON and all(fold(w) in first_names or fold(w) in surnames for w in words)
        if not listed and all(zipf(w) >= ZIPF["mention_common"] for w in words if w.lower() not in _FUNCTION_WORDS):
            continue  # only common words ("Early Childhood Education"): a phrase, not a name ("Marina Campos" is)
        loose.setdefault(surface.lower(), ent)
        if ent.label in (Label.PERSON, Label.ORGANIZATION):
            # "Ingrid Vasquez ... Vasquez said": a rare part of a name is the name too
            for word in words:
                word = word.strip(".,;:()'\"")
                if len(word) < 4 or not word[0].isupper() or not word.isalpha():
                    continue
                frequency = zipf(word)
                known = ent.label == Label.PERSON and (fold(word) in first_names or fold(word) in surnames)
                if frequency < ZIPF["mention_rare_part"] or (known and frequency < ZIPF["mention_known_part"]):
                    exact.setdefault(word, ent)
    if not loose and not exact:
        return entities
    taken = _Intervals()
    for ent in entities:
        taken.add(ent.start, ent.end)
    added: list[Entity] = []
    for table, flags in ((loose, re.IGNORECASE), (exact, 0)):
        if not table:
            continue
        # the text's names: neither kept on disk with the word lists' alternations nor in re's cache
        pattern = transient(r"(?<![\w@])(?:" + alternation(table, from_text=True) + r")(?![\w@])", flags)
        for m in pattern.finditer(text):
            found = table.get(m.group().lower() if flags else m.group())
            if found is None or taken.gaps(m.start(), m.end()) != [(m.start(), m.end())]:
                continue  # the trie matched a different-length key, or the occurrence is detected already
            added.append(Entity.make(text, m.start(), m.end(), found.label, found.score, "propagated"))
            taken.add(m.start(), m.end())
    if not added:
        return entities
    return compose(sorted([*entities, *added], key=lambda e: (e.start, e.end)), text)
