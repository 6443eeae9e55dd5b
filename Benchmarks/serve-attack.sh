#!/usr/bin/env bash
# `lcq serve` under a mixed load: the worst request shapes of security review 3 from three
# tokens at once, 200 ordinary clients beside them, `/healthz` probed every 100 ms
# (BENCHMARKS.md, "The collector under attack"). Usage: Benchmarks/serve-attack.sh LCQ [SECONDS]
#
# LCQ is a release lcq built with the Collector trait. The store is a fresh SQLite file; the
# load generator (Benchmarks/serve_attack.py, Python with opentelemetry-proto: scripts/test's
# venv) runs on the same cores.
set -euo pipefail
lcq=$(realpath "$1")
seconds=${2:-60}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
db="$work/served.sqlite"
ordinary=$("$lcq" token create --name ordinary --app Ordinary --db "$db" 2>/dev/null)
attackers=()
for name in a1 a2 a3; do
  attackers+=("$("$lcq" token create --name "$name" --any-app --db "$db" 2>/dev/null)")
done
"$lcq" serve --listen 127.0.0.1:0 --rate 1000 --db "$db" 2>"$work/serve.err" &
server=$!
until grep -q serving "$work/serve.err" 2>/dev/null; do sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.err")
python3 Benchmarks/serve_attack.py "$url" "$server" "$ordinary" "${attackers[@]}" --seconds "$seconds"
