# Shared by the bench scripts (sourced, not run): finds the database and sets PSQL to reach it.
#
#   (no option)      the database DATABASE_URL names
#   --embedded DIR   the embedded cluster in DIR (default .smartcouch/bench): created and migrated
#                    by `smartcouch migrate --data-dir DIR`, then kept running with pg_ctl for psql,
#                    which talks to it through the Unix socket in DIR. It is stopped again on exit
#                    if this script started it.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

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

if [[ -z "$EMBEDDED" && -z "${DATABASE_URL:-}" ]]; then
    echo "set DATABASE_URL or pass --embedded [DIR]" >&2
    exit 2
fi

# The same binaries the embedded launcher uses: PATH first, else the newest /usr/lib/postgresql/*/bin.
pg_program() {
    if command -v "$1" >/dev/null && command -v initdb >/dev/null; then command -v "$1"; return; fi
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n | tail -1)
    echo "$newest/$1"
}

# PostgreSQL refuses to run as root; the launcher runs it as the postgres user, and so does this.
as_cluster_owner() {
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

SMARTCOUCH=(swift run --skip-build smartcouch)
swift build --product smartcouch >&2

if [[ -n "$EMBEDDED" ]]; then
    mkdir -p "$(dirname "$EMBEDDED")"
    EMBEDDED=$(cd "$(dirname "$EMBEDDED")" && pwd)/$(basename "$EMBEDDED")
    env -u DATABASE_URL "${SMARTCOUCH[@]}" migrate --data-dir "$EMBEDDED" >&2
    STARTED=""
    if ! as_cluster_owner "$(pg_program pg_ctl)" -D "$EMBEDDED" status >/dev/null 2>&1; then
        as_cluster_owner "$(pg_program pg_ctl)" -D "$EMBEDDED" -l "$EMBEDDED/server.log" -w start >&2
        STARTED=yes
    fi
    stop_cluster() {
        if [[ -n "$STARTED" ]]; then as_cluster_owner "$(pg_program pg_ctl)" -D "$EMBEDDED" -m fast -w stop >&2; fi
    }
    trap stop_cluster EXIT
    PSQL=(psql -X -q -v ON_ERROR_STOP=1 -h "$EMBEDDED" -U postgres -d smartcouch)
    SMARTCOUCH_DB=(env -u DATABASE_URL "${SMARTCOUCH[@]}")
    DB_OPTIONS=(--data-dir "$EMBEDDED")
else
    "${SMARTCOUCH[@]}" migrate >&2
    PSQL=(psql -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL")
    SMARTCOUCH_DB=("${SMARTCOUCH[@]}")
    DB_OPTIONS=()
fi
