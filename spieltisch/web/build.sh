#!/usr/bin/env bash
# Builds the browser client into spieltisch/web/dist, which the server serves.
# Needs Node.js 20+ and npm; `spieltisch serve` runs this when the build is
# missing or older than the sources.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi
npm run --silent build
