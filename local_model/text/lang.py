"""Cheap language identification by function-word counts (the words: ``data/<language>/function_words.txt``).

- :func:`guess_language` routes the detectors (en/fr/de/nl/es): the English spaCy model
  mislabels capitalised German nouns as names, so the NER detector and the rare-word heuristic
  only run where the text looks English (or the language is unknown).  Rules and field keys are
  multilingual and always run.
- :func:`guess_pack` picks the language pack whose language-specific rules apply (special
  categories said in Portuguese, Italian, Polish, Turkish, Catalan ...): the same counting over
  every language with a pack, each language's words distinctive against all the others.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from local_model.text.lexicons import words

#: the languages the routing guess tells apart (their NER and heuristics differ)
ROUTED = ("en", "fr", "de", "nl", "es")
#: the languages with a language pack (word lists under local_model/text/data/<language>/)
PACKS = ("en", "fr", "de", "nl", "es", "pt", "it", "pl", "tr", "ca")
_STOP: dict[str, frozenset[str]] = {lang: frozenset(words("function_words", [lang])) for lang in ROUTED}
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


@lru_cache(maxsize=1)
def _pack_words() -> dict[str, frozenset[str]]:
    stop = {lang: frozenset(words("function_words", [lang])) for lang in PACKS}
    shared = {w for lang, ws in stop.items() for w in ws if any(w in o for other, o in stop.items() if other != lang)}
    return {lang: ws - shared for lang, ws in stop.items()}


def guess_pack(text: str, sample_chars: int = 5000) -> str:
    """The language pack of ``text`` (:data:`PACKS`), or ``und`` when there is too little evidence."""
    return _decide(*pack_evidence(text, sample_chars))


def _decide(counts: Counter[str], n_tokens: int) -> str:
    if not counts:
        return "und"
    (lang, top), *rest = counts.most_common(2)
    if rest and rest[0][1] == top:
        return "und"
    return lang if top >= 2 and top >= 0.02 * n_tokens else "und"


@lru_cache(maxsize=1)
def _pack_index() -> dict[str, tuple[str, ...]]:
    """Each distinctive function word with the pack languages it is evidence for.  A one-letter
    ASCII word of a rule pack is none (Polish "w", "z" are also initials and letters of codes: with
    them a third of the English, French, German and Dutch texts of ai4privacy that got pack rules
    got them on such a letter alone)."""
    index: dict[str, list[str]] = {}
    for lang, ws in _pack_words().items():
        for w in ws:
            if len(w) == 1 and w.isascii() and lang in RULE_PACKS:
                continue
            index.setdefault(w, []).append(lang)
    return {w: tuple(langs) for w, langs in index.items()}


def pack_sample(lang: str) -> str:
    """A short text :func:`guess_pack` reads as ``lang`` (its distinctive function words)."""
    return " ".join(sorted(_pack_index_words(lang))[:40]) + "."


def _pack_index_words(lang: str) -> list[str]:
    return [w for w, langs in _pack_index().items() if langs == (lang,)]


def pack_evidence(text: str, sample_chars: int = 5000) -> tuple[Counter[str], int]:
    """(evidence per pack language, words read): the counts :func:`guess_pack` decides on."""
    tokens = _PACK_WORD.findall(text[:sample_chars].lower())
    counts: Counter[str] = Counter()
    index = _pack_index()
    for w in tokens:
        for lang in index.get(w, ()):
            counts[lang] += 1
        if not w.isascii():
            for lang, letters in _PACK_LETTERS.items():
                if any(c in letters for c in w):
                    counts[lang] += 1  # "ığş" are Turkish, "łąę" Polish, "ãõ" Portuguese
    return counts, len(tokens)


#: letters only one pack's language writes (per word that holds one, one count of evidence)
_PACK_LETTERS = {"tr": "ığşİ", "pl": "łąęśźżńŁŚŻ", "pt": "ãõÃÕ"}
#: words in any Latin-script language (Polish and Turkish letters included)
_PACK_WORD = re.compile(r"[^\W\d_]+")


#: the scripts the detectors read: Latin (every rule, the NER, the tagger), and Han, kana and Hangul
#: (the CJK rules and the language-neutral identifier rules); a text written mostly in another script
#: (Cyrillic, Arabic, Greek, Hebrew, Devanagari, Thai ...) is not read, and is flagged
READ_SCRIPTS = ("LATIN", "CJK", "HIRAGANA", "KATAKANA", "HANGUL")
#: a text is flagged when more than this share of its letters is in scripts no detector reads
UNREAD_SHARE = 0.5


def _script(ch: str) -> str:
    import unicodedata

    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else "UNKNOWN"


def unread_script(text: str, sample_chars: int = 5000, min_letters: int = 8) -> str | None:
    """The script most of ``text``'s letters are written in when no detector reads it
    (``CYRILLIC``, ``ARABIC`` ...), else ``None`` (mostly a read script, or too few letters)."""
    sample = text[:sample_chars]
    if sample.isascii():
        return None
    counts: Counter[str] = Counter(_script(c) for c in sample if c.isalpha())
    total = sum(counts.values())
    if total < min_letters:
        return None
    unread = {script: n for script, n in counts.items() if script not in READ_SCRIPTS}
    if sum(unread.values()) <= UNREAD_SHARE * total:
        return None
    return max(unread, key=lambda s: unread[s])


#: the pack languages with rules of their own (special categories, street lines)
RULE_PACKS = ("pt", "it", "pl", "tr", "ca")


def rule_pack(text: str) -> str | None:
    """The pack language whose rules apply to ``text`` (one of :data:`RULE_PACKS`, or ``None``): its
    pack by function words; else the language of its frequent words, when they tell; for a text
    too short to tell, the pack language with the most evidence; for one read as Spanish, Catalan
    when any Catalan word is there."""
    counts, n_tokens = pack_evidence(text)
    lang = _decide(counts, n_tokens)
    if lang in RULE_PACKS:
        return lang
    # too few function words, or those of a language without rules of its own (an Italian ticket
    # with an English log pasted in): the frequent words only one language uses
    frequent = frequent_word_language(text)
    if frequent is not None:
        return frequent if frequent in RULE_PACKS else None
    if lang == "und" and counts:  # the one language with the most function words, when it has rules
        top = max(counts.values())
        best = [candidate for candidate, n in counts.items() if n == top]
        if len(best) == 1 and best[0] in RULE_PACKS:
            return best[0]  # "Hi, my name is John": Catalan "hi" and English "and" tie, no pack
    if lang == "es" and counts["ca"] > 0:
        return "ca"
    if lang == "und":
        # "Ciao, ho un problema con il modem": no word only Italian uses, but Italian shares the most of them
        shared = shared_word_language(text)
        return shared if shared in RULE_PACKS else None
    return None


def confident_pack(text: str) -> str | None:
    """The pack language of ``text`` by its function words or, failing those, by the frequent words only one language
    uses; ``None`` where neither tells (no fallback for a short text): what a rule that changes spans found by the
    core lists may rely on ("hi i am belal a gp doctor" is no Portuguese)."""
    counts, n_tokens = pack_evidence(text)
    lang = _decide(counts, n_tokens)
    if lang in RULE_PACKS:
        return lang
    frequent = frequent_word_language(text)
    return frequent if frequent in RULE_PACKS else None


def frequent_word_language(text: str, sample_chars: int = 2000) -> str | None:
    """The language (:data:`PACKS`) of a text whose function words are too few to tell (``Faccio
    la dialisi tre volte a settimana``, ``Ho avuto un ictus l'anno scorso``), read from its
    frequent words that belong to one language only (:func:`frequent_words`): the language with
    at least :data:`FREQUENT_MIN` such words and twice as many as any other, else ``None``."""
    index = frequent_words()
    counts: Counter[str] = Counter()
    for w in _PACK_WORD.findall(text[:sample_chars].lower()):
        lang = index.get(w)
        if lang is not None:
            counts[lang] += 1
    if not counts:
        return None
    (lang, top), *rest = counts.most_common(2)
    if top < FREQUENT_MIN or (rest and rest[0][1] * 2 > top):
        return None
    return lang


def shared_word_language(text: str, sample_chars: int = 2000) -> str | None:
    """The language (:data:`PACKS`) whose function words a text uses most when none of them is distinctive: a word
    in the lists of ``k`` languages counts ``1/k`` for each ("ho" is Italian and Catalan, "il" Italian and French,
    "con" Italian and Spanish); the language with at least :data:`SHARED_MIN` and :data:`SHARED_MARGIN` times any
    other's, else ``None``."""
    index = _shared_index()
    scores: dict[str, float] = {}
    for w in _PACK_WORD.findall(text[:sample_chars].lower()):
        langs = index.get(w, ())
        for lang in langs:
            scores[lang] = scores.get(lang, 0.0) + 1 / len(langs)
    if not scores:
        return None
    ranked = sorted(scores.values(), reverse=True)
    top = ranked[0]
    if top < SHARED_MIN or (len(ranked) > 1 and ranked[1] * SHARED_MARGIN > top):
        return None
    return max(scores, key=lambda lang: scores[lang])


#: the evidence :func:`shared_word_language` needs (in whole words' worth), and how many times any other language's
SHARED_MIN = 1.5
SHARED_MARGIN = 1.5


@lru_cache(maxsize=1)
def _shared_index() -> dict[str, tuple[str, ...]]:
    """Each function word of any pack language (one-letter words aside), and each one-word greeting of a pack
    language's own list ("ciao", "olá", "merhaba"), with every language that lists it."""
    index: dict[str, list[str]] = {}
    for lang in PACKS:
        own = words("greetings", [lang]) if lang in RULE_PACKS else []
        for w in dict.fromkeys([*words("function_words", [lang]), *(g.lower() for g in own if g.isalpha())]):
            if len(w) > 1:
                index.setdefault(w, []).append(lang)
    return {w: tuple(langs) for w, langs in index.items()}


#: how many words only one language uses often a text needs for :func:`frequent_word_language`
FREQUENT_MIN = 2
#: a word is evidence for a language when it is among its this many most frequent words ...
_FREQUENT_TOP = 5000
#: ... and not among this many most frequent words of any other pack language (wordfreq's lists)
_FREQUENT_WIDE = 30000


@lru_cache(maxsize=1)
def frequent_words() -> dict[str, str]:
    """Word -> the one pack language among whose frequent words it is (``settimana`` -> it,
    ``també`` -> ca), from wordfreq's frequency lists; built once into the compiled-list cache."""
    from local_model.text.compiled import compiled

    value: dict[str, str] = compiled("frequent_words", 1, ("wordfreq",), _build_frequent_words)
    return value


def _build_frequent_words() -> dict[str, str]:
    from wordfreq import top_n_list

    wide = {lang: frozenset(top_n_list(lang, _FREQUENT_WIDE)) for lang in PACKS}
    out: dict[str, str] = {}
    for lang in PACKS:
        for w in top_n_list(lang, _FREQUENT_TOP):
            if len(w) >= 3 and w.isalpha() and not any(w in wide[o] for o in PACKS if o != lang):
                out[w] = lang
    return out
