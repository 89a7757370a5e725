#!/usr/bin/env bash
# Tests the generator's SwiftPM plugins the way a package uses them (Docs/Generator.md, "The plugins"); any problem
# fails the script. Usage: Generator/Scripts/test-plugins.sh [SCRATCH_PATH]
#
# 1. The command plugin on Tests/PluginFixture's StoreAPI: its Generated/ folder, emptied and given a stale file,
#    comes back byte for byte as committed, without the stale file; a second run rewrites nothing.
#    (GENERATOR_UPDATE_GOLDEN=1 keeps a changed output instead of failing: review the diff.)
# 2. The command plugin on a throwaway package: without --target it generates every target that holds a document
#    and no other; diagnostics name the document and the pointer; --strict fails on them and changes nothing; a
#    renamed tag leaves no old file; a document that cannot be read fails with its error.
# 3. The fixture built (no warning in its sources or the generated code) and tested: the build-tool plugin makes
#    PetsAPI from its openapi.json, and the tests use the requests of both plugins.
# 4. The build-tool plugin on a throwaway package: a document with a diagnostic builds and shows it; a broken
#    document fails the build with its error.
set -euo pipefail
cd "$(dirname "$0")/.."
generator="$PWD"
fixture="$generator/Tests/PluginFixture"
scratch="${1:-$generator/.build-plugins}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fail() {
    echo "error: test-plugins: $*" >&2
    exit 1
}

# generate PACKAGE LOG ARGUMENTS...: runs the command plugin, its output in LOG (echoed); returns its exit code.
generate() {
    local package="$1" log="$2"
    shift 2
    local status=0
    swift package --package-path "$package" --scratch-path "$scratch" --allow-writing-to-package-directory \
        generate-requests "$@" >"$log" 2>&1 || status=$?
    cat "$log"
    return "$status"
}

# A listing of a folder's files with their checksums, to compare before and after.
fingerprint() {
    (cd "$1" && find . -type f | LC_ALL=C sort | xargs sha256sum)
}

echo "-- $SECONDS s: 1. the command plugin on the fixture's StoreAPI"
store="$fixture/Sources/StoreAPI/Generated"
committed="$(fingerprint "$store")"
[ "$(echo "$committed" | wc -l)" -ge 4 ] || fail "expected the committed files in $store"
rm -f "$store"/*.swift
echo "// a file for a tag the document no longer has" >"$store/RenamedRequests.swift"
generate "$fixture" "$work/store.log" --target StoreAPI || fail "the command plugin failed on StoreAPI"
[ ! -e "$store/RenamedRequests.swift" ] || fail "the stale file RenamedRequests.swift was not removed"
if [ "${GENERATOR_UPDATE_GOLDEN:-}" != 1 ]; then
    [ "$(fingerprint "$store")" = "$committed" ] || {
        git -C "$fixture" status --short -- Sources/StoreAPI
        git -C "$fixture" diff --stat -- Sources/StoreAPI
        fail "StoreAPI's generated files differ from the committed ones (GENERATOR_UPDATE_GOLDEN=1 updates them)"
    }
fi
touch -d "2001-01-01 00:00:00" "$store"/*.swift
generate "$fixture" "$work/store-again.log" --target StoreAPI || fail "the second run failed"
[ -z "$(find "$store" -type f -newermt "2001-01-02" -print)" ] || fail "a second run rewrote unchanged files"
touch "$store"/*.swift

echo "-- $SECONDS s: 2. the command plugin on a throwaway package"
scratch_package="$work/Throwaway"
mkdir -p "$scratch_package/Sources/Clean" "$scratch_package/Sources/Flagged" "$scratch_package/Sources/Plain"
cat >"$scratch_package/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Throwaway",
    dependencies: [.package(name: "QueryRequestGenerator", path: "$generator")],
    targets: [.target(name: "Clean"), .target(name: "Flagged"), .target(name: "Plain")]
)
SWIFT
for target in Clean Flagged Plain; do echo "// Written by hand." >"$scratch_package/Sources/$target/Hand.swift"; done
clean_document() {
    cat <<YAML
openapi: 3.1.0
info: { title: Clean, version: '1' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /pets:
    get:
      operationId: listPets
      tags: [$1]
      parameters: [{ name: tags, in: query, schema: { type: array, items: { type: string } } }]
      responses: { '204': { description: ok } }
YAML
}
clean_document Pets >"$scratch_package/Sources/Clean/openapi.yaml"
cat >"$scratch_package/Sources/Flagged/openapi.json" <<'JSON'
{ "openapi": "3.0.3", "info": { "title": "Flagged", "version": "1" }, "servers": [{ "url": "https://x.example.com" }],
  "paths": { "/items": { "get": { "operationId": "listItems",
    "parameters": [{ "name": "q", "in": "query", "allowReserved": true, "schema": { "type": "string" } }],
    "responses": { "204": { "description": "ok" } } } } } }
JSON
echo '{ "hostTypeName": "ItemServer" }' >"$scratch_package/Sources/Flagged/queryrequest-generate.json"

generate "$scratch_package" "$work/all.log" || fail "the command plugin failed on every target"
[ "$(ls "$scratch_package/Sources/Clean/Generated")" = "$(printf '%s\n' APIServer.swift Models.swift PetsRequests.swift)" ] ||
    fail "Clean/Generated holds $(ls "$scratch_package/Sources/Clean/Generated")"
[ "$(ls "$scratch_package/Sources/Flagged/Generated")" = "$(printf '%s\n' ItemServer.swift Models.swift Requests.swift)" ] ||
    fail "Flagged/Generated holds $(ls "$scratch_package/Sources/Flagged/Generated") (the configuration names the host)"
[ ! -e "$scratch_package/Sources/Plain/Generated" ] || fail "Plain has no document, yet got a Generated folder"
grep -F "Sources/Flagged/openapi.json" "$work/all.log" | grep -F "warning:" |
    grep -qF "#/paths/~1items/get/parameters/0/allowReserved" ||
    fail "the diagnostic does not name the document and its pointer"

flagged="$(fingerprint "$scratch_package/Sources/Flagged/Generated")"
sed -i 's/"operationId": "listItems",/"operationId": "listItems", "tags": ["Items"],/' \
    "$scratch_package/Sources/Flagged/openapi.json"
if generate "$scratch_package" "$work/strict.log" --strict; then fail "--strict passed on a diagnostic"; fi
grep -F "Sources/Flagged/openapi.json" "$work/strict.log" | grep -F "error:" | grep -qF -- "--strict" ||
    fail "--strict's error does not name the document"
[ "$(fingerprint "$scratch_package/Sources/Flagged/Generated")" = "$flagged" ] || fail "--strict changed Generated/"

clean_document Animals >"$scratch_package/Sources/Clean/openapi.yaml"
generate "$scratch_package" "$work/renamed.log" --target Clean --strict || fail "the renamed tag's run failed"
[ "$(ls "$scratch_package/Sources/Clean/Generated")" = "$(printf '%s\n' APIServer.swift AnimalsRequests.swift Models.swift)" ] ||
    fail "after renaming the tag, Clean/Generated holds $(ls "$scratch_package/Sources/Clean/Generated")"

echo 'openapi: 3.1.0
info: 5
paths: {}' >"$scratch_package/Sources/Clean/openapi.yaml"
if generate "$scratch_package" "$work/broken.log" --target Clean; then fail "a broken document passed"; fi
grep -F "Sources/Clean/openapi.yaml" "$work/broken.log" | grep -qF "error:" || fail "the error does not name the document"
[ -e "$scratch_package/Sources/Clean/Generated/AnimalsRequests.swift" ] || fail "a failed run changed Generated/"
if generate "$scratch_package" "$work/unknown.log" --target Nowhere; then fail "an unknown target passed"; fi

echo "-- $SECONDS s: 3. the fixture built and tested, with the build-tool plugin"
swift build --build-tests --package-path "$fixture" --scratch-path "$scratch" 2>&1 | tee "$work/build.log"
if grep -E "(warning|error):" "$work/build.log" | grep -E "PluginFixture/|QueryRequestGenerated\.swift" >/dev/null; then
    fail "the fixture's build printed warnings or errors"
fi
generated="$(find "$scratch" -path "*PetsAPI*" -name QueryRequestGenerated.swift -print -quit)"
[ -n "$generated" ] && grep -qF "public struct FindPetsRequest: Request" "$generated" ||
    fail "the build-tool plugin wrote no QueryRequestGenerated.swift with the requests"
swift test --package-path "$fixture" --scratch-path "$scratch" 2>&1 | tee "$work/test.log"
grep -qE "Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed" "$work/test.log" || fail "the fixture's tests did not pass"
echo "-- $SECONDS s: 4. the build-tool plugin on a document with a diagnostic, then on a broken one"
built="$work/Built"
mkdir -p "$built/Sources/Flagged"
cat >"$built/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Built",
    dependencies: [
        .package(name: "QueryRequestGenerator", path: "$generator"),
        .package(name: "QueryRequest", path: "$(dirname "$generator")"),
    ],
    targets: [
        .target(
            name: "Flagged", dependencies: [.product(name: "QueryRequest", package: "QueryRequest")],
            plugins: [.plugin(name: "GenerateRequestsBuildPlugin", package: "QueryRequestGenerator")])
    ]
)
SWIFT
cp "$scratch_package/Sources/Flagged/openapi.json" "$scratch_package/Sources/Flagged/queryrequest-generate.json" \
    "$built/Sources/Flagged/"
echo "// Written by hand." >"$built/Sources/Flagged/Hand.swift"
swift build --package-path "$built" --scratch-path "$scratch" 2>&1 | tee "$work/built.log" ||
    fail "the build-tool plugin failed on a document with a diagnostic"
grep -F "warning:" "$work/built.log" | grep -qF "#/paths/~1items/get/parameters/0/allowReserved" ||
    fail "the build did not show the document's diagnostic"
echo '{ "openapi": "3.1.0", "info": 5, "paths": {} }' >"$built/Sources/Flagged/openapi.json"
if swift build --package-path "$built" --scratch-path "$scratch" >"$work/broken-build.log" 2>&1; then
    cat "$work/broken-build.log"
    fail "the build passed with a broken document"
fi
cat "$work/broken-build.log"
grep -qF "error: Invalid OpenAPI document at #/info" "$work/broken-build.log" || fail "the build did not show the error"
echo "-- $SECONDS s: the plugins' tests passed"
