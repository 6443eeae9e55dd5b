# Sourced by the PostgreSQL benchmarks, with `work` set to their folder: starts a throwaway
# cluster of Debian's PostgreSQL in "$work/pg" on 127.0.0.1 at a free port (`port`), as the
# postgres user when run as root, with the user lcq and the password bench-pw (PGPASSWORD is
# exported), and stops it when the script exits. `database NAME` makes a fresh database and
# prints its URL.
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
database() { psql -q -h 127.0.0.1 -p "$port" -U lcq -d postgres -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"; echo "postgres://lcq@127.0.0.1:$port/$1?sslmode=disable"; }
