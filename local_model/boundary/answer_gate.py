"""The answer gate: the final answer is checked from the customer's side before it is served.

The answer holds real values again (reinjected), so it is checked against the customer's own
inputs: every person, contact detail, identifier or special-category term in it that is not the
customer's own (it, its normalised form, a name part or a run of 4+ of its digits does not occur
in the raw inputs of the ticket or session) is **foreign**.  f = severity-weighted share of
foreign personal data among the personal data of the answer; f > tau hands the ticket to a human.

* Answers are short, so the full detector runs on them (NER included), plus checks tuned for
  answers: a known first name followed by a known surname in lower case ("margaret thornbury"),
  a place-tagged word right after a person's name ("Margaret Thornbury" where the surname is
  also a town), and digits spelled out in words ("plus four four seven seven ...").
* Never findings: our markers and redaction tags (``<PERSON_1>``, ``[REDACTED_HEALTH]``), other
  tools' placeholders, our surrogates, reserved hosts (``example.com``, ``*.invalid``).
* An invented link is a quality problem, not a leak: links that do not come from the inputs are
  counted (``invented``), not handed off.  A third person's data is a leak.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from local_model.boundary.egress import DEFAULT_NEUTRAL, NEUTRAL, as_word
from local_model.boundary.provenance import Provenance, nameless
from local_model.detection.catalogue.contact import URL as URL_RULE
from local_model.detection.catalogue.context import strip_trailing
from local_model.detection.hybrid import HybridDetector
from local_model.text.decoders import spelled_numbers
from local_model.text.gazetteers import load_gazetteers
from local_model.text.markers import MARKER_RE, REDACTION_RE, inside_placeholder, is_placeholder, placeholder_spans
from local_model.text.regex_cache import transient
from local_model.text.textnorm import fold, sentence_initial
from local_model.text.words import is_dictionary_word, zipf
from signatures.entities import IDENTIFYING_STRATA, SEVERITY_WEIGHT, TAXONOMY, Entity, Label, Severity

#: a link in an answer, whatever the detector's technical-context veto says of it
LINK = URL_RULE.patterns[0]
#: what the egress check wrote in place of an invented identifier ("[name removed]"): ours
NEUTRAL_TAGS = (*NEUTRAL.values(), DEFAULT_NEUTRAL)
#: links are inventions when they do not come from the inputs (quality, not a leak)
INVENTION_LABELS = frozenset({Label.URL})
_NAME_NEIGHBOURS = frozenset({Label.CITY, Label.LOCATION, Label.STATE, Label.ORGANIZATION, Label.COUNTRY})
_RESERVED_HOST = re.compile(
    r"(?i)(?:^|[/@.])(?:localhost|127(?:\.\d{1,3}){3}|example\.(?:com|org|net)|[\w-]+\.(?:example|invalid|test))(?:[:/?#]|$)"
)
_PLAIN_WORD = re.compile(r"(?<![\w@./-])[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]{1,30}(?![\w@/-])")
_MIN_SPELLED_DIGITS = 6
_CASED_FOREIGN_WORD = r"[\u0400-\u042F\u0391-\u03A9\u0531-\u0556][\u0430-\u045F\u03AC-\u03CE\u0561-\u0587'-]+"
_CASED_FOREIGN_RUN = re.compile(rf"(?<!\w){_CASED_FOREIGN_WORD}(?:[ -]{_CASED_FOREIGN_WORD})*(?!\w)")


@dataclass
class AnswerVerdict:
    """f and the types of what was found (never values)."""

    f: float
    foreign: list[str] = field(default_factory=list)
    invented: list[str] = field(default_factory=list)
    total_weight: float = 0.0
    leaked_weight: float = 0.0
    #: where each foreign finding starts in the checked text
    foreign_at: list[int] = field(default_factory=list)


def reserved_host(value: str) -> bool:
    """A link or address on loopback or a reserved name (RFC 2606 / 6761): nobody's data."""
    host_part = value.split("@", 1)[-1] if "@" in value and "//" not in value else value
    return _RESERVED_HOST.search(host_part) is not None


def _uncased_names(text: str) -> list[tuple[int, int]]:
    """``margaret thornbury`` / ``MARGARET THORNBURY``: a known first name followed by a known
    surname (or a rare word that is no dictionary word), both in lower case or both in capitals,
    neither a common word."""
    first, last = load_gazetteers()[:2]
    words = list(_PLAIN_WORD.finditer(text))
    out = []
    for a, b in itertools.pairwise(words):
        if text[a.end() : b.start()] != " ":
            continue
        wa, wb = a.group(), b.group()
        if not ((wa.islower() and wb.islower()) or (wa.isupper() and wb.isupper())):
            continue
        # a known surname, or a rare word ("oakes" is a dictionary word, but one used as a word
        # less than once in a million)
        surname = fold(wb) in last or zipf(wb) < 2.8 or (zipf(wb) < 3.0 and not is_dictionary_word(fold(wb)))
        if fold(wa) in first and surname and zipf(wa) < 5.0 and zipf(wb) < 4.0:
            out.append((a.start(), b.end()))
    return out


def _other_script_names(text: str) -> list[tuple[int, int]]:
    """``Маргарет Торнбери``, ``Γιώργος Παπαδόπουλος``: capitalised words of a cased non-Latin
    script (Cyrillic, Greek, Armenian), two or more in a row, or one that does not start a sentence."""
    out = []
    for m in _CASED_FOREIGN_RUN.finditer(text):
        if len(m.group().split()) >= 2 or not sentence_initial(text, m.start()):
            out.append((m.start(), m.end()))
    return out


class AnswerGate:
    """f(answer) against the customer's inputs; see the module docstring."""

    def __init__(self, detector: HybridDetector) -> None:
        self.detector = detector

    def _candidates(self, answer: str) -> list[Entity]:
        ents = self.detector.detect(answer)
        out: list[Entity] = []
        for i, ent in enumerate(ents):
            if ent.stratum in IDENTIFYING_STRATA:
                out.append(ent)
                continue
            # "Margaret Thornbury" where the surname is also a town: a place right after a name
            prev = ents[i - 1] if i else None
            if (
                ent.label in _NAME_NEIGHBOURS
                and prev is not None
                and prev.label == Label.PERSON
                and answer[prev.end : ent.start] in (" ", "-")
            ):
                out.append(Entity.make(answer, prev.start, ent.end, Label.PERSON, ent.score, "answer-gate"))
        taken = [(e.start, e.end) for e in out]
        for s, e in _uncased_names(answer):
            if not any(s < te and ts < e for ts, te in taken):
                out.append(Entity.make(answer, s, e, Label.PERSON, 0.5, "answer-gate:uncased-name"))
        for s, e in _other_script_names(answer):
            if not any(s < te and ts < e for ts, te in taken):
                out.append(Entity.make(answer, s, e, Label.PERSON, 0.5, "answer-gate:other-script-name"))
        for m in LINK.finditer(answer):  # every link counts, public-looking ones too: an invented
            s, e = m.start(), strip_trailing(answer, m.start(), m.end())  # link is counted, not kept
            if not any(s < te and ts < e for ts, te in taken):
                out.append(Entity.make(answer, s, e, Label.URL, 0.5, "answer-gate:link"))
        for s, e, digits in spelled_numbers(answer):
            if len(digits) >= _MIN_SPELLED_DIGITS and not any(s < te and ts < e for ts, te in taken):
                out.append(Entity.make(answer, s, e, Label.PHONE, 0.6, "answer-gate:spelled-digits"))
        return out

    def check(
        self,
        answer: str,
        inputs: Iterable[str] | Provenance,
        ours: Iterable[str] = (),
        from_offset: int = 0,
        vouched: Iterable[str] = (),
    ) -> AnswerVerdict:
        """Score ``answer``: ``inputs`` are the raw texts of the ticket or session, ``ours`` the
        pseudonyms of its map (surrogates the provider may have written back).

        ``from_offset``: only personal data ending after it counts (a streamed answer is checked
        piece by piece: ``answer`` is the end of what was released, as context, plus the piece
        about to be released, which starts at ``from_offset``).  ``vouched``: strings the pipeline
        let through or wrote itself (technical strings kept in the inputs, generalisations such as
        "the 1970s"): a finding inside one is not personal data."""
        provenance = inputs if isinstance(inputs, Provenance) else Provenance(inputs)
        pseudonyms = set(ours)
        own_strings = [v for v in vouched if v]
        verdict = AnswerVerdict(0.0)
        leaked = 0.0
        markers = placeholder_spans(answer)
        for ent in self._candidates(answer):
            if ent.end <= from_offset:
                continue
            value = ent.text
            if is_placeholder(value) or MARKER_RE.fullmatch(value.strip()) or REDACTION_RE.search(value):
                continue
            if inside_placeholder(ent.start, ent.end, markers):
                continue  # a detector read part of a marker ("REDACTED_HEALTH" as a user name)
            if value in pseudonyms or any(p in value for p in pseudonyms if len(p) > 3):
                continue
            if any(value in v for v in own_strings):
                continue
            for v in (*own_strings, *NEUTRAL_TAGS):  # "74xxx Cella Di": our generalised postcode by the town
                if not v[:1].isalnum() or len(v) >= 4:  # edges only where it has them ("Taylor[street address]")
                    value = transient(as_word(v)).sub(" ", value)
            value = " ".join(value.split())
            if not any(c.isalnum() for c in value) or nameless(value, ent.label):
                continue
            if ent.label in (Label.URL, Label.EMAIL, Label.IP_ADDRESS) and reserved_host(value):
                continue
            if ent.end >= len(answer.rstrip()) and provenance.opens_a_word(value):
                continue  # the answer ends in the middle of a word the customer wrote ("... ajuda. Aten")
            own = provenance.occurs(value, ent.label)
            if ent.label in INVENTION_LABELS:
                if not own:
                    verdict.invented.append(ent.label.value)
                continue
            weight = SEVERITY_WEIGHT.get(TAXONOMY[ent.label].severity, SEVERITY_WEIGHT[Severity.HIGH])
            verdict.total_weight += weight
            if not own:
                leaked += weight
                verdict.foreign.append(ent.label.value)
                verdict.foreign_at.append(ent.start)
        verdict.leaked_weight = leaked
        verdict.f = leaked / verdict.total_weight if verdict.total_weight else 0.0
        return verdict
