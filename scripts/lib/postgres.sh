# The embedded cluster as scripts reach it from outside: its binaries, its owner and where it
# lives. Sourced by scripts/bench/common.sh and scripts/schema.

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

# Where `smartcouch --data-dir DIR` keeps the cluster (EmbeddedPostgres.location): in DIR, unless
# this runs as root and the postgres user cannot reach DIR (a directory above it is closed to
# others: /root, a `mktemp -d` directory); then in /var/lib/smartcouch/NAME-HASH, NAME the last part
# of DIR and HASH the first 12 hex digits of the SHA-256 of DIR's path.
cluster_directory() {
    if [[ $(id -u) -eq 0 ]] && id postgres >/dev/null 2>&1 && ! runuser -u postgres -- test -x "$(dirname "$1")"; then
        echo "/var/lib/smartcouch/$(basename "$1")-$(printf '%s' "$1" | sha256sum | cut -c1-12)"
    else
        echo "$1"
    fi
}
