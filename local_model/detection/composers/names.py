"""Name composers: a person's name takes in its initials (a name in small letters its title), the surname after a
trailing initial, and the given names and surnames written next to it on its line in its case."""

from __future__ import annotations

import functools
import re

from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.composers.base import Composer
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import TITLE_WORDS, alternation
from local_model.text.textnorm import fold
from local_model.text.words import is_dictionary_word, zipf
from signatures.entities import Entity, Label

# "S. B. " + "Patil", "J. " + "Osei", "Mª " + "Ángeles Toledano": initials before a name
_INITIALS_BEFORE = re.compile(r"(?<![\w.])(?:(?:[A-Z]|M[ªa])\.?[ \t]?){0,2}(?:[A-Z]\.|Mª)[ \t]?$")


#: titles that are a family's words too: "my brother oskar" names a relative, whose title they are not
_KINSHIP_TITLES = frozenset({"father", "mother", "sister", "brother", "soeur"})


@functools.cache
def _title_before() -> re.Pattern[str]:
    """A listed title right before a name, in any case ("mister ", "sra. "); no kinship word."""
    titles = [t for t in TITLE_WORDS if fold(t) not in _KINSHIP_TITLES]
    return re.compile(rf"(?i)(?<![\w'’.-])(?:{alternation(titles)})\.?[ \t]$")


# "Mrs J" + ". Whitcombe": a name that ends in an initial continues with the surname after its dot
_SURNAME_AFTER = re.compile(r"\.[ \t]?[A-ZÀ-Þ][a-zà-ÿ'’]+(?:-[A-ZÀ-Þ][a-zà-ÿ'’]+)?(?![\w])")


def _extend_initials(entities: list[Entity], text: str) -> list[Entity]:
    """Names take in the initials written before them and the surname after a trailing initial
    (input sorted by start, disjoint)."""
    out: list[Entity] = []
    for ent in entities:
        if out and ent.label == Label.PERSON and out[-1].label == Label.PERSON:
            prev = out[-1]
            last = prev.text.split()[-1]
            if len(last) == 1 and last.isupper() and re.fullmatch(r"\.[ \t]?", text[prev.end : ent.start]):
                out[-1] = Entity.make(text, prev.start, ent.end, Label.PERSON, max(prev.score, ent.score), prev.source)
                continue  # "Mr. J" + ". " + "Osei"
        out.append(ent)
    for i, ent in enumerate(out):
        if ent.label != Label.PERSON:
            continue
        start, end = ent.start, ent.end
        floor = out[i - 1].end if i > 0 else 0
        before = _INITIALS_BEFORE.search(text, max(floor, start - 12), start)
        if before is not None:
            start = before.start()
        elif ent.text[:1].islower() and (title := _title_before().search(text, max(floor, start - 16), start)):
            start = title.start()  # "thank you mister de silva": a title in small letters before a name in them
        ceiling = out[i + 1].start if i + 1 < len(out) else len(text)
        words = ent.text.split()
        if len(words[-1]) == 1 and words[-1].isupper():
            after = _SURNAME_AFTER.match(text, end, ceiling)
            if after is not None:
                end = after.end()
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, ent.label, ent.score, ent.source)
    return out


# the word next to a name on its line, one or two spaces or tabs away
_WORD_BEFORE = re.compile(r"(?<![\w'’.@-])([^\W\d_][\w'’-]*)[ \t]{1,2}$")


_WORD_AFTER = re.compile(r"[ \t]{1,2}([^\W\d_][\w'’-]*)(?![\w'’@-]|\.\w)")


#: a known first name / surname next to a name is part of it unless it is a dictionary word or
#: this frequent (the name lists hold "se", "era": none is rarer); a dictionary word that is also a
#: name ("Rose", "Mark") only below the second


#: a word in no name list is a name part only in Title or upper case, rarer than this and no
#: dictionary word ("Yeray")


_NOT_NAME_PARTS = frozenset({"ok", "dias", "amigo", "amiga"})


def _case_of(word: str) -> str:
    letters = [c for c in word if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return "upper" if len(letters) > 1 else "title"
    if letters and letters[0].isupper():
        return "title"
    return "lower" if letters and all(c.islower() for c in letters) else "mixed"


def _name_part(word: str, case: str, *names: set[str] | frozenset[str]) -> bool:
    """Is ``word``, written next to a person's name in the name's case, one more part of it?"""
    if _case_of(word) != case or case == "mixed" or len(word) < 2:
        return False
    folded = fold(word.lower())
    if folded in _NOT_NAME_PARTS:
        return False
    frequency = zipf(word)
    dictionary = is_dictionary_word(folded)
    if any(folded in listed for listed in names):
        return frequency < (ZIPF["name_part_word"] if dictionary else ZIPF["name_part"])
    return case != "lower" and frequency < ZIPF["name_part_rare"] and not dictionary


#: a one-word span of these labels right next to a person's name is taken in when it is a name part
#: ("Yeray" tagged ORGANIZATION and "Quintana" tagged CITY before "Ojeda")
_ABSORBED = {Label.PERSON, Label.ORGANIZATION, Label.CITY, Label.LOCATION}


def _extend_names(entities: list[Entity], text: str) -> list[Entity]:
    """Person names take in the given names or surnames written before them and a surname after
    them, on the same line and in the same case ("Yeray" + "Quintana Ojeda", "josé antonio" +
    "garcía-pelayo", "EDNA" + "  HOLLOWAYNE"): a known first name or surname that is not a frequent
    word, or, in Title or upper case, a rare word of no dictionary.  A one-word span of a place or
    organisation at that word is taken in (input sorted by start, disjoint)."""
    first_names, surnames = load_gazetteers()[:2]
    out = list(entities)
    i = 0
    while i < len(out):
        ent = out[i]
        if ent.label != Label.PERSON:
            i += 1
            continue
        words = ent.text.split()
        start, end = ent.start, ent.end
        for _ in range(2):  # "josé antonio", "Yeray Quintana": two words at most
            prev = out[i - 1] if i > 0 else None
            floor = prev.start if prev is not None and prev.label in _ABSORBED else (prev.end if prev else 0)
            before = _WORD_BEFORE.search(text, max(floor, start - 40), start)
            if before is None or not _name_part(before.group(1), _case_of(words[0]), first_names, surnames):
                break
            if prev is not None and before.start(1) < prev.end:
                if (prev.start, prev.end) != before.span(1):
                    break  # the word is part of a longer span
                del out[i - 1]
                i -= 1
            start = before.start(1)
        nxt = out[i + 1] if i + 1 < len(out) else None
        ceiling = nxt.end if nxt is not None and nxt.label in _ABSORBED else (nxt.start if nxt else len(text))
        after = _WORD_AFTER.match(text, end, ceiling)
        if after is not None and _name_part(after.group(1), _case_of(words[-1]), surnames):
            if nxt is not None and after.end(1) > nxt.start:
                if (nxt.start, nxt.end) == after.span(1):
                    del out[i + 1]
                    end = after.end(1)
            else:
                end = after.end(1)
        if (start, end) != (ent.start, ent.end):
            out[i] = Entity.make(text, start, end, ent.label, ent.score, ent.source)
        i += 1
    return out


INITIALS = Composer("initials", _extend_initials, "initials before a name and the surname after a trailing initial")
NAME_EXTENSION = Composer(
    "name_extension", _extend_names, "given names and surnames next to a name on its line (Yeray + Quintana Ojeda)"
)
