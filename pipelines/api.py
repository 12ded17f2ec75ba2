"""The public Python API: ``detect``, ``protect``, ``restore`` and a :class:`Session` (one import).

    from pipelines.api import Session, protect, restore

    safe, session = protect("Hi, I am Ana Ruiz, my line +34 612 345 678 drops calls.")
    # safe == "Hi, I am <PERSON_1>, my line <PHONE_1> drops calls."  -> send it to any LM
    answer = restore("Dear <PERSON_1>, we reset <PHONE_1>.", session)  # real values back, locally

* :func:`detect` finds personal data (typed :class:`Detection` results: label, offsets, score,
  the detector and rule that found it; their ``repr`` holds no text).
* :func:`protect` detects and minimizes a text with the session's pseudonym map (a new
  :class:`Session` when none is given; one session gives one value the same placeholder in every
  call), takes a second look at the minimized text, and runs the egress check on it: what it
  returns is safe to send, or it raises (:class:`~signatures.errors.EgressLeakError`), never
  returning raw text.
* :func:`restore` puts the real values back (markers and surrogates; a marker the map does not
  know is left as written, never guessed); :meth:`Session.restorer` does the same chunk by chunk
  for a streamed answer, where a placeholder can be split across chunks.

The detector is built once per process, lazily, by :func:`shared_detector` (thread-safe; ~5-20 s
the first time: spaCy models, gazetteers), from the ``detector`` section of the settings
(``configs/default.yaml``, ``PDT__DETECTOR__...`` environment overrides).  :class:`Protector`
holds a detector, the settings and a default domain for callers who want explicit objects; the
module functions use a default instance (:func:`default_protector`).

Everything runs in this process: nothing here opens a network connection.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from configs.settings import DomainSchema, Settings, load_domain, load_settings
from local_model.boundary.clients import lm_detector_resources
from local_model.boundary.egress import check_egress
from local_model.boundary.provenance import Provenance
from local_model.boundary.second_look import second_look
from local_model.detection.catalogue.base import rule_id_of
from local_model.detection.hybrid import HybridDetector, build_detector
from local_model.detection.veto import technical_strings
from local_model.minimization.minimize import Minimizer
from local_model.minimization.pseudonym import PseudonymMap
from local_model.minimization.streaming import StreamingReinjector
from local_model.text.lang import PACKS
from signatures.entities import TAXONOMY, Entity, Label, Severity, Stratum
from signatures.errors import InputError, InputTooLargeError, PseudonymMapError, SessionExpiredError

__all__ = [
    "SUPPORTED_LANGUAGES",
    "Detection",
    "Protected",
    "Protector",
    "Restorer",
    "Session",
    "default_protector",
    "detect",
    "protect",
    "restore",
    "set_default_protector",
    "shared_detector",
]

#: language codes :func:`detect` accepts (``und``: let the detector tell; the rest: its language packs)
SUPPORTED_LANGUAGES: tuple[str, ...] = ("und", *PACKS)

Style = Literal["marker", "surrogate"]


# ---------------------------------------------------------------- detection results


@dataclass(frozen=True, repr=False)
class Detection:
    """One span of personal data in the text given to :func:`detect`.

    ``start``/``end`` are Python string offsets (``end`` exclusive); ``text`` is the span's
    value (``text[start:end]`` of the input), kept out of ``repr`` and ``str``; ``source`` names
    the detector and, for rules, the rule (``rules:validated/contact.email``)."""

    label: Label
    start: int
    end: int
    score: float
    source: str
    text: str = field(compare=False)

    @classmethod
    def from_entity(cls, entity: Entity) -> Detection:
        return cls(entity.label, entity.start, entity.end, entity.score, entity.source, entity.text)

    @property
    def rule(self) -> str | None:
        """The rule id of the span's source (``contact.email``), None for NER, tagger, gazetteer."""
        return rule_id_of(self.source)

    @property
    def stratum(self) -> Stratum:
        return TAXONOMY[self.label].stratum

    @property
    def severity(self) -> Severity:
        return TAXONOMY[self.label].severity

    def __repr__(self) -> str:  # never the value
        return (
            f"Detection(label={self.label.value}, start={self.start}, end={self.end}, "
            f"score={self.score:.2f}, source={self.source!r})"
        )

    __str__ = __repr__


# ---------------------------------------------------------------- the session


class Session:
    """One conversation's (or ticket's) pseudonym map and what the egress check needs about it.

    It holds the :class:`~local_model.minimization.pseudonym.PseudonymMap` (one value, one
    placeholder, in every call of the session), the raw texts protected so far (the provenance
    that tells a leak from a value a model invented), the values of needed types sent on purpose
    (``kept``) and the strings the pipeline vouched for.  All of it stays in this process; ``repr``
    shows counts only.  ``ttl_s``: the session expires that many seconds after it was created (its
    map is wiped, further use raises :class:`~signatures.errors.SessionExpiredError`); None: it
    does not expire.  ``style``: ``marker`` (``<PERSON_1>``) or ``surrogate`` (realistic values
    that are never real).  :meth:`erase` forgets everything at once."""

    def __init__(
        self,
        *,
        ttl_s: float | None = None,
        style: Style = "marker",
        session_id: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if ttl_s is not None and (isinstance(ttl_s, bool) or not isinstance(ttl_s, int | float) or not ttl_s > 0):
            raise InputError("ttl_s must be a positive number of seconds, or None (no expiry)")
        if style not in ("marker", "surrogate"):
            raise InputError("style must be 'marker' or 'surrogate'")
        self.ttl_s = ttl_s
        self.pmap = PseudonymMap(session_id, math.inf if ttl_s is None else float(ttl_s), style, clock=clock)
        self._inputs: list[str] = []
        self._kept: list[tuple[Label, str]] = []
        self._vouched: list[str] = []
        self._erased = False
        self._lock = threading.RLock()  # protect() on one session from several threads: one at a time

    @classmethod
    def from_map(cls, pmap: PseudonymMap) -> Session:
        """A session around an existing map (one loaded with ``local_model.minimization.vault.load``);
        the raw texts of earlier calls are not part of a saved map: the egress check then knows
        the map's values as the session's inputs."""
        if not isinstance(pmap, PseudonymMap):
            raise InputError(f"from_map() takes a PseudonymMap, not {type(pmap).__name__}")
        session = cls(style=pmap.style)
        session.pmap = pmap
        session.ttl_s = pmap.ttl_s if math.isfinite(pmap.ttl_s) else None
        return session

    @property
    def id(self) -> str:
        return self.pmap.session_id

    @property
    def entries(self) -> int:
        """Distinct values the map holds."""
        return len(self.pmap)

    @property
    def expired(self) -> bool:
        return self.pmap.expired

    @property
    def erased(self) -> bool:
        return self._erased

    @property
    def kept(self) -> list[tuple[Label, str]]:
        """(label, raw value) of the needed types sent unchanged so far (inside only)."""
        return list(self._kept)

    @property
    def vouched(self) -> list[str]:
        """Strings the pipeline let through or wrote (technical strings, generalisations)."""
        return list(self._vouched)

    def inputs(self) -> list[str]:
        """The raw texts of the session and every value its map holds (inside only)."""
        return [*self._inputs, *(value for _label, value in self.pmap.values())]

    def provenance(self) -> Provenance:
        """The raw inputs as the egress check reads them."""
        return Provenance(self.inputs())

    def check_usable(self) -> None:
        """Raise when the session was erased or has expired (an expired one is erased first)."""
        if self._erased:
            raise PseudonymMapError("this session was erased; start a new Session")
        if self.pmap.expired:
            self.erase()
            self._erased = True
            raise SessionExpiredError(f"session expired after {self.ttl_s:.0f} s; start a new Session")

    def restorer(self) -> Restorer:
        """A streaming restorer for one answer of this session (see :class:`Restorer`)."""
        return Restorer(self)

    def erase(self) -> None:
        """Forget the map, the raw inputs and the kept values; the session cannot be used again."""
        with self._lock:
            self.pmap.clear()
            self._inputs.clear()
            self._kept.clear()
            self._vouched.clear()
            self._erased = True

    def _record(self, text: str, kept: Iterable[tuple[Label, str]], vouched: Iterable[str]) -> None:
        self._inputs.append(text)
        self._kept.extend(kept)
        self._vouched.extend(v for v in vouched if v and v not in self._vouched)

    def __repr__(self) -> str:
        return (
            f"Session(id={self.id!r}, entries={len(self.pmap)}, inputs={len(self._inputs)}, "
            f"kept={len(self._kept)}, style={self.pmap.style!r}, erased={self._erased})"
        )

    __str__ = __repr__


class Restorer:
    """Restores a streamed answer chunk by chunk (wraps
    :class:`~local_model.minimization.streaming.StreamingReinjector`).

    :meth:`feed` returns the text that is safe to show now: only a tail that could still become one
    of the session's placeholders is held back, so ``<PERS`` + ``ON_1>`` comes out as the real name.
    :meth:`close` flushes the rest; the concatenation equals :func:`restore` on the whole answer.
    Markers the map does not know are left as written and listed in ``unknown_markers`` after
    :meth:`close`."""

    def __init__(self, session: Session) -> None:
        if not isinstance(session, Session):
            raise InputError(f"a Restorer needs a Session, not {type(session).__name__}")
        session.check_usable()
        self._session = session
        self._stream = StreamingReinjector(session.pmap, session_only=True)
        self._closed = False

    def feed(self, chunk: str) -> str:
        if not isinstance(chunk, str):
            raise InputError(f"feed() takes str chunks, not {type(chunk).__name__}")
        if self._closed:
            raise InputError("this restorer was closed; take a new one from Session.restorer()")
        self._session.check_usable()
        return self._stream.feed(chunk)

    def close(self) -> str:
        if self._closed:
            return ""
        self._closed = True
        self._session.check_usable()
        return self._stream.close()

    def stream(self, chunks: Iterable[str]) -> Iterator[str]:
        """Restore an iterable of chunks, yielding non-empty pieces (closes at the end)."""
        for chunk in chunks:
            out = self.feed(chunk)
            if out:
                yield out
        tail = self.close()
        if tail:
            yield tail

    @property
    def restored(self) -> int:
        return self._stream.restored

    @property
    def unknown_markers(self) -> list[str]:
        return list(self._stream.unknown_markers)

    def __repr__(self) -> str:
        return f"Restorer(session={self._session.id!r}, restored={self._stream.restored}, closed={self._closed})"


# ---------------------------------------------------------------- the detector, once per process

_BUILD_LOCK = threading.Lock()
_DETECTORS: dict[str, HybridDetector] = {}


def _detector_key(settings: Settings) -> str:
    return json.dumps(
        [settings.detector.model_dump(mode="json"), list(settings.boundary.trusted_hosts)], sort_keys=True
    )


def shared_detector(settings: Settings | None = None) -> HybridDetector:
    """The hybrid detector for ``settings`` (default: :func:`configs.load_settings`), built on the
    first call and shared by every later call with the same detector settings (thread-safe: two
    threads asking at once build it once)."""
    settings = settings if settings is not None else load_settings()
    key = _detector_key(settings)
    with _BUILD_LOCK:
        detector = _DETECTORS.get(key)
        if detector is None:
            detector = build_detector(
                settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)
            )
            _DETECTORS[key] = detector
        return detector


# ---------------------------------------------------------------- the protector


@dataclass
class Protected:
    """What one :meth:`Protector.protect_text` call produced (inside only: ``kept`` holds raw values)."""

    text: str
    kept: list[tuple[Label, str]] = field(default_factory=list)
    vouched: list[str] = field(default_factory=list)
    #: types of identifiers found in the minimized text that occur in no input (removed)
    stripped: list[str] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"Protected(chars={len(self.text)}, kept={len(self.kept)}, stripped={len(self.stripped)})"


class Protector:
    """A detector, the settings and a default domain: the objects behind :func:`detect`,
    :func:`protect` and :func:`restore`.

    ``settings``: default :func:`configs.load_settings`; ``domain``: a domain name
    (``configs/domains/<name>.yaml``), a :class:`~configs.settings.DomainSchema`, or None (the
    taxonomy's operations); ``detector``: a detector to use instead of :func:`shared_detector`'s
    (built lazily, on the first text)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        domain: str | DomainSchema | None = None,
        detector: HybridDetector | None = None,
    ) -> None:
        self.settings = settings if settings is not None else load_settings()
        self._domains: dict[str, DomainSchema] = {}
        self._lock = threading.Lock()
        self.domain = self._domain(domain)
        self._detector = detector

    @property
    def detector(self) -> HybridDetector:
        if self._detector is None:
            self._detector = shared_detector(self.settings)
        return self._detector

    def __repr__(self) -> str:
        domain = self.domain.name if self.domain is not None else None
        return f"Protector(domain={domain!r}, detector_built={self._detector is not None})"

    # ---- inputs

    def _domain(self, domain: str | DomainSchema | None) -> DomainSchema | None:
        if domain is None or isinstance(domain, DomainSchema):
            return domain
        if not isinstance(domain, str):
            raise InputError(f"domain must be a name, a DomainSchema or None, not {type(domain).__name__}")
        with self._lock:
            if domain not in self._domains:
                self._domains[domain] = load_domain(domain)
            return self._domains[domain]

    def _text(self, text: object, what: str = "text") -> str:
        if not isinstance(text, str):
            raise InputError(f"{what} must be str, not {type(text).__name__}")
        limit = self.settings.detector.max_text_chars
        if len(text) > limit:
            raise InputTooLargeError(
                f"{what} has {len(text)} characters, above detector.max_text_chars={limit}; split it or raise the limit"
            )
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError(f"{what} holds invalid Unicode (a lone surrogate)") from None
        return text

    @staticmethod
    def _language(language: object) -> str:
        if not isinstance(language, str):
            raise InputError(f"language must be str, not {type(language).__name__}")
        code = language.strip().lower().replace("_", "-").split("-")[0]
        if code not in SUPPORTED_LANGUAGES:
            raise InputError(f"unsupported language code; use one of {', '.join(SUPPORTED_LANGUAGES)}")
        return code

    def _task(self, domain: DomainSchema | None, task: object) -> str | None:
        if task is None:
            return None
        if not isinstance(task, str):
            raise InputError(f"task must be str or None, not {type(task).__name__}")
        if domain is None:
            raise InputError("a task needs a domain: pass domain= (a name under configs/domains/) as well")
        if task not in domain.tasks:  # the caller's string is never repeated
            raise InputError(f"domain {domain.name} has no such task; known: {sorted(domain.tasks)}")
        return task

    @staticmethod
    def _session(session: object) -> Session:
        if session is None:
            return Session()
        if not isinstance(session, Session):
            raise InputError(f"session must be a pipelines.api.Session, not {type(session).__name__}")
        return session

    # ---- the three operations

    def detect(self, text: str, *, language: str = "und") -> list[Detection]:
        """The personal data in ``text``, in text order.

        ``language``: ``und`` (default) lets the detector tell the language of each text (it reads
        en/es/fr/de/nl and the rule packs of pt/it/pl/tr/ca); another code of
        :data:`SUPPORTED_LANGUAGES` is checked and accepted as a hint, but the hybrid detector
        still routes by its own guess (its ``detect`` takes no language)."""
        text = self._text(text)
        self._language(language)
        return [Detection.from_entity(e) for e in self.detector.detect(text)]

    def protect(
        self,
        text: str,
        *,
        session: Session | None = None,
        domain: str | DomainSchema | None = None,
        task: str | None = None,
    ) -> tuple[str, Session]:
        """``text`` minimized with ``session``'s map and checked for egress, and the session.

        ``domain`` (default: the protector's) decides the operation per type (pseudonymize,
        generalize, redact); ``task`` (a task of that domain) lets the types it needs pass, for the
        customer's own values only.  Raises :class:`~signatures.errors.EgressLeakError` (type,
        never value) when the minimized text still holds personal data of the inputs."""
        sess = self._session(session)
        return self.protect_text(text, sess, domain, task).text, sess

    def protect_text(
        self,
        text: str,
        session: Session,
        domain: str | DomainSchema | None = None,
        task: str | None = None,
    ) -> Protected:
        """:meth:`protect` with what the egress check of a later request needs (kept values, vouched
        strings): the building block of :mod:`pipelines.integrations.dspy_guard`."""
        text = self._text(text)
        sess = self._session(session)
        schema = self._domain(domain) if domain is not None else self.domain
        task = self._task(schema, task)
        with sess._lock:
            sess.check_usable()
            detector = self.detector
            minimized = Minimizer(sess.pmap, schema, task).minimize(text, detector.detect(text))
            kept = list(minimized.kept)
            vouched = list(minimized.generated) + technical_strings(text)
            look = second_look(minimized.text, sess.pmap, detector, schema, kept, vouched)
            vouched += look.generated
            out = look.text
            sess._record(text, kept, vouched)
            result = check_egress(
                out, sess.pmap, detector, kept=sess.kept, inputs=sess.provenance(), vouched=sess.vouched
            )
        return Protected(result.text, kept, vouched, result.stripped)

    def restore(self, answer: str, session: Session) -> str:
        """``answer`` with the session's placeholders (markers, tolerantly: ``<Person 1>``,
        ``PERSON_1``; surrogates) replaced by the real values.  A marker the map does not know is
        left as written."""
        answer = self._text(answer, "answer")
        if not isinstance(session, Session):
            raise InputError(f"session must be a pipelines.api.Session, not {type(session).__name__}")
        with session._lock:
            session.check_usable()
            return session.pmap.reinject(answer).text


# ---------------------------------------------------------------- module functions

_DEFAULT_LOCK = threading.Lock()
_DEFAULT: Protector | None = None


def default_protector() -> Protector:
    """The protector the module functions use: built on first use from :func:`configs.load_settings`
    and no domain (thread-safe); :func:`set_default_protector` replaces it."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = Protector()
        return _DEFAULT


def set_default_protector(protector: Protector | None) -> None:
    """Make ``protector`` the one the module functions use (None: build the default again on next use)."""
    global _DEFAULT
    if protector is not None and not isinstance(protector, Protector):
        raise InputError(f"expected a Protector, not {type(protector).__name__}")
    with _DEFAULT_LOCK:
        _DEFAULT = protector


def detect(text: str, *, language: str = "und") -> list[Detection]:
    """Personal data in ``text`` (see :meth:`Protector.detect`)."""
    return default_protector().detect(text, language=language)


def protect(
    text: str,
    *,
    session: Session | None = None,
    domain: str | DomainSchema | None = None,
    task: str | None = None,
) -> tuple[str, Session]:
    """``text`` minimized and egress-checked, and the session whose map can restore it (see
    :meth:`Protector.protect`)."""
    return default_protector().protect(text, session=session, domain=domain, task=task)


def restore(answer: str, session: Session) -> str:
    """The real values back into ``answer`` (see :meth:`Protector.restore`)."""
    return default_protector().restore(answer, session)
