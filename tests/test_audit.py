"""The artifact audit and the canaries: planted personal data and canaries are found in every
surface and encoding; a clean artifact raises no alarm."""

from __future__ import annotations

import base64
import json
import os
import random
import stat
import urllib.parse
from pathlib import Path
from typing import Any

import dspy
import pytest

from eval.synthetic_tickets import dni, iban_es, phone_es, phone_uk
from local_model.detection.hybrid import HybridDetector
from pipelines.audit import Auditor, decodings, main
from pipelines.canary import CanaryRegistry, compact
from signatures.delegation import AggregateAnswer, CraftRequest, RespondExternally
from signatures.errors import CanaryError

NAMES = ["Amelia Blackwood", "Javier Montoya", "Carmen Villalobos", "George Pemberton", "Rocío Echeverría"]


def luhn_card(rng: random.Random) -> str:
    body = "4" + "".join(str(rng.randrange(10)) for _ in range(14))
    total = sum(
        int(c) if i % 2 else (2 * int(c) - 9 if 2 * int(c) > 9 else 2 * int(c)) for i, c in enumerate(reversed(body))
    )
    return body + str((10 - total % 10) % 10)


def planted_values(rng: random.Random, registry: CanaryRegistry) -> list[tuple[str, str]]:
    """(kind, sentence) pairs: personal data of several types and canaries of every surface."""
    canaries = [c for s in ("train", "demos", "sessions", "corpus") for c in registry.issue(s)]
    out: list[tuple[str, str]] = []
    i = 0
    while len(out) < 120:
        k = i % 8
        if k == 0:
            out.append(("pii", f"The customer {rng.choice(NAMES)} asked about the bill."))
        elif k == 1:
            out.append(("pii", f"Call me back on {phone_es(rng)} tomorrow."))
        elif k == 2:
            out.append(("pii", f"Refund to IBAN {iban_es(rng)} please."))
        elif k == 3:
            out.append(("pii", f"Mi DNI es {dni(rng)}."))
        elif k == 4:
            out.append(("pii", f"Write to {rng.choice(NAMES).split()[0].lower()}.{rng.randrange(99)}@gmail.com now."))
        elif k == 5:
            out.append(("pii", f"My card number is {luhn_card(rng)}."))
        elif k == 6:
            out.append(("pii", f"My mobile is {phone_uk(rng)}."))
        else:
            out.append(("canary", f"Reference {canaries[(i // 8) % len(canaries)].value} noted."))
        i += 1
    return out


ENCODERS = {
    "plain": lambda s: s,
    "base64": lambda s: base64.b64encode(s.encode()).decode(),
    "url": lambda s: urllib.parse.quote(s),
    "unicode-escape": lambda s: "".join(f"\\u{ord(c):04x}" for c in s),
    "url+base64": lambda s: urllib.parse.quote("data=" + base64.urlsafe_b64encode(s.encode()).decode()),
}


def program_json(tmp_path: Path) -> dict[str, Any]:
    """A real saved DSPy program (the delegation predictors) to plant into."""

    class P(dspy.Module):
        def __init__(self) -> None:
            super().__init__()
            self.craft = dspy.Predict(CraftRequest)
            self.respond = dspy.Predict(RespondExternally)
            self.aggregate = dspy.Predict(AggregateAnswer)

    p = P()
    p.craft.demos = [
        dspy.Example(user_query="Hi, I am <PERSON_1>, my line <PHONE_1> is down.", task="coverage_issue",
                     external_request="Why would a mobile line lose signal since Monday?")
    ]  # fmt: skip
    path = tmp_path / "program.json"
    p.save(str(path))
    return dict(json.loads(path.read_text()))


def plant(doc: dict[str, Any], items: list[tuple[str, str]], offset: int = 0) -> list[tuple[str, str, str]]:
    """Put each item in its own place (nested demo fields, instructions, field descriptions) with
    its own encoding; returns (kind, encoding, JSON path) per item."""
    where: list[tuple[str, str, str]] = []
    keys = [k for k in doc if isinstance(doc[k], dict) and "signature" in doc[k]]
    encs = list(ENCODERS)
    used: set[tuple[str, int]] = set()
    for j, (kind, sentence) in enumerate(items):
        i = offset + j
        enc = encs[i % len(encs)]
        value = ENCODERS[enc](sentence)
        name = keys[j % len(keys)]
        pred = doc[name]
        surface = (j // len(keys)) % 3
        if surface == 1 and (name, 1) not in used:
            used.add((name, 1))
            pred["signature"]["instructions"] += f"\nExample: {value}"
            path = f"{name}.signature.instructions"
        elif surface == 2 and (name, 2) not in used:
            used.add((name, 2))
            pred["signature"]["fields"][0]["description"] = value
            path = f"{name}.signature.fields[0].description"
        else:
            pred.setdefault("demos", []).append({"user_query": "context", "notes": {"deep": [value]}})
            path = f"{name}.demos[{len(pred['demos']) - 1}].notes.deep[0]"
        where.append((kind, enc, path))
    return where


@pytest.fixture(scope="module")
def auditor(detector: HybridDetector) -> Auditor:
    return Auditor(detector)


def test_decodings_peel_nested_encodings() -> None:
    secret = "Refund to IBAN ES91 2100 0418 4502 0005 1332"
    nested = urllib.parse.quote("x=" + base64.b64encode(secret.encode()).decode())
    assert any(secret in text for _, text in decodings(nested))
    assert any(secret == text for _, text in decodings("".join(f"\\u{ord(c):04x}" for c in secret)))
    assert list(decodings("plain words only")) == []


def test_audit_finds_every_planted_item(tmp_path: Path, detector: HybridDetector) -> None:
    """>= 100 planted items (7 personal-data types and canaries of 4 surfaces) across demos,
    instructions and field descriptions, in 5 encodings; every one is found at its own path."""
    rng = random.Random(5)
    registry = CanaryRegistry(tmp_path / "canaries.json")
    items = planted_values(rng, registry)
    assert len(items) >= 100
    auditor = Auditor(detector, registry)
    missed = []
    batch = 12
    for start in range(0, len(items), batch):
        doc = program_json(tmp_path)
        where = plant(doc, items[start : start + batch], start)
        findings = auditor.scan("program.json", doc)
        for kind, enc, path in where:
            here = [f for f in findings if f.where.endswith(":$." + path)]
            if not any(f.kind == kind for f in here):
                missed.append((kind, enc, path))
    assert missed == []


def test_audit_cli_fails_on_planted_and_passes_clean(
    tmp_path: Path, detector: HybridDetector, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = CanaryRegistry(tmp_path / "canaries.json")
    canary = registry.issue("demos")[0]
    registry.save()
    clean = program_json(tmp_path)
    (tmp_path / "clean.json").write_text(json.dumps(clean))
    assert main([str(tmp_path / "clean.json"), "--canaries", str(registry.path)]) == 0
    assert "clean" in capsys.readouterr().out

    dirty = program_json(tmp_path)
    plant(dirty, [("pii", "Customer Javier Montoya, DNI 12345678Z."), ("canary", f"Ref {canary.value}.")])
    (tmp_path / "dirty.json").write_text(json.dumps(dirty))
    report = tmp_path / "report.json"
    assert main([str(tmp_path / "dirty.json"), "--canaries", str(registry.path), "--report", str(report)]) == 1
    out = capsys.readouterr().out
    data = json.loads(report.read_text())
    assert data["counts"]["pii"] >= 1 and data["counts"]["canary"] >= 1
    for text in (out, report.read_text()):  # never the raw value in full
        assert "12345678Z" not in text and "Montoya" not in text
        assert compact(canary.value) not in compact(text)


def test_audit_reads_trace_and_ledger_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "program.json").write_text(json.dumps(program_json(tmp_path)))
    traces = tmp_path / "traces"
    traces.mkdir()
    (traces / "ledger.jsonl").write_text(
        json.dumps({"messages": [{"content": "Call Lucía Fernández on +34 612 345 678"}]}) + "\n"
    )
    assert main([str(tmp_path / "program.json"), "--traces", str(traces)]) == 1
    assert "ledger.jsonl:1" in capsys.readouterr().out


def test_audit_forbidden_values_and_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = program_json(tmp_path)
    doc["craft"]["signature"]["instructions"] += " (ask xq-7731 first)"
    (tmp_path / "p.json").write_text(json.dumps(doc))
    (tmp_path / "forget.txt").write_text("XQ-7731\n")
    assert main([str(tmp_path / "p.json"), "--forbid", str(tmp_path / "forget.txt")]) == 1
    assert main([str(tmp_path / "missing.json")]) == 2
    assert main([str(tmp_path / "p.json"), "--canaries", str(tmp_path / "nope.json")]) == 2
    assert "not found" in capsys.readouterr().err


def test_canary_registry(tmp_path: Path) -> None:
    import stdnum.iban
    import stdnum.luhn

    reg = CanaryRegistry(tmp_path / "reg.json")
    issued = {c.kind: c for c in reg.issue("train", ("card", "iban", "email", "phone"))}
    assert not stdnum.luhn.is_valid(issued["card"].value.replace(" ", ""))  # impossible by construction
    assert not stdnum.iban.is_valid(issued["iban"].value)
    assert issued["email"].value.endswith(".invalid")
    assert all(c.entropy_bits >= 19 for c in issued.values())
    assert issued["card"].value not in repr(issued["card"]) and issued["card"].value not in repr(reg)
    reg.save()
    assert stat.S_IMODE(os.stat(reg.path).st_mode) == 0o600
    again = CanaryRegistry.load(reg.path)
    fresh = again.rotate("train")
    assert len(fresh) == 4 and len(again.active("train")) == 4
    old = issued["card"].value
    assert again.find(f"seen: {old.replace(' ', '-')}")  # retired ones are still caught
    with pytest.raises(CanaryError):
        reg.issue("nowhere")
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(CanaryError, match="malformed"):
        CanaryRegistry.load(tmp_path / "bad.json")


def test_our_records_metadata_is_not_read_as_personal_data(detector: HybridDetector) -> None:
    """A compile's plan and ledger lines carry configuration and digests ("tiny" read as a person,
    a model name as a user name made every compile's audit fail); only the canary and
    forbidden-value search looks at them, and data fields are still read."""
    plan = {
        "budget": "tiny",
        "optimizer": "mipro",
        "endpoints": {"local": "openai/smollm2-135m@http://127.0.0.1:8011/v1"},
        "session": "5f1c0e",
        "artifact": "/work/main/runs/compile/mipro-seed0/program.json",  # the tagger: a user name
        "notes": "Call Amelia Pemberton on +44 7700 900456",
    }
    found = Auditor(detector, forbidden=["5f1c0e"]).scan("plan.json", plan)
    assert {f.where for f in found} == {"plan.json:$.notes", "plan.json:$.session"}
    assert [f.kind for f in found if f.where.endswith("session")] == ["forbidden"]
