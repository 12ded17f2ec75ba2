"""``configs/models.yaml``: the local server, the local / external / judge LMs, egress and the assistant.

Resolution order (later wins): the YAML file (``PDT_MODELS_CONFIG`` names another file), then
environment variables ``PDT_MODELS__SECTION__KEY=value`` (YAML scalars).  API keys are never
in the file: each role names the environment variable that holds its key.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from configs.locality import check_local
from configs.settings import (
    BUNDLED_DATA,
    CONFIG_DIR,
    BoundarySettings,
    _Strict,
    _unique_names,
    load_yaml_config,
    resolve_path,
)

logger = logging.getLogger("pdt.config")

ENV_PREFIX = "PDT_MODELS__"
Architecture = Literal["local_only", "minimize_then_external", "papillon"]
ARCHITECTURES: tuple[str, ...] = ("local_only", "minimize_then_external", "papillon")


class ServerSettings(_Strict):
    weights: str = "smollm2-135m-instruct"
    served_model_name: str = "smollm2-135m"
    host: str = "127.0.0.1"
    port: int = Field(default=8011, gt=0, lt=65536)
    cache_dir: str = "runs/models"
    dtype: str = "bfloat16"
    max_model_len: int = Field(default=4096, gt=0)
    kv_cache_gib: float = Field(default=2, gt=0)
    startup_timeout_s: float = Field(default=900, gt=0)
    extra_args: list[str] = Field(default_factory=list)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"


class LMRole(_Strict):
    model: str
    api_base: str | None = None
    api_key_env: str = "LOCAL_LM_API_KEY"
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(default=256, gt=0)
    timeout_s: float = Field(default=120, gt=0)
    structured_outputs: bool = True

    def api_key(self, environ: dict[str, str] | None = None) -> str:
        env = os.environ if environ is None else environ
        return env.get(self.api_key_env) or "local"

    @property
    def endpoint(self) -> str:
        return f"{self.model}@{self.api_base or 'provider-default'}"


class ExternalRole(LMRole):
    api_key_env: str = "EXTERNAL_LM_API_KEY"
    stand_in: bool = False


class DspyCacheSettings(_Strict):
    disk: bool = False
    dir: str = "runs/dspy_cache"


def _fast_detectors() -> list[str]:
    return ["rules", "keyed", "gazetteer", "propn", "cjk", "cues", "special"]


class EgressSettings(_Strict):
    ledger: str = "runs/egress/ledger.jsonl"
    max_request_chars: int = Field(default=50_000, gt=0)
    # detectors re-run on outgoing requests (the egress re-check); the text was already minimized
    # by the full set, so the default skips spaCy NER (~35 ms per 1,000 chars)
    detectors: list[str] = Field(default_factory=_fast_detectors)
    #: an empty ``detectors`` list turns the detector re-check off; refused unless this is true
    unsafe_skip_recheck: bool = False

    @field_validator("detectors")
    @classmethod
    def _detectors_unique(cls, names: list[str]) -> list[str]:
        return _unique_names(names, "egress.detectors")

    @model_validator(mode="after")
    def _recheck_on(self) -> EgressSettings:
        if not self.detectors and not self.unsafe_skip_recheck:
            raise ValueError(
                "egress.detectors is empty: outgoing requests would not be re-checked for personal data. "
                "List detectors (default: rules, keyed, gazetteer, propn, cjk, special) or set "
                "egress.unsafe_skip_recheck: true if you really mean it"
            )
        return self


class AssistantSettings(_Strict):
    domain: str = "telecom_support"
    architecture: Architecture = "papillon"
    surrogate_style: Literal["marker", "surrogate"] = "marker"
    #: tau: severity-weighted share of foreign personal data in an answer above which it goes to a human
    leak_threshold: float = Field(default=0.0, ge=0.0, le=1.0)
    #: a leak_threshold of 1.0 never fires (the gate is off); refused unless this is true
    unsafe_disable_leak_gate: bool = False
    max_ticket_chars: int = Field(default=20_000, gt=0)
    #: a ticket written mostly in a script no detector reads (Cyrillic, Arabic ...: see
    #: local_model.text.lang.READ_SCRIPTS): ``handoff`` to a human (default) rather than send unread
    #: text out, or ``minimize`` it like any other (what the detectors find, nothing more)
    unread_script: Literal["handoff", "minimize"] = "handoff"

    @model_validator(mode="after")
    def _gate_on(self) -> AssistantSettings:
        if self.leak_threshold >= 1.0 and not self.unsafe_disable_leak_gate:
            raise ValueError(
                "assistant.leak_threshold 1.0 switches the answer leak gate off (f can never exceed it). "
                "Use a value below 1 (default 0.0) or set assistant.unsafe_disable_leak_gate: true"
            )
        return self


class MetricSettings(_Strict):
    """m_lambda = u - lambda * f (optimization); m_tau = u * 1[f <= tau] (deployment gate)."""

    lambda_: float = Field(default=1.0, ge=0.0, alias="lambda")
    tau: float = Field(default=0.05, ge=0.0, le=1.0)
    quality: Literal["embedding", "pairwise"] = "embedding"
    leak_judge: Literal["deterministic", "lm", "both"] = "deterministic"


class CompileSettings(_Strict):
    data: str = BUNDLED_DATA["pupa"]  # under data_dir
    split_seed: int = 0
    test_percent: int = Field(default=30, gt=0, lt=100)  # held back by hash of the conversation id
    dev_percent: int = Field(default=20, gt=0, lt=100)
    out_dir: str = "runs/compile"
    canaries: str = "runs/canaries/registry.json"
    experiment: str = "compile"
    #: MIPROv2 shows the prompt model the program's source code when it proposes instructions;
    #: the delegation program's source (~3,000 tokens) overflows the embedded model's 4,096-token
    #: context, so it is off by default: turn it on with a long-context prompt model
    program_aware_proposer: bool = False


_SQLITE = "sqlite:///"
_REDIS = ("redis://", "rediss://", "unix://")


class ServeSettings(_Strict):
    """``python -m pipelines.serve``: limits, sessions and shutdown of the HTTP service."""

    host: str = "127.0.0.1"
    port: int = Field(default=8080, gt=0, lt=65536)
    #: ``sqlite:///runs/serve/sessions.db`` (one file, one machine) or ``redis://host:port/db``
    #: (several processes or machines); the maps in it are encrypted with the server key
    session_store: str = "sqlite:///runs/serve/sessions.db"
    #: a session (its map) lives this long from its creation, then it is gone
    session_ttl_s: float = Field(default=3600, gt=0, le=30 * 86400)
    #: values one conversation's map may hold (a longer conversation starts a new session)
    max_map_entries: int = Field(default=500, gt=0, le=100_000)
    #: live sessions the store may hold (creating one more answers 503)
    max_sessions: int = Field(default=100_000, gt=0, le=100_000_000)
    #: a handoff record (types only) is kept this long for GET /v1/handoffs/{id}
    handoff_ttl_s: float = Field(default=7 * 86400, gt=0, le=90 * 86400)
    #: chat requests in flight per process; one more answers 503 with Retry-After
    max_concurrency: int = Field(default=8, ge=1, le=1024)
    #: request body bytes, enforced while reading (chunked uploads included): 413 above
    max_body_bytes: int = Field(default=1_000_000, ge=1024, le=64 * 1024 * 1024)
    #: messages in one request (422 above)
    max_messages: int = Field(default=64, ge=1, le=10_000)
    #: characters of all messages of one request together (422 above)
    max_chars: int = Field(default=60_000, ge=1, le=2_000_000)
    #: requests per API key per minute (per process), 429 with Retry-After above
    rate_limit_per_min: int = Field(default=600, ge=1, le=1_000_000)
    #: earlier exchanges (user + assistant message) sent along with a turn, newest first
    history_turns: int = Field(default=3, ge=0, le=50)
    #: characters of history sent along with a turn (older exchanges are dropped first)
    history_chars: int = Field(default=12_000, ge=0, le=1_000_000)
    #: one deadline per request for every stage together (model calls get what is left)
    request_timeout_s: float = Field(default=120, gt=0, le=3600)
    #: on SIGTERM: /readyz answers 503 at once, in-flight requests get this long to finish
    drain_s: float = Field(default=20, ge=0, le=600)
    #: threads that run detection, minimization and re-identification (off the event loop)
    cpu_threads: int = Field(default=2, ge=1, le=64)
    #: a streamed answer's first words are checked and released at once; after them the leak gate
    #: checks (and releases) at least this many characters at a time (or the end of the stream),
    #: not every token: each check runs the full detector
    stream_check_chars: int = Field(default=64, ge=1, le=4096)
    #: the detectors' word caches are cleared after this many requests (bounded memory)
    release_memory_every: int = Field(default=200, ge=1, le=1_000_000)
    #: what the customer reads when the answer goes to a human instead
    handoff_notice: str = Field(
        default="A support agent will continue this conversation; we could not answer it automatically.",
        min_length=1,
        max_length=500,
    )

    @field_validator("session_store")
    @classmethod
    def _store_url(cls, url: str) -> str:
        if url.startswith(_SQLITE) and len(url) > len(_SQLITE):
            return url
        if url.startswith(_REDIS):
            return url
        raise ValueError(
            "serve.session_store must be sqlite:///PATH (a file; relative paths under the repository) "
            "or redis://HOST:PORT/DB (rediss:// for TLS)"
        )

    def sqlite_path(self) -> Path | None:
        """The SQLite file of the session store, or None for Redis."""
        if not self.session_store.startswith(_SQLITE):
            return None
        return resolve_path(self.session_store.removeprefix(_SQLITE))


_LOCAL = "http://127.0.0.1:8011/v1"


class ModelsSettings(_Strict):
    boundary: BoundarySettings = BoundarySettings()
    server: ServerSettings = ServerSettings()
    local: LMRole = LMRole(model="openai/smollm2-135m", api_base=_LOCAL)
    external: ExternalRole = ExternalRole(model="openai/smollm2-135m", api_base=_LOCAL, stand_in=True)
    judge: LMRole = LMRole(model="openai/smollm2-135m", api_base=_LOCAL)
    dspy_cache: DspyCacheSettings = DspyCacheSettings()
    egress: EgressSettings = EgressSettings()
    assistant: AssistantSettings = AssistantSettings()
    metric: MetricSettings = MetricSettings()
    compile: CompileSettings = CompileSettings()
    serve: ServeSettings = ServeSettings()

    def ledger_path(self) -> Path:
        return resolve_path(self.egress.ledger)


#: the roles that receive raw text: (role, attribute)
RAW_TEXT_ROLES = (("local", "local"), ("judge", "judge"))


def check_models_locality(models: ModelsSettings) -> None:
    """The locality rule (:mod:`configs.locality`) for every role that sees raw text, and the
    local server's own bind address."""
    trusted = models.boundary.trusted_hosts
    for role, attr in RAW_TEXT_ROLES:
        check_local(role, f"{attr}.api_base (PDT_MODELS__{attr.upper()}__API_BASE)", getattr(models, attr).api_base,
                    trusted)  # fmt: skip
    check_local("local server", "server.host (PDT_MODELS__SERVER__HOST)", models.server.base_url, trusted)


def load_models(path: str | Path | None = None, environ: dict[str, str] | None = None) -> ModelsSettings:
    """Load and validate ``configs/models.yaml`` (+ overrides); :class:`ConfigError` names the bad key.

    Refuses, before any connection is attempted, a local or judge endpoint outside the trust
    boundary (:class:`signatures.errors.BoundaryConfigError`), and logs every ``unsafe_*`` switch
    that is on as a warning."""
    models = load_yaml_config(
        path, environ, "PDT_MODELS_CONFIG", CONFIG_DIR / "models.yaml", ENV_PREFIX, ModelsSettings, "--models"
    )
    check_models_locality(models)
    if models.egress.unsafe_skip_recheck and not models.egress.detectors:
        logger.warning("UNSAFE: egress.unsafe_skip_recheck is on: outgoing requests are not re-checked by detectors")
    if models.assistant.unsafe_disable_leak_gate and models.assistant.leak_threshold >= 1.0:
        logger.warning("UNSAFE: assistant.unsafe_disable_leak_gate is on: answers are served whatever they reveal")
    return models
