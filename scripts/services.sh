#!/usr/bin/env bash
# Services the tests use, started when missing (safe to run again): PostgreSQL for
# the store tests on 127.0.0.1:$SPIELTISCH_PG_PORT (55432) with its files in
# $SPIELTISCH_PG_ROOT (/tmp/spieltisch-pg), and, only when asked, Debian's Chromium for the
# browser tests (SPIELTISCH_INSTALL_CHROMIUM=1) and nginx for the reverse-proxy test
# (SPIELTISCH_INSTALL_NGINX=1), with apt, as root. Source it to get
# SPIELTISCH_TEST_POSTGRES_URL (and SPIELTISCH_PG_STARTED=1 when this call started
# PostgreSQL); run it to print the URL; `bash scripts/services.sh stop` stops
# PostgreSQL. A port that something else holds is an error, never used. PostgreSQL's
# initdb refuses root, so the cluster belongs to the postgres user.

PG_ROOT=${SPIELTISCH_PG_ROOT:-/tmp/spieltisch-pg}
PG_PORT=${SPIELTISCH_PG_PORT:-55432}
PG_URL="postgresql://postgres@127.0.0.1:${PG_PORT}/postgres"

spieltisch_pg_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
    done
    command -v pg_ctl >/dev/null && dirname "$(command -v pg_ctl)"
}

spieltisch_start_postgres() {
    local bin run_as=()
    bin=$(spieltisch_pg_bin) || { echo "services: PostgreSQL is not installed; its tests will skip" >&2; return 1; }
    [ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
    [ -f "$PG_ROOT/d/PG_VERSION" ] && "${run_as[@]}" "$bin/pg_ctl" -D "$PG_ROOT/d" status >/dev/null 2>&1 \
        && return 0  # this folder's cluster, started before: the caller did not start it now
    if (exec 3<>"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null; then
        echo "services: 127.0.0.1:$PG_PORT is taken by a server this script did not start;" \
            "set SPIELTISCH_PG_PORT to a free port" >&2
        return 1
    fi
    if [ ! -f "$PG_ROOT/d/PG_VERSION" ]; then
        install -d -o postgres "$PG_ROOT" 2>/dev/null || mkdir -p "$PG_ROOT"
        "${run_as[@]}" "$bin/initdb" -D "$PG_ROOT/d" -A trust -U postgres >"$PG_ROOT/initdb.log" 2>&1 || {
            echo "services: initdb failed (see $PG_ROOT/initdb.log)" >&2; return 1; }
    fi
    "${run_as[@]}" "$bin/pg_ctl" -D "$PG_ROOT/d" -l "$PG_ROOT/log" -w start \
        -o "-p $PG_PORT -k $PG_ROOT -c listen_addresses=127.0.0.1" >/dev/null || {
        echo "services: PostgreSQL did not start (see $PG_ROOT/log)" >&2; return 1; }
    export SPIELTISCH_PG_STARTED=1
}

spieltisch_stop_postgres() {
    local bin run_as=()
    bin=$(spieltisch_pg_bin) || return 0
    [ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
    [ -f "$PG_ROOT/d/PG_VERSION" ] || return 0
    if "${run_as[@]}" "$bin/pg_ctl" -D "$PG_ROOT/d" status >/dev/null 2>&1; then
        "${run_as[@]}" "$bin/pg_ctl" -D "$PG_ROOT/d" -m fast -w stop >/dev/null && echo "services: PostgreSQL stopped"
    fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ] && [ "${1:-}" = stop ]; then
    spieltisch_stop_postgres
    exit 0
fi

# spieltisch_apt_install PACKAGE PROGRAM: Debian's package, when its program is missing.
spieltisch_apt_install() {
    [ -x "$2" ] && return 0
    [ "$(id -u)" = 0 ] || { echo "services: installing $1 needs root (apt)" >&2; return 1; }
    echo "services: installing Debian's $1 (apt-get install $1)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1"; } >/dev/null 2>&1 \
        || { echo "services: could not install $1" >&2; return 1; }
}

if spieltisch_start_postgres; then
    export SPIELTISCH_TEST_POSTGRES_URL="$PG_URL"
fi
if [ "${SPIELTISCH_INSTALL_CHROMIUM:-}" = 1 ]; then
    spieltisch_apt_install chromium /usr/bin/chromium || true
fi
[ -x /usr/bin/chromium ] || echo "services: Chromium (/usr/bin/chromium) is missing, so the browser tests" \
    "skip; SPIELTISCH_INSTALL_CHROMIUM=1 installs Debian's with apt" >&2
if [ "${SPIELTISCH_INSTALL_NGINX:-}" = 1 ]; then
    spieltisch_apt_install nginx /usr/sbin/nginx || true
fi
[ -x /usr/sbin/nginx ] || echo "services: nginx (/usr/sbin/nginx) is missing, so the reverse-proxy test" \
    "skips; SPIELTISCH_INSTALL_NGINX=1 installs Debian's with apt" >&2

# Printed only when run, not when sourced.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ -n "${SPIELTISCH_TEST_POSTGRES_URL:-}" ]; then
    echo "$SPIELTISCH_TEST_POSTGRES_URL"
fi
