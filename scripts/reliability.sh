#!/usr/bin/env bash
# The reliability checks at full length (RELIABILITY.md lists them and their last figures):
#   scripts/reliability.sh [FUZZ_SECONDS] [SOAK_SECONDS]   (defaults: 3600 per fuzz target, 1800)
# - 120 SIGKILLs of `lcq ingest` at random moments, each followed by an integrity check;
# - 8 writers and 4 readers on one database;
# - the hostile-input, disk-full, lock and failure tests;
# - a soak of a live pipe into the release build's `lcq ingest`, readers at work, SOAK_SECONDS;
# - each libFuzzer target for FUZZ_SECONDS (inputs counted in $LCQ_FUZZ_DIR/runs.tsv); the
#   replay without AddressSanitizer, for volume, then a tenth as long with it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3600}
soak_seconds=${2:-1800}
LCQ_KILLS=120 swift test --filter 'CrashSafetyTests|StoreLiveTests|StoreFailureTests|HostileInputTests|SQLInterpolationTests' 2>&1 \
  | grep -E "crash safety:|Executed|error:" 
swift build -c release --product lcq >/dev/null
scripts/soak "$soak_seconds" --lcq .build/release/lcq
Fuzz/fuzz.sh scanner "$seconds"
Fuzz/fuzz.sh replay "$seconds"
Fuzz/fuzz.sh replay-asan "$((seconds / 10))"
awk -F'\t' '{ inputs[$2] += $4 } END { for (t in inputs) printf "fuzzed in total: %s %d inputs\n", t, inputs[t] }' \
  "${LCQ_FUZZ_DIR:-/tmp/lcq-fuzz}/runs.tsv"
