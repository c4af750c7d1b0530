#!/usr/bin/env bash
# A streaming hot standby of the PostgreSQL 15 server on 127.0.0.1:5432, for CI and for trying the read
# replicas (DATABASE_REPLICA_URLS): `scripts/replica.sh start [--synchronous] | stop | status`.
# PostgreSQL's own tools only: pg_basebackup -R into a directory of its own (never the repository, never
# /etc), a physical replication slot so the standby cannot fall behind the WAL the primary keeps, and pg_ctl.
#
# --synchronous: every commit of a database with `synchronous_commit = remote_apply` (the e2e harness sets
# it on its copies) waits until the standby has applied it, so a read on the replica right after a write
# sees it. The primary's default becomes `synchronous_commit = local` meanwhile, so no other database's
# commit ever waits for the standby (nor hangs when it is gone). `start` without the option and `stop`
# (before it stops the standby) put both settings back.
#
# The one lasting change to the primary: pg_hba gets `host replication all 127.0.0.1/32 trust` when no
# line admits replication from 127.0.0.1 (the `all` database entry does not cover replication).
#
# REPLICA_PORT (5433), REPLICA_DIR (/tmp/shop-replica-PORT), PRIMARY_PORT (5432); runs the server
# binaries of PG_BIN (/usr/lib/postgresql/15/bin) as the postgres OS user.
set -euo pipefail
port=${REPLICA_PORT:-5433}
primary_port=${PRIMARY_PORT:-5432}
dir=${REPLICA_DIR:-/tmp/shop-replica-$port}
data="$dir/data"
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
# The slot's name is also the standby's cluster_name, which its WAL receiver reports as application_name.
name="shop_replica_$port"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
primary_sql() { as_postgres "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -c "$1"; }
replica_sql() { as_postgres "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "$1"; }
running() { [ -f "$data/postmaster.pid" ] && as_postgres "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1; }
slot_exists() { [ "$(primary_sql "select count(*) from pg_replication_slots where slot_name = '$name'")" = 1 ]; }

allow_replication() {
  local hba
  hba=$(primary_sql "show hba_file")
  # pg_hba_file_rules is what the server reads: any replication line for 127.0.0.1 (or all addresses) does.
  if [ "$(primary_sql "select count(*) from pg_hba_file_rules where 'replication' = any(database) and (address is null or address in ('127.0.0.1', 'all', 'samehost'))")" = 0 ]; then
    echo "Adding 'host replication all 127.0.0.1/32 trust' to $hba"
    printf '\n# Streaming replication from this host (scripts/replica.sh of shop-admin-api).\nhost replication all 127.0.0.1/32 trust\n' >>"$hba"
    primary_sql "select pg_reload_conf()" >/dev/null
  fi
}

# Sets (on) or resets (off) the synchronous mode on the primary; resets only what names this standby.
synchronous() {
  if [ "$1" = on ]; then
    primary_sql "alter system set synchronous_commit = 'local'"
    primary_sql "alter system set synchronous_standby_names = '\"$name\"'"
  elif [ "$(primary_sql "show synchronous_standby_names")" = "\"$name\"" ]; then
    primary_sql "alter system reset synchronous_standby_names"
    primary_sql "alter system reset synchronous_commit"
  else
    return 0
  fi
  primary_sql "select pg_reload_conf()" >/dev/null
  echo "synchronous mode $1 on 127.0.0.1:$primary_port"
}

# Settings a hot standby needs at least as high as the primary's, then this standby's own.
write_config() {
  local setting
  {
    for setting in max_connections max_worker_processes max_wal_senders max_prepared_transactions max_locks_per_transaction; do
      echo "$setting = $(primary_sql "show $setting")"
    done
    cat <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
cluster_name = '$name'
hot_standby = on
# Vacuum on the primary waits for the standby's queries rather than cancelling them.
hot_standby_feedback = on
shared_buffers = 32MB
logging_collector = off
# A disposable copy: rebuilt rather than recovered after a crash, so nothing is synced to disk (that took
# 7 s of a 16 s start and 8 s of the stop here).
fsync = off
EOF
  } >"$data/postgresql.conf"
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$data/pg_hba.conf"
  : >"$data/pg_ident.conf"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$data/postgresql.conf" "$data/pg_hba.conf" "$data/pg_ident.conf"; fi
}

start() {
  local mode=off
  if [ "${1:-}" = --synchronous ]; then mode=on; elif [ -n "${1:-}" ]; then echo "unknown option $1" >&2; exit 2; fi
  local began
  began=$(date +%s%3N)
  if running; then
    echo "standby already running on 127.0.0.1:$port ($dir)"
  else
    allow_replication
    if [ ! -f "$data/standby.signal" ] || ! slot_exists; then
      # Nothing usable left: a fresh base backup, with a fresh slot.
      rm -rf "$dir"
      slot_exists && primary_sql "select pg_drop_replication_slot('$name')" >/dev/null
      mkdir -p "$dir"
      chmod 700 "$dir"
      [ "$(id -u)" = 0 ] && chown postgres: "$dir"
      echo "pg_basebackup of 127.0.0.1:$primary_port into $data"
      as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$data" -R -X stream -C -S "$name" --checkpoint=fast --no-sync
      write_config
    fi
    as_postgres "$bin/pg_ctl" start -D "$data" -l "$dir/postgresql.log" -w -t 120 >/dev/null
  fi
  synchronous "$mode"
  echo "standby up on 127.0.0.1:$port in $(( $(date +%s%3N) - began )) ms ($(replica_sql "select case when pg_is_in_recovery() then 'in recovery' else 'NOT in recovery' end"))"
}

stop() {
  local began
  began=$(date +%s%3N)
  # First, so that no commit waits for a standby that is going away.
  synchronous off
  # Immediate: it is deleted next, so its shutdown need not write anything out.
  if running; then as_postgres "$bin/pg_ctl" stop -D "$data" -m immediate -w >/dev/null; fi
  rm -rf "$dir"
  # The WAL sender of a standby stopped at once may take seconds to notice: it is ended here.
  for _ in $(seq 1 100); do
    slot_exists || break
    primary_sql "select pg_terminate_backend(active_pid) from pg_replication_slots where slot_name = '$name' and active_pid is not null" >/dev/null
    if [ "$(primary_sql "select active from pg_replication_slots where slot_name = '$name'")" = f ]; then
      primary_sql "select pg_drop_replication_slot('$name')" >/dev/null
      break
    fi
    sleep 0.1
  done
  if slot_exists; then echo "replication slot $name is still in use" >&2; exit 1; fi
  echo "standby on 127.0.0.1:$port stopped and removed in $(( $(date +%s%3N) - began )) ms"
}

status() {
  if running; then
    echo "standby running on 127.0.0.1:$port ($dir), replaying up to $(replica_sql "select pg_last_wal_replay_lsn()")"
  else
    echo "standby not running on 127.0.0.1:$port"
  fi
  primary_sql "select 'slot ' || slot_name || ': active ' || active || ', restart_lsn ' || coalesce(restart_lsn::text, '-') from pg_replication_slots where slot_name = '$name'"
  primary_sql "select 'streaming to ' || application_name || ': ' || state || ', ' || sync_state || ', replay lag ' || coalesce(replay_lag::text, '0') from pg_stat_replication where application_name = '$name'"
  echo "primary: synchronous_standby_names = '$(primary_sql "show synchronous_standby_names")', synchronous_commit = $(primary_sql "show synchronous_commit")"
  running
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start [--synchronous] | stop | status" >&2; exit 2 ;;
esac
