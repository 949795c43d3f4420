# Starts the openHAB simulator and a SmartCouch server of its own (throwaway embedded PostgreSQL,
# the simulator as hub, weather API and calendar host; stay links answered whole) for the scripts that drive a whole server
# from outside: contract fuzzing and the browser test. Source it, then:
#
#   start_servers WORK [NAME=VALUE ...]   sets HUB_URL, BASE_URL, SERVER_PID, SIM_PID; extra
#                                         environment for the server after WORK
#   start_simulator WORK [OPTION ...]     the simulator alone, with openhab-sim's options: sets HUB_URL, SIM_PID
#   stop_servers                          SIGTERM both (the server stops its PostgreSQL first)
#
# Logs go to WORK/sim.log and WORK/server.log; WORK must be reachable by the postgres user. The
# binaries are taken from SMARTCOUCH_BIN_DIR (default .build/debug).

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to $2 seconds for $1 to answer 200.
wait_for() {
    for _ in $(seq "$2"); do
        python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)' "$1" 2>/dev/null && return
        sleep 1
    done
    echo "$1 did not come up" >&2
    return 1
}

start_simulator() {
    local work=$1
    shift
    "${SMARTCOUCH_BIN_DIR:-.build/debug}/openhab-sim" --port 0 "$@" > "$work/sim.log" 2>&1 &
    SIM_PID=$!
    for _ in $(seq 30); do grep -q "listening on" "$work/sim.log" && break; sleep 1; done
    HUB_URL=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/sim.log" | head -1)
    [[ -n "$HUB_URL" ]] || { echo "the openHAB simulator did not start" >&2; cat "$work/sim.log" >&2; return 1; }
}

start_servers() {
    local work=$1
    shift
    start_simulator "$work"

    local port
    port=$(free_port)
    BASE_URL="http://127.0.0.1:$port"
    env -u DATABASE_URL APP_ENV=development BCRYPT_COST=4 LOG_LEVEL=warning \
        OPENHAB_URL="$HUB_URL" OPENHAB_TOKEN=oh.simulator.admin OPENHAB_TIMEOUT_MS=2000 OUTBOUND_ALLOW_PRIVATE=hub,calendar \
        WEATHER_BASE_URL="$HUB_URL" WEATHER_GEOCODING_URL="$HUB_URL" \
        IMAGES_DIR="$work/images" SMARTCOUCH_ROOT="$PWD" PUBLIC_URL="$BASE_URL" "$@" \
        "${SMARTCOUCH_BIN_DIR:-.build/debug}/smartcouch" serve --data-dir "$work/pg" --port "$port" > "$work/server.log" 2>&1 &
    SERVER_PID=$!
    wait_for "$BASE_URL/ready" 180
}

stop_servers() {
    if [[ -n "${SERVER_PID:-}" ]]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    if [[ -n "${SIM_PID:-}" ]]; then kill -TERM "$SIM_PID" 2>/dev/null || true; wait "$SIM_PID" 2>/dev/null || true; fi
    SERVER_PID=""
    SIM_PID=""
}

# Makes a Python virtual environment at $1 with the pinned packages that follow, with the interpreter
# PYTHON (default python3).
make_venv() {
    local venv=$1 python=${PYTHON:-python3}
    shift
    # Debian splits venv's pip bootstrap (ensurepip) into python3-venv.
    if ! "$python" -c 'import ensurepip' 2>/dev/null; then
        local sudo=""
        [[ $(id -u) -eq 0 ]] || sudo=sudo
        $sudo apt-get update
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends python3-venv
    fi
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@"
}
