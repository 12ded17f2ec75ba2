"""The hybrid detector: input hygiene -> every configured detector -> verification -> merge."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from configs.settings import DetectorSettings, load_settings
from local_model.detection.base import Detector
from local_model.detection.cleanup import field_key
from local_model.detection.detectors.domain import domain_lexicon, keep_pattern, kept_spans
from local_model.detection.detectors.keyed import table_header_cells
from local_model.detection.merge import merge_entities, propagate_mentions
from local_model.detection.registry import build_detectors, source_ranks
from local_model.detection.shared import limit_blas_threads
from local_model.detection.veto import apply_veto, cued_spans, guessed
from local_model.text.decoders import base64_runs
from local_model.text.lang import RULE_PACKS, guess_language, pack_sample
from local_model.text.lexicon import is_greeting
from local_model.text.view import make_view
from local_model.text.words import clear_caches, zipf_in
from signatures.entities import IDENTIFYING_STRATA, Entity, Label
from signatures.errors import InputTooLargeError

#: what a greeting is mistaken for
_GREETING_LABELS = frozenset({Label.PERSON, Label.CITY, Label.LOCATION, Label.ORGANIZATION, Label.COUNTRY, Label.STATE})


#: base64 runs of Latin text read decoded per text, at most (each is one more detection: a text of
#: thousands of them must not cost thousands; the egress check still reads every run for map values)
MAX_DECODED_RUNS = 32


def _latin_text(decoded: str) -> bool:
    """Decoded base64 that reads as text: ASCII and Latin letters only (an ordinary word of the
    base64 alphabet, "Weiblich", "Tijdstip", decodes to bytes that are no such text)."""
    return all((" " <= c <= "~") or c in "\t\n\r" or (c.isalpha() and ord(c) < 0x250) for c in decoded)


class HybridDetector:
    """Runs the configured detectors and returns verified, merged spans of the original text.

    ``resources`` are shared objects some detectors need (``lm=``: the LM of the ``lm``
    detector, built inside the boundary by :func:`local_model.boundary.clients.lm_detector_resources`)."""

    def __init__(
        self,
        settings: DetectorSettings | None = None,
        detectors: list[Detector] | None = None,
        resources: Mapping[str, Any] | None = None,
    ) -> None:
        self.settings = settings or load_settings().detector
        limit_blas_threads(self.settings.blas_threads)
        self.detectors = detectors if detectors is not None else build_detectors(self.settings, resources)
        self.ranks = source_ranks()
        self.rejected = 0  # spans that failed verification against the text
        self.vetoed = 0  # spans dropped or cut by the technical-context veto
        lexicon = domain_lexicon(self.settings.domain_lexicon) if self.settings.domain_lexicon else None
        self.keep = keep_pattern(lexicon) if lexicon else None
        if self.settings.warm_packs:
            self._warm_packs()

    def _warm_packs(self) -> None:
        """Compile the language packs' word lists now (the rule detectors build them on the first
        text of each pack) and load the packs' word frequencies: ~2 s once per process, so the first
        Turkish or Catalan ticket waits no longer than the next one."""
        for lang in RULE_PACKS:
            zipf_in("a", lang)
            sample = pack_sample(lang)
            for det in self.detectors:
                if getattr(det, "rules", None):
                    det.detect(sample, "und")

    def detect(self, text: str) -> list[Entity]:
        return self._detect(text, decode=True)

    def _encoded(self, text: str, found: list[Entity]) -> list[Entity]:
        """Personal data written in base64 (``TWFydGEgSWJhbmV6``: "Marta Ibanez"): every base64
        run of printable text that no span covers is decoded and read by the same detectors (once:
        base64 inside it is not decoded again); a run holding a direct identifier, domain
        identifier or special category is one span of the longest such entity's label.  At most
        :data:`MAX_DECODED_RUNS` runs are read."""
        out: list[Entity] = []
        read = 0
        for start, end, decoded in base64_runs(text):
            if not _latin_text(decoded) or any(e.start < end and start < e.end for e in found):
                continue
            read += 1
            if read > MAX_DECODED_RUNS:
                break
            inner = [e for e in self._detect(decoded, decode=False) if e.stratum in IDENTIFYING_STRATA]
            if inner:
                top = max(inner, key=lambda e: (e.end - e.start, e.score))
                out.append(Entity.make(text, start, end, top.label, top.score, "decoded:base64"))
        return out

    def _detect(self, text: str, decode: bool) -> list[Entity]:
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
            if not det.runs_on(language):
                continue
            for ent in det.detect(view.text, language):
                if not ent.verify(view.text):
                    self.rejected += 1
                    continue
                candidates.append(ent)
        merged = merge_entities(candidates, view.text, self.ranks, self.settings.min_score)
        # a guess on a field's key before its value ("Telemóvel (351) 912 ...", "Morada: Rua ...") is the key's word
        merged = [e for e in merged if not (guessed(e) and field_key(view.text, e.start, e.end))]
        if ("\n" in view.text or "\\n" in view.text) and any(sep in view.text for sep in ",;\t|"):
            # a table's header cell is its column's key ("| Name | Phone |" then rows), no name a guess read there
            headers = table_header_cells(view.text)
            merged = [e for e in merged if not (guessed(e) and any(s <= e.start and e.end <= t for s, t in headers))]
        if self.settings.propagate_mentions:
            merged = propagate_mentions(merged, view.text)
        if self.settings.technical_veto:  # what the answer needs (an error code, a port) is kept
            merged, vetoed = apply_veto(merged, view.text, language, cued_spans(candidates), candidates)
            self.vetoed += vetoed
        # a greeting that opens the message is no name or place ("Olá,", "Merhaba!")
        merged = [e for e in merged if e.label not in _GREETING_LABELS or not is_greeting(view.text, e.start, e.end)]
        if self.keep is not None:  # the domain's words never masked: a span inside one is dropped
            kept = kept_spans(self.keep, view.text)
            merged = [e for e in merged if not any(s <= e.start and e.end <= t for s, t in kept)]
        if view.identity:
            out = merged
        else:
            out = []
            for ent in merged:
                s, e = view.to_original(ent.start, ent.end)
                out.append(Entity.make(text, s, e, ent.label, ent.score, ent.source))
        # a span of punctuation alone ("/", "(" mapped back from a rewritten view) is no one's data
        out = [e for e in out if any(c.isalnum() for c in e.text)]
        if decode:
            encoded = self._encoded(text, out)
            if encoded:
                out = sorted([*out, *encoded], key=lambda e: (e.start, e.end))
        return out

    def release_memory(self) -> None:
        """Forget the strings of past texts held in caches (spaCy's vocabulary, word caches): a
        long-running process calls this periodically so memory stays bounded."""
        for det in self.detectors:
            det.release_memory()
        clear_caches()


class CachingDetector(HybridDetector):
    """A detector that remembers its last results by text: the egress re-check sees the same
    instruction and demo messages on every call.  Results live in memory only (the texts it
    checks are outgoing, already minimized requests)."""

    def __init__(
        self,
        settings: DetectorSettings | None = None,
        max_entries: int = 256,
        resources: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(settings, resources=resources)
        self._cache: OrderedDict[str, list[Entity]] = OrderedDict()
        self._max = max_entries
        self._lock = threading.Lock()  # a server checks requests from several threads

    def detect(self, text: str) -> list[Entity]:
        with self._lock:
            hit = self._cache.get(text)
            if hit is not None:
                self._cache.move_to_end(text)
                return list(hit)
        result = super().detect(text)
        with self._lock:
            self._cache[text] = result
            while len(self._cache) > self._max:
                self._cache.popitem(last=False)
        return list(result)

    def release_memory(self) -> None:
        with self._lock:
            self._cache.clear()
        super().release_memory()


def build_detector(
    settings: DetectorSettings, resources: Mapping[str, Any] | None = None, caching: bool = False
) -> HybridDetector:
    """The hybrid detector for these settings.  ``resources`` are what detectors need from outside
    detection: the LM detector's LM, built and checked by the boundary
    (:func:`local_model.boundary.clients.lm_detector_resources`); ``caching``: a
    :class:`CachingDetector` (the egress re-check)."""
    if caching:
        return CachingDetector(settings, resources=resources)
    return HybridDetector(settings, resources=resources)
