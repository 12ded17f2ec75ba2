"""What the English NER's spans must not be: a phrase cut from another language's sentence, or a listed brand's
product line read as a person or an organisation; and what they still are (English names with small words, a
person named like a brand)."""

from __future__ import annotations

import pytest

from local_model.detection.catalogue.names import product_after_brand
from local_model.detection.detectors.ner import _core_language, _core_word, _foreign_phrase, _foreign_word
from local_model.text import lexicons
from signatures.entities import Entity, Label


@pytest.mark.parametrize(
    "value",
    ["Le modem affiche le", "Il modem mostra la", "Numéro de", "L'écran", "dans", "Banca popolare di Sondrio"],
)
def test_a_phrase_of_another_language_is_no_place_or_organisation(value: str) -> None:
    assert _foreign_phrase(value)


@pytest.mark.parametrize(
    "value",
    [
        "Bank of America",
        "Rio de Janeiro",
        "Isle of Man",
        "Côte d'Ivoire",
        "Marks and Spencer",
        "Stratford-upon-Avon",
        "Pret a Manger",
        "the Department of Health",
        "Beverly hills",
        "Wills et al.",
        "Iran International Epidemiology congress",
        "new york",
        "muslim",
        "Typenschild",
        "Palazzo della Regione",
        "chineses",  # one word alone: an origin, maybe
        "behandlingen var etter et anfall der",  # a language no detector reads: the NER's span is the only net
    ],
)
def test_english_names_with_small_words_stay(value: str) -> None:
    assert not _foreign_phrase(value)


@pytest.mark.parametrize(("brand", "word"), [("Bosch", "Indego"), ("Delonghi", "ECAM"), ("Junkers", "Cerapur")])
def test_the_word_after_a_listed_brand_is_its_product(brand: str, word: str) -> None:
    assert product_after_brand(brand, word)


@pytest.mark.parametrize(
    ("brand", "word"),
    [
        ("Bosch", "Kowalczykowski"),  # a surname's ending
        ("Bosch", "Smith"),  # a listed surname
        ("Zara", "Oyelaran"),  # a listed brand that is a first name too
        ("Hieronymus", "Indego"),  # no listed brand
    ],
)
def test_a_name_after_a_brand_or_a_brand_as_a_first_name_stays_a_name(brand: str, word: str) -> None:
    assert not product_after_brand(brand, word)


def test_word_set_holds_every_entry_as_written() -> None:
    brands = lexicons.word_set("technical_brands")
    assert brands == frozenset(lexicons.words("technical_brands"))
    assert "eero" in brands and "Eero" in brands and "EERO" not in brands


@pytest.mark.parametrize(
    ("before", "brand", "word"),
    [("my landlord ", "Bosch", "Heydon"), ("Account holder: ", "Canon", "Achterberg"), ("Dear ", "Dyson", "Heydon")],
)
def test_a_word_that_introduces_a_person_makes_the_brand_a_name(before: str, brand: str, word: str) -> None:
    assert product_after_brand(brand, word)  # alone, a brand and its product
    assert not product_after_brand(brand, word, before)


@pytest.mark.parametrize(("word", "foreign"), [("Seit", True), ("Depuis", True), ("Tenho", True), ("Essen", False),
                                               ("Nice", False), ("Born", False), ("Bild", False)])  # fmt: skip
def test_a_frequent_word_of_another_language_opening_a_sentence(word: str, foreign: bool) -> None:
    assert _foreign_word(word) is foreign


def _entity(text: str, value: str, label: Label) -> Entity:
    start = text.index(value)
    return Entity.make(text, start, start + len(value), label, 0.8, "ner:presidio-spacy")


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ('Die Banking-App meldet "Fehler BV-204: Sitzung abgelaufen".', "Sitzung", Label.LOCATION),
        ("Outlook meldet 0x800CCC0E beim Senden, obwohl alles geht.", "Senden", Label.LOCATION),
        ("Im Ereignisprotokoll steht nach jedem Neustart ein Fehler.", "Neustart", Label.ORGANIZATION),
        ('Das Update scheitert mit "Fehler: E_FAIL".', "Das Update", Label.ORGANIZATION),
    ],
)
def test_a_short_german_text_s_nouns_are_no_entities_of_the_english_model(text: str, value: str, label: Label) -> None:
    assert _core_language(text) == "de"
    assert _core_word(text, _entity(text, value, label), "de") is None


@pytest.mark.parametrize(
    ("text", "value", "label", "language"),
    [
        ("Visser heeft de factuur nog niet betaald.", "Visser", Label.PERSON, "nl"),
        ("Bakker belt morgen terug over de factuur.", "Bakker", Label.ORGANIZATION, "nl"),
        ("Mijn werkgever is Heineken en de factuur klopt niet.", "Heineken", Label.ORGANIZATION, "nl"),
        ("Die Adresse ist in Nordrhein-Westfalen, nicht in Bayern.", "Nordrhein-Westfalen", Label.ORGANIZATION, "de"),
        ("Kerkstraat 12, 1017 GC AMSTERDAM, niet ontvangen", "AMSTERDAM", Label.ORGANIZATION, "nl"),
        (
            "2015 - 2019 : Conseillère juridique, Centrale Générale FGTB",
            "Centrale Générale FGTB",
            Label.ORGANIZATION,
            "fr",
        ),
    ],
)
def test_a_listed_name_brand_acronym_or_place_stays_in_a_short_core_language_text(
    text: str, value: str, label: Label, language: str
) -> None:
    ent = _entity(text, value, label)
    assert _core_word(text, ent, language) == ent
