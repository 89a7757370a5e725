// swift-tools-version: 6.0
import PackageDescription

// Our query coders beside Vapor's and Hummingbird's URL-encoded-form coders, on the root benchmarks'
// typical query, in one process. Not part of `swift test`; run with
// `swift run -c release --package-path Benchmarks/Peers` (see Docs/Performance.md).
let package = Package(
    name: "QueryRequestPeers",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "PeersBenchmark",
            dependencies: [
                .product(name: "QueryCoding", package: "QueryRequest"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
