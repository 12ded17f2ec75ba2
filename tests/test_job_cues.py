"""Job titles found by their shape (every value invented): a CSV or signature field, a post
("the ... role"), a title in brackets after a name, a rank before the head; and the forms of
a head word (plural, the other gender, a compound)."""

from __future__ import annotations

import pytest

from local_model.detection.detectors.cues import CueDetector
from local_model.text.textnorm import fold
from signatures.entities import Label


@pytest.fixture(scope="module")
def cues() -> CueDetector:
    return CueDetector()


def _jobs(cues: CueDetector, text: str) -> list[str]:
    return [e.text for e in cues.detect(text) if e.label == Label.JOB]


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("Priya Nair,p.nair@example.org,2024-06-10,Data Analyst\n\nPriya starts on Monday.", "Data Analyst"),
        ("Best wishes,\nT. Marsh-Olowe\nHeadteacher", "Headteacher"),
        ("Dana Whitlock\nIT Service Desk Analyst", "IT Service Desk Analyst"),
        ("Kofi Mensah - Sous Chef\nkofi.chef@example.com", "Sous Chef"),
        ("I applied for the Senior Data Engineer role last week.", "Senior Data Engineer"),
        ("I've been offered the Care Assistant role.", "Care Assistant"),
        ("Present: Omar Haddad (HR Business Partner), Lin Wu (note taker).", "HR Business Partner"),
        ("He has worked as a site foreman since 2019.", "site foreman"),
        ("I'm Zoe Park (she/her), junior analyst in the Derby office.", "junior analyst"),
        ("Eleanor Vance is a founding partner of Vance, Ortiz and Lowe.", "founding partner"),
        ("soy técnica de Laboratorio Clínico", "técnica de Laboratorio Clínico"),
        ("Me han ofrecido la plaza de auxiliar de enfermería.", "auxiliar de enfermería"),
    ],
)
def test_a_job_title_is_found(cues: CueDetector, text: str, job: str) -> None:
    assert job in _jobs(cues, text)


@pytest.mark.parametrize(
    "text",
    [
        "Student Details: see the attached form.",
        "Please read the Data Protection notice before the meeting.",
        "Ask Tom Hale (Leeds) about it.",
        "Can you take the role of organiser for the party?",
        "It was the best job I ever had.",
        "Junior, please call me back.",
    ],
)
def test_ordinary_phrases_are_no_job(cues: CueDetector, text: str) -> None:
    assert _jobs(cues, text) == []


@pytest.mark.parametrize(
    ("word", "head"),
    [
        ("maestros", True),
        ("asociada", True),
        ("diseñadora", True),
        ("analysts", True),
        ("headteacher", True),
        ("manchester", False),
        ("leicester", False),
        ("personas", False),
        ("datos", False),
    ],
)
def test_the_forms_of_a_job_head(word: str, head: bool) -> None:
    from local_model.text.words import is_job_head

    assert is_job_head(fold(word)) is head
