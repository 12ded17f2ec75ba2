from __future__ import annotations

import pytest
from pydantic import ValidationError

from signatures.detection import DetectedSpan, DetectPersonalData
from signatures.entities import AI4PRIVACY_TO_LABEL, PRESIDIO_TO_LABEL, TAXONOMY, Entity, Label, Stratum


def test_every_label_has_a_taxonomy_row() -> None:
    assert set(TAXONOMY) == set(Label)


def test_all_four_strata_are_used() -> None:
    assert {e.stratum for e in TAXONOMY.values()} == set(Stratum)


def test_ai4privacy_labels_all_mapped() -> None:
    ai4privacy = (
        "GIVENNAME1 GIVENNAME2 LASTNAME1 LASTNAME2 LASTNAME3 USERNAME EMAIL TEL IDCARD PASSPORT "
        "DRIVERLICENSE SOCIALNUMBER BOD DATE TIME SEX TITLE STREET BUILDING SECADDRESS CITY STATE "
        "POSTCODE COUNTRY GEOCOORD IP PASS"
    ).split()
    assert set(ai4privacy) == set(AI4PRIVACY_TO_LABEL)


@pytest.mark.parametrize("presidio_type", ["PERSON", "EMAIL_ADDRESS", "PHONE_NUMBER", "IBAN_CODE", "LOCATION"])
def test_presidio_types_mapped(presidio_type: str) -> None:
    assert PRESIDIO_TO_LABEL[presidio_type] in Label


def test_entity_make_slices_and_verifies() -> None:
    text = "call Ana on 612345678"
    e = Entity.make(text, 5, 8, Label.PERSON, 0.9, "test")
    assert e.text == "Ana" and e.verify(text)
    assert e.stratum == Stratum.DIRECT
    assert not e.verify("call Bob on 612345678")


def test_entity_rejects_inconsistent_offsets() -> None:
    with pytest.raises(ValidationError):
        Entity(label=Label.PERSON, text="Ana", start=5, end=9, stratum=Stratum.DIRECT, severity="high")
    with pytest.raises(ValidationError):
        Entity(label=Label.PERSON, text="", start=5, end=5, stratum=Stratum.DIRECT, severity="high")


def test_entity_repr_never_shows_the_value() -> None:
    e = Entity.make("secret Zebulon here", 7, 14, Label.PERSON, 0.9, "test")
    assert "Zebulon" not in repr(e) and "Zebulon" not in str(e)


def test_detection_signature_is_typed() -> None:
    fields = DetectPersonalData.output_fields
    assert "entities" in fields
    assert fields["entities"].annotation == list[DetectedSpan]
    assert DetectPersonalData.__doc__ and "personal data" in DetectPersonalData.__doc__
