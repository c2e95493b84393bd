#!/usr/bin/env bash
# Installs (when missing) and starts Debian's PostgreSQL on 127.0.0.1:5432, with password
# authentication for the postgres role, for the real-database test run and the benchmark.
# Prints the connection URL on its last line.
set -euo pipefail
PASSWORD=${PGPASSWORD_FOR_TESTS:-scaling-impact}
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "PostgreSQL is missing. Install it with: sudo sh -c 'apt-get update && apt-get install -y postgresql'" >&2
    exit 1
  fi
  echo "Installing PostgreSQL (Debian package)..." >&2
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | grep -q "^$version main .* online"; then
  pg_ctlcluster "$version" main start >&2
fi
for _ in $(seq 1 30); do
  if su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432"; then break; fi
  sleep 1
done
su postgres -c "psql -q -h /var/run/postgresql -c \"alter user postgres password '$PASSWORD'\"" >&2
echo "postgres://postgres:$PASSWORD@127.0.0.1:5432/postgres"
