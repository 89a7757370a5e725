// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for QueryRequest, built with `./run` (see Docs/Testing.md, "Fuzzing"). They use the
// public API only: every oracle checks what a user of the library can see.
let package = Package(
    name: "QueryRequestFuzz",
    platforms: [.macOS(.v13)],
    // Named, so that the product resolves whatever the checkout directory is called.
    dependencies: [.package(name: "QueryRequest", path: "../")],
    targets: [
        // Reading fuzzer bytes as choices and text, and the oracles' failure report.
        .target(name: "FuzzSupport", dependencies: [.product(name: "QueryRequest", package: "QueryRequest")]),
        // bytes → strategies and limits → several target types, with a round-trip oracle.
        .executableTarget(name: "FuzzDecoder", dependencies: ["FuzzSupport"]),
        // host text, path, segment, fixed query, method and headers → URLRequest, with a URL-safety oracle.
        .executableTarget(name: "FuzzURLBuilder", dependencies: ["FuzzSupport"]),
        // header dictionaries → URLRequest headers, checked against RFC 9110's token and value rules.
        .executableTarget(name: "FuzzHeaders", dependencies: ["FuzzSupport"]),
        // a text/event-stream cut into chunks of a fuzzed size, with a chunking-invariance oracle.
        .executableTarget(name: "FuzzServerSentEvents", dependencies: ["FuzzSupport"]),
        // fuzzed parts, names and boundaries → a multipart body, read back by an independent reader.
        .executableTarget(name: "FuzzMultipart", dependencies: ["FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
