"""Name rules: a person's name by the cue before it or by its shape.

* **Greetings and sign-offs**: ``hello stephen``, ``Best, Stephen``, ``un saludo, aurelio belmonte
  blanco``, ``Gracias de nuevo, Ana Noemí Rangel Alba``: a known first name right after a greeting
  or a sign-off (in lower case, capitals or title case), with the name words that follow it
  (known first names or surnames, or rare words); the name that ends a message on its own.
* **Words that introduce a name**: ``acc holder jess tran``, ``my wife is maureen hughes``, ``can
  you put paige bentley as a second contact``.
* **Names in capitals**: ``BERNARDA ALCARAZ MANCEBO``: two to four words in capitals, the first a
  known first name and the others known names or rare words (acronyms and headings are not).
* **Titles before a lower-case surname**: ``el administrador (sr. bermudez)``.
* **Self-introductions and relatives** in five languages, case-insensitive (``my name is tavi``,
  ``soy eduardo``, ``my brother oskar``, ``sa fille Léa``), first names with middle initials
  (``Carly L. Carr``), user names built from a name (``leslie529``, ``tracy-campbell``).
* **Proper nouns no list knows**: in English text, capitalised words mid-sentence that are no
  dictionary word (``Korvalis``); anywhere, words of 4-12 capitals rare in every language and no
  dictionary word (``ZELVATRONIC``); short runs of another script inside Latin-script text (``my
  colleague 김하늘``, ``the 北京工业大学 admission``: in a script with case, only capitalised words;
  long runs and text mostly in another script are left alone), and capitalised Latin names inside
  text written in another script.  A known first name is a person, anything else an organisation.

Scores are low (recall first) and every span loses an overlap to rules, keyed fields and the NER.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import pycountry

from local_model.detection.catalogue.base import ANY, Example, Family, Finder, Hit, Rule, Scan
from local_model.detection.catalogue.calibration import ZIPF
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lang import PACKS, rule_pack
from local_model.text.lexicon import (
    BIRTH_CONTEXT,
    CALENDAR_WORDS,
    COMMON_ACRONYMS,
    FIRST_PERSON_WORDS,
    RELATION_WORDS,
    RELATION_WORDS_INTL,
    THIRD_PARTY_WORDS,
    TITLE_WORDS,
    alternation,
    key_label,
)
from local_model.text.lexicons import folded_words, word_set, words
from local_model.text.textnorm import FOREIGN_CH as _FOREIGN_CH
from local_model.text.textnorm import FOREIGN_LETTER as _FOREIGN_LETTER
from local_model.text.textnorm import IDEOGRAPHIC as _IDEOGRAPHIC
from local_model.text.textnorm import fold, in_code_line, script_mix, sentence_initial
from local_model.text.words import dictionary_words, glued_common_words, is_dictionary_word, zipf, zipf_in
from signatures.entities import Label

_GREETINGS = words("greetings")  # every language: the core list and the language packs'
_SIGN_OFFS = words("sign_offs")  # every language: the core list and the language packs'
#: a name word in any Latin alphabet ("Łukasz", "Şule"), or an initial ("H.")
_NAME_WORD = r"(?:[A-Z]\.|[A-Za-zÀ-ÖØ-öø-ɏ][A-Za-zÀ-ÖØ-öø-ɏ'’-]{1,30})"
_GREETING_NAME = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(_GREETINGS)
    + r")[ \t]*[,:]?[ \t]+("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})"
)
_SIGN_OFF_NAME = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(_SIGN_OFFS)
    + r")(?![\w])[ \t]*[,.!:]?[ \t]*(?:\r?\n[ \t]*)?("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})"
)
# the message ends with the writer's name, alone after its last sentence or line, maybe with a
# phone number: "... costing me money. Gavin 0437 228 019", "... 37002 salamanca. Rubén"
_LAST_NAME = re.compile(
    r"(?:(?<=[.!?…)])[ \t]+|\n[ \t]*)[-–—~]*[ \t]*("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,2})[ \t.!]*(?:[ \t,]+\+?\d[\d \t().-]{6,20}\d)?[ \t.!]*\s*\Z"
)
# "acc holder jess tran", "name is adam król", "titular ivan sastre", "my wife is maureen hughes":
# after a word that introduces a person's name, name words in any case
_NAMED_AS = re.compile(
    r"(?i)(?<![\w])(?:(?:my |the |your )?name(?: is| should read| reads| on the account is)?|(?:account |acc )?holder|"
    r"(?:sur|first |last |family )name(?: is| spelt| spelled)?|apellidos?(?: es| son)?|"
    r"titular|a nombre de|mi nombre es|nombre(?: es)?|(?:my |mi )(?:wife|husband|partner|son|daughter|mother|father|"
    r"mum|mom|dad|mujer|marido|hijo|hija|madre|padre)(?: is| es| se llama)|se llama|customer|cliente)[ \t]*[:=]?[ \t]+("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})"
)
# "can you put paige bentley as a second contact", "añadir a verónica pacheco como persona de contacto"
_ADD_PERSON = re.compile(
    r"(?i)(?<![\w])(?:put|add|include|list|añadir a|añadid a|añadan a|poner a|pongan a|incluir a)[ \t]+("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,3})[ \t]+(?:as|como|to|en|on)\b"
)
_CAPS_NAME = re.compile(r"(?<![\w])[A-ZÀ-Þ]{2,20}(?:[ \t][A-ZÀ-Þ]{2,20}(?:-[A-ZÀ-Þ]{2,20})?){1,9}(?![\w])")
# "el administrador (sr. bermudez)", "de la señora colom": a title in any case and a lower-case surname
_TITLE_NAME = re.compile(
    r"(?i)(?<![\w])(sr|sra|srta|don|doña|dña|señor|señora|señorita|mr|mrs|ms|dr|dra)(\.?)[ \t]+"
    r"(?-i:([a-zà-ÿ][\wà-ÿ'’-]{2,30}))(?![\w])"
)


def _branch(entries: tuple[str, ...]) -> str:
    """``|`` and the alternation of ``entries`` (lower case), or nothing for an empty list."""
    return "|" + alternation(e.lower() for e in entries) if entries else ""


_CUE = re.compile(
    r"(?i)(?<![\w])(?:my name is|my name's|i am called|i'm called|call me|this is|i am|i'm|"
    r"named|je m'appelle|je suis|mon nom est|ich heiße|ich heisse|mein name ist|ich bin|"
    r"me llamo|mi nombre es|soy|mijn naam is|ik heet|ik ben|"
    # the holder named by a form of words ("the account holder is ...", "la titular es ...")
    r"(?:the )?(?:account |line )?holder(?: is|:)|(?:el |la )?titular(?: es|:)|a nombre de|in the name of|"
    r"au nom de|auf den namen|op naam van" + _branch(words("self_introductions", PACKS, required=False)) + r")[ \t]+"
    # the language packs' self-introductions ("chamo-me", "mi chiamo", "nazywam się", "benim adım")
    r"([A-Za-zÀ-ÖØ-öø-ɏ][a-zß-öø-ɏ'’-]{1,25}(?:[ \t][A-Za-zÀ-ÖØ-öø-ɏ][a-zß-öø-ɏ'’-]{1,25}){0,2})"
)
#: a language pack's self-introduction where a greeting's name would stand ("Olá, sou a Mariana": "sou", a given name
#: in some lists, is the verb): its words are no name (the self-introduction cue takes the name after them)
_SELF_INTRO_AHEAD = re.compile(
    r"(?i)(?:" + alternation(e.lower() for e in words("self_introductions", PACKS, required=False)) + r")(?![\w])"
)
# "my brother oskar", "his wife Ilse", "notre fille Léa": a relative followed by a first name
_RELATIVE = re.compile(
    r"(?i)(?<![\w])(?:my|his|her|our|their|your|mon|ma|mes|notre|son|sa|mein|meine|unser|unsere|"
    r"mijn|onze|mi|mis|su|tu|nuestro|nuestra)[ \t]+(?:"
    + alternation((*RELATION_WORDS, *RELATION_WORDS_INTL))
    + r")[ \t]*,?[ \t]+"
    r"([A-Za-zÀ-ÿ][a-zà-ÿ'’]{1,25}(?:-[A-Za-zÀ-ÿ][a-zà-ÿ'’]{1,25}){0,2})(?![\w@-])"
)
#: a relative with its possessive in a language pack's words ("o meu filho", "mio figlio", "mój syn",
#: "oğlum", "el meu fill") before a first name
_PACK_RELATIVE_WORDS = words("relative_phrases", PACKS, required=False)
#: the articles a relative phrase may start with; the phrase without it also counts, after a
#: preposition that absorbed the article ("truqueu al meu germà ferran", "do meu filho")
_LEADING_ARTICLES = frozenset({"o", "a", "os", "as", "el", "la", "els", "les", "es", "sa", "il", "lo", "i", "le"})


def _without_article(phrase: str) -> str | None:
    head, _, rest = phrase.lower().partition(" ")
    return rest if head in _LEADING_ARTICLES and " " in rest else None


_PACK_RELATIVE = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(
        {
            *(w.lower() for w in _PACK_RELATIVE_WORDS),
            *(r for w in _PACK_RELATIVE_WORDS if (r := _without_article(w)) is not None),
            # as typed without accents ("moj syn, KAZIMIERZ")
            *(fold(w) for w in _PACK_RELATIVE_WORDS),
        }
    )
    # the name may follow a comma or a dash and a personal article: "meu filho, o Mihai", "el meu
    # fill, l'Àlex", "mojej mamy – justyna wojtarowicz"
    + r")[ \t]*(?:[,–—-][ \t]*(?:(?:o|a|en|na|el|la|il)[ \t]+|l['’])?|[ \t])[ \t]*"
    r"((?-i:[A-ZÀ-ÖØ-Þ]{2,25}(?![a-zß-öø-ɏ]))|[A-Za-zÀ-ÖØ-öø-ɏ][a-zß-öø-ɏ'’]{1,25}"
    r"(?:-[A-Za-zÀ-ÖØ-öø-ɏ][a-zß-öø-ɏ'’]{1,25}){0,2})(?![\w@-])"
    # a surname after the name ("justyna wojtarowicz"), read ahead and not taken: kept when a list
    # knows it or its ending says so
    r"(?:(?=[ \t]+([A-Za-zÀ-ÖØ-öø-ɏ][a-zß-öø-ɏ'’]{1,25})(?![\w@-])))?"
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
#: at most this many letters in a run: a name, not a quoted passage
_FOREIGN_MAX_LETTERS = 24


#: a case or possessive ending after an apostrophe ("Yasemin'i", "Emre'nin", "John's")
_APOSTROPHE_SUFFIX = re.compile(r"['’][^\W\d_]{1,4}$")
#: the phrases before (and, in Turkish, after) a person's name in the language packs ("quem me atendeu
#: foi", "ho parlato con", "w imieniu", "m'ha atès"; "... diye biri", "... adına")
_PACK_NAME_CUES = words("name_cues", PACKS, required=False)


def _cue_then_name(cues: Sequence[str], separator: str, more_words: int) -> re.Pattern[str]:
    """A cue phrase, then a name of one to ``1 + more_words`` words; a personal article may stand
    before the name ("pregunteu per la sara", "falei com o Rui", "soc jo, l'adrià")."""
    return re.compile(
        r"(?i)(?<![\w])(?:"
        + alternation(c.lower() for c in cues)
        + r")[ \t]*"
        + separator
        + r"[ \t]+(?:(?:la|el|en|na|o|a)[ \t]+(?=[^\W\d_]{2})|l['’](?=[^\W\d_]))?("
        + _NAME_WORD
        + r"(?:[ \t]"
        + _NAME_WORD
        + rf"){{0,{more_words}}})"
    )


_PACK_NAME_CUE = _cue_then_name(_PACK_NAME_CUES, "[:,]?", 3)
_PACK_NAME_CUES_AFTER = words("name_cues_after", PACKS, required=False)
_PACK_NAME_BEFORE_CUE = re.compile(
    r"(?<![\w'’])("
    + _NAME_WORD
    + r"(?:[ \t]"
    + _NAME_WORD
    + r"){0,2})[ \t]+(?i:"
    + alternation(c.lower() for c in _PACK_NAME_CUES_AFTER)
    + r")(?![\w])"
)


def name_words(words: list[str]) -> int:
    """How many of ``words`` form a name: a known first name first (a compound "carol-sarah"
    counts), then known names or rare words.  A very common word is a name only when
    capitalised ("Best, Grace"; not "best, grace")."""
    if not words:
        return 0
    first, last = load_gazetteers()[:2]
    words = [_APOSTROPHE_SUFFIX.sub("", w) for w in words]  # "Yasemin'i", "Emre'nin": the name itself
    head = words[0].split("-")[0]
    surname_follows = len(words) > 1 and all(p in last for p in fold(words[1]).split("-") if p)
    limit = ZIPF["cue_name_capitalised"] if (not head.islower() or surname_follows) else ZIPF["cue_name_lower"]
    if fold(head) not in first or zipf(head) >= limit:
        return 0
    n = 1
    for w in words[1:]:
        f = fold(w)
        parts = f.split("-")
        if all(p in first or p in last or zipf(p) < ZIPF["cue_name_rare_part"] for p in parts if p):
            n += 1
        else:
            break
    return n


def _pack_name_words(words: list[str], lang: str) -> int:
    """How many of the name ``words`` after a cue stay a name in a language pack's text, measured in
    the pack's language: "Dzień dobry, po aktualizacji ..." holds no name ("po" is a Polish word,
    though a given name elsewhere; "Salve, mia sorella": a function word in small letters); a later word is a listed
    name or a rare word there."""
    first, last = load_gazetteers()[:2]
    if zipf_in(words[0], lang) >= ZIPF["cue_name_pack_head"]:
        return 0
    if (
        words[0].islower()
        and len(words) > 1
        and fold(words[0]) in _pack_function_words(lang)
        and fold(_APOSTROPHE_SUFFIX.sub("", words[1])) not in first
    ):
        return 0  # "Salve, mia sorella ...": a possessive, though "Mia" is a given name ("sono Marco" goes on)
    n = 1
    for w in words[1:]:
        parts = [p for p in fold(_APOSTROPHE_SUFFIX.sub("", w)).split("-") if p]
        if not all(p in first or p in last or zipf_in(p, lang) < ZIPF["cue_name_pack_rare_part"] for p in parts):
            break
        n += 1
    return n


def _cued_names(pattern: re.Pattern[str], strong: bool = False) -> Finder:
    """The names after the cue ``pattern``.  ``strong``: the cue says a name follows ("surname
    spelt ..."), so a capitalised word that is no frequent word is one even when no list knows it
    ("PARTRIDGE")."""

    def find(scan: Scan) -> Iterator[Hit]:
        for m in pattern.finditer(scan.text):
            if _SELF_INTRO_AHEAD.match(scan.text, m.start(1)):
                continue
            words = m.group(1).split()
            n = name_words(words)
            if not n and strong and words[0][:1].isupper() and zipf(words[0]) < ZIPF["cue_name_strong"]:
                n = 1
            if n and (lang := scan.memo("pack_language", rule_pack)) is not None:
                n = _pack_name_words(words[:n], lang)
            if n:
                end = m.start(1) + len(" ".join(words[:n])) if "\t" not in m.group(1) else m.start(1) + len(words[0])
                if scan.text[end : end + 1] == "_":
                    # the head of an identifier: a person's whole when made of names ("customer Ana_Lopez"), no one's
                    # otherwise ("name: SPRING_PROFILES_ACTIVE")
                    token = _IDENTIFIER_TOKEN.match(scan.text, m.start(1))
                    if token is None or not _names_only(token.group()):
                        continue
                    end = token.end()
                yield Hit(m.start(1), end, Label.PERSON, 0.5)

    return find


_IDENTIFIER_TOKEN = re.compile(r"[^\W\d_]+(?:[_-][^\W_]+)+")


def _names_only(token: str) -> bool:
    """Every word of an identifier is a listed first name or surname ("Ana_Lopez"; not "SPRING_PROFILES_ACTIVE")."""
    first, last = load_gazetteers()[:2]
    parts = [p for p in re.split(r"[_-]", fold(token)) if p.isalpha()]
    return bool(parts) and all(p in first or p in last for p in parts)


def listed_words(words: list[str]) -> int:
    """How many of ``words`` form a name in which every word is a listed name (a known first name
    first, then first names or surnames): in a language the frequency lists do not cover (Turkish,
    Polish), a rare word is no evidence of a name."""
    first, last = load_gazetteers()[:2]
    n = 0
    for i, w in enumerate(words):
        parts = [p for p in fold(_APOSTROPHE_SUFFIX.sub("", w)).split("-") if p]
        ok = bool(parts) and all(p in first or (i > 0 and p in last) for p in parts)
        if not ok or (i == 0 and zipf(w) >= ZIPF["cue_name_capitalised"]):
            break
        n += 1
    return n


@cache
def _surname_endings(lang: str) -> re.Pattern[str] | None:
    """The endings that make a word a surname in a pack's language ("Straszak", "Wojtarowicz",
    "Kowalska": ``surname_endings``), None when the pack lists none."""
    endings = words("surname_endings", (lang,), required=False)
    if not endings:
        return None
    return re.compile(r"(?i)[^\W\d_]{2,}(?:" + alternation(fold(e) for e in endings) + r")")


def _surname_shaped(word: str, lang: str | None) -> bool:
    """A word rare in the pack's language with one of its surname endings (not "także", "który")."""
    pattern = _surname_endings(lang) if lang else None
    return (
        pattern is not None
        and pattern.fullmatch(fold(word)) is not None
        and zipf_in(word, lang or "") < ZIPF["cue_name_pack_rare_part"]
    )


def introduces_person(before: str) -> bool:
    """A word that introduces a person ends ``before`` (of which the last 40 characters are read): a relative, a third
    party, a title, a holder's or a name's field ("my landlord", "Dear", "Account holder:")."""
    return _person_word_before().search(before[-_PERSON_WORD_REACH:]) is not None


def surname_shaped(word: str) -> bool:
    """``word`` has a surname's ending of any language pack and is rare in that pack ("Kowalczyk", "Yılmazoğlu")."""
    return any(_surname_shaped(word, lang) for lang in PACKS)


@cache
def _person_word_before() -> re.Pattern[str]:
    """A word that introduces a person, at the end of the text before a name: a relative, a third party, a title, a
    holder's or a name's field ("my landlord", "Dear", "Account holder:")."""
    cues = [*THIRD_PARTY_WORDS, *RELATION_WORDS_INTL, *(t.rstrip(".") for t in TITLE_WORDS), "holder", "titular"]
    cues += ["name", "nombre", "nome", "nom", "dear", "querido", "querida", "caro", "cara", "cher", "chère", "lieber"]
    return re.compile(r"(?i)(?<![\w])(?:" + alternation(cues) + r")\.?[ \t]*[:,]?[ \t]*$")


#: how far before a brand a word that introduces a person is looked for
_PERSON_WORD_REACH = 40
#: the word right before a position, one space between ("Delonghi" before "ECAM")
_WORD_BEFORE = re.compile(r"(?<![\w'’-])([\w!'’&.-]+) $")


def follows_brand(text: str, start: int, word: str) -> bool:
    """``word``, at ``start``, follows a listed brand and names its product (:func:`product_after_brand`): "Delonghi
    ECAM", "Ariston Genus"."""
    prev = _WORD_BEFORE.search(text, max(0, start - _PERSON_WORD_REACH), start)
    return prev is not None and product_after_brand(
        prev.group(1), word, text[max(0, prev.start(1) - _PERSON_WORD_REACH) : prev.start(1)]
    )


def product_after_brand(brand: str, word: str, before: str = "") -> bool:
    """``word`` right after ``brand`` names the brand's product ("Bosch Indego", "Vorwerk Folletto"): the brand is
    listed (exact case) and no list holds it as a first name; the word is no listed first name or surname and has no
    surname's ending ("Bosch Kowalczykowski" is a person's name); no word that introduces a person ends ``before``,
    the text before the brand, of which the last 40 characters are read ("my landlord Bosch Heydon", "Account
    holder: Canon Achterberg")."""
    first, last = load_gazetteers()[:2]
    w = fold(word)
    return (
        brand in word_set("technical_brands")
        and fold(brand) not in first
        and w not in first
        and w not in last
        and not _surname_shaped(word, "pl")
        and not introduces_person(before)
    )


def _find_pack_cued_names(scan: Scan) -> Iterator[Hit]:
    """A listed name after a pack's name cue, and a surname by its ending after it ("konsultantka
    justyna straszak")."""
    if not _PACK_NAME_CUES:
        return
    lang = scan.memo("pack_language", rule_pack)
    first = load_gazetteers()[0]
    for m in _PACK_NAME_CUE.finditer(scan.text):
        words_ = m.group(1).split()
        if (
            lang
            and words_[0].islower()
            and fold(words_[0]) in _pack_function_words(lang)
            and (len(words_) == 1 or fold(_APOSTROPHE_SUFFIX.sub("", words_[1])) not in first)
        ):
            continue  # "vorrei aggiungere mio marito ...": a possessive, though "Mio" is a given name
        n = listed_words(words_)
        if n and n < len(words_) and _surname_shaped(words_[n], lang):
            n += 1
        if n:
            yield Hit(m.start(1), m.start(1) + len(" ".join(words_[:n])), Label.PERSON, 0.5)


def _find_names_before_cues(scan: Scan) -> Iterator[Hit]:
    """Turkish puts the cue after the name ("Mustafa Güneş diye biri", "Ahmet Bey"): the longest run
    of name words right before it whose first word is a known first name."""
    if not _PACK_NAME_CUES_AFTER:
        return
    for m in _PACK_NAME_BEFORE_CUE.finditer(scan.text):
        words_ = m.group(1).split()
        for i in range(len(words_)):
            tail = words_[i:]
            if listed_words(tail) == len(tail):
                start = m.start(1) + len(" ".join(words_[:i])) + (1 if i else 0)
                yield Hit(start, m.end(1), Label.PERSON, 0.5)
                break


#: a name word in any alphabet with case ("Việt", "Wasyl"), for a line that holds nothing but a name
_ANY_NAME_WORD = r"[^\W\d_][^\W\d_'’-]{1,30}"
#: the phrases by which a writer says it is them again, right before their name ("sono di nuovo pierina",
#: "to znowu ja, julianna", "soc jo, en carles"); a personal article may stand between
_PACK_SELF_REFERENCES = words("self_references", PACKS, required=False)
_PACK_SELF_REFERENCE = _cue_then_name(_PACK_SELF_REFERENCES, ",?", 2)
#: Catalan writes a personal article before a first name: "en Carles", "na Maria", "l'Àlex", and in
#: speech "la Sara", "el Marc"
_CA_ARTICLE_NAME = re.compile(r"(?<![\w'’])(?:((?i:en|na))[ \t]+|((?i:l))['’]|((?i:el|la))[ \t]+)(" + _NAME_WORD + r")")
#: the Catalan double surname joined by "i": "Andreu Gil i Pagès", "rosa sallent i gasull"
_CA_AND = re.compile(r"[ \t][iI][ \t]")
#: a line holding one to three name words and nothing else ("\nWasyl", "\nabril"); it names the writer
#: when the line before it ends with a sign-off ("Pozdrawiam serdecznie")
_NAME_LINE = re.compile(r"\n[ \t]*(" + _ANY_NAME_WORD + r"(?:[ \t]" + _ANY_NAME_WORD + r"){0,2})[ \t.!]*(?=\r?\n|\Z)")
_ENDS_WITH_SIGN_OFF = re.compile(r"(?i)(?<![\w])(?:" + alternation(_SIGN_OFFS) + r")(?![\w])[ \t]*[,.!:]?[ \t]*\r?\Z")
#: in Turkish a proper noun takes its case ending after an apostrophe: a run of listed names before
#: one is a person ("mert ahmet eren'i ikinci irtibat kişisi olarak ...")
_TR_APOSTROPHE_NAME = re.compile(
    r"(?<![\w'’])(" + _NAME_WORD + r"(?:[ \t]" + _NAME_WORD + r"){1,2})['’][^\W\d_]{1,5}(?![\w'’])"
)
#: below this frequency in the pack's language a lower-case listed first name after a Catalan personal
#: article is a name ("en carles" 5.0, "l'adrià" 4.3); "en abril", "la rosa" are above
_ARTICLE_NAME_PACK_ZIPF = 5.1
#: a capitalised word no list knows is a name on a line of its own after a sign-off below this
#: frequency (in the pack's language and in the five others): "Wasyl", "Chrystyna"
_UNLISTED_SIGNATURE_ZIPF = 3.0


def _pack_function_words(lang: str) -> frozenset[str]:
    return folded_words("function_words", lang)


def _listed_first(word: str, lang: str, lower_limit: float, other_limit: float = ZIPF["cue_name_lower"]) -> bool:
    """``word`` is a listed first name that is no function word of ``lang``; in lower case also
    rarer than ``lower_limit`` there and than ``other_limit`` in the five other languages."""
    first = load_gazetteers()[0]
    folded = fold(_APOSTROPHE_SUFFIX.sub("", word))
    if folded not in first or folded in _pack_function_words(lang):
        return False
    if word[0].isupper() and not word.isupper():
        return zipf_in(word, lang) < ZIPF["cue_name_pack_head"]
    return zipf_in(word, lang) < lower_limit and zipf(word) < other_limit


def _name_tail(words_: list[str], lang: str) -> int:
    """How many of ``words_`` (after a first name) are name words: listed names or words rare in ``lang``."""
    first, last = load_gazetteers()[:2]
    n = 0
    for w in words_:
        parts = [p for p in fold(_APOSTROPHE_SUFFIX.sub("", w)).split("-") if p]
        if not parts or not all(
            p in first or p in last or zipf_in(p, lang) < ZIPF["cue_name_pack_rare_part"] for p in parts
        ):
            break
        if fold(w) in _pack_function_words(lang):
            break
        n += 1
    return n


def _find_self_references(scan: Scan) -> Iterator[Hit]:
    """ "sono di nuovo pierina", "to znowu ja, julianna", "soc jo, l'adrià": the writer's name after
    the words by which they say it is them again."""
    if not _PACK_SELF_REFERENCES:
        return
    for m in _PACK_SELF_REFERENCE.finditer(scan.text):
        if (lang := scan.memo("pack_language", rule_pack)) is None:
            return
        words_ = m.group(1).split()
        if _listed_first(words_[0], lang, ZIPF["cue_name_pack_head"] - 0.5):
            n = 1 + _name_tail(words_[1:], lang)
            yield Hit(m.start(1), m.start(1) + len(" ".join(words_[:n])), Label.PERSON, 0.5)


def _find_catalan_article_names(scan: Scan) -> Iterator[Hit]:
    """In Catalan text, a listed first name after a personal article: "en Marc", "l'Àlex", "na Joana"
    in any case where the name is no frequent Catalan word ("en carles"; not "en abril"); after
    "el"/"la", which also stand before nouns, only a capitalised name ("la Sara"; not "la rosa")."""
    text = scan.text
    if scan.memo("pack_language", rule_pack) != "ca":
        return
    for m in _CA_ARTICLE_NAME.finditer(text):
        word = m.group(4)
        if m.group(3) and not (word[0].isupper() and not word.isupper()):
            continue  # "la rosa", "el marc": an article and a noun
        if m.group(3) and re.search(r"[A-ZÀ-Þ][^\W\d_]*[ \t]+$", text[max(0, m.start() - 30) : m.start()]):
            continue  # "Andorra la Vella", "Sant Pere el Vell": a place's name
        if sentence_initial(text, m.start(4)) or word.isupper() or key_label(word) is not None:
            continue  # "l'IBAN", "l'iban": a field, not the name Iban
        if not _listed_first(word, "ca", _ARTICLE_NAME_PACK_ZIPF):
            continue
        yield Hit(m.start(4), m.end(4), Label.PERSON, 0.45)


def _find_catalan_double_surnames(scan: Scan) -> Iterator[Hit]:
    """The Catalan double surname joined by "i" ("Andreu Gil i Pagès", "rosa sallent i gasull",
    "MERCÈ ROCA I BERTRAN"): a listed first name, one or two surnames, "i" and a surname, all in the
    same case, each surname a listed one or a word rare in Catalan."""
    text = scan.text
    if (" i " not in text and " I " not in text) or scan.memo("pack_language", rule_pack) != "ca":
        return
    last = load_gazetteers()[1]
    for m in _CA_AND.finditer(text):
        before = text[max(0, m.start() - 60) : m.start()].split("\n")[-1].split(" ")
        after = text[m.end() : m.end() + 40].split(None, 1)
        if len(before) < 2 or not after:
            continue
        surname2 = after[0].rstrip(".,;:!?)")
        if not surname2.isalpha():
            continue
        for k in (3, 2):  # first name + two surnames, or first name + one surname
            if len(before) < k:
                continue
            name = before[-k:]
            if name[0][1:2] in ("'", "’") and name[0][:1].lower() in ("d", "l"):
                name = [name[0][2:], *name[1:]]  # "a nom d'Andreu Gil i Pagès"
            if not all(w.isalpha() for w in name):
                continue
            ws = [*name, surname2]
            joiner = m.group().strip()
            upper = joiner == "I" and all(w.isupper() for w in ws)
            lower = joiner == "i" and all(w.islower() for w in ws)
            title = joiner == "i" and all(w[0].isupper() and w[1:].islower() for w in ws)
            if not (upper or lower or title):
                continue
            if not _listed_first(name[0].capitalize() if upper else name[0], "ca", _ARTICLE_NAME_PACK_ZIPF):
                continue
            surnames = [fold(w) for w in ws[1:]]
            if all(s in last or zipf_in(s, "ca") < ZIPF["cue_name_strong"] - 0.5 for s in surnames) and not any(
                s in _pack_function_words("ca") for s in surnames
            ):
                start = m.start() - len(" ".join(name))
                yield Hit(start, m.end() + len(surname2), Label.PERSON, 0.45)
                break


def _find_sign_off_lines(scan: Scan) -> Iterator[Hit]:
    """In a language pack's text, the line after a sign-off holding nothing but one to three name
    words: a listed first name (in any case: "Petons,\nabril") or a capitalised word rare in every
    language ("Pozdrawiam serdecznie\nWasyl"), then name words."""
    text = scan.text
    if "\n" not in text:
        return
    for m in _NAME_LINE.finditer(text):
        line_before = text[max(text.rfind("\n", 0, m.start()) + 1, m.start() - 70) : m.start()]
        if not line_before.strip() or not _ENDS_WITH_SIGN_OFF.search(line_before):
            continue
        if (lang := scan.memo("pack_language", rule_pack)) is None:
            return
        words_ = m.group(1).split()
        head = words_[0]
        if fold(head) in _pack_function_words(lang):
            continue
        # alone on its line, a listed name that is also a word is the writer's ("Petons,\nabril")
        listed = _listed_first(head, lang, ZIPF["cue_name_pack_head"], ZIPF["name_not_word"])
        unlisted = (
            head[0].isupper()
            and head[1:].islower()
            and zipf_in(head, lang) < _UNLISTED_SIGNATURE_ZIPF
            and zipf(head) < _UNLISTED_SIGNATURE_ZIPF
        )
        if not (listed or unlisted):
            continue
        n = 1 + _name_tail(words_[1:], lang)
        if n < len(words_):
            continue  # a line of words, not a signature
        yield Hit(m.start(1), m.end(1), Label.PERSON, 0.45)


def _find_turkish_apostrophe_names(scan: Scan) -> Iterator[Hit]:
    """In Turkish text, two or three listed names before an apostrophe and a case ending
    ("mert ahmet eren'i", "Ayşe Demir'in")."""
    text = scan.text
    if "'" not in text and "’" not in text:
        return
    if scan.memo("pack_language", rule_pack) != "tr":
        return
    for m in _TR_APOSTROPHE_NAME.finditer(text):
        words_ = m.group(1).split()
        for i in range(len(words_) - 1):
            tail = words_[i:]
            if listed_words(tail) == len(tail) and zipf_in(tail[0], "tr") < ZIPF["cue_name_pack_head"]:
                start = m.start(1) + len(" ".join(words_[:i])) + (1 if i else 0)
                yield Hit(start, m.end(1), Label.PERSON, 0.45)
                break


def _find_relative_appositions(scan: Scan) -> Iterator[Hit]:
    """A relative, a comma or a dash and the name, maybe with its personal article and a surname:
    "meu filho, o Mihai", "el meu fill, l'Àlex", "mój brat, Marek", "moj syn, KAZIMIERZ", "mojej mamy
    – justyna wojtarowicz" (the apposition says the relative's name follows)."""
    if not _PACK_RELATIVE_WORDS or not any(c in scan.text for c in ",–—-"):
        return
    for m in _PACK_RELATIVE.finditer(scan.text):
        between = scan.text[m.start() : m.start(1)]
        if any(c in between for c in ",–—-") and _relative_name(m.group(1)):
            yield Hit(m.start(1), _relative_name_end(scan, m), Label.PERSON, 0.45)


def _relative_name_end(scan: Scan, m: re.Match[str]) -> int:
    """The end of a relative's name: with the surname after it when a list knows the surname or its
    ending says it is one ("justyna wojtarowicz")."""
    surname = m.group(2)
    if surname and (
        fold(surname) in load_gazetteers()[1] or _surname_shaped(surname, scan.memo("pack_language", rule_pack))
    ):
        return m.end(2)
    return m.end(1)


def _find_pack_cue_names(scan: Scan) -> Iterator[Hit]:
    """The names a language pack's cues point at: after a name cue, a self-reference, a relative and
    a comma, a Catalan personal article, in a Catalan double surname."""
    yield from _find_pack_cued_names(scan)
    yield from _find_relative_appositions(scan)
    yield from _find_self_references(scan)
    yield from _find_catalan_article_names(scan)
    yield from _find_catalan_double_surnames(scan)


def _find_sign_offs(scan: Scan) -> Iterator[Hit]:
    for hit in _cued_names(_SIGN_OFF_NAME)(scan):
        if not _ends_sign_off(scan.text, hit.start):
            yield hit
    yield from _find_sign_off_lines(scan)


#: every sign-off folded, its words joined by one space ("grazie mille", "muchas gracias")
_SIGN_OFFS_FOLDED = frozenset(" ".join(fold(s).split()) for s in _SIGN_OFFS)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _ends_sign_off(text: str, start: int) -> bool:
    """The word at ``start`` is the last word of a longer sign-off ("Grazie" + "mille", "Muchas" +
    "gracias"), not a name after the shorter one."""
    word = _WORD.match(text, start)
    if word is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = [fold(w) for w in _WORD.findall(text, max(line_start, start - 40), start)]
    last = fold(word.group())
    return any(" ".join([*before[-n:], last]) in _SIGN_OFFS_FOLDED for n in range(1, min(3, len(before)) + 1))


def _find_pack_names_before_cues(scan: Scan) -> Iterator[Hit]:
    yield from _find_names_before_cues(scan)
    yield from _find_turkish_apostrophe_names(scan)


def _find_last_name(scan: Scan) -> Iterator[Hit]:
    """The name that ends a message on its own: every word a name (a known first name first),
    a single word no frequent word ("... thanks. Gavin"; not "... see you in April")."""
    text = scan.text
    m = _LAST_NAME.search(text, max(0, len(text) - 160))
    if m is None:
        return
    words = m.group(1).split()
    if name_words(words) != len(words) or (len(words) == 1 and zipf(words[0]) >= ZIPF["last_name_alone"]):
        return
    yield Hit(m.start(1), m.end(1), Label.PERSON, 0.45)


def _find_caps_names(scan: Scan) -> Iterator[Hit]:
    """Names in capitals, also inside a run of capitals ("TITULAR CARMEN VIDAL PRIETO, TLF"):
    a known first name followed by name words, at least two of them."""
    first = load_gazetteers()[0]
    for m in _CAPS_NAME.finditer(scan.text):
        words = m.group().split()
        if name_words([w.capitalize() for w in words]) == len(words):
            yield Hit(m.start(), m.end(), Label.PERSON, 0.45)
            continue
        offsets = [mm.start() for mm in re.finditer(r"\S+", m.group())]
        i = 0
        while i < len(words) - 1:
            if fold(words[i]) in first:
                n = name_words([w.capitalize() for w in words[i:]])
                if n >= 2:
                    start = m.start() + offsets[i]
                    end = m.start() + offsets[i + n - 1] + len(words[i + n - 1])
                    yield Hit(start, end, Label.PERSON, 0.45)
                    i += n
                    continue
            i += 1


def _find_title_names(scan: Scan) -> Iterator[Hit]:
    first, last = load_gazetteers()[:2]
    for m in _TITLE_NAME.finditer(scan.text):
        name = fold(m.group(3))
        if (name in last or name in first) and zipf(m.group(3)) < ZIPF["title_name"]:
            yield Hit(m.start(1), m.end(2), Label.TITLE, 0.5)
            yield Hit(m.start(3), m.end(3), Label.PERSON, 0.5)


def _relative_name(word: str) -> bool:
    """The word after "my son", "mi hermana": a known first name (or a compound whose first part
    is one and whose other parts are names: "lawrence-malik", "Ana-Belén"); in lower case a
    name that is also a word only when the word is not a frequent one ("my son mark", not
    "my mother will")."""
    first, last = load_gazetteers()[:2]
    parts = fold(word).split("-")
    if parts[0] not in first:
        return False
    if len(parts) > 1:
        return all(p in first or p in last for p in parts[1:])
    if word[0].isupper() and not word.isupper():  # capitals say nothing in an all-caps text
        return True
    frequency = zipf(parts[0])
    # the name list holds some function words ("tiene", "era", "se"): none of them is rare
    return frequency < ZIPF["relative_name"] or (not is_dictionary_word(parts[0]) and frequency < ZIPF["name_not_word"])


#: a birth phrase (``nato il``, ``nata a``, ``nascido em``) where a self-introduction's name would be
_BIRTH_PHRASE = re.compile(r"(?i)(?:" + alternation(fold(w) for w in BIRTH_CONTEXT) + r")(?![\w])")


#: a Turkish verb in the present or future of the first person ("yönetiyorum", "ödeyeceğim")
_TR_FINITE_VERB = re.compile(r"(?:yor(?:um|uz)|[ae]ca[ğk][ıi]m|[ae]ce[ğk]im|[ae]ca[ğk][ıi]z|[ae]ce[ğk]iz)$")


def _find_self_introductions(scan: Scan) -> Iterator[Hit]:
    first, last = load_gazetteers()[:2]
    pack = scan.memo("pack_language", rule_pack)
    for m in _CUE.finditer(scan.text):
        if _BIRTH_PHRASE.match(fold(m.group(1))):
            continue  # "sono nato a Torino", "sono nata il ...": a birth, not a name (the lists hold Nato)
        words = m.group(1).split()
        keep: list[str] = []
        for i, w in enumerate(words):
            # in a pack's text a lower-case word is measured in the pack's language too ("sono
            # sempre stanca", "jestem zmęczony": words of Italian and Polish, rare in the five)
            common = zipf(w) >= ZIPF["self_intro_stop"] or (
                pack is not None and w.islower() and zipf_in(w, pack) >= ZIPF["self_intro_stop"]
            )
            # a known name that is not a very common word passes in any case ("me llamo iñigo")
            parts = fold(w).split("-")
            # "anna-lena schmidt-weber": a compound counts when every part is a known name
            # a frequent name is still a name when it is no word ("soy eduardo") or carries an
            # accent no English word has ("soy maría"): names are frequent in Spanish corpora
            known = all(part in first or (i > 0 and part in last) for part in parts) and (
                len(parts) > 1
                or zipf(w) < ZIPF["self_intro_name"]
                or ((not w.isascii() or not is_dictionary_word(parts[0])) and zipf(w) < ZIPF["name_not_word"])
            )
            if common and not known and (w.islower() or fold(w) not in first):
                break  # "call me on ...", "I am happy"
            if pack == "tr" and w.islower() and not known and _TR_FINITE_VERB.search(w):
                break  # "hesabı ben yönetiyorum": a verb after "ben" (I), rare as an inflected form
            keep.append(w)
        if keep:
            s = m.start(1)
            e = s + len(" ".join(keep)) if "\t" not in m.group(1) else s + len(keep[0])
            yield Hit(s, e, Label.PERSON, 0.5)


def _find_relatives(scan: Scan) -> Iterator[Hit]:
    for m in _RELATIVE.finditer(scan.text):
        if _relative_name(m.group(1)):
            yield Hit(m.start(1), m.end(1), Label.PERSON, 0.45)


def _find_pack_relatives(scan: Scan) -> Iterator[Hit]:
    if not _PACK_RELATIVE_WORDS:
        return
    for m in _PACK_RELATIVE.finditer(scan.text):
        if _relative_name(m.group(1)):
            yield Hit(m.start(1), _relative_name_end(scan, m), Label.PERSON, 0.45)


def _find_initialled_names(scan: Scan) -> Iterator[Hit]:
    first = load_gazetteers()[0]
    for m in _INITIALLED_NAME.finditer(scan.text):
        if fold(m.group(1)) in first:
            yield Hit(m.start(), m.end(), Label.PERSON, 0.5)


#: a lower-case word as a name part: letters (an apostrophe or hyphen inside), not glued to an
#: address, path, marker or identifier
_LOWER_WORD = re.compile(r"(?<![\w@./:#<\\-])[a-zß-öø-ÿ][a-zß-öø-ÿ'’-]{1,23}[a-zß-öø-ÿ](?![\w@/>\\-])")
#: the languages whose frequent words a lower-case name pair must not be ("não quero", "ayda bir")
_PAIR_PACKS = tuple(lang for lang in PACKS if lang not in ("en", "fr", "de", "nl", "es"))


def _lower_name_part(word: str, names: frozenset[str], rare: float) -> bool:
    """``word`` (lower case) is in ``names``, rarer than ``rare`` as a word of the five languages
    (a dictionary word rarer still: ``ZIPF["lower_pair_word"]``) and no frequent word of the packs."""
    folded = fold(word)
    if folded not in names:
        return False
    frequency = zipf(word)
    if frequency >= rare or (is_dictionary_word(folded) and frequency >= ZIPF["lower_pair_word"]):
        return False
    return all(zipf_in(word, lang) < ZIPF["lower_pair_pack"] for lang in _PAIR_PACKS)


def _find_lower_name_pairs(scan: Scan) -> Iterator[Hit]:
    """ "the previous holder was winifred oakes", "transfer it to margaret hughes": a listed first
    name and a listed surname, both in lower case, next to each other, neither a frequent word
    (the pair is the cue: no context word is needed, in tickets and answers alike)."""
    text = scan.text
    if not any(c.islower() for c in text):
        return
    first, last = load_gazetteers()[:2]
    previous: re.Match[str] | None = None
    for m in _LOWER_WORD.finditer(text):
        if (
            previous is not None
            and text[previous.end() : m.start()] in (" ", "\t")
            and _lower_name_part(previous.group(), first, ZIPF["lower_pair_first"])
            and _lower_name_part(m.group(), last, ZIPF["lower_pair_surname"])
            and not in_code_line(text, previous.start())
        ):
            yield Hit(previous.start(), m.end(), Label.PERSON, 0.45)
        previous = m


def _rare_name(part: str, names: frozenset[str]) -> bool:
    return part in names and zipf(part) < ZIPF["handle_name_part"]


def _find_name_digit_handles(scan: Scan) -> Iterator[Hit]:
    """A first name or surname with digits ("leslie529"), not in code lines."""
    first, last = load_gazetteers()[:2]
    text = scan.text
    for m in _NAME_DIGITS.finditer(text):
        part = fold(m.group(1))
        if (_rare_name(part, first) or _rare_name(part, last)) and not in_code_line(text, m.start()):
            yield Hit(m.start(), m.end(), Label.USERNAME, 0.45)


def _find_name_pair_handles(scan: Scan) -> Iterator[Hit]:
    """A first name and a surname joined by ``.``/``_``/``-`` ("tracy-campbell"), not made of
    frequent words ("mark_price"), not in code lines."""
    first, last = load_gazetteers()[:2]
    text = scan.text
    lang: str | None = None
    for m in _NAME_PAIR.finditer(text):
        a, b = fold(m.group(1)), fold(m.group(2))
        paired = (a in first and b in last) or (a in last and b in first)
        if not paired and a in first:  # "aniela-kretowicz": a surname by its ending in the pack's language
            lang = lang or scan.memo("pack_language", rule_pack)
            paired = _surname_shaped(m.group(2), lang)
        if paired and min(zipf(a), zipf(b)) < ZIPF["handle_name_part"] and not in_code_line(text, m.start()):
            yield Hit(m.start(), m.end(), Label.USERNAME, 0.45)


_Skip = Callable[[str, re.Match[str], str], bool]


def _unlisted_finder(pattern: re.Pattern[str], skip: _Skip, score: float) -> Finder:
    """Matches of ``pattern`` not skipped: a person when a known first name, else an organisation."""

    def find(scan: Scan) -> Iterator[Hit]:
        first = load_gazetteers()[0]
        for m in pattern.finditer(scan.text):
            folded = fold(m.group())
            if not skip(scan.text, m, folded):
                label = Label.PERSON if folded in first else Label.ORGANIZATION
                yield Hit(m.start(), m.end(), label, score)

    return find


def _skip_capitalised(text: str, m: re.Match[str], folded: str) -> bool:
    """Capitalised words in the middle of an English sentence that are no dictionary word
    (``Heidelberg``, ``Okafor``, ``Spotify``): brands, places and surnames the NER missed.
    Month, weekday and language names, CamelCase glued from words (``HttpClient``), code
    lines and words of fewer than three letters are left alone."""
    return (
        folded in CALENDAR_WORDS
        or folded in _LANGUAGES
        or folded.rstrip("s") in CALENDAR_WORDS
        or is_dictionary_word(folded)
        or sentence_initial(text, m.start())
        or glued_common_words(m.group())
        or in_code_line(text, m.start())
    )


def _skip_capitals(text: str, m: re.Match[str], folded: str) -> bool:
    """Words of four or more capitals that are rare in all five languages (and, unless they are
    listed names, in the text's language pack) and no dictionary word (``ZELVATRONIC``,
    ``OKAFOR``): names typed in capitals.  All-caps headings are made of dictionary words, so
    they stay."""
    word = m.group()
    return (
        word in COMMON_ACRONYMS
        or len(word) > 12  # compounds and field names ("GESCHIEDENISFORMULIER")
        or zipf(word) >= ZIPF["rare_caps"]
        or is_dictionary_word(folded)
        or key_label(word) is not None
        or text[max(0, m.start() - 1) : m.start()] in ("!", "<")  # "<!DOCTYPE"
        or _two_words(folded)  # "DRIVERLICENSE", "SECADDRESS"
        or _pack_word_in_capitals(text, word, folded)
    )


def _pack_word_in_capitals(text: str, word: str, folded: str) -> bool:
    """A word in capitals that is a frequent word of the text's language pack and no listed name
    ("UWAGA", "ÖNEMLİ", "FAKTURA"; not "NOWAK" or "YILDIRIM", frequent there too but names)."""
    lang = rule_pack(text)
    if lang is None or zipf_in(word, lang) < ZIPF["rare_caps_pack"]:
        return False
    first, last = load_gazetteers()[:2]
    return folded not in first and folded not in last


def _two_words(folded: str) -> bool:
    """``folded`` is two dictionary words (3+ letters each) glued (``driverlicense``,
    ``secaddress``): a field name, not a name."""
    return any(is_dictionary_word(folded[:i]) and is_dictionary_word(folded[i:]) for i in range(3, len(folded) - 3))


def _latin_names(text: str, first_names: frozenset[str]) -> Iterator[Hit]:
    """Capitalised Latin-script names inside text written mostly in another script
    (``请发邮件告诉Okafor``, ``我选择的是Zelvatronic``): the mirror of :func:`_foreign_runs`.  Generic
    acronyms, codes with digits and dictionary words (``Leadership``) are left alone; brand names
    are frequent words on the web (``Google``), so the dictionary decides, not frequency."""
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
        yield Hit(m.start(), m.end(), label, 0.35)


def _foreign_runs(text: str, latin: int, foreign: float) -> Iterator[Hit]:
    """Short runs of a non-Latin script in text that is mostly written in Latin letters."""
    if latin < foreign:
        return  # mostly another script: the runs are the text, not embedded names
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
        yield Hit(m.start(), m.end(), label, 0.4)


def _script_mix(scan: Scan) -> tuple[int, float] | None:
    """(Latin letters, other letters) of a text with letters of another script, else ``None``."""
    if scan.text.isascii() or not _FOREIGN_LETTER.search(scan.text):
        return None
    return scan.memo("script_mix", script_mix)


def _find_foreign_runs(scan: Scan) -> Iterator[Hit]:
    mix = _script_mix(scan)
    if mix is not None:
        yield from _foreign_runs(scan.text, *mix)


def _find_latin_names(scan: Scan) -> Iterator[Hit]:
    mix = _script_mix(scan)
    if mix is not None and mix[1] > mix[0]:
        yield from _latin_names(scan.text, load_gazetteers()[0])


#: a chat transcript's line: an optional time ("[08:35]", "14:02"), the speaker, a colon and the words said
#: what opens a chat line before its speaker: a bracketed stamp or a clock ("[10:02] ", "09:14 ")
CHAT_LINE_OPENING = r"(?:\[[^\]\n]{1,25}\][ \t]*|\d{1,2}:\d{2}(?::\d{2})?[ \t]+)?"
_SPEAKER = re.compile(
    rf"(?m)^{CHAT_LINE_OPENING}"
    r"([^\W\d_][\w'’.-]*(?:[ \t][^\W\d_][\w'’.-]*){0,3})(?:[ \t]+\((?P<role>[^()\n]{1,20})\))?[ \t]*:[ \t]+"
    r"(?P<said>[^\n]*)"
)
#: what a speaker says: two words of letters at least, not a number or a setting first ("max: 100", "Ray Tracing: On")
_SAID = re.compile(r"[^\W\d_][\w'’-]*(?:[,.!?;]?[ \t]+|,)(?:[^\n]*[ \t])?[^\W\d_]{2,}")


_SELF_WORDS = frozenset(w.lower() for w in FIRST_PERSON_WORDS)


def _find_speakers(scan: Scan) -> Iterator[Hit]:
    """The speakers of a chat transcript (two speaker lines at least, two speakers at least) who are named: a
    listed first name in any case (one that is a dictionary word too says "I" or "my" on one of its lines), at a
    line's start, on two lines at least or after a time, saying words ("[08:35] umberto: Sono residente ...",
    "levent: ..." twice, "Alfonso: Me estoy recuperando ..."); a role or a program
    (``chat_roles``: Bot, Agent), a field's key ("Email: ...") and an indented setting ("  max: 100") are no one,
    nor a form's key that is a name somewhere too, once ("PAN: BQRPP4412K", "Rut: 9.876.543-2")."""
    if scan.text.count(":") < 2 or "\n" not in scan.text:
        return
    lines = list(_SPEAKER.finditer(scan.text))
    if len(lines) < 2 or len({fold(m.group(1)) for m in lines}) < 2:
        return
    roles = folded_words("chat_roles", "mul")
    lang = scan.memo("pack_language", rule_pack)
    turns = Counter(fold(m.group(1)) for m in lines)
    # a speaker whose name is a word too speaks of themself ("Alfonso: Me estoy recuperando ..."; Webster's has
    # Alfonso, Victor, Grace)
    speaks_for_self = {
        fold(m.group(1))
        for m in lines
        if not _SELF_WORDS.isdisjoint(w.lower() for w in re.findall(r"[^\W\d_][\w'’]*", m.group("said")))
    }
    for m in lines:
        speaker = m.group(1)
        words = speaker.split()
        start = m.start(1)
        if len(words) > 1 and fold(words[0]) in roles:  # "Agent Karim:", "Support Sofia:": the role's name
            start = m.start(1) + len(speaker) - len(" ".join(words[1:]))
            words = words[1:]
            speaker = " ".join(words)
        elif m.group("role") is not None and (fold(speaker) in roles or is_dictionary_word(fold(words[0]))):
            # "Kundenservice (Jonas):", "Operatore (Giulia):": a role, and its name in brackets
            start, speaker = m.start("role"), m.group("role")
            words = speaker.split()
            if not all(w[:1].isupper() for w in words):
                continue
        if fold(speaker) in roles or fold(words[0]) in roles or key_label(speaker) is not None:
            continue
        if turns[fold(m.group(1))] < 2 and not m.group(0).startswith(("[", *"0123456789")):
            continue  # a form's key once ("PAN: BQRPP4412K", "Reason: ..."): a speaker speaks twice or has a time
        if _SAID.match(m.group("said")) is None:
            continue  # a setting's value ("max: 100", "Ray Tracing: On")
        if is_dictionary_word(fold(words[0])) and fold(m.group(1)) not in speaks_for_self:
            continue  # a word before what it says ("Rose: water twice a week", "echo: server started")
        n = name_words(words)
        if n and lang is not None:
            n = _pack_name_words(words[:n], lang)
        if n:
            yield Hit(start, start + len(" ".join(words[:n])), Label.PERSON, 0.5)


_CUES = "cues"
_GREETING = "cue:greeting"


def _cue_rule(
    name: str,
    find: Finder,
    source: str,
    score: float,
    patterns: tuple[re.Pattern[str], ...],
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    labels: frozenset[Label] = frozenset({Label.PERSON}),
) -> Rule:
    return Rule(
        id=f"names.{name}",
        family=Family.NAMES,
        detector=_CUES,
        labels=labels,
        find=find,
        source=source,
        score=score,
        patterns=patterns,
        lexicons=("first names", "surnames"),
        description=description,
        examples=examples,
        negatives=negatives,
    )


GREETING = _cue_rule(
    "greeting",
    _cued_names(_GREETING_NAME),
    _GREETING,
    0.5,
    (_GREETING_NAME,),
    "a known first name (and the name words after it) right after a greeting, in any case",
    (
        Example("hello stephen, my line is down", "stephen", Label.PERSON),
        Example("Hola Marta, ¿me podéis ayudar con la factura?", "Marta", Label.PERSON),
    ),
    (
        "hello there, my line is down",
        "hi all, any news?",
        "Dzień dobry, po aktualizacji do wersji 5.2 jest błąd.",
        "Olá, sou a cliente do contrato da fibra",
    ),
)
SIGN_OFF = _cue_rule(
    "sign_off",
    _find_sign_offs,
    _GREETING,
    0.5,
    (_SIGN_OFF_NAME,),
    "a known first name (and the name words after it) right after a sign-off, in any case; in a language pack's "
    "text, a line after a sign-off holding only a name (a listed one, or a capitalised word rare everywhere)",
    (
        Example("Gracias por todo. Saludos, jorge", "jorge", Label.PERSON),
        Example("Regards, Glenn Reid", "Glenn Reid", Label.PERSON),
        Example("Dzień dobry, nie mam zasięgu od tygodnia. Pozdrawiam serdecznie\nWasyl", "Wasyl", Label.PERSON),
        Example("Bon dia, no tinc cobertura des de dilluns i la factura és massa alta. Petons,\nabril", "abril"),
        Example("Ciao, il modem non va da ieri sera. Grazie mille, Marco", "Marco", Label.PERSON),
    ),
    (
        "thanks again for the help",
        "best regards, the team",
        "Dzień dobry, nie mam zasięgu od tygodnia. Pozdrawiam serdecznie\nZespół obsługi klienta",
        "Ciao, il modem non va. Essere in un paesino non è facile. Grazie mille.",
        "Bon dia, no tinc cobertura des de dilluns. Gràcies,\nper endavant",
    ),
)
SPEAKER = _cue_rule(
    "speaker",
    _find_speakers,
    _GREETING,
    0.5,
    (_SPEAKER,),
    "a chat transcript's speaker who is a listed first name, in any case (two speaker lines and two speakers at "
    "least; roles and programs such as Bot or Agent are no one)",
    (
        Example("[08:35] umberto: Sono senza internet.\n[08:36] Assistente: Mi dispiace.", "umberto", Label.PERSON),
        Example(
            "levent: Fırıncı olarak çalışıyorum.\ntemsilci: Kimse geri dönmedi.\nlevent: Acil.", "levent", Label.PERSON
        ),
        Example(
            "Marta: El meu usuari és martanoguera.\nBot: El senyal es talla.\nMarta: Gràcies.", "Marta", Label.PERSON
        ),
        Example("Alfonso: Quiero dar de baja el servicio.\nAgent: Vale.\nAlfonso: Me estoy recuperando.", "Alfonso"),
        Example(
            "09:14 Marta (support): Hi! Which model?\n09:15 Customer: a Deco X55\n09:16 Marta (support): Thanks.",
            "Marta",
        ),
        Example("[10:02] Agent Sofia: Hello, how can I help?\n[10:03] Customer: my router keeps rebooting", "Sofia"),
        Example(
            "Kundenservice (Jonas): Hallo, wie kann ich helfen?\nKunde: Fehler 512.\nKundenservice (Jonas): Gut.",
            "Jonas",
        ),
    ),
    (
        "Bot: Hello, how can I help?\nUser: my router is down",
        "Agent: Which model?\nCustomer: the B535",
        "Error: disk full\nWarning: retrying in 5 s",
        "Name: \nEmail: \nPhone: ",
        "Balasaheb Patil\nPAN: BQRPP4412K\nAddress: Flat 304",
        "Formulario de contacto\nRUT: 9.876.543-2\nPóliza: SV-889120",
        "limits:\n  max: 100\n  min: 10\nmax: 200\nmin: 20",
        "[12:00:01] echo: server started on port 8080\n[12:00:02] echo: listening\n[12:00:03] init: ready now",
        "Rose: water twice a week\nLily: keep in shade\nRose: prune in March",
    ),
)
LAST_NAME = _cue_rule(
    "last_name",
    _find_last_name,
    _GREETING,
    0.45,
    (_LAST_NAME,),
    "the name that ends a message on its own (maybe with a phone number after it)",
    (Example("It keeps costing me money. Gavin 0437 228 019", "Gavin", Label.PERSON),),
    ("See you in April",),
)
ADD_PERSON = _cue_rule(
    "add_person",
    _cued_names(_ADD_PERSON),
    _GREETING,
    0.5,
    (_ADD_PERSON,),
    "a name after put/add ... as (can you put paige bentley as a second contact)",
    (Example("can you put paige bentley as a second contact", "paige bentley", Label.PERSON),),
    ("can you put the router as a bridge",),
)
NAMED_AS = _cue_rule(
    "named_as",
    _cued_names(_NAMED_AS, strong=True),
    _GREETING,
    0.5,
    (_NAMED_AS,),
    "a name after a word that introduces one (name is, account holder, surname spelt, mi mujer se llama)",
    (
        Example("acc holder jess tran, thanks", "jess tran", Label.PERSON),
        Example("surname spelt PARTRIDGE", "PARTRIDGE", Label.PERSON),
    ),
    ("the name of the plan is unlimited",),
)
PACK_NAME_CUE = _cue_rule(
    "pack_name_cue",
    _find_pack_cue_names,
    _GREETING,
    0.5,
    (_PACK_NAME_CUE,),
    "a known first name (and the name words after it, or a surname by its ending) after a language pack's name cue "
    "(quem me atendeu foi ...), a self-reference (sono di nuovo ...), a relative and a comma or a dash (meu filho, "
    "o ...); a Catalan personal article "
    "before a first name (en Carles, l'Àlex) and a Catalan double surname (Andreu Gil i Pagès)",
    (
        Example("Quem me atendeu foi marcos garcia e desligou-me a chamada.", "marcos garcia", Label.PERSON),
        Example("Ho parlato con Giulia Romano ieri pomeriggio.", "Giulia Romano", Label.PERSON),
        Example("Il segnale cade tutte le sere. sono di nuovo pierina, ancora niente linea", "pierina"),
        Example("Szanowni Państwo, to znowu ja, julianna, dalej nie mam zasięgu w domu.", "julianna"),
        Example("Bon dia. soc jo, en carles, continuo sense cobertura a casa", "carles"),
        Example("Bon dia, pregunteu per la sara a recepció, és la tercera vegada que truco.", "sara"),
        Example("La tauleta la fa servir el meu fill, l'Àlex. No funciona des de dilluns.", "Àlex"),
        Example("Quem usa o tablet é meu filho, o Mihai, e a aplicação dá erro na hora de pagar.", "Mihai"),
        Example("Proszę dzwonić. konsultantka justyna straszak obiecała, że ktoś oddzwoni.", "justyna straszak"),
        Example("Piszę w imieniu mojej mamy – justyna wojtarowicz. Pozdrawiam", "justyna wojtarowicz"),
        Example("Szanowna Pani, z tabletu korzysta moj syn, KAZIMIERZ. Sygnał zanika.", "KAZIMIERZ"),
        Example(
            "Bon dia, m'ha atès rosa sallent i gasull i m'ha penjat el telèfon sense resoldre res.",
            "rosa sallent i gasull",
        ),
        Example(
            "Bon dia, vull que la factura vagi a nom d'Andreu Gil i Pagès, que és el titular del contracte.",
            "Andreu Gil i Pagès",
        ),
        Example(
            "Necessito que estigui resolt abans del cap de setmana. Moltes gràcies,\nMERCÈ ROCA I BERTRAN",
            "MERCÈ ROCA I BERTRAN",
        ),
    ),
    (
        "Ho parlato con il servizio clienti ieri.",
        "Mój brat - to on płaci rachunki. Czekam na pana odpowiedź.",
        "Il segnale cade tutte le sere. sono di nuovo senza linea da lunedì, grazie.",
        "Bon dia. soc jo, en Barcelona no tinc cobertura i la factura és massa alta.",
        "Bon dia, la casa no té cobertura i en abril vaig pagar la factura sencera.",
        "Bon dia, la rosa i el marc de la finestra, i la factura és massa alta.",
        "Bom dia, o meu filho, a casa e o carro estão no contrato e a fatura veio errada.",
        "Salve, vorrei aggiungere mio marito come beneficiario della polizza vita, grazie.",
    ),
)
PACK_NAME_BEFORE_CUE = _cue_rule(
    "pack_name_before_cue",
    _find_pack_names_before_cues,
    _GREETING,
    0.5,
    (_PACK_NAME_BEFORE_CUE,),
    "a known first name and its name words right before a Turkish name cue (Mustafa Güneş diye biri), or two or "
    "three listed names before an apostrophe and a case ending (mert ahmet eren'i)",
    (
        Example("Dün Mustafa Güneş diye biri aradı.", "Mustafa Güneş", Label.PERSON),
        Example(
            "Merhaba, hematoloji bölümünde takip ediliyorum. mert ahmet eren'i ikinci irtibat kişisi olarak ekleyin.",
            "mert ahmet eren",
        ),
    ),
    ("Dün müşteri hizmetleri diye biri aradı.", "Merhaba, Kadıköy İstanbul'da oturuyorum ve internetim yok."),
)
CAPS_NAME = _cue_rule(
    "caps_name",
    _find_caps_names,
    "cue:caps-name",
    0.45,
    (_CAPS_NAME,),
    "a name written in capitals, also inside a run of capitals (a known first name and name words)",
    (
        Example("¿PUEDEN AÑADIR A BERNARDA ALCARAZ MANCEBO COMO CONTACTO?", "BERNARDA ALCARAZ MANCEBO", Label.PERSON),
        Example("TITULAR CARMEN VIDAL PRIETO, TLF", "CARMEN VIDAL PRIETO", Label.PERSON),
    ),
    ("PLEASE READ THE TERMS AND CONDITIONS",),
)
TITLE_NAME = _cue_rule(
    "title_name",
    _find_title_names,
    _GREETING,
    0.5,
    (_TITLE_NAME,),
    "a title in any case before a lower-case listed surname (el administrador (sr. bermudez))",
    (Example("hablé con el administrador (sr. bermudez) ayer", "bermudez", Label.PERSON),),
    ("my dr appointment is at 5",),
    labels=frozenset({Label.PERSON, Label.TITLE}),
)
_PROPN = "propn"
_NAME_CUE = "heuristic:name-cue"


def _propn_rule(
    name: str,
    find: Finder,
    source: str,
    score: float,
    patterns: tuple[re.Pattern[str], ...],
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    labels: frozenset[Label] = frozenset({Label.PERSON}),
    languages: frozenset[str] | None = None,
) -> Rule:
    return Rule(
        id=f"names.{name}",
        family=Family.NAMES,
        detector=_PROPN,
        labels=labels,
        find=find,
        source=source,
        score=score,
        patterns=patterns,
        lexicons=("first names", "surnames", "dictionary words"),
        description=description,
        examples=examples,
        negatives=negatives,
        languages=languages if languages is not None else ANY,
    )


CAPITALISED_NON_WORD = _propn_rule(
    "capitalised_non_word",
    _unlisted_finder(_CAPITALISED, _skip_capitalised, 0.3),
    "heuristic:capitalised-non-word",
    0.3,
    (_CAPITALISED,),
    "in English text, a capitalised word mid-sentence that is no dictionary word (a person if a known first name)",
    (Example("I moved here from Heidelberg and the router broke", "Heidelberg", Label.ORGANIZATION),),
    ("I moved here in March and the router broke",),
    labels=frozenset({Label.PERSON, Label.ORGANIZATION}),
    languages=frozenset({"en"}),
)
CAPITALS_NON_WORD = _propn_rule(
    "capitals_non_word",
    _unlisted_finder(_CAPS_WORD, _skip_capitals, 0.35),
    "heuristic:capitals-non-word",
    0.35,
    (_CAPS_WORD,),
    "a word of 4-12 capitals rare in every language and no dictionary word (ZELVATRONIC)",
    (Example("the ZELVATRONIC charger stopped working", "ZELVATRONIC", Label.ORGANIZATION),),
    ("PLEASE HELP WITH THE BILL", "DRIVERLICENSE: none"),
    labels=frozenset({Label.PERSON, Label.ORGANIZATION}),
)
SELF_INTRODUCTION = _propn_rule(
    "self_introduction",
    _find_self_introductions,
    _NAME_CUE,
    0.5,
    (_CUE,),
    "the name after a self-introduction or a holder phrase, in any case (my name is tavi, soy eduardo)",
    (
        Example("my name is tavi and I need help", "tavi", Label.PERSON),
        Example("hola, soy eduardo y no tengo línea", "eduardo", Label.PERSON),
    ),
    ("I am happy with it", "call me on Monday"),
)
RELATIVE = _propn_rule(
    "relative",
    _find_relatives,
    _NAME_CUE,
    0.45,
    (_RELATIVE,),
    "a known first name after a relative (my brother oskar, mi mujer Ana, sa fille Léa)",
    (
        Example("my brother oskar uses the tablet", "oskar", Label.PERSON),
        Example("ma fille Léa a un forfait", "Léa", Label.PERSON),
    ),
    ("my mother will call tomorrow",),
)
PACK_RELATIVE = _propn_rule(
    "pack_relative",
    _find_pack_relatives,
    _NAME_CUE,
    0.45,
    (_PACK_RELATIVE,),
    "a known first name after a relative in a language pack's words (o meu filho Tiago, oğlum Emre), maybe after a "
    "comma and an article (meu filho, o Mihai) or a preposition that took the article (al meu germà ferran)",
    (
        Example("Bom dia, o meu filho Tiago usa o tablet.", "Tiago", Label.PERSON),
        Example("Merhaba, oğlum Emre hattı kullanıyor.", "Emre", Label.PERSON),
        Example("si no responc, truqueu al meu germà ferran, gràcies", "ferran", Label.PERSON),
        Example("la tauleta la fa servir el meu fill, en sergi. petons", "sergi", Label.PERSON),
    ),
    ("Bom dia, o meu filho usa o tablet todos os dias.", "truqueu al meu germà, a casa"),
)
NAME_DIGIT_HANDLE = _propn_rule(
    "name_digit_handle",
    _find_name_digit_handles,
    "heuristic:name-handle",
    0.45,
    (_NAME_DIGITS,),
    "a user name made of a rare first name or surname and digits (leslie529)",
    (Example("the account leslie529 is locked", "leslie529", Label.USERNAME),),
    ("version may5 of the app",),
    labels=frozenset({Label.USERNAME}),
)
NAME_PAIR_HANDLE = _propn_rule(
    "name_pair_handle",
    _find_name_pair_handles,
    "heuristic:name-handle",
    0.45,
    (_NAME_PAIR,),
    "a user name made of a first name and a surname joined by a dot, dash or underscore (tracy-campbell; in a pack's "
    "text a surname by its ending: aniela-kretowicz)",
    (
        Example("log in as tracy-campbell please", "tracy-campbell", Label.USERNAME),
        Example(
            "Dzień dobry, aniela-kretowicz nie może się zalogować do aplikacji.", "aniela-kretowicz", Label.USERNAME
        ),
    ),
    ("the mark_price field is empty",),
    labels=frozenset({Label.USERNAME}),
)
LOWER_NAME_PAIR = _propn_rule(
    "lower_name_pair",
    _find_lower_name_pairs,
    _NAME_CUE,
    0.45,
    (_LOWER_WORD,),
    "a listed first name and a listed surname in lower case, neither a frequent word (margaret hughes)",
    (
        Example("the previous holder was margaret hughes, she moved out", "margaret hughes", Label.PERSON),
        Example("por favor pasad la línea a zainab qureshi", "zainab qureshi", Label.PERSON),
    ),
    ("the grace period ends in may", "não quero mais", "ayda bir kez", "will smith the file", "rose gold case"),
)
INITIALLED_NAME = _propn_rule(
    "initialled_name",
    _find_initialled_names,
    _NAME_CUE,
    0.5,
    (_INITIALLED_NAME,),
    "a known first name, middle initials and a surname (Carly L. Carr)",
    (Example("Please ask for Carly L. Carr at reception", "Carly L. Carr", Label.PERSON),),
    ("See Section B. Details below",),
)
FOREIGN_SCRIPT = _propn_rule(
    "foreign_script",
    _find_foreign_runs,
    "heuristic:foreign-script",
    0.4,
    (_FOREIGN_RUN,),
    "a short run of another script inside Latin-script text (my colleague 김하늘)",
    (Example("my colleague 김하늘 will call", "김하늘", Label.PERSON),),
    ("the unit is 5 μm wide",),
    labels=frozenset({Label.PERSON, Label.ORGANIZATION}),
)
LATIN_IN_OTHER_SCRIPT = _propn_rule(
    "latin_in_other_script",
    _find_latin_names,
    "heuristic:latin-in-other-script",
    0.35,
    (_LATIN_RUN,),
    "a capitalised Latin-script name inside text written mostly in another script (请发邮件告诉Okafor)",
    (Example("请发邮件告诉Okafor我们明天到", "Okafor"),),
    ("请发邮件告诉我们明天的Leadership会议",),
    labels=frozenset({Label.PERSON, Label.ORGANIZATION}),
)
