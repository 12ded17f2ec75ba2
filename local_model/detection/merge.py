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
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import ES_ORG_HEADS, FIELD_KEYS, LEGAL_FORMS, ORG_DESIGNATORS, STREET_WORDS, alternation
from local_model.text.textnorm import CJK_RUN, fold
from local_model.text.words import is_dictionary_word, zipf
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
    named = bool(neighbours) and all(n in _NAMEISH for n in neighbours)
    address = label in _ADDRESS_PARTS and any(n in _ADDRESS_PARTS for n in neighbours)
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
            if sum(c.isalnum() for c in text[s:e]) >= 2 and not _field_name(text[s:e], neighbours, ent.label):
                piece = Entity.make(text, s, e, ent.label, ent.score, ent.source)
                if not _stray_token(piece, ranks):
                    out.append(piece)
                    accepted.add(s, e, ent.label)
    out.sort(key=lambda e: (e.start, e.end))
    return bridge_adjacent(_join_seen_gaps(out, text, joins, ranks), text)


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
            address = prev.label in _ADDRESS_PARTS and ent.label in _ADDRESS_PARTS
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


_ADDRESS_PARTS = {Label.STREET_ADDRESS, Label.BUILDING_NUMBER, Label.SECONDARY_ADDRESS}
_HOUSE_WORDS = frozenset({"cottage", "house", "farm", "lodge", "barn", "manor", "villa", "hall", "cottages"})


def _street_word(value: str) -> bool:
    words = value.split()
    return len(words) >= 2 and fold(words[-1]).rstrip(".") in _STREET_WORDS


_STREET_WORDS = frozenset(STREET_WORDS)


def _house_name(ent: Entity) -> bool:
    """A named house ("Ivy Cottage", "Oak Lodge") read as an organisation or a place."""
    words = ent.text.split()
    return len(words) >= 2 and words[-1].lower() in _HOUSE_WORDS and ent.label in _NAMEISH


_PLACES = {Label.CITY, Label.LOCATION, Label.STATE}
# "366a Sarah Hill" + " # " + "14", "Unit 4" + "/" + "27 Bellevue Pde", "esc. izda" + "., " + "5º"
_ADDRESS_GAP = re.compile(r"\.?[ ,]{0,2}(?:#[ ]?)?|/")
# "Megan" + " E. " + "Garner": a middle initial; "Gonzalo Mejía de" + " la " + "Garza": a particle
_INITIAL_GAP = re.compile(r"[ ](?:[A-Z]\.[ ]?){1,2}")
_PARTICLE_GAP = re.compile(
    r"[ ](?i:de|del|de la|de las|de los|la|las|los|van|von|van der|van den|der|den|da|dos|das|di|du|le)[ ]"
)
#: unit designators of a street line (en, es, fr, de, nl), before or after it
_UNIT = (
    r"(?:#|(?:apt|apartment|flat|unit|suite|ste|house|plot|bldg|building|block|blk|floor|fl|room|rm|lot|"
    r"depto|dpto|departamento|apto|apartamento|piso|planta|puerta|pta|portal|esc|escalera|int|interior|casa|"
    r"oficina|ofic|of|torre|local|bloque|blq|parcela|lote|manzana|mz|bât|bat|bâtiment|batiment|étage|etage|appt|"
    r"appartement|wohnung|whg|stock|bus)(?![\w])\.?(?:[ ]?(?:no\.?|n[º°]|#))?|no\.|n[º°])"
)
_UNIT_NUMBER = r"[A-Za-z0-9]{1,5}(?:[/-][A-Za-z0-9]{1,4})?"
# a unit designator next to a street line: "# 21, 336 Hill Dr", "Flat 4, 88 Queens Road", "113A Connie Shoal # 2",
# "2/15 Gladstone St", "House No. 12, Gali ...", "Av. Providencia 1208, depto 1504", "Durango 215, depto 3, int. 6"
_UNIT_NUMBER_ONLY = re.compile(rf"(?i)(?:{_UNIT}[ ]?)?{_UNIT_NUMBER}")
_UNIT_BEFORE = re.compile(rf"(?i)(?:(?<![\w]){_UNIT}[ ]?{_UNIT_NUMBER},?[ ]|#[ ]?|(?<![\w/])\d{{1,4}}[A-Za-z]?/)$")
_UNIT_AFTER = re.compile(rf"(?i)(?:,|;)?[ ]{{1,2}}{_UNIT}[ ]?(?:{_UNIT_NUMBER}|[\"“][A-Za-z0-9]{{1,3}}[\"”])(?![\w])")


def _extend_units(entities: list[Entity], text: str) -> list[Entity]:
    """Street lines take in the unit designator written just before or after them (input sorted
    by start, disjoint): the unit number locates the person as much as the house number does."""
    out = list(entities)
    i = -1
    while i + 1 < len(out):
        i += 1
        ent = out[i]
        if ent.label != Label.STREET_ADDRESS:
            continue
        start, end = ent.start, ent.end
        prev = out[i - 1] if i > 0 else None
        part = prev is not None and prev.label in _ADDRESS_PARTS
        floor = (prev.start if part else prev.end) if prev is not None else 0
        before = _UNIT_BEFORE.search(text, max(floor, start - 24), start)
        if before is not None and prev is not None and before.start() < prev.end:
            if before.start() != prev.start:
                before = None
            else:
                del out[i - 1]  # "Flat 2" + "/1, " + "38 Dumbarton Road": one street line
                i -= 1
        if before is not None:
            start = before.start()
        for _ in range(3):  # "..., piso 7 depto B", "..., esc. 2, puerta 4"
            nxt = out[i + 1] if i + 1 < len(out) else None
            after = _UNIT_AFTER.match(text, end, nxt.end if nxt is not None else len(text))
            if after is None or (nxt is not None and nxt.start < after.end() < nxt.end):
                break
            if nxt is not None and after.end() == nxt.end:
                if not _UNIT_NUMBER_ONLY.fullmatch(nxt.text):
                    break
                del out[i + 1]  # "depto" + "1504" read as an identifier on its own: the unit's number
            end = after.end()
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, ent.label, ent.score, ent.source)
    return out


#: words that name a district, estate or block after a street line ("Col. Roma Norte",
#: "Fracc. Las Fuentes", "Urb. Los Pinares", "Sector 15", "Lekki Phase 1")
_LOCALITY = (
    r"(?:col|colonia|fracc|fraccionamiento|urb|urbanizaci[oó]n|barrio|b[ºo]|residencial|res|conjunto|"
    r"condominio|sector|pol|pol[ií]gono|parque|villa|lotificaci[oó]n|unidad|estate|phase|block|layout|nagar)"
)
_COMMA = re.compile(r",[ ]{1,2}")
# between a district and the town, region or postcode after it: ", ", ", C.P. ", " (", " "
_FOLLOW_GAP = re.compile(r",[ ]{1,2}(?:C\.[ ]?P\.[ ]?|CP[ ])?|[ ]{1,2}\(?")
# a district or block, written on its own: "Col. Roma Norte", "Urb. Los Pinares", "Fracc. Las Fuentes"
_LOCALITY_NAME = re.compile(
    rf"(?<![\w])(?i:{_LOCALITY})\.?[ ](?:(?:de|del|la|las|los|el)[ ])?(?:[A-ZÀ-Þ][\wà-ÿ'’-]+|\d{{1,3}}[A-Z]?(?![\w]))"
    r"(?:[ ](?:(?:de|del|la|las|los|el)[ ])?[A-ZÀ-Þ0-9][\wà-ÿ'’-]*){0,3}"
)
# where a district ends: a comma, a line break, a bracket, a full stop before a space
_DISTRICT_END = re.compile(r"[,\n;()]|\.(?=\s|$)")
_DISTRICT_WORD = re.compile(r"[A-ZÀ-Þ][\wà-ÿ'’.-]*|\d{1,4}[A-Za-z]?|de|del|la|las|los|el|y|na|of|the|on")
_DISTRICTS = {Label.CITY, Label.LOCATION, Label.PERSON, Label.ORGANIZATION, Label.STATE, Label.COUNTRY}
#: what may follow a district in an address: the town, the region, the postcode, the country
_AFTER_DISTRICT = {Label.CITY, Label.LOCATION, Label.STATE, Label.POSTCODE, Label.COUNTRY, Label.PERSON}
#: the named building or house before a street line: "The Old Rectory, Church Lane", "Willow Creek
#: Apartments, 2200 ...", "Résidence Les Tilleuls, Bât. C, 14 avenue ...", "Edificio Sol, Calle ..."
_BUILDING_WORDS = (
    r"(?:cottages?|house|farm|lodge|barn|manor|villa|hall|bungalow|rectory|vicarage|grange|mill|apartments|"
    r"mansions|towers?|heights|residences|residency|chambers|flats|building|court)"
)
_BUILDING_BEFORE = re.compile(
    r"(?<![\w'’.-])("
    rf"(?:The[ ])?(?:[A-ZÀ-Þ][\wà-ÿ'’-]+[ ]){{0,3}}(?i:{_BUILDING_WORDS})|The(?:[ ][A-ZÀ-Þ][\wà-ÿ'’-]+){{1,3}}"
    r"|(?i:r[ée]sidence|residencia|edificio|torre|bloque|conjunto|condominio|urbanizaci[oó]n|urb\.)"
    r"[ ](?:(?:les|la|le|el|los|las|de|del)[ ])?[A-ZÀ-Þ][\wà-ÿ'’-]+(?:[ ][A-ZÀ-Þ][\wà-ÿ'’-]+){0,2}"
    r"),[ ]$"
)


def _chain_addresses(entities: list[Entity], text: str) -> list[Entity]:
    """An address written as a chain of parts is one street line (input sorted by start,
    disjoint): a district between the street line and the town ("17B Admiralty Way, Lekki Phase
    1, Lagos", "Calle Durango 215, Col. Roma Norte, Alcaldía ...", "14, Avinashi Road, Peelamedu,
    Coimbatore") joins the street line, and so does the named building before it ("The Old
    Rectory, Church Lane").  A district must carry its designator ("Col.", "Urb.") or be followed
    by a town, region, postcode or country, so "12 Main St, Springfield" keeps its town apart."""
    out = list(entities)
    cities = load_gazetteers()[2]
    i = 0
    while i < len(out):
        ent = out[i]
        if ent.label != Label.STREET_ADDRESS:
            i += 1
            continue
        start, end = ent.start, ent.end
        floor = max(text.rfind("\n", 0, start) + 1, start - 60)
        before = _BUILDING_BEFORE.search(text, floor, start)
        inside = [j for j in range(i) if out[j].end > (before.start(1) if before else start)]
        if before is not None and all(out[j].start >= before.start(1) and out[j].label in _NAMEISH for j in inside):
            start = before.start(1)  # "Urb." + "Los Pinares" read as places: the building's name
            for j in reversed(inside):
                del out[j]
            i -= len(inside)
        for _ in range(2):  # "..., Sector 4, Phase 2, Gurugram"
            comma = _COMMA.match(text, end)
            if comma is None:
                break
            named = _LOCALITY_NAME.match(text, comma.end())
            if named is not None:
                stop = named.end()
            else:
                cut = _DISTRICT_END.search(text, comma.end())
                stop = cut.start() if cut else len(text)
            words = text[comma.end() : stop].split()
            if not 1 <= len(words) <= 5 or not all(_DISTRICT_WORD.fullmatch(w) for w in words):
                break
            inside = [j for j in range(i + 1, len(out)) if out[j].start < stop]
            if any(out[j].label not in _DISTRICTS and out[j].label not in _ADDRESS_PARTS for j in inside):
                break
            if inside and named is not None and out[inside[-1]].end > stop:
                stop = out[inside[-1]].end  # "Col. Roma Sur, Cuauhtémoc" read as one name
            if inside and out[inside[-1]].end > stop:
                break
            if named is None:
                # no designator: the segment is a district when a detector read it as a place or a
                # name, it is no known town ("12 Main St, Springfield, Illinois") and a town,
                # region, postcode or country follows it
                then = out[inside[-1] + 1] if inside and inside[-1] + 1 < len(out) else None
                follows = (
                    then is not None
                    and then.label in _AFTER_DISTRICT
                    and _FOLLOW_GAP.fullmatch(text[stop : then.start]) is not None
                )
                if not inside or not follows or fold(text[comma.end() : stop]) in cities:
                    break
            end = stop
            for j in reversed(inside):
                del out[j]
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, Label.STREET_ADDRESS, ent.score, ent.source)
        i += 1
    return out


# "S. B. " + "Patil", "J. " + "Osei", "Mª " + "Ángeles Toledano": initials before a name
_INITIALS_BEFORE = re.compile(r"(?<![\w.])(?:(?:[A-Z]|M[ªa])\.?[ \t]?){0,2}(?:[A-Z]\.|Mª)[ \t]?$")
# "Mrs J" + ". Whitcombe": a name that ends in an initial continues with the surname after its dot
_SURNAME_AFTER = re.compile(r"\.[ \t]?[A-ZÀ-Þ][a-zà-ÿ'’]+(?:-[A-ZÀ-Þ][a-zà-ÿ'’]+)?(?![\w])")


def _extend_initials(entities: list[Entity], text: str) -> list[Entity]:
    """Names take in the initials written before them and the surname after a trailing initial
    (input sorted by start, disjoint)."""
    out: list[Entity] = []
    for ent in entities:
        if out and ent.label == Label.PERSON and out[-1].label == Label.PERSON:
            prev = out[-1]
            last = prev.text.split()[-1]
            if len(last) == 1 and last.isupper() and re.fullmatch(r"\.[ \t]?", text[prev.end : ent.start]):
                out[-1] = Entity.make(text, prev.start, ent.end, Label.PERSON, max(prev.score, ent.score), prev.source)
                continue  # "Mr. J" + ". " + "Osei"
        out.append(ent)
    for i, ent in enumerate(out):
        if ent.label != Label.PERSON:
            continue
        start, end = ent.start, ent.end
        floor = out[i - 1].end if i > 0 else 0
        before = _INITIALS_BEFORE.search(text, max(floor, start - 12), start)
        if before is not None:
            start = before.start()
        ceiling = out[i + 1].start if i + 1 < len(out) else len(text)
        words = ent.text.split()
        if len(words[-1]) == 1 and words[-1].isupper():
            after = _SURNAME_AFTER.match(text, end, ceiling)
            if after is not None:
                end = after.end()
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, ent.label, ent.score, ent.source)
    return out


# the word next to a name on its line, one or two spaces or tabs away
_WORD_BEFORE = re.compile(r"(?<![\w'’.@-])([^\W\d_][\w'’-]*)[ \t]{1,2}$")
_WORD_AFTER = re.compile(r"[ \t]{1,2}([^\W\d_][\w'’-]*)(?![\w'’@-]|\.\w)")
#: a known first name / surname next to a name is part of it unless it is a dictionary word or
#: this frequent (the name lists hold "se", "era": none is rarer); a dictionary word that is also a
#: name ("Rose", "Mark") only below the second
_NAME_PART_ZIPF = 5.6
_WORD_NAME_PART_ZIPF = 3.0
#: a word in no name list is a name part only in Title or upper case, rarer than this and no
#: dictionary word ("Yeray")
_RARE_PART_ZIPF = 2.5
_NOT_NAME_PARTS = frozenset({"ok", "dias", "amigo", "amiga"})


def _case_of(word: str) -> str:
    letters = [c for c in word if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return "upper" if len(letters) > 1 else "title"
    if letters and letters[0].isupper():
        return "title"
    return "lower" if letters and all(c.islower() for c in letters) else "mixed"


def _name_part(word: str, case: str, *names: set[str] | frozenset[str]) -> bool:
    """Is ``word``, written next to a person's name in the name's case, one more part of it?"""
    if _case_of(word) != case or case == "mixed" or len(word) < 2:
        return False
    folded = fold(word.lower())
    if folded in _NOT_NAME_PARTS:
        return False
    frequency = zipf(word)
    dictionary = is_dictionary_word(folded)
    if any(folded in listed for listed in names):
        return frequency < (_WORD_NAME_PART_ZIPF if dictionary else _NAME_PART_ZIPF)
    return case != "lower" and frequency < _RARE_PART_ZIPF and not dictionary


#: a one-word span of these labels right next to a person's name is taken in when it is a name part
#: ("Yeray" tagged ORGANIZATION and "Quintana" tagged CITY before "Ojeda")
_ABSORBED = {Label.PERSON, Label.ORGANIZATION, Label.CITY, Label.LOCATION}


def _extend_names(entities: list[Entity], text: str) -> list[Entity]:
    """Person names take in the given names or surnames written before them and a surname after
    them, on the same line and in the same case ("Yeray" + "Quintana Ojeda", "josé antonio" +
    "garcía-pelayo", "EDNA" + "  HOLLOWAYNE"): a known first name or surname that is not a frequent
    word, or, in Title or upper case, a rare word of no dictionary.  A one-word span of a place or
    organisation at that word is taken in (input sorted by start, disjoint)."""
    first_names, surnames = load_gazetteers()[:2]
    out = list(entities)
    i = 0
    while i < len(out):
        ent = out[i]
        if ent.label != Label.PERSON:
            i += 1
            continue
        words = ent.text.split()
        start, end = ent.start, ent.end
        for _ in range(2):  # "josé antonio", "Yeray Quintana": two words at most
            prev = out[i - 1] if i > 0 else None
            floor = prev.start if prev is not None and prev.label in _ABSORBED else (prev.end if prev else 0)
            before = _WORD_BEFORE.search(text, max(floor, start - 40), start)
            if before is None or not _name_part(before.group(1), _case_of(words[0]), first_names, surnames):
                break
            if prev is not None and before.start(1) < prev.end:
                if (prev.start, prev.end) != before.span(1):
                    break  # the word is part of a longer span
                del out[i - 1]
                i -= 1
            start = before.start(1)
        nxt = out[i + 1] if i + 1 < len(out) else None
        ceiling = nxt.end if nxt is not None and nxt.label in _ABSORBED else (nxt.start if nxt else len(text))
        after = _WORD_AFTER.match(text, end, ceiling)
        if after is not None and _name_part(after.group(1), _case_of(words[-1]), surnames):
            if nxt is not None and after.end(1) > nxt.start:
                if (nxt.start, nxt.end) == after.span(1):
                    del out[i + 1]
                    end = after.end(1)
            else:
                end = after.end(1)
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, ent.label, ent.score, ent.source)
        i += 1
    return out


# "Universidad de " + "Granada", "Liceo " + "Eduardo de la Barra", "Escola " + "Pompeu Fabra": a Spanish,
# Catalan or Galician organisation word before the name it heads
_ORG_HEAD_BEFORE = re.compile(
    r"(?<![\w-])(?:"
    + alternation(sorted({w.capitalize() for w in ES_ORG_HEADS} | {w.upper() for w in ES_ORG_HEADS if len(w) <= 4}))
    + r")"
    r"(?:[ ](?:Universitario|Universitaria|Primaria|Secundaria|Público|Pública|Privado|Privada|General|Municipal|"
    r"Nacional|Provincial|Regional|Comarcal))?[ ](?:(?:de|del|de la|de las|de los|d')[ ]?)?$"
)
# "Hale, Moreno y Pratt" + " Abogados", "Reeve" + " & Co", "Villalba" + " Asesores", "Andes Sur Ltda" + "."
_ORG_TAIL = re.compile(
    r"(?:[ ](?:&|and|y)[ ](?i:co|asociados|associates|partners|sons|hijos|hermanos|hnos)"
    r"|[ ](?=[A-ZÀ-Þ])(?i:" + alternation(sorted({*ORG_DESIGNATORS, "abogados", "asesores"})) + r"))(?![\w])"
)
_LEGAL_DOT = frozenset(f.replace(".", "") for f in LEGAL_FORMS if len(f) <= 6) | {"ltda", "cia", "co", "hnos"}


def _extend_organisations(entities: list[Entity], text: str) -> list[Entity]:
    """Organisation names take in the type word that heads them ("Universidad de Granada",
    "Escola Pompeu Fabra"), a designator or partner word after them ("... Abogados", "& Co") and
    the dot of a legal form ("S.L.", "Ltda."); input sorted by start, disjoint."""
    out = list(entities)
    i = -1
    while i + 1 < len(out):
        i += 1
        ent = out[i]
        if ent.label not in _NAMEISH or ent.label == Label.STREET_ADDRESS:
            continue
        start, end, label = ent.start, ent.end, ent.label
        prev = out[i - 1] if i > 0 else None
        head = _ORG_HEAD_BEFORE.search(text, max(prev.start if prev is not None else 0, start - 40), start)
        if head is not None and prev is not None and head.start() < prev.end:
            if head.start() != prev.start:
                head = None  # the head word would cut another span in two
            else:
                del out[i - 1]  # "CEIP" + "Los Almendros": the head was a span of its own
                i -= 1
        if head is not None:
            start, label = head.start(), Label.ORGANIZATION
        ceiling = out[i + 1].start if i + 1 < len(out) else len(text)
        if label == Label.ORGANIZATION:
            tail = _ORG_TAIL.match(text, end, ceiling)
            if tail is not None:
                end = tail.end()
        words = text[start:end].split()
        if len(words) >= 2 and fold(words[-1]).replace(".", "") in _LEGAL_DOT:
            label = Label.ORGANIZATION  # "Excavaciones Ferrán S.L" read as a person
            if end < ceiling and text[end] == ".":
                end += 1  # "Construcciones Peñalba S.L." keeps the dot of its legal form
        if (start, end, label) != (ent.start, ent.end, ent.label):
            out[i] = Entity.make(text, start, end, label, ent.score, ent.source)
    return out


#: labels of identifiers typed with separators: their pieces are joined (not names, addresses, e-mails)
_PIECED = {Stratum.DIRECT, Stratum.DOMAIN}
_NOT_PIECED = {*_NAMEISH, Label.EMAIL, Label.URL, Label.USERNAME, Label.PASSWORD, Label.SECONDARY_ADDRESS,
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
        ent.label not in _PLACES | {Label.COUNTRY, Label.PERSON}
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


def bridge_adjacent(entities: list[Entity], text: str) -> list[Entity]:
    """Join neighbours that are parts of one thing (input sorted by start): name-like spans
    separated by one space or hyphen (title + name, first name + surname), the parts of one
    street line ("137A" + "Mill Road" + "Ste 34", "Plaza de Santa Teresa, 43, esc. I") and the
    words of one place name tagged differently ("San" + "Diego"); then street lines take in their
    unit designators (and join the parts those reach) and names their initials and the given
    names and surnames next to them."""
    joined = _chain_addresses(_bridge(_extend_units(_bridge(entities, text), text), text), text)
    named = _extend_names(_extend_initials(joined, text), text)
    return _join_identifier_pieces(_extend_organisations(named, text), text)


def _bridge(entities: list[Entity], text: str) -> list[Entity]:
    out: list[Entity] = []
    for ent in entities:
        if out:
            prev = out[-1]
            gap = text[prev.end : ent.start]
            address = prev.label in _ADDRESS_PARTS and ent.label in _ADDRESS_PARTS
            # "Oak Cottage, Poplar Drive", "Mill Cottage, Sullivan Island"
            house = _house_name(prev) and (
                ent.label == Label.STREET_ADDRESS or (ent.label in _NAMEISH and _street_word(ent.text))
            )
            if (address or house) and _ADDRESS_GAP.fullmatch(gap):
                source = prev.source if prev.label == Label.STREET_ADDRESS else ent.source
                score = max(prev.score, ent.score)
                out[-1] = Entity.make(text, prev.start, ent.end, Label.STREET_ADDRESS, score, source)
                continue
            if prev.label == Label.PERSON and (
                (ent.label in _NAMEISH and _INITIAL_GAP.fullmatch(gap))
                or (ent.label == Label.PERSON and _PARTICLE_GAP.fullmatch(gap))
            ):
                out[-1] = Entity.make(text, prev.start, ent.end, Label.PERSON, max(prev.score, ent.score), prev.source)
                continue
            if gap in (" ", "-") and prev.label in _PLACES and ent.label in _PLACES and prev.label != ent.label:
                label = Label.CITY if Label.CITY in (prev.label, ent.label) else Label.LOCATION
                out[-1] = Entity.make(text, prev.start, ent.end, label, max(prev.score, ent.score), prev.source)
                continue
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
_COMMON_ZIPF = 3.5
_PART_ZIPF = 3.0
#: a part of a person's name that the name lists know may recur alone up to this frequency
#: ("Marina Campos ... Marina, el banco", "Charlotte Hollis ... Charlotte is"; not "Will", "Mark")
_KNOWN_PART_ZIPF = 4.6
_FUNCTION_WORDS = {"of", "and", "for", "the", "in", "on", "at", "to", "&", "-", "de", "la", "del", "von", "van"}
_MAX_SURFACE_CHARS = 80


def propagate_mentions(entities: list[Entity], text: str) -> list[Entity]:
    """Add the other whole-word occurrences of detected names (input: merged spans of ``text``)."""
    first_names, surnames = load_gazetteers()[:2]
    loose: dict[str, Entity] = {}  # lower-cased multi-word names: any capitalisation matches
    exact: dict[str, Entity] = {}  # single words: only the capitalisation they were detected with
    for ent in entities:
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
            common = zipf(surface) >= _COMMON_ZIPF
            known = fold(surface) in first_names or fold(surface) in surnames
            if not common or (ent.label == Label.PERSON and known):
                exact.setdefault(surface, ent)
            continue
        listed = ent.label == Label.PERSON and all(fold(w) in first_names or fold(w) in surnames for w in words)
        if not listed and all(zipf(w) >= _COMMON_ZIPF for w in words if w.lower() not in _FUNCTION_WORDS):
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
                if frequency < _PART_ZIPF or (known and frequency < _KNOWN_PART_ZIPF):
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
        pattern = re.compile(r"(?<![\w@])(?:" + alternation(table) + r")(?![\w@])", flags)
        for m in pattern.finditer(text):
            found = table.get(m.group().lower() if flags else m.group())
            if found is None or taken.gaps(m.start(), m.end()) != [(m.start(), m.end())]:
                continue  # the trie matched a different-length key, or the occurrence is detected already
            added.append(Entity.make(text, m.start(), m.end(), found.label, found.score, "propagated"))
            taken.add(m.start(), m.end())
    if not added:
        return entities
    return bridge_adjacent(sorted([*entities, *added], key=lambda e: (e.start, e.end)), text)
