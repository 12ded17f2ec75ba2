"""Credential rules: passwords, password-like tokens, secrets in query strings and form bodies.

A credential is a secret whatever it holds: these spans are redacted, never pseudonymized.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from local_model.detection.catalogue.base import VALIDATED, Example, Family, Hit, Rule, Scan
from local_model.text.lexicon import alternation
from local_model.text.lexicons import words
from signatures.entities import Label

#: an identifier: letters and digits joined by underscores only
_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
#: what follows a field name: a quote maybe, then a colon or an equals sign
_KEY_AFTER = re.compile(r"[\"']?[ \t]*[:=]")
_CURL_USER = re.compile(r"(?<![\w-])(?:-u|--user)[ \t]+[\"']?$")
_SECRETISH = re.compile(r"(?<![\S])(?=\S*[A-Za-z])(?=\S*[0-9#$%&*!?^~`<>{}|\\/=+])\S{6,32}(?![\S])")
# credentials in query strings and form bodies: client_secret=…, access_token=…, code=…
_CREDENTIAL = re.compile(
    r"(?i)(?<![\w-])(?:client[_-]?secret|client[_-]?id|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|"
    r"auth[_-]?token|id[_-]?token|token|secret|code|session[_-]?id|sessionid|sid|password|passwd|pwd)"
    r"=([^\s\"'&<>,;]{8,300})"
)
#: "my old password was Foxy2009!", "pw Summer2024!!", "la contraseña provisional era perro2024!": the
#: value after a password word keeps its punctuation (letters and digits required)
_PASSWORD_CUE = re.compile(
    r"(?i)(?<![\w])(?:password|passwd|pwd|pw|passcode|contraseña|contrasena|clave|mot de passe|passwort|"
    r"wachtwoord|senha|hasło|haslo|şifre|sifre|contrasenya)(?![\w])"
    r"(?:[ \t]+(?:was|is|es|era|fue|provisional|temporal|temp|old|new|nueva|antigua|"
    r"they gave me|que me dieron|me dieron|they gave me was))*[ \t(:=\"'“]+"
    r"((?=[^\s\"'“”()\\<>]*\d)(?=[^\s\"'“”()\\<>]*[A-Za-z])[^\s\"'“”()\\<>]{4,64})"
)


#: a lower-case key and its value glued by ``=`` or ``:`` (a log field, no password of its own)
_PLAIN_KEY = re.compile(r"[A-Za-z][a-z_-]{1,24}[=:](\S+)")
#: an environment variable and its value ("SMTP_PASSWORD=EgXmIjfa+&(2"): the value alone can be the secret
_ENV_PAIR = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*=(\S+)")
#: keys whose value is a secret whatever its shape
_SECRET_KEY = re.compile(r"(?i)pass|pwd|token|secret|key|auth|cred|sess|cookie|sig|otp|pin")


def _secret_like(v: str) -> bool:
    """Both cases, a digit, and a symbol inside."""
    inner = v[1:-1]
    return (
        any(c.isupper() for c in v)
        and any(c.islower() for c in v)
        and any(c.isdigit() for c in v)
        and any(not c.isalnum() for c in inner)
    )


def _find_secrets(scan: Scan) -> Iterator[Hit]:
    """Password-like tokens: both cases, a digit and a symbol inside, no spaces, not code/URL/path."""
    for m in _SECRETISH.finditer(scan.text):
        v = m.group().strip(".,;:()[]{}*_\"'")
        if len(v) < 5 or "@" in v or "://" in v or "\\n" in v or "\\t" in v or '="' in v:
            continue
        if re.search(r"</?[A-Za-z][\w-]*>?|^[\w-]+>", v):
            continue
        if not _secret_like(v):
            continue
        pair = _PLAIN_KEY.match(v)
        if pair is not None and not _secret_like(pair.group(1)) and not _SECRET_KEY.search(v[: pair.start(1)]):
            continue  # "status=1/FAILURE", "total-vm:8123456kB": a log field whose value alone is no secret
        if re.search(r"\w\(|\.\w+\(|=>|->|::|[/\\]\w+[/\\]|^\w+[.=]\w+$", v):
            continue  # code or a path, not a secret
        if _SHEET_RANGE.fullmatch(v):
            continue  # "Sheet2!A:C", "Datos!B2:D40": a spreadsheet's range, no secret
        if _PRODUCT_VERSION.fullmatch(v):
            continue  # "Gecko/20100101", "Firefox/117.0", "GPT-3.5-turbo": a product and its version or model
        if _CODE_LOCATION.fullmatch(v) and not _SECRET_KEY.search(v):
            continue  # "eglSwapBuffers:448", "CartMerger.java:211": a method or a file and its line, no secret
        if _NUMERIC_FIELDS.fullmatch(v) and not _SECRET_KEY.search(v):
            continue  # "Number:-2,State:0,Class:11": a driver's fields and their numbers, no secret ("Pin:4821" is one)
        start = m.start() + m.group().index(v)
        env = _ENV_PAIR.fullmatch(v)
        if env is not None:  # the variable's name is configuration, not the secret
            value = env.group(1)
            if len(value) >= 4 and (_secret_like(value) or _SECRET_KEY.search(v[: env.start(1)])):
                yield Hit(start + env.start(1), start + len(v), Label.PASSWORD, 0.4)
            continue
        if _IDENTIFIER.fullmatch(re.sub(r"['’]s$", "", v)) and (
            v.endswith(("'s", "’s")) or _KEY_AFTER.match(scan.text, start + len(v))
        ):
            continue  # a field name or a template's name ("Nachname_1":, "Givenname2_A:", "LASTNAME1_A's")
        if _CURL_USER.search(scan.text, max(0, start - 12), start):
            continue  # "curl -u user:password": the password is the key-header rule's, the user a user name
        yield Hit(start, start + len(v), Label.PASSWORD, 0.4)


#: a spreadsheet's sheet and cell range ("Sheet2!A:C", "Datos!B2:D40")
_SHEET_RANGE = re.compile(r"[A-Za-zÀ-ÿ][\wÀ-ÿ]*![A-Z]{1,3}\d{0,7}(?::[A-Z]{1,3}\d{0,7})?")
#: a product's name and its version or model number after a slash (a User-Agent's parts, a terminal's model)
_PRODUCT_VERSION = re.compile(r"[A-Z][a-z]{2,}/\d+(?:\.\d+)*|[A-Z]{2,8}-\d+(?:\.\d+)*(?:-[a-z]{2,12})+")
#: a method's or a file's name and a line number (a stack frame's location)
_CODE_LOCATION = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*:\d{1,6}")
#: fields of numbers in a row, no blank between ("Error Number:-2,State:0,Class:11")
_NUMERIC_FIELDS = re.compile(r"[A-Za-z]+[:=]-?\d{1,10}(?:,[A-Za-z]+[:=]-?\d{1,10})+")


def _find_credential_parameters(scan: Scan) -> Iterator[Hit]:
    """Values of credential parameters (``client_secret=…``, ``code=…``) with letters and digits."""
    for m in _CREDENTIAL.finditer(scan.text):
        value = m.group(1)
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            yield Hit(m.start(1), m.end(1), Label.PASSWORD, 0.7)


#: a PIN, PUK, door or unlock code after its word: digits only, 4 to 8 of them ("the unlock code I
#: set was 779671", "il codice di sblocco che ho impostato è 993978")
_PIN_CUE = re.compile(
    r"(?i)(?<![\w])(?:pin|puk|pin code|pin-code|código pin|codigo pin|código de acceso|codigo de acceso|codice pin|"
    r"code pin|code secret|code d'accès|door code|access code|geheimzahl|pin-nummer|kod pin|pin kodu|unlock code|"
    r"passcode|código de desbloqueo|código de desbloqueio|codice di sblocco|code de déverrouillage|entsperrcode|"
    r"sperrcode|kod odblokowania|kilit kodu|"
    # what opens a door, a gate, an alarm or a key safe
    r"gate code|alarm code|entry code|lockbox code|key safe code|keysafe code|intercom code|building code|digicode|"
    r"code porte|code de la porte|code d'entrée|code du portail|code de l'alarme|código del portal|código de la puerta|"
    r"código del portón|código de la alarma|código da porta|código do portão|código do alarme|codice del cancello|"
    r"codice del portone|codice della porta|codice d'ingresso|codice dell'allarme|türcode|torcode|alarmcode|"
    r"haustürcode|kod do drzwi|kod do bramy|kod do domofonu|kod alarmu|kapı şifresi|kapı kodu|alarm şifresi|"
    r"codi de la porta|codi del portal)(?![\w])"
    r"(?:[ \t,]+[^\W\d](?:[^\W\d]|['’]){0,8}){0,4}?(?:[ \t,]+(?:is|was|es|era|é|e|è|est|ist|war|to|numarası|numarasi))?"
    r"[ \t]*[:=#]?[ \t]*"
    r"(\d{4,8})(?![\w.,]\d|\d)"
)
#: the value of an API-key or token header, and the password of ``curl -u user:password``
_KEY_HEADER = re.compile(
    r"(?i)(?<![\w-])(?:x-api-key|api-key|apikey|x-auth-token|x-access-token|private-token|x-token)"
    r"[\"']?[ \t]*[:=][ \t]*"
    r"[\"']?([A-Za-z0-9_\-.]{16,256})"
    r"|(?<![\w-])(?:curl|wget)\b[^\n]*?[ \t](?:-u|--user)[ \t]+[\"']?[^\s:\"']{1,64}:([^\s\"']{4,128})"
)


#: a bare code word and its copula before three to eight digits: a door's, a card's or a member's code ("The code
#: is 4821 for the door", "Il codice è 2046", "Mon code est 7731"); group 1 is the word before it, if any
_BARE_CODE = re.compile(
    r"(?i)(?:(?<![\w-])([^\W\d_]+)[ \t]+)?(?<![\w-])(?:" + alternation(words("bare_code_words")) + r")[ \t]+"
    r"(?:is|was|es|era|é|è|est|ist|war|to|jest)[ \t]*[:=]?[ \t]*(\d{3,8})(?![\w]|[.,/-]\d)"
)
#: the words that make a bare code a technical value's or a place's ("the error code is 1603", "the status code is
#: 404", "my post code is 2000": another rule's)
_NOT_ACCESS = frozenset(
    "error errors exit status return fault stop http response result reason event product item article zip postal "
    "post country area promo discount coupon voucher tracking booking confirmation reference order source sample "
    "sms verification security activation otp".split()
)


#: a device that fails or a word of failing earlier in the sentence: a bare code there is the device's error
#: ("L'imprimante s'arrête, le code est 651")
_DEVICE_OR_FAILURE = re.compile(
    r"(?i)(?<![\w])(?:error|erreur|errore|erro|fehler|fout|błąd|hata|fail\w*|crash\w*|printer|imprimante|impresora|"
    r"impressora|stampante|drucker|router|modem|tv|télé|app|appli|display|screen|pantalla|écran|schermo|bildschirm|"
    r"boiler|caldera|chaudière|caldaia|therme|lavadora|lavatrice|waschmaschine|lave-linge|dishwasher|console)(?![\w])"
)


def _find_cued_pins(scan: Scan) -> Iterator[Hit]:
    text = scan.text
    for m in _PIN_CUE.finditer(text):
        yield Hit(m.start(1), m.end(1), Label.PASSWORD, 0.75)
    for m in _BARE_CODE.finditer(text):
        if m.group(1) is not None and m.group(1).lower() in _NOT_ACCESS:
            continue
        sentence = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        if _DEVICE_OR_FAILURE.search(text, sentence, m.start()) is None:
            yield Hit(m.start(2), m.end(2), Label.PASSWORD, 0.7)


#: a configuration's key of a secret and its value ("api_key": "...", access_token = ..., AWS_SECRET_ACCESS_KEY: ...)
_CONFIG_SECRET = re.compile(
    r"(?i)(?<![\w.-])(?:[a-z0-9]+[_-])*(?:api[_-]?key|api[_-]?token|access[_-]?token|auth[_-]?token|refresh[_-]?token|"
    r"secret[_-]?(?:access[_-]?)?key|client[_-]?secret|private[_-]?key|access[_-]?key(?:[_-]?id)?|token)"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?([A-Za-z0-9_\-.+/=]{16,256})(?![\w(.-])"
)


#: a placeholder in capitals, small words joined, or a file's name: no secret's value
_NOT_RANDOM = re.compile(r"[A-Z0-9_]+|[a-z]+(?:[_.-][a-z]+)*[_.-]?[a-z]*\d{0,3}|[\w.-]+\.(?:pem|key|json|txt|crt)")


def _random_value(value: str) -> bool:
    """A secret's value, not a placeholder, a file or code: a digit and a letter in it, not capitals and underscores
    alone (YOUR_API_KEY_HERE), not small words joined (refresh_token_expired), no file's ending (server-key.pem)."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and not _NOT_RANDOM.fullmatch(value)


def _find_key_headers(scan: Scan) -> Iterator[Hit]:
    for m in _KEY_HEADER.finditer(scan.text):
        g = 1 if m.group(1) else 2
        yield Hit(m.start(g), m.end(g), Label.PASSWORD, 0.8)
    for m in _CONFIG_SECRET.finditer(scan.text):
        value = m.group(1).rstrip(".=")
        if _random_value(value):
            yield Hit(m.start(1), m.start(1) + len(value), Label.PASSWORD, 0.8)


def _find_cued_passwords(scan: Scan) -> Iterator[Hit]:
    for m in _PASSWORD_CUE.finditer(scan.text):
        value = m.group(1).rstrip(".,;:")
        if len(value) >= 4:
            yield Hit(m.start(1), m.start(1) + len(value), Label.PASSWORD, 0.75)


_D = "rules"

SECRET_TOKEN = Rule(
    id="credentials.secret_token",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_secrets,
    source=_D,
    patterns=(_SECRETISH,),
    score=0.4,
    description="a password-like token: both cases, a digit and a symbol inside, no code, URL or path",
    examples=(
        Example("try Tr0ub4dor&3 again", "Tr0ub4dor&3", Label.PASSWORD),
        Example("su usuario es el_Kike_2009. el correo", "el_Kike_2009", Label.PASSWORD),
        Example("the old one was secret:XY7#KLM2PQ for a week", "secret:XY7#KLM2PQ", Label.PASSWORD),
        Example("SMTP_HOST=api.mailgun.net\nSMTP_PASSWORD=EgXmIjfa+&(2\n", "EgXmIjfa+&(2", Label.PASSWORD),
    ),
    negatives=(
        "call foo.bar(x) in main.py",
        "=VLOOKUP(A2, Sheet2!A:C, 3, FALSE)",
        "see https://example.com/A1/b",
        '"Nachname_1": "Chambet"',
        "nginx.service: Main process exited, code=exited, status=1/FAILURE",
        "Out of memory: Killed process 4471 (java) total-vm:8123456kB",
        "SqlException\nError Number:-2,State:0,Class:11\n",
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/117.0",
        "at libart.art::Runtime::Abort(char const*) (Abort:704) at libbase",
        "at libEGL_emulation.eglSwapBuffers (eglSwapBuffers:448) at libEGL",
        "It is more expensive than GPT-3.5-turbo.",
    ),
)
CREDENTIAL_PARAMETER = Rule(
    id="credentials.parameter",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_credential_parameters,
    source=_D,
    patterns=(_CREDENTIAL,),
    score=0.7,
    description="the value of a credential parameter (client_secret=..., access_token=..., code=...)",
    examples=(Example("GET /cb?code=4f9a8b7c6d5e&state=x", "4f9a8b7c6d5e", Label.PASSWORD),),
    negatives=("code=abcdefghij only letters",),
)
CUED_PASSWORD = Rule(
    id="credentials.cued_password",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_cued_passwords,
    source=_D,
    patterns=(_PASSWORD_CUE,),
    score=0.75,
    description="the value after a password word, with its punctuation (password was Foxy2009!)",
    examples=(
        Example("my old password was Foxy2009! sorry", "Foxy2009!", Label.PASSWORD),
        Example("la contraseña provisional era perro2024!", "perro2024!", Label.PASSWORD),
    ),
    negatives=("I forgot my password again",),
)

CUED_PIN = Rule(
    id="credentials.cued_pin",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_cued_pins,
    source=_D,
    patterns=(_PIN_CUE, _BARE_CODE, _DEVICE_OR_FAILURE),
    lexicons=("bare_code_words",),
    score=0.75,
    description="the digits of a PIN, PUK, door, gate or alarm code after its word (my PIN is 4821, código PIN: 1234, "
    "gate code is 1934), or after a bare code word and its copula in no sentence about a device or a failure (Il "
    "codice è 2046)",
    examples=(
        Example("My PIN is 4821, do not share it", "4821", Label.PASSWORD),
        Example("el código PIN: 7305 no funciona", "7305", Label.PASSWORD),
        Example("PUK 12345678 eingegeben", "12345678", Label.PASSWORD),
        Example("The unlock code I set was 779671; I also", "779671", Label.PASSWORD),
        Example("il codice di sblocco che ho impostato è 993978", "993978", Label.PASSWORD),
        Example("Le code de déverrouillage que j'ai choisi est 3314 ; merci", "3314", Label.PASSWORD),
        Example("The gate code is 1934 and the flat is on the third floor.", "1934", Label.PASSWORD),
        Example("Per il cancello il codice è 2046, grazie.", "2046", Label.PASSWORD),
        Example("Der Code ist 4821, bitte dem Paketboten geben.", "4821", Label.PASSWORD),
        Example("Le digicode est 45B12? Non: le digicode est 4512.", "4512", Label.PASSWORD),
    ),
    negatives=(
        "the service listens on port 8443",
        "I forgot my PIN again",
        "the unlock code screen shows 2 of 5",
        "The error code is 1603 after the installer runs.",
        "The status code is 404 on every page.",
        "The code is 0x80070057 and the update fails.",
        "L'imprimante s'arrête, le code est 651.",
    ),
)

KEY_HEADER = Rule(
    id="credentials.key_header",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_key_headers,
    source=_D,
    patterns=(_KEY_HEADER, _CONFIG_SECRET),
    score=0.8,
    description="the value of an API-key or token header or of a configuration's secret key (api_key, access_token, "
    "client_secret: a digit and a letter in it, no placeholder), the password of curl -u user:password",
    examples=(
        Example(
            "--header 'X-Api-Key: key-dJDfbnB4XmV5LslXmqymPzbkW68a9Khm'",
            "key-dJDfbnB4XmV5LslXmqymPzbkW68a9Khm",
            Label.PASSWORD,
        ),
        Example('curl -u chicks:c&!2Wpvx0FB61& "https://api.example.com"', "c&!2Wpvx0FB61&", Label.PASSWORD),
        Example(
            '  "api_key": "key-5DJxIZbXU9QaSOvGDIolEidA6roxzOhk"\n',
            "key-5DJxIZbXU9QaSOvGDIolEidA6roxzOhk",
            Label.PASSWORD,
        ),
        Example(
            "access_token = 9f8e7d6c5b4a39281706f5e4d3c2b1a0\n", "9f8e7d6c5b4a39281706f5e4d3c2b1a0", Label.PASSWORD
        ),
    ),
    negatives=(
        "X-Api-Key: $API_TOKEN",
        "curl -X GET https://api.example.com -H 'Accept: json'",
        "token: expired",
        '"next_token": "eyJwYWdlIjoyfQ"',
        "api_key = YOUR_API_KEY_HERE",
        "private_key: server-private-key.pem",
        "refresh_token = refresh_token_expired",
        "token = generateSecureRandomToken()",
        "api_key = get_api_key_from_env()",
        "max_tokens: 40960000000000000",
    ),
)

#: a token of a public service by its published prefix: GitHub (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_), GitLab
#: (glpat-), OpenAI and Anthropic (sk-, sk-proj-, sk-ant-), Stripe (sk_live_, rk_test_, ...), Slack (xoxb-, ...), AWS
#: access keys (AKIA, ASIA), Google API keys (AIza), SendGrid (SG.x.y), Mailgun (key-), npm (npm_), PyPI (pypi-),
#: Hugging Face (hf_), Shopify (shpat_), DigitalOcean (dop_v1_): a credential whatever else it looks like
_VENDOR_TOKEN = re.compile(
    r"(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255}|glpat-[A-Za-z0-9_-]{20,64}|"
    r"sk-(?:proj-|ant-(?:api\d{2}-)?|svcacct-)(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,200}|sk-(?=[A-Za-z]*\d)[A-Za-z0-9]{20,200}|"
    r"[sr]k_(?:live|test)_[A-Za-z0-9]{10,99}|"
    r"xox[abposr]-[A-Za-z0-9-]{10,200}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|"
    r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}|key-[A-Za-z0-9]{32}|npm_[A-Za-z0-9]{36}|"
    r"pypi-[A-Za-z0-9_-]{50,200}|hf_[A-Za-z0-9]{30,40}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|dop_v1_[a-f0-9]{64})"
    r"(?![\w-])"
)


def _find_vendor_tokens(scan: Scan) -> Iterator[Hit]:
    for m in _VENDOR_TOKEN.finditer(scan.text):  # its prefix validates it: no code symbol's shape keeps it
        yield Hit(m.start(), m.end(), Label.PASSWORD, VALIDATED)


#: a JSON Web Token (three base64url parts, the first two JSON objects): a credential whatever it holds
_JWT = re.compile(r"(?<![\w-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{8,}(?![\w-])")
#: the credential of an Authorization header, or of a bearer token written on its own
_AUTH_HEADER = re.compile(
    r"(?i)(?:(?<![\w-])(?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?(?:basic|bearer|token|digest|negotiate)"
    r"|(?<![\w-])bearer)[ \t]+([A-Za-z0-9._~+/=-]{8,4096})"
)


def _find_jwts(scan: Scan) -> Iterator[Hit]:
    for m in _JWT.finditer(scan.text):
        yield Hit(m.start(), m.end(), Label.PASSWORD, 0.9)


def _find_auth_headers(scan: Scan) -> Iterator[Hit]:
    for m in _AUTH_HEADER.finditer(scan.text):
        value = m.group(1).rstrip(".,;")
        if any(c.isdigit() for c in value) or len(value) >= 16:
            yield Hit(m.start(1), m.start(1) + len(value), Label.PASSWORD, 0.9)


VENDOR_TOKEN = Rule(
    id="credentials.vendor_token",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_vendor_tokens,
    source=_D,
    validated_source="rules:validated",
    patterns=(_VENDOR_TOKEN,),
    score=VALIDATED,
    description="a public service's token by its published prefix (GitHub ghp_, GitLab glpat-, sk-, Stripe sk_live_, "
    "Slack xoxb-, AWS AKIA, Google AIza, Hugging Face hf_, ...): always masked",
    examples=(
        Example(
            "my token is ghp_at5LYX2IeDSaY9eCi5WtVjH1y06QMjG7h1mi, is it",
            "ghp_at5LYX2IeDSaY9eCi5WtVjH1y06QMjG7h1mi",
            Label.PASSWORD,
        ),
        Example(
            "export OPENAI_API_KEY=sk-abc123def456ghi789jkl012mno345pq",
            "sk-abc123def456ghi789jkl012mno345pq",
            Label.PASSWORD,
        ),
        Example("AKIAIOSFODNN7EXAMPLE is the access key", "AKIAIOSFODNN7EXAMPLE", Label.PASSWORD),
        Example(
            "slack xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx fails",
            "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx",
            Label.PASSWORD,
        ),
        Example(
            "hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ01234567 was revoked", "hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ01234567", Label.PASSWORD
        ),
    ),
    negatives=(
        "the sk-learn docs",
        "task-force meeting",
        "key-value store",
        "see AKIA in the docs",
        "git checkout sk-fix-payment-timeout-bug",
        "kubectl logs sk-payments-api-7d9f8b6c5-x2kqp",
        "SG.MailClientFactory.createDefaultSender(config)",
    ),
)
JWT = Rule(
    id="credentials.jwt",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_jwts,
    source=_D,
    patterns=(_JWT,),
    score=0.9,
    description="a JSON Web Token: always masked, a bearer credential whatever its payload holds",
    examples=(
        Example(
            "token eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.c2lnbmF0dXJlLXZhbHVl expired",
            "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.c2lnbmF0dXJlLXZhbHVl",
            Label.PASSWORD,
        ),
    ),
    negatives=("the file eyJhbGciOiJIUzI1NiJ9 is base64",),
)
AUTH_HEADER = Rule(
    id="credentials.auth_header",
    family=Family.CREDENTIALS,
    detector=_D,
    labels=frozenset({Label.PASSWORD}),
    find=_find_auth_headers,
    source=_D,
    patterns=(_AUTH_HEADER,),
    score=0.9,
    description="the credential of an Authorization header (Basic, Bearer, Token) or of a bearer token",
    examples=(
        Example(
            "Authorization: Basic YW5hQGV4YW1wbGUuY29tOnMzY3JldA==", "YW5hQGV4YW1wbGUuY29tOnMzY3JldA==", Label.PASSWORD
        ),
        Example('curl -H "Authorization: Bearer sk_live_51Hx9aQ2" https://api', "sk_live_51Hx9aQ2", Label.PASSWORD),
    ),
    negatives=("the authorization was granted by the manager",),
)
