import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every public error type of the library follows one convention: named `…Error`, `Sendable`, and both
/// `CustomStringConvertible` and `LocalizedError`, so that `print(error)` and `error.localizedDescription` say the
/// same sentence.
@Suite(.timeLimit(.minutes(5))) struct ErrorConventionTests {
    /// The conformances every public error type declares.
    static let required: Set<String> = ["Error", "Sendable", "CustomStringConvertible", "LocalizedError"]

    @Test func everyPublicErrorTypeFollowsTheConvention() throws {
        let types = try Self.publicTypes(in: ["Sources/QueryCoding", "Sources/QueryRequest"])
        let errors = types.filter { $0.value.contains("Error") }
        #expect(errors.count >= 13, "found \(errors.keys.sorted())")
        for (name, conformances) in errors.sorted(by: { $0.key < $1.key }) {
            #expect(name.hasSuffix("Error"), "\(name) is an error type: name it …Error")
            let missing = Self.required.subtracting(conformances)
            #expect(missing.isEmpty, "\(name) lacks \(missing.sorted())")
        }
    }

    @Test func theLocalizedDescriptionIsTheDescription() throws {
        let url = try #require(URL(string: "https://api.example.com/x"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        let errors: [any Error & CustomStringConvertible] = [
            AuthorizationError.unsendableToken,
            PaginationError.repeatedPage(method: "GET", url: "https://api.example.com/x"),
            ResponseTooLargeError(limit: 10, response: response),
            HTTPArchiveError.exhausted(method: "GET", url: "https://api.example.com/x", recorded: 1),
            APIError.cancelled,
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
        }
        #expect(
            ResponseTooLargeError(limit: 10, response: response).description
                == "the response body (status 200) passed the limit of 10 bytes the client asked the session to read")
    }

    @Test func theScanReadsDeclarationsAndExtensions() {
        let text = """
            public enum AError: Error, Sendable {
            }
            extension AError: CustomStringConvertible, LocalizedError {}
            struct Internal: Error {}
            public struct Nested {
                public struct InnerError: Error, Sendable, CustomStringConvertible, LocalizedError {}
            }
            """
        let types = Self.publicTypes(inText: text)
        #expect(types["AError"] == ["Error", "Sendable", "CustomStringConvertible", "LocalizedError"])
        #expect(types["InnerError"] == Self.required)
        #expect(types["Internal"] == nil)
    }

    /// The public types declared in the Swift files under `folders`, each with the conformances its declaration
    /// and its extensions list.
    static func publicTypes(in folders: [String]) throws -> [String: Set<String>] {
        publicTypes(of: SwiftDeclarations.reading(folders: folders))
    }

    /// The public types declared in `text`, with the conformances of their declarations and of the extensions
    /// in the same text.
    static func publicTypes(inText text: String) -> [String: Set<String>] {
        var read = SwiftDeclarations()
        read.read(text)
        return publicTypes(of: read)
    }

    /// The public types of `read` by name, with the conformances of their declarations and extensions.
    static func publicTypes(of read: SwiftDeclarations) -> [String: Set<String>] {
        var types: [String: Set<String>] = [:]
        for declaration in read.declarations
        where declaration.isPublic && ["struct", "enum", "class", "actor"].contains(declaration.keyword) {
            types[declaration.name, default: []].formUnion(declaration.conformances)
        }
        for declaration in read.declarations where declaration.keyword == "extension" {
            let name = String(declaration.name.split(separator: ".").last ?? "")
            if types[name] != nil { types[name]?.formUnion(declaration.conformances) }
        }
        return types
    }
}
