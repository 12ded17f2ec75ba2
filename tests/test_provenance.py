"""Provenance: a value in outgoing text is the customer's (a leak) only when it comes from the raw
inputs; an identifier found nowhere in them is the model's invention (removed, recorded by type).

:mod:`local_model.boundary.provenance` claims: a value comes from the inputs when it, its
normalised form (case, diacritics, spacing), its squeezed form (separators and punctuation
removed; 6+ characters), its digits (6+ digits: the same number in another format, a country code
added or dropped; 4-5 digits: a run of the customer's digits), one of its name parts (names, user
names, organisations, the local part of an e-mail address) or each of its components (other
types) occurs there; a link or an e-mail address counts only whole.  Expected values are fixed
literals; all values are invented.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from local_model.boundary.egress import EgressResult, check_egress
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.provenance import Provenance, digit_runs, name_parts, nameless, squeeze
from local_model.boundary.session import guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from signatures.entities import Label
from signatures.errors import EgressLeakError

#: the raw inputs of one session: a ticket and a later message
TICKET = (
    "Hola, soy Lucía Fernández. Mi móvil es el +34 612 345 678 y mi IBAN ES91 2100 0418 4502 0005 1332.\n"
    "Dirección: Calle de Alcalá 112, 3º B, 28009 Madrid. Escribid a lucia.f@correo.example"
)
LATER = "Second message: my old line +44 7700 900123. https://portal.example.org/account"


@pytest.fixture(scope="module")
def inputs() -> Provenance:
    return Provenance([TICKET, LATER])


LEAKS = [
    ("verbatim", "+34 612 345 678", Label.PHONE),
    ("case-diacritics-spacing", "LUCIA  FERNANDEZ", Label.PERSON),
    ("separators-squeezed", "Lucía-Fernández", Label.PERSON),
    ("iban-other-grouping", "ES91-2100-0418-4502-0005-1332", Label.IBAN),
    ("iban-no-spaces", "ES9121000418450200051332", Label.IBAN),
    ("country-code-as-00", "0034 612 345 678", Label.PHONE),
    ("country-code-dropped", "612345678", Label.PHONE),
    ("run-of-four-digits", "the line ending 5678", Label.PHONE),
    ("four-digits-inside-a-number", "unit 2345", Label.SECONDARY_ADDRESS),
    ("name-part", "Fernández Ortega", Label.PERSON),
    ("name-part-organisation", "Fernández Consulting", Label.ORGANIZATION),
    ("email-local-part-name", "l.fernandez@otro.example", Label.EMAIL),
    ("email-whole", "lucia.f@correo.example", Label.EMAIL),
    ("link-whole", "https://portal.example.org/account", Label.URL),
    ("link-host-of-the-customers-link", "https://portal.example.org", Label.URL),  # whole, as a word
    ("components-reordered", "112 Alcalá", Label.STREET_ADDRESS),
    ("components-cut-differently", "Alcalá, 112", Label.STREET_ADDRESS),
    ("postcode", "28009", Label.POSTCODE),
    ("city", "Madrid", Label.CITY),
]

INVENTIONS = [
    ("number-sharing-only-the-prefix", "+44 7700 900777", Label.PHONE),
    ("three-digit-run-inside-a-number", "unit 234", Label.SECONDARY_ADDRESS),  # under the 4-digit floor
    ("another-name", "Marta Ibáñez", Label.PERSON),
    ("another-name-sharing-function-words", "Juan de la Fuente", Label.PERSON),  # "de", "la" of the address
    ("email-sharing-only-the-domain", "marta.ibanez@correo.example", Label.EMAIL),
    ("link-on-the-same-host", "https://portal.example.org/other", Label.URL),
    ("another-street-in-their-town", "Calle de Atocha 112", Label.STREET_ADDRESS),
    ("neighbouring-postcode", "28010", Label.POSTCODE),
    ("another-city", "Sevilla", Label.CITY),
    ("empty", "", Label.PERSON),
    ("blank", "   ", Label.PERSON),
]


@pytest.mark.parametrize(("case", "value", "label"), LEAKS, ids=[c for c, _, _ in LEAKS])
def test_a_value_from_the_inputs_is_a_leak(inputs: Provenance, case: str, value: str, label: Label) -> None:
    assert inputs.occurs(value, label) is True


@pytest.mark.parametrize(("case", "value", "label"), INVENTIONS, ids=[c for c, _, _ in INVENTIONS])
def test_a_value_found_nowhere_in_the_inputs_is_an_invention(
    inputs: Provenance, case: str, value: str, label: Label
) -> None:
    assert inputs.occurs(value, label) is False


@pytest.mark.parametrize(
    ("value", "label", "expected"),
    [
        ("Grazie", Label.PERSON, True),  # a frequent Italian word, no known name
        ("muito obrigada", Label.PERSON, True),
        ("thanks", Label.USERNAME, True),
        ("Buongiorno", Label.ORGANIZATION, True),
        ("Lucía", Label.PERSON, False),  # a name part
        ("Grazie 2", Label.PERSON, False),  # a digit: could be a user name
        ("thanks", Label.PHONE, False),  # only name types can be nameless
        ("", Label.PERSON, True),
    ],
)
def test_nameless_findings_are_made_of_common_words_only(value: str, label: Label, expected: bool) -> None:
    assert nameless(value, label) is expected


def test_helpers() -> None:
    assert squeeze("Lucía-Fernández O'Neill") == "luciafernandezoneill"
    assert digit_runs("+34 612-345 678, ref 12.34, (0)20 7946 0958") == ["34612345678", "1234", "02079460958"]
    assert digit_runs("612 - 345") == ["612", "345"]  # three characters apart: two numbers
    assert name_parts("Lucía de la Fuente") == ["lucia"]
    assert name_parts("Grazie, Marta") == ["marta"]


def test_provenance_never_shows_its_content() -> None:
    inputs = Provenance(["Lucía Fernández", "", "+34 612 345 678"])
    assert repr(inputs) == "Provenance(inputs=2)"
    assert bool(Provenance([])) is False and bool(Provenance(["", ""])) is False


# ------------------------------------------------------------------ the egress check: invention vs leak

#: an invented link, address and number in an outgoing request (the model wrote them)
INVENTED = [
    (
        "For the reset steps see https://ayuda.tarifamovil.es/reset and reply here.",
        "For the reset steps see [link removed] and reply here.",
        ["URL"],
    ),
    (
        "Write to soporte.tecnico@ayuda.example if it fails again.",
        "Write to [e-mail removed] if it fails again.",
        ["EMAIL"],
    ),
    (
        "If it fails again, call our support line +34 699 111 222.",
        "If it fails again, call our support line [phone number removed].",
        ["PHONE"],
    ),
]


@pytest.mark.parametrize(("text", "sent", "stripped"), INVENTED, ids=["url", "email", "phone"])
def test_an_invention_is_removed_and_the_request_goes_out(
    detector: HybridDetector, inputs: Provenance, text: str, sent: str, stripped: list[str]
) -> None:
    assert check_egress(text, PseudonymMap(), detector, inputs=inputs) == EgressResult(sent, stripped)
    with pytest.raises(EgressLeakError) as info:  # provenance unknown: every identifier blocks
        check_egress(text, PseudonymMap(), detector, inputs=None)
    assert info.value.label == stripped[0]


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Your account page is https://portal.example.org/account as before.", "URL"),
        ("Please port the number +34 612 345 678 today.", "PHONE"),
        ("Please port the number 0034612345678 today.", "PHONE"),  # another format of the same number
        ("Please write to lucia.f@correo.example today.", "EMAIL"),
    ],
)
def test_a_detection_miss_surfacing_again_blocks(
    detector: HybridDetector, inputs: Provenance, text: str, label: str
) -> None:
    """Not in the session map (the first look missed it) but in the inputs: a leak, never removed."""
    with pytest.raises(EgressLeakError) as info:
        check_egress(text, PseudonymMap(), detector, inputs=inputs)
    assert info.value.label == label
    assert "portal" not in str(info.value) and "612" not in str(info.value) and "lucia" not in str(info.value)


def test_the_gate_records_an_invention_by_type_only(tmp_path: Path, detector: HybridDetector) -> None:
    gate = EgressGate(EgressLedger(tmp_path / "ledger.jsonl"), detector, "https://provider.invalid/v1", False)
    sent: list[str] = []

    def complete(messages: list[dict[str, str]]) -> str:
        sent.extend(m["content"] for m in messages)
        return "ok"

    text, expected, stripped = INVENTED[0]
    with guarded_session(PseudonymMap(), inputs=[TICKET, LATER]) as session:
        gate.send([{"role": "user", "content": text}], complete)
    assert sent == [expected]
    assert session.stripped == stripped and session.blocked == []
    records = gate.ledger.read()
    assert stripped in [r.get("stripped") for r in records]
    assert "blocked" not in [r["status"] for r in records]
    assert "tarifamovil" not in gate.ledger.path.read_text(encoding="utf-8")
