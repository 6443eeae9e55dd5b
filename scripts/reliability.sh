#!/usr/bin/env bash
# The reliability checks at full length (RELIABILITY.md lists them and their last figures):
#   scripts/reliability.sh [FUZZ_SECONDS]     (default 3600 per fuzz target)
# - 120 SIGKILLs of `lcq ingest` at random moments, each followed by an integrity check;
# - 8 writers and 4 readers on one database;
# - the hostile-input, disk-full, lock and failure tests;
# - each libFuzzer target for FUZZ_SECONDS (inputs counted in $LCQ_FUZZ_DIR/runs.tsv).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3600}
LCQ_KILLS=120 swift test --filter 'CrashSafetyTests|StoreLiveTests|StoreFailureTests|HostileInputTests|SQLInterpolationTests' 2>&1 \
  | grep -E "crash safety:|Executed|error:" 
Fuzz/fuzz.sh scanner "$seconds"
Fuzz/fuzz.sh replay "$seconds"
awk -F'\t' '{ inputs[$2] += $4 } END { for (t in inputs) printf "fuzzed in total: %s %d inputs\n", t, inputs[t] }' \
  "${LCQ_FUZZ_DIR:-/tmp/lcq-fuzz}/runs.tsv"
