"""The detector interface and registry.

Every detector implements :meth:`Detector.detect` (text -> list of entities)
and registers a factory under a short name (``rules``, ``keyed``, ``ner``,
``gazetteer``, ``lm``).  :func:`build_detectors` instantiates the names listed
in the configuration, in order.  Adding a detector is adding a class and one
``@register`` line.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar

from configs.settings import DetectorSettings
from signatures.entities import Entity


class Detector(ABC):
    """One source of candidate spans.  Spans must be exact slices of ``text``."""

    #: short name; the spans' ``source`` strings decide merge priority (local_model.merge)
    name: ClassVar[str]

    @abstractmethod
    def detect(self, text: str, language: str = "und") -> list[Entity]:
        """Return candidate entities for ``text`` (already normalized by the caller).

        ``language`` is the caller's guess (``en``, ``fr``, ``de``, ``nl``, ``es`` or
        ``und``); language-specific detectors use it to stay quiet where they would
        only produce noise.
        """


DetectorFactory = Callable[[DetectorSettings], Detector]
_REGISTRY: dict[str, DetectorFactory] = {}


def register(name: str) -> Callable[[DetectorFactory], DetectorFactory]:
    def deco(factory: DetectorFactory) -> DetectorFactory:
        if name in _REGISTRY:
            raise ValueError(f"detector {name!r} registered twice")
        _REGISTRY[name] = factory
        return factory

    return deco


def registered() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def build_detectors(settings: DetectorSettings) -> list[Detector]:
    _load_builtin()
    unknown = [n for n in settings.detectors if n not in _REGISTRY]
    if unknown:
        raise ValueError(f"unknown detectors {unknown}; available: {sorted(_REGISTRY)}")
    return [_REGISTRY[n](settings) for n in settings.detectors]


def _load_builtin() -> None:
    # imported lazily so that importing the package has no side effects
    from local_model.detectors import cjk, gazetteer, keyed, lm, ner, propn, rules, special  # noqa: F401
