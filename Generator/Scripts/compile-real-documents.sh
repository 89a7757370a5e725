#!/usr/bin/env bash
# Generates code for every real-world OpenAPI document of the shared folder (../shared/openapi, see its SOURCES.md;
# the documents are read there, never copied into the project) and compiles each output against the library in
# Swift 6 language mode (complete strict concurrency checking). Prints a table: requests, models, diagnostics,
# files, lines, the time to generate and to compile, and the result. Fails on any warning or error in generated
# code, on a document the generator refuses unless it is listed below as an expected failure, on an expected
# failure that generates, and on a diagnostic for a document listed to pass `--strict` (Petstore, the query styles).
#
#   Generator/Scripts/compile-real-documents.sh [--scratch-path DIR] [--documents DIR] [--keep DIR]
#
# --scratch-path: the generator package's scratch path (default Generator/.build); CI passes its .build-packages,
#   where the generator step has already built the command and the library, so nothing is built twice.
# --documents: the documents' folder; else $QUERYREQUEST_OPENAPI_DOCUMENTS, else <repository>/../shared/openapi,
#   else, in a clone of a local repository (CI's), <origin>/../shared/openapi. A missing folder is an error.
# --keep: write the generated folders and compiler logs there instead of a temporary folder.
#
# Each output is compiled by one `swiftc -emit-sil -Onone` against the modules the package build already made:
# type checking and every diagnostic pass of the mandatory SIL pipeline (region-based isolation, definite
# initialization, unreachable code…), without code generation, which reports no warning in Swift code.
# `-typecheck` alone would miss the SIL passes' diagnostics (an infinite recursion, a non-Sendable value sent
# across isolation); `-emit-sib` instead of `-emit-sil` is no faster (Docs/Generator.md, "Real-world documents").
set -euo pipefail

# Documents the generator refuses with a typed error, each with the reason; any other failure fails the script, and
# so does one of these if it generates.
declare -A expected_failures=(
    ["openai.yaml"]="OpenAPIKit 6.4 cannot read an integer bound beyond Int64 (maximum: 9223372036854776000)"
)

# Documents the generated code must express whole: `--strict` (no diagnostic at all) must pass on them.
strict_documents=("petstore.yaml" "test-query-parameters.yaml")

repository="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$repository/Generator/.build"
documents="${QUERYREQUEST_OPENAPI_DOCUMENTS:-}"
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
        --scratch-path) scratch="$2"; shift 2 ;;
        --documents) documents="$2"; shift 2 ;;
        --keep) keep="$2"; shift 2 ;;
        *) echo "usage: $0 [--scratch-path DIR] [--documents DIR] [--keep DIR]" >&2; exit 64 ;;
    esac
done

if [ -z "$documents" ]; then
    candidates=("$repository/../shared/openapi")
    origin="$(git -C "$repository" config remote.origin.url 2>/dev/null || true)"
    origin="${origin#file://}"
    if [ -n "$origin" ] && [ "${origin#/}" != "$origin" ]; then candidates+=("$origin/../shared/openapi"); fi
    for candidate in "${candidates[@]}"; do
        if [ -d "$candidate" ]; then documents="$candidate"; break; fi
    done
    if [ -z "$documents" ]; then
        echo "error: no folder of real-world OpenAPI documents: looked in ${candidates[*]};" \
            "set QUERYREQUEST_OPENAPI_DOCUMENTS or pass --documents" >&2
        exit 1
    fi
fi
if [ ! -d "$documents" ]; then
    echo "error: the documents' folder $documents does not exist" >&2
    exit 1
fi
documents="$(cd "$documents" && pwd)"

if [ -n "$keep" ]; then
    work="$keep"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi

# Builds the command, the library and the golden targets: nothing to do after CI's generator step.
swift build --package-path "$repository/Generator" --scratch-path "$scratch" >"$work/build.log" 2>&1 || {
    tail -n 30 "$work/build.log" >&2
    echo "error: the generator package does not build" >&2
    exit 1
}
bin="$(swift build --package-path "$repository/Generator" --scratch-path "$scratch" --show-bin-path)"
generate="$bin/queryrequest-generate"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
[ -f "$modules/QueryRequest.swiftmodule" ] || [ -d "$modules/QueryRequest.swiftmodule" ] || {
    echo "error: no QueryRequest module in $modules" >&2
    exit 1
}


# Seconds since `$1` (an $EPOCHREALTIME), with one decimal.
elapsed() { awk -v start="$1" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.1f", end - start }'; }

# Compiles one generated folder ($1: the document's file name, $2: the folder) and writes
# `<seconds>|<result>` to <folder>.result, and the first diagnostics to <folder>.failure when it is not clean.
compile() {
    local name="$1" output="$2"
    local module sources started status=0
    module="Real_$(basename "$output" | tr -c 'A-Za-z0-9\n' '_')"
    sources=("$output"/*.swift)
    started=$EPOCHREALTIME
    swiftc -swift-version 6 -parse-as-library -module-name "$module" -I "$modules" \
        -emit-sil -Onone -wmo -o /dev/null "${sources[@]}" >"$output.compile.log" 2>&1 || status=$?
    local seconds warnings errors
    seconds="$(elapsed "$started")"
    warnings="$(grep -c ': warning:' "$output.compile.log" || true)"
    errors="$(grep -c ': error:' "$output.compile.log" || true)"
    if [ "$status" -eq 0 ] && [ "$warnings" -eq 0 ] && [ "$errors" -eq 0 ]; then
        echo "$seconds|compiles, no warning" >"$output.result"
    else
        echo "$seconds|**$errors errors, $warnings warnings** (exit $status)" >"$output.result"
        { grep -m 10 -E ': (warning|error):' "$output.compile.log" || tail -n 10 "$output.compile.log"; } \
            >"$output.failure"
    fi
}

# The biggest documents first, so that their compilation, the longest, starts early: each compiles in the
# background while the next ones generate, at most `jobs` at a time (a compilation uses one core).
jobs="${QUERYREQUEST_COMPILE_JOBS:-$(nproc)}"
declare -A rows=()
unexpected=()
shopt -s nullglob
paths=("$documents"/*.yaml "$documents"/*.yml "$documents"/*.json)
[ "${#paths[@]}" -gt 0 ] || { echo "error: no .yaml, .yml or .json document in $documents" >&2; exit 1; }
mapfile -t paths < <(ls -S "${paths[@]}")
for path in "${paths[@]}"; do
    name="$(basename "$path")"
    output="$work/${name%.*}"
    rm -rf "$output" "$output.result" "$output.failure"
    started=$EPOCHREALTIME
    status=0
    "$generate" "$path" --output "$output" 2>"$output.generate.log" || status=$?
    generate_time="$(elapsed "$started")"
    if [ "$status" -ne 0 ]; then
        error="$(grep -m 1 '^error:' "$output.generate.log" || tail -n 1 "$output.generate.log")"
        if [ -n "${expected_failures[$name]:-}" ] && [ "$status" -eq 2 ]; then
            rows[$name]="—|—|—|—|—|$generate_time|—|expected failure (exit 2): ${expected_failures[$name]}"
        else
            rows[$name]="—|—|—|—|—|$generate_time|—|**failed** (exit $status)"
            unexpected+=("$name: the generator failed with exit code $status: $error")
        fi
        continue
    fi
    if [ -n "${expected_failures[$name]:-}" ]; then
        unexpected+=("$name: listed as an expected failure, yet it generates; remove it from the list")
    fi
    # The last line: `wrote 5 files to <output>: 12 requests, 30 models, 2 diagnostics`.
    summary="$(tail -n 1 "$output.generate.log")"
    if [[ ! "$summary" =~ :\ ([0-9]+)\ requests,\ ([0-9]+)\ models,\ ([0-9]+)\ diagnostics$ ]]; then
        rows[$name]="—|—|—|—|—|$generate_time|—|**no counts**"
        unexpected+=("$name: the generator's last line gives no counts: $summary")
        continue
    fi
    for strict in "${strict_documents[@]}"; do
        [ "$name" = "$strict" ] || continue
        "$generate" "$path" --output "$output.strict" --strict 2>"$output.strict.log" || {
            unexpected+=("$name: --strict fails: $(grep -m 3 -E '^(warning|error)' "$output.strict.log" | tr '\n' ' ')")
        }
    done
    sources=("$output"/*.swift)
    lines="$(cat "${sources[@]}" | wc -l)"
    rows[$name]="${BASH_REMATCH[1]}|${BASH_REMATCH[2]}|${BASH_REMATCH[3]}|${#sources[@]}|$lines|$generate_time"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    compile "$name" "$output" &
done
wait

for name in "${!rows[@]}"; do
    output="$work/${name%.*}"
    [[ "${rows[$name]}" != —* ]] || continue
    if [ ! -f "$output.result" ]; then
        rows[$name]+="|—|**not compiled**"
        unexpected+=("$name: the compilation gave no result")
        continue
    fi
    rows[$name]+="|$(cat "$output.result")"
    if [ -f "$output.failure" ]; then
        unexpected+=("$name: the generated code does not compile cleanly; first diagnostics:"$'\n'"$(cat "$output.failure")")
    fi
done

echo
echo "Documents in $documents, generated by $generate, compiled with swiftc -swift-version 6 -emit-sil -Onone:"
echo
echo "| Document | Requests | Models | Diagnostics | Files | Lines | Generate (s) | Compile (s) | Result |"
echo "|----------|---------:|-------:|------------:|------:|------:|-------------:|------------:|--------|"
mapfile -t names < <(printf '%s\n' "${!rows[@]}" | LC_ALL=C sort)
for name in "${names[@]}"; do
    row="$name|${rows[$name]}"
    echo "| ${row//|/ | } |"
done
for name in "${!expected_failures[@]}"; do
    [ -e "$documents/$name" ] || unexpected+=("$name: listed as an expected failure, but not in $documents")
done
for name in "${strict_documents[@]}"; do
    [ -e "$documents/$name" ] || unexpected+=("$name: listed to pass --strict, but not in $documents")
done
if [ "${#unexpected[@]}" -gt 0 ]; then
    echo
    for failure in "${unexpected[@]}"; do echo "error: $failure" >&2; done
    exit 1
fi
