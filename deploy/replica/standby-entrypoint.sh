#!/bin/sh
# A streaming hot standby of PRIMARY_HOST: on an empty data directory, copy the primary with
# pg_basebackup -R (which writes the connection to follow) through a replication slot of its own, then
# start PostgreSQL as the postgres image does.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U "$PRIMARY_USER" >/dev/null 2>&1; do sleep 1; done
  mkdir -p "$PGDATA"
  chown postgres "$PGDATA"
  chmod 700 "$PGDATA"
  PGPASSWORD="$PRIMARY_PASSWORD" gosu postgres pg_basebackup -h "$PRIMARY_HOST" -U "$PRIMARY_USER" -D "$PGDATA" \
    -R -X stream -C -S "${SLOT_NAME:-replica_1}" --checkpoint=fast
fi
exec docker-entrypoint.sh postgres -c hot_standby=on
