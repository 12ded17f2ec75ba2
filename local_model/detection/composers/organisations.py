"""Organisation composer: an organisation takes in the type word that heads it, the designator or
partner word after it and the dot of its legal form."""

from __future__ import annotations

import re

from local_model.detection.catalogue.organisations import PARTNER_CONJUNCTIONS
from local_model.detection.composers.base import NAMEISH, Composer
from local_model.text.lang import RULE_PACKS
from local_model.text.lexicon import ES_ORG_HEADS, LEGAL_FORMS, ORG_DESIGNATORS, alternation
from local_model.text.lexicons import words as word_list
from local_model.text.textnorm import fold
from signatures.entities import Entity, Label

# "Universidad de " + "Granada", "Liceo " + "Eduardo de la Barra", "Escola " + "Pompeu Fabra": a Spanish,
# Catalan or Galician organisation word before the name it heads
_ORG_HEAD_BEFORE = re.compile(
    r"(?<![\w-])(?:"
    + alternation(sorted({w.capitalize() for w in ES_ORG_HEADS} | {w.upper() for w in ES_ORG_HEADS if len(w) <= 4}))
    + r")"
    r"(?:[ ](?:Universitario|Universitaria|Primaria|Secundaria|Público|Pública|Privado|Privada|General|Municipal|"
    r"Nacional|Provincial|Regional|Comarcal))?[ ](?:(?:de|del|de la|de las|de los|d')[ ]?)?$"
)


# "Hale, Moreno y Pratt" + " Abogados", "Reeve" + " & Co", "Villalba" + " Asesores", "Andes Sur Ltda" + "."
_ORG_TAIL = re.compile(
    r"(?:[ ](?:&|and|y)[ ](?i:co|asociados|associates|partners|sons|hijos|hermanos|hnos)"
    r"|[ ](?=[A-ZÀ-Þ])(?i:" + alternation(sorted({*ORG_DESIGNATORS, "abogados", "asesores"})) + r"))(?![\w])"
)


_LEGAL_DOT = frozenset(f.replace(".", "") for f in LEGAL_FORMS if len(f) <= 6) | {"ltda", "cia", "co", "hnos"}


def _extend_organisations(entities: list[Entity], text: str) -> list[Entity]:
    """Organisation names take in the type word that heads them ("Universidad de Granada",
    "Escola Pompeu Fabra"), a designator or partner word after them ("... Abogados", "& Co") and
    the dot of a legal form ("S.L.", "Ltda."); input sorted by start, disjoint."""
    out = list(entities)
    i = -1
    while i + 1 < len(out):
        i += 1
        ent = out[i]
        if ent.label not in NAMEISH or ent.label == Label.STREET_ADDRESS:
            continue
        start, end, label = ent.start, ent.end, ent.label
        prev = out[i - 1] if i > 0 else None
        head = _ORG_HEAD_BEFORE.search(text, max(prev.start if prev is not None else 0, start - 40), start)
        if head is not None and prev is not None and head.start() < prev.end:
            if head.start() != prev.start:
                head = None  # the head word would cut another span in two
            else:
                del out[i - 1]  # "CEIP" + "Los Almendros": the head was a span of its own
                i -= 1
        if head is not None:
            start, label = head.start(), Label.ORGANIZATION
        ceiling = out[i + 1].start if i + 1 < len(out) else len(text)
        if label == Label.ORGANIZATION:
            tail = _ORG_TAIL.match(text, end, ceiling)
            if tail is not None:
                end = tail.end()
        if label == Label.ORGANIZATION:
            rest = _legal_rest(text[start:end], text, end)
            if rest is not None:  # "Turan Nakliyat Ltd." + " Şti.": the legal form read in two
                end = rest
                while i + 1 < len(out) and out[i + 1].start < end:
                    end = max(end, out[i + 1].end)
                    del out[i + 1]
        words = text[start:end].split()
        if len(words) >= 2 and fold(words[-1]).replace(".", "") in _LEGAL_DOT:
            label = Label.ORGANIZATION  # "Excavaciones Ferrán S.L" read as a person
            if end < ceiling and text[end] == ".":
                end += 1  # "Construcciones Peñalba S.L." keeps the dot of its legal form
        if (start, end, label) != (ent.start, ent.end, ent.label):
            out[i] = Entity.make(text, start, end, label, ent.score, ent.source)
    return out


#: legal forms of every language, folded without dots ("srl", "spa", "sp z oo", "i syn", "e figli")
_ALL_LEGAL_FORMS = frozenset(
    " ".join(fold(f).replace(".", " ").split()) for f in (*LEGAL_FORMS, *word_list("legal_forms", RULE_PACKS))
)
#: the second word of a family firm's ending ("e Figli", "i Fills", "& Filhos", "i Syn")
_FAMILY_WORDS = frozenset(
    form.split()[1]
    for form in _ALL_LEGAL_FORMS
    if len(form.split()) == 2 and form.split()[0] in PARTNER_CONJUNCTIONS and len(form.split()[1]) >= 3
)
#: what joins the partners of a firm's name
_PARTNER_GAP = re.compile(r",[ ]|[ ](?:" + "|".join(map(re.escape, PARTNER_CONJUNCTIONS)) + r")[ ]")


def _firm_end(value: str) -> bool:
    """The span ends in a legal form ("Marzorati SPA", "Figli S.r.l.") or opens with a family word
    ("Figli", "syn")."""
    folded = fold(value).replace(".", " ").split()
    tails = (" ".join(folded[-n:]) for n in range(1, min(4, len(folded)) + 1))
    return bool(folded) and (folded[0] in _FAMILY_WORDS or any(t in _ALL_LEGAL_FORMS for t in tails))


def _join_partners(entities: list[Entity], text: str) -> list[Entity]:
    """A firm named after its partners is one organisation, when a detector read a partner as a
    person or a place: "Bruscantini" + " & " + "Figli S.r.l.", "Piccinni" + ", " + "Gaito" + " e " +
    "Marzorati SPA".  The last part ends in a legal form or opens with a family word; the parts
    before it are name-like spans joined by a comma (one word each: a surname) or a conjunction (up
    to two words), at most three joins."""
    out: list[Entity] = []
    for ent in entities:
        if ent.label not in NAMEISH or ent.label == Label.STREET_ADDRESS or not _firm_end(ent.text):
            out.append(ent)
            continue
        start, joined = ent.start, 0
        while out and joined < 3:
            prev = out[-1]
            if prev.label not in NAMEISH or prev.label == Label.STREET_ADDRESS or not prev.text[-1:].isalpha():
                break
            gap = _PARTNER_GAP.fullmatch(text[prev.end : start])
            if not prev.text[:1].isupper() or gap is None:
                break
            if len(prev.text.split()) > (1 if gap.group().startswith(",") else 2):
                break  # "Hakan Soylu, Satın Alma Müdürü, Tokat Gıda A.Ş.": a signature, not partners
            start, joined = prev.start, joined + 1
            out.pop()
        if joined:
            ent = Entity.make(text, start, ent.end, Label.ORGANIZATION, ent.score, ent.source)
        out.append(ent)
    return out


PARTNERS = Composer("partners", _join_partners, "a firm named after its partners (Rossi & Figli S.r.l.)")
_NEXT_TOKEN = re.compile(r"\.?[ ]([^\W\d_][\w.]*)")


def _legal_rest(value: str, text: str, end: int) -> int | None:
    """Where the legal form that ``value`` ends with goes on after it ("Ltd." + "Şti.", "Sp." + "z
    o.o."): the end of the longest continuation (up to three tokens) that makes a listed legal form."""
    tail = fold(value).replace(".", " ").split()[-2:]
    found, at, tokens = None, end, []
    for _ in range(3):
        m = _NEXT_TOKEN.match(text, at)
        if m is None:
            break
        tokens += fold(m.group(1)).replace(".", " ").split()
        at = m.end()
        if any(" ".join([*tail[-n:], *tokens]) in _ALL_LEGAL_FORMS for n in (1, 2) if len(tail) >= n):
            found = at
    return found


ORGANISATIONS = Composer(
    "organisations", _extend_organisations, "the head word, designator and legal-form dot of an organisation"
)
