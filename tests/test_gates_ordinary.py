"""Gates that fail only on real leaks (ordinary tickets must not be handed to a human).

* the minimizer replaces every occurrence of a mapped value before the egress check runs: a first
  name used alone later, case and accent variants; a name part that is also a word stays a word
  where it is written as one (``grace period``);
* provenance compares the components of a found span with the inputs: the customer's own address
  cut differently is theirs, a different street in their town is not;
* strings the pipeline vouched for (technical strings it kept, its generalisations) are no leak at
  egress and no foreign data in the answer;
* a form-like ticket sent through the assistant with an echoing provider is answered, not handed off.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from configs.models import ModelsSettings, load_models
from local_model.boundary.egress import check_egress, map_value_present
from local_model.boundary.provenance import Provenance
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from pipelines.assistant import SupportAssistant
from signatures.entities import Entity, Label
from signatures.errors import EgressLeakError
from tests.curious_provider import CuriousProvider


def _person(text: str, value: str) -> Entity:
    start = text.index(value)
    return Entity.make(text, start, start + len(value), Label.PERSON, 0.9, "tagger")


@pytest.mark.parametrize(
    ("text", "name", "gone", "stays"),
    [
        ("Soy Marta Ibáñez. ... Gracias, Marta", "Marta Ibáñez", ["Marta"], []),
        ("Soy Marta Ibáñez. Firmado: MARTA IBANEZ", "Marta Ibáñez", ["MARTA IBANEZ"], []),
        ("Soy Marta Ibáñez (marta ibanez en el foro)", "Marta Ibáñez", ["marta ibanez"], []),
        (
            "Ask for Grace Whitaker; we are in the grace period. GRACE called.",
            "Grace Whitaker",
            ["GRACE"],
            ["grace period"],
        ),
    ],
)
def test_every_occurrence_of_a_mapped_value_is_replaced(
    text: str, name: str, gone: list[str], stays: list[str]
) -> None:
    pmap = PseudonymMap()
    out = Minimizer(pmap).minimize(text, [_person(text, name)]).text
    assert [g for g in gone if g in out] == [], out
    assert [s for s in stays if s not in out] == [], out
    assert map_value_present(out, pmap) is None


@pytest.mark.parametrize(
    ("value", "label", "own"),
    [
        ("Dayton/OH/45402", Label.STREET_ADDRESS, True),  # the customer's own block, cut differently
        ("14 Harbour Row, Flat 3 City", Label.STREET_ADDRESS, True),
        ("28013 Madrid", Label.POSTCODE, True),
        ("14 Elm Street, Dayton", Label.STREET_ADDRESS, False),  # another street in their town
        ("22 Harbour Row", Label.STREET_ADDRESS, False),  # another house on their street
        ("+44 7700 900123", Label.PHONE, True),
        ("+44 7700 900777", Label.PHONE, False),  # a number sharing only the prefix
        ("Margaret Thornbury", Label.PERSON, False),
        ("https://evil.example.net/x", Label.URL, False),
    ],
)
def test_provenance_compares_components(value: str, label: Label, own: bool) -> None:
    inputs = Provenance(
        [
            "New address: 14 Harbour Row, Flat 3\nCity/State/ZIP: Dayton/OH/45402-1187\nCP/Localidad: 28013/Madrid\n"
            "Call me on +44 7700 900123, I am Oliver."
        ]
    )
    assert inputs.occurs(value, label) is own


def test_a_vouched_technical_string_is_no_leak_at_egress(detector: HybridDetector) -> None:
    text = "Modelo: Xperia 10 V; fw=SG80.885.89.59; SKU LPN-7781"
    inputs = Provenance([text])
    found = [e.text for e in detector.detect(text)]
    result = check_egress(text, PseudonymMap(), detector, inputs=inputs, vouched=["SG80.885.89.59", "LPN-7781"])
    assert result.text == text, found
    with pytest.raises(EgressLeakError):  # what no one vouched for and the customer wrote still blocks
        check_egress("my IBAN ES91 2100 0418 4502 0005 1332", PseudonymMap(), detector,
                     inputs=Provenance(["my IBAN ES91 2100 0418 4502 0005 1332"]))  # fmt: skip


def _echo(body: dict[str, Any]) -> str:
    request = body["messages"][-1]["content"].split("[[ ## request ## ]]", 1)[-1].split("[[ ##", 1)[0]
    return json.dumps({"response": "Noted: " + request.strip()})


def _models(api_base: str) -> ModelsSettings:
    models = load_models(environ={})
    ext = models.external.model_copy(update={"model": "openai/curious", "api_base": api_base, "stand_in": False})
    return models.model_copy(update={"external": ext})


FORM_TICKETS = [
    "Hi, I moved.\nNew address: 14 Harbour Row, Flat 3\nCity/State/ZIP: Dayton/OH/45402-1187\n"
    "Please update my billing. Thanks, Oliver Whitaker. Oliver",
    "Hola, me he mudado.\nDirección: Calle de Alcalá 112, 3º B\nCP/Localidad: 28009/Madrid\n"
    "Soy Lucía Fernández; el router HomeBox 6641 da error 0x80070057 desde la versión 3.14.2. Gracias, Lucía",
    "Olá, sou a Marta Ibáñez, utilizadora mibanez. O utilizador mibanez não entra desde o iOS 17.4.1 "
    "(erro 3194). Portugal, Lisboa. Obrigada, Marta",
    "This is Jack Taylor writing. My router drops every hour.\n"
    "Order ORD-2024-1187 | Tariff: Fibre Plus | Delivery address: Jack Taylor, 9 Carolyn Courts, S9D 2LW Leeds | "
    "Mobile: +44 7700 900123\nRegards,\nJack",
    "Buongiorno, ho un problema con MikroTik da quando ho aggiornato alla versione 15.16.53. Per sicurezza: "
    "cliente O63651240, nato il 12/03/1958.\nGrazie mille, Serena",
    "Hi, after the update the Glovo app crashes.\nI copied this from the console:\nGlovo App version 20740.2677\n"
    "  Error code: PAY-0417\nKind regards, Sian Bishop",
]


@pytest.mark.parametrize(
    "ticket", FORM_TICKETS, ids=["en-form", "es-form", "pt-reuse", "en-addressee", "it-born", "en-brand-app"]
)
def test_an_ordinary_form_like_ticket_is_answered_not_handed_off(
    tmp_path: Path, detector: HybridDetector, ticket: str
) -> None:
    with CuriousProvider(reply=_echo) as provider:
        assistant = SupportAssistant(_models(provider.api_base), architecture="minimize_then_external",
                                     ledger_path=tmp_path / "l")  # fmt: skip
        answer = assistant.answer(ticket, "general_question")
    assert answer.text
    sent = "\n".join(json.dumps(b, ensure_ascii=False) for b in provider.requests)
    for raw in ("Harbour Row", "Whitaker", "Alcalá 112", "Fernández", "mibanez", "Ibáñez"):
        assert raw not in sent


SURROGATE_TICKETS = [
    "Hi, I am Oliver Whitaker. Please move my direct debit to IBAN GB82 WEST 1234 5698 7654 32 and call "
    "me on +44 7700 900123. Thanks, Oliver",
    "Hola, soy Lucía Fernández, DNI 12345678Z. Cambiad la domiciliación al IBAN ES91 2100 0418 4502 0005 1332; "
    "mi móvil es el +34 612 345 678.",
]


@pytest.mark.parametrize("ticket", SURROGATE_TICKETS)
def test_the_second_look_leaves_our_surrogates(ticket: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Surrogate style: the second look must not minimize our own surrogates again (an IBAN
    surrogate's check digits 00 read as an account number): every surrogate in the request still
    restores to the customer's value.  Control: with the map's surrogate spans hidden from the
    second look, a surrogate is taken for new data and re-minimized, and the round trip breaks."""
    from local_model.minimization.pseudonym import PseudonymMap

    models = load_models(environ={})
    models = models.model_copy(
        update={"assistant": models.assistant.model_copy(update={"surrogate_style": "surrogate"})}
    )
    assistant = SupportAssistant(models, architecture="minimize_then_external")

    def sent(turn_text: str) -> tuple[str, PseudonymMap]:
        pmap = PseudonymMap(style="surrogate")
        turn = assistant.prepare_turn(turn_text, None, pmap)
        return turn.minimized_query, pmap

    minimized, pmap = sent(ticket)
    assert "IBAN" in minimized and not any(v in minimized for _, v in pmap.values())
    ibans = [v for v in ("GB82 WEST 1234 5698 7654 32", "ES91 2100 0418 4502 0005 1332") if v in ticket]
    assert ibans and all(v in pmap.reinject(minimized).text for v in ibans)
    with monkeypatch.context() as off:
        off.setattr(PseudonymMap, "surrogate_spans", lambda self, text: [])
        minimized_off, pmap_off = sent(ticket)
    assert not all(v in pmap_off.reinject(minimized_off).text for v in ibans)  # the guard keeps the round trip


@pytest.mark.parametrize(
    "answer",
    [
        "Done. For the record, the previous holder was margaret hughes, who closed the account.",
        "The line now belongs to zainab qureshi, as requested.",
        "el titular anterior era ignacio fuenzalida",
    ],
)
def test_an_answer_naming_a_third_person_in_lower_case_is_handed_off(detector: HybridDetector, answer: str) -> None:
    """A listed first name and surname in lower case are a person without a cue: an answer that
    names someone the customer did not is foreign data whatever its case; the customer's own name
    in lower case is not."""
    from local_model.boundary.answer_gate import AnswerGate

    gate = AnswerGate(detector)
    ticket = "Hi, I am Oliver Whitaker and I want to take over my late father's line."
    verdict = gate.check(answer, [ticket])
    assert verdict.f == 1.0 and "PERSON" in verdict.foreign
    assert gate.check("Done, oliver whitaker: the line is yours now.", [ticket]).f == 0.0


def test_a_short_map_value_is_a_leak_only_as_a_word() -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.ORGANIZATION, "nato")
    pmap.pseudonym_for(Label.USERNAME, "mibanez")
    assert map_value_present("ho aggiornato alla versione 15.16", pmap) is None  # inside a longer word
    assert map_value_present("il nato ieri", pmap) == "ORGANIZATION"
    assert map_value_present("login mibanez2 failed", pmap) == "USERNAME"  # a longer value counts glued too
    pmap.pseudonym_for(Label.EMAIL, "/")  # punctuation alone identifies no one
    assert map_value_present("see /var/log and a/b", pmap) is None


def test_an_answer_cut_inside_the_customers_word_names_no_one(detector: HybridDetector) -> None:
    from local_model.boundary.answer_gate import AnswerGate

    gate = AnswerGate(detector)
    inputs = ["O ecrã continua a dizer erro ECONNREFUSED. Obrigado desde já pela ajuda.\nAtenciosamente,\nRita"]
    cut = gate.check("Noted: o ecrã continua a dizer erro ECONNREFUSED. Obrigado desde já pela ajuda.\nAten", inputs)
    assert cut.foreign == [], cut
    named = gate.check("Noted: please call Aten Borowski tomorrow", inputs)  # a name, not the end of a word
    assert named.foreign == ["PERSON"], named
