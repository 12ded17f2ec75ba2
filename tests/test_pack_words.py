"""A frequent word of a text's own pack language is that word, not a town of the same spelling
("Soc" is Catalan "I am", "benim" Turkish "my"); large cities and rare town names stay places."""

from __future__ import annotations

import pytest

from local_model.detection.hybrid import HybridDetector
from signatures.entities import Label

PLACES = {Label.CITY, Label.STATE, Label.LOCATION, Label.COUNTRY}


def places(detector: HybridDetector, text: str) -> set[str]:
    return {e.text for e in detector.detect(text) if e.label in PLACES}


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Bon dia, Soc aquí amb la residència denegada i necessito un compte.", "Soc"),
        ("Boa noite, estou sem internet desde segunda-feira.", "Boa"),
        ("Merhabalar, VPN adresimi engelliyor, o benim ev IP adresim.", "benim"),
        ("Merhaba, 30 yıl muhasebeci olarak çalıştıktan sonra emekli oldum.", "oldum"),
    ],
)
def test_a_frequent_pack_word_is_no_place(detector: HybridDetector, text: str, word: str) -> None:
    assert word not in places(detector, text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("merhaba, kayseri'de oturuyorum, yardım edin lütfen", "kayseri"),  # a large city, in lower case
        ("isnt it headquartered in tampere", "tampere"),
        ("Bon dia, visc a Girona i la factura ha arribat dues vegades.", "Girona"),
        # a town's name is a frequent word of its own language: only a word opening a sentence is read as a word
        ("Buongiorno, il rimborso va a:\nIndirizzo: Via Roma 12\nCAP/Città: 80121 / Napoli\nGrazie", "Napoli"),
    ],
)
def test_places_stay_places(detector: HybridDetector, text: str, place: str) -> None:
    assert place in places(detector, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Dzień dobry, od wczoraj nie mam internetu w domu. Proszę o pilny kontakt.", "Proszę"),
        ("Bom dia, não concordo com as Condições do contrato deste mês.", "Condições"),
        ("Bon dia, ahir a la nit. Vaig trucar tres vegades i ningú no va respondre.", "Vaig"),
    ],
)
def test_a_capitalised_word_of_the_pack_is_no_name(detector: HybridDetector, text: str, word: str) -> None:
    # rare in the five core languages, frequent in the text's own: a word, not a name
    assert not [e for e in detector.detect(text) if e.label == Label.PERSON and word in e.text]


def test_a_rare_capitalised_surname_in_a_pack_text_is_still_a_name(detector: HybridDetector) -> None:
    text = "Dzień dobry, nie mam internetu od wczoraj. Pozdrawiam, Wasyl Kondejczak"
    assert any(e.label == Label.PERSON and "Kondejczak" in e.text for e in detector.detect(text))
