"""What a domain adds without code: the ``lexicon`` section of ``configs/domains/<name>.yaml``.

``detector.domain_lexicon`` (``PDT__DETECTOR__DOMAIN_LEXICON``) names the domain or a YAML path::

    lexicon:
      terms:                       # words and phrases that are personal data of a type here
        - {label: HEALTH, words: [hemodiálisis, diálisis peritoneal]}
      identifiers:                 # a local identifier: its shape, and the words before it
        - {label: CUSTOMER_ID, pattern: 'SOC-\\d{6}', keywords: [socio, member]}
      keep: [Fibra 600, Router X5] # never masked: a product, a plan, a site
      products: [Router X5, HomeBox 6641]
      plans: [Fibra 600, Unlimited Max]
      hosts: [status.example-telco.net]   # the company's own services, their sub-domains too
      error_codes: ['TLC-[0-9]{3}']        # the shapes of its own error codes

Terms match whole words in any case and accent; an identifier with keywords is taken only with
one of them within 40 characters before it (on the same line), one without keywords anywhere.
``keep``, ``products``, ``plans``, ``hosts`` and ``error_codes`` are applied by
:class:`~local_model.detection.hybrid.HybridDetector` after the merge: a span that lies inside a
kept phrase, a URL or host name on one of the hosts, or an error code of the domain's shapes is
dropped (a span that only overlaps one is kept); a URL whose path or query names a person
(``?email=``, ``/users/``) keeps its path masked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from configs.settings import DetectorSettings, DomainLexicon, load_domain
from local_model.detection.base import RANK_KEYED, RANK_RULE, Detector
from local_model.text.lexicon import alternation
from local_model.text.textnorm import strip_marks
from signatures.entities import Entity, Label

_KEYWORD_WINDOW = 40


@cache
def domain_lexicon(name_or_path: str) -> DomainLexicon:
    """The ``lexicon`` section of a domain (a name under ``configs/domains`` or a YAML path)."""
    return load_domain(name_or_path).lexicon


def _whole(entries: list[str]) -> re.Pattern[str] | None:
    """Any of ``entries`` as whole words, any case and accent: entries and text are matched
    without their marks (:func:`strip_marks` keeps every offset)."""
    plain = {strip_marks(e.strip()) for e in entries if e.strip()}
    return re.compile(rf"(?i)(?<![\w])(?:{alternation(plain)})(?![\w])") if plain else None


def kept_spans(patterns: list[re.Pattern[str]] | re.Pattern[str] | None, text: str) -> list[tuple[int, int]]:
    """Where the domain's kept phrases, hosts and error codes stand in ``text``."""
    if patterns is None:
        return []
    plain = strip_marks(text)
    out: list[tuple[int, int]] = []
    for pattern in patterns if isinstance(patterns, list) else [patterns]:
        for m in pattern.finditer(plain):
            if m.groupdict().get("personal"):  # a path that names a person stays masked: keep the host
                out.append((m.start(), m.start("personal")))
            else:
                out.append(m.span())
    return out


_PERSONAL_PATH = (
    r"(?i:[^\s\"'<>]*(?:[?&;](?:e-?mail|user(?:name)?|name|phone|uid|customer|account)=|@|/~|/users?/|/profiles?/))"
)


def keep_pattern(lexicon: DomainLexicon) -> list[re.Pattern[str]] | None:
    """The domain's catalogue as patterns: kept phrases, products and plans (whole words, any case
    and accent), its hosts and their sub-domains (with a scheme, a port and a path), its error codes."""
    patterns = [p for p in (_whole([*lexicon.keep, *lexicon.products, *lexicon.plans]),) if p is not None]
    if lexicon.hosts:
        hosts = "|".join(re.escape(h) for h in sorted(lexicon.hosts, key=len, reverse=True))
        patterns.append(
            re.compile(
                rf"(?i)(?<![\w.@-])(?:https?://)?(?:[a-z0-9-]+\.)*(?:{hosts})(?::\d{{2,5}})?"
                rf"(?:(?P<personal>/{_PERSONAL_PATH}[^\s\"'<>]*)|/[^\s\"'<>]*)?(?![\w-])"
            )
        )
    patterns += [re.compile(rf"(?<![\w-])(?:{code})(?![\w-])") for code in lexicon.error_codes]
    return patterns or None


class DomainLexiconDetector(Detector):
    name = "domain"
    labels = frozenset(Label)
    sources: ClassVar[Mapping[str, int]] = {"domain:identifier": RANK_KEYED, "domain:term": RANK_RULE}

    def __init__(self, lexicon: DomainLexicon | None = None) -> None:
        self.lexicon = lexicon or DomainLexicon()
        self._terms = [(t.label, _whole(t.words)) for t in self.lexicon.terms]
        self._ids = [
            (i.label, re.compile(i.pattern), _whole(i.keywords) if i.keywords else None)
            for i in self.lexicon.identifiers
        ]

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> DomainLexiconDetector:
        return cls(domain_lexicon(settings.domain_lexicon) if settings.domain_lexicon else None)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if not self._terms and not self._ids:
            return []
        plain = strip_marks(text)
        out: list[Entity] = []
        for label, pattern in self._terms:
            if pattern is None:
                continue
            for m in pattern.finditer(plain):
                out.append(Entity.make(text, m.start(), m.end(), label, 0.7, "domain:term"))
        for label, shape, keywords in self._ids:
            for m in shape.finditer(text):
                if m.end() <= m.start():
                    continue
                if keywords is not None:
                    line_start = text.rfind("\n", 0, m.start()) + 1
                    window = plain[max(line_start, m.start() - _KEYWORD_WINDOW) : m.start()]
                    if keywords.search(window) is None:
                        continue
                out.append(Entity.make(text, m.start(), m.end(), label, 0.85, "domain:identifier"))
        return out
