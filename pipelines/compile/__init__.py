"""Compile the delegation program (``python -m pipelines.compile``).

data       PUPA rows, the hash-based split, erasure, minimization inside the boundary (prepare)
optimize   the program under optimization, the guarded metric, MIPROv2 / GEPA
evaluate   uncompiled vs compiled on the held-back rows, the report table
run        the CLI and one compile as a sequence of steps (plan, track, optimize, audit, report)
"""
