"""The project's one exception tree.

Every error the toolkit raises on purpose derives from :class:`PDTError`; callers catch the root
or one branch, never a message string.  Messages say what went wrong and how to fix it, and never
hold personal data (no ticket text, no value, no prompt): they name fields, types, roles and line
numbers.  Built-in bases (``ValueError``, ``RuntimeError``) are kept as mixins where they say
what kind of failure it is, so generic callers keep working.

    PDTError
    ├── ConfigError                  a configuration file, override or CLI flag is invalid
    │   └── BoundaryConfigError      a role that sees raw text points outside the trust boundary
    ├── InputError                   bad input at a boundary (a ticket, a data file, a request)
    │   ├── TicketError              a support ticket is invalid (field named, never the text)
    │   ├── InputTooLargeError       a text is above a size limit
    │   ├── DataError                a benchmark / corpus file cannot be read
    │   ├── AuditInputError          an artifact or trace file cannot be read
    │   ├── CanaryError              the canary registry is missing or malformed
    │   └── RequestError             an HTTP request is refused (400/404/413/422; never echoes it)
    ├── ResourceError                a local resource is missing (a model package, a key)
    │   ├── SpacyModelMissingError   the configured spaCy package is not installed
    │   ├── TaggerError              the trained PII tagger cannot be loaded or is inconsistent
    │   ├── VaultKeyError            the map-encryption key is missing or wrong
    │   └── SessionStoreError        the session store cannot be reached or is corrupted
    ├── ModelError                   a language model could not give a usable answer
    │   ├── ModelCallError           a call to a role failed (role + failure class, never the prompt)
    │   ├── LMDetectorError          the local LM detector failed (never a silent empty result)
    │   ├── JudgeError               a judge gave no verdict (never scored as 0)
    │   └── LocalServerError         the local vLLM server cannot start or is not healthy
    ├── PseudonymMapError            the pseudonym map refuses an operation
    │   ├── SessionExpiredError      the session's TTL has passed
    │   ├── SessionNotFoundError     no such session for this API key (never created, erased,
    │   │                            expired, or another key's)
    │   ├── SessionConflictError     the session changed since it was loaded (compare-and-set lost)
    │   └── SessionLimitError        the map's entry cap or the store's session cap is reached
    ├── EgressLeakError              outgoing text still holds personal data (label, never value)
    ├── BoundaryViolationError       code tried to reach the external model outside a guarded
    │                                session: a programming error, never a handoff
    ├── HandoffError                 a ticket goes to a human (kind + labels, never values)
    ├── CompileError                 a compile cannot run or a model/judge failed during it
    ├── TrainingError                the tagger's training data or training failed
    │   ├── GeneratorError           the data generator was asked for something it cannot make
    │   ├── PoolError                a value pool has no value for a split
    │   ├── SlotError                a template names an unknown slot
    │   └── TrainError               training or the export of the trained model failed
    ├── ScanError                    a corpus scan cannot go on (engine missing or failed, a batch
    │                                killed its worker more often than retried, output dir in use)
    │   └── ErrorRateExceededError   more rows failed than --max-error-rate allows
    └── ServiceError                 the HTTP service cannot take a request now (status + retry)
        ├── AuthenticationError      missing or wrong API key (401)
        ├── RateLimitedError         the key's request rate is above its limit (429)
        ├── OverloadedError          concurrency cap, draining, local model or store down (503)
        ├── EgressLedgerError        the egress ledger cannot be written: nothing is sent (503)
        └── DeadlineExceededError    the request's deadline passed before its answer was ready (504)
"""

from __future__ import annotations

from collections.abc import Sequence


class PDTError(Exception):
    """Root of every error the privacy-delegation toolkit raises on purpose."""


# ---------------------------------------------------------------- configuration


class ConfigError(PDTError, ValueError):
    """A configuration file or override is invalid; the message says which and how to fix it."""


class BoundaryConfigError(ConfigError):
    """A role that receives raw text (local, judge, the LM detector) is configured with an
    endpoint outside the trust boundary (not loopback, not a Unix socket, not a trusted host)."""

    def __init__(self, role: str, setting: str, reason: str) -> None:
        self.role = role
        self.setting = setting
        self.reason = reason
        super().__init__(
            f"{role}: {setting} {reason}; the {role} role receives raw personal data, so it must run "
            "inside the trust boundary (127.0.0.1 / ::1 / localhost or a unix:// socket), or its host "
            "must be listed in boundary.trusted_hosts (a server on your private network)"
        )


# ---------------------------------------------------------------- input


class InputError(PDTError, ValueError):
    """Bad input at a boundary: the message names the field or line, never its content."""


class TicketError(InputError):
    """A ticket is invalid (the message says which field, never the text)."""


class InputTooLargeError(InputError):
    """The text exceeds a configured size limit; split it or raise the limit."""


class DataError(InputError):
    """A benchmark or corpus file cannot be read or has the wrong shape."""


class AuditInputError(InputError):
    """The artifact or a trace file cannot be read."""


class CanaryError(InputError):
    """The canary registry is missing or malformed."""


class RequestError(InputError):
    """An HTTP request is refused: ``status`` (400, 404, 413, 422) and ``kind`` (the OpenAI error
    type); the message names the field or limit, never the request's content."""

    def __init__(self, status: int, message: str, kind: str = "invalid_request_error") -> None:
        self.status = status
        self.kind = kind
        super().__init__(message)


# ---------------------------------------------------------------- resources


class ResourceError(PDTError, RuntimeError):
    """A local resource (model package, trained model, key) is missing."""


class SpacyModelMissingError(ResourceError):
    """The configured spaCy model package is not installed."""


class TaggerError(ResourceError):
    """The trained PII tagger cannot be loaded, or predicts labels it should not (rebuild it with
    ``python -m local_model.train_tagger``)."""


class VaultKeyError(ResourceError):
    """The encryption key is missing or does not open this file."""


class SessionStoreError(ResourceError):
    """The session store (SQLite file, Redis server) cannot be reached, or a record in it cannot
    be opened with the server key; the message names the store, never a session's content."""


# ---------------------------------------------------------------- models


class ModelError(PDTError, RuntimeError):
    """A language model could not give a usable answer."""


class ModelCallError(ModelError):
    """A model call failed.  ``role`` is local / external / judge; the message never holds the prompt."""

    def __init__(self, role: str, reason: str) -> None:
        self.role = role
        self.reason = reason
        super().__init__(f"{role} model call failed: {reason}")


class LMDetectorError(ModelError):
    """The local LM could not be reached or returned unusable output (never silently 0 spans)."""


class JudgeError(ModelError):
    """A judge could not produce a verdict (model failure or unusable output)."""


class LocalServerError(ModelError):
    """The local model server cannot be prepared, started or reached."""


# ---------------------------------------------------------------- pseudonym map


class PseudonymMapError(PDTError, RuntimeError):
    """Base error of the pseudonym map; messages never contain personal data."""


class SessionExpiredError(PseudonymMapError):
    """The session's TTL has passed; start a new session (the old map is wiped)."""


class SessionNotFoundError(PseudonymMapError):
    """No session with this id for this API key: never created, erased, expired, or created by
    another key (one error for all, so an id cannot be probed)."""


class SessionConflictError(PseudonymMapError):
    """The session was changed by another request since it was loaded (version compare-and-set
    lost): reload it and redo the minimization (nothing was sent yet)."""


class SessionLimitError(PseudonymMapError):
    """A cap is reached: ``what`` is ``entries`` (the conversation's map holds
    ``serve.max_map_entries`` values: start a new session) or ``sessions`` (the store holds
    ``serve.max_sessions`` live sessions: retry later)."""

    def __init__(self, what: str, message: str) -> None:
        self.what = what
        super().__init__(message)


# ---------------------------------------------------------------- the boundary


class EgressLeakError(PDTError, RuntimeError):
    """Outgoing text still holds personal data; ``label`` says which type (never the value)."""

    def __init__(self, label: str, reason: str) -> None:
        self.label = label
        self.reason = reason
        super().__init__(f"egress blocked: {label} {reason}")


class BoundaryViolationError(PDTError, RuntimeError):
    """Code tried to reach the external model outside a guarded session.  This is a bug in the
    caller, not a leak of the data: it is never turned into a human handoff."""


class HandoffError(PDTError, RuntimeError):
    """The ticket must go to a human: ``kind`` says why, ``labels`` the entity types (never values).

    Kinds: ``egress-leak`` (the outgoing request still held the customer's data), ``answer-leak``
    (the answer holds another person's data), ``unread-script`` (the ticket is written mostly in a
    script no detector reads: sending it would send data nobody looked at)."""

    def __init__(self, kind: str, labels: Sequence[str], detail: str) -> None:
        self.kind = kind
        self.labels = list(labels)
        super().__init__(f"handoff ({kind}): {detail}")


class CompileError(PDTError, RuntimeError):
    """The compile cannot run or a judge/model failed during it (never scored as 0)."""


# ---------------------------------------------------------------- the tagger's training


class TrainingError(PDTError, RuntimeError):
    """The PII tagger's training data or training failed."""


class GeneratorError(TrainingError, ValueError):
    """The training-data generator was asked for something it cannot make (a language, a kind)."""


class PoolError(TrainingError):
    """A value pool has no value for the requested split."""


class SlotError(TrainingError, KeyError):
    """A template names a slot the generator does not know."""


class TrainError(TrainingError):
    """``spacy train`` or the export of the trained model failed."""


# ---------------------------------------------------------------- corpus scan


class ScanError(PDTError, RuntimeError):
    """A corpus scan (``python -m pipelines.scan``) cannot go on: the engine is missing or failed, a
    batch killed its worker more often than it is retried, or another run holds the output folder.
    Finished shards stay finished: fix the cause and run the same command again."""


class ErrorRateExceededError(ScanError):
    """More rows could not be processed than ``--max-error-rate`` allows (counts by reason, never text)."""

    def __init__(self, errors: int, rows: int, max_rate: float) -> None:
        self.errors = errors
        self.rows = rows
        self.max_rate = max_rate
        super().__init__(
            f"{errors} of {rows} rows could not be processed ({errors / max(rows, 1):.4%}), above "
            f"--max-error-rate {max_rate:g}; see errors.jsonl (id + reason) and report.json"
        )


# ---------------------------------------------------------------- the HTTP service


class ServiceError(PDTError, RuntimeError):
    """The service cannot take this request now: ``status`` is the HTTP status, ``kind`` the
    OpenAI error type, ``retry_after`` seconds (or None)."""

    status = 503
    kind = "service_unavailable"

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        self.retry_after = retry_after
        super().__init__(message)


class AuthenticationError(ServiceError):
    """The request has no API key, or not one of the configured keys (401)."""

    status = 401
    kind = "authentication_error"


class RateLimitedError(ServiceError):
    """The API key sent more requests than ``serve.rate_limit_per_min`` allows (429)."""

    status = 429
    kind = "rate_limit_error"


class OverloadedError(ServiceError):
    """The service is at ``serve.max_concurrency``, draining for shutdown, or a dependency it needs
    (the local model, the session store) is down (503)."""


class EgressLedgerError(ServiceError):
    """The egress ledger cannot be written (disk full, read-only file system, an I/O error), so the
    request it would record is not sent: the gate records a request before it leaves (503; the
    message names the error number, never the request or the file's path)."""

    def __init__(self, message: str, retry_after: float | None = 30) -> None:
        super().__init__(message, retry_after)


class DeadlineExceededError(ServiceError):
    """The request's one deadline (``serve.request_timeout_s``) passed before the answer was ready (504)."""

    status = 504
    kind = "timeout"
