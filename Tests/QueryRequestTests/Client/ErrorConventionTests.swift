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
            HTTPArchiveError.exhausted(.init(method: "GET", url: "https://api.example.com/x", recorded: 1)),
            APIError.cancelled,
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
        }
        #expect(
            ResponseTooLargeError(limit: 10, response: response).description
                == "the response body (status 200) passed the limit of 10 bytes the client asked the session to read")
    }

    /// A case with more than two values carries a named struct instead, so that a `switch` reads its members by
    /// name and a new member does not break every pattern.
    @Test func noErrorCaseCarriesMoreThanTwoValues() throws {
        let read = SwiftDeclarations.reading(folders: ["Sources/QueryCoding", "Sources/QueryRequest"])
        let errorFiles = Set(
            read.declarations.filter { $0.isPublic && $0.declaresType && $0.conformances.contains("Error") }.map(\.file)
        )
        #expect(errorFiles.count >= 13, "found \(errorFiles.sorted())")
        for file in errorFiles.sorted() {
            let text = try String(
                contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let values = Self.associatedValueCount(ofCaseDeclaredIn: String(line)) else { continue }
                #expect(values <= 2, "\(file): \(line.trimmingCharacters(in: .whitespaces)) — carry a named struct")
            }
        }
        #expect(Self.associatedValueCount(ofCaseDeclaredIn: "    case a(x: [String: Int], y: Set<Int>)") == 2)
        #expect(Self.associatedValueCount(ofCaseDeclaredIn: "    case a(Int, Dictionary<String, Int>, Bool)") == 3)
        #expect(Self.associatedValueCount(ofCaseDeclaredIn: "    case a(@Sendable (Int) -> Bool, String, Int)") == 3)
        #expect(Self.associatedValueCount(ofCaseDeclaredIn: "        case .a(let x, let y, let z):") == nil)
        #expect(Self.associatedValueCount(ofCaseDeclaredIn: "    case plain") == nil)
    }

    /// Each named payload's description says where: the part, the request, the member or the URL.
    @Test func everyNamedPayloadIsInTheDescription() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk gone" } }
        let cases: [(any Error & CustomStringConvertible, [String])] = [
            (
                MultipartFormError.invalidPart(.init(index: 3, name: "avatar", problem: .emptyContentType)),
                ["part 3", "\"avatar\"", "content type"]
            ),
            (
                RequestBodyStreamError.sequenceFailed(
                    .init(request: "Upload", bytesYielded: 512, underlying: Broken())),
                ["Upload", "512", "disk gone"]
            ),
            (
                RequestBodyStreamError.lengthMismatch(.init(request: "Upload", declared: 10, produced: 7)),
                ["Upload", "10", "only 7"]
            ),
            (
                RequestBodyStreamError.lengthMismatch(.init(request: "Upload", declared: 10, produced: 11)),
                ["Upload", "10", "more (11"]
            ),
            (
                HTTPArchiveError.unmatchedRequest(
                    .init(method: "PUT", url: "https://api.example.com/a", rule: "method and URL")),
                ["PUT https://api.example.com/a", "method and URL"]
            ),
            (
                HTTPArchiveError.exhausted(.init(method: "GET", url: "https://api.example.com/b", recorded: 2)),
                ["GET https://api.example.com/b", "2 times"]
            ),
            (
                RequestBuildingError.unsupportedDeclaration(
                    .init(member: "body", type: "Swift.Int", expected: "an Encodable value")),
                ["`body`", "Swift.Int", "an Encodable value"]
            ),
        ]
        for (error, parts) in cases {
            for part in parts {
                #expect(error.description.contains(part), "\(error.description) does not say \(part)")
            }
            #expect(error.localizedDescription == error.description)
        }
    }

    /// The number of associated values of the enum case `line` declares (`case name(…)`), counting the commas
    /// outside brackets; `nil` for any other line, such as a `switch` pattern (`case .name(…)`).
    static func associatedValueCount(ofCaseDeclaredIn line: String) -> Int? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("case "), let open = text.firstIndex(of: "("),
            text[text.index(text.startIndex, offsetBy: 5)...].first?.isLetter == true
        else { return nil }
        var depth = 0
        var values = 1
        var previous: Character = " "
        for character in text[open...] {
            switch character {
            case "(", "[", "<": depth += 1
            case ">" where previous == "-": break  // the arrow of a function type, not a bracket
            case ")", "]", ">": depth -= 1
            case "," where depth == 1: values += 1
            default: break
            }
            if depth == 0 { break }
            previous = character
        }
        return values
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
