from __future__ import annotations

import pytest

from metrics.spans import Coverage, Span, SpanEvaluator, map_gold_label


def test_coverage_union() -> None:
    cov = Coverage([Span(0, 5, "A"), Span(3, 8, "B"), Span(10, 12, "C")])
    assert cov.covered(0, 12) == 10
    assert cov.covered(8, 10) == 0
    assert cov.covered(4, 11) == 5


def test_protection_and_typed_metrics() -> None:
    ev = SpanEvaluator()
    gold = [Span(0, 4, "PERSON"), Span(10, 20, "PHONE"), Span(30, 35, "EMAIL")]
    pred = [Span(0, 4, "PERSON"), Span(10, 15, "PHONE"), Span(16, 20, "PHONE"), Span(40, 45, "CITY")]
    protected = ev.add(gold, pred, "en")
    assert protected == [True, False, False]
    m = ev.overall.summary()
    assert m["span_protect"] == pytest.approx(1 / 3, abs=1e-4)
    assert m["char_recall"] == pytest.approx((4 + 9) / 19, abs=1e-4)
    assert m["overlap_precision"] == pytest.approx(3 / 4)
    assert m["precision"] == pytest.approx(1 / 4, abs=1e-4) and m["recall"] == pytest.approx(1 / 3, abs=1e-4)
    per = ev.per_label()
    assert per["PERSON"]["f1"] == pytest.approx(1.0)
    assert per["PHONE"]["recall"] == 0.0
    assert per["CITY"]["overlap_precision"] == 0.0
    assert ev.by_language["en"].n_gold == 3


def test_untyped_gold_is_excluded_from_typed_metrics() -> None:
    ev = SpanEvaluator()
    ev.add([Span(0, 3, "PII")], [Span(0, 3, "PERSON")], "en")
    assert ev.overall.summary()["span_protect"] == 1.0
    assert ev.typed.n_gold == 0


@pytest.mark.parametrize(
    ("raw", "mapped"),
    [("GIVENNAME1", "PERSON"), ("TEL", "PHONE"), ("BOD", "DATE_OF_BIRTH"), ("EMAIL_ADDRESS", "EMAIL"), ("PII", "PII")],
)
def test_gold_label_mapping(raw: str, mapped: str) -> None:
    assert map_gold_label(raw) == mapped
