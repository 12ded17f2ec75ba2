"""Serve the support assistant over an OpenAI-compatible HTTP API.

    python -m pipelines.serve [--host 127.0.0.1] [--port 8080] [--program PATH] [--models F]
                              [--config F] [--workers N] [--insecure-no-auth]

API keys: ``PDT_SERVE_API_KEYS`` (comma-separated) or ``PDT_SERVE_API_KEYS_FILE``; without one the
service refuses to start unless ``--insecure-no-auth`` is given with a loopback host.  The
session maps are encrypted with the server key (``PDT_MAP_KEY`` or ``PDT_MAP_KEY_FILE``).  A
``--program`` saved by ``pipelines.compile`` is audited first (personal data, canaries): a
program with findings is refused (exit 1).  Exit 2 on a configuration error, 0 after a clean
shutdown (SIGTERM or Ctrl-C: ``/readyz`` answers 503 at once, requests and streams in flight get
``serve.drain_s`` to finish, the session store is flushed).

``--workers N`` runs N server processes on one listening socket; with the default SQLite store
they share the file (one machine), with ``serve.session_store: redis://...`` any number of
servers on any number of machines share the sessions.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from configs.models import ModelsSettings
from configs.settings import Settings, resolve_path
from local_model.boundary.clients import lm_detector_resources
from local_model.detection.hybrid import build_detector
from pipelines.audit import Auditor, render
from pipelines.canary import CanaryRegistry
from pipelines.serve.runner import build_parser, keyring_from, serve_process, settings_from, supervise
from signatures.errors import ConfigError, PDTError


def audit_program(path: Path, models: ModelsSettings, settings: Settings) -> int:
    """0 when the saved program is clean, 1 (with the report on stderr) when it holds personal
    data or a canary."""
    if not path.is_file():
        raise ConfigError(f"--program {path} does not exist")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise ConfigError(f"--program {path} is not a saved program (JSON)") from None
    registry_path = resolve_path(models.compile.canaries)
    canaries = CanaryRegistry.load(registry_path) if registry_path.is_file() else None
    auditor = Auditor(
        build_detector(settings.detector, lm_detector_resources(settings.detector, settings.boundary.trusted_hosts)),
        canaries,
    )
    findings = auditor.scan(path.name, document)
    if findings:
        print(render(findings, auditor.scanned), file=sys.stderr)
        print(f"error: {path} holds personal data or canaries; it is not served", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    try:
        if args.workers < 1:
            raise ConfigError("--workers must be at least 1")
        models, settings = settings_from(args)
        keyring_from(args, models)  # refuse to start without keys (or loopback --insecure-no-auth)
        if args.program is not None and audit_program(args.program, models, settings):
            return 1
    except (PDTError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.workers == 1:
        return serve_process(argv)
    try:
        return supervise(argv, args.workers, models.serve.host, models.serve.port)
    except OSError as exc:
        print(f"error: cannot listen on {models.serve.host}:{models.serve.port}: {exc.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
