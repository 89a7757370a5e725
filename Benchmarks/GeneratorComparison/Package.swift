// swift-tools-version: 6.1
import PackageDescription

// Our generator beside swift-openapi-generator on the same OpenAPI document, both built in release from this
// machine's package copies. Not part of `swift test` or CI; run `Benchmarks/GeneratorComparison/run.sh`
// (see Docs/Generator.md, "Speed").
let package = Package(
    name: "GeneratorComparison",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "QueryRequestGenerator", path: "../../Generator"),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    // No targets of its own: `swift build --product` builds each package's command from here.
    targets: []
)
