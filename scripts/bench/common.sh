# Shared by the bench scripts (sourced, not run). On sourcing it installs the tools the benchmarks
# use (scripts/bench/install) and builds SmartCouch in release mode; `use_database` then finds the
# database and sets PSQL and friends to reach it:
#
#   (no option)      the database DATABASE_URL names
#   --embedded DIR   the embedded cluster in DIR (default .smartcouch/bench): created and migrated
#                    by `smartcouch migrate --data-dir DIR`, then kept running with pg_ctl for psql,
#                    pgbench and the servers the scripts start, which reach it through the Unix
#                    socket in its directory (CLUSTER: DIR, or where smartcouch moved it, see
#                    cluster_directory). It is stopped again on exit if this script started it.
#
# Figures go through `record`, which also appends them to $BENCH_RESULTS (tab-separated metric,
# value, unit) when set: scripts/bench/all makes its table from that file.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/lib/postgres.sh

EMBEDDED=""
ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --embedded)
            if [[ $# -gt 1 && "$2" != --* ]]; then EMBEDDED="$2"; shift; else EMBEDDED=".smartcouch/bench"; fi ;;
        *) ARGS+=("$1") ;;
    esac
    shift
done

# How long each load run lasts, and the wrk/pgbench threads (one a core).
BENCH_SECONDS=${BENCH_SECONDS:-15}
BENCH_THREADS=${BENCH_THREADS:-$(nproc)}

# scripts/bench/all does the install and the build once for all the scripts it runs.
if [[ -z "${BENCH_PREPARED:-}" ]]; then
    scripts/bench/install >&2
    swift build -c release --product smartcouch >&2
fi
SMARTCOUCH="$(swift build -c release --show-bin-path)/smartcouch"
# A port nobody listens on, unless BENCH_PORT names one.
BENCH_PORT=${BENCH_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}

# Commands (simple words: function names and the like) run when the script exits, however it
# ends, last registered first.
EXIT_COMMANDS=()
at_exit() { EXIT_COMMANDS=("$*" "${EXIT_COMMANDS[@]}"); }
run_exit_commands() { local command; for command in "${EXIT_COMMANDS[@]}"; do $command || true; done; }
trap run_exit_commands EXIT
trap 'exit 130' INT TERM

# record METRIC VALUE UNIT: prints a figure and keeps it for the table.
record() {
    printf '%-55s %12s %s\n' "$1" "$2" "$3"
    if [[ -n "${BENCH_RESULTS:-}" ]]; then printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$BENCH_RESULTS"; fi
}

# Sets PSQL (psql reaching the database), PGBENCH_DATABASE (pgbench's connection options and
# database), SMARTCOUCH_DB (the smartcouch command for it) and DB_OPTIONS (its --data-dir).
use_database() {
    if [[ -z "$EMBEDDED" && -z "${DATABASE_URL:-}" ]]; then
        echo "set DATABASE_URL or pass --embedded [DIR]" >&2
        exit 2
    fi
    # Quiet about what is expected (DROP … IF EXISTS of nothing), loud about the rest.
    export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
    if [[ -n "$EMBEDDED" ]]; then
        mkdir -p "$(dirname "$EMBEDDED")"
        EMBEDDED=$(cd "$(dirname "$EMBEDDED")" && pwd)/$(basename "$EMBEDDED")
        env -u DATABASE_URL "$SMARTCOUCH" migrate --data-dir "$EMBEDDED" >&2
        CLUSTER=$(cluster_directory "$EMBEDDED")
        # cluster_directory repeats EmbeddedPostgres.location; should the two part, this says so
        # where pg_ctl would only find no directory.
        if [[ ! -f "$CLUSTER/PG_VERSION" ]]; then
            echo "smartcouch migrate left no cluster in $CLUSTER, where common.sh looks for that of --embedded $EMBEDDED;" \
                "pass --embedded a directory the postgres user can reach, e.g. /var/tmp/smartcouch-bench" >&2
            exit 1
        fi
        # A user of the cluster as the servers are (the shared lock beside it, ClusterUse): a server
        # leaving stops the cluster only when nobody else holds it, so the cleanup after the runs
        # still finds it; the last one out stops it, whoever started it.
        exec {CLUSTER_USE}<>"$CLUSTER.lock"
        flock -s "$CLUSTER_USE"
        at_exit leave_cluster
        if ! as_cluster_owner "$(pg_program pg_ctl)" -D "$CLUSTER" status >/dev/null 2>&1; then
            as_cluster_owner "$(pg_program pg_ctl)" -D "$CLUSTER" -l "$CLUSTER/server.log" -w start >&2
        fi
        PSQL=(psql -X -q -v ON_ERROR_STOP=1 -h "$CLUSTER" -U postgres -d smartcouch)
        PGBENCH_DATABASE=(-h "$CLUSTER" -U postgres smartcouch)
        SMARTCOUCH_DB=(env -u DATABASE_URL "$SMARTCOUCH")
        DB_OPTIONS=(--data-dir "$EMBEDDED")
    else
        "$SMARTCOUCH" migrate >&2
        PSQL=(psql -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL")
        PGBENCH_DATABASE=("$DATABASE_URL")
        SMARTCOUCH_DB=("$SMARTCOUCH")
        DB_OPTIONS=()
    fi
}

# require_seeded: ends the script, saying what to run, when scripts/bench/seed has not filled the
# database: with no couches, searches would time empty answers and bookings have nothing to book.
require_seeded() {
    if [[ "$("${PSQL[@]}" -tA -c 'SELECT EXISTS (SELECT FROM couches)')" != t ]]; then
        echo "the database has no couches; seed it first: scripts/bench/seed${EMBEDDED:+ --embedded $EMBEDDED}" >&2
        exit 1
    fi
}

leave_cluster() {
    flock -u "$CLUSTER_USE"
    if flock -n -x "$CLUSTER_USE"; then as_cluster_owner "$(pg_program pg_ctl)" -D "$CLUSTER" -m fast -w stop >&2; fi
    exec {CLUSTER_USE}>&-
}

# The environment of every server the benchmarks start: production mode (with throwaway secrets),
# no log line a request, cheap password hashing (bcrypt cost 4) so that registering the guests of
# the booking benchmark takes no time.
server_environment() {
    echo APP_ENV=production LOG_LEVEL=warning BCRYPT_COST=4 \
        JWT_SECRET="$(head -c 32 /dev/urandom | base64)" SECRETS_KEY="$(head -c 32 /dev/urandom | base64)"
}

# wait_ready URL: polls URL until it answers 200; fails if the server (SERVER_PID) ends first or
# after two minutes.
wait_ready() {
    local deadline=$(( $(date +%s) + 120 ))
    until [[ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" == 200 ]]; do
        if ! kill -0 "$SERVER_PID" 2>/dev/null || (( $(date +%s) > deadline )); then
            echo "$1 did not answer 200; the server's log:" >&2
            tail -20 "$SERVER_LOG" >&2
            return 1
        fi
        sleep 0.02
    done
}

# launch_server [serve options]: `smartcouch serve` (release) on BENCH_PORT in the background;
# sets SERVER_PID and SERVER_URL. It is stopped on exit, if stop_server has not stopped it.
launch_server() {
    SERVER_URL="http://127.0.0.1:$BENCH_PORT"
    # shellcheck disable=SC2046 # server_environment's words are NAME=value pairs
    SERVER_LOG=${TMPDIR:-/tmp}/smartcouch-bench-server.log
    env $(server_environment) "${SMARTCOUCH_DB[@]}" serve --port "$BENCH_PORT" "$@" > "$SERVER_LOG" 2>&1 &
    SERVER_PID=$!
    if [[ " ${EXIT_COMMANDS[*]-} " != *" stop_server "* ]]; then at_exit stop_server; fi
}

stop_server() { kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" || true; }

# start_server: a server on the benchmark database (use_database), ready.
start_server() {
    launch_server --no-migrate "${DB_OPTIONS[@]}"
    wait_ready "$SERVER_URL/ready"
}

# Milliseconds in wrk's notation (812.00us, 1.52ms, 2.01s, 1.00m).
wrk_ms() {
    awk -v v="$1" 'BEGIN { n = v + 0; u = v; sub(/^[0-9.]+/, "", u);
        printf "%.2f", u == "us" ? n / 1000 : u == "ms" ? n : u == "s" ? n * 1000 : n * 60000 }'
}

# refuse_failed_run SUCCEEDED FAILED: a load run whose requests (or transactions) mostly failed
# measured the failures, which are quick, not the work; rather than let the script record its
# figures, this ends it (exit 1).
refuse_failed_run() {
    if (( $1 > $2 )); then return; fi
    echo "$2 failed and $1 succeeded: no figure recorded from this run (its report is above)" >&2
    exit 1
}

# run_wrk CONNECTIONS URL [wrk options]: a load run of BENCH_SECONDS; sets WRK_RPS (requests a
# second), WRK_P50 and WRK_P99 (ms) and WRK_FAILED (answers that were not 2xx/3xx, and socket
# errors). wrk's own report is left in WRK_OUTPUT, and shown when some failed; when most did, the
# script ends (refuse_failed_run). With WRK_REFUSALS_MEASURED set, failures are the run's result
# (overload's 503s): neither shown nor refused.
run_wrk() {
    local connections=$1 url=$2 answers
    shift 2
    # Exported for wrk scripts that number requests across threads.
    export WRK_THREADS=$(( BENCH_THREADS < connections ? BENCH_THREADS : connections ))
    WRK_OUTPUT=$(wrk --latency -t "$WRK_THREADS" -c "$connections" -d "${BENCH_SECONDS}s" "$@" "$url")
    WRK_RPS=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' <<< "$WRK_OUTPUT")
    WRK_P50=$(wrk_ms "$(awk '$1 == "50%" { print $2 }' <<< "$WRK_OUTPUT")")
    WRK_P99=$(wrk_ms "$(awk '$1 == "99%" { print $2 }' <<< "$WRK_OUTPUT")")
    WRK_FAILED=$(awk '/Non-2xx or 3xx responses:/ { n += $NF }
        /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' <<< "$WRK_OUTPUT")
    if [[ -n "${WRK_REFUSALS_MEASURED:-}" || "$WRK_FAILED" == 0 ]]; then return; fi
    echo "$WRK_OUTPUT" >&2
    answers=$(awk '/ requests in / { n = $1 } /Non-2xx or 3xx responses:/ { n -= $NF } END { print n + 0 }' <<< "$WRK_OUTPUT")
    refuse_failed_run "$answers" "$WRK_FAILED"
}

# run_pgbench CLIENTS SCRIPT [pgbench options]: runs SCRIPT for BENCH_SECONDS from CLIENTS
# connections; sets PGBENCH_TPS, PGBENCH_P50 and PGBENCH_P99 (ms, from the per-transaction log)
# and PGBENCH_FAILED (transactions that failed or were not run, and aborted clients). pgbench's
# report is shown when some failed; when most did, the script ends (refuse_failed_run).
run_pgbench() {
    local clients=$1 script=$2 logs output
    shift 2
    logs=$(mktemp -d)
    output=$(pgbench -n -M simple -c "$clients" -j "$(( BENCH_THREADS < clients ? BENCH_THREADS : clients ))" \
        -T "$BENCH_SECONDS" -f "$script" --log --log-prefix="$logs/tx" "$@" "${PGBENCH_DATABASE[@]}" 2>&1) || true
    PGBENCH_TPS=$(awk '/^tps = / { printf "%.0f", $3 }' <<< "$output")
    # Each log line is one transaction: client, number, latency in microseconds, …
    read -r PGBENCH_P50 PGBENCH_P99 < <(cat "$logs"/tx.* | awk '{ print $3 }' | sort -n | awk '
        { latency[NR] = $1 }
        END { if (NR == 0) { print "- -"; exit }
              p50 = int(NR * 0.50 + 0.999); p99 = int(NR * 0.99 + 0.999)
              printf "%.2f %.2f\n", latency[p50] / 1000, latency[p99] / 1000 }')
    PGBENCH_FAILED=$(awk '/^number of failed transactions:/ { n += $5 } / aborted in command / { n += 1 } END { print n + 0 }' <<< "$output")
    rm -rf "$logs"
    if [[ -n "$PGBENCH_TPS" && "$PGBENCH_FAILED" == 0 ]]; then return; fi
    echo "$output" >&2
    refuse_failed_run "$(awk '/^number of transactions actually processed:/ { n = $6 } END { print n + 0 }' <<< "$output")" "$PGBENCH_FAILED"
}
