"""Configuration files (YAML) and their pydantic models."""

import os

# Offline by construction: litellm would fetch its model cost map from GitHub when imported.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from configs.settings import DomainSchema, Settings, list_domains, load_domain, load_settings, resolve_path
from signatures.errors import ConfigError

__all__ = [
    "ConfigError",
    "DomainSchema",
    "Settings",
    "list_domains",
    "load_domain",
    "load_settings",
    "resolve_path",
]
