"""The detector registry: the one list of detector classes.

:func:`build_detectors` instantiates the names listed in the configuration, in order;
:func:`source_ranks` collects the merge ranks every detector declares for its span sources.
Adding a detector is adding its class to :data:`DETECTORS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from configs.settings import DetectorSettings
from local_model.detection.base import Detector
from local_model.detection.detectors.cjk import CjkDetector
from local_model.detection.detectors.cues import CueDetector
from local_model.detection.detectors.domain import DomainLexiconDetector
from local_model.detection.detectors.gazetteer import GazetteerDetector
from local_model.detection.detectors.keyed import KeyedFieldDetector
from local_model.detection.detectors.lm import LMDetector
from local_model.detection.detectors.ner import FrenchNerDetector, PresidioNerDetector, SpanishNerDetector
from local_model.detection.detectors.propn import ProperNounDetector
from local_model.detection.detectors.rules import RuleDetector
from local_model.detection.detectors.special import SpecialCategoryDetector
from local_model.detection.detectors.tagger import TaggerDetector
from signatures.errors import ConfigError

DETECTORS: tuple[type[Detector], ...] = (
    RuleDetector,
    KeyedFieldDetector,
    PresidioNerDetector,
    SpanishNerDetector,
    FrenchNerDetector,
    GazetteerDetector,
    ProperNounDetector,
    CjkDetector,
    CueDetector,
    SpecialCategoryDetector,
    TaggerDetector,
    DomainLexiconDetector,
    LMDetector,
)
_BY_NAME: dict[str, type[Detector]] = {cls.name: cls for cls in DETECTORS}
if len(_BY_NAME) != len(DETECTORS):
    raise RuntimeError("two detector classes declare the same name")


def registered() -> list[str]:
    return sorted(_BY_NAME)


def detector_class(name: str) -> type[Detector]:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ConfigError(f"unknown detector {name!r} in the configuration; available: {registered()}") from None


def source_ranks() -> dict[str, int]:
    """Merge rank of every span source of every registered detector."""
    ranks: dict[str, int] = {}
    for cls in DETECTORS:
        for source, rank in cls.sources.items():
            if ranks.get(source, rank) != rank:
                raise RuntimeError(f"span source {source!r} is declared with two ranks")
            ranks[source] = rank
    return ranks


def build_detectors(settings: DetectorSettings, resources: Mapping[str, Any] | None = None) -> list[Detector]:
    """The configured detectors, in order (``resources`` such as ``lm=`` are passed to each)."""
    classes = [detector_class(name) for name in settings.detectors]
    return [cls.from_settings(settings, **dict(resources or {})) for cls in classes]
