// swift-tools-version: 6.0
import PackageDescription

// Servers under load (issue 25, item 3): a Vapor app and a Hummingbird app that decode the typical query and
// the same fields as a form body, each route twice — through our integration and through the framework's own
// decoder — so that `wrk` compares them in one run. Not part of `swift test` or CI; run with
// `Benchmarks/ServerLoad/run.sh` (see Docs/Performance.md, "Servers under load").
let package = Package(
    name: "QueryRequestServerLoad",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "QueryRequest", path: "../.."),
        .package(path: "../../Integrations/QueryRequestVapor"),
        .package(path: "../../Integrations/QueryRequestHummingbird"),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .target(
            name: "LoadFixtures",
            dependencies: [.product(name: "QueryCoding", package: "QueryRequest")]),
        .executableTarget(
            name: "VaporLoadServer",
            dependencies: [
                "LoadFixtures",
                .product(name: "QueryRequestVapor", package: "QueryRequestVapor"),
                .product(name: "Vapor", package: "vapor"),
            ]),
        .executableTarget(
            name: "HummingbirdLoadServer",
            dependencies: [
                "LoadFixtures",
                .product(name: "QueryRequestHummingbird", package: "QueryRequestHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
