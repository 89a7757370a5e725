#!/usr/bin/env bash
# Instructions per operation of each workload, with valgrind's callgrind: each workload runs N and 2N times
# in a process of its own, and the difference, divided by N, leaves out the start-up and the checks.
# Usage: Benchmarks/Peers/callgrind.sh [N]   (after `swift build -c release --package-path Benchmarks/Peers`)
set -euo pipefail
cd "$(dirname "$0")"
n="${1:-1000}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# valgrind 3.19 gives up on the debug info of this binary ("Possibly corrupted debuginfo file"): count a
# stripped copy, whose code is the same.
binary="$out/PeersBenchmark"
strip -o "$binary" .build/release/PeersBenchmark
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$binary" "$1" "$2" >/dev/null 2>"$out/log"
    grep -E "Collected" "$out/log" | awk '{ print $NF }' | tr -d ','
}
declare -A per_op
for name in ours-encode ours-brackets-encode vapor-encode hummingbird-encode \
    ours-decode ours-brackets-decode vapor-decode hummingbird-decode; do
    once="$(instructions "$name" "$n")"
    twice="$(instructions "$name" "$((2 * n))")"
    per_op[$name]=$(((twice - once) / n))
    printf '%-20s %9d instructions/op\n' "$name" "${per_op[$name]}"
done
for direction in encode decode; do
    for ours in ours ours-brackets; do
        for peer in vapor hummingbird; do
            awk -v p="${per_op[$peer-$direction]}" -v o="${per_op[$ours-$direction]}" -v d="$direction" \
                -v n="$peer" -v u="$ours" 'BEGIN { printf "%s %s / %s: %.1f×\n", d, n, u, p / o }'
        done
    done
done
