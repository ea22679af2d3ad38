#!/usr/bin/env bash
# Regenerates src/schema.d.ts, the TypeScript types of everything the server
# sends and accepts, from the OpenAPI document it publishes (`spieltisch
# api-schema`). Run it after changing spieltisch/server/messages.py; the test
# tests/server/test_web_types.py fails while the file is stale.
# Usage: bash types.sh [OUTPUT]   (default src/schema.d.ts)
set -euo pipefail
cd "$(dirname "$0")"
out=$(realpath -m "${1:-src/schema.d.ts}")
root=$(cd ../.. && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" python3 -m spieltisch.cli api-schema --out "$tmp/openapi.json"
npx --no-install openapi-typescript "$tmp/openapi.json" -o "$out" >/dev/null 2>&1
