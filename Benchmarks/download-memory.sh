#!/usr/bin/env bash
# Downloads SIZE bytes (default 1 GiB) with APIClient.download(_:to:) from Tests/Scripts/download_server.py on
# 127.0.0.1 into a file in a temporary directory on the disk (not /dev/shm), and checks that the Swift process's
# peak resident memory stays under LIMIT_MIB (default 64). The file is removed afterwards.
#   Benchmarks/download-memory.sh [SIZE_BYTES] [LIMIT_MIB]
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-1073741824}"
limit="${2:-64}"
work="$(mktemp -d "${TMPDIR:-/tmp}/download-memory.XXXXXX")"
trap 'kill -9 "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
python3 Tests/Scripts/download_server.py >"$work/port" &
server=$!
disown "$server"  # no "Killed" report from the shell when the trap stops it
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
port="$(head -1 "$work/port")"
swift build -c release --product Benchmarks >/dev/null
line="$(.build/release/Benchmarks --download "$size" "http://127.0.0.1:$port" "$work/download.bin")"
echo "$line"
peak="$(echo "$line" | sed -E 's/.*peak resident memory ([0-9.]+) MiB/\1/')"
awk -v peak="$peak" -v limit="$limit" 'BEGIN { exit !(peak < limit) }' || {
    echo "error: peak resident memory $peak MiB is not under $limit MiB" >&2
    exit 1
}
echo "peak resident memory $peak MiB < $limit MiB"
