"""Values of labelled fields: forms, JSON, XML, key/value logs, greetings.

Text that people paste into support tools is full of structure: ``"email":
"..."``, ``<FirstName>...</FirstName>``, ``Passport number: ...``,
``Dear Ms Smith,``.  The key says what the value is, whatever the value looks
like, so this detector catches identifiers that have no format of their own
(a two-letter passport code, a free-form password, an unusual first name).

Keys are matched on a folded form (lower case, no accents, separators and
camelCase boundaries removed) against :data:`local_model.text.lexicon.FIELD_KEYS`;
the longest key suffix wins (``student_email`` -> EMAIL, ``gebruikersnaam`` ->
USERNAME).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Container, Iterator, Mapping
from typing import ClassVar

from local_model.detection.base import RANK_KEYED, Detector
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.technical import KAFKA_CLIENT, technical_name
from local_model.text import lexicons
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import (
    ES_STREET_PREFIXES,
    NAME_CONNECTORS,
    SALUTATIONS,
    STREET_PREFIXES,
    STREET_WORDS,
    alternation,
    exact_key_label,
    key_label,
)
from local_model.text.textnorm import fold, in_code_line
from local_model.text.words import closed_compound, is_dictionary_word, zipf, zipf_in_packs
from signatures.entities import Entity, Label

_SKIP_VALUES = {
    "",
    "null",
    "none",
    "true",
    "false",
    "n/a",
    "na",
    "-",
    "--",
    "...",
    "nil",
    "[]",
    "{}",
    "undefined",
    "tbd",
    "tba",
    "not provided",
    "not specified",
    "redacted",
    # "not given" in the other pack languages (folded: no accents, as the values are compared)
    "sin especificar",
    "no especificado",
    "no especificada",
    "non renseigne",
    "non renseignee",
    "non specifie",
    "non specifiee",
    "nicht angegeben",
    "keine angabe",
    "nao informado",
    "nao informada",
    "nao especificado",
    "non specificato",
    "non specificata",
    "niet opgegeven",
    "nie podano",
    "belirtilmemis",
    "sense especificar",
}
# "key": "value"   'key': 'value'   "key": 123
_JSON = re.compile(r"""(["'])([^"'\n]{1,60})\1\s*:\s*(?:(["'])([^"'\n]{0,300}?)\3|(-?[\w.+-]{1,60}))""")
# <Key>value</Key>  (same tag name, no nested markup)
_XML = re.compile(r"<([A-Za-z][\w:.-]{0,60})(?:\s[^<>]{0,200})?>([^<>\n]{1,300})</\1>")
# Key: value  /  Key = value  /  **Key:** value  /  <li><b>Key:</b> value  (line start or after a delimiter)
_FORM = re.compile(
    r"(?m)(?:^|(?<=[|;,\t(])|(?<=\\n))(?>(?:[ \t]*+(?:[*_#>•+-]++|\d{1,2}[.)]|<[A-Za-z/][^<>\n]{0,40}>))*+)[ \t]*+"
    r"([A-Za-zÀ-ÿ][\wÀ-ÿ'’ ./()-]{0,50}?)[ \t]*(?:[*_]{1,2}|</?[A-Za-z][^<>\n]{0,20}>)?[ \t]*"
    r"(?::|=|：| -)[ \t]*(?:[*_]{1,2}|</[A-Za-z]{1,10}>)?[ \t]*(?:<[A-Za-z][^<>\n]{0,30}>)?[ \t]*"
    r"((?:(?!\\[nrt])[^\n|;\t<]){1,200})"
)
# Key<TAB>value: a form pasted from a spreadsheet or a web page, one pair per line or pairs parted by bars
# ("Antecedentes clínicos\tdepressão", "nom complet\troser codina | codi postal\t25598"); no third cell after it
_TAB_FIELD = re.compile(
    r"(?m)(?:^|(?<=[|;]))[ \t]*+(?:[*_]{1,2})?([A-Za-zÀ-ÿ][\wÀ-ÿ'’ ./()-]{0,50}?)(?:[*_]{1,2}:?)?[ ]*\t[ \t]*"
    r"([^\n|;\t]{1,200}?)[ \t]*(?=[|;\r\n]|$)"
)
# key = "value" anywhere on a line (code, configs): password = "…", api_key: '…', user=“…”
_QUOTED_ASSIGN = re.compile(
    r"(?<![\w.\"'])([A-Za-z_][\w-]{1,40})[ \t]*(?::|=|：)[ \t]*(?P<q>[\"'“‘])"
    r"(?P<v>[^\"'“”‘’\n]{1,200})[\"'”’]"
)
#: a log line of key=value pairs ("login failed user=romanr email=ana@x.org reason=1310"): the value of
#: one key ends where the next pair starts, not at the end of the line
_LOGFMT_FIELD = re.compile(r"""(?<![\w.-])([A-Za-z_][\w.-]{0,40})=(?:(["'])([^"'\n]{0,200})\2|([^\s"'=]{1,200}))""")
#: a further pair after a value on the same line
_LOGFMT_PAIR = re.compile(r"[ \t][A-Za-z_][\w.-]{0,40}=[^\s=]")
_LINE = re.compile(r"[^\n]+")


def _in_tag(text: str, at: int) -> bool:
    """``at`` is inside an HTML or XML tag (an attribute, not a value of the text)."""
    before = text[max(0, at - 200) : at]
    return before.rfind("<") > before.rfind(">")


#: the colon of a field key inside a value, on the same line: "<value> Place: GB", "<value> **Land:** DE"
_INLINE_COLON = re.compile(r"(?<=[^\W\d_])[*_]{0,2}[ \t]?:(?=[ \t]|$)")
_KEY_WORD = re.compile(r"[A-Za-zÀ-ÿ][\wÀ-ÿ'’.-]{0,30}$")


def _inline_key(text: str, lo: int, colon: int) -> tuple[int, Label | None] | None:
    """The field key that ends at ``colon`` (a known key of up to three words, else one capitalised
    word, never before ``lo``): its start and its label."""
    words: list[re.Match[str]] = []
    end = colon
    while end > lo and text[end - 1] in "*_":
        end -= 1
    for _ in range(3):
        m = _KEY_WORD.search(text, lo, end)
        if m is None or (m.start() > lo and text[m.start() - 1] not in " \t*_"):
            break
        words.append(m)
        end = m.start()
        while end > lo and text[end - 1] in " \t*_":
            end -= 1
        if end <= lo or end == m.start():
            break
    for m in reversed(words[1:]):  # the longest key of several words known as a whole first
        label = exact_key_label(text[m.start() : colon].strip(" \t*_"))
        if label is not None:
            return m.start(), label
    if not words:
        return None
    label = key_label(words[0].group())
    if label is not None or words[0].group()[0].isupper():
        return words[0].start(), label
    return None


_OPEN_QUOTE = {'"': '"', "'": "'", "“": "”", "‘": "’"}
_SALUTATION = re.compile(
    r"(?i)(?<![\w])(?:"
    + alternation(SALUTATIONS)
    + r")[ \t,:]+[\[*(]?((?:(?:Mr|Mrs|Ms|Dr|Prof|Herr|Frau|Mme|M|Dhr|Mevr|Sr|Sra)\.?[ \t]+)?)"
    r"((?-i:[A-ZÀ-Þ][\w'’-]{1,30}(?:[ \t]+(?:(?-i:[A-ZÀ-Þ])[\w'’-]{1,30}"
    # a particle is a word of its own ("Hey, Starlink dish shows": no "di" in "dish")
    r"|(?:van|de|der|den|von|la|le|del|di|da|el|y|ter|ten)(?![\w'’-]))){0,3}))"
)


#: a name opening a longer value: two to five capitalised words (initials and particles
#: between) before a comma, a dash or a bracket
_NAME_HEAD = re.compile(
    r"((?:Mr|Mrs|Ms|Dr|Sr|Sra|Dña|Mme|Herr|Frau)?\.?[ \t]?[A-ZÀ-Þ][\w'’.-]*"
    r"(?:[ \t]+(?:[A-ZÀ-Þ][\w'’.-]*|van|de|der|den|von|la|le|del|di|da|y)){1,4})(?=[ \t]*(?:,|[ \t]-[ \t]|\())"
)
#: an HTML document's opening (its <title> element names the page)
_HTML_DOCUMENT = re.compile(r"(?i)<(?:!doctype html|html|head)\b")
_ATTR = re.compile(r"""\b(?:for|name|id|class|data-field|itemprop)=["']([\w -]{1,40})["']""")


_NON_VALUE = re.compile(
    r"(?i)^(?:not\s\w+|unspecified|undisclosed|withheld|today|tomorrow|yesterday|current date|"
    r"sign here|signature|_+|\.+|x+|\?+)$"
)
#: labels whose values are always written with digits
_NUMERIC = frozenset({Label.IBAN, Label.CREDIT_CARD, Label.PHONE, Label.ACCOUNT_NUMBER, Label.IP_ADDRESS})
#: places: no value with a hex literal in it is one ("État : 0xC000006D" is a status in French)
_PLACE_LABELS = frozenset({Label.STATE, Label.CITY, Label.COUNTRY, Label.LOCATION})
_HEX_LITERAL = re.compile(r"(?<![\w])0[xX][0-9A-Fa-f]{2,}(?![\w])")
#: identity documents: their numbers hold digits, whatever letters they carry
_DOCUMENTS = frozenset({Label.ID_CARD, Label.PASSPORT, Label.NATIONAL_ID, Label.DRIVER_LICENSE})
#: longest plausible value, in words, per label (a long title after "Title:" is a heading)
_MAX_WORDS = {
    Label.TITLE: 2,
    Label.GENDER: 4,
    Label.PERSON: 5,
    Label.CITY: 5,
    Label.STATE: 5,
    Label.COUNTRY: 4,
    Label.DATE: 6,
    Label.DATE_OF_BIRTH: 6,
    Label.TIME: 4,
}


def _unopened_close(text: str, start: int, end: int) -> int:
    """Where the value ends at a bracket it did not open: a key's bracket closes it ("[Consumer clientId=app-1,
    groupId=orders] Resetting offset": the value is ``orders``)."""
    depth = 0
    for i in range(start, end):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            if depth == 0:
                return i if i > start else end  # a value that opens with one ("]x") is left to the checks below
            depth -= 1
    return end


def _value_span(
    text: str, start: int, end: int, quoted_ends: bool = True, secret: bool = False
) -> tuple[int, int] | None:
    while start < end and text[start] in " \t":
        start += 1
    if quoted_ends and start < end and text[start] in _OPEN_QUOTE:  # a quoted value ends at its closing quote
        close = text.find(_OPEN_QUOTE[text[start]], start + 1, end)
        if close > start:
            end = close
    while start < end and text[start] in " \t\"'“‘*_`":
        start += 1
    if not secret:  # a password may hold any bracket ("hund)2020")
        end = _unopened_close(text, start, end)
    while end > start and text[end - 1] in " \t\"'”’*_`,;.:":
        end -= 1
    if text[start:end].count("[") != text[start:end].count("]"):
        start += text[start] == "["
        end -= end > start and text[end - 1] == "]"
    if end <= start or fold(text[start:end]) in _SKIP_VALUES or _NON_VALUE.match(text[start:end]):
        return None
    if _NOT_GIVEN_OPENING.match(fold(text[start:end])):
        return None  # "Población: sin especificar en el formulario"
    return start, end


#: a value that opens with a phrase of several words for "not given" ("sin especificar en el formulario")
_NOT_GIVEN_OPENING = re.compile(
    r"(?:" + "|".join(re.escape(v) for v in sorted(_SKIP_VALUES, key=len, reverse=True) if " " in v) + r")(?![\w])"
)


def _all_common(words: str, threshold: float = 3.8) -> bool:
    """ "Dear Team", "Hello Participants": every word is common and none is a known first name."""
    first = load_gazetteers()[0]
    return all(zipf(w) >= threshold and fold(w) not in first for w in words.split())


#: articles that open a house or place name ("La Métairie", "Le Clos", "El Molino"), some of them listed first names
_ARTICLES = frozenset(
    {"la", "le", "les", "el", "los", "las", "the", "de", "der", "die", "das", "il", "lo", "du", "het"}
)
#: the head words of a named house ("Rose Cottage", "Oak Farm")
_HOUSE_WORDS = ("cottage", "cottages", "house", "farm", "lodge", "barn", "barns", "manor", "villa", "hall", "grange")
_STREET_WORDS = frozenset(fold(w) for w in (*STREET_WORDS, *STREET_PREFIXES, *ES_STREET_PREFIXES, *_HOUSE_WORDS))


def _addressee(value: str) -> int | None:
    """Where a person's name ends at the start of an address value ("June Walters, 56 Howard
    Club, ..."): two to four capitalised words, the first a listed first name, then a comma and
    an address with a digit in it; None when the value does not open with a name."""
    head = _NAME_HEAD.match(value)
    if head is None or "," not in value[head.end() : head.end() + 2]:
        return None
    name = head.group(1).strip()
    first = load_gazetteers()[0]
    words = name.split()
    if any(c.isdigit() for c in name) or fold(words[0].rstrip(".")) not in first or fold(words[0]) in _ARTICLES:
        return None  # "La Métairie, 7 chemin du Pré Neuf": a house name after its article
    if any(fold(w).rstrip(".") in _STREET_WORDS for w in words):
        return None  # "Calle Mayor, 12", "Rose Cottage, 12 Mill Lane": the street, not a person
    if not any(c.isdigit() for c in value[head.end() :]):
        return None
    return value.index(name) + len(name)


#: what follows a vendor addressed in a salutation
_VENDOR_AFTER = re.compile(
    r"[ \t-](?i:support|team|service|customer service|customer care|help ?desk|soporte|equipo|suporte|equipa|"
    r"assistenza|supporto|servizio clienti|kundenservice|kundendienst|service client|serviço|servicio)(?![\w])"
)
#: the words that make a greeting's name the writer's ("Hi, Bolt Usain here", "Olá, Vivo Santos aqui")
_SELF_INTRO_AFTER = re.compile(
    r"(?i)[ \t,]+(?:here|speaking|aquí|aqui|qui|ici|hier|burada|tutaj|da questa parte|al habla)(?![\w])"
)
#: a dotted version right after the word a salutation seems to address ("Hi, Postgres 15.4 says")
_VERSION_AFTER = re.compile(r"[ \t]+v?\d+(?:\.\d+){1,3}(?![\w.])")
#: endings of the nouns a salutation addresses as a group or a role ("Applicant", "Members", "Students")
_ROLE_ENDINGS = ("s", "ant", "ent", "er", "or", "ist", "ee", "ian")


#: how frequent a small-letter word of a name field's value is when it is prose ("try", "already")
_PROSE_ZIPF = 4.5


def _prose(words: list[str]) -> bool:
    """Two or more frequent small-letter words that no name list holds: a sentence, not a name (a
    transcript's ``Agent: Please try code 7E-21 reset``; ``jose maria lopez``, ``Ana de la Cruz`` are names); none
    when a listed first name stands before a listed surname (``oui elle dupont``, ``hi i am han kim``)."""
    first, last, _, _ = load_gazetteers()
    folded = [fold(w.strip(".,;:!?")) for w in words]
    if any(a in first and b in last and b not in NAME_CONNECTORS for a, b in itertools.pairwise(folded)):
        return False
    return sum(_common_small_word(w, first, last) for w in words) >= 2


def _common_small_word(word: str, first: frozenset[str], last: frozenset[str]) -> bool:
    """A frequent word in small letters, in any language read, that neither name list holds ("try", "already", "ok",
    "niente"; "jean-pierre" is two first names)."""
    bare = word.strip(".,;:!?")
    if not word.islower() or any(c.isdigit() for c in bare):
        return False  # "1ª" is an ordinal, no word
    frequency = max(zipf(bare), zipf_in_packs(bare))
    if frequency < _PROSE_ZIPF:
        return False
    parts = fold(bare).split("-")
    if (
        len(parts) == 1
        and frequency >= ZIPF["reply_function_word"]
        and parts[0] not in last
        and parts[0] not in NAME_CONNECTORS
    ):
        return True  # "pero", "nada", "ja": a language's everyday word, though a first-name list holds it
    return not all(p in first or p in last for p in parts)


#: an absolute or home path: the value of sudo's PWD key
_PATH_VALUE = re.compile(r"[/~][\w./~-]*")
#: a small-letter token shaped like a user name
_HANDLE = re.compile(r"[a-z0-9][\w.@-]{2,40}")
#: how rare a small-letter word must be to read as a user name in a sentence ("tvidalq", not "dominio")
_HANDLE_ZIPF = 2.5


def _handle(word: str) -> bool:
    """A small-letter word shaped like a user name: letters with digits, a dot or an underscore in it, or a
    rare word ("tvidalq", "jdoe_77"); not a number, not a frequent word of a pack language."""
    w = word.strip(".,;:!?()\"'")
    if not _HANDLE.fullmatch(w) or w.isdigit() or not any(c.isalpha() for c in w):
        return False
    return any(c.isdigit() or c in "._@" for c in w) or max(zipf(w), zipf_in_packs(w)) < _HANDLE_ZIPF


def _no_name_word(words: list[str]) -> bool:
    """Every word is a number or a code (as many digits as letters) or a frequent small-letter word no name list
    holds ("ok", "sure, G000 T602 1234 5678"): a reply, no name ("Ana García, 0612 345 678" holds one; a host
    name after "hostname" is kept)."""
    first, last, _, _ = load_gazetteers()

    def no_name(word: str) -> bool:
        w = word.strip(".,;:!?()")
        if any(c.isdigit() for c in w):  # a number or a code: at least as many digits as letters ("G000", "T602")
            return sum(c.isdigit() for c in w) >= sum(c.isalpha() for c in w)
        return _common_small_word(w, first, last)

    # a booking's "PNR/Name: ABC-12345678/JOHN/SMITH" holds one in its parts
    return all(no_name(part) for w in words for part in w.split("/") if part)


def _product_greeted(
    text: str, words: list[str], end: int, brands: Container[str], first: Container[str], last: Container[str]
) -> bool:
    """The ``words`` a greeting seems to address (ending at ``end``) are a product the sentence goes on about, nobody
    addressed: a version after them ("Hi, Postgres 15.4 says ..."), or a listed brand that is no first name, with no
    comma after it ("Hi Lumen, ..." may address a person of that name), no listed name ("Hi, Stripe Johnson"), no
    code but a model's short one ("Bonjour, Carrefour CF4K77Q1 ...": a card's) after it and no self-introduction ("Hi,
    Bolt Usain here"): "Hi, Stripe webhook returns 400", "Hi, AWS Lambda returns", "Hello, Roborock S8 MaxV Ultra
    says"."""
    if _VERSION_AFTER.match(text, end):
        return True
    return (
        words[0] in brands
        and fold(words[0]) not in first
        and text[end : end + 1] != ","
        and not any(fold(w) in first or fold(w) in last for w in words[1:])
        and not _SELF_INTRO_AFTER.match(text, end)
        and not any(
            any(c.isdigit() for c in w) and not (_SHORT_MODEL.fullmatch(w) and fold(words[0]) not in last)
            for w in words[1:]
        )
    )


#: a model's short code after its brand: one or two capitals and up to three digits ("Roborock S8 MaxV Ultra", "Galaxy
#: A54"); a longer code may be a card's or a member's ("Carrefour CF4K77Q1"), a short one after a brand that is a
#: surname too a locker's or a room's ("Hello, Meijer K12 is your locker")
_SHORT_MODEL = re.compile(r"[A-Z]{1,2}\d{1,3}[a-z+]?")


#: how frequent a single word is when it is a status rather than a place ("Terminated", "Running", "Activo")
_STATUS_ZIPF = 3.5


def _status_word(value: str) -> bool:
    """One word, frequent in a pack language, that no place list holds ("Terminated", "Running", "Pending", "Activo"):
    a status, not a place ("Texas", "Bayern", "Lazio" are places)."""
    word = value.strip(" \t.,;:")
    places = load_gazetteers()[2]
    return (
        word.isalpha()
        and len(word) > 3
        and not word.isupper()  # "Country: NL", "State: CA": a code
        and fold(word) not in places
        and max(zipf(word), zipf_in_packs(word)) >= _STATUS_ZIPF
    )


#: a code's token: a hex number, a dotted number, or digits and capitals mixed ("0x8007045D", "19045.3803", "22H2")
_TECH_TOKEN = re.compile(r"0[xX][0-9A-Fa-f]+|\d+(?:\.\d+)+|(?=[0-9A-Z-]*\d)(?=[0-9A-Z-]*[A-Z])[0-9A-Z][0-9A-Z-]+")


def _code_reply(words: list[str]) -> bool:
    """A reply in small letters around a code (a hex or dotted number, digits and capitals), with no capitalised word
    and no word a name list holds but a name's connector ("aparece el 0x8007045D al copiar", "22H2, compilación
    19045.3803"): no name."""
    first, last, _, _ = load_gazetteers()
    if not any(_TECH_TOKEN.fullmatch(w.strip(".,;:!?()\"'")) for w in words):
        return False  # "2 de febrero del 71": a date in words and numbers may answer a question, no code in it
    small = False
    for word in words:
        for w in word.strip(".,;:!?()\"'").split("/"):  # "ABC-12345678/JOHN/SMITH" holds a name in its parts
            if not w or any(c.isdigit() for c in w):
                continue
            if w[0].isupper() or (fold(w) not in NAME_CONNECTORS and (fold(w) in first or fold(w) in last)):
                return False
            small = small or w.isalpha()
    return small


#: a note in brackets after a phone number that holds words, not digits of the number ("(Google Pixel 7a)"); an
#: extension's is part of the number ("(ramal 2231)", "(poste 4471)")
_PHONE_NOTE = re.compile(
    r"(?<=\d)[ \t]*\((?![ \t]*(?i:ext|extension|extensión|ramal|poste|interno|int|durchwahl|dw|toestel|wew|dahili)\b)"
    r"(?=[^)\n]*[^\W\d_]{3})[^)\n]*\)?[ \t]*$"
)


#: one token made like an identifier of code: small-letter words joined by hyphens or underscores, or capitals
#: joined by underscores ("catalogo-api", "order_service", "SPRING_PROFILES_ACTIVE")
_CODE_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


#: a member path of code: three or more identifiers joined by dots, one of them in CamelCase
_MEMBER_PATH = re.compile(r"(?=[\w.]*[a-z][A-Z])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){2,}")


def _code_identifier(value: str) -> bool:
    """``value`` is one identifier of code: not every part of it (initials aside) a listed name, and not a first name
    with one other part ("jean-pierre", "ana_lopez", "maria_88", "j-garcia" are people's; "SPRING_PROFILES_ACTIVE" is
    no one's, though Spring is a given name)."""
    if _CODE_IDENTIFIER.fullmatch(value.strip()) is None:
        return False
    first, last, _, _ = load_gazetteers()
    parts = [p for p in re.split(r"[-_]", value.strip().lower()) if p]
    if len(parts) == 2 and parts[0] in first:
        return False
    # an initial and a surname ("j-garcia", "m_lopez") are a person's too
    names = [p for p in parts if p.isalpha() and len(p) > 1]
    return not (names and all(p in first or p in last for p in names))


#: a question that asks who someone is
_WHO = re.compile(r"(?i)(?<![\w])(?:who|whom|wer|wem|wen|quién|quien|quem|chi|qui|kim|kimle|kiminle|kto|z kim)(?![\w])")


def _answers_a_question(text: str, start: int) -> bool:
    """The line before the one at ``start`` ends with a question that names a personal field ("agent: and your date
    of birth?"): the reply may hold what was asked, in words ("caller: the fifth of nov, eighty-two"); a reply to
    "Ha già provato il reset?" holds none."""
    line = text.rfind("\n", 0, start)
    if line <= 0 or not text[:line].rstrip().endswith("?"):
        return False
    question = text[text.rfind("\n", 0, line) + 1 : line]
    if _WHO.search(question):
        return True  # "Mit wem spreche ich?": the reply names the writer ("hier ist der hans weber")
    words = re.findall(r"[^\W\d_]+", question)
    grams = (" ".join(words[i : i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1))
    return any(len(g) >= 3 and key_label(g) is not None for g in grams)  # no "il" (tr: province) of an Italian line


def _addressed_group(words: str) -> bool:
    """ "Dear Team", "Dear Applicant", "Liebe Kursteilnehmer", "Sehr geehrte Bildungsplattform-Nutzer":
    a salutation to a group or a role.  Every word (each part of a hyphenated one) is common, an
    English dictionary noun of a role or in the plural that is no surname, or a German or Dutch
    compound of common words; none is a known first name ("Dear Grace", "Dear Baker", "Dear
    Heavenly" stay names)."""
    first, last, _, _ = load_gazetteers()
    for word in words.split():
        for part in word.split("-"):
            f = fold(part)
            if not part or f in first:
                return False
            if zipf(part) >= 3.8:
                continue
            role = is_dictionary_word(f) and f.endswith(_ROLE_ENDINGS)
            if f in last or not (role or closed_compound(part, last)):
                return False
    return True


_SLOT = re.compile(r"\[([^\W\d_]{2,}(?:[ \t][^\W\d_]{2,}){1,3})\]")  # two to four words: "[V]", "[Senator]" are values


#: an attribute of the object code runs in, or of its configuration ("self.password", "this.userName",
#: "process.env.DB_PASS", "os.environ['TOKEN']"): what a program reads, not a value written down
_RECEIVER_ATTRIBUTE = re.compile(
    r"(?:self|this|cls|me|config|settings|opts|options|params|props|args|process\.env|os\.environ)"
    r"(?:\.[A-Za-z_$][\w$]*|\[['\"][\w.-]+['\"]\])+[,;)}]?"
)


def _template_slot(value: str) -> bool:
    """A bracketed instruction in a form template (``[Sign Here]``, ``[Your Name]``, ``[Insert
    Date]``): frequent words only, not all of them listed names (``[Rosa Blanco]`` is a name: the
    noisy lists also hold ``Here``)."""
    m = _SLOT.fullmatch(value.strip())
    if m is None:
        return False
    first, last, _, _ = load_gazetteers()
    words = m.group(1).split()
    return all(zipf(w) >= _SLOT_ZIPF for w in words) and not all(fold(w) in first or fold(w) in last for w in words)


#: how frequent every word of a bracketed blank is ("here", "your", "insert", "name", "date")
_SLOT_ZIPF = 4.0


#: where a table's line ends: a line break, or a written "\\n" in text pasted from a JSON string
_TABLE_BREAK = re.compile(r"\r?\n|\\n")
#: the separators a pasted table uses between its cells
_TABLE_SEPARATORS = (",", ";", "\t", "|")
#: the fewest cells of a table's header, and of them the fewest known field keys
_TABLE_MIN_CELLS = 3
_TABLE_MIN_KEYS = 2
#: a header's cell: a field's key of one to three words, no sentence ("city changed.")
_TABLE_KEY = re.compile(r"[^\W\d_][\w'’./()#-]{0,30}(?:[ ][\w'’./()#-]{1,20}){0,2}(?<![.!?])")
#: a Markdown table's rule between its header and its rows
_TABLE_RULE = re.compile(r"[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?[ \t]*)?")
#: a row counter under a header's "id" or "#": no one's identifier
_ROW_COUNTER = re.compile(r"\d{1,3}")


def _table_cells(text: str, start: int, end: int, sep: str) -> list[tuple[int, int]]:
    """The cells of the line [start, end) split at ``sep`` (a quoted cell may hold it): each cell's content, its
    blanks and quotes left out."""
    cells: list[tuple[int, int]] = []
    if sep == "|":  # a Markdown table's line opens and closes with its bar: "| Name | Phone |"
        while start < end and text[start] in " \t":
            start += 1
        while end > start and text[end - 1] in " \t":
            end -= 1
        if end - start > 1 and text[start] == "|" and text[end - 1] == "|":
            start, end = start + 1, end - 1
    i = start
    while True:
        while i < end and text[i] in " \t" and text[i] != sep:
            i += 1
        if i < end and text[i] in "\"'":
            close = text.find(text[i], i + 1, end)
            if close < 0:
                return []
            cells.append((i + 1, close))
            i = close + 1
            while i < end and text[i] in " \t" and text[i] != sep:
                i += 1
            if i < end and text[i] != sep:
                return []  # text after a quoted cell: no table's line
        else:
            j = text.find(sep, i, end)
            j = end if j < 0 else j
            k = j
            while k > i and text[k - 1] in " \t":
                k -= 1
            cells.append((i, k))
            i = j
        if i >= end:
            return cells
        i += 1  # past the separator


def csv_tables(text: str) -> Iterator[tuple[list[tuple[int, int]], list[list[tuple[int, int]]]]]:
    """The pasted tables of ``text`` ("first_name,last_name,city" then rows of values; also a table whose lines are
    joined by a written "\\n", and a Markdown table): each header's cells and its rows' cells.  A header has three
    cells or more, each a key's words (no sentence), half of them and two at least known keys; the rows under it are
    the lines with as many cells, up to the first that has not (a Markdown table's rule skipped)."""
    if text.count("\n") + text.count("\\n") < 1:
        return
    lines: list[tuple[int, int]] = []
    pos = 0
    for m in _TABLE_BREAK.finditer(text):
        lines.append((pos, m.start()))
        pos = m.end()
    lines.append((pos, len(text)))
    i = 0
    while i < len(lines):
        start, end = lines[i]
        header: list[tuple[int, int]] = []
        sep = ""
        for sep in _TABLE_SEPARATORS:
            if sep in text[start:end]:
                header = _table_cells(text, start, end, sep)
                if len(header) >= _TABLE_MIN_CELLS:
                    break
                header = []
        keys = [text[s:e] for s, e in header]
        if (
            not header
            or any(not _TABLE_KEY.fullmatch(k) for k in keys)
            or sum(key_label(k) is not None for k in keys) < max(_TABLE_MIN_KEYS, len(keys) / 2)
        ):
            i += 1
            continue
        rows: list[list[tuple[int, int]]] = []
        j = i + 1
        while j < len(lines):
            if _TABLE_RULE.fullmatch(text, *lines[j]):
                j += 1  # a Markdown table's rule under its header: "|---|:---:|"
                continue
            cells = _table_cells(text, *lines[j], sep)
            if len(cells) != len(header):
                break
            rows.append(cells)
            j += 1
        yield header, rows
        i = j


def csv_cells(text: str) -> Iterator[tuple[str, int, int]]:
    """Each value of a pasted table (:func:`csv_tables`) with its column's key; a row counter under "id" is none."""
    for header, rows in csv_tables(text):
        keys = [text[s:e] for s, e in header]
        counters = [key_label(key) == Label.ID_CARD for key in keys]
        for cells in rows:
            for key, counter, (s, e) in zip(keys, counters, cells, strict=True):
                if e > s and not (counter and _ROW_COUNTER.fullmatch(text, s, e)):
                    yield key, s, e


def table_header_cells(text: str) -> list[tuple[int, int]]:
    """The header cells of the pasted tables of ``text`` that have rows: field keys ("| Name | Phone |"), no one's
    name a guess read there."""
    return [cell for header, rows in csv_tables(text) if rows for cell in header]


class KeyedFieldDetector(Detector):
    name = "keyed"
    labels = frozenset(Label)
    sources: ClassVar[Mapping[str, int]] = {"keyed": RANK_KEYED, "keyed:salutation": 65}

    def _emit(self, text: str, key: str, start: int, end: int, score: float) -> Iterator[Entity]:
        label = key_label(key)
        if label is None:
            return
        # an address may be written as a list of quoted parts ("street", "2675", "town")
        span = _value_span(text, start, end, quoted_ends=label != Label.STREET_ADDRESS, secret=label == Label.PASSWORD)
        if span is None:
            return
        s, e = span
        pos = s
        while label != Label.PASSWORD and (colon := _INLINE_COLON.search(text, pos, e)) is not None:
            # "Date: 1977-12-04 Place: GB": the value ends where the next field starts on its line
            pos = colon.end()
            found = _inline_key(text, s, colon.start())
            if found is None:
                continue
            key_start, inner = found
            if text[s:key_start].strip(" \t,;-*_"):
                if inner is not None:  # the next field's own value
                    yield from self._emit(text, text[key_start : colon.start()].strip(" \t*_"), pos, e, score)
                else:  # "... Steuerklasse: III   Konfession: rk": a known field after an unknown one
                    yield from self._later_field(text, pos, e, score)
                e = s + len(text[s:key_start].rstrip(" \t,;-*_"))
                break
            # "Participant - NOM: Claps Paternò": the value is the inner field's
            s = pos + len(text[pos:e]) - len(text[pos:e].lstrip(" \t*_"))
            label = inner or label
            if s >= e:
                return
        value = text[s:e]
        if _RECEIVER_ATTRIBUTE.fullmatch(value.strip()) and in_code_line(text, s):
            return  # "{'Password':self.password, ...}": code reads the value from an object, no value is written
        if _template_slot(value):
            return  # "Signature: [Sign Here]", "Name: [Your Name]": a form's blank to fill, no value
        words = value.split()
        if len(words) > _MAX_WORDS.get(label, 12) and label not in (Label.STREET_ADDRESS, Label.HEALTH, Label.PASSWORD):
            head = _NAME_HEAD.match(value) if label == Label.PERSON else None
            if head is None:
                return  # a long prose value after "Name:" is not a name
            # "Policyholder: Neil Castleton, 3 Hollybush Way, Exeter": the name, then the address
            e = s + len(head.group(1))
            value = text[s:e]
        if label == Label.PERSON and _prose(words) and not _answers_a_question(text, s):
            return  # "Agent: Please try code 7E-21 reset", "Customer: I already did that": a speaker's line
        if label == Label.PERSON and value.rstrip().endswith("?"):
            return  # "Doctor: Any cough?": a speaker's question, no name
        if label == Label.PERSON and _code_reply(words):
            return  # "Cliente: aparece el 0x8007045D al copiar", "Cliente: 22H2, compilación 19045.3803"
        if label == Label.PERSON and _no_name_word(words):
            return  # "Customer: ok", "Customer: sure, G000 T602 1234 5678": a speaker's reply, no name
        if label == Label.PERSON and _code_identifier(value):
            return  # a manifest's "name: catalogo-api", "- name: SPRING_PROFILES_ACTIVE": a deployment's, a variable's
        if label == Label.USERNAME and len(words) >= 3 and _prose(words) and not any(map(_handle, words)):
            # "User: the app says 502 Bad Gateway": a transcript's speaker, no user name ("Usuario: Tomás
            # Vidal, usuario de dominio tvidalq" holds one)
            return
        if label == Label.PASSWORD and fold(key).strip() == "pwd" and _PATH_VALUE.fullmatch(value):
            return  # sudo's "PWD=/srv/app": the working directory, no password
        if label in _NUMERIC and sum(c.isdigit() for c in value) < 2:
            return  # "IBAN <IBAN_1>: please refund me": prose after the field, not an account number
        if label == Label.STATE and _status_word(value):
            # "Last State: Terminated", "Estado: Activo": a status after the word for it, no place (a country's key
            # holds nationalities, "Nationality: Filipino", and a city's may hold frequent words: no status there)
            return
        if label == Label.PHONE and sum(c.isdigit() for c in value) < 6 and sum(c.isalpha() for c in value) > 3:
            return  # "Handy: Galaxy Z Flip5, Android 14": the phone's model after the word, not its number
        if label == Label.PHONE and (note := _PHONE_NOTE.search(value)) is not None:
            # "Handy: 0176 2281 4937 (Google Pixel 7a, Android 14)": the number, then the phone's model in brackets
            e = s + note.start()
            value = text[s:e]
        if label in _PLACE_LABELS and _MEMBER_PATH.fullmatch(value.strip().rstrip(";,")):
            return  # C#'s "State = System.Data.Entity.EntityState.Deleted;": a member of code, no place
        if label in _PLACE_LABELS and _HEX_LITERAL.search(value):
            return  # Windows' "État : 0xC000006D", a hub's "Estado: DISCONNECTED (reason=0x87)": a status, no place
        if label in _DOCUMENTS and len(words) > 1 and not any(c.isdigit() for c in value):
            return  # 'Apple ID: "Verification Failed"': words after the key, no document number
        if label == Label.GEO_COORDINATE and not any(c.isdigit() for c in value):
            label = Label.LOCATION  # "Location: Lyon, France" names a place, not coordinates
        if label == Label.STREET_ADDRESS and (named := _addressee(value)) is not None:
            # "Delivery address: June Walters, 56 Howard Club": the addressee, then the address
            yield Entity.make(text, s, s + named, Label.PERSON, score, "keyed")
            s += len(value) - len(value[named:].lstrip(" \t,"))
            if s >= e:
                return
        yield Entity.make(text, s, e, label, score, "keyed")

    def _later_field(self, text: str, pos: int, end: int, score: float) -> Iterator[Entity]:
        """The first known field key after ``pos`` on the line (up to ``end``), and its value."""
        lo = pos
        while (colon := _INLINE_COLON.search(text, pos, end)) is not None:
            found = _inline_key(text, lo, colon.start())
            pos = colon.end()
            if found is not None and found[1] is not None:
                yield from self._emit(text, text[found[0] : colon.start()].strip(" \t*_"), pos, end, score)
                return
            lo = pos

    def detect(self, text: str, language: str = "und") -> list[Entity]:
        out: list[Entity] = []
        for m in _JSON.finditer(text):
            g = 4 if m.group(4) is not None else 5
            out.extend(self._emit(text, m.group(2), m.start(g), m.end(g), 0.9))
        for m in _XML.finditer(text):
            key = m.group(1)
            if key == "title" and _HTML_DOCUMENT.search(text, 0, m.start()):
                continue  # an HTML page's <title>: the document's name, no person's title
            if key_label(key) is None:  # <label for="city">, <td class="email">
                attr = _ATTR.search(m.group(0), 0, m.start(2) - m.start())
                key = attr.group(1) if attr else key
            out.extend(self._emit(text, key, m.start(2), m.end(2), 0.9))
        logfmt = "=" in text and _LOGFMT_PAIR.search(text) is not None
        for m in _FORM.finditer(text):
            if logfmt and text[m.start(2) - 1 : m.start(2)] == "=" and _LOGFMT_PAIR.search(text, m.start(2), m.end(2)):
                continue  # a log line of key=value pairs: each pair is read on its own below
            out.extend(self._emit(text, m.group(1), m.start(2), m.end(2), 0.8))
        if "\t" in text:
            for m in _TAB_FIELD.finditer(text):
                # a known key before a value that is no key (a table's header of two columns is no pair)
                if exact_key_label(m.group(1).strip()) is not None and exact_key_label(m.group(2).strip()) is None:
                    out.extend(self._emit(text, m.group(1), m.start(2), m.end(2), 0.8))
        if logfmt:
            for line in _LINE.finditer(text):
                pairs = list(_LOGFMT_FIELD.finditer(text, line.start(), line.end()))
                if len(pairs) < 2:
                    continue  # one "key=value" on a line is a form field, read above
                for m in pairs:
                    if _in_tag(text, m.start()):
                        continue  # an HTML attribute (name="viewport") names a field, not a value
                    v = 3 if m.group(3) is not None else 4
                    out.extend(self._emit(text, m.group(1), m.start(v), m.end(v), 0.8))
        for key, start, end in csv_cells(text):
            out.extend(self._emit(text, key, start, end, 0.8))
        for m in _QUOTED_ASSIGN.finditer(text):
            if _in_tag(text, m.start()):
                continue  # an HTML attribute (name="viewport", id="email") names a field, not a value
            out.extend(self._emit(text, m.group(1), m.start("v"), m.end("v"), 0.85))
        if "[" in text:
            # a Kafka client's bracket names the client and its group ("[Consumer clientId=orders-1, groupId=orders]"):
            # no customer's id, whatever the key's last word, where the value is a software's name
            clients = [m.span() for m in KAFKA_CLIENT.finditer(text)]
            out = [
                e for e in out if not (any(s <= e.start and e.end <= t for s, t in clients) and technical_name(e.text))
            ]
        first, last = load_gazetteers()[:2]
        brands = lexicons.word_set("technical_brands")
        for m in _SALUTATION.finditer(text):
            s, e = m.start(2), m.end(2)
            # "Hello, I'm Marta": skip leading pronouns and other very common words
            for word in re.findall(r"\S+", m.group(2)):
                if _all_common(word, 4.5) and s + len(word) < e:
                    s = text.index(word, s) + len(word)
                    while s < e and text[s] in " \t":
                        s += 1
                else:
                    break
            words = text[s:e].split()
            if _VENDOR_AFTER.match(text, e) and (
                len(words) == 1
                or not any(fold(w) in first for w in words)
                or text[s:e] in lexicons.word_set("technical_brands")
            ):
                # "Dear BNP Paribas support", "Sehr geehrtes N26-Team", "Dear Douglas support": a vendor (a
                # person is not addressed with the team's word after their name; "Dear Maria Lopez support" is)
                continue
            if not m.group(1) and _product_greeted(text, words, e, brands, first, last):
                continue
            if m.group(1) or not _addressed_group(text[s:e]):
                out.append(Entity.make(text, s, e, Label.PERSON, 0.6, "keyed:salutation"))
        return out
