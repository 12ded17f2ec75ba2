"""National identifiers, bank accounts, phone numbers and postcodes of PT, BR, IT, PL, TR and ES,
with valid check digits computed through ``python-stdnum``.

Every function takes a :class:`random.Random` and returns the identifier in its compact canonical
form (the slot fillers in :mod:`local_model.training.slots_langs` format it the way people write
it).  Where stdnum exposes the check-digit function it is called (``calc_check_digit``); where it
does not (CPF, NIP), candidates are drawn until :func:`is_valid` accepts one, so every number here
validates with stdnum.  The Polish identity card (dowód osobisty) has no stdnum module: its check
digit is computed from the published algorithm (:func:`dowod_check_digit`, weights 7-3-1).
"""

from __future__ import annotations

import random
import string
import unicodedata
from datetime import date

from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.br import cpf as std_cpf
from stdnum.es import ccc as std_ccc
from stdnum.es import dni as std_dni
from stdnum.es import nie as std_nie
from stdnum.it import codicefiscale as std_cf
from stdnum.pl import nip as std_nip
from stdnum.pl import pesel as std_pesel
from stdnum.pt import cc as std_cc
from stdnum.pt import nif as std_nif
from stdnum.tr import tckimlik as std_tckn

from signatures.errors import GeneratorError


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def birth_date(rng: random.Random, first_year: int = 1940, last_year: int = 2006) -> date:
    return date(rng.randrange(first_year, last_year + 1), rng.randrange(1, 13), rng.randrange(1, 29))


# -- Portugal ---------------------------------------------------------------------------------


def pt_nif(rng: random.Random) -> str:
    """Número de Identificação Fiscal of a person (first digit 1, 2 or 3), mod-11 check digit."""
    base = rng.choice("1122223") + digits(rng, 7)
    return base + std_nif.calc_check_digit(base)


def pt_cc(rng: random.Random) -> str:
    """Cartão de Cidadão document number: civil id (8 digits) and its check digit, the two-character
    version of the card (``ZZ`` for the first, ``ZY``, ``ZX`` ... for later ones) and the final
    check digit (stdnum), compact: ``123456789ZZ1``."""
    civil = digits(rng, 8)
    total = sum(int(d) * w for d, w in zip(civil, range(9, 1, -1), strict=True))
    civil_check = (11 - total % 11) % 11 % 10
    version = rng.choice(["ZZ", "ZZ", "ZZ", "ZY", "ZX", "ZW", "ZV"])
    body = f"{civil}{civil_check}{version}"
    return body + std_cc.calc_check_digit(body)


def pt_nib_check(bban19: str) -> str:
    """The two NIB check digits of a Portuguese account (ISO 7064 mod 97-10 over the 19 digits)."""
    return f"{98 - int(bban19 + '00') % 97:02d}"


# -- Brazil -----------------------------------------------------------------------------------


def br_cpf(rng: random.Random) -> str:
    """Cadastro de Pessoas Físicas, 11 digits: 9 drawn, the two check digits found by stdnum."""
    while True:
        base = digits(rng, 9)
        if len(set(base)) == 1:
            continue  # 111.111.111-11 and friends are invalid by rule
        for check in range(100):
            candidate = f"{base}{check:02d}"
            if std_cpf.is_valid(candidate):
                return candidate


# -- Italy ------------------------------------------------------------------------------------

_CF_MONTHS = "ABCDEHLMPRST"
#: Belfiore codes of a few large comuni (Roma, Milano, Napoli, Torino, Palermo, Genova, Bologna,
#: Firenze, Bari, Venezia)
CF_COMUNI = ("H501", "F205", "F839", "L219", "G273", "D969", "A944", "D612", "A662", "L736")


def _cf_letters(text: str) -> tuple[str, str]:
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.upper()) if c.isascii() and c.isalpha())
    consonants = "".join(c for c in plain if c not in "AEIOU")
    vowels = "".join(c for c in plain if c in "AEIOU")
    return consonants, vowels


def cf_surname_code(surname: str) -> str:
    consonants, vowels = _cf_letters(surname)
    return (consonants + vowels + "XXX")[:3]


def cf_name_code(name: str) -> str:
    consonants, vowels = _cf_letters(name)
    if len(consonants) >= 4:
        return consonants[0] + consonants[2] + consonants[3]
    return (consonants + vowels + "XXX")[:3]


def it_codice_fiscale(rng: random.Random, first: str, last: str, gender: str, born: date | None = None) -> str:
    """Codice fiscale of a person: surname and name codes, birth year, month letter, day (+40 for
    women), the comune of birth and the check letter (stdnum)."""
    born = born or birth_date(rng)
    day = born.day + (40 if gender == "f" else 0)
    body = (
        f"{cf_surname_code(last)}{cf_name_code(first)}{born.year % 100:02d}{_CF_MONTHS[born.month - 1]}"
        f"{day:02d}{rng.choice(CF_COMUNI)}"
    )
    return body + std_cf.calc_check_digit(body)


def it_partita_iva(rng: random.Random) -> str:
    """Partita IVA: 7 digits, the provincial office (001-100), the Luhn check digit (stdnum)."""
    base = rng.choice("0123456789") + digits(rng, 6)
    if int(base) == 0:
        base = "0000001"
    base += f"{rng.randrange(1, 101):03d}"
    return base + luhn.calc_check_digit(base)


def it_cin(abi_cab_account: str) -> str:
    """The CIN letter of an Italian account: the codice fiscale's odd/even tables over the 22
    characters ABI + CAB + account (stdnum's codice fiscale check)."""
    return std_cf.calc_check_digit(abi_cab_account)


# -- Poland -----------------------------------------------------------------------------------


def pl_pesel(rng: random.Random, gender: str, born: date | None = None) -> str:
    """PESEL: birth date (month + 20 for the 2000s), serial, sex digit (even for women), check
    digit (stdnum)."""
    born = born or birth_date(rng)
    month = born.month + (20 if born.year >= 2000 else 0)
    sex = rng.choice("02468" if gender == "f" else "13579")
    base = f"{born.year % 100:02d}{month:02d}{born.day:02d}{digits(rng, 3)}{sex}"
    return base + std_pesel.calc_check_digit(base)


def pl_nip(rng: random.Random) -> str:
    """NIP, 10 digits (a tax office code that does not start with 0); the check digit is found by
    stdnum (a base whose check would be 10 is drawn again)."""
    while True:
        base = str(rng.randrange(101, 1000)) + digits(rng, 6)
        for check in "0123456789":
            if std_nip.is_valid(base + check):
                return base + check


_DOWOD_WEIGHTS = (7, 3, 1, 0, 7, 3, 1, 7, 3)


def _dowod_value(ch: str) -> int:
    return int(ch) if ch.isdigit() else ord(ch) - ord("A") + 10


def dowod_check_digit(series_and_number: str) -> str:
    """The check digit of a Polish identity card (3 letters, then the check digit, then 5 digits):
    letters count A=10 ... Z=35, weights 7,3,1,(check),7,3,1,7,3, sum mod 10."""
    chars = series_and_number[:3] + "0" + series_and_number[3:]
    total = sum(_dowod_value(c) * w for c, w in zip(chars, _DOWOD_WEIGHTS, strict=True))
    return str(total % 10)


def pl_dowod(rng: random.Random) -> str:
    """Dowód osobisty number: ``ABA300000`` (series, check digit, number)."""
    series = "".join(rng.choice(string.ascii_uppercase) for _ in range(3))
    number = digits(rng, 5)
    return f"{series}{dowod_check_digit(series + number)}{number}"


def dowod_is_valid(number: str) -> bool:
    number = number.replace(" ", "").upper()
    if len(number) != 9 or not number[:3].isalpha() or not number[3:].isdigit():
        return False
    return dowod_check_digit(number[:3] + number[4:]) == number[3]


# -- Turkey -----------------------------------------------------------------------------------


def tr_tckn(rng: random.Random) -> str:
    """T.C. Kimlik No: 11 digits, the first not 0, the last two check digits (stdnum)."""
    base = str(rng.randrange(1, 10)) + digits(rng, 8)
    return base + std_tckn.calc_check_digits(base)


# -- Spain (Catalan documents) ----------------------------------------------------------------


def es_dni(rng: random.Random) -> str:
    number = f"{rng.randrange(10_000_000, 99_999_999):08d}"
    return number + std_dni.calc_check_digit(number)


def es_nie(rng: random.Random) -> str:
    body = rng.choice("XYZ") + f"{rng.randrange(0, 10_000_000):07d}"
    return body + std_nie.calc_check_digit(body)


# -- IBANs ------------------------------------------------------------------------------------

#: country -> bank codes of a few large banks (the BBAN starts with one)
BANKS: dict[str, tuple[str, ...]] = {
    "PT": ("0007", "0010", "0018", "0033", "0035", "0036", "0045", "0269"),
    "BR": ("00000000", "00360305", "60701190", "60746948", "90400888", "00416968"),
    "IT": ("03069", "02008", "05034", "01030", "03062", "05696", "03111"),
    "PL": ("1020", "1140", "1050", "1090", "1240", "1160", "2490", "1750"),
    "TR": ("00010", "00012", "00015", "00046", "00062", "00064", "00067", "00111"),
    "ES": ("2100", "0081", "0182", "0049", "0128", "2085", "0075", "3058"),
}


def _pl_branch(rng: random.Random, bank: str) -> str:
    """A Polish sort code: bank (4), branch (3), check digit (weights 3,9,7,1,3,9,7)."""
    seven = bank + digits(rng, 3)
    total = sum(int(d) * w for d, w in zip(seven, (3, 9, 7, 1, 3, 9, 7), strict=True))
    return seven + str((10 - total % 10) % 10)


def bban(rng: random.Random, country: str) -> str:
    """A domestic account number of ``country`` in the IBAN's BBAN structure, with the national
    check digits where the country has them (ES CCC, IT CIN, PT NIB, PL sort code)."""
    bank = rng.choice(BANKS[country])
    if country == "PT":
        body = bank + digits(rng, 4) + digits(rng, 11)
        return body + pt_nib_check(body)
    if country == "BR":
        return bank + digits(rng, 5) + digits(rng, 10) + rng.choice("CCCP") + "1"
    if country == "IT":
        rest = bank + digits(rng, 5) + digits(rng, 12)
        return it_cin(rest) + rest
    if country == "PL":
        return _pl_branch(rng, bank) + digits(rng, 16)
    if country == "TR":
        return bank + "0" + digits(rng, 16)
    if country == "ES":
        branch, account = digits(rng, 4), digits(rng, 10)
        return bank + branch + std_ccc.calc_check_digits(bank + branch + "00" + account) + account
    raise GeneratorError(f"no BBAN structure for {country!r}")


def iban(rng: random.Random, country: str) -> str:
    """A compact IBAN of ``country`` with valid mod-97 check digits (stdnum)."""
    body = bban(rng, country)
    return f"{country}{std_iban.calc_check_digits(country + '00' + body)}{body}"


# -- postcodes --------------------------------------------------------------------------------

#: Turkish plate codes of the provinces in :data:`local_model.training.lang_tr` (postcodes start
#: with them)
TR_PLATES: dict[str, str] = {
    "İstanbul": "34",
    "Ankara": "06",
    "İzmir": "35",
    "Bursa": "16",
    "Antalya": "07",
    "Adana": "01",
    "Konya": "42",
    "Gaziantep": "27",
    "Kocaeli": "41",
    "Eskişehir": "26",
    "Mersin": "33",
    "Kayseri": "38",
    "Samsun": "55",
    "Trabzon": "61",
    "Diyarbakır": "21",
    "Muğla": "48",
    "Denizli": "20",
    "Sakarya": "54",
    "Tekirdağ": "59",
    "Edirne": "22",
}
#: Catalan-speaking provinces: Barcelona, Girona, Lleida, Tarragona, Illes Balears, València,
#: Castelló (weighted towards Barcelona)
CA_PROVINCES = ("08", "08", "08", "08", "17", "25", "43", "07", "46", "12")


def postcode(rng: random.Random, country: str, province: str | None = None) -> str:
    if country == "PT":
        return f"{rng.randrange(1000, 9999)}-{rng.randrange(0, 1000):03d}"
    if country == "BR":
        return f"{rng.randrange(1000, 99999):05d}-{rng.randrange(0, 1000):03d}"
    if country == "IT":
        return f"{rng.randrange(10, 98200):05d}"
    if country == "PL":
        return f"{rng.randrange(0, 100):02d}-{rng.randrange(0, 1000):03d}"
    if country == "TR":
        plate = TR_PLATES.get(province or "", None) or rng.choice(list(TR_PLATES.values()))
        return f"{plate}{rng.randrange(0, 1000):03d}"
    if country == "ES":
        return f"{province or rng.choice(CA_PROVINCES)}{rng.randrange(0, 1000):03d}"
    raise GeneratorError(f"no postcode format for {country!r}")


# -- phone numbers ----------------------------------------------------------------------------


def phone_number(rng: random.Random, country: str) -> tuple[str, str, bool]:
    """(country calling code, national significant number, is mobile)."""
    mobile = rng.random() < 0.7
    if country == "PT":
        if mobile:
            return "351", rng.choice(["91", "92", "93", "96"]) + digits(rng, 7), True
        area = rng.choice(["21", "21", "22", "239", "253", "289", "234", "266"])
        return "351", area + digits(rng, 9 - len(area)), False
    if country == "BR":
        ddd = rng.choice(["11", "11", "21", "31", "41", "51", "61", "71", "81", "85", "19", "27", "48", "62", "92"])
        if mobile:
            return "55", ddd + "9" + rng.choice("6789") + digits(rng, 7), True
        return "55", ddd + rng.choice("2345") + digits(rng, 7), False
    if country == "IT":
        if mobile:
            return (
                "39",
                "3"
                + rng.choice(["20", "28", "33", "35", "38", "39", "40", "45", "47", "49", "66", "89"])
                + (digits(rng, 7)),
                True,
            )
        area = rng.choice(["06", "02", "011", "081", "055", "051", "091", "010", "041"])
        return "39", area + digits(rng, 10 - len(area)), False
    if country == "PL":
        if mobile:
            return "48", rng.choice("5678") + digits(rng, 8), True
        return "48", rng.choice(["22", "12", "61", "71", "58", "42", "32", "81"]) + digits(rng, 7), False
    if country == "TR":
        if mobile:
            return (
                "90",
                "5" + rng.choice(["30", "32", "33", "35", "42", "44", "05", "06", "51", "55"]) + (digits(rng, 7)),
                True,
            )
        return "90", rng.choice(["212", "216", "312", "232", "224", "242", "322"]) + digits(rng, 7), False
    if country == "ES":  # Catalan-speaking areas: 93 Barcelona, 972 Girona, 973 Lleida, 977 Tarragona
        if mobile:
            return "34", rng.choice("67") + digits(rng, 8), True
        area = rng.choice(["93", "93", "93", "972", "973", "977", "971", "96"])
        return "34", area + digits(rng, 9 - len(area)), False
    raise GeneratorError(f"no phone format for {country!r}")
