#!/usr/bin/env bash
# A year of a fleet on both engines: the year-shaped SQLite store of ../shared/tools/fleet_sqlite.py
# (300,000 runs, 2,000 conflicts, 4.7 million rollup rows), copied into a throwaway PostgreSQL
# cluster (Debian's, on 127.0.0.1, default durability) with Benchmarks/fleet_to_postgres.py, and
# the read commands of issue 41 timed on each (process wall time, median of ROUNDS).
# Usage: Benchmarks/fleet-postgres.sh FLEET.sqlite LCQ [WORKDIR] [ROUNDS]
#   FLEET.sqlite: made by `lcq ingest --db F --ingest-time 2025-01-01T00:00:00Z Examples/simulator.log`
#                 then `python3 ../shared/tools/fleet_sqlite.py F`;
#   LCQ: a release build with the TeamStore trait.
set -euo pipefail
cd "$(dirname "$0")/.."
fleet=$(realpath "$1")
lcq=$(realpath "$2")
work=$(realpath -m "${3:-$(mktemp -d)}")
rounds=${4:-3}
mkdir -p "$work"

bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_postgres=()
if [ "$(id -u)" = 0 ]; then as_postgres=(runuser -u postgres --); chown postgres "$work"; fi
echo bench-pw >"$work/pw"
[ "$(id -u)" = 0 ] && chown postgres "$work/pw"
"${as_postgres[@]}" "$bin/initdb" -D "$work/pg" -U lcq --auth=scram-sha-256 --pwfile="$work/pw" -E UTF8 >/dev/null
"${as_postgres[@]}" "$bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w -o "-h 127.0.0.1 -p $port -k $work" start >/dev/null
trap '"${as_postgres[@]}" "$bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null' EXIT
export PGPASSWORD=bench-pw
psql -q -h 127.0.0.1 -p "$port" -U lcq -d postgres -c "CREATE DATABASE fleet"
url="postgres://lcq@127.0.0.1:$port/fleet?sslmode=disable"
"$lcq" db migrate --db "$url" >/dev/null
start=$(date +%s.%N)
python3 Benchmarks/fleet_to_postgres.py "$fleet" -h 127.0.0.1 -p "$port" -U lcq -d fleet
echo "copied in $(echo "$(date +%s.%N) - $start" | bc) s"

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
fingerprint=$(sqlite3 "$fleet" "SELECT fingerprint FROM conflicts ORDER BY occurrence_count DESC LIMIT 1" 2>/dev/null ||
  python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT fingerprint FROM conflicts ORDER BY occurrence_count DESC LIMIT 1').fetchone()[0])" "$fleet")
while IFS= read -r query; do
  # shellcheck disable=SC2086
  s=$(for _ in $(seq "$rounds"); do seconds "$lcq" $query --db "$fleet"; done | median)
  # shellcheck disable=SC2086
  p=$(for _ in $(seq "$rounds"); do seconds "$lcq" $query --db "$url"; done | median)
  echo "$query | sqlite ${s}s | postgres ${p}s"
done <<QUERIES
top --since 7d --until 2025-12-31
top --since 365d --until 2025-12-31
trend --by build --since 30d --until 2025-12-31
show $fingerprint --since 30d --until 2025-12-31
new --since-build 1990
check --build 1999 --format json
report --since 24h --until 2025-12-31 --format json
QUERIES
