#!/usr/bin/env bash
# Fresh machine, one command: install everything, then run the main job on the embedded
# defaults: the PII benchmark on the bundled data (ai4privacy en/fr/de/nl and PUPA_New, with
# vanilla Presidio side by side), the wire-leak benchmark on PUPA_New, and a short detection demo.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
bash scripts/install.sh
.venv/bin/python -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy --baseline presidio
.venv/bin/python -m eval.pii_bench --format pupa --out runs/pii_bench/pupa --baseline presidio
.venv/bin/python -m eval.leak_bench --out runs/leak_bench --baseline presidio --no-embed
.venv/bin/python -m pipelines.demo
