from __future__ import annotations

from pathlib import Path

import pytest

from configs.settings import DomainSchema, list_domains, load_domain, load_settings
from signatures.entities import Label
from signatures.errors import ConfigError


def test_defaults_load() -> None:
    s = load_settings(environ={})
    assert "rules" in s.detector.detectors and "lm" not in s.detector.detectors
    assert s.detector.lm.enabled is False
    assert s.data_path().name == "datasets"


def test_env_override_is_typed() -> None:
    s = load_settings(environ={"PDT__DETECTOR__MIN_SCORE": "0.45", "PDT__MLFLOW__ENABLED": "false"})
    assert s.detector.min_score == pytest.approx(0.45)
    assert s.mlflow.enabled is False


def test_invalid_override_says_which_key() -> None:
    with pytest.raises(ConfigError, match="min_score"):
        load_settings(environ={"PDT__DETECTOR__MIN_SCORE": "2.5"})


def test_unknown_key_rejected(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("detector:\n  minscore: 0.2\n")
    with pytest.raises(ConfigError, match="minscore"):
        load_settings(cfg, environ={})


def test_missing_config_file() -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_settings("/nonexistent/x.yaml", environ={})


@pytest.mark.parametrize("name", ["telecom_support", "clinic", "bank", "it_service_desk"])
def test_required_domains_validate(name: str) -> None:
    domain = load_domain(name)
    assert domain.name == name
    assert domain.tasks, "each domain declares tasks"
    strata = {e.stratum.value for e in domain.entities}
    assert "direct_identifier" in strata and "special_category" in strata


def test_all_shipped_domains_validate() -> None:
    assert len(list_domains()) >= 4
    for name in list_domains():
        load_domain(name)


def test_task_needs_must_be_declared() -> None:
    with pytest.raises(ValueError, match="undeclared"):
        DomainSchema.model_validate(
            {
                "name": "x",
                "description": "x",
                "entities": [
                    {"label": "PERSON", "stratum": "direct_identifier", "severity": "high", "operation": "pseudonymize"}
                ],
                "tasks": {"t": {"description": "t", "needs": ["IBAN"]}},
            }
        )


def test_needed_by() -> None:
    clinic = load_domain("clinic")
    assert Label.HEALTH in clinic.needed_by("symptom_triage")
    with pytest.raises(KeyError, match="known"):
        clinic.needed_by("nope")


def test_unknown_domain_lists_known() -> None:
    with pytest.raises(ConfigError, match="known domains"):
        load_domain("casino")


def test_the_shipped_detector_list_is_the_models_default() -> None:
    """configs/default.yaml runs every detector the code's default runs: a detector left out of the
    file (the ``domain`` detector once was) silently disables a setting that needs it
    (``detector.domain_lexicon``'s terms and identifiers)."""
    from configs.settings import DetectorSettings

    assert load_settings().detector.detectors == DetectorSettings().detectors


def test_a_domain_lexicon_set_by_environment_detects_its_terms(monkeypatch: pytest.MonkeyPatch) -> None:
    from local_model.detection.hybrid import HybridDetector

    monkeypatch.setenv("PDT__DETECTOR__DOMAIN_LEXICON", "telecom_support")
    settings = load_settings().detector
    lexicon_detectors = [d for d in HybridDetector(settings).detectors if d.name == "domain"]
    assert len(lexicon_detectors) == 1 and lexicon_detectors[0].lexicon.products
