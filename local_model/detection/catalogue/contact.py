"""Contact rules: e-mail, URL, IP addresses, domains, user names and handles, phone extensions.

User names by their shape, with no keyword: a tag wrapped in x's, a Discord tag, a word written in
leetspeak (``l1ly`` reads "lily"), words joined with digits at the end (``dark_wolf77``,
``kevin_r_85``), a rare name joined to a word by ``_`` (``okoro_plays``), the handle in brackets made
of the name before it; never in code lines.  The user name in a home-directory path
(``/home/oskar/...``, ``C:\\Users\\tavi\\...``) and bare domain names (``zelvacargo.com``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Finder, Hit, Rule, Scan
from local_model.detection.catalogue.calibration import ZIPF
from local_model.detection.catalogue.context import CODE_STOP, FILE_EXT, common_parts, strip_trailing
from local_model.text.decoders import WHOLE_ADDRESS
from local_model.text.gazetteers import load_gazetteers
from local_model.text.identifiers import ip_of_nobody, ip_valid
from local_model.text.lang import PACKS, RULE_PACKS
from local_model.text.lexicon import FILE_ENDINGS, alternation
from local_model.text.lexicons import words
from local_model.text.textnorm import fold, in_code_line
from local_model.text.words import COUNTED_NOUN, is_dictionary_word, zipf, zipf_in
from signatures.entities import Label

_EMAIL = WHOLE_ADDRESS
_URL = re.compile(
    r"(?i)\b(?:https?://|ftp://|www\.)[^\s<>\"'`]{2,2000}"
    r"|\b[a-z0-9-]{2,63}\.(?:com|org|net|io|co|uk|de|fr|nl|es|eu|info|biz|me|app|dev)"
    r"/[^\s<>\"'`]{0,2000}"
)
#: not glued to a word before it: "SG26.193.36.25" is a firmware build, not an address
_IPV4 = re.compile(r"(?<![A-Za-z\d.])(?:\d{1,3}\.){3}\d{1,3}(?:/\d{1,2})?(?![\d.]*\d)")
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

_LOGIN = re.compile(
    r"(?i)(?<![\w])(?:log(?:ged)? ?in as|sign(?:ed)? ?in as|my (?:user ?name|login|handle|user id) is|"
    # sshd: "Failed password for invalid user admin from ..."
    r"(?:user ?name|login|user id|usuario|usuaria|nombre de usuario)[ \t]*[:=]|"
    r"password for(?: (?:invalid|illegal) user)?|contraseña de|"
    r"(?:user|usr|uid|agent|account|acct|usuario|login|owner)=|"
    r"[(\[]\s*(?:usuario|usuaria|user|login)|(?:el|mi) (?:usuario|login) (?:es|era)|"
    r"(?:on|in|en) (?:discord|reddit|twitter|x|instagram|tiktok|twitch|steam|github|gitlab|slack|teams|skype|"
    r"telegram|the app|the portal|la app|el portal) (?:as|como)|mi (?:usuario|nombre de usuario|login) es|"
    r"con el usuario|como usuario)(?:(?<==)|[ \t]+)@?([A-Za-z0-9][\w.\-]{2,40})"
)
#: "username a.mensah", "Account amir.h.sadeghi", "user lhoward pw ...": a key word and a value
#: shaped like a handle (a dot or underscore inside, or letters with digits)
_HANDLE_AFTER_KEY = re.compile(
    r"(?i)(?<![\w])(?:user ?name|user|account|acct|usuario|login|cuenta|handle|discord|gamertag|tag)[ \t]+"
    r"(?:is |es |was |era )?@?((?-i:[a-z][a-z0-9]*[._][a-z0-9._]*[a-z0-9]|[a-z]{2,}[0-9]+[a-z0-9]*|[a-z]{5,12}"
    # or in capitals ending in digits ("user EMILIA_1990", "user JGARCIA88"; "user ROLE_ADMIN" is a role)
    r"|[A-Z][A-Z0-9]*[._][A-Z0-9._]*[0-9]|[A-Z]{2,}[0-9]+))"
    r"(?![\w@])"
)

#: a gamer tag wrapped in x's ("xXShadowFoxXx", "xX_ElPibe_Xx")
_WRAPPED_TAG = re.compile(r"(?<![\w@.#-])x+X+[A-Za-z0-9_.]{2,30}?X+x+(?![\w@-])")
#: a Discord-style tag, a name and four digits after '#' ("nyx#4471"; not "order#4471")
_HASH_TAG = re.compile(r"(?<![\w@.#/-])([A-Za-z][A-Za-z0-9_.]{1,31})#\d{4}(?![\w#])")
#: a token of lower-case letter runs and digits joined by '_' or '.' ("dark_wolf77", "l1ly.p4d")
_HANDLE_TOKEN = re.compile(r"(?<![\w@./:#\\-])[a-z0-9]+(?:[._][a-z0-9]+)*(?![\w@/\\-]|\.\w)")
_HAS_DIGIT = re.compile(r"\d").search
#: a digit written for a letter between two letters ("l1ly", "n1ck", "w0ng", "p4d")
_LEET = re.compile(r"[a-z]+[013457][a-z]+")
_UNLEET = (str.maketrans("013457", "oieast"), str.maketrans("013457", "oleast"))
#: a user name in brackets after the name it is made of: "Marcus Oyelaran (moyelaran)"
_HANDLE_OF_NAME = re.compile(r"([A-ZÀ-Þ][a-zà-ÿ]+)[ \t]+([A-ZÀ-Þ][a-zà-ÿ'’-]+)[ \t]*\((@?[a-z][a-z0-9._-]{2,30})\)")
#: a file name or a host name, not a user name ("notes_v2.txt", "mail.example.com", "app.example.es")
_FILE_OR_HOST = re.compile(
    r"(?i)\.(?:" + alternation((*FILE_ENDINGS, "htm", "es", "uk", "de", "fr", "nl", "eu", "gov", "edu")) + r")$"
)
#: a LinkedIn-style profile path without its host: "in/marta-soler-puig"
_PROFILE_PATH = re.compile(r"(?<![\w/.@-])in/[a-z0-9][a-z0-9-]{2,80}[a-z0-9](?![\w/-])")
_DOMAIN = re.compile(
    r"(?<![\w@./:-])(?:[a-z0-9](?:[a-z0-9-]{0,62})\.)+(?:com|org|net|io|co|ai|app|dev|info|biz|me|tv|"
    r"uk|de|fr|nl|es|it|eu|in|us|ca|au|ru|cn|jp|br|ch|be|at|se|no|dk|pl|pt|gov|edu)(?![\w@-]|\.\w)",
    re.IGNORECASE,
)
_USER_PATH = re.compile(r"(?:/home/|/Users/|[A-Za-z]:\\+Users\\+|/u/)([^/\\\s\"'<>:]{1,40})")


#: a systemd unit's instance ("postgresql@15-main.service", "getty@tty1.service"): no domain ends so
_UNIT_SUFFIX = re.compile(r"(?i)\.(?:service|socket|timer|mount|automount|target|slice|scope|swap)$")


def _find_email(scan: Scan) -> Iterator[Hit]:
    for m in _EMAIL.finditer(scan.text):
        if _UNIT_SUFFIX.search(m.group()):
            continue
        yield Hit(m.start(), m.end(), Label.EMAIL, VALIDATED)


def _find_url(scan: Scan) -> Iterator[Hit]:
    for m in _URL.finditer(scan.text):
        end = strip_trailing(scan.text, m.start(), m.end())
        if end - m.start() > 4:
            yield Hit(m.start(), end, Label.URL, VALIDATED)


def _find_ipv4(scan: Scan) -> Iterator[Hit]:
    for m in _IPV4.finditer(scan.text):
        value = m.group().split("/")[0]
        if ip_valid(value) and not ip_of_nobody(value):
            yield Hit(m.start(), m.end(), Label.IP_ADDRESS, VALIDATED)


def _find_ipv6(scan: Scan) -> Iterator[Hit]:
    for m in _IPV6.finditer(scan.text):
        value = m.group()
        if value.count(":") >= 2 and any(c.isalnum() for c in value) and ip_valid(value) and not ip_of_nobody(value):
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
        if (count := COUNTED_NOUN.fullmatch(value)) is not None and is_dictionary_word(count.group(1)):
            continue  # "5-seater", "3-door", "24-hour": a number and a noun, one adjective
        yield Hit(m.start(), m.end(), Label.USERNAME, 0.6)


def _find_dotted_names(scan: Scan) -> Iterator[Hit]:
    for m in _DOTTED_NAME.finditer(scan.text):
        if FILE_EXT.search(m.group()) or m.group().startswith(("www.", "e.g", "i.e")):
            continue
        if common_parts(m.group()):
            continue
        if scan.text.startswith(("::", "("), m.end()):
            continue  # "libutils.android::RefBase", "window.setup(": a C++ scope, a method called: code, no login
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
    negatives=(
        "the user@host part of the manual",
        "systemd[1]: postgresql@15-main.service: Main process exited",
    ),
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
    negatives=("version 1.2.3.4.5 is out", "address 300.1.2.3", "running SG26.193.36.25, IPsec enabled"),
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
    negatives=("it has 16gb and runs at 60fps", "see issue_1 and report.pdf", "a 1.5T 5-door 5-seater hatchback"),
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
    negatives=("open notes.txt", "the user.name field", "at libgui.android::SurfaceComposerClient::apply(bool)"),
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


#: the language packs' log-in cues ("o meu utilizador é", "nome utente", "kullanıcı adı", "l'usuari")
_PACK_LOGIN_CUES = words("login_cues", PACKS, required=False)
_PACK_LOGIN = re.compile(
    r"(?i)(?<![\w])(?:" + alternation(c.lower() for c in _PACK_LOGIN_CUES) + r")"
    r"[ \t]*(?:é|è|es|és|to|ist|is)?[ \t]*[:=]?[ \t]*@?([A-Za-z0-9][\w.\-]{2,40})"
)


#: ... and the words written right after one ("erenaslan kullanıcısının şifresi", "CEM.AKIN olarak
#: giriyorum")
_PACK_LOGIN_CUES_AFTER = words("login_cues_after", PACKS, required=False)
_PACK_LOGIN_AFTER = re.compile(r"(?i)[ \t]+(?:" + alternation(c.lower() for c in _PACK_LOGIN_CUES_AFTER) + r")(?![\w])")
#: the user name right before such a cue (searched back from the cue: the cue is rare, names are not)
_LOGIN_BEFORE = re.compile(r"(?<![\w.@-])([A-Za-z0-9][\w.\-]{2,40})$")


def _login_shaped(value: str) -> bool:
    """A user name's shape: a digit, a dot, an underscore or a hyphen between two words no
    dictionary holds inside, or a rare word of five letters or more that no dictionary holds."""
    if value.isdigit():
        return False
    if any(c.isdigit() or c in "._" for c in value):
        shaped = True
    elif "-" in value.strip("-"):  # "kalina-kempny", "linh-ly"; not "check-in", "e-mail"
        shaped = not all(is_dictionary_word(part.lower()) for part in value.split("-") if part)
    else:
        shaped = len(value) >= 5 and not is_dictionary_word(value.lower())
    return shaped and not _frequent_word(value)


def _frequent_word(value: str) -> bool:
    """A word at least as frequent as a user name may be, in English or in one of the packs'
    languages ("kullanıcının", "stato" after "L'account è")."""
    limit = ZIPF["login_value"]
    return zipf(value) >= limit or any(zipf_in(value, lang) >= limit for lang in RULE_PACKS)


def _find_pack_logins(scan: Scan) -> Iterator[Hit]:
    """The value after a language pack's log-in cue, or before one written after it (Turkish),
    when shaped like a user name (:func:`_login_shaped`)."""
    if not _PACK_LOGIN_CUES:
        return
    text = scan.text
    for m in _PACK_LOGIN.finditer(text):
        value = m.group(1).rstrip(".")
        if _login_shaped(value):
            yield Hit(m.start(1), m.start(1) + len(value), Label.USERNAME, 0.55)
    if not _PACK_LOGIN_CUES_AFTER:
        return
    for cue in _PACK_LOGIN_AFTER.finditer(text):
        before = _LOGIN_BEFORE.search(text, max(0, cue.start() - 42), cue.start())
        if before is not None and _login_shaped(value := before.group(1).rstrip(".")):
            yield Hit(before.start(1), before.start(1) + len(value), Label.USERNAME, 0.55)


#: a value of code, no one's log-in: a variable named as the field ("self.username = username"), an object's
#: attribute ("self.password", "this.user"), a value assigned or called right after ("user = getUser()")
_CODE_VALUES = frozenset({"username", "password", "user", "login", "passwd", "pwd", "email", "name", "none", "null"})
_CODE_OBJECT = re.compile(r"(?:self|this|cls|ctx|req|request|args|opts|options|config|params|props)\.", re.I)


def _code_value(text: str, value: str, end: int) -> bool:
    if value.lower() in _CODE_VALUES or _CODE_OBJECT.match(value):
        return True
    after = text[end : end + 3].lstrip(" \t")
    return after[:1] in ("=", "(") and after[:2] != "=="


def _find_logins(scan: Scan) -> Iterator[Hit]:
    for m in _LOGIN.finditer(scan.text):
        value = m.group(1).rstrip(".")
        if _code_value(scan.text, value, m.start(1) + len(value)):
            continue
        if zipf(value) < ZIPF["login_value"] and not value.isdigit():
            yield Hit(m.start(1), m.start(1) + len(value), Label.USERNAME, 0.55)


def _find_handles_after_key(scan: Scan) -> Iterator[Hit]:
    for m in _HANDLE_AFTER_KEY.finditer(scan.text):
        value = m.group(1).rstrip(".")
        if _code_value(scan.text, value, m.start(1) + len(value)):
            continue
        if zipf(value) < ZIPF["handle_after_key"] and not is_dictionary_word(value):
            yield Hit(m.start(1), m.start(1) + len(value), Label.USERNAME, 0.5)


LOGIN = Rule(
    id="contact.login",
    family=Family.CONTACT,
    detector="cues",
    labels=frozenset({Label.USERNAME}),
    find=_find_logins,
    source="cue:login",
    score=0.55,
    patterns=(_LOGIN,),
    description="the value after a log-in cue (I log in as ..., usuario: ..., user=..., on discord as ...)",
    examples=(
        Example("mi usuario es lucia_ferrer", "lucia_ferrer", Label.USERNAME),
        Example("Me he quedado bloqueado (usuario angela_1976).", "angela_1976", Label.USERNAME),
        Example("I log in as humphriesd on the portal", "humphriesd", Label.USERNAME),
        Example("sshd[22841]: Failed password for invalid user mhoward from", "mhoward", Label.USERNAME),
    ),
    negatives=(
        "I log in as usual every day",
        "def __init__(self, username, password): self.username = username self.password = password",
    ),
)
PACK_LOGIN = Rule(
    id="contact.pack_login",
    family=Family.CONTACT,
    detector="cues",
    labels=frozenset({Label.USERNAME}),
    find=_find_pack_logins,
    source="cue:login",
    score=0.55,
    patterns=(_PACK_LOGIN, _PACK_LOGIN_AFTER),
    lexicons=("login_cues, login_cues_after (language packs)",),
    description="a user name after a language pack's log-in cue (o meu utilizador é ..., kullanıcı adı: ...), "
    "or before a Turkish one (... kullanıcısının)",
    examples=(
        Example("Reponham a palavra-passe do utilizador dominguesn, por favor.", "dominguesn", Label.USERNAME),
        Example("kullanıcı: erenaslan", "erenaslan", Label.USERNAME),
        Example("Kullanıcı adım t.eren ama şifre yanlış diyor.", "t.eren", Label.USERNAME),
        Example("w aplikacji loguję się jako kalina-kempny", "kalina-kempny", Label.USERNAME),
        Example("L'account baccioviviani è stato creato per errore.", "baccioviviani", Label.USERNAME),
        Example("gurbuzf kullanıcısının şifresini sıfırlar mısın?", "gurbuzf", Label.USERNAME),
        Example("UYGULAMAYA CEM.AKIN OLARAK GIRIYORUM", "CEM.AKIN", Label.USERNAME),
    ),
    negatives=(
        "O utilizador não consegue entrar na aplicação.",
        "Bu kullanıcının hesabı kilitlendi, yardım eder misiniz?",
        "w aplikacji loguję się jako gość",
        "L'account è stato bloccato ieri sera.",
    ),
)
HANDLE_AFTER_KEY = Rule(
    id="contact.handle_after_key",
    family=Family.CONTACT,
    detector="cues",
    labels=frozenset({Label.USERNAME}),
    find=_find_handles_after_key,
    source="cue:login",
    score=0.5,
    patterns=(_HANDLE_AFTER_KEY,),
    description="a key word and a value shaped like a handle (username a.mensah, user lhoward)",
    examples=(
        Example("username a.mensah, pw reset please", "a.mensah", Label.USERNAME),
        Example("Login fails for user EMILIA_1990 since Monday.", "EMILIA_1990", Label.USERNAME),
    ),
    negatives=("the user account is locked", "the user API key expired", "user ROLE_ADMIN cannot log in"),
)


def _handle_shaped(token: str) -> bool:
    first, last = load_gazetteers()[:2]
    parts = re.split(r"[._]", token)
    words = [p for p in parts if p.isalpha()]
    for part in parts:
        for leet in _LEET.finditer(part):
            # the digit stands for a letter when the word it spells is a word or a name
            for table in _UNLEET:
                spelt = leet.group().translate(table)
                if is_dictionary_word(spelt) or spelt in first or spelt in last:
                    return True
    joined = len(re.findall(r"[a-z]+", token)) >= 2 and "_" in token and "." not in token
    named = any(len(w) == 1 or (w in first and not is_dictionary_word(w)) for w in words)
    if joined and (re.search(r"[a-z]\d{2,4}$", token) or (named and re.search(r"_\d{2,4}$", token))):
        return True  # "dark_wolf77", "kevin_r_85" (not "user_id_42"): words joined, a number at the end
    if "_" in token and "." not in token and len(words) >= 2:
        rare = [w for w in words if (w in first or w in last) and zipf(w) < ZIPF["handle_name_part"]]
        return bool(rare) and len(rare[0]) >= 4  # "okoro_plays"
    return False


def _find_wrapped_tags(scan: Scan) -> Iterator[Hit]:
    for m in _WRAPPED_TAG.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.USERNAME, 0.45)


def _find_hash_tags(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _HASH_TAG.finditer(text):
        name = m.group(1)
        if (
            zipf(name) < ZIPF["handle_tag_name"]
            and not is_dictionary_word(name.lower())
            and not in_code_line(text, m.start())
        ):
            yield Hit(m.start(), m.end(), Label.USERNAME, 0.45)


def _find_shaped_handles(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _HANDLE_TOKEN.finditer(text):
        token = m.group()
        # every rule below needs a digit or a '_': plain words are skipped before any other test
        if len(token) < 5 or token.isalpha() or token.isdigit() or ("_" not in token and not _HAS_DIGIT(token)):
            continue
        if _FILE_OR_HOST.search(token) is None and _handle_shaped(token) and not in_code_line(text, m.start()):
            yield Hit(m.start(), m.end(), Label.USERNAME, 0.45)


def _find_handles_of_names(scan: Scan) -> Iterator[Hit]:
    for m in _HANDLE_OF_NAME.finditer(scan.text):
        handle = m.group(3).lstrip("@")
        parts = [fold(m.group(1)), fold(m.group(2))]
        if any(len(p) >= 3 and p in handle for p in parts) and zipf(handle) < ZIPF["handle_of_name"]:
            yield Hit(m.start(3), m.end(3), Label.USERNAME, 0.45)


def _find_profile_paths(scan: Scan) -> Iterator[Hit]:
    for m in _PROFILE_PATH.finditer(scan.text):
        if "-" in m.group() or any(c.isdigit() for c in m.group()):
            yield Hit(m.start(), m.end(), Label.URL, 0.45)


def _find_domains(scan: Scan) -> Iterator[Hit]:
    for m in _DOMAIN.finditer(scan.text):
        host, _, tld = m.group().rpartition(".")
        if tld.isupper() and host != host.upper():
            continue  # "app.INFO: Token refresh failed": a logger's channel and its level, no host in capitals
        if "." in m.group() and not m.group().replace(".", "").isdigit():
            yield Hit(m.start(), m.end(), Label.URL, 0.5)


def _find_user_paths(scan: Scan) -> Iterator[Hit]:
    profiles = _system_profiles()
    for m in _USER_PATH.finditer(scan.text):
        if m.group(1).lower() not in profiles:
            yield Hit(m.start(1), m.end(1), Label.USERNAME, 0.6)


@functools.cache
def _system_profiles() -> frozenset[str]:
    """Profile and home directories that belong to no one (``C:\\Users\\Public``, ``/Users/Shared``, a CI runner's
    ``/home/runner``, a cloud image's ``/home/ubuntu``; ``system_profiles.txt``)."""
    return frozenset(w.lower() for w in words("system_profiles"))


_PROPN = "propn"
_SHAPE = "heuristic:handle-shape"


def _propn_rule(
    name: str,
    find: Finder,
    source: str,
    score: float,
    patterns: tuple[re.Pattern[str], ...],
    description: str,
    examples: tuple[Example, ...],
    negatives: tuple[str, ...],
    label: Label = Label.USERNAME,
) -> Rule:
    return Rule(
        id=f"contact.{name}",
        family=Family.CONTACT,
        detector=_PROPN,
        labels=frozenset({label}),
        find=find,
        source=source,
        score=score,
        patterns=patterns,
        description=description,
        examples=examples,
        negatives=negatives,
    )


WRAPPED_TAG = _propn_rule(
    "wrapped_tag",
    _find_wrapped_tags,
    _SHAPE,
    0.45,
    (_WRAPPED_TAG,),
    "a gamer tag wrapped in x's (xXShadowFoxXx)",
    (Example("my gamertag is xXShadowFoxXx lol", "xXShadowFoxXx", Label.USERNAME),),
    ("the box was XXL",),
)
DISCORD_TAG = _propn_rule(
    "discord_tag",
    _find_hash_tags,
    _SHAPE,
    0.45,
    (_HASH_TAG,),
    "a Discord-style tag: a rare name and four digits after # (nyx#4471; not order#4471)",
    (Example("add me, nyx#4471", "nyx#4471", Label.USERNAME),),
    ("see order#4471 for details",),
)
HANDLE_SHAPE = _propn_rule(
    "handle_shape",
    _find_shaped_handles,
    _SHAPE,
    0.45,
    (_HANDLE_TOKEN, _LEET, _FILE_OR_HOST),
    "a token shaped like a user name: leetspeak spelling a word (l1ly), words joined with a final number (dark_wolf77)",
    (
        Example("my friend dark_wolf77 sent it", "dark_wolf77", Label.USERNAME),
        Example("message l1ly.p4d on the app", "l1ly.p4d"),
    ),
    ("set user_id_42 in the config", "run sha1sum and k8s"),
)
HANDLE_OF_NAME = _propn_rule(
    "handle_of_name",
    _find_handles_of_names,
    _SHAPE,
    0.45,
    (_HANDLE_OF_NAME,),
    "a user name in brackets made of the name before it (Marcus Oyelaran (moyelaran))",
    (Example("cc Marcus Oyelaran (moyelaran) on this", "moyelaran", Label.USERNAME),),
    ("cc Marcus Oyelaran (manager) on this",),
)
PROFILE_PATH = _propn_rule(
    "profile_path",
    _find_profile_paths,
    _SHAPE,
    0.45,
    (_PROFILE_PATH,),
    "a LinkedIn-style profile path without its host (in/marta-soler-puig)",
    (Example("my profile: in/marta-soler-puig", "in/marta-soler-puig", Label.URL),),
    ("log in/out of the app",),
    label=Label.URL,
)
DOMAIN = _propn_rule(
    "domain",
    _find_domains,
    "heuristic:domain",
    0.5,
    (_DOMAIN,),
    "a bare domain name (zelvacargo.com)",
    (
        Example("I ordered from zelvacargo.com last week", "zelvacargo.com", Label.URL),
        Example("MY SITE IS ZELVACARGO.COM", "ZELVACARGO.COM", Label.URL),
    ),
    ("version 2.4 of the app", "[2024-10-26 06:12:47] app.INFO: Token refresh failed"),
    label=Label.URL,
)
USER_PATH = _propn_rule(
    "user_path",
    _find_user_paths,
    "heuristic:user-path",
    0.6,
    (_USER_PATH,),
    "the user name in a home-directory path (/home/oskar/, C:\\Users\\tavi\\)",
    (
        Example("the file is in /home/oskar/docs", "oskar", Label.USERNAME),
        Example(r"writing C:\Users\guillaumec\AppData\Local\Temp\MSI4a2c.LOG", "guillaumec", Label.USERNAME),
    ),
    (
        "the file is in /var/log/syslog",
        r"saved to C:\Users\Public\Documents",
        "e: file:///home/runner/work/ledger-app/app/src/main/java/Sync.kt:42",
    ),
)
