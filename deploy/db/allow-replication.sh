#!/bin/sh
# Runs once, when the primary's data directory is created: lets the replica service stream from it
# (the image's own rule, `host all all all`, does not cover replication connections).
set -eu
echo "host replication all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
