"""Technical text with no personal data: what support tickets paste next to their question.

File paths, class and method names, stack frames, error codes (hex, HRESULT, ``E-4012``,
``ERR_*``, SQLSTATE), HTTP statuses, versions and builds, ports, log timestamps, thread and
process ids, configuration keys, package names, product models.  The tagger must learn that
none of this is a person, a user name or an identifier (``program.json`` is no user name,
``0x80070057`` no phone).  Every line is built from random parts, so no string repeats enough
to be learnt by heart; the generator puts these lines into ``negative`` documents when it runs
``extended``.
"""

from __future__ import annotations

import random

_WORDS = (
    "config", "program", "settings", "main", "app", "server", "client", "worker", "index", "utils", "helpers",
    "router", "handler", "service", "model", "schema", "cache", "session", "token", "upload", "export", "report",
    "billing", "invoice", "payment", "network", "modem", "firmware", "driver", "backup", "sync", "queue", "job",
)  # fmt: skip
_EXTENSIONS = ("json", "yaml", "yml", "py", "js", "ts", "log", "txt", "cfg", "ini", "xml", "csv", "java", "go", "sh")
_CLASSES = ("Manager", "Service", "Controller", "Handler", "Factory", "Client", "Repository", "Exception", "Error")
_PACKAGES = ("com.example", "org.acme", "io.netty", "net.core", "de.shop", "es.telco")
_LEVELS = ("INFO", "WARN", "ERROR", "DEBUG", "TRACE")
_PRODUCTS = ("B535", "RT-AX58U", "FRITZ!Box 7590", "Archer C6", "HG8245H", "XR500", "DIR-842", "EX220")
_STATUSES = ("200 OK", "301 Moved Permanently", "404 Not Found", "500 Internal Server Error", "502 Bad Gateway",
             "503 Service Unavailable", "403 Forbidden", "429 Too Many Requests")  # fmt: skip


def _word(rng: random.Random) -> str:
    return rng.choice(_WORDS)


def _camel(rng: random.Random) -> str:
    return _word(rng).capitalize() + _word(rng).capitalize() + rng.choice(_CLASSES)


def _version(rng: random.Random) -> str:
    v = f"{rng.randint(1, 15)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}"
    return v + rng.choice(
        ("", "", f"-rc{rng.randint(1, 9)}", f"-beta.{rng.randint(1, 5)}", f" build {rng.randint(1000, 29999)}")
    )


def technical_line(rng: random.Random) -> str:
    """One line of technical text, of one of a dozen kinds, with random parts."""
    kind = rng.randrange(12)
    if kind == 0:
        return f"/{_word(rng)}/{_word(rng)}/{_word(rng)}.{rng.choice(_EXTENSIONS)}"
    if kind == 1:
        return f"{_word(rng)}_{_word(rng)}.{rng.choice(_EXTENSIONS)}"
    if kind == 2:
        pkg = rng.choice(_PACKAGES)
        return f"at {pkg}.{_word(rng)}.{_camel(rng)}.{_word(rng)}({_camel(rng)}.java:{rng.randint(10, 900)})"
    if kind == 3:
        return f"error 0x{rng.randint(0, 0xFFFFFFFF):08X}"
    if kind == 4:
        return f"{rng.choice(('E', 'ERR', 'W'))}-{rng.randint(100, 9999)}"
    if kind == 5:
        return f"ERR_{_word(rng).upper()}_{_word(rng).upper()}"
    if kind == 6:
        return f"HTTP/1.1 {rng.choice(_STATUSES)}"
    if kind == 7:
        return f"version {_version(rng)}"
    if kind == 8:
        return f"port {rng.choice((22, 80, 443, 3306, 5432, 6379, 8080, 8443, 9000, 27017))}"
    if kind == 9:
        day = f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        clock = f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}"
        return f"{day} {clock} [{rng.choice(_LEVELS)}] pid={rng.randint(100, 65000)}"
    if kind == 10:
        return f"{_word(rng)}.{_word(rng)}.{_word(rng)}_timeout_ms={rng.randint(100, 60000)}"
    return f"the {rng.choice(_PRODUCTS)} on firmware {_version(rng)}"
