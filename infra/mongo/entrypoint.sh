#!/usr/bin/env bash
# Starts mongod (docker-entrypoint.sh of the mongo image) with authentication on, for Compose
# and Kubernetes alike:
#   - the replica set's members authenticate each other with the key file, written from
#     MONGO_KEYFILE to /tmp (mongod refuses a key file others may read);
#   - on the first start of an empty data directory, the image's init phase creates the user
#     root (MONGO_ROOT_PASSWORD) and runs /docker-entrypoint-initdb.d/*.js. Where a replica set
#     has several members, only MONGO_INIT_MEMBER (its first pod) does: the others start empty
#     and copy everything from it once the set is initiated.
# Arguments go to mongod.
set -euo pipefail

keyfile="${MONGO_KEYFILE_PATH:-/tmp/mongo-keyfile}"
(umask 0377 && printf '%s' "${MONGO_KEYFILE:?MONGO_KEYFILE (the replica set key) is not set}" >"$keyfile")

if [[ -z "${MONGO_INIT_MEMBER:-}" || "${HOSTNAME:-}" == "${MONGO_INIT_MEMBER}" ]]; then
  export MONGO_INITDB_ROOT_USERNAME=root
  export MONGO_INITDB_ROOT_PASSWORD="${MONGO_ROOT_PASSWORD:?MONGO_ROOT_PASSWORD is not set}"
fi
unset MONGO_KEYFILE

exec docker-entrypoint.sh mongod --keyFile "$keyfile" "$@"
