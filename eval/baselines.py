"""Vanilla Presidio, the baseline we compare against side by side.

``AnalyzerEngine`` with the same spaCy model and Presidio's default recognizers.
The only change: Presidio's e-mail recognizer validates domains with
``tldextract``, whose default extractor downloads the public suffix list on first
use.  Here it uses the snapshot bundled with tldextract (``suffix_list_urls=()``),
which gives the same answers without the network.
"""

from __future__ import annotations

from typing import Any

from signatures.entities import PRESIDIO_TO_LABEL, Entity, Label


def offline_tldextract() -> Any:
    import tldextract

    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


class PresidioBaseline:
    name = "presidio"

    def __init__(self, spacy_model: str) -> None:
        from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
        from presidio_analyzer.nlp_engine import NlpEngineProvider
        from presidio_analyzer.predefined_recognizers import EmailRecognizer

        from local_model.detection.detectors.ner import load_spacy

        load_spacy(spacy_model, exclude=["tagger"])  # fail early with a clear message
        extractor = offline_tldextract()

        class OfflineEmailRecognizer(EmailRecognizer):  # type: ignore[misc]
            def validate_result(self, pattern_text: str) -> bool:
                return bool(extractor(pattern_text).fqdn != "")

        nlp_engine = NlpEngineProvider(
            nlp_configuration={
                "nlp_engine_name": "spacy",
                "models": [{"lang_code": "en", "model_name": spacy_model}],
            }
        ).create_engine()
        registry = RecognizerRegistry()
        registry.load_predefined_recognizers(nlp_engine=nlp_engine, languages=["en"])
        registry.remove_recognizer("EmailRecognizer")
        registry.add_recognizer(OfflineEmailRecognizer())
        self.analyzer = AnalyzerEngine(nlp_engine=nlp_engine, registry=registry, supported_languages=["en"])

    def detect(self, text: str) -> list[Entity]:
        out = []
        for r in self.analyzer.analyze(text=text, language="en"):
            label = PRESIDIO_TO_LABEL.get(r.entity_type, Label.ID_CARD)
            out.append(Entity.make(text, r.start, r.end, label, min(1.0, float(r.score)), f"presidio:{r.entity_type}"))
        return out
