"""A domain's lexicon (configs/domains/<name>.yaml, section ``lexicon``): terms, local identifiers
and words never masked, read by the ``domain`` detector and the hybrid detector without code."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest

from configs.settings import DetectorSettings, DomainLexicon, load_domain
from local_model.detection.base import Detector
from local_model.detection.detectors.domain import DomainLexiconDetector, domain_lexicon
from local_model.detection.hybrid import HybridDetector
from signatures.entities import Entity, Label
from signatures.errors import ConfigError

_DOMAIN = """\
name: club
description: A sports club's member desk.
entities:
  - {label: PERSON, stratum: direct_identifier, severity: high, operation: pseudonymize}
lexicon:
  terms:
    - {label: HEALTH, words: [hemodiálisis, "diálisis peritoneal"]}
  identifiers:
    - {label: CUSTOMER_ID, pattern: 'SOC-\\d{6}', keywords: [socio, member]}
    - {label: DEVICE_ID, pattern: 'TAG[0-9A-F]{8}'}
  keep: [Router X5, Plan Familia]
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _values(entities: list[Entity]) -> list[tuple[str, Label]]:
    return [(e.text, e.label) for e in entities]


def test_terms_match_whole_words_in_any_case_and_accent(tmp_path: Path) -> None:
    det = DomainLexiconDetector(load_domain(_write(tmp_path, _DOMAIN)).lexicon)
    found = _values(det.detect("Mi padre está en HEMODIALISIS y en diálisis peritoneal; la prehemodiálisis no."))
    assert found == [("HEMODIALISIS", Label.HEALTH), ("diálisis peritoneal", Label.HEALTH)]


def test_an_identifier_with_keywords_needs_one_before_it_on_its_line(tmp_path: Path) -> None:
    det = DomainLexiconDetector(load_domain(_write(tmp_path, _DOMAIN)).lexicon)
    assert _values(det.detect("Número de socio: SOC-123456, gracias")) == [("SOC-123456", Label.CUSTOMER_ID)]
    assert det.detect("El lote SOC-123456 llegó roto") == []
    assert det.detect("member\nSOC-123456") == []  # the keyword is on another line
    assert _values(det.detect("tag TAG00FF12AB lost")) == [("TAG00FF12AB", Label.DEVICE_ID)]


class _Fixed(Detector):
    """Reports the given substrings as organisations, like a rule that misreads a product name."""

    name = "fixed"
    labels = frozenset({Label.ORGANIZATION})
    sources: ClassVar[dict[str, int]] = {"heuristic:org": 30}

    def __init__(self, *values: str) -> None:
        self.values = values

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out = []
        for value in self.values:
            at = text.find(value)
            if at >= 0:
                out.append(Entity.make(text, at, at + len(value), Label.ORGANIZATION, 0.9, "heuristic:org"))
        return out


def test_kept_words_veto_the_spans_inside_them_only(tmp_path: Path) -> None:
    settings = DetectorSettings(domain_lexicon=str(_write(tmp_path, _DOMAIN)))
    inside = HybridDetector(settings, detectors=[_Fixed("ROUTER X5"), DomainLexiconDetector.from_settings(settings)])
    assert inside.detect("El ROUTER X5 se reinicia") == []  # any case: the kept phrase covers it
    # the domain's kept phrase alone (the technical-context veto off: "Router" after an article is an appliance's word)
    only_domain = DetectorSettings(domain_lexicon=settings.domain_lexicon, technical_veto=False)
    wider = HybridDetector(only_domain, detectors=[_Fixed("Router X5 de Ana")])
    assert _values(wider.detect("El Router X5 de Ana se reinicia")) == [("Router X5 de Ana", Label.ORGANIZATION)]
    plain = HybridDetector(DetectorSettings(technical_veto=False), detectors=[_Fixed("Router X5")])
    assert _values(plain.detect("El Router X5 se reinicia")) == [("Router X5", Label.ORGANIZATION)]


def test_bad_lexicons_are_configuration_errors(tmp_path: Path) -> None:
    for bad in (
        "  identifiers:\n    - {label: CUSTOMER_ID, pattern: '(SOC'}\n",
        "  identifiers:\n    - {label: CUSTOMER_ID, pattern: 'a*'}\n",
        "  terms:\n    - {label: HEALTH, words: ['  ']}\n",
        "  terms:\n    - {label: NOT_A_LABEL, words: [x]}\n",
        "  colours: [red]\n",
    ):
        text = _DOMAIN.split("lexicon:\n")[0] + "lexicon:\n" + bad
        with pytest.raises(ConfigError):
            load_domain(_write(tmp_path, text))


def test_no_lexicon_adds_nothing() -> None:
    assert DomainLexiconDetector().detect("hemodiálisis SOC-123456") == []
    assert load_domain("bank").lexicon == DomainLexicon()
    assert DomainLexiconDetector.from_settings(DetectorSettings()).detect("hemodiálisis") == []


def test_the_settings_name_a_domain_or_a_path(tmp_path: Path) -> None:
    path = _write(tmp_path, _DOMAIN)
    assert domain_lexicon(str(path)).keep == ["Router X5", "Plan Familia"]
    with pytest.raises(ConfigError):
        domain_lexicon(str(tmp_path / "absent.yaml"))
