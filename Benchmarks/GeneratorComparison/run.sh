#!/usr/bin/env bash
# Times our generator and swift-openapi-generator on the same OpenAPI document, both built in release from this
# machine's package copies, in alternating runs (wall time and peak memory of each run, then the best and the
# median). Not part of CI.
#
#   Benchmarks/GeneratorComparison/run.sh [DOCUMENT] [RUNS]
#
# DOCUMENT defaults to GitHub's REST API description in ../shared/openapi (see Docs/Generator.md), RUNS to 5.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
document="$(realpath "${1:-$here/../../../shared/openapi/github.yaml}")"
runs="${2:-5}"

swift build -c release --package-path "$here" --product queryrequest-generate
swift build -c release --package-path "$here" --product swift-openapi-generator
bin="$(swift build -c release --package-path "$here" --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# What our generator writes too: the types and a client for every operation.
printf 'generate:\n  - types\n  - client\naccessModifier: public\n' >"$work/openapi-generator-config.yaml"

# measure NAME COMMAND...: one run, its output in a fresh folder; appends "seconds kilobytes" to $work/NAME.
measure() {
    local name="$1"
    shift
    rm -rf "$work/out"
    mkdir -p "$work/out"
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || {
        cat "$work/stderr" >&2
        echo "error: $name failed" >&2
        exit 1
    }
    cat "$work/time" >>"$work/$name"
    # Lines of Swift written, for the table.
    find "$work/out" -name '*.swift' -exec cat {} + | wc -l >"$work/$name.lines"
}

for _ in $(seq "$runs"); do
    measure queryrequest-generate "$bin/queryrequest-generate" "$document" --output "$work/out"
    measure swift-openapi-generator "$bin/swift-openapi-generator" generate "$document" \
        --config "$work/openapi-generator-config.yaml" --output-directory "$work/out"
done

echo "$(basename "$document"), $runs runs each, release builds:"
printf '%-26s %10s %10s %12s %12s\n' generator "best (s)" "median (s)" "peak (MB)" "Swift lines"
for name in queryrequest-generate swift-openapi-generator; do
    best="$(sort -n "$work/$name" | head -1 | cut -d' ' -f1)"
    median="$(sort -n "$work/$name" | sed -n "$(((runs + 1) / 2))p" | cut -d' ' -f1)"
    peak="$(sort -n -k2 "$work/$name" | tail -1 | awk '{ printf "%.0f", $2 / 1024 }')"
    printf '%-26s %10s %10s %12s %12s\n' "$name" "$best" "$median" "$peak" "$(cat "$work/$name.lines")"
done
