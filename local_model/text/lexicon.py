"""Word lists shared by the detectors, and the structures built from them.

The lists themselves are data (``local_model/text/data/<language>/*.txt``, read by
:mod:`local_model.text.lexicons`); this module names them for the code that reads them and builds
what is derived: :func:`alternation` (a trie regex of a list), the field-name vocabulary
(:data:`FIELD_KEYS`: a normalized key, lower case, accents stripped, separators removed, to a
label; longer keys win, so ``gebruikersnaam``, username, beats ``naam``, name) and
:func:`key_label`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from local_model.text import regex_cache
from local_model.text.lexicons import LANGUAGES, pairs, words
from local_model.text.textnorm import fold
from signatures.entities import Label


def alternation(words: Iterable[str], case_sensitive: bool = False, *, from_text: bool = False) -> str:
    """A regex matching any of ``words``, the longest first (so "Mrs" wins over "Mr").

    Built as a trie (``Mr(?:s)?`` rather than ``Mrs|Mr``): Python's ``re`` tries every branch of
    a flat alternation at every position of the text, a trie only the branches that share the
    next character, which makes the big lexicon patterns several times faster.  Greedy optional
    tails keep the longest-first order, with backtracking to shorter words when the context after
    the word does not match.  A list in which two words differ only by the case of a shared prefix
    (``AB`` / ``abc``) could match a shorter word first under ``(?i)``; such lists get the flat
    alternation, unless the caller compiles the pattern ``case_sensitive`` (then no conflict exists).

    The alternation of a long word list is kept on disk (:func:`regex_cache.memo_text`); values
    taken from a text (the names a ticket repeats) must pass ``from_text=True``: never written.
    """
    unique = sorted({w for w in words if w})
    if from_text or len(unique) < _MEMO_WORDS:
        return _alternation(unique, case_sensitive)
    # a long list: the string is kept on disk under the list, the flag and this module's code
    source = "\0".join([_code_hash(), str(case_sensitive), *unique])
    return regex_cache.memo_text("alternation", source, lambda: _alternation(unique, case_sensitive))


#: lists at least this long have their alternation kept on disk (regex_cache.memo_text)
_MEMO_WORDS = 100


@lru_cache(maxsize=1)
def _code_hash() -> str:
    """A hash of this module's source: an edit of the trie builder builds every kept string again."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def _alternation(unique: list[str], case_sensitive: bool) -> str:
    if not case_sensitive and _case_conflict(unique):
        flat = "|".join(sorted({re.escape(w) for w in unique}, key=len, reverse=True))
        return _first_chars(unique) + "(?:" + flat + ")" if len(unique) >= 8 else flat
    trie: dict[str, Any] = {}
    for w in unique:
        node = trie
        for ch in w:
            key = ch if case_sensitive else _fold_key(ch)
            node = node.setdefault(key, {_VARIANTS: set()})
            node[_VARIANTS].add(ch)
        node[""] = {}
    return _first_chars(unique) + _trie_regex(trie)


def _first_chars(unique: list[str]) -> str:
    """A lookahead on the first characters of a long list (``(?=[AaBb...])``): ``re`` rejects the
    positions where no entry can start with one set lookup instead of trying every branch of the
    trie's first level there (the greeting and sign-off patterns run ~3x faster).  It matches
    exactly where some entry's first character is, so the alternation's matches are unchanged."""
    if len(unique) < 8:
        return ""
    return "(?=[" + "".join(re.escape(c) for c in sorted({w[0] for w in unique})) + "])"


def lexicon_pattern(entries: Iterable[str]) -> str:
    """A regex matching any entry of a word list: whole entries through :func:`alternation`,
    entries that end in ``*`` as stems followed by any letters (``cukrzyc*``: cukrzyca, cukrzycę;
    ``hamile*``: hamileyim), and entries that start with ``*`` as endings after any letters
    (``*yorum``: Turkish first-person verbs, ``*łem``: Polish first-person past).  An entry that
    starts with ``!`` is an exception no match may start with (``!engelliyor``: the verb "blocks"
    is not ``engelli*``, disabled).  Empty when the list is."""
    given = list(entries)
    items = [e for e in given if not e.startswith("!")]
    exceptions = [e[1:] for e in given if e.startswith("!") and len(e) > 1]
    whole = [e for e in items if not e.endswith("*") and not e.startswith("*")]
    stems = [e[:-1] for e in items if e.endswith("*") and len(e) > 1]
    endings = [e[1:] for e in items if e.startswith("*") and len(e) > 1 and not e.endswith("*")]
    parts = []
    if whole:
        parts.append(alternation(whole))
    if stems:
        parts.append("(?:" + alternation(stems) + r")[^\W\d_]*")
    if endings:
        parts.append(r"[^\W\d_]+(?:" + alternation(endings) + r")")
    if exceptions and parts:
        return "(?!" + alternation(exceptions) + ")(?:" + "|".join(parts) + ")"
    return "|".join(parts)


def _case_conflict(words: list[str]) -> bool:
    """Two branches of one trie node that the same character could match under ``(?i)`` by case."""
    children: dict[str, set[str]] = {}
    for w in words:
        for i, ch in enumerate(w):
            children.setdefault(w[:i], set()).add(ch)
    return any(
        len({c.lower() for c in chars}) < len(chars) or len({c.casefold() for c in chars}) < len(chars)
        for chars in children.values()
    )


#: characters ``re`` also takes for one another under ``(?i)`` though their cases differ
#: (Turkish dotless ``ı`` and ``i``, long ``ſ`` and ``s``, the Kelvin sign and ``k``): in
#: ``kullan(?:ici(?: adi)?|ıcı(?: adım)?)`` the first branch would take "kullanıcı adım" short of its
#: last letter, so such letters share one trie branch, written as a class (``kullan[iı]c[iı]...``)
_RE_FOLDS = {"ı": "i", "İ": "i", "ſ": "s", "\u212a": "k"}
#: the key under which the variants of a letter are kept in a trie node
_VARIANTS = "\x00"


def _fold_key(ch: str) -> str:
    """The trie key of a letter: the letters ``re`` folds together share one ("ı", "I", "i")."""
    low = ch.lower()
    return _RE_FOLDS.get(ch, low if low in ("i", "s", "k") else ch)


def _letter(node: dict[str, Any]) -> str:
    """A trie node's letter as a regex: the letter, or the class of the variants ``re`` folds together."""
    variants = sorted(node[_VARIANTS])
    return re.escape(variants[0]) if len(variants) == 1 else "[" + "".join(re.escape(v) for v in variants) + "]"


def _branches(node: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return sorted((k, v) for k, v in node.items() if k and k != _VARIANTS)


def _trie_regex(node: dict[str, Any]) -> str:
    branches = []
    for _, child in _branches(node):
        path = _letter(child)  # a run of nodes with one child and no word ending is one literal ("elekom")
        while "" not in child and len(nexts := _branches(child)) == 1:
            child = nexts[0][1]
            path += _letter(child)
        branches.append(path + _trie_regex(child))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return "(?:" + body + ")?" if "" in node else body


def _keys(label: Label, *keys: str) -> dict[str, Label]:
    return {fold(k).replace(" ", "").replace("_", "").replace("-", ""): label for k in keys}


#: the language folders other than the core one
_PACKS = tuple(lang for lang in LANGUAGES if lang != "mul")


def _field_keys(name: str, languages: tuple[str, ...]) -> dict[str, Label]:
    """A ``key<TAB>LABEL`` list as normalized key -> label (a later row wins a key)."""
    out: dict[str, Label] = {}
    for key, label in pairs(name, languages, required=False):
        out.update(_keys(Label(label), key))
    return out


def _labelled(name: str, pack_name: str) -> dict[Label, tuple[str, ...]]:
    """A core ``word<TAB>LABEL`` list as label -> words (labels in their first row's order), with the
    language packs' ``pack_name`` rows added folded (context words are matched on folded text)."""
    out: dict[Label, list[str]] = {}
    for word, label in pairs(name, ["mul"]):
        out.setdefault(Label(label), []).append(word)
    for word, label in pairs(pack_name, _PACKS, required=False):
        if Label(label) in _OWN_SHAPE:
            continue
        folded = fold(word).rstrip(".")
        # a short acronym counts only as a whole word ("BI 123", not "bill"): context words match
        # where a word starts, so a trailing space or colon marks its end
        forms = [folded] if len(folded) > 4 else [f"{folded} ", f"{folded}:"]
        for form in forms:
            if form not in out.setdefault(Label(label), []):
                out[Label(label)].append(form)
    return {label: tuple(ws) for label, ws in out.items()}


#: labels whose values have a shape rule of their own: a pack's context words do not relabel numbers
_OWN_SHAPE = frozenset({Label.IBAN, Label.POSTCODE, Label.CREDIT_CARD})


FIELD_KEYS: dict[str, Label] = _field_keys("field_keys", ("mul",))
#: the language packs' field names: whole keys only (a pack's short key is often the end of another
#: language's word: Italian "ente" ends "cliente", Turkish "ad" is a word of its own)
PACK_FIELD_KEYS: dict[str, Label] = {
    key: label for key, label in _field_keys("field_keys", _PACKS).items() if key not in FIELD_KEYS
}

#: Words that, in the few characters before a number, say what the number is.
CONTEXT_WORDS: dict[Label, tuple[str, ...]] = _labelled("context_words", "id_keywords")


def _postcode_words() -> dict[str, tuple[str, ...]]:
    """The core postcode words (under ``"mul"``) and each pack's POSTCODE keywords, folded (a short
    acronym as a whole word only: "cap ", "cep:"), for the postcode rules alone: :data:`CONTEXT_WORDS`
    leaves the packs' postcode keywords out, so they do not relabel numbers of other shapes."""
    out: dict[str, tuple[str, ...]] = {"mul": CONTEXT_WORDS.get(Label.POSTCODE, ())}
    for lang in _PACKS:
        forms: list[str] = []
        for word, label in pairs("id_keywords", (lang,), required=False):
            if label != Label.POSTCODE.value:
                continue
            folded = fold(word).rstrip(".")
            spelled = [folded] if len(folded) > 4 else [f"{folded} ", f"{folded}:"]
            for form in spelled + ([fold(word)] if word.endswith(".") else []):  # "C.P. 08001"
                if form not in forms and form not in out["mul"]:
                    forms.append(form)
        if forms:
            out[lang] = tuple(forms)
    return out


#: Words that, before a number, say it is a postcode, by language: the core words (``"mul"``) and
#: each language pack's ("CAP", "CEP", "kod pocztowy", "posta kodu", "codi postal").
POSTCODE_WORDS: dict[str, tuple[str, ...]] = _postcode_words()

BIRTH_CONTEXT = (*words("birth_context", ["mul"]), *(fold(w) for w in words("birth_context", _PACKS, required=False)))
#: the words after an age number in the language packs ("anos", "anni", "lat", "yaşında", "anys")
AGE_UNITS = words("age_units", _PACKS, required=False)

WEEKDAYS = words("weekdays", ["mul"])

#: month names: the core list, and the language packs' names of five letters or more (their short
#: abbreviations are everyday words elsewhere: "set", "out", "mar", "ago")
MONTHS = (
    *words("months", ["mul"]),
    *(m for m in words("months", _PACKS, required=False) if len(m) >= 5 and m.isalpha()),
)

GENDER_WORDS = words("gender_words")

TITLE_WORDS = words("title_words")

SALUTATIONS = words("salutations")

#: Relational / indirect mentions of a person that identify someone in context.
RELATION_WORDS = words("relation_words", ["mul"])

#: the same relations in Spanish, French, German and Dutch ("mi mujer Ana", "ma fille Léa",
#: "meine Frau Anna", "mijn zoon Daan"): read after a possessive, before a first name
RELATION_WORDS_INTL = words("relation_words_intl")

#: endings of file names and of the commonest host names: a token that ends in one is no user name
#: ("notes_v2.txt", "mail.example.com")
FILE_ENDINGS = words("file_endings")

#: Street-type words: "<Name> Road", "Hauptstraße", "rue de la Paix", "Calle Mayor".
STREET_SUFFIXES = words("street_suffixes")
STREET_PREFIXES = words("street_prefixes")
#: Spanish street words, long and abbreviated (Faker es_ES/es_MX and everyday forms)
ES_STREET_PREFIXES = words("es_street_prefixes")
#: every street word: the suffixes above and the street types of Faker's English-language address
#: providers (Alley, Branch, Fork, Neck, Trace ...), which are common words and therefore only
#: count after a house number
STREET_WORDS = tuple(sorted({*STREET_SUFFIXES, *words("numbered_street_types")}))
SECONDARY_UNITS = words("secondary_units")

#: Acronyms that are generic terms, not names: technology and business vocabulary, currency
#: codes, time zones.  Neither the acronym heuristic nor the NER treats them as organisations.
COMMON_ACRONYMS = frozenset(words("common_acronyms"))

#: Everyday words that Webster's 2nd (1934) and GCIDE lack; with them a capitalised word in a
#: heading or a button label ("Email", "Podcast") is not taken for a brand.
MODERN_WORDS = words("modern_words")

#: Words that end an organisation name ("Kestrel Air", "Zelva national company", "Acme GmbH").
#: Legal forms: they only end company names (a "Group" or a "Bank" may be generic; a "Ltd" is not).
LEGAL_FORMS = words("legal_forms", ("mul",))
#: words that open a Spanish business name ("Autoescuela Verdugo", "Hermanos Carballo")
ES_ORG_HEADS = words("es_org_heads")
ORG_DESIGNATORS = (*LEGAL_FORMS, *words("org_designators"))

#: Words that make a value someone else's in the customer's own ticket ("my ex's number", "el móvil
#: de mi madre", "le numéro de ma femme"): relations in en/es/fr/de/nl, third-person possessives
#: and pronouns.  Used to decide which values of a type the task needs are the customer's own.
THIRD_PARTY_WORDS = (*RELATION_WORDS, *words("third_party_words"))

#: First-person words that attribute a value to the writer ("my number", "mi móvil", "mon numéro").
FIRST_PERSON_WORDS = words("first_person_words")

#: folded month and weekday names (en/es/fr/de/nl)
CALENDAR_WORDS = frozenset(fold(w) for w in (*MONTHS, *WEEKDAYS))
#: particles inside names and place names ("van der", "de la", "Saint", "upon")
NAME_CONNECTORS = frozenset(words("name_connectors"))


# ---------------------------------------------------------------- field names -> labels

_MAX_KEY_WORDS = 5
_NAME_WORDS = set(words("key_name_words"))
_PERSON_NAME_PREFIXES = set(words("key_person_name_prefixes"))
#: prepositions that are keys only on their own ("To: Ana", "De: Luis"), never as a suffix ("pay to")
_EXACT_ONLY = set(words("key_exact_only"))
#: the field names of technical values (an event's type, a process's number): no key of personal data
_TECHNICAL_KEYS = frozenset(re.sub(r"[^a-z0-9]", "", fold(k)) for k in words("technical_keys"))


def _split_key(key: str) -> str:
    key = re.sub(r"([a-z])([A-Z])", r"\1 \2", key)
    return fold(key)


def exact_key_label(key: str) -> Label | None:
    """The label of a field name that is a known key as a whole (no suffix matching): "Date of
    birth" is one, "Küperskamp Stadt" is not."""
    words = re.sub(r"[^a-z0-9 ]", " ", _split_key(key).replace("'", "")).split()
    compact = "".join(words)
    return FIELD_KEYS.get(compact) or PACK_FIELD_KEYS.get(compact) or _compound_label(words)


#: the words that join two keys into one ("imię i nazwisko", "nome e cognome", "ad ve soyad")
_KEY_JOINS = frozenset({"i", "e", "y", "and", "und", "en", "et", "ve"})


def _compound_label(words: list[str]) -> Label | None:
    """Keys of one label joined into one ("imie_nazwisko", "nome_cognome", "Vorname Nachname"): that label."""
    parts = [w for w in words if w not in _KEY_JOINS]
    if len(parts) < 2 or any(len(w) < 3 or w in _EXACT_ONLY for w in parts):
        return None  # "tutora de": "De:" is a key on its own only
    labels = {FIELD_KEYS.get(w) or PACK_FIELD_KEYS.get(w) for w in parts}
    return labels.pop() if len(labels) == 1 and None not in labels else None


def key_label(key: str) -> Label | None:
    """Map a field name to a label (``None`` when the key says nothing about personal data).

    Exact match first, then the longest known suffix that starts on a word
    boundary (``student_dob``) or, for suffixes of 4+ letters, inside a
    compound word (``identiteitskaartnummer``).
    """
    words = re.sub(r"[^a-z0-9 ]", " ", _split_key(key).replace("'", "")).split()
    while words and words[-1].isdigit():  # "Given Name 1", "issue_2"
        words.pop()
    if not words or len(words) > _MAX_KEY_WORDS:
        return None
    compact = "".join(words)
    if compact in _TECHNICAL_KEYS:
        return None  # "Event ID: 4625", "Ereignis-ID: 41"
    if compact in FIELD_KEYS:
        return FIELD_KEYS[compact]
    if compact in PACK_FIELD_KEYS:
        return PACK_FIELD_KEYS[compact]
    if (compound := _compound_label(words)) is not None:
        return compound
    if len(words) > 1 and words[-1] in _NAME_WORDS:
        # "student name" is a person, "activity name" / "project name" is not
        head = "".join(words[:-1])
        if not (set(words[:-1]) & _PERSON_NAME_PREFIXES or FIELD_KEYS.get(head) == Label.PERSON):
            return None
    boundaries = set()
    pos = 0
    for w in words:
        boundaries.add(pos)
        pos += len(w)
    # longest suffix first: one dictionary lookup per position, not one scan of every key
    for at in range(1, len(compact)):
        suffix = compact[at:]
        if at in boundaries and suffix in _TECHNICAL_KEYS:
            return None  # "Something went wrong. Request ID": a technical key ends the words before the colon
        if suffix in FIELD_KEYS and suffix not in _EXACT_ONLY and (at in boundaries or len(suffix) >= 4):
            return FIELD_KEYS[suffix]
    return None


#: greetings of every language, folded ("ola", "merhaba", "czesc", "bon dia")
_GREETING_SET = frozenset(fold(w) for w in words("greetings"))
_GREETING_END = re.compile(r"[ \t]*(?:[,!.:;\n]|$)")


def is_greeting(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a greeting that opens a message or a line ("Olá,", "Merhaba!",
    "Bom dia,"): not a name or a place, though "Ola" is both somewhere."""
    return fold(text[start:end].strip()) in _GREETING_SET and _GREETING_END.match(text, end) is not None
