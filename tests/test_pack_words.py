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
