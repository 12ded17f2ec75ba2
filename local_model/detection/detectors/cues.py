"""The cue detector: values introduced by a cue phrase, whatever their case (what support tickets are made of).

Its rules are declared, each with its examples, in the catalogue's family modules: names after
greetings, sign-offs and words that introduce a name, names in capitals and after a title
(:mod:`local_model.detection.catalogue.names`), a city after a preposition or a postcode
(:mod:`~local_model.detection.catalogue.places`), log-in names
(:mod:`~local_model.detection.catalogue.contact`), ages and jobs of people
(:mod:`~local_model.detection.catalogue.personal`).  This detector runs the ones whose
``detector`` is ``cues``, in catalogue order.  Scores are low (recall first) and every span
loses an overlap to rules, keyed fields and the NER.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from local_model.detection.base import Detector
from local_model.detection.catalogue.base import run_rules
from local_model.detection.catalogue.registry import rules_of
from local_model.text.gazetteers import load_gazetteers
from signatures.entities import Entity, Label


class CueDetector(Detector):
    """Names, log-ins, ages and jobs introduced by a cue phrase (see the module docstring)."""

    name = "cues"
    labels = frozenset({Label.PERSON, Label.USERNAME, Label.AGE, Label.JOB, Label.CITY, Label.TITLE})
    sources: ClassVar[Mapping[str, int]] = {
        # a name right after a greeting or a sign-off outranks a town of the same name ("Olivo")
        "cue:greeting": 34,
        "cue:caps-name": 31,
        "cue:login": 30,
        "cue:age": 30,
        "cue:job": 24,
        "cue:place": 28,
    }

    def __init__(self) -> None:
        load_gazetteers()  # built once per process at load, not inside the first request
        self.rules = rules_of(self.name)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        return run_rules(self.rules, text, language)
