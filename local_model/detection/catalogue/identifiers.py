"""Identifier rules: bank accounts, cards, national ids, document and reference numbers.

A validated match (IBAN mod-97, Luhn, DNI/NIE check letter) scores 1.0 and takes the validated
rank; a match of the right shape whose validator fails is still reported, with a lower score and
a more generic label, because a typo in an IBAN is still somebody's IBAN (recall over precision).
Every pattern is linear-time (no nested unbounded quantifiers).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from stdnum import iban as std_iban
from stdnum.exceptions import InvalidChecksum, ValidationError

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Hit, Rule, Scan, pattern_finder
from local_model.detection.catalogue.calibration import SCORE
from local_model.detection.catalogue.context import CODE_STOP, CONTEXT_LABELS, context_label, strip_trailing
from local_model.text.identifiers import dni_valid, iban_valid, luhn_valid
from local_model.text.textnorm import CJK_CHARS, CJK_RUN
from signatures.entities import Label

SHAPE_ONLY = SCORE["shape_only"]
CHECKSUM_TYPO = SCORE["checksum_typo"]

_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}\b")
_IBAN_LOOSE = re.compile(r"(?i)\b[A-Z]{2}\d{2}(?:[ .-]?[A-Z0-9]{4}){2,7}(?:[ .-]?[A-Z0-9]{1,4})?(?![A-Z0-9])")
_LAST_GROUP = re.compile(r"[ .-]?[A-Za-z0-9]{1,4}$")
_CARD = re.compile(r"(?<![\d-])\d{4}(?:[ -]?\d{2,4}){2,4}(?![\d-])")
_DNI = re.compile(r"(?<![\w-])(?:\d{8}|[XYZxyz][ -]?\d{7})[ -]?[A-Za-z](?![\w-])")
_DNI_LOOSE = re.compile(
    r"(?<![\w.-])(?:\d{1,2}[ .]?\d{3}[ .]?\d{3}|\d{4}[ .]\d{4}|[XYZxyz][ .-]?\d{1,4}[ .-]?\d{3,4}(?:[ .-]?\d{1,3})?)"
    r"[ .-]?[A-Za-z](?![\w-])"
)
# UK National Insurance number: two letters, three pairs of digits, a letter A-D (spaces or dashes)
_NINO = re.compile(r"(?<![\w-])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][ -]?\d{2}[ -]?\d{2}[ -]?\d{2}[ -]?[A-D](?![\w-])")
_SSN = re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}([- .])(?!00)\d{2}\1(?!0000)\d{4}(?![\d-])")
# digit runs with separators: phones, social numbers, generic identifiers
_NUMBER_BODY = r"(?:\+|00)?\(?\d{1,20}\)?(?:[ .\-/]{1,2}(?:\(0\)[ ]?)?\(?\d{1,20}\)?){0,6}"
_NUMBER = re.compile(r"(?<![\w+.,/:-])" + _NUMBER_BODY + r"(?![\w-]|[.,]\d)")
#: in a text with Chinese, Japanese or Korean in it, a number may also start right after such a
#: word, or after a colon that follows one, and end right before one ("手机：139 1077 4582",
#: "電話番号:090-3318-2746", "手机+86 186 1122 4739", "8854因为": no space there)
_NUMBER_CJK = re.compile(
    rf"(?:(?<![\w+.,/:-])|(?<=[{CJK_CHARS}])|(?<=[{CJK_CHARS}][:：]))"
    + _NUMBER_BODY
    + rf"(?:(?![\w-]|[.,]\d)|(?=[{CJK_CHARS}]))"
)
#: the words a phone number follows in Chinese, Japanese and Korean (no word boundary there)
_CJK_PHONE_WORDS = re.compile(
    r"(?:电话|電話|手机|手機|联系方式|聯絡|连络|連絡先|携帯|電話番号|전화|휴대폰|연락처)[^\d]{0,4}$"
)
# alphanumeric identifiers: passports, ID cards, driver licences, policy numbers
_ALNUM_ID = re.compile(
    r"(?<![\w@.-])(?=[\w'.-]*\d)(?=[\w'.-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9']{0,40}"
    r"(?:[ .\-][A-Z0-9]{1,12}){0,6}(?![\w@-]|\.\w)"
)
_UUID = re.compile(r"(?<![\w-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])")
#: prefixed references with slashes: "TRV/448201/23", "CVP/0017724/KL", "VND/IN/2024/0877", "REF/24/118203"
_SLASH_REF = re.compile(r"(?<![\w/])[A-Z]{2,5}(?:/[A-Z0-9]{1,12}){2,5}(?![\w/])")
# "the card ending in 7734", "card ends 0392", "tarjeta terminada en 4471": the last digits of a card
_CARD_ENDING = re.compile(
    r"(?i)(?<![\w])(?:ending(?:[ \t]+(?:in|with))?|ends(?:[ \t]+(?:in|with))?|last[ \t]+(?:4|four)(?:[ \t]+digits)?"
    r"(?:[ \t]+(?:are|is|of))?|terminada[ \t]+en|acabada[ \t]+en|termina[ \t]+en|acaba[ \t]+en|"
    r"últimos[ \t]+(?:4|cuatro)(?:[ \t]+(?:dígitos|digitos|números|numeros))?(?:[ \t]+(?:son|es))?)"
    r"[ \t]*[:\-]?[ \t]*(?:\*+[ \t]?)?(\d{4})(?![\w])"
)
_CARD_WORDS = re.compile(r"(?i)(?<![\w])(?:card|tarjeta|visa|mastercard|amex|débito|debito|crédito|credito)(?![\w])")


def _iban_status(value: str) -> str:
    """``valid``, ``checksum`` (right country, length and format; a check digit fails) or ``invalid``."""
    compact = re.sub(r"[\s.\-]", "", value).upper()
    try:
        std_iban.validate(compact)
    except InvalidChecksum:
        # stdnum checks the digits before the country and the length: only a value that is valid once its
        # check digits are right is a mistyped IBAN ("dc01.corp.example" is a host, no account)
        try:
            std_iban.validate(compact[:2] + std_iban.calc_check_digits(compact) + compact[4:])
        except ValidationError:
            return "invalid"
        return "checksum"
    except ValidationError:
        return "invalid"
    return "valid"


def _find_iban_loose(scan: Scan) -> Iterator[Hit]:
    """Lower case or dotted layouts (es91.2100.0418...): validated only."""
    text = scan.text
    for m in _IBAN_LOOSE.finditer(text):
        value = m.group()
        if _IBAN.fullmatch(value):
            continue
        for _ in range(3):  # "... 1332 gracias": the last groups are the next word
            if _iban_status(value) != "invalid" or len(value) < 15:
                break
            value = _LAST_GROUP.sub("", value)
        status = _iban_status(value)
        if status == "valid":
            yield Hit(m.start(), m.start() + len(value), Label.IBAN, VALIDATED)
        elif status == "checksum":  # the right layout with a mistyped check digit: still an account
            yield Hit(m.start(), m.start() + len(value), Label.ACCOUNT_NUMBER, CHECKSUM_TYPO)


def _find_iban(scan: Scan) -> Iterator[Hit]:
    for m in _IBAN.finditer(scan.text):
        value = m.group()
        if iban_valid(value):
            yield Hit(m.start(), m.end(), Label.IBAN, VALIDATED)
            continue
        try:
            std_iban.validate(value.replace(" ", "").replace("-", ""))
        except InvalidChecksum:
            # right country, length and format, wrong check digits: a mistyped IBAN is still one
            # account number, and outranks the digit groups inside it
            yield Hit(m.start(), m.end(), Label.ACCOUNT_NUMBER, CHECKSUM_TYPO)
            continue
        except ValidationError:
            pass
        if len(re.sub(r"\W", "", value)) >= 15:
            yield Hit(m.start(), m.end(), Label.ACCOUNT_NUMBER, SHAPE_ONLY)


def _find_card(scan: Scan) -> Iterator[Hit]:
    for m in _CARD.finditer(scan.text):
        # no card number starts with 00, the international call prefix ("0034 936 886 182" is a phone)
        if not m.group().startswith("00") and luhn_valid(m.group()):
            # an IMEI passes the Luhn check too: after its word it is a device's number, no card
            device = context_label(scan.text, m.start(), Label.CREDIT_CARD, 25) == Label.DEVICE_ID
            yield Hit(m.start(), m.end(), Label.DEVICE_ID if device else Label.CREDIT_CARD, VALIDATED)


def _find_dni(scan: Scan) -> Iterator[Hit]:
    for m in _DNI.finditer(scan.text):
        if dni_valid(m.group()):
            yield Hit(m.start(), m.end(), Label.NATIONAL_ID, VALIDATED)
        else:
            yield Hit(m.start(), m.end(), Label.ID_CARD, SHAPE_ONLY)


def _find_dni_loose(scan: Scan) -> Iterator[Hit]:
    """Other layouts people write: 48.291.637-D, 4829 1637-D, X-123-4567-L (validated only)."""
    for m in _DNI_LOOSE.finditer(scan.text):
        if dni_valid(m.group()):
            yield Hit(m.start(), m.end(), Label.NATIONAL_ID, VALIDATED)


def _find_ssn(scan: Scan) -> Iterator[Hit]:
    for m in _SSN.finditer(scan.text):
        label = context_label(scan.text, m.start(), Label.NATIONAL_ID)
        yield Hit(m.start(), m.end(), label, 0.9 if label == Label.NATIONAL_ID else 0.7)


def _find_nino(scan: Scan) -> Iterator[Hit]:
    for m in _NINO.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.NATIONAL_ID, 0.85)


#: years in a row ("2021 2022 2023", "2019, 2020")
_YEAR_LIST = re.compile(r"(?:(?:19|20)\d\d,?[ \t]+)+(?:19|20)\d\d")
#: two numbers with one decimal point each, joined by a dash (a confidence interval, a range of values)
_DECIMAL_RANGE = re.compile(r"\d{1,6}\.\d{1,6}[ \t]?[-–][ \t]?\d{1,6}\.\d{1,6}")


def _find_numbers(scan: Scan) -> Iterator[Hit]:
    """Phone numbers, social numbers and other digit identifiers (>= 6 digits)."""
    text = scan.text
    pattern = _NUMBER_CJK if CJK_RUN.search(text) else _NUMBER
    for m in pattern.finditer(text):
        start, end = m.start(), strip_trailing(text, m.start(), m.end(), " .-/(")
        value = text[start:end]
        if value.count("(") != value.count(")"):
            if value.startswith("("):
                start += 1
            end = strip_trailing(text, start, end, ")")
            value = text[start:end]
        digits = sum(c.isdigit() for c in value)
        if digits < 6 or digits > 20:
            continue
        bare = value[1:-1] if value.startswith("(") and value.endswith(")") else value
        if re.fullmatch(r"\d{4}\s?[-/]\s?\d{4}", bare) and 1800 <= int(bare[:4]) <= 2100:
            continue  # a year range ("2019-2023", "(2023-2032)")
        if _YEAR_LIST.fullmatch(bare):
            continue  # "Uni-v 2021 2022 2023": model years, no number of anyone's
        if _DECIMAL_RANGE.fullmatch(bare):
            continue  # "95% CI: 1.090-14.294": a range of two decimal numbers
        intl = value.startswith(("+", "00"))
        shape_phone = intl or bool(re.fullmatch(r"\(?0\d[\d\s().\-/]+", value))
        default = Label.PHONE if shape_phone or 9 <= digits <= 15 else Label.ID_CARD
        label = context_label(text, start, default)
        if label in (Label.CREDIT_CARD, Label.POSTCODE):
            label = default
        if label == Label.ID_CARD and _CJK_PHONE_WORDS.search(text, max(0, start - 10), start):
            label = default = Label.PHONE  # "電話 9123 4087": an eight-digit number after a phone word
        score = 0.85 if intl or label != default else 0.6
        yield Hit(start, end, label, score)


def _find_alnum_ids(scan: Scan) -> Iterator[Hit]:
    """Mixed letter/digit codes (passports, ID cards, licences, policy numbers)."""
    text = scan.text
    for m in _ALNUM_ID.finditer(text):
        start, end = m.start(), strip_trailing(text, m.start(), m.end(), " .-'")
        value = text[start:end]
        compact = re.sub(r"[\s.\-']", "", value)
        digits = sum(c.isdigit() for c in compact)
        if len(compact) < 5 or digits < 2:
            continue
        if CODE_STOP.match(compact) or CODE_STOP.match(value.split()[0]):
            continue
        if value.islower() and " " not in value:
            continue  # lower-case words with digits: left to the username rule
        label = context_label(text, start, Label.ID_CARD)
        if label in (Label.PHONE, Label.POSTCODE):
            label = Label.ID_CARD
        yield Hit(start, end, label, 0.75 if label != Label.ID_CARD else 0.55)


#: a Polish account number (NRB) written without its country code: two check digits and six groups
#: of four ("44 1090 5331 5142 8545 2103 1132"), or the 26 digits together
_NRB = re.compile(r"(?<![\w-])\d{2}(?:[ ]?\d{4}){6}(?![\w-])")


def _find_nrb(scan: Scan) -> Iterator[Hit]:
    """A Polish account number, checked as the IBAN it is with ``PL`` before it."""
    for m in _NRB.finditer(scan.text):
        if iban_valid("PL" + m.group()):
            yield Hit(m.start(), m.end(), Label.IBAN, VALIDATED)


def _find_uuids(scan: Scan) -> Iterator[Hit]:
    """UUIDs: opaque identifiers of a record, a session or a customer."""
    for m in _UUID.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.CUSTOMER_ID, 0.6)


def _find_slash_refs(scan: Scan) -> Iterator[Hit]:
    for m in _SLASH_REF.finditer(scan.text):
        if sum(c.isdigit() for c in m.group()) >= 4:
            yield Hit(m.start(), m.end(), context_label(scan.text, m.start(), Label.ACCOUNT_NUMBER), 0.7)


def _find_card_endings(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _CARD_ENDING.finditer(text):
        if _CARD_WORDS.search(text, max(0, m.start() - 60), m.end() + 20):
            yield Hit(m.start(1), m.end(1), Label.CREDIT_CARD, 0.6)


_D = "rules"
_V = "rules:validated"

IBAN_LOOSE = Rule(
    id="identifiers.iban_loose",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.IBAN, Label.ACCOUNT_NUMBER}),
    find=_find_iban_loose,
    source=_D,
    validated_source=_V,
    patterns=(_IBAN_LOOSE,),
    validator="iban mod-97",
    score=VALIDATED,
    description="an IBAN in lower case, dotted or grouped loosely, cut before the words that follow it",
    examples=(
        Example("mi cuenta es es91.2100.0418.4502.0005.1332 gracias", "es91.2100.0418.4502.0005.1332", Label.IBAN),
        Example("iban es91 2100 0418 4502 0005 1332 gracias", "es91 2100 0418 4502 0005 1332", Label.IBAN),
    ),
    negatives=("build AB12.3456 is out", "ldaps://dc01.corp.example:636 certificate error"),
)
IBAN = Rule(
    id="identifiers.iban",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.IBAN, Label.ACCOUNT_NUMBER}),
    find=_find_iban,
    source=_D,
    validated_source=_V,
    patterns=(_IBAN,),
    validator="iban mod-97",
    score=VALIDATED,
    description="an IBAN in capitals; a mistyped check digit is still an account number",
    examples=(
        Example("IBAN ES91 2100 0418 4502 0005 1332 please", "ES91 2100 0418 4502 0005 1332", Label.IBAN),
        Example("Mein Konto: DE89370400440532013000.", "DE89370400440532013000", Label.IBAN),
        Example("rekening NL91ABNA0417164300 graag", "NL91ABNA0417164300", Label.IBAN),
        Example("IBAN ES92 2100 0418 4502 0005 1332", "ES92 2100 0418 4502 0005 1332", Label.ACCOUNT_NUMBER),
    ),
    negatives=("the model is XR12 and the plan is basic", "ISO 27001 certified"),
)
NRB = Rule(
    id="identifiers.nrb",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.IBAN}),
    find=_find_nrb,
    source=_D,
    validated_source=_V,
    patterns=(_NRB,),
    validator="iban mod-97 with PL before it",
    score=VALIDATED,
    description="a Polish account number (NRB) without its country code, which checks as a PL IBAN",
    examples=(
        Example(
            "Proszę o zwrot na konto 44 1090 5331 5142 8545 2103 1132.", "44 1090 5331 5142 8545 2103 1132", Label.IBAN
        ),
        Example("rachunek 53124037968643593754829206 prezesa", "53124037968643593754829206", Label.IBAN),
    ),
    negatives=("numer zamówienia 44 1090 5331 5142 8545 2103 1133",),
)
CARD = Rule(
    id="identifiers.card",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.CREDIT_CARD, Label.DEVICE_ID}),
    find=_find_card,
    source=_D,
    validated_source=_V,
    patterns=(_CARD,),
    validator="luhn",
    score=VALIDATED,
    description="a payment card number that passes the Luhn check; after an IMEI word a device's number",
    examples=(
        Example("carte 4111 1111 1111 1111 expirée", "4111 1111 1111 1111", Label.CREDIT_CARD),
        Example("card 5500-0000-0000-0004 was charged", "5500-0000-0000-0004", Label.CREDIT_CARD),
        Example("Samsung Galaxy S23 IMEI 356938035643809 stolen", "356938035643809", Label.DEVICE_ID),
    ),
    negatives=("order 4111 1111 1111 1112 shipped", "Truqueu-me al 0034 936 886 182."),
)
DNI = Rule(
    id="identifiers.dni",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.NATIONAL_ID, Label.ID_CARD}),
    find=_find_dni,
    source=_D,
    validated_source=_V,
    patterns=(_DNI,),
    validator="DNI/NIE check letter",
    score=VALIDATED,
    description="a Spanish DNI or NIE (check letter); a wrong letter is still an id card number",
    examples=(
        Example("mi DNI es 12345678Z", "12345678Z", Label.NATIONAL_ID),
        Example("NIE X1234567L en vigor", "X1234567L", Label.NATIONAL_ID),
        Example("DNI 12345678A", "12345678A", Label.ID_CARD),
    ),
    negatives=("pedido 1234567 enviado",),
)
DNI_LOOSE = Rule(
    id="identifiers.dni_loose",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.NATIONAL_ID}),
    find=_find_dni_loose,
    source=_D,
    validated_source=_V,
    patterns=(_DNI_LOOSE,),
    validator="DNI/NIE check letter",
    score=VALIDATED,
    description="a DNI or NIE written with dots, spaces or dashes (validated only)",
    examples=(
        Example("mi DNI: 12.345.678-Z", "12.345.678-Z", Label.NATIONAL_ID),
        Example("NIE X-123-4567-L", "X-123-4567-L", Label.NATIONAL_ID),
    ),
    negatives=("ref 12.345.678-A",),
)
SSN = Rule(
    id="identifiers.ssn",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=CONTEXT_LABELS | {Label.NATIONAL_ID},
    find=_find_ssn,
    source=_D,
    patterns=(_SSN,),
    lexicons=("CONTEXT_WORDS",),
    score=0.9,
    description="a US social security number shape (no 000, 666, 9xx area); labelled by the words before it",
    examples=(Example("SSN 123-45-6789 on file", "123-45-6789", Label.NATIONAL_ID),),
    negatives=("call 666-12-3456 never", "room 123-4-5678"),
)
NINO = Rule(
    id="identifiers.nino",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.NATIONAL_ID}),
    find=_find_nino,
    source=_D,
    patterns=(_NINO,),
    score=0.85,
    description="a UK National Insurance number (two letters, three pairs of digits, A-D)",
    examples=(
        Example("my NI number is JG 12 34 56 C", "JG 12 34 56 C", Label.NATIONAL_ID),
        Example("NINO: AB123456D", "AB123456D", Label.NATIONAL_ID),
    ),
    negatives=("flight BA123456 to Madrid",),
)
DIGIT_RUN = Rule(
    id="identifiers.digit_run",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=(CONTEXT_LABELS - {Label.CREDIT_CARD, Label.POSTCODE}) | {Label.PHONE, Label.ID_CARD},
    find=_find_numbers,
    source=_D,
    patterns=(_NUMBER, _NUMBER_CJK),
    lexicons=("CONTEXT_WORDS",),
    score=0.6,
    description="a run of 6-20 digits with separators: a phone by its shape, else an id; the words before it decide",
    examples=(
        Example("call +44 20 7946 0958 now", "+44 20 7946 0958", Label.PHONE),
        Example("llámame al 612 345 678", "612 345 678", Label.PHONE),
        Example("appelez le 06 12 34 56 78", "06 12 34 56 78", Label.PHONE),
        Example("tel (212) 555-0199", "(212) 555-0199", Label.PHONE),
        Example("numéro de sécurité sociale 1 84 12 76 451 089 46", "1 84 12 76 451 089 46", Label.NATIONAL_ID),
        Example("收件人：王秀英\n手机：139 1077 4582\n地址：北京市", "139 1077 4582", Label.PHONE),
        Example("请尽快帮我冻结，手机+86 186 1122 4739。", "+86 186 1122 4739", Label.PHONE),
        Example("電話番号：090-3318-2746\n住所：東京都", "090-3318-2746", Label.PHONE),
        Example("我嘅電話9123 4087，電郵", "9123 4087", Label.PHONE),
        Example("我弟弟的手机号137 2201 8854因为长期没交费被停机了", "137 2201 8854", Label.PHONE),
    ),
    negatives=(
        "between 1990-2005 we lived there",
        "the price is 12.50 euros",
        "Revenue growth rate (2023-2032): 22%",
        "mechanical ventilation (HR = 3.948, 95% CI: 1.090-14.294, P = 0.036)",
        "used cars Changan Uni-v 2021 2022 2023 electric",
    ),
)
ALNUM_ID = Rule(
    id="identifiers.alnum_id",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=(CONTEXT_LABELS - {Label.PHONE, Label.POSTCODE}) | {Label.ID_CARD},
    find=_find_alnum_ids,
    source=_D,
    patterns=(_ALNUM_ID,),
    lexicons=("CONTEXT_WORDS",),
    score=0.55,
    description="a code of letters and digits (passport, id card, licence, policy); the words before it decide",
    examples=(
        Example("passport number X4RTBPFW4 expires", "X4RTBPFW4", Label.PASSPORT),
        Example("Führerschein B072RRE2I55 gültig", "B072RRE2I55", Label.DRIVER_LICENSE),
        Example("driving licence MORGA753116SM9IJ", "MORGA753116SM9IJ", Label.DRIVER_LICENSE),
    ),
    negatives=("upgrade to 4.2.19 on the 5GHz band", "I bought 16GB of RAM"),
)
UUID = Rule(
    id="identifiers.uuid",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.CUSTOMER_ID}),
    find=_find_uuids,
    source=_D,
    patterns=(_UUID,),
    score=0.6,
    description="a UUID: the opaque id of a record, a session or a customer",
    examples=(
        Example(
            "customer 3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b was charged",
            "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
            Label.CUSTOMER_ID,
        ),
    ),
    negatives=("commit 3f2b8c1e9a4d shipped",),
)
SLASH_REF = Rule(
    id="identifiers.slash_ref",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=CONTEXT_LABELS | {Label.ACCOUNT_NUMBER},
    find=_find_slash_refs,
    source=_D,
    patterns=(_SLASH_REF,),
    lexicons=("CONTEXT_WORDS",),
    score=0.7,
    description="a reference with a letter prefix and slashes (TRV/448201/23, REF/24/118203)",
    examples=(
        Example("Your reference is REF/24/118203, please quote it.", "REF/24/118203"),
        Example("claim TRV/448201/23 is open", "TRV/448201/23"),
    ),
    negatives=("see docs/api/v2 for details", "TCP/IP/UDP"),
)
CARD_ENDING = Rule(
    id="identifiers.card_ending",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.CREDIT_CARD}),
    find=_find_card_endings,
    source=_D,
    patterns=(_CARD_ENDING, _CARD_WORDS),
    score=0.6,
    description="the last four digits of a card, near a card word",
    examples=(
        Example("the card ending in 7734 was declined", "7734", Label.CREDIT_CARD),
        Example("tarjeta terminada en 4471", "4471", Label.CREDIT_CARD),
    ),
    negatives=("the meeting ending in 2024 was long",),
)


# ------------------------------------------------------------------ device ids, wallets, payment ids
#: a MAC address with colons, dashes or Cisco dots ("00-1A-2B-3C-4D-5E", "001a.2b3c.4d5e")
_MAC = re.compile(
    r"(?<![\w:.-])(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}"
    r"|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:.-])"
)
_BECH32 = re.compile(r"(?<![\w])(?:bc1|tb1|BC1)[ac-hj-np-z02-9AC-HJ-NP-Z02-9]{11,71}(?![\w])")
_BASE58 = re.compile(r"(?<![\w])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![\w])")
_ETHEREUM = re.compile(r"(?<![\w])0x[0-9a-fA-F]{40}(?![\w])")
#: UPI payment addresses (a virtual payment address: a handle, '@', a bank or app handle)
_UPI = re.compile(
    r"(?<![\w.@-])[A-Za-z0-9][A-Za-z0-9._-]{1,255}@(?:ok(?:hdfcbank|icici|sbi|axis)|paytm|ybl|ibl|axl|upi|apl|"
    r"yapl|rapl|ptyes|ptsbi|pthdfc|ptaxis|icici|sbi|hdfcbank|axisbank|kotak|barodampay|aubank|fbl|idfcbank|"
    r"indus|kbl|jupiteraxis|waicici|wahdfcbank|freecharge|airtel|jio|ikwik|timecosmos|naviaxis|superyes)"
    r"(?![\w.@-])"
)
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BECH32_CHARS = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _bech32_valid(value: str) -> bool:
    """BIP-173/350 checksum of a bech32 or bech32m address."""
    v = value.lower()
    hrp, _, data = v.rpartition("1")
    if not hrp or len(data) < 6 or any(c not in _BECH32_CHARS for c in data):
        return False
    values = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp] + [_BECH32_CHARS.index(c) for c in data]
    chk = 1
    for value_ in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ value_
        for i, gen in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            chk ^= gen if (top >> i) & 1 else 0
    return chk in (1, 0x2BC830A3)


def _base58check_valid(value: str) -> bool:
    """The double-SHA-256 checksum of a base58 address (Bitcoin P2PKH and P2SH)."""
    import hashlib

    number = 0
    for c in value:
        number = number * 58 + _B58.index(c)
    raw = number.to_bytes(25, "big") if number.bit_length() <= 200 else b""
    if len(raw) != 25:
        return False
    return hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4] == raw[-4:]


def _find_macs(scan: Scan) -> Iterator[Hit]:
    for m in _MAC.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.DEVICE_ID, 0.9)


def _find_wallets(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _BECH32.finditer(text):
        if _bech32_valid(m.group()):
            yield Hit(m.start(), m.end(), Label.ACCOUNT_NUMBER, VALIDATED)
    for m in _BASE58.finditer(text):
        if _base58check_valid(m.group()):
            yield Hit(m.start(), m.end(), Label.ACCOUNT_NUMBER, VALIDATED)
    for m in _ETHEREUM.finditer(text):
        yield Hit(m.start(), m.end(), Label.ACCOUNT_NUMBER, 0.8)


MAC_ADDRESS = Rule(
    id="identifiers.mac_address",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.DEVICE_ID}),
    find=_find_macs,
    source=_D,
    patterns=(_MAC,),
    score=0.9,
    description="a MAC address with colons, dashes or dots (the device of a customer)",
    examples=(
        Example("my router MAC is 00-1A-2B-3C-4D-5E", "00-1A-2B-3C-4D-5E", Label.DEVICE_ID),
        Example("device 001a.2b3c.4d5e drops", "001a.2b3c.4d5e", Label.DEVICE_ID),
        Example("mac 3c:22:fb:9a:01:7e", "3c:22:fb:9a:01:7e", Label.DEVICE_ID),
    ),
    negatives=("the call at 12:30:45 dropped", "version 1.2.3.4"),
)
WALLET = Rule(
    id="identifiers.wallet",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.ACCOUNT_NUMBER}),
    find=_find_wallets,
    source=_D,
    validated_source=_V,
    patterns=(_BECH32, _BASE58, _ETHEREUM),
    validator="bech32 / base58check checksums",
    score=VALIDATED,
    description="a crypto wallet: bech32 and base58 addresses with a valid checksum, 0x + 40 hex digits",
    examples=(
        Example(
            "send it to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            Label.ACCOUNT_NUMBER,
        ),
        Example(
            "wallet 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 please",
            "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
            Label.ACCOUNT_NUMBER,
        ),
        Example(
            "eth 0x52908400098527886E0F7030069857D2E4169EE7",
            "0x52908400098527886E0F7030069857D2E4169EE7",
            Label.ACCOUNT_NUMBER,
        ),
    ),
    negatives=("token 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3 expired", "commit 3f2b8c1e9a4d"),
)
UPI_ID = Rule(
    id="identifiers.upi_id",
    family=Family.IDENTIFIERS,
    detector=_D,
    labels=frozenset({Label.ACCOUNT_NUMBER}),
    find=pattern_finder(_UPI, Label.ACCOUNT_NUMBER, 0.8),
    source=_D,
    patterns=(_UPI,),
    score=0.8,
    description="a UPI payment address (name@okhdfcbank, 9876543210@paytm)",
    examples=(
        Example("pay ravi.kumar@okhdfcbank today", "ravi.kumar@okhdfcbank", Label.ACCOUNT_NUMBER),
        Example("UPI: 9876543210@paytm", "9876543210@paytm", Label.ACCOUNT_NUMBER),
    ),
    negatives=("write to ravi@example.com", "meet @paytm support"),
)
