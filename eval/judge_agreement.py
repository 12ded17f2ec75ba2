"""How well do the leak judges agree with PUPA's annotated PII units?

    python -m eval.judge_agreement [--data PATH] [--limit 50] [--no-lm] [--out runs/judge_agreement]

For each PUPA row, two texts are judged as if they were outputs: the raw ``user_query`` (gold:
it leaks every annotated unit found in it) and PUPA's own ``redacted_query`` (gold: it leaks the
units still present in it, usually none).  Judges:

* ``deterministic``: the hybrid detector (direct/domain/special-category types, nothing allowed
  by the task); ``det+quasi`` also flags quasi-identifiers (dates, places, organisations);
* ``lm``: the local LM leak judge (``metrics.leakage.LMLeakJudge``; needs the local model server).

Reported per judge: row-level agreement with the gold verdict (accuracy and Cohen's kappa),
unit recall (share of gold units that a flagged span overlaps), and span precision (share of
flagged spans that overlap a gold unit).  A text the judge cannot judge (unparseable output) is
excluded and counted in ``judge_failures``; a model that cannot be reached stops the run (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from configs.models import load_models
from configs.settings import DEFAULT_TASK, load_settings, resolve_path
from eval.data import find_units, load_rows
from local_model.boundary.clients import StructuredJSONAdapter, lm_detector_resources, local_lm
from local_model.detection.hybrid import HybridDetector, build_detector
from local_model.text.markers import is_placeholder
from local_model.text.textnorm import normalize
from metrics.leakage import LMLeakJudge
from signatures.entities import IDENTIFYING_STRATA, Stratum
from signatures.errors import ConfigError, DataError, JudgeError, ModelCallError

Spans = list[tuple[int, int]]
WITH_QUASI = IDENTIFYING_STRATA | {Stratum.QUASI}


@dataclass
class Tally:
    tp_rows: int = 0
    fp_rows: int = 0
    fn_rows: int = 0
    tn_rows: int = 0
    units: int = 0
    units_found: int = 0
    spans: int = 0
    spans_on_units: int = 0
    failures: int = 0  # texts the judge could not judge (excluded from every figure above)

    def row(self, gold: bool, pred: bool) -> None:
        if gold and pred:
            self.tp_rows += 1
        elif pred:
            self.fp_rows += 1
        elif gold:
            self.fn_rows += 1
        else:
            self.tn_rows += 1

    def summary(self) -> dict[str, float | int]:
        n = self.tp_rows + self.fp_rows + self.fn_rows + self.tn_rows
        acc = (self.tp_rows + self.tn_rows) / n if n else 0.0
        p_yes = ((self.tp_rows + self.fp_rows) / n) * ((self.tp_rows + self.fn_rows) / n) if n else 0.0
        p_no = ((self.fn_rows + self.tn_rows) / n) * ((self.fp_rows + self.tn_rows) / n) if n else 0.0
        pe = p_yes + p_no
        kappa = (acc - pe) / (1 - pe) if pe < 1 else 1.0
        return {
            "texts": n,
            "row_accuracy": round(acc, 4),
            "cohen_kappa": round(kappa, 4),
            "row_precision": _ratio(self.tp_rows, self.tp_rows + self.fp_rows),
            "row_recall": _ratio(self.tp_rows, self.tp_rows + self.fn_rows),
            "unit_recall": _ratio(self.units_found, self.units),
            "span_precision": _ratio(self.spans_on_units, self.spans),
            "judge_failures": self.failures,
        }


def _ratio(num: int, den: int) -> float:
    return round(num / den, 4) if den else 0.0


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def score_text(tally: Tally, text: str, units: list[str], flagged: Spans) -> None:
    folded = text.casefold()
    present: dict[str, Spans] = {}
    for unit in units:
        u = unit.casefold()
        hits = [(i, i + len(u)) for i in find_units(folded, u)]
        if hits:
            present[unit] = hits
    tally.row(bool(present), bool(flagged))
    for spans in present.values():
        tally.units += 1
        if any(_overlaps(f, o) for f in flagged for o in spans):
            tally.units_found += 1
    all_occ = [o for spans in present.values() for o in spans]
    for f in flagged:
        tally.spans += 1
        if any(_overlaps(f, o) for o in all_occ):
            tally.spans_on_units += 1


def deterministic_judge(detector: HybridDetector, strata: frozenset[Stratum]) -> Callable[[str, str], Spans]:
    def judge(text: str, minimized: str) -> Spans:
        return [(e.start, e.end) for e in detector.detect(text) if e.stratum in strata and not is_placeholder(e.text)]

    return judge


def lm_judge(judge: LMLeakJudge) -> Callable[[str, str], Spans]:
    def run(text: str, minimized: str) -> Spans:
        result = judge.predict_spans(DEFAULT_TASK, minimized, text)
        folded = normalize(text)
        out: Spans = []
        for span in result:
            needle = normalize(span)
            i = folded.find(needle) if needle else -1
            if i >= 0:
                out.append((i, i + len(needle)))  # normalize keeps one char per char for Latin text
        return out

    return run


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m eval.judge_agreement", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="PUPA CSV (default <data_dir>/pupa/PUPA_New.csv)")
    parser.add_argument("--limit", type=int, default=50, help="rows (default 50; the LM judge is slow on CPU)")
    parser.add_argument("--no-lm", action="store_true", help="only the deterministic judge")
    parser.add_argument("--out", type=Path, default=Path("runs/judge_agreement"))
    parser.add_argument("--config", help="detector YAML")
    parser.add_argument("--models", help="models YAML")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = load_settings(args.config)
        path = Path(args.data) if args.data else settings.bundled("pupa")
        rows, _ = load_rows(path, "pupa", args.limit)
        detector = build_detector(
            settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)
        )
        judges: dict[str, Callable[[str, str], Spans]] = {
            "deterministic": deterministic_judge(detector, IDENTIFYING_STRATA),
            "det+quasi": deterministic_judge(detector, WITH_QUASI),
        }
        if not args.no_lm:
            models = load_models(args.models)
            judges["lm"] = lm_judge(LMLeakJudge(local_lm(models, "judge"), detector, StructuredJSONAdapter()))
        tallies = {name: Tally() for name in judges}
        for row in tqdm(rows, desc="rows", unit="row"):
            units = list(row.units)
            redacted = row.reference or ""
            for name, judge in judges.items():
                for text in (row.text, redacted):
                    try:
                        flagged = judge(text, redacted)
                    except JudgeError:
                        tallies[name].failures += 1  # counted and reported, never scored
                        continue
                    score_text(tallies[name], text, units, flagged)
    except (ConfigError, DataError, JudgeError, ModelCallError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report: dict[str, Any] = {"rows": len(rows), "judges": {k: t.summary() for k, t in tallies.items()}}
    out = resolve_path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    cols = ("row_accuracy", "cohen_kappa", "row_recall", "unit_recall", "span_precision", "judge_failures")
    print(f"{len(rows)} PUPA rows, 2 texts each (raw query, PUPA redacted_query)")
    print(f"{'judge':<15}" + "".join(f"{c:>16}" for c in cols))
    for name, s in report["judges"].items():
        print(f"{name:<15}" + "".join(f"{s[c]:>16}" for c in cols))
    print(f"metrics -> {out / 'metrics.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
