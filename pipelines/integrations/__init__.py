"""Integrations with tools users already have: a guard for any DSPy program
(:mod:`pipelines.integrations.dspy_guard`) and the hybrid detector as a Presidio recognizer
(:mod:`pipelines.integrations.presidio`)."""
