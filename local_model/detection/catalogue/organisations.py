"""Organisation rules: acronyms, CamelCase brands, company and institution names.

What classical NER misses in user queries (measured on PUPA_New) is mostly proper nouns that do
not look like English names: CamelCase brands (``OpenAI``, ``KorVex``), acronyms (``ZLTX``,
``HSBC``), organisation names that end in a designator (``Kestrel Air``, ``Zelva national
company``) or read "University of X"; a legal form (``Ltd``, ``Limited``, ``Incorporated``) makes
a company name without any rare word; firms named after their partners (``Hale, Moreno and
Pratt``) and Spanish business names (``Talleres Ruiz``).  All of these are low-score spans
(recall over precision) and lose every overlap.

- acronyms: 2-6 capitals (digits and ``&`` allowed) that are not a common word in
  en/fr/de/nl/es, not a field name and not a title;
- CamelCase tokens in prose (not in markup, not followed by ``(``, ``=``, ``":``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from local_model.detection.catalogue.base import Example, Family, Finder, Hit, Rule, Scan
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.names import follows_brand
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lang import RULE_PACKS, rule_pack
from local_model.text.lexicon import (
    COMMON_ACRONYMS,
    ES_ORG_HEADS,
    LEGAL_FORMS,
    ORG_DESIGNATORS,
    TITLE_WORDS,
    alternation,
    key_label,
)
from local_model.text.lexicons import words as word_list
from local_model.text.textnorm import fold, in_code_line
from local_model.text.words import glued_common_words, zipf, zipf_in
from signatures.entities import Label

_ACRONYM = re.compile(r"(?<![\w&./:@#<-])[A-Z][A-Z0-9&]{1,5}(?![\w&@>-]|\.\w|\()")
_CAMEL = re.compile(r"(?<![\w./:@#<$-])(?:[A-Z][a-z]+[A-Z]|[a-z][A-Z])[\w]{0,30}(?![\w@>(=-]|\.\w)")
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
_TITLES = {fold(w).rstrip(".") for w in TITLE_WORDS}
#: three capitals or more, two digits or more and a closing capital or two: a model's code, no firm's initials (G4S
#: has one digit) and no plate (WX19AB has two capitals first)
_MODEL_SHAPE = re.compile(r"[A-Z]{3,}\d{2,}[A-Z]{1,2}")


def _find_acronyms(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    pack: str | None = None
    for m in _ACRONYM.finditer(text):
        word = m.group()
        if pack is None:
            pack = scan.memo("pack_language", rule_pack) or ""
        if (
            word in COMMON_ACRONYMS
            or zipf(word) >= ZIPF["acronym"]
            # a word of the text's pack typed in capitals ("VAIG", "TENHA", "JEST"), not a firm
            or (pack and zipf_in(word, pack) >= ZIPF["acronym_pack"])
            or fold(word) in _TITLES
            or key_label(word) is not None
            or word.isdigit()
        ):
            continue
        if sum(c.isalpha() for c in word) < 2:
            continue
        if _MODEL_SHAPE.fullmatch(word):
            continue  # "la unidad exterior RXM35R": letters, two digits or more, a letter: a model's code
        if follows_brand(text, m.start(), word):
            continue  # "Delonghi ECAM 22.110.B": a brand's series
        # all-caps headings ("BACKGROUND INFORMATION") are not acronyms
        around = text[max(0, m.start() - 12) : m.end() + 12]
        if len(re.findall(r"\b[A-Z]{4,}\b", around)) >= 3:
            continue
        yield Hit(m.start(), m.end(), Label.ORGANIZATION, 0.35)


def _find_camelcase(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _CAMEL.finditer(text):
        if (
            in_code_line(text, m.start())
            or text[max(0, m.start() - 1)] == "\\"
            or re.match(r"[\"']?\s*[:=]", text[m.end() : m.end() + 4])
        ):
            continue  # code, escapes ("\\tReport") and field names ("DateOfBirth:")
        if glued_common_words(m.group()):
            continue  # "UniversityVirtual", "TimePreferred": glued common words
        yield Hit(m.start(), m.end(), Label.ORGANIZATION, 0.35)


def _find_designated(scan: Scan) -> Iterator[Hit]:
    places = load_gazetteers()[2]
    for m in _ORG.finditer(scan.text):
        words = m.group(1).split()
        if words[-1].islower() and len(words[-1].rstrip(".")) <= 2:
            continue  # "Chodzę co niedzielę", "Ele sa": a two-letter designator in lower case is a word
        names = words[:-1]
        if names and names[-1].islower():
            names = names[:-1]
        legal = fold(words[-1]).rstrip(".") in _LEGAL_FORMS  # "Blue Harbour Capital Limited"
        if legal or any(
            zipf(w) < ZIPF["org_rare_word"]
            or (fold(w) in places and zipf(w) < ZIPF["org_place_word"])  # "Our" is a town too
            or (w.isupper() and len(w) > 1)
            for w in names
        ):
            start = m.start(1) + (4 if words[0] in ("The", "THE") and len(words) > 2 else 0)
            # "Ltd." keeps its dot; "Limited." ends a sentence
            end = m.end(1) - (m.group(1).endswith(".") and len(words[-1]) > 5)
            yield Hit(start, end, Label.ORGANIZATION, 0.4)


def _find_firms(scan: Scan) -> Iterator[Hit]:
    last = load_gazetteers()[1]
    for m in _FIRM.finditer(scan.text):
        parts = [fold(g) for g in m.groups()]
        if sum(p in last or p in ("asociados", "associates", "partners", "co") for p in parts) >= 2:
            yield Hit(m.start(), m.end(), Label.ORGANIZATION, 0.45)


def _find_head_first(scan: Scan) -> Iterator[Hit]:
    last = load_gazetteers()[1]
    for m in _ORG_HEAD_FIRST.finditer(scan.text):
        names = m.group(1).split()
        if any(zipf(w) < ZIPF["org_head_name"] or fold(w) in last for w in names):
            yield Hit(m.start(), m.end(), Label.ORGANIZATION, 0.45)


def _find_org_of(scan: Scan) -> Iterator[Hit]:
    for m in _ORG_OF.finditer(scan.text):
        yield Hit(m.start(1), m.end(1), Label.ORGANIZATION, 0.45)


_D = "propn"


#: the words before a pack's legal form that start the sentence, not the firm ("na", "w firmie",
#: "presso la", "a l'empresa"): the pack's function words and its words for a firm
_PACK_FIRM_WORDS = frozenset(
    fold(w) for w in (*word_list("function_words", RULE_PACKS), *word_list("firm_words", RULE_PACKS, required=False))
)
_PACK_NAME_TOKEN = re.compile(r"[^\W\d_][\w&'’.-]*|&")


def _pack_legal_form(lang: str) -> re.Pattern[str] | None:
    forms = word_list("legal_forms", (lang,), required=False)
    return re.compile(rf"(?i)(?<![\w])(?:{alternation(forms)})(?![\w])") if forms else None


_PACK_LEGAL_FORMS = {lang: _pack_legal_form(lang) for lang in RULE_PACKS}


def _find_pack_legal_forms(scan: Scan) -> Iterator[Hit]:
    """A firm ending in a legal form of the text's language pack ("Novaes e Filhos", "Rossi S.r.l.",
    "seta sp. z o.o.", "Yılmaz İnşaat Ltd. Şti."): up to four name words right before it, in any
    case, stopping at a function word, a word for a firm ("firma", "empresa") or punctuation."""
    lang = scan.memo("pack_language", rule_pack)
    pattern = _PACK_LEGAL_FORMS.get(lang) if lang else None
    if pattern is None:
        return
    text = scan.text
    for m in pattern.finditer(text):
        window_start = max(0, m.start() - 100)
        tokens = list(_PACK_NAME_TOKEN.finditer(text, window_start, m.start()))
        start = m.start()
        k, taken = len(tokens) - 1, 0
        while k >= 0 and taken < 4:
            token = tokens[k]
            gap = text[token.end() : start].strip(" \t")
            word = fold(token.group().rstrip("."))
            if not gap and word in _CONJUNCTIONS and start < m.start() and text[start].isupper():
                # "Gritti, Cossiga e Tagliafierro": a conjunction between two capitalised partners
                before = tokens[k - 1] if k > 0 else None
                if before is None or not _partner(before.group()) or text[before.end() : token.start()].strip(" \t"):
                    break
                start, k = token.start(), k - 1
                continue
            # a comma only between capitalised partners ("Piccinni, Gaito e Marzorati SPA")
            listed = gap == "," and _partner(token.group()) and text[start].isupper() and start < m.start()
            if (gap and not listed) or word in _PACK_FIRM_WORDS:
                break  # punctuation or a line break between, or a word of the sentence
            start, k, taken = token.start(), k - 1, taken + 1
        if start < m.start():
            yield Hit(start, m.end(), Label.ORGANIZATION, 0.45)


#: the words that join a firm's partners ("Rossi e Bianchi", "Kabza i Syn", "Yılmaz ve Ortakları")
PARTNER_CONJUNCTIONS = ("&", "e", "i", "y", "and", "ve", "und", "et", "en")
_CONJUNCTIONS = frozenset(PARTNER_CONJUNCTIONS)


def _partner(word: str) -> bool:
    """A capitalised name word, no word of the sentence ("presso", "firma", "na")."""
    return word[:1].isupper() and fold(word.rstrip(".")) not in _PACK_FIRM_WORDS


def _rule(
    name: str,
    find: Finder,
    source: str,
    score: float,
    patterns: tuple[re.Pattern[str], ...],
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    lexicons: tuple[str, ...] = (),
) -> Rule:
    return Rule(
        id=f"organisations.{name}",
        family=Family.ORGANISATIONS,
        detector=_D,
        labels=frozenset({Label.ORGANIZATION}),
        find=find,
        source=source,
        score=score,
        patterns=patterns,
        lexicons=lexicons,
        description=description,
        examples=examples,
        negatives=negatives,
    )


ACRONYM = _rule(
    "acronym",
    _find_acronyms,
    "heuristic:acronym",
    0.35,
    (_ACRONYM,),
    "2-6 capitals that are no common word (in the five languages or the text's pack), field name or title, "
    "outside an all-caps heading",
    (Example("I bank with ZLTX since last year", "ZLTX", Label.ORGANIZATION),),
    (
        "BACKGROUND INFORMATION ABOUT THE CASE",
        "I called the CEO and the FAQ",
        "Bom dia, o MEU contrato foi alterado, TENHA a bondade de verificar a fatura.",
        "¿Es problema de la unidad exterior RXM35R?",
    ),
    ("COMMON_ACRONYMS",),
)
CAMELCASE = _rule(
    "camelcase",
    _find_camelcase,
    "heuristic:camelcase",
    0.35,
    (_CAMEL,),
    "a CamelCase brand in prose (not code, escapes, field names or glued common words)",
    (Example("I ordered a jacket from KorVex yesterday", "KorVex", Label.ORGANIZATION),),
    ("DateOfBirth: 1990", "call ShowDialog() first"),
)
DESIGNATED = _rule(
    "designated",
    _find_designated,
    "heuristic:org",
    0.4,
    (_ORG,),
    "capitalised words before an organisation designator or legal form (Kestrel Air, Blue Harbour Capital Limited)",
    (Example("I work for Blue Harbour Capital Limited in town", "Blue Harbour Capital Limited", Label.ORGANIZATION),),
    ("The Big Company said no", "Chodzę co niedzielę do kościoła"),
    ("ORG_DESIGNATORS", "LEGAL_FORMS"),
)
PACK_LEGAL_FORM = _rule(
    "pack_legal_form",
    _find_pack_legal_forms,
    "heuristic:org",
    0.45,
    (),
    "up to four words before a legal form of the text's language pack, partners joined by a comma or a "
    "conjunction (Novaes e Filhos, Rossi S.r.l., Gritti, Cossiga e Tagliafierro e figli)",
    (
        Example("Bom dia, trabalho na Novaes e Filhos e preciso da fatura.", "Novaes e Filhos", Label.ORGANIZATION),
        Example("Dzień dobry, odkąd firma seta sp. z o.o. przejęła umowę", "seta sp. z o.o.", Label.ORGANIZATION),
        Example(
            "Buongiorno, lavoro presso Rossi Impianti S.r.l. e non ho la fattura",
            "Rossi Impianti S.r.l.",
            Label.ORGANIZATION,
        ),
        Example(
            "Buongiorno, lavoro come ragioniere presso Gritelli, Cossani e Tagliaferri e figli. Il modem non funziona.",
            "Gritelli, Cossani e Tagliaferri e figli",
            Label.ORGANIZATION,
        ),
        Example("Dzień dobry, mój pracodawca, firma Kabzik i Syn, płaci rachunki.", "Kabzik i Syn", Label.ORGANIZATION),
    ),
    ("Buongiorno, la SPA è chiusa oggi? Grazie mille.",),
    ("legal_forms (pt, it, pl, tr, ca)", "function_words", "firm_words"),
)
FIRM = _rule(
    "firm",
    _find_firms,
    "heuristic:org-head",
    0.45,
    (_FIRM,),
    "a firm named after its partners (Hale, Moreno and Pratt; Ortiz, Vega y Asociados)",
    (Example("the lawyers Hale, Moreno and Pratt wrote", "Hale, Moreno and Pratt", Label.ORGANIZATION),),
    ("Red, Green and Blue are colours",),
    ("surnames",),
)
HEAD_FIRST = _rule(
    "head_first",
    _find_head_first,
    "heuristic:org-head",
    0.45,
    (_ORG_HEAD_FIRST,),
    "a Spanish business word, then a name (Autoescuela Verdugo, Talleres Ruiz)",
    (Example("Llevé el coche a Talleres Ruiz ayer", "Talleres Ruiz", Label.ORGANIZATION),),
    ("Talleres de verano para niños",),
    ("ES_ORG_HEADS",),
)
ORG_OF = _rule(
    "org_of",
    _find_org_of,
    "heuristic:org",
    0.45,
    (_ORG_OF,),
    "an institution of a place (University of Leeds, Bank of Ireland)",
    (Example("I studied at the University of Leeds", "University of Leeds", Label.ORGANIZATION),),
    ("the university of life",),
)
