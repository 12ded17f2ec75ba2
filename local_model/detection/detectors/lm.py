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
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from configs.settings import DetectorSettings, LMDetectorSettings
from local_model.detection.base import RANK_LM, Detector
from local_model.text.regex_cache import transient
from local_model.text.textnorm import chunk_offsets

if TYPE_CHECKING:  # DSPy is imported when an LM detector is built, not with the detector registry
    from signatures.detection import DetectedSpan
from signatures.entities import Entity, Label
from signatures.errors import ConfigError, LMDetectorError


def anchor(text: str, span: DetectedSpan) -> tuple[int, int] | None:
    """Find ``span.text`` in ``text`` near the hinted offsets; None when it does not occur."""
    needle = span.text.strip()
    if not needle:
        return None
    if text[span.start : span.end] == needle:
        return span.start, span.end
    hits = [m.start() for m in transient(re.escape(needle)).finditer(text)]
    if not hits:
        hits = [m.start() for m in transient(re.escape(needle), re.IGNORECASE).finditer(text)]
    if not hits:
        return None
    best = min(hits, key=lambda h: abs(h - span.start))
    return best, best + len(needle)


class LMDetector(Detector):
    """Spans from the local LM.  It receives its LM (and adapter) from whoever builds the detector:
    the boundary builds that LM after checking its endpoint is local
    (:func:`local_model.boundary.clients.lm_detector_resources`)."""

    name = "lm"
    labels = frozenset(Label)
    sources: ClassVar[Mapping[str, int]] = {"lm": RANK_LM}

    def __init__(self, settings: LMDetectorSettings, lm: Any, adapter: Any = None) -> None:
        self._settings = settings
        self._lm = lm
        import dspy

        from signatures.detection import DetectPersonalData

        self._adapter = adapter if adapter is not None else dspy.JSONAdapter()
        self._predict = dspy.Predict(DetectPersonalData)
        self.dropped = 0

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        if not settings.lm.enabled:
            raise ConfigError(
                "detector 'lm' is listed but detector.lm.enabled is false; enable it once a capable "
                "local model is configured (PDT__DETECTOR__LM__ENABLED=true)"
            )
        lm = resources.get("lm")
        if lm is None:
            raise ConfigError(
                "detector 'lm' needs its local LM: build the detector with "
                "build_detector(settings, lm_detector_resources(settings)), which checks the endpoint is local"
            )
        return cls(settings.lm, lm, resources.get("adapter"))

    def _detect_chunk(self, chunk: str, offset: int, text: str) -> list[Entity]:
        try:
            import dspy

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
