// swift-tools-version: 6.0
import PackageDescription

// QueryRequest's decoders and encoders inside Hummingbird 2: the URI query and form bodies.
// A separate package, so that the root package stays free of dependencies.
let package = Package(
    name: "QueryRequestHummingbird",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "QueryRequestHummingbird", targets: ["QueryRequestHummingbird"])
    ],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(path: "../IntegrationTestSupport"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .target(
            name: "QueryRequestHummingbird",
            dependencies: [
                .product(name: "QueryCoding", package: "QueryRequest"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ]),
        .testTarget(
            name: "QueryRequestHummingbirdTests",
            dependencies: [
                "QueryRequestHummingbird",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "IntegrationTestSupport", package: "IntegrationTestSupport"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
