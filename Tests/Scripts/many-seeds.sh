#!/usr/bin/env bash
# Runs the property suites with many different random seeds and counts the runs that fail: the check that
# `swift test` does not fail by chance (a coverage floor, a timing), which one run cannot show. Not in CI.
#
#   Tests/Scripts/many-seeds.sh [RUNS] [FILTER]      RUNS: 200 by default; FILTER: PropertyTests by default
#
# It builds once (`swift build --build-tests`; `--skip-build` as the first argument skips that, and
# QUERY_BUILD_LOCK=/path wraps the build in `flock` on a shared machine), then runs the test binary once per
# seed, one run at a time, so the runs hold no build lock. Each seed is printed with its result; a failing
# run's whole output is kept in the log directory and its replay command printed. Exit status: 0 when no
# run failed. Run it in the background under `nice -n 19` on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=1
if [ "${1:-}" = "--skip-build" ]; then
    build=0
    shift
fi
runs="${1:-200}"
filter="${2:-PropertyTests}"
logs="$(mktemp -d "${TMPDIR:-/tmp}/many-seeds.XXXXXX")"

if [ "$build" = 1 ]; then
    if [ -n "${QUERY_BUILD_LOCK:-}" ]; then
        flock "$QUERY_BUILD_LOCK" swift build --build-tests >"$logs/build.log" 2>&1
    else
        swift build --build-tests >"$logs/build.log" 2>&1
    fi
fi

# On Linux the test product is one executable: a copy keeps the runs on this build even if the package is
# rebuilt meanwhile. Elsewhere (an .xctest bundle on Apple platforms) each run goes through `swift test`.
bundle="$(swift build --show-bin-path)/QueryRequestPackageTests.xctest"
run_tests() {
    if [ -f "$bundle" ] && [ -x "$bundle" ]; then
        "$logs/tests.xctest" --testing-library swift-testing --filter "$filter"
    else
        swift test --skip-build --filter "$filter"
    fi
}
if [ -f "$bundle" ]; then cp "$bundle" "$logs/tests.xctest"; fi

started=$SECONDS
failures=0
for ((run = 1; run <= runs; run++)); do
    seed="$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')"
    if QUERY_PBT_SEED="$seed" run_tests >"$logs/run.log" 2>&1; then
        echo "run $run/$runs: seed $seed passed"
    else
        failures=$((failures + 1))
        mv "$logs/run.log" "$logs/failure-$seed.log"
        echo "run $run/$runs: seed $seed FAILED (log: $logs/failure-$seed.log)"
        echo "    replay: QUERY_PBT_SEED=$seed swift test --filter '$filter'"
    fi
done
echo "many-seeds: $runs runs of '$filter', $failures failed, $((SECONDS - started)) s (logs: $logs)"
[ "$failures" = 0 ]
