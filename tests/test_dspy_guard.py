"""The DSPy guard (pipelines/integrations/dspy_guard.py): a user's own DSPy program, every LM call
minimized, checked and recorded by the egress gate, outputs restored.  The LMs are recording
fakes: a dspy.BaseLM in this process, and a real dspy.LM talking to the recording provider on
127.0.0.1.  Every name, number and address below is invented."""

from __future__ import annotations

import asyncio
import json
import re
import types
from pathlib import Path
from typing import Any

import dspy
import pytest

from configs.models import ModelsSettings, load_models
from configs.settings import load_settings
from local_model.boundary import gate as gate_module
from local_model.boundary.egress import EgressResult
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.session import guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from pipelines.api import Protected, Protector, Session
from pipelines.integrations.dspy_guard import GatedLM, GuardedProgram, guard
from signatures.errors import BoundaryViolationError, ConfigError, EgressLeakError, InputError
from tests.curious_provider import CuriousProvider

#: invented tickets and the raw values each holds
TICKETS = [
    (
        "Hi, I am Ana Ruiz, my line +34 612 345 678 drops calls. Write to ana.ruiz@example.com.",
        ["Ana Ruiz", "+34 612 345 678", "ana.ruiz@example.com"],
    ),
    (
        "Hola, soy Lucía Fernández. Mi IBAN es ES91 2100 0418 4502 0005 1332 y mi móvil es 612 345 678.",
        ["Lucía Fernández", "ES91 2100 0418 4502 0005 1332", "612 345 678"],
    ),
    (
        "Please refund Mark Olsen, IBAN GB82 WEST 1234 5698 7654 32, e-mail mark.olsen@mailbox.org, "
        "phone +44 7700 900123.",
        ["Mark Olsen", "GB82 WEST 1234 5698 7654 32", "mark.olsen@mailbox.org", "+44 7700 900123"],
    ),
    (
        "Hola, me llamo Tomás Herrera. Llámenme al +34 699 112 233 o escriban a tomas.herrera@correo.es, gracias.",
        ["Tomás Herrera", "+34 699 112 233", "tomas.herrera@correo.es"],
    ),
]
PLACEHOLDER = re.compile(r"<[A-Z_]+_\d+>")


def raw_values_in(texts: list[str], values: list[str]) -> list[str]:
    """The test's detector of raw values: each value found in ``texts`` as written, in any case,
    or (numbers of 6+ digits) as its digits."""
    joined = "\n".join(texts)
    folded, digits = joined.casefold(), re.sub(r"\D", "", joined)
    found = []
    for value in values:
        value_digits = re.sub(r"\D", "", value)
        if value.casefold() in folded or (len(value_digits) >= 6 and value_digits in digits):
            found.append(value)
    return found


def chat_reply(request: str) -> str:
    """A ChainOfThought answer (ChatAdapter format) that names every placeholder of the request."""
    marks = list(dict.fromkeys(PLACEHOLDER.findall(request))) or ["you"]
    return (
        f"[[ ## reasoning ## ]]\nThe customer wrote about {', '.join(marks)}.\n\n"
        f"[[ ## answer ## ]]\nDear {' / '.join(marks)}: all done.\n\n[[ ## completed ## ]]"
    )


class RecordingLM(dspy.BaseLM):
    """A provider in this process: records every message it receives and answers naming the
    placeholders of the last one."""

    def __init__(self) -> None:
        super().__init__(model="recording/fake", cache=False)
        self.requests: list[list[dict[str, Any]]] = []

    def forward(self, prompt: str | None = None, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        msgs = messages or [{"role": "user", "content": prompt or ""}]
        self.requests.append(msgs)
        message = types.SimpleNamespace(content=chat_reply(str(msgs[-1]["content"])), tool_calls=None)
        choice = types.SimpleNamespace(message=message, logprobs=None)
        return types.SimpleNamespace(choices=[choice], usage={}, model="recording/fake")

    def texts(self) -> list[str]:
        return [str(m.get("content")) for request in self.requests for m in request]


@pytest.fixture(scope="module")
def protector(detector: HybridDetector) -> Protector:
    return Protector(load_settings(environ={}), detector=detector)


@pytest.fixture
def models() -> ModelsSettings:
    return load_models(environ={})


def _guard(
    program: dspy.Module, lm: dspy.BaseLM | None, protector: Protector, tmp_path: Path, models: ModelsSettings
) -> GuardedProgram:
    return guard(program, lm=lm, protector=protector, ledger=tmp_path / "ledger.jsonl", models=models)


def test_the_provider_sees_no_raw_value_and_the_user_gets_them_back(
    protector: Protector, models: ModelsSettings, tmp_path: Path, no_network: list[object]
) -> None:
    recorder = RecordingLM()
    guarded = _guard(dspy.ChainOfThought("question -> answer"), recorder, protector, tmp_path, models)
    every_value: list[str] = []
    for ticket, values in TICKETS:
        prediction = guarded(question=ticket)
        for value in values:  # the answer names every placeholder: each comes back as the real value
            assert value in prediction.answer and value in prediction.reasoning
        assert not PLACEHOLDER.search(prediction.answer)
        every_value += values
    assert len(recorder.requests) == len(TICKETS)
    assert raw_values_in(recorder.texts(), every_value) == []
    assert all(PLACEHOLDER.search(str(r[-1]["content"])) for r in recorder.requests)
    records = EgressLedger(tmp_path / "ledger.jsonl").read()
    assert [r["status"] for r in records] == ["sent"] * len(TICKETS)
    assert {r["endpoint"] for r in records} == {"dspy:recording/fake"}
    assert raw_values_in([(tmp_path / "ledger.jsonl").read_text(encoding="utf-8")], every_value) == []
    assert no_network == []


def test_positive_control_without_the_guard_the_recorder_sees_raw_values(
    protector: Protector, models: ModelsSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guard turned off (no minimization, no egress check): the same recorder and the same
    detector of raw values now find every value, so their silence above means something."""
    monkeypatch.setattr(Protector, "protect_text", lambda self, text, session, domain=None, task=None: Protected(text))
    monkeypatch.setattr(gate_module, "check_egress", lambda text, *a, **k: EgressResult(text))
    monkeypatch.setattr(gate_module, "check_egress_parts", lambda text, *a, **k: EgressResult(text))
    recorder = RecordingLM()
    guarded = _guard(dspy.ChainOfThought("question -> answer"), recorder, protector, tmp_path, models)
    every_value: list[str] = []
    for ticket, values in TICKETS:
        guarded(question=ticket)
        every_value += values
    assert raw_values_in(recorder.texts(), every_value) == every_value


def test_a_request_holding_a_raw_value_is_blocked_and_never_sent(
    protector: Protector, models: ModelsSettings, tmp_path: Path, no_network: list[object]
) -> None:
    """The program's own instruction names the customer: the request would carry a value of the
    session's map, so the gate refuses it (type only) and the recorder receives nothing."""
    recorder = RecordingLM()
    leaky = dspy.Predict(dspy.Signature("question -> answer", "Always greet Ana Ruiz by her full name."))
    guarded = _guard(leaky, recorder, protector, tmp_path, models)
    with pytest.raises(EgressLeakError) as info:
        guarded(question=TICKETS[0][0])
    assert info.value.label == "PERSON" and "Ana" not in str(info.value)
    assert recorder.requests == []
    records = EgressLedger(tmp_path / "ledger.jsonl").read()
    assert [(r["status"], r["label"]) for r in records] == [("blocked", "PERSON")]
    assert "Ana" not in (tmp_path / "ledger.jsonl").read_text(encoding="utf-8")


def test_one_session_across_calls_keeps_placeholders(
    protector: Protector, models: ModelsSettings, tmp_path: Path, no_network: list[object]
) -> None:
    recorder = RecordingLM()
    guarded = _guard(dspy.Predict("question -> answer"), recorder, protector, tmp_path, models)
    session = Session()
    first = guarded.run({"question": "I am Ana Ruiz, my line is +34 612 345 678."}, session=session)
    second = guarded.run({"question": "Ana Ruiz here again, any news on +34 612 345 678?"}, session=session)
    asked = [str(r[-1]["content"]) for r in recorder.requests]
    assert "<PERSON_1>" in asked[0] and "<PERSON_1>" in asked[1] and "<PHONE_1>" in asked[1]
    assert "Ana Ruiz" in first.answer and "+34 612 345 678" in second.answer
    assert session.entries == 2


def test_list_and_dict_inputs_are_minimized_and_other_types_refused(
    protector: Protector, models: ModelsSettings, tmp_path: Path, no_network: list[object]
) -> None:
    recorder = RecordingLM()
    guarded = _guard(dspy.Predict("notes: list[str], priority: int -> answer"), recorder, protector, tmp_path, models)
    prediction = guarded(notes=["Call Ana Ruiz back.", "Her line: +34 612 345 678."], priority=2)
    assert raw_values_in(recorder.texts(), ["Ana Ruiz", "+34 612 345 678"]) == []
    assert "Ana Ruiz" in prediction.answer and "+34 612 345 678" in prediction.answer
    with pytest.raises(InputError, match="notes"):
        guarded(notes={"Ana Ruiz"}, priority=1)  # a set: refused, never sent
    assert len(recorder.requests) == 1


def test_a_predictor_with_its_own_lm_is_gated_too(
    protector: Protector, models: ModelsSettings, tmp_path: Path, no_network: list[object]
) -> None:
    own, default = RecordingLM(), RecordingLM()
    program = dspy.Predict("question -> answer")
    program.lm = own
    guarded = _guard(program, default, protector, tmp_path, models)
    assert program.lm is own  # the user's program is left as it was
    assert isinstance(guarded.program.lm, GatedLM)
    prediction = guarded(question=TICKETS[0][0])
    assert default.requests == [] and len(own.requests) == 1
    assert raw_values_in(own.texts(), TICKETS[0][1]) == []
    assert "Ana Ruiz" in prediction.answer
    guarded.program.lm = RecordingLM()  # swapped in behind the guard's back: refused
    with pytest.raises(ConfigError, match="outside the egress gate"):
        guarded(question="hello")


def test_the_gated_lm_refuses_outside_a_guarded_session(tmp_path: Path) -> None:
    recorder = RecordingLM()
    gated = GatedLM(recorder, EgressGate(EgressLedger(tmp_path / "l.jsonl"), None, "x", False))
    with pytest.raises(BoundaryViolationError):
        gated(messages=[{"role": "user", "content": "hello"}])
    assert recorder.requests == []
    assert "recording/fake" in repr(gated)
    with guarded_session(PseudonymMap()):  # the async path runs the same gated call
        outputs = asyncio.run(gated.acall(messages=[{"role": "user", "content": "hello <PERSON_1>"}]))
    assert len(recorder.requests) == 1 and "<PERSON_1>" in outputs[0]
    assert [r["status"] for r in EgressLedger(tmp_path / "l.jsonl").read()] == ["sent"]
    with pytest.raises(ConfigError):
        GatedLM("gpt-4o", gated.gate)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        guard(lambda question: question, lm=recorder)  # type: ignore[arg-type]


def _provider_reply(body: dict[str, Any]) -> str:
    return chat_reply(str(body["messages"][-1]["content"]))


def test_a_real_dspy_lm_through_the_guard_on_loopback(
    protector: Protector, models: ModelsSettings, tmp_path: Path
) -> None:
    """A user's dspy.LM (its cache on) talking to the recording provider on 127.0.0.1: the bodies the
    provider receives hold no raw value, every call reaches it (no cache), answers come back restored."""
    with CuriousProvider(reply=_provider_reply) as provider:
        lm = dspy.LM("openai/curious", api_base=provider.api_base, api_key="test-key", cache=True)
        guarded = _guard(dspy.ChainOfThought("question -> answer"), lm, protector, tmp_path, models)
        ticket, values = TICKETS[2]
        answers = [guarded(question=ticket).answer for _ in range(2)]
        bodies = [json.dumps(body, ensure_ascii=False) for body in provider.requests]
    assert len(bodies) == 2  # the same request twice: sent twice, never served from DSPy's cache
    assert raw_values_in(bodies, values) == []
    assert all(value in answer for answer in answers for value in values)
    assert [r["status"] for r in EgressLedger(tmp_path / "ledger.jsonl").read()] == ["sent", "sent"]


def test_without_lm_the_configured_external_role_is_used(protector: Protector, tmp_path: Path) -> None:
    with CuriousProvider(reply=_provider_reply) as provider:
        models = load_models(
            environ={
                "PDT_MODELS__EXTERNAL__MODEL": "openai/curious",
                "PDT_MODELS__EXTERNAL__API_BASE": provider.api_base,
                "PDT_MODELS__EXTERNAL__STAND_IN": "false",
            }
        )
        guarded = _guard(dspy.ChainOfThought("question -> answer"), None, protector, tmp_path, models)
        assert "gated=True" in repr(guarded.lm)
        ticket, values = TICKETS[0]
        answer = guarded(question=ticket).answer
        bodies = [json.dumps(body, ensure_ascii=False) for body in provider.requests]
    assert len(bodies) == 1 and raw_values_in(bodies, values) == []
    assert all(value in answer for value in values)


def test_a_personal_number_given_as_an_int_is_blocked(
    protector: Protector, models: ModelsSettings, tmp_path: Path, no_network: list[object]
) -> None:
    """Numbers pass unchanged, so with one among the inputs every message is read whole by the
    detector: a phone number typed as an int is found in the request and the request is refused."""
    recorder = RecordingLM()
    guarded = _guard(dspy.Predict("question: str, callback: int -> answer"), recorder, protector, tmp_path, models)
    with pytest.raises(EgressLeakError) as info:
        guarded(question="Please call me back.", callback=34612345678)
    assert info.value.label == "PHONE"
    assert recorder.requests == []
    answer = guarded(question="I am Ana Ruiz, how many days until my refund?", callback=3).answer
    assert "Ana Ruiz" in answer and raw_values_in(recorder.texts(), ["Ana Ruiz"]) == []
