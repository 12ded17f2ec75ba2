"""Contact rules: e-mail, URL, IP addresses, user names and handles, phone extensions."""

from __future__ import annotations

import re
from collections.abc import Iterator

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Hit, Rule, Scan
from local_model.detection.catalogue.context import CODE_STOP, FILE_EXT, common_parts, strip_trailing
from local_model.text.identifiers import ip_valid
from signatures.entities import Label

_EMAIL = re.compile(r"(?<![\w.+-])[\w.+%'-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})*\.[A-Za-z]{2,24}(?![\w-])")
_URL = re.compile(
    r"(?i)\b(?:https?://|ftp://|www\.)[^\s<>\"'`]{2,2000}"
    r"|\b[a-z0-9-]{2,63}\.(?:com|org|net|io|co|uk|de|fr|nl|es|eu|info|biz|me|app|dev)"
    r"/[^\s<>\"'`]{0,2000}"
)
_IPV4 = re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?:/\d{1,2})?(?![\d.]*\d)")
_IPV6 = re.compile(r"(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])")
_HANDLE = re.compile(r"(?<![\w@.])@[A-Za-z0-9_][A-Za-z0-9_.]{1,30}(?<![.])")
_USERNAME = re.compile(
    r"(?<![\w@.-])(?=[a-zß-ÿ0-9._-]*[a-zß-ÿ])(?=[a-zß-ÿ0-9._-]*\d)[a-zß-ÿ0-9][a-zß-ÿ0-9._-]{3,40}"
    r"(?<![._-])(?![\w@-])"
)
_DOTTED_NAME = re.compile(r"(?<![\w@.-])[a-zß-ÿ]{3,20}\.[a-zß-ÿ]{3,20}(?:[._-]?\d{1,4})?(?![\w@-]|\.\w)")
# "ext. 2231", "my extension is 4418", "extensión es la 4172", "anexo 305": an internal phone line
_EXTENSION = re.compile(
    r"(?i)(?<![\w])(?:ext|extn|extension|extensión|anexo)\.?[ \t]*"
    r"(?:(?:number|no\.?|n[º°]|#)[ \t]*)?(?:[:=][ \t]*|is[ \t]+|es[ \t]+(?:la[ \t]+|el[ \t]+)?)?(\d{2,6})(?![\w])"
)


def _find_email(scan: Scan) -> Iterator[Hit]:
    for m in _EMAIL.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.EMAIL, VALIDATED)


def _find_url(scan: Scan) -> Iterator[Hit]:
    for m in _URL.finditer(scan.text):
        end = strip_trailing(scan.text, m.start(), m.end())
        if end - m.start() > 4:
            yield Hit(m.start(), end, Label.URL, VALIDATED)


def _find_ipv4(scan: Scan) -> Iterator[Hit]:
    for m in _IPV4.finditer(scan.text):
        value = m.group().split("/")[0]
        if ip_valid(value):
            yield Hit(m.start(), m.end(), Label.IP_ADDRESS, VALIDATED)


def _find_ipv6(scan: Scan) -> Iterator[Hit]:
    for m in _IPV6.finditer(scan.text):
        value = m.group()
        if value.count(":") >= 2 and any(c.isalnum() for c in value) and ip_valid(value):
            # a bare "12:30:45" is a time, not an IPv6 address
            if re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", value):
                continue
            yield Hit(m.start(), m.end(), Label.IP_ADDRESS, VALIDATED)


def _find_at_handles(scan: Scan) -> Iterator[Hit]:
    for m in _HANDLE.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.USERNAME, 0.8)


def _find_usernames(scan: Scan) -> Iterator[Hit]:
    for m in _USERNAME.finditer(scan.text):
        value = m.group()
        if CODE_STOP.match(value) or FILE_EXT.search(value) or value.isdigit():
            continue
        if sum(c.isalpha() for c in value) < 2 or common_parts(value):
            continue
        yield Hit(m.start(), m.end(), Label.USERNAME, 0.6)


def _find_dotted_names(scan: Scan) -> Iterator[Hit]:
    for m in _DOTTED_NAME.finditer(scan.text):
        if FILE_EXT.search(m.group()) or m.group().startswith(("www.", "e.g", "i.e")):
            continue
        if common_parts(m.group()):
            continue
        yield Hit(m.start(), m.end(), Label.USERNAME, 0.45)


def _find_extensions(scan: Scan) -> Iterator[Hit]:
    for m in _EXTENSION.finditer(scan.text):
        yield Hit(m.start(1), m.end(1), Label.PHONE, 0.6)


_D = "rules"
_V = "rules:validated"

EMAIL = Rule(
    id="contact.email",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.EMAIL}),
    find=_find_email,
    source=_D,
    validated_source=_V,
    patterns=(_EMAIL,),
    score=VALIDATED,
    description="an e-mail address",
    examples=(
        Example("write to ana.lopez+x@correo.example.es today", "ana.lopez+x@correo.example.es", Label.EMAIL),
        Example("Schreiben Sie an k.mueller@beispiel.de.", "k.mueller@beispiel.de", Label.EMAIL),
    ),
    negatives=("the user@host part of the manual",),
)
URL = Rule(
    id="contact.url",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.URL}),
    find=_find_url,
    source=_D,
    validated_source=_V,
    patterns=(_URL,),
    score=VALIDATED,
    description="a URL with its scheme or www., or a host under a common top-level domain with a path",
    examples=(
        Example(
            "see https://intranet.example.com/u/42?x=1, thanks", "https://intranet.example.com/u/42?x=1", Label.URL
        ),
        Example("my page is www.anaruiz.es", "www.anaruiz.es", Label.URL),
    ),
    negatives=("version 2.4 of the app",),
)
IPV4 = Rule(
    id="contact.ipv4",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.IP_ADDRESS}),
    find=_find_ipv4,
    source=_D,
    validated_source=_V,
    patterns=(_IPV4,),
    validator="ipaddress",
    score=VALIDATED,
    description="an IPv4 address (optionally with a prefix length)",
    examples=(Example("server 192.168.10.25 is down", "192.168.10.25", Label.IP_ADDRESS),),
    negatives=("version 1.2.3.4.5 is out", "address 300.1.2.3"),
)
IPV6 = Rule(
    id="contact.ipv6",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.IP_ADDRESS}),
    find=_find_ipv6,
    source=_D,
    validated_source=_V,
    patterns=(_IPV6,),
    validator="ipaddress",
    score=VALIDATED,
    description="an IPv6 address (not a time such as 12:30:45)",
    examples=(
        Example("adresse IP 2001:db8:85a3::8a2e:370:7334 bloquée", "2001:db8:85a3::8a2e:370:7334", Label.IP_ADDRESS),
    ),
    negatives=("the call at 12:30:45 dropped",),
)
AT_HANDLE = Rule(
    id="contact.at_handle",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.USERNAME}),
    find=_find_at_handles,
    source=_D,
    patterns=(_HANDLE,),
    score=0.8,
    description="a handle written with its @",
    examples=(Example("follow me at @nkechi_heartdoc for updates", "@nkechi_heartdoc", Label.USERNAME),),
    negatives=("mail me at ana@example.com",),
)
USERNAME_SHAPE = Rule(
    id="contact.username_shape",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.USERNAME}),
    find=_find_usernames,
    source=_D,
    patterns=(_USERNAME, CODE_STOP, FILE_EXT),
    lexicons=("FILE_ENDINGS",),
    score=0.6,
    description="a lower-case token of letters and digits not made of common words, units or file names",
    examples=(Example("my login is jkowalczyk77 but it fails", "jkowalczyk77", Label.USERNAME),),
    negatives=("it has 16gb and runs at 60fps", "see issue_1 and report.pdf"),
)
DOTTED_NAME = Rule(
    id="contact.dotted_name",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.USERNAME}),
    find=_find_dotted_names,
    source=_D,
    patterns=(_DOTTED_NAME,),
    lexicons=("FILE_ENDINGS",),
    score=0.45,
    description="two lower-case words joined by a dot (a login such as maria.ortega), not common words",
    examples=(Example("log in as okoro.chidi please", "okoro.chidi", Label.USERNAME),),
    negatives=("open notes.txt", "the user.name field"),
)
EXTENSION = Rule(
    id="contact.extension",
    family=Family.CONTACT,
    detector=_D,
    labels=frozenset({Label.PHONE}),
    find=_find_extensions,
    source=_D,
    patterns=(_EXTENSION,),
    score=0.6,
    description="the internal line after an extension word (ext. 2231, anexo 305)",
    examples=(
        Example("call me on ext. 2231 tomorrow", "2231", Label.PHONE),
        Example("mi extensión es la 4172", "4172", Label.PHONE),
    ),
    negatives=("the file extension is .docx",),
)
