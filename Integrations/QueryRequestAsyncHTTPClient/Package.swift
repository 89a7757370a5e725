// swift-tools-version: 6.0
import PackageDescription

// A `NetworkSession` backed by AsyncHTTPClient, so that `APIClient` runs on servers without
// FoundationNetworking's URLSession. A separate package, so that the root package stays free of dependencies.
let package = Package(
    name: "QueryRequestAsyncHTTPClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "QueryRequestAsyncHTTPClient", targets: ["QueryRequestAsyncHTTPClient"])
    ],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(path: "../IntegrationTestSupport"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
    ],
    targets: [
        .target(
            name: "QueryRequestAsyncHTTPClient",
            dependencies: [
                .product(name: "QueryRequest", package: "QueryRequest"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(
            name: "QueryRequestAsyncHTTPClientTests",
            dependencies: [
                "QueryRequestAsyncHTTPClient",
                .product(name: "IntegrationTestSupport", package: "IntegrationTestSupport"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
