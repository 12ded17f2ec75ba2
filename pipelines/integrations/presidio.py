"""The hybrid detector as a Presidio recognizer: :class:`PdtRecognizer`.

    from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
    from presidio_analyzer.nlp_engine import NoOpNlpEngine
    from pipelines.integrations.presidio import PdtRecognizer

    registry = RecognizerRegistry(recognizers=[PdtRecognizer("en")], supported_languages=["en"])
    engine = NoOpNlpEngine(models=[{"lang_code": "en", "model_name": "none"}])
    analyzer = AnalyzerEngine(registry=registry, nlp_engine=engine, supported_languages=["en"])
    results = analyzer.analyze(text="Call Ana Ruiz on +34 612 345 678", language="en")

Our labels are reported under Presidio's entity names where Presidio has one for the same type
(:data:`LABEL_TO_PRESIDIO`: the inverse of :data:`signatures.entities.PRESIDIO_TO_LABEL`, generic
names only: ``PERSON``, ``EMAIL_ADDRESS``, ``PHONE_NUMBER``, ``IBAN_CODE`` ...), else under our
label's name (``NATIONAL_ID``, ``ACCOUNT_NUMBER``, ``HEALTH`` ...); scores are ours.  The
recognizer reads no NLP artifacts (the hybrid detector runs its own models), so an
``AnalyzerEngine`` holding only it needs no spaCy model: :func:`analyzer_engine` builds one with
Presidio's ``NoOpNlpEngine``.  A Presidio recognizer serves one language; :func:`pdt_recognizers`
gives one per language, all sharing one detector.  The detector is built on the recognizer's
first use (Presidio's lazy ``load()``), once per process (:func:`pipelines.api.shared_detector`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from presidio_analyzer import (
    AnalysisExplanation,
    AnalyzerEngine,
    EntityRecognizer,
    RecognizerRegistry,
    RecognizerResult,
)
from presidio_analyzer.nlp_engine import NoOpNlpEngine

from local_model.detection.hybrid import HybridDetector
from local_model.text.lang import PACKS
from pipelines.api import Protector, default_protector
from signatures.entities import PRESIDIO_TO_LABEL, Label
from signatures.errors import InputError

__all__ = ["LABEL_TO_PRESIDIO", "PRESIDIO_LANGUAGES", "PdtRecognizer", "analyzer_engine", "pdt_recognizers"]

#: the languages a recognizer may be made for (the detector's language packs)
PRESIDIO_LANGUAGES: tuple[str, ...] = PACKS


def _presidio_names() -> dict[Label, str]:
    """Invert PRESIDIO_TO_LABEL: the first Presidio name of each label, leaving out names narrower
    than our label (a country's ID, a medical licence, a crypto wallet): a Spanish DNI is no US_SSN."""
    narrow = ("US_", "UK_", "ES_", "IT_", "AU_", "IN_", "SG_", "PL_", "FI_", "KR_")
    out: dict[Label, str] = {}
    for name, label in PRESIDIO_TO_LABEL.items():
        if name.startswith(narrow) or name in ("MEDICAL_LICENSE", "CRYPTO", "GPE", "ORG"):
            continue
        out.setdefault(label, name)
    return out


#: our label -> the Presidio entity name it is reported under (labels not listed: their own name)
LABEL_TO_PRESIDIO: dict[Label, str] = _presidio_names()


def presidio_entity(label: Label) -> str:
    """The Presidio entity name of one of our labels."""
    return LABEL_TO_PRESIDIO.get(label, label.value)


class PdtRecognizer(EntityRecognizer):
    """The project's hybrid detector as a Presidio ``EntityRecognizer`` for one language.

    ``supported_language``: one of :data:`PRESIDIO_LANGUAGES` (the detector reads the language of
    each text itself; Presidio uses the code to route a request to its recognizers);
    ``protector``/``detector``: where the detector comes from (default: the process-wide one,
    built on first use).  ``score_threshold``: results below it are dropped (default: none beyond
    the detector's own ``detector.min_score``)."""

    name: str
    supported_language: str

    def __init__(
        self,
        supported_language: str = "en",
        *,
        protector: Protector | None = None,
        detector: HybridDetector | None = None,
        name: str = "PdtRecognizer",
        score_threshold: float = 0.0,
    ) -> None:
        if supported_language not in PRESIDIO_LANGUAGES:
            raise InputError(f"unsupported language code; use one of {', '.join(PRESIDIO_LANGUAGES)}")
        self._protector = protector
        self._detector = detector
        self._constructing = True  # Presidio calls load() from __init__: the detector is built later
        self.score_threshold = score_threshold
        entities = sorted({presidio_entity(label) for label in Label})
        super().__init__(supported_entities=entities, name=name, supported_language=supported_language)
        self._constructing = False
        self.is_loaded = self._detector is not None  # AnalyzerEngine calls load() before the first analyze

    def load(self) -> None:
        """Build (or take the process's shared) detector; nothing while Presidio constructs the object."""
        if self._constructing or self._detector is not None:
            return
        protector = self._protector if self._protector is not None else default_protector()
        self._detector = protector.detector

    @property
    def detector(self) -> HybridDetector:
        if self._detector is None:
            self.load()
            self.is_loaded = True
        assert self._detector is not None
        return self._detector

    def __repr__(self) -> str:
        return f"PdtRecognizer(language={self.supported_language!r}, loaded={self._detector is not None})"

    def analyze(
        self, text: str, entities: list[str] | None = None, nlp_artifacts: Any = None
    ) -> list[RecognizerResult]:
        """Our detections of ``text`` as Presidio results (only the requested ``entities``, when given)."""
        if not isinstance(text, str):
            raise InputError(f"analyze() takes str, not {type(text).__name__}")
        wanted = set(entities) if entities else None
        out: list[RecognizerResult] = []
        for ent in self.detector.detect(text):
            entity_type = presidio_entity(ent.label)
            if (wanted is not None and entity_type not in wanted) or ent.score < self.score_threshold:
                continue
            explanation = AnalysisExplanation(
                recognizer=self.name,
                original_score=ent.score,
                textual_explanation=f"privacy-delegation {ent.label.value} via {ent.source}",
            )
            out.append(
                RecognizerResult(
                    entity_type=entity_type,
                    start=ent.start,
                    end=ent.end,
                    score=ent.score,
                    analysis_explanation=explanation,
                    recognition_metadata={
                        RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                        RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
                        "pdt_label": ent.label.value,
                        "pdt_source": ent.source,
                    },
                )
            )
        return out


def pdt_recognizers(
    languages: Iterable[str] = ("en",),
    *,
    protector: Protector | None = None,
    detector: HybridDetector | None = None,
) -> list[PdtRecognizer]:
    """One :class:`PdtRecognizer` per language, all sharing one detector."""
    return [PdtRecognizer(lang, protector=protector, detector=detector) for lang in dict.fromkeys(languages)]


def analyzer_engine(
    languages: Sequence[str] = ("en",),
    *,
    protector: Protector | None = None,
    detector: HybridDetector | None = None,
) -> AnalyzerEngine:
    """An ``AnalyzerEngine`` whose registry holds only our recognizers (one per language), with
    Presidio's ``NoOpNlpEngine``: no spaCy model is loaded for Presidio, nothing is downloaded."""
    langs = list(dict.fromkeys(languages))
    recognizers = pdt_recognizers(langs, protector=protector, detector=detector)
    registry = RecognizerRegistry(recognizers=recognizers, supported_languages=langs)
    nlp_engine = NoOpNlpEngine(models=[{"lang_code": lang, "model_name": "none"} for lang in langs])
    return AnalyzerEngine(registry=registry, nlp_engine=nlp_engine, supported_languages=langs)
