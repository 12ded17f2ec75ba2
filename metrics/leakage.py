"""Leakage: a deterministic layer and a local LM judge.

f(y) is the severity-weighted fraction of personal data that leaked.  The deterministic layer
checks which PII units of the input (PUPA's annotated units, or, without annotations, the values
the detector finds in the raw input) appear in the text that left the boundary and in the final
answer (exact and normalized: case, spacing, diacritics, as whole tokens), plus any *new*
personal data the detector finds in the outgoing text.  Units can be given as keyed hashes
(:class:`UnitHasher`) so that a compile never holds the raw values next to the optimizer's data.

The LM judge (:class:`LMLeakJudge`) takes the declared task, the minimized input and the response
and returns the unjustified spans with a reason each; spans are verified against the response
(hallucinated spans are dropped and counted).  It runs on a local endpoint only: the constructor
refuses an LM that is not a loopback local/judge role.  A judge failure raises
:class:`JudgeError`; it is never turned into a score.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import urllib.parse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import dspy

from configs.locality import endpoint_problem
from local_model.detection.hybrid import HybridDetector
from local_model.text.markers import MARKER_RE, is_placeholder
from local_model.text.textnorm import normalize
from signatures.entities import IDENTIFYING_STRATA, SEVERITY_WEIGHT, Label, Severity
from signatures.errors import JudgeError
from signatures.judges import JudgeLeakage

UNIT_WEIGHT = 0.8  # PUPA units carry no type: weighted as a high-severity identifier
FLAGGED = IDENTIFYING_STRATA
_TOKEN = re.compile(r"\w+")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(normalize(text))


class UnitHasher:
    """Keyed (HMAC-SHA256) hashes of normalized units and of every 1..max_n token n-gram of a
    text.  The key lives in memory only; the hashes are useless without it."""

    def __init__(self, key: bytes | None = None, max_n: int = 8) -> None:
        self._key = key or secrets.token_bytes(32)
        self.max_n = max_n

    def __repr__(self) -> str:
        return f"UnitHasher(max_n={self.max_n})"

    def digest(self, unit: str) -> str:
        return hmac.new(self._key, " ".join(tokens(unit)).encode(), hashlib.sha256).hexdigest()[:32]

    def ngram_digests(self, text: str) -> set[str]:
        toks = tokens(text)
        out: set[str] = set()
        for n in range(1, self.max_n + 1):
            for i in range(len(toks) - n + 1):
                out.add(hmac.new(self._key, " ".join(toks[i : i + n]).encode(), hashlib.sha256).hexdigest()[:32])
        return out


@dataclass
class LeakResult:
    f: float
    leaked: list[tuple[str, str]] = field(default_factory=list)  # (type, where): never the value
    total_weight: float = 0.0
    dropped_spans: int = 0  # LM judge spans not found in the response

    def feedback(self) -> str:
        if not self.leaked:
            return "No personal data left the boundary or reached the answer."
        parts = [f"revealed a {label.lower().replace('_', ' ')} in the {where}" for label, where in self.leaked]
        return "Leak: " + "; ".join(dict.fromkeys(parts)) + "."


def _whole(needle: str, hay: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", hay) is not None


def deterministic_leakage(
    outputs: dict[str, str],
    units: Sequence[str] = (),
    unit_hashes: Sequence[str] = (),
    hasher: UnitHasher | None = None,
    detector: HybridDetector | None = None,
    allowed: Iterable[Label] = (),
    new_pii_in: Sequence[str] = ("request",),
) -> LeakResult:
    """``outputs``: where -> text (e.g. {"request": ..., "answer": ...}).

    A unit leaks when it occurs in any output (normalized, whole tokens; URL-encoded forms
    included).  The detector adds personal data it finds in the ``new_pii_in`` outputs that is
    not a placeholder and whose type the task does not allow."""
    allowed_set = set(allowed)
    leaked: list[tuple[str, str]] = []
    total = 0.0
    normalized = {where: normalize(urllib.parse.unquote_plus(text)) for where, text in outputs.items()}
    for unit in units:
        norm = normalize(unit)
        if not norm:
            continue
        total += UNIT_WEIGHT
        hit = next((w for w, text in normalized.items() if _whole(norm, text)), None)
        if hit is not None:
            leaked.append(("UNIT", hit))
    if unit_hashes:
        if hasher is None:
            raise ValueError("unit_hashes need the UnitHasher that produced them")
        grams = {where: hasher.ngram_digests(text) for where, text in outputs.items()}
        for digest in unit_hashes:
            total += UNIT_WEIGHT
            hit = next((w for w, g in grams.items() if digest in g), None)
            if hit is not None:
                leaked.append(("UNIT", hit))
    f_num = UNIT_WEIGHT * len(leaked)
    if detector is not None:
        for where in new_pii_in:
            for ent in detector.detect(outputs.get(where, "")):
                if ent.stratum not in FLAGGED or ent.label in allowed_set:
                    continue
                if is_placeholder(ent.text):
                    continue
                if any(_whole(normalize(ent.text), normalize(u)) for u in units):
                    continue  # already counted as a unit
                weight = SEVERITY_WEIGHT.get(ent.severity, 0.4)
                total += weight
                f_num += weight
                leaked.append((ent.label.value, where))
    return LeakResult(f_num / total if total else 0.0, leaked, total)


def assert_local(lm: Any) -> None:
    """Refuse a judge LM that is not an ungated local/judge role whose endpoint passes the
    locality rule (:mod:`configs.locality`; the same rule the config loaders apply)."""
    role = getattr(lm, "role_name", None)
    if role not in ("local", "judge") or getattr(lm, "gated", True):
        raise JudgeError(
            f"judges run on the local or judge role only, never behind the egress gate; got role={role!r} "
            "(configure models.yaml judge.api_base on 127.0.0.1)"
        )
    api_base = getattr(getattr(lm, "role", None), "api_base", None)
    problem = endpoint_problem(api_base, getattr(lm, "trusted_hosts", ()))
    if problem is not None:
        raise JudgeError(f"judges run on the local endpoint only: {role}.api_base {problem}")


class LMLeakJudge:
    """The local LM leak judge: declared task + minimized input + response -> unjustified spans."""

    def __init__(self, lm: dspy.BaseLM, detector: HybridDetector, adapter: Any = None) -> None:
        assert_local(lm)
        self.lm = lm
        self.detector = detector
        self.adapter = adapter
        self.predict = dspy.Predict(JudgeLeakage)

    def predict_spans(self, task: str, minimized_input: str, response: str) -> list[str]:
        """The span texts the judge calls unjustified (unverified)."""
        if not response.strip():
            return []
        try:
            with dspy.context(lm=self.lm, adapter=self.adapter):
                spans = self.predict(task=task, minimized_input=minimized_input, response=response).unjustified_spans
        except Exception as exc:
            raise JudgeError(f"LM leak judge failed ({type(exc).__name__})") from None
        return [s.text for s in spans or [] if isinstance(getattr(s, "text", None), str)]

    def __call__(self, task: str, minimized_input: str, response: str) -> LeakResult:
        if not response.strip():
            return LeakResult(0.0)
        spans = self.predict_spans(task, minimized_input, response)
        folded = normalize(response)
        leaked: list[tuple[str, str]] = []
        num = 0.0
        dropped = 0
        seen: set[str] = set()
        for text in spans:
            norm = normalize(text)
            if not norm or norm in seen or MARKER_RE.fullmatch(text.strip("<>[] ")):
                continue
            if norm not in folded:
                dropped += 1  # the judge quoted something the response does not say
                continue
            seen.add(norm)
            ents = self.detector.detect(text)
            label = ents[0].label if ents else Label.PERSON
            weight = SEVERITY_WEIGHT.get(ents[0].severity, 0.4) if ents else SEVERITY_WEIGHT[Severity.HIGH]
            num += weight
            leaked.append((label.value, "response"))
        total = num
        for ent in self.detector.detect(response):
            if ent.stratum in FLAGGED and normalize(ent.text) not in seen and not MARKER_RE.fullmatch(ent.text):
                total += SEVERITY_WEIGHT.get(ent.severity, 0.4)
        return LeakResult(num / total if total else 0.0, leaked, total, dropped)
