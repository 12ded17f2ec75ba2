"""Names and places from the gazetteers (``local_model.text.gazetteers``), filtered by word frequency.

A capitalised token that is in a list is only taken when it is not a common
word in any of en/fr/de/nl/es (``wordfreq`` Zipf frequency below a threshold),
unless a title or a neighbouring name supports it.  Adjacent capitalised
rare tokens are joined into one span (``Isaias Golding``).  Finally, a
capitalised token that is very rare in all five languages and not at the start
of a sentence is reported as a probable name (low score): names are mostly
rare words, and recall matters more than precision.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import ClassVar

from local_model.detection.base import Detector
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.names import product_after_brand
from local_model.text.gazetteers import load_gazetteers, major_city
from local_model.text.lang import RULE_PACKS, guess_pack, rule_pack
from local_model.text.lexicon import CALENDAR_WORDS, NAME_CONNECTORS, TITLE_WORDS
from local_model.text.lexicons import pairs as lexicon_pairs
from local_model.text.lexicons import words as lexicon_words
from local_model.text.textnorm import fold, product_capitals, sentence_initial, shouting
from local_model.text.words import closed_compound, dictionary_words, is_dictionary_word, zipf, zipf_in
from signatures.entities import Entity, Label

#: a word (an apostrophe inside it, "O'Brien", "Sant'Anna"; not before a short lower-case ending: the
#: Turkish case ending of "Trabzon'da", "Emre'nin" and the English possessive are not part of the name)
_L = "A-Za-zÀ-ÖØ-öø-ɏ"
#: an opening quotation mark right before a word, after a blank or a colon
_QUOTE_OPENING = re.compile(r"(?:^|[\s:(])[\"“«„][ \t]?$")
#: small letters after a word and a blank: a sentence goes on
_SENTENCE_GOES_ON = re.compile(r"[ \t]+[^\W\d_A-ZÀ-Þ]")
#: ... nor is an elided article or preposition before it ("d'Inca", "l'Àlex", "d'Espagne")
_TOKEN = re.compile(
    rf"[{_L}](?:[{_L}-]|(?<!(?<![{_L}])[dlnmst])['’](?![a-zçğıöşüâîû]{{1,4}}(?![\w'’-])))*[{_L}]|[A-ZÀ-ÖØ-Þ]"
)
_MAX_PLACE_WORDS = 4
_PERSON_VERB = re.compile(
    r"[ \t](?:lives|works|has|is|was|needs|wants|said|says|told|called|rang|goes|went|uses|started|studies|"
    r"tiene|vive|trabaja|necesita|quiere|dijo|llamó|usa|estudia|empezó|va|está|esta|es|lebt|arbeitet|hat|"
    r"woont|werkt|heeft|habite|travaille|a)[ \t]"
)
_PLACE_BEFORE = re.compile(r"([A-ZÀ-Þ][\w'’-]+(?:[ ][A-ZÀ-Þ][\w'’-]+)?),[ ]$")
# four or five digits (a ZIP+4), a Canadian postcode
_POSTCODE = r"\d{4,5}(?:-\d{4})?|[A-Z]\d[A-Z][ ]?\d[A-Z]\d"
_POSTCODE_AFTER = re.compile(r"[ \t]{1,2}(?:" + _POSTCODE + r")(?![\w])")
#: a postcode right after a town, a region code maybe before it, a UK postcode too: "Leeds LS9 7BJ",
#: "Carlton 2218", "Bridgewater NS  B4V 2W1"
_TOWN_POSTCODE = re.compile(
    r"[ \t]{1,2}(?:[A-Z]{2,3}[ \t]{1,2})?(?:" + _POSTCODE + r"|[A-Z]{1,2}\d[A-Z\d]?[ ]?\d[A-Z]{2})"
    r"(?![\w]|[ \t.-]?\d)"  # not a phone number ("Mobile 07975 630 112")
)
_ARTICLE_BEFORE = re.compile(r"(?<![\w])(?i:the|der|die|das|dem|den|des|het|een|le|la|les|un|une|el|il|lo)[ \t]$")
_COUNTY_BEFORE = re.compile(r"(?<![\w])(?:Co\.|CO\.|County|COUNTY)[ \t]$")
_TITLES = {fold(w).rstrip(".") for w in TITLE_WORDS}
_CONNECTORS = NAME_CONNECTORS


def _opening(text: str, at: int) -> bool:
    """The word at ``at`` opens a sentence or a clause ("Gracias, ...", "Bon dia, Soc ...")."""
    return sentence_initial(text, at) or text[max(0, at - 3) : at].rstrip(" ").endswith(",")


def _function_word(folded: str, lang: str) -> bool:
    """``folded`` is a function word of the language pack ``lang`` ("tenho" in Portuguese, "soc" in Catalan)."""
    return lang != "und" and folded in _function_words(lang)


@functools.cache
def _function_words(lang: str) -> frozenset[str]:
    return frozenset(fold(w) for w in lexicon_words("function_words", (lang,)))


def _in_identifier(text: str, start: int, end: int) -> bool:
    """The word is part of an identifier: joined by underscores, glued to digits or to a word by "!" ("Geo_Coordinates",
    "Reno11 F", "Sky2", "Fritz!Box"); names and places have none of these."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    bang = after == "!" and end + 1 < len(text) and text[end + 1].isalpha() and _bang_brand(text, start, end)
    return before == "_" or after == "_" or before.isdigit() or after.isdigit() or bang


def _bang_brand(text: str, start: int, end: int) -> bool:
    """The word and the one glued to it by "!" are a listed brand's name ("Fritz!Box", "Y!mobile"; "Danke Stefan!Bitte"
    is a greeting typed without its space)."""
    glued = re.match(r"![^\W\d_]+", text[end : end + 40])
    return glued is not None and fold(text[start:end] + glued.group()) in _bang_brands()


@functools.cache
def _bang_brands() -> frozenset[str]:
    listed = [*lexicon_words("technical_brands"), *lexicon_words("technical_product_lines")]
    return frozenset(fold(w.split()[0]) for w in listed if "!" in w.split()[0].rstrip("!"))


@functools.cache
def _error_words() -> frozenset[str]:
    """The words that introduce an error's code, in every language read (``technical_cues.tsv``)."""
    kinds = ("error_code", "error_code_before")
    return frozenset(fold(w) for w, kind in lexicon_pairs("technical_cues") if kind in kinds and " " not in w)


#: a code right after a word: a digit, a capital or a quote ("Errore 550", "Erreur 0x1D", 'Erro "E12"')
_CODE_AFTER = re.compile(r"[ \t]*[:#]?[ \t]*[\"'«“]?[0-9A-Z]")


def _after_initial(text: str, start: int) -> bool:
    """The word is glued to an initial by a dot ("t.cardona", "T.CARDONA"): a log-in or a handle
    made of a name, not the town of that name."""
    return (
        start >= 2
        and text[start - 1] == "."
        and text[start - 2].isalpha()
        and (start == 2 or not (text[start - 3].isalnum() or text[start - 3] in ".@_-"))
    )


def _after_elision(text: str, start: int) -> bool:
    """The word follows an elided article or preposition ("d'Inca", "l'Àlex"; see :data:`_TOKEN`)."""
    return start >= 2 and text[start - 1] in "'’" and text[start - 2] in "dlnmst"


#: the one-word greetings of every language, folded ("sayın", "ciao", "hola")
_GREETING_WORDS = frozenset(fold(g) for g in lexicon_words("greetings") if " " not in g.strip())
#: articles the noisy first-name lists hold ("The", "Das"): before a listed surname they open a phrase ("The Ring
#: Video Doorbell"), no first name; those that open surnames or are names too stay out ("Le Fouillis", "La Fontaine",
#: "El Amrani", "Una Walsh", "An Ngo")
_ARTICLES = frozenset({"the", "der", "die", "das", "het", "een", "los", "las", "gli"})
#: what stands between a title and the name after it: a space, its dot or a colon ("Mr Smith", "Ms. Ng", "Dr: Green")
_TITLE_GAP = re.compile(r"[.:]?[ \t]?")
#: a number right before a word: "2001 ms" is a unit, no title
_NUMBER_BEFORE = re.compile(r"\d[ \t]?$")


def _title_before(text: str, title: re.Match[str], word: re.Match[str]) -> bool:
    """``title`` (a listed title) introduces ``word``: a space, a dot or a colon between them, and not the unit
    "ms" after a number ("after 2001 ms: Connection refused"), whose colon opens a log message."""
    if _TITLE_GAP.fullmatch(text, title.end(), word.start()) is None:
        return False
    if title.group().islower() and (
        ":" in text[title.end() : word.start()] or _NUMBER_BEFORE.search(text, max(0, title.start() - 4), title.start())
    ):
        return False
    return True


class GazetteerDetector(Detector):
    name = "gazetteer"
    labels = frozenset({Label.PERSON, Label.CITY, Label.STATE, Label.COUNTRY})
    sources: ClassVar[Mapping[str, int]] = {
        "gazetteer:place": 32,
        "gazetteer:name": 30,
        "gazetteer:subdivision-code": 30,
        "heuristic:rare-capitalised": 20,
    }

    def __init__(self, common_zipf: float = 3.6, rare_zipf: float = 2.0) -> None:
        self._first, self._last, self._places, self._codes = load_gazetteers()
        self._common = common_zipf
        self._dictionary = dictionary_words()
        self._rare = rare_zipf

    def _not_a_word(self, folded: str, language: str) -> bool:
        """A first name that is no dictionary word, month or weekday (German capitalises nouns:
        not there)."""
        return language != "de" and folded not in self._dictionary and folded not in CALENDAR_WORDS

    def _after_place(self, text: str, at: int) -> bool:
        """The word at ``at`` follows a known place and a comma: "Zapopan, Jalisco", "Tetuán, Marruecos"."""
        before = _PLACE_BEFORE.search(text, max(0, at - 40), at)
        if before is None or self._places.get(fold(before.group(1))) is None:
            return False
        place = before.group(1)
        return zipf(place) < 4.0 or major_city(place)  # "Gracias, ..." is a town too, and a word

    def _place(self, tokens: list[re.Match[str]], i: int, text: str, loud: bool = False) -> tuple[int, Label] | None:
        """Longest place name starting at token i: (number of tokens, label).  ``loud``: the text
        is written in capitals, so a name in capitals is no heading or code."""
        for n in range(min(_MAX_PLACE_WORDS, len(tokens) - i), 0, -1):
            span = text[tokens[i].start() : tokens[i + n - 1].end()]
            if n > 1 and not re.fullmatch(r"[^\n]{1,80}", span):
                continue
            label = self._places.get(fold(span))
            if label is None:
                continue
            words = span.split()
            if not all(w[0].isupper() or fold(w) in _CONNECTORS for w in words):
                continue  # "The meeting" is not the place "The Meeting"
            caps = label != Label.COUNTRY and span.isupper()
            if caps and not loud:
                continue  # "BOD", "USERNAME": headings and codes, not places
            if (
                n == 1
                and label == Label.CITY
                and _ARTICLE_BEFORE.search(text, max(0, tokens[i].start() - 5), tokens[i].start())
            ):
                # "Der Mentor", "the Mentor": a noun after an article; a town with its article is
                # listed with it ("Den Haag", "Le Havre", "La Paz")
                if is_dictionary_word(fold(span)) or zipf(span) >= 3.0:
                    continue
            if n == 1 and label != Label.COUNTRY and zipf(span) >= 4.0:
                # a large city however frequent its name, but not opening a sentence or a clause
                # ("Welkom bij ...", "Gracias, ...": greetings that are also towns)
                at = tokens[i].start()
                opening = sentence_initial(text, at) or text[max(0, at - 3) : at].strip(" ") == ","
                after_place = self._after_place(text, tokens[i].start())
                # the town of an address line: a postcode follows ("Compton Road, Leeds LS9 7BJ")
                before_postcode = _TOWN_POSTCODE.match(text, tokens[i].end()) is not None
                # a large city, also when a province has its name ("Madrid", "Murcia")
                city = label in (Label.CITY, Label.STATE) and major_city(span)
                if not after_place and not before_postcode and (not city or opening):
                    continue
            if n == 1 and label != Label.COUNTRY and _opening(text, tokens[i].start()) and self._pack_word(span, text):
                continue  # "Soc aquí", "Boa noite", "Mój brat": a sentence opens with a word of its language
            return n, label
        return None

    def _pack_word(self, word: str, text: str) -> bool:
        """A frequent word of the text's own pack language, not a large city: "Soc" (Catalan "I am"),
        "Sou", "Mój", "Boa noite" are towns somewhere too (asked only of a word opening a sentence:
        a town's name is frequent in its own language, "Napoli" after a postcode is the town)."""
        if major_city(word) or max(zipf_in(word, lang) for lang in RULE_PACKS) < ZIPF["lowercase_place_pack"]:
            return False
        pack = rule_pack(text)
        return pack is not None and zipf_in(word, pack) >= ZIPF["lowercase_place_pack"]

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out: list[Entity] = []
        tokens = list(_TOKEN.finditer(text))
        loud = shouting(text)
        pack: str | None = None  # the text's pack language, asked once a rare capitalised word needs it
        asked = False
        text_pack: str | None = (
            None  # the text's language pack by its function words, asked once a name opens a sentence
        )
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            word = tok.group()
            if not word[0].isupper() or _in_identifier(text, tok.start(), tok.end()):
                i += 1  # "Geo_Coordinates", "Reno11": a field name or a model, not a place or a name
                continue
            if word.isupper() and len(word) in (2, 3) and word in self._codes:
                # "NH", "ENG": only right after a comma ("Bristol, ENG") or before a postcode
                # ("Carlton NSW 2218", "Asheville NC 28801", "Bridgewater NS  B4V 2W1")
                if re.search(r",\s*$", text[max(0, tok.start() - 3) : tok.start()]) or _POSTCODE_AFTER.match(
                    text, tok.end()
                ):
                    out.append(
                        Entity.make(text, tok.start(), tok.end(), Label.STATE, 0.5, "gazetteer:subdivision-code")
                    )
                i += 1
                continue
            place = self._place(tokens, i, text, loud)
            folded = fold(word)
            freq = zipf(word)
            # a quoted message opens like a sentence ('pokazuje błąd "Usługa chwilowo niedostępna"'; a quoted value
            # alone, '| "Etann" |', is no sentence)
            initial = sentence_initial(text, tok.start()) or (
                _QUOTE_OPENING.search(text, max(0, tok.start() - 3), tok.start()) is not None
                and _SENTENCE_GOES_ON.match(text, tok.end()) is not None
            )
            prev_title = (
                i > 0
                and fold(tokens[i - 1].group()) in _TITLES
                # "Mr Smith", "Ms. Ng"; not "Sian Bishop⏎⏎Respond", "after 2001 ms: Connection refused"
                and _title_before(text, tokens[i - 1], tokens[i])
                # "Doctor: Any cough?": a speaker's title, then a frequent word that no list names
                and not (
                    ":" in text[tokens[i - 1].end() : tok.start()]
                    and folded not in self._first
                    and folded not in self._last
                    and zipf(word) >= ZIPF["name_not_word"]
                )
            )
            # a greeting opening a message ("Sayın yetkili", "Ciao"): the word of a greeting, though a name somewhere
            is_first = folded in self._first and not (initial and folded in _GREETING_WORDS) and folded not in _ARTICLES
            is_last = folded in self._last
            if (
                place is not None
                and not (is_first and not initial and freq < self._common)
                and not _after_initial(text, tok.start())
            ):
                n, label = place
                county = _COUNTY_BEFORE.search(text, max(0, tok.start() - 8), tok.start())
                start = county.start() if county is not None and label != Label.COUNTRY else tok.start()
                if county is not None and label != Label.COUNTRY:
                    label = Label.STATE  # "Co. Cork", "County Durham": the county, not the town
                out.append(Entity.make(text, start, tokens[i + n - 1].end(), label, 0.55, "gazetteer:place"))
                i += n
                continue
            # a known first name followed by a known surname ("Ana Ruiz") is a name even when
            # both are common words somewhere ("ana", "ruiz" in Spanish)
            pair = (
                is_first
                and i + 1 < len(tokens)
                and text[tok.end() : tokens[i + 1].start()] == " "
                and (tokens[i + 1].group()[0].isupper() and fold(tokens[i + 1].group()) in self._last)
                and not _in_identifier(text, tokens[i + 1].start(), tokens[i + 1].end())  # "The FRITZ!Box"
            )
            name_like = (
                (is_first or is_last)
                and (
                    freq < self._common
                    or prev_title
                    or pair
                    or (is_first and not initial and self._not_a_word(folded, language))
                    # "Hugo tiene 8 años", "Eleanor lives in Hackney": a first name opening a
                    # sentence as the subject of what people do
                    # ("Jack is loose", "Grace has ..." are words first: not at a sentence start)
                    or (
                        is_first
                        and (freq < 4.0 or self._not_a_word(folded, language))
                        and _PERSON_VERB.match(text, tok.end()) is not None
                    )
                )
                and not (
                    word.isupper() and len(word) > 1  # "IBAN", "DNI": acronyms and field names, not names
                )
            )
            rare = (
                language != "de"
                and not initial
                and freq < self._rare
                and len(word) >= 3
                and not word.isupper()
                and "'" not in word
                and not any(c.isupper() for c in word[1:])  # CamelCase: code, tags
                and not closed_compound(word, self._last)  # "Amphibienpopulationen", "Leerstoornissen"
                and text[max(0, tok.start() - 2) : tok.start()] not in ("</", "<")
                and not text[max(0, tok.start() - 1) : tok.start()] == "<"
                # after an elided article or preposition ("Vinc d'Ucraïna"): a listed name or place, or nothing
                and not _after_elision(text, tok.start())
                # an error's word before its code ("Errore 550", "Erreur 0x1D"): the cue, no name
                and not (folded in _error_words() and _CODE_AFTER.match(text, tok.end()) is not None)
                # after a listed brand that is no first name ("Bosch Indego", "Vorwerk Folletto"): its product
                and not (
                    i > 0
                    and text[tokens[i - 1].end() : tok.start()] == " "
                    and product_after_brand(
                        tokens[i - 1].group(), word, text[max(0, tokens[i - 1].start() - 40) : tokens[i - 1].start()]
                    )
                )
            )
            if name_like and initial and not (pair or prev_title):
                if text_pack is None:
                    text_pack = guess_pack(text)
                opens_with_function_word = _function_word(folded, text_pack)
            else:
                opens_with_function_word = False
            if opens_with_function_word:
                i += 1  # "Tenho a versão 17.5.1": a sentence opens with its language's function word, a name elsewhere
                continue
            if rare and not name_like:
                if not asked:
                    pack, asked = rule_pack(text), True
                if pack is not None and zipf_in(word, pack) >= ZIPF["rare_capitalised_pack"]:
                    rare = False  # "Potrzebuję", "Condições", "Dönüşünüzü": a word of the text's pack
            if not (name_like or rare or prev_title):
                i += 1
                continue
            # grow over following capitalised rare tokens (and name connectors)
            j = i
            while j + 1 < len(tokens):
                nxt = tokens[j + 1]
                gap = text[tokens[j].end() : nxt.start()]
                if gap not in (" ", "-"):
                    break
                w = nxt.group()
                if (
                    w[0].isupper()
                    and not w.isupper()
                    # no product's capitals inside ("Fastweb NeXXt"; "Ronald McDonald", "DeAndre" grow)
                    and not product_capitals(w)
                    and (zipf(w) < self._common or fold(w) in self._last or fold(w) in self._first)
                ) or (w.isupper() and len(w) >= 3 and zipf(w) < self._rare):  # "Anass TAOUFYQ"
                    j += 1
                elif fold(w) in _CONNECTORS and j + 2 < len(tokens) and tokens[j + 2].group()[0].isupper():
                    j += 1
                else:
                    break
            while j > i and fold(tokens[j].group()) in _CONNECTORS:
                j -= 1
            score = 0.7 if name_like and (j > i or prev_title) else 0.5 if name_like else 0.35
            out.append(
                Entity.make(
                    text,
                    tok.start(),
                    tokens[j].end(),
                    Label.PERSON,
                    score,
                    "gazetteer:name" if name_like else "heuristic:rare-capitalised",
                )
            )
            i = j + 1
        return out
