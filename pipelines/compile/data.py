"""Compile data: PUPA rows, the hash-based split, erasure, and minimization inside the boundary.

The split is seeded and hash-based: a row goes to test / dev / train by
``sha256(f"{compile.split_seed}:{conversation_hash}") % 100`` against ``compile.test_percent`` and
``compile.dev_percent``, so it does not depend on row order and a row never changes side when
others are added.  :class:`Preparer` minimizes each query and reference (detector + minimizer, one
pseudonym map per row) and replaces the PII units by keyed hashes before any optimizer sees them.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass
from pathlib import Path

import dspy

from configs.settings import DEFAULT_TASK
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from local_model.text.textnorm import normalize
from metrics.leakage import UnitHasher
from signatures.errors import CompileError


@dataclass
class Row:
    id: str
    query: str
    reference: str
    units: list[str]

    def __repr__(self) -> str:
        return f"Row(id={self.id!r}, chars={len(self.query)}, units={len(self.units)})"


def load_pupa(path: Path) -> list[Row]:
    if not path.is_file():
        raise CompileError(f"PUPA file not found: {path} (set data_dir / compile.data)")
    rows = []
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = {"conversation_hash", "user_query", "target_response", "pii_units"} - set(reader.fieldnames or [])
        if missing:
            raise CompileError(f"{path}: missing columns {sorted(missing)}")
        for n, rec in enumerate(reader):
            units = [u.strip() for u in (rec["pii_units"] or "").split("||") if u.strip()]
            rows.append(Row(f"{rec['conversation_hash']}:{n}", rec["user_query"], rec["target_response"] or "", units))
    return rows


def bucket(split_seed: int, row_id: str) -> int:
    return int(hashlib.sha256(f"{split_seed}:{row_id}".encode()).hexdigest()[:8], 16) % 100


def split(rows: list[Row], split_seed: int, test_percent: int, dev_percent: int) -> dict[str, list[Row]]:
    out: dict[str, list[Row]] = {"train": [], "dev": [], "test": []}
    for r in rows:
        b = bucket(split_seed, r.id)
        out["test" if b < test_percent else "dev" if b < test_percent + dev_percent else "train"].append(r)
    return out


def sample(rows: list[Row], n: int, seed: int) -> list[Row]:
    return sorted(rows, key=lambda r: hashlib.sha256(f"{seed}:{r.id}".encode()).hexdigest())[:n]


def forget_values(arg: str | None) -> list[str]:
    if not arg:
        return []
    p = Path(arg)
    if p.is_file():
        return [line.strip() for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [arg]


def holds_any(row: Row, values: list[str]) -> bool:
    hay = normalize(" ".join([row.query, row.reference, *row.units]))
    return any(normalize(v) and normalize(v) in hay for v in values)


class Preparer:
    """Minimizes rows inside the boundary and turns them into optimizer examples."""

    def __init__(self, detector: HybridDetector, hasher: UnitHasher) -> None:
        self.detector = detector
        self.hasher = hasher

    def minimize(self, text: str, pmap: PseudonymMap) -> str:
        return Minimizer(pmap).minimize(text, self.detector.detect(text)).text

    def example(self, row: Row, extra: str = "") -> dspy.Example:
        pmap = PseudonymMap()
        query = self.minimize(row.query + extra, pmap)
        reference = self.minimize(row.reference, pmap)
        pmap.clear()
        return dspy.Example(
            example_id=hashlib.sha256(row.id.encode()).hexdigest()[:16],
            user_query=query,
            task=DEFAULT_TASK,
            reference=reference,
            unit_hashes=[self.hasher.digest(u) for u in row.units],
        ).with_inputs("user_query", "task")
