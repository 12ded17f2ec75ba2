#!/usr/bin/env bash
# Fresh machine, one command: install everything, then run the main job on the embedded defaults
# (about 12-15 minutes on 2 cores after the install):
#   1. the PII benchmark on the bundled ai4privacy data, vanilla Presidio side by side;
#   2. the local vLLM model server (SmolLM2-135M on CPU), started here and stopped at the end;
#   3. the support assistant (papillon) on 10 synthetic tickets;
#   4. a tiny compile (MIPROv2) with its artifact audit;
#   5. the detection demo, then a summary of what ran, the headline numbers and where outputs are.
# The long evaluations (PUPA, wire leaks, latency, judge agreement, the assistant against a
# recording provider, ...) are `bash scripts/evaluate.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
bash scripts/install.sh
start=$(date +%s)
PY=.venv/bin/python
$PY -m eval.pii_bench --format ai4privacy --out runs/pii_bench/ai4privacy --baseline presidio --quiet
mkdir -p runs/models
$PY -m local_model.serve > runs/models/serve.out 2>&1 &
server_pid=$!
trap 'kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true' EXIT
$PY -m local_model.serve --wait 900
$PY -m eval.synthetic_tickets --n 10 --out runs/assistant/tickets.jsonl
$PY -m pipelines.support_assistant --tickets runs/assistant/tickets.jsonl --out runs/assistant --quiet || true
$PY -m pipelines.compile --optimizer mipro --budget tiny
$PY -m pipelines.audit runs/compile/mipro-seed0/program.json --canaries runs/canaries/registry.json \
    --traces runs/compile/mipro-seed0
$PY -m pipelines.demo
$PY -m eval.summary --elapsed $(( $(date +%s) - start ))
