"""Configuration files (YAML) and their pydantic models."""

from configs.settings import (
    ConfigError,
    DomainSchema,
    Settings,
    list_domains,
    load_domain,
    load_settings,
    resolve_path,
)

__all__ = [
    "ConfigError",
    "DomainSchema",
    "Settings",
    "list_domains",
    "load_domain",
    "load_settings",
    "resolve_path",
]
