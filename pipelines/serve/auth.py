"""API keys: read once, kept only as keyed hashes, compared in constant time.

Keys come from ``PDT_SERVE_API_KEYS`` (comma-separated) or the file named by
``PDT_SERVE_API_KEYS_FILE`` (one key per line, ``#`` comments).  Each is stored as
HMAC-SHA256(pepper, key); a request's ``Authorization: Bearer KEY`` is hashed the same way and
compared with every stored hash (no early exit), so timing tells nothing about a key.  The hash
of the matching key is the request's **owner**: sessions and handoffs belong to it.  The pepper is
derived from the server key (``PDT_MAP_KEY``), so owners are the same in every process and after
a restart, and a copy of the session store does not let anyone test guessed keys offline.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from signatures.errors import AuthenticationError, ConfigError

KEYS_ENV = "PDT_SERVE_API_KEYS"
KEYS_FILE_ENV = "PDT_SERVE_API_KEYS_FILE"
MIN_KEY_CHARS = 16
#: the owner of every request when the service runs with --insecure-no-auth
ANONYMOUS = "anonymous"


def read_keys(environ: Mapping[str, str] | None = None) -> list[str]:
    """The configured API keys (empty when none is configured)."""
    env = os.environ if environ is None else environ
    raw: list[str] = []
    if env.get(KEYS_ENV):
        raw += env[KEYS_ENV].split(",")
    if env.get(KEYS_FILE_ENV):
        path = Path(env[KEYS_FILE_ENV])
        if not path.is_file():
            raise ConfigError(f"{KEYS_FILE_ENV} names {path}, which does not exist")
        raw += [line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
    keys = [k.strip() for k in raw if k.strip()]
    for n, key in enumerate(keys, 1):
        if len(key) < MIN_KEY_CHARS or any(c.isspace() for c in key):
            raise ConfigError(
                f"API key #{n} is shorter than {MIN_KEY_CHARS} characters or holds whitespace; use random keys "
                "(python -c 'import secrets; print(secrets.token_urlsafe(32))')"
            )
    return keys


class KeyRing:
    """The accepted API keys as keyed hashes; :meth:`owner` authenticates a request."""

    def __init__(self, keys: Iterable[str], pepper: bytes, required: bool = True) -> None:
        self._pepper = hmac.new(pepper, b"pdt-serve-api-key", hashlib.sha256).digest()
        self._digests = [self._digest(k) for k in keys]
        self.required = required
        if required and not self._digests:
            raise ConfigError(
                f"no API key configured: set {KEYS_ENV} or {KEYS_FILE_ENV} (or start with --insecure-no-auth "
                "on a loopback host for local development)"
            )

    def __repr__(self) -> str:
        return f"KeyRing(keys={len(self._digests)}, required={self.required})"

    def _digest(self, key: str) -> bytes:
        return hmac.new(self._pepper, key.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()

    def owner(self, authorization: str | None) -> str:
        """The owner id of a request's ``Authorization`` header; :class:`AuthenticationError`
        when the key is missing or not one of ours."""
        if not self.required:
            return ANONYMOUS
        scheme, _, key = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise AuthenticationError("missing API key: send 'Authorization: Bearer KEY'")
        digest = self._digest(key.strip())
        match = b""
        for known in self._digests:  # every hash is compared: no early exit
            if hmac.compare_digest(known, digest):
                match = known
        if not match:
            raise AuthenticationError("invalid API key")
        return match.hex()[:32]
