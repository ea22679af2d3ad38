#!/usr/bin/env bash
# Re-resolves requirements/dev.txt, the exact versions `bash scripts/test` installs
# (every extra and the test and lint tools), from pyproject.toml. Run it on purpose,
# then run the whole suite before committing the new file.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d); trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools" && "$tools/bin/python" -m pip install -q uv
"$tools/bin/uv" pip compile --quiet --universal --python-version 3.11 --extra dev pyproject.toml \
    --custom-compile-command "bash scripts/pin_requirements.sh" -o requirements/dev.txt
