"""``configs/models.yaml``: the local server, the local / external / judge LMs, egress and the assistant.

Resolution order (later wins): the YAML file (``PDT_MODELS_CONFIG`` names another file), then
environment variables ``PDT_MODELS__SECTION__KEY=value`` (YAML scalars).  API keys are never
in the file: each role names the environment variable that holds its key.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import Field

from configs.settings import CONFIG_DIR, _Strict, load_yaml_config, resolve_path

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


DetectorName = Literal["rules", "keyed", "ner", "gazetteer", "propn", "cjk", "special", "lm"]


def _fast_detectors() -> list[DetectorName]:
    return ["rules", "keyed", "gazetteer", "propn", "cjk", "special"]


class EgressSettings(_Strict):
    ledger: str = "runs/egress/ledger.jsonl"
    max_request_chars: int = Field(default=50_000, gt=0)
    # detectors re-run on outgoing requests and on final answers (the leak gate); the text was
    # already minimized by the full set, so the default skips spaCy NER (~35 ms per 1,000 chars)
    detectors: list[DetectorName] = Field(default_factory=_fast_detectors)


class AssistantSettings(_Strict):
    domain: str = "telecom_support"
    architecture: Architecture = "papillon"
    surrogate_style: Literal["marker", "surrogate"] = "marker"
    leak_threshold: float = Field(default=0.0, ge=0.0, le=1.0)
    max_ticket_chars: int = Field(default=20_000, gt=0)


class MetricSettings(_Strict):
    """m_lambda = u - lambda * f (optimization); m_tau = u * 1[f <= tau] (deployment gate)."""

    lambda_: float = Field(default=1.0, ge=0.0, alias="lambda")
    tau: float = Field(default=0.05, ge=0.0, le=1.0)
    quality: Literal["embedding", "pairwise"] = "embedding"
    leak_judge: Literal["deterministic", "lm", "both"] = "deterministic"


class CompileSettings(_Strict):
    data: str = "pupa/PUPA_New.csv"  # under data_dir
    split_seed: int = 0
    test_percent: int = Field(default=30, gt=0, lt=100)  # held back by hash of the conversation id
    dev_percent: int = Field(default=20, gt=0, lt=100)
    out_dir: str = "runs/compile"
    canaries: str = "runs/canaries/registry.json"
    experiment: str = "compile"


_LOCAL = "http://127.0.0.1:8011/v1"


class ModelsSettings(_Strict):
    server: ServerSettings = ServerSettings()
    local: LMRole = LMRole(model="openai/smollm2-135m", api_base=_LOCAL)
    external: ExternalRole = ExternalRole(model="openai/smollm2-135m", api_base=_LOCAL, stand_in=True)
    judge: LMRole = LMRole(model="openai/smollm2-135m", api_base=_LOCAL)
    dspy_cache: DspyCacheSettings = DspyCacheSettings()
    egress: EgressSettings = EgressSettings()
    assistant: AssistantSettings = AssistantSettings()
    metric: MetricSettings = MetricSettings()
    compile: CompileSettings = CompileSettings()

    def ledger_path(self) -> Path:
        return resolve_path(self.egress.ledger)


def load_models(path: str | Path | None = None, environ: dict[str, str] | None = None) -> ModelsSettings:
    """Load and validate ``configs/models.yaml`` (+ overrides); :class:`ConfigError` names the bad key."""
    return load_yaml_config(
        path, environ, "PDT_MODELS_CONFIG", CONFIG_DIR / "models.yaml", ENV_PREFIX, ModelsSettings, "--models"
    )
