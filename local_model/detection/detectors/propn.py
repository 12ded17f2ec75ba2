"""Proper-noun heuristics for informal text: brands, acronyms, self-introductions.

What classical NER misses in user queries (measured on PUPA_New) is mostly proper
nouns that do not look like English names: CamelCase brands (``OpenAI``, ``KorVex``),
acronyms (``ZLTX``, ``HSBC``), names typed in lower case after a cue ("my name is
tavi"), and place names typed in lower case ("isnt it headquartered in tampere").

- acronyms: 2-6 capitals (digits and ``&`` allowed) that are not a common word in
  en/fr/de/nl/es, not a field name and not a title;
- CamelCase tokens in prose (not in markup, not followed by ``(``, ``=``, ``":``);
- self-introduction cues in five languages, case-insensitive: the next one to three
  words are a name; a relative ("my brother oskar", "sa fille Léa") followed by a known
  first name (in lower case only when it is no dictionary word);
- lower-case place and country names from the gazetteer when they are rare words;
- short runs of another script inside Latin-script text (``my colleague 김하늘``, ``the
  北京工业大学 admission``): in a query written in a Latin script, a few words in CJK, Hangul,
  Cyrillic, Arabic, Khmer ... are names of people, organisations or places far more often than
  not (in a script with case, only capitalised words).  Long runs (a quoted passage to
  translate) and text mostly in another script are left alone: the English NER cannot tell
  names there, and masking everything would remove the task;
- bare domain names (``zelvacargo.com``), the user name in home-directory paths
  (``/home/oskar/...``, ``C:\\Users\\tavi\\...``), and organisation names that end in a
  designator (``Kestrel Air``, ``Zelva national company``) or read "University of X"; a legal
  form (``Ltd``, ``Limited``, ``Incorporated``) makes a company name without any rare word;
- in English text, capitalised words mid-sentence that are no dictionary word (``Korvalis``),
  and anywhere, words of 4-12 capitals rare in every language and no dictionary word
  (``ZELVATRONIC``); capitalised Latin names inside text written in another script.

All of these are low-score spans (recall over precision) and lose every overlap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar

import pycountry

from local_model.detection.base import Detector
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import (
    CALENDAR_WORDS,
    COMMON_ACRONYMS,
    ES_ORG_HEADS,
    FILE_ENDINGS,
    LEGAL_FORMS,
    ORG_DESIGNATORS,
    RELATION_WORDS,
    RELATION_WORDS_INTL,
    TITLE_WORDS,
    alternation,
    key_label,
)
from local_model.text.textnorm import FOREIGN_CH as _FOREIGN_CH
from local_model.text.textnorm import FOREIGN_LETTER as _FOREIGN_LETTER
from local_model.text.textnorm import IDEOGRAPHIC as _IDEOGRAPHIC
from local_model.text.textnorm import fold, in_code_line, script_mix, sentence_initial
from local_model.text.words import dictionary_words, glued_common_words, is_dictionary_word, zipf
from signatures.entities import Entity, Label

_ACRONYM = re.compile(r"(?<![\w&./:@#<-])[A-Z][A-Z0-9&]{1,5}(?![\w&@>-]|\.\w|\()")
_CAMEL = re.compile(r"(?<![\w./:@#<$-])(?:[A-Z][a-z]+[A-Z]|[a-z][A-Z])[\w]{0,30}(?![\w@>(=-]|\.\w)")
_CUE = re.compile(
    r"(?i)(?<![\w])(?:my name is|my name's|i am called|i'm called|call me|this is|i am|i'm|"
    r"named|je m'appelle|je suis|mon nom est|ich heiße|ich heisse|mein name ist|ich bin|"
    r"me llamo|mi nombre es|soy|mijn naam is|ik heet|ik ben|"
    # the holder named by a form of words ("the account holder is ...", "la titular es ...")
    r"(?:the )?(?:account |line )?holder(?: is|:)|(?:el |la )?titular(?: es|:)|a nombre de|in the name of|"
    r"au nom de|auf den namen|op naam van)[ \t]+"
    r"([A-Za-zÀ-ÿ][a-zà-ÿ'’-]{1,25}(?:[ \t][A-Za-zÀ-ÿ][a-zà-ÿ'’-]{1,25}){0,2})"
)
# "my brother oskar", "his wife Ilse", "notre fille Léa": a relative followed by a first name
_RELATIVE = re.compile(
    r"(?i)(?<![\w])(?:my|his|her|our|their|your|mon|ma|mes|notre|son|sa|mein|meine|unser|unsere|"
    r"mijn|onze|mi|mis|su|tu|nuestro|nuestra)[ \t]+(?:"
    + alternation((*RELATION_WORDS, *RELATION_WORDS_INTL))
    + r")[ \t]*,?[ \t]+"
    r"([A-Za-zÀ-ÿ][a-zà-ÿ'’]{1,25}(?:-[A-Za-zÀ-ÿ][a-zà-ÿ'’]{1,25}){0,2})(?![\w@-])"
)
# "Carly L. Carr", "Eugene F. Rhodes": a known first name, middle initials and a surname
_INITIALLED_NAME = re.compile(
    r"(?<![\w.])([A-ZÀ-Þ][a-zà-ÿ'’-]{1,20})[ ](?:[A-Z]\.[ ]?){1,2}[ ]?[A-ZÀ-Þ][a-zà-ÿ'’-]{1,25}(?![\w])"
)
#: a lower-case first name after a relative word that is also an ordinary word passes below this
#: frequency ("my son mark", "my wife grace"), not above ("my mother will", "my son may")
_RELATIVE_NAME_ZIPF = 4.9
#: a name that is no (English) word passes up to this frequency ("juan" 5.3, "john" 5.4); the
#: function words the name list holds are above it ("tiene" 6.2, "esta", "se", "le")
_NAME_WORD_ZIPF = 5.5
# handles built from a name: "leslie529", "ronald_10", "tracy-campbell", "elijah.gallagher7"
_NAME_DIGITS = re.compile(r"(?<![\w@./:#-])([a-zà-ÿ]{3,20})[._-]?(\d{1,4})(?![\w@/-]|\.\w)")
_NAME_PAIR = re.compile(r"(?<![\w@./:#-])([a-zà-ÿ]{3,20})[._-]([a-zà-ÿ]{3,20})(?:[._-]?\d{1,4})?(?![\w@/-]|\.\w)")
#: a gamer tag wrapped in x's ("xXShadowFoxXx", "xX_ElPibe_Xx")
_WRAPPED_TAG = re.compile(r"(?<![\w@.#-])x+X+[A-Za-z0-9_.]{2,30}?X+x+(?![\w@-])")
#: a Discord-style tag, a name and four digits after '#' ("nyx#4471"; not "order#4471")
_HASH_TAG = re.compile(r"(?<![\w@.#/-])([A-Za-z][A-Za-z0-9_.]{1,31})#\d{4}(?![\w#])")
#: a token of lower-case letter runs and digits joined by '_' or '.' ("dark_wolf77", "l1ly.p4d")
_HANDLE_TOKEN = re.compile(r"(?<![\w@./:#\\-])[a-z0-9]+(?:[._][a-z0-9]+)*(?![\w@/\\-]|\.\w)")
_HAS_DIGIT = re.compile(r"\d").search
#: a digit written for a letter between two letters ("l1ly", "n1ck", "w0ng", "p4d")
_LEET = re.compile(r"[a-z]+[013457][a-z]+")
_UNLEET = (str.maketrans("013457", "oieast"), str.maketrans("013457", "oleast"))
#: a user name in brackets after the name it is made of: "Marcus Oyelaran (moyelaran)"
_HANDLE_OF_NAME = re.compile(r"([A-ZÀ-Þ][a-zà-ÿ]+)[ \t]+([A-ZÀ-Þ][a-zà-ÿ'’-]+)[ \t]*\((@?[a-z][a-z0-9._-]{2,30})\)")
#: a file name or a host name, not a user name ("notes_v2.txt", "mail.example.com", "app.example.es")
_FILE_OR_HOST = re.compile(
    r"(?i)\.(?:" + alternation((*FILE_ENDINGS, "htm", "es", "uk", "de", "fr", "nl", "eu", "gov", "edu")) + r")$"
)
#: a LinkedIn-style profile path without its host: "in/marta-soler-puig"
_PROFILE_PATH = re.compile(r"(?<![\w/.@-])in/[a-z0-9][a-z0-9-]{2,80}[a-z0-9](?![\w/-])")
#: a name part of a handle rarer than this as a word ("leslie", "ronald"; not "may", "june")
_HANDLE_NAME_ZIPF = 4.5
_DOMAIN = re.compile(
    r"(?<![\w@./:-])(?:[a-z0-9](?:[a-z0-9-]{0,62})\.)+(?:com|org|net|io|co|ai|app|dev|info|biz|me|tv|"
    r"uk|de|fr|nl|es|it|eu|in|us|ca|au|ru|cn|jp|br|ch|be|at|se|no|dk|pl|pt|gov|edu)(?![\w@-]|\.\w)",
    re.IGNORECASE,
)
_USER_PATH = re.compile(r"(?:/home/|/Users/|[A-Za-z]:\\+Users\\+|/u/)([^/\\\s\"'<>:]{1,40})")
_ORG = re.compile(
    # capitalised words (an initial keeps its dot; any other dot ends the sentence, not the name)
    r"(?<![\w-])((?:(?:[A-ZÀ-Þ]\.|[A-ZÀ-Þ][\w&'’-]*(?:\.\w[\w&'’-]*)*),?[ ]){1,4}(?:[a-z]{3,15}[ ])?(?i:"
    + alternation(ORG_DESIGNATORS)
    + r")\.?)(?![\w-])"
)
_LEGAL_FORMS = frozenset(LEGAL_FORMS)
# "Hale, Moreno and Pratt", "Ortiz, Vega y Asociados": a firm named after its partners
_FIRM = re.compile(
    r"(?<![\w-])([A-ZÀ-Þ][a-zà-ÿ'’-]{1,25}),[ ]([A-ZÀ-Þ][a-zà-ÿ'’-]{1,25}),?[ ](?:and|&|y|e|und|en)[ ]"
    r"([A-ZÀ-Þ][a-zà-ÿ'’-]{1,25})(?![\w-])"
)
# "Autoescuela Verdugo", "Hermanos Carballo", "Panadería Girón": a Spanish business word, then a name
_ORG_HEAD_FIRST = re.compile(
    r"(?<![\w-])(?:" + alternation(w.capitalize() for w in ES_ORG_HEADS) + r")(?:[ ](?:de|del|y|&)){0,1}"
    r"((?:[ ][A-ZÀ-Þ][\w'’-]{1,25}){1,3})(?![\w-])"
)
_ORG_OF = re.compile(
    r"(?<![\w-])((?:University|Universit[éy]|Universidad|Bank|Institute|College|Academy|Ministry|Museum|"
    r"Hospital|Embassy|Consulate|Municipality|City|Port|Republic)[ ]of[ ](?:the[ ])?[A-ZÀ-Þ][\w'-]+"
    r"(?:[ ][A-ZÀ-Þ][\w'-]+){0,3})"
)
_FOREIGN_RUN = re.compile(
    rf"(?<![\w-]){_FOREIGN_CH}(?:{_FOREIGN_CH}|[\u00B7\u30FB'’.-](?={_FOREIGN_CH}))*"
    rf"(?:[ ]{_FOREIGN_CH}(?:{_FOREIGN_CH}|[\u00B7\u30FB'’.-](?={_FOREIGN_CH}))*){{0,3}}(?![\w-])"
)
# one to three capitalised Latin words, not inside a URL, e-mail, path or identifier
_LATIN_RUN = re.compile(
    r"(?<![A-Za-z0-9_.@/\\:-])[A-Z][A-Za-z&'’]*[a-zA-Z](?:[ -][A-Z][A-Za-z&'’]*[a-zA-Z]){0,2}"
    r"(?![A-Za-z0-9_@/\\]|\.\w)"
)
_CAPITALISED = re.compile(r"(?<![\w'’@./#<\\-])[A-Z][a-z]{2,}(?:[A-Z][a-z]+)?(?![\w@]|\.\w)")
#: language names (ISO 639-1): "English", "Hebrew" describe a text, they do not name anyone.
#: (Demonyms are left as candidates: "Arab Open University", "European Commission".)
_LANGUAGES = frozenset(fold(lang.name) for lang in pycountry.languages if hasattr(lang, "alpha_2"))
_CAPS_WORD = re.compile(r"(?<![\w'’@./#\\-])[A-Z]{4,}(?![\w@/]|\.\w)")
#: an all-caps word rarer than this in every language (and no dictionary word) is a name
_RARE_CAPS_ZIPF = 2.0
#: at most this many letters in a run: a name, not a quoted passage
_FOREIGN_MAX_LETTERS = 24
_LOWER_WORD = re.compile(r"(?<![\w@./-])[a-zà-ÿ][a-zà-ÿ-]{3,30}(?![\w@/]|\.\w)")
_TITLES = {fold(w).rstrip(".") for w in TITLE_WORDS}
_AMBIGUOUS = {"turkey", "chad", "jordan", "guinea", "georgia", "niger", "jersey", "monaco"}
# Words after "I am"/"this is" that are not names ("I am happy", "this is great").
_CUE_STOP_ZIPF = 3.2
_CUE_NAME_ZIPF = 4.5


class ProperNounDetector(Detector):
    name = "propn"
    labels = frozenset(
        {Label.PERSON, Label.ORGANIZATION, Label.CITY, Label.STATE, Label.COUNTRY, Label.URL, Label.USERNAME}
    )
    sources: ClassVar[Mapping[str, int]] = {
        "heuristic:name-cue": 25,
        "heuristic:org": 22,
        "heuristic:org-head": 35,
        "heuristic:acronym": 18,
        "heuristic:camelcase": 18,
        "heuristic:lowercase-place": 18,
        "heuristic:domain": 18,
        "heuristic:user-path": 18,
        "heuristic:name-handle": 18,
        "heuristic:capitalised-non-word": 10,
        "heuristic:capitals-non-word": 10,
        "heuristic:foreign-script": 10,
        "heuristic:latin-in-other-script": 10,
    }

    def __init__(self) -> None:
        self._first, self._last, self._places, _codes = load_gazetteers()

    def _relative_name(self, word: str) -> bool:
        """The word after "my son", "mi hermana": a known first name (or a compound whose first part
        is one and whose other parts are names: "lawrence-malik", "Ana-Belén"); in lower case a
        name that is also a word only when the word is not a frequent one ("my son mark", not
        "my mother will")."""
        parts = fold(word).split("-")
        if parts[0] not in self._first:
            return False
        if len(parts) > 1:
            return all(p in self._first or p in self._last for p in parts[1:])
        if word[0].isupper() and not word.isupper():  # capitals say nothing in an all-caps text
            return True
        frequency = zipf(parts[0])
        # the name list holds some function words ("tiene", "era", "se"): none of them is rare
        return frequency < _RELATIVE_NAME_ZIPF or (not is_dictionary_word(parts[0]) and frequency < _NAME_WORD_ZIPF)

    def _name_handles(self, text: str) -> list[Entity]:
        """User names built from a person's name with no keyword before them: a first name or
        surname with digits ("leslie529"), or a first name and a surname joined by ``.``/``_``/``-``
        ("tracy-campbell"); not in code lines, not made of frequent words ("mark_price")."""
        out: list[Entity] = []

        def rare_name(part: str, names: set[str] | frozenset[str]) -> bool:
            return part in names and zipf(part) < _HANDLE_NAME_ZIPF

        for m in _NAME_DIGITS.finditer(text):
            part = fold(m.group(1))
            if (rare_name(part, self._first) or rare_name(part, self._last)) and not in_code_line(text, m.start()):
                out.append(Entity.make(text, m.start(), m.end(), Label.USERNAME, 0.45, "heuristic:name-handle"))
        for m in _NAME_PAIR.finditer(text):
            a, b = fold(m.group(1)), fold(m.group(2))
            paired = (a in self._first and b in self._last) or (a in self._last and b in self._first)
            if paired and min(zipf(a), zipf(b)) < _HANDLE_NAME_ZIPF and not in_code_line(text, m.start()):
                out.append(Entity.make(text, m.start(), m.end(), Label.USERNAME, 0.45, "heuristic:name-handle"))
        return out

    def _shape_handles(self, text: str) -> list[Entity]:
        """User names by their shape, with no keyword: a tag wrapped in x's, a Discord tag, a
        word written in leetspeak (``l1ly`` reads "lily"), words joined with digits at the end
        (``dark_wolf77``, ``kevin_r_85``), a rare name joined to a word by ``_`` (``okoro_plays``),
        the handle in brackets made of the name before it; not in code lines."""
        out: list[Entity] = []
        for m in _WRAPPED_TAG.finditer(text):
            out.append(Entity.make(text, m.start(), m.end(), Label.USERNAME, 0.45, "heuristic:handle-shape"))
        for m in _HASH_TAG.finditer(text):
            name = m.group(1)
            if zipf(name) < 3.5 and not is_dictionary_word(name.lower()) and not in_code_line(text, m.start()):
                out.append(Entity.make(text, m.start(), m.end(), Label.USERNAME, 0.45, "heuristic:handle-shape"))
        for m in _HANDLE_TOKEN.finditer(text):
            token = m.group()
            # every rule below needs a digit or a '_': plain words are skipped before any other test
            if len(token) < 5 or token.isalpha() or token.isdigit() or ("_" not in token and not _HAS_DIGIT(token)):
                continue
            if _FILE_OR_HOST.search(token) is None and self._handle_shaped(token) and not in_code_line(text, m.start()):
                out.append(Entity.make(text, m.start(), m.end(), Label.USERNAME, 0.45, "heuristic:handle-shape"))
        for m in _HANDLE_OF_NAME.finditer(text):
            handle = m.group(3).lstrip("@")
            parts = [fold(m.group(1)), fold(m.group(2))]
            if any(len(p) >= 3 and p in handle for p in parts) and zipf(handle) < 3.5:
                out.append(Entity.make(text, m.start(3), m.end(3), Label.USERNAME, 0.45, "heuristic:handle-shape"))
        for m in _PROFILE_PATH.finditer(text):
            if "-" in m.group() or any(c.isdigit() for c in m.group()):
                out.append(Entity.make(text, m.start(), m.end(), Label.URL, 0.45, "heuristic:handle-shape"))
        return out

    def _handle_shaped(self, token: str) -> bool:
        parts = re.split(r"[._]", token)
        words = [p for p in parts if p.isalpha()]
        for part in parts:
            for leet in _LEET.finditer(part):
                # the digit stands for a letter when the word it spells is a word or a name
                for table in _UNLEET:
                    spelt = leet.group().translate(table)
                    if is_dictionary_word(spelt) or spelt in self._first or spelt in self._last:
                        return True
        joined = len(re.findall(r"[a-z]+", token)) >= 2 and "_" in token and "." not in token
        named = any(len(w) == 1 or (w in self._first and not is_dictionary_word(w)) for w in words)
        if joined and (re.search(r"[a-z]\d{2,4}$", token) or (named and re.search(r"_\d{2,4}$", token))):
            return True  # "dark_wolf77", "kevin_r_85" (not "user_id_42"): words joined, a number at the end
        if "_" in token and "." not in token and len(words) >= 2:
            rare = [w for w in words if (w in self._first or w in self._last) and zipf(w) < _HANDLE_NAME_ZIPF]
            return bool(rare) and len(rare[0]) >= 4  # "okoro_plays"
        return False

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out: list[Entity] = []
        for m in _ACRONYM.finditer(text):
            word = m.group()
            if (
                word in COMMON_ACRONYMS
                or zipf(word) >= 3.5
                or fold(word) in _TITLES
                or key_label(word) is not None
                or word.isdigit()
            ):
                continue
            if sum(c.isalpha() for c in word) < 2:
                continue
            # all-caps headings ("BACKGROUND INFORMATION") are not acronyms
            around = text[max(0, m.start() - 12) : m.end() + 12]
            if len(re.findall(r"\b[A-Z]{4,}\b", around)) >= 3:
                continue
            out.append(Entity.make(text, m.start(), m.end(), Label.ORGANIZATION, 0.35, "heuristic:acronym"))
        for m in _CAMEL.finditer(text):
            if (
                in_code_line(text, m.start())
                or text[max(0, m.start() - 1)] == "\\"
                or re.match(r"[\"']?\s*[:=]", text[m.end() : m.end() + 4])
            ):
                continue  # code, escapes ("\\tReport") and field names ("DateOfBirth:")
            if glued_common_words(m.group()):
                continue  # "UniversityVirtual", "TimePreferred": glued common words
            out.append(Entity.make(text, m.start(), m.end(), Label.ORGANIZATION, 0.35, "heuristic:camelcase"))
        if language == "en":
            out.extend(self._non_words(text))
        out.extend(self._caps_non_words(text))
        for m in _CUE.finditer(text):
            words = m.group(1).split()
            keep: list[str] = []
            for i, w in enumerate(words):
                common = zipf(w) >= _CUE_STOP_ZIPF
                # a known name that is not a very common word passes in any case ("me llamo iñigo")
                parts = fold(w).split("-")
                # "anna-lena schmidt-weber": a compound counts when every part is a known name
                # a frequent name is still a name when it is no word ("soy eduardo") or carries an
                # accent no English word has ("soy maría"): names are frequent in Spanish corpora
                known = all(part in self._first or (i > 0 and part in self._last) for part in parts) and (
                    len(parts) > 1
                    or zipf(w) < _CUE_NAME_ZIPF
                    or ((not w.isascii() or not is_dictionary_word(parts[0])) and zipf(w) < _NAME_WORD_ZIPF)
                )
                if common and not known and (w.islower() or fold(w) not in self._first):
                    break  # "call me on ...", "I am happy"
                keep.append(w)
            if keep:
                s = m.start(1)
                e = s + len(" ".join(keep)) if "\t" not in m.group(1) else s + len(keep[0])
                out.append(Entity.make(text, s, e, Label.PERSON, 0.5, "heuristic:name-cue"))
        for m in _RELATIVE.finditer(text):
            if self._relative_name(m.group(1)):
                out.append(Entity.make(text, m.start(1), m.end(1), Label.PERSON, 0.45, "heuristic:name-cue"))
        out.extend(self._name_handles(text))
        out.extend(self._shape_handles(text))
        for m in _INITIALLED_NAME.finditer(text):
            if fold(m.group(1)) in self._first:
                out.append(Entity.make(text, m.start(), m.end(), Label.PERSON, 0.5, "heuristic:name-cue"))
        for m in _DOMAIN.finditer(text):
            if "." in m.group() and not m.group().replace(".", "").isdigit():
                out.append(Entity.make(text, m.start(), m.end(), Label.URL, 0.5, "heuristic:domain"))
        for m in _USER_PATH.finditer(text):
            out.append(Entity.make(text, m.start(1), m.end(1), Label.USERNAME, 0.6, "heuristic:user-path"))
        for m in _ORG.finditer(text):
            words = m.group(1).split()
            names = words[:-1]
            if names and names[-1].islower():
                names = names[:-1]
            legal = fold(words[-1]).rstrip(".") in _LEGAL_FORMS  # "Blue Harbour Capital Limited"
            if legal or any(
                zipf(w) < 3.5
                or (fold(w) in self._places and zipf(w) < 5.5)  # "Our" is a town too
                or (w.isupper() and len(w) > 1)
                for w in names
            ):
                start = m.start(1) + (4 if words[0] in ("The", "THE") and len(words) > 2 else 0)
                # "Ltd." keeps its dot; "Limited." ends a sentence
                end = m.end(1) - (m.group(1).endswith(".") and len(words[-1]) > 5)
                out.append(Entity.make(text, start, end, Label.ORGANIZATION, 0.4, "heuristic:org"))
        for m in _FIRM.finditer(text):
            parts = [fold(g) for g in m.groups()]
            if sum(p in self._last or p in ("asociados", "associates", "partners", "co") for p in parts) >= 2:
                out.append(Entity.make(text, m.start(), m.end(), Label.ORGANIZATION, 0.45, "heuristic:org-head"))
        for m in _ORG_HEAD_FIRST.finditer(text):
            names = m.group(1).split()
            if any(zipf(w) < 4.0 or fold(w) in self._last for w in names):
                out.append(Entity.make(text, m.start(), m.end(), Label.ORGANIZATION, 0.45, "heuristic:org-head"))
        for m in _ORG_OF.finditer(text):
            out.append(Entity.make(text, m.start(1), m.end(1), Label.ORGANIZATION, 0.45, "heuristic:org"))
        if not text.isascii() and _FOREIGN_LETTER.search(text):
            latin, foreign = script_mix(text)
            out.extend(_foreign_runs(text, latin, foreign))
            if foreign > latin:
                out.extend(_latin_names(text, self._first))
        for m in _LOWER_WORD.finditer(text):
            word = m.group()
            label = self._places.get(word)
            if label is None:
                continue
            if (label == Label.COUNTRY and word not in _AMBIGUOUS) or zipf(word) < 3.0:
                out.append(Entity.make(text, m.start(), m.end(), label, 0.35, "heuristic:lowercase-place"))
        return out

    def _non_words(self, text: str) -> list[Entity]:
        """Capitalised words in the middle of an English sentence that are no dictionary word
        (``Heidelberg``, ``Okafor``, ``Spotify``): brands, places and surnames the NER missed.
        Month, weekday and language names, CamelCase glued from words (``HttpClient``), code
        lines and words of fewer than three letters are left alone."""

        def skip(m: re.Match[str], folded: str) -> bool:
            return (
                folded in CALENDAR_WORDS
                or folded in _LANGUAGES
                or folded.rstrip("s") in CALENDAR_WORDS
                or is_dictionary_word(folded)
                or sentence_initial(text, m.start())
                or glued_common_words(m.group())
                or in_code_line(text, m.start())
            )

        return self._unlisted(text, _CAPITALISED, skip, 0.3, "heuristic:capitalised-non-word")

    def _caps_non_words(self, text: str) -> list[Entity]:
        """Words of four or more capitals that are rare in all five languages and no dictionary
        word (``ZELVATRONIC``, ``OKAFOR``): names typed in capitals.  All-caps headings are made
        of dictionary words, so they stay."""

        def skip(m: re.Match[str], folded: str) -> bool:
            word = m.group()
            return (
                word in COMMON_ACRONYMS
                or len(word) > 12  # compounds and field names ("GESCHIEDENISFORMULIER")
                or zipf(word) >= _RARE_CAPS_ZIPF
                or is_dictionary_word(folded)
                or key_label(word) is not None
                or text[max(0, m.start() - 1) : m.start()] in ("!", "<")  # "<!DOCTYPE"
                or _two_words(folded)  # "DRIVERLICENSE", "SECADDRESS"
            )

        return self._unlisted(text, _CAPS_WORD, skip, 0.35, "heuristic:capitals-non-word")

    def _unlisted(
        self,
        text: str,
        pattern: re.Pattern[str],
        skip: Callable[[re.Match[str], str], bool],
        score: float,
        source: str,
    ) -> list[Entity]:
        """Matches of ``pattern`` not skipped: a person when a known first name, else an organisation."""
        out: list[Entity] = []
        for m in pattern.finditer(text):
            folded = fold(m.group())
            if not skip(m, folded):
                label = Label.PERSON if folded in self._first else Label.ORGANIZATION
                out.append(Entity.make(text, m.start(), m.end(), label, score, source))
        return out


def _two_words(folded: str) -> bool:
    """``folded`` is two dictionary words (3+ letters each) glued (``driverlicense``,
    ``secaddress``): a field name, not a name."""
    return any(is_dictionary_word(folded[:i]) and is_dictionary_word(folded[i:]) for i in range(3, len(folded) - 3))


def _latin_names(text: str, first_names: frozenset[str]) -> list[Entity]:
    """Capitalised Latin-script names inside text written mostly in another script
    (``请发邮件告诉Okafor``, ``我选择的是Zelvatronic``): the mirror of :func:`_foreign_runs`.  Generic
    acronyms, codes with digits and dictionary words (``Leadership``) are left alone; brand names
    are frequent words on the web (``Google``), so the dictionary decides, not frequency."""
    out: list[Entity] = []
    words_ = dictionary_words()
    for m in _LATIN_RUN.finditer(text):
        words = m.group().split()
        if len(words) == 1 and (m.group() in COMMON_ACRONYMS or any(c.isdigit() for c in m.group())):
            continue
        name = [w for w in words if w not in COMMON_ACRONYMS]
        if not name or all(w[1:].islower() and fold(w) in words_ and fold(w) not in first_names for w in name):
            continue
        first = len(words) <= 2 and fold(words[0]) in first_names
        label = Label.PERSON if first else Label.ORGANIZATION
        out.append(Entity.make(text, m.start(), m.end(), label, 0.35, "heuristic:latin-in-other-script"))
    return out


def _foreign_runs(text: str, latin: int, foreign: float) -> list[Entity]:
    """Short runs of a non-Latin script in text that is mostly written in Latin letters."""
    if latin < foreign:
        return []  # mostly another script: the runs are the text, not embedded names
    out: list[Entity] = []
    for m in _FOREIGN_RUN.finditer(text):
        letters = len(_FOREIGN_LETTER.findall(m.group()))
        if letters < 2 or letters > _FOREIGN_MAX_LETTERS:
            continue  # a Greek symbol ("μ", "Ω"), or a passage
        words = m.group().split()
        if any(w[0].lower() == w[0] != w[0].upper() for w in words):
            continue  # a cased script (Cyrillic, Greek) in lower case: a word ("для"), not a name
        ideographic = _IDEOGRAPHIC.search(m.group()) is not None
        person = (letters <= 4 and len(words) == 1) if ideographic else len(words) <= 3
        label = Label.PERSON if person else Label.ORGANIZATION
        out.append(Entity.make(text, m.start(), m.end(), label, 0.4, "heuristic:foreign-script"))
    return out
