"""Technical rules: markers already in the text, and what the answer needs (the keep rules).

A marker in our syntax already in a text (``<PERSON_1>``, ``[EMAIL_2]``) is masked like the type it
names, so a user-typed marker can never be confused with (or capture) a marker of ours downstream;
another anonymizer's marker (``<PRESIDIO_ANONYMIZED_PERSON>``) stands for the value it took out and
is masked like it; a template's slot (``[RECIPIENT_NAME]``, ``{{email}}``) or a bare ``[REDACTED]``
holds no one's data and is kept (``technical.template_slot``).

The technical-context family (:data:`KEEP_RULES`) recognises positively what a support answer
needs (error codes, HTTP statuses, versions and builds, ports, log time stamps, process ids, file
paths, class names and stack frames, command lines, public service URLs, product models, plan
names, public brands, landmarks, protocols) and vetoes a personal label on the same characters
(:mod:`local_model.detection.veto`).  Its word lists are data: ``technical_cues.tsv`` (the words
that introduce a value, per kind, in ten languages), ``technical_brands``, ``technical_landmarks``,
``technical_protocols``, ``technical_commands``, ``technical_public_hosts`` and
``technical_profile_hosts`` under ``local_model/text/data/mul``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Container, Iterable, Iterator

from local_model.detection.catalogue.addresses import street_compound
from local_model.detection.catalogue.base import Example, Family, Hit, KeepRule, Rule, Scan
from local_model.detection.catalogue.context import context_before, context_label, has_context, word_starts
from local_model.detection.catalogue.names import introduces_person, product_after_brand, surname_shaped
from local_model.text import lexicons, regex_cache
from local_model.text.gazetteers import load_gazetteers
from local_model.text.identifiers import gtin_valid
from local_model.text.lexicon import CONTEXT_WORDS, alternation
from local_model.text.markers import (
    ANONYMIZER_LABELS,
    ANONYMIZER_MARKER,
    MARKER_RE,
    PLACEHOLDER,
    PLACEHOLDER_WORDS,
    marker_key,
)
from local_model.text.textnorm import fold, in_code_line, sentence_initial
from local_model.text.words import is_dictionary_word, zipf, zipf_in_packs
from signatures.entities import Label


def _find_placeholders(scan: Scan) -> Iterator[Hit]:
    for start, end, label in scan.memo("placeholders", _placeholders):
        if label is not None:
            yield Hit(start, end, label, 0.9)


def _placeholders(text: str) -> list[tuple[int, int, Label | None]]:
    """Each marker or placeholder of ``text`` (no XML element) with the label it is masked as: a marker in our syntax
    (``<PERSON_1>``, ``[EMAIL_2]``), which the re-identification would take for one of ours, as the type it names;
    another anonymizer's marker (``<PRESIDIO_ANONYMIZED_PERSON>``), which stands where it took a value out, as that
    value's type; None for a template's slot or a bare redaction (``[RECIPIENT_NAME]``, ``{{email}}``,
    ``[REDACTED]``), which holds no one's data and names no marker of ours."""
    found: dict[tuple[int, int], Label | None] = {}
    for m in MARKER_RE.finditer(text):
        key = marker_key(m)
        if key is not None and m.group("open") in ("<", "[") and m.group("label").isupper() and m.group("close"):
            found[m.span()] = Label(key[0])
    for m in ANONYMIZER_MARKER.finditer(text):
        found[m.span()] = next((lab for word, lab in ANONYMIZER_LABELS.items() if word in m.group()), Label.PERSON)
    for m in PLACEHOLDER.finditer(text):
        # a slot names its value with a whole word ("[RECIPIENT_NAME]"); a word only inside a name is none's
        # ("<DAVID>", "[FELIPE_GARCIA]", "<FELICITY>": a nickname in capitals)
        found.setdefault(m.span(), None if _SLOT_WORD.search(m.group()) else Label.PERSON)
    # an XML element ("<IP>194.70.0.165</IP>") is none: its tag names a field, the value is data
    return [
        (start, end, label)
        for (start, end), label in sorted(found.items())
        if not (text[start] == "<" and _element_close(text[start + 1 : end - 1]).match(text, end, end + 200))
    ]


#: a placeholder's word as a whole part of its name, or a template's variable in small letters ("{{email}}")
_SLOT_WORD = re.compile(rf"(?<![A-Z])(?:{PLACEHOLDER_WORDS}|REDACTED)(?![A-Z])|\{{\{{")


def _find_slots(scan: Scan) -> Iterator[tuple[int, int]]:
    for start, end, label in scan.memo("placeholders", _placeholders):
        if label is None:
            yield start, end


@functools.lru_cache(maxsize=64)
def _element_close(tag: str) -> re.Pattern[str]:
    """The closing tag of ``<tag>`` with no other tag opening before it."""
    return re.compile(rf"[^<\n]*</{re.escape(tag)}>")


PLACEHOLDER_MARKER = Rule(
    id="technical.placeholder",
    family=Family.TECHNICAL,
    detector="rules",
    labels=frozenset(Label),
    find=_find_placeholders,
    source="rules",
    patterns=(MARKER_RE, PLACEHOLDER),
    score=0.9,
    description="a marker in our syntax or another anonymizer's already in the text, masked as the type it names",
    examples=(
        Example("Hi <PERSON_1>, thanks", "<PERSON_1>", Label.PERSON),
        Example("Hi <PRESIDIO_ANONYMIZED_PERSON>, thanks", "<PRESIDIO_ANONYMIZED_PERSON>", Label.PERSON),
        Example("write to <PRESIDIO_ANONYMIZED_EMAIL_ADDRESS>", "<PRESIDIO_ANONYMIZED_EMAIL_ADDRESS>", Label.EMAIL),
        Example("mail [EMAIL_1] today", "[EMAIL_1]", Label.EMAIL),
        Example("the firm <ORGANIZATION_2> wrote", "<ORGANIZATION_2>", Label.ORGANIZATION),
    ),
    negatives=(
        "use <div> and [1] in the docs",
        "<IP>194.70.0.165</IP> and <ID>3RL</ID>",
        "Dear [RECIPIENT_NAME], welcome",
        "the value was [REDACTED] in the log",
        "led by [INSTRUCTOR_NAME_A]",
        "see person 1 and (Phone 2)",
    ),
)


# --- the technical-context family: what the answer needs, kept -------------------------------------
#
# Each keep rule finds a technical or public string positively and names the personal labels it
# vetoes on the same characters (:mod:`local_model.detection.veto` applies them after the merge).
# Values anchored to a person stay masked: the veto skips spans a validator confirmed, spans read
# after a personal field key (``user=``, ``email=``, ``Phone:``) and spans whose context words name
# a personal identifier.

#: labels of numbers and codes: what an error code, a version, a port or a timestamp is taken for
NUMBER_LABELS: frozenset[Label] = frozenset(
    {
        Label.PHONE, Label.ID_CARD, Label.NATIONAL_ID, Label.PASSPORT, Label.DRIVER_LICENSE, Label.TICKET_NUMBER,
        Label.POSTCODE, Label.ACCOUNT_NUMBER, Label.CUSTOMER_ID, Label.CONTRACT_NUMBER, Label.POLICY_NUMBER,
        Label.LINE_NUMBER, Label.MEDICAL_RECORD_NUMBER, Label.DEVICE_ID, Label.DATE, Label.TIME, Label.AGE,
        Label.STREET_ADDRESS, Label.BUILDING_NUMBER, Label.SECONDARY_ADDRESS, Label.GEO_COORDINATE, Label.USERNAME,
        Label.IP_ADDRESS, Label.PASSWORD, Label.DATE_OF_BIRTH, Label.CREDIT_CARD,
    }
)  # fmt: skip
#: labels of names: what a brand, a class name, a landmark or a command is taken for
NAME_LABELS: frozenset[Label] = frozenset(
    {
        Label.PERSON,
        Label.ORGANIZATION,
        Label.LOCATION,
        Label.CITY,
        Label.STATE,
        Label.COUNTRY,
        Label.NRP,
        Label.JOB,
        Label.TITLE,
        Label.STREET_ADDRESS,
    }
)
ALL_LABELS = NUMBER_LABELS | NAME_LABELS


@functools.cache
def _cues() -> dict[str, re.Pattern[str]]:
    """Per kind, the words that introduce a technical value (``technical_cues.tsv``), as a pattern
    ending right before the value: ``error 1603``, ``código de error: 0xc000007b``, ``port 8443``."""
    by_kind: dict[str, list[str]] = {}
    for word, kind in lexicons.pairs("technical_cues"):
        by_kind.setdefault(kind, []).append(word)
    return {
        # also a JSON or quoted field: '"error": "1310"', "'port': 8443"; an attribute: 'code="SYN4410"'
        kind: re.compile(
            rf"(?i)(?<![\w-])(?:{alternation(words)})(?:\s+(?:code|n[or]\.?|#))?"
            # "the firmware is 2.60.AK08", "il codice prodotto è KX-TG6852", "la versión es 1.4", "le code est 651"
            rf"(?:[\"']\s*[:=]\s*[\"']?|\s*[:=#]?\s*(?:(?P<copula>is|es|est|è|é|ist)\s+|(?<==)[\"'])?)"
        )
        for kind, words in by_kind.items()
    }


#: words that make a following "code" a booking, order or access code, not an error's
_NOT_ERROR_CODE = re.compile(
    r"(?i)(?:confirmation|booking|reservation|order|tracking|voucher|promo|discount|coupon|access|verification|"
    r"security|postal|zip|customer|client|reference|gift|activation|invite|invitation|referral|reserva|pedido|"
    r"confirmación|confirmação|rastreio|seguimiento|prenotazione|ordine|réservation|commande|"
    r"buchungs|bestell|sendungs|gutschein|rabatt|zugangs|postleit)[\w-]*[ \t]*$"
)


def _after_cue(kind: str, value: re.Pattern[str], scan: Scan) -> Iterator[tuple[int, int]]:
    """``value`` right after a cue word of ``kind``, and the cue word itself (a field label such as
    ``Firmware:`` or ``Plano:`` is no person or city either); an error code's cue is no booking's
    or order's code (``Confirmation code: ORD-2024-689322``)."""
    text = scan.text
    for m in _cues()[kind].finditer(text):
        if kind == "error_code" and _NOT_ERROR_CODE.search(text, max(0, m.start() - 30), m.start()):
            continue
        v = value.match(text, m.end())
        if v and v.end() > v.start() and m.group("copula") and not _copula_value(kind, text, m, v):
            continue
        if v and kind == "version" and _PLATE_SHAPE.fullmatch(v.group()):
            continue  # "Hardware revision: DE-4471-XK" names no version
        if v and kind == "error_code" and v.group().isdigit() and _MORE_DIGITS.match(text, v.end()):
            continue  # "error 612 345 678 es mi móvil": the first group of a longer number, no code
        if v and v.end() > v.start():
            yield v.start(), v.end()
            cue_end = m.start() + len(m.group().rstrip(" \t:=#"))
            yield m.start(), cue_end
            while kind == "error_code" and (j := _CODE_JOIN.match(text, v.end())) is not None:
                # "error NW-2-5 and then M7111-1331-2206", "errors 0x1, 0x2": the codes listed after it
                nxt = value.match(text, j.end())
                if nxt is None or nxt.end() == nxt.start():
                    break
                v = nxt
                yield v.start(), v.end()


#: another group of digits right after a number: the number goes on ("612 345 678", "0171 2345678", "612.345.678",
#: "089.1234567", "06.12.34.56.78"); not a status's decimal part ("500.19")
_MORE_DIGITS = re.compile(r"[ \t\u00a0/]\d|\.\d{4,}|\.\d+\.\d")


#: a Lenovo BIOS's id after the BIOS's or UEFI's word ("after BIOS N3XET51W", "versão do BIOS GGCN51WW"); a bare number
#: after the word may be its password or anyone's ("Mot de passe BIOS : 482913")
_BIOS_ID = re.compile(r"(?i:(?<![\w])(?:bios|uefi))[ \t:]+([A-Z0-9]{4,5}\d{2}W{1,2})(?![\w])")


def _copula_value(kind: str, text: str, cue: re.Match[str], value: re.Match[str]) -> bool:
    """A value after its cue and a copula ("the firmware is 2.60.AK08", "il codice prodotto è KX-TG6852") is the
    cue's, unless the cue is a bare "code" ("Le code est 4B21A pour la porte"), the value has a plate's shape (a
    product's code after its word may: KX-TG6852) or is in a sentence about a car, or a holder's word stands before
    the cue or after the value in its sentence ("Der Code ist K-20457, meine Kundennummer")."""
    words = cue.group().split()
    if len(words) == 2 and words[0].lower() in lexicons.word_set("bare_code_words"):
        return False  # the cue word and the copula, nothing else: "the code is 4B21A" may open a door
    plate = kind != "product_code" and _PLATE_SHAPE.fullmatch(value.group()) is not None  # KX-TG6852 is a phone's
    if plate or _VEHICLE_WORDS.search(text, max(0, cue.start() - 80), value.end() + 80):
        return False
    before = fold(text[max(0, cue.start() - 40) : cue.start()])
    return _HOLDERS.search(before) is None and not _claimed(text, value.start(), value.start(), value.end())


#: what joins the codes of a list after one error word
_CODE_JOIN = re.compile(
    # "1045 (28000)": a code and its SQL state in brackets
    r"(?i)[ \t]*[,/][ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+\((?=[^)\n]{1,12}\))|"
    r"[ \t]+(?:and then|and later|and|or|then|y luego|y|o|luego|"
    r"e depois|e poi|e|ou|depois|poi|et puis|et|puis|und dann|und|oder|dann|en daarna|en|of|daarna)[ \t]+"
)


def _span_finder(pattern: re.Pattern[str]) -> Callable[[Scan], Iterator[tuple[int, int]]]:
    """A keep rule's finder for which every match of ``pattern`` is kept (the keep-side
    :func:`~local_model.detection.catalogue.base.pattern_finder`)."""

    def find(scan: Scan) -> Iterator[tuple[int, int]]:
        for m in pattern.finditer(scan.text):
            yield m.span()

    return find


def _lexicon_pattern(name: str, case_insensitive: bool = False) -> re.Pattern[str]:
    return _words_pattern(lexicons.words(name), case_insensitive)


def _words_pattern(words: Iterable[str], case_insensitive: bool = False) -> re.Pattern[str]:
    """Any of ``words`` as a token of its own (not inside a URL, an address or a hyphenated word)."""
    flags = "(?i)" if case_insensitive else ""
    body = alternation(words, case_sensitive=not case_insensitive)
    return regex_cache.compile(rf"{flags}(?<![\w.@/-])(?:{body})(?![\w@-]|\.\w)")


#: a charger's, a power adapter's or a lamp's word ("el carregador EP-TA845", "die Lampe LED1836G9"): its code is a
#: model's unless it is someone's (:func:`_someones_code`: "Il caricatore AA1234567 è il numero della mia carta")
_ACCESSORIES = (
    r"charger|chargeur|cargador|carregador|caricabatterie|caricatore|ladegerät|netzteil|ładowarka|şarj aleti|"
    r"power adapter|adaptador|adattatore|adaptateur|lamp|bulb|lampe|lampada|lámpara|lâmpada|làmpada|żarówka|ampul"
)
_ACCESSORY = re.compile(rf"(?i)(?<![\w])(?:{_ACCESSORIES})(?![\w])")


#: the devices a model code follows (``the watch SM-R960``); a lens only there (``objetivo`` is also a goal)
_MODEL_DEVICES = (
    r"phone|smartphone|watch|smartwatch|camera|lens|tv|television|printer|laptop|notebook|tablet|console|headset|"
    r"earbuds|headphones|monitor|móvil|movil|teléfono|telefono|telemóvel|telemovel|telefone|celular|cellulare|"
    r"portable|téléphone|handy|kamera|objektiv|fernseher|drucker|impresora|impressora|stampante|imprimante|portátil|"
    r"portatile|ordinateur|tablette|auricolari|auriculares|écouteurs|kopfhörer|montre|orologio|reloj|relógio|uhr|"
    r"câmera|cámara|fotocamera|aspirateur|aspirapolvere|aspiradora|staubsauger|lavatrice|lavadora|waschmaschine|"
    r"kühlschrank|telewizor|drukarka|yazıcı|televizyon|" + _ACCESSORIES
)
#: the devices a customer names before a brand's model or a grouped code, household and network ones too
_DEVICE_NOUNS = (
    _MODEL_DEVICES + r"|router|modem|speaker|soundbar|projector|scanner|drone|vacuum|dishwasher|fridge|washer|dryer|"
    r"thermostat|doorbell|décodeur|decoder|descodificador|decodificador|enceinte|altavoz|coluna|cassa|lautsprecher"
)


# error codes ---------------------------------------------------------------------------------------
# 0x80070057, 0xc1900101-0x20017 (an upgrade's result and extended code); a 0x+40 wallet is no code
_HEX = re.compile(r"(?<![\w-])0[xX][0-9A-Fa-f]{4,16}(?:-0[xX][0-9A-Fa-f]{1,16})?(?![\w-])")
#: a code of capitals in three or more groups, a digit in one (AUTH-TKN-004, DB-CONN-17, ERR-2FA-03)
_GROUPED_CODE = re.compile(r"(?<![\w-])[A-Z]{1,8}(?:[-_][A-Z0-9]{1,8}){2,4}(?![\w-])")
#: the words of failing that both lists below hold
_FAILURE_CORE = (
    r"error|errors|erro|errore|erreur|fehler|fout|błąd|hata|fail\w*|crash\w*|throw\w*|exception|falla|fallo|falha"
)
#: a word of failing at most two words before a grouped code ("crashes with AUTH-TKN-004", "returns DB-CONN-17"):
#: without one, a grouped code is an asset tag, a host or a policy (LT-PUN-04471, ASV-EC-2024-118845)
_ERROR_WORDS = (
    rf"{_FAILURE_CORE}|return\w*|rais\w*|status|reason|got|gives|gave|shows?|showed|displays?|says|said|"
    r"devuelve|retorna|restituisce|renvoie|liefert|meldet|zeigt|muestra|mostra|affiche|"
    # the verbs of a message that appears ("aparece VWC-SVC-403", "erscheint EPA-AUTH-0113")
    r"appears|appeared|aparece|apareceu|apareció|è comparso|apparaît|erscheint|erschien|responde|risponde"
)
#: the words that say something failed, narrower than the words before a grouped code ("the page shows
#: ORD-1234" names an order): a short code after one is the failure's
_FAILURE_WORDS = rf"{_FAILURE_CORE}|échoue|scheitert|fallisce|abort\w*"


def _word_before(words: str) -> re.Pattern[str]:
    """One of ``words`` at most two words before the end of the searched window, a colon maybe between."""
    return re.compile(rf"(?i)(?<![\w])(?:{words})(?![\w])(?:[ \t]+[^\s]+){{0,2}}?[ \t]*[:=]?[ \t]*$")


_ERROR_WORD_BEFORE = _word_before(_ERROR_WORDS)
_FAILURE_BEFORE = _word_before(_FAILURE_WORDS)
#: a line that says something failed: a code in brackets on it is the failure's ("Could not replace
#: C:\\Setup\\setup.log (R-2045)", "An error occurred (EX-5003) when calling the PutObject operation")
_FAILURE_ON_LINE = re.compile(
    rf"(?i)(?<![\w])(?:{_FAILURE_WORDS}|could not|couldn't|cannot|can't|unable|denied|refused|timed out|timeout|"
    r"no se pudo|não foi possível|impossibile|impossible|konnte nicht|kann nicht|"
    # what a payment, a check-in or a registration says when it does not go through ("No hemos podido completar",
    # "Operazione non eseguita", "Die Registrierung ist fehlgeschlagen", "Pagamento recusado", "Payment not sent")
    r"no (?:hemos|he|han|se ha|se han) podido|non (?:è stato possibile|eseguit[oa]|riuscit[oa])|"
    r"fehlgeschlagen|nicht möglich|n'a pas pu|recusad[oa]|rechazad[oa]|denegad[oa]|rifiutat[oa]|abgelehnt|"
    r"declined|not sent|non inviat[oa]|não enviad[oa]|"
    # a dialog that says an error happened ("Something went wrong", "Se ha producido un error", "Ein Fehler ist
    # aufgetreten")
    r"went wrong|an error (?:has )?occurred|salió mal|(?:se ha producido|ha ocurrido) un error|deu errado|"
    r"ocorreu um erro|andato storto|si è verificato un errore|une erreur (?:est survenue|s'est produite)|"
    r"schiefgelaufen|fehler ist aufgetreten|poszło nie tak|wystąpił błąd|hata oluştu|ters gitti)(?![\w])"
)
#: a code of one letter group and one digit group (PAY-0417, EX-5003, R-2045): an error's only where the text
#: says so, a ticket's, a booking's or a member's anywhere else (INC-2291, BKG-88213)
_SHORT_CODE = re.compile(r"(?<![\w-])[A-Z]{1,5}-[A-Z]?\d{2,6}(?![\w-])")  # also a letter before the digits: PIX-E031
#: the words of an identifier between an error word and a code ("failed for order ORD-1234", "fails on my ID")
_ID_LABELS = (
    Label.ID_CARD,
    Label.PASSPORT,
    Label.DRIVER_LICENSE,
    Label.NATIONAL_ID,
    Label.ACCOUNT_NUMBER,
    Label.CONTRACT_NUMBER,
    Label.POLICY_NUMBER,
    Label.CUSTOMER_ID,
    Label.TICKET_NUMBER,
    Label.MEDICAL_RECORD_NUMBER,
)
_ID_WORDS = tuple(w for label in _ID_LABELS for w in CONTEXT_WORDS[label])
#: the words whose value a code after them would be: an identifier's, an order's or a parcel's, a user's
_REFERENCE_WORDS = (
    "tracking", "order", "booking", "parcel", "package", "shipment", "invoice", "pedido", "envío", "envio",
    "commande", "colis", "facture", "bestellung", "sendung", "rechnung", "ordine", "spedizione", "fattura",
    "encomenda", "fatura",
    # a card's, an account's or a phone's number ("Payment failed for card ending: 4242")
    *CONTEXT_WORDS[Label.CREDIT_CARD], "ending", "iban", "pin", "phone", "mobile", "telefon", "telefono", "telefone",
    "telephone",
)  # fmt: skip
_CLAIMING_WORDS = (
    *_ID_WORDS,
    *_REFERENCE_WORDS,
    "user",
    "usuario",
    "utilisateur",
    "utente",
    "benutzer",
    "login",
    "uid",
)
#: how far before a code a user's word still claims it ("failed for user jsmith: ABC123"; "Beim Login erscheint
#: die Meldung AUTH7731" names the moment)
_USER_WORD_REACH = 20
#: an identifier's own value after its word: letters and digits with four digits or more ("977.808.871-38")
_OWN_VALUE = re.compile(r"(?<![\w])(?=(?:[\w.-]*\d){4})[\w][\w.-]*")
#: how far before the word of failing an identifier's word still claims the code ("Order status ORD-1234")
_ID_WORD_REACH = 20
#: a device or a model named right before a grouped code, maybe with its brand ("the router RT-AX-88U",
#: "modelo: KX-TG-6821", "printer Brother HL-L2-350"): the model's code ("laptop asset tag LT-PUN-04471" is a tag)
_DEVICE_WORD_BEFORE = re.compile(
    rf"(?i)(?<![\w])(?:{_DEVICE_NOUNS}|model|modelo|modello|modèle|modell|product|produto|producto|prodotto|"
    rf"produit|produkt)(?![\w])(?:[ \t]+[A-Z][\w!+-]*)?[ \t]*[:=]?[ \t]*$"
)
#: first groups that say a grouped code is an error's
_ERROR_GROUPS = frozenset({"E", "ERR", "ERROR", "EC", "FAIL", "WARN", "EX", "EXC"})


def _grouped_code(code: str) -> bool:
    """Two groups of letters alone, one of three or more (``AUTH-TKN-004``; a plate ``AB-123-CD`` or an
    invoice ``INV-2024-0091`` is no code), or an error's first group (``ERR-2FA-03``); a digit somewhere."""
    groups = re.split(r"[-_]", code)
    if not any(c.isdigit() for c in code):
        return False
    letters = [g for g in groups if g.isalpha()]
    return _error_group(code) or (len(letters) >= 2 and max(map(len, letters)) >= 3)


def _error_group(code: str) -> bool:
    """The code's first group says it is an error's (``ERR-2FA-03``, ``E_4012``)."""
    return re.split(r"[-_]", code, maxsplit=1)[0] in _ERROR_GROUPS


_CONSTANT = re.compile(
    r"(?<![\w:.-])(?:NET::)?(?:(?:ERR|ERROR|STATUS|WSA|E|SQL|SSL|DNS)_[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*"
    r"|[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*){2,}|[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)+_(?:\d{1,4}|0x[0-9A-Fa-f]{1,8}))(?![\w-])"
)  # ERR_CONNECTION_RESET, DRIVER_IRQL_NOT_LESS_OR_EQUAL, PAY_DECLINED_05, ACC_LOCKED_0x12; not EMILIA_1990
#: a constant that opens with a holder's word: a user's or a customer's handle ("USER_JGARCIA_0x12")
_HOLDER_PREFIX = re.compile(r"(?:USER|USR|ACCOUNT|ACCT|CUSTOMER|CUST|CLIENT|MEMBER|EMP|EMPLOYEE|STAFF)_")
#: a constant that says it is an error ("ERR_", "STATUS_", "WSA..."): no user name
_ERROR_PREFIX = re.compile(r"(?:NET::)?(?:ERR|ERROR|STATUS|WSA|SQL|SSL|DNS)_")
_CODE_AFTER_CUE = re.compile(
    # a printer's dotted code first (49.4C02, 13.20.00): its first group would end the match as a number
    r"(?:0[xX][0-9A-Fa-f]{1,16}|\d{2}\.[0-9A-Z]{2,4}(?:\.\d{2})?(?![\w.-])|[A-Z]{1,8}-?\d{2,6}[A-Z]?(?:-\d{1,6}){0,2}|[A-Z]{1,4}\d?-\d{1,4}(?:-\d{1,3})?|[A-Z]{1,6}-[A-Z]{1,4}\d{1,5}|\d{2,6}"
    r"|[0-9A-Z]{5}(?=\W|$)"
    # eight hex digits (caa70004, 80244022), a negative code (-105), a number and a suffix (9001-W3),
    # a short letter-digit code (5B00, 4F), a letter, a dot or a colon and a number (F.28, E:15)
    r"|[0-9a-fA-F]{8}|-\d{2,10}|\d{1,6}-[A-Z0-9]{1,4}|(?=[0-9A-Z]{0,3}\d)(?=[0-9A-Z]{0,3}[A-Z])[0-9A-Z]{2,4}"
    r"|[A-Z]{1,2}\.\d{1,3}|[A-Z]:\d{1,3})(?![\w-])"
)
#: a SQL state in brackets after its word, and the driver's code after it ("SQLSTATE[HY000] [2002]")
_SQLSTATE_BRACKET = re.compile(
    r"SQLSTATE\[([0-9A-Z]{5})\](?:[ \t]*\[(\d{1,6})\]"
    # or, after the state's message, the driver's number before its own ("SQLSTATE[23000]: Integrity constraint
    # violation: 1062 Duplicate entry")
    r"|:[ \t]*[A-Za-z][^\n:]{0,60}:[ \t]*(\d{4})(?=[ \t]+(?:Duplicate|Unknown|Table|Column|Cannot|Can't|Data|"
    r"Incorrect|Access|Lock|Deadlock|Field|Out|Too|Invalid|Illegal|Truncated|Subquery|Operand|Query|Lost|Got|MySQL)\b))?"
)
#: a SQL state a few words after its word, in any language ("Le SQLSTATE remonté côté Java est 40P01"): two
#: characters of class and three of subclass, a digit among them
_SQLSTATE_NEAR = re.compile(
    r"(?i:sql[ _]?state)(?:[ \t:=]+[^\W\d]{1,12}){0,5}[ \t:=]+((?=[0-9A-Z]{0,4}\d)[0-9A-Z]{5})(?![\w-])"
)
#: a SQL state after a database's log level ("psql: FATAL 28P01 password authentication failed", "ERROR: 42P01:
#: relation does not exist"): a standard class's two characters and three more, a letter in it or a colon after it
_LEVEL_SQLSTATE = re.compile(
    r"(?<![\w])(?:FATAL|ERROR|PANIC|WARNING)(?::[ \t]*|[ \t]+)"
    r"((?:0[0-9A-Z]|2[0-9A-F]|3[BDF]|4[02]|5[3-8]|F0|HV|P0|XX)"
    r"(?:(?=[0-9]{0,2}[A-Z])[0-9A-Z]{3}(?=[:\s])|\d{3}(?=:)))(?![0-9A-Z])"
)
#: Apache httpd's message codes ("AH00940", "AH01630")
#: the words that claim a number after "SQLSTATE" for a person: an identifier's, a postcode's, a card's or a phone's
_SQLSTATE_CLAIMS = (
    *_CLAIMING_WORDS, *CONTEXT_WORDS[Label.POSTCODE], "cap", "member", "socio", "mitglied", "membre", "posta kodu",
    "kod pocztowy", "codi postal", "código postal", "cep",
)  # fmt: skip
_SQLSTATE_CLAIMING = word_starts(_SQLSTATE_CLAIMS)
_APACHE_CODE = re.compile(r"(?<![\w-])AH\d{5}(?![\w-])")
#: a PlayStation's error code, its published shape (two letters of its family, five or six digits, a check digit:
#: "CE-108255-1", "NW-31473-8", "SU-42118-6")
_CONSOLE_CODE = re.compile(r"(?<![\w-])(?:CE|NW|SU|WS|NP|WC|WV|SP|CP|E1|E2)-\d{5,6}-\d(?![\w-])")
_CONSOLE_WORD = re.compile(r"(?i)(?<![\w])(?:playstation|ps[345]|psn|consol[ea]s?|konsol\w*|console)(?![\w])")
_PREFIXED_CODE = re.compile(
    r"(?<![\w-])(?:E|ERR|ERROR|EC|EX|EXC|AE|SE|ORA|SQL|HTTP|WSAE)-(?:\d{2,6}|0x[0-9A-Fa-f]{2,8})(?![\w-])"
)
#: a Kubernetes container's state or an event's failure (CrashLoopBackOff, OOMKilled, ImagePullBackOff)
_K8S_STATE = re.compile(
    r"(?<![\w-])(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|ErrImageNeverPull|OOMKilled|"
    r"CreateContainerConfigError|CreateContainerError|InvalidImageName|RunContainerError|ContainerCannotRun|"
    r"DeadlineExceeded|FailedScheduling|FailedMount|FailedAttachVolume|NodeNotReady|Evicted)(?![\w-])"
)
#: a number in brackets right after an error constant: its code ("LDAP_INVALID_CREDENTIALS (49)")
_CONSTANT_CODE = re.compile(r"[ \t]*\((\d{1,6}|0x[0-9A-Fa-f]{1,8})\)")
_ECONN = re.compile(
    r"(?<![\w-])E(?:CONN[A-Z]+|TIMEDOUT|ADDR[A-Z]+|NO[A-Z]{2,}|ACCES|PERM|EXIST|AGAIN|BUSY|INVAL|IO|ISDIR|ROFS|"
    r"[MN]FILE|BADF|SRCH|INTR|PIPE|HOST[A-Z]+|NET[A-Z]+|PROTO|CANCELED|DEADLK|SPIPE|XDEV|MSGSIZE|OVERFLOW|"
    r"AI_[A-Z]+|RESOLVE|LIFECYCLE|INTEGRITY|BADENGINE|UNSUPPORTED|PEERINVALID)(?![\w-])"
    # a POSIX signal ("[signal SIGSEGV: segmentation violation")
    r"|(?<![\w-])SIG(?:SEGV|ABRT|KILL|TERM|BUS|FPE|ILL|PIPE|HUP|INT|QUIT|TRAP|USR1|USR2|ALRM|CHLD|STOP|SYS)(?![\w-])"
)  # errno names: ENOENT, EACCES, ECONNREFUSED; npm's ERESOLVE, ELIFECYCLE


#: a code in brackets after the word "code" or "error" ("(Code: BX7K2-0093)", "(código 7741-B)", "(Fehler: KX44017)")
_BRACKET_CODE_KEY = re.compile(
    r"\((?i:code|c[óo]digo|codice|error|erro|errore|erreur|fehler|fehlercode|kod|kodu|hata)[ \t]*[:#]?[ \t]*"
    r"((?=[\w-]*\d)[A-Z0-9][A-Za-z0-9-]{2,24})\)"
)


def _sentence_start(text: str, pos: int) -> int:
    """Where the sentence or the line holding ``pos`` starts (after the last ``.``, ``!``, ``?`` or line break)."""
    return max(text.rfind(c, 0, pos) for c in ".!?\n") + 1


def _find_error_codes(scan: Scan) -> Iterator[tuple[int, int]]:
    first, last, _, _ = load_gazetteers()
    markers = [m.span() for m in PLACEHOLDER.finditer(scan.text)]
    for m in _CONSTANT.finditer(scan.text):  # ANA_MARIA_LOPEZ is a user name; <PRESIDIO_ANONYMIZED_PERSON> a marker
        if any(s <= m.start() and m.end() <= e for s, e in markers) or _HOLDER_PREFIX.match(m.group()):
            continue  # a marker; "USER_JGARCIA_0x12" a user's
        parts = [p.lower() for p in m.group().split("_") if p.isalpha()]
        if _ERROR_PREFIX.match(m.group()) or not any(
            p in first or (p in last and not is_dictionary_word(p)) for p in parts
        ):  # ERR_CERT_DATE_INVALID, INVALID_FIELD_FOR_INSERT_UPDATE name no one (a surname that is a word is the
            # word); a first name makes it someone's (WILL_SMITH_PROD, GRACE_HOPPER_ADMIN)
            yield m.span()
            code = _CONSTANT_CODE.match(scan.text, m.end())
            if code is not None:
                yield code.span(1)
    for m in _SQLSTATE_NEAR.finditer(scan.text):
        # no identifier's, postcode's or number's word between ("SQLSTATE quand je saisis 75011 comme code postal" is
        # after its word, "SQLSTATE con il mio CAP 20121" before it)
        between = context_before(scan.text, m.start(1), m.start(1) - m.start())
        after = re.split(r"[.!?;\n]", fold(scan.text[m.end(1) : m.end(1) + 24]), maxsplit=1)[0]
        if not (_SQLSTATE_CLAIMING.search(between) or _SQLSTATE_CLAIMING.search(after)):
            yield m.span(1)
    for m in _LEVEL_SQLSTATE.finditer(scan.text):
        yield m.span(1)
    for m in _SQLSTATE_BRACKET.finditer(scan.text):
        yield m.start(), m.start() + len("SQLSTATE")
        yield m.span(1)
        for group in (2, 3):
            if m.group(group):
                yield m.span(group)
    for pattern in (_HEX, _PREFIXED_CODE, _ECONN, _K8S_STATE, _APACHE_CODE):
        for m in pattern.finditer(scan.text):
            yield m.span()
    for m in _CONSOLE_CODE.finditer(scan.text):
        sentence = _sentence_start(scan.text, m.start())
        if _CONSOLE_WORD.search(scan.text, sentence, m.start()) or _ERROR_WORD_BEFORE.search(
            scan.text, sentence, m.start()
        ):
            yield m.span()  # "ma PS5 affiche CE-108255-1"; a member's "numéro d'adhérent: NW-98765-4" is not
    for m in _GROUPED_CODE.finditer(scan.text):
        line = scan.text.rfind("\n", 0, m.start()) + 1
        before = max(line, m.start() - 48)
        # after a word of failing with no identifier's word near it ("en la tarjeta aparece ABC-DEF-1234" is the card's)
        failing = _ERROR_WORD_BEFORE.search(scan.text, before, m.start())
        bracketed = scan.text[m.start() - 1 : m.start()] == "(" and scan.text[m.end() : m.end() + 1] == ")"
        if _grouped_code(m.group()) and (
            _error_group(m.group())
            or (
                failing is not None
                and _unclaimed(scan.text, failing, m.start())
                and not _claimed(scan.text, max(line, failing.start() - _ID_WORD_REACH), m.start(), m.end())
            )
            or _DEVICE_WORD_BEFORE.search(scan.text, before, m.start())
            # in brackets on a line that says something failed ("No hemos podido completar tu check-in
            # (CKI-APIS-014)", "Operazione non eseguita (SCT-INST-0091)"), no holder's word near it, no name's letters
            or (
                bracketed
                and _unclaimed(scan.text, _FAILURE_ON_LINE.search(scan.text, line, m.start()), m.start())
                and not _claimed(scan.text, max(line, m.start() - _HOLDER_REACH), m.start(), m.end())
                and not _name_letters(m.group())
                and not _name_group(m.group())
                and not _holder_group(m.group())
                and not _PLATE_SHAPE.fullmatch(m.group())
            )
        ):
            yield m.span()
    for m in _CAMEL_AFTER_KEY.finditer(scan.text):
        parts = [p.lower() for p in _CAMEL_PART.findall(m.group(1))]
        # "error: JohnSmith", "reason: GarciaAna", "Error: MaxMustermann", "error: JanKowalski88" name someone
        if not (any(p[-1].isdigit() for p in parts) or any(p in first or p in last for p in (parts[0], parts[-1]))):
            yield m.span(1)
    for m in _BRACKET_CODE_KEY.finditer(scan.text):
        # "Something went wrong. (Code: BX7K2-0093)": an error dialog's code in brackets after its word, on a line
        # that says something failed; no holder's word near it, no name's letters, no plate
        line = scan.text.rfind("\n", 0, m.start()) + 1
        value = m.group(1)
        if (
            _unclaimed(scan.text, _FAILURE_ON_LINE.search(scan.text, line, m.start()), m.start())
            and not _claimed(scan.text, max(line, m.start() - _HOLDER_REACH), m.start(1), m.end(1))
            and not _name_letters(value)
            and not _holder_group(value)
            and not _PLATE_SHAPE.fullmatch(value)
            and not _EU_PLATE.fullmatch(value)
            and not _car_near(scan.text, *m.span(1))
            and not _DOCUMENT_SHAPE.fullmatch(value)
        ):
            yield m.span(1)
    yield from _find_short_codes(scan.text)
    yield from _find_screen_codes(scan.text)
    yield from _find_log_bracket_codes(scan.text)
    yield from _find_line_end_codes(scan.text)
    yield from _after_cue("error_code", _CODE_AFTER_CUE, scan)
    yield from _after_cue("fault_code", _FAULT_CODE, scan)
    yield from _before_error_word(scan)


#: a device's fault code after a fault's word ("meldet Störung F4", "avería E24", "guasto F.28"): a letter or two and a
#: short number, no postcode, plate, customer's or phone number ("Störung 10115 Berlin", "Awaria WA12345")
_FAULT_CODE = re.compile(r"[A-Z]{1,2}[.:-]?\d{1,3}(?![\w-])")


#: a code before the word for an error ("49.4C02 Fehler", "0x80070005 error", "E-4012 hatası"): a printer's dotted
#: code, a hex number, letters and digits mixed; no bare number (a count: "3 errors")
_CODE_BEFORE = re.compile(
    r"(?<![\w.:/-])(0[xX][0-9A-Fa-f]{3,16}|\d{2}\.[0-9A-Z]{2,4}(?:\.\d{2})?"
    r"|(?=[0-9A-Z-]*\d)(?=[0-9A-Z-]*[A-Z])[A-Z0-9]{1,8}(?:-[A-Z0-9]{1,6}){0,3})[\"'”]?[ \t]+"
)


@functools.lru_cache(maxsize=1)
def _error_word_after() -> re.Pattern[str]:
    listed = [w for w, kind in lexicons.pairs("technical_cues") if kind == "error_code_before"]
    return re.compile(rf"(?i)(?:{alternation(listed)})(?![\w-])")


def _before_error_word(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    for m in _CODE_BEFORE.finditer(text):
        if _error_word_after().match(text, m.end()) and not _claimed(
            text, max(0, m.start() - _ID_WORD_REACH), m.start(1), m.end(1)
        ):
            yield m.span(1)


#: an error's name in inner capitals after an error's or a reason's key ("ErrorCode: BlobNotFound", "reason:
#: InvalidSignature", '"error": "AccessDenied"'), its first and last words no name; a bare "code:" may hold a
#: voucher's or a login's code
_CAMEL_AFTER_KEY = re.compile(
    r"(?<![\w-])(?i:error[ _-]?code|error|err|fault[ _-]?code|reason[ _-]?code|reason|status[ _-]?code)[\"']?[ \t]*"
    r"[:=][ \t]*[\"']?((?:[A-Z][a-z0-9]+){2,6})(?![\w-])"
)
_CAMEL_PART = re.compile(r"[A-Z][a-z0-9]+")


def _unclaimed(text: str, failure: re.Match[str] | None, start: int) -> bool:
    """A word of failing, and no identifier's or user's word between it (or just before it) and the code at
    ``start``, unless that word's own value stands before the code ("fails with my document 977.808.871-38:
    PAY-0417")."""
    if failure is None:
        return False
    ctx = context_before(text, start, start - failure.start() + _ID_WORD_REACH)
    # a user's word claims only the value right after it ("failed for user: ABC123"; "Beim Login erscheint
    # die Meldung AUTH7731" names the moment, no user)
    words = [
        w
        for w in word_starts(_CLAIMING_WORDS).finditer(ctx)
        if w.group() in _ID_WORDS
        or (w.group() in _REFERENCE_WORDS and not ctx[w.end() : w.end() + 1].isalpha())  # not "OrderSaga"
        or len(ctx) - w.end() <= _USER_WORD_REACH
    ]
    return not words or _OWN_VALUE.search(ctx, words[-1].end()) is not None


#: the words after a code, in its sentence, that make it a person's ("aparece ABC-DEF-123 como mi número de socio",
#: "erscheint das Kennzeichen KLE-AB-123", "risponde PAZ-RM-88213, il codice paziente")
_HOLDER_WORDS = (
    *_CLAIMING_WORDS,
    "matrícula", "matricula", "placa", "plate", "kennzeichen", "targa", "plaque", "immatriculation", "tablica", "plaka",
    "member", "socio", "sócio", "soci", "membre", "adhérent", "adherent", "mitglied", "afiliado", "iscritto", "tessera",
    "członk", "üye", "patient", "paciente", "paziente", "pacjent", "hasta", "employee", "staff", "badge", "empleado",
    "funcionário", "dipendente", "mitarbeiter", "personalnummer", "employé", "pracownik", "personel", "sicil",
    "passport", "pasaporte", "passaporto", "passeport", "reisepass", "paszport", "pasaport", "student", "alumno",
)  # fmt: skip
#: who a gate, a building or a stay lets in: a number right after one is theirs ("entry failed for resident: 4821",
#: "falhou para o hóspede: 4471")
_ROLE_WORDS = (
    "resident", "residente", "résident", "bewohner", "mieszkaniec", "sakin", "guest", "huésped", "hóspede", "ospite",
    "invité", "gast", "gość", "misafir", "visitor", "visitante", "visiteur", "visitatore", "besucher", "odwiedzając",
    "ziyaretçi", "tenant", "inquilino", "locataire", "mieter", "najemca", "kiracı", "aluno", "studente", "étudiant",
    "öğrenci", "uczeń", "member", "socio", "sócio", "patient", "paciente", "paziente", "pacjent", "employee", "student",
    "passenger", "pasajero", "passageiro", "passeggero", "passager", "fahrgast", "passagier", "pasażer", "yolcu",
)  # fmt: skip
# folded as the text they are searched in is ("sócio", "hóspede", "üye")
_HOLDERS = word_starts(tuple(dict.fromkeys(fold(w) for w in (*_HOLDER_WORDS, *_ROLE_WORDS))))
_ROLES = word_starts(tuple(dict.fromkeys(fold(w) for w in _ROLE_WORDS)))


def _claimed(text: str, lo: int, start: int, end: int) -> bool:
    """A holder's word stands between ``lo`` and the code at ``start``, or follows the code (ending at ``end``) in its
    sentence, at most 80 characters on ("erscheint das Kennzeichen KLE-AB-123", "My staff ID appears as EMP-LON-0421",
    "aparece ABC-DEF-123 como mi número de socio")."""
    rest = re.split(r"[.!?;\n]", fold(text[end : end + 80]), maxsplit=1)[0]
    return _HOLDERS.search(fold(text[lo:start])) is not None or _HOLDERS.search(rest) is not None


#: a holder's word this close before a code in brackets makes it theirs ("o sócio (SOC-2291)")
_HOLDER_REACH = 24
#: a number plate's shape: letters, digits, letters (AB-123-CD, M-AB-1234, B-1234-XYZ, WA-1234-5)
_PLATE_SHAPE = re.compile(r"[A-Z]{1,3}-\d{1,4}-[A-Z]{1,3}|[A-Z]{1,3}-[A-Z]{1,2}-?\d{1,4}|[A-Z]{1,3}-\d{3,5}-\d")


def _find_short_codes(text: str) -> Iterator[tuple[int, int]]:
    """A code of two groups after a word of failing at most two words before, with no identifier's word
    between or just before ("fails with PAY-0417", "An error occurred (EX-5003)"), or in brackets on a line
    that says something failed ("Could not replace ... (R-2045)"); not "failed for order ORD-1234", "Order
    status ORD-1234"."""

    for m in _SHORT_CODE.finditer(text):
        line = text.rfind("\n", 0, m.start()) + 1
        if _unclaimed(text, _FAILURE_BEFORE.search(text, max(line, m.start() - 48), m.start()), m.start()):
            yield m.span()
            continue
        bracketed = text[m.start() - 1 : m.start()] == "(" and text[m.end() : m.end() + 1] == ")"
        # or after the colon that ends a clause of failing ("falha com o meu documento 977.808.871-38: PAY-0417")
        after_colon = text[max(line, m.start() - 2) : m.start()].lstrip(" \t").startswith(":")
        if (
            (bracketed or after_colon)
            and _unclaimed(text, _FAILURE_ON_LINE.search(text, line, m.start()), m.start())
            # a member's word or a name's letters make it theirs ("o sócio (SOC-2291)", "(MARIA-2291)")
            and not _claimed(text, max(line, m.start() - _HOLDER_REACH), m.start(), m.end())
            and not _name_letters(m.group())
            and not _holder_group(m.group())
        ):
            yield m.span()


#: a device's display and the verb of what it shows, maybe an article or a message's word after it ("the display says",
#: "auf dem Display erscheint", "en pantalla aparece el aviso", "sullo schermo compare", "l'écran indique"); not the
#: device or an app itself (what "the app shows" is often someone's: a plate, a member's number, a gamer tag)
_SAYS = (
    r"(?:says|said|shows|showed|displays|reads|flashes|appears|aparece|"
    r"apareció|apareceu|muestra|mostró|mostra|mostrou|exibe|compare|appare|è comparso|indique|affiche|apparaît|"
    r"erscheint|zeigt|steht|pokazuje|gösteriyor)(?![\w])"
    r"(?:[ \t]+(?:(?:the|an?|el|la|un|una|il|lo|le|une|o|um|uma|der|die|das|den|ein|eine|message|messaggio|mensagem|"
    r"mensaje|aviso|avviso|meldung|nachricht|code|código|codice|scritta|texto|text|only|just|now|nur|solo|só|"
    r"seulement)(?![\w'’])|l['’])){0,3}[ \t]*[:«\"“']?[ \t]*"
)
_SCREEN_SAYS = re.compile(
    r"(?i)(?<![\w])(?:display|screen|lcd|pantalla|visor|tela|ecrã|schermo|écran|ecran|bildschirm|wyświetlacz|ekran)"
    r"(?![\w])(?:[ \t]+[^\s.!?;:]+){0,2}?[ \t]+" + _SAYS
)


@functools.cache
def _appliance_says() -> re.Pattern[str]:
    """A household appliance or a printer, maybe its brand and model after it, and the verb of what it shows ("the
    boiler shows F28", "la lavadora Balay 3TS976BA muestra", "der Geschirrspüler zeigt"): an appliance shows its
    codes, never a plate, a member's number or a gamer tag."""
    nouns = alternation(lexicons.words("technical_appliance_words"))
    return re.compile(rf"(?i)(?<![\w])(?:{nouns})(?![\w])(?:[ \t]+[^\s.!?;:,]+){{0,3}}?[ \t]+" + _SAYS)


#: what a display shows: capitals and digits in up to three groups, a digit and a capital in it, no run of five
#: digits (FX-2231B, AB12-7731, K9Z-4410, E4-12); not followed by another group of capitals (a UK plate's "AB12 CDE")
_SCREEN_CODE = re.compile(
    r"(?:(?=[A-Z0-9-]{0,30}\d)(?=[A-Z0-9-]{0,30}[A-Z])(?![A-Z0-9-]*\d{5})[A-Z0-9]{1,8}(?:-[A-Z0-9]{1,8}){0,2}"
    # or a printer's dotted code, a capital in it (49.4C02), or a letter, a dot or a colon and a number (F.28, E:15)
    r"|\d{2}\.(?=[0-9A-Z]{0,3}[A-Z])[0-9A-Z]{2,4}|[A-Z]{1,2}\.\d{1,3}|[A-Z]:\d{1,3})"
    r"(?![\w-]|\.\w|[ \t]+[A-Z]{2,3}(?![\w]))"
)
#: a user name's or a person's shape: a word of four letters or more before the digits (DRAGON-2011, MLOPEZ-1990,
#: PGOMEZ07), not an error's word (ERROR-12)
_HANDLE_SHAPE = re.compile(r"[A-Z]{4,}-?\d")
#: how far around a code a display shows a holder's word still claims it, across a sentence's end
_SCREEN_HOLDER_REACH = 60


def _screen_code_ok(text: str, start: int, end: int) -> bool:
    """A code a display shows that is nobody's: no document's number, no plate of any shape (a car park's screen), no
    name's or handle's letters, no holder's group, no holder's word before it or after it, in its sentence or the next
    ("My membership number keeps failing. The screen shows ...", "The screen shows KLM-4412. That's my badge.")."""
    value = text[start:end]
    before = fold(text[max(0, start - _SCREEN_HOLDER_REACH - 20) : start])
    return not (
        _DOCUMENT_SHAPE.fullmatch(value)
        or _vehicle_code(text, start, end)
        or _name_letters(value)
        or (_HANDLE_SHAPE.match(value) is not None and not _error_group(value))
        or _holder_group(value)
        or _HOLDERS.search(before) is not None
        or _HOLDERS.search(fold(text[end : end + _SCREEN_HOLDER_REACH])) is not None
    )


def _find_screen_codes(text: str) -> Iterator[tuple[int, int]]:
    """A code a device's display or an appliance shows ("The display says FX-2231B", "No visor aparece a mensagem
    W7-3391A", "the boiler shows F28-4B"), and the codes listed after it ("... E-04 and F21"), each nobody's
    (:func:`_screen_code_ok`); what an appliance shows is a short code, no run of four digits, with no possessive of
    the writer after it in its sentence (a shared printer or washing machine shows a badge, a flat's number: "The
    printer says K7-3391 ... the code on my lanyard", "zeigt W4-17 an, das ist meine Wohnungsnummer")."""
    for says, ok in ((_SCREEN_SAYS, _screen_code_ok), (_appliance_says(), _appliance_code_ok)):
        for m in says.finditer(text):
            code = _SCREEN_CODE.match(text, m.end())
            while code is not None and ok(text, *code.span()):
                yield code.span()
                j = _CODE_JOIN.match(text, code.end())  # "E-04 and F21"
                code = _SCREEN_CODE.match(text, j.end()) if j is not None else None


#: the writer's possessive, or "that's me", after an appliance's code in its sentence: the code is the writer's
_WRITERS_AFTER = re.compile(
    r"(?i)(?<![\w'’])(?:my|mine|mi|mis|mio|mia|miei|mie|meu|minha|meus|minhas|mon|ma|mes|mein|meine|meiner|meinen|"
    r"meinem|mijn|mój|moja|moje|mojego|mojej|benim|meva|meves|that's me|c'est moi|sono io|soy yo|sou eu)(?![\w])"
)


def _appliance_code_ok(text: str, start: int, end: int) -> bool:
    """A code an appliance shows: a display's code (:func:`_screen_code_ok`), no run of four digits, no possessive of
    the writer after it in its sentence."""
    if _FOUR_DIGITS.search(text, start, end) or not _screen_code_ok(text, start, end):
        return False
    rest = re.split(r"[.!?\n]", text[end : end + 120], maxsplit=1)[0]
    return _WRITERS_AFTER.search(rest) is None


#: a run of four digits: a badge's, a flat's or a record's number, no appliance's code
_FOUR_DIGITS = re.compile(r"\d{4}")


#: a code in brackets between a log line's level and its component, as MySQL writes its errors ("2024-02-19T03:12:55Z 0
#: [ERROR] [MY-012592] [InnoDB] ..."); a code in brackets after a stamp alone may be a plate or a member's number
#: (an access log's "[AB-123-CD] entrée autorisée")
_LOG_BRACKET_CODE = re.compile(
    r"\[(?:ERROR|Error|WARNING|Warning|NOTE|Note|SYSTEM|System)\][ \t]+"
    r"\[((?=[A-Z0-9_-]{0,15}\d)[A-Z]{1,6}(?:[-_][A-Z0-9]{1,8}){1,3})\][ \t]+\[[A-Z][A-Za-z]+\]"
)


def _find_log_bracket_codes(text: str) -> Iterator[tuple[int, int]]:
    """The code of a MySQL error line (``[ERROR] [MY-012592] [InnoDB]``), on a line that opens with its stamp."""
    for m in _LOG_BRACKET_CODE.finditer(text):
        line = text.rfind("\n", 0, m.start()) + 1
        if _LOG_LINE.match(text, line) and not _HOLDER_PREFIX.match(m.group(1)):
            yield m.span(1)


#: a code that ends a line: capitals in groups with a digit (WIFI-E17, ORA-12541), five capitals or more and four
#: digits or more (AADSTS50076), or three to five digits, maybe a full stop after it; a user name (TKOWAL88,
#: KWOJ1988) or a document's number (Y7654321T, a codice fiscale) has none of these shapes
_LINE_END_CODE = re.compile(
    r"(?m)(?<![\w.@/:=-])(?:(?=[A-Z0-9_-]{0,15}\d)[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+){1,3}|[A-Z]{5,}\d{4,6}"
    r"|\d{3,5})(?=[ \t]*\.?[ \t]*$)"
)
#: a Java or .NET exception's first line, maybe after "Caused by:" ("java.net.ConnectException: Pool exhausted"),
#: the class's own name in group 1
_EXCEPTION_LINE = re.compile(
    r"[ \t]*(?:Caused by:[ \t]*)?(?:[A-Za-z_][\w$]*\.)+([A-Z][\w$]*(?:Exception|Error|Fault))"
    r"(?:[ \t]+\(0x[0-9A-Fa-f]+\))?:"
)
#: an exception about a person's or an account's record: the value after it is theirs
#: ("UserNotFoundException: JSMITH42", "InvalidCardException: ...")
_PERSONAL_EXCEPTION = re.compile(
    r"(?:User|Account|Customer|Client|Member|Card|Iban|Email|Mail|Phone|Person|Patient|Passport|Document|Identity|"
    r"Login|Credential|Owner|Holder|Subscriber|Contract|Policy|Profile|Employee|Nie|Nif|Dni|Ssn|Tax|Fiscal|Duplicate|"
    r"Kyc|Name)(?![a-z])"
)
#: the shapes of a document's or an account's number (one to three letters and six digits or more, six digits or
#: more alone): no code that ends a line
_DOCUMENT_SHAPE = re.compile(r"[A-Z]{1,3}\d{6,}|\d{6,}")
#: a syslog stamp's month, also as journalctl prints it in other locales ("mars 13 09:14:02", "Okt 12 10:22:14",
#: "déc. 3 08:00:01", "ago 21 02:00:01")
_SYSLOG_MONTH = (
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|(?i:janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|"
    r"nov\.|déc\.|jan|fev|fév|mär|abr|mag|giu|lug|ago|set|ott|okt|out|dez|dic|ene|gen))"
)
#: a line that opens with a date and time or a syslog stamp: a log line
_LOG_LINE = re.compile(
    r"[ \t\[]*(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}"
    rf"|(?:[A-Z][a-z]{{2}}|{_SYSLOG_MONTH})[ \t]{{1,2}}\d{{1,2}}[ \t]\d{{2}}:\d{{2}})"
)
#: the words that give a cause before a code that ends a log line ("Falling back to the replica due to WIFI-E17")
_CAUSE_BEFORE = re.compile(r"(?i)(?<![\w])(?:due to|because of|caused by|reason|cause)[ \t]*:?[ \t]*$")


_LEADING_LETTERS = re.compile(r"[A-Z]{3,}")


#: the first groups of a holder's number, not an error's: a customer's, an employee's, a member's, a user's, a patient's
#: ("KD-448812", "EMP-00412", "MBR-4471")
_HOLDER_GROUPS = frozenset(
    "KD KDN KDNR KUNDE CUST CUS CLI CLT CLIENT CL EMP EMPL MBR MEM SOC SOCIO USR USER UID ACC ACCT PAT PAC PAZ STU ALU "
    "MAT PERS PER ID NR PLAYER GAMER GUEST".split()
)


def _name_group(code: str) -> bool:
    """A group of the code's letters is a first name or a surname ("U-MARIA-1990")."""
    first, last, _, _ = load_gazetteers()
    return any(
        len(g) >= 3 and (g.lower() in first or g.lower() in last) for g in re.split(r"[-_]", code) if g.isalpha()
    )


def _holder_group(code: str) -> bool:
    return re.split(r"[-_]", code, maxsplit=1)[0] in _HOLDER_GROUPS


def _name_letters(code: str) -> bool:
    """The letters a code opens with are a first name or a surname: a user name (``MARIA22``, ``SMITH-4471``); three
    letters before digits and more letters are a model's series (``WAN28281GB``), though ``Wan`` is a surname."""
    first, last, _, _ = load_gazetteers()
    m = _LEADING_LETTERS.match(code)
    if m is None or (len(m.group()) == 3 and _SERIES_CODE.fullmatch(code)):
        return False
    return m.group().lower() in first or m.group().lower() in last


#: three capitals, digits, and capitals again: an appliance's or a device's model (WAN28281GB, SMS46KI01E)
_SERIES_CODE = re.compile(r"[A-Z]{3}\d{2,6}[A-Z][A-Z0-9]*")


def _find_line_end_codes(text: str) -> Iterator[tuple[int, int]]:
    """A code that ends an exception's first line, right after its class or after a comma (``Caused by:
    java.net.ConnectException: 1310``, ``...Exception: Pool exhausted on port 9092, AADSTS50076``), or that ends a
    log line after a cause word or the colon of a failing clause (``... Falling back to api.github.com due to
    WIFI-E17``, ``... Refund failed for customer=... account=...: AADSTS50076``), in a code's shape; never a value
    after an identifier's, a card's or a user's word (``failed for account 3230245``, ``login failed for user:
    ABC123``), after an exception about a person's record or with a name's letters (``MARIA22``)."""
    for m in _LINE_END_CODE.finditer(text):
        if len(m.group()) > 16 or _DOCUMENT_SHAPE.fullmatch(m.group()) or _name_letters(m.group()):
            continue
        line = text.rfind("\n", 0, m.start()) + 1
        head = text[line : m.start()]
        stripped = head.rstrip(" \t")
        exception = _EXCEPTION_LINE.match(text, line)
        if exception is not None and (exception.end() >= line + len(stripped) or stripped.endswith(",")):
            if not _PERSONAL_EXCEPTION.search(exception.group(1)):
                yield m.span()
            continue
        line_end = text.find("\n", m.end())
        if not _LOG_LINE.match(text, line) and not _LOG_LEVEL.search(
            text, line, line_end if line_end >= 0 else len(text)
        ):
            continue
        cause = _CAUSE_BEFORE.search(text, line, m.start())
        failure = _FAILURE_ON_LINE.search(text, line, line + len(stripped)) if stripped.endswith(":") else None
        if (
            (cause is not None or failure is not None)
            and _unclaimed(text, cause or failure, m.start())
            # a resident's, a guest's or a member's number, a plate ("entry failed for resident: 4821",
            # "entry denied due to AB-123-CD")
            and _ROLES.search(fold(text[max(line, m.start() - _HOLDER_REACH) : m.start()])) is None
            and not _PLATE_SHAPE.fullmatch(m.group())
        ):
            yield m.span()


ERROR_CODE = KeepRule(
    id="technical.error_code",
    kind="error_code",
    vetoes=ALL_LABELS,
    find=_find_error_codes,
    lexicons=("technical_cues", "bare_code_words", "technical_appliance_words", "vehicle_makes"),
    description="hex codes and HRESULTs, E-4012, ERR_* constants, SQLSTATE, stop codes, a number after 'error'",
    examples=(
        ("error 0x80070057 on boot", "0x80070057"),
        ("Error E-4012 appears after login", "E-4012"),
        ("Bonjour, ma PS5 affiche CE-108255-1 quand je lance un jeu.", "CE-108255-1"),
        ("Chrome says ERR_CONNECTION_RESET", "ERR_CONNECTION_RESET"),
        ("SQLSTATE 23505 duplicate key", "23505"),
        ("stop code 0x0000007E", "0x0000007E"),
        ("2024-02-19T03:12:55.402113Z 0 [ERROR] [MY-012592] [InnoDB] Operating system error", "MY-012592"),
        ("installer fails with error 1603", "1603"),
        ("aparece el código de error 0xc000007b", "0xc000007b"),
        ("Fehlercode: 43 im Gerätemanager", "43"),
        ("NET::ERR_CERT_AUTHORITY_INVALID in the browser", "NET::ERR_CERT_AUTHORITY_INVALID"),
        ("connect ECONNREFUSED 127.0.0.1", "ECONNREFUSED"),
        ("Installer exited with code AADSTS50076 while writing", "AADSTS50076"),
        ("Error: WIFI-E17", "WIFI-E17"),
        ('< HTTP/1.1 422 Unprocessable Entity\n{"error":"1310"}', "1310"),
        ("POP3 session dropped, reason WIFI-E17", "WIFI-E17"),
        ("Windows Update fails with 0xc1900101-0x20017 every night", "0xc1900101-0x20017"),
        ("The Outlook add-in crashes with AUTH-TKN-004.", "AUTH-TKN-004"),
        ("Got ERR-2FA-03 when I try the login", "ERR-2FA-03"),
        ("MySQL error 1045 (28000): Access denied", "28000"),
        ("PlayStation error CE-108255-1 after the update", "CE-108255-1"),
        ("Teams shows error caa70004 when I sign in", "caa70004"),
        ("Steam says error code -105 (unable to resolve)", "-105"),
        ("Die App zeigt Fehlercode 9001-W3", "9001-W3"),
        ("L'imprimante affiche l'erreur 5B00", "5B00"),
        ("The display says FX-2231B and nothing else happens", "FX-2231B"),
        ("Sullo schermo compare AL-43S12 e poi si spegne.", "AL-43S12"),
        ("L'écran indique HX220-B puis s'éteint.", "HX220-B"),
        ("La caldaia Vaillant ecoTEC mostra F28-4B da stamattina.", "F28-4B"),
        ("Der Geschirrspüler zeigt E15-2C, dann piept er.", "E15-2C"),
        ("The printer says 49.4C02 and then reboots.", "49.4C02"),
        ("OnePlus 11 gives error 0x2b when pairing.", "0x2b"),
        ("psql: FATAL 28P01 password authentication failed for user", "28P01"),
        ('ERROR: 23505: duplicate key value violates unique constraint "users_pkey"', "23505"),
        ("Netflix error NW-2-5 on the TV", "NW-2-5"),
        ("failed: ERR_CERT_DATE_INVALID", "ERR_CERT_DATE_INVALID"),  # "Date" is a surname too
        ("Netflix says error NW-2-5 and then M7111-1331-2206", "M7111-1331-2206"),
        ("Teams keeps failing with caa20002 on sign-in", "caa20002"),
        ("reason=PAY_DECLINED_05 for the card", "PAY_DECLINED_05"),
        ("the api pods go into CrashLoopBackOff with exit code 137", "CrashLoopBackOff"),
        ("bind failed for uid=tgirard : LDAP_INVALID_CREDENTIALS (49)", "49"),
        ("The Outlook add-in fails with PAY-0417 on start.", "PAY-0417"),
        ("An error occurred (EX-5003) when calling the PutObject operation", "EX-5003"),
        ("A verificação de identidade falha com o meu documento 977.808.871-38: PAY-0417.", "PAY-0417"),
        ("Could not replace C:\\Setup\\setup.log (R-2045)", "R-2045"),
        ("production.ERROR: SQLSTATE[HY000] [2002] Connection refused", "HY000"),
        ('{"errorCode": "PMT4471", "message": "card declined"}', "PMT4471"),
        ('<error code="SYN4410">Sync failed</error>', "SYN4410"),
        ('error_code=RT5521 msg="upstream timeout"', "RT5521"),
        ("Hulu shows error P-DEV320 since yesterday", "P-DEV320"),
        ('il modulo online risponde SEPA-ERR-004 "mandato non valido"', "SEPA-ERR-004"),
        ("Status: 404 (The specified blob does not exist.)\nErrorCode: BlobNotFound", "BlobNotFound"),
        ("Le SQLSTATE remonté côté Java est 40P01.", "40P01"),
        ("quando tento ver o estado do carro aparece VWC-SVC-403 e no log", "VWC-SVC-403"),
        ("My LaserJet shows error 49.4C02 on the panel", "49.4C02"),
        ('Der Drucker meldet "49.4C02 Fehler" seit heute', "49.4C02"),
        ("Windows shows a 0x80070005 error when I update", "0x80070005"),
        ("Office install fails with error code 30088-26.", "30088-26"),
        ("warning C4996: 'strcpy': This function may be unsafe.", "C4996"),
        ("Caused by: java.net.SocketTimeoutException: AADSTS50076", "AADSTS50076"),
        ("[Wed Mar 12 14:22:05.123456 2025] [proxy:error] [pid 1234] AH00940: backend failed", "AH00940"),
        ("Caused by: java.net.ConnectException: 1310", "1310"),
        ("java.io.UncheckedIOException: Pool exhausted on port 9092, WIFI-E17", "WIFI-E17"),
        ("Caused by: org.acme.BillingTimeoutException: AADSTS50076", "AADSTS50076"),
        (
            "2025-06-30T04:30:39.578Z WARN 26196 --- [t-2] c.n.OrderSaga : Falling back to api.github.com due to 1310",
            "1310",
        ),
        (
            "2024-04-21T10:19:23.077Z ERROR [w-2] c.f.Refunds - Refund failed for account=3230245: AADSTS50076",
            "AADSTS50076",
        ),
        ('"No hemos podido completar tu check-in (CKI-APIS-014). Revisa los datos"', "CKI-APIS-014"),
        ('"Operazione non eseguita (SCT-INST-0091). La banca del beneficiario"', "SCT-INST-0091"),
        ('"Não foi possível concluir o Pix. (PIX-E031) Tente novamente"', "PIX-E031"),
        ('"Die Registrierung ist fehlgeschlagen. (PT-4012) Bitte wenden Sie sich"', "PT-4012"),
        ('The dialog says: "Something went wrong. (Code: BX7K2-0093)"', "BX7K2-0093"),
        ("Unsere Viessmann Vitodens 200-W meldet Störung F4 seit gestern", "F4"),
        ("die Heizung Vaillant ecoTEC plus zeigt F.28 und springt nicht an", "F.28"),
        ("der Geschirrspüler Siemens iQ300 zeigt E:15 an", "E:15"),
        ("Our export fails with INVALID_FIELD_FOR_INSERT_UPDATE.", "INVALID_FIELD_FOR_INSERT_UPDATE"),
    ),
    negatives=(
        "el error 612 345 678 es mi móvil",
        "la avería 612 345 678 es mi móvil",
        "Fehler 0171 2345678 ist meine Nummer",
        "login as ANA_MARIA_LOPEZ failed",
        "The display says MARIA-2291 as the owner.",
        "The screen at the barrier shows AB-123-CD.",
        "En pantalla aparece ABC-123 como mi número de socio.",
        "The display shows X1234567 on the scanned passport.",
        "Ekran parkomatu pokazuje WX4821K i nalicza opłatę drugi raz.",
        "The TV screen shows MLOPEZ-1990 as the profile.",
        "The screen shows KLM-4412. That's my badge number.",
        "The car park screen shows AB12 CDE and asks me to pay again.",
        "Le code est 4B21A pour la porte de l'immeuble.",
        "Der Code ist K-20457, meine Kundennummer von früher.",
        "2024-06-12 08:14:03 [AB-123-CD] entrée autorisée barrière 2",
        "Pagamento recusado para o sócio (SOC-PAG-2291)",
        "No hemos podido validar la matrícula (MAD-BCN-1234)",
        "La domanda è stata rifiutata (ANNA-ROSSI-12)",
        "Die Zahlung wurde abgelehnt (KD-448812). Bitte prüfen Sie Ihre Zahlungsdaten.",
        "Payment declined (EMP-00412). Payroll advance could not be processed.",
        "Error inesperado. Inténtalo más tarde. (U-MARIA-1990)",
        "Error al abrir la barrera. Inténtalo de nuevo. (B-1234-XYZ)",
        "please call me on 0612 345 678",
        "my wallet is 0x52908400098527886E0F7030069857D2E4169EE7",
        "el usuario es EMILIA_1990",
        "error: JohnSmith",
        "en la tarjeta aparece ABC-DEF-1234 como matrícula",
        "Me llegó un mensaje: AB-1234 es la matrícula que tienen registrada",
        "aparece ABC-DEF-123 como mi número de socio",
        "Please compare EMP-BCN-0421 and EMP-BCN-0422, they are our badge numbers",
        "Im Bußgeldbescheid erscheint das Kennzeichen KLE-AB-123, das ist mein Auto.",
        "My staff ID appears as EMP-LON-0421 in the roster.",
        "My ID card number is ES-ERR-1234 according to the app.",
        "SQLSTATE quand je saisis 75011 comme code postal",
        "SQLSTATE con il mio CAP 20121",
        "AD sync error: JanKowalski88 already exists.",
        "reason: GarciaAna",
        "login ANA_MARIA_LOPEZ",
        "My name is <PRESIDIO_ANONYMIZED_PERSON>",
        "código postal 28013",
        "my PIN is 4821",
        "Confirmation code: ORD-2024-689322 / Tariff: Flex",
        "Booking code INC2994603 for Megan",
        "My plate is AB-123-CD.",
        "Invoice INV-2024-0091 is wrong",
        "laptop asset tag LT-PUN-04471",
        "Hostname WKS-MR-0412, assigned VPN IP",
        "Número de certificado: ASV-EC-2024-118845",
        "The payment failed for order ORD-1234, please check.",
        "my booking failed: BKG-88213",
        "the tracking page shows PKG-88213 as delivered",
        "2024-04-21T10:19:23.077Z ERROR [worker-21] c.f.Refunds - Refund failed for account 3230245",
        "2024-04-21T10:19:23.077Z ERROR [worker-21] Login failed for user: ABC123",
        "2024-04-21T10:19:23.077Z ERROR [worker-21] Payment failed for customer CUST-578616",
        "2024-04-21 10:19:23 ERROR booking failed: BKG-88213",
        "2024-04-21T10:19:23.077Z ERROR [worker-2] c.f.Payments - Payment failed for card ending: 4242",
        "2024-04-21T10:19:23.077Z ERROR [worker-2] c.f.Kyc - Verification failed: AB123456",
        "Caused by: com.acme.UserNotFoundException: JSMITH42",
        "It shows JS4521 as my login name.",
        "2024-04-21 10:19:23 INFO Session closed after MARIA22",
        "2024-04-21 10:19:23 ERROR Login failed for user jsmith: ABC123",
        "the tracking page shows PKG88213 as delivered",
        "my ID card shows AB12345 as the number",
        "the form shows my passport number X1234567 wrongly",
        "Oct 12 10:22:14 gate: entry failed for resident: 4821",
        "Oct 12 10:22:14 parking: entry denied due to AB-123-CD",
        # a code in brackets after a word of failing names a ticket, an order, a member or a name
        "  Ihr Ticket konnte nicht geladen werden. Bitte versuchen Sie es später erneut. (KN-1012)\n",
        "  Não foi possível processar a encomenda. Tente mais tarde. [ENC-48213]\n",
        "  Erro inesperado ao validar o sócio (SOC-2291)\n",
        "  Error inesperado. Inténtalo más tarde. (MARIA-2291)\n",
    ),
)


@functools.cache
def _technical_key_value() -> re.Pattern[str]:
    """A value after a technical field's key (``technical_keys``), its words joined by a blank, a hyphen or an
    underscore or by nothing (``Error ID``, ``event_id``, ``RequestId``)."""
    keys = sorted(lexicons.words("technical_keys"), key=len, reverse=True)
    body = "|".join(re.escape(k).replace(r"\ ", r"[ _-]?") for k in keys)
    return regex_cache.compile(
        rf"(?i)(?<![\w-])({body})(?:[ \t]*[:=#][ \t]*|[ \t]+)[\"'«„]?((?=[\w.:/-]*\d)[A-Za-z0-9][\w.:/-]{{0,63}})"
    )


def _find_technical_key_values(scan: Scan) -> Iterator[tuple[int, int]]:
    """The value, and its key (an identifier's word in the key, "ID", anchors no value to a person): after a colon, an
    equals sign or a hash, or after a blank when it is hex (``crash id 7c1e4fa2``); never a document's or a phone's
    shape, a date, a value that goes on in more digit groups, one with a name's letters, or one with a holder's word
    around it in its sentence (``Request ID: X1234567 is my passport number``)."""
    text = scan.text
    first, last, _, _ = load_gazetteers()
    for m in _technical_key_value().finditer(text):
        s, e = m.span(2)
        while e > s and text[e - 1] in ".:/-":
            e -= 1
        value = text[s:e]
        separated = any(c in ":=#" for c in text[m.end(1) : s])
        if e - s < 2 or not (separated or _HEX_ID.fullmatch(value)):
            continue
        if _DOCUMENT_SHAPE.fullmatch(value) or _DATE_SHAPE.fullmatch(value) or _MORE_DIGITS.match(text, e):
            continue
        if any(len(w) >= 3 and (w.lower() in first or w.lower() in last) for w in re.findall(r"[^\W\d_]+", value)):
            continue  # "Error ID: jan.kowalski1980": a login
        rest = re.split(r"[.!?;\n]", text[e : e + 80], maxsplit=1)[0]
        if _WRITERS_AFTER.search(rest) or _HOLDERS.search(fold(text[max(0, m.start() - _HOLDER_REACH) : m.start()])):
            continue  # "Request ID: X1234567 is my passport number"
        yield m.span(1)
        yield s, e


#: a hex id of six characters or more with a letter and a digit (a request's, a crash's, a trace's)
_HEX_ID = re.compile(r"(?=[0-9a-fA-F-]*[a-fA-F])(?=[0-9a-fA-F-]*\d)[0-9a-fA-F][0-9a-fA-F-]{5,63}")
#: a date's shape (1985-03-14, 14.03.1985)
_DATE_SHAPE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{2,4}")
#: another group of digits after a value ("4111 1111 1111 1111", "943 476 5919")
_MORE_DIGITS = re.compile(r"[ \t.-]?\d")


TECHNICAL_KEY_VALUE = KeepRule(
    id="technical.technical_key_value",
    kind="error_code",
    # what a code's shape is read as; a phone, a document, a date or a card keeps its label
    vetoes=frozenset(
        {
            Label.ID_CARD,
            Label.CUSTOMER_ID,
            Label.TICKET_NUMBER,
            Label.DEVICE_ID,
            Label.POSTCODE,
            Label.USERNAME,
            Label.ORGANIZATION,
        }
    ),
    find=_find_technical_key_values,
    lexicons=("technical_keys",),
    description="the value after a technical field's key (Error ID, Event ID, Request ID, Trace ID, Crash ID): an "
    "error's, an event's or a request's number, no one's identifier",
    examples=(
        ("Error ID: 4F2A-11C9 appears when uploading the invoice.", "4F2A-11C9"),
        ("request_id=7f3a9c21 status=502", "7f3a9c21"),
        ("Event ID: 4625, Logon failure", "4625"),
        ("Crash ID: 7c1e4fa2.", "7c1e4fa2"),
        ("The app crashed with SIGSEGV, crash id 7c1e4fa2", "7c1e4fa2"),
    ),
    negatives=(
        "Customer ID: CU-4471-8812",
        "ID: X1234567",
        "Session ID: AB12345",
        "Passport no. X1234567, request for renewal",
        "Request ID: X1234567 is my passport number",
        "Crash ID 612345678 is my phone",
        "Request ID: 1985-03-14 (my date of birth)",
        "error reference 4111 1111 1111 1111",
        "Error ID: jan.kowalski1980 (mój login)",
        "Error ID 12345678901 TC kimlik",
    ),
)


# HTTP statuses -------------------------------------------------------------------------------------
_REASONS = (
    "OK", "Created", "Accepted", "No Content", "Moved Permanently", "Found", "See Other", "Not Modified",
    "Temporary Redirect", "Permanent Redirect", "Bad Request", "Unauthorized", "Payment Required", "Forbidden",
    "Not Found", "Method Not Allowed", "Not Acceptable", "Request Timeout", "Conflict", "Gone",
    "Payload Too Large", "Request Entity Too Large", "Unsupported Media Type", "Unprocessable Entity",
    "Unprocessable Content", "Too Many Requests", "Internal Server Error", "Not Implemented", "Bad Gateway",
    "Service Unavailable", "Gateway Timeout", "Gateway Time-out",
)  # fmt: skip
_STATUS_PHRASE = re.compile(rf"(?<![\w.,-])[1-5]\d\d:?\s+(?i:{alternation(_REASONS)})(?![\w])")
_HTTP_VERSION_STATUS = re.compile(r"HTTP/\d(?:\.\d)?\"?\s+([1-5]\d\d)(?!\d)")
_STATUS_AFTER_CUE = re.compile(r"[1-5]\d\d(?![\w.,:/-]|,\d)")
_STATUS_FIELD = re.compile(
    r"(?i)(?<![\w-])(?:status|status_code|statusCode|http_status|code)[\"']?\s*[:=]\s*[\"']?([1-5]\d\d)(?!\d)"
)


def _find_http_status(scan: Scan) -> Iterator[tuple[int, int]]:
    for m in _STATUS_PHRASE.finditer(scan.text):
        yield m.span()
    for pattern in (_HTTP_VERSION_STATUS, _STATUS_FIELD):
        for m in pattern.finditer(scan.text):
            yield m.span(1)
    yield from _after_cue("http_status", _STATUS_AFTER_CUE, scan)


HTTP_STATUS = KeepRule(
    id="technical.http_status",
    kind="http_status",
    vetoes=ALL_LABELS,
    find=_find_http_status,
    description="an HTTP status with its reason phrase, after HTTP/1.1 in an access log, after status/returns",
    examples=(
        ("The server returns 502 Bad Gateway on upload", "502 Bad Gateway"),
        ('"GET /api/v2/orders HTTP/1.1" 502 1234', "502"),
        ("the API returns 429 when I retry", "429"),
        ('{"status": 503, "error": "busy"}', "503"),
    ),
    negatives=("I live at 502 Baker Street", "call 502 555 0134"),
)


# versions and builds -------------------------------------------------------------------------------
_DOTTED = r"v?\d+(?:\.\d+){1,4}(?:[-+~][0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*)?"
_SEMVER_SUFFIX = re.compile(
    r"(?<![\w.+-])v?\d+\.\d+(?:\.\d+){0,3}(?:[-+~](?:rc|alpha|beta|dev|pre|preview|build|snapshot|"
    r"generic|release|lts|stable|final|hotfix|patch)[0-9A-Za-z.]*|-\d+-[a-z][a-z0-9]*)"
    r"(?:[-.][0-9A-Za-z]+)*(?![\w])",
    re.IGNORECASE,
)
_V_VERSION = re.compile(r"(?<![\w.])v\d+(?:\.\d+){1,4}(?![\w])")
_VERSION_AFTER_CUE = re.compile(
    # a build in three groups or more, a digit in it, first ("24.03-09.20.00" whole, "2S0_2F00.002.106",
    # "ES_g15.5_RTF_TEF001_V7.11")
    r"(?:(?=[\w.-]{0,40}\d)(?=[\w.-]{0,40}(?:[A-Za-z_]|\.[\w.]*-|-[\w-]*\.))"
    r"[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+){2,8}(?![\w-]|\.\w|\s+[Bb]uild\s+\d)"
    rf"|[A-Z]{{0,3}}{_DOTTED}(?:_[\w.]+)?(?:\s+[Bb]uild\s+\d+)?|\d{{3,6}}(?:\.\d{{1,6}})?(?!\d)(?:\s*\((?:build\s*)?\d+\))?"
    rf"|[A-Z]{{1,3}}\d[\w.-]*\d|\d{{7,12}}(?![\w]|\.\d)"
    # a Lenovo BIOS's id: four or five letters or digits, two digits and W (N3XET51W, GGCN51WW)
    r"|[A-Z0-9]{4,5}\d{2}W{1,2})(?![\w])"
)
#: a build number in brackets right after a version ("24.5.0.100 (2405001)", "iOS 17.5 (21F79)")
_PAREN_BUILD = re.compile(r"[ \t]*\((?:[Bb]uild[ \t]*)?((?=[0-9A-Za-z.]*\d)[0-9A-Za-z][0-9A-Za-z.]{2,14})\)")
#: a package and its version as npm, pip and gems print them ("@quillpay/react-checkout@2.6.1", "react@^18.2.0",
#: "left-pad@1.3.0"): no e-mail (a version is no domain)
_PACKAGE_AT_VERSION = re.compile(
    r"(?<![\w.+%'@-])(?:@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*@[\^~]?\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?(?![\w@]|\.\w)"
)
#: a build or release number after its word ("Build 2024101501", "rel.62914", "build 1187")
_BUILD_NUMBER = re.compile(r"(?<![\w])(?:[Bb]uild|BUILD|rel\.|[Rr]ev\.|[Rr]evision)[ \t]*#?[ \t]*(\d{3,12})(?![\w.])")
#: a release named by its season ("Winter '25")
_SEASON_RELEASE = re.compile(r"(?<![\w])(?:Spring|Summer|Autumn|Fall|Winter)[ \t]+['’]\d{2}(?![\w])")
_OS_VERSION = re.compile(
    r"(?<![\w])(?:(?:Windows(?:\s+Server)?|iOS|iPadOS|macOS(?:\s+[A-Z][a-z]+)?|Android|watchOS|Ubuntu|Debian|Fedora|CentOS|"
    r"RHEL|One UI|MIUI|EMUI|HarmonyOS|ColorOS|OxygenOS)\s+(?:version\s+|build\s+)?"
    # the version, then a feature update ("23H2") or a build ("Windows 11 22631.4061")
    r"(v?\d+(?:\.\d+){0,4}(?:[-+][0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?:\s+\(?\d\dH\d\)?)?"
    r"(?:\s+\(?(?:[Bb]uild\s+)?\d{5}\.\d{1,5}\)?)?)"
    r"|(?:Chrome|Firefox|Safari|Edge|Office|Outlook|Java|Python|Node(?:\.js)?|PHP|Go|Ruby|Kotlin|Swift|\.NET|OS)\s+"
    r"(?:version\s+|build\s+)?(v?\d+(?:\.\d+){1,4}(?:[-+][0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?))(?![\w]|\.\d)"
)
#: a browser's major version alone ("Tentei no Safari 17 e no Edge 119", "Chrome 120")
_BROWSER_MAJOR = re.compile(
    r"(?<![\w])(?:Chrome|Chromium|Firefox|Safari|Edge|Opera|Brave|Vivaldi)[ \t]+(\d{2,3})"
    r"(?![\w,:/-]|[.,]\d|[ \t]?\d)"
)
_FEATURE_UPDATE = re.compile(r"(?<![\w])\d\dH\d(?![\w])")  # Windows 23H2
#: a release with its service pack, cumulative update or update number ("11.4 SP2", "SQL Server 2019 CU28", "DSM
#: 7.2.1-69057 Update 5"); not a British postcode's outward code before its inward one ("SP2 7AB")
_SERVICE_PACK = re.compile(
    r"(?<![\w.])(?:\d{1,2}(?:\.\d+){1,3}(?:-\d{3,6})?|20\d\d)[ \t]+(?:SP|CU|FP|RU|SR|Update[ \t]+)\d{1,2}(?![\w]|\.\w)"
    r"(?![ \t]*\d[A-Z]{2}(?![\w]))"
)
_KB = re.compile(r"(?<![\w])KB\d{6,7}(?![\w])")
_FIRMWARE = re.compile(r"(?<![\w])V\d{3}R\d{3}C\d{2,3}(?:SPC\d{3})?(?:B\d{3})?(?![\w])")  # V100R001C00SPC120


_DOTTED_NUMBER = re.compile(
    r"(?<![\w.+/:-])v?(\d{1,4})\.(\d{1,4})\.(\d{1,5})((?:\.\d{1,5}){0,2})(?:[-_][0-9A-Za-z.]+)?(?![\w]|\.\d)"
)


def _street_before(text: str, start: int) -> bool:
    """A street's word (``street_words``, any language) stands among the three words before ``start`` on its line."""
    line = text.rfind("\n", 0, start) + 1
    words = re.findall(r"[^\W\d_][\w'’-]*", text[max(line, start - 32) : start])[-3:]
    return any(fold(w) in _street_words() for w in words)


@functools.cache
def _street_words() -> frozenset[str]:
    return frozenset(fold(w) for w in lexicons.words("street_words"))


#: a version of two parts (the program's name before it decides, :func:`_software_before`); a day's date goes on
#: with a point ("am 15.4. gekauft")
_TWO_PART_VERSION = re.compile(r"(?<![\w.+/:-])(\d{1,3})\.(\d{1,3})(?![\w]|\.\d|\.(?![ \t\n]*[A-Z]|$))")
_VERSION_CONTEXT = re.compile(
    r"(?i)(?<![\w])(?:version|versión|versão|versione|versie|wersja|sürüm|versió|ver|build|firmware|fw|sw|release|"
    r"app|apps|appli|application|aplicación|aplicação|applicazione|about|à propos|über|acerca de|sobre|informazioni|"
    r"library|librería|biblioteca|libreria|bibliothèque|bibliothek|sdk|setup|installer|driver|plugin|package|paquete|"
    r"client|update|updated|upgrade|upgraded|actualizar|actualicé|atualizar|atualizei|aggiornare|aggiornato|ota|"
    r"mise à jour|aktualisier\w*|update|patch|kernel|os)(?![\w])"
)
_VERSION_WINDOW = 60
#: the feminine article of an unwritten "version" right before a dotted number ("tengo la 4.2.19", "passei para a
#: 4.2.21"; a day takes the masculine: "el", "le", "il", "o") and German "auf" without one ("von 4.2.19 auf 4.2.21")
_VERSION_ARTICLE = re.compile(
    r"(?i)(?<![\w'])(?:la|desde a|depois da|antes da|com a|para a|pra a|pela|na|dalla|della|alla|nella|sulla|"
    r"fino alla|auf)[ \t]+$"
)
#: the verbs that move software between versions right before a dotted number ("updated to 11.2.23", "Downgrading
#: to 7.11.23", "Rolled back from 5.4.23 to 5.3.22", "Installed 12.3.21"): a version, no date
_VERSION_VERB = re.compile(
    r"(?i)(?<![\w])(?:update[ds]?|updating|upgrade[ds]?|upgrading|downgrade[ds]?|downgrading|roll(?:ed|ing)?[ \t]+back|"
    r"revert(?:ed|ing)?|(?:re)?install(?:ed|ing|s)?|patch(?:ed|ing)?|pinned|bump(?:ed)?|tested[ \t]+(?:on|with)|"
    r"actualic[ée]|actualizad[oa]|actualizar|atualizei|atualizad[oa]|atualizar|aggiornat[oa]|aggiornare|"
    r"mis[ \t]+à[ \t]+jour|aktualisiert|installiert)"
    # the program's name may stand between ("actualizar Home Assistant a 2025.3.2", "updated Plex to 1.40.2")
    r"(?:[ \t]+(?P<program>(?:[A-Z][\w.+-]*[ \t]+){0,3})(?:to|from|a|para|vers|en|alla|a[ \t]+la|à[ \t]+la|auf))?"
    r"(?:[ \t]+[\d.]+[ \t]+(?:to|a|para|vers|auf))?[ \t]*$"
)


def _version_verb(text: str, lo: int, start: int) -> bool:
    """A verb that moves software between versions ends right before ``start``, with no person's name between
    ("I updated Nerea Olabarria to 1990.4.12" names someone)."""
    m = _VERSION_VERB.search(text, lo, start)
    if m is None:
        return False
    first, last, _, _ = load_gazetteers()
    return not any(fold(w) in first or fold(w) in last for w in (m.group("program") or "").split())


#: a release named by its number between an article and a release's word ("after the 2402 update", "la 23 release")
_NUMBERED_RELEASE = re.compile(
    r"(?i)(?<![\w])(?:the|el|la|die|der|das|le|il|o|a)[ \t]+(\d{2,5})"
    r"(?=[ \t]+(?:feature[ \t]+)?(?:update|upgrade|release|build|patch|hotfix)s?(?![\w]))"
)
#: a release's word right after a dotted number: it names that release ("since the 4.2.19 update")
_VERSION_WORD_AFTER = re.compile(r"(?i)[ \t]+(?:update|upgrade|release|firmware|build|patch|hotfix|rollout)s?(?![\w])")
#: the words of a phone number (the context words of PHONE, and Italian's "chiama"): a dotted number after
#: one is the phone, whatever version word is near
_PHONE_WORDS = (*CONTEXT_WORDS[Label.PHONE], "chiama")


#: the words that name a program's version and no one (a "driver" is also a person: "my Uber driver 612.345.78")
_STRONG_VERSION_WORD = re.compile(
    r"(?i)(?<![\w])(?:version|versión|versão|versione|versie|wersja|sürüm|versió|build|firmware|fw|release)[ \t:]*$"
)


#: a driver of hardware: its maker or its kind before the word ("the NVIDIA driver", "Grafiktreiber"; a driver after
#: "Uber" or "my" is a person)
_HARDWARE_DRIVER = re.compile(
    r"(?i)(?<![\w])(?:nvidia|amd|intel|realtek|radeon|geforce|broadcom|qualcomm|mediatek|synaptics|logitech|wacom|"
    r"epson|canon|brother|graphics|gpu|audio|printer|network|chipset|wi-?fi|bluetooth|display|video|sound|usb|lan|"
    r"ethernet|grafik)[ \t-]*(?:driver|treiber|pilote|controlador)[ \t:]*$"
)


def _software_version_word(text: str, line: int, start: int) -> bool:
    """A version's own word right before ``start``, or a hardware driver's (:data:`_HARDWARE_DRIVER`)."""
    before = text[max(line, start - 40) : start]
    return _STRONG_VERSION_WORD.search(before) is not None or _HARDWARE_DRIVER.search(before) is not None


def _date_like(g1: str, g2: str, g3: str, rest: str) -> bool:
    """d.m.yy(yy) or yyyy.m.d: a date, unless a version word stands near it."""
    a, b = int(g1), int(g2)
    if not rest and len(g3) == 4 and not 1900 <= int(g3) <= 2099:
        return False  # "Ambiente: 12.1.2310": no year anyone writes
    if not rest and len(g3) in (2, 4) and 1 <= a <= 31 and 1 <= b <= 12:
        return True
    return not rest and len(g1) == 4 and 1 <= b <= 12 and 1 <= int(g3) <= 31


def _phone_like(g1: str, g2: str, g3: str, rest: str) -> bool:
    """780.722.8336, 06.12.34.56.78, 977.18.86.70, 33.0581.6954: a phone number written with dots
    (eight digits or more, no group of one digit; versions have them: 8.3.7553.240, 121.0.6167.85)."""
    groups = [g1, g2, g3, *[g for g in rest.split(".") if g]]
    return sum(len(g) for g in groups) >= 8 and all(len(g) >= 2 for g in groups)


#: a program and its version written with a slash, in small letters ("okhttp/4.12.0", "nginx/1.24.0",
#: "kube-probe/1.29"): a client or a server, no user
_PROGRAM_VERSION = re.compile(r"(?<![\w/.@-])[a-z][a-z0-9._-]{1,30}/v?\d+(?:\.\d+){1,3}(?![\w/]|\.\d)")
#: a user agent: ``"MediaMarkt/7.5.1 (iOS 18.2)"``, ``Mozilla/5.0 (Windows NT 10.0; Win64)``
_USER_AGENT = re.compile(
    r"(?<![\w/.-])((?:[A-Z]|[ie][A-Z])[\w&'.!+-]*(?: [A-Z][\w&'.!+-]*){0,2})/(\d+(?:\.\d+){1,4})"
    r"(?= \(|\"|$| [A-Z])"
)


def _find_versions(scan: Scan) -> Iterator[tuple[int, int]]:
    """The versions, each with the build number in brackets after it."""
    text = scan.text
    for s, e in _find_version_strings(scan):
        yield s, e
        build = _PAREN_BUILD.match(text, e)
        if build is not None:
            yield build.span(1)
    for pattern in (_BUILD_NUMBER, _SEASON_RELEASE):
        for m in pattern.finditer(text):
            yield m.span(1) if pattern is _BUILD_NUMBER else m.span()


def _find_version_strings(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    for m in _USER_AGENT.finditer(text):
        yield m.span(2)
    for pattern in (
        _SEMVER_SUFFIX, _V_VERSION, _FEATURE_UPDATE, _KB, _FIRMWARE, _PROGRAM_VERSION, _PACKAGE_AT_VERSION,
        _SERVICE_PACK,
    ):  # fmt: skip
        for m in pattern.finditer(text):
            yield m.span()
    for m in _OS_VERSION.finditer(text):
        yield m.span(m.lastindex or 0)
    for m in _NUMBERED_RELEASE.finditer(text):
        yield m.span(1)
    for m in _BROWSER_MAJOR.finditer(text):
        if not _street_before(text, m.start()):  # "Piazza Vivaldi 12", "Rua do Safari 120" are addresses
            yield m.span(1)
    for m in _ENV_VERSION.finditer(text):
        yield m.span(m.lastindex or 0)
    yield from _after_cue("version", _VERSION_AFTER_CUE, scan)
    for m in _BIOS_ID.finditer(text):
        yield m.span(1)
    for m in _TWO_PART_VERSION.finditer(text):
        if not m.group(2).startswith("0") and _software_before(text, m.start()):
            yield m.span()  # "Postgres 15.4 says", "Django 4.2"; "Zara 15.04" and "15.4." are days
    for m in _DOTTED_NUMBER.finditer(text):
        g1, g2, g3, rest = m.groups()
        line = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.end())
        le = min(le if le >= 0 else len(text), m.end() + 30)
        near = _VERSION_CONTEXT.search(text, max(line, m.start() - 25), m.start())
        if _phone_like(g1, g2, g3, rest):
            # "The app reports 23.16.46.2688", "En «Acerca de» pone 14.14.42.4753": four groups, the last of
            # three digits or more, or three groups, the last of two ("the NVIDIA driver 535.129.03"), a version
            # word just before and no phone's word
            if (
                (
                    (rest.count(".") == 1 and len(rest) >= 4)
                    or (not rest and len(g3) == 2 and _software_version_word(text, line, m.start()))
                )
                and near
                and not has_context(text, m.start(), _PHONE_WORDS, m.start() - line)
            ):
                yield m.span()
            continue
        far = near or _VERSION_CONTEXT.search(text, max(line, m.start() - _VERSION_WINDOW), m.start())
        far = far or _VERSION_CONTEXT.search(text, m.end(), le)
        if _date_like(g1, g2, g3, rest):  # 13.12.46 is a date unless a version word stands right before it
            # or right after it ("the 4.2.19 update"), or the feminine article of "version" before it ("desde la
            # 1.12.24", "depuis la 3.10.21", "dalla 8.10.2"; a day takes "el", "le", "il", "o")
            if (
                near
                or _VERSION_WORD_AFTER.match(text, m.end())
                or _VERSION_ARTICLE.search(text, max(line, m.start() - 16), m.start())
                or _version_verb(text, max(line, m.start() - 40), m.start())
                or _software_before(text, m.start())
            ):
                yield m.span()
        elif (
            far
            or not (len(g1) >= 3 and not rest)
            or _software_before(text, m.start())
            # a year's release ("depuis la 2025.3.0", "updated Home Assistant to 2025.3.0")
            or _VERSION_ARTICLE.search(text, max(line, m.start() - 16), m.start())
            or _version_verb(text, max(line, m.start() - 40), m.start())
        ):
            yield m.span()


#: a program's name right before its version: inner capitals or "OS" (SteamOS, QuestPDF, HyperOS), capitals (OTA),
#: or a listed brand (Apache 2.4.58)
_SOFTWARE_BEFORE = re.compile(
    r"(?<![\w.-])([A-Za-z]*[a-z][A-Z][A-Za-z0-9]*|[A-Za-z][a-z]+OS|OTA|BIOS|UEFI|ROM|API|SDK|[A-Z][a-z]{2,15})[ \t]+"
    r"(?:v|[(])?$"
)


#: a program's name in inner capitals and an edition's word before its version ("ContaFacile Pro 2025.1.3")
_EDITION_BEFORE = re.compile(r"(?<![\w.-])([A-Za-z]*[a-z][A-Z][A-Za-z0-9]*)[ \t]+[A-Z][a-z]{1,11}[ \t]+$")


def _software_before(text: str, start: int) -> bool:
    """The name of a program stands right before ``start`` ("SteamOS 3.5.17", "Apache 2.4.58", "aggiornamento OTA
    24.06.12"): inner capitals (SteamOS, QuestPDF), an update's or a firmware's word in capitals (OTA, BIOS), or a
    listed brand; never a first name or a surname ("Maria 3.5.17" is a birthday), never other capitals ("NAISS
    12.03.85", "DUR 12.03.85" name a birth date)."""
    first, last, _, _ = load_gazetteers()
    edition = _EDITION_BEFORE.search(text, max(0, start - 32), start)
    if edition is not None and edition.group(1).lower() not in first and edition.group(1).lower() not in last:
        return True
    m = _SOFTWARE_BEFORE.search(text, max(0, start - 24), start)
    if m is None:
        return False
    word = m.group(1)
    if word.lower() in first or word.lower() in last:
        return False
    if word[1:].islower():  # a capitalised word: only a listed brand (a place's name too: Apache)
        return word in lexicons.word_set("technical_brands")
    return True


VERSION = KeepRule(
    id="technical.version",
    kind="version",
    vetoes=ALL_LABELS,
    find=_find_versions,
    lexicons=("technical_cues",),
    description="semantic versions (-rc3), dotted builds after version/build/firmware, OS versions, KB updates",
    examples=(
        ("After firmware 4.2.19-rc3 the router reboots", "4.2.19-rc3"),
        ("on Windows build 22631.3007", "22631.3007"),
        ("Chrome 121.0.6167.85 crashes", "121.0.6167.85"),
        ("since iOS 17.4.1 the app closes", "17.4.1"),
        ("kernel 6.5.0-21-generic panics", "6.5.0-21-generic"),
        ("app version 8.31.0 (build 4512)", "8.31.0"),
        ('npm ERR! peer react@"^18.2.0" from @quillpay/react-checkout@2.6.1', "@quillpay/react-checkout@2.6.1"),
        ("firmware V100R001C00SPC120 installed", "V100R001C00SPC120"),
        ("la versión 3.14.2 falla", "3.14.2"),
        ("La lavatrice dà errore E03, revisione hardware 1.4.22.", "1.4.22"),
        ("A impressora dá o erro 5B00 e o firmware é 2.60.AK08.", "2.60.AK08"),
        ("The app reports 10.10.18 under About", "10.10.18"),
        ("Client library 4.7.12 is deprecated", "4.7.12"),
        ("Huawei Versão da app 11.6.9503.365", "11.6.9503.365"),
        ('"-" "Typeform/12.15.0 (Windows 10 22621.2951)"', "12.15.0"),
        ("Erro E-7730 — Windows 10 22631.1659", "10 22631.1659"),
        ("CLIENT_VERSION=13.17.17.3005\nFIRMWARE_TARGET=18.3.17", "18.3.17"),
        ("The app reports 23.16.46.2688 under About.", "23.16.46.2688"),
        ('"GET /api/v1/catalog HTTP/1.1" 200 5123 "-" "okhttp/4.12.0"', "okhttp/4.12.0"),
        ("Client library 18.10 is deprecated, please upgrade", "18.10"),
        ("Netgear EX220 running 1.7.0 Build 20234317, gRPC enabled", "1.7.0 Build 20234317"),
        ("auf dem Gerät war Firmware-Build 21250.1709.", "21250.1709"),
        ("App version 24.5.0.100 (2405001) on Android 14", "2405001"),
        ("iOS 17.5 (21F79) on the phone", "21F79"),
        ("Docker Desktop 4.28.0 (139021) cannot start", "139021"),
        ("Versão do firmware: 24.03-09.20.00 instalada ontem", "24.03-09.20.00"),
        ("se actualizó al firmware ES_g15.5_RTF_TEF001_V7.11 y la conexión se corta", "ES_g15.5_RTF_TEF001_V7.11"),
        ("my Alexa is on software version 8642373124", "8642373124"),
        ("firmware 1.0.11 Build 20231219 rel.62914", "62914"),
        ("the API fails since release Winter '25.", "Winter '25"),
        ("[service]\nschema_version = 23.7.40\n", "23.7.40"),
        ('{"tls.min_version": "24.11.11", "retries": 3}', "24.11.11"),
        ("nas Definições aparece a compilação 23754.3862.", "23754.3862"),
        ("my router shows error 651 since the 4.2.19 update", "4.2.19"),
        ("Desde la 1.12.24 la app no abre.", "1.12.24"),
        ("Rolled back from 5.4.23 to 5.3.22.", "5.3.22"),
        ("Downgrading to 7.11.23 fixes it.", "7.11.23"),
        ("Depuis la 3.10.21 l'appli plante.", "3.10.21"),
        ("Pasé de la 4.2.19 a la 4.2.21 y empeoró.", "4.2.21"),
        ("Passei da 4.2.19 para a 4.2.21 e piorou.", "4.2.21"),
        ("Von 4.2.19 auf 4.2.21 aktualisiert, jetzt geht nichts.", "4.2.21"),
        ("Tras actualizar Home Assistant a 2025.3.2 la integración falla", "2025.3.2"),
        ("depuis la 2025.3.0 de Home Assistant, l'intégration", "2025.3.0"),
        ("da ContaFacile Pro 2025.1.3 le fatture vengono scartate", "2025.1.3"),
        ("nach dem Update von 11.4 SP1 auf 11.4 SP2 bricht der Import ab", "11.4 SP2"),
        ("Server ist erp-prod-02, SQL Server 2019 CU28.", "2019 CU28"),
        ("ho un Synology DS920+ con DSM 7.2.1-69057 Update 5 e il backup", "7.2.1-69057 Update 5"),
        ("Ambiente: 12.1.2310, AppServer build 20.3.2.3", "12.1.2310"),
        ("the NVIDIA driver 535.129.03 doesn't load", "535.129.03"),
        ('Hi, Postgres 15.4 says "FATAL: remaining connection slots"', "15.4"),
        ("Tentei no Safari 17 e no Edge 119.", "119"),
        ("The ThinkPad X1 won't wake from sleep after BIOS N3XET51W.", "N3XET51W"),
    ),
    negatives=(
        "my BIOS password is Hunter22",
        "Hardware revision: DE-4471-XK, written on the badge.",
        "call me on 535.129.03, the driver is waiting",
        "My Uber driver 612.345.78 called me twice.",
        "Vivo en la Calle Opera 15 de Madrid.",
        "Bought it at Zara 15.04 for my wife.",
        "Ich bin am 15.4. bei Apple gewesen.",
        "Revisione: FG-482-TR, prenotata per giovedì.",
        "born on 12.03.1984",
        "Maria Pro 12.3.24 kam zur Welt",
        "Flat 11, SP2 7AB Salisbury",
        "I updated Nerea Olabarria to 1990.4.12 in the HR module",
        "la cita es el 4.2.19 a las diez",
        "El teléfono que tienen en el software es 612-345-678 y no es el mío.",
        "Il codice è 48213, è il PIN della mia carta.",
        "Termin auf den 4.2.19 verschoben",
        "de 4.2.19 a 6.2.19 estive fora",
        "call 06 12 34 56 78",
        "my IBAN is ES91 2100 0418 4502 0005 1332",
        "GB, Office 693",
        "call '+498-11.893-4233' or +49.59.665-1613",
        "my number is 780.722.8336",
        "the app support line, phone 23.16.46.2688",
        "appelez le 06.12.34.56.78",
        "geboren am 13.12.1984",
        "mándame un whatsapp al 977.18.86.70",
        "localizar en el 33.0581.6954 por las tardes",
        "Ana Lopez (12345678Z) called",
        "my build partner Ana, phone 0612345678",
        "I installed it on 12.3.21 and it broke.",
        "Ich bin am 3.12.24 umgezogen, mit meiner Frau.",
        "Ich bin Jahrgang 85 und mit 12.03.85 im System eingetragen, aber falsch.",
    ),
)


# ports ---------------------------------------------------------------------------------------------
_PORT_NUMBER = re.compile(r"\d{2,5}(?![\w.,]\d|\d)")
_HOST_PORT = re.compile(
    # a host of one label after a scheme's slashes ("jdbc:postgresql://db-prod-02:5432", "amqp://rabbitmq:5672")
    r"(?:(?<![\w.-])localhost|(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}|(?<![\w.@-])[a-z0-9-]+(?:\.[a-z0-9-]+)+|\]"
    r"|(?<=//)[a-z0-9][a-z0-9-]*"
    # or a host of one label with a number, before its port and a service's path ("db-erp-01:1521/ERPPRD")
    r"|(?<![\w.@-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d{1,3}(?=:\d{2,5}/))"
    r":(\d{2,5})(?!\d|:(?!\s|$))",  # "dial tcp 10.0.3.45:8080: connect: connection refused", "...:3306:\n"
    re.IGNORECASE,
)
_PORT_PROTO = re.compile(r"(?i)(?<![\w])(?:(?:tcp|udp)[/ ](\d{2,5})|(\d{2,5})/(?:tcp|udp))(?![\w])")
#: the port option of a command line ("psql -p 5433", "ssh -p 2222", "docker run -p 8080:80")
_PORT_FLAG = re.compile(r"(?<![\w-])(?:-p|-P|--port)(?:[ \t]+|=)(\d{2,5})(?::(\d{2,5}))?(?![\w.])")
#: a port in a (host, port) tuple as Python prints it ("Can't connect to ('0.0.0.0', 8000)")
_TUPLE_PORT = re.compile(
    r"""\([ \t]*['"](?:\d{1,3}(?:\.\d{1,3}){3}|[a-z][\w.-]{0,60}|::1?)['"][ \t]*,[ \t]*(\d{2,5})[ \t]*\)"""
)
#: a port written alone after its colon ("metrics on :9100")
_BARE_PORT = re.compile(r"(?:(?<=[\s(])|^):(\d{2,5})(?![\w:]|\.\d)", re.MULTILINE)
#: the port mappings listed under a compose file's "ports:" key ('- "8080:8080"', "- 5432:5432/tcp")
_COMPOSE_PORTS = re.compile(
    r"(?m)^([ \t]*)ports:[ \t]*\r?\n((?:\1[ \t]*-[ \t]*[\"']?(?:\d{1,3}(?:\.\d{1,3}){3}:)?\d{2,5}(?::\d{2,5})?"
    r"(?:/(?:tcp|udp))?[\"']?[ \t]*\r?\n?)+)"
)
_MAPPED_PORT = re.compile(r"(?<![\d.])\d{2,5}(?![\d.])")


#: a configuration variable that holds a port or a version ("LISTEN_PORT=51820", "CLIENT_VERSION=13.17.17")
_ENV_PORT = re.compile(
    r"(?<![\w])(?:[A-Z][A-Z0-9]*_)*PORT(?:_[A-Z0-9]+)*[ \t]*[=:][ \t]*[\"']?(\d{2,5})(?![\w.])"
    # a configuration key ending in "port" ("listen_port: 8443", '"redis.port": 6379'; not "passport")
    r"|(?<![\w.-])[\"']?[a-z][\w.-]*[._-]port[\"']?[ \t]*[=:][ \t]*[\"']?(\d{2,5})(?![\w.])"
)
_ENV_VERSION = re.compile(
    r"(?<![\w])(?:[A-Z][A-Z0-9]*_)*(?:VERSION|FIRMWARE|BUILD|RELEASE)(?:_[A-Z0-9]+)*[ \t]*[=:][ \t]*[\"']?"
    r"(v?\d+(?:\.\d+){1,4}(?:[-+][0-9A-Za-z.]+)?)(?![\w.])"
    # a configuration or JSON key that names a version ("schema_version = 23.7.40", '"tls.min_version": "1.2"')
    r"|(?<![\w.-])[\"']?[a-z][\w.-]*[._-]?(?i:version)[\"']?[ \t]*[=:][ \t]*[\"']?"
    r"(v?\d+(?:\.\d+){1,4}(?:[-+][0-9A-Za-z.]+)?)(?![\w.])"
)


def _find_ports(scan: Scan) -> Iterator[tuple[int, int]]:
    for m in _ENV_PORT.finditer(scan.text):
        yield m.span(m.lastindex or 0)
    for m in _HOST_PORT.finditer(scan.text):
        yield m.span(1)
    for m in _PORT_PROTO.finditer(scan.text):
        yield m.span(m.lastindex or 0)
    for m in _PORT_FLAG.finditer(scan.text):
        yield m.span(1)
        if m.group(2):
            yield m.span(2)
    for pattern in (_BARE_PORT, _TUPLE_PORT):
        for m in pattern.finditer(scan.text):
            yield m.span(1)
    for m in _COMPOSE_PORTS.finditer(scan.text):
        for p in _MAPPED_PORT.finditer(scan.text, *m.span(2)):
            yield p.span()
    yield from _after_cue("port", _PORT_NUMBER, scan)


PORT = KeepRule(
    id="technical.port",
    kind="port",
    # and a URL's port: the veto cuts the URL around it (the host and the path stay masked)
    vetoes=ALL_LABELS | {Label.URL},
    find=_find_ports,
    lexicons=("technical_cues",),
    description="a port after 'port', in host:port, tcp/443",
    examples=(
        ("It needs port 8443 open.", "8443"),
        ("postgres on db.internal:5432 refuses", "5432"),
        ("RDP to 10.0.0.5:3389 fails", "3389"),
        ("Connect to jdbc:postgresql://db-prod-02:5432/orders times out.", "5432"),
        ('Get "http://10.0.3.45:8080/healthz": dial tcp 10.0.3.45:8080: connect: connection refused', "8080"),
        ("el puerto 8080 está cerrado", "8080"),
        ("allow 443/tcp", "443"),
        ("ADMIN_PORT=3306\nLISTEN_PORT=51820", "51820"),
        ("Connect with psql -h db.example.com -p 5433 -U app", "5433"),
        ("docker run -p 8080:80 nginx", "8080"),
        ("The service listens on 0.0.0.0:9090 and metrics on :9100.", "9100"),
        ("Bitte Port 51413 freigeben.", "Port"),
        ("wan_mode: IPsec\nlisten_port: 8443\nsmtp_user: x", "8443"),
        ('{"redis.port": 6379, "retries": 3}', "6379"),
        ('    ports:\n      - "8080:8080"\n    environment:\n', "8080"),
    ),
    negatives=(
        "my PIN is 4821",
        "horario:\n  - 12:30\n  - 14:45\n",
        "support@example.com: 5 messages",
        "room 3389",
        "PASSPORT=X1234567",
        "passport: 12345678",
        "mysql -u root -pS3cret!",
        "Total: 4821",
    ),
)


# log lines: timestamps, thread and process ids -----------------------------------------------------
#: a log level's name in capitals
_LEVEL_NAMES = r"INFO|WARN|WARNING|ERROR|ERR|DEBUG|TRACE|FATAL|CRITICAL|SEVERE|NOTICE"
#: also nginx's level in brackets, in small letters, before its process and thread ("[error] 1234#1234:"), and
#: Apache's with its module ("[core:warn]")
_LOG_LEVEL = re.compile(rf"(?<![\w])(?:{_LEVEL_NAMES}|"
                        r"[IWEDF]/[\w.]+|(?i:level|lvl|severity)[\"']?\s*[:=]\s*[\"']?[a-z]+)(?![\w])"
                        r"|\[(?:emerg|alert|crit|error|warn|notice|info|debug)\][ \t]+\d+#\d+"
                        r"|\[[a-z_]+:(?:emerg|alert|crit|error|warn|notice|info|debug|trace\d?)\]")  # fmt: skip
_ISO_STAMP = re.compile(
    # also nginx's error log: "2026/03/12 10:14:02 [error]"
    r"(?<![\w.])\d{4}(?:-\d{2}-\d{2}|/\d{2}/\d{2}(?=[T ]\d{2}:\d{2}:\d{2}))[T ]\d{2}:\d{2}"
    r"(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|\s?[+-]\d{2}:?\d{2}|\s?UTC)?(?![\w])"
)
# also Django's and Python's "[01/Dec/2026 10:22:14]"
_CLF_STAMP = re.compile(r"\d{2}/[A-Z][a-z]{2}/\d{4}[: ]\d{2}:\d{2}:\d{2}(?:\s[+-]\d{4})?")
#: the age of a Kubernetes event: after its type and reason in `kubectl describe` ("Warning  Unhealthy  90s (x4
#: over 2m)  kubelet"), before its type in `kubectl get events` ("2m   Warning   FailedScheduling")
_K8S_AGE = re.compile(
    r"(?m)^[ \t]*(?:Normal|Warning)[ \t]+[A-Z][A-Za-z]+[ \t]+(\d+[smhd](?:\d+[smh])?(?:[ \t]+\(x\d+[ \t]+over[ \t]+"
    r"\d+[smhd](?:\d+[smh])?\))?)(?=[ \t])|^[ \t]*(\d+[smhd](?:\d+[smh])?)[ \t]+(?:Normal|Warning)[ \t]"
)
#: java.util.logging and Tomcat's opening stamp ("Dec 1, 2026 10:22:14 AM org.apache.catalina...")
_JUL_STAMP = re.compile(
    r"(?m)^[ \t]*((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ \t]\d{1,2},[ \t]\d{4}[ \t]"
    r"\d{1,2}:\d{2}:\d{2}(?:[ \t](?:AM|PM))?)(?=[ \t]+[a-z][\w.$]*\.[A-Za-z])"
)
#: a clock with seconds, and its fraction (an MSI log writes "[02:26:51:734]")
_CLOCK = re.compile(r"(?<![\w.:])\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6}|:\d{3}(?=\]))?(?![\w:])")
_SYSLOG_STAMP = re.compile(
    # also ctime's, with its weekday and year ("Mon Dec  1 10:22:14 2026", Apache's "[Mon Dec 01 10:22:14.123456 2026]")
    r"(?<![\w])(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s)?" + _SYSLOG_MONTH + r"\s{1,2}\d{1,2}\s"
    r"\d{2}:\d{2}:\d{2}(?:\.\d{1,6}\s\d{4}(?![\w:])|\s\d{4}(?![\w:]))?"
)
# also the US clock with its half of the day and a comma after the date ("12/1/2026, 10:22:14 AM")
_EU_STAMP = re.compile(
    r"(?<![\w.])\d{1,2}[./-]\d{1,2}[./-]\d{4},?[ T]\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,6})?(?:[ \t]?[AP]M)?(?![\w])"
)
#: the same with a year of two digits ("14.03.24 02:17:45"): a log's only opening a line with a log level in capitals
_LEVEL_WORD = re.compile(rf"(?<![\w])(?:{_LEVEL_NAMES})(?![\w])")
_EU_SHORT_STAMP = re.compile(
    r"(?<![\w.])\d{1,2}[./-]\d{1,2}[./-]\d{2},?[ T]\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,6})?(?![\w])"
)
#: a compact date and a clock ("20261201 10:22:14.223")
_COMPACT_STAMP = re.compile(
    r"(?<![\w.])20\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?"
    # or in ISO 8601's basic format ("20250312T142205Z")
    r"|T[0-2]\d[0-5]\d[0-5]\d(?:[.,]\d{1,6})?(?:Z|[+-]\d{4})?)(?![\w])"
)
#: a day, a month's name and a year with a clock (PHP's and Oracle's logs: "[12-Mar-2025 14:22:05 UTC]")
_DMY_NAMED_STAMP = re.compile(
    r"(?<![\w])\d{1,2}([- ])(?i:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\1\d{4}[ :]\d{2}:\d{2}:\d{2}"
    r"(?:[.,]\d{1,6})?(?:[ \t](?:UTC|GMT|[A-Z]{3,4}|[+-]\d{4}|[A-Z][a-z]+/[A-Z][A-Za-z_]+))?(?![\w/])"
)
#: the keys of a machine's RFC date: an HTTP/2 header in small letters, kubectl's container states and conditions
_RFC_KEY = re.compile(
    r"(?:(?m:^)[ \t]*(?:date|last-modified|expires)|(?i:started|finished|last-modified|expires|if-modified-since|"
    r"creation[ ]?timestamp|last[ ]?transition[ ]?time|last[ ]?probe[ ]?time|last[ ]?heartbeat[ ]?time))[ \t]*:[ \t]*$"
)
#: an HTTP header's date, with its weekday, seconds and zone ("Tue, 11 Jun 2024 17:45:02 GMT", kubectl's "Started:
#: Sun, 02 Jun 2024 14:03:11 +0000"): a machine's on a log line or after a machine's key (:data:`_RFC_KEY`); a mail's
#: "Date:", an appointment's or a birth's stays a date
_RFC_STAMP = re.compile(
    r"(?<![\w])(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),[ \t]\d{1,2}[ \t](?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
    r"[ \t]\d{4}[ \t]\d{2}:\d{2}:\d{2}[ \t](?:GMT|UTC|[+-]\d{4})(?![\w])"
)
#: the kernel's uptime stamp ("[183442.118273]"), and a clock in brackets opening a line of a log or
#: a chat transcript ("[10:32] Agent Marta: ...")
_UPTIME_STAMP = re.compile(r"\[[ \t]*(\d{1,7}\.\d{6})\]")
#: the header of a klog/glog line (Kubernetes components, Go and C++ services): severity letter, month and
#: day, clock with microseconds ("E1201 10:22:14.123456   912 pod_workers.go:1298]")
_KLOG_STAMP = re.compile(r"(?<![\w])[IWEF](?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]) \d{2}:\d{2}:\d{2}\.\d{6}(?![\w.])")
#: Unix seconds (2017-2033) with a fraction, in brackets or after a time-stamp key: a log's clock
#: ("NetworkManager[812]: <warn>  [1701684758.1234]", '"ts": 1701684758.123')
_EPOCH_STAMP = re.compile(r"(?<![\w.])1[5-9]\d{8}(?:\.\d{1,9})?(?![\w.])")
_LINE_CLOCK = re.compile(
    r"(?m)^[ \t]*\[(\d{1,2}:\d{2}(?::\d{2})?)\]"
    # a transcript's speaker and the clock in brackets after them ("Agent (14:02): ...")
    r"|^[ \t]*[A-Z][\w.'-]*(?:[ \t][A-Z][\w.'-]*){0,2}[ \t]*\((\d{1,2}:\d{2}(?::\d{2})?)\)[ \t]*:"
    # the clock opening a transcript's line before its speaker and their colon ("09:14 Marta (support): ...")
    r"|^[ \t]*(\d{1,2}:\d{2}(?::\d{2})?)[ \t]+[A-Z][\w.'-]*(?:[ \t][A-Z][\w.'-]*){0,2}"
    r"(?:[ \t]*\([^()\n]{1,20}\))?[ \t]*:[ \t]"
)


def _log_line(text: str, start: int) -> bool:
    """The line holding the time stamp at ``start`` reads as a log line: it opens with the stamp
    (after blanks or a bracket), or it holds a log level (``ERROR``) or an HTTP request line."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", start)
    line = text[ls : le if le >= 0 else len(text)]
    opening = text[ls:start].strip(" \t[")
    if (
        not opening
        or opening in _SEVERITY_LETTERS
        or (text[start - 1 : start] == "[" and _BRACKETED_CLOCK.match(text, start))
    ):
        return True  # opens the line, or a clock with its fraction in brackets ("MSI (s) [02:26:51:734]:")
    return _LOG_LEVEL.search(line) is not None or _REQUEST_LINE.search(line) is not None


#: a severity written as one letter before the stamp ("I 2026-12-01 10:22:14 worker started")
_SEVERITY_LETTERS = frozenset("VDIWEF")
_BRACKETED_CLOCK = re.compile(r"\d{2}:\d{2}:\d{2}[.,:]\d{3}\]")
_REQUEST_LINE = re.compile(r"\"(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) [^\"\s]+ HTTP/\d")
_MIDNIGHT = re.compile(r"T00:00(?::00)?$")  # a date written as a date-time: no log stamp


#: a clock to the second that is no whole minute ("18:22:07"; "10:15:00" is a form's or an appointment's)
_ODD_SECOND = re.compile(r"\d:\d{2}:(?!00)\d{2}")
#: a tag in brackets opening a line before its stamp ("[SYNC] ", "[Backup] ")
_TAG_OPENING = re.compile(r"[ \t]*\[[A-Za-z][\w .-]{0,23}\][ \t]+")
#: Unreal Engine's log stamp in brackets ("[2025.03.22-21.14.05:123][412]LogInit: ...")
_UNREAL_STAMP = re.compile(r"\[(20\d{2}\.\d{2}\.\d{2}-\d{2}\.\d{2}\.\d{2}:\d{3})\]")
#: a clock's fraction of a second, three digits or more
_FRACTION = re.compile(r":\d{2}[.,]\d{3,9}(?!\d)")
#: an event's level in words right after or before a date and clock (Windows' event viewer, exported logs)
_EVENT_LEVELS = (
    r"Error|Warning|Information|Critical|Verbose|Erro|Errore|Erreur|Fehler|Warnung|Advertencia|Aviso|Avviso|"
    r"Avertissement|Informationen|Información|Informação|Informazioni|Kritisch|Crítico|Critico|Critique"
)
#: ... set off by a tab or two blanks, as a table of events is printed (one blank is prose: "Cita ... Aviso: ...")
_LEVEL_AFTER = re.compile(rf"(?:\t|[ ]{{2,}})[ \t]*(?:{_EVENT_LEVELS})(?![\w])")
_LEVEL_BEFORE = re.compile(rf"(?<![\w])(?:{_EVENT_LEVELS})[ \t]*(?:\t|[ ]{{2,}})$")
#: the key of a technical event's time: a synchronisation, a backup, an error, a crash, a build or a deployment, a
#: restart ("Last sync:", "Zuletzt synchronisiert:", "Data/hora do erro:", "Ultima sincronizzazione:")
_TECHNICAL_EVENT_KEY = re.compile(
    r"(?i)(?:^|(?<=[\n\t|;,\"'{]))[ \t]*"
    r"(?:(?:last|latest|ultima|última|ultimo|último|dernière|dernier|letzte[rs]?|zuletzt|data/hora d[oa]|date of|"
    r"time of|hora del?|fecha del?|heure d[eu]|datum d(?:es|er)|ora del?l?'?)[ \t]+)?"
    r"(?:sync\w*|synchron\w*|sincroni\w*|backup|sauvegarde|sicherung|error|erro|errore|erreur|fehler|crash|absturz|"
    r"failure|fallo|falha|échec|build|deploy\w*|despliegue|restart|reboot|reinicio|riavvio|redémarrage|neustart|"
    r"outage|timestamp|zeitstempel)(?:[ \t]*\([^)\n]{1,10}\))?[\"']?[ \t]*[:=][ \t]*[\"']?$"
)
#: the words of a person's appointment, visit, treatment, birth or attendance: a stamp on their line is theirs
_PERSONAL_EVENT = re.compile(
    r"(?i)(?<![\w])(?:appointment|cita|citas|termin|rendez-vous|rdv|appuntamento|visita|wizyta|randevu|"
    r"birth\w*|nacimiento|nascimento|nascita|naissance|geburt\w*|geboren|urodzenia|doğum|paciente|patient|paziente|"
    r"pacjent\w*|admitted|ricovero|fichaje\w*|clock-in|clock-out|check-in|stempel\w*|"
    r"herr|frau|sra|mr|mrs|dr|mme|sig|pani|bayan|wedding|boda|casamento|matrimonio|mariage|hochzeit|"
    r"treatment|tratamiento|tratamento|terapia|therapie|thérapie|insulin\w*|vaccin\w*|impf\w*|surgery|cirugía|"
    r"operación|operação|operazione|consulta|consultation|prenotat\w*|nacid\w*|naci[óo]|nasceu|nacque|née|"
    r"urodzi\w*|vacun\w*|vacin\w*|"
    # a clock-in, a hospital admission ("timbratura", "registo de ponto", "ingreso en urgencias", "Aufnahme")
    r"timbratur\w*|pointage\w*|badgeage|ponto|marcaç\w*|fichar|urgencias|urgences|urgência\w*|urgenze|"
    r"pronto soccorso|notaufnahme|aufnahme|ingreso|ingresso|admission|admissão|einstempel\w*|ausstempel\w*)(?![\w])"
)


def _record_context(text: str, start: int) -> bool:
    """The stamp at ``start`` stands after a date's key on its line ("Date: 12/03/2024 03:10:44"), or its line or the
    two lines around it hold a person's event or a capitalised listed first name ("Registo de ponto da Deolinda Matos:
    ...", "Baby: Lucía García"): a record's date, no log's stamp."""
    ls = text.rfind("\n", 0, start) + 1
    if _DATE_KEY.search(text, ls, start):
        return True
    lo, hi = ls, start
    for _ in range(2):
        lo = text.rfind("\n", 0, max(0, lo - 1)) + 1 if lo > 0 else 0
        nxt = text.find("\n", hi + 1)
        hi = len(text) if nxt < 0 else nxt
    nxt = text.find("\n", hi + 1) if hi < len(text) else -1
    block = text[lo : len(text) if nxt < 0 else nxt]
    first = load_gazetteers()[0]
    return _PERSONAL_EVENT.search(block) is not None or any(fold(w) in first for w in _CAPITALISED.findall(block))


#: the key of a date on a form's line ("Date:", "Fecha de alta:", "Datum:")
_DATE_KEY = re.compile(
    r"(?i)(?<![\w])(?:date|fecha|datum|data|tarih|hora|time|zeit|heure|ora|when)[^:\n]{0,24}:[ \t]*$"
)


_CAPITALISED = re.compile(r"(?<![\w])[A-ZÀ-Þ][a-zß-ÿ]+(?![\w])")


def _personal_event(text: str, start: int) -> bool:
    """The line of the stamp at ``start`` is about a person's appointment, visit, treatment, birth or attendance."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", start)
    return _PERSONAL_EVENT.search(text, ls, le if le >= 0 else len(text)) is not None


#: a machine time stamp wherever it stands: seconds with a fraction or a time zone, or a time-stamp key
_MACHINE_STAMP = re.compile(r"\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9}|\s?(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT|CET|CEST))")
_STAMP_KEY = re.compile(
    r"(?i)(?:[\"'@]?(?:ts|time|timestamp|datetime|date_time|created_?at|updated_?at|last_?seen|first_?seen|"
    r"last_?timestamp|first_?timestamp|event_?time|logged_?at|at)[\"']?\s*[:=]\s*[\"']?)$"
)


def _find_log_stamps(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    for m in _CLF_STAMP.finditer(text):
        yield m.span()
    for m in _RFC_STAMP.finditer(text):
        if _personal_event(text, m.start()) or _LAST_CENTURY.search(m.group()):
            continue
        if _log_line(text, m.start()) or _RFC_KEY.search(text, max(0, m.start() - 32), m.start()):
            yield m.span()
    for pattern in (_UPTIME_STAMP, _LINE_CLOCK):
        for m in pattern.finditer(text):
            yield m.span(m.lastindex or 0)
    for m in _KLOG_STAMP.finditer(text):
        yield m.span()
    for m in _UNREAL_STAMP.finditer(text):
        yield m.span(1)
    for m in _JUL_STAMP.finditer(text):
        yield m.span(1)
    for m in _K8S_AGE.finditer(text):
        yield m.span(m.lastindex or 0)
    for m in _EPOCH_STAMP.finditer(text):
        bracketed = text[m.start() - 1 : m.start()] == "[" and text[m.end() : m.end() + 1] == "]"
        if (bracketed and "." in m.group()) or _STAMP_KEY.search(text, max(0, m.start() - 24), m.start()):
            yield m.span()
    for pattern in (_ISO_STAMP, _SYSLOG_STAMP, _EU_STAMP, _COMPACT_STAMP, _DMY_NAMED_STAMP, _CLOCK):
        for m in pattern.finditer(text):
            stamp = m.group()
            if _MIDNIGHT.search(stamp):
                continue
            machine = pattern is _ISO_STAMP and bool(
                _MACHINE_STAMP.search(stamp) or _STAMP_KEY.search(text, max(0, m.start() - 24), m.start())
            )
            # a fraction of a second is a machine's ("01:12:55.118"); so is a stamp with a level word next to it
            # (the event viewer's "Error  3/29/2024 1:12:55 AM  Service Control Manager") or after the key of a
            # technical event ("Last sync: 2024-03-29 01:12:55", "Data/hora do erro: 29/03/2024 01:12:55")
            # (none on a line about an appointment, a patient, a birth or a clock-in, none of the last century)
            if not machine and not _personal_event(text, m.start()) and not _LAST_CENTURY.search(stamp):
                machine = _FRACTION.search(stamp) is not None or (
                    pattern in (_ISO_STAMP, _EU_STAMP)
                    and (
                        # a date and a clock whose seconds are no whole minute, or after a bracketed tag opening the
                        # line ("[SYNC] 15/03/2025 18:22:07"): people write "10:15", forms "10:15:00"; none on a line
                        # that names someone ("La timbratura di Bruno Ferraresi delle 03/03/2025 07:58:41")
                        (
                            (
                                _ODD_SECOND.search(stamp) is not None
                                or _TAG_OPENING.fullmatch(text, text.rfind("\n", 0, m.start()) + 1, m.start())
                                is not None
                            )
                            and not _record_context(text, m.start())
                        )
                        or _LEVEL_AFTER.match(text, m.end()) is not None
                        or _LEVEL_BEFORE.search(text, max(0, m.start() - 16), m.start()) is not None
                        or _TECHNICAL_EVENT_KEY.search(text, max(0, m.start() - 48), m.start()) is not None
                    )
                )
            if (
                machine
                or _log_line(text, m.start())
                or (pattern is _SYSLOG_STAMP and _SYSLOG_TAIL.match(text, m.end()) is not None)
                or (_event_date(text, m.start()) and not _LAST_CENTURY.search(stamp))
            ):
                yield m.span()  # an event's date is of this century ("Date: 12/03/1985 10:14:22" is a birth's)
    for m in _EU_SHORT_STAMP.finditer(text):
        line_end = text.find("\n", m.end())
        opens = not text[text.rfind("\n", 0, m.start()) + 1 : m.start()].strip(" \t[")
        level = _LEVEL_WORD.search(text, m.end(), line_end if line_end >= 0 else len(text))
        if not _MIDNIGHT.search(m.group()) and (
            (opens and (level or _stamped_neighbour(text, m.start()))) or _event_date(text, m.start())
        ):
            # "14.03.24 02:17:45 ERROR", or a line of a log whose next or last line opens with the same stamp: a log
            # line's; "nació el 12/03/24 03:10:15 ... ERROR" is none
            yield m.span()


def _stamped_neighbour(text: str, start: int) -> bool:
    """The line opening at ``start`` is one of a block of lines that open with a two-digit year's stamp to the second,
    and a line of the block says something failed or names a log level ("14.03.24 02:17:45 PPPoE-Fehler ... /
    14.03.24 02:19:02 DSL antwortet nicht"): a log's lines; a list of appointments, births or clock-ins is none."""
    ls = text.rfind("\n", 0, start) + 1
    lines = [ls]
    at = ls
    while at > 0 and len(lines) < _STAMP_BLOCK_LINES:  # the block's lines before
        at = text.rfind("\n", 0, at - 1) + 1
        if not _OPENING_SHORT_STAMP.match(text, at):
            break
        lines.append(at)
    at = ls
    while len(lines) < 2 * _STAMP_BLOCK_LINES and (nxt := text.find("\n", at)) >= 0:  # and after
        at = nxt + 1
        if not _OPENING_SHORT_STAMP.match(text, at):
            break
        lines.append(at)
    header = text.rfind("\n", 0, min(lines) - 1) + 1 if min(lines) > 0 else None
    if len(lines) < 2 or any(_personal_event(text, at) for at in [*lines, *([header] if header is not None else [])]):
        return False  # a list of appointments, clock-ins or births (its lines or its heading) is still theirs
    for at in lines:
        end = text.find("\n", at)
        line = text[at : end if end >= 0 else len(text)]
        if _FAILURE_ON_LINE.search(line) or _LEVEL_WORD.search(line):
            return True
    return False


#: how many lines before and after a stamped line are read for its block
_STAMP_BLOCK_LINES = 30
#: a line that opens with a two-digit year's stamp to the second
_OPENING_SHORT_STAMP = re.compile(r"[ \t\[]*\d{1,2}[./-]\d{1,2}[./-]\d{2},?[ T]\d{1,2}:\d{2}:\d{2}(?![\w])")


#: the key of an event's date and time to the second on its own line, as Windows' event viewer prints it ("Date:
#: 03/04/2024 08:14:22", "Datum:  11.04.2024 08:03:17"), and the other keys of its block
_EVENT_DATE_KEY = re.compile(r"(?im)^[ \t]*(?:date|datum|fecha|data|logged|protokolliert|registrato)[ \t]*:[ \t]*$")
_EVENT_BLOCK_KEY = re.compile(
    r"(?im)^[ \t]*(?:event id|ereignis-id|id de evento|id do evento|id evento|id de l'événement|log name|protokollname|"
    r"nombre de registro|nome do log|task category|aufgabenkategorie|categoría de la tarea|categoria da tarefa)[ \t]*:"
)


_LAST_CENTURY = re.compile(r"(?<!\d)19\d\d(?!\d)")


def _event_date(text: str, start: int) -> bool:
    """The date at ``start`` is an event's in the event viewer's block: after the date's key on its line, with a key
    only that block has (``Event ID:``, ``Log Name:``, ``Task Category:``) within three lines (a date of birth after
    ``Fecha:`` in a form, even one with ``Source:`` or ``Level:``, is none)."""
    if _EVENT_DATE_KEY.search(text, max(0, start - 24), start) is None:
        return False
    lo = text.rfind("\n", 0, start) + 1  # the date's line, then the three lines before it
    for _ in range(3):
        if lo == 0:
            break
        lo = text.rfind("\n", 0, lo - 1) + 1
    hi = start
    for _ in range(4):
        nxt = text.find("\n", hi + 1)
        hi = len(text) if nxt < 0 else nxt
    return _EVENT_BLOCK_KEY.search(text, lo, hi) is not None


LOG_TIMESTAMP = KeepRule(
    id="technical.log_timestamp",
    kind="log_timestamp",
    vetoes=ALL_LABELS,
    find=_find_log_stamps,
    description="the time stamps of log lines (ISO, common log format, syslog, clock with milliseconds)",
    examples=(
        ("HTTP/2 401\ndate: Tue, 11 Jun 2024 17:45:02 GMT", "Tue, 11 Jun 2024 17:45:02 GMT"),
        ("[12-Jun-2024 16:08:41 Europe/Paris] PHP Fatal error", "12-Jun-2024 16:08:41 Europe/Paris"),
        ("1:M 04 Mar 2024 10:22:17.334 # Server initialized", "04 Mar 2024 10:22:17.334"),
        ("2026-03-12 10:14:02.223 ERROR [main] failed", "2026-03-12 10:14:02.223"),
        ('10.0.0.1 - - [12/Mar/2026:10:14:02 +0000] "GET / HTTP/1.1" 200', "12/Mar/2026:10:14:02 +0000"),
        ("Mar  3 10:14:02 host sshd[812]: session opened", "Mar  3 10:14:02"),
        ("[10:14:02,117] WARN pool exhausted", "10:14:02,117"),
        ('{"ts": "2024-03-05T10:14:02.123Z", "level": "error"}', "2024-03-05T10:14:02.123Z"),
        ("time=2024-03-05T10:14:02+01:00 level=info msg=started", "2024-03-05T10:14:02+01:00"),
        ("MSI (s) (1C:2C) [02:26:51:734]: Product: Acme -- Error 1603", "02:26:51:734"),
        ("Dec 04 22:17:05 web-01 kernel: [183442.118273] Out of memory", "183442.118273"),
        ("[10:32] Agent Marta: how can I help?\n[10:33] Customer: error 4012", "10:33"),
        ("Agent (14:02): Could you tell me the error code?\nCustomer (14:03): It says F-0041", "14:03"),
        ("09:14 Marta (support): Which model?\n09:15 Customer: a Deco X55", "09:15"),
        ('kubelet[912]: E1201 10:22:14.123456 912 pod_workers.go:1298] "Error syncing pod"', "E1201 10:22:14.123456"),
        ("Dec 04 10:12:38 web01 NetworkManager[812]: <warn>  [1701684758.1234] dhcp4: timed out", "1701684758.1234"),
        ('{"ts": 1701684758, "level": "warn"}', "1701684758"),
        ('[01/Dec/2026 10:22:14] "GET /api HTTP/1.1" 500', "01/Dec/2026 10:22:14"),
        ("Dec 1, 2026 10:22:14 AM org.apache.catalina.core.StandardWrapperValve invoke", "Dec 1, 2026 10:22:14 AM"),
        ("I 2026-12-01 10:22:14 worker started", "2026-12-01 10:22:14"),
        ("Logs: 2026/11/30 14:22:01 [error] 1234#1234: *5678 connect() failed", "2026/11/30 14:22:01"),
        ('Mon Dec  1 10:22:14 2026 [pid 4211] FAIL LOGIN: Client "203.0.113.7"', "Mon Dec  1 10:22:14 2026"),
        ("[Mon Dec 01 10:22:14.123456 2026] [php:error] [pid 4211] PHP Fatal error", "Mon Dec 01 10:22:14.123456 2026"),
        ("12/01/2026 10:22:14 AM  Error  Sync failed", "12/01/2026 10:22:14 AM"),
        ("12/1/2026, 10:22:14 AM: Upload failed (code 413)", "12/1/2026, 10:22:14 AM"),
        ("20261201 10:22:14.223 ERROR worker 7 crashed", "20261201 10:22:14.223"),
        ("20250312T142205 ERROR backup failed", "20250312T142205"),
        ("[12-Mar-2025 14:22:05 UTC] PHP Fatal error: Uncaught Exception", "12-Mar-2025 14:22:05 UTC"),
        ("  Warning  Unhealthy  90s (x4 over 2m)   kubelet  Liveness probe failed", "90s (x4 over 2m)"),
        ("2m          Warning   FailedScheduling   pod/checkout-5f7b9c8d4d-qz8rw", "2m"),
        (
            "14.03.24 02:17:45 PPPoE-Fehler: Zeitüberschreitung.\n14.03.24 02:19:02 DSL antwortet nicht",
            "14.03.24 02:19:02",
        ),
        ("Last sync: 2024-03-29 01:12:55 (failed)", "2024-03-29 01:12:55"),
        ("Error\t3/29/2024 1:12:55 AM\tService Control Manager\t7000\tNone", "3/29/2024 1:12:55 AM"),
        ("Error at 01:12:55.118 in module sync", "01:12:55.118"),
        ("[SYNC] 15/03/2025 18:22:00 1.412 SKU in coda", "15/03/2025 18:22:00"),
        ("Called from MATA410(MATA410.PRX) 17/02/2025 11:30:05 line : 1544", "17/02/2025 11:30:05"),
        ("[2025.03.22-21.14.05:123][412]LogInit: Build: ++Portal+Release-Live", "2025.03.22-21.14.05:123"),
    ),
    negatives=(
        "I was born on 1984-03-12.",
        "Your appointment is confirmed for Tue, 18 Jun 2024 15:45:00 +0100.",
        "Date: Tue, 11 Jun 2024 17:45:02 +0200\nFrom: Maria Lopez",
        "my appointment is on 12/03/2026",
        "Datum: 2025-10-01T00:00:00",
        '"Time": "17:40:18"',
        '"05:31:58": "The designated time"',
        "Time: 05:41:51",
        "<li>Time of Submission: 06:58:51</li>",
        "1, Feminine, 1963-12-23T00:00:00, bardi",
        "the meeting is at [10:32] tomorrow",
        "call me on [0612 345678]",
        "We meet Tuesday (14:02): bring the forms",
        "call me on 1701684758 please",
        "Ref [1701684758] for the refund",
        "Geboren: 14.03.84 02:17:45 in Köln\nGetauft: 20.04.84 11:00:00",
        "Terminliste:\n14.03.24 09:00:00 Frau Anna Wiśniewska – Kontrolle\n14.03.24 09:30:00 Herr Mehmet Yılmaz",
        "Fecha de nacimiento: 12/03/1985 10:14:22",
        "Termin: 29.03.2024 10:15:00 bei Dr. Weber",
        "Fecha del evento: 12/05/2024 18:00:00 (boda de Ana)",
        "Cita: 29/03/2024 10:15:00 Aviso: traiga el DNI",
        "Error en mi cita médica: 29/03/2024 10:15:00",
        "Last sync: 1985-03-12 10:14:22 (that's my birth date)",
        "Paciente atendido 29/03/2024 10:15:00.250",
        "Paciente atendido 29/03/2024 10:15:41",
        "[Cita] 29/03/2024 10:15:00 con la Dra. Ruiz",
        "La timbratura di Bruno Ferraresi delle 03/03/2025 07:58:41 non è stata registrata",
        "Aufnahme Notaufnahme: Wiebke Hansen, 21.01.2025 19:22:41, Verdacht auf Fraktur.",
        "Source: maternity ward\nDate: 12/03/2024 03:10:44\nBaby: Lucía García, 3.2 kg",
    ),
)

_PID = re.compile(
    r"(?i)(?<![\w])(?:pid|tid|ppid|process(?:\s+id)?|thread(?:\s+id)?)\s*[=:#]?\s*(\d{1,7}|0x[0-9a-f]{1,8})(?![\w])"
    r"|\[(?:thread|pool-\d+-thread|worker|http-nio-\d+-exec|main|Thread)-?(\d{0,6})\]"
    r"|(?<=[a-z\]])\[(\d{1,7})\]:"
    # Android's logcat: "12-01 10:22:14.223  1234  5678 E AndroidRuntime: ..." (process, then thread)
    r"|(?m:^[ \t]*\d{2}-\d{2}[ \t]\d{2}:\d{2}:\d{2}\.\d{3}[ \t]+(\d{1,6})[ \t]+(\d{1,6})(?=[ \t]+[VDIWEF][ \t]))"
    # Spring Boot: "2024-03-19T21:22:51.753Z  INFO 64482 --- [main] ..."
    r"|(?<![\w])(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\s+(\d{1,7})\s+---"
    # a thread's name outside brackets: "pool-3-thread-7", "http-nio-8080-exec-2", "ForkJoinPool-1-worker-3"
    r"|(?<![\w-])((?:pool-\d+-thread|http-nio-\d+-exec|ForkJoinPool-\d+-worker|ForkJoinPool\.commonPool-worker)-\d{1,6})"
    r"(?![\w-])"
    # a thread's id as Apache prints it, a pointer's digits ("[pid 23817:tid 140213948069440]")
    r"|(?<=:tid )([1-9]\d{9,19})(?=\])"
    # PostgreSQL's log line prefix: a time stamp, its zone, the backend's process ("... 02:14:09.331 CET [418822]")
    r"|(?m:^[ \t]*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[ \t]+[A-Z]{2,5}[ \t]+\[(\d{1,7})\])"
)
#: nginx's process and thread and the connection number after a log line's level ("[error] 1234#1234: *5678")
_NGINX_PID = re.compile(
    r"\[(?:emerg|alert|crit|error|warn|notice|info|debug)\][ \t]+(\d{1,7})#(\d{1,7}):(?:[ \t]+\*(\d{1,12}))?"
)
#: a named worker in brackets on a log line ("[auth-worker-3]", "[task-scheduler-4]", "[ldap-sync-2]")
_NAMED_THREAD = re.compile(r"\[([a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+-\d{1,4})\]")


def _find_process_ids(scan: Scan) -> Iterator[tuple[int, int]]:
    for m in _PID.finditer(scan.text):
        if m.group(5):  # logcat: the process and the thread
            yield m.span(4)
            yield m.span(5)
            continue
        g = next((i for i in (1, 2, 3, 6, 7, 8, 9) if m.group(i)), None)
        yield m.span(g) if g else m.span()
    for m in _NGINX_PID.finditer(scan.text):
        for g in (1, 2, 3):
            if m.group(g):
                yield m.span(g)
    first, last, _, _ = load_gazetteers()
    for m in _NAMED_THREAD.finditer(scan.text):
        words = m.group(1).split("-")[:-1]
        if _log_line(scan.text, m.start()) and not any(w in first or w in last for w in words):
            yield m.span(1)  # "[maria-lopez-2]" names someone


PROCESS_ID = KeepRule(
    id="technical.process_id",
    kind="process_id",
    vetoes=NUMBER_LABELS | {Label.USERNAME},
    find=_find_process_ids,
    description="process and thread ids in log lines: pid=4312, [thread-17], sshd[812]:",
    examples=(
        ("worker pid=4312 exited", "4312"),
        ("[thread-17] INFO started", "17"),
        ("sshd[812]: accepted", "812"),
        ("2023-03-19T21:22:51.753Z INFO 64482 --- [worker-31] com.acme.Foo : started", "64482"),
        ("2024-11-02T10:22:31.114Z pool-3-thread-7 RetryPolicy attempt 3/5 failed", "pool-3-thread-7"),
        ("2026-02-27T08:41:13.550Z WARN [auth-worker-3] login rejected", "auth-worker-3"),
        ("12-01 10:22:14.223  1234  5678 E AndroidRuntime: FATAL EXCEPTION: main", "5678"),
        ("2025/03/12 14:22:05 [error] 1234#1234: *5678 connect() failed", "5678"),
    ),
    negatives=(
        "my customer number is 4312 5567",
        "call 0612 345 678",
        "2026-02-27T08:41:13.550Z WARN [maria-lopez-2] login rejected",
    ),
)


# code: paths, frames, symbols, command lines -------------------------------------------------------
#: (a stack frame's line and column after a file: "/srv/app/Webhooks.js:118:19", "img_backup.cpp:1024")
_LINE_COLUMN = r"(?::\d{1,6}(?::\d{1,4})?(?![\w.:]))?"
_UNIX_PATH = re.compile(rf"(?<![\w/:.@-])(?:~|\.{{1,2}})?(?:/[\w.@+-]+){{2,}}(?:/|{_LINE_COLUMN})")
_WIN_PATH = re.compile(r"(?<![\w])[A-Za-z]:\\(?:[^\\\s:*?\"<>|,;]+(?: [^\\\s:*?\"<>|,;]+)*\\)*[^\\\s:*?\"<>|,;]*")
#: the folder a user's own folder stands in ("/home/jsmith", "C:\\Users\\ana", "\\\\nas01\\utenti\\bruno.moretti",
#: "\\\\NAS01\\Privat\\Ewa")
_USER_DIR = re.compile(
    r"(?i)(?:[/\\](?:home|homes|users|user|utenti|utente|usuarios|usuaris|utilisateurs|benutzer|gebruikers|"
    r"uzytkownicy|kullanicilar|profiles|profile|perfiles|profili|privat|private|privato|privado|personal|persönlich|"
    r"personnel|mitarbeiter|employees|staff)[/\\])([^/\\\n'\"]+)"
)
#: a network share's path (``\\\\nas01\\scans\\eingang``): its server, its share and its folders
_UNC_PATH = re.compile(r"(?<![\w\\])\\\\[A-Za-z0-9][\w.-]*(?:\\[^\\\s:*?\"<>|,;()]+)+")


def _find_paths(scan: Scan) -> Iterator[tuple[int, int]]:
    """File paths, without the user name of a home directory (``/home/jsmith/``, ``C:\\Users\\jsmith\\``
    stay personal: the path is kept around it); the file of a Python stack frame (``File
    "app/billing/tasks.py", line 14``) also when relative."""
    text = scan.text
    spans = [
        m.span() for m in _UNIX_PATH.finditer(text) if text[max(0, m.start() - 3) : m.start()] not in ("://", "ww.")
    ]
    spans += [m.span() for m in _WIN_PATH.finditer(text)]
    spans += [m.span() for m in _UNC_PATH.finditer(text)]
    if 'File "' in text:
        spans += [m.span(1) for m in _PY_FRAME.finditer(text)]
    for s, e in spans:
        cur = s
        for u in _USER_DIR.finditer(text, s, e):
            yield cur, u.start(1)
            cur = u.end(1)
        yield cur, e


#: the endings of source, configuration, log, package and program files: a file's name alone, no user name or
#: web address ("appsettings.json", "setup.py", "lib.rs"); not .pl or .so (Polish and Somali domains), no ending
#: of one letter (.c, .h, .m, .r: the "s.c." of a Polish or Catalan firm's legal form), not documents or pictures
#: (their names may be a person's: CV_Ana_Lopez.pdf)
_CODE_FILE_ENDINGS = (
    "py", "pyc", "ipynb", "js", "mjs", "cjs", "jsx", "ts", "tsx", "vue", "json", "jsonc", "yaml", "yml", "toml", "ini",
    "cfg", "conf", "config", "properties", "env", "xml", "xsd", "plist", "log", "sql", "java", "kt", "kts", "scala",
    "gradle", "cs", "csproj", "sln", "vb", "cpp", "hpp", "go", "mod", "rs", "rb", "php", "sh", "bash",
    "zsh", "ps1", "psm1", "bat", "cmd", "exe", "dll", "sys", "jar", "war", "apk", "aab", "ipa", "msi", "msix", "dmg",
    "pkg", "deb", "rpm", "whl", "lock", "tf", "tfvars", "hcl", "dockerfile", "sqlite", "db", "bak", "dmp", "crt",
    "pem", "cer", "pfx", "p12", "jks", "keystore", "swift", "dart", "lua", "tmp", "pid", "sock", "tmpl", "tpl", "j2",
    "jinja", "twig", "hbs", "ejs", "erb", "svelte", "ndjson", "proto", "graphql", "gql", "service", "timer",
)  # fmt: skip
_FILE_NAME = re.compile(
    rf"(?<![\w.@/\\:$%-])\.?[A-Za-z0-9_][\w-]*(?:\.[\w-]+)*\.(?i:{alternation(_CODE_FILE_ENDINGS)})(?![\w-]|\.\w)"
    + _LINE_COLUMN
)


FILE_NAME = KeepRule(
    id="technical.file_name",
    kind="file_path",
    vetoes=frozenset({Label.USERNAME, Label.URL, Label.ORGANIZATION, Label.IP_ADDRESS}),
    find=_span_finder(_FILE_NAME),
    description="a source, configuration, log or program file named alone (appsettings.json, setup.py): no user "
    "name, web address or organisation",
    examples=(
        ("In appsettings.json I set Logging:LogLevel:Default to Debug.", "appsettings.json"),
        ("python setup.py install fails", "setup.py"),
        ("the program.json file is empty", "program.json"),
        ("nel .gitlab-ci.yml abbiamo DOCKER_HOST", ".gitlab-ci.yml"),
        ("nas01 img_backup: [23561]img_backup.cpp:1024 Failed", "img_backup.cpp:1024"),
    ),
    negatives=(
        "write to ana.lopez@example.pl",
        "see www.example.com",
        "CV_Ana_Lopez.pdf attached",
        "Instal·lacions Puig S.C. ha enviat la factura",
    ),
)


FILE_PATH = KeepRule(
    id="technical.file_path",
    kind="file_path",
    vetoes=ALL_LABELS,
    find=_find_paths,
    description="file paths (the user name of a home directory stays outside the kept span)",
    examples=(
        ("see /var/log/nginx/error.log", "/var/log/nginx/error.log"),
        (r"C:\Program Files\Acme\app.exe crashes", r"C:\Program Files\Acme\app.exe"),
        (r"Zielordner: \\nas01\scans\eingang", r"\\nas01\scans\eingang"),
        ("Zugriff verweigert auf \\\\NAS01\\Privat\\Ewa\\Steuer", "\\\\NAS01\\Privat\\"),
        ("edit ~/.config/app/settings.yaml", "~/.config/app/settings.yaml"),
        (
            "    at Object.verifyHeader (/srv/billing/node_modules/stripe/cjs/Webhooks.js:118:19)",
            "/srv/billing/node_modules/stripe/cjs/Webhooks.js:118:19",
        ),
        ('  File "app/billing/tasks.py", line 14, in price_itinerary', "app/billing/tasks.py"),
    ),
    negatives=("my address is 14 Harbour Row, Flat 3", "see you on 12/03"),
)

_JAVA_FRAME = re.compile(r"(?<![\w])at\s+([\w$]+(?:\.[\w$<>]+)+)\(((?:[\w$.-]+:\d+)|Native Method|Unknown Source)\)")
_PY_FRAME = re.compile(r"File \"([^\"\n]{1,300})\", line (\d+), in ([\w<>.]+)")
_DOTTED_SYMBOL = re.compile(
    r"(?<![\w.@/-])[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*){1,}\.[A-Z][\w$]*(?:\.[\w$]+)*(?![\w@-])"
)
_EXCEPTION = re.compile(r"(?<![\w.])(?:[A-Z][a-z0-9]+){1,5}(?:Exception|Error|Fault|Warning)(?![\w])")
_SNAKE_KEY = re.compile(r"(?<![\w.@/-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?=\s*[:=]|`)")
_DOTTED_KEY = re.compile(r"(?<![\w.@/-])[a-z][a-z0-9-]*(?:\.[a-z][a-zA-Z0-9-]*){2,}(?=\s*[:=])")
_CALL = re.compile(r"(?<![\w.])[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+(?=\()")
_HEADER_NAME = re.compile(r"(?m)(?:^[ \t]*|(?<=-H [\"'])|(?<=--header [\"']))[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?=:)")
_CLASS_METHOD = re.compile(r"(?<![\w.])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+(?:\.[a-z]\w*(?:\$\w+)*\$?\d*)+(?![\w])")


#: a .NET or JavaScript stack frame: the method and its parameter list ("at Contoso.Billing.Invoice.Get(Int32
#: customerId) in D:\\src\\Invoice.cs:line 88")
_DOTNET_FRAME = re.compile(r"(?<![\w])at[ \t]+([\w$`<>|]+(?:\.[\w$`<>|]+)+)\(([^()\n]{0,300})\)")
#: a frame of a compiled expression, without a namespace, at the start of a trace's line ("   at lambda_method12(")
_BARE_FRAME = re.compile(r"(?m)^[ \t]+at[ \t]+([A-Za-z_][\w$`<>]*)\(")
#: a dotted PascalCase name of three parts or more (System.Net.Http.HttpRequestException)
_PASCAL_DOTTED = re.compile(r"(?<![\w.@/-])[A-Z][A-Za-z0-9]+(?:\.[A-Z][A-Za-z0-9`]+){2,}(?![\w@-]|\.\w)")
_INNER_CAPITAL = re.compile(r"[a-z0-9][A-Z]")
_NAMESPACE_ROOTS = frozenset(
    {"System", "Microsoft", "Windows", "Android", "Newtonsoft", "Npgsql", "Azure", "Amazon", "Google"}
)
#: Kubernetes objects ("pod/checkout-7d9f8b6c5-x2x9z", "deployment/api") and a pod's generated name
_K8S_OBJECT = re.compile(
    r"(?<![\w/.-])(?:pods?|deployments?|deploy|svc|services?|nodes?|replicasets?|rs|statefulsets?|sts|daemonsets?|ds|"
    r"jobs?|cronjobs?|ns|namespaces?|configmaps?|cm|ingress(?:es)?|pvc|secrets?)/[a-z0-9][a-z0-9.-]{0,62}(?![\w-])"
)
#: the template hash and the suffix Kubernetes adds to a pod's name are drawn without vowels
#: (``bcdfghjklmnpqrstvwxz2456789``); kubelet writes the namespace after an underscore ("api-7d9f8c6b5-x2kqz_shop")
_POD_NAME = re.compile(
    r"(?<![\w.-])[a-z][a-z0-9-]*-(?:[a-f0-9]{6,10}-[a-z0-9]{5}|[b-df-hj-np-tv-xz2-9]{6,10}-[b-df-hj-np-tv-xz2-9]{5})"
    r"(?:_[a-z0-9][a-z0-9-]{0,62})?(?![\w-])"
)
#: an npm package of a scope ("@acme/payments-sdk", "@angular/core"): no user's handle
_SCOPED_PACKAGE = re.compile(r"(?<![\w@/.-])@[a-z0-9][a-z0-9._~-]*/[a-z0-9][a-z0-9._~-]*(?![\w/-])")
#: a systemd unit ("nginx.service", "docker.socket")
_SYSTEMD_UNIT = re.compile(
    r"(?<![\w.@-])[\w@.-]+\.(?:service|socket|timer|mount|target|path|slice|scope|automount|device)(?![\w-])"
)
#: the program of a syslog line, after its time stamp and host ("... web-01 sshd[812]:", "... gw CRON[9]:")
_SYSLOG_PROGRAM = re.compile(
    r"(?m)^[ \t]*(?:[A-Z][a-z]{2}[ \t]{1,2}\d{1,2}[ \t]\d{2}:\d{2}:\d{2}|\d{4}-\d{2}-\d{2}T[\d:.+-]+)[ \t]+\S+[ \t]+"
    r"([A-Za-z][\w./-]{1,40})(?=\[\d+\]:|:[ \t])"
)


#: the exception line that ends a Python traceback: its class ("httpx.ConnectTimeout: ...") and a key it
#: quotes alone ("KeyError: 'tls.min_version'")
_PY_EXCEPTION_LINE = re.compile(
    r"((?:[A-Za-z_]\w*\.)*[A-Z]\w*)(?::[ \t]*(?:'([a-z][a-z0-9]*(?:[._][a-z0-9]+)+)'[ \t]*(?=\n|$))?|[ \t]*(?=\n|$))"
)
#: a CamelCase name the text calls an operation, a method or an endpoint ("when calling the PutObject operation")
_CAMEL_OPERATION = re.compile(
    r"(?<![\w.])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+(?=[ \t]+(?:operation|method|function|endpoint|action|API|call|"
    r"query|mutation|handler|command|request|event)(?![\w]))"
)
#: a program's or a system's file by name alone, of an extension no document has ("rtwlanu.sys", "php8.2-fpm.sock")
_SYSTEM_FILE = re.compile(
    r"(?<![\w/\\.@-])[A-Za-z][\w.-]{0,60}\.(?:sys|dll|exe|so|ko|sock|pid|msi|jar|war|conf|cfg|ini|plist|service|"
    r"py|js|ts|java|cs|go|rb|php|sh|ps1|bat|yaml|yml|toml|aspx|asp|jsp|cshtml|ashx|asmx)(?![\w@-]|\.\w)"
)
#: a database object named in quotes after its word ('constraint "orders_pkey"', 'relation "public.orders"')
_DB_OBJECT = re.compile(
    r"(?i)(?<![\w])(?:constraint|relation|table|column|index|sequence|schema|database|key|trigger|view)[ \t]+"
    r"[\"'`]([a-z_][\w.$]{1,62})[\"'`]"
)
#: a logger's class after the thread on a log line ("[pool-2-thread-1] AuthClient - 401", "] d.f.import.Importer :")
_LOGGER = re.compile(r"\][ \t]+((?:[a-z][\w$]*\.)*[A-Z][A-Za-z0-9$]+)[ \t]+[-:][ \t]")
#: a Kubernetes event's reason after its type ("Warning  BackOff  3m ...", "Normal   Pulled   2m")
_K8S_REASON = re.compile(r"(?m)^[ \t]*(?:Warning|Normal)[ \t]+([A-Z][A-Za-z]+)(?=[ \t]{2,}|[ \t]+\d)")
#: a network interface (eth0, eno1, enp3s0, wlan0, docker0) and a PCI address with the driver before it
_NET_INTERFACE = re.compile(
    r"(?<![\w.-])(?:eth|eno|ens|enp|enx|wlp|wlan|wlo|wwan|docker|veth|virbr|bond|vlan)\d[\w.]*(?![\w-])"
)
#: a block device (nvme0n1, nvme0n1p2, sda2, vdb, mmcblk0p1, dm-3, loop7, md127)
_BLOCK_DEVICE = re.compile(
    r"(?<![\w.-])(?:nvme\d+n\d+(?:p\d+)?|[shvx]?vd[a-z]\d*|sd[a-z]{1,2}\d*|hd[a-z]\d*|mmcblk\d+(?:p\d+)?|loop\d+|"
    r"md\d+|dm-\d+)(?![\w-])"
)
#: the Kubernetes and container components that write events and logs ("From: kubelet", "default-scheduler")
_K8S_COMPONENT = re.compile(
    r"(?<![\w.-])(?:kubelet|kube-proxy|kube-scheduler|default-scheduler|kube-controller-manager|kube-apiserver|"
    r"replicaset-controller|deployment-controller|endpoint-controller|attachdetach-controller|coredns|containerd|"
    r"dockerd|cri-o|crio)(?![\w-])"
)
_PCI = re.compile(r"(?:([a-z][\w-]{1,20})[ \t]+)?(?<![\w:])([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7])(?![\w])")
_TWO_PART_KEY = re.compile(r"(?<![\w.@/-])([a-z][a-z0-9]*)\.([a-z][a-z0-9_]*)(?![\w@-]|\.\w)")
# also the SQL state an exception opens its message with ("PostgresException (0x80004005): 23505: duplicate key")
_EXCEPTION_CODE = re.compile(
    r"(?:Exception|Error|Fault)(?:[ \t]+\(0x[0-9A-Fa-f]{1,8}\))?:\s*([A-Z]{1,5}-\d{2,6}(?![\w-])|[0-9A-Z]{5}(?=:[ \t]))"
)


_CODE_WORD_ZIPF = 1.5


def _technical_word(word: str) -> bool:
    """A word of code (``retry``, ``backoff``, ``endpoint``): frequent, and no known first name or surname."""
    first, last, _, _ = load_gazetteers()
    w = word.lower().rstrip("_")
    return len(w) >= 2 and w not in first and w not in last and zipf(w) >= _CODE_WORD_ZIPF


def _find_code(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    for m in _TWO_PART_KEY.finditer(text):  # "poh.meisel59" ends in digits: a user name
        if not m.group(2)[-1].isdigit() and _technical_word(m.group(1)) and _technical_word(m.group(2)):
            yield m.span()
    for m in _EXCEPTION_CODE.finditer(text):
        yield m.span(1)
    for m in _JAVA_FRAME.finditer(text):
        yield m.span(1)
        yield m.span(2)
    for m in _DOTNET_FRAME.finditer(text):
        yield m.span(1)
        if m.group(2).strip():
            yield m.span(2)
    for m in _PASCAL_DOTTED.finditer(text):
        parts = m.group().split(".")
        if parts[0] in _NAMESPACE_ROOTS or any(_INNER_CAPITAL.search(p) for p in parts):
            yield m.span()
    for pattern in (_K8S_OBJECT, _POD_NAME, _SYSTEMD_UNIT, _SCOPED_PACKAGE):
        for m in pattern.finditer(text):
            yield m.span()
    for m in _SYSLOG_PROGRAM.finditer(text):
        yield m.span(1)
    for m in KAFKA_CLIENT.finditer(text):
        for v in _KAFKA_CLIENT_VALUE.finditer(text, m.start(), m.end()):
            if technical_name(v.group(1)):
                yield v.span(1)  # "groupId=ana-garcia-82", "clientId=kuba-sync-1" are someone's
    for m in _KAFKA_PARTITION.finditer(text):
        if technical_name(m.group(1)):
            yield m.span(1)
    for m in _OFFSET.finditer(text):  # a record's place in its partition, on a line that names one: no one's number
        ls = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.end())
        if _KAFKA_PARTITION.search(text, ls, le if le >= 0 else len(text)):
            yield m.span(1)
    for m in _K8S_REASON.finditer(text):
        yield m.span(1)
    for m in _SYSTEM_FILE.finditer(text):
        if fold(m.group()) not in _street_words():  # "C.so Garibaldi 12" is Corso, no shared library
            yield m.span()
    for pattern in (_DB_OBJECT, _LOGGER):
        for m in pattern.finditer(text):
            if pattern is _DB_OBJECT or _log_line(text, m.start()):
                yield m.span(1)
    for pattern in (_NET_INTERFACE, _BLOCK_DEVICE, _K8S_COMPONENT):
        for m in pattern.finditer(text):
            yield m.span()
    for m in _BARE_FRAME.finditer(text):
        yield m.span(1)
    yield from _find_named_symbols(text)
    yield from _find_snake_code(text)
    yield from _find_named_objects(text)
    for m in _PCI.finditer(text):
        yield m.span(2)
        if m.group(1):
            yield m.span(1)
    for m in _PY_FRAME.finditer(text):
        yield m.span(3)
        yield from _exception_line(text, m.end())
    for pattern in (
        _DOTTED_SYMBOL,
        _EXCEPTION,
        _SNAKE_KEY,
        _DOTTED_KEY,
        _CALL,
        _CLASS_METHOD,
        _HEADER_NAME,
        _CAMEL_OPERATION,
    ):
        for m in pattern.finditer(text):
            yield m.span()


#: the words that name a piece of code or of its deployment before its identifier ("the method
#: aggiornaCarrello", "service redis_cache", "deployment checkout-api-v2", "la función obtenerFactura")
_SYMBOL_WORDS = (
    r"function|method|job|cron job|service|task|script|module|class|variable|env var|flag|feature flag|"
    r"hook|table|column|container|deployment|pod|queue|topic|bucket|index|procedure|trigger|lambda|workflow|"
    r"pipeline|macro|daemon|process|processo|proceso|processus|prozess|package|"
    r"función|funcion|método|metodo|servicio|tarea|tabla|columna|contenedor|cola|funzione|servizio|"
    r"tabella|colonna|variabile|contenitore|coda|fonction|méthode|methode|tâche|colonne|conteneur|funktion|dienst|"
    r"tabelle|spalte|warteschlange|função|funcao|serviço|servico|tarefa|tabela|coluna|variável|contêiner|fila"
)
#: an identifier with the shape of code: snake_case, camelCase, kebab-case with a digit or three parts, a
#: script's name:target
_NAMED_SYMBOL = re.compile(
    rf"(?i:(?<![\w])(?:{_SYMBOL_WORDS}))[ \t]*:?[ \t]+[`'\"]?"
    r"((?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+|[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}"
    r"|[a-z][a-z0-9]*(?=[\w-]*\d)(?:-[a-z0-9]+)+|[a-z][\w-]*:[a-z][\w-]*)(?:\.[a-z_]\w*)*)(?![\w@-])"
)
#: a Kubernetes subject ("system:serviceaccount:ci:deployer", "system:node:worker-2", "system:kube-scheduler")
_K8S_SUBJECT = re.compile(
    r"(?<![\w:])system:(?:serviceaccount|node|kube-[a-z-]+|masters|authenticated)(?::[\w.-]+){0,2}"
)
#: a runtime's package or service named with its version ("php8.2-fpm", "python3.11-venv", "openjdk-17-jre"); a
#: user name made the same way ("jsmith88-home") is no runtime's
_VERSIONED_PACKAGE = re.compile(
    r"(?<![\w.@/-])(?:php|python|openjdk|java|jdk|jre|node|nodejs|ruby|perl|postgresql|postgres|mysql|mariadb|"
    r"libssl|openssl|gcc|clang|llvm|dotnet|aspnetcore|golang|erlang|lua|tomcat)-?\d+(?:\.\d+)?-[a-z]{2,}(?:-[a-z]+)?"
    r"(?![\w@-]|\.\w)"
)
#: a Python logger's dotted name in brackets on a log line ("ERROR (MainThread) [homeassistant.components.hue]")
_BRACKETED_LOGGER = re.compile(r"\[([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*){2,})\]")
#: a Kafka client's bracket on a log line, its ids after it ("[Consumer clientId=lager-sync-1, groupId=lager-sync]"),
#: a topic's partitions after their word ("Offset commit failed on partition lagerbestand-3") and an offset
_KAFKA_KEYS = r"(?:clientId|groupId|instanceId|transactionalId)"
KAFKA_CLIENT = re.compile(
    rf"\[(?:Consumer|Producer|AdminClient|Admin|StreamThread|Worker)[ \t]+{_KAFKA_KEYS}=[^\]\n]{{1,200}}\]"
)
#: a client's or a group's id: words of small letters and short numbers ("consumer-orders-1"; not "cliente-12345678Z")
_KAFKA_CLIENT_VALUE = re.compile(rf"{_KAFKA_KEYS}=([a-z][a-z0-9._]*(?:-(?:[a-z][a-z0-9._]*|\d{{1,4}}))*)(?=[,\]\s])")
_OFFSET = re.compile(r"(?<![\w-])(?i:offset)[ \t]*[:=]?[ \t]*(\d{1,19})(?![\w.,]\d|\w)")
_KAFKA_PARTITION = re.compile(r"(?<![\w-])partitions?[ \t]+\[?([a-z][\w.]*(?:-[a-z][\w.]*)*-\d{1,5})(?![\w-])")
#: a package manager's log level ("npm ERR! missing script")
_PACKAGE_LOG_LEVEL = re.compile(r"(?<![\w])(?:npm|yarn|pnpm)[ \t]+(ERR!|WARN|notice|verb|info)(?![\w])")


#: a kebab-case name right after the word of what it names, in a list maybe ("the jobs import-stock and recalcul-prix",
#: "ClusterRoleBinding deployer-binding", "the cronjob nightly-export", "la función order-processor")
_OBJECT_WORD = (
    r"(?i:(?:cron)?jobs?|cronjobs?|deployments?|statefulsets?|daemonsets?|services?|servicios?|serviços?|servizi|"
    r"servizio|dienste?|functions?|funci[oó]n|funciones|função|funções|funzione|funzioni|queues?|colas?|filas?|"
    r"topics?|buckets?|namespaces?|clusterrolebinding|clusterrole|rolebinding|configmaps?|ingress|pipelines?|"
    r"workflows?|dags?|tasks?|tareas?|tarefas?|workers?|containers?|contenedores?|contentores?|containere?|repos?|"
    r"repositor(?:y|ies|io|ios)|branch(?:es)?|rama|charts?|modules?|módulos?|moduli|modul|packages?|paquetes?|"
    r"pacotes?|pacchetti|paket|pakete)"
)
_KEBAB = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
_NAMED_OBJECT = re.compile(
    rf"(?<![\w-]){_OBJECT_WORD}[ \t]+(?:(?i:are|is|named|called|sont|est|son|es|são|é|sono|è|sind|ist|heißen|"
    rf"heißt|zijn)[ \t]+)?({_KEBAB}(?:[ \t]*(?:,|and|or|et|ou|y|o|e|und|oder|en|of)[ \t]+{_KEBAB})*)"
    r"(?![\w@-]|\.\w)"
)
_KEBAB_WORD = re.compile(_KEBAB)


def _find_named_objects(text: str) -> Iterator[tuple[int, int]]:
    """Kebab-case names after the word of the object they name, made of software's and business's words
    (:func:`technical_name`: not "the service ana-lopez", "the branch feature-paqui-login",
    "task call-back-612-345-678")."""
    for m in _NAMED_OBJECT.finditer(text):
        for name in _KEBAB_WORD.finditer(text, m.start(1), m.end(1)):
            if technical_name(name.group()):
                yield name.span()


#: a snake_case identifier of two to six parts (invoice_service, email_dispatcher, export_orders_csv)
_SNAKE_IDENTIFIER = re.compile(r"(?<![\w.@/-])[a-z][a-z0-9]*(?:_[a-z0-9]+){1,5}(?![\w@-]|\.\w)")


def _find_snake_code(text: str) -> Iterator[tuple[int, int]]:
    """A snake_case identifier with a word of software's roles among its parts (``invoice_service keeps timing
    out``, ``O worker email_dispatcher parou``) and no part a first name or a surname, none ending in digits
    (``ana_lopez``, ``happy_coder88`` stay user names)."""
    first, last, _, _ = load_gazetteers()
    parts_words = _code_parts()
    for m in _SNAKE_IDENTIFIER.finditer(text):
        if _USER_KEY_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue  # "Mon identifiant est kiko_export": a user name
        parts = m.group().split("_")
        if parts[-1][-1].isdigit() or any(p in first or p in last for p in parts if p not in parts_words):
            continue
        if any(p in parts_words for p in parts):
            yield m.span()


@functools.cache
def _code_parts() -> frozenset[str]:
    return frozenset(lexicons.words("technical_code_parts"))


#: a user name's key before an identifier ("Mon identifiant est kiko_export", "Benutzername lautet client_jgarcia")
_USER_KEY_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:user(?:name)?|login|identifiant|nom d'utilisateur|usuario|utente|nome utente|benutzer(?:name)?|"
    r"kennung|utilizador|handle|nick(?:name)?|account|cuenta|conta|compte|konto)(?![\w])[^\n]{0,25}$"
)


def _user_shaped(identifier: str, first: Container[str], last: Container[str]) -> bool:
    """An identifier made like a user name: a first name or a surname among its parts, a part of one or two
    letters (initials: ``carla_m``, ``k_novak``) or a number as its last part (``jperez_88``; not ``api-v2``)."""
    parts = [p.lower() for p in re.split(r"[_\-.:]|(?<=[a-z0-9])(?=[A-Z])", identifier) if p]
    return (
        parts[-1].isdigit()
        or any(p in first or p in last for p in parts)
        or any(len(p) <= 2 and p.isalpha() for p in parts)
    )


def _find_named_symbols(text: str) -> Iterator[tuple[int, int]]:
    """An identifier of code after the word that names it; one made like a user name, or after a user name's key,
    stays a user's (``the table ana_lopez``, ``the service anna_lopez_2``)."""
    first, last, _, _ = load_gazetteers()
    for m in _NAMED_SYMBOL.finditer(text):
        if _user_shaped(m.group(1), first, last) or _USER_KEY_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue  # "the table ana_lopez", "the service anna_lopez_2", "Agent jperez_88": a user's
        yield m.span(1)
    for m in _PACKAGE_LOG_LEVEL.finditer(text):
        yield m.span(1)
    for pattern in (_K8S_SUBJECT, _VERSIONED_PACKAGE):
        for m in pattern.finditer(text):
            if not _user_shaped(m.group(), first, last):
                yield m.span()
    for m in _BRACKETED_LOGGER.finditer(text):
        if not any(p in first or p in last for p in m.group(1).split(".")):
            yield m.span(1)


def _exception_line(text: str, frame_end: int) -> Iterator[tuple[int, int]]:
    """The exception class and its quoted key on the first unindented line after a Python frame (the frame's
    source line comes between); a quoted key of a first name and a surname or ending in digits is a user's
    (``'ana_lopez'``, ``'poh.meisel59'``)."""
    first, last, _, _ = load_gazetteers()
    pos = text.find("\n", frame_end) + 1
    for _ in range(2):
        if pos <= 0 or pos >= len(text):
            return
        if text[pos] not in " \t":
            break
        pos = text.find("\n", pos) + 1
    else:
        return
    m = _PY_EXCEPTION_LINE.match(text, pos)
    if m is None:
        return
    yield m.span(1)
    key = m.group(2)
    parts = re.split(r"[._]", key or "")
    if key and not key[-1].isdigit() and not (len(parts) == 2 and parts[0] in first and parts[1] in last):
        yield m.span(2)


CODE_SYMBOL = KeepRule(
    id="technical.code_symbol",
    kind="code_symbol",
    vetoes=NAME_LABELS | NUMBER_LABELS,
    find=_find_code,
    lexicons=("technical_code_parts", "technical_name_words"),
    description="class and method names, stack frames, exception names, configuration keys",
    examples=(
        ("at com.acme.payments.StripeGateway.charge(StripeGateway.java:142)", "com.acme.payments.StripeGateway.charge"),
        ("2026-03-12 ERROR com.acme.billing.InvoiceService - failed", "com.acme.billing.InvoiceService"),
        ("throws NullPointerException on save", "NullPointerException"),
        ("set max_connections = 200", "max_connections"),
        ("spring.datasource.url: jdbc:postgresql://db", "spring.datasource.url"),
        ("retry.backoff = 120", "retry.backoff"),
        ("Retrying CheckoutController.pollStatus (attempt 3 of 5)", "CheckoutController.pollStatus"),
        ("curl --header 'X-Api-Key: $TOKEN'", "X-Api-Key"),
        ("Caused by: java.util.ConcurrentModificationException: R-2045", "R-2045"),
        ("Il metodo aggiornaCarrello lancia NullPointerException.", "aggiornaCarrello"),
        ("docker compose service redis_cache exited with code 1", "redis_cache"),
        ("the deployment checkout-api-v2 is unavailable", "checkout-api-v2"),
        ("npm ERR! missing script: build:prod", "ERR!"),
        ("After the deploy, invoice_service keeps timing out.", "invoice_service"),
        ("O worker email_dispatcher parou às 3h.", "email_dispatcher"),
        ("npm ERR! missing script: build:prod", "build:prod"),
        (
            "at Contoso.Billing.InvoiceService.GetLatest(Int32 customerId) in D:\\src\\Invoice.cs:line 88",
            "Contoso.Billing.InvoiceService.GetLatest",
        ),
        ("at Contoso.Billing.InvoiceService.GetLatest(Int32 customerId) in D:\\src", "Int32 customerId"),
        (
            "Microsoft.Data.SqlClient.SqlException (0x80131904): A network error",
            "Microsoft.Data.SqlClient.SqlException",
        ),
        ("Warning  BackOff  pod/checkout-7d9f8b6c5-x2x9z  Back-off restarting", "pod/checkout-7d9f8b6c5-x2x9z"),
        ("Back-off restarting failed container api in pod api-7d9f8c6b5-x2kqz_shop", "api-7d9f8c6b5-x2kqz_shop"),
        ("Error in module @acme/payments-sdk: cannot find export createIntent.", "@acme/payments-sdk"),
        ("kernel: nvme0n1: I/O error, dev nvme0n1, sector 123456", "nvme0n1"),
        ("Npgsql.PostgresException (0x80004005): 23505: duplicate key value violates unique constraint", "23505"),
        ("  Normal   Killing    60s                kubelet            Container billing-api failed", "kubelet"),
        ("   at lambda_method12(Closure, Object, Object[])", "lambda_method12"),
        ("Successfully assigned shop/cart-5bd8c7qzm-m4kpl to node-a", "cart-5bd8c7qzm-m4kpl"),
        ("Normal  Pulled  payments-5b8c7d9f-qwz7t  Container image pulled", "payments-5b8c7d9f-qwz7t"),
        ("Dec 04 22:17:03 web-01 systemd[1]: nginx.service: Main process exited", "nginx.service"),
        ("Mar 12 07:45:20 gateway CRON[28830]: (root) CMD (/usr/lib/php/sessionclean)", "CRON"),
        ("Warning  BackOff  3m (x12 over 10m)  kubelet  Back-off restarting", "BackOff"),
        ("the Wi-Fi driver rtwlanu.sys crashes on resume", "rtwlanu.sys"),
        ('ERROR:  duplicate key value violates unique constraint "orders_pkey"', "orders_pkey"),
        ("2026-03-13 07:00:01,117 ERROR [pool-2-thread-1] AuthClient - 401 Unauthorized", "AuthClient"),
        ("kernel: [12.678901] e1000e 0000:00:1f.6 eno1: NIC Link is Down", "e1000e"),
        ("kernel: [12.678901] e1000e 0000:00:1f.6 eno1: NIC Link is Down", "eno1"),
        ('  File "/srv/app/db.py", line 56, in connect\nhttpx.ConnectTimeout: timed out', "httpx.ConnectTimeout"),
        (
            "  File \"/srv/app/cfg.py\", line 9, in load\n    return c[k]\nKeyError: 'tls.min_version'",
            "tls.min_version",
        ),
        ("An error occurred when calling the PutObject operation", "PutObject"),
        ("ERROR [Consumer clientId=lager-sync-1, groupId=lager-sync] Offset commit failed", "lager-sync-1"),
        ("Les deux jobs sont import-stock et recalcul-prix, lancés par Airflow 2.8.3.", "recalcul-prix"),
        ("Il ClusterRoleBinding deployer-binding esiste e punta al ClusterRole magazzino-reader.", "magazzino-reader"),
        ("Offset commit failed on partition lagerbestand-3 at offset 1882731: The coordinator", "lagerbestand-3"),
        ("Offset commit failed on partition lagerbestand-3 at offset 1882731: The coordinator", "1882731"),
    ),
    negatives=(
        "write to john.smith@example.com",
        "user john_smith cannot log in",
        "Please sweep my savings into offset 10234567 each month (BSB 062-000).",
        "the service ana-lopez is mine, and the repo maria-garcia-portfolio too",
        "ask maria.lopez about it",
        "Me he quedado bloqueado (usuario gerardo_1988).",
        "- Femme, Éch, poh.meisel59",
        "Ana.Garcia.Lopez wrote to me",
        "the table ana_lopez was shared with me",
        "ping happy_coder88 on the forum",
        "my login is maria_sync",
        "the service anna_lopez_2 is mine",
        "my job is great, ask maria_lopez",
        "Il mio indirizzo è C.so Garibaldi 12, Milano",
    ),
)


#: a limit's name as programs print it ("Max retries exceeded with url", "Max connections reached", "max_retries=3",
#: "Min length 8"): a setting, no person named Max
_LIMIT_NOUNS = (
    r"(?i:retries|retry|connections?|attempts?|size|length|value|tokens?|requests?|memory|heap|threads?|pool|depth|"
    r"count|number|limit|files?|upload|age|results?|items?|clients?|sessions?|redirects?|recursion|workers?|"
    r"payload|body|width|height|concurrency|timeout|wait|lifetime|idle|open|backoff|delay|rate)(?![\w-])"
)
_LIMIT_NAME = re.compile(
    r"(?<![\w-])(?:Max|MAX|max|Min|MIN|min)(?:imum|imal)?"
    # glued or joined as code writes it ("MAX_RETRIES", "MaxRetries", "max-connections") ...
    rf"(?:[_.-]?{_LIMIT_NOUNS}"
    # ... or with a blank before what a program says of it ("exceeded", "reached", "=", ": 3", "(100)"): "our son Max
    # retries the login" is Max
    rf"|[ ]{_LIMIT_NOUNS}(?=[ \t]*(?:exceeded|reached|hit|=|:|\(|\d|per[ \t]|limit)))"
)


LIMIT_NAME = KeepRule(
    id="technical.limit_name",
    kind="code_symbol",
    vetoes=NAME_LABELS,
    find=_span_finder(_LIMIT_NAME),
    description="a limit's name as a program prints it (Max retries exceeded, Max connections reached, "
    "max_retries=3): a setting, no person named Max",
    examples=(
        (
            "urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='x', port=443): Max retries exceeded",
            "Max retries",
        ),
        ("The log says: Max connections reached (100), refusing new clients.", "Max connections"),
        ("ERROR Max retries exceeded with url: /v1/charges", "Max retries"),
    ),
    negatives=(
        "Max called me about the refund",
        "Ask Max Müller, he knows",
        "Max said the app crashed",
        "Our son Max retries the login every day",
    ),
)

#: a template or environment variable: ``${SMTP_USER}``, ``$API_TOKEN``, ``%APPDATA%``, ``{{ .Values.user }}``
TEMPLATE_VARIABLE = re.compile(
    r"\$\{[A-Za-z_][\w.:-]*\}|(?<![\w$])\$[A-Z_][A-Z0-9_]{2,}(?![\w])|%[A-Z_][A-Z0-9_]{2,}%|\{\{\s*\.?[A-Za-z_][\w.]*\s*\}\}"
)


TEMPLATE_VARIABLE_RULE = KeepRule(
    id="technical.template_variable",
    kind="code_symbol",
    vetoes=ALL_LABELS | frozenset({Label.EMAIL, Label.URL}),
    find=_span_finder(TEMPLATE_VARIABLE),
    description="a template or environment variable (${SMTP_USER}, $API_TOKEN, %APPDATA%): a name, not its value",
    examples=(("user = ${SMTP_USER}", "${SMTP_USER}"), ("export KEY=$API_TOKEN", "$API_TOKEN")),
    negatives=("user = jdoe", "it costs $120"),
)

TEMPLATE_SLOT = KeepRule(
    id="technical.template_slot",
    kind="code_symbol",
    vetoes=ALL_LABELS | frozenset({Label.EMAIL, Label.URL}),
    find=_find_slots,
    description="a template's slot or a bare redaction ([RECIPIENT_NAME], {{email}}, [REDACTED]): it names a value "
    "and holds none; a marker in our syntax (<PERSON_1>) or another anonymizer's is masked instead",
    examples=(
        ("Dear [RECIPIENT_NAME], welcome aboard", "[RECIPIENT_NAME]"),
        ("Group A - led by [INSTRUCTOR_NAME_A]", "[INSTRUCTOR_NAME_A]"),
        ("Hello {{email}}, your order shipped", "{{email}}"),
        ("Dear <NAME>, thanks", "<NAME>"),
        ("the token was [REDACTED] in the log", "[REDACTED]"),
    ),
    negatives=(
        "Hi <PERSON_1>, thanks",
        "Hi <PRESIDIO_ANONYMIZED_PERSON>, please call",
        "Dear Rosa Lima, welcome aboard",
        "[12:03] <HEIDI> my card was blocked",
        "Customer name: [FELIPE_GARCIA]",
        "<IP>194.70.0.165</IP>",
    ),
)

#: escaped bytes of a string literal ("\x00\x04", "\0\0"): no one's data a reader can see
_ESCAPED_BYTES = re.compile(r"(?:\\x[0-9A-Fa-f]{2}|\\[0-7]{1,3}){2,}")
#: an HTML element's name in quotes (createElement("div"), querySelector('span'))
_QUOTED_ELEMENT = re.compile(
    r"""(?<=["'])(?:div|span|button|input|label|select|option|textarea|form|table|thead|tbody|tr|td|th|ul|ol|li|img|"""
    r"""canvas|svg|script|style|link|meta|iframe|video|audio|source|section|header|footer|nav|main|article|aside|"""
    r"""strong|em|pre|code|body|head|html|h[1-6]|br|hr)(?=["'])"""
)
#: an HTML element's class list (class="mx-auto px-4 py-2", className='btn btn-primary')
_CLASS_LIST = re.compile(r"""(?<![\w-])(?:class|className)=(["'])([^"'<>\n]{1,400})\1""")
#: a stack frame's method and line in brackets at the end of an "at ..." line ("(decStrong:292)")
_FRAME_LOCATION = re.compile(r"(?m)^[ \t]*at [^\n]*\(([A-Za-z_$][\w$]*:\d{1,6})\)[ \t]*$")
#: a call's opening: a name, maybe dotted, and its bracket ("random.randint(", "time.sleep(")
_CALL_OPEN = re.compile(r"(?<![\w.])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(")
#: a number as a call's argument, maybe after its keyword, then the next comma or the call's close
_NUMBER_ARGUMENT = re.compile(r"[ \t]*(?:[A-Za-z_]\w*=)?(-?\d+(?:\.\d+)?)[ \t]*(?=[,)])")
#: a container image's reference after its key ("image: nginx:1.25-alpine", "image: postgres:16")
_IMAGE_REFERENCE = re.compile(r"(?m)(?<![\w-])image:[ \t]*[\"']?([a-z0-9][\w./-]*:[\w.-]+)")


#: a call's arguments up to its close on the line
_ARGUMENTS = re.compile(r"[^()\n]{0,200}\)")
#: arguments as code writes them: none, a number, a quote, a keyword's "=", a list's comma or a nested call
_CODE_ARGUMENTS = re.compile(r"^\)|[\d\"'=,(]")


def _listed(word: str) -> bool:
    """``word`` is a listed first name or surname."""
    first, last = load_gazetteers()[:2]
    return fold(word) in first or fold(word) in last


def _code_name(name: str) -> bool:
    """A name code gives a function or a class: snake_case, camelCase, capitals (``VLOOKUP``), or a word of the
    dictionary or of this frequency that no list holds as a first name or surname (``Timeout``, ``Session``; not
    ``Garcia``, ``Mark``)."""
    if "_" in name or name.isupper() or re.search(r"[a-z][A-Z]", name):
        return True
    return (is_dictionary_word(name.lower()) or zipf(name) >= _CODE_NAME_ZIPF) and not _listed(name)


#: a capitalised called name this frequent is a word of code ("Timeout" 3.2), no name
_CODE_NAME_ZIPF = 3.0


def _find_code_literals(scan: Scan) -> Iterator[tuple[int, int]]:
    """Literals of code a guess takes for data: escaped bytes, a quoted HTML element's name, a stack frame's method and
    line (``(apply:1032)``) and, on a line of code, the numbers a call is given (``random.randint(333, 3333)``,
    ``time.sleep(1.938)``)."""
    text = scan.text
    for m in _FRAME_LOCATION.finditer(text):
        yield m.span(1)
    for pattern in (_ESCAPED_BYTES, _QUOTED_ELEMENT):
        for m in pattern.finditer(text):
            if pattern is _ESCAPED_BYTES or in_code_line(text, m.start()):
                yield m.span()
    for m in _IMAGE_REFERENCE.finditer(text):
        yield m.span(1)
    for m in _CALL_OPEN.finditer(text):
        if not in_code_line(text, m.start()):
            continue
        args = _ARGUMENTS.match(text, m.end())
        if args is None or not _CODE_ARGUMENTS.search(args.group()):
            continue  # "ask Laura(accounting)", "Carlos(CTO)": a role in brackets after a name, no call
        callee = m.group().rsplit(".", 1)[-1][:-1]
        if "." in m.group() or _code_name(callee):
            yield m.end() - len(callee) - 1, m.end() - 1  # "Timeout(", "=VLOOKUP(": what code calls, no firm or place
        pos = m.end()
        while (arg := _NUMBER_ARGUMENT.match(text, pos)) is not None:
            yield arg.span(1)
            pos = arg.end() + 1
            if text[arg.end() : arg.end() + 1] == ")":
                break


CODE_LITERAL = KeepRule(
    id="technical.code_literal",
    kind="code_symbol",
    vetoes=ALL_LABELS | frozenset({Label.EMAIL, Label.URL}),
    find=_find_code_literals,
    guesses_only=True,
    description="literals of code: escaped bytes, a quoted HTML element's name, a stack frame's method and line, the "
    "numbers a call is given on a line of code: no guess of a person's data (a pattern's or a key's span stays)",
    examples=(
        ('    print(f"~{random.randint(333, 3333)}ms")\n    time.sleep(1.938)', "3333"),
        ("    time.sleep(1.938);", "1.938"),
        ("    resp = conn.urlopen(url=url, timeout=Timeout(connect=10, read=30))", "30"),
        ("    resp = conn.urlopen(url=url, timeout=Timeout(connect=10, read=30))", "Timeout"),
        ("In Excel, =VLOOKUP(A2, Sheet2!A:C, 3, FALSE) returns #N/A", "VLOOKUP"),
        ("services:\n  web:\n    image: nginx:1.25-alpine", "nginx:1.25-alpine"),
        ("    at libgui.android::SurfaceComposerClient::Transaction::apply(bool) (apply:1032)", "apply:1032"),
        ('const box = document.createElement("div");', "div"),
        ("exec(marshal.loads(b'c\\x00\\x00\\x00\\x04'))", "\\x00\\x00\\x00\\x04"),
    ),
    negatives=(
        "call me on 612 345 678 (mobile)",
        "my number is (612, 345)",
        "I live in Div, near the station",
        "Ana Souza (born 1990) wrote to us",
        "Meeting w/ Carlos(CTO) at 10, budget=5k EUR",
        "price=50 EUR, pls ask Laura(accounting)",
        "Hi team, Aarav Sharma() asked; total=12",
    ),
)


def _find_class_lists(scan: Scan) -> Iterator[tuple[int, int]]:
    for m in _CLASS_LIST.finditer(scan.text):
        for token in re.finditer(r"\S+", m.group(2)):
            if _style_name(token.group()):
                yield m.start(2) + token.start(), m.start(2) + token.end()


def _style_name(token: str) -> bool:
    """A style's name: its parts (between ``-``, ``:``, ``/``) are dictionary words that no list holds as a first name
    or surname, short abbreviations (``px``, ``sm``) or numbers of up to four digits (``px-4``, ``sm:px-6``,
    ``text-3xl``; not ``user-jdoe42``, ``comment-author-maria-ortega``, ``612345678``)."""
    parts = [p for p in re.split(r"[-:/]", token) if p]
    return bool(parts) and all(
        (len(p) <= 4 and (p.isdigit() or p.isalpha() or re.fullmatch(r"\d[a-z]{1,3}", p) is not None))
        or (p.isalpha() and is_dictionary_word(p.lower()) and not _listed(p))
        for p in parts
    )


CLASS_LIST = KeepRule(
    id="technical.class_list",
    kind="code_symbol",
    vetoes=ALL_LABELS,
    find=_find_class_lists,
    description='the classes of an HTML element (class="mx-auto px-4 py-2"): a style\'s names, no user name',
    examples=(
        ('<div class="max-w-xl mx-auto py-12 px-4 sm:px-6">', "px-4"),
        ("<li className='btn btn-primary'>", "btn"),
    ),
    negatives=(
        "my login is px4jkowal and class starts at 9",
        "the class of 2019 met Ana Souza",
        '<span class="612345678">',
        '<div class="user-jdoe42">',
        "<li class='comment-author-maria-ortega'>",
    ),
)

#: a name, then two or more capitalised dictionary words after dots (an API's permission scope)
_DOTTED_SCOPE = re.compile(r"(?<![\w.@/-])[A-Za-z][\w-]*(?:\.[A-Z][a-z]{2,}){2,}(?![\w@/-]|\.\w)")


def _find_dotted_scopes(scan: Scan) -> Iterator[tuple[int, int]]:
    first = load_gazetteers()[0]
    for m in _DOTTED_SCOPE.finditer(scan.text):
        parts = m.group().split(".")
        # dictionary words after the dots, and no listed first name anywhere ("Dr.Rose.Hill", "Corp.Mark.Hunter")
        if all(is_dictionary_word(w.lower()) for w in parts[1:]) and not any(fold(w) in first for w in parts):
            yield m.span()


DOTTED_SCOPE = KeepRule(
    id="technical.dotted_scope",
    kind="code_symbol",
    vetoes=ALL_LABELS,
    find=_find_dotted_scopes,
    description="a permission's or a namespace's dotted words after a product's name (Site24x7.Account.Read, "
    "Mail.Send.Shared): code, no identifier",
    examples=(
        ("Available types: Site24x7.Account.Read, Site24x7.Account.Create", "Site24x7.Account.Read"),
        ("the app needs Mail.Send.Shared", "Mail.Send.Shared"),
    ),
    negatives=(
        "write to Ana.Lopez.Souza today",
        "my login is maria.lopez.88",
        "Please sign as Dr.Rose.Hill",
        "Teams display name: Corp.Mark.Hunter",
    ),
)

_COMMAND_LINE = re.compile(rf"(?m)^[ \t]*(?:[$#>%][ \t]*|PS [^>\n]{{0,60}}>[ \t]*)?(?:sudo[ \t]+)?"
                           rf"(?:{alternation(lexicons.words('technical_commands'))})(?=[ \t]|$)[^\n]*")  # fmt: skip
#: an option (a long one in small letters: "--Hamburg" is no option's name) or an HTTP method
_OPTION = re.compile(r"(?<![\w-])(?:--[a-z][\w-]*|-[A-Za-z][\w-]*|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)(?![\w])")


def _find_commands(scan: Scan) -> Iterator[tuple[int, int]]:
    """The program and its options on a command line (``curl -X POST -H``): the values after them
    (a header, a user name, a token) are read by the other rules as usual."""
    for m in _COMMAND_LINE.finditer(scan.text):
        line = m.group()
        lead = len(line) - len(line.lstrip(" \t$#>%"))
        word = re.match(r"(?:sudo\s+)?[\w.-]+", line[lead:])
        if word:
            yield m.start() + lead, m.start() + lead + word.end()
        for o in _OPTION.finditer(line):
            yield m.start() + o.start(), m.start() + o.end()


COMMAND = KeepRule(
    id="technical.command",
    kind="code_symbol",
    vetoes=NAME_LABELS,
    find=_find_commands,
    lexicons=("technical_commands",),
    description="the program and the options of a pasted command line",
    examples=(
        ('curl -X POST https://api.example.com/v1 -H "Content-Type: json"', "curl"),
        ("$ kubectl get pods -n billing", "kubectl"),
    ),
    negatives=("Curl my hair, said Ana", "please ask git support"),
)


# public URLs and hosts -----------------------------------------------------------------------------
_URLISH = re.compile(r"(?i)(?<![\w@.-])(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,24})(?::\d{2,5})?(/[^\s\"'<>)\]]*)?")
_SERVICE_LABELS = frozenset(
    {
        "api", "docs", "doc", "status", "support", "help", "developer", "developers", "learn", "download",
        "downloads", "cdn", "login", "auth", "portal", "console", "dashboard", "update", "updates", "mail", "smtp",
        "imap", "pop", "pop3", "mx", "ns1", "ns2", "vpn", "sso", "id", "accounts", "static", "assets", "files", "app",
        "web", "admin", "git", "registry", "repo", "packages", "kb", "community", "forum", "store", "shop", "graph",
        "hooks", "webhooks", "events", "upload", "uploads", "gateway", "edge", "push", "notify", "oauth", "connect",
        "checkout", "pay", "payments", "sandbox", "staging", "sync", "ingest", "relay", "gw", "db", "sql", "tickets",
        "booking", "reservation", "reservations", "estado", "statut", "stato", "tienda", "loja", "negozio", "boutique",
        "tracking", "track", "metrics", "logs", "monitor",
    }
)  # fmt: skip
#: the labels of public administrations before the top-level one ("agenziaentrate.gov.it", "fazenda.sp.gov.br")
_GOVERNMENT_LABELS = frozenset({"gov", "gob", "gouv", "gv", "govt", "admin", "bund", "gva", "overheid"})
_PERSONAL_QUERY = re.compile(r"(?i)[?&;](?:e-?mail|user(?:name)?|name|phone|tel|uid|customer|account|token|key|"
                             r"password|pwd|dni|ssn|address)=|@|/~|/(?:u|users?|profiles?|people|in)/")  # fmt: skip


@functools.cache
def _hosts(name: str) -> frozenset[str]:
    return frozenset(h.lower() for h in lexicons.words(name))


def _registrable_in(host: str, hosts: frozenset[str]) -> bool:
    parts = host.lower().split(".")
    return any(".".join(parts[i:]) in hosts for i in range(len(parts) - 1))


#: top-level labels of private networks (RFC 6762, RFC 8375 and common practice): no public, no personal domain
_INTERNAL_TLDS = frozenset({"internal", "local", "lan", "corp", "intra", "intranet", "localdomain", "arpa", "svc"})
#: a service's host of one label after a scheme, before its port or path ("http://cart-svc:8081/api",
#: "redis://cache:6379/0", "jdbc:postgresql://db-erp-01:5432")
_SCHEME_HOST = re.compile(
    r"(?i)(?<![\w.+-])[a-z][a-z0-9+.-]{1,20}://([a-z][a-z0-9-]{1,40})(?=:\d{2,5}(?![\w])|/)(?::\d{2,5})?"
    r"(/[^\s\"'<>)\]]*)?"
)


def technical_name(name: str) -> bool:
    """A machine's or a component's name made only of software's and business's words (``technical_name_words.txt``,
    ``technical_code_parts.txt``, the service labels), letter-and-number tokens (``fs01``) and short numbers, fewer than
    five digits in all: ``cart-svc``, ``db-ledger``, ``fs01.buero``, ``lager-sync-1``, ``recalcul-prix``. Anything
    else may be a person's ("kuba-laptop", "lacasadeana", "pc-paqui", "maxhome", "612345678", "cliente-48291573k",
    "ana01"): a nickname, a family or a number no list can tell from a word."""
    if sum(c.isdigit() for c in name) >= 5:
        return False
    words = _name_words()
    parts = [p for p in re.split(r"[-._]+", fold(name)) if p]
    first = load_gazetteers()[0]
    return bool(parts) and all(
        p in words
        or ((t := _MACHINE_TOKEN.fullmatch(p)) is not None and t.group(1) not in first)  # "fs01", not "ana01"
        or (p.isdigit() and len(p) <= 3)
        or ((n := _NUMBERED_WORD.fullmatch(p)) is not None and n.group(1) in words)
        for p in parts
    )


#: a short word and a number glued ("fs01", "srv2", "dc1", "e164")
_MACHINE_TOKEN = re.compile(r"([a-z]{1,4})\d{1,3}")
#: a word and a short number glued ("backup01", "worker3"): a listed word's only
_NUMBERED_WORD = re.compile(r"([a-z]{5,})\d{1,3}")


@functools.cache
def _name_words() -> frozenset[str]:
    first = load_gazetteers()[0]
    # a code part or a service label that is also a first name is no software's word in a name ("max-api")
    return frozenset(lexicons.words("technical_name_words")) | ((_code_parts() | _SERVICE_LABELS) - first)


#: the host of a syslog line, between its stamp and its program ("Jun 12 03:15:22 srv-backup01 systemd[1]: ..."); a
#: line quoted inside a sentence has its program's process id ("est apparu : Aug  1 04:36:52 rtr-home dnsmasq[544]:")
_SYSLOG_MONTH_STAMP = _SYSLOG_MONTH + r"[ \t]{1,2}\d{1,2}[ \t]\d{2}:\d{2}:\d{2}"
#: what follows a syslog stamp on its line: the host, the program and its process id ("rtr-home dnsmasq[54544]:")
_SYSLOG_TAIL_BODY = r"[ \t]+[A-Za-z0-9][\w.-]{0,62}[ \t]+[\w./-]+\[\d+\]:"
_SYSLOG_TAIL = re.compile(_SYSLOG_TAIL_BODY)
_SYSLOG_HOST = re.compile(
    r"(?m)(?:^[ \t]*|(?<=[:>] )(?="
    + _SYSLOG_MONTH_STAMP
    + _SYSLOG_TAIL_BODY
    + r"))(?:"
    + _SYSLOG_MONTH_STAMP
    + r"|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})?)"
    r"[ \t]+([A-Za-z0-9][\w.-]{0,62})[ \t]+[\w./-]+(?:\[\d+\])?:"
)


def _find_syslog_hosts(scan: Scan) -> Iterator[tuple[int, int]]:
    """The host of a syslog line made of software's words (``srv-backup01``, ``web01``); not ``kuba-laptop``."""
    for m in _SYSLOG_HOST.finditer(scan.text):
        if technical_name(m.group(1)):
            yield m.span(1)


#: a server's word as a part of a machine's name, maybe with its number ("srv", "nas01", "db02", "app01")
_SERVER_PART = re.compile(
    r"(?:srv|server|servidor|serveur|servizio|nas|db|sql|dc|fs|vm|proxy|gw|fw|web|app|mail|smtp|erp|backup|bkp|print|"
    r"prn)\d{0,3}"
)
#: a server's word glued after a product's, then its number ("SQLSRV01", "EXCHSERVER2")
_GLUED_SERVER = re.compile(r"([a-z]{2,8})(?:srv|server)\d{1,3}")
#: a token of letters and digits, up to four parts joined by hyphens or underscores, a digit in it, alone (no part of a
#: path, an address, an e-mail or a domain)
_MACHINE_NAME = re.compile(
    r"(?<![\w.@/\\:$%-])(?=[\w-]{0,40}\d)([A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+){0,3})(?![\w@-]|\.\w|:\w)"
)


def _server_name(name: str) -> bool:
    """A machine's name with a server's word as one part and a number in it (``srv-ficheros02``, ``SRV-APP01``,
    ``nas01``, ``erp-prod-02``, ``SQLSRV01``), fewer than five digits in all, its other parts software's words or words
    frequent in a language, none a listed first name or surname, a single letter or a number of four digits; not
    ``kuba-srv1``, ``SAGESRV01``, ``ana01``, ``jonas01``, ``ghost01``, ``FS-B-0417``."""
    if sum(c.isdigit() for c in name) >= 5:
        return False
    first, last, _, _ = load_gazetteers()
    parts = [p for p in re.split(r"[-_]+", fold(name)) if p]
    servers = [p for p in parts if _SERVER_PART.fullmatch(p)]
    glued = [g for p in parts if (g := _GLUED_SERVER.fullmatch(p)) is not None]
    if not servers and not glued:
        return False
    for p in parts:
        if p in servers:
            continue
        if len(p) == 1 or (p.isdigit() and len(p) > 3):
            return False  # "FS-B-0417", "backup-fotos-reme-2024": a licence's, a job's or a person's
        word = p.rstrip("0123456789")
        if glued and (g := _GLUED_SERVER.fullmatch(p)) is not None:
            word = g.group(1)
        if word in first or word in last:
            return False
        if word and _rare_word(word):
            return False  # "db-ferreirinha01", "nas-puigdomenech01", "reme": a family's, a nickname's
    return True


#: how frequent in a language a word of a server's name must be ("ficheros", "prod", "backup"; not a nickname)
_SERVER_WORD_ZIPF = 3.0


def _rare_word(word: str) -> bool:
    """No software's word and no frequent word of any language: a nickname's or a family's ("ferreirinha", "reme")."""
    return not technical_name(word) and max(zipf(word), zipf_in_packs(word)) < _SERVER_WORD_ZIPF


def _find_server_names(scan: Scan) -> Iterator[tuple[int, int]]:
    claiming = word_starts(_CLAIMING_WORDS)
    for m in _MACHINE_NAME.finditer(scan.text):
        line = scan.text.rfind("\n", 0, m.start(1)) + 1
        # an identifier's or a holder's word before it on its line makes it theirs ("Führerschein ungültig (FS-B-0417)")
        if _server_name(m.group(1)) and not claiming.search(context_before(scan.text, m.start(1), m.start(1) - line)):
            yield m.span(1)


SERVER_NAME = KeepRule(
    id="technical.server_name",
    kind="hostname",
    vetoes=frozenset({Label.USERNAME, Label.ID_CARD, Label.PERSON, Label.ORGANIZATION, Label.POSTCODE, Label.PASSWORD})
    | NUMBER_LABELS,
    find=_find_server_names,
    description="a machine's name with a server's word as one part (srv-ficheros02, SRV-APP01, nas01, SQLSRV01): "
    "no user, id or person; a part that is a name, a nickname, a letter or a long number keeps it masked",
    examples=(
        ("Dirección del host: srv-ficheros02", "srv-ficheros02"),
        ("THREAD ERROR ([12044], admin, SRV-APP01) 20/03/2025", "SRV-APP01"),
        ("2025-02-11T01:00:03+01:00 nas01 img_backup: [23561] failed", "nas01"),
        ("Unable to connect to the Sage Data Service on SQLSRV01.", "SQLSRV01"),
        ("banco SQL Server 2019, SRV-DB02.", "SRV-DB02"),
    ),
    negatives=(
        "my handle is jonas01",
        "user ana01 cannot log in",
        "the host kuba-srv1 is mine",
        "ghost01 wrote in the forum",
        "my login is maria_web2",
        "O db-ferreirinha01 está sem espaço em disco",
        "Fehler: Führerschein ungültig. (FS-B-0417)",
        "el job backup-fotos-reme-2024 falla.",
        "El servidor nas-puigdomenech01 de casa no fa còpies",
    ),
)


def _find_scheme_hosts(scan: Scan) -> Iterator[tuple[int, int]]:
    """A one-label host after a scheme made of software's words (``cart-svc``, ``db-erp-01``, ``cache``): the host
    alone, a path or a query may hold anyone's id ("/clientes/48291573K", "?nif=")."""
    for m in _SCHEME_HOST.finditer(scan.text):
        if technical_name(m.group(1)):
            yield m.span(1)


def _domain_key(name: str) -> str:
    """A name as a domain writes it: folded, letters and digits only ("Wall-Box" -> "wallbox")."""
    return re.sub(r"[^a-z0-9]", "", fold(name))


@functools.cache
def _domain_brands() -> frozenset[str]:
    """The listed brands of five letters or more as a domain writes them ("backblaze", "wallbox", "freebox"), none
    a listed first name or surname."""
    first, last, _, _ = load_gazetteers()
    out = set()
    for b in lexicons.words("technical_brands"):
        key = _domain_key(b)
        if len(key) >= 5 and key not in first and key not in last:
            out.add(key)
    return frozenset(out)


def _plain_subdomain(labels: list[str]) -> bool:
    """The labels before a brand's domain name no one: numbers, short tokens (``s3``, ``eu``, ``ocpp``), software's
    words or words frequent in a language, none a listed first name or surname (``hauke-petersen``, ``gulsenyildirim``
    are a customer's own)."""
    first, last, _, _ = load_gazetteers()
    for label in labels:
        for part in (p for p in re.split(r"[-_]+", fold(label)) if p):
            word = part.rstrip("0123456789")
            if word in first or word in last:
                return False
            if len(word) > 4 and _rare_word(word):
                return False
    return True


#: how frequent in a pack language every part of a brand's sub-domain must be to name a public portal
_PORTAL_WORD_ZIPF = 3.5


def _word_subdomain(labels: list[str]) -> bool:
    """Every part of the sub-domain labels is a frequent word of a pack language ("espace-client", "minha",
    "clientes"): a portal of the brand, no machine's or person's name ("bisw87", "hauke-petersen")."""
    parts = [p for label in labels for p in re.split(r"[-_]+", fold(label)) if p]
    return bool(parts) and all(p.isalpha() and len(p) >= 3 and zipf_in_packs(p) >= _PORTAL_WORD_ZIPF for p in parts)


def _brand_named(text: str, label: str, start: int, end: int) -> bool:
    """The brand of the domain label ``label`` is written as a word in ``text`` outside [start, end) ("Backblaze" for
    "backblazeb2", "Wallbox" for "wall-box")."""
    key = _domain_key(label)
    keys = {key, re.sub(r"[a-z]?\d+$", "", key)}
    words = {_domain_key(w) for w in re.findall(r"[\w&+.-]+", text[:start] + " " + text[end:])}
    return bool(keys & words)


def _brand_domain(label: str) -> bool:
    """A domain's own label is a listed brand's, maybe with a number or a hyphen ("backblazeb2", "wall-box")."""
    key = _domain_key(label)
    brands = _domain_brands()
    return key in brands or re.sub(r"[a-z]?\d+$", "", key) in brands


def _find_public_urls(scan: Scan) -> Iterator[tuple[int, int]]:
    """URLs and host names of public services: a listed host, or a service sub-domain (``api.``,
    ``status.``, ``docs.``) of any domain, when neither the host is a profile site nor the path or
    query names a person (``?email=``, ``/users/``, ``@``, ``/~``)."""
    text = scan.text
    public, profiles = _hosts("technical_public_hosts"), _hosts("technical_profile_hosts")
    for m in _URLISH.finditer(text):
        host, path = m.group(1), m.group(2) or ""
        labels = host.lower().split(".")
        if "@" in text[max(0, m.start() - 1) : m.start() + 1] or labels[-1].isdigit() or len(labels) < 2:
            continue
        # a service's first label, alone or as a part ("smtp-relay", "cdn-eu", "gw-eu2"), or an administration's host
        service = len(labels) >= 3 and any(p in _SERVICE_LABELS for p in re.split(r"[-\d]+", labels[0]) if p)
        service = service or (len(labels) >= 3 and any(label in _GOVERNMENT_LABELS for label in labels[-3:-1]))
        # a listed brand's own domain ("s3.eu-central-003.backblazeb2.com", "ocpp.wall-box.com"), no profile site's:
        # its host alone, a path on it may name anyone ("twitch.tv/nyxplays_")
        brand_host = not (service or _registrable_in(host, public)) and _brand_domain(labels[-2])
        # the brand's bare domain or a sub-domain of software's words ("s3.eu-central-003"), not a customer's own
        # ("hauke-petersen.synology.me", "gulsenyildirim.substack.com"), the brand named in the text besides (the
        # vendor the ticket is about: "bei Backblaze", not an employer's host "bisw87.misc.t-mobile.pl")
        # ... or its bare domain ("movistar.es", "www.telekom.de") or a sub-domain of a language's frequent words
        # ("espace-client.orange.fr", "minha.nos.pt"), the customer's portal of that brand, named or not
        bare = len(labels) == 2 or (len(labels) == 3 and labels[0] == "www")
        brand_host = brand_host and (
            bare
            or (
                _plain_subdomain(labels[:-2])
                and (_brand_named(text, labels[-2], m.start(), m.end()) or _word_subdomain(labels[:-2]))
            )
        )
        if brand_host and not _registrable_in(host, profiles):
            # "https://www.movistar.es/mi-movistar": a page of the brand's site; four digits in its path are a
            # record's, a customer's or an order's
            if bare and path and not (_PERSONAL_QUERY.search(path) or _FOUR_DIGITS.search(path)):
                yield m.span()
            else:
                yield m.start(), m.start(1) + len(host)
            continue
        if _registrable_in(host, profiles) and not service:
            continue  # a profile page (facebook.com/jane.doe), not graph.facebook.com
        if labels[-1] in _INTERNAL_TLDS:
            # a host of a private network's own domain made of software's words (db-ledger.internal,
            # fs01.buero.local; not kuba-laptop.lan); the host alone, a path may hold anyone's file
            if technical_name(".".join(labels[:-1])):
                yield m.start(1), m.end(1)
            continue
        if not (service or _registrable_in(host, public)):
            continue  # an unknown domain without a service label: nothing says it is public
        if _PERSONAL_QUERY.search(path):
            yield m.start(), m.start(1) + len(host)  # the host is public; the path stays personal
            continue
        yield m.span()
    yield from _find_scheme_hosts(scan)
    yield from _find_syslog_hosts(scan)


PUBLIC_URL = KeepRule(
    id="technical.public_url",
    kind="public_url",
    vetoes=NAME_LABELS | frozenset({Label.URL}) | NUMBER_LABELS,
    find=_find_public_urls,
    lexicons=("technical_public_hosts", "technical_profile_hosts", "technical_name_words"),
    description="URLs and host names of listed public services and service sub-domains (api., status., docs., "
    "graph.facebook.com); a path naming a person stays masked; a domain lists its own hosts (configs/domains)",
    examples=(
        ("curl https://api.stripe.com/v1/charges", "https://api.stripe.com/v1/charges"),
        (
            "see https://learn.microsoft.com/en-us/windows/release-health",
            "https://learn.microsoft.com/en-us/windows/release-health",
        ),
        ("the login page login.microsoftonline.com loops", "login.microsoftonline.com"),
        ("POST https://graph.facebook.com/v1/charges failed", "https://graph.facebook.com/v1/charges"),
        ("status.example-telco.com shows no outage", "status.example-telco.com"),
        ("mails bounce at smtp-relay.mailwerk.de since Monday", "smtp-relay.mailwerk.de"),
        ("the portal https://ivaservizi.agenziaentrate.gov.it is down", "https://ivaservizi.agenziaentrate.gov.it"),
        ("Seit gestern keine Verbindung zu fs01.buero.local (Port 445)", "fs01.buero.local"),
        (
            "Backblaze B2: bucket endpoint is s3.eu-central-003.backblazeb2.com. Nothing changed",
            "s3.eu-central-003.backblazeb2.com",
        ),
        ("Wallbox charger: heartbeat timeout (host ocpp.wall-box.com port 443)", "ocpp.wall-box.com"),
        (
            "Backblaze: see https://backblaze.com/docs/cloud-storage-s3 for the limits",
            "https://backblaze.com/docs/cloud-storage-s3",
        ),
        ('upstream: "http://cart-svc:8081/api/carrello", host: "shop"', "cart-svc"),
        ("Jun 12 03:15:22 srv-backup01 systemd[1]: Started vigia-agent.service", "srv-backup01"),
        ("No puedo entrar en https://www.movistar.es/mi-movistar desde ayer.", "https://www.movistar.es/mi-movistar"),
    ),
    negatives=(
        "my profile is https://www.linkedin.com/in/jane-doe",
        "write to ana@status.example.com",
        "my fork https://github.com/janedoe/app",
        "my site https://janedoe.net",
        "my blog https://www.anna-kowalska.pl",
        "my own channel twitch.tv/nyxplays_",
        "Der Zugriff über hauke-petersen.synology.me:5001 geht nicht mehr.",
        "Bültenim https://gulsenyildirim.substack.com e-posta göndermiyor.",
        "in stage 189.0 (TID 67443) (bisw87.misc.t-mobile.pl executor 16): java.io.IOException",
        "my laptop maria-laptop.local is not on the VPN",
        "Laptop kuba-laptop.lan nie widzi drukarki",
        "El router muestra el móvil de mi mujer como 612345678.lan",
        "GET http://worker-kuba:8080/status",
        "ping jsmith-pc.corp and reboot",
        "my page http://annasmith:8080/ is mine",
        "domain: janedoe.net is my own site",
        "ping nas.familia-ruiz.es fails",
        "Jun 12 03:15:22 ana01 sshd[2211]: Accepted password for ana",
        "Jun 12 03:15:23 kuba-laptop kernel[0]: usb 1-1: new device",
    ),
)


# products, plans, brands, landmarks, protocols -----------------------------------------------------
_MODEL_CODE = re.compile(
    r"(?:[A-Z][A-Za-z]{0,5}[- ]?)?(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9]*(?:[-/][A-Z0-9]+)*[A-Z0-9]?"
    r"(?:\s+(?:Pro|Max|Plus|Ultra|"
    r"Mini|Lite|AX|Gen\s+\d+))*(?![\w])"
)
#: a product's code after its word ("part number", "Artikelnummer", "codice prodotto"): capitals and digits, or digits
#: in groups of two to six
_PRODUCT_CODE = re.compile(r"(?:\d{2,6}(?:[ ]\d{2,6}){1,4}|[A-Z0-9][A-Z0-9#/.-]{1,24}[A-Z0-9])(?![\w-])")


_BRAND_MODEL = re.compile(
    r"(?<![\w])(?:Huawei|Samsung|Xiaomi|Redmi|Lenovo|ThinkPad|IdeaPad|HP|Dell|Asus|Acer|Sony|LG|Nokia|Motorola|"
    r"OnePlus|Oppo|Google Pixel|Pixel|iPhone|iPad|Galaxy(?:\s+[A-Z]\w*)?|MacBook(?:\s+(?:Air|Pro))?|FRITZ!Box|"
    r"TP-Link|Archer|Deco|Netgear|Nighthawk|Orbi|Linksys|D-Link|ZTE|Sagemcom|Technicolor|Zyxel|Ubiquiti|Bosch|"
    r"Siemens|Miele|Whirlpool|Canon|Epson|Brother|Logitech|Surface|Kindle|Garmin|Fitbit|Echo|Sonos)"
    r"(?:\s+(?:Pro|Max|Plus|Ultra|Mini|Lite|Fold|Flip|Watch|Go|Box|Cable))?\s+"
    r"((?=[\w!+-]*\d)[A-Z0-9][\w!+-]*(?:\s+(?:Pro|Max|Plus|Ultra|Mini|Lite|AX|XL|FE|5G|Gen\s+\d+|G\d|S\d+|\d{1,4}[A-Z]?)){0,3})"
    r"(?![\w])"
)
_SKU = re.compile(
    # the word ends where the value's separator starts ("ref: 4471", not "refused")
    r"(?i)(?<![\w])(?:SKU|EAN|UPC|part\s+(?:no|number)|P/N|art\.?-?nr\.?|ref\.?)(?![a-z])"
    r"\s*[:#.]?\s*([A-Z0-9][\w-]{3,20})(?![\w])"
)


_PRODUCT_FIELD = re.compile(
    r"(?i)(?<![\w])(?:product|produto|produkt|produit|prodotto|producto|artikel|article|articolo|artículo|artigo|item|"
    r"device model|model|modelo(?: del equipo| do equipamento| do aparelho)?|modell|gerätemodell|"
    r"modèle(?: de l'appareil)?|"
    r"modello(?: del dispositivo)?|device|dispositivo|appareil|gerät|equipo|equipamento)\s*[:=]\s*"
    # the value ends at a separator, a dash between spaces or the end of its sentence ("Product: Acme
    # Router X1. Call me on ..." : the phone is no part of the model)
    r"(?:\d+\s?[x×]\s+)?([^\n,;|=(]{2,60}?)(?=\s*(?:[,;|\n(]|$|\s{2}|\s[-—–|]+\s|\s(?:fw|sw|os)\b|\.(?:\s|$)))"
    r"(?:,\s*((?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{4,20})(?=\s*(?:[|;\n]|$)))?"
)
#: where a form's field ends, and the part number or SKU that closes a product field after a comma
_FIELD_END = re.compile(r"[|;\n]")
_FIELD_CODE = re.compile(r",[ \t]*((?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{4,20})[ \t]*$")
_BOUGHT = re.compile(
    r"(?:\b(?:the|my|this|el|mi|este|le|mon|ce|il|mio|questo|o|meu|este|das|mein|dieses|den|meinen)\s+)"
    r"((?:[A-Z0-9][\w!+-]*)(?:\s+(?:[A-Z0-9][\w!+-]*|[a-z]{1,3}\d\w*)){0,4})\s*,?\s+"
    r"(?:(?:I|we)(?:'ve|\s+have|\s+just|\s+recently)?\s+(?:bought|purchased|ordered|got)|"
    r"que\s+(?:compré|compramos|pedí|comprei|encomendei)|"
    r"que\s+(?:he|hemos)\s+(?:comprado|pedido)|que\s+j'ai\s+(?:acheté|commandé)|qu'on\s+a\s+acheté|"
    r"che\s+ho\s+(?:comprato|ordinato|acquistato|preso)|"
    r",?\s*(?:das|den|die)\s+ich\s+(?:gekauft|bestellt))"
)


_COMMON_NOUN_ZIPF = 4.5
_ON_MY = re.compile(
    r"(?<![\w])(?:on|with|sur|avec|su|con|en|no|na|com|auf|mit|sul|sulla|nel|nella)\s+"
    r"(?:my|mon|ma|il mio|la mia|col mio|mio|mia|mi|o meu|a minha|meu|"
    r"minha|meinem|meiner)\s+((?:[A-Z][\w!+-]*|[a-z]+[A-Z][\w!+-]*)(?:\s+(?:[A-Z0-9][\w!+-]*|[a-z]{1,3}\d\w*|Pro|Max|Plus|"
    r"Ultra|Mini|Lite)){0,4})(?![\w])"
)


#: a model after a listed brand or product line: a token with a digit, then edition words
_MODEL_TAIL = re.compile(
    r"[ \t]+((?=[\w!+-]*\d)(?:[ie](?=[A-Z]))?[A-Z0-9][\w!+-]*"
    r"(?:[ \t]+(?:Pro|Max|Plus|Ultra|Mini|Lite|AX|XL|FE|SE|5G|Gen[ \t]+\d+|Mark[ \t]+[IVX]{1,3}|"
    r"G\d|S\d+|[IVX]{1,3}|[A-Z](?![\w-])|\d{1,4}[A-Z]?|(?=[A-Z0-9]*[A-Z])\d{1,3}[A-Z]{2,4}\d{1,3})){0,3})(?![\w-])"
)


#: the edition words of a listed product line without a model number, and its generation in brackets
#: ("Steam Deck OLED", "iPad Air Cellular", "Echo Dot (5th Gen)", "Nest Hub (2nd generation)")
_EDITION = re.compile(
    r"(?:[ \t]+(?:OLED|QLED|LTE|Cellular|Wi-?Fi|HDR|NFC|Duo|Slim|Neo|Edge|Air|Pro|Max|Plus|Ultra|Mini|Lite|SE|XL|FE|"
    r"[45]G)(?![\w-]))*"
    r"(?:[ \t]*\((?:\d{1,2}(?:st|nd|rd|th|ª|a|e|ème)|\d{4})[ \t]+(?i:gen\.?|generation|génération|generación|"
    r"geração|generazione)\))?"
)


@functools.cache
def _product_lines() -> re.Pattern[str]:
    names = [*lexicons.words("technical_product_lines"), *_plain_brand_names()]
    return regex_cache.compile(rf"(?<![\w.@/-])(?:{alternation(names, case_sensitive=True)})(?![\w@-])")


#: a model code right after the device it names ("the watch SM-R960", "das Objektiv SEL2470GM2", "my phone
#: model is SM-S918B/DS"): letters and digits both, no serial or IMEI word between
_DEVICE_MODEL = re.compile(
    rf"(?i:(?<![\w])(?:{_MODEL_DEVICES}|obiettivo|objetiva|objetivo|objectif)"
    r"(?:[ \t]+(?:is|es|é|è|est|ist|a|an|un|una|um|uma|ein|eine|model|modelo|modello|modèle|modell))*)[ \t]*[:=]?[ \t]*"
    r"((?=[A-Z0-9/-]*\d)(?=[A-Z0-9/-]*[A-Z])[A-Z0-9][A-Z0-9/-]{2,20}[A-Z0-9])(?![\w-])"
)


#: an unlisted brand and its model code, introduced as a device ("the Vextra QX-550", "my Norvik
#: HT-220 headset", "la lavatrice Brenta WM-812"): a rare capitalised word, then letters and digits
_MODEL_INTRO = (
    rf"(?:(?i:(?<![\w])(?:the|my|our|a|an|this|your|el|la|mi|mis|este|esta|o|a|meu|minha|um|uma|il|lo|mio|mia|"
    rf"un|una|questo|questa|le|mon|ma|ce|cet|cette|der|die|das|mein|meine|meinen|unser|unsere|ein|eine)"
    rf"(?:[ \t]+(?:{_DEVICE_NOUNS}))?)|(?i:(?<![\w])(?:{_DEVICE_NOUNS})))[ \t]+"
)
_UNLISTED_MODEL = re.compile(
    _MODEL_INTRO + r"([A-Z][a-z]{2,14}(?:[A-Z][a-z]+)?[ \t]+"
    r"(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9]{0,5}(?:-[A-Z0-9]{1,6}){0,2}[a-z]{0,2}"
    r"(?:[ \t]+(?:Pro|Max|Plus|Ultra|Mini|Lite|Air|Neo|Gen[ \t]+\d+|\d{1,2}))?"
    # or a word with a capital inside and a model number ("the HomeBox 6641", "mein FritzBox 7590")
    r"|(?!(?:Mc|Mac|Le|La|De|Di|Da|Du|Van|Von|Fitz|Del|Della)[A-Z])[A-Z][a-z]{1,10}[A-Z][a-z]{1,10}[ \t]+[1-9]\d{1,4})"
    r"(?![\w-])"
)
#: a model code between an article or a possessive and the device it is ("The WAX610 access point", "the SM-T870
#: tablet", "My CR2032 battery"): a model, no id card
_CODE_BEFORE_DEVICE = re.compile(
    r"(?i:(?<![\w])(?:the|my|our|your|this|that|a|an|their|his|her))[ \t]+"
    r"((?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{1,14}[A-Z0-9])[ \t]+"
    rf"(?i:(?:{_DEVICE_NOUNS}|access point|extender|repeater|mesh|switch|hub|bridge|gateway|battery|charger|"
    r"adapter|dock|keyboard|mouse|controller|firewall|nas|ssd|drive|card reader|webcam|mic|microphone|sensor|"
    r"camera|cam|bulb|plug|remote|model|device)s?)(?![\w])"
)


#: the word of a parcel's, an order's or a flight's reference after a code ("The DHL JVGL01 parcel"): no model
_REFERENCE_AFTER = re.compile(
    r"[ \t]+(?i:parcel|package|shipment|order|booking|tracking|flight|colis|paquete|pedido|paket|sendung|pacco)"
)


#: how frequent the brand word of an unlisted model may be in any pack language ("the Order ORD-1" is no model)
_UNLISTED_BRAND_ZIPF = 3.5


def _find_unlisted_models(text: str) -> Iterator[tuple[int, int]]:
    first, _, _, _ = load_gazetteers()
    for m in _UNLISTED_MODEL.finditer(text):
        brand = m.group(1).split()[0]
        if fold(brand) in first or max(zipf(brand), zipf_in_packs(brand)) >= _UNLISTED_BRAND_ZIPF:
            continue  # "my Mara Q7", "the Ticket INC-2291"
        if word_starts(_CLAIMING_WORDS).match(fold(brand)) or _ID_COMPOUND.search(brand):
            continue  # "meine Kundennummer KDN-44812", "die Mitgliedsnummer M-4471": a record's word and its value
        yield m.span(1)
    yield from _find_bare_unlisted_models(text, first)


#: a rare capitalised word and a model code of letters and digits with a hyphen or five characters, no article or
#: device before them ("Zorvex ZX-4410 won't boot", "Using Zorvex ZX-4410", "12 Zorvex ZX-4410 units")
_BARE_UNLISTED_MODEL = re.compile(
    r"(?<![\w.@/-])([A-Z][a-z]{3,14})[ \t]+"
    r"((?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9]*-|[A-Z0-9-]{5})[A-Z][A-Z0-9]{0,5}(?:-[A-Z0-9]{1,6}){0,2})"
    r"(?![\w-]|\.\w)"
)
#: a verb or a greeting that addresses a person, right before a word ("Ask Quentara", "thanks to Velmor", "from")
_ADDRESSED = re.compile(
    r"(?i)(?<![\w])(?:ask|call|contact|tell|email|e-mail|text|message|thank|thanks|to|hi|hello|hey|from|by|cc|attn|"
    r"signed|regards|pregunta|llama|chiedi|chiama|demande|appelle|frag|ruf|bel|vraag)[ \t]*[:,]?[ \t]+$"
)
#: how frequent the brand word of a bare unlisted model may be: rarer than the introduced one's
_BARE_BRAND_ZIPF = 2.5


def _find_bare_unlisted_models(text: str, first: Container[str]) -> Iterator[tuple[int, int]]:
    """A brand no list holds and its model with no article or device before them: the brand word is rarer still, no
    listed first name or surname and no surname's ending; the code no account's, document's or plate's shape, no
    holder's group, no identifier's word before or after it."""
    last = load_gazetteers()[1]
    for m in _BARE_UNLISTED_MODEL.finditer(text):
        brand, (s, e) = m.group(1), m.span(2)
        f = fold(brand)
        if f in first or f in last or max(zipf(brand), zipf_in_packs(brand)) >= _BARE_BRAND_ZIPF:
            continue
        if surname_shaped(brand) or word_starts(_CLAIMING_WORDS).match(f) or _ID_COMPOUND.search(brand):
            continue
        before = text[max(0, m.start() - 40) : m.start()]
        if introduces_person(before) or _ADDRESSED.search(before) or _HOLDERS.search(fold(before[-30:])):
            continue  # "Mrs Zorvex AB-1234", "Ask Quentara TX-2291", "Il socio Morvane SC-2291": someone's code
        if not _someones_code(text, s, e, m.start()):
            yield m.start(1), e


def _someones_code(text: str, start: int, end: int, cue_at: int, shape_decides: bool = True) -> bool:
    """The code at [start, end) after a brand's word is someone's, no model's: an account's or a document's shape
    (letters and five digits, a document number), a holder's group or a name's letters, a plate (``shape_decides``:
    also by its shape alone) or a code near a car, an identifier's word after it, or an identifier's cue before
    ``cue_at``."""
    value = text[start:end]
    return bool(
        _ID_SHAPED.fullmatch(value)
        or _DOCUMENT_SHAPE.fullmatch(value)
        or _holder_group(value)
        or _name_letters(value)
        or (_vehicle_code(text, start, end) if shape_decides else _car_near(text, start, end))
        or _id_word_after(text, end)
        or context_label(text, cue_at, Label.URL) != Label.URL  # no id cue (a URL is no cue's label)
    )


@functools.cache
def _appliance_words() -> re.Pattern[str]:
    """A household appliance's or a home device's word (``technical_appliance_words``), any case, as a token."""
    return _lexicon_pattern("technical_appliance_words", case_insensitive=True)


#: a model code right after a listed brand, or after its brand and the appliance it is: capitals and digits both,
#: a slash or a hyphen inside ("SMS46KI01E", "3SB987B")
_BRAND_CODE = re.compile(r"[ \t]+((?=[A-Z0-9/-]*\d)(?=[A-Z0-9/-]*[A-Z])[A-Z0-9][A-Z0-9/-]{2,20}[A-Z0-9])(?![\w-]|\.\w)")


_SPACES = re.compile(r"[ \t]+")
#: a Canadian postcode's shape glued (X7K2M9), a letter and a digit in turn
_POSTCODE_SHAPE = re.compile(r"[A-Z]\d[A-Z]\d[A-Z]\d")


def _find_brand_codes(text: str) -> Iterator[tuple[int, int]]:
    """A model code right after a listed brand, maybe with the appliance's word between ("the Bosch dishwasher
    SMS46KI01E", "la secadora Balay 3SB987B"): the brand's product
    (:func:`~local_model.detection.catalogue.names.product_after_brand`: no person's word before the brand), never a
    document's, an account's or a member's number (letters and five digits or more, six digits in a row, a holder's
    group, an identifier's word before or after it), nor a plate or a code in a sentence about a car, nor a parcel's,
    a booking's or a policy's (:func:`_brand_record`); "la TV Philips 55PUS8808" stays masked, a Turkish plate's
    shape."""
    for m in _all_brands().finditer(text):
        pos = m.end()
        gap = _SPACES.match(text, pos)
        if gap is not None and (noun := _appliance_words().match(text, gap.end())) is not None:
            pos = noun.end()
        code = _BRAND_CODE.match(text, pos)
        if code is None:
            continue
        s, e = code.span(1)
        value = code.group(1)
        if not product_after_brand(m.group(), value, text[max(0, m.start() - 40) : m.start()]):
            continue
        if (
            _someones_code(text, s, e, s)
            or _POSTCODE_SHAPE.fullmatch(value)
            or _LONG_DIGIT_RUN.search(value)
            or _REFERENCE_AFTER.match(text, e)
            or _brand_record(text, m.start(), e, value)
        ):
            continue
        yield s, e


#: the words of a booking, a policy, a letter or a holder in a sentence: a code after a brand there is a record's
_RECORD_WORDS = re.compile(
    r"(?i)(?<![\w])(?:policy|policies|póliza|apólice|polizza|police d'assurance|polis|poliçe|booking|reserva|"
    r"prenotazione|réservation|buchung|boeking|rezerwacja|rezervasyon|flight|vuelo|voo|volo|vol|flug|uçuş|"
    r"renewal|insurance|seguro|assicurazione|assurance|versicherung|verzekering|ubezpieczeni\w*|sigorta|recibo|"
    r"intestat\w*|a nombre de|in the name of|au nom de|a nome di|em nome de|auf den namen|op naam van|"
    r"towed|clamped|fined|parked|weggesleept|multa\w*|amende|strafzettel|bußgeld)(?![\w])"
)


def _brand_record(text: str, start: int, end: int, code: str) -> bool:
    """A code after a brand in a sentence about a booking, a policy, an insurance, a holder or a car's fine, or a
    plate's shape (capitals and digits, five or more) near a car's word or make: a reference, a policy's or a plate,
    no model ("Mein BMW iX1" is the car's model)."""
    lo = _sentence_start(text, start)
    hi = min((i for i in (text.find(c, end) for c in ".!?\n") if i >= 0), default=len(text))
    if _RECORD_WORDS.search(text, lo, hi) is not None:
        return True
    return _PLATE_LIKE.fullmatch(code) is not None and _car_near(text, start, end)


#: a plate of any country: five to ten capitals, digits and hyphens, two digits in it (KX19ZLP, 46-ZB-KL, 191-D-4471)
_PLATE_LIKE = re.compile(r"(?=(?:[A-Z-]*\d){2})[A-Z0-9][A-Z0-9-]{3,8}[A-Z0-9]")


#: a compound noun that names a record's number or account ("Mitgliedsnummer", "Versichertenkonto")
_ID_COMPOUND = re.compile(r"(?i)(?:nummer|number|numero|número|konto|kennung|ausweis|karte)$")


@functools.cache
def _lines() -> frozenset[str]:
    """The listed product lines (not the brands)."""
    return frozenset(lexicons.words("technical_product_lines"))


@functools.cache
def _named_lines() -> frozenset[str]:
    """The listed product lines of two words or more whose last word is no letter or number alone
    (``Kindle Paperwhite``, ``Galaxy Z Fold``; not ``Moto G``): a product's name without its model."""
    return frozenset(w for w in lexicons.words("technical_product_lines") if " " in w and len(w.split()[-1]) >= 3)


#: six digits in a row: an account or member number, never a model's name
_LONG_DIGIT_RUN = re.compile(r"\d{6}")


def _find_lined_models(text: str) -> Iterator[tuple[int, int]]:
    """A listed product line or brand and the model after it ("Honor Magic6 Lite", "Xperia 10 V",
    "Velop MX4200"): the line and the model."""
    for m in _product_lines().finditer(text):
        yield from _gap_models(text, m)  # "Cisco Catalyst 9300-48P", "Hue Bridge v2 BSB002"
        tail = _MODEL_TAIL.match(text, m.end())
        if tail is None:
            edition = _EDITION.match(text, m.end())
            if edition is not None and edition.end() > m.end():
                yield m.start(), edition.end()  # "Steam Deck OLED", "Echo Dot (5th Gen)": an edition of the line
            elif m.group() in _named_lines():
                yield m.span()  # "my Kindle Paperwhite keeps rebooting": a product whatever follows
            continue
        model = tail.group(1)
        if _LONG_DIGIT_RUN.search(model) or _REFERENCE_AFTER.match(text, tail.end(1)):
            continue  # "AOK A123456789": a member number after the insurer; "DHL JVGL01 parcel" a parcel's, no model
        if m.group() not in _lines() and _brand_record(text, m.start(), tail.end(1), model.split()[0]):
            continue  # "Ford KX19ZLP was towed", "My Ryanair X7K2QB was cancelled": a plate, a booking
        if (
            any(c.isalpha() for c in model)
            or sum(c.isdigit() for c in model) <= 4  # not "Vodafone 0612 345 678"
            or (m.group() in _lines() and len(model.split()[0]) <= 3)  # "XPS 13 9310", "ThinkPad 14 21A0"
        ):
            yield m.start(), tail.end(1)


#: a model code after a listed brand or line and one to three words of the model's name ("Bosch Serie 6 WAU28T40ES",
#: "Cisco Catalyst 9300-48P", "Hue Bridge v2 BSB002", "Delonghi ECAM 22.110.B"): capitals and digits both
_GAP_MODEL = re.compile(
    r"((?:[ \t]+(?:[A-Z][a-z]{2,12}|[A-Z]{2,5}|\d{1,3}|v\d{1,2}|[A-Z]\d{1,3}|\d[A-Z])){1,3}[ \t]+"
    r"(?=[A-Z0-9/.-]*\d)(?=[A-Z0-9/.-]*[A-Z])[A-Z0-9][A-Z0-9/.-]{2,20}[A-Z0-9])(?![\w-]|\.\w)"
)


def _gap_models(text: str, brand: re.Match[str]) -> Iterator[tuple[int, int]]:
    """The brand or line matched by ``brand`` and a code after one to three words of its model's name."""
    gap = _GAP_MODEL.match(text, brand.end())
    if gap is not None and _gap_model(text, gap, line=brand.group() in _lines()):
        yield brand.start(), gap.end(1)


#: the words before a device's own number, not its model's ("Galaxy S23 Ultra SN R5CW30ABCDE")
_SERIAL_WORDS = frozenset({"ID", "SN", "S/N", "IMEI", "SERIAL", "SERIE-NR", "MEID", "ICCID"})


#: letters and a run of five digits or more: an account's or a member's number's shape, not a model's (JD-88231)
_ID_SHAPED = re.compile(r"[A-Z]{1,3}-?\d{5,}")


def _gap_model(text: str, gap: re.Match[str], line: bool = False) -> bool:
    """The words between a brand and a code name the model, not a record ("Vodafone Kundennummer KD-44812", "Orange
    Client AB123456"): no record's word among them, no id cue before the code, no six digits in a row in it; no plate
    (after a listed product ``line``, no car is named: only a car's word near it makes the code a plate, "Zenbook 14
    UX3402ZA" has a Polish plate's shape)."""
    code_start = gap.end(1) - len(gap.group(1).split()[-1])
    words = gap.group(1).split()[:-1]
    code = text[code_start : gap.end(1)]
    if any(
        word_starts(_CLAIMING_WORDS).match(fold(w)) or _ID_COMPOUND.search(w) or w.upper() in _SERIAL_WORDS
        for w in words
    ):
        return False
    if _holder_group(code) or _name_letters(code):
        return False  # "Siemens HR EMP-44712": a holder's number
    if any(w.isupper() and w.isalpha() for w in words) and _ID_SHAPED.fullmatch(code):
        return False  # "Vodafone ONE NET JD-88231": after a word in capitals, a code shaped like an account's
    if _LONG_DIGIT_RUN.search(text, code_start, gap.end(1)) or _REFERENCE_AFTER.match(text, gap.end(1)):
        return False
    car = _car_near(text, code_start, gap.end(1)) if line else _vehicle_code(text, code_start, gap.end(1))
    if car or _id_word_after(text, gap.end(1)):
        return False
    return context_label(text, code_start, Label.URL) == Label.URL  # no id cue (a URL is no cue's label)


#: a number plate of a European country: Italy and France (AB123CD, AB-123-CD), Spain (1234-BCD), Portugal
#: (12-AB-34, AB-12-CD), Poland (WX1234A, WX12345; not a model's MX4200) and Germany (M-AB 1234), the Netherlands
#: (12-ABC-3); Portugal's older ones (12-34-AB, AB-12-34), Turkey's (34ABC123, 34 AB 1234) and Ireland's; a Polish
#: plate has seven or eight characters (an appliance's WAN28281GB has ten)
_EU_PLATE = re.compile(
    r"[A-Z]{2}[- ]?\d{3}[- ]?[A-Z]{2}|\d{4}[- ]?[A-Z]{3}|\d{2}-[A-Z]{2}-\d{2}|[A-Z]{2}-\d{2}-[A-Z]{2}|"
    r"(?=[A-Z\d]{7,8}$)[A-Z]{2,3}\d{4,5}[A-Z]{1,2}|"
    r"[A-Z]{2,3}\d{5}|[A-Z]{1,3}-[A-Z]{1,2}[- ]?\d{1,4}|\d{1,2}-[A-Z]{2,3}-\d{1,3}|"
    r"\d{2}-\d{2}-[A-Z]{2}|[A-Z]{2}-\d{2}-\d{2}|\d{2} ?[A-Z]{1,3} ?\d{2,4}|"
    # Ireland's (221-D-12345)
    r"\d{2,3}-[A-Z]{1,2}-\d{1,6}"
)
#: the words of a car and its papers: a code after a car's make and model is its plate
_VEHICLE_WORDS = re.compile(
    r"(?i)(?<![\w])(?:car|cars|vehicle|plate|registration|reg|coche|carro|auto|automóvil|vehículo|veículo|matrícula|"
    r"macchina|targa|voiture|véhicule|immatriculation|plaque|wagen|fahrzeug|kennzeichen|samochód|samochodu|pojazd|"
    r"rejestracja|rejestracyjny|araba|araç|plaka|cotxe|"
    # a car park's or a toll's screen shows a plate
    r"parking|car park|parkomat\w*|parcheggio|aparcamiento|estacionamento|portagem|peaje|pedaggio|péage|maut|otopark)"
    r"(?![\w])"
)


def _id_word_after(text: str, end: int) -> bool:
    """An identifier's word follows in the same sentence ("12AB34567 c'est mon numéro de passeport"); a screen or a
    television is no phone's word, though it starts like one ("A515-57-57XR e a tela pisca")."""
    after = _SCREEN_NOT_PHONE.sub(" ", fold(re.split(r"[.!?\n]", text[end : end + 48], maxsplit=1)[0]))
    return any(word_starts(words).search(after) for words in CONTEXT_WORDS.values())


#: words that start like a phone's word "tel" and are none: a screen (pt "tela"), a television, a remote control
_SCREEN_NOT_PHONE = re.compile(r"(?<![\w])(?:telas?|tele(?:vis\w*|comando|cran)?)(?![\w])")


def _vehicle_code(text: str, start: int, end: int) -> bool:
    """A number plate's shape, or a code in a sentence about a car (``La mia Fiat Panda AB123CD è stata rimossa``)."""
    if _EU_PLATE.fullmatch(text, start, end) or _PLATE_SHAPE.fullmatch(text, start, end):
        return True
    return _car_near(text, start, end)


def _car_near(text: str, start: int, end: int) -> bool:
    """A car's or a car park's word, or a car's make (``vehicle_makes``), within 80 characters of a code."""
    lo, hi = max(0, start - 80), min(len(text), end + 80)
    return _VEHICLE_WORDS.search(text, lo, hi) is not None or _vehicle_makes().search(text, lo, hi) is not None


@functools.cache
def _vehicle_makes() -> re.Pattern[str]:
    return _lexicon_pattern("vehicle_makes")


#: one to three words of a car's model after its make: capitalised, or with a digit ("Megane E-Tech", "Model 3", "C4
#: Picasso"); a plate's shape ends it ("Ford KX19ZLP")
_CAR_MODEL_WORD = re.compile(r"[ \t]+([A-Z][\w-]*|[\w-]*\d[\w-]*)")


def _car_model_word(word: str, i: int, first: frozenset[str], last: frozenset[str]) -> bool:
    """``word``, the ``i``-th after a make, can be a word of the model: not a plate or a piece of one (capitals alone,
    four digits or more, capitals and digits of four characters or more: "WX 12345", "KX19 ZLP"), and after the
    first word no listed first name or surname ("Ford Focus John Smith"; "Renault Clio" is the model)."""
    if (word.isupper() and word.isalpha()) or re.fullmatch(r"\d{4,}", word):
        return False
    if len(word) >= 4 and word.isupper() and any(c.isdigit() for c in word):
        return False  # a plate's shape (KX19ZLP, EP-T845) or a piece of one
    return i == 0 or (fold(word) not in first and fold(word) not in last)


#: a word that makes the make a person's name or a company's ("de Renault", "by Ford", "at Opel")
_MAKE_OWNER_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:de|of|di|da|do|du|des|del|von|van|by|at|chez|bei|presso|na|w|için|per|für|for)[ \t]+$"
)
_CAR_WORD_REACH = 50
#: the last word before a position
_LAST_WORD = re.compile(r"([^\W\d_][\w'’-]*)[ \t]*$")


def _find_car_models(text: str) -> Iterator[tuple[int, int]]:
    """A listed car make and its model after a car's word in the same sentence ("la voiture Renault Megane E-Tech",
    "my car is a Ford Focus"): the car, no person; a make after a first name or an owner's word ("la voiture de
    Renault Pierre") or without a car's word before it ("Renault Clio a appelé") is left to the others."""
    first, last, _, _ = load_gazetteers()
    for m in _vehicle_makes().finditer(text):
        end = m.end()
        for i in range(3):
            word = _CAR_MODEL_WORD.match(text, end)
            if word is None or not _car_model_word(word.group(1), i, first, last):
                break
            end = word.end()
            if i == 0 and fold(word.group(1)) in first and (nxt := _CAR_MODEL_WORD.match(text, end)) is not None:
                if fold(nxt.group(1)) in last:  # "My car Volvo Jensen Williams borrowed": a person after the make
                    end = m.end()
                    break
        if end == m.end():
            continue
        lo = max(m.start() - _CAR_WORD_REACH, _sentence_start(text, m.start()))
        before = text[lo : m.start()]
        previous = _LAST_WORD.search(before)
        model = text[m.end() : end].split()
        if (
            _VEHICLE_WORDS.search(before) is None
            or _MAKE_OWNER_BEFORE.search(before)
            or (previous is not None and previous.group(1)[0].isupper() and previous.group(1).lower() in first)
            # a make that is a first name before a surname is a person ("mi coche lo conduce Ford Smith")
            or (fold(m.group()) in first and fold(model[0]) in last and not any(c.isdigit() for c in model[0]))
        ):
            continue
        yield m.start(), end


#: how far before a listed brand an appliance's word stands, with only blanks between
_APPLIANCE_BEFORE = re.compile(r"[ \t]+$")
#: one word of an appliance's model after its brand: capitalised, or with a digit ("Genus One", "Smart Pro",
#: "Pinguino PAC EL98", "4104TWM4/1-S")
_APPLIANCE_MODEL_WORD = re.compile(r"[ \t]+([A-Z][\w'’-]*|[\w-]*\d[\w/-]*)(?![\w@])")
#: the most words of an appliance's model after its brand
_APPLIANCE_MODEL_WORDS = 4
#: the words of a model's name that a first name or surname list also holds ("Genus One", "Smart Pro")
_MODEL_NAME_WORDS = frozenset(
    "one pro plus max ultra mini lite air neo edge smart home duo eco premium comfort star silver style select "
    "classic compact".split()
)


def _find_appliance_models(scan: Scan) -> Iterator[tuple[int, int]]:
    """A listed brand and up to four words of its model right after an appliance's word ("la caldaia Ariston Genus
    One", "la lavatrice Smeg Smart Pro 4104TWM4/1-S", "il condizionatore De'Longhi Pinguino PAC EL98"): the
    appliance, no person or firm a guess read there.  The model ends before a listed first name or surname (but a
    model's usual word: "One", "Pro", "Smart"), a title or a household's word ("Frau", "Famiglia", "Condominio"), a
    word of capitals alone longer than four letters, a number that goes on in more groups ("333 123 4567"), a run of
    six digits and a code that is someone's (:func:`_someones_code`); capitals before a number are the number's ("JX
    12 34 56 C"); and it holds a model's token (a digit, a model's usual word, short capitals): "the fridge Liebherr
    Nakamura", "La lavadora Balay Zubizarreta" name people."""
    text = scan.text
    first, last, _, _ = load_gazetteers()
    for m in _all_brands().finditer(text):
        lo = max(0, m.start() - _CAR_WORD_REACH)
        gap = _APPLIANCE_BEFORE.search(text, lo, m.start())
        if gap is None:
            continue
        nouns = [n.end() for n in _appliance_words().finditer(text, lo, gap.start())]
        if not nouns or nouns[-1] != gap.start():
            continue  # the appliance's word right before the brand, nothing between
        words: list[re.Match[str]] = []
        end = m.end()
        for _ in range(_APPLIANCE_MODEL_WORDS):
            word = _APPLIANCE_MODEL_WORD.match(text, end)
            if word is None or not _appliance_model_word(text, word, first, last):
                break
            words.append(word)
            end = word.end()
        while words and words[-1].group(1).isupper() and _DIGIT_AFTER.match(text, words[-1].end()):
            words.pop()  # "The washer Samsung JX 12 34 56 C": the capitals open the number after them
        if not any(_model_token(w.group(1)) for w in words):
            continue
        yield m.start(), words[-1].end()


def _appliance_model_word(text: str, word: re.Match[str], first: Container[str], last: Container[str]) -> bool:
    """``word`` can be a word of an appliance's model (:func:`_find_appliance_models`)."""
    value = word.group(1)
    folded = fold(value)
    if value.isdigit():
        # a short number alone ("Vitodens 200", "Serie 6"), not a group of a longer one ("333 123 4567") nor a plate's
        # number before its letters ("Baxi 1234 BCD")
        return (
            len(value) <= 4 and not _DIGIT_AFTER.match(text, word.end()) and not _PLATE_LETTERS.match(text, word.end())
        )
    if not any(c.isdigit() for c in value):
        if (folded in first or folded in last) and folded not in _MODEL_NAME_WORDS:
            return False  # "la caldera Junkers Pedro", "the boiler Beko John Smith"
        if folded.rstrip(".") in _TITLES or _HOUSEHOLD.fullmatch(value):
            return False  # "Die Therme Vaillant Frau Kühnel", "Caldaia Baxi Condominio Zanetti"
        if value.isupper() and len(value) > 4:
            return False
    return not _LONG_DIGIT_RUN.search(value) and not (
        any(c.isdigit() for c in value) and _someones_code(text, *word.span(1), word.start(1))
    )


def _model_token(value: str) -> bool:
    """A token only a model has: a digit, a model's usual word ("One", "Pro"), or capitals of four letters at most."""
    return (
        any(c.isdigit() for c in value)
        or fold(value) in _MODEL_NAME_WORDS
        or (value.isupper() and value.isalpha() and len(value) <= 4)
    )


#: a digit after a blank: a number follows
_DIGIT_AFTER = re.compile(r"[ \t\u00a0]+\d")
#: two or three capitals alone after a blank: a plate's letters after its number ("1234 BCD")
_PLATE_LETTERS = re.compile(r"[ \t]+[A-Z]{2,3}(?![\w-])")
#: a household's, a family's or a building's community, before its name ("Famiglia Bortolotti", "Comunidad Etxeberria")
_HOUSEHOLD = re.compile(
    r"(?i:famil(?:y|ie|le|ia|ía|ies)|famiglia|household|haushalt|condominio|condomínio|comunidad|comunidade|comunità|"
    r"copropriété|gemeinschaft|vve|wspólnota)"
)


#: a manufacturer's code in brackets right after a model, maybe after one or two capitalised words of its name
#: or its hardware revision ("Pixel 7 Pro (SM-S918BZKDEUB)", "Steam Deck OLED (20HRS0B300)", "iPhone 15 Pro Max
#: (MU793QL/A)", "Dyson V15 Detect (SV22)", "Hue Bridge v2 (BSB002)"): the part number of the model, no id card
_PAREN_CODE = re.compile(
    r"(?:[ \t]+(?:[A-Z][a-z]{2,12}|v\d{1,2}|FE|SE|XL|LTE|[45]G|OLED|\d{1,4}(?:mm|GB|TB))){0,2}[ \t]*"
    r"\(((?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{3,24}(?:/[A-Z0-9]{1,3})?)\)"
)


def _find_models(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    for s, e in _find_model_names(scan):
        yield s, e
        code = _PAREN_CODE.match(text, e)
        if code is None:
            continue
        # not "La Peugeot 208 Allure (AB-123-CD)": a car's plate; after a listed product line no car is named, only a
        # car's word near it makes the code a plate ("Galaxy Tab S9 FE (SM-X510)" has a German plate's shape)
        line = (m := _product_lines().match(text, s)) is not None and m.group() in _lines()
        if not (_car_near(text, *code.span(1)) if line else _vehicle_code(text, *code.span(1))):
            yield code.span(1)


def _find_model_names(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    yield from _find_lined_models(text)
    for m in _all_brands().finditer(text):  # a listed brand written as a name too ("Bosch Serie 6 WAU28T40ES")
        yield from _gap_models(text, m)
    yield from _find_brand_codes(text)
    yield from _find_unlisted_models(text)
    yield from _find_car_models(text)
    first, _, _, _ = load_gazetteers()
    for m in _ON_MY.finditer(text):  # "on my Fairphone 5"; "with my Maria", "mit meiner Nummer 7871..." stay
        words = m.group(1).split()
        if (
            words[0].lower() in first
            or words[0].lower().rstrip(".") in _TITLES  # "sul mio Dottor Ferri"
            or zipf(words[0]) >= _COMMON_NOUN_ZIPF
            or any(w.isdigit() and len(w) >= 5 for w in words)
        ):
            continue
        yield m.span(1)
    for m in _BRAND_MODEL.finditer(text):
        yield m.span(1)
        yield m.span()  # "Galaxy Z Flip5": the line with its model
    for m in _DEVICE_MODEL.finditer(text):
        # a charger's model may have a plate's shape (EP-TA845): only a car near it makes it a plate
        if _ACCESSORY.match(text, m.start()) and (
            _someones_code(text, *m.span(1), m.start(), shape_decides=False) or _claimed(text, m.start(), *m.span(1))
        ):
            continue
        yield m.span(1)
    for m in _CODE_BEFORE_DEVICE.finditer(text):
        if not _DOCUMENT_SHAPE.fullmatch(text, *m.span(1)):  # "my AB123456 phone": a document's number
            yield m.span(1)
    for m in _SKU.finditer(text):
        yield m.span(1)
    for pattern in (_PRODUCT_FIELD, _BOUGHT):
        for m in pattern.finditer(text):
            yield m.span(1)
            if pattern is _PRODUCT_FIELD:
                yield m.start(), m.start() + len(text[m.start() : m.start(1)].rstrip(" \t:="))  # the field label
                if m.group(2):
                    yield m.span(2)
                else:  # "Product: Carl's Jr. iPhone 14 Plus, B0C8JQ9W2K | ...": the field ends in its code
                    field_end = _FIELD_END.search(text, m.end(1))
                    code = _FIELD_CODE.search(text, m.end(1), field_end.start() if field_end else len(text))
                    if code is not None:
                        yield code.span(1)
    for s, e in _after_cue("product_model", _MODEL_CODE, scan):
        if any(c.isdigit() for c in text[s:e]) and e - s >= 3:
            yield s, e
    for s, e in _after_cue("product_code", _PRODUCT_CODE, scan):
        value = text[s:e]
        digits = re.sub(r"\D", "", value)
        if not digits:
            continue
        # written in groups, only a long GTIN counts (one short number in ten passes the check by chance)
        gtin = gtin_valid(digits) and (" " not in value or len(digits) >= 13)
        if re.fullmatch(r"[\d ]+", value) and not ((len(digits) <= 8 and " " not in value) or gtin):
            continue  # "product number 612 345 678" may be a phone; a valid GTIN or a short code is none
        yield s, e  # "Art.-Nr. 5520-114", "codice prodotto VMW246", "product code 4006381333931"


PRODUCT_MODEL = KeepRule(
    id="technical.product_model",
    kind="product_model",
    vetoes=NUMBER_LABELS | NAME_LABELS,
    find=_find_models,
    lexicons=("technical_product_lines", "technical_brands", "technical_appliance_words", "vehicle_makes"),
    description="a product model after its brand or the word model/modelo/router (SM-G991B, B535-232), a SKU; a "
    "product's code after its word (part number, Artikelnummer, codice prodotto)",
    examples=(
        ("My phone is a Samsung SM-G991B and it reboots", "SM-G991B"),
        ("the Huawei B535-232 router drops", "B535-232"),
        ("FRITZ!Box 7590 AX loses sync", "7590 AX"),
        ("model: HG8245H", "HG8245H"),
        ("Il codice prodotto è KX-TG6852 e il lotto 7K21.", "KX-TG6852"),
        ("A minha máquina Delonghi ECAM 22.110.B mostra o símbolo.", "Delonghi ECAM 22.110.B"),
        ("my ThinkPad T14 Gen 3 overheats", "T14 Gen 3"),
        ("Dell XPS 13 9310 battery drains fast.", "XPS 13 9310"),
        ("My Lenovo IdeaPad 5 14ALC05 overheats.", "IdeaPad 5 14ALC05"),
        ("Produkt: A2848 Moto G84\nDie Bestellung", "A2848 Moto G84"),
        ("the Honor Magic6 Lite I bought stopped working", "Honor Magic6 Lite"),
        ("Customer: my Kindle Paperwhite keeps rebooting", "Kindle Paperwhite"),
        ("Gerätemodell=Reno11 F; fw=V3.0.10", "Reno11 F"),
        ("Produkt: Fnac Sonos Era 100, DGA4131FWB | Paket", "DGA4131FWB"),
        ("Product: Carl's Jr. iPhone 14 Plus, B0C8JQ9W2K | Tariff: Uber One", "B0C8JQ9W2K"),
        ("das Sky Hub SR203, das ich gekauft habe", "Sky Hub SR203"),
        ("il Smart Thermostat X che ho acquistato ha smesso di funzionare", "Smart Thermostat X"),
        ("keeps failing on my Fairphone 5 and I", "Fairphone 5"),
        ("Item: 1 x Boulanger Pixel 7 Pro (20HRS0B300)", "Boulanger Pixel 7 Pro"),
        ("Item: 1 x Boulanger Pixel 7 Pro (20HRS0B300)", "20HRS0B300"),
        ("deshalb ist das Xperia 10 V noch gesperrt", "Xperia 10 V"),
        ("mon Galaxy A54 5G redémarre sans cesse", "Galaxy A54 5G"),
        ("My phone model is SM-S918B/DS and the watch SM-R960.", "SM-R960"),
        ("Meine Kamera Sony ILCE-7M4 und das Objektiv SEL2470GM2.", "SEL2470GM2"),
        ("since this morning Zendesk keeps failing on my Steam Deck OLED and I", "Steam Deck OLED"),
        ("keeps failing on my Echo Dot (5th Gen) and I", "Echo Dot (5th Gen)"),
        ("da stamattina non funziona sul mio ZXHN H298A e non riesco", "ZXHN H298A"),
        ("and the HomeBox 6641 still shows their account", "HomeBox 6641"),
        ("the Galaxy Z Flip5 still shows their account", "Galaxy Z Flip5"),
        ("The WAX610 access point drops clients every hour.", "WAX610"),
        ("Our EX220 extender and the AX55 router conflict.", "AX55"),
        ("The SM-T870 tablet is stuck on the logo.", "SM-T870"),
        ("My Vextra QX-550 router drops the connection", "Vextra QX-550"),
        ("la lavatrice Brenta WM-812 perde acqua", "Brenta WM-812"),
        ("La lavadora Bosch Serie 6 WAU28T40ES muestra el error E18", "Bosch Serie 6 WAU28T40ES"),
        ("Comprei uma Bosch Serie 4 WAN28281GB e faz barulho.", "Bosch Serie 4 WAN28281GB"),
        ("Our Cisco Catalyst 9300-48P switch logs", "Cisco Catalyst 9300-48P"),
        ("the Philips Hue Bridge v2 (BSB002) fault", "BSB002"),
        ("Mi iPhone 15 Pro Max (MU793QL/A) con iOS 17", "MU793QL/A"),
        ("Apple Watch Series 9 45mm (MR9A3QL/A) won't pair", "MR9A3QL/A"),
        ("Der Samsung Galaxy Tab S9 FE (SM-X510) lädt nicht.", "SM-X510"),
        ("Comprei um notebook Acer Aspire 5 A515-57-57XR e a tela pisca.", "Acer Aspire 5 A515-57-57XR"),
        ("J'ai un Asus Zenbook 14 UX3402ZA qui ne s'allume plus.", "Zenbook 14 UX3402ZA"),
        ("Mi Lenovo Tab M10 Plus TB-X606F no enciende.", "Lenovo Tab M10 Plus TB-X606F"),
        ("La mia Canon EOS R6 Mark II non si accende.", "EOS R6 Mark II"),
        ("Fehler F.28, Artikelnummer 4006381333931, bitte", "4006381333931"),
        ("na zmywarce Electrolux, numer produktu ESF5545LOW.", "ESF5545LOW"),
        ("codice prodotto 5520114 sulla scatola", "5520114"),
        ("The Bosch dishwasher SMS46KI01E shows E24.", "SMS46KI01E"),
        ("et la voiture Renault Megane E-Tech ne charge plus", "Renault Megane E-Tech"),
        ("no carrega amb el carregador EP-TA845 de 45W", "EP-TA845"),
        ("lässt sich die Lampe LED1836G9 nicht koppeln", "LED1836G9"),
        ("La secadora Balay 3SB987B no calienta.", "3SB987B"),
        ("Il frigorifero Smeg FAB28RPB5 fa rumore.", "FAB28RPB5"),
        ("Zorvex ZX-4410 won't boot after the update.", "Zorvex ZX-4410"),
        ("We bought 12 Zorvex ZX-4410 units for the office.", "Zorvex ZX-4410"),
    ),
    negatives=(
        "Garmin Connect ID MLOPEZ-1990 shows someone else's runs.",
        "The Siemens HR EMP-44712 record has my old surname.",
        "Vodafone ONE NET JD-88231 is my line.",
        "Samsung support called me on 0612 345 678",
        "the serial number is R58N12ABCDE",
        "scheitert mit meiner Nummer 78715203946",
        "I went with my Maria to the shop",
        "Name: Ana Souza, Phone: 0612 345 678",
        "call Vodafone on 0612345678 today",
        "Vodafone 0612 345 678 is my number",
        "Ana Lopez (12345678Z) called",
        "Versichertennummer bei der Barmer A123456789",
        "the phone IMEI 356938035643809",
        "the tablet serial R58N12ABCDE",
        "phone: 0612 345 678",
        "my booking BKG-88213 is missing",
        "the Ticket INC-2291 was closed",
        "please call my Mara Q7 at the office",
        "Ich wohne bei der McDonald 12 in Berlin",
        "my AB1234567 card number is on the form",
        "Versichertennummer bei der AOK A123456789",
        "mi DNI 12345678Z y mi NIE X1234567L",
        "The DHL JVGL01 parcel is late",
        "my AB123456 phone is locked",
        "the 12345678Z document is mine",
        "sono con mia sorella Maria e col mio Marco Rossi",
        "Kunde: Anna Bosch, Kundennummer KD4471293",
        "Orange Client AB123456 ne peut pas se connecter",
        "Dear Vodafone, my Customer Number CU-4471-8812 is blocked",
        "I am Maria Philips, passport P4471298, flying Monday",
        "La mia Fiat Panda AB123CD è stata rimossa dal parcheggio",
        "O meu Toyota Corolla 12-AB-34 foi rebocado",
        "Product number: 612 345 678, call me there",
        "Item number 4471 2938 is my membership card, not the product",
        "Allianz AZ1234567 is my policy",
        "le camion Philips 34ABC123 est garé devant",
        "Ask Quentara TX-2291 about it",
        "Kowalczyk AB-1234 is my badge",
        "Mrs Zorvex AB-1234 called",
        "Zorvex KD-448812 is my customer number",
        "Ford KX19ZLP was towed from outside my house last night.",
        "Vueling QK7T2B, a nombre de Lucía Ferrer, no aparece en la app.",
        "Mapfre MP4471K2 es lo que pone en el recibo del seguro.",
        "Philips 4B7X2K9 is my customer number",
        "the Renault Clio 1234BCD was towed",
        "la voiture de Renault Pierre est garée devant",
        "Mi coche lo conduce Ford Smith desde ayer.",
        "My car Volvo Jensen Williams borrowed got a ticket.",
        "My car Ford KX19ZLP was towed last night",
        "Orange Livebox Fibre 12AB34567 c'est mon numéro de passeport",
    ),
)


def _find_appliance_words(scan: Scan) -> Iterator[tuple[int, int]]:
    """An appliance's word in small letters, or capitalised after an article or a possessive and before no capitalised
    word but a brand ("die Waschmaschine", "Die Waschmaschine AEG", "Le lave-vaisselle", "mon ballon"); a capitalised
    one alone may be a name ("Sabine Herd", "Campana mi ha detto", "Four Oaks", "a Forno Canavese")."""
    text = scan.text
    for m in _appliance_words().finditer(text):
        if m.group()[:1].islower():
            yield m.span()
            continue
        before = _LAST_WORD.search(text, max(0, m.start() - 16), m.start())
        after = _NEXT_WORD.match(text, m.end())
        if after is not None and _all_brands().fullmatch(after.group(1)) is None:
            continue  # "Abito a Forno Canavese": a capitalised word after it that is no brand continues a name
        if before is not None and fold(before.group(1)) in SENTENCE_ARTICLES:
            yield m.span()


APPLIANCE = KeepRule(
    id="technical.appliance",
    kind="product_model",
    vetoes=frozenset({Label.PERSON, Label.ORGANIZATION, Label.LOCATION, Label.CITY, Label.NRP}),
    find=_find_appliance_words,
    lexicons=("technical_appliance_words",),
    guesses_only=True,
    description="a household appliance's or a home device's word (die Waschmaschine, le lave-vaisselle, mon ballon): "
    "no person, firm or place a guess read in it",
    examples=(
        ("Die Waschmaschine AEG Lavamat L7FE76485 zeigt E-40 an.", "Waschmaschine"),
        ("Le lave-vaisselle Bosch SMS4HVI33E affiche E24 après chaque cycle.", "lave-vaisselle"),
        ("Bonjour, mon ballon Atlantic Explorer V4 affiche le code 1.18.", "ballon"),
    ),
    negatives=(
        "my neighbour Ana Souza",
        "Le Corbusier built it",
        "Die Rechnung ging an Sabine Herd statt an mich.",
        "Campana mi ha detto che il rimborso arriva entro venerdì.",
        "I live in Four Oaks",
        "Abito a Forno Canavese da tre anni",
    ),
)


APPLIANCE_MODEL = KeepRule(
    id="technical.appliance_model",
    kind="product_model",
    vetoes=NUMBER_LABELS | NAME_LABELS,
    find=_find_appliance_models,
    lexicons=("technical_appliance_words", "technical_brands"),
    guesses_only=True,
    description="a listed brand and its model right after an appliance's word (la caldaia Ariston Genus One): no "
    "person or firm a guess read there; a name or a number a cue or a pattern found stays masked",
    examples=(
        ("Ciao, la caldaia Ariston Genus One segnala l'errore 501", "Ariston Genus One"),
        ("il condizionatore De'Longhi Pinguino PAC EL98 mostra il codice", "De'Longhi Pinguino PAC EL98"),
        ("la lavatrice Smeg Smart Pro 4104TWM4/1-S mostra il codice E03", "Smeg Smart Pro 4104TWM4/1-S"),
        ("Unsere Heizung Viessmann Vitodens 200-W meldet Störung F4", "Viessmann Vitodens 200-W"),
    ),
    negatives=(
        "the boiler Arlo Jones fitted last year leaks",
        "la caldaia Ariston AB1234567 è il numero della mia carta",
        "la caldaia Ariston di Mario Rossi perde acqua",
        "la caldera Junkers Pedro la instaló ayer",
        "the boiler Beko John Smith fitted leaks",
        "the fridge Liebherr Grace Smith sold me",
        "The fridge Liebherr Nakamura sold me is loud",
        "La caldaia Immergas 333 123 4567 è il numero del tecnico",
        "The washer Samsung JX 12 34 56 C is my NI number",
        "Die Therme Vaillant Frau Kühnel hat sie eingebaut",
        "Caldaia Baxi Condominio Zanetti, scala B",
        "The router Eero Nakamura set up is slow",
        "La caldera Baxi 1234 BCD es la matrícula del técnico.",
    ),
)


_PLAN_WORDS = (
    r"(?:plan|plans|tariff|tarif|tarifs|tarifa|plano|piano|offerta|forfait|offre|formule|bundle|subscription|package|"
    r"abono|paquete|pacchetto|pacote|Vertrag|abonnement|abbonamento|abo|abos|assinatura|suscripción|"
    r"membership|opzione|option|Paket|contratto|contrato|contrat|conto|Konto|nível|nivel|livello|niveau|level|tier|"
    # a warranty's extension is sold as a plan ("the CareShield 2-Year protection plan", "l'estensione Dyson Care 2
    # anni", "mit der Garantieverlängerung 5 Jahre")
    r"protection plan|warranty|garantía|garantia|garanzia|Garantie|Garantieverlängerung|estensione|extensão)"
)
#: the words of a warranty's extension: a name after one is the holder's unless it is a brand's ("Dyson Care")
_WARRANTY_WORD = re.compile(
    r"(?i)(?<![\w])(?:warranty|garantía|garantia|garanzia|garantie|garantieverlängerung|estensione|extensão)(?![\w])"
)
#: how frequent in a language a word of a plan named after an account's word or a verb must be ("Zero", "Flex")
_PLAN_WORD_ZIPF = 3.0
#: a plan said with a verb ("Il contratto è ...", "Meu plano é o ...")
_COPULA = re.compile(r"(?i)[ \t](?:è|é|is|es|ist|est)[ \t]")
#: the words of an account or a contract: a name after one is its holder's unless it is a brand's
_HOLDER_PLAN_WORD = re.compile(r"(?i)(?<![\w])(?:contratto|contrato|contrat|conto|konto|conta)(?![\w])")
_DETERMINERS = (
    r"(?:the|my|our|your|a|an|this|that|el|la|mi|su|nuestro|nuestra|o|a|meu|minha|il|lo|mio|mia|le|mon|ma|notre|"
    r"den|der|die|das|dem|mein|meinen|meinem|unser|unseren)"
)
#: a plan's name before its word: capitalised words, a "+", a term, a short small word last ("my Flex fare
#: subscription", "my Fibra 1Gb + Móvil 50GB plan", "my Care Pack 3 years subscription")
_PLAN_BEFORE = re.compile(
    rf"(?i:{_DETERMINERS})\s+((?:[A-Z0-9][\w+&-]*)(?:\s+(?:[A-Z0-9][\w+&-]*|\+|\d+\s(?:years?|months?)(?![\w])"
    rf"|[a-z]{{1,6}}(?=\s+(?i:{_PLAN_WORDS})(?![\w])))){{0,4}})\s+(?i:{_PLAN_WORDS})(?![\w])"
)
_PLAN_AFTER = re.compile(
    rf"(?<![\w])(?i:{_PLAN_WORDS})(?:\s+(?i:contratad[oa]|contratto|sottoscritt[oa]|souscrit|gebucht|actual|atual|"
    rf"attuale|actuel|aktuell))?"
    # the plan said with a verb ("Il contratto è Luce Flex Monoraria", "Meu plano é o Hospedagem II")
    rf"(?:[ \t]+(?:è|é|is|es|ist|est)(?:[ \t]+(?:o|a|il|la|el|the|le|der|die|das))?)?"
    rf"(?:[\"']?\s*:\s*[\"“«']?|\s*:?\s+[\"“«']?)((?:[A-Z][\w+&-]*|\d+\s?(?:GB|Go|Mb|MB|Mo|Gb|Mbps)"
    rf"|\d{{1,2}}[ \t-](?:years?|Years?|anos|años|anni|ans|Jahre)(?![\w]))"
    rf"(?:[ \t]+(?:\d+[ \t]?(?:GB|Go|Gb|Mb|MB|Mo|years?|anos?|años|anni|ans|Jahre)\b|[A-Z0-9][\w+&-]*|\+"
    rf"|[a-z]{{1,6}}(?=[ \t]*(?:[|,;.\n—–]|$|-[ \t])))){{0,4}})"
)


def _find_plans(scan: Scan) -> Iterator[tuple[int, int]]:
    first, last, _, _ = load_gazetteers()
    for pattern in (_PLAN_BEFORE, _PLAN_AFTER):
        for m in pattern.finditer(scan.text):
            words = [w for w in m.group(1).split() if w.isalpha() and w[0].isupper()]
            named = [
                w
                for w in words
                if (fold(w) in first or fold(w) in last)
                and w not in lexicons.word_set("technical_brands")
                and len(w) > 2
            ]
            if len(words) >= 2 and fold(words[0]) in first and (fold(words[1]) in last or fold(words[1]) in first):
                continue  # "Abonnement: Hans Müller", "María José García": the holder, no plan ("Otto Up" is one)
            if any(fold(w) in _street_words() or street_compound(w) for w in m.group(1).split()):
                continue  # "Paket: Hauptstraße 5", "Piano: Via Roma 12": an address after the word
            if named and _WARRANTY_WORD.search(m.group()):
                continue  # "Garantía Pérez 3 años", "garanzia: Maria Teresa Rossi": a warranty's holder
            if _HOLDER_PLAN_WORD.search(m.group()) or _COPULA.search(scan.text, m.start(), m.start(1)):
                # "Konto: Müller", "conto Ludovica Ferraresi", "Il contratto è Ferraresi Gianluca", 'Il piano è
                # "Famiglia Moretti"', "El contrato es Lasarte Oyarzabal": a holder's name; a plan has a word of a
                # language, a number or a "+" ("Zero Canone Plus", "Hospedagem II")
                if named or (
                    not any(c.isdigit() or c == "+" for c in m.group(1))
                    and not any(max(zipf(w), zipf_in_packs(w)) >= _PLAN_WORD_ZIPF for w in words)
                ):
                    continue
            yield m.span(1)
            if pattern is _PLAN_AFTER:  # the plan word too ("Plano:" is no city)
                yield m.start(), m.start() + len(scan.text[m.start() : m.start(1)].rstrip(" \t:\"“«'"))


PLAN = KeepRule(
    id="technical.plan",
    kind="plan",
    # a plan's name with its number is no street either ('il piano "Iliad Giga 150"'; a street's word ends the plan)
    vetoes=frozenset(
        {
            Label.PERSON,
            Label.ORGANIZATION,
            Label.LOCATION,
            Label.CITY,
            Label.COUNTRY,
            Label.NRP,
            Label.TITLE,
            Label.AGE,
            Label.STREET_ADDRESS,
        }
    ),
    find=_find_plans,
    description="a plan or tariff name: 'the Unlimited Max tariff', 'tarifa Ilimitada 50GB', 'Magenta M Tarif'",
    examples=(
        ("I am on the Unlimited Max tariff", "Unlimited Max"),
        ("cambiar a la tarifa Ilimitada 50GB", "Ilimitada 50GB"),
        ("my Business Pro plan renews", "Business Pro"),
        ("wegen meines Abos Otto Up geschrieben", "Otto Up"),
        ("Plan contratado Smart fare | Código", "Smart fare"),
        ("wegen meines Abos Care Pack 3 years geschrieben", "Care Pack 3 years"),
        ("I wrote about my Flex fare subscription yesterday", "Flex fare"),
        ("my Fibra 1Gb + Móvil 50GB subscription", "Fibra 1Gb + Móvil 50GB"),
        ("Escursione: Big Ben — Piano Smart fare — Cellulare 331508504", "Smart fare"),
        ("Produkt: Fnac Xbox Series S | Paket: Otto Up | Lieferadresse", "Otto Up"),
        ("""-d '{"plan": "Darty Max", "contact": "${CONTACT_EMAIL}"}'""", "Darty Max"),
        ("Il contratto è Zero Flex Monoraria con addebito diretto.", "Zero Flex Monoraria"),
        ("Meu plano é o Hospedagem II da Locaweb, PHP 8.1.", "Hospedagem II"),
        ("Entro com a conta gov.br nível Prata.", "Prata"),
        ('vorrei sapere se il piano "Iliad Giga 150" include il roaming', "Iliad Giga 150"),
    ),
    negatives=(
        "John and Mary plan to visit",
        "call John Smith about the plan",
        "il contratto è intestato a Mario Rossi",
        "Konto: Hans Müller",
        "conto Maria Bianchi",
        "Konto: Müller",
        "il conto Giulia è bloccato",
        "Il contratto è Ferraresi Gianluca, ma in bolletta compare un altro nome.",
        'Il piano è "Famiglia Moretti", con tre SIM.',
        "Per favore, conto Ludovica Ferraresi non va.",
        "El contrato es Lasarte Oyarzabal, a nombre de los dos.",
    ),
)


#: an amount of data, a speed or a storage size ("250Go", "25 GB", "600Mb", "1 Gbps", "128GB")
_DATA_AMOUNT = re.compile(
    r"(?<![\w.,])\d{1,5}(?:[.,]\d{1,2})?[ \t]?(?:[KMGT]B|[KMGT]iB|[MGT]o|[MG]b|[KMG]bps|[MG]bit/s)(?![\w])"
)


DATA_AMOUNT = KeepRule(
    id="technical.data_amount",
    kind="quantity",
    # the unit is no country either ("noch 20 GB frei": Great Britain's code), nor a firm ("100 Mbps")
    vetoes=NUMBER_LABELS | {Label.COUNTRY, Label.ORGANIZATION},
    find=_span_finder(_DATA_AMOUNT),
    description="an amount of data, a speed or a storage size (250Go, 600Mb, 128GB): no identifier, and its unit "
    "no country or firm",
    examples=(
        ("J'ai le forfait Free 5G 250Go depuis mars", "250Go"),
        ("la miFibra 600Mb va lenta", "600Mb"),
        ("Mein iPhone hat noch 20 GB frei.", "20 GB"),
    ),
    negatives=("my DNI is 12345678Z", "call 0612 345 678", "ticket 250GOLD", "Ich wohne seit 2020 in GB."),
)


def _lexicon_finder(name: str) -> Callable[[Scan], Iterator[tuple[int, int]]]:
    @functools.cache
    def pattern() -> re.Pattern[str]:
        return _lexicon_pattern(name)

    def find(scan: Scan) -> Iterator[tuple[int, int]]:
        for m in pattern().finditer(scan.text):
            yield m.span()

    return find


@functools.cache
def _plain_brands() -> re.Pattern[str]:
    """The listed brands that are no listed first name, surname or place ("Santander", "Ford",
    "Halifax" are): alone, only those are kept; the others need the context of a vendor or a product
    (:data:`VENDOR`, :data:`BRAND_THING`) so that a person or a town of that name stays masked."""
    return _words_pattern(_plain_brand_names())


@functools.cache
def _plain_brand_names() -> tuple[str, ...]:
    """The listed brands no name or place reads like: a brand whose written form no name has (all
    capitals ``DHL``, a small first letter ``iOS``, ``tado``, inner capitals ``DiDi``) is plain whatever
    the name and place lists hold; one of several words is plain unless it is a place or all its
    words are names (``Free Mobile`` is, ``John Lewis`` is not); one word of a name's or a place's
    shape is not (``Sky``, ``Orange``, ``Halifax``)."""
    first, last, places, _ = load_gazetteers()
    names = first | last

    def plain(b: str) -> bool:
        words = b.split()
        if len(words) == 1 and not _TITLE_WORD.fullmatch(b):
            return True  # DHL, iOS, tado, DiDi: no name or place is written so
        if fold(b) in places:
            return False
        if len(words) > 1:
            return not all(fold(w) in names for w in words)
        return fold(b) not in names

    return tuple(b for b in lexicons.words("technical_brands") if plain(b))


#: a word written as a name is: a capital, then small letters (an apostrophe or a hyphen inside)
_TITLE_WORD = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ'’-]+")


#: articles and possessives that open a sentence before a brand ("The", "My", "Mi", "Il", "Mein"): no part of
#: a name, though the noisy name lists hold some of them
SENTENCE_ARTICLES = frozenset(
    "the a an my our your this el la los las mi mis tu su nuestro nuestra o os as meu minha nosso nossa il lo gli "
    "mio mia nostro nostra le les mon ma mes notre der die das den dem mein meine meinen unser unsere ein eine "
    "einen het mijn onze een".split()
)


#: an employer named before it: "joined Ubisoft", "works at Seagate", "trabajo en Indra", "i work weekends
#: at Greggs", "I work as shop assistant in Tesco", "Trabajo en el portal de Iberdrola", "contratado por Inditex",
#: "trabajó 30 años en Renfe"
_EMPLOYER_BEFORE = re.compile(
    r"(?i)(?<![\w])(?:joined|join|joining|employed (?:at|by)|employee of|hired by|"
    r"(?:work(?:s|ed|ing)?|trabaj\w*|trabalh\w*|treball\w*|arbeit\w*|travaill\w*|lavor\w*|werk|werkt|pracuj\w*|"
    r"contratad[oa]s?|emplead[oa]s?|zatrudnion\w*)(?:[ \t]+[^\s]+){0,5}?[ \t]+"
    r"(?:at|for|by|in|en|por|para|de|del|a|al|na|no|em|da|do|bei|für|chez|pour|à|presso|per|bij|voor|w|dla)"
    # the writer's job there ("I'm a dishwasher engineer at Bosch", "Ik ben bezorger bij PostNL", "Je suis livreur chez
    # Chronopost")
    r"|(?:I'?m|I am|I'm an?|ik ben|je suis|soy|sou|sono|ich bin|jestem|sóc)(?:[ \t]+[^\s.,;!?]+){1,4}?[ \t]+"
    r"(?:at|for|with|bij|voor|chez|pour|en|em|na|no|presso|da|bei|für|w|dla|a)"
    # a job applied for or held there ("an application letter for Google", "my interview with Revolut")
    r"|(?:application|cover letter|apply|applying|applied|position|job|role|internship|interview|career|candidatura|"
    r"entrevista|colloquio|entretien|Bewerbung|Vorstellungsgespräch|stage|Praktikum|prácticas|estágio|tirocinio)"
    r"(?:[ \t]+[^\s]+){0,2}?[ \t]+(?:at|for|to|with|in|en|para|con|com|avec|chez|bei|pour|per|presso|na|no))[ \t]+$"
)


#: a brand's compound with a word of its service ("Sehr geehrtes N26-Team", "die Lieferando-App")
_COMPOUND_TAIL = (
    r"Team|App|Apps|Kundenservice|Kundendienst|Support|Service|Hotline|Konto|Karte|Shop|Account|Login|Website|Seite|"
    r"Instanz|Server|Router|Tarif|Rechnung|Box|Update|Anschluss|Kundenkonto|Störung|Sync"
)


@functools.cache
def _plain_brand_compounds() -> re.Pattern[str]:
    body = alternation(_plain_brand_names(), case_sensitive=True)
    return regex_cache.compile(rf"(?<![\w.@/-])(?:{body})-(?:{_COMPOUND_TAIL})(?![\w@-])")


def _find_plain_brands(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    for pattern in (_plain_brands(), _plain_brand_compounds()):
        for m in pattern.finditer(text):
            if not _EMPLOYER_BEFORE.search(text, max(0, m.start() - 30), m.start()):  # an employer stays masked
                yield m.span()


BRAND = KeepRule(
    id="technical.brand",
    kind="brand",
    vetoes=frozenset(
        {
            Label.PERSON,
            Label.LOCATION,
            Label.CITY,
            Label.STATE,
            Label.COUNTRY,
            Label.NRP,
            Label.USERNAME,
            Label.STREET_ADDRESS,
            Label.PASSWORD,
            Label.URL,
        }
    ),
    find=_find_plain_brands,
    lexicons=("technical_brands",),
    description="public brands, apps and online services (a list; exact case) that are no listed name or place: "
    "never a person or a place",
    examples=(
        ("I ordered from Deliveroo and the app crashed", "Deliveroo"),
        ("Outlook keeps asking", "Outlook"),
        ("la verifica su Bankinter non va", "Bankinter"),
        ("Booking.com charged me twice", "Booking.com"),
        ("Sehr geehrtes N26-Team, das iPhone 15 Pro", "N26-Team"),
    ),
    negatives=(
        "my colleague Dorothy Vance",
        "ask for Grace at the desk",
        "Ford Prefect called",
        "I live in Halifax",
        "the officer who joined Ubisoft in 2021",
    ),
)


@functools.cache
def _all_brands() -> re.Pattern[str]:
    return _lexicon_pattern("technical_brands")


#: a word next to a brand that makes it part of a person's name: a capital, then small letters
_NEXT_WORD = re.compile(r"[ \t]+([A-ZÀ-Þ][a-zß-ÿ'’-]+)")
_PREVIOUS_WORD = re.compile(r"([A-ZÀ-Þ][a-zß-ÿ'’-]+)[ \t]+$")

#: a state or a country code after a comma: the name before it is a town's
_REGION_AFTER = re.compile(r",[ \t]*[A-Z]{2}(?![\w])")


@functools.cache
def _product_words() -> frozenset[str]:
    """The words of a product in use or of a technical value's cue (``Updater``, ``Versão``, ``App``), folded."""
    words = [*lexicons.words("technical_usage_words"), *(w for w, _ in lexicons.pairs("technical_cues"))]
    return frozenset(fold(w) for w in words if " " not in w)


def _name_word(word: str, first: frozenset[str], last: frozenset[str]) -> bool:
    """A capitalised word that may be part of a person's name: a listed first name or surname
    (``Johnson``, ``Hunter``), or no dictionary word (an unlisted surname); not ``Version``, not a word
    of a product (``Nokia Updater 11.7.60``, ``Conrad Versão da app``)."""
    f = fold(word)
    if f in _product_words() and f not in first and f not in last:
        return False
    if _appliance_words().fullmatch(word) and f not in first and f not in last:
        return (
            False  # "die Heizung Vaillant": the appliance the brand made, a German noun's capital ("Caldera" is a name)
        )
    return f in first or f in last or not is_dictionary_word(f)


def _find_named_brands(scan: Scan) -> Iterator[tuple[int, int]]:
    """Every listed brand, a name's or a place's shape or not (``Avis``, ``Nokia``, ``Burger King``),
    standing alone: no word of a name next to it (a listed first name or surname, or a capitalised
    word no dictionary holds: ``Zara Larsson``, ``Maria Zara``), no employer's context before it
    (``joined Google``, ``i work weekends at Greggs``) and no region code after it (``Springfield, MO``)."""
    text = scan.text
    first, last, _, _ = load_gazetteers()
    for m in _all_brands().finditer(text):
        start, end = m.span()
        nxt = _NEXT_WORD.match(text, end)
        prev = _PREVIOUS_WORD.search(text, max(0, start - 32), start)
        if prev is not None and fold(prev.group(1)) in SENTENCE_ARTICLES:
            prev = None  # "The Bose QC45 lost the connection": a sentence's article, though the lists hold "The"
        if any(w is not None and _name_word(w.group(1), first, last) for w in (nxt, prev)):
            continue
        if _REGION_AFTER.match(text, end):
            continue  # "Springfield, MO": a town with its state
        if not _EMPLOYER_BEFORE.search(text, max(0, start - 30), start):
            yield start, end


NAMED_BRAND = KeepRule(
    id="technical.named_brand",
    kind="brand",
    # not an organisation: a listed company named in prose is often the writer's employer or client
    # ("Data scientist at ExxonMobil", "our partnership with Microsoft"); the contexts of a product
    # in use (technical.brand_in_use, technical.vendor, technical.brand_in_log) veto that
    vetoes=frozenset({Label.PERSON, Label.LOCATION, Label.CITY, Label.STATE, Label.COUNTRY, Label.NRP}),
    find=_find_named_brands,
    lexicons=("technical_brands",),
    guesses_only=True,
    description="a listed brand standing alone, even one that reads like a name or a place (Avis, Nokia, Zara): "
    "no guess of a person or a place; a name a cue or a key introduced stays masked",
    examples=(
        ("Bonjour, j'ai un problème avec Avis depuis la mise à jour", "Avis"),
        ("Nokia Version de l'appli 20592.4118", "Nokia"),
        ("Google Drive and Google keep logging me out", "Google"),
        ("the Burger King order never came", "Burger King"),
        ("The Bose QC45 lost the connection.", "Bose"),
    ),
    negatives=(
        "the officer who joined Ubisoft in 2021",
        "tickets for Zara Larsson",
        "call Ana Souza",
        "i work weekends at Greggs on Stanley Rd",
        "Mercy Regional Medical Center, Springfield, MO",
    ),
)

#: how far from a brand, on its line, a version, an error code or a path makes it the product at fault
_TECHNICAL_WINDOW = 40


def _find_brands_in_technical_lines(scan: Scan) -> Iterator[tuple[int, int]]:
    """A listed brand standing alone with a version, an error code, a status, a port, a path or a
    log's time stamp near it on its line (``[Nokia] update 19.7.19 could not replace``, ``BBVA:
    Fehlercode SQLSTATE 40001``): the product at fault, not an employer or a client named in prose."""
    text = scan.text
    near = sorted((k.start, k.end) for rule in _TECHNICAL_NEIGHBOURS for k in rule.keeps(scan))
    if not near:
        return
    for k in NAMED_BRAND.keeps(scan):
        ls = max(text.rfind("\n", 0, k.start) + 1, k.start - _TECHNICAL_WINDOW)
        le = text.find("\n", k.end)
        le = min(le if le >= 0 else len(text), k.end + _TECHNICAL_WINDOW)
        if any(ls <= s and e <= le and (e <= k.start or s >= k.end) for s, e in near):
            yield k.start, k.end


BRAND_IN_LOG = KeepRule(
    id="technical.brand_in_log",
    kind="brand",
    vetoes=frozenset({Label.ORGANIZATION}),
    find=_find_brands_in_technical_lines,
    lexicons=("technical_brands",),
    guesses_only=True,
    description="a listed brand with a version, an error code or a path near it on its line: the product at "
    "fault, no organisation",
    examples=(
        ("[Nokia] update 19.7.19 could not replace C:\\Program Files", "Nokia"),
        ("BBVA: Fehlercode SQLSTATE 40001", "BBVA"),
    ),
    negatives=("Data scientist at ExxonMobil, Nagpur", "our partnership with Microsoft this year"),
)

#: how many technical strings (versions, error codes, statuses, ports, log stamps, paths) make a text a support
#: ticket about a product
_TICKET_TECHNICAL = 3


def _technical_text(scan: Scan) -> bool:
    """The text holds three different technical strings or more (versions, error codes, statuses, ports, log stamps,
    paths): a support ticket about a product."""
    spans = {(k.start, k.end) for rule in _TECHNICAL_NEIGHBOURS for k in rule.keeps(scan) if k.end - k.start >= 2}
    return len(spans) >= _TICKET_TECHNICAL


def _find_brands_in_tickets(scan: Scan) -> Iterator[tuple[int, int]]:
    """A listed brand standing alone in a text with three technical strings or more (a ticket with its versions,
    codes and logs): the product the ticket is about; no employer's context before it (``I work at Siemens``)."""
    if not _technical_text(scan):
        return
    for k in NAMED_BRAND.keeps(scan):
        yield k.start, k.end


BRAND_IN_TICKET = KeepRule(
    id="technical.brand_in_ticket",
    kind="brand",
    vetoes=frozenset({Label.ORGANIZATION}),
    find=_find_brands_in_tickets,
    lexicons=("technical_brands",),
    guesses_only=True,
    description="a listed brand standing alone in a text with three technical strings or more: the product at "
    "fault, no organisation (an employer after a work verb stays masked)",
    examples=(
        (
            "reinstallé DirectX, mis à jour le pilote NVIDIA en 572.70, Windows 11 24H2, erreur 0xc000007b, "
            "voir C:\\Games\\log.txt",
            "NVIDIA",
        ),
    ),
    negatives=(
        "I work at Microsoft since 2019: error 0x80070057 in C:\\Temp\\setup.log, build 22631.3007, port 8443",
        "Data scientist at ExxonMobil, Nagpur",
    ),
)

_USAGE_WINDOW = 80


@functools.cache
def _usage_words() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w])(?:{alternation(lexicons.words('technical_usage_words'))})(?![\w])")


#: a problem with a listed brand, right before it ("the issue with Dropbox is still there", "un problème avec Darty",
#: "tengo un problema con Glovo", "Probleme mit N26"): the service the ticket is about
_PROBLEM_WITH = re.compile(
    r"(?i)(?<![\w])(?:problems?|issues?|trouble|bug|glitch|problemas?|problèmes?|soucis?|probleme?|"
    r"schwierigkeiten)[ \t]+(?:with|con|com|avec|mit|met)"
    r"(?:[ \t]+(?:the|el|la|o|a|il|lo|le|l'|der|die|dem|den))?[ \t]*$"
)
#: a vendor's greeting, right before its brand ("Thanks for contacting Vodafone", "Welcome to Orange support",
#: "Gracias por contactar con Movistar", "Merci d'avoir contacté Free"): the company the customer writes to
_CONTACTED = re.compile(
    r"(?i)(?<![\w])(?:(?:thanks|thank[ \t]+you)[ \t]+for[ \t]+(?:contacting|calling|choosing)|welcome[ \t]+to|"
    r"gracias[ \t]+por[ \t]+(?:contactar|llamar|elegir)(?:[ \t]+(?:con|a))?|bienvenid[oa]s?[ \t]+a|"
    r"obrigad[oa][ \t]+por[ \t]+(?:contactar|ligar|escolher)(?:[ \t]+(?:com[ \t]+)?(?:a|o))?|"
    r"bem-vind[oa]s?[ \t]+(?:à|ao)|grazie[ \t]+per[ \t]+(?:aver[ \t]+)?(?:contattato|scelto)|"
    r"benvenut[oa][ \t]+(?:in|su|a)|"
    r"merci[ \t]+d'avoir[ \t]+(?:contacté|appelé|choisi)|bienvenue[ \t]+(?:chez|sur|à)|willkommen[ \t]+(?:bei|im|zum))"
    r"[ \t]*$"
)


#: a capitalised word right after a brand: a name may go on ("Vodafone Jones")
_CAPITAL_AFTER = re.compile(r"[ \t]+[A-Z]")


def _find_brands_in_use(scan: Scan) -> Iterator[tuple[int, int]]:
    """A listed brand with a word of using a product near it on its line (``the Deliveroo app``,
    ``Outlook crashes after the update``), right after a problem with it (``un problème avec Darty``)
    or in a compound with its service (``Lieferando-Team``): the product the ticket is about, not an
    employer (``I work at Huawei``, ``our AWS cohort`` stay organisations).  A brand that reads like a name or a
    place (``Philips``, ``Bosch``, ``Dell``) standing alone (:func:`_find_named_brands`) needs more: an appliance's word
    next to it or its model after it (a usage word on its line or a problem with it is not enough: "you can contact ...
    Dell EMC Customer Support" is a company's name, "a problem with Philips, my line manager" a person's)."""
    text = scan.text
    plain = set(BRAND.find(scan))
    for start, end in dict.fromkeys([*plain, *_find_named_brands(scan)]):
        if (start, end) not in plain:
            if (
                _appliance_words().search(text, max(0, start - 24), start)
                or _appliance_words().match(text, end + 1)
                or _coded_model_after(text, end)
            ) and not _EMPLOYER_BEFORE.search(text, max(0, start - 48), start):
                yield start, end  # "la lavastoviglie Bosch", "the Bosch dishwasher"
            continue
        if _plain_brand_compounds().fullmatch(text, start, end):
            yield start, end  # "Sehr geehrtes Lieferando-Team": the brand's own service
            continue
        if _EMPLOYER_BEFORE.search(text, max(0, start - 48), start):
            continue  # "Trabajo en el portal de Iberdrola", "contratado por Inditex": an employer, whatever follows
        ls = max(text.rfind("\n", 0, start) + 1, start - _USAGE_WINDOW)
        le = text.find("\n", end)
        le = min(le if le >= 0 else len(text), end + _USAGE_WINDOW)
        if _usage_words().search(text, ls, start) or _usage_words().search(text, end, le):
            yield start, end
        elif _PROBLEM_WITH.search(text, max(ls, start - 40), start) or (
            _CONTACTED.search(text, max(ls, start - 40), start) and not _CAPITAL_AFTER.match(text, end)
        ):
            yield start, end  # not "Thanks for contacting Vodafone Jones, your case manager"
        elif _coded_model_after(text, end):
            # "The Netgear Nighthawk R7000 drops", "my Lenovo IdeaPad 5": the maker of a model
            # ("a CommBank Copilot", a line without its model, may be the writer's employer's; "Facebook 2011-2023"
            # a span of years)
            yield start, end


def _coded_model_after(text: str, end: int) -> bool:
    """A model right after a brand: a code with letters and digits, or a listed product line and its model."""
    tail = _MODEL_TAIL.match(text, end)
    if tail is not None:
        return any(c.isalpha() for c in tail.group(1))
    line = _product_lines().match(text, end + 1)
    return line is not None and _MODEL_TAIL.match(text, line.end()) is not None


def _find_user_agent_brands(scan: Scan) -> Iterator[tuple[int, int]]:
    for m in _USER_AGENT.finditer(scan.text):
        yield m.span(1)


#: a product and its version in a user agent ("Mozilla/5.0", "AppleWebKit/537.36")
_AGENT_TOKEN = re.compile(r"(?<![\w/.-])[A-Z][\w.-]*/\d+(?:\.\d+)+")
#: the comment in brackets after a user agent's product ("(Windows NT 10.0; Win64; x64)", "(KHTML, like Gecko)")
_AGENT_COMMENT = re.compile(r"(?<=[\w.]/)[\d.]+ \(([^()\n]{2,120})\)|(?<=\d) \((KHTML, like Gecko)\)")


def in_user_agent(text: str, pos: int) -> bool:
    """The line around ``pos`` is a user agent's: three products with their versions or more (``Mozilla/5.0 ...
    AppleWebKit/537.36 ... Chrome/110.0.0.0 Safari/537.36``)."""
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    return len(_AGENT_TOKEN.findall(text, line_start, line_end if line_end >= 0 else len(text))) >= 3


def _find_user_agent_comments(scan: Scan) -> Iterator[tuple[int, int]]:
    for m in _AGENT_COMMENT.finditer(scan.text):
        if not in_user_agent(scan.text, m.start()):
            continue
        group = m.lastindex or 0
        if m.group(group) == "KHTML, like Gecko":
            yield m.span(group)
            continue
        for part in re.finditer(r"[^;]+", m.group(group)):
            if _PLATFORM.fullmatch(part.group().strip()):
                start = m.start(group) + part.start() + len(part.group()) - len(part.group().lstrip())
                yield start, m.start(group) + part.end() - (len(part.group()) - len(part.group().rstrip()))


#: the platform's parts of a user agent's brackets ("Windows NT 10.0", "Win64", "x64", "Linux", "Android 13",
#: "Intel Mac OS X 10_15_7", "CPU iPhone OS 17_1 like Mac OS X", "rv:109.0", "U", "en-US"): no device's owner
_PLATFORM = re.compile(
    r"Windows NT [\d.]+|Windows(?: Phone)?(?: [\d.]+)?|Win64|Win32|WOW64|x64|x86_64|i686|arm64|aarch64|Macintosh|"
    r"Intel Mac OS X [\d_.]+|X11|Linux(?: x86_64| aarch64| i686)?|Ubuntu|Fedora|CrOS [\w.]+ [\d.]+|Android [\d.]+|"
    r"U|Mobile|Tablet|compatible|iPhone|iPad|iPod(?: touch)?|CPU (?:iPhone )?OS [\d_]+ like Mac OS X|"
    r"rv:[\d.]+|[a-z]{2}(?:[-_][A-Za-z]{2})?|Trident/[\d.]+|Touch|KHTML, like Gecko"
)


USER_AGENT = KeepRule(
    id="technical.user_agent",
    kind="brand",
    vetoes=ALL_LABELS,
    find=_find_user_agent_brands,
    description="the product of a user agent (MediaMarkt/7.5.1 (iOS 18.2)): an app, not a person or a secret",
    examples=(('"-" "MediaMarkt/7.5.1 (iOS 18.2)"', "MediaMarkt"), ("Mozilla/5.0 (Windows NT 10.0)", "Mozilla")),
    negatives=("Ana/Pedro are both away", "see 12/05 at 10:00", '"Date": "Juli/06"'),
)

USER_AGENT_COMMENT = KeepRule(
    id="technical.user_agent_comment",
    kind="brand",
    vetoes=NAME_LABELS,
    find=_find_user_agent_comments,
    guesses_only=True,
    description="the platform in brackets in a user agent of three products or more ((Windows NT 10.0; Win64; x64), "
    "(KHTML, like Gecko)): no guess of a person, a firm or a place",
    examples=(
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 "
            "Safari/537.36",
            "Win64",
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 "
            "Safari/537.36",
            "KHTML, like Gecko",
        ),
    ),
    negatives=(
        "MyApp/2.1 (contact Ana Souza)",
        "Ana/Pedro (12.5) left",
        "Dalvik/2.1.0 (Ahmed Khan Phone) Okhttp/4.9.3 Retrofit/2.9.0",
        "Teams/1.6.00 (Lucía Fernández) Electron/25.9.8 Chrome/114.0.5735.289",
    ),
)

BRAND_IN_USE = KeepRule(
    id="technical.brand_in_use",
    kind="brand",
    vetoes=frozenset({Label.ORGANIZATION}),
    find=_find_brands_in_use,
    lexicons=("technical_brands", "technical_usage_words", "technical_appliance_words"),
    description="a listed brand used as a product (a usage word near it, a problem with it, its service's "
    "compound): no organisation either",
    examples=(
        ("I ordered from Deliveroo and the app crashed", "Deliveroo"),
        ("Outlook crashes after the update", "Outlook"),
        ("Hi, the issue with Dropbox is still there.", "Dropbox"),
        ("Bonjour, j'ai un problème avec Darty.", "Darty"),
        ("The Netgear Nighthawk R7000 drops the 5 GHz band.", "Netgear"),
        ("my Lenovo IdeaPad 5 14ALC05 overheats", "Lenovo"),
        ("O pipeline do GitLab está falhando no job deploy.", "GitLab"),
        ("La lavastoviglie Bosch perde acqua da ieri.", "Bosch"),
        ("Il mio forno Balay non scalda più.", "Balay"),
        ("Agent: Thanks for contacting Vodafone. How can I help?\nCustomer: My router shows an error.", "Vodafone"),
        ("Gracias por contactar con Movistar.\nCliente: no tengo línea.", "Movistar"),
    ),
    negatives=(
        "I m larry zhang from Huawei CEM team",
        "the largest cohort that AWS has seen",
        "More than 20 casual games on Facebook 2011-2023",
        "developing a CommBank Copilot to resolve customer queries",
        "Trabajo en el portal de Iberdrola y desde ayer no me llega la nómina.",
        "Estoy contratado por Inditex desde 2019 y el portal del empleado falla.",
        "I work at Philips on the dishwasher line.",
    ),
)

#: a brand's name, on one line ("Mihai.\nO app": a name ends its sentence, the next line's app is no brand's)
_X = (
    r"((?:[A-Z]|[ie][A-Z])[\w&'.!+-]*(?:[ \t]+(?:[A-Z0-9][\w&'.!+-]*|&|de|of|du|des|di|do|da))*?"
    r"(?:[ \t]+[A-Z0-9][\w&'.!+-]*)?)"
)
_VENDOR_CONTEXT = (
    # the app of a brand: "the Nokia app", "la app de SNCF Connect", "l'appli Expedia", "die Lidl-App"
    re.compile(rf"(?<![\w-])(?:{_X})[- ](?:app|App|appli|application)(?![\w])"),
    re.compile(
        rf"(?i:(?<![\w])(?:app|appli|application|aplicación|aplicação|applicazione|anwendung|aplicació|applicatie|"
        rf"aplikacj[aięą]|uygulama(?:sı|sını)?)(?:\s+(?:de|di|do|da|du|von|of))?)\s+{_X}(?![\w])"
    ),
    # the vendor addressed: "Dear Conrad support", "soporte de Vueling", "Kundenservice von Otto"
    re.compile(
        rf"(?i:(?:^|(?<=[\s,.;:!?]))(?:dear|hi|hello|hey|estimado|estimada|querido|caro|gentile|cher|chère|liebe|lieber|"
        rf"hola|olá|ciao|bonjour|hallo)\s+(?:the\s+)?){_X}\s+(?i:support|customer service|help ?desk|team|"
        rf"soporte|suporte|assistenza|kundenservice|kundendienst|service client)(?![\w])"
    ),
    re.compile(
        rf"(?i:(?<![\w])(?:soporte|servicio técnico|atención al cliente|suporte|apoio ao cliente|assistenza|"
        rf"supporto|servizio clienti|service client|service clients|kundenservice|kundendienst|support team|"
        rf"customer service)(?:\s+(?:de|di|do|da|du|von|of|at))?)\s+{_X}(?![\w])"
    ),
    # the shop an order comes from: "ordered from Conrad", "compré en Douglas", "bei Otto bestellt"
    re.compile(
        rf"(?i:(?<![\w])(?:ordered|bought|purchased|booked)(?:\s+(?:it|them|this|a\s+\w+))?\s+(?:from|at|on|with|through|via)"
        rf"|(?:compré|pedí|reservé)(?:\s+\w+)?\s+(?:en|a|con)|(?:comprei|encomendei|reservei)(?:\s+\w+)?\s+(?:na|no|em|à|ao)"
        rf"|(?:ho comprato|ho ordinato|ho prenotato)(?:\s+\w+)?\s+(?:su|da|presso|con)"
        rf"|(?:acheté|commandé|réservé)(?:\s+\w+)?\s+(?:chez|sur|auprès de|avec))\s+{_X}(?![\w])"
    ),
    re.compile(rf"(?<![\w])(?:bei|von)\s+{_X}\s+(?:bestellt|gekauft|gebucht)(?![\w])"),
)


_PAID_WITH = re.compile(
    rf"(?i:(?<![\w])(?:paid|pay|paying|logged in|log in|signed in|sign in|booked|subscribed|registered|"
    rf"pagué|pago|pagar|pagando|paguei|pagamento|ho pagato|pagato|pagare|payé|payer|paiement|bezahlt|bezahle|zahle|"
    rf"inicié sesión|entrei|accedo|connecté)\s+(?:it\s+)?"
    rf"(?:with|via|through|using|on|in|con|com|avec|mit|über|par|tramite|por|pela|pelo))"
    rf"\s+(?:(?:the|my|el|mi|la|o|a|meu|minha|il|mio|le|mon|ma|meinem|meiner|dem|der)\s+)?{_X}(?![\w])"
)
_BRAND_THING = re.compile(
    rf"(?<![\w-]){_X}\s+(?i:account|card|wallet|order|booking|subscription|membership|website|web site|store|"
    rf"checkout|login|login page|sign-in page|profile|voucher|gift card|points|miles|rewards|password|passcode|"
    rf"dashboard|portal|inbox|integration|plugin|plug-in|extension|server|servers)(?![\w])"
)


_FAILING = re.compile(
    rf"(?<![\w-]){_X}\s+(?i:keeps failing|keeps crashing|keeps freezing|is down|went down|stopped working|won't load|"
    rf"won't open|no funciona|no carga|no abre|se cae|se cuelga|não funciona|não abre|não carrega|parou de funcionar|"
    rf"non funziona|non si apre|non carica|si blocca|plante|ne marche plus|ne fonctionne plus|ne s'ouvre plus|"
    rf"funktioniert nicht|stürzt ab|geht nicht|lädt nicht|falla|fallan|falha|falham|va in crash|crashes|fails)(?![\w])"
)
_USES = re.compile(
    rf"(?i:(?<![\w])(?:we use|we are using|our team uses|our company uses|usamos|utilizamos|usa(?:mos)? o|usa a|"
    rf"utilizamos o|utilise|utilisons|usiamo|utilizziamo|il nostro team usa|nutzen|verwenden|benutzen|wir nutzen)"
    rf"(?:\s+(?:the|el|la|o|a|"
    rf"il|lo|le|l'|den|die|das))?)\s+{_X}(?![\w])"
)
_LOG_PREFIX = re.compile(
    rf"(?m)^\s*\[{_X}\]\s+(?i:error|erro|errore|erreur|fehler|fout|błąd|hata|warn|warning|fatal|exception)(?![\w])"
    rf"|(?i:product|produto|produkt|produit|prodotto|producto):\s+{_X}\s+--"
)
_OUTAGE = re.compile(
    rf"(?i:(?<![\w])(?:outage|outages|incidencia|incidente|avería|caída|panne|störung|interruzione|guasto|disservizio|"
    rf"falha|instabilidade|avaria)\s+(?:with|on|at|of|con|en|de|del|di|da|do|bei|von|chez|du|com|na|no|su|mit)(?:\s+(?:the|el|la|il|lo|o|a|le|l'|der|dem))?)"
    rf"\s+{_X}(?![\w])"
    rf"|(?i:(?<![\w])(?:about|sobre|su|à propos de|über|acerca de|riguardo a))\s+{_X}\s*:\s*"
    rf"(?i:is there an outage|hay|há|c'è|y a-t-il|gibt es)"
)
#: a program installed or moved away from ("After installing Norvana Connect", "we migrated from Quentis"; not
#: "installed Tkachenko as the new admin")
_INSTALLED = re.compile(
    rf"(?i:(?<![\w])(?:install|installed|installing|reinstall|reinstalled|reinstalling|uninstall|uninstalled|"
    rf"uninstalling|migrated from|migrating from|migrated to|migrating to|switched from|switching from|"
    rf"instalé|instalar|desinstalé|desinstalar|installé|installer|désinstallé|installiert|deinstalliert|"
    rf"installato|installare|disinstallato|instalei|desinstalei)(?:\s+(?:the|el|la|le|l'|il|lo|o|a|das|den))?)"
    rf"\s+{_X}(?![\w])(?![ \t]+(?i:as|como|come|comme|als)(?![\w]))"
)
#: the service moved to ("migrated from Quentis to Lumora", "switched from Vodafone to Orange Spain")
_MIGRATED_TO = re.compile(
    rf"(?i:(?<![\w])(?:migrated|migrating|switched|switching)\s+from\s+[^\s]+(?:\s+[^\s]+)?\s+to)\s+{_X}(?![\w])"
)
_BETWEEN = re.compile(
    rf"(?i:(?<![\w])(?:between|entre|tra|fra|zwischen))\s+(?:(?:the|el|la|o|a|il|lo|le|l'|dem|der)\s+)?{_X}\s+"
    rf"(?i:and|y|e|et|und)\s+(?i:our|my|nuestra|nuestro|mi|a nossa|o nosso|nossa|nosso|notre|nos|la nostra|il nostro|"
    rf"nostra|nostro|unserer|unserem|unseren|meiner|meinem)(?![\w])"
)


#: the vendor's own product, named after "your" and the product's kind ("votre logiciel Facturo", "il vostro connettore
#: ListaPro", "votre plateforme Voltéo", "your app Stallhub", "Ihr Portal Heizwerk"): the company the ticket is written
#: to, not the writer's employer
_YOUR_PRODUCT = re.compile(
    r"(?i:(?<![\w])(?:your|votre|vos|vostro|vostra|vostri|vostre|su|sus|vuestro|vuestra|seu|sua|vosso|vossa|"
    r"ihr|ihre|ihrem|ihren|ihrer|uw)\s+(?:software|logiciel|programme|programm|programa|programma|app|appli|"
    r"application|aplicación|aplicação|applicazione|platform|plateforme|plataforma|piattaforma|plattform|portal|"
    r"portail|portale|connector|connecteur|connettore|conector|konnektor|locker|hub|tool|outil|strumento|herramienta|"
    r"ferramenta|solution|solución|solução|soluzione|lösung|module|modul|modulo|módulo|plugin|extension|"
    r"integration|intégration|integración|integração|integrazione|gateway|box|terminal|borne|charger|chargeur|"
    r"cargador|carregador|caricatore|wallbox|camera|caméra|cámara|câmera|telecamera|kamera|router|routeur|"
    r"enrutador|roteador|thermostat|termostato|thermostaat|sensor|capteur|sensore|gerät|appareil|dispositivo)"
    r"\s+)((?:[A-Z]|[ie][A-Z])[\w&+!]*)(?![\w'’-])(?![ \t]+[A-Z])"
)


#: the contexts only a service stands in: no first-name guard
#: the contexts where a listed surname is a person too ("We installed Tkachenko", "switched from Dr. Okonkwo")
_PERSON_PLAUSIBLE = (_INSTALLED, _MIGRATED_TO)
#: the titles that open a person's name, no brand's
_TITLES = frozenset(
    {"dr", "mr", "mrs", "ms", "herr", "frau", "sr", "sra", "srta", "dott", "dottor", "prof", "mme", "m"}
)


def _one_sentence(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A name does not run across the end of a sentence ("ABC Corp. They")."""
    cut = re.search(r"[.!?]\s+(?=[A-Z])", text[start:end])
    end = (
        start + cut.start() + (1 if text[start + cut.start() - 1 : start + cut.start()].isupper() else 0)
        if cut
        else end
    )
    return (start, end) if end > start else None


def _bare(word: str) -> str:
    """A word folded, without a possessive ending ("Thomas's" -> "thomas"; "Thomas" stays "thomas")."""
    return fold(re.sub(r"['’]s$", "", word))


def _find_brand_things(scan: Scan) -> Iterator[tuple[int, int]]:
    first, last, _, _ = load_gazetteers()
    for m in _BRAND_THING.finditer(scan.text):
        span = _one_sentence(scan.text, *m.span(1))
        # "the Kowalski password", "Maria account manager": a person's
        if span and not any(_bare(w) in first or _bare(w) in last for w in scan.text[span[0] : span[1]].split()):
            yield span


def _find_vendors(scan: Scan) -> Iterator[tuple[int, int]]:
    first, last, _, _ = load_gazetteers()
    for i, pattern in enumerate(_VENDOR_CONTEXT):
        for m in pattern.finditer(scan.text):
            if i == 1 and any(_bare(w) in first for w in m.group(1).split()):
                continue  # "the app Maria said": a person after the word, not the app's name
            yield m.span(1)
    for pattern in (
        _PAID_WITH, _FAILING, _OUTAGE, _BETWEEN, _USES, _LOG_PREFIX, _INSTALLED, _MIGRATED_TO, _YOUR_PRODUCT,
    ):  # fmt: skip
        for m in pattern.finditer(scan.text):
            g = next(i for i in range(1, (pattern.groups or 1) + 1) if m.group(i))
            span = _one_sentence(scan.text, *m.span(g))
            if span is None:
                continue
            # a first name stays a person ("since Monday Maria is down", "paid with Maria's card", "a
            # misunderstanding between Lucía and our team"), a listed brand that is one is kept by the brand rules
            words = [_bare(w).rstrip(".") for w in scan.text[span[0] : span[1]].split()]
            if any(w in first or w in _TITLES for w in words):
                continue  # "Usamos a Lucía para las nóminas", "switched from Dr. Okonkwo": a person
            if (pattern in _PERSON_PLAUSIBLE or pattern is _YOUR_PRODUCT) and any(w in last for w in words):
                continue  # "Votre terminal Lemaire", "installed Tkachenko": a person's
            yield span


VENDOR = KeepRule(
    id="technical.vendor",
    kind="brand",
    vetoes=frozenset(
        {Label.PERSON, Label.ORGANIZATION, Label.LOCATION, Label.CITY, Label.NRP, Label.USERNAME, Label.JOB}
    ),
    find=_find_vendors,
    description="a brand by its role in the ticket: the app of it, the vendor addressed, the shop an order came from",
    examples=(
        ("after macOS 17.2.1 the Nokia app crashes", "Nokia"),
        ("la app de SNCF Connect se cierra", "SNCF Connect"),
        ("Dear Conrad support, I'm writing", "Conrad"),
        ("Estimado soporte de Vueling: el Surface", "Vueling"),
        ("I ordered from Douglas last week", "Douglas"),
        ("I paid with Klarna yesterday", "Klarna"),
        ("since this morning Telepizza keeps failing on my phone", "Telepizza"),
        ("Something broke between Deutsche Bahn and our integration", "Deutsche Bahn"),
        ("¿hay alguna incidencia con Glovo? A mí", "Glovo"),
        ("Bonjour, notre équipe utilise UniCredit avec la formule", "UniCredit"),
        ("[CaixaBank] Fehler NET::ERR_CERT", "CaixaBank"),
        ("Morning! Something broke between iFood and our integration overnight.", "iFood"),
        ("After installing Norvana Connect, Outlook crashes.", "Norvana Connect"),
        ("We migrated from Quentis to Lumora last month.", "Lumora"),
        ("Bonjour,\nVotre logiciel Facturo m'a prélevé deux fois", "Facturo"),
        ("usiamo il vostro connettore ListaPro per sincronizzare", "ListaPro"),
        ("supervisée par votre plateforme Voltéo en OCPP 1.6J", "Voltéo"),
    ),
    negatives=(
        "Dear John, thanks for your help",
        "I spoke with Ana Souza from billing",
        "my daughter Alexa",
        "I paid with Maria's card",
        "I paid with Thomas's card",
        "Maria account manager called",
        "since Monday Maria is down with flu",
        "our team uses Ana Souza as the contact",
        "Hubo un malentendido entre Lucía y nuestro equipo de ventas.",
        "We installed Tkachenko as the new admin of the shop account.",
        "We switched from Dr. Okonkwo to Dr. Adeyemi last year.",
        "votre conseiller Dupont ne répond pas",
        "the app Maria said it was fixed",
        "your router Maria set up is fine",
        "il vostro tecnico Rossi non è venuto",
        "Votre terminal Boulangerie Lemaire ne transmet plus",
        "Your router Kowalczyk-WiFi keeps dropping the 5 GHz band.",
        "Ihr Hub Familie Brandtner meldet sich ständig ab.",
    ),
)

_TROUBLE_WITH = re.compile(
    r"(?i:(?<![\w])(?:problem|problems|issue|issues|trouble|problema|problemas|problemi|problème|problèmes|souci|"
    r"soucis|probleme)\s+(?:with|con|com|avec|mit)(?:\s+(?:the|el|la|o|a|le|l'|il|lo|dem|der|den))?)\s+"
    r"([A-Z][\w&'.!+-]*(?:\s+[A-Z][\w&'.!+-]*)?)(?![\w])"
)


def _find_trouble(scan: Scan) -> Iterator[tuple[int, int]]:
    first, last, _, _ = load_gazetteers()
    for m in _TROUBLE_WITH.finditer(scan.text):
        words = [_bare(w) for w in m.group(1).split()]
        if not any(w in first or w in last for w in words):  # "a problem with Maria", "... with Smith" stay
            yield m.span(1)


TROUBLE_WITH = KeepRule(
    id="technical.trouble_with",
    kind="brand",
    vetoes=frozenset({Label.PERSON, Label.ORGANIZATION, Label.LOCATION, Label.CITY, Label.NRP}),
    find=_find_trouble,
    description="what a customer has a problem with (a product, a service; no listed first name or surname): "
    "no person, organisation or place",
    examples=(
        ("tengo un problema con FlixBus desde", "FlixBus"),
        ("the issue with Nokia is still there", "Nokia"),
        ("le souci avec Bankinter persiste", "Bankinter"),
    ),
    negatives=(
        "I have a problem with Maria in billing",
        "call 0612 345 678",
        "the issue with Smith in billing",
        "the issue with Jones in billing",
    ),
)

_SHOP_NAME = r"([A-Z][\w&'’.!+-]*(?:[ \t]+[A-Z][\w&'’.!+-]*)?)"
#: a shop or a service named by what a customer did there: bought or ordered there, or paid through it
_BOUGHT_AT = re.compile(
    r"(?i:(?<![\w])(?:(?:ordered|bought|purchased|shopping)[ \t]+(?:it[ \t]+)?(?:from|at|on|via)|paid[ \t]+(?:via|on)|"
    r"(?:compré|compramos|comprado|comprada|pedí|pedimos|encargué|pedido|compra)[ \t]+(?:en|a|por)|"
    r"(?:comprei|compramos|comprado|comprada|encomendei|encomendámos|encomenda|compra)[ \t]+"
    r"(?:na|no|em|à|ao|pela|pelo)|"
    r"(?:ordinato|ordinata|comprato|comprata|acquistato|acquistata|ordine|acquisto)[ \t]+(?:su|da|presso|tramite)|"
    r"(?:commandé|commandée|acheté|achetée|commande|achat)[ \t]+(?:sur|chez|via)|"
    r"(?:bestellung|einkauf)[ \t]+bei|bei))[ \t]*" + _SHOP_NAME + r"(?![\w])"
)
#: a service named by its help desk or its app ("the support of X", "X support", "la app de X", "X-Kundenservice")
_HELP_DESK_OF = re.compile(
    r"(?i:(?<![\w])(?:customer[ \t]+(?:service|support|care)[ \t]+(?:of|at|from)|"
    r"(?:soporte|atención[ \t]+al[ \t]+cliente|servicio[ \t]+técnico|la[ \t]+app|la[ \t]+web)[ \t]+de|"
    r"(?:suporte|apoio[ \t]+ao[ \t]+cliente|serviço[ \t]+de[ \t]+apoio|a[ \t]+app|o[ \t]+site)[ \t]+(?:da|do|de)|"
    r"(?:assistenza(?:[ \t]+clienti)?|servizio[ \t]+clienti|l'app|il[ \t]+sito)[ \t]+(?:di[ \t]+)?|"
    r"(?:service[ \t]+client(?:s|èle)?|support|l'appli(?:cation)?|le[ \t]+site)[ \t]+(?:de[ \t]+|d'|du[ \t]+)?|"
    r"(?:kundenservice|kundendienst|support|hotline|die[ \t]+app)[ \t]+(?:von|bei)))[ \t]*" + _SHOP_NAME + r"(?![\w])"
)
#: (in small letters: "Dell EMC Customer Support Center" is a department's name, a company's that may be an employer)
_HELP_DESK_AFTER = re.compile(
    r"(?<![\w])" + _SHOP_NAME + r"(?:[ \t]+|-)"
    r"(?:support|customer[ \t]+(?:service|support|care)|help[ \t]?desk|hotline|app|website|online[ \t]+shop|"
    r"(?i:kundenservice|kundendienst))(?![\w])"
)
#: what a German customer did at a shop, after its name ("bei Zalando bestellt")
_SHOP_DONE = re.compile(r"[ \t]+(?:\w+[ \t]+){0,3}?(?:bestellt|gekauft|gebucht|bezahlt)(?![\w])")


def _find_shops(scan: Scan) -> Iterator[tuple[int, int]]:
    """A shop or a service where a customer bought, or whose help desk or app they name; no listed first name or
    surname, no title and no family's word in its name ("bought it from Tim", "support Nowak said", "bei Familie
    Schneider gebucht", "Hargreaves support here" may name a person: only a name no list holds is a shop's)."""
    first, last, places, _ = load_gazetteers()
    text = scan.text
    for pattern in (_BOUGHT_AT, _HELP_DESK_OF, _HELP_DESK_AFTER):
        for m in pattern.finditer(text):
            words = [_bare(w) for w in m.group(1).split()]
            if any(w in first or w in last or w.rstrip(".") in _TITLES or w in _FAMILY_WORDS for w in words):
                continue
            if places.get(" ".join(words).strip(".,;:!?")) == Label.COUNTRY:
                continue  # "una compra en Tailandia": where, not from whom
            if pattern is _BOUGHT_AT and m.group().lower().startswith("bei") and not _SHOP_DONE.match(text, m.end(1)):
                continue  # "bei Müller": at someone's
            desk = text[m.start() : m.start(1)] if pattern is _HELP_DESK_OF else ""
            if re.search(r"(?<![\w'])[A-Z]", desk[1:]) or (
                desk[:1].isupper() and not sentence_initial(text, m.start())
            ):
                continue  # "Customer Support Center": a department's name in capitals, no help desk of a shop
            yield m.span(1)


#: the words for a family before its name ("Familie Schneider", "famiglia Rossi")
_FAMILY_WORDS = frozenset({"familie", "family", "familia", "famiglia", "famille", "rodzina", "aile", "gezin"})


SHOP = KeepRule(
    id="technical.shop",
    kind="brand",
    # a shop's country site is the shop's ("o site da Fnac Portugal")
    vetoes=frozenset(
        {Label.PERSON, Label.ORGANIZATION, Label.LOCATION, Label.CITY, Label.STATE, Label.COUNTRY, Label.NRP}
    ),
    find=_find_shops,
    description="a shop or a service named by what a customer did there (ordered from, bought at) or by its help "
    "desk or app (no listed first name or surname, title or family's word in it): no person, organisation or place",
    examples=(
        ("I ordered from Carphone Warehouse last week", "Carphone Warehouse"),
        ("Hiscox support never replied", "Hiscox"),
        ("compré en Seur un envío", "Seur"),
        ("ho ordinato su Zooplus e non è arrivato", "Zooplus"),
        ("j'ai commandé sur Cdiscount", "Cdiscount"),
        ("ich habe bei Zalando bestellt", "Zalando"),
        ("the Lloyds app logs me out", "Lloyds"),
        ("o suporte da Meo não responde", "Meo"),
        ("o site da Fnac Portugal dá erro 504 no checkout", "Fnac Portugal"),
    ),
    negatives=(
        "Vemos un bloqueo preventivo por una compra en Tailandia. ¿La ha hecho usted?",
        "I bought it from Tim last week",
        "ich war bei Müller im Büro",
        "Ana Souza support team called",
        "contact our team at the following: Dell EMC Customer Support Center",
        "I called support Maria said it was fixed",
        "I ordered from Dr Smith last week",
        "I called support Nowak picked up and said my account is locked.",
        "Hi, Hargreaves support here: I'm covering for your usual agent today.",
        "Wir haben bei Familie Schneider die Wohnung gebucht und bezahlt.",
        "Ho acquistato da Esposito, un privato su Subito, e il pacco non è mai arrivato.",
        "my neighbour Ana Souza",
    ),
)

_LANDMARK_HEADS = (
    r"(?:Monastery|Cathedral|Palace|Castle|Tower|Bridge|Museum|Basilica|Mosque|Abbey|Temple|Fountain|Gate|"
    r"Mezquita|Catedral|Palacio|Castillo|Museo|Alcázar|Mosteiro|Igreja|Palácio|Castelo|Torre|Ponte|Duomo|Basilica|"
    r"Fontana|Castello|Palazzo|Cattedrale|Schloss|Dom|Tor|Kirche|Münster|Burg|Musée|Château|Cathédrale|Basilique|"
    r"Abbaye|Pont|Arc|Fontaine)"
)
_LANDMARK_PHRASE = re.compile(
    rf"(?<![\w])(?:(?:[A-Z][\w'’-]+\s+)+{_LANDMARK_HEADS}|{_LANDMARK_HEADS}(?:\s+(?:of|de|del|da|do|di|du|des|von|der)"
    rf"(?:\s+(?:la|le|los|las|the))?)?\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)(?![\w])(?!\s*,?\s*\d)"
)


def _find_landmark_phrases(scan: Scan) -> Iterator[tuple[int, int]]:
    """A monument by its head word; not a person whose surname is one (Gerardo Pont, Ana Castillo)."""
    first, last, _, _ = load_gazetteers()
    for m in _LANDMARK_PHRASE.finditer(scan.text):
        words = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", m.group())]
        if not any(w in first for w in words) and not all(w in last or len(w) <= 3 for w in words):
            yield m.span()


BRAND_THING = KeepRule(
    id="technical.brand_thing",
    kind="brand",
    vetoes=frozenset({Label.PERSON, Label.LOCATION, Label.CITY, Label.NRP}),
    find=_find_brand_things,
    description="what owns an account, a card, an order (the Vinted account): no person or place; an unknown "
    "company stays masked as an organisation",
    examples=(
        ("my Vinted account was locked", "Vinted"),
        ("the ICBC card was declined", "ICBC"),
        ("Can you reset my Lumora password?", "Lumora"),
    ),
    negatives=(
        "Maria account manager called",
        "the account was locked",
        "Reset the Kowalski password please",
        "Reset the jSmith password, he is locked out.",
    ),
)

LANDMARK_PHRASE = KeepRule(
    id="technical.landmark_phrase",
    kind="landmark",
    vetoes=frozenset({Label.PERSON, Label.ORGANIZATION, Label.CITY, Label.STATE, Label.NRP}),
    find=_find_landmark_phrases,
    description="a monument named with its head word (Jerónimos Monastery, Mezquita of Córdoba): no person",
    examples=(
        ("the Jerónimos Monastery tour", "Jerónimos Monastery"),
        ("visit the Mezquita of Córdoba", "Mezquita of Córdoba"),
    ),
    negatives=(
        "I live in Harbour Tower, 12",
        "call Ana Souza",
        "saludo, Gerardo Pont Cabello",
        "de nuevo, Alexandra Cantón Castillo",
    ),
)

LANDMARK = KeepRule(
    id="technical.landmark",
    kind="landmark",
    vetoes=frozenset({Label.PERSON, Label.ORGANIZATION, Label.LOCATION, Label.CITY, Label.STREET_ADDRESS, Label.NRP}),
    find=_lexicon_finder("technical_landmarks"),
    lexicons=("technical_landmarks",),
    description="famous public places named as places (a list)",
    examples=(("will roaming work near the Colosseum?", "Colosseum"), ("a trip to the Taj Mahal", "Taj Mahal")),
    negatives=("I live at 14 Harbour Row", "my neighbour Ana Souza"),
)


@functools.cache
def _protocol_compounds() -> re.Pattern[str]:
    """A listed protocol as the first part of a hyphenated compound (``POP3-Verbindung``, ``IPv6-only``,
    ``OAuth 2.0-Verbindung``): the compound."""
    body = alternation(lexicons.words("technical_protocols"), case_sensitive=True)
    return regex_cache.compile(rf"(?<![\w.@/-])(?:{body})(?:[ \t]?\d+(?:\.\d+)*)?-[^\W\d_]{{2,}}(?![\w@-])")


_find_listed_protocols = _lexicon_finder("technical_protocols")


#: a title right before a word: the word is someone's name ("Sra. Modbus", "M. Thunderbolt")
_TITLE_BEFORE = re.compile(r"(?<![\w])([^\W\d_]{1,6})\.?[ \t]+$")


def _find_protocols(scan: Scan) -> Iterator[tuple[int, int]]:
    text = scan.text
    spans = [*_find_listed_protocols(scan), *(m.span() for m in _protocol_compounds().finditer(text))]
    for start, end in spans:  # the list's pattern built once, not per text
        title = _TITLE_BEFORE.search(text, max(0, start - 10), start)
        if title is None or fold(title.group(1)) not in _TITLES:
            yield start, end


PROTOCOL = KeepRule(
    id="technical.protocol",
    kind="protocol",
    vetoes=NUMBER_LABELS | NAME_LABELS,
    find=_find_protocols,
    lexicons=("technical_protocols",),
    description="protocol and technology names (SMTP, WPA3, PPPoE), alone or opening a compound (POP3-Verbindung)",
    examples=(
        ("IMAPS login fails after the WPA3 change", "WPA3"),
        ("PPPoE drops every hour", "PPPoE"),
        ("und jede POP3-Verbindung von dort wird abgelehnt", "POP3-Verbindung"),
        ("und jede OAuth 2.0-Verbindung von dort wird abgelehnt", "OAuth 2.0-Verbindung"),
    ),
    negatives=("my name is Ana Souza", "call 0612 345 678", "A Sra. Thunderbolt ligou ontem.", "Le client M. Modbus"),
)

#: the kept strings near which a listed brand is the product at fault (technical.brand_in_log)
_TECHNICAL_NEIGHBOURS = (ERROR_CODE, HTTP_STATUS, VERSION, PORT, LOG_TIMESTAMP, FILE_PATH)

#: the name of a program right before its version: one or two words, the last with a capital or a small "i"/"e"
#: ("Celery 5.3.6", "Docker Compose 2.24.6", "HyperOS 1.0.6.0", "Uconnect 5.0.24.1")
_NAME_BEFORE_VERSION = re.compile(
    r"(?<![\w.@/-])((?:[A-Z][\w+]*[ \t])?(?:[A-Z]|[ie][A-Z])[\w+]*)[ \t]+(?:[vV](?=\d)|\(?)$"
)


#: a word this frequent before a program's name opens the sentence ("Since HyperOS 1.0.6.0"), no part of the name
_OPENING_WORD_ZIPF = 4.0


def _find_versioned_software(scan: Scan) -> Iterator[tuple[int, int]]:
    """The program a kept version belongs to, written right before it; never a listed first name or surname (a
    person's name before a number is a person's), an article or a version's own word."""
    text = scan.text
    first, last, _, _ = load_gazetteers()
    for keep in VERSION.keeps(scan):
        if not text[keep.start : keep.start + 1].isdigit():
            continue  # the version's word ("firmware"), or a version of letters
        m = _NAME_BEFORE_VERSION.search(text, max(0, keep.start - 40), keep.start)
        if m is None:
            continue
        words = m.group(1).split()
        # an article, a version's word or a frequent word opening the sentence ("Since HyperOS") is no part of it
        while len(words) > 1 and (
            fold(words[0]) in SENTENCE_ARTICLES
            or _VERSION_CONTEXT.fullmatch(words[0])
            or zipf(words[0]) >= _OPENING_WORD_ZIPF
        ):
            words = words[1:]
        if not words or any(w.lower() in first or w.lower() in last for w in words):
            continue
        if _VERSION_CONTEXT.fullmatch(words[-1]):
            continue  # "Firmware 2.1.0": the version's word, kept by the version rule's cue
        yield m.end(1) - len(" ".join(words)), m.end(1)


VERSIONED_SOFTWARE = KeepRule(
    id="technical.versioned_software",
    kind="brand",
    vetoes=NAME_LABELS | {Label.USERNAME},
    find=_find_versioned_software,
    guesses_only=True,
    description="a program named right before its version (Celery 5.3.6, HyperOS 1.0.6.0): no person or company",
    examples=(
        ("Since HyperOS 1.0.6.0 the phone drops the network", "HyperOS"),
        ("we moved to Docker Compose 2.24.6 last week", "Docker Compose"),
        ("il sistema Uconnect 5.0.24.1 non mostra la navigazione", "Uconnect"),
    ),
    negatives=("Hermann 12.03.85 geboren", "Contact Rossi 2.4.58 please"),
)


#: the technical-context family, in the order the veto reads it
#: a Go stack frame's package inside its module and its function, which read like a web address ("internal/geo.(*Cache)
#: .Lookup" of "github.com/acme/tracker/internal/geo.(*Cache).Lookup(0x0)"; the module's owner may be a person, the
#: arguments anyone's values)
_GO_FRAME = re.compile(
    r"(?m)^[ \t]*[a-z0-9-]+(?:\.[a-z0-9-]+)+/[\w.-]+/[\w.-]+/((?:[\w.-]+/)*[\w-]+\.(?:\(\*?\w+\)\.)?\w+)\("
)
GO_FRAME = KeepRule(
    id="technical.go_frame",
    kind="code_symbol",
    vetoes=ALL_LABELS | frozenset({Label.URL}),
    find=lambda scan: (m.span(1) for m in _GO_FRAME.finditer(scan.text)),
    description="a Go stack frame's package inside its module and its function: no web address",
    examples=(
        (
            "goroutine 57 [running]:\ngithub.com/rutaexpress/tracker/internal/geo.(*Cache).Lookup(0x0, {0xc0001a6000})",
            "internal/geo.(*Cache).Lookup",
        ),
        ("main.main()\n\tgithub.com/acme/api/cmd/server.run(0xc000010000)", "cmd/server.run"),
    ),
    negatives=(
        "my profile github.com/janedoe (see it)",
        "https://github.com/janedoe/app/issues?user=jane",
        "instagram.com/ana.garcia(private)",
    ),
)


#: a logcat line's tag after its stamp, process, thread and level ("06-12 14:22:07.913 12044 12044 E AndroidRuntime:")
_LOGCAT_TAG = re.compile(
    r"(?m)^[ \t]*\d{2}-\d{2}[ \t]\d{2}:\d{2}:\d{2}\.\d{3}[ \t]+\d+[ \t]+\d+[ \t]+[VDIWEF][ \t]+"
    r"([A-Za-z][\w.$-]{0,60}?)[ \t]*:"
)
#: a Go frame of the main package or one without its module ("main.(*Handler).process(0xc000132000", "created by
#: main.(*Handler).Run in goroutine 1")
_GO_LOCAL_FRAME = re.compile(
    r"(?m)(?:^[ \t]*|created by[ \t]+)([a-z][a-z0-9_]*\.(?:\(\*?[A-Za-z_]\w*\)\.)?[A-Za-z_]\w*)"
    r"(?:\((?=0x|\)|\{0x)|[ \t]+in[ \t]+goroutine)"
)
#: a binary's name in an Apple crash report's frame ("0   RutaliaMapKit    0x0000000104a2b3c4 MapTileCache...")
_CRASH_FRAME_IMAGE = re.compile(r"(?m)^\d{1,3}[ \t]+([A-Za-z][\w.+-]{0,60})[ \t]+0x[0-9a-fA-F]{8,16}[ \t]")
#: a Gradle task's path (":app:compileReleaseKotlin")
_GRADLE_TASK = re.compile(r"(?i:task[ \t]+['\"]?|gradlew?[^\n]{0,60}?[ \t])(:[a-z][\w-]*(?::[A-Za-z][\w-]*)+)(?![\w:])")
#: a PHP method of a namespaced class ("Paybolt\\Gateway\\Client::createPayment()", "...->createPayment(")
_PHP_METHOD = re.compile(r"(?<![\w\\])((?:[A-Z]\w*\\)+[A-Z]\w*(?:::|->)[A-Za-z_]\w*)\(")
#: a systemd unit after journalctl's or systemctl's -u ("journalctl -u vigia-agent", "systemctl status nginx.service")
_UNIT_AFTER_COMMAND = re.compile(
    r"(?<![\w-])(?:journalctl(?:[ \t]+-[a-zA-Z]+)*[ \t]+(?:-u|--unit)[ \t=]+|systemctl[ \t]+"
    r"(?:status|start|stop|restart|reload|enable|disable|is-active)[ \t]+)([\w@.-]{2,80})"
)
#: a database's name after a statement on it ("BACKUP DATABASE Magazzino", "RESTORE DATABASE [Ventas]")
_SQL_DATABASE = re.compile(
    r"(?<![\w])(?:BACKUP|RESTORE|CREATE|DROP|ALTER)[ \t]+DATABASE[ \t]+\[?([A-Za-z_][\w$-]{0,63})\]?"
)
#: a Windows service in the service control manager's messages ("The VaultKeep Backup Agent service terminated")
_WINDOWS_SERVICE = re.compile(
    r"(?<![\w])The[ \t]+([A-Z][\w.-]*(?:[ \t]+[A-Z0-9][\w.-]*){0,5})[ \t]+service[ \t]+"
    r"(?:terminated unexpectedly|entered the [a-z]+ state|failed to start|depends on|hung on starting|"
    r"did not respond|was successfully sent)(?![\w])"
)
#: a docker compose resource and its state ("✔ Container gestionale-redis-1  Started", "Network app_default  Created")
_COMPOSE_RESOURCE = re.compile(
    r"(?m)^[ \t]*(?:[✔✘⠿!-][ \t]*)?(?:Container|Network|Volume|Image)[ \t]+([\w.-]{2,80})[ \t]+"
    r"(?:Started|Created|Running|Stopped|Removed|Error|Healthy|Waiting|Recreated|Built|Pulled|Exited)"
)
#: a docker compose log line's container ("plankboard-app-1  | 2024-04-22 ...")
_COMPOSE_PREFIX = re.compile(r"(?m)^([\w.-]{2,80}-\d{1,3})[ \t]+\|[ \t]")


#: the parts of a code's name: words between separators and the words of its inner capitals ("maria_lopez_wp",
#: "AnaSouza", "joao.silva")
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _names_someone(name: str) -> bool:
    """A part of ``name`` is a surname that is no English dictionary word, or a first name standing alone, with one
    other part or next to another name (``maria_lopez_wp``, ``AnaSouza``, ``Kowalski``, ``joao.silva``, ``maria``;
    not ``AndroidRuntime``, ``RutaliaMapKit``, ``VaultKeep Backup Agent``)."""
    first, last, _, _ = load_gazetteers()
    parts = [fold(p) for p in _NAME_PART.findall(name)]
    if any(len(f) >= 3 and f in last and not is_dictionary_word(f) for f in parts):
        return True
    named = [len(f) >= 3 and (f in first or f in last) for f in parts]
    return any(
        len(f) >= 3
        and f in first
        and (len(parts) <= 2 or (i > 0 and named[i - 1]) or (i + 1 < len(parts) and named[i + 1]))
        for i, f in enumerate(parts)
    )


def _find_log_structure(scan: Scan) -> Iterator[tuple[int, int]]:
    """Names that a log's, a trace's or a command's structure gives to code: a logcat tag, a Go frame of the main
    package, a crash report's binary, a Gradle task, a PHP method, a systemd unit, a database being backed up, a
    Windows service in its control manager's message; a docker compose resource or container only when made of
    software's words (a project is often named after its owner)."""
    text = scan.text
    for pattern in (_GO_LOCAL_FRAME, _PHP_METHOD):
        for m in pattern.finditer(text):
            yield m.span(1)
    # a name chosen by whoever set the thing up: none that names someone ("BACKUP DATABASE maria_lopez_wp", "journalctl
    # -u maria", "The Maria Santos service was ...")
    for pattern in (
        _LOGCAT_TAG,
        _CRASH_FRAME_IMAGE,
        _GRADLE_TASK,
        _UNIT_AFTER_COMMAND,
        _SQL_DATABASE,
        _WINDOWS_SERVICE,
    ):
        for m in pattern.finditer(text):
            if not _names_someone(m.group(1)):
                yield m.span(1)
    for pattern in (_COMPOSE_RESOURCE, _COMPOSE_PREFIX):
        for m in pattern.finditer(text):
            if technical_name(m.group(1)):
                yield m.span(1)


LOG_STRUCTURE = KeepRule(
    id="technical.log_structure",
    kind="code_symbol",
    vetoes=ALL_LABELS | frozenset({Label.URL}),
    find=_find_log_structure,
    description="names a log's, a trace's or a command's structure gives to code: logcat tags, Go frames of main, "
    "crash reports' binaries, Gradle tasks, PHP methods, systemd units, databases being backed up, Windows services, "
    "docker compose resources made of software's words",
    examples=(
        ("06-12 14:22:07.913 12044 12044 E AndroidRuntime: FATAL EXCEPTION: main", "AndroidRuntime"),
        ("main.(*Handler).process(0xc000132000, {0x9a5e20})", "main.(*Handler).process"),
        ("Thread 0 Crashed:\n0   RutaliaMapKit    0x0000000104a2b3c4 MapTileCache.tile(for:) + 212", "RutaliaMapKit"),
        ("> Task :app:compileReleaseKotlin FAILED", ":app:compileReleaseKotlin"),
        (
            "Uncaught TypeError: Paybolt\\Gateway\\Client::createPayment(): Argument #2",
            "Paybolt\\Gateway\\Client::createPayment",
        ),
        ("Saída do `journalctl -u vigia-agent`:", "vigia-agent"),
        ("BACKUP failed to complete the command BACKUP DATABASE Magazzino.", "Magazzino"),
        ("The VaultKeep Backup Agent service terminated unexpectedly.", "VaultKeep Backup Agent"),
        (" ✔ Container shop-redis-1    Started", "shop-redis-1"),
    ),
    negatives=(
        "The Smith family service was lovely",
        "The Lopez Cleaning service failed to show up",
        "BACKUP DATABASE maria_lopez_wp",
        "thanks :heart:Sarah you saved my day",
        " ✔ Container kuba-laptop-1    Started",
        "Call me at 12:30, Maria: I am at home",
        "my profile github.com/janedoe (see it)",
        "write to maria.lopez(at)gmail.com",
    ),
)


KEEP_RULES: tuple[KeepRule, ...] = (
    ERROR_CODE, TECHNICAL_KEY_VALUE, HTTP_STATUS, VERSION, PORT, LOG_TIMESTAMP, PROCESS_ID, FILE_PATH, FILE_NAME,
    CODE_SYMBOL, LIMIT_NAME, GO_FRAME,
    LOG_STRUCTURE,
    TEMPLATE_VARIABLE_RULE, TEMPLATE_SLOT, CODE_LITERAL, CLASS_LIST, DOTTED_SCOPE,
    COMMAND, PUBLIC_URL, SERVER_NAME,
    PRODUCT_MODEL, APPLIANCE, APPLIANCE_MODEL, PLAN, DATA_AMOUNT, BRAND, NAMED_BRAND, BRAND_IN_LOG, BRAND_IN_TICKET,
    USER_AGENT, USER_AGENT_COMMENT, BRAND_IN_USE, VENDOR, BRAND_THING,
    TROUBLE_WITH, SHOP, LANDMARK, LANDMARK_PHRASE, PROTOCOL, VERSIONED_SOFTWARE,
)  # fmt: skip
