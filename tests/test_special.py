"""Special categories are reported when said of a person, not in general questions."""

from __future__ import annotations

import pytest

from local_model.detection.detectors.special import SpecialCategoryDetector
from signatures.entities import Label

SPECIAL = SpecialCategoryDetector()


def found(text: str) -> set[tuple[str, Label]]:
    return {(e.text, e.label) for e in SPECIAL.detect(text)}


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("I have diabetes and need a new prescription.", "diabetes", Label.HEALTH),
        ("My son was diagnosed with autism.", "autism", Label.HEALTH),
        ("The patient suffers from chronic kidney disease, stage 3.", "chronic kidney disease", Label.HEALTH),
        ("Maria has asthma.", "asthma", Label.HEALTH),
        ("Mi esposa está embarazada.", "embarazada", Label.HEALTH),
        ("Ma fille est enceinte.", "enceinte", Label.HEALTH),
        ("Mein Vater ist schwanger? Nein, er hat Krebs.", "Krebs", Label.HEALTH),
        ("Mijn moeder heeft suikerziekte.", "suikerziekte", Label.HEALTH),
        # Spanish drops the pronoun: the first-person verb anchors the sentence
        ("No tengo cobertura desde el lunes y tengo diabetes tipo 2.", "diabetes", Label.HEALTH),
        ("El año pasado me diagnosticaron epilepsia, necesito el móvil.", "epilepsia", Label.HEALTH),
        ("Estoy en tratamiento de quimioterapia.", "quimioterapia", Label.HEALTH),
        ("As a Muslim I cannot work on Fridays.", "Muslim", Label.RELIGION),
        ("My brother is gay and lives with his partner.", "gay", Label.SEXUAL_ORIENTATION),
        ("She is a member of the Labour Party.", "the Labour Party", Label.POLITICS),
    ],
)
def test_said_of_a_person(text: str, value: str, label: Label) -> None:
    # the span holds the value (the vocabulary may know a longer term: "diabetes tipo 2")
    assert any(value in span and lab == label for span, lab in found(text)), found(text)


@pytest.mark.parametrize(
    "text",
    [
        "What is diabetes? Explain insulin resistance.",
        "The cancer research centre opened a new wing.",
        "Write an essay on the history of Catholic architecture.",
    ],
)
def test_general_text_is_not_flagged(text: str) -> None:
    assert found(text) == set()
