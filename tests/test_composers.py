"""Each span composer alone: given the merged pieces of a text, the whole values it makes (and the
pieces it must leave apart).  Every value is invented."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from local_model.detection.composers.addresses import ADDRESS_CHAIN, PLACE_CHAIN, UNITS
from local_model.detection.composers.base import Composer
from local_model.detection.composers.bridge import BRIDGE
from local_model.detection.composers.identifiers import IDENTIFIER_PIECES
from local_model.detection.composers.names import INITIALS, NAME_EXTENSION
from local_model.detection.composers.organisations import ORGANISATIONS, PARTNERS
from local_model.detection.composers.registry import COMPOSERS, compose
from local_model.detection.composers.special import SPECIAL_PHRASE
from signatures.entities import Entity, Label
from tests.scaling import growth

L = Label


def _pieces(text: str, parts: list[tuple[str, Label]]) -> list[Entity]:
    out, at = [], 0
    for value, label in parts:
        start = text.index(value, at)
        out.append(Entity.make(text, start, start + len(value), label, 0.5, "test"))
        at = start + len(value)
    return out


ROWS: list[tuple[Composer, str, list[tuple[str, Label]], list[tuple[str, Label]]]] = [
    # bridge: name-like neighbours, street-line parts, place words
    (BRIDGE, "I spoke to Ms Sharon Kay.", [("Ms", L.TITLE), ("Sharon Kay", L.PERSON)], [("Ms Sharon Kay", L.PERSON)]),
    (BRIDGE, "Ask Megan E. Garner.", [("Megan", L.PERSON), ("Garner", L.PERSON)], [("Megan E. Garner", L.PERSON)]),
    (
        BRIDGE,
        "Send it to 137A Mill Road today.",
        [("137A", L.BUILDING_NUMBER), ("Mill Road", L.STREET_ADDRESS)],
        [("137A Mill Road", L.STREET_ADDRESS)],
    ),
    (BRIDGE, "I live in San Diego.", [("San", L.LOCATION), ("Diego", L.CITY)], [("San Diego", L.CITY)]),
    (BRIDGE, "Ana and Luis", [("Ana", L.PERSON), ("Luis", L.PERSON)], [("Ana", L.PERSON), ("Luis", L.PERSON)]),
    # units: a street line takes in its unit designators
    (
        UNITS,
        "Av. Providencia 1208, depto 1504, Santiago",
        [("Av. Providencia 1208", L.STREET_ADDRESS)],
        [("Av. Providencia 1208, depto 1504", L.STREET_ADDRESS)],
    ),
    (
        UNITS,
        "Flat 4, 88 Queens Road",
        [("88 Queens Road", L.STREET_ADDRESS)],
        [("Flat 4, 88 Queens Road", L.STREET_ADDRESS)],
    ),
    (UNITS, "88 Queens Road, please", [("88 Queens Road", L.STREET_ADDRESS)], [("88 Queens Road", L.STREET_ADDRESS)]),
    # address chains: a district with its designator, the named building before the street
    (
        ADDRESS_CHAIN,
        "Calle Durango 215, Col. Roma Norte, CDMX",
        [("Calle Durango 215", L.STREET_ADDRESS), ("CDMX", L.CITY)],
        [("Calle Durango 215, Col. Roma Norte", L.STREET_ADDRESS), ("CDMX", L.CITY)],
    ),
    (
        ADDRESS_CHAIN,
        "12 Main St, Springfield, Illinois",
        [("12 Main St", L.STREET_ADDRESS), ("Springfield", L.CITY), ("Illinois", L.STATE)],
        [("12 Main St", L.STREET_ADDRESS), ("Springfield", L.CITY), ("Illinois", L.STATE)],
    ),
    # place chains: a district and its province or town, written as one place
    (PLACE_CHAIN, "Urla/Esmira'e taşındık", [("Urla", L.CITY), ("Esmira", L.STATE)], [("Urla/Esmira", L.CITY)]),
    (PLACE_CHAIN, "Ofis: KORVAN / KESTEL", [("KESTEL", L.STATE)], [("KORVAN / KESTEL", L.CITY)]),
    (
        PLACE_CHAIN,
        "Dervişli, Kestel'den yazıyorum",
        [("Kestel", L.STATE)],
        [("Dervişli, Kestel", L.CITY)],
    ),
    (
        PLACE_CHAIN,
        "Cami Sokak No: 17, Akyaka/Kestel adresine",
        [("Cami Sokak No: 17", L.STREET_ADDRESS), ("Akyaka", L.CITY), ("Kestel", L.STATE)],
        [("Cami Sokak No: 17", L.STREET_ADDRESS), ("Akyaka/Kestel", L.CITY)],
    ),
    (
        PLACE_CHAIN,
        "Sk. No:26/16, Dermak/Kestel adresine",
        [("Sk. No:26/16", L.STREET_ADDRESS), ("Dermak", L.PERSON), ("Kestel", L.STATE)],
        [("Sk. No:26/16", L.STREET_ADDRESS), ("Dermak/Kestel", L.CITY)],
    ),
    (
        PLACE_CHAIN,
        "42968 Dervişli, Kestel Teşekkür ederim",
        [("42968", L.POSTCODE), ("Dervişli", L.PERSON), ("Kestel", L.STATE)],
        [("42968", L.POSTCODE), ("Dervişli, Kestel", L.CITY)],
    ),
    # apart: a list of towns, two towns with a slash, a greeting before the town, a possessive,
    # a first name before a comma
    (
        PLACE_CHAIN,
        "moved to Lorvan, KS and 41 Compton Road, Kestel",
        [("Lorvan", L.CITY), ("KS", L.STATE), ("41 Compton Road", L.STREET_ADDRESS), ("Kestel", L.STATE)],
        [("Lorvan", L.CITY), ("KS", L.STATE), ("41 Compton Road", L.STREET_ADDRESS), ("Kestel", L.STATE)],
    ),
    (
        PLACE_CHAIN,
        "Merhaba Ahmet, Kestel'den yazıyorum",
        [("Ahmet", L.PERSON), ("Kestel", L.STATE)],
        [("Ahmet", L.PERSON), ("Kestel", L.STATE)],
    ),
    (
        PLACE_CHAIN,
        "Offices in Lorvan, Berrima and Tessel.",
        [("Lorvan", L.CITY), ("Berrima", L.CITY), ("Tessel", L.CITY)],
        [("Lorvan", L.CITY), ("Berrima", L.CITY), ("Tessel", L.CITY)],
    ),
    (
        PLACE_CHAIN,
        "flights Lorvan/Berrima",
        [("Lorvan", L.CITY), ("Berrima", L.CITY)],
        [("Lorvan", L.CITY), ("Berrima", L.CITY)],
    ),
    (PLACE_CHAIN, "Merhaba, Kestel'den yazıyorum", [("Kestel", L.STATE)], [("Kestel", L.STATE)]),
    (
        PLACE_CHAIN,
        "from Lorvan, Berrima's suburbs",
        [("Lorvan", L.CITY), ("Berrima", L.CITY)],
        [("Lorvan", L.CITY), ("Berrima", L.CITY)],
    ),
    # initials and the given names and surnames next to a name
    (INITIALS, "Dr S. B. Patil called.", [("Patil", L.PERSON)], [("S. B. Patil", L.PERSON)]),
    (INITIALS, "Mr J. Osei", [("J", L.PERSON), ("Osei", L.PERSON)], [("J. Osei", L.PERSON)]),
    (
        NAME_EXTENSION,
        "Datos: Yeray Quintana Ojeda",
        [("Quintana Ojeda", L.PERSON)],
        [("Yeray Quintana Ojeda", L.PERSON)],
    ),
    (NAME_EXTENSION, "Thanks Will Smith", [("Smith", L.PERSON)], [("Smith", L.PERSON)]),
    # organisations: head word, designator, legal-form dot
    (
        ORGANISATIONS,
        "estudié en la Universidad de Granada",
        [("Granada", L.CITY)],
        [("Universidad de Granada", L.ORGANIZATION)],
    ),
    (
        ORGANISATIONS,
        "Construcciones Peñalba S.L. pagó",
        [("Construcciones Peñalba S.L", L.ORGANIZATION)],
        [("Construcciones Peñalba S.L.", L.ORGANIZATION)],
    ),
    # a legal form read in two: the organisation takes in its second half
    (
        ORGANISATIONS,
        "biriyim, Turak Nakliyat Ltd. Şti. kapandığından",
        [("Turak Nakliyat Ltd", L.ORGANIZATION), ("Şti", L.CITY)],
        [("Turak Nakliyat Ltd. Şti.", L.ORGANIZATION)],
    ),
    # partners: a firm named after its partners, read in pieces
    (
        PARTNERS,
        "Lavoro presso Bruscavi & Figli S.r.l. da anni",
        [("Bruscavi", L.PERSON), ("Figli S.r.l.", L.ORGANIZATION)],
        [("Bruscavi & Figli S.r.l.", L.ORGANIZATION)],
    ),
    (
        PARTNERS,
        "presso Pacini, Gorlato e Marzetti SPA a Pisa",
        [("Pacini", L.PERSON), ("Gorlato", L.LOCATION), ("Marzetti SPA", L.PERSON), ("Pisa", L.CITY)],
        [("Pacini, Gorlato e Marzetti SPA", L.ORGANIZATION), ("Pisa", L.CITY)],
    ),
    (
        PARTNERS,
        "firma Kabzik i syn płaci",
        [("Kabzik", L.PERSON), ("syn", L.ORGANIZATION)],
        [("Kabzik i syn", L.ORGANIZATION)],
    ),
    (
        PARTNERS,
        "Ana y Luis trabajan en Pérez S.L.",
        [("Ana", L.PERSON), ("Luis", L.PERSON), ("Pérez S.L.", L.ORGANIZATION)],
        [("Ana", L.PERSON), ("Luis", L.PERSON), ("Pérez S.L.", L.ORGANIZATION)],
    ),
    (
        PARTNERS,
        "Hakan Sorlu, Satın Alma Müdürü, Tokal Gıda A.Ş.",
        [("Hakan Sorlu", L.PERSON), ("Satın Alma Müdürü", L.JOB), ("Tokal Gıda A.Ş.", L.ORGANIZATION)],
        [("Hakan Sorlu", L.PERSON), ("Satın Alma Müdürü", L.JOB), ("Tokal Gıda A.Ş.", L.ORGANIZATION)],
    ),
    (
        PARTNERS,
        "Hakan Sorlu, Tokal Gıda A.Ş.",
        [("Hakan Sorlu", L.PERSON), ("Tokal Gıda A.Ş.", L.ORGANIZATION)],
        [("Hakan Sorlu", L.PERSON), ("Tokal Gıda A.Ş.", L.ORGANIZATION)],
    ),
    # special-category phrases: a treatment and its condition, a condition and its qualifier
    (
        SPECIAL_PHRASE,
        "sto facendo la riabilitazione dopo l'ictus e sono stanca",
        [("la riabilitazione", L.HEALTH), ("ictus", L.HEALTH)],
        [("la riabilitazione dopo l'ictus", L.HEALTH)],
    ),
    (
        SPECIAL_PHRASE,
        "w trakcie terapii antyretrowirusowej",
        [("terapii", L.HEALTH), ("antyretrowirusowej", L.HEALTH)],
        [("terapii antyretrowirusowej", L.HEALTH)],
    ),
    # apart: other categories, a sentence between, a long stretch of words
    (
        SPECIAL_PHRASE,
        "diabetes and Catholic",
        [("diabetes", L.HEALTH), ("Catholic", L.RELIGION)],
        [("diabetes", L.HEALTH), ("Catholic", L.RELIGION)],
    ),
    (
        SPECIAL_PHRASE,
        "I have asthma. Lupus runs in the family",
        [("asthma", L.HEALTH), ("Lupus", L.HEALTH)],
        [("asthma", L.HEALTH), ("Lupus", L.HEALTH)],
    ),
    (
        SPECIAL_PHRASE,
        "on warfarin and bisoprolol",
        [("warfarin", L.HEALTH), ("bisoprolol", L.HEALTH)],
        [("warfarin", L.HEALTH), ("bisoprolol", L.HEALTH)],
    ),
    (
        SPECIAL_PHRASE,
        "asthma since I was a kid, and lupus",
        [("asthma", L.HEALTH), ("lupus", L.HEALTH)],
        [("asthma", L.HEALTH), ("lupus", L.HEALTH)],
    ),
    # identifier pieces typed with an unread separator
    (
        IDENTIFIER_PIECES,
        "licence MORGA~758116~SM9IJ ok",
        [("MORGA", L.ORGANIZATION), ("758116", L.ID_CARD), ("SM9IJ", L.ORGANIZATION)],
        [("MORGA~758116~SM9IJ", L.ID_CARD)],
    ),
    (
        IDENTIFIER_PIECES,
        "Ana Ruiz 612345678",
        [("Ana Ruiz", L.PERSON), ("612345678", L.PHONE)],
        [("Ana Ruiz", L.PERSON), ("612345678", L.PHONE)],
    ),
]


@pytest.mark.parametrize(
    ("composer", "text", "parts", "expected"), ROWS, ids=[f"{r[0].name}-{i}" for i, r in enumerate(ROWS)]
)
def test_a_composer_alone(
    composer: Composer, text: str, parts: list[tuple[str, Label]], expected: list[tuple[str, Label]]
) -> None:
    out = composer.compose(_pieces(text, parts), text)
    assert [(e.text, e.label) for e in out] == expected
    assert all(e.verify(text) for e in out)


def test_the_registry_runs_every_composer_in_order() -> None:
    names = [c.name for c in COMPOSERS]
    assert names == [
        "bridge",
        "units",
        "bridge",
        "address_chain",
        "place_chain",
        "initials",
        "name_extension",
        "partners",
        "organisations",
        "identifier_pieces",
        "special_phrase",
    ]
    text = "Write to Ms Sharon Kay, Flat 4, 88 Queens Road."
    parts = [("Ms", L.TITLE), ("Sharon Kay", L.PERSON), ("88 Queens Road", L.STREET_ADDRESS)]
    assert [(e.text, e.label) for e in compose(_pieces(text, parts), text)] == [
        ("Ms Sharon Kay", L.PERSON),
        ("Flat 4, 88 Queens Road", L.STREET_ADDRESS),
    ]


@pytest.mark.parametrize("composer", sorted(set(COMPOSERS), key=lambda c: c.name), ids=lambda c: c.name)
def test_a_composer_is_linear_in_the_number_of_pieces(composer: Composer) -> None:
    """A long paste holds thousands of addresses and names: eight times the pieces must not take
    sixty-four times as long (a scan over all earlier pieces per address once made a 1 MB ticket
    take minutes).  A ratio of CPU times measured in this run (``tests/scaling.py``): linear is
    about 8x, quadratic 64x."""
    line = "Ms Sharon Kay, Flat 4, 88 Queens Road, Springfield. Calle Durango 215, Col. Roma Norte, CDMX.\n"
    parts = [
        ("Ms", L.TITLE),
        ("Sharon Kay", L.PERSON),
        ("88 Queens Road", L.STREET_ADDRESS),
        ("Springfield", L.CITY),
        ("Calle Durango 215", L.STREET_ADDRESS),
        ("CDMX", L.CITY),
    ]

    def make(n: int) -> Callable[[], object]:
        text = line * n
        pieces = _pieces(text, parts * n)
        return lambda: composer.compose(list(pieces), text)

    ratio, measured = growth(make, 500, 4000)  # lines: the small run well above scaling.RESOLUTION_S
    assert ratio < 24, f"{composer.name}: {measured}"
