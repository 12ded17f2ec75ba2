#!/usr/bin/env bash
# Fresh machine, one command: install everything, then run the main job on the embedded
# defaults: the PII benchmark on the bundled data (ai4privacy en/fr/de/nl and PUPA_New, with
# vanilla Presidio side by side), the wire-leak benchmark on PUPA_New, the support assistant
# (papillon) on synthetic tickets with the local vLLM model (started here, stopped at the end),
# the latency benchmark, the judge agreement, a tiny compile (MIPROv2) with its audit, and a
# short detection demo.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
bash scripts/install.sh
.venv/bin/python -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy --baseline presidio
.venv/bin/python -m eval.pii_bench --format pupa --out runs/pii_bench/pupa --baseline presidio
.venv/bin/python -m eval.leak_bench --out runs/leak_bench --baseline presidio
mkdir -p runs/models
.venv/bin/python -m local_model.serve > runs/models/serve.out 2>&1 &
server_pid=$!
trap 'kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true' EXIT
.venv/bin/python -m local_model.serve --wait 900
.venv/bin/python -m eval.synthetic_tickets --n 20 --out runs/assistant/tickets.jsonl
.venv/bin/python -m pipelines.support_assistant --tickets runs/assistant/tickets.jsonl --out runs/assistant
.venv/bin/python -m eval.latency_bench --n 10 --out runs/latency_bench
.venv/bin/python -m eval.judge_agreement --limit 20
.venv/bin/python -m pipelines.compile --optimizer mipro --budget tiny
.venv/bin/python -m pipelines.audit runs/compile/mipro-seed0/program.json --canaries runs/canaries/registry.json \
    --traces runs/compile/mipro-seed0
.venv/bin/python -m pipelines.demo
