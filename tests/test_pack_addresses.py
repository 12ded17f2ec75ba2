"""Street lines and postcodes in the pack languages (pt, it, pl, tr, ca): the whole line with its
house number, floor, door and unit is one span, and the packs' postcode words and shapes are read.
Every street, town and number here is invented."""

from __future__ import annotations

import pytest

from local_model.detection.catalogue.addresses import FIVE_DIGIT_POSTCODE, PACK_STREET
from local_model.detection.catalogue.base import Rule, Scan
from local_model.text.lexicon import CONTEXT_WORDS, POSTCODE_WORDS
from signatures.entities import Label


def _found(rule: Rule, text: str) -> list[str]:
    return [text[h.start : h.end] for h in rule.find(Scan(text))]


def _covered(rule: Rule, text: str, value: str) -> bool:
    start = text.index(value)
    end = start + len(value)
    return any(h.start <= start and h.end >= end for h in rule.find(Scan(text)))


_STREETS = [
    # Catalan: "núm.", floor and door ordinals in any case, joined by a hyphen, named floors
    (
        "Bon dia, la meva adreça és Plaça de les Oliveres, núm. 31, 2n B i no tinc connexió des de dilluns.",
        "Plaça de les Oliveres, núm. 31, 2n B",
    ),
    (
        "Hola, nova adreça: Carrer de Josep Vives 208 5t-C, 17400 Blanes. Gràcies per la vostra ajuda.",
        "Carrer de Josep Vives 208 5t-C",
    ),
    (
        "Bon dia, visc a la Rda. de la Farga, 77, esc. C, sobreàtic i el router no s'encén, gràcies.",
        "Rda. de la Farga, 77, esc. C, sobreàtic",
    ),
    (
        "BON DIA, LA MEVA ADREÇA ÉS VIA DEL METGE PUIG, NÚM. 45, 3R A I NO TINC LÍNIA DES DE FA DIES.",
        "VIA DEL METGE PUIG, NÚM. 45, 3R A",
    ),
    (
        "Hola, visc al Carrer de la Riera Alta 12 entresòl-A i no funciona la fibra, gràcies.",
        "Carrer de la Riera Alta 12 entresòl-A",
    ),
    # Italian: a letter after the slash, "n." before the number, abbreviated street words in capitals
    (
        "Buongiorno, il mio indirizzo è V.LE DEI TIGLI 58/D e non ho linea da ieri, grazie mille.",
        "V.LE DEI TIGLI 58/D",
    ),
    (
        "Buongiorno, il tecnico deve venire in Piazza dei Mercanti n. 17 domani mattina, grazie.",
        "Piazza dei Mercanti n. 17",
    ),
    (
        "Buongiorno, abito in Corso Alfieri 21, scala B, int. 6 e non ho linea da ieri, grazie.",
        "Corso Alfieri 21, scala B, int. 6",
    ),
    # Portuguese: "N.º", floor ordinals with a dot, "lote", "r/c", a Brazilian district
    (
        "Bom dia, enviem o router para a TRAVESSA DO POÇO, N.º 52, 2.º FRENTE, obrigado pela ajuda.",
        "TRAVESSA DO POÇO, N.º 52, 2.º FRENTE",
    ),
    (
        "Olá, a avaria é na Calçada da Fonte Velha, lote 7, 3.º andar e já reiniciei o modem duas vezes.",
        "Calçada da Fonte Velha, lote 7, 3.º andar",
    ),
    (
        "Olá, a minha morada é Rua do Vale Escuro, lote 9, r/c Esq. e não tenho internet há uma semana.",
        "Rua do Vale Escuro, lote 9, r/c Esq.",
    ),
    (
        "Olá, moro na Rua Marechal Deodoro, 418 - Jardim Paulista, e não tenho internet há dois dias.",
        "Rua Marechal Deodoro, 418 - Jardim Paulista",
    ),
    (
        "Olá, a minha morada é Praça 1 de Dezembro 14 - cave e não tenho sinal desde ontem, obrigado.",
        "Praça 1 de Dezembro 14 - cave",
    ),
    # Polish: a flat after "m."
    (
        "Dzień dobry, mieszkam przy ul. Jaworowej 14b m. 7 i nie mam internetu od tygodnia, pozdrawiam.",
        "ul. Jaworowej 14b m. 7",
    ),
    # Turkish: a chain of district, street and building with its floor and number, in any case
    (
        "Merhaba, teknisyen Akasya Mah. Lale Cd. Umut Apt. Kat:3 No:17 adresine gelmeli, teşekkürler.",
        "Akasya Mah. Lale Cd. Umut Apt. Kat:3 No:17",
    ),
    (
        "Merhaba, teknisyen menekşe caddesi no: 48 kat: 2 daire: 9 adresine gelmeli, teşekkür ederim.",
        "menekşe caddesi no: 48 kat: 2 daire: 9",
    ),
    (
        "Merhaba, yeni adresim Çınar Mahallesi Papatya Sokak Güneş Konutları B Blok No: 12/4 oldu, teşekkürler.",
        "Çınar Mahallesi Papatya Sokak Güneş Konutları B Blok No: 12/4",
    ),
]


@pytest.mark.parametrize(("text", "value"), _STREETS, ids=[v for _, v in _STREETS])
def test_a_pack_street_line_is_covered_whole(text: str, value: str) -> None:
    assert _covered(PACK_STREET, text, value), _found(PACK_STREET, text)


def test_a_street_line_in_a_text_no_pack_claims_needs_capitals() -> None:
    assert _covered(PACK_STREET, "Il tecnico deve venire in Largo Ugo Foscolo, 96.", "Largo Ugo Foscolo, 96")
    assert _found(PACK_STREET, "I sent it via the portal 3 times and via email 2 times.") == []
    assert _found(PACK_STREET, "The tunnel goes via la galleria 12 km long.") == []


@pytest.mark.parametrize(
    "text",
    [
        "Bom dia, paguei via multibanco 2 vezes este mês e continuo sem internet, obrigado.",
        "Buongiorno, ho pagato via bonifico 3 volte e la linea non funziona ancora, grazie.",
        "Merhaba, bu sokak çok gürültülü ve internetim yok, teşekkürler.",
        "Dzień dobry, mam 3 pytania i proszę o pomoc w sprawie faktury.",
    ],
)
def test_no_street_line_in_an_ordinary_sentence(text: str) -> None:
    assert _found(PACK_STREET, text) == []


_POSTCODES = [
    ("Buongiorno, il CAP è 40127. Grazie in anticipo per l'aiuto con la linea.", "40127"),
    ("buongiorno, abito a pavia, cap 27100. la linea non funziona da ieri, grazie.", "27100"),
    ("Merhaba, internetim yok. Posta kodu 34710. Teşekkürler, iyi günler dilerim.", "34710"),
    ("Dzień dobry, nie mam internetu. Kod pocztowy: 31-042. Pozdrawiam serdecznie.", "31-042"),
    ("Dzień dobry, mieszkam w miejscowości Nowa Wieś, 05-082 i nie mam internetu od wczoraj.", "05-082"),
    ("Dzień dobry, mój adres to ul. Leśna 4, 62-200 Gniewkowo i nie mam internetu od wczoraj.", "62-200"),
    ("Olá, a minha morada é Rua do Sol 12, 4450-208 Matosinhos e não tenho internet, obrigado.", "4450-208"),
    ("Olá, moro em Tavira (8800-318) e não tenho internet há uma semana, obrigado.", "8800-318"),
    ("Olá, não tenho internet há uma semana. O código postal é 2750-642. Obrigado.", "2750-642"),
    ("Bon dia, no tinc línia des de dilluns. El codi postal és 17300, gràcies per l'ajuda.", "17300"),
    ("Merhaba, adresim Gül Sk. No:5 D:2 34300 İstanbul ve internetim yok, teşekkürler.", "34300"),
]


@pytest.mark.parametrize(("text", "value"), _POSTCODES, ids=[v for _, v in _POSTCODES])
def test_a_pack_postcode_is_found(text: str, value: str) -> None:
    assert _covered(FIVE_DIGIT_POSTCODE, text, value), _found(FIVE_DIGIT_POSTCODE, text)
    assert all(h.label == Label.POSTCODE for h in FIVE_DIGIT_POSTCODE.find(Scan(text)))


@pytest.mark.parametrize(
    "text",
    [
        "Dzień dobry, proszę przeczytać strony 11-345 w instrukcji, str. 12-480 Gniewkowo też.",
        "Dzień dobry, mecz skończył się wynikiem 12-345 i nie mam internetu od wczoraj, pozdrawiam.",
        "Olá, o pedido 4708-684 foi enviado ontem e ainda não chegou e não tenho internet, obrigado.",
        "See pages 11-345 In the manual; the score was 12-345 Final, order 4708-684 Shipped.",
        "The meeting is on 2024-05-12 from 10:00-12:00, call 600-123-456 or 600-12-345.",
        "We have a data cap 50000 requests per day on port 8443 with build 22631.3007 and v2.14.3.",
    ],
)
def test_a_range_a_date_a_version_or_a_count_is_no_postcode(text: str) -> None:
    assert _found(FIVE_DIGIT_POSTCODE, text) == []


def test_postcode_words_hold_the_packs_keywords_and_context_words_do_not() -> None:
    assert "cap " in POSTCODE_WORDS["it"] and "posta kodu" in POSTCODE_WORDS["tr"]
    assert "kod pocztowy" in POSTCODE_WORDS["pl"] and "codi postal" in POSTCODE_WORDS["ca"]
    assert "postcode" in POSTCODE_WORDS["mul"]
    assert "posta kodu" not in CONTEXT_WORDS[Label.POSTCODE]
