"""Leakage layers, judges (local only, typed, failures raise), the composite metric, the split."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import dspy
import pytest

from configs.models import LMRole, load_models
from local_model.boundary.clients import BoundaryLM, StructuredJSONAdapter, external_lm
from local_model.detection.hybrid import HybridDetector
from metrics.composite import CompositeMetric
from metrics.leakage import LMLeakJudge, UnitHasher, assert_local, deterministic_leakage
from metrics.quality import EmbeddingQuality, PairwiseJudge, PairwiseVerdict
from pipelines.compile.data import Row, bucket, forget_values, holds_any, split
from pipelines.compile.optimize import strip_demos
from signatures.errors import BoundaryConfigError, JudgeError
from tests.curious_provider import CuriousProvider


def test_units_leak_where_they_appear() -> None:
    r = deterministic_leakage(
        {"request": "Help Ana Ruiz with %2B34 612", "answer": "done"}, units=["ana ruiz", "Toledo"]
    )
    assert r.f == pytest.approx(0.5) and r.leaked == [("UNIT", "request")]
    assert "Ruiz" not in r.feedback() and "unit" in r.feedback()
    none = deterministic_leakage({"request": "Help <PERSON_1>", "answer": "ok"}, units=["Ana Ruiz"])
    assert none.f == 0.0 and none.feedback().startswith("No personal data")
    assert deterministic_leakage({"request": "Anaconda install"}, units=["Ana"]).f == 0.0  # whole tokens only


def test_hashed_units_catch_the_same_leaks_without_the_values() -> None:
    hasher = UnitHasher()
    digests = [hasher.digest("Lucía Fernández"), hasher.digest("Toledo")]
    r = deterministic_leakage({"request": "write to LUCIA fernandez today"}, unit_hashes=digests, hasher=hasher)
    assert r.f == pytest.approx(0.5)
    assert "key" not in repr(hasher)
    assert UnitHasher().digest("Toledo") != hasher.digest("Toledo")  # useless without this run's key
    with pytest.raises(ValueError):
        deterministic_leakage({"request": "x"}, unit_hashes=digests)


def test_new_personal_data_in_the_request_counts(detector: HybridDetector) -> None:
    r = deterministic_leakage(
        {"request": "Call <PERSON_1> on +34 612 345 678", "answer": "+34 699 999 999"}, units=[], detector=detector
    )
    assert r.f == 1.0 and r.leaked == [("PHONE", "request")]  # the answer stays inside


def test_judges_refuse_non_local_endpoints(tmp_path: Path) -> None:
    from local_model.boundary.gate import EgressGate
    from local_model.boundary.ledger import EgressLedger

    models = load_models(environ={})
    with pytest.raises(JudgeError, match="never behind the egress gate"):
        assert_local(external_lm(models, EgressGate(EgressLedger(tmp_path / "l"), None, "x", True)))
    with pytest.raises(BoundaryConfigError, match="judge"):  # refused before any judge exists
        BoundaryLM("judge", LMRole(model="openai/x", api_base="https://api.example.com/v1"))
    assert_local(BoundaryLM("judge", LMRole(model="openai/x", api_base="http://127.0.0.1:9/v1")))


def _judge_lm(provider: CuriousProvider) -> Any:
    return BoundaryLM("judge", LMRole(model="openai/curious", api_base=provider.api_base))


def test_lm_leak_judge_verifies_spans(detector: HybridDetector) -> None:
    spans = [{"text": "Lucía Fernández", "reason": "not needed"}, {"text": "Zorro", "reason": "invented"}]
    with CuriousProvider(reply=lambda body: json.dumps({"unjustified_spans": spans})) as provider:
        judge = LMLeakJudge(_judge_lm(provider), detector, StructuredJSONAdapter())
        r = judge("general_question", "Hi <PERSON_1>", "Dear Lucía Fernández, your line works.")
        body = provider.requests[0]
    assert r.f == 1.0 and r.dropped_spans == 1 and r.leaked == [("PERSON", "response")]
    assert body["response_format"]["type"] == "json_schema"  # typed output enforced on the server


def test_judge_failure_raises_instead_of_scoring(detector: HybridDetector) -> None:
    with CuriousProvider(reply=lambda body: "I refuse to answer in JSON") as provider:
        judge = LMLeakJudge(_judge_lm(provider), detector, StructuredJSONAdapter())
        with pytest.raises(JudgeError):
            judge("general_question", "x", "Dear Lucía Fernández")
        metric = CompositeMetric(lambda a, b: 1.0, detector, lm_judge=judge, leak_mode="lm")
        gold = dspy.Example(user_query="x", task="general_question", reference="r")
        with pytest.raises(JudgeError):
            metric(gold, dspy.Prediction(answer="Dear Lucía Fernández", external_request="hi"))


def test_pairwise_judge_asks_both_orders() -> None:
    replies = iter(["A", "B", "B", "B"])
    with CuriousProvider(reply=lambda body: json.dumps({"verdict": next(replies)})) as provider:
        judge = PairwiseJudge(_judge_lm(provider), StructuredJSONAdapter())
        first = judge("question", "candidate", "reference")
        second = judge("question", "candidate", "reference")
        assert len(provider.requests) == 4
    assert first.at_least_as_good and first.consistent and first.score == 1.0
    assert not second.at_least_as_good and not second.consistent
    assert PairwiseVerdict("tie", "tie").at_least_as_good


def test_composite_metric_score_feedback_and_gate(detector: HybridDetector) -> None:
    metric = CompositeMetric(lambda answer, ref: 0.8, detector, lambda_=2.0, tau=0.1)
    gold = dspy.Example(
        user_query="Hi <PERSON_1>", task="general_question", reference="r", units=["Ana Ruiz", "Toledo"]
    )
    clean = metric(gold, dspy.Prediction(answer="ok", external_request="help <PERSON_1>"))
    assert clean.score == pytest.approx(0.8)
    leaky = metric.evaluate(gold, dspy.Prediction(answer="ok", external_request="help Ana Ruiz"))
    assert leaky.f == pytest.approx(0.5) and leaky.m_lambda == pytest.approx(0.8 - 2.0 * 0.5) and leaky.m_tau == 0.0
    assert "Ana" not in leaky.feedback and "request" in leaky.feedback
    blocked = metric.evaluate(gold, dspy.Prediction(answer="", external_request="", blocked="PHONE"))
    assert blocked.u == 0.0 and "blocked at egress (PHONE)" in blocked.feedback
    assert metric.scalar(gold, dspy.Prediction(answer="ok", external_request="x")) == pytest.approx(0.8)


def test_embedding_quality_prefers_the_closer_answer() -> None:
    q = EmbeddingQuality()
    ref = "Restart the router and check the cable."
    assert q("Please restart your router and check its cable.", ref) > q("Bananas are yellow.", ref)
    assert q("", ref) == 0.0


def test_split_is_hash_based_and_stable() -> None:
    rows = [Row(f"h{i}:{i}", f"q{i}", "r", []) for i in range(300)]
    a = split(rows, 0, 30, 20)
    shuffled = rows[:]
    random.Random(1).shuffle(shuffled)
    b = split(shuffled, 0, 30, 20)
    assert {k: sorted(r.id for r in v) for k, v in a.items()} == {k: sorted(r.id for r in v) for k, v in b.items()}
    assert 60 < len(a["test"]) < 120 and len(a["train"]) > len(a["dev"])
    assert split([*rows, Row("new:999", "q", "r", [])], 0, 30, 20)["test"][: len(a["test"])] == a["test"]
    assert bucket(0, "x") != bucket(1, "x") or bucket(0, "y") != bucket(1, "y")


def test_forget_and_strip_demos(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_text("Ana Ruiz\n\nToledo\n")
    assert forget_values(str(tmp_path / "f.txt")) == ["Ana Ruiz", "Toledo"]
    assert forget_values("Ana Ruiz") == ["Ana Ruiz"] and forget_values(None) == []
    assert holds_any(Row("1", "my name is ANA  RUIZ", "", []), ["Ana Ruiz"])
    assert not holds_any(Row("1", "nothing here", "", ["x"]), ["Ana Ruiz"])
    from signatures.delegation import CraftRequest

    p = dspy.Predict(CraftRequest)
    p.demos = [dspy.Example(user_query="q", task="t", external_request="r", unit_hashes=["abc"], example_id="1")]
    holder = dspy.Module()
    holder.p = p
    strip_demos(holder)
    assert set(dict(p.demos[0])) == {"user_query", "task", "external_request"}
