// swift-tools-version: 6.0
import PackageDescription

// End to end: the same two typical calls (a GET with a five-field query that decodes a ~1 KB JSON array, a POST
// with a small JSON body) made by raw URLSession, `APIClient` over URLSession, raw AsyncHTTPClient, `APIClient`
// over `AsyncHTTPClientSession` and a swift-openapi-generator client on both transports, against a loopback
// Hummingbird server in a process of its own (`EndToEndServer`, which the benchmark starts). Not part of
// `swift test` or CI; build with `swift build -c release --package-path Benchmarks/EndToEnd`, then run
// `Benchmarks/EndToEnd/.build/release/EndToEndBenchmark` (see Docs/Performance.md);
// `Benchmarks/EndToEnd/callgrind.sh` counts the client's instructions per request.
let package = Package(
    name: "QueryRequestEndToEnd",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(path: "../../Integrations/QueryRequestAsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", exact: "1.5.0"),
    ],
    targets: [
        .target(name: "EndToEndFixtures"),
        .executableTarget(
            name: "EndToEndServer",
            dependencies: [
                "EndToEndFixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "EndToEndBenchmark",
            dependencies: [
                "EndToEndFixtures",
                .product(name: "QueryRequest", package: "QueryRequest"),
                .product(name: "QueryRequestAsyncHTTPClient", package: "QueryRequestAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]),
    ],
    swiftLanguageModes: [.v6]
)
