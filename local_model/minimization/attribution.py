"""Whose value is it?  The values of a type the declared task needs pass only when they are the
customer's own.

A task such as ``number_porting`` legitimately needs a phone number, but a ticket can hold several
("Port my number ... My ex's number is ..., never call her").  Only the values the ticket
attributes to the customer pass unchanged; every other value of that type is minimized like any
other personal data.  A value is the customer's when

* nothing in its clause makes it someone else's (a relation word, a third-person possessive or
  pronoun, ``X's``) before it, or right after it ("+34 ... (my wife's)"), and
* a first-person word ("my", "mi", "mon", "mein", "mijn" ...) or a field name of its type
  ("Phone:", "Número:") comes before it in its clause, or it is the only value of its type in the
  ticket;

and at most ``max_values`` values per type pass (the task's declared number, 1 by default): the
ticket text can narrow what passes, never widen it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from local_model.text.lexicon import FIRST_PERSON_WORDS, THIRD_PARTY_WORDS, alternation, key_label
from local_model.text.textnorm import fold, normalize
from signatures.entities import Entity, Label

_CLAUSE_END = re.compile(r"[.!?;\n]")
_THIRD = re.compile(r"(?<![\w'])(?:" + alternation(sorted({fold(w) for w in THIRD_PARTY_WORDS})) + r")(?![\w'])")
_POSSESSIVE = re.compile(r"\b(?!(?:it|that|what|here|there|who|let|he|she)'s\b)[a-z]{2,}'s\b")
_FIRST = re.compile(r"(?<![\w'])(?:" + alternation(sorted({fold(w) for w in FIRST_PERSON_WORDS})) + r")(?![\w'])")
_FIELD = re.compile(r"([A-Za-zÀ-ÿ][\wÀ-ÿ' ./-]{1,40}?)\s*(?::|=|-)\s*$")
_AFTER_CHARS = 40


def _clause_start(text: str, pos: int, floor: int) -> int:
    last = floor
    for m in _CLAUSE_END.finditer(text, floor, pos):
        last = m.end()
    return last


def _clause_end(text: str, pos: int, ceiling: int) -> int:
    m = _CLAUSE_END.search(text, pos, ceiling)
    return m.start() if m else ceiling


def _third_party(window: str) -> bool:
    folded = fold(window.replace("’", "'"))
    return _THIRD.search(folded) is not None or _POSSESSIVE.search(folded) is not None


def _anchored(text: str, window_start: int, ent: Entity) -> bool:
    before = text[window_start : ent.start]
    if _FIRST.search(fold(before.replace("’", "'"))):
        return True
    field = _FIELD.search(before)
    return field is not None and key_label(field.group(1)) == ent.label


def customer_values(text: str, entities: Sequence[Entity], needed: set[Label], max_values: int = 1) -> set[int]:
    """Indices (into ``entities``) of the needed-type values that are the customer's own (every
    occurrence of a chosen value)."""
    kept: set[int] = set()
    by_label: dict[Label, list[int]] = {}
    for i, ent in enumerate(entities):
        if ent.label in needed:
            by_label.setdefault(ent.label, []).append(i)
    for indices in by_label.values():
        ordered = sorted(indices, key=lambda i: entities[i].start)
        values: dict[str, list[int]] = {}  # normalized value -> occurrences, in order of first sight
        third: set[str] = set()
        anchored: set[str] = set()
        for n, i in enumerate(ordered):
            ent = entities[i]
            key = normalize(ent.text)
            values.setdefault(key, []).append(i)
            prev_end = entities[ordered[n - 1]].end if n else 0
            next_start = entities[ordered[n + 1]].start if n + 1 < len(ordered) else len(text)
            start = _clause_start(text, ent.start, prev_end)
            end = min(_clause_end(text, ent.end, next_start), ent.end + _AFTER_CHARS)
            if _third_party(text[start : ent.start]) or _third_party(text[ent.end : end]):
                third.add(key)
            elif _anchored(text, start, ent):
                anchored.add(key)
        candidates = [k for k in values if k not in third]
        chosen = [k for k in candidates if k in anchored][:max_values]
        if not chosen and len(values) == 1 and candidates:
            chosen = candidates  # the only value of its type, and nothing says it is someone else's
        for key in chosen:
            kept.update(values[key])
    return kept
