#!/bin/sh
# Writes PgBouncer's configuration from the environment, then runs it in the foreground.
# DB_HOST, DB_PORT (5432), DB_USER, DB_PASSWORD; POOL_SIZE (server connections per database, 20),
# MAX_CLIENT_CONN (1000).
set -eu
dir=/tmp/pgbouncer
mkdir -p "$dir"
# Clients authenticate with SCRAM against this password; PgBouncer uses it for the server too.
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" >"$dir/userlist.txt"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=${DB_HOST} port=${DB_PORT:-5432}

[pgbouncer]
listen_addr = 0.0.0.0
listen_port = 6432
auth_type = scram-sha-256
auth_file = $dir/userlist.txt
pool_mode = transaction
default_pool_size = ${POOL_SIZE:-20}
max_client_conn = ${MAX_CLIENT_CONN:-1000}
ignore_startup_parameters = extra_float_digits
# A query waiting for a server connection (PostgreSQL down behind it) fails after 10 s instead of 120 s,
# so clients get their 503 promptly.
query_wait_timeout = 10
INI
exec pgbouncer "$dir/pgbouncer.ini"
