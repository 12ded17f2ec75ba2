"""The floor plan: no import cycle, no upward import, one error tree.

Every ``import`` statement counts, function-local ones included (an import hidden in a function
to dodge a cycle is still a cycle).  Layers, bottom to top: a module may import its own layer and
the layers below it, never one above.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from configs.settings import REPO_ROOT
from signatures.errors import PDTError

PACKAGES = ("signatures", "configs", "local_model", "metrics", "pipelines", "eval")
#: module prefix -> layer (longest prefix wins); bottom first
LAYERS = {
    "signatures": 0,
    "configs": 1,
    "local_model.files": 2,
    "local_model.text": 2,
    "local_model.detection": 3,
    "local_model.minimization": 3,
    # the tagger's training is an application (it uses the span metrics and the MLflow helper):
    # it sits with the pipelines; the tagger detector at run time is in detection/
    "local_model.training": 7,
    "local_model.train_tagger": 7,
    "local_model.boundary": 5,
    "local_model.serve": 5,
    "local_model": 5,  # the package docstring
    "metrics": 6,
    "pipelines": 7,
    "eval": 8,
}


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((REPO_ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The project module an imported name refers to (a module, or the module holding a symbol)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _edges(module: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            target = _resolve(name)
            if target is not None and target != module:
                out.add(target)
    return out


GRAPH = {m: _edges(m, p) for m, p in MODULES.items()}


def _layer(module: str) -> int:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len, default=None)
    if best is None:
        raise AssertionError(f"module {module} is in no layer: add its room to LAYERS (and to the README layout)")
    return LAYERS[best]


def test_every_module_has_a_room() -> None:
    for module in MODULES:
        _layer(module)


def test_no_upward_import() -> None:
    upward = [
        f"{src} (layer {_layer(src)}) imports {dst} (layer {_layer(dst)})"
        for src, targets in GRAPH.items()
        for dst in targets
        if _layer(dst) > _layer(src)
    ]
    assert upward == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle() -> None:
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_one_error_tree() -> None:
    """Every exception class the packages define derives from the one root."""
    strays = []
    for module in MODULES:
        if module.endswith("__main__"):
            continue  # importing it runs the command
        mod = importlib.import_module(module)
        for name, obj in vars(mod).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseException)
                and obj.__module__ == module
                and not issubclass(obj, PDTError)
            ):
                strays.append(f"{module}.{name}")
    assert strays == []


@pytest.mark.parametrize("module", ["local_model.detection.base", "signatures.errors", "local_model.text.textnorm"])
def test_foundations_import_no_project_room_above(module: str) -> None:
    assert all(_layer(dst) <= _layer(module) for dst in GRAPH[module])


# ------------------------------------------------------------------ tests wait, they never sleep

#: the modules whose ``sleep`` pauses a test
SLEEPING_MODULES = frozenset({"time", "asyncio"})
#: the test files that may sleep, each with why: every other one waits through tests.polling.wait_until
SLEEP_ALLOWED = {
    "tests/polling.py": "the one polling helper: wait_until sleeps between two looks at the condition it waits for",
    "tests/curious_provider.py": "the fake provider simulates generation speed and stalls (delay_s, chunk_delay_s, "
    "hang_s): a behaviour under test, not a test synchronising with it",
}


def _sleeps(source: str) -> list[str]:
    """Every use of a sleep in ``source`` (``line: code``): ``time.sleep`` / ``asyncio.sleep`` under
    any name the module is imported as, a ``sleep`` imported from either under any name (called or
    passed on), and ``Event().wait(...)`` on an event made to be waited on only (a sleep in disguise)."""
    tree = ast.parse(source)
    modules: set[str] = set()  # names bound to time / asyncio
    functions: set[str] = set()  # names bound to their sleep
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name in SLEEPING_MODULES}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in SLEEPING_MODULES:
            functions |= {a.asname or "sleep" for a in node.names if a.name in ("sleep", "*")}
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "sleep":
            sleeping = isinstance(node.value, ast.Name) and node.value.id in modules
        elif isinstance(node, ast.Name):
            sleeping = node.id in functions and isinstance(node.ctx, ast.Load)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "wait":
            made = node.func.value
            sleeping = isinstance(made, ast.Call) and ast.unparse(made.func).split(".")[-1] == "Event"
        else:
            continue
        if sleeping:
            hits.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(set(hits), key=lambda hit: int(hit.split(":")[0]))


def test_tests_never_sleep_to_synchronise() -> None:
    """A fixed pause is too short on a loaded machine (a flaky failure) and too long everywhere else:
    a test waits for its condition with ``tests.polling.wait_until`` (bounded, and a timeout names
    what did not happen) or on an event another thread sets."""
    found = []
    for path in sorted((REPO_ROOT / "tests").rglob("*.py")):
        name = path.relative_to(REPO_ROOT).as_posix()
        if name not in SLEEP_ALLOWED:
            found += [f"{name}:{hit}" for hit in _sleeps(path.read_text(encoding="utf-8"))]
    assert found == [], "wait with tests.polling.wait_until instead of sleeping:\n" + "\n".join(found)
    for name, reason in SLEEP_ALLOWED.items():
        assert (REPO_ROOT / name).is_file() and reason, name  # no allowance outlives its file


@pytest.mark.parametrize(
    "source",
    [
        "import time\ntime.sleep(0.3)\n",
        "import os, time as t\nt.sleep(1)\n",
        "from time import sleep as nap\nnap(1)\n",
        "from time import sleep\nsleep(0.05)\n",
        "from time import *\nsleep(1)\n",
        "import asyncio\nasync def f():\n    await asyncio.sleep(1)\n",
        "import asyncio as aio\nasync def f():\n    await aio.sleep(0)\n",
        "from asyncio import sleep as pause\nasync def f():\n    await pause(1)\n",
        "def f():\n    import time as clock\n\n    clock.sleep(1)\n",  # a function-local import
        "import functools, time\nwait = functools.partial(time.sleep, 1)\n",  # passed on, not called
        "import threading\nthreading.Event().wait(0.3)\n",
        "from threading import Event\nEvent().wait(timeout=1)\n",
    ],
)
def test_the_sleep_finder_finds_each_way_to_sleep(source: str) -> None:
    assert len(_sleeps(source)) == 1, source


def test_the_sleep_finder_passes_waiting() -> None:
    clean = (
        "import time\nt0 = time.monotonic()\nelapsed = time.perf_counter() - t0\n"
        "from tests.polling import wait_until\nwait_until(lambda: True, 5, 'a condition')\n"
        "import threading\ndone = threading.Event()\ndone.wait(5)\n"  # an event another thread sets
        "class Bed:\n    def sleep(self) -> None: ...\nBed().sleep()\n"  # a method of something else
        "sleep = 3\nprint(sleep)\n"  # a name that is no sleep
    )
    assert _sleeps(clean) == []
