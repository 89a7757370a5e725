// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "QueryRequest",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "QueryCoding", targets: ["QueryCoding"]),
        .library(name: "QueryRequest", targets: ["QueryRequest"]),
    ],
    targets: [
        // Encodable ⇄ query items / percent-encoded query strings. Foundation only.
        .target(name: "QueryCoding"),
        // Request descriptions, URLRequest building and the async client. Re-exports QueryCoding.
        .target(name: "QueryRequest", dependencies: ["QueryCoding"]),

        // The sample API's hosts and ranking request, declared once for the Demo, the benchmarks and the tests.
        .target(name: "SampleAPI", dependencies: ["QueryRequest"]),
        .executableTarget(name: "Demo", dependencies: ["QueryRequest", "SampleAPI"]),
        // The benchmark runner lives with the comparison benchmarks and their scripts, in Benchmarks/.
        .executableTarget(name: "Benchmarks", dependencies: ["QueryRequest", "SampleAPI"], path: "Benchmarks/Runner"),

        // Shared by the test targets: subprocesses with bounded waits, reference peers (python3, node).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "QueryCodingTests", dependencies: ["QueryCoding", "TestSupport"]),
        // Also tests the Demo's sample API, with `@testable import Demo`.
        .testTarget(name: "QueryRequestTests", dependencies: ["QueryRequest", "TestSupport", "Demo", "SampleAPI"]),
        // The property-based suite and its small generator/shrinker harness.
        .target(name: "PropertyHarness", path: "Tests/PropertyHarness"),
        .testTarget(
            name: "PropertyTests", dependencies: ["QueryCoding", "QueryRequest", "PropertyHarness", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
