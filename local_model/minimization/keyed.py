"""Corpus-consistent pseudonyms without a central map: keyed markers.

The marker of a value is a keyed hash of its type and normalized form, so every worker, every shard
and every run with the same key gives the same value the same marker, and nobody holds a
re-identification table::

    sub_key = HMAC-SHA256(key, "pdt/keyed-pseudonyms/v1")          # never the vault's key itself
    digest  = HMAC-SHA256(sub_key, label + "\\x00" + normalize(value))
    marker  = "<" + label + "_" + digest.hex()[:tag_hex] + ">"       # <PERSON_7f3a9c1b>

``normalize`` folds case, whitespace and diacritics (:func:`local_model.text.textnorm.normalize`),
as the session map does.  The key comes from ``PDT_MAP_KEY`` / ``PDT_MAP_KEY_FILE``
(:func:`local_model.minimization.vault.load_key`); it is never logged, written or pickled: each
process loads it itself, and :attr:`PseudonymKey.key_id` (a keyed hash of a constant) lets a run
check that all its workers hold the same key without showing it.

**Collisions.**  A tag of ``b`` bits gives two different values of one type the same marker with
probability 2^-b; among ``n`` distinct values of a type about n²/2^(b+1) pairs collide (8 hex
digits = 32 bits: ~0.001 pairs for 3,000 values, ~1 for 100,000, ~116 for a million).  Raise
``scan.tag_hex`` for larger corpora.  Every marker also carries a 32-bit *check* (the next hex
digits of the same digest, never written into the text): a run that sees two checks under one tag
has found a collision and counts it (:meth:`KeyedPseudonyms.fingerprints`).  The check is a keyed
hash like the tag: it adds nothing an attacker without the key can use.

**Within one text** (one :class:`KeyedPseudonyms` per text) a first-name-only or surname-only
mention (``Ruiz``) gets the marker of the unique full name of that text containing it
(``Ana Ruiz``), so the second pass of :class:`~local_model.minimization.minimize.Minimizer` links
name parts as the session map does; full names are never linked to anything (their marker
is the same in every text).  Across texts a lone ``Ruiz`` has its own marker.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from typing import NoReturn

from local_model.minimization.vault import KEY_ENV, KEY_FILE_ENV, load_key
from local_model.text.markers import KEYED_MARKER_RE
from local_model.text.textnorm import normalize
from signatures.entities import Label
from signatures.errors import PseudonymMapError, VaultKeyError

KEY_CONTEXT = b"pdt/keyed-pseudonyms/v1"
KEY_ID_CONTEXT = b"pdt/key-id/v1"
#: a shorter secret would let anyone who knows a few values guess the key offline
MIN_KEY_BYTES = 16
CHECK_HEX = 8


class PseudonymKey:
    """The secret behind keyed markers.  Its ``repr`` shows the key id only, and it refuses to be
    pickled: a process pool or a Ray actor loads the key from its own environment."""

    __slots__ = ("_mac", "key_id", "tag_hex")

    def __init__(self, secret: bytes, tag_hex: int = 8) -> None:
        if len(secret) < MIN_KEY_BYTES:
            raise VaultKeyError(
                f"the key for keyed pseudonyms has fewer than {MIN_KEY_BYTES} bytes; use a random key "
                "(python -c 'from local_model.minimization.vault import new_key; print(new_key())')"
            )
        if not 6 <= tag_hex <= 16:
            raise ValueError("tag_hex must be between 6 and 16")
        self._mac = hmac.new(secret, KEY_CONTEXT, hashlib.sha256).digest()
        self.key_id = hmac.new(secret, KEY_ID_CONTEXT, hashlib.sha256).hexdigest()[:16]
        self.tag_hex = tag_hex

    @classmethod
    def load(cls, tag_hex: int = 8, explicit: str | bytes | None = None) -> PseudonymKey:
        """The key from ``explicit``, ``PDT_MAP_KEY`` or ``PDT_MAP_KEY_FILE`` (:func:`vault.load_key`)."""
        return cls(load_key(explicit, purpose="make keyed corpus pseudonyms"), tag_hex)

    def check_id(self, expected: str | None) -> None:
        """Refuse to work with another key than the run's (a worker whose environment differs)."""
        if expected is not None and not hmac.compare_digest(self.key_id, expected):
            raise VaultKeyError(
                f"this worker's key (id {self.key_id}) is not the run's (id {expected}): set the same "
                f"{KEY_ENV} or {KEY_FILE_ENV} on every node"
            )

    def digest(self, label: Label | str, norm: str) -> str:
        """Hex HMAC of ``label`` and an already normalized value."""
        value = label.value if isinstance(label, Label) else label
        return hmac.new(self._mac, f"{value}\x00{norm}".encode(), hashlib.sha256).hexdigest()

    def marker(self, label: Label, value: str) -> str:
        """The marker of a raw value (normalized here)."""
        return f"<{label.value}_{self.digest(label, normalize(value))[: self.tag_hex]}>"

    def __repr__(self) -> str:
        return f"PseudonymKey(key_id={self.key_id!r}, tag_hex={self.tag_hex})"

    __str__ = __repr__

    def __reduce__(self) -> NoReturn:
        raise VaultKeyError(
            f"a pseudonym key is never pickled or sent to another process: every worker loads it from "
            f"{KEY_ENV} / {KEY_FILE_ENV}"
        )


class KeyedPseudonyms:
    """What :class:`~local_model.minimization.minimize.Minimizer` needs from a map, for one text:
    ``pseudonym_for`` (the keyed marker), ``values`` (what was pseudonymized in this text, for the
    second pass) and ``reserve_markers_in``.  Without a key (redaction only) asking for a pseudonym
    is an error.  ``names``: the full names detected in the text, so a name part seen before its
    full name still links to it."""

    def __init__(self, key: PseudonymKey | None, names: Iterable[str] = ()) -> None:
        self._key = key
        self._forward: dict[tuple[str, str], str] = {}
        self._values: dict[str, tuple[str, str]] = {}  # marker -> (label, first value): this text only
        self._fingerprints: dict[tuple[str, str], str] = {}  # (label, tag) -> check
        self._full_names: set[str] = {n for n in (normalize(v) for v in names) if len(n.split()) > 1}
        self.marker_like_in_input = 0

    def reserve_markers_in(self, text: str) -> None:
        """Keyed markers cannot be renumbered around a typed one: a marker already in the text
        (a re-scan of minimized output) is left as it is and stands for the same value; they are
        counted so a report can show how many the input held."""
        self.marker_like_in_input += sum(1 for _ in KEYED_MARKER_RE.finditer(text))

    def _linked_name(self, norm: str) -> str | None:
        """The unique full name of this text containing a one-word name mention."""
        if " " in norm:
            return None
        hits = {full for full in self._full_names if norm in full.split()}
        return next(iter(hits)) if len(hits) == 1 else None

    def pseudonym_for(self, label: Label, value: str) -> str:
        if self._key is None:
            raise VaultKeyError(f"keyed pseudonyms need a key: set {KEY_ENV} or {KEY_FILE_ENV}, or redact instead")
        norm = normalize(value)
        if not norm:
            raise PseudonymMapError(f"empty {label.value} value cannot be pseudonymized")
        key = (label.value, norm)
        hit = self._forward.get(key)
        if hit is not None:
            return hit
        source = norm
        if label == Label.PERSON:
            if len(norm.split()) > 1:
                self._full_names.add(norm)
            else:
                source = self._linked_name(norm) or norm
        digest = self._key.digest(label, source)
        tag = digest[: self._key.tag_hex]
        marker = f"<{label.value}_{tag}>"
        self._fingerprints[(label.value, tag)] = digest[self._key.tag_hex : self._key.tag_hex + CHECK_HEX]
        self._forward[key] = marker
        self._values.setdefault(marker, (label.value, value))
        return marker

    def values(self) -> list[tuple[str, str]]:
        """(label, original value) pairs of this text: for the minimizer's second pass only."""
        return list(self._values.values())

    def fingerprints(self) -> list[tuple[str, str, str]]:
        """(label, tag, check) of every marker given out: two checks under one tag are a collision."""
        return [(label, tag, check) for (label, tag), check in sorted(self._fingerprints.items())]

    def __repr__(self) -> str:
        return f"KeyedPseudonyms(entries={len(self._values)})"

    __str__ = __repr__
