"""Running the service: settings from the command line, the process that serves, N workers.

``serve_process`` builds the :class:`~pipelines.serve.service.ServeService`, warms it up and runs
uvicorn with a drain (:class:`DrainingServer`); ``supervise`` runs N such processes on one
listening socket (the worker entry point must live in an importable module: a ``-m`` package's
``__main__`` cannot be re-imported by ``multiprocessing``'s spawn).
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import uvicorn

from configs.models import ModelsSettings, load_models
from configs.settings import Settings, load_settings
from local_model.minimization.vault import server_key
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pipelines.serve", description="Serve the support assistant over an OpenAI-compatible HTTP API."
    )
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


def settings_from(args: argparse.Namespace) -> tuple[ModelsSettings, Settings]:
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


def keyring_from(args: argparse.Namespace, models: ModelsSettings) -> KeyRing:
    keys = read_keys()
    pepper = server_key()
    if keys:
        return KeyRing(keys, pepper)
    if not args.insecure_no_auth:
        return KeyRing(keys, pepper)  # raises: no key configured
    if not _loopback(models.serve.host):
        raise ConfigError("--insecure-no-auth is refused on a non-loopback host: configure PDT_SERVE_API_KEYS")
    return KeyRing([], pepper, required=False)


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
    args = build_parser().parse_args(list(argv))
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s [pid %(process)d]: %(message)s"
    )
    for noisy in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx", "httpcore"):
        # at DEBUG LiteLLM logs whole request and response bodies (the local model's hold raw
        # customer text): WARNING is a privacy control here, not only less noise
        logging.getLogger(noisy).setLevel(logging.WARNING)
    try:
        models, settings = settings_from(args)
        keyring = keyring_from(args, models)
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


def _exit_with_parent(interval_s: float = 1.0) -> None:
    """A worker drains and exits when its supervisor is gone (killed with SIGKILL, it cannot pass
    the signal on): a daemon thread watches the parent pid and sends this process SIGTERM."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval_s)
        logger.warning("supervisor %d is gone: draining", parent)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="pdt-parent-watch", daemon=True).start()


def _worker(argv: Sequence[str], sock: socket.socket) -> None:
    _exit_with_parent()
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
