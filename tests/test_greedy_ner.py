"""The NumPy decode of spaCy's NER (local_model/detection/greedy_ner.py) gives spaCy's entities.

The comparison is with the ``ner`` component's own decoder on the same doc, over generated
tickets in several languages and over edge cases of the BILUO rules (last token, whitespace
tokens, sentence starts, empty and one-token docs); a pipeline the decoder does not reproduce is
decoded by spaCy (the fallback is exercised too).
"""

from __future__ import annotations

import pytest

from configs.settings import DetectorSettings
from local_model.detection.detectors.ner import _EXCLUDE, shared_spacy
from local_model.detection.greedy_ner import GreedyNer

EDGE_CASES = [
    "",
    "John",
    " ",
    "I met John Smith",  # the entity ends on the last token
    "Barack Obama\nNew York\n\nGoogle",
    "  Mary   Jones  lives in   Paris  .  ",
    "\n\n\t Angela Merkel \n",
    "The United Nations General Assembly met in New York City on Monday with Emmanuel Macron.",
    "mr smith from london called ibm about the order for acme corp",
    "Dear Mr. O'Neill-Hughes, the Bank of America branch at 5th Avenue, Manhattan is closed.",
    "Sehr geehrte Frau Müller, wir haben Ihre Nachricht aus München erhalten.",
    "Hola, soy Ana Ruiz García de Valladolid y trabajo en Telefónica.",
    'JSON: {"name": "Peter Parker", "city": "Queens", "org": "Daily Bugle"}',
    "A" * 3 + " Smith " * 30,
]


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return shared_spacy(DetectorSettings().spacy_model, exclude=_EXCLUDE).nlp


def _spacy(nlp, doc):  # type: ignore[no-untyped-def]
    return [(e.start_char, e.end_char, e.label_) for e in nlp.get_pipe("ner")(doc).ents]


def test_the_shipped_model_is_decoded_in_numpy(nlp) -> None:  # type: ignore[no-untyped-def]
    decoder = GreedyNer(nlp)
    assert decoder.fast, decoder.reason


def test_same_entities_as_spacy_on_edge_cases_and_tickets(nlp) -> None:  # type: ignore[no-untyped-def]
    from eval.synthetic_tickets import generate

    decoder = GreedyNer(nlp)
    samples = [*EDGE_CASES, *(t.text for t in generate(60, seed=5))]
    n = 0
    for text in samples:
        expected = _spacy(nlp, nlp.make_doc(text))
        assert decoder.entities(nlp.make_doc(text)) == expected, text[:80]
        n += len(expected)
    assert n > 100  # the samples do exercise the NER, multi-token entities included


def test_sentence_starts_stop_entities_as_in_spacy(nlp) -> None:  # type: ignore[no-untyped-def]
    decoder = GreedyNer(nlp)
    text = "Yesterday Angela Merkel visited Los Angeles with Barack Obama ."
    for cut in range(1, 10):
        # an entity may not run over a sentence start (set here by hand, as a senter would)
        assert decoder.entities(_with_start(nlp, text, cut)) == _spacy(nlp, _with_start(nlp, text, cut)), cut


def _with_start(nlp, text: str, cut: int):  # type: ignore[no-untyped-def]
    doc = nlp.make_doc(text)
    doc[cut].is_sent_start = True
    return doc


def test_preset_entities_are_left_to_spacy(nlp) -> None:  # type: ignore[no-untyped-def]
    decoder = GreedyNer(nlp)
    text = "Angela Merkel met Barack Obama in Berlin."
    got = decoder.entities(_preset(nlp, text))
    assert got == _spacy(nlp, _preset(nlp, text))
    assert (0, 13, "ORG") in got  # spaCy keeps a preset entity


def _preset(nlp, text: str):  # type: ignore[no-untyped-def]
    from spacy.tokens import Span

    doc = nlp.make_doc(text)
    doc.set_ents([Span(doc, 0, 2, label="ORG")], default="unmodified")
    return doc


def test_a_pipeline_it_cannot_reproduce_falls_back_to_spacy() -> None:
    import spacy

    blank = spacy.blank("en")
    ner = blank.add_pipe("beam_ner", name="ner")
    ner.add_label("THING")  # type: ignore[attr-defined]
    blank.initialize()
    decoder = GreedyNer(blank)
    assert not decoder.fast and "beam" in decoder.reason
    doc = blank.make_doc("a few words here")
    assert decoder.entities(doc) == _spacy(blank, blank.make_doc("a few words here"))


def test_building_a_detector_caps_the_blas_pool() -> None:
    from threadpoolctl import threadpool_info, threadpool_limits

    from local_model.detection.hybrid import HybridDetector
    from local_model.detection.shared import limit_blas_threads

    def blas_threads() -> set[int]:
        return {i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}

    threadpool_limits(limits=3, user_api="blas")  # as if another library had widened it
    assert blas_threads() == {3}
    HybridDetector(DetectorSettings(detectors=["rules"], blas_threads=1))
    assert blas_threads() == {1}
    HybridDetector(DetectorSettings(detectors=["rules"], blas_threads=0))  # 0: left as it is
    assert blas_threads() == {1}
    with pytest.raises(ValueError, match=">= 0"):
        limit_blas_threads(-1)
