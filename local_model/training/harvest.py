"""Documents from hand-written contexts: real-looking tickets and records with fresh values.

Templates written by us teach the shapes we thought of; people write differently.  The file
``data/handwritten_contexts.jsonl`` holds 600 tickets, obfuscated messages and records written
and annotated by hand (invented values; the round-1 "dev" set of ``eval/handwritten``, see the
README), in the spans format.  :func:`harvested` takes one of them in the document's language and
replaces every annotated value by a value the generator draws for the same label from the
document's split (``fill``), keeping its casing (lower, upper) and keeping one replacement per
distinct value, so a name said twice is the same new name twice.  The text around the values,
what the tagger must learn to read, stays as the person wrote it.

Only the ``train`` split uses these contexts (the held-out split never sees them), and values are
drawn from the split's own pools, so held-out values stay unseen.  Labels the tagger does not
predict are folded onto the nearest one it does (a passport or policy number onto a contract or
account number, a flat onto the street line) or left as plain text (titles, genders, countries,
ethnicity: the rules' and the special-category detector's job).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from local_model.training.slots import Ctx, Segment, Segments, fill
from signatures.entities import Label

CONTEXTS = Path(__file__).with_name("data") / "handwritten_contexts.jsonl"

#: label -> the slot whose fresh value replaces the written one
_SLOT: dict[str, str] = {
    "USERNAME": "user",
    "EMAIL": "oemail",
    "PHONE": "phone",
    "NATIONAL_ID": "natid",
    "IBAN": "iban",
    "IP_ADDRESS": "ip",
    "ACCOUNT_NUMBER": "account",
    "CONTRACT_NUMBER": "contract",
    "STREET_ADDRESS": "street",
    "CITY": "city",
    "POSTCODE": "postcode",
    "DATE_OF_BIRTH": "dob",
    "ORGANIZATION": "org",
    "AGE": "age",
    "JOB": "job",
    "RELIGION": "relig",
    "POLITICS": "party",
}
_HEALTH_SLOTS = ("cond", "cond", "treat", "spec")
#: labels kept as written, under the tagger label that covers them
_KEEP_AS: dict[str, Label] = {
    "SEXUAL_ORIENTATION": Label.SEXUAL_ORIENTATION,
    "PASSPORT": Label.NATIONAL_ID,
    "ID_CARD": Label.NATIONAL_ID,
    "DRIVER_LICENSE": Label.NATIONAL_ID,
    "CREDIT_CARD": Label.ACCOUNT_NUMBER,
    "CUSTOMER_ID": Label.ACCOUNT_NUMBER,
    "POLICY_NUMBER": Label.CONTRACT_NUMBER,
    "MEDICAL_RECORD_NUMBER": Label.CONTRACT_NUMBER,
    "TICKET_NUMBER": Label.CONTRACT_NUMBER,
    "LINE_NUMBER": Label.CONTRACT_NUMBER,
    "DEVICE_ID": Label.CONTRACT_NUMBER,
    "SECONDARY_ADDRESS": Label.STREET_ADDRESS,
}


@cache
def contexts() -> dict[str, tuple[tuple[str, tuple[tuple[int, int, str], ...]], ...]]:
    """language -> ((text, ((start, end, label), ...)), ...), read once."""
    out: dict[str, list[tuple[str, tuple[tuple[int, int, str], ...]]]] = {}
    with CONTEXTS.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            spans = tuple(sorted((int(s["start"]), int(s["end"]), str(s["label"])) for s in row["spans"]))
            out.setdefault(str(row["language"]), []).append((str(row["text"]), spans))
    return {lang: tuple(rows) for lang, rows in out.items()}


def _cased(value: str, like: str) -> str:
    if like.islower():
        return value.lower()
    if like.isupper() and len(like) > 1:
        return value.upper()
    return value


def _fresh(original: str, label: str, ctx: Ctx) -> Segments:
    if label == "AGE":
        # "74 años", "(11)", "aged 68 years": a new number in the writer's own words
        if not re.search(r"\d", original):
            return [Segment(original, Label.AGE)]
        return [Segment(re.sub(r"\d+", lambda _: str(ctx.rng.randrange(2, 98)), original, count=1), Label.AGE)]
    if label == "PERSON":
        slot = "ofirst" if len(original.split()) == 1 else "ofull"
    elif label == "HEALTH":
        slot = ctx.rng.choice(_HEALTH_SLOTS)
    else:
        slot = _SLOT[label]
    segs = fill(slot, ctx)
    return [Segment(_cased(s.text, original), s.label) for s in segs]


def harvested(ctx: Ctx) -> Segments:
    """One hand-written context of ``ctx.language`` (English when the language has none) with
    fresh values."""
    table = contexts()
    rows = table.get(ctx.language) or table["en"]
    text, spans = ctx.rng.choice(rows)
    out: Segments = []
    seen: dict[tuple[str, str], Segments] = {}
    pos = 0
    for start, end, label in spans:
        if start < pos:
            continue  # overlapping annotation: the first one wins
        out.append(Segment(text[pos:start]))
        original = text[start:end]
        if label in _SLOT or label in ("PERSON", "HEALTH"):
            key = (label, original.lower())
            if key not in seen:
                seen[key] = _fresh(original, label, ctx)
            out.extend(seen[key])
        elif label in _KEEP_AS:
            out.append(Segment(original, _KEEP_AS[label]))
        else:
            out.append(Segment(original))
        pos = end
    out.append(Segment(text[pos:]))
    return [s for s in out if s.text]
