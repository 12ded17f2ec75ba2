"""The pseudonym map: one object owning pseudonymize and reinject (a symmetric pair).

A :class:`PseudonymMap` is scoped to one session and expires after ``ttl_s``.

- **Consistent**: a value is keyed by its label and its normalized form (case,
  whitespace and diacritics folded), so ``Ana  Ruiz`` and ``ana ruiz`` share a
  marker; a later first-name-only or surname-only mention (``Ruiz``) is linked to
  the unique full name seen earlier that contains it.
- **Distinguishable**: two different values never share a marker.
- **Collision-free**: marker-like strings the user typed (``<PERSON_1>``,
  ``[EMAIL_2]``) are reserved before numbering, so no marker of ours can equal
  one; and the detector reports such strings as entities, so they are themselves
  pseudonymized and cannot alias a marker.
- **Two styles**: typed markers (``<PERSON_1>``) or realistic surrogates that can
  never be real (``+44 7700 900001`` from Ofcom's drama range, ``@example.invalid``
  e-mails, IBANs with check digits ``00``, card numbers failing Luhn, DNI with a
  wrong letter, dates shifted by one per-session offset, gender-neutral names).
- **Reinjection** tolerates what models do to markers: case, spacing, brackets or
  none (``<Person 1>``, ``PERSON_1``, ``[PERSON_1]``), possessives, JSON strings,
  and markers split across streamed chunks (:class:`StreamingReinjector`).
  Markers that are not in the map are reported, never guessed.

The map never prints its values: ``repr`` shows counts only.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Literal

from local_model.text.identifiers import dni_letter, luhn_check_digit
from local_model.text.markers import MARKER_RE, canonical_marker, marker_key, marker_like
from local_model.text.regex_cache import transient
from local_model.text.textnorm import normalize
from local_model.text.words import common_word
from signatures.entities import Label
from signatures.errors import PseudonymMapError, SessionExpiredError

Style = Literal["marker", "surrogate"]
_TYPED_TEXTS = 64  # user texts remembered to keep surrogates distinct from typed values
_SURROGATE_ATTEMPTS = 8
_SURROGATE_STRIDE = 37  # a colliding surrogate is retried further along its sequence (coprime with 1000)


def searchable(value: str) -> bool:
    """Whether a map value is specific enough to replace wherever else it occurs: at least three
    letters/digits and not a common word.  Other values are still replaced where they were detected."""
    return sum(c.isalnum() for c in normalize(value)) >= 3 and not common_word(value)


@dataclass
class ReinjectResult:
    text: str
    restored: int = 0
    unknown_markers: list[str] = field(default_factory=list)  # model-invented markers, left as they are


# ------------------------------------------------------------------ surrogates

_NEUTRAL_FIRST = ["Alex", "Sam", "Robin", "Charlie", "Jordan", "Taylor", "Morgan", "Casey", "Jamie", "Riley",
                  "Avery", "Quinn", "Rowan", "Sasha", "Noa", "Eden", "Kai", "Ari", "Remy", "Sky"]  # fmt: skip
_NEUTRAL_LAST = ["Ashdown", "Brightwell", "Colfax", "Dunmore", "Ellery", "Fairholm", "Greystone", "Hollins",
                 "Ivesdale", "Kestrel", "Larkspur", "Merriweather", "Northcote", "Oakhurst", "Pendry"]  # fmt: skip
_DATE_FORMATS = [
    (re.compile(r"^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$"), "dmy"),
    (re.compile(r"^(\d{4})([./-])(\d{1,2})\2(\d{1,2})$"), "ymd"),
]


class _SurrogateFactory:
    """Realistic values that validators of *format* accept but that can never be real."""

    def __init__(self, date_shift_days: int) -> None:
        self.date_shift = timedelta(days=date_shift_days)

    def make(self, label: Label, value: str, n: int) -> str | None:
        if label == Label.PERSON:
            first = _NEUTRAL_FIRST[(n - 1) % len(_NEUTRAL_FIRST)]
            last = _NEUTRAL_LAST[((n - 1) // len(_NEUTRAL_FIRST)) % len(_NEUTRAL_LAST)]
            return first if len(value.split()) == 1 else f"{first} {last}"
        if label == Label.EMAIL:
            return f"user{n}@example.invalid"
        if label == Label.PHONE:
            return f"+44 7700 900{n % 1000:03d}"  # Ofcom's range reserved for fiction
        if label == Label.IBAN:
            country = value[:2].upper() if value[:2].isalpha() else "XX"
            body = re.sub(r"\D", "", value[4:]) or "0"
            return f"{country}00{(str(n).zfill(len(body)))[-len(body) :]}"  # check digits 00: never valid
        if label == Label.CREDIT_CARD:
            body = f"4000{n:011d}"
            return body + str((luhn_check_digit(body) + 1) % 10)  # deliberately failing Luhn
        if label == Label.NATIONAL_ID and re.fullmatch(r"\d{8}[A-Za-z]", value.replace(" ", "")):
            num = 99_000_000 + n
            right = dni_letter(num)
            wrong = dni_letter(num + 1)
            return f"{num}{wrong if wrong != right else 'A'}"
        if label in (Label.DATE, Label.DATE_OF_BIRTH):
            return self._shift_date(value)
        return None

    def _shift_date(self, value: str) -> str | None:
        for pattern, order in _DATE_FORMATS:
            m = pattern.match(value.strip())
            if not m:
                continue
            a, sep, b, c = m.group(1), m.group(2), m.group(3), m.group(4)
            try:
                d = date(int(c), int(b), int(a)) if order == "dmy" else date(int(a), int(b), int(c))
            except ValueError:
                return None
            s = d + self.date_shift
            if order == "dmy":
                return f"{s.day:02d}{sep}{s.month:02d}{sep}{s.year}"
            return f"{s.year}{sep}{s.month:02d}{sep}{s.day:02d}"
        return None


# ------------------------------------------------------------------ the map


class PseudonymMap:
    """Session-scoped, expiring, symmetric pseudonymize/reinject map."""

    def __init__(
        self,
        session_id: str | None = None,
        ttl_s: float = 3600.0,
        style: Style = "marker",
        *,
        clock: Any = time.time,
    ) -> None:
        self.session_id = session_id or secrets.token_hex(8)
        self.ttl_s = ttl_s
        self.style: Style = style
        self._clock = clock
        self.created_at = float(clock())
        self._forward: dict[tuple[str, str], str] = {}  # (label, normalized value) -> pseudonym
        self._reverse: dict[str, tuple[str, str]] = {}  # pseudonym (canonical) -> (label, original value)
        self._counters: dict[str, int] = {}
        self._reserved: set[tuple[str, int]] = set()
        self._typed: list[str] = []  # normalized texts the user wrote (surrogate style; memory only)
        self._surrogates = _SurrogateFactory(secrets.randbelow(3000) + 30)

    # ---- lifecycle
    @property
    def expired(self) -> bool:
        return bool(self._clock() - self.created_at > self.ttl_s)

    def _check(self) -> None:
        if self.expired:
            self.clear()
            raise SessionExpiredError(f"session {self.session_id} expired after {self.ttl_s:.0f} s; start a new one")

    def clear(self) -> None:
        self._forward.clear()
        self._reverse.clear()
        self._counters.clear()
        self._reserved.clear()
        self._typed.clear()

    def __len__(self) -> int:
        return len(self._reverse)

    def __repr__(self) -> str:
        return f"PseudonymMap(session={self.session_id!r}, style={self.style!r}, entries={len(self)})"

    __str__ = __repr__

    # ---- pseudonymize
    def reserve_markers_in(self, text: str) -> None:
        """Reserve every marker-like string the *user* wrote, so ours never equal one, and
        remember the text so that no surrogate equals a value the user typed (a customer who
        types one of our fake values must not find it replaced by itself)."""
        for m in MARKER_RE.finditer(text):
            key = marker_key(m)
            if key is not None:
                self._reserved.add(key)
        if self.style == "surrogate":
            self._typed.append(normalize(text))
            del self._typed[:-_TYPED_TEXTS]

    def _typed_by_user(self, candidate: str) -> bool:
        norm = normalize(candidate)
        return any(norm in typed for typed in self._typed)

    def _link_person(self, norm: str) -> str | None:
        """A first-name-only or surname-only mention linked to the unique full name containing it
        (or a full name to the unique single-word mention it contains).  Two multi-word names are
        never linked: in patronymic naming a son's name contains his father's whole name."""
        tokens = set(norm.split())
        candidates = set()
        for (label, known), pseudo in self._forward.items():
            if label != Label.PERSON.value or known == norm:
                continue
            other = set(known.split())
            if min(len(tokens), len(other)) == 1 and (tokens <= other or other <= tokens):
                candidates.add(pseudo)
        return next(iter(candidates)) if len(candidates) == 1 else None

    def pseudonym_for(self, label: Label, value: str) -> str:
        self._check()
        norm = normalize(value)
        if not norm:
            raise PseudonymMapError(f"empty {label.value} value cannot be pseudonymized")
        key = (label.value, norm)
        if key in self._forward:
            return self._forward[key]
        if label == Label.PERSON:
            linked = self._link_person(norm)
            if linked is not None:
                self._forward[key] = linked
                return linked
        n = self._counters.get(label.value, 0)
        while True:
            n += 1
            if (label.value, n) not in self._reserved:
                break
        self._counters[label.value] = n
        pseudo = canonical_marker(label, n)
        if self.style == "surrogate":
            for attempt in range(_SURROGATE_ATTEMPTS):
                surrogate = self._surrogates.make(label, value, n + attempt * _SURROGATE_STRIDE)
                if surrogate is None:
                    break
                if surrogate not in self._reverse and not self._typed_by_user(surrogate):
                    pseudo = surrogate
                    break
        self._forward[key] = pseudo
        self._reverse[pseudo] = (label.value, value)
        return pseudo

    def values(self) -> list[tuple[str, str]]:
        """(label, original value) pairs: for the egress check, inside the boundary only."""
        return list(self._reverse.values())

    def pseudonyms(self) -> set[str]:
        return set(self._reverse)

    def surrogate_spans(self, text: str) -> list[tuple[int, int]]:
        """Where this map's surrogates stand in ``text`` (none in marker style): realistic
        stand-ins are ours, not data, and a second detection pass must leave them (an IBAN
        surrogate with check digits 00 still reads as an account number to the detector)."""
        spans: list[tuple[int, int]] = []
        for pseudo in self._reverse:
            if pseudo.startswith("<"):
                continue
            at = text.find(pseudo)
            while at >= 0:
                spans.append((at, at + len(pseudo)))
                at = text.find(pseudo, at + len(pseudo))
        return spans

    # ---- reinject
    def reinject(self, text: str) -> ReinjectResult:
        """Replace markers (tolerantly) and surrogates by the real values."""
        self._check()
        result = ReinjectResult(text)
        if self.style == "surrogate":
            for pseudo, (_label, original) in sorted(self._reverse.items(), key=lambda kv: -len(kv[0])):
                if not pseudo.startswith("<"):
                    pattern = transient(re.escape(pseudo), re.IGNORECASE)
                    result.text, n = pattern.subn(original.replace("\\", "\\\\"), result.text)
                    result.restored += n

        def repl(m: re.Match[str]) -> str:
            key = marker_key(m)
            if key is None or not marker_like(m):
                return m.group(0)
            canonical = canonical_marker(*key)
            if canonical not in self._reverse:
                if m.group("open") or m.group("close") or "_" in m.group(0):
                    result.unknown_markers.append(canonical)
                return m.group(0)
            result.restored += 1
            return self._reverse[canonical][1]

        result.text = MARKER_RE.sub(repl, result.text)
        return result

    # ---- erasure and persistence
    def erase_value(self, value: str) -> int:
        """Forget every entry whose value normalizes to ``value``; returns how many."""
        norm = normalize(value)
        gone = [p for p, (_l, v) in self._reverse.items() if normalize(v) == norm]
        for p in gone:
            del self._reverse[p]
        for k in [k for k, p in self._forward.items() if p in gone]:
            del self._forward[k]
        return len(gone)

    def to_state(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "ttl_s": self.ttl_s,
            "style": self.style,
            "created_at": self.created_at,
            "forward": [[lab, norm, p] for (lab, norm), p in self._forward.items()],
            "reverse": [[p, lab, v] for p, (lab, v) in self._reverse.items()],
            "counters": self._counters,
            "reserved": sorted([lab, n] for lab, n in self._reserved),
            "date_shift_days": self._surrogates.date_shift.days,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any], *, clock: Any = time.time) -> PseudonymMap:
        pmap = cls(state["session_id"], float(state["ttl_s"]), state["style"], clock=clock)
        pmap.created_at = float(state["created_at"])
        pmap._forward = {(lab, norm): p for lab, norm, p in state["forward"]}
        pmap._reverse = {p: (lab, v) for p, lab, v in state["reverse"]}
        pmap._counters = dict(state["counters"])
        pmap._reserved = {(lab, int(n)) for lab, n in state["reserved"]}
        pmap._surrogates = _SurrogateFactory(int(state["date_shift_days"]))
        return pmap
