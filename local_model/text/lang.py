"""Cheap language identification for routing (en/fr/de/nl/es), by function-word counts.

The English spaCy model mislabels capitalised German nouns as names, so the NER
detector and the rare-word heuristic only run where the text looks English (or the
language is unknown).  Rules and field keys are multilingual and always run.
"""

from __future__ import annotations

import re
from collections import Counter

_STOP: dict[str, frozenset[str]] = {
    "en": frozenset(
        "the and of to in is that for it with as was on are be this by you at "
        "from have or not but an they we his her which will would there their "
        "been has were what when your can our all".split()
    ),
    "fr": frozenset(
        "le la les des et est un une du en que qui dans pour pas sur au avec ce "
        "il elle sont par plus ou nous vous leur cette mais aux ses été être "
        "votre notre".split()
    ),
    "de": frozenset(
        "der die und das ist nicht den von zu mit sich des auf für ein eine im "
        "dem als auch es an werden aus er hat dass sie nach bei um wird sind "
        "oder wir ihr ihre zur einer".split()
    ),
    "nl": frozenset(
        "de het een en van is dat op te zijn voor met niet aan er maar om ook "
        "als bij dan nog wel uit naar wordt worden door deze uw ons onze wij "
        "hun heeft zich".split()
    ),
    "es": frozenset(
        "el la los las de y que en un una es por con para no se su al lo como "
        "más pero sus le ya o este sí porque esta entre cuando muy sin sobre "
        "también".split()
    ),
}
# keep only the words that are distinctive for one language ("de", "en", "la" are shared)
_SHARED = {w for lang, ws in _STOP.items() for w in ws if any(w in other for o, other in _STOP.items() if o != lang)}
_DISTINCT = {lang: ws - _SHARED for lang, ws in _STOP.items()}
_WORD = re.compile(r"[a-zà-ÿ]+")


def guess_language(text: str, sample_chars: int = 5000) -> str:
    """Best guess among en/fr/de/nl/es, or ``und`` when there is too little evidence."""
    words = _WORD.findall(text[:sample_chars].lower())
    if not words:
        return "und"
    counts: Counter[str] = Counter()
    for w in words:
        for lang, stop in _DISTINCT.items():
            if w in stop:
                counts[lang] += 1
    if not counts:
        return "und"
    lang, top = counts.most_common(1)[0]
    return lang if top >= 3 and top >= 0.02 * len(words) else "und"


_SPANISH_MARKS = re.compile(r"[ñ¿¡]|\b(?:gracias|saludo|saludos|hola|buenas|buenos|por favor|quiero|tengo|soy|mi|mis|"
                            r"usted|vuestra|vuestro|pueden|podéis|reciba|atentamente|un abrazo)\b", re.I)  # fmt: skip


def leans_spanish(text: str, sample_chars: int = 5000) -> bool:
    """Too little text for :func:`guess_language`, but more Spanish than English evidence (short
    tickets: "Gracias de nuevo, Ana")."""
    sample = text[:sample_chars]
    words = _WORD.findall(sample.lower())
    spanish = len(_SPANISH_MARKS.findall(sample)) + sum(1 for w in words if w in _DISTINCT["es"])
    if spanish == 0:
        return False
    english = sum(1 for w in words if w in _DISTINCT["en"])
    return spanish > english
