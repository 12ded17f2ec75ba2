"""The proper-noun detector: heuristics for informal text (brands, acronyms, self-introductions).

What classical NER misses in user queries (measured on PUPA_New) is mostly proper nouns that do
not look like English names: CamelCase brands, acronyms, names typed in lower case after a cue,
place names typed in lower case, user names by their shape, names in another script.  Its rules
are declared, each with its examples, in the catalogue's family modules
(:mod:`local_model.detection.catalogue.organisations`, ``names``, ``contact``, ``places``); this
detector runs the ones whose ``detector`` is ``propn``, in catalogue order.  All of these are
low-score spans (recall over precision) and lose every overlap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from local_model.detection.base import Detector
from local_model.detection.catalogue.base import run_rules
from local_model.detection.catalogue.registry import rules_of
from local_model.text.gazetteers import load_gazetteers
from signatures.entities import Entity, Label


class ProperNounDetector(Detector):
    name = "propn"
    labels = frozenset(
        {Label.PERSON, Label.ORGANIZATION, Label.CITY, Label.STATE, Label.COUNTRY, Label.URL, Label.USERNAME}
    )
    sources: ClassVar[Mapping[str, int]] = {
        "heuristic:name-cue": 25,
        "heuristic:org": 22,
        "heuristic:org-head": 35,
        "heuristic:acronym": 18,
        "heuristic:camelcase": 18,
        "heuristic:lowercase-place": 18,
        "heuristic:domain": 18,
        # the directory after /home/ or C:\Users\ is a user name by the path's structure: above the
        # models, which read a whole path as an address or a name and would swallow it
        "heuristic:user-path": 45,
        "heuristic:name-handle": 18,
        "heuristic:capitalised-non-word": 10,
        "heuristic:capitals-non-word": 10,
        "heuristic:foreign-script": 10,
        "heuristic:latin-in-other-script": 10,
        "heuristic:handle-shape": 10,
    }

    def __init__(self) -> None:
        load_gazetteers()  # built once per process at load, not inside the first request
        self.rules = rules_of(self.name)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        return run_rules(self.rules, text, language)
