"""The shipped PII tagger: loads offline, decodes BIO tags, gets the listed categories right."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from local_model.training.tagger import DEFAULT_MODEL_DIR, PiiTagger, TaggerError, decode_bio
from signatures.entities import Label


@pytest.fixture(scope="module")
def tagger() -> PiiTagger:
    return PiiTagger()


def found(tagger: PiiTagger, text: str) -> set[tuple[str, str]]:
    return {(text[s:e], label) for s, e, label, _ in tagger.spans(text)}


# -- decoding (no model) ----------------------------------------------------------------------


def _decode(tags: list[str], tokens: list[str]) -> list[tuple[str, str, float]]:
    names = sorted({*tags, "O"})
    index = {n: i for i, n in enumerate(names)}
    probs = np.zeros((len(tags), len(names)), dtype="f")
    for t, tag in enumerate(tags):
        probs[t, index[tag]] = 0.9
        probs[t, index["O"]] += 0.1
    text, spans, pos = "", [], 0
    for tok in tokens:
        spans.append((pos, pos + len(tok), tok.isspace()))
        text += tok + " "
        pos += len(tok) + 1
    return [(text[s:e], label, score) for s, e, label, score in decode_bio(tags, probs, index, spans)]


def test_decode_bio_spans_and_scores() -> None:
    got = _decode(["O", "B-PERSON", "I-PERSON", "O", "B-CITY"], ["soy", "Ana", "Ruiz", "de", "Soria"])
    assert got == [("Ana Ruiz", "PERSON", pytest.approx(0.9)), ("Soria", "CITY", pytest.approx(0.9))]


def test_decode_bio_is_lenient_and_trims_whitespace() -> None:
    # an I- without its B- opens a span; a label change closes it; edge newlines are trimmed
    got = _decode(["I-IBAN", "I-IBAN", "I-IBAN", "I-PHONE", "O"], ["ES91", "\n", "2100", "612", "x"])
    assert [(t, lab) for t, lab, _ in got] == [("ES91 \n 2100", "IBAN"), ("612", "PHONE")]
    got = _decode(["B-IBAN", "I-IBAN", "O"], ["ES91", "\n", "x"])
    assert [(t, lab) for t, lab, _ in got] == [("ES91", "IBAN")]


# -- the shipped model ------------------------------------------------------------------------


def test_loads_and_predicts_without_network(no_network: list[object]) -> None:
    tagger = PiiTagger()
    spans = tagger.spans("Me llamo Ana Ruiz García y mi móvil es el 612 345 678.")
    assert spans, "the tagger found nothing"
    assert no_network == []
    for start, end, label, score in spans:
        assert 0 <= start < end
        assert label in Label.__members__
        assert 0.0 <= score <= 1.0


def test_offsets_refer_to_the_original_text(tagger: PiiTagger) -> None:
    text = "hola, soy Jo\u200bsé Pérez y vivo en Zaragoza"
    for start, end, _, _ in tagger.spans(text):
        assert text[start:end] == text[start:end].strip()
        assert end <= len(text)


def test_memory_zone_keeps_no_strings_of_the_texts(tagger: PiiTagger) -> None:
    word = "Qzvorbekhal"
    tagger.spans(f"My name is {word} Xuplendorf and I live in Leeds.")
    assert word not in tagger.nlp.vocab.strings


def test_missing_model_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(TaggerError, match="train_tagger"):
        PiiTagger(tmp_path)


def test_shipped_model_is_small_and_local() -> None:
    size = sum(f.stat().st_size for f in DEFAULT_MODEL_DIR.rglob("*") if f.is_file())
    assert size < 8_000_000
    assert (DEFAULT_MODEL_DIR / "pii_tagger.json").is_file()
    assert "before_init = null" in (DEFAULT_MODEL_DIR / "config.cfg").read_text(encoding="utf-8")


def test_label_filter() -> None:
    only = PiiTagger(labels=[Label.EMAIL])
    text = "Soy Ana Ruiz, mi correo es ana.ruiz@gmail.com"
    assert {lab for _, _, lab, _ in only.spans(text)} <= {"EMAIL"}
