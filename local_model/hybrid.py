"""The hybrid detector: input hygiene -> every configured detector -> verification -> merge."""

from __future__ import annotations

from collections import OrderedDict

from configs.settings import DetectorSettings, load_settings
from local_model.detectors.base import Detector, build_detectors
from local_model.lang import guess_language
from local_model.merge import merge_entities, propagate_mentions
from local_model.textnorm import make_view
from signatures.entities import Entity


class InputTooLargeError(ValueError):
    """The text exceeds ``detector.max_text_chars``; split it or raise the limit."""


class HybridDetector:
    """Runs the configured detectors and returns verified, merged spans of the original text."""

    def __init__(
        self,
        settings: DetectorSettings | None = None,
        detectors: list[Detector] | None = None,
    ) -> None:
        self.settings = settings or load_settings().detector
        self.detectors = detectors if detectors is not None else build_detectors(self.settings)
        self.rejected = 0  # spans that failed verification against the text

    def detect(self, text: str) -> list[Entity]:
        if not isinstance(text, str):
            raise TypeError(f"detect() takes str, not {type(text).__name__}")
        if len(text) > self.settings.max_text_chars:
            raise InputTooLargeError(
                f"text has {len(text)} characters, above detector.max_text_chars="
                f"{self.settings.max_text_chars}; split it or raise the limit"
            )
        if not text.strip():
            return []
        view = make_view(text)
        language = guess_language(view.text)
        candidates: list[Entity] = []
        for det in self.detectors:
            for ent in det.detect(view.text, language):
                if not ent.verify(view.text):
                    self.rejected += 1
                    continue
                candidates.append(ent)
        merged = merge_entities(candidates, view.text, self.settings.min_score)
        if self.settings.propagate_mentions:
            merged = propagate_mentions(merged, view.text)
        if view.identity:
            return merged
        out = []
        for ent in merged:
            s, e = view.to_original(ent.start, ent.end)
            out.append(Entity.make(text, s, e, ent.label, ent.score, ent.source))
        return out


class CachingDetector(HybridDetector):
    """A detector that remembers its last results by text: the egress re-check sees the same
    instruction and demo messages on every call.  Results live in memory only (the texts it
    checks are outgoing, already minimized requests)."""

    def __init__(self, settings: DetectorSettings | None = None, max_entries: int = 256) -> None:
        super().__init__(settings)
        self._cache: OrderedDict[str, list[Entity]] = OrderedDict()
        self._max = max_entries

    def detect(self, text: str) -> list[Entity]:
        hit = self._cache.get(text)
        if hit is not None:
            self._cache.move_to_end(text)
            return list(hit)
        result = super().detect(text)
        self._cache[text] = result
        if len(self._cache) > self._max:
            self._cache.popitem(last=False)
        return list(result)
