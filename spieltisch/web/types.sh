#!/usr/bin/env bash
# Regenerates src/schema.d.ts, the TypeScript types of everything the server
# sends and accepts, from the OpenAPI document it publishes (`spieltisch
# api-schema`), and beside it closecodes.ts, the websocket close codes by name.
# Run it after changing spieltisch/server/messages.py or the close codes in
# errors.py; the test tests/server/test_web_types.py fails while either is stale.
# Usage: bash types.sh [OUTPUT]   (default src/schema.d.ts); PYTHON names the interpreter
# with the project's dependencies (default: python3 on the PATH, as in an active venv).
set -euo pipefail
cd "$(dirname "$0")"
out=$(realpath -m "${1:-src/schema.d.ts}")
root=$(cd ../.. && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" "${PYTHON:-python3}" -m spieltisch.cli api-schema --out "$tmp/openapi.json"
npx --no-install openapi-typescript "$tmp/openapi.json" -o "$out" >/dev/null 2>&1
node closecodes.mjs "$tmp/openapi.json" "$(dirname "$out")/closecodes.ts"
