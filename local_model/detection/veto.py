"""The technical-context veto: what the answer needs is not personal data.

The keep rules of the technical-context family
(:data:`local_model.detection.catalogue.technical.KEEP_RULES`) find error codes, versions, ports,
log time stamps, stack frames, public URLs, product models, plans, brands and landmarks.  After the
merge, a detected span with a label a keep rule vetoes is dropped when it overlaps that rule's kept
string, or trimmed to the part outside it when that part still reads as its label (``502 1234``
after ``HTTP/1.1"``: the status is kept, the byte count is no identifier either and goes too; a
phone number run into a version keeps its own digits).

A keep rule with ``guesses_only`` (a listed brand that reads like a name) drops only spans of the
recognisers that guess from a word alone, and none that a cue, a key or a validator also found
among the merge's candidates (:func:`cued_spans`).

Values anchored to a person are never dropped:

* spans a validator confirmed (an IBAN, a card, an IP, an e-mail: ``rules:validated``), spans read
  after a personal field key (``keyed``) and a domain's own identifiers: they only lose what they
  ran into (an IP's ``:8443``), or go when they are a piece of a longer kept token (``3.0.4.48``
  inside firmware ``V3.0.4.48_1.9.8``); a template variable after a key (``user = ${SMTP_USER}``)
  is no value; a validated IP that is exactly a version written right after a version word
  (``firmware 7.1.0.3``) is that version;
* spans right after a word that names a personal identifier (``user=``, ``account``, ``tel``,
  ``IMEI``, ``usuario``: the context words of :data:`local_model.text.lexicon.CONTEXT_WORDS` and
  a few more, within :data:`ANCHOR_WINDOW` characters on the same line).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Sequence

from local_model.detection.catalogue.base import Keep, KeepRule, Scan, rank_source
from local_model.detection.catalogue.technical import (
    KEEP_RULES,
    NAME_LABELS,
    NUMBER_LABELS,
    SENTENCE_ARTICLES,
    TEMPLATE_VARIABLE,
    in_user_agent,
)
from local_model.text.gazetteers import load_gazetteers
from local_model.text.lexicon import CONTEXT_WORDS
from local_model.text.markers import PLACEHOLDER
from local_model.text.textnorm import fold, product_capitals
from local_model.text.words import zipf, zipf_in_packs
from signatures.entities import Entity, Label

#: merge-rank sources whose spans are anchored by construction
ANCHORED_SOURCES = frozenset({"rules:validated", "keyed", "keyed:salutation", "domain:identifier"})
#: merge-rank sources that guess from a word alone (a model, a list of names or places, the shape of
#: a capitalised word): the spans a ``guesses_only`` keep rule overrules; a cue's, a key's or a
#: validator's span it leaves alone
_GUESS_SOURCES = ("ner:", "tagger", "gazetteer:", "heuristic:")
_CUE_HEURISTICS = frozenset({"heuristic:name-cue", "heuristic:user-path", "heuristic:name-handle"})
#: kept strings that are names (a brand, a landmark): inside a street line they are the street's
_NAME_KINDS = frozenset({"brand", "landmark"})
#: labels a validator does not anchor: a calendar-valid date in a log line, a well-formed public URL
_UNANCHORED_LABELS = frozenset({Label.DATE, Label.TIME, Label.URL})
#: characters before a span in which a personal context word anchors it
ANCHOR_WINDOW = 16
_EXTRA_ANCHORS = (
    "user", "username", "login", "uid", "email", "e-mail", "mail", "imei", "serial", "s/n", "sn", "msisdn", "iccid",
    "pin", "puk", "password", "passwd", "pwd", "dob", "birth", "usuario", "utilizador", "utente", "utilisateur",
    "benutzer", "nutzer", "gebruiker", "kullanici", "uzytkownik", "usuari", "account", "konto", "cuenta", "conta",
    "compte", "handle", "nick", "whatsapp", "telegram",
)  # fmt: skip


@functools.cache
def _anchor_pattern() -> re.Pattern[str]:
    words = {w.strip() for ws in CONTEXT_WORDS.values() for w in ws if len(w.strip()) >= 2} | set(_EXTRA_ANCHORS)
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    # the word, then only separators and the words that join a key to its value ("no.", "is", "de")
    return re.compile(rf"(?<![^\W_])(?:{alt})(?![^\W\d_])(?:[\s:=#.'\"(º°-]+[^\W\d_]{{1,4}}){{0,2}}[\s:=#.'\"(º°-]*$")


def anchored(text: str, ent: Entity) -> bool:
    """A personal context word stands right before ``ent`` on its line (``user=jdoe``, ``tel 0612``),
    or a validator, a field key or the domain vouches for it."""
    return _source_anchored(ent) or _context_anchored(text, ent)


def _source_anchored(ent: Entity) -> bool:
    if ent.source.endswith("/technical.placeholder"):
        return True  # a marker already in the text is masked as the type it names
    return rank_source(ent.source) in ANCHORED_SOURCES and ent.label not in _UNANCHORED_LABELS


def _context_anchored(text: str, ent: Entity, keeps: Sequence[Keep] = ()) -> bool:
    """A personal context word right before ``ent`` on its line; one inside a kept string is part
    of that string ("Conta" of the plan "Conta Jovem" is no account number's key), one before a kept model that
    starts before ``ent`` names that device ("el móvil OPPO Reno10 5G"); before a name, only a user's or an account's
    word."""
    line_start = text.rfind("\n", 0, ent.start) + 1
    lo = max(line_start, ent.start - ANCHOR_WINDOW)
    m = _anchor_pattern().search(fold(text[lo : ent.start]))
    if m is None or any(k.start <= lo + m.start() < k.end for k in keeps):
        return False
    if any(k.kind == "product_model" and lo + m.start() < k.start < ent.start < k.end for k in keeps):
        return False  # "el móvil OPPO Reno10 5G": the word names the device a kept model names, no number's owner
    # a number's word anchors no name: "Phone is a Samsung Galaxy S23" names the device, "tel 0612 ..." is a number
    word = _ANCHOR_WORD.match(m.group())
    return ent.label not in NAME_LABELS or (word is not None and word.group() in _NAME_ANCHORS)


#: the context words that anchor a name too: the extra anchors but a number's or a secret's (a user's or an
#: account's: "user=jdoe", "account: Ana Souza")
_NAME_ANCHORS = frozenset(_EXTRA_ANCHORS) - {
    "imei", "serial", "s/n", "sn", "msisdn", "iccid", "pin", "puk", "password", "passwd", "pwd", "dob", "birth",
}  # fmt: skip
_ANCHOR_WORD = re.compile(r"[^\W_][\w/-]*")


def keep_spans(text: str, language: str = "und") -> list[tuple[Keep, KeepRule]]:
    """Every kept string of ``text`` with the rule that keeps it."""
    scan = Scan(text, language)
    return [(k, rule) for rule in KEEP_RULES for k in rule.keeps(scan)]


def guessed(ent: Entity) -> bool:
    """``ent`` comes from a recogniser that guesses from a word alone, not from a cue or a key."""
    source = rank_source(ent.source)
    return source.startswith(_GUESS_SOURCES) and source not in _CUE_HEURISTICS


def _vetoes(rule: KeepRule, ent: Entity, cued: Sequence[tuple[int, int]]) -> bool:
    if ent.label not in rule.vetoes:
        return False
    return not rule.guesses_only or (guessed(ent) and not any(s < ent.end and ent.start < e for s, e in cued))


def cued_spans(candidates: Sequence[Entity]) -> list[tuple[int, int]]:
    """The spans of names and places a cue, a key or a rule found among the merge's ``candidates``
    (``regards,\nAvis``: the sign-off's span, even where the tagger's span of the same characters
    won the merge): a ``guesses_only`` keep rule spares what overlaps them."""
    return [(e.start, e.end) for e in candidates if e.label in NAME_LABELS and not guessed(e)]


def technical_strings(text: str, language: str = "und") -> list[str]:
    """The technical strings the keep rules find in ``text`` (each once): what the detector keeps
    on purpose, so the gates downstream do not take it for personal data again."""
    return list(dict.fromkeys(text[k.start : k.end] for k, _ in keep_spans(text, language) if k.end - k.start >= 2))


def _plausible(text: str, start: int, end: int, label: Label) -> bool:
    """What is left of a span outside the kept strings still reads as its label: five digits for a
    number, three letters or digits for a user name, and for a name a capital and a word that is no
    frequent word ("App" left of "Glovo App" once the brand is kept; for a person also in a pack
    language: "Meine Kamera" left of "Meine Kamera Sony") or is a listed first name."""
    value = text[start:end]
    if value[:1].isdigit() and start > 1 and text[start - 1] in ".," and text[start - 2].isdigit():
        return False  # "5 Giga" right of a kept "2.": the rest of a number, cut from it
    if label == Label.USERNAME:  # "frederick.shepherd" between the kept parts of C:\Users\...\Downloads
        glued = (start > 0 and text[start - 1] in _GLUE) or (end < len(text) and text[end] in _GLUE)
        return sum(c.isalnum() for c in value) >= 3 and not value.isdigit() and not glued
    if label in NUMBER_LABELS:
        return sum(c.isdigit() for c in value) >= 5
    if not (sum(c.isalpha() for c in value) >= 2 and any(c.isupper() for c in value)):
        return False
    first = load_gazetteers()[0]
    words = value.split()
    if all(fold(w) in SENTENCE_ARTICLES for w in words):
        return False  # "The" left of "The Bose" once the brand is kept: an article, though a listed name
    if label == Label.PERSON and all(product_capitals(w) for w in words):
        return False  # "NeXXt" right of a kept "Fastweb": a product's capitals, no name ("McDonald" is one)
    common = _common_in_a_pack if label == Label.PERSON else _common_in_english  # "Studio Legale" stays a firm's
    return not all(common(w) and fold(w) not in first for w in words)


def _common_in_english(word: str) -> bool:
    return zipf(word) >= _COMMON_ZIPF


def _common_in_a_pack(word: str) -> bool:
    """A word this frequent in English or another pack language ("App", "Meine Kamera") is no name."""
    return zipf(word) >= _COMMON_ZIPF or zipf_in_packs(word) >= _COMMON_ZIPF


#: characters that join a remainder to the kept token it was cut from ("http-nio-8443-exec-7")
_GLUE = frozenset("-_./")
#: a remainder made only of words this frequent (and no first name) reads as no name
_COMMON_ZIPF = 4.0


def apply_veto(
    entities: Sequence[Entity],
    text: str,
    language: str = "und",
    cued: Sequence[tuple[int, int]] = (),
    candidates: Sequence[Entity] = (),
) -> tuple[list[Entity], int]:
    """``entities`` without the personal labels the keep rules veto; and how many were dropped or cut
    (``cued``: spans of names a cue found, see :func:`cued_spans`).  A pattern rule's span among the merge's
    ``candidates`` that a dropped or cut span had swallowed comes back when the veto leaves it alone (the tagger's
    "Peugeot 208 immatriculée GH-456-JK" loses the kept car, and the plate stays masked)."""
    if not entities:
        return list(entities), 0
    keeps = keep_spans(text, language)
    if not keeps:
        return list(entities), 0
    keeps.sort(key=lambda kl: kl[0].start)
    out, vetoed, swallowed = _veto(entities, text, keeps, cued)
    if swallowed and candidates:
        out = _restore_swallowed(out, swallowed, candidates, text, keeps, cued)
    return out, vetoed


def _veto(
    entities: Sequence[Entity], text: str, keeps: Sequence[tuple[Keep, KeepRule]], cued: Sequence[tuple[int, int]]
) -> tuple[list[Entity], int, list[tuple[int, int]]]:
    """``entities`` after the veto of the kept strings ``keeps`` (sorted by start), how many were dropped or cut, and
    the spans of those dropped or cut (the candidates inside them may come back: :func:`_restore_swallowed`)."""
    starts = [k.start for k, _ in keeps]
    longest = max(k.end - k.start for k, _ in keeps)
    out: list[Entity] = []
    swallowed: list[tuple[int, int]] = []
    vetoed = 0
    for ent in entities:  # the kept strings that can overlap: start in (ent.start - longest, ent.end)
        lo, hi = bisect_left(starts, ent.start - longest), bisect_left(starts, ent.end)
        hits = [k for k, rule in keeps[lo:hi] if ent.start < k.end and _vetoes(rule, ent, cued)]
        if ent.label == Label.STREET_ADDRESS and any(c.isdigit() for c in ent.text):
            # a brand or a landmark inside a numbered street line is a word of the street's name
            # ("Mavi Konutları C Blok No: 109/31"), not what the answer needs
            hits = [k for k in hits if not (k.kind in _NAME_KINDS and ent.start < k.start and k.end < ent.end)]
        if hits and (TEMPLATE_VARIABLE.fullmatch(ent.text) or _inside_slot(text, ent, hits)):
            vetoed += 1  # "user = ${SMTP_USER}", "Dear [RECIPIENT_NAME]": a variable or a slot after its cue, no value
            continue
        if not hits or _context_anchored(text, ent, [*hits, *_cues_before(keeps, starts, ent, hits, longest)]):
            out.append(ent)
            continue
        best = _outside(text, ent, hits)
        if ent.label == Label.URL and best is not None:
            pieces = _around_kept(text, ent, hits)
            if pieces:  # "http://10.20.0.15:8081/healthz": the port stays, the host and the path are masked
                vetoed += 1
                out.extend(Entity.make(text, s, e, ent.label, ent.score, ent.source) for s, e in pieces)
                continue
            out.append(ent)  # a URL that runs past a kept brand ("booking.com/u/jsmith") keeps its path
            continue
        if ent.label == Label.IP_ADDRESS and _cued_version(text, ent, hits):
            vetoed += 1  # "firmware 7.1.0.3": a version after its word, no address
            continue
        if _source_anchored(ent):  # a validated value loses only what it ran into (an IP's ":8443")
            if best is not None and best != (ent.start, ent.end) and _plausible(text, *best, ent.label):
                out.append(Entity.make(text, best[0], best[1], ent.label, ent.score, ent.source))
                vetoed += 1
            elif best is None and any(_glued(text, ent, k) for k in hits):
                vetoed += 1  # a piece of a longer kept token ("3.0.4.48" in firmware "V3.0.4.48_1.9.8")
            else:
                out.append(ent)
            continue
        vetoed += 1
        swallowed.append((ent.start, ent.end))
        if best is not None and _plausible(text, *best, ent.label):
            out.append(Entity.make(text, best[0], best[1], ent.label, ent.score, ent.source))
    return out, vetoed, swallowed


def _inside_slot(text: str, ent: Entity, hits: Sequence[Keep]) -> bool:
    """``ent`` lies within a template's slot that a keep rule kept (``RECIPIENT_NAME`` of ``[RECIPIENT_NAME]``)."""
    return any(k.start <= ent.start and ent.end <= k.end and PLACEHOLDER.fullmatch(text, k.start, k.end) for k in hits)


def _restore_swallowed(
    out: list[Entity],
    swallowed: Sequence[tuple[int, int]],
    candidates: Sequence[Entity],
    text: str,
    keeps: Sequence[tuple[Keep, KeepRule]],
    cued: Sequence[tuple[int, int]],
) -> list[Entity]:
    """``out`` and the pattern rules' candidates inside the ``swallowed`` spans that the veto keeps and nothing in
    ``out`` overlaps (the longest first where they overlap each other)."""
    inner = sorted(
        (
            c
            for c in candidates
            if c.source.startswith(_RESTORED_SOURCES)
            and c.label not in _NOT_RESTORED
            # inside it, shorter: the same characters under another label were the merge's choice, not swallowed
            and any(s <= c.start and c.end <= e and c.end - c.start < e - s for s, e in swallowed)
            and not any(o.start < c.end and c.start < o.end for o in out)
        ),
        key=lambda c: (c.start - c.end, c.start),
    )
    if not inner:
        return out
    restored = list(out)
    for c in _veto(inner, text, keeps, cued)[0]:  # the same kept strings, found once
        if not any(o.start < c.end and c.start < o.end for o in restored):
            restored.append(c)
    return sorted(restored, key=lambda e: (e.start, e.end)) if len(restored) > len(out) else out


#: the sources whose spans a dropped or cut span may have swallowed in the merge and that come back, and the labels of
#: theirs that do not (a number of years, a date or a time inside a kept plan or product is its own)
_RESTORED_SOURCES = ("rules/", "rules:")
_NOT_RESTORED = frozenset({Label.AGE, Label.DATE, Label.TIME})


def _cues_before(
    keeps: Sequence[tuple[Keep, KeepRule]], starts: Sequence[int], ent: Entity, hits: Sequence[Keep], longest: int
) -> list[Keep]:
    """The kept strings of the kinds of ``hits`` that end before ``ent`` within the anchor window: a context
    word inside one is that string's word ("Event ID 4625": "ID" belongs to the event's cue, no id card's key)."""
    kinds = {k.kind for k in hits}
    lo, hi = bisect_left(starts, ent.start - ANCHOR_WINDOW - longest), bisect_left(starts, ent.start)
    return [k for k, _ in keeps[lo:hi] if k.kind in kinds and k.end <= ent.start]


#: a version word right before a value ("firmware 7.1.0.3", "App version 24.5.0.100")
_VERSION_WORD_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:version|versión|versão|versione|versie|wersja|sürüm|versió|ver\.?|firmware|fw|build|release"
    # an update named as a thing, not the verb ("dall'aggiornamento 3.1.0.42")
    r"|aggiornamento|actualización|atualização|mise à jour|aktualisierung"
    # ... or the software it is of ("iTunes 12.13.1.3", "Fire OS 7.6.6.9")
    r"|(?-i:OS|iOS|iPadOS|macOS|Android|Windows|iTunes|Chrome|Firefox|Safari|Edge|Office|Java|Python|Node|PHP))"
    r"(?:[ \t]+(?:is|was|es|era|é|è|est|ist|war))?[ \t]*[:=]?[ \t]*$"
)


#: a program's name with inner capitals or "OS" at its end right before a version, a space between ("HyperOS
#: 1.0.6.0", "HarmonyOS 4.0.0.1"; not a key, "ipAddress='10.0.0.5'")
_PROGRAM_BEFORE = re.compile(r"(?<![\w.-])(?:[A-Za-z]*[a-z][A-Z][A-Za-z0-9]*|[A-Za-z][a-z]+OS)[ \t]+$")
#: a browser's or an engine's product and its slash right before a version ("Chrome/110.0.0.0")
_AGENT_PRODUCT_BEFORE = re.compile(
    r"(?<![\w/.-])(?:Mozilla|AppleWebKit|Chrome|Chromium|Safari|Firefox|Gecko|Edg|Edge|OPR|Opera|Version|CriOS|FxiOS|"
    r"SamsungBrowser|YaBrowser|Vivaldi|Brave|Electron|HeadlessChrome)/$"
)


def _cued_version(text: str, ent: Entity, hits: Sequence[Keep]) -> bool:
    """``ent`` is exactly a kept version written right after a version word, a program's name or a user agent's
    product (``Chrome/110.0.0.0``)."""
    return any(k.kind == "version" and (k.start, k.end) == (ent.start, ent.end) for k in hits) and bool(
        _VERSION_WORD_BEFORE.search(text, max(0, ent.start - 24), ent.start)
        or _PROGRAM_BEFORE.search(text, max(0, ent.start - 24), ent.start)
        or (_AGENT_PRODUCT_BEFORE.search(text, max(0, ent.start - 32), ent.start) and in_user_agent(text, ent.start))
    )


def _around_kept(text: str, ent: Entity, hits: Sequence[Keep]) -> list[tuple[int, int]]:
    """The parts of the URL ``ent`` around the port and the host it holds (``http://host`` and ``/healthz`` of
    ``http://host:8081/healthz``; ``http://`` and ``/api/clientes/48291573K`` of ``http://crm-api:8080/api/...``
    with a kept service host), when a kept port after a colon or a kept host after the scheme is all it runs into;
    else nothing."""
    port = [k for k in hits if k.kind == "port"]
    host = [k for k in hits if k.kind == "public_url"]
    if len(port) > 1 or len(host) > 1 or len(port) + len(host) != len(hits) or not hits:
        return []
    if port and not (ent.start < port[0].start - 1 and text[port[0].start - 1] == ":" and port[0].end <= ent.end):
        return []
    if host and not (
        ent.start < host[0].start and text[host[0].start - 3 : host[0].start] == "://" and host[0].end <= ent.end
    ):
        return []  # a kept host cuts the URL only right after its scheme
    pieces = []
    lo = ent.start
    for k in sorted(hits, key=lambda k: k.start):
        cut = k.start - 1 if k.kind == "port" else k.start
        if any(c.isalnum() for c in text[lo:cut]) and not text[lo:cut].endswith("://"):
            pieces.append((lo, cut))
        lo = k.end
    if any(c.isalnum() for c in text[lo : ent.end]):
        pieces.append((lo, ent.end))
    return pieces


def _glued(text: str, ent: Entity, k: Keep) -> bool:
    """``ent`` lies inside the kept string ``k`` and runs on into its letters or digits."""
    before = k.start < ent.start and (text[ent.start - 1].isalnum() or text[ent.start - 1] in "_")
    after = ent.end < k.end and (text[ent.end].isalnum() or text[ent.end] in "_")
    return before or after


def _outside(text: str, ent: Entity, hits: Sequence[Keep]) -> tuple[int, int] | None:
    """The longest run of ``ent`` outside the kept strings ``hits`` (trimmed to letters and digits)."""
    free = [True] * (ent.end - ent.start)
    for k in hits:
        for i in range(max(k.start, ent.start), min(k.end, ent.end)):
            free[i - ent.start] = False
    best: tuple[int, int] | None = None
    i = 0
    while i < len(free):
        if not free[i]:
            i += 1
            continue
        j = i
        while j < len(free) and free[j]:
            j += 1
        s, e = ent.start + i, ent.start + j
        while s < e and not text[s].isalnum():
            s += 1
        while e > s and not text[e - 1].isalnum():
            e -= 1
        if e > s and (best is None or e - s > best[1] - best[0]):
            best = (s, e)
        i = j
    return best
