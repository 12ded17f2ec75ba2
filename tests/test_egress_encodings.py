"""The egress gate against every encoding the detection view claims to see through, and base64,
which the view does not decode (issue 30: proof that cannot pass by accident).

Each row is a raw value of the session (in the pseudonym map, and in the raw inputs of the
session) written in one encoding into an outgoing text:

* :func:`check_egress` refuses it with :class:`EgressLeakError` naming the type, never the value;
  the control, the same text with the map's marker in place of the value, passes unchanged (so a
  gate that refuses everything fails the table);
* the :class:`EgressGate` sends nothing and its ledger records the block by type only; the
  marker's request is sent;
* the permanent positive control: with the gate's check switched off, the same request leaves
  with the encoded value in it (the table's setup does put the value in the request).

Base64 is not decoded by the detection view (:mod:`local_model.text.view`); the egress check
decodes base64 runs and reads them for session-map values
(:func:`local_model.boundary.egress.map_value_present`).  At the assistant level (a
:class:`SupportAssistant` in front of a recording provider, nothing switched off) a ticket holding
the customer's name plainly and base64-encoded is ``HandoffError("egress-leak")`` with a ledger
block, and its control without the check shows the run reaching the provider.  All values are
invented.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from configs.models import load_models
from local_model.boundary import gate as gate_module
from local_model.boundary.egress import EgressResult, check_egress, map_value_present
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.provenance import Provenance
from local_model.boundary.session import guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.decoders import base64_texts
from local_model.text.view import make_view
from pipelines.assistant import SupportAssistant
from signatures.entities import Label
from signatures.errors import EgressLeakError, HandoffError
from tests.curious_provider import CuriousProvider, echo_reply


@dataclass(frozen=True)
class Row:
    encoding: str
    label: Label
    value: str  # the raw value, as the session's map holds it
    written: str  # the value as the outgoing text writes it

    def __str__(self) -> str:
        return self.encoding


def _b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def _b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


#: every encoding the detection view's docstring claims to decode (local_model/text/view.py)
VIEW_ROWS = [
    Row("nfc-decomposed-accent", Label.PERSON, "Álvaro Quintanilla", "A\u0301lvaro Quintanilla"),
    Row("zero-width-chars", Label.EMAIL, "ana.ruiz@example.com", "ana.ru\u200biz@exam\u200dple.com"),
    Row("soft-hyphen-word-joiner", Label.PERSON, "Margaret Thornbury", "Mar\u2060garet Thorn\u00adbury"),
    Row("control-chars", Label.PHONE, "+34 612 345 678", "+34\x01612\x02345\x03678"),
    Row("exotic-spaces", Label.PHONE, "+44 7700 900123", "+44\u30007700\u2003900123"),
    Row("cyrillic-homoglyphs", Label.EMAIL, "maria.lopez@example.com", "m\u0430ri\u0430.l\u043epez@ex\u0430mple.com"),
    Row("greek-homoglyphs", Label.PERSON, "Maria Kowalska", "\u039caria \u039aowalska"),
    Row("fullwidth-forms", Label.PHONE, "+34 612 345 678", "＋３４ ６１２ ３４５ ６７８"),
    Row("arabic-indic-digits", Label.PHONE, "+34 612 345 678", "+٣٤ ٦١٢ ٣٤٥ ٦٧٨"),
    Row("devanagari-digits", Label.PHONE, "+44 7700 900123", "+४४ ७७०० ९००१२३"),
    Row("cr-inside-word", Label.PERSON, "Margaret Thornbury", "Mar\rgaret Thorn\rbury"),
    Row("middle-dot-separators", Label.PHONE, "(917) 555 0143", "(917)·555·0143"),
    Row("underscore-ip-address", Label.IP_ADDRESS, "10.44.201.7", "10_44_201_7"),
    Row("letters-as-digits-date", Label.DATE_OF_BIRTH, "10/03/1979", "1O/03/i979"),
    Row("letters-as-digits-groups", Label.PHONE, "07 700 900 219", "o7 7OO 9OO 2l9"),
    Row("one-digit-per-group", Label.PHONE, "612 345 678", "6 1 2 - 3 4 5 - 6 7 8"),
    Row("one-digit-per-group-check-letter", Label.NATIONAL_ID, "48291607K", "4 8 . 2 9 1 . 6 0 7 - K"),
    Row("iban-one-group-per-line", Label.IBAN, "ES91 2100 0418 4502 0005 1332", "ES91\n2100\n0418\n4502\n0005\n1332"),
    Row("spelled-digits-en", Label.PHONE, "612 345 678", "six one two three four five six seven eight"),
    Row("spelled-pairs-es", Label.PHONE, "609 12 34 56", "seis cero nueve, doce, treinta y cuatro, cincuenta y seis"),
    Row("digit-words-mixed-es", Label.PHONE, "645 221 880", "6 cuatro 5 dos 2 uno 8 ocho 0"),
    Row("spoken-email-en", Label.EMAIL, "ana.ruiz@gmail.com", "ana dot ruiz at gmail dot com"),
    Row("spoken-email-es", Label.EMAIL, "ana.ruiz@gmail.com", "ana punto ruiz arroba gmail punto com"),
    Row("bracketed-email", Label.EMAIL, "ana.ruiz@gmail.com", "ana.ruiz[at]gmail[dot]com"),
    Row("url-encoded-email", Label.EMAIL, "ana.ruiz@gmail.com", "ana.ruiz%40gmail.com"),
    Row("broken-email", Label.EMAIL, "ana.ruiz@gmail.com", "ana.ruiz@gmail,com"),
    Row("letters-hyphenated", Label.PERSON, "Kowalska", "K-O-W-A-L-S-K-A"),
    Row("letters-spaced-lower-case", Label.PERSON, "Whitaker", "w h i t a k e r"),
]

#: base64: not decoded by the detection view; the egress check decodes it
BASE64_ROWS = [
    Row("base64-email", Label.EMAIL, "ana.ruiz@example.com", _b64("ana.ruiz@example.com")),
    Row("base64-name-one-digit", Label.PERSON, "Marta Ibanez", _b64("Marta Ibanez")),  # TWFydGEgSWJhbmV6
    Row("base64-phone", Label.PHONE, "+34 612 345 678", _b64("+34 612 345 678")),
    Row("base64-iban", Label.IBAN, "ES91 2100 0418 4502 0005 1332", _b64("ES91 2100 0418 4502 0005 1332")),
    Row("base64-url-safe-unpadded", Label.PERSON, "Lucía Fernández", _b64url("Lucía Fernández")),
    Row("base64-in-a-record", Label.EMAIL, "ana.ruiz@example.com", _b64('{"user": "ana.ruiz@example.com", "n": 3}')),
    Row("base64-twice", Label.PERSON, "Marta Ibanez", _b64(_b64("Marta Ibanez"))),
    Row("base64-path-segment", Label.EMAIL, "ana.ruiz@example.com", "files/" + _b64("ana.ruiz@example.com")),
    Row("base64-of-spelled-email", Label.EMAIL, "ana.ruiz@gmail.com", _b64("ana dot ruiz at gmail dot com")),
]

ROWS = VIEW_ROWS + BASE64_ROWS


def _outgoing(written: str) -> str:
    return f"Please update the record of {written} before the next bill, thanks."


def _earlier(row: Row) -> str:
    """The earlier message of the session where the customer gave the value plainly."""
    return f"Hello, my details are: {row.value}. Kind regards"


def _session(row: Row) -> tuple[PseudonymMap, str]:
    pmap = PseudonymMap()
    return pmap, pmap.pseudonym_for(row.label, row.value)


def test_the_table_covers_every_encoding_the_view_claims() -> None:
    """Every row writes the value differently from the map (no row passes by matching the value as
    is), and every view row is one the detection view rewrites (none is base64)."""
    for row in ROWS:
        assert row.value not in row.written, row
    for row in VIEW_ROWS:
        assert make_view(_outgoing(row.written)).text != _outgoing(row.written), row
    for row in BASE64_ROWS:
        assert base64_texts(_outgoing(row.written)), row


# ------------------------------------------------------------------ the egress check


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_the_egress_check_refuses_an_encoded_map_value(row: Row, detector: HybridDetector) -> None:
    pmap, marker = _session(row)
    inputs = Provenance([_earlier(row)])
    text = _outgoing(row.written)
    with pytest.raises(EgressLeakError) as info:
        check_egress(text, pmap, detector, inputs=inputs)
    assert info.value.label == row.label
    assert row.value not in str(info.value) and row.written not in str(info.value)
    assert map_value_present(text, pmap) == row.label
    # control: the same text with the map's marker passes unchanged
    control = _outgoing(marker)
    assert check_egress(control, pmap, detector, inputs=inputs) == EgressResult(control, [])


@pytest.mark.parametrize(
    ("label", "value", "unrelated"),
    [
        (Label.EMAIL, "ana.ruiz@example.com", _b64("quarterly-report-v2.pdf")),
        (Label.PERSON, "Marta Ibanez", _b64("Tomas Wexford")),
        (Label.PHONE, "+34 612 345 678", _b64("+34 699 111 222")),
    ],
)
def test_base64_of_an_unrelated_value_is_no_map_value(label: Label, value: str, unrelated: str) -> None:
    """Control of the base64 rows: what decodes to something else is not the map's value."""
    pmap = PseudonymMap()
    pmap.pseudonym_for(label, value)
    assert map_value_present(_outgoing(unrelated), pmap) is None


def test_ordinary_words_are_not_read_as_base64() -> None:
    text = "Information about passwords: Kowalczyk configured the Administrator account yesterday."
    assert base64_texts(text) == []
    assert base64_texts("key=" + _b64("Marta Ibanez") + ";") == ["Marta Ibanez"]


# ------------------------------------------------------------------ the gate: ledger; the assistant: handoff


class _Recorder:
    """The ``complete`` of :meth:`EgressGate.send`: records what would have left."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def __call__(self, messages: list[dict[str, Any]]) -> str:
        self.sent += [str(m.get("content") or "") for m in messages]
        return "ok"


def _send(gate: EgressGate, row: Row, written: str) -> _Recorder:
    pmap, _ = _session(row)
    recorder = _Recorder()
    with guarded_session(pmap, inputs=[_earlier(row)]):
        gate.send([{"role": "user", "content": _outgoing(written)}], recorder)
    return recorder


@pytest.fixture
def egress_gate(tmp_path: Path, detector: HybridDetector) -> EgressGate:
    return EgressGate(EgressLedger(tmp_path / "ledger.jsonl"), detector, "https://provider.invalid/v1", False)


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_the_gate_blocks_an_encoded_map_value_and_records_the_type_only(row: Row, egress_gate: EgressGate) -> None:
    with pytest.raises(EgressLeakError) as info:
        _send(egress_gate, row, row.written)
    assert info.value.label == row.label
    _, marker = _session(row)
    assert _send(egress_gate, row, marker).sent == [_outgoing(marker)]  # control: the marker leaves as is
    records = egress_gate.ledger.read()
    assert [r["label"] for r in records if r["status"] == "blocked"] == [row.label]
    assert [r["status"] for r in records if r["status"] != "blocked"][-1:] == ["sent"]
    raw = egress_gate.ledger.path.read_text(encoding="utf-8")
    assert row.value not in raw and row.written not in raw


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_positive_control_without_the_check_the_encoded_value_leaves(
    row: Row, egress_gate: EgressGate, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The permanent positive control of the test above: with the gate's check switched off the
    same request leaves with the encoded value in it, so the block there comes from the check
    and the table cannot pass by accident."""
    monkeypatch.setattr(gate_module, "check_egress", lambda text, *args, **kwargs: EgressResult(text))
    monkeypatch.setattr(gate_module, "check_egress_parts", lambda text, *args, **kwargs: EgressResult(text))
    assert _send(egress_gate, row, row.written).sent == [_outgoing(row.written)]
    statuses = [r["status"] for r in egress_gate.ledger.read()]
    assert "blocked" not in statuses and statuses[-1:] == ["sent"]


def _models(api_base: str) -> Any:
    models = load_models(environ={})
    ext = models.external.model_copy(update={"model": "openai/curious", "api_base": api_base, "stand_in": False})
    return models.model_copy(update={"external": ext})


#: the customer writes their name plainly and base64-encoded in one ticket; the base64 run holds
#: one digit (``TWFydGEgSWJhbmV6``): no identifier shape, so the input's detection reads nothing in it
BASE64_TICKET = (
    "Hi, I am Marta Ibanez. Since the update the app greets me as " + _b64("Marta Ibanez") + " instead, please fix it."
)


def _assistant(api_base: str, tmp_path: Path) -> SupportAssistant:
    return SupportAssistant(_models(api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l.jsonl")


def test_base64_in_a_ticket_is_minimized_before_it_leaves(tmp_path: Path) -> None:
    """The whole pipeline, nothing switched off: the input's detection reads the base64 run
    decoded (a name) and the minimizer replaces it like any name; the turn is answered and neither
    the name nor its base64 reaches the provider."""
    with CuriousProvider(reply=echo_reply) as provider:
        assistant = _assistant(provider.api_base, tmp_path)
        answer = assistant.answer(BASE64_TICKET, "general_question")
        received = provider.text()
    assert _b64("Marta Ibanez") not in received and "Ibanez" not in received
    assert _b64("Marta Ibanez") in answer.text  # restored for the customer
    assert [r["status"] for r in assistant.ledger.read()] == ["sent"]


def test_without_the_input_side_decoding_the_egress_check_hands_it_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second line: with the detector's base64 reading off, the run reaches the gate raw; the
    egress check reads it decoded, the turn is handed to a human and the ledger records the block
    by type."""
    monkeypatch.setattr(HybridDetector, "_encoded", lambda self, text, found: [])
    with CuriousProvider(reply=echo_reply) as provider:
        assistant = _assistant(provider.api_base, tmp_path)
        with pytest.raises(HandoffError) as info:
            assistant.answer(BASE64_TICKET, "general_question")
    assert info.value.kind == "egress-leak" and info.value.labels == [Label.PERSON]
    assert provider.requests == []
    records = assistant.ledger.read()
    assert [(r["status"], r.get("label")) for r in records] == [("blocked", Label.PERSON)]
    raw = assistant.ledger.path.read_text(encoding="utf-8")
    assert _b64("Marta Ibanez") not in raw and "Ibanez" not in raw


def test_positive_control_without_either_reading_the_base64_run_reaches_the_provider(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(HybridDetector, "_encoded", lambda self, text, found: [])
    monkeypatch.setattr(gate_module, "check_egress", lambda text, *args, **kwargs: EgressResult(text))
    monkeypatch.setattr(gate_module, "check_egress_parts", lambda text, *args, **kwargs: EgressResult(text))
    with CuriousProvider(reply=echo_reply) as provider:
        _assistant(provider.api_base, tmp_path).answer(BASE64_TICKET, "general_question")
        received = provider.text()
    assert _b64("Marta Ibanez") in received and "Ibanez" not in received  # the name itself was minimized
