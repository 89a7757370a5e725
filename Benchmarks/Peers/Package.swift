// swift-tools-version: 6.0
import PackageDescription

// Our query coders beside Vapor's and Hummingbird's URL-encoded-form coders, on the root benchmarks'
// typical query, in one process. Not part of `swift test`; run with
// `swift run -c release --package-path Benchmarks/Peers` (see Docs/Performance.md).
// `StreamingPeersBenchmark`: our multipart encoding and server-sent-events parsing beside MultipartKit's and
// the OpenAPI runtime's (`swift run -c release --package-path Benchmarks/Peers StreamingPeersBenchmark`).
let package = Package(
    name: "QueryRequestPeers",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/multipart-kit", exact: "4.7.1"),
        // mattt/EventSource 1.1.1 was the intended SSE peer, but it does not compile on Linux
        // (`URLSession.bytes`, EventSource.swift:398); the OpenAPI runtime's parser stands in.
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        .executableTarget(
            name: "PeersBenchmark",
            dependencies: [
                .product(name: "QueryCoding", package: "QueryRequest"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .executableTarget(
            name: "StreamingPeersBenchmark",
            dependencies: [
                .product(name: "QueryRequest", package: "QueryRequest"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
