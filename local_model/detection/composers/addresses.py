"""Address composers: a street line takes in its unit designators, and an address written as a chain
of parts (building, street line, district) becomes one street line."""

from __future__ import annotations

import re

from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.composers.base import ADDRESS_PARTS, NAMEISH, PLACES, Composer
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lang import RULE_PACKS
from local_model.text.textnorm import fold
from local_model.text.words import zipf, zipf_in
from signatures.entities import Entity, Label

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


_UNIT_AFTER = re.compile(
    rf"(?i)(?:,|;)?[ ]{{1,2}}(?:{_UNIT}[ ]?(?:{_UNIT_NUMBER}|[\"“][A-Za-z0-9]{{1,3}}[\"”])"
    # a floor written number first, or a building's part ("3e étage", "2. OG", "Hinterhaus", "3º andar")
    r"|\d{1,2}(?:e|er|ère|ème|º|ª|o|a|\.)?[ ]?(?:étage|etage|OG|Obergeschoss|Stock|piso|planta|andar|piano|floor)"
    r"|Hinterhaus|Vorderhaus|Seitenflügel|Gartenhaus|Dachgeschoss|rez-de-chaussée)(?![\w])"
)


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
        part = prev is not None and prev.label in ADDRESS_PARTS
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
        reach = before.start(1) if before else start
        inside = []  # the entities before the street line that end inside its building name
        j = i - 1  # (sorted and disjoint: ends rise with starts, so the walk stops early)
        while j >= 0 and out[j].end > reach:
            inside.append(j)
            j -= 1
        inside.reverse()
        if before is not None and all(out[j].start >= before.start(1) and out[j].label in NAMEISH for j in inside):
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
            inside = []
            j = i + 1
            while j < len(out) and out[j].start < stop:
                inside.append(j)
                j += 1
            if any(out[j].label not in _DISTRICTS and out[j].label not in ADDRESS_PARTS for j in inside):
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


#: "Urla/İzmir", "Çiğli / İzmir": a district and its province (or town and region) written with a slash
_SLASH = re.compile(r"[ \t]?/[ \t]?$")
_COMMA_BEFORE = re.compile(r",[ ]$")
#: a case ending glued to the last place by an apostrophe ("Kocasinan, Kayseri'den"): the two names
#: are read as one place; an English possessive is not such an ending
_SUFFIX = re.compile(r"['’](?![sS]\b)[^\W\d_]{1,6}(?![\w'’])")
#: one capitalised (or upper-case) word before the separator, when no detector read it
_UNREAD_DISTRICT = re.compile(r"(?<![\w'’.@/-])(?:[A-ZÀ-ÞĀ-Žİ][^\W\d_]{2,}|[A-ZÀ-ÞĀ-Žİ]{3,})$")


def _place_word(word: str) -> bool:
    """No frequent word of any language we read ("Merhaba", "Evet", "Ancak" before "Ankara'da")."""
    limit = ZIPF["district_word"]
    return zipf(word) < limit and all(zipf_in(word, lang) < limit for lang in RULE_PACKS)


def _district(prev: Entity, slash: bool, first_names: frozenset[str]) -> bool:
    """The span before the separator can be the first part of one place: a place, a street line
    (the town joins it), or one word a detector took for a name ("Selçuklu", "Keçiören": districts
    are missing from the gazetteers) that is no known first name when a comma separates ("Ahmet,
    Ankara'dan yazıyorum" is a greeting)."""
    if prev.label in PLACES or prev.label == Label.STREET_ADDRESS:
        return True
    if prev.label not in (Label.PERSON, Label.ORGANIZATION) or len(prev.text.split()) != 1:
        return False
    return slash or fold(prev.text) not in first_names


def _chain_places(entities: list[Entity], text: str) -> list[Entity]:
    """A district and its town or province written as one place is one span: "Urla/İzmir",
    "KONAK/İZMIR", "Kocasinan, Kayseri'den", "Keçiören, Ankara" (the part after the separator is
    a province or region, or a case ending follows the pair: "Madrid, Barcelona and Rome" stays
    three places; after a comma without a case ending, a known town or a street line keeps its
    own span: "Chicago, IL").  The part before the separator is a place a detector found, a street line (the
    town joins it), one word a detector took for a name (:func:`_district`), or one capitalised
    word no detector read that is no frequent word (districts are missing from the gazetteers)."""
    out: list[Entity] = []
    first_names = load_gazetteers()[0]
    for ent in entities:
        if ent.label not in PLACES or ent.start == 0:
            out.append(ent)
            continue
        head = text[max(0, ent.start - 3) : ent.start]
        sep = _SLASH.search(head)
        suffixed = _SUFFIX.match(text, ent.end) is not None
        one_place = ent.label == Label.STATE or suffixed
        if not one_place or (sep is None and not _COMMA_BEFORE.search(head)):
            # "Madrid/Barcelona flights", "Madrid, Barcelona and Rome": towns side by side; a
            # province after the separator or a case ending after the pair makes one place
            out.append(ent)
            continue
        cut = ent.start - (len(head) - sep.start() if sep is not None else 2)  # where the first part ends
        prev = out[-1] if out else None
        # "Chicago, IL", "41 Compton Road, Leeds": a known town or a street line before a comma keeps
        # its own span unless a case ending makes the pair one place ("Bornova, İzmir'e")
        known = prev is not None and (prev.label in PLACES or prev.label == Label.STREET_ADDRESS)
        if sep is None and not suffixed and known:
            out.append(ent)
            continue
        if prev is not None and prev.end == cut and _district(prev, sep is not None, first_names):
            label = Label.STREET_ADDRESS if prev.label == Label.STREET_ADDRESS else Label.CITY
            out[-1] = Entity.make(text, prev.start, ent.end, label, max(prev.score, ent.score), prev.source)
            continue
        word = _UNREAD_DISTRICT.search(text, max(0, cut - 40), cut)
        if word is None or (prev is not None and prev.end > word.start()) or not _place_word(word.group()):
            out.append(ent)
            continue
        out.append(Entity.make(text, word.start(), ent.end, Label.CITY, ent.score, ent.source))
    return out


UNITS = Composer("units", _extend_units, "a street line takes in the unit before or after it (Flat 4, piso 7 depto B)")
PLACE_CHAIN = Composer(
    "place_chain",
    _chain_places,
    "a district and its town or province are one place (Urla/İzmir, Kocasinan, Kayseri'den)",
)
ADDRESS_CHAIN = Composer(
    "address_chain", _chain_addresses, "a district and a named building join the street line (Col. Roma Norte)"
)
