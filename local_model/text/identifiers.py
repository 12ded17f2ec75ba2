"""Check digits of structured identifiers: the one definition of each (``python-stdnum``).

Used by the rule detector (validated matches), the surrogate factory (values that fail the
check on purpose), the canaries (impossible values) and the synthetic data generators (valid
values).  Every function takes the value as written (spaces, dots and dashes are ignored).
"""

from __future__ import annotations

import functools
import ipaddress
import re

from stdnum import ean, luhn
from stdnum import iban as std_iban
from stdnum.es import dni as std_dni

from local_model.text.lexicons import words

_SEPARATORS = re.compile(r"[\s.\-]")


def dni_letter(number: int | str) -> str:
    """The control letter of a Spanish DNI number (for a NIE, X/Y/Z already replaced by 0/1/2)."""
    return str(std_dni.calc_check_digit(str(int(number)).zfill(8)))


def dni_valid(value: str) -> bool:
    """Spanish DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter) check letter."""
    v = _SEPARATORS.sub("", value).upper()
    if len(v) != 9 or not v[-1].isalpha():
        return False
    body = v[:-1]
    if body[0] in "XYZ":
        body = str("XYZ".index(body[0])) + body[1:]
    if not body.isdigit():
        return False
    return dni_letter(body) == v[-1]


def iban_valid(value: str) -> bool:
    return bool(std_iban.is_valid(_SEPARATORS.sub("", value).upper()))


def luhn_valid(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    return 13 <= len(digits) <= 19 and bool(luhn.is_valid(digits))


def luhn_check_digit(body: str) -> int:
    """The Luhn check digit that makes ``body + digit`` valid."""
    return int(luhn.calc_check_digit(body))


def iban_check_digits(country: str, bban: str) -> str:
    """The two mod-97 check digits of an IBAN with this country code and BBAN."""
    return str(std_iban.calc_check_digits(country.upper() + "00" + bban))


def gtin_valid(digits: str) -> bool:
    """A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) with its check digit right."""
    return len(digits) in (8, 12, 13, 14) and ean.is_valid(digits)


def ip_valid(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def ip_of_nobody(value: str) -> bool:
    """An address that stands for no machine of anyone's: unspecified or loopback ("0.0.0.0", "127.0.0.1", "::1"), or
    a public DNS resolver people ping or set ("8.8.8.8", "1.1.1.1": data ``public_resolvers``)."""
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return False
    return address.is_unspecified or address.is_loopback or address in _public_resolvers()


@functools.cache
def _public_resolvers() -> frozenset[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    return frozenset(ipaddress.ip_address(v) for v in words("public_resolvers"))
