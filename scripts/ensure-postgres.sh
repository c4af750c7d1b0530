#!/usr/bin/env bash
# Makes sure a PostgreSQL server accepts connections on 127.0.0.1:5432 (Debian's cluster; installed if missing).
set -euo pipefail
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
if command -v pg_isready >/dev/null && ready; then echo "PostgreSQL is up"; exit 0; fi
if ! command -v pg_ctlcluster >/dev/null; then
  echo "Installing PostgreSQL from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$version main"; then pg_createcluster "$version" main; fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not come up" >&2; exit 1; }
# The tests connect as postgres over TCP without a password.
hba="/etc/postgresql/$version/main/pg_hba.conf"
if ! psql -h 127.0.0.1 -U postgres -c 'select 1' >/dev/null 2>&1; then
  sed -i -E 's#^(host[[:space:]]+all[[:space:]]+all[[:space:]]+(127\.0\.0\.1/32|::1/128)[[:space:]]+)(scram-sha-256|md5)#\1trust#' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload
fi
echo "PostgreSQL $version is up"
