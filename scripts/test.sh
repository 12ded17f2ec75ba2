#!/usr/bin/env bash
# The test command (README, .ci/run): install if needed, lint, type-check, build the docs site
# strictly (a broken link, a missing page or a stale generated reference fails it), run the tests.
# PDT_REQUIRE_ALL=1: every component the tests need must be there (the install stops when it cannot
# install one; a test that finds one missing fails, naming it; any skipped test fails the run); the
# header of the pytest run lists what each marker needs and whether this machine has it.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 PDT_REQUIRE_ALL=1
bash scripts/install.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --site-dir build/site  # not --quiet: it hides warnings from --strict
.venv/bin/python -m pytest --run-all --durations=30 "$@"
