#!/usr/bin/env bash
# The long evaluations, after `bash scripts/setup.sh` (about 1-1.5 hours on 2 cores; each step
# writes under runs/ and logs to MLflow where it says so):
#   PII benchmark on PUPA_New (Presidio side by side), the wire-leak benchmark on PUPA_New, the
#   utility benchmark through the assistant (minimize_then_external, an echoing recording provider), the
#   support assistant on 60 synthetic tickets against a recording provider (handoffs by cause, raw
#   values at the provider), the latency benchmark, the judge agreement, the tiny compile
#   (MIPROv2) with its before/after evaluation on the held-back test rows, the served assistant
#   at three concurrencies, the corpus scan by engine and workers; then the summary and the
#   results pages (python -m eval.report -> docs/results/ and the README's headline table).
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
bash scripts/install.sh
start=$(date +%s)
PY=.venv/bin/python
$PY -m eval.pii_bench --format pupa --out runs/pii_bench/pupa --baseline presidio --quiet
$PY -m eval.leak_bench --out runs/leak_bench --baseline presidio --quiet
$PY -m eval.utility_bench --out runs/utility_bench --assistant --quiet
mkdir -p runs/models
$PY -m local_model.serve > runs/models/serve.out 2>&1 &
server_pid=$!
trap 'kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true' EXIT
$PY -m local_model.serve --wait 900
$PY -m eval.assistant_bench --n 60 --architecture papillon --out runs/assistant_bench --quiet
$PY -m eval.latency_bench --n 10 --out runs/latency_bench --quiet
$PY -m eval.judge_agreement --limit 20
$PY -m pipelines.compile --optimizer mipro --budget tiny
for c in 1 4 8; do
  $PY -m eval.serve_bench --sessions 16 --turns 4 --concurrency "$c" --out "runs/serve_bench/c$c"
done
$PY -m eval.scan_bench --rows 2000 --workers 1 2 --engine local ray --out runs/scan_bench
$PY -m eval.summary --elapsed $(( $(date +%s) - start ))
$PY -m eval.report --runs runs --out docs/results --readme README.md
