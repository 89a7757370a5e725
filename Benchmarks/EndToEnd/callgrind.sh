#!/usr/bin/env bash
# Instructions per request of each end-to-end client, with valgrind's callgrind: the server runs natively in a
# process of its own, each variant makes N and then 2N requests (GET + POST pairs, one at a time) in a process of
# its own under callgrind, and the difference, divided by N, leaves out the start-up, the warm-up of the
# connection and the checks. Only the client process is counted.
# Usage: Benchmarks/EndToEnd/callgrind.sh [N] [VARIANT…]
#   (after `swift build -c release --package-path Benchmarks/EndToEnd`; N defaults to 200, the variants to all)
set -euo pipefail
cd "$(dirname "$0")"
n="${1:-200}"
shift || true
out="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$out"
}
trap cleanup EXIT
# valgrind 3.19 gives up on the debug info of these binaries ("Possibly corrupted debuginfo file"): count a
# stripped copy, whose code is the same.
binary="$out/EndToEndBenchmark"
strip -o "$binary" .build/release/EndToEndBenchmark
.build/release/EndToEndServer --port 0 >"$out/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
    grep -q "listening on" "$out/server.log" 2>/dev/null && break
    sleep 0.1
done
port="$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$out/server.log" | head -1)"
[ -n "$port" ] || { echo "the server did not start: $(cat "$out/server.log")" >&2; exit 1; }
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --variant "$1" --requests "$2" \
        --port "$port" >"$out/stdout" 2>"$out/log" || { cat "$out/log" >&2; exit 1; }
    sed -n 's/.*Collected : //p' "$out/log"
}
variants=("$@")
[ "${#variants[@]}" -gt 0 ] || mapfile -t variants < <("$binary" --list)
for name in "${variants[@]}"; do
    once="$(instructions "$name" "$n")"
    twice="$(instructions "$name" "$((2 * n))")"
    printf '%-22s %9d instructions/request\n' "$name" "$(((twice - once) / n))"
done
