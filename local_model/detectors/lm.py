"""The local LM as a detector, through the typed DSPy signature.

Off by default (``detector.lm.enabled``): the embedded tiny model cannot find
personal data reliably.  With a capable local model behind an OpenAI-compatible
endpoint (vLLM inside the trust boundary) it catches what rules and NER miss:
indirect mentions, coreference, informal text.

Every span the LM returns is *re-anchored* in code: the LM's offsets are only a
hint; the span's text must occur in the input (exactly, or case-insensitively),
and the occurrence nearest to the hinted offset is used.  Spans whose text does
not occur are dropped and counted in :attr:`LMDetector.dropped` — a
hallucinated entity never reaches the merge.
"""

from __future__ import annotations

import re
from typing import Any

from configs.settings import DetectorSettings, LMDetectorSettings
from local_model.detectors.base import Detector, register
from local_model.detectors.ner import chunk_offsets
from signatures.detection import DetectedSpan, DetectPersonalData
from signatures.entities import Entity


class LMDetectorError(RuntimeError):
    """The local LM could not be reached or returned unusable output (never silently 0 spans)."""


def anchor(text: str, span: DetectedSpan) -> tuple[int, int] | None:
    """Find ``span.text`` in ``text`` near the hinted offsets; None when it does not occur."""
    needle = span.text.strip()
    if not needle:
        return None
    if text[span.start : span.end] == needle:
        return span.start, span.end
    hits = [m.start() for m in re.finditer(re.escape(needle), text)]
    if not hits:
        hits = [m.start() for m in re.finditer(re.escape(needle), text, flags=re.IGNORECASE)]
    if not hits:
        return None
    best = min(hits, key=lambda h: abs(h - span.start))
    return best, best + len(needle)


class LMDetector(Detector):
    name = "lm"

    def __init__(self, settings: LMDetectorSettings, lm: Any | None = None) -> None:
        import dspy

        from configs.models import LMRole
        from local_model.boundary import StructuredJSONAdapter, local_role_lm

        self._settings = settings
        if lm is None:
            # a local-role LM inside the boundary (no egress gate); DSPy's cache stays off
            lm = local_role_lm(
                LMRole(model=settings.model, api_base=settings.api_base, api_key_env=settings.api_key_env)
            )
        self._lm = lm
        self._adapter = StructuredJSONAdapter()
        self._predict = dspy.Predict(DetectPersonalData)
        self.dropped = 0

    def _detect_chunk(self, chunk: str, offset: int, text: str) -> list[Entity]:
        import dspy

        try:
            with dspy.context(lm=self._lm, adapter=self._adapter):
                pred = self._predict(text=chunk)
        except Exception as exc:  # typed re-raise; never a silent empty result
            raise LMDetectorError(
                f"local LM detection failed ({type(exc).__name__}); check that the local model "
                f"server at {self._settings.api_base} is running and supports structured output"
            ) from exc
        out: list[Entity] = []
        for span in pred.entities:
            hit = anchor(chunk, span)
            if hit is None:
                self.dropped += 1
                continue
            s, e = hit
            out.append(Entity.make(text, offset + s, offset + e, span.label, 0.7, "lm"))
        return out

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out: list[Entity] = []
        for start, end in chunk_offsets(text, self._settings.max_chars):
            out.extend(self._detect_chunk(text[start:end], start, text))
        return out


@register("lm")
def _factory(settings: DetectorSettings) -> Detector:
    if not settings.lm.enabled:
        raise ValueError(
            "detector 'lm' is listed but detector.lm.enabled is false; enable it once a capable "
            "local model is configured (PDT__DETECTOR__LM__ENABLED=true)"
        )
    return LMDetector(settings.lm)
