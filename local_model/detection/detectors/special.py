"""The special-category detector: health, religion, politics, sexual orientation, ethnic origin,
criminal records and immigration status.

Its rules are declared, each with its examples, in :mod:`local_model.detection.catalogue.special`
(a term is reported only when it is said of a person; cue phrases report what follows them); this
detector runs the ones whose ``detector`` is ``special``, in catalogue order, on one scan of the
text (whether the text is about someone is decided once per text).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from local_model.detection.base import Detector
from local_model.detection.catalogue.base import run_rules
from local_model.detection.catalogue.registry import rules_of
from local_model.text.medications import medication_names
from signatures.entities import Entity, Label


class SpecialCategoryDetector(Detector):
    name = "special"
    labels = frozenset(
        {
            Label.HEALTH,
            Label.RELIGION,
            Label.SEXUAL_ORIENTATION,
            Label.POLITICS,
            Label.ETHNICITY,
            Label.CRIMINAL_RECORD,
            Label.IMMIGRATION_STATUS,
        }
    )
    sources: ClassVar[Mapping[str, int]] = {"special:cue": 45, "special:term": 35}

    def __init__(self) -> None:
        medication_names()  # built once per process at load (~2 s), not inside the first request
        self.rules = rules_of(self.name)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        return run_rules(self.rules, text, language)
