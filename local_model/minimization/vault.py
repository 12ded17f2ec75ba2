"""Optional encrypted persistence of a pseudonym map (Fernet: AES-128-CBC + HMAC-SHA256).

The key comes from the environment variable ``PDT_MAP_KEY`` (a Fernet key, see
:func:`new_key`) or from a key file named by ``PDT_MAP_KEY_FILE``.  A missing or wrong key
is a clear error; an expired session is refused and its file deleted.  The file never
holds plaintext.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from local_model.minimization.pseudonym import PseudonymMap
from signatures.errors import SessionExpiredError, VaultKeyError

KEY_ENV = "PDT_MAP_KEY"
KEY_FILE_ENV = "PDT_MAP_KEY_FILE"


def new_key() -> str:
    from cryptography.fernet import Fernet

    return Fernet.generate_key().decode()


def server_key(explicit: str | bytes | None = None) -> bytes:
    """The server key of the served assistant's session store (:func:`load_key`), checked to be a
    valid Fernet key: :class:`VaultKeyError` otherwise."""
    key = load_key(explicit)
    _fernet(key)
    return key


def load_key(explicit: str | bytes | None = None, purpose: str = "encrypt the pseudonym map") -> bytes:
    """The secret from ``explicit``, else ``PDT_MAP_KEY``, else the file named by ``PDT_MAP_KEY_FILE``.

    One key source for the vault and the keyed corpus pseudonyms (:mod:`local_model.minimization.keyed`,
    which derives its own sub-key from it).  The key is never logged; the error names the variables only."""
    if explicit:
        return explicit.encode() if isinstance(explicit, str) else explicit
    if os.environ.get(KEY_ENV):
        return os.environ[KEY_ENV].encode()
    key_file = os.environ.get(KEY_FILE_ENV)
    if key_file:
        path = Path(key_file)
        if not path.is_file():
            raise VaultKeyError(f"{KEY_FILE_ENV} names {path}, which does not exist")
        return path.read_bytes().strip()
    raise VaultKeyError(
        f"no key to {purpose}: set {KEY_ENV} (python -c 'from local_model.minimization.vault "
        f"import new_key; "
        f"print(new_key())') or {KEY_FILE_ENV}"
    )


def _fernet(key: str | bytes | None) -> Any:
    from cryptography.fernet import Fernet

    try:
        return Fernet(load_key(key))
    except ValueError as exc:
        raise VaultKeyError(f"the key is not a valid Fernet key ({exc})") from None


def save(pmap: PseudonymMap, path: str | Path, key: str | bytes | None = None) -> None:
    token = _fernet(key).encrypt(json.dumps(pmap.to_state()).encode())
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_bytes(token)
    os.chmod(tmp, 0o600)
    tmp.replace(p)


def load(path: str | Path, key: str | bytes | None = None, **kwargs: Any) -> PseudonymMap:
    from cryptography.fernet import InvalidToken

    p = Path(path)
    try:
        state = json.loads(_fernet(key).decrypt(p.read_bytes()))
    except InvalidToken:
        raise VaultKeyError(f"wrong key (or a corrupted file) for {p}") from None
    pmap = PseudonymMap.from_state(state, **kwargs)
    if pmap.expired:
        p.unlink(missing_ok=True)
        raise SessionExpiredError(f"session {pmap.session_id} expired; its map file was deleted")
    return pmap


def erase_session(path: str | Path) -> None:
    """Right to erasure for a persisted session: delete its file."""
    Path(path).unlink(missing_ok=True)
