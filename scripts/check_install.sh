#!/usr/bin/env bash
# The README's install, as a newcomer meets it, on a clean clone (CI runs this).
#
# 1. A fresh clone and virtual environment: the README's venv line and its
#    install line, both read from README.md and run exactly as printed (only
#    `spieltisch serve` gets a free port added, and SPIELTISCH_HOME a temporary
#    folder); then the lobby page at /, /api/games and a websocket hello.
# 2. The same for the README's wheel line (`pip install '.[server]'`, not
#    editable) in another clone and venv, its server run with neither Node.js
#    nor npm on PATH: the wheel must carry the built browser client.
#
# It tests the committed HEAD (a clone), not uncommitted edits. Pip's cache is
# reused. Exit 0 when both pass.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
unset SPIELTISCH_BUILD SPIELTISCH_HOME VIRTUAL_ENV PYTHONPATH  # the ordinary install, as the README gives it

work=$(mktemp -d "${TMPDIR:-/tmp}/spieltisch-install.XXXXXX")
server=""
stop_server() {
    if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
        kill -TERM -- "-$server" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.2; done
        kill -KILL -- "-$server" 2>/dev/null || true
    fi
    server=""
}
trap 'stop_server; rm -rf "$work"' EXIT

fail() { echo "check_install: FAILED: $*" >&2; exit 1; }

# The README's lines, from its "Two commands" section: indented, as printed.
readme_line() {
    local line
    line=$(grep -m1 -E "^    $1" "$root/README.md") || fail "README.md has no line matching '$1'"
    echo "${line#    }"
}
venv_line=$(readme_line 'python3 -m venv ')
editable_line=$(readme_line 'python3 -m pip install -e .* && spieltisch serve$')
wheel_line=$(readme_line 'python3 -m pip install [^-].* && spieltisch serve$')
printf '== README: %s\n' "$venv_line" "$editable_line" "$wheel_line"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Wait for the server's "serving on" line (the install before it may take minutes).
wait_for_server() {
    local log=$1 port=$2
    for _ in $(seq 1200); do
        grep -qs "serving on http://127.0.0.1:$port/" "$log" && return 0  # -s: the log may not exist yet
        kill -0 "$server" 2>/dev/null || { tail -n 30 "$log" >&2; fail "the server stopped before serving"; }
        sleep 0.5
    done
    tail -n 30 "$log" >&2
    fail "no server on port $port after 10 minutes"
}

# The lobby page and its script, the game list and one websocket hello.
probe() {
    "$1" - "$2" <<'EOF'
import json
import re
import sys
import urllib.request

from websockets.sync.client import connect

base = f"http://127.0.0.1:{sys.argv[1]}"


def get(path: str) -> str:
    with urllib.request.urlopen(base + path, timeout=30) as answer:
        assert answer.status == 200, (path, answer.status)
        return answer.read().decode()


page = get("/")
script = re.search(r'src="(/assets/[^"]+\.js)"', page)
assert '<div id="app">' in page and script, f"/ is not the built lobby: {page[:300]}"
assert get(script.group(1)), "the client's script is empty"
games = [game["name"] for game in json.loads(get("/api/games"))]
assert {"calcory", "souvenirs", "allegra", "level8", "lucandor"} <= set(games), games
request = urllib.request.Request(
    base + "/api/tables",
    data=json.dumps({"game": "calcory", "players": 2}).encode(),
    headers={"Content-Type": "application/json"},
)
with urllib.request.urlopen(request, timeout=30) as answer:
    table = json.load(answer)["id"]
with connect(f"ws://127.0.0.1:{sys.argv[1]}/ws/tables/{table}?lang=en", open_timeout=30) as socket:
    socket.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
    seen = []
    while "chat_history" not in seen:
        message = json.loads(socket.recv(timeout=30))
        seen.append(message["type"])
        assert message["type"] != "error", message
        assert len(seen) < 10, seen
print(f"lobby page, {len(games)} games, websocket hello answered with {', '.join(seen)}")
EOF
}

# The README's venv line, then its install line in that venv, in a fresh clone;
# `spieltisch serve` answers on a free port, its data in a temporary folder.
# With SPIELTISCH_CHECK_BARE=1 the server's PATH is the venv's bin alone.
spieltisch() {
    if [ -n "${SPIELTISCH_CHECK_BARE:-}" ]; then
        PATH="$VIRTUAL_ENV/bin" command spieltisch "$@" --port "$SPIELTISCH_CHECK_PORT"
    else
        command spieltisch "$@" --port "$SPIELTISCH_CHECK_PORT"
    fi
}
export -f spieltisch
check_readme_install() {
    local name=$1 line=$2 bare=$3 clone="$work/$1" port
    git clone -q "$root" "$clone"
    port=$(free_port)
    (
        cd "$clone"
        export SPIELTISCH_CHECK_PORT=$port SPIELTISCH_CHECK_BARE=$bare SPIELTISCH_HOME=$work/home-$name
        exec setsid bash -c "$venv_line && $line"
    ) >"$work/$name.log" 2>&1 &
    server=$!
    wait_for_server "$work/$name.log" "$port"
    probe "$clone/.venv/bin/python" "$port" || { tail -n 30 "$work/$name.log" >&2; fail "$name: $line"; }
    stop_server
    if grep -qi "npm notice\|update available" "$work/$name.log"; then
        fail "npm's notices leak into serve's output: $(grep -i 'npm notice' "$work/$name.log" | head -3)"
    fi
}

echo "== 1. the editable install (builds the browser client with npm on first serve)"
check_readme_install editable "$editable_line" ""

echo "== 2. the wheel, served with neither Node.js nor npm on PATH"
check_readme_install wheel "$wheel_line" 1
where=$(cd "$work" && "$work/wheel/.venv/bin/python" -c 'import spieltisch; print(spieltisch.__file__)')
[[ $where == "$work/wheel/.venv/lib/"* ]] || fail "spieltisch imports from $where, not from the installed wheel"
echo "check_install: the README's editable install and its wheel both serve the lobby, the games and a websocket"
