#!/usr/bin/env bash
# PgBouncer in transaction mode in front of the PostgreSQL server on 127.0.0.1:5432, for CI and for trying
# the service behind a pooler: `scripts/pgbouncer.sh start|stop|status`. Installs Debian's package when it
# is missing, runs from its own directory (config, auth file, log, pid; never /etc) and leaves every
# setting this service does not need at PgBouncer's default, prepared-statement support included (none in
# 1.18). Any database name is passed through to the server; user postgres gets in without a password.
#
# PGBOUNCER_PORT (6432), PGBOUNCER_DIR (/tmp/shop-pgbouncer-PORT), PGBOUNCER_POOL_SIZE (server connections
# per database, 20), PGBOUNCER_MAX_SERVER_CONNECTIONS (for user postgres over all databases, 60).
set -euo pipefail
port=${PGBOUNCER_PORT:-6432}
dir=${PGBOUNCER_DIR:-/tmp/shop-pgbouncer-$port}
pidfile="$dir/pgbouncer.pid"

running_pid() {
  [ -f "$pidfile" ] || return 1
  local pid
  pid=$(cat "$pidfile")
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

binary() {
  command -v pgbouncer 2>/dev/null || { [ -x /usr/sbin/pgbouncer ] && echo /usr/sbin/pgbouncer; }
}

install() {
  echo "Installing PgBouncer from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
  # The package may start its own instance (its config, port 6432): only ours is wanted.
  local packaged=/var/run/postgresql/pgbouncer.pid
  if [ -f "$packaged" ] && kill -0 "$(cat "$packaged")" 2>/dev/null; then kill "$(cat "$packaged")"; fi
}

write_config() {
  # Trust still looks the user up in the auth file; the password field is not checked.
  printf '"postgres" ""\n' >"$dir/userlist.txt"
  cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
pool_mode = transaction
auth_type = trust
auth_file = $dir/userlist.txt
admin_users = postgres
logfile = $dir/pgbouncer.log
pidfile = $pidfile
; Clients: the e2e suite at 2 jest workers opens up to 11 per API instance (ORM 4, prepared reads 4,
; webhook queue 3) and some files run two instances; each test file has its own database (own pool).
max_client_conn = 2000
default_pool_size = ${PGBOUNCER_POOL_SIZE:-20}
; The server allows 100 connections: PgBouncer's share, idle ones of other databases evicted first.
max_user_connections = ${PGBOUNCER_MAX_SERVER_CONNECTIONS:-60}
; Transaction mode hands a server connection back after each transaction: no session to reset.
server_reset_query =
; The test databases come and go: their idle server connections and pools need not linger.
server_idle_timeout = 30
autodb_idle_timeout = 60
EOF
}

start() {
  if pid=$(running_pid); then echo "PgBouncer already running (pid $pid) on 127.0.0.1:$port"; return 0; fi
  local bin
  bin=$(binary) || { install; bin=$(binary); }
  mkdir -p "$dir"
  write_config
  local as_user=()
  # PgBouncer refuses to run as root.
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$dir"
    as_user=(-u postgres)
  fi
  "$bin" -d "${as_user[@]}" "$dir/pgbouncer.ini"
  for _ in $(seq 1 50); do
    if running_pid >/dev/null && pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; then
      echo "PgBouncer $("$bin" --version | head -n 1 | awk '{print $2}') running (pid $(running_pid)) on 127.0.0.1:$port, transaction mode, config $dir/pgbouncer.ini"
      return 0
    fi
    sleep 0.1
  done
  echo "PgBouncer did not come up:" >&2
  cat "$dir/pgbouncer.log" >&2 2>/dev/null || true
  return 1
}

stop() {
  local pid
  if ! pid=$(running_pid); then echo "PgBouncer not running on 127.0.0.1:$port"; return 0; fi
  kill -TERM "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || { echo "PgBouncer stopped (pid $pid)"; return 0; }; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  echo "PgBouncer killed (pid $pid)"
}

status() {
  local pid
  if pid=$(running_pid); then echo "PgBouncer running (pid $pid) on 127.0.0.1:$port"; else echo "PgBouncer not running on 127.0.0.1:$port"; return 1; fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
