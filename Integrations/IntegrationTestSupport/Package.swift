// swift-tools-version: 6.0
import PackageDescription

// What the integration packages' tests share: the check that keeps Docs/Server.md's snippets compiled. A package
// of its own because the root package's `TestSupport` is not a product, and should not become one.
let package = Package(
    name: "IntegrationTestSupport",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "IntegrationTestSupport", targets: ["IntegrationTestSupport"])
    ],
    targets: [
        .target(name: "IntegrationTestSupport")
    ],
    swiftLanguageModes: [.v6]
)
