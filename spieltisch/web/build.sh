#!/usr/bin/env bash
# Builds the browser client into spieltisch/web/dist, which the server serves.
# Needs Node.js 20+ and npm; `spieltisch serve` runs this when the build is
# missing or older than the sources, and so does building a wheel (hatch_build.py).
# npm stays quiet: no update notice, no funding or audit lines, errors only.
set -euo pipefail
cd "$(dirname "$0")"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --loglevel=error >/dev/null  # errors still reach stderr
fi
npm run --silent build -- --logLevel warn
