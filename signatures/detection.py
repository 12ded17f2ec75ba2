"""DSPy signature for LM-based personal-data detection.

The LM returns a typed list of :class:`DetectedSpan`.  Its offsets are hints
only: :mod:`local_model.detectors.lm` re-anchors every span on the text in
code and drops spans whose text does not occur (hallucinations never pass).
"""

from __future__ import annotations

import dspy
from pydantic import BaseModel, Field

from signatures.entities import Label


class DetectedSpan(BaseModel):
    """One span the LM believes is personal data."""

    text: str = Field(description="the exact characters copied from the input text")
    label: Label = Field(description="entity type")
    start: int = Field(ge=0, description="character offset where the span starts in the input")
    end: int = Field(ge=0, description="character offset one past the span's last character")


class DetectPersonalData(dspy.Signature):
    """Find every span of personal data in the text: names (also first names alone,
    nicknames and indirect mentions such as "my wife" or "the patient in 4B"),
    contact details, identifiers, addresses, dates of birth, health, religion,
    politics, sexual orientation and domain identifiers (contract, policy, line,
    ticket and medical record numbers).  Copy each span exactly as written.
    When unsure, include the span: a missed span is an unrecoverable leak."""

    text: str = dspy.InputField(desc="the text to scan")
    entities: list[DetectedSpan] = dspy.OutputField(desc="personal data spans, in order")
