"""Helpers the rule families share: context words before a match, trailing punctuation, codes.

* :func:`has_context` / :func:`context_label`: the words written before a value say what it is
  ("tel", "DNI", "IBAN", "policy no." from :data:`local_model.text.lexicon.CONTEXT_WORDS`);
* :func:`strip_trailing`: a match ends before the punctuation that closes its sentence;
* :data:`CODE_STOP` / :data:`FILE_EXT` / :func:`common_parts`: tokens that look like user names or
  codes but are units, versions, file names or made of common words.
"""

from __future__ import annotations

import functools
import re

from local_model.detection.catalogue.calibration import ZIPF
from local_model.text.lexicon import CONTEXT_WORDS, FILE_ENDINGS, alternation
from local_model.text.textnorm import fold
from local_model.text.words import zipf
from signatures.entities import Label

#: every label a context word can give
CONTEXT_LABELS: frozenset[Label] = frozenset(CONTEXT_WORDS)


def context_before(text: str, start: int, width: int = 40) -> str:
    return fold(text[max(0, start - width) : start])


@functools.cache
def word_starts(words: tuple[str, ...]) -> re.Pattern[str]:
    """The context words where a word starts ("tel" in "tel." and "telephone", not in "hotel";
    "nie" is Spain's foreigner number, not the middle of "Daniel")."""
    return re.compile(r"(?<![^\W_])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")")


def has_context(text: str, start: int, words: tuple[str, ...], width: int = 40) -> bool:
    ctx = context_before(text, start, width)
    return word_starts(words).search(ctx) is not None


def context_label(text: str, start: int, default: Label, width: int = 40) -> Label:
    """Label a number by the nearest context word before it (or ``default``)."""
    ctx = context_before(text, start, width)
    best: tuple[int, Label] | None = None
    for label, words in CONTEXT_WORDS.items():
        for m in word_starts(words).finditer(ctx):
            if best is None or m.start() > best[0]:
                best = (m.start(), label)
    return best[1] if best else default


def strip_trailing(text: str, start: int, end: int, chars: str = ".,;:!?)]}'\"") -> int:
    while end > start and text[end - 1] in chars:
        end -= 1
    return end


#: words that look like user names or codes but are units, ordinals, versions and the like
CODE_STOP = re.compile(
    r"(?i)^(?:\d+(?:st|nd|rd|th|er|e|eme|ème|te|de|ste)|\d+(?:k|m|g|t)?b|\d+(?:px|pt|em|rem|kg|g|mg|ml|l|km|m|cm|mm|mi|ft|in|h|hrs|min|s|ms|x|d|w|y|hz|khz|mhz|ghz|v|w|kw|kwh|mah|fps|gb|mb|tb|kbps|mbps|gbps)"
    r"|[a-z]{1,3}\d{1,2}|(?:mp|h|co|ps|sha|md|utf|iso|usb|win|x|ipv|covid|gpt|llama|python|php|html|css|es|ie|ios|s|a|f|q|t|z)\d+(?:\.\d+)?"
    r"|v?\d+(?:\.\d+){1,3}[a-z]*|\d{1,2}(?:am|pm)|\d{4}s|[a-z]+\d{1,2}[a-z]+)$"
)
FILE_EXT = re.compile(r"(?i)\.(?:" + alternation(FILE_ENDINGS) + r")$")


def common_parts(value: str) -> bool:
    """True when every letter run of an identifier is a common word (``issue_1``, ``user.name``)."""
    parts = re.findall(r"[a-z]{2,}", value.lower())
    return bool(parts) and all(zipf(p) >= ZIPF["identifier_common_part"] for p in parts)
