"""The CJK detector: values in Chinese, Japanese and Korean text, where the English NER sees nothing useful.

Its rules are declared, each with its examples, in :mod:`local_model.detection.catalogue.cjk`
(names after form fields, self-introductions and honorifics; city names; organisations; Korean
road-name addresses); this detector runs the ones whose ``detector`` is ``cjk``, in catalogue
order.  Identifiers in these texts are read by the language-neutral rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from configs.settings import DetectorSettings
from local_model.detection.base import Detector
from local_model.detection.catalogue.base import run_rules
from local_model.detection.catalogue.cjk import cjk_places
from local_model.detection.catalogue.registry import rules_of
from signatures.entities import Entity, Label


class CjkDetector(Detector):
    name = "cjk"
    labels = frozenset(
        {
            Label.CITY,
            Label.ORGANIZATION,
            Label.STREET_ADDRESS,
            Label.PERSON,
            Label.AGE,
            Label.HEALTH,
            Label.RELIGION,
            Label.SEXUAL_ORIENTATION,
            Label.POLITICS,
            Label.CRIMINAL_RECORD,
            Label.IMMIGRATION_STATUS,
        }
    )
    # the English NER reads Chinese, Japanese and Korean text poorly: these win over it there
    sources: ClassVar[Mapping[str, int]] = {
        "heuristic:ko-address": 55,
        "heuristic:zh-address": 55,
        "heuristic:ja-address": 55,
        "heuristic:cjk-name": 55,
        "heuristic:cjk-special": 45,
        "heuristic:cjk-org": 45,
        "gazetteer:cjk-place": 42,
    }

    def __init__(self, warm: bool = True) -> None:
        if warm:  # once per process: at load, or (``warm=False``) on the first CJK text
            cjk_places()
        self.rules = rules_of(self.name)

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        """``detector.warm_packs`` also builds the CJK place names at load (~0.5 s)."""
        return cls(settings.warm_packs)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if text.isascii():
            return []
        return run_rules(self.rules, text, language)
