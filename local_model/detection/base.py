"""The detector interface (the abstract base class only; the registry knows the detectors).

A detector is one source of candidate spans.  It declares, as class constants (as Presidio's
recognizers do):

* ``name``: the short name used in ``detector.detectors`` (configs);
* ``languages``: the language guesses it runs on (``ANY`` for all); the hybrid detector does not
  call it on text guessed to be in another language;
* ``labels``: the entity types it can report;
* ``sources``: the ``source`` strings of its spans, each with its merge rank (higher wins an
  overlap; see :mod:`local_model.detection.merge`).

Adding a detector is one class here in ``detectors/`` plus one line in
:mod:`local_model.detection.registry`; no other table needs to change.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from configs.settings import DetectorSettings
from signatures.entities import Entity, Label

#: every language guess (en, fr, de, nl, es, und)
ANY: frozenset[str] = frozenset({"*"})

# The merge-rank scale the detectors place their sources on (higher wins an overlap).
#: a match confirmed by a validator (check digit, calendar date, IP parse)
RANK_VALIDATED = 100
#: the value of a labelled field
RANK_KEYED = 80
#: a rule match of the right shape; everything ranked below it counts as statistical or heuristic
RANK_RULE = 60
#: the local LM
RANK_LM = 50


class Detector(ABC):
    """One source of candidate spans.  Spans must be exact slices of ``text``."""

    name: ClassVar[str]
    languages: ClassVar[frozenset[str]] = ANY
    labels: ClassVar[frozenset[Label]]
    sources: ClassVar[Mapping[str, int]]

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        """Build the detector from the settings (``resources``: shared objects such as the LM)."""
        return cls()

    def runs_on(self, language: str) -> bool:
        return "*" in self.languages or language in self.languages

    @abstractmethod
    def detect(self, text: str, language: str = "und") -> list[Entity]:
        """Return candidate entities for ``text`` (already normalized by the caller).

        ``language`` is the caller's guess (``en``, ``fr``, ``de``, ``nl``, ``es`` or
        ``und``); language-specific detectors use it to stay quiet where they would
        only produce noise.
        """

    def release_memory(self) -> None:  # noqa: B027 - optional hook, a no-op by default
        """Forget strings the detector has cached from texts it saw (long-running processes)."""
