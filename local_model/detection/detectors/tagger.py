"""The trained PII tagger: its loader (:class:`PiiTagger`) and the ``tagger`` detector.

    tagger = PiiTagger()                      # local_model/models/pii_tagger
    tagger.spans("me llamo ana ruiz garcía")  # [(9, 24, "PERSON", 0.97)]

The tagger is a statistical token classifier trained here, on CPU, from generated data in seven
locales and many document shapes with casing and obfuscation augmentation
(``python -m local_model.train_tagger``; the model ships in the repository).  It learns context
where lists stop: lower-case names, Spanish addresses and cities, ages, user names, health said of
a person, obfuscated identifiers.  As a detector it ranks with the NER: validated rules and keyed
fields win inside their format.  A text that :func:`local_model.text.lang.confident_pack` reads as Portuguese,
Italian, Polish, Turkish or Catalan goes to a second model of the same shape trained mostly on those languages
(``local_model/models/pii_tagger_packs``; ``python -m local_model.train_tagger --langs packs --extended``).

The model is a spaCy pipeline with one ``tagger`` component that predicts a BIO tag per token
(``B-PERSON``, ``I-PERSON``, ``O``; labels are :class:`signatures.entities.Label` values).  Spans
are decoded from the argmax tags: a span starts at ``B-X`` (or at an ``I-X`` that does not
continue an ``X``) and runs over the following ``I-X``; whitespace tokens at its edges are
trimmed.  Its score is the mean, over its tokens, of the probability that the token belongs to
an entity of that label (``P(B-X) + P(I-X)``): a probability from the softmax, not calibrated.

Offsets are Python string indices into the text passed in (no normalization is applied, so
they always refer to the original text).  Loading reads the directory only; nothing is ever
fetched from a hub, and each call runs inside ``nlp.memory_zone()`` so that strings of the
processed texts do not accumulate in the vocabulary of a long-running process.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from configs.settings import DetectorSettings
from local_model.detection.base import Detector
from local_model.detection.cleanup import clean_span, in_heading
from local_model.detection.shared import load_pipeline, shared_pipeline, warm_vocabulary
from local_model.text.decoders import DOT_WORDS, SPOKEN_ADDRESS_PART, WHOLE_ADDRESS
from local_model.text.gazetteers import load_gazetteers
from local_model.text.identifiers import ip_of_nobody
from local_model.text.lang import RULE_PACKS, confident_pack
from local_model.text.lexicon import CALENDAR_WORDS, STREET_SUFFIXES, key_label
from local_model.text.lexicon import ORG_DESIGNATORS as _ORG_DESIGNATORS
from local_model.text.markers import inside_placeholder, placeholder_spans
from local_model.text.medications import find_medications
from local_model.text.special_terms import distinctive_special_words, names_a_status, names_a_term
from local_model.text.textnorm import fold, in_code_line, script_mix
from local_model.text.words import COUNTED_NOUN, glued_common_words, headed_by_job, zipf
from signatures.entities import Entity, Label
from signatures.errors import TaggerError

DEFAULT_MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "pii_tagger"
#: the language packs' own model: a text that :func:`local_model.text.lang.confident_pack` reads as Portuguese,
#: Italian, Polish, Turkish or Catalan goes to it (``python -m local_model.train_tagger --langs packs``)
DEFAULT_PACK_MODEL_DIR = DEFAULT_MODEL_DIR.with_name("pii_tagger_packs")

TaggedSpan = tuple[int, int, str, float]


def decode_bio(
    tags: Sequence[str], probs: Any, label_index: dict[str, int], token_spans: Sequence[tuple[int, int, bool]]
) -> list[TaggedSpan]:
    """Spans from per-token BIO tags.

    ``probs`` is the (tokens x labels) softmax; ``token_spans`` gives per token its character
    start, end and whether it is whitespace.
    """
    out: list[TaggedSpan] = []
    current: list[int] = []
    current_label: str | None = None

    def close() -> None:
        nonlocal current, current_label
        while current and token_spans[current[-1]][2]:
            current.pop()
        while current and token_spans[current[0]][2]:
            current.pop(0)
        if current and current_label is not None:
            b, i = label_index.get(f"B-{current_label}"), label_index.get(f"I-{current_label}")
            score = 0.0
            for t in current:
                score += float(probs[t, b] if b is not None else 0.0) + float(probs[t, i] if i is not None else 0.0)
            score = min(1.0, score / len(current))
            out.append((token_spans[current[0]][0], token_spans[current[-1]][1], current_label, round(score, 4)))
        current, current_label = [], None

    for t, tag in enumerate(tags):
        if tag == "O" or len(tag) < 3 or tag[1] != "-":
            close()
            continue
        prefix, label = tag[0], tag[2:]
        if prefix == "B" or label != current_label:
            close()
            current_label = label
        current.append(t)
    close()
    return out


def _softmax(scores: Any) -> Any:
    import numpy as np

    shifted = scores - scores.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


class PiiTagger:
    """Load the trained tagger from a local directory and tag texts.

    ``path`` defaults to the model shipped in the repository (``local_model/models/pii_tagger``).
    ``labels`` restricts the output to those labels (default: every label the model knows).
    ``memory_zone=False`` lets spaCy keep the strings (and the tokenizer cache) of every text it
    has seen: about 40% less CPU per text, but the process's vocabulary then holds raw values.
    ``warm=False`` skips the frequent-word warm-up of the vocabulary (a process that reads one text);
    ``warm_languages``: whose frequent words (default: en/es/fr/de/nl).
    """

    def __init__(
        self,
        path: str | Path | None = None,
        labels: Sequence[Label | str] | None = None,
        memory_zone: bool = True,
        shared: bool = False,
        warm: bool = True,
        warm_languages: Sequence[str] | None = None,
    ) -> None:
        model_dir = Path(path) if path is not None else DEFAULT_MODEL_DIR
        if not (model_dir / "config.cfg").is_file():
            raise TaggerError(
                f"no tagger model at {model_dir} (config.cfg missing); train one with "
                "`python -m local_model.train_tagger --out runs/tagger --ship`"
            )
        # the lock: a memory zone belongs to the vocabulary, not to the thread: two threads in
        # zones of one pipeline free each other's strings (the served assistant saw garbage
        # offsets), so calls take turns on a pipeline (the network is ~10 ms per 1,000 characters)
        try:
            if shared:  # the process's one copy (and lock) of this model directory
                pipeline = shared_pipeline(model_dir, warm=warm, warm_languages=warm_languages)
                self.nlp, self._zone_lock = pipeline.nlp, pipeline.lock
            else:
                self.nlp, self._zone_lock = load_pipeline(model_dir), threading.Lock()
                if warm:
                    warm_vocabulary(self.nlp, languages=warm_languages)
        except (OSError, ValueError) as exc:
            raise TaggerError(f"could not load the tagger model at {model_dir}: {exc}") from exc
        if "tagger" not in self.nlp.pipe_names:
            raise TaggerError(f"{model_dir} has no 'tagger' component (pipes: {self.nlp.pipe_names})")
        self.path = model_dir
        self._memory_zone = memory_zone
        tagger: Any = self.nlp.get_pipe("tagger")
        self._tagger = tagger
        self.tag_names: tuple[str, ...] = tuple(tagger.labels)
        self._index = {name: i for i, name in enumerate(self.tag_names)}
        known = sorted({t[2:] for t in self.tag_names if t != "O"})
        unknown = [lab for lab in known if lab not in Label.__members__]
        if unknown:
            raise TaggerError(f"{model_dir} predicts labels outside signatures.entities.Label: {unknown}")
        self.labels: frozenset[str] = frozenset(str(lab) for lab in labels) if labels is not None else frozenset(known)
        # spaCy's Tagger.v2 with normalize=false (the default) returns scores, not probabilities
        self._normalized = bool(self.nlp.config["components"]["tagger"]["model"].get("normalize", False))

    def spans(self, text: str) -> list[TaggedSpan]:
        """``(start, end, label, score)`` over ``text``, sorted by start."""
        if not isinstance(text, str):
            raise TypeError(f"spans() takes str, not {type(text).__name__}")
        if not text.strip():
            return []
        with self._zone_lock, self.nlp.memory_zone() if self._memory_zone else contextlib.nullcontext():
            doc = self.nlp.make_doc(text)
            if len(doc) == 0:
                return []
            scores = self._tagger.model.predict([doc])[0]
            probs = _softmax(scores) if not self._normalized else scores
            best = probs.argmax(axis=1)
            tags = [self.tag_names[int(i)] for i in best]
            arr = doc.to_array(["IDX", "LENGTH", "IS_SPACE"])  # no Token objects: they cost more than the network
            token_spans = [(int(i), int(i) + int(n), bool(sp)) for i, n, sp in arr]
        found = decode_bio(tags, probs, self._index, token_spans)
        return [s for s in found if s[2] in self.labels]

    def __repr__(self) -> str:
        return f"PiiTagger(path={str(self.path)!r}, labels={len(self.labels)})"


class TaggerDetector(Detector):
    """The trained tagger as a detector (its spans, labels from the taxonomy, the model's score)."""

    name = "tagger"
    labels = frozenset(
        {
            Label.PERSON, Label.USERNAME, Label.EMAIL, Label.PHONE, Label.NATIONAL_ID, Label.IBAN,
            Label.IP_ADDRESS, Label.STREET_ADDRESS, Label.CITY, Label.POSTCODE, Label.AGE,
            Label.DATE_OF_BIRTH, Label.ORGANIZATION, Label.JOB, Label.HEALTH, Label.RELIGION,
            Label.SEXUAL_ORIENTATION, Label.POLITICS, Label.ACCOUNT_NUMBER, Label.CONTRACT_NUMBER,
            Label.CRIMINAL_RECORD, Label.IMMIGRATION_STATUS,
        }
    )  # fmt: skip
    #: with the NER: validated rules (100), keyed fields (80) and other rules (60) win inside their format
    sources: ClassVar[Mapping[str, int]] = {"tagger": 41}

    def __init__(
        self,
        path: str | Path | None = None,
        warm: bool = True,
        pack_path: str | Path | None = None,
        packs: bool = True,
        preload: bool = True,
    ) -> None:
        """``path``: the model of every text (default :data:`DEFAULT_MODEL_DIR`); ``packs``: a text of a language
        pack goes to ``pack_path``'s model (default :data:`DEFAULT_PACK_MODEL_DIR`), loaded now when ``preload``,
        else on the first such text."""
        self._tagger = PiiTagger(path, shared=True, warm=warm)
        self._warm = warm
        self._pack_path = Path(pack_path) if pack_path is not None else DEFAULT_PACK_MODEL_DIR
        self._packs = packs
        self._pack_tagger: PiiTagger | None = None
        self._pack_lock = threading.Lock()
        if packs and preload:
            self._pack_model()

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        return cls(
            settings.tagger_model,
            settings.warm_vocabulary,
            settings.tagger_pack_model,
            settings.tagger_packs,
            preload=settings.warm_packs,
        )

    def _pack_model(self) -> PiiTagger:
        with self._pack_lock:
            if self._pack_tagger is None:
                self._pack_tagger = PiiTagger(self._pack_path, shared=True, warm=self._warm, warm_languages=RULE_PACKS)
            return self._pack_tagger

    def model_for(self, text: str) -> PiiTagger:
        """The packs' model for a text whose function or frequent words tell a language pack, else the main one."""
        if self._packs and confident_pack(text) is not None:
            return self._pack_model()
        return self._tagger

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if not text.isascii():
            latin, other = script_mix(text)
            if other > latin:
                return []  # trained on Latin-script text: elsewhere its spans are noise
        out = []
        markers = placeholder_spans(text)  # "[REDACTED_HEALTH]": never a user name
        for start, end, label, score in self.model_for(text).spans(text):
            if label not in Label.__members__ or score < _MIN_SCORE or inside_placeholder(start, end, markers):
                continue
            span = plausible(text, start, end, Label(label))
            if span is not None:
                out.append(Entity.make(text, span[0], span[1], Label(label), score, "tagger"))
        return out

    def release_memory(self) -> None:
        return None  # every call runs inside nlp.memory_zone(): nothing accumulates


_MIN_SCORE = 0.5
_DIGITS = {
    Label.PHONE: 6, Label.IP_ADDRESS: 4, Label.IBAN: 8, Label.ACCOUNT_NUMBER: 4, Label.CONTRACT_NUMBER: 3,
    Label.NATIONAL_ID: 4, Label.POSTCODE: 3, Label.AGE: 1, Label.DATE_OF_BIRTH: 4,
}  # fmt: skip
_WORDY = {Label.PERSON, Label.CITY, Label.ORGANIZATION, Label.JOB, Label.STREET_ADDRESS, Label.USERNAME}
ORG_DESIGNATORS = frozenset(fold(w) for w in _ORG_DESIGNATORS)
STREET_WORDS = frozenset(fold(w).rstrip(".") for w in STREET_SUFFIXES)
_HEX = re.compile(r"[0-9a-fA-F]{16,}")
_HEX_LITERAL = re.compile(r"0[xX][0-9a-fA-F]{2,}")
_YEAR = re.compile(r"(?:19|20)\d\d")
_BIRTH_YEAR = re.compile(r"19\d\d|20[0-2]\d")
#: an environment variable or setting named by what it holds
_SETTING_NAME = re.compile(
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:TOKEN|KEY|SECRET|PASSWORD|PASS|PWD|URL|URI|HOST|PORT|PATH|DIR|ID|NAME|USER|ENV|"
    r"MODE|LEVEL|TIMEOUT|CONFIG|FILE|DSN|ENDPOINT|REGION|BUCKET)"
)

_SPELLED = re.compile(r"(?i)\b(?:zero|one|two|three|four|five|six|seven|eight|nine|cero|uno|dos|tres|cuatro|cinco|"
                      r"seis|siete|ocho|nueve)\b")  # fmt: skip


#: a version after an "@" that ends a value: a package's ("react-checkout@2.6.1", "react@^18.2.0")
_AT_VERSION = re.compile(r"@[\^~]?\d+(?:\.\d+)+$")


def _whole_address(text: str, start: int, end: int) -> tuple[int, int]:
    """An e-mail span without the words the model ran on into on either side of an address written
    whole ("at ana.ruiz@example.com tomorrow" -> the address); a spelled-out or split address keeps
    its words ("ana dot ruiz@gmail.com", "j.p@northfield-lo gistics.co.uk")."""
    value = text[start:end]
    m = WHOLE_ADDRESS.search(value)
    if m is None:
        return start, end
    before, after = value[: m.start()], value[m.end() :]
    if after[:1].isspace() and not SPOKEN_ADDRESS_PART.search(after):
        end = start + m.end()
    lead = re.sub(r"(?i)\b(?:at|arroba)$", "", before.rstrip())  # "write to me at": no part of the address
    if before[-1:].isspace() and not SPOKEN_ADDRESS_PART.search(lead):
        start += m.start()
    return start, end


def plausible(text: str, start: int, end: int, label: Label) -> tuple[int, int] | None:
    """The span (possibly trimmed) when it has the shape of its label and is backed by what we
    know, else None.

    The tagger was trained on generated text and is overconfident elsewhere (code, tables, forms,
    headings, other languages): like Presidio's ``validate_result``, every span must look like its
    type (digits for numbers, ``@`` for addresses, a valid IP), names of people, places and jobs go
    through the NER's span hygiene (headings, markup, code, field names, generic phrases) and must
    contain a known first name or surname, be a known place, or end in a job word, and special
    categories must name a term of the vocabulary.  The tagger thereby adds what lists cannot see
    (lower case, context, obfuscation), not new guesses."""
    value = text[start:end]
    if _HEX_LITERAL.fullmatch(value.strip()):
        return None  # "0x80070005": an error code or an address in memory, whatever the label
    digits = sum(c.isdigit() for c in value)
    need = _DIGITS.get(label)
    if need is not None and digits < need and len(_SPELLED.findall(value)) < need:
        return None
    if label == Label.NATIONAL_ID and _YEAR.fullmatch(value.strip()):
        return None  # "since 2021", "hasta 2022": a year, no national id has four digits
    if label == Label.AGE and _MEASURE.search(value):
        return None  # "68kg", "174 cm": a measurement, not an age
    if (
        label == Label.DATE_OF_BIRTH
        and (year := re.fullmatch(r"\d{4}", value.strip()))
        and not _BIRTH_YEAR.fullmatch(year.group())
    ):
        return None  # "L'errore è 1045": four digits that are no year anyone living was born in
    if label == Label.USERNAME and _SETTING_NAME.fullmatch(value.strip()):
        return None  # "FATTURAPRO_TOKEN", "SMTP_HOST": an environment variable's name, nobody's log-in
    if label == Label.EMAIL:
        if _AT_VERSION.search(value.strip()):
            return None  # "react-checkout@2.6.1": a package's version after its "@", no domain
        if "@" not in value and "%40" not in value and not _spoken_address(value):
            return None  # "at makeError", "(at least two": an address said out loud has its dot too
        return _whole_address(text, start, end)
    if label in (*_ID_NUMBERS, Label.PHONE) and _YEAR_RANGE.fullmatch(value.strip()):
        return None  # "Revenue growth rate (2023-2032)": a period, no number of anyone's
    if label in _ID_NUMBERS and _decimal(value):
        return None  # "rv:109.0)", "CI 1.090-14.294": a version or a decimal number, no one's number
    if label == Label.POSTCODE and (_decimal(value) or _quantity_at(text, start, end)):
        return None  # "rt=0.532", "after 30012 ms": a decimal number or a quantity and its unit, no postcode
    if (
        label == Label.STREET_ADDRESS
        and text[start - 1 : start] in (":", ".")
        and text[start - 2 : start - 1].isdigit()
    ):
        # a span that opens inside a clock's or a version's number loses that number ("52 rtr-" of "04:36:52
        # rtr-home"); what follows it may still be read
        lead = _NUMBER_PIECE.match(text, start, end)
        if lead is not None:
            start = lead.end()
            value = text[start:end]
            digits = sum(c.isdigit() for c in value)
    if label == Label.STREET_ADDRESS and re.fullmatch(r"[^\W\d_]{0,4}[\W_]*", value.strip()):
        return None  # "rtr" of a syslog host "rtr-home": one short word and no number is no street
    if label == Label.STREET_ADDRESS and COUNTED_NOUN.fullmatch(value.strip()):
        return None  # "a 5-seater car", "a 3-door hatchback": a number and a noun, one adjective
    if label == Label.STREET_ADDRESS and all(_DOTTED_DIGITS.search(t) for t in re.findall(r"\S*\d\S*", value)):
        return None  # "ms verso 8.8.8.8": its only number is a network address or a version, no house
    if label in (Label.STREET_ADDRESS, Label.BUILDING_NUMBER, Label.SECONDARY_ADDRESS) and _QUANTITY.fullmatch(
        value.strip()
    ):
        return None  # "keeps dropping 5 GHz": a quantity and its unit, no house
    if label == Label.IP_ADDRESS and (not _ip_shaped(value) or ip_of_nobody(value.strip())):
        return None  # "2020.3.21f1" (a version), "? 0 : 100 - (100" (code), "8.8.8.8" (a public resolver)
    if label == Label.IBAN and not (_IBAN_HEAD.match(value) or _DIGIT_GROUPS.fullmatch(value.strip())):
        # "56.6 and 109.7 ± 41.6": an IBAN opens with its country and check digits (a long run of digit groups
        # stays: an account or a card number read as an IBAN is still one to hide)
        return None
    if label == Label.DATE_OF_BIRTH and _DECIMAL_NUMBER.search(value) and not _date_shaped(value):
        return None  # "GPA: 2.47 of 4": a decimal number, and no year, no date, no month
    if label in (Label.HEALTH, Label.RELIGION, Label.POLITICS, Label.SEXUAL_ORIENTATION):
        named = {fold(w) for w in re.findall(r"[^\W\d_]{4,}", value)}
        if in_heading(text, start, end) or _FIELD_AFTER.match(text, end):
            return None  # "**Mental Health**:": a heading, said of nobody
        # a whole term of the vocabulary, a word of it that is no everyday word, or a medicine
        # ("innovative ideas" is not health because "ideas suicidas" is)
        in_vocab = bool(named & distinctive_special_words()) or names_a_term(value)
        return (start, end) if in_vocab or next(find_medications(value), None) else None
    if label in (Label.CRIMINAL_RECORD, Label.IMMIGRATION_STATUS):
        if in_heading(text, start, end) or _FIELD_AFTER.match(text, end):
            return None
        return (start, end) if names_a_status(value) else None  # a whole entry of the lists ("libertà vigilata")
    if label not in _WORDY:
        return start, end
    stripped = value.strip()
    if (
        "\n" in stripped
        or _HEX.search(value)
        or stripped.startswith(("-", "'"))
        or key_label(stripped) is not None
        or _FIELD_AFTER.match(text, end)
    ):
        return None  # a field name ("Passport", "StudentID", "Art":), a fragment, a hash
    if label in (Label.PERSON, Label.ORGANIZATION, Label.CITY):
        cleaned = clean_span(text, start, end, label)
        if cleaned is None:
            return None
        start, end = cleaned
        if label == Label.PERSON:
            start = _skip_lead_words(text, start, end)
        value = text[start:end]
    elif in_code_line(text, start):
        return None
    words = re.findall(r"[^\W\d_]+", value)
    if not words or sum(len(w) for w in words) < 3:
        return None
    first, last, places, _ = load_gazetteers()
    folded = [fold(w) for w in words]
    lone_common = label == Label.PERSON and len(words) == 1 and zipf(words[0]) >= _COMMON_ZIPF
    if lone_common and _common_word_context(text, start, end):
        return None  # "Grant Proposal", "Stress Level: Low": a frequent word in a heading or a form value
    if label == Label.PERSON:
        known = [f in first or f in last for f in folded if len(f) > 1]
        # in lower case every word must be a known name ("ana ruiz garcía", not "fostering cross")
        ok = any(known) and (all(known) or any(w[:1].isupper() for w in words))
    elif label == Label.CITY:
        whole = fold(" ".join(words))
        ok = places.get(whole) == Label.CITY and (len(words) > 1 or zipf(words[0]) < 4.0)
    elif label == Label.JOB:
        ok = headed_by_job(folded) and (len(words) > 1 or zipf(words[0]) < 4.5)
    elif label == Label.ORGANIZATION:
        others = [w for w, f in zip(words, folded, strict=True) if f.rstrip(".") not in ORG_DESIGNATORS]
        ok = len(others) < len(words) and any(len(w) > 2 and zipf(w) < 4.0 for w in others)
    elif label == Label.USERNAME:
        ok = " " not in stripped and not glued_common_words(stripped) and not _common_parts(stripped)
    else:  # STREET_ADDRESS: a number and a word that is no unit, currency or common word alone
        if _AGE_AFTER.match(text, end):
            return None  # "Pilar Sandoval, 47 years old": a name and an age, not a street line
        ok = digits > 0 and any(
            (zipf(w) < 4.0 or fold(w) in STREET_WORDS) and not (w.isupper() and len(w) == 3) for w in words
        )
    if not ok or fold(value.strip()) in CALENDAR_WORDS:
        return None
    return start, end


_LEAD_WORD = re.compile(r"([a-z]+)[ \t]+(?=[A-ZÀ-Þ])")


def _skip_lead_words(text: str, start: int, end: int) -> int:
    """Where a name starts once the lower-case common words the tagger put before a capitalised
    name are dropped ("am Daniel Ashworth" -> "Daniel Ashworth"); lower-case names stay whole."""
    while (m := _LEAD_WORD.match(text, start, end)) and zipf(m.group(1)) >= _COMMON_ZIPF:
        start = m.end()
    return start


_TITLE_CASE_NEXT = re.compile(r"[ \t]+([A-Z][a-z]{2,})")
_KEY_BEFORE = re.compile(r"([A-Za-zÀ-ÿ][\w ]{0,30}?)[ \t]*[:=][ \t]*$")


def _common_word_context(text: str, start: int, end: int) -> bool:
    """A frequent word standing as a name only by its capital: the first word of a title-case
    phrase ("Grant Proposal") or the value of a field that is no name field ("Level: Low")."""
    nxt = _TITLE_CASE_NEXT.match(text, end)
    if nxt and zipf(nxt.group(1)) >= 4.0 and not _known(nxt.group(1)):
        return True
    key = _KEY_BEFORE.search(text, max(0, start - 40), start)
    return key is not None and key_label(key.group(1)) not in (Label.PERSON, Label.USERNAME)


def _common_parts(value: str) -> bool:
    """Every letter run of an identifier is a common word (``personal_data``, ``StudentRecords``)."""
    parts = re.findall(r"[A-Za-z][a-z]+|[A-Z]+(?![a-z])", value)
    return bool(parts) and all(zipf(p) >= 3.3 for p in parts)


#: labels of numbers that name a person's record or document
_ID_NUMBERS = frozenset(
    {
        Label.CONTRACT_NUMBER,
        Label.ACCOUNT_NUMBER,
        Label.POLICY_NUMBER,
        Label.CUSTOMER_ID,
        Label.TICKET_NUMBER,
        Label.ID_CARD,
        Label.NATIONAL_ID,
    }
)  # not a postcode: "28.001 Madrid" is written with a dot
#: a range of years, maybe in brackets
_YEAR_RANGE = re.compile(r"\(?(?:18|19|20)\d\d[ \t]?[-–/][ \t]?(?:18|19|20)\d\d\)?")
#: a decimal number or a short version ("109.0", "2.4.7"): at most six digits
_DECIMAL_PART = re.compile(r"\d{1,4}(?:\.\d{1,3}){1,3}")


#: the rest of a number a span opens inside, and the blanks after it
_NUMBER_PIECE = re.compile(r"\d+[ \t]*")


def _quantity_at(text: str, start: int, end: int) -> bool:
    """A quantity and its unit (:data:`_QUANTITY`) starts at ``start`` and covers the span ("30012 ms")."""
    q = _QUANTITY.match(text, start)
    return q is not None and q.end() >= end and (q.end() == len(text) or not text[q.end()].isalnum())


def _decimal(value: str) -> bool:
    """A decimal number or a short version, maybe in brackets, or a range of two ("109.0)", "(2.4.7)",
    "1.090-3.768"); not a number grouped by thousands ("12.345.678")."""
    parts = re.split(r"[ \t]?[-–][ \t]?", value.strip().strip("()").strip())
    return 0 < len(parts) <= 2 and all(_DECIMAL_PART.fullmatch(p) and sum(c.isdigit() for c in p) <= 6 for p in parts)


#: the dot of an e-mail address, written or said ("ana at gmail dot com", "ana at gmail.com")
_SPOKEN_DOT = re.compile(rf"(?i)\w\.\w|\b(?:{DOT_WORDS})\b|\[dot\]|\(dot\)")
#: the "at" of an address said out loud
_SPOKEN_AT = re.compile(r"(?i)\b(?:at|arroba)\b|\[at\]|\(at\)")
#: a dot word in brackets ("(dot)", "[punto]")
_BRACKETED_DOT = re.compile(rf"(?i)[\[(][ \t]*(?:{DOT_WORDS})[ \t]*[\])]")
#: four numbers of at most three digits joined by dots (or said dots), or hex groups joined by colons
_IPV4_SHAPE = re.compile(rf"(?<![\d.])(\d{{1,3}})(?:[ \t]*(?:\.|(?i:{DOT_WORDS}))[ \t]*(\d{{1,3}})){{3}}(?![\d]|\.\d)")
_IPV6_SHAPE = re.compile(r"(?i)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{1,4}")
#: an IBAN opens with its country's two letters and two check digits ("ES91 2100 ...", "es 91 2100")
_IBAN_HEAD = re.compile(r"[ \t]*[A-Za-z][ \t.-]?[A-Za-z][ \t.-]?\d[ \t.-]?\d")
_DIGIT_GROUPS = re.compile(r"(?=(?:\D*\d){12})\d+(?:[ \t\n-]+\d+)*")
#: a quantity and its unit of frequency, data, rate, power or time ("5 GHz", "500 GB", "300 Mbit/s", "20 ms")
_QUANTITY = re.compile(
    r"(?i)\d+(?:[.,]\d+)?[ \t]?(?:[kmgt]hz|hz|[kmgtp]i?b|[kmgt]bps|[kmg]bit/s|[kmg]b/s|ms|mah|wh|kwh|[kmg]?w|v|dbm|db)"
)
#: three numbers or more joined by dots: a version or an address on a network ("8.8.8.8", "1.2.3"), no house
_DOTTED_DIGITS = re.compile(r"\d\.\d+\.\d")
#: a number with a decimal point or comma, no part of a date ("2.47", "3,5")
_DECIMAL_NUMBER = re.compile(r"(?<![\d./-])\d+[.,]\d+(?![\d./-])")
#: a date: day, month and year in digits ("12/05/88", "1988-05-12")
_DIGIT_DATE = re.compile(r"\d{1,4}[ \t]*[./-][ \t]*\d{1,2}[ \t]*[./-][ \t]*\d{2,4}")


def _spoken_address(value: str) -> bool:
    """An address said out loud: an "at", a dot after it, and a domain without the underscores and brackets of code
    (") at libbase at liblog.__android_log_assert (": a stack trace)."""
    at = list(_SPOKEN_AT.finditer(value))
    if not at:
        return False
    domain = value[at[-1].end() :]
    bare = _BRACKETED_DOT.sub(".", domain)
    if _SPOKEN_DOT.search(domain) is None or re.search(r"[_()]", bare.strip(" ()")):
        return False
    # the top-level domain is letters in one case ("com", "COM", "Com"), no code's name in inner capitals
    # (") at libEGL at libEGL.eglSwapBuffersWithDamageKHR": a stack frame)
    tld = re.split(rf"(?i)\.|\b(?:{DOT_WORDS})\b", bare.strip(" ()"))[-1].strip()
    return not (tld.isalpha() and not (tld.islower() or tld.isupper() or tld.istitle()))


def _ip_shaped(value: str) -> bool:
    m = _IPV4_SHAPE.search(value)
    if m is not None:
        return all(int(n) <= 255 for n in re.findall(r"\d+", m.group()))
    return _IPV6_SHAPE.search(value.replace(" ", "")) is not None


def _date_shaped(value: str) -> bool:
    """A birth date has a year someone living was born in, a date in digits, a month's or day's name, or numbers
    said in words."""
    if any(_BIRTH_YEAR.fullmatch(y) for y in re.findall(r"(?<!\d)\d{4}(?!\d)", value)):
        return True
    if _DIGIT_DATE.search(value) or re.search(r"(?<!\d)\d{6}(?:\d{2})?(?!\d)", value):
        return True
    if any(fold(w) in CALENDAR_WORDS for w in re.findall(r"[^\W\d_]+", value)):
        return True
    return len(_SPELLED.findall(value)) >= 2


_MEASURE = re.compile(r"(?i)\d[ \t]*(?:kg|kgs|g|cm|mm|m|km|lb|lbs|%|€|\$|£|ml|mg|bpm|kcal)\b|\d[ \t]*[%€$£]")
_AGE_AFTER = re.compile(r"(?i)[ \t]*(?:years?|yrs?|y/?o|años?|anos?|ans|jahre|jaar)\b")
_FIELD_AFTER = re.compile(r"""["'”*_]{0,2}[ \t]*[:=]""")


_COMMON_ZIPF = 4.5


def _known(word: str) -> bool:
    first, last, places, _ = load_gazetteers()
    f = fold(word)
    return f in first or f in last or f in places
