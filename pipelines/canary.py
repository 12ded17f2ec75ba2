"""Canaries: synthetic secrets with a realistic format and an impossible value.

One canary per surface (``train``, ``demos``, ``sessions``, ``corpus``) is planted where data of
that surface flows; its appearance in any output, trace, ledger or compiled artifact is a failure.

Kinds and their entropy (what an attacker guessing the value faces):

* ``card``: 16 digits, a valid IIN-like prefix ``4`` + 14 random digits + a check digit chosen to
  make the Luhn check FAIL: 14 random digits = log2(10**14) ≈ 46.5 bits.
* ``iban``: ``GB`` + check digits that make mod-97 FAIL + ``NWBK`` + 14 random digits:
  log2(10**14) ≈ 46.5 bits.
* ``email``: ``<12 random base32 chars>@canary.example.invalid`` (a reserved TLD that can never
  deliver): 12 × 5 = 60 bits.
* ``phone``: UK drama range +44 7700 900xxx is only 1,000 numbers, too few; instead
  ``+1 555 01xx`` fictional prefix + 6 random digits rendered as an extension: log2(10**6) ≈ 20
  bits plus the kind, so phones are always combined with an email canary on the same surface.

The registry (a JSON file, mode 0600) is itself sensitive: it is never logged, and values are
shown masked in every report.  ``rotate(surface)`` retires the surface's canaries (kept in the
registry so that an old one seen later is still caught) and issues new ones.
"""

from __future__ import annotations

import base64
import json
import math
import os
import re
import secrets
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from local_model.text.identifiers import iban_check_digits, luhn_check_digit
from signatures.errors import CanaryError

SURFACES = ("train", "demos", "sessions", "corpus")
KINDS = ("card", "iban", "email", "phone")
ENTROPY_BITS = {
    "card": round(14 * math.log2(10), 1),
    "iban": round(14 * math.log2(10), 1),
    "email": 60.0,
    "phone": round(6 * math.log2(10), 1),
}


def _card() -> str:
    body = "4" + "".join(str(secrets.randbelow(10)) for _ in range(14))
    wrong = (luhn_check_digit(body) + 1 + secrets.randbelow(9)) % 10  # never the valid digit
    digits = body + str(wrong)
    return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


def _iban() -> str:
    bban = "NWBK" + "".join(str(secrets.randbelow(10)) for _ in range(14))
    valid = int(iban_check_digits("GB", bban))
    choices = [c for c in range(2, 99) if c != valid]  # never the valid check digits
    check = choices[secrets.randbelow(len(choices))]
    raw = f"GB{check:02d}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def _email() -> str:
    token = base64.b32encode(secrets.token_bytes(8)).decode().rstrip("=").lower()[:12]
    return f"{token}@canary.example.invalid"


def _phone() -> str:
    return f"+1 555 01{secrets.randbelow(100):02d} ext {secrets.randbelow(10**6):06d}"


MAKERS = {"card": _card, "iban": _iban, "email": _email, "phone": _phone}


@dataclass
class Canary:
    id: str
    surface: str
    kind: str
    value: str
    entropy_bits: float
    created: str
    retired: bool = False

    def __repr__(self) -> str:  # never the value
        return f"Canary(id={self.id!r}, surface={self.surface!r}, kind={self.kind!r}, retired={self.retired})"


def compact(text: str) -> str:
    """Lower case without spaces, dashes and dots, so ``4000-1234...`` matches ``4000 1234...``."""
    return re.sub(r"[\s\-.()]", "", text).lower()


def mask(value: str) -> str:
    """Show at most the first two and last two characters."""
    return value[:2] + "…" + value[-2:] if len(value) > 6 else "…"


class CanaryRegistry:
    def __init__(self, path: str | Path, canaries: list[Canary] | None = None) -> None:
        self.path = Path(path)
        self.canaries = canaries or []

    def __repr__(self) -> str:
        return f"CanaryRegistry(path={str(self.path)!r}, canaries={len(self.canaries)})"

    @classmethod
    def load(cls, path: str | Path) -> CanaryRegistry:
        p = Path(path)
        if not p.is_file():
            raise CanaryError(f"canary registry not found: {p}")
        try:
            raw = json.loads(p.read_text(encoding="utf-8"))
            return cls(p, [Canary(**c) for c in raw["canaries"]])
        except (ValueError, KeyError, TypeError) as exc:
            raise CanaryError(f"malformed canary registry {p}: {type(exc).__name__}") from None

    @classmethod
    def open(cls, path: str | Path) -> CanaryRegistry:
        """Load the registry, or start an empty one at ``path``."""
        return cls.load(path) if Path(path).is_file() else cls(path)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"canaries": [asdict(c) for c in self.canaries]}, fh, indent=1)
        tmp.replace(self.path)

    def issue(self, surface: str, kinds: tuple[str, ...] = ("email", "card", "iban")) -> list[Canary]:
        if surface not in SURFACES:
            raise CanaryError(f"unknown surface {surface!r}; one of {', '.join(SURFACES)}")
        out = []
        for kind in kinds:
            if kind not in KINDS:
                raise CanaryError(f"unknown canary kind {kind!r}; one of {', '.join(KINDS)}")
            c = Canary(
                id=f"{surface}-{kind}-{secrets.token_hex(3)}",
                surface=surface,
                kind=kind,
                value=MAKERS[kind](),
                entropy_bits=ENTROPY_BITS[kind],
                created=datetime.now(UTC).isoformat(timespec="seconds"),
            )
            self.canaries.append(c)
            out.append(c)
        return out

    def active(self, surface: str | None = None) -> list[Canary]:
        return [c for c in self.canaries if not c.retired and (surface is None or c.surface == surface)]

    def rotate(self, surface: str) -> list[Canary]:
        """Retire the surface's active canaries (still searched for) and issue fresh ones."""
        kinds = tuple(c.kind for c in self.active(surface)) or ("email", "card", "iban")
        for c in self.active(surface):
            c.retired = True
        return self.issue(surface, kinds)

    def find(self, text: str) -> list[Canary]:
        """Every canary (active or retired) whose value occurs in ``text`` (spacing/case-insensitive)."""
        hay = compact(text)
        return [c for c in self.canaries if compact(c.value) in hay]
