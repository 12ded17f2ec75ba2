"""The locality rule: one definition of "inside the trust boundary" for every role that sees raw text.

A role that receives raw personal data (the local LM, the judges, the LM detector) may only talk to
an endpoint that is

* a loopback address written as a literal (``127.0.0.0/8``, ``::1``) or ``localhost``,
* a Unix socket (``unix:///run/vllm.sock``, ``http+unix://...``), or
* a host listed explicitly in ``boundary.trusted_hosts`` (a GPU server on the customer's private
  network), compared exactly (case-insensitive), never by suffix.

No name is resolved (``127.0.0.1.nip.io`` resolves to loopback today and to anything tomorrow), and
URLs a client could read differently from this parser are refused outright: user info
(``http://127.0.0.1@evil.example``), backslashes, fragments, queries, whitespace or control
characters.  A model string without ``api_base`` is refused too: litellm would send it to the
provider's public endpoint (``openai/...`` -> api.openai.com).

:func:`check_local` is used by the configuration loaders (``configs.settings.load_settings`` and
``configs.models.load_models`` refuse at load time, before any connection) and again by the code
that builds an LM client for such a role (``local_model.boundary``), so no caller can forget it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from signatures.errors import BoundaryConfigError

_UNSAFE_CHARS = re.compile(r"[\s\\\x00-\x1f\x7f@#?]")
_UNIX_PREFIXES = ("unix://", "unix:/", "http+unix://", "https+unix://")


def endpoint_problem(api_base: str | None, trusted_hosts: Iterable[str] = ()) -> str | None:
    """None when ``api_base`` is inside the boundary, else the reason (no value is echoed but the
    host name, which is configuration, not personal data)."""
    if api_base is None or not str(api_base).strip():
        return "is not set (litellm would call the provider's public endpoint)"
    url = str(api_base).strip()
    if url.lower().startswith(_UNIX_PREFIXES):
        return None if "\\" not in url and "@" not in url else "is a malformed unix socket URL"
    bad = _UNSAFE_CHARS.search(url)
    if bad is not None:
        what = {"@": "user info (@)", "#": "a fragment (#)", "?": "a query (?)", "\\": "a backslash"}.get(
            bad.group(), "whitespace or control characters"
        )
        return f"holds {what}, which clients may read as another host"
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        _ = parts.port  # raises on a malformed port
    except ValueError:
        return "is not a valid URL"
    if parts.scheme not in ("http", "https"):
        return f"uses scheme {parts.scheme!r}; expected http(s):// or unix://"
    if not host:
        return "has no host"
    trusted = {h.strip().lower().strip("[]") for h in trusted_hosts if h and h.strip()}
    if host in trusted:
        return None
    if host == "localhost":
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"points at host {host!r}, which is neither a loopback address nor in boundary.trusted_hosts"
    if address.is_loopback:
        return None
    return f"points at {host}, which is not a loopback address and not in boundary.trusted_hosts"


def check_local(role: str, setting: str, api_base: str | None, trusted_hosts: Iterable[str] = ()) -> None:
    """Raise :class:`BoundaryConfigError` naming ``role`` and ``setting`` unless ``api_base`` is local."""
    problem = endpoint_problem(api_base, trusted_hosts)
    if problem is not None:
        raise BoundaryConfigError(role, setting, problem)
