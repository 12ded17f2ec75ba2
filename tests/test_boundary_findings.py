"""The adversarial review's findings against the trust boundary, one test (or table) each.

Values are invented.  The external role points at a recording provider on loopback
(``tests/curious_provider.py``); assertions read what the provider received, not our ledger.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from configs.locality import endpoint_problem
from configs.models import ModelsSettings, load_models
from configs.settings import load_settings
from local_model.boundary.answer_gate import AnswerGate
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from pipelines.assistant import SupportAssistant
from pipelines.support_assistant import main
from signatures.entities import Label
from signatures.errors import BoundaryConfigError, BoundaryViolationError, ConfigError, EgressLeakError, HandoffError
from tests.curious_provider import CuriousProvider

# ------------------------------------------------------------------ 1. locality of raw-text roles

NOT_LOCAL = [
    "http://10.0.0.5:8000/v1",
    "https://api.openai.com/v1",
    "http://127.0.0.1@evil.example:8000/v1",
    "http://evil.example#@127.0.0.1:8000/v1",
    "http://127.0.0.1#@evil.example/v1",
    "http://127.0.0.1\\@evil.example/v1",
    "http://127.0.0.1.nip.io:8000/v1",
    "http://localhost.evil.example/v1",
    "http://0.0.0.0:8000/v1",
    "http://127.0.0.1:8000/v1?next=evil.example",
    "ftp://127.0.0.1/v1",
    "",
]
LOCAL = [
    "http://127.0.0.1:8011/v1",
    "http://127.1.2.3:8011/v1",
    "http://localhost:8011/v1",
    "http://[::1]:8011/v1",
    "unix:///run/vllm.sock",
    "http+unix://%2Frun%2Fvllm.sock/v1",
]


@pytest.mark.parametrize("api_base", NOT_LOCAL)
def test_the_locality_rule_refuses_tricks(api_base: str) -> None:
    assert endpoint_problem(api_base) is not None


@pytest.mark.parametrize("api_base", LOCAL)
def test_the_locality_rule_accepts_loopback_and_sockets(api_base: str) -> None:
    assert endpoint_problem(api_base) is None


def test_trusted_hosts_are_matched_exactly() -> None:
    assert endpoint_problem("http://gpu.internal:8000/v1", ["gpu.internal"]) is None
    assert endpoint_problem("http://GPU.internal:8000/v1", ["gpu.internal"]) is None
    assert endpoint_problem("http://gpu.internal.evil.example/v1", ["gpu.internal"]) is not None
    assert endpoint_problem("http://10.0.0.5/v1", ["gpu.internal"]) is not None


@pytest.mark.parametrize("role", ["LOCAL", "JUDGE"])
@pytest.mark.parametrize("api_base", ["http://10.0.0.5:8000/v1", "https://api.openai.com/v1", ""])
def test_load_models_refuses_a_raw_text_role_outside_the_boundary(role: str, api_base: str) -> None:
    with pytest.raises(BoundaryConfigError) as info:
        load_models(environ={f"PDT_MODELS__{role}__API_BASE": api_base})
    assert info.value.role == role.lower()
    assert f"PDT_MODELS__{role}__API_BASE" in str(info.value)


def test_a_private_gpu_server_is_allowed_when_trusted() -> None:
    env = {
        "PDT_MODELS__LOCAL__API_BASE": "http://gpu.internal:8000/v1",
        "PDT_MODELS__BOUNDARY__TRUSTED_HOSTS": "[gpu.internal]",
    }
    assert load_models(environ=env).local.api_base == "http://gpu.internal:8000/v1"


def test_the_external_role_may_be_anywhere() -> None:
    models = load_models(environ={"PDT_MODELS__EXTERNAL__API_BASE": "https://api.openai.com/v1"})
    assert models.external.api_base == "https://api.openai.com/v1"


def test_load_settings_refuses_a_remote_lm_detector() -> None:
    with pytest.raises(BoundaryConfigError, match="PDT__DETECTOR__LM__API_BASE"):
        load_settings(environ={"PDT__DETECTOR__LM__API_BASE": "https://api.openai.com/v1"})
    env = {"PDT__DETECTOR__LM__API_BASE": "http://gpu.internal/v1", "PDT__BOUNDARY__TRUSTED_HOSTS": "[gpu.internal]"}
    assert load_settings(environ=env).detector.lm.api_base == "http://gpu.internal/v1"


def _clis(tmp_path: Path) -> dict[str, tuple[Callable[[list[str]], int], list[str]]]:
    from eval import judge_agreement, latency_bench, leak_bench, pii_bench
    from local_model import serve
    from pipelines import audit, demo
    from pipelines.compile import run as compile_run

    tickets = tmp_path / "t.jsonl"
    tickets.write_text('{"id": 1, "text": "hello"}\n')
    program = tmp_path / "p.json"
    program.write_text("{}")
    return {
        "support_assistant": (main, ["--tickets", str(tickets), "--out", str(tmp_path / "o")]),
        "compile": (compile_run.main, ["--optimizer", "mipro", "--budget", "tiny", "--no-mlflow"]),
        "latency_bench": (latency_bench.main, ["--n", "1", "--out", str(tmp_path / "lb")]),
        "judge_agreement": (judge_agreement.main, ["--limit", "1"]),
        "serve": (serve.main, ["--prepare-only"]),
        "pii_bench": (pii_bench.main, ["--format", "pupa", "--limit", "1", "--out", str(tmp_path / "pb")]),
        "leak_bench": (leak_bench.main, ["--limit", "1", "--out", str(tmp_path / "lk")]),
        "audit": (audit.main, [str(program)]),
        "demo": (demo.main, ["--text", "hello"]),
    }


MODELS_CLIS = ["support_assistant", "compile", "latency_bench", "judge_agreement", "serve"]
SETTINGS_CLIS = ["support_assistant", "compile", "pii_bench", "leak_bench", "audit", "demo", "judge_agreement"]


@pytest.mark.parametrize("cli", MODELS_CLIS)
def test_every_cli_refuses_a_remote_local_role_before_connecting(
    cli: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], no_network: list[Any]
) -> None:
    monkeypatch.setenv("PDT_MODELS__LOCAL__API_BASE", "https://llm.example.net/v1")
    fn, argv = _clis(tmp_path)[cli]
    assert fn(argv) != 0
    err = capsys.readouterr().err
    assert "local" in err and "PDT_MODELS__LOCAL__API_BASE" in err
    assert no_network == []


@pytest.mark.parametrize("cli", SETTINGS_CLIS)
def test_every_cli_refuses_a_remote_lm_detector(
    cli: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], no_network: list[Any]
) -> None:
    monkeypatch.setenv("PDT__DETECTOR__LM__API_BASE", "https://llm.example.net/v1")
    fn, argv = _clis(tmp_path)[cli]
    assert fn(argv) != 0
    err = capsys.readouterr().err
    assert "LM detector" in err and "PDT__DETECTOR__LM__API_BASE" in err
    assert no_network == []


# ------------------------------------------------------------------ 2. safety switches


def test_switches_that_turn_protection_off_are_refused(caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(ConfigError, match="unsafe_skip_recheck"):
        load_models(environ={"PDT_MODELS__EGRESS__DETECTORS": "[]"})
    with pytest.raises(ConfigError, match="unsafe_disable_leak_gate"):
        load_models(environ={"PDT_MODELS__ASSISTANT__LEAK_THRESHOLD": "1.0"})
    with caplog.at_level(logging.WARNING, logger="pdt.config"):
        models = load_models(
            environ={
                "PDT_MODELS__EGRESS__DETECTORS": "[]",
                "PDT_MODELS__EGRESS__UNSAFE_SKIP_RECHECK": "true",
                "PDT_MODELS__ASSISTANT__LEAK_THRESHOLD": "1.0",
                "PDT_MODELS__ASSISTANT__UNSAFE_DISABLE_LEAK_GATE": "true",
            }
        )
    assert models.egress.detectors == [] and models.assistant.leak_threshold == 1.0
    assert sum("UNSAFE" in r.getMessage() for r in caplog.records) == 2


def test_an_empty_detector_list_is_refused() -> None:
    with pytest.raises(ConfigError, match="detectors"):
        load_settings(environ={"PDT__DETECTOR__DETECTORS": "[]"})


# ------------------------------------------------------------------ helpers


def provider_models(api_base: str, **assistant: Any) -> ModelsSettings:
    models = load_models(environ={})
    external = models.external.model_copy(update={"model": "openai/curious", "api_base": api_base, "stand_in": False})
    return models.model_copy(update={"external": external, "assistant": models.assistant.model_copy(update=assistant)})


def echo(body: dict[str, Any]) -> str:
    """The provider echoes the request (placeholders included) back."""
    request = body["messages"][-1]["content"].split("[[ ## request ## ]]", 1)[-1].split("[[ ##", 1)[0]
    return json.dumps({"response": "Noted: " + request.strip()[:300]})


def sent(provider: CuriousProvider) -> str:
    return "\n".join(json.dumps(body, ensure_ascii=False) for body in provider.requests)


# ------------------------------------------------------------------ 3. needed types: only the customer's values


def test_number_porting_sends_the_customers_number_not_the_exs(tmp_path: Path, detector: HybridDetector) -> None:
    ticket = "Port my number +34 612 345 678 please. My ex's number is +34 699 111 222, never call her."
    with CuriousProvider(reply=echo) as provider:
        assistant = SupportAssistant(
            provider_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l"
        )
        answer = assistant.answer(ticket, "number_porting")
    body = sent(provider)
    assert "612 345 678" in body  # the task needs the customer's number
    assert "699 111 222" not in body and "699111222" not in body
    assert "699 111 222" not in answer.text or "<PHONE" not in answer.text


def test_the_ticket_cannot_widen_what_passes(tmp_path: Path, detector: HybridDetector) -> None:
    ticket = "My number is +34 612 345 678, my number is +34 655 444 333 and my number is +34 677 888 999."
    with CuriousProvider(reply=echo) as provider:
        assistant = SupportAssistant(
            provider_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l"
        )
        assistant.answer(ticket, "number_porting")
    body = sent(provider)
    raw = sum(n in body for n in ("612 345 678", "655 444 333", "677 888 999"))
    assert raw == 1  # number_porting declares one value per type


# ------------------------------------------------------------------ 4. raw data at rest and in errors


def _cli_env(monkeypatch: pytest.MonkeyPatch, provider: CuriousProvider) -> None:
    monkeypatch.setenv("PDT_MODELS__EXTERNAL__API_BASE", provider.api_base)
    monkeypatch.setenv("PDT_MODELS__EXTERNAL__MODEL", "openai/curious")
    monkeypatch.setenv("PDT_MODELS__EXTERNAL__STAND_IN", "false")


def test_files_with_personal_data_are_private_whatever_existed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], detector: HybridDetector
) -> None:
    out = tmp_path / "out"
    out.mkdir(mode=0o755)
    os.chmod(out, 0o755)
    (out / "ledger.jsonl").write_text("")
    os.chmod(out / "ledger.jsonl", 0o644)
    (out / "answers.jsonl").write_text("")
    os.chmod(out / "answers.jsonl", 0o644)
    tickets = tmp_path / "t.jsonl"
    tickets.write_text(
        json.dumps({"id": "lucia.fernandez@example.org", "text": "Soy Lucía Fernández, la factura está mal."}) + "\n"
        + json.dumps({"id": 2, "text": "Soy Lucía Fernández.", "task": "Lucía Fernández Ruiz"}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    with CuriousProvider(reply=echo) as provider:
        _cli_env(monkeypatch, provider)
        rc = main(["--tickets", str(tickets), "--out", str(out), "--architecture", "minimize_then_external", "--quiet"])
    captured = capsys.readouterr()
    assert rc == 1  # the ticket with an unknown task failed
    for name in ("answers.jsonl", "ledger.jsonl", "summary.json"):
        assert stat.S_IMODE(os.stat(out / name).st_mode) == 0o600, name
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o700
    ledger = (out / "ledger.jsonl").read_text(encoding="utf-8")
    assert "lucia.fernandez" not in ledger and "example.org" not in ledger  # ticket ids are keyed hashes
    answers = (out / "answers.jsonl").read_text(encoding="utf-8")
    for text in (captured.err, captured.out, answers):
        assert "Ruiz" not in text  # the invalid task's text is never repeated


# ------------------------------------------------------------------ 5. bad input


def test_bad_lines_get_a_per_line_error_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], detector: HybridDetector
) -> None:
    tickets = tmp_path / "t.jsonl"
    good = json.dumps({"id": "ok", "text": "My line has no signal since Monday."}).encode()
    tickets.write_bytes(
        b'{"id": 1, "text": "Hola \xff\xfe Luc\xeda"}\n'  # invalid UTF-8
        + b"\x00\x01\x02binary\x00\n"
        + b'{"a": ' * 100_000 + b"1" + b"}" * 100_000 + b"\n"  # nested 100,000 levels
        + b'{"id": true, "text": "hello"}\n'
        + good + b"\n"
    )  # fmt: skip
    out = tmp_path / "out"
    with CuriousProvider(reply=echo) as provider:
        _cli_env(monkeypatch, provider)
        rc = main(["--tickets", str(tickets), "--out", str(out), "--architecture", "minimize_then_external", "--quiet"])
    err = capsys.readouterr().err
    assert rc == 1
    assert "Traceback" not in err
    records = [json.loads(line) for line in (out / "answers.jsonl").read_text().splitlines()]
    assert [r.get("line") for r in records[:4]] == [1, 2, 3, 4]
    assert "UTF-8" in records[0]["error"] and "nested" in records[2]["error"] and "id" in records[3]["error"]
    assert records[4]["id"] == "ok" and "answer" in records[4]
    assert "Luc" not in err


def test_a_lone_surrogate_is_a_ticket_error(tmp_path: Path, detector: HybridDetector) -> None:
    from signatures.errors import TicketError

    assistant = SupportAssistant(architecture="minimize_then_external", ledger_path=tmp_path / "l")
    with pytest.raises(TicketError, match="surrogate"):
        assistant.answer("Hola \ud800 Lucía")


# ------------------------------------------------------------------ 6. the answer gate


TICKET = "Hello, my name is Oliver Whitaker. My line +44 7700 900123 has no signal at 12 Baker Street, Leeds."
FOREIGN_REPLIES = [
    "Margaret Thornbury had the same fault last week.",
    "margaret thornbury had the same fault last week.",
    "the previous holder was winifred oakes, she moved out.",
    "the line was set up by jorge albarrán before you.",
    "MARGARET THORNBURY had the same fault.",
    "Маргарет Торнбери had the same fault.",
    "Marg\u200baret Thorn\u200bbury had the same fault.",
    "Our engineer Javier Montoya will call you.",
    "Mrs. Okafor from the next street reported it too.",
    "Please contact Dr. Eleanor Vance at eleanor.vance@hospital.org",
    "Call our engineer on plus four four seven seven zero zero nine zero zero seven seven seven.",
    "Call our engineer on +44 7700 900777.",
    "Your neighbour at 14 Baker Street, Ms Priya Raman, has the same issue.",
    "We compared with the account of Lucía Fernández (DNI 12345678Z).",
    "Write to margaret.thornbury@example-mail.com for details.",
    "The previous owner of the line, Hans Müller, cancelled it.",
    "Ask for Agnieszka Kowalczyk at the shop.",
    "Siobhan O'Sullivan reported the outage first.",
    "Our records show the line belonged to Kwame Mensah.",
    "Try the IBAN GB33BUKB20201555555555 of the previous owner.",
    "Contact @mthornbury on our forum.",
    "The technician, Björn Lindqvist, fixed the mast.",
]
OWN_REPLIES = [
    "Dear Oliver Whitaker, your line +44 7700 900123 works again.",
    "Hello Oliver, we checked the mast near 12 Baker Street, Leeds.",
    "We checked [REDACTED_BUILDING_NUMBER] and the mast near <PERSON_1>.",
    "Thanks <PERSON_1>, see https://help.example.com/signal for updates.",
    "Your line works again. Please restart your phone.",
    # the tagger read the inside of a redaction tag as a user name (5 of 60 echoed tickets handed off)
    "I was diagnosed with [REDACTED_HEALTH] and I need the phone for my appointments.",
    "Noted: [REDACTED_USERNAME] and <EMAIL_2> are on file, order [REDACTED_ORDER_NUMBER].",
]


@pytest.fixture(scope="module")
def gate(detector: HybridDetector) -> AnswerGate:
    full = HybridDetector(detector.settings.model_copy(update={"propagate_mentions": False}))
    return AnswerGate(full)


@pytest.mark.parametrize("reply", FOREIGN_REPLIES)
def test_a_reply_naming_another_person_is_foreign(gate: AnswerGate, reply: str) -> None:
    assert gate.check(reply, [TICKET]).f > 0.0


@pytest.mark.parametrize("reply", OWN_REPLIES)
def test_our_markers_and_the_customers_own_data_are_not_findings(gate: AnswerGate, reply: str) -> None:
    assert gate.check(reply, [TICKET]).f == 0.0


def test_an_invented_link_is_counted_not_handed_off(gate: AnswerGate) -> None:
    verdict = gate.check("See https://support.telco-help.net/reset for the steps.", [TICKET])
    assert verdict.f == 0.0 and verdict.invented == ["URL"]


def test_a_field_label_before_a_marker_is_not_a_value(tmp_path: Path, detector: HybridDetector) -> None:
    ticket = "IBAN ES91 2100 0418 4502 0005 1332: please refund me, I was charged twice."
    with CuriousProvider(reply=echo) as provider:
        assistant = SupportAssistant(
            provider_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l"
        )
        answer = assistant.answer(ticket, "billing_dispute")
    assert "ES91 2100 0418 4502 0005 1332" in answer.text
    assert "ES91" not in sent(provider)


def test_surrogate_style_never_blocks_itself_on_a_typed_fake_value(tmp_path: Path, detector: HybridDetector) -> None:
    ticket = "I am Alex, call me on +44 7700 900001 or +44 7700 900002 about user1@example.invalid."
    with CuriousProvider(reply=echo) as provider:
        assistant = SupportAssistant(
            provider_models(provider.api_base, surrogate_style="surrogate"),
            architecture="minimize_then_external",
            ledger_path=tmp_path / "l",
        )
        answer = assistant.answer(ticket, "general_question")
    assert answer.text
    assert "900001" not in sent(provider) and "900002" not in sent(provider)


@pytest.mark.parametrize("reply", FOREIGN_REPLIES)
def test_the_assistant_hands_off_every_reply_naming_another_person(
    tmp_path: Path, detector: HybridDetector, reply: str
) -> None:
    with CuriousProvider(reply=lambda body: json.dumps({"response": reply})) as provider:
        assistant = SupportAssistant(
            provider_models(provider.api_base), architecture="minimize_then_external", ledger_path=tmp_path / "l"
        )
        with pytest.raises(HandoffError) as info:
            assistant.answer(TICKET, "coverage_issue")
    assert info.value.kind == "answer-leak"
    assert "Thornbury" not in str(info.value) and "900777" not in str(info.value)


# ------------------------------------------------------------------ 7. an external call outside a session


def test_an_external_call_outside_a_session_is_a_bug_not_a_handoff(tmp_path: Path) -> None:
    gate = EgressGate(EgressLedger(tmp_path / "l.jsonl"), None, "x", True)
    with pytest.raises(BoundaryViolationError) as info:
        gate.send([{"role": "user", "content": "hi"}], lambda m: None)
    assert not isinstance(info.value, EgressLeakError | HandoffError)
    assert EgressLedger(tmp_path / "l.jsonl").read() == []


# ------------------------------------------------------------------ 9. memory of a long-running process


def test_spacy_vocabulary_does_not_grow_with_fresh_names(detector: HybridDetector) -> None:
    ner = next(d for d in detector.detectors if d.name == "ner")
    nlp = ner._nlp  # type: ignore[attr-defined]
    detector.detect("Warm-up: Zorvath Quenby met Ilsabet Marroq in Vendrith.")
    before = len(nlp.vocab.strings)
    for i in range(200):
        detector.detect(f"Yesterday Qarvel{i}x Brundlemoor{i}q met Xelindra{i}w Pockthorne{i}z.")
    assert len(nlp.vocab.strings) <= before + 5


def test_release_memory_forgets_cached_words(detector: HybridDetector) -> None:
    from local_model.text.words import zipf

    zipf("Quorvendale")
    assert zipf.cache_info().currsize > 0
    detector.release_memory()
    assert zipf.cache_info().currsize == 0


def test_pseudonym_maps_of_two_tickets_never_share_values() -> None:
    a, b = PseudonymMap(), PseudonymMap()
    pa = a.pseudonym_for(Label.PERSON, "Lucía Fernández")
    pb = b.pseudonym_for(Label.PERSON, "Oliver Whitaker")
    assert pa == pb == "<PERSON_1>"
    assert a.reinject(pb).text == "Lucía Fernández" and b.reinject(pa).text == "Oliver Whitaker"
