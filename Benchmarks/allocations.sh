#!/usr/bin/env bash
# Heap allocations per operation of each encode and build workload, counted exactly by valgrind's DHAT
# (every malloc, calloc, realloc and memalign, which Swift's allocations and Foundation's all go through).
# Each workload runs N and 3N times in a process of its own (`Benchmarks --profile`); the difference of the
# two totals, divided by 2N, leaves out the start-up and the workloads' one-time preparation. A count that is
# not a whole number means that some allocations are not made every time (a cache filling, an array
# growing now and then).
# Usage: Benchmarks/allocations.sh [N]   (after `swift build -c release --product Benchmarks`)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-200}"
# BENCHMARKS_BINARY: another build to count, such as a copy of the binary before a change.
binary="${BENCHMARKS_BINARY:-.build/release/Benchmarks}"
[ -x "$binary" ] || { echo "error: build first: swift build -c release --product Benchmarks" >&2; exit 1; }
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# DHAT's summary line: "Total:     605,999 bytes in 3,321 blocks".
totals() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$binary" --profile "$1" "$2" >/dev/null 2>"$log"
    awk '/Total:/ { gsub(",", ""); print $3, $6 }' "$log"
}
printf '%-34s %14s %14s\n' workload "allocations/op" "bytes/op"
"$binary" --list | grep -E '^(encode|request)\.' | while read -r name; do
    read -r bytes_once blocks_once <<<"$(totals "$name" "$n")"
    read -r bytes_thrice blocks_thrice <<<"$(totals "$name" "$((3 * n))")"
    awk -v name="$name" -v b="$((blocks_thrice - blocks_once))" -v s="$((bytes_thrice - bytes_once))" -v n="$((2 * n))" \
        'BEGIN { printf "%-34s %14.2f %14.1f\n", name, b / n, s / n }'
done
