"""Files that can hold personal data: mode 0600 in a 0700 directory, whatever existed before.

Used for everything the toolkit writes that may hold raw or re-identified values (answers, the
ledger, session stores, canary registries, encrypted maps).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

FILE_MODE = 0o600
DIR_MODE = 0o700


def tighten(path: Path) -> None:
    """Set a file's mode to 0600 (and refuse to follow a symbolic link)."""
    if path.is_symlink():
        raise OSError(f"refusing to write personal data through a symbolic link: {path}")
    os.chmod(path, FILE_MODE)


def private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if needed and make it 0700."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, DIR_MODE)
    return path


def open_private(path: Path, mode: str = "w") -> IO[str]:
    """Open a text file for writing ("w" or "a") with mode 0600 in a 0700 directory."""
    if mode not in ("w", "a"):
        raise ValueError("open_private writes only ('w' or 'a')")
    private_dir(path.parent)
    if path.is_symlink():
        raise OSError(f"refusing to write personal data through a symbolic link: {path}")
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if mode == "w" else os.O_APPEND)
    fd = os.open(path, flags, FILE_MODE)
    os.fchmod(fd, FILE_MODE)
    return os.fdopen(fd, mode, encoding="utf-8")


def open_private_binary(path: Path) -> IO[bytes]:
    """Open a binary file for writing (truncated) with mode 0600 in a 0700 directory."""
    private_dir(path.parent)
    if path.is_symlink():
        raise OSError(f"refusing to write personal data through a symbolic link: {path}")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    os.fchmod(fd, FILE_MODE)
    return os.fdopen(fd, "wb")


def write_private(path: Path, data: bytes) -> None:
    """Atomically replace ``path`` with ``data`` (0600 temporary file, then rename)."""
    private_dir(path.parent)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    tmp.replace(path)
