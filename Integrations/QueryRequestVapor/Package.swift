// swift-tools-version: 6.0
import PackageDescription

// QueryRequest's decoders and encoders inside Vapor: the URL query coder and the form body coder.
// A separate package, so that the root package stays free of dependencies.
let package = Package(
    name: "QueryRequestVapor",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "QueryRequestVapor", targets: ["QueryRequestVapor"])
    ],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(path: "../IntegrationTestSupport"),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
    ],
    targets: [
        .target(
            name: "QueryRequestVapor",
            dependencies: [
                .product(name: "QueryCoding", package: "QueryRequest"),
                .product(name: "Vapor", package: "vapor"),
            ]),
        .testTarget(
            name: "QueryRequestVaporTests",
            dependencies: [
                "QueryRequestVapor",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "IntegrationTestSupport", package: "IntegrationTestSupport"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
