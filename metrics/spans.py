"""Span-level detection metrics.

Typed strict metrics: a prediction is a true positive when its (start, end, label)
equals a gold span's, with gold labels mapped to ours (ai4privacy / Presidio
mappings in :mod:`signatures.entities`).  Untyped gold (PUPA's ``PII``) is left
out of the typed metrics.

Label-agnostic protection metrics (what privacy depends on):
- ``span_protect``: fraction of gold spans whose every character is covered by the
  union of predicted spans;
- ``char_recall``: fraction of gold characters covered;
- ``overlap_precision``: fraction of predicted spans that overlap at least one gold span.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from signatures.entities import AI4PRIVACY_TO_LABEL, PRESIDIO_TO_LABEL, Label

UNTYPED = "PII"


def map_gold_label(label: str) -> str:
    """Dataset label -> our label name (``PII`` for untyped gold, unknown labels unchanged)."""
    if label in AI4PRIVACY_TO_LABEL:
        return AI4PRIVACY_TO_LABEL[label].value
    if label in PRESIDIO_TO_LABEL:
        return PRESIDIO_TO_LABEL[label].value
    return label if label in Label.__members__ or label == UNTYPED else label.upper()


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    label: str


class Coverage:
    """Union of predicted spans, for O(log n) coverage queries."""

    def __init__(self, spans: Iterable[Span]) -> None:
        merged: list[list[int]] = []
        for s in sorted(spans, key=lambda x: (x.start, x.end)):
            if merged and s.start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], s.end)
            else:
                merged.append([s.start, s.end])
        self.starts = [m[0] for m in merged]
        self.ends = [m[1] for m in merged]

    def covered(self, start: int, end: int) -> int:
        """Number of characters of [start, end) covered."""
        i = bisect.bisect_right(self.ends, start)
        total = 0
        while i < len(self.starts) and self.starts[i] < end:
            total += max(0, min(end, self.ends[i]) - max(start, self.starts[i]))
            i += 1
        return total


@dataclass
class Counts:
    tp: int = 0
    n_pred: int = 0
    n_gold: int = 0
    gold_protected: int = 0
    gold_chars: int = 0
    gold_chars_covered: int = 0
    pred_overlapping: int = 0

    def add(self, other: Counts) -> None:
        for k in self.__dataclass_fields__:
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def summary(self) -> dict[str, Any]:
        p = self.tp / self.n_pred if self.n_pred else 0.0
        r = self.tp / self.n_gold if self.n_gold else 0.0
        return {
            "precision": round(p, 4),
            "recall": round(r, 4),
            "f1": round(2 * p * r / (p + r), 4) if p + r else 0.0,
            "span_protect": round(self.gold_protected / self.n_gold, 4) if self.n_gold else None,
            "char_recall": round(self.gold_chars_covered / self.gold_chars, 4) if self.gold_chars else None,
            "overlap_precision": round(self.pred_overlapping / self.n_pred, 4) if self.n_pred else None,
            "n_gold": self.n_gold,
            "n_pred": self.n_pred,
            "tp": self.tp,
        }


@dataclass
class SpanEvaluator:
    """Accumulates counts overall, per language and per label."""

    overall: Counts = field(default_factory=Counts)
    typed: Counts = field(default_factory=Counts)  # typed metrics on typed gold only
    by_language: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    by_gold_label: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    by_pred_label: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))

    def add(self, gold: Sequence[Span], pred: Sequence[Span], language: str) -> list[bool]:
        """Add one row; returns, per gold span, whether it is fully protected."""
        cov = Coverage(pred)
        gold_cov = Coverage(gold)
        gold_keys = {(g.start, g.end, g.label) for g in gold}
        row = Counts(n_gold=len(gold), n_pred=len(pred))
        protected: list[bool] = []
        for g in gold:
            n = g.end - g.start
            c = cov.covered(g.start, g.end)
            full = c == n
            protected.append(full)
            row.gold_chars += n
            row.gold_chars_covered += c
            row.gold_protected += full
            lab = self.by_gold_label[g.label]
            lab.n_gold += 1
            lab.gold_chars += n
            lab.gold_chars_covered += c
            lab.gold_protected += full
        typed_gold = [g for g in gold if g.label != UNTYPED]
        typed_keys = {(g.start, g.end, g.label) for g in typed_gold}
        for p in pred:
            overlaps = gold_cov.covered(p.start, p.end) > 0
            row.pred_overlapping += overlaps
            hit = (p.start, p.end, p.label) in gold_keys
            row.tp += hit
            lab = self.by_pred_label[p.label]
            lab.n_pred += 1
            lab.pred_overlapping += overlaps
            if (p.start, p.end, p.label) in typed_keys:
                self.by_gold_label[p.label].tp += 1
        if typed_gold:
            t = Counts(
                n_gold=len(typed_gold), n_pred=len(pred), tp=sum((p.start, p.end, p.label) in typed_keys for p in pred)
            )
            self.typed.add(t)
        self.overall.add(row)
        self.by_language[language].add(row)
        return protected

    def per_label(self) -> dict[str, dict[str, Any]]:
        """Typed P/R/F1 per label (precision from predictions of that label, recall from gold)."""
        out: dict[str, dict[str, Any]] = {}
        for label in sorted(set(self.by_gold_label) | set(self.by_pred_label)):
            g = self.by_gold_label.get(label, Counts())
            p = self.by_pred_label.get(label, Counts())
            merged = Counts(
                tp=g.tp,
                n_pred=p.n_pred,
                n_gold=g.n_gold,
                gold_protected=g.gold_protected,
                gold_chars=g.gold_chars,
                gold_chars_covered=g.gold_chars_covered,
                pred_overlapping=p.pred_overlapping,
            )
            out[label] = merged.summary()
        return out
