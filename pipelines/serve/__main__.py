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

import argparse
import ipaddress
import json
import logging
import multiprocessing
import os
import signal
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import uvicorn

from configs.models import ModelsSettings, load_models
from configs.settings import Settings, load_settings, resolve_path
from local_model.boundary.clients import build_detector
from local_model.minimization.vault import server_key
from pipelines.audit import Auditor, render
from pipelines.canary import CanaryRegistry
from pipelines.serve.app import create_app
from pipelines.serve.auth import KeyRing, read_keys
from pipelines.serve.service import ServeService
from signatures.errors import ConfigError, PDTError

logger = logging.getLogger("pdt.serve")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pipelines.serve", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", help="bind address (default serve.host: 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port (default serve.port: 8080)")
    parser.add_argument("--program", type=Path, help="a program saved by pipelines.compile (audited before loading)")
    parser.add_argument("--models", help="models YAML (default configs/models.yaml or PDT_MODELS_CONFIG)")
    parser.add_argument("--config", help="detector YAML (default configs/default.yaml or PDT_CONFIG)")
    parser.add_argument("--workers", type=int, default=1, help="server processes on one socket (default 1)")
    parser.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="no API key (development only; refused unless the host is loopback)",
    )
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    return parser


def _settings(args: argparse.Namespace) -> tuple[ModelsSettings, Settings]:
    models = load_models(args.models)
    settings = load_settings(args.config)
    update: dict[str, Any] = {}
    if args.host:
        update["host"] = args.host
    if args.port is not None:
        if not 0 < args.port < 65536:
            raise ConfigError("--port must be between 1 and 65535")
        update["port"] = args.port
    if update:
        models = models.model_copy(update={"serve": models.serve.model_copy(update=update)})
    return models, settings


def _keyring(args: argparse.Namespace, models: ModelsSettings) -> KeyRing:
    keys = read_keys()
    pepper = server_key()
    if keys:
        return KeyRing(keys, pepper)
    if not args.insecure_no_auth:
        return KeyRing(keys, pepper)  # raises: no key configured
    if not _loopback(models.serve.host):
        raise ConfigError("--insecure-no-auth is refused on a non-loopback host: configure PDT_SERVE_API_KEYS")
    return KeyRing([], pepper, required=False)


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
    auditor = Auditor(build_detector(settings.detector, settings.boundary.trusted_hosts), canaries)
    findings = auditor.scan(path.name, document)
    if findings:
        print(render(findings, auditor.scanned), file=sys.stderr)
        print(f"error: {path} holds personal data or canaries; it is not served", file=sys.stderr)
        return 1
    return 0


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host.strip("[]"), port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def serve_process(argv: Sequence[str], sock: socket.socket | None = None) -> int:
    """Run one server process until it is told to stop; 0 after a clean shutdown."""
    args = _parser().parse_args(list(argv))
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for noisy in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)  # per-call lines (no bodies, but noise)
    try:
        models, settings = _settings(args)
        keyring = _keyring(args, models)
        service = ServeService(models, settings, keyring, args.program)
    except (PDTError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logger.info("warmed up in %.1f s", service.warm_up())
    app = create_app(service)
    config = uvicorn.Config(
        app,
        host=models.serve.host,
        port=models.serve.port,
        access_log=False,  # request paths hold session ids; our own log line names routes only
        log_level=args.log_level,
        lifespan="on",
        timeout_graceful_shutdown=max(1, int(models.serve.drain_s)),
    )
    server = DrainingServer(config, service)
    logger.info(
        "serving %s (%s) on http://%s:%d", service.program_id, service.assistant.architecture,
        models.serve.host, models.serve.port,
    )  # fmt: skip
    server.run(sockets=[sock] if sock is not None else None)
    return 0


class DrainingServer(uvicorn.Server):
    """uvicorn's server with a drain: the first SIGTERM/SIGINT marks the service as draining
    (``/readyz`` and new chat requests answer 503 at once) and the server stops when no request is
    in flight or ``serve.drain_s`` has passed; a second signal stops it at once.  The signal is not
    re-raised afterwards, so a drained shutdown exits 0."""

    def __init__(self, config: uvicorn.Config, service: ServeService) -> None:
        super().__init__(config)
        self.service = service
        self._drain_until: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self._drain_until is None:
            self.service.draining = True
            self._drain_until = time.monotonic() + self.service.config.drain_s
            logger.info("draining: %d request(s) in flight", self.service.concurrency.inflight)
        else:
            self.should_exit = True
            self.force_exit = True

    async def on_tick(self, counter: int) -> bool:
        if self._drain_until is not None and not self.should_exit:
            if self.service.concurrency.inflight == 0 or time.monotonic() >= self._drain_until:
                self.should_exit = True
        result: bool = await super().on_tick(counter)
        return result


def _worker(argv: Sequence[str], sock: socket.socket) -> None:
    sys.exit(serve_process(argv, sock))


def supervise(argv: Sequence[str], workers: int, host: str, port: int) -> int:
    """``workers`` server processes on one listening socket; SIGTERM/SIGINT are passed on."""
    sock = _bind(host, port)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_worker, args=(list(argv), sock), name=f"pdt-serve-{i}") for i in range(workers)]
    for p in procs:
        p.start()

    def forward(sig: int, frame: FrameType | None) -> None:
        for p in procs:
            if p.is_alive() and p.pid is not None:
                try:
                    os.kill(p.pid, sig)
                except ProcessLookupError:
                    pass

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    for p in procs:
        p.join()
    sock.close()
    codes = [p.exitcode for p in procs]
    return 0 if all(c == 0 for c in codes) else 1


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    try:
        if args.workers < 1:
            raise ConfigError("--workers must be at least 1")
        models, settings = _settings(args)
        _keyring(args, models)  # refuse to start without keys (or loopback --insecure-no-auth)
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
