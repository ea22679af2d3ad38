#!/usr/bin/env bash
# The README's install, as a newcomer meets it, on a clean clone (CI runs this).
#
# 1. A fresh clone and virtual environment: the README's venv line and its
#    install line, both read from README.md and run exactly as printed (only
#    `spieltisch serve` gets a free port added, and SPIELTISCH_HOME a temporary
#    folder); then the lobby page at /, /api/games and a websocket hello.
# 2. `pip install .` (a wheel) into another fresh venv, its server run with
#    neither Node.js nor npm on PATH: the wheel must carry the built client.
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
install_line=$(readme_line 'python3 -m pip install .*&& spieltisch serve$')
echo "== README: $venv_line"
echo "== README: $install_line"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Wait for the server's "serving on" line (the install before it may take minutes).
wait_for_server() {
    local log=$1 port=$2
    for _ in $(seq 1200); do
        grep -q "serving on http://127.0.0.1:$port/" "$log" && return 0
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

echo "== 1. a fresh clone, the README's venv and install lines, spieltisch serve"
git clone -q "$root" "$work/clone"
port=$(free_port)
spieltisch() { command spieltisch "$@" --port "$SPIELTISCH_CHECK_PORT"; }
export -f spieltisch
(
    cd "$work/clone"
    export SPIELTISCH_CHECK_PORT=$port SPIELTISCH_HOME=$work/home-editable
    exec setsid bash -c "$venv_line && $install_line"
) >"$work/editable.log" 2>&1 &
server=$!
wait_for_server "$work/editable.log" "$port"
probe "$work/clone/.venv/bin/python" "$port" || { tail -n 30 "$work/editable.log" >&2; fail "editable install"; }
stop_server
if grep -qi "npm notice\|update available" "$work/editable.log"; then
    fail "npm's notices leak into serve's output: $(grep -i 'npm notice' "$work/editable.log" | head -3)"
fi
unset -f spieltisch

echo "== 2. pip install . (a wheel) into a fresh venv, served without Node.js or npm"
python3 -m venv "$work/wheel-venv"
(cd "$work/clone" && "$work/wheel-venv/bin/python" -m pip install -q .)
where=$(cd "$work" && "$work/wheel-venv/bin/python" -c 'import spieltisch; print(spieltisch.__file__)')
[[ $where == "$work/wheel-venv/"* ]] || fail "spieltisch imports from $where, not from the installed wheel"
port=$(free_port)
bare_path="$work/wheel-venv/bin"
! PATH=$bare_path command -v npm >/dev/null && ! PATH=$bare_path command -v node >/dev/null \
    || fail "npm or node is still on PATH"
mkdir "$work/home-wheel"
(
    cd "$work/home-wheel"
    exec setsid env PATH="$bare_path" SPIELTISCH_HOME="$work/home-wheel" spieltisch serve --port "$port"
) >"$work/wheel.log" 2>&1 &
server=$!
wait_for_server "$work/wheel.log" "$port"
probe "$work/wheel-venv/bin/python" "$port" || { tail -n 30 "$work/wheel.log" >&2; fail "wheel install"; }
stop_server
echo "check_install: the README's install and a wheel both serve the lobby, the games and the websocket"
