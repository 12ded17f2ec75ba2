"""The rule catalogue's vocabulary: a rule is a named, declared object with its own examples.

A :class:`Rule` declares (as Presidio's recognizers do with ``PATTERNS`` and ``CONTEXT``):

* ``id``: ``<family>.<name>`` (``identifiers.iban``, ``names.greeting``); the spans it makes carry
  it in their ``source`` after the merge-rank source of their detector
  (``rules:validated/identifiers.iban``, ``cue:greeting/names.greeting``), so a benchmark can
  attribute every hit and every false positive to the rule that made it (``eval.pii_bench --by
  rule``) and the merge still ranks by the part before ``/``;
* ``family``: what kind of knowledge it is (:class:`Family`); rules live in one module per
  family under :mod:`local_model.detection.catalogue`;
* ``detector``: the registered detector that runs it (``rules``, ``cues``, ``propn``,
  ``special``, ``keyed``, ``gazetteer``, ``cjk``): the detector's name in the configuration, its
  merge ranks and its language routing stay what they are;
* ``labels``, ``languages`` (:data:`ANY` for all), ``patterns`` and ``lexicons`` (what it reads:
  compiled patterns and the names of the word lists), ``validator`` (the check that makes a match
  certain: ``iban mod-97``, ``luhn``), ``score`` (the nominal score of a plain hit; the scores and
  frequency cut-offs it uses are named in :mod:`local_model.detection.catalogue.calibration`);
* ``find``: a function of a :class:`Scan` (the text, its language guess and per-text facts the
  rules share, each computed once) yielding :class:`Hit` s;
* ``examples`` (:class:`Example`: a text and the value the rule must cover whole, with the label
  it must give) and ``negatives`` (texts where it must find nothing): one table-driven test runs
  every rule's examples (``tests/test_catalogue.py``).

The base knows no family and no rule (the registry, :mod:`local_model.detection.catalogue.registry`,
collects them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from re import Pattern
from typing import Any, TypeVar

from signatures.entities import Entity, Label

#: every language guess
ANY: frozenset[str] = frozenset({"*"})
#: the score of a match its validator confirmed (check digit, calendar date, IP parse): such hits
#: get their detector's ``validated_source`` rank
VALIDATED = 1.0

T = TypeVar("T")


class Family(StrEnum):
    """What a rule knows about (one module of :mod:`local_model.detection.catalogue` per family)."""

    IDENTIFIERS = "identifiers"  # national ids, bank accounts, cards, document and reference numbers
    CONTACT = "contact"  # e-mail, URL, IP, phones and extensions, user names and handles
    ADDRESSES = "addresses"  # street lines, units, postcodes, coordinates
    PERSONAL = "personal"  # dates, times, ages, gender, titles
    CREDENTIALS = "credentials"  # passwords, secrets, credential parameters
    NAMES = "names"  # names by their cue or their shape, user names built from names, jobs
    ORGANISATIONS = "organisations"  # companies, firms, institutions, brands, acronyms
    PLACES = "places"  # cities, regions, countries by a cue or a list
    SPECIAL = "special"  # special categories said of a person (GDPR art. 9 and 10)
    TECHNICAL = "technical"  # markers already in the text; what the answer needs (keep rules)


@dataclass(frozen=True, slots=True)
class Hit:
    """One match of a rule: offsets into the scanned text, a label and a score."""

    start: int
    end: int
    label: Label
    score: float


@dataclass(frozen=True)
class Example:
    """A text in which the rule must cover ``value`` whole (every character), with ``label``
    when given (any of the rule's labels otherwise)."""

    text: str
    value: str
    label: Label | None = None


class Scan:
    """One text as the rules see it: the text, the language guess, and facts about the text that
    several rules read (computed at most once per text through :meth:`memo`)."""

    __slots__ = ("_memo", "language", "text")

    def __init__(self, text: str, language: str = "und") -> None:
        self.text = text
        self.language = language
        self._memo: dict[str, Any] = {}

    def memo(self, key: str, compute: Callable[[str], T]) -> T:
        """``compute(text)`` the first time ``key`` is asked for, the same value afterwards."""
        if key not in self._memo:
            self._memo[key] = compute(self.text)
        value: T = self._memo[key]
        return value


Finder = Callable[[Scan], Iterable[Hit]]


def pattern_finder(pattern: Pattern[str], label: Label, score: float, group: int = 0) -> Finder:
    """A finder for which every match of ``pattern`` (its ``group``) is a hit."""

    def find(scan: Scan) -> Iterator[Hit]:
        for m in pattern.finditer(scan.text):
            yield Hit(m.start(group), m.end(group), label, score)

    return find


@dataclass(frozen=True)
class Rule:
    """A named rule of the catalogue (see the module docstring for the fields)."""

    id: str
    family: Family
    detector: str
    labels: frozenset[Label]
    find: Finder = field(repr=False)
    source: str
    examples: tuple[Example, ...]
    negatives: tuple[str, ...]
    description: str = ""
    languages: frozenset[str] = ANY
    validated_source: str | None = None
    patterns: tuple[Pattern[str], ...] = field(default=(), repr=False)
    lexicons: tuple[str, ...] = ()
    validator: str | None = None
    score: float | None = None

    def __post_init__(self) -> None:
        family, _, name = self.id.partition(".")
        if family != self.family.value or not name:
            raise ValueError(f"rule id {self.id!r} must read '{self.family.value}.<name>'")
        if "/" in self.id or "/" in self.source:
            raise ValueError(f"rule {self.id!r}: '/' separates the source from the rule id")
        if not self.examples or not self.negatives:
            raise ValueError(f"rule {self.id!r} needs at least one example and one negative")

    def runs_on(self, language: str) -> bool:
        return "*" in self.languages or language in self.languages

    def source_of(self, hit: Hit) -> str:
        """The ``source`` of a span this rule made: its merge-rank source, ``/``, its id."""
        base = self.validated_source if self.validated_source and hit.score >= VALIDATED else self.source
        return f"{base}/{self.id}"

    def entities(self, scan: Scan) -> Iterator[Entity]:
        """The rule's non-empty hits on ``scan`` as entities of the scanned text."""
        for hit in self.find(scan):
            if hit.end > hit.start:
                yield Entity.make(scan.text, hit.start, hit.end, hit.label, hit.score, self.source_of(hit))


def rule_id_of(source: str) -> str | None:
    """The rule id a span's ``source`` names (``None`` for sources that name no rule: NER, tagger)."""
    _, sep, rule_id = source.partition("/")
    return rule_id if sep else None


def rank_source(source: str) -> str:
    """The part of a span's ``source`` its merge rank is declared for (before ``/``)."""
    return source.partition("/")[0]


def run_rules(rules: Iterable[Rule], text: str, language: str = "und") -> list[Entity]:
    """Every rule that runs on ``language``, in order, on one :class:`Scan` of ``text``."""
    scan = Scan(text, language)
    out: list[Entity] = []
    for rule in rules:
        if rule.runs_on(language):
            out.extend(rule.entities(scan))
    return out


@dataclass(frozen=True, slots=True)
class Keep:
    """A technical or public string the answer needs (offsets into the scanned text) and its kind."""

    start: int
    end: int
    kind: str


@dataclass(frozen=True)
class KeepRule:
    """A rule of the technical-context family: it recognises *positively* a string the answer
    needs (an error code, a version, a port, a log timestamp, a stack frame, a product model, a
    public brand or landmark) and vetoes the personal labels ``vetoes`` that another detector put
    on the same characters (:mod:`local_model.detection.veto`).  ``examples`` are (text, value the
    rule must find whole); ``negatives`` are personal twins in which it must find nothing
    (``call 0612 345 678`` next to ``error 0x80070057``).  A rule with ``guesses_only`` overrules
    only the recognisers that guess from a word alone (NER, the tagger, the gazetteers, the
    capitalisation heuristics), never a span a cue, a key or a validator found (``my colleague Avis``
    stays a person where the brand Avis is kept)."""

    id: str
    kind: str
    vetoes: frozenset[Label]
    find: Callable[[Scan], Iterable[tuple[int, int]]] = field(repr=False)
    examples: tuple[tuple[str, str], ...]
    negatives: tuple[str, ...]
    description: str = ""
    lexicons: tuple[str, ...] = ()
    family: Family = Family.TECHNICAL
    guesses_only: bool = False

    def __post_init__(self) -> None:
        if not self.id.startswith("technical.") or "/" in self.id:
            raise ValueError(f"keep rule id {self.id!r} must read 'technical.<name>'")
        if not self.examples or not self.negatives:
            raise ValueError(f"keep rule {self.id!r} needs at least one example and one negative")

    def keeps(self, scan: Scan) -> Iterator[Keep]:
        """The kept strings of ``scan`` (found once per text: a rule may read another rule's)."""
        yield from scan.memo(f"keep:{self.id}", lambda _: [Keep(s, e, self.kind) for s, e in self.find(scan) if e > s])
