"""CI gate: compile a tiny program on the embedded defaults, then audit everything it produced.

One compile (MIPROv2, budget ``smoke``: one candidate trial, 2 test rows; the local vLLM model,
MLflow into a temporary store) with ``--forget`` of a real PUPA unit proves three things at once:
the compiled program, the run's plan/report/ledger and every MLflow artifact hold no personal data
and none of the seeded train canaries, and the forgotten value is gone from all of them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from configs.settings import load_settings
from pipelines import audit
from pipelines.canary import CanaryRegistry
from pipelines.compile import data as compile_data
from pipelines.compile import run as compile_run
from pipelines.compile.optimize import BUDGETS
from signatures import delegation as sig


@pytest.mark.integration
@pytest.mark.timeout(1800)
def test_tiny_compile_is_audited_clean(tmp_path: Path, vllm_server: object, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = load_settings(environ={})
    rows = compile_data.load_pupa(settings.bundled("pupa"))
    data = compile_data.split(rows, 0, 30, 20)
    # a unit that occurs in no other row, so removing its row removes it from the data
    victim = next(
        r
        for r in compile_data.sample(data["train"], 200, 0)
        if r.units and len(r.units[0]) > 5 and sum(compile_data.holds_any(other, [r.units[0]]) for other in rows) == 1
    )
    forget = tmp_path / "forget.txt"
    forget.write_text(victim.units[0] + "\n", encoding="utf-8")
    registry = tmp_path / "canaries.json"
    monkeypatch.setenv("PDT_MODELS__COMPILE__CANARIES", str(registry))
    monkeypatch.setenv("PDT__MLFLOW__TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow.db'}")
    monkeypatch.setenv("PDT__MLFLOW__ARTIFACT_DIR", str(tmp_path / "mlartifacts"))
    out = tmp_path / "compile"

    rc = compile_run.main(["--optimizer", "mipro", "--budget", "smoke", "--out", str(out), "--forget", str(forget)])
    report = json.loads((out / "mipro-seed0" / "report.json").read_text())
    assert rc == (0 if report["audit_clean"] else 1)  # the gate: exit 1 exactly when the audit finds something
    assert report["metric_calls"] > 0
    assert report["uncompiled"]["n"] == report["compiled"]["n"] == BUDGETS["smoke"].test
    assert CanaryRegistry.load(registry).active("train")  # canaries were seeded into the train set
    plan = json.loads((out / "mipro-seed0" / "plan.json").read_text())
    assert plan["data"]["minimized_before_optimizer"] and plan["data"]["forgotten_rows"] >= 1

    artifact = out / "mipro-seed0" / "program.json"
    assert "instructions" in artifact.read_text()
    auditor = audit.Auditor(canaries=CanaryRegistry.load(registry), forbidden=[victim.units[0]])
    findings = []
    for target in (artifact, out, tmp_path / "mlartifacts"):
        for label, doc in audit.load_documents(target):
            if not label.startswith(("report.json", "summary-")):  # the audit's own (masked) output
                findings += auditor.scan(label, doc)
    # no seeded canary and no forgotten value anywhere: the data path is clean by construction
    assert [f for f in findings if f.kind in ("canary", "forbidden")] == []
    # personal-data findings may only come from text the 135M model wrote itself (proposed
    # instructions, crafted requests in the ledger, the output fields of bootstrapped demos: a
    # demo keeps the model's own prediction), never from a demo's inputs or logged data
    outputs = {"reasoning"} | {
        name
        for s in (sig.CraftRequest, sig.RespondExternally, sig.AggregateAnswer, sig.AnswerLocally)
        for name in s.output_fields
    }

    def lm_written(where: str) -> bool:
        if where.endswith(".signature.instructions") or where.startswith("ledger.jsonl"):
            return True
        demo_field = re.search(r"\.demos\[\d+\]\.(\w+)$", where)
        return demo_field is not None and demo_field.group(1) in outputs

    assert [f.where for f in findings if not lm_written(f.where)] == []

    # positive control: the same artifact with a seeded canary and a raw value planted in a demo's
    # input fails the CLI gate naming both kinds; with the audit's scan turned off it would pass,
    # so the clean verdict above depends on the guard
    planted = _planted(artifact, CanaryRegistry.load(registry).active("train")[0].value, victim.units[0], tmp_path)
    found = tmp_path / "planted-report.json"
    gate = ["--canaries", str(registry), "--forbid", str(forget), "--report", str(found)]
    assert audit.main([str(planted), *gate]) == 1
    assert {"canary", "forbidden"} <= {f["kind"] for f in json.loads(found.read_text(encoding="utf-8"))["findings"]}
    with monkeypatch.context() as off:
        off.setattr(audit.Auditor, "scan", lambda self, label, doc: [])
        assert audit.main([str(planted), *gate]) == 0


def _planted(artifact: Path, canary: str, raw: str, tmp: Path) -> Path:
    """A copy of a saved program with a canary and a raw value in a demo's input field."""
    program = json.loads(artifact.read_text(encoding="utf-8"))
    predictor = next(v for v in program.values() if isinstance(v, dict) and "demos" in v)
    predictor["demos"].append({"user_query": f"contact {canary} about {raw}", "augmented": True})
    path = tmp / "planted" / "program.json"
    path.parent.mkdir()
    path.write_text(json.dumps(program), encoding="utf-8")
    return path
