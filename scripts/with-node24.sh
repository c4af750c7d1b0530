#!/usr/bin/env bash
# Runs a command with Node 24 (Maintenance LTS) first on the PATH, e.g. `scripts/with-node24.sh node dist/main.js`;
# npm scripts still run on the project's Node 26 (node_modules/.bin comes first in them). The runtime is
# the `node` package from the npm registry, pinned in .ci/node24/package-lock.json and installed there
# on first use; the project's own node_modules are shared with the machine's Node (argon2 loads its
# N-API prebuild on either).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runtime="$root/.ci/node24"
want=$(node -p 'require(process.argv[1]).dependencies.node' "$runtime/package.json")
if [ "$("$runtime/node_modules/.bin/node" --version 2>/dev/null)" != "v$want" ]; then
  npm install --prefix "$runtime" --no-audit --no-fund --no-save >&2
fi
export PATH="$runtime/node_modules/.bin:$PATH"
exec "$@"
