"""End-to-end: the support assistant against a curious provider that records what it receives.

The fixed-reply tests need no model server for ``minimize_then_external`` (no local LM step).
The tests marked ``integration`` use the real local vLLM server, started once per session.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from configs.models import ModelsSettings, load_models
from configs.settings import load_domain
from eval.synthetic_tickets import SyntheticTicket, generate
from local_model.boundary.ledger import request_hash
from local_model.detection.hybrid import HybridDetector
from pipelines.assistant import SupportAssistant
from pipelines.support_assistant import main
from signatures.errors import HandoffError
from tests.curious_provider import CuriousProvider

TICKETS = generate(60, seed=11)
PLACEHOLDER = re.compile(r"<[A-Z_]+_\d+>")


def echo_placeholders(body: dict[str, Any]) -> str:
    """A provider reply that mentions every placeholder of the request (as a JSON answer)."""
    user = body["messages"][-1]["content"]
    request = user.split("[[ ## request ## ]]", 1)[-1]
    markers = list(dict.fromkeys(PLACEHOLDER.findall(request)))
    text = "We have updated the account. Reference details: " + "; ".join(markers) + "."
    return json.dumps({"response": text})


def external_models(api_base: str, model: str = "curious") -> ModelsSettings:
    models = load_models(environ={})
    external = models.external.model_copy(update={"model": f"openai/{model}", "api_base": api_base, "stand_in": False})
    return models.model_copy(update={"external": external})


def variants(value: str, label: str) -> list[str]:
    """The raw value and the forms a leak could take (no spaces, each name part)."""
    out = [value, value.replace(" ", "")]
    if label == "PERSON":
        out += [p for p in value.split() if len(p) > 2]
    return out


def leaked(values: list[str], label: str, bodies: list[str]) -> list[str]:
    blob = "\n".join(bodies).lower()
    squeezed = re.sub(r"\s+", "", blob)
    return [v for v in variants(values[0], label) if v.lower() in blob or v.replace(" ", "").lower() in squeezed]


def provider_text(provider: CuriousProvider) -> list[str]:
    return [json.dumps(body, ensure_ascii=False) for body in provider.requests]


def assert_ledger_matches(provider: CuriousProvider, ledger: Path) -> None:
    records = [json.loads(line) for line in ledger.read_text(encoding="utf-8").splitlines()] if ledger.exists() else []
    sent = [r for r in records if r["status"] in ("sent", "failed")]
    seen = provider.messages()
    assert len(sent) == len(seen), "the ledger must hold exactly the requests the provider saw"
    for record, messages in zip(sent, seen, strict=True):
        assert record["messages"] == messages
        assert record["request_sha256"] == request_hash(messages)
    for r in records:
        if r["status"] == "blocked":
            assert "messages" not in r  # a blocked request is recorded by type only


def run_tickets(
    assistant: SupportAssistant, tickets: list[SyntheticTicket], task: str | None = None
) -> dict[str, str | Exception]:
    out: dict[str, str | Exception] = {}
    for t in tickets:
        try:
            out[t.id] = assistant.answer(t.text, task or t.task, ticket_id=t.id).text
        except HandoffError as exc:
            out[t.id] = exc
    return out


def test_fixed_reply_no_raw_pii_reaches_provider_and_answers_restore_values(
    tmp_path: Path, detector: HybridDetector
) -> None:
    domain = load_domain("telecom_support")
    with CuriousProvider(reply=echo_placeholders) as provider:
        assistant = SupportAssistant(
            external_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l.jsonl"
        )
        results = run_tickets(assistant, TICKETS)
    assert len(provider.requests) >= 50
    bodies = provider_text(provider)
    exempt = 0
    for t in TICKETS:
        needed = {lbl.value for lbl in domain.needed_by(t.task)}
        for label, values in t.values.items():
            if label in needed:
                exempt += 1  # the declared task needs it (number porting sends the number)
                continue
            assert not leaked(values, label, bodies), f"{t.id}: raw {label} reached the provider"
        answer = results[t.id]
        assert isinstance(answer, str), f"{t.id}: {answer}"
        for label, values in t.values.items():
            if label in ("PERSON", "PHONE", "IBAN", "NATIONAL_ID") and label not in needed:
                assert values[0] in answer, f"{t.id}: the answer lost the real {label}"
        assert "HEALTH" not in t.values or t.values["HEALTH"][0] not in answer  # redacted, not restored
    assert exempt == sum(1 for t in TICKETS if t.task == "number_porting")
    assert_ledger_matches(provider, tmp_path / "l.jsonl")


def test_no_raw_value_at_all_when_the_task_needs_none(tmp_path: Path, detector: HybridDetector) -> None:
    with CuriousProvider(reply=echo_placeholders) as provider:
        assistant = SupportAssistant(
            external_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l.jsonl"
        )
        run_tickets(assistant, TICKETS, task="general_question")
    bodies = provider_text(provider)
    for t in TICKETS:
        for label, values in t.values.items():
            assert not leaked(values, label, bodies), f"{t.id}: raw {label} reached the provider"
    assert_ledger_matches(provider, tmp_path / "l.jsonl")


def test_provider_inventing_another_persons_data_is_handed_off(tmp_path: Path, detector: HybridDetector) -> None:
    def gossip(body: dict[str, Any]) -> str:
        return json.dumps({"response": "Please call our customer Margaret Thornbury on +44 7700 900777."})

    with CuriousProvider(reply=gossip) as provider:
        assistant = SupportAssistant(
            external_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l.jsonl"
        )
        with pytest.raises(HandoffError) as info:
            assistant.answer(TICKETS[0].text, TICKETS[0].task)
    assert info.value.kind == "answer-leak"
    assert "Thornbury" not in str(info.value) and "900777" not in str(info.value)


@pytest.mark.integration
def test_papillon_with_the_local_vllm_model(tmp_path: Path, vllm_server: object, detector: HybridDetector) -> None:
    models = load_models(environ={})
    with CuriousProvider(upstream=models.server.base_url) as provider:
        assistant = SupportAssistant(
            external_models(provider.api_base, models.server.served_model_name),
            architecture="papillon",
            ledger_path=tmp_path / "l.jsonl",
        )
        sample = TICKETS[:10]
        results = run_tickets(assistant, sample)
    bodies = provider_text(provider)
    domain = load_domain("telecom_support")
    for t in sample:
        needed = {lbl.value for lbl in domain.needed_by(t.task)}
        for label, values in t.values.items():
            if label not in needed:
                assert not leaked(values, label, bodies), f"{t.id}: raw {label} reached the provider"
        result = results[t.id]
        assert (isinstance(result, str) and result.strip()) or isinstance(result, HandoffError)
    assert_ledger_matches(provider, tmp_path / "l.jsonl")
    assert assistant.local.calls >= 2 * len(sample) - sum(isinstance(r, HandoffError) for r in results.values())


@pytest.mark.integration
def test_local_only_sends_nothing(tmp_path: Path, vllm_server: object, detector: HybridDetector) -> None:
    with CuriousProvider(reply=echo_placeholders) as provider:
        assistant = SupportAssistant(
            external_models(provider.api_base), architecture="local_only", ledger_path=tmp_path / "l.jsonl"
        )
        results = run_tickets(assistant, TICKETS[:3])
    assert provider.requests == []
    assert not (tmp_path / "l.jsonl").exists()
    assert all(isinstance(r, str | HandoffError) for r in results.values())


@pytest.mark.integration
def test_cli_on_the_embedded_stand_in(tmp_path: Path, vllm_server: object) -> None:
    tickets = tmp_path / "tickets.jsonl"
    tickets.write_text("\n".join(json.dumps(t.record(), ensure_ascii=False) for t in TICKETS[:4]) + "\n")
    out = tmp_path / "out"
    assert (
        main(["--tickets", str(tickets), "--out", str(out), "--architecture", "minimize_then_external", "--quiet"]) == 0
    )
    answers = [json.loads(line) for line in (out / "answers.jsonl").read_text().splitlines()]
    assert [a["id"] for a in answers] == [t.id for t in TICKETS[:4]]
    assert all(("answer" in a) != ("error" in a) for a in answers)
    ledger = (out / "ledger.jsonl").read_text(encoding="utf-8")
    assert ledger.count("\n") >= 1
    for t in TICKETS[:4]:
        for label, values in t.values.items():
            if label != "PHONE" or t.task != "number_porting":
                assert values[0] not in ledger, f"raw {label} in the ledger"
