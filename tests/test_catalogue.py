"""The rule catalogue: every rule's own examples and negatives, and the catalogue's bookkeeping.

One row per example: the rule alone (not the whole detector) must cover the example's value whole
(every character), with the example's label when it names one; on a negative the rule must find
nothing at all.  Every value is invented.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import local_model.detection.catalogue as catalogue_pkg
from local_model.detection.catalogue import calibration
from local_model.detection.catalogue.base import Example, Rule, Scan, rank_source, rule_id_of
from local_model.detection.catalogue.registry import CATALOGUE, rule, rules_of
from local_model.detection.registry import DETECTORS, detector_class
from local_model.text.lang import guess_language

_EXAMPLES = [(r, ex) for r in CATALOGUE for ex in r.examples]
_NEGATIVES = [(r, text) for r in CATALOGUE for text in r.negatives]


def _language(r: Rule, text: str) -> str:
    guess = guess_language(text)
    return guess if r.runs_on(guess) else sorted(r.languages)[0]


@pytest.mark.parametrize(("r", "example"), _EXAMPLES, ids=[f"{r.id}:{i}" for i, (r, _) in enumerate(_EXAMPLES)])
def test_rule_finds_its_example(r: Rule, example: Example) -> None:
    start = example.text.index(example.value)
    end = start + len(example.value)
    hits = list(r.find(Scan(example.text, _language(r, example.text))))
    covering = [h for h in hits if h.start <= start and h.end >= end]
    assert covering, f"{r.id} did not cover {example.value!r}; found {[example.text[h.start : h.end] for h in hits]}"
    if example.label is not None:
        assert any(h.label == example.label for h in covering), [h.label for h in covering]
    assert all(h.label in r.labels for h in hits), (r.id, [h.label for h in hits])


@pytest.mark.parametrize(("r", "text"), _NEGATIVES, ids=[f"{r.id}:{i}" for i, (r, _) in enumerate(_NEGATIVES)])
def test_rule_stays_quiet_on_its_negative(r: Rule, text: str) -> None:
    hits = list(r.find(Scan(text, _language(r, text))))
    assert not hits, f"{r.id} found {[text[h.start : h.end] for h in hits]} in a negative"


def _declared_rules() -> dict[str, Rule]:
    out: dict[str, Rule] = {}
    for info in pkgutil.iter_modules(catalogue_pkg.__path__):
        module = importlib.import_module(f"{catalogue_pkg.__name__}.{info.name}")
        for _, value in inspect.getmembers(module, lambda v: isinstance(v, Rule)):
            out[value.id] = value
    return out


def test_every_declared_rule_is_in_the_catalogue_once() -> None:
    ids = [r.id for r in CATALOGUE]
    assert len(ids) == len(set(ids))
    assert set(_declared_rules()) == set(ids)
    assert all(rule(r.id) is r for r in CATALOGUE)
    with pytest.raises(KeyError, match="no rule"):
        rule("identifiers.nothing")


def test_every_rule_runs_in_a_registered_detector_with_a_declared_rank() -> None:
    names = {cls.name for cls in DETECTORS}
    for r in CATALOGUE:
        assert r.detector in names, r.id
        sources = detector_class(r.detector).sources
        assert r.source in sources, (r.id, r.source)
        assert r.validated_source is None or r.validated_source in sources, r.id
    assert sum(len(rules_of(name)) for name in names) == len(CATALOGUE)


def test_a_span_source_names_its_rule_and_keeps_the_rank_prefix() -> None:
    (r,) = [x for x in CATALOGUE if x.id == "identifiers.iban"]
    ents = list(r.entities(Scan("IBAN ES91 2100 0418 4502 0005 1332 please")))
    assert [e.source for e in ents] == ["rules:validated/identifiers.iban"]
    assert rank_source(ents[0].source) == "rules:validated"
    assert rule_id_of(ents[0].source) == "identifiers.iban"
    assert rule_id_of("ner:presidio-spacy") is None


def test_a_rule_declaration_is_checked() -> None:
    base = dict(
        family=CATALOGUE[0].family,
        detector="rules",
        labels=CATALOGUE[0].labels,
        find=CATALOGUE[0].find,
        source="rules",
        examples=CATALOGUE[0].examples,
        negatives=CATALOGUE[0].negatives,
    )
    with pytest.raises(ValueError, match="must read"):
        Rule(id="identifiers.email", **base)  # the id's family must be the rule's
    with pytest.raises(ValueError, match="at least one example"):
        Rule(id="contact.x", **{**base, "negatives": ()})


def test_every_calibration_value_is_read_by_some_rule() -> None:
    detection = Path(catalogue_pkg.__path__[0]).parent
    sources = "".join(p.read_text(encoding="utf-8") for p in detection.rglob("*.py") if p.name != "calibration.py")
    for table_name in ("ZIPF", "SCORE"):
        table = getattr(calibration, table_name)
        for key in table:
            assert re.search(rf"{table_name}\[\"{key}\"\]", sources), f"{table_name}[{key!r}] is read by no rule"


def test_a_job_after_its_cue_ends_where_a_first_person_clause_starts() -> None:
    text = "I'm a graphic designer freelance, my name is Amer, give me an interview scenario"
    hits = list(rule("personal.job_cue").find(Scan(text, "en")))
    assert [text[h.start : h.end] for h in hits] == ["graphic designer freelance"]


def test_the_codes_listed_after_one_error_word_are_kept_and_the_list_ends_at_a_word() -> None:
    from local_model.detection.veto import technical_strings

    text = "error NW-2-5, 1011 and then M7111-1331-2206 and my passport X1234567 expired"
    kept = technical_strings(text)
    assert {"NW-2-5", "1011", "M7111-1331-2206"} <= set(kept)
    assert not any("X1234567" in k for k in kept)
