"""The rule detector: the catalogue's structured-identifier, contact, address, date and credential rules.

Its rules are declared, each with its examples, in the family modules of
:mod:`local_model.detection.catalogue` (``identifiers``, ``contact``, ``addresses``, ``personal``,
``credentials``, ``technical``); this detector runs the ones whose ``detector`` is ``rules``, in
catalogue order.  A validated match (IBAN mod-97, Luhn, DNI/NIE check letter, IP parse, calendar
date) scores 1.0 and takes the validated rank (``rules:validated``); a match of the right shape
whose validator fails is still reported, with a lower score and a more generic label, because a
typo in an IBAN is still somebody's IBAN (recall over precision).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from local_model.detection.base import RANK_RULE, RANK_VALIDATED, Detector
from local_model.detection.catalogue.base import run_rules
from local_model.detection.catalogue.registry import rules_of
from signatures.entities import Entity, Label


class RuleDetector(Detector):
    """Regex rules with validators; language-neutral structured identifiers."""

    name = "rules"
    labels = frozenset(Label) - {
        Label.HEALTH,
        Label.RELIGION,
        Label.POLITICS,
        Label.SEXUAL_ORIENTATION,
        Label.CRIMINAL_RECORD,
        Label.IMMIGRATION_STATUS,
    }
    sources: ClassVar[Mapping[str, int]] = {"rules:validated": RANK_VALIDATED, "rules": RANK_RULE}

    def __init__(self) -> None:
        self.rules = rules_of(self.name)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        return run_rules(self.rules, text, language)
