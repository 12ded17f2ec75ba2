#!/usr/bin/env bash
# Fresh machine, one command: install everything, then run the main job on the embedded defaults
# (target <= 15 minutes on 2 cores after the install; the time is printed at the end):
#   1. the local vLLM model server (SmolLM2-135M on CPU) starts in the background, meanwhile
#   2. the PII benchmark on the bundled ai4privacy data, vanilla Presidio side by side, and the
#      utility benchmark (what the answer needs is kept: error codes, versions, brands ...);
#   3. the support assistant (papillon) on 5 synthetic tickets;
#   4. a smoke compile (MIPROv2, one candidate trial, no before/after evaluation) with its
#      artifact audit; the server is stopped at the end;
#   5. the detection demo, then a summary of what ran, the headline numbers and where outputs are.
# The long evaluations (the tiny compile with its before/after evaluation, PUPA, wire leaks,
# latency, judge agreement, the assistant against a recording provider, ...) are
# `bash scripts/evaluate.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
bash scripts/install.sh
start=$(date +%s)
PY=.venv/bin/python
mkdir -p runs/models
$PY -m local_model.serve > runs/models/serve.out 2>&1 &
server_pid=$!
trap 'kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true' EXIT
$PY -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy --baseline presidio --quiet
$PY -m eval.utility_bench --out runs/utility_bench --quiet
$PY -m local_model.serve --wait 900
$PY -m eval.synthetic_tickets --n 5 --out runs/assistant/tickets.jsonl
$PY -m pipelines.support_assistant --tickets runs/assistant/tickets.jsonl --out runs/assistant --quiet || true
$PY -m pipelines.compile --optimizer mipro --budget smoke --no-evaluate
$PY -m pipelines.audit runs/compile/mipro-seed0/program.json --canaries runs/canaries/registry.json \
    --traces runs/compile/mipro-seed0
$PY -m pipelines.demo
$PY -m eval.summary --elapsed $(( $(date +%s) - start ))
