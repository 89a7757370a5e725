// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "QueryRequestGenerator",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "QueryRequestGeneratorCore", targets: ["QueryRequestGeneratorCore"]),
        .executable(name: "queryrequest-generate", targets: ["queryrequest-generate"]),
        // `swift package generate-requests`: writes the files into the package (Docs/Generator.md, "The plugins").
        .plugin(name: "GenerateRequestsCommand", targets: ["GenerateRequestsCommand"]),
        // Generates a target's requests as it builds.
        .plugin(name: "GenerateRequestsBuildPlugin", targets: ["GenerateRequestsBuildPlugin"]),
    ],
    dependencies: [
        // Named, as a path dependency would otherwise be named after its folder (a worktree, a CI clone).
        .package(name: "QueryRequest", path: ".."),
        // Without its default ExternalLoading trait, which only slows the build.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // OpenAPI document → Swift source files and diagnostics. Pure but for loading the document.
        .target(
            name: "QueryRequestGeneratorCore",
            dependencies: [
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]),
        .executableTarget(
            name: "queryrequest-generate",
            dependencies: [
                "QueryRequestGeneratorCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]),
        .plugin(
            name: "GenerateRequestsCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-requests",
                    description: "Generates QueryRequest declarations from each target's OpenAPI document"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "Writes the generated Swift files into the Generated folder of each target that holds "
                            + "an OpenAPI document, replacing the ones written before")
                ]),
            dependencies: ["queryrequest-generate"]),
        .plugin(
            name: "GenerateRequestsBuildPlugin",
            capability: .buildTool(),
            dependencies: ["queryrequest-generate"]),

        // The golden output of the tests' own documents, kept as sources so that it is compiled against the
        // library (Swift 6, strict concurrency): the golden tests compare the generator's output with these very
        // files.
        .target(
            name: "GeneratedColorsAPI",
            dependencies: [.product(name: "QueryRequest", package: "QueryRequest")],
            path: "Tests/Golden/ColorsAPI"),
        .target(
            name: "GeneratedPetsAPI",
            dependencies: [.product(name: "QueryRequest", package: "QueryRequest")],
            path: "Tests/Golden/PetsAPI"),
        .target(
            name: "GeneratedValidatedAPI",
            dependencies: [.product(name: "QueryRequest", package: "QueryRequest")],
            path: "Tests/Golden/ValidatedAPI"),
        // Generated with `accessLevel: internal`: it compiles with no `public` declaration.
        .target(
            name: "GeneratedConstructsAPI",
            dependencies: [.product(name: "QueryRequest", package: "QueryRequest")],
            path: "Tests/Golden/ConstructsAPI"),
        .testTarget(
            name: "QueryRequestGeneratorCoreTests",
            dependencies: [
                "QueryRequestGeneratorCore",
                // To compare the loader's reading of a document with Yams' own decoder's.
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]),
        // The command run in-process on files in a temporary folder: exit codes, --strict, --config.
        .testTarget(
            name: "GenerateCommandTests",
            dependencies: ["queryrequest-generate"]),
        // Uses the generated code for real: queries round-trip through QueryEncoder and QueryDecoder, requests
        // build the expected URLs, models decode and encode JSON.
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [
                "GeneratedColorsAPI", "GeneratedPetsAPI", "GeneratedConstructsAPI",
                .product(name: "QueryRequest", package: "QueryRequest"),
            ]),
        // Every operation of Tests/Documents/ValidatedAPI.yaml sent through APIClient and URLSession to a loopback
        // server that validates it against the same file with openapi-core (Tests/Scripts/validating_server.py).
        .testTarget(
            name: "ValidatedRequestTests",
            dependencies: ["GeneratedValidatedAPI", .product(name: "QueryRequest", package: "QueryRequest")]),
    ],
    swiftLanguageModes: [.v6]
)
