import Dispatch
import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every known attack shape for query strings, URLs and headers, each with the exact value or typed
/// error it must give. Each case runs on its own thread and must finish within `HostileCase.timeLimit`:
/// a generous hang detector (the inputs are at most 10 MB and every path is linear), never a speed
/// assertion.
@Suite(.timeLimit(.minutes(5))) struct HostileInputTableTests {
    @Test(arguments: HostileCase.all)
    func hostileInputGivesTheExpectedOutcome(_ hostile: HostileCase) async {
        // Its wait blocks a thread: never one of the cooperative pool's few, which other suites need.
        let outcome = await onThreadOfItsOwn { hostile.runWithTimeLimit() }
        #expect(outcome == hostile.expected, "\(hostile.name)")
    }

    @Test func theCaseNamesAreUnique() {
        #expect(Set(HostileCase.all.map(\.name)).count == HostileCase.all.count)
    }
}

/// What a case gives: a value rendered as text, or a typed error rendered by ``Outcome/of(_:)``.
enum Outcome: Equatable, Sendable, CustomStringConvertible {
    case value(String)
    case error(String)
    case timedOut

    /// The typed errors, rendered by type, kind and where; any other error is `untyped`, which no case
    /// expects.
    static func of(_ error: any Error) -> Outcome {
        switch error {
        case let limit as QueryDecodingLimitError:
            return .error("limit \(limit.limit) \(limit.maximum)")
        case let decoding as DecodingError:
            let (kind, context): (String, DecodingError.Context) =
                switch decoding {
                case .dataCorrupted(let context): ("dataCorrupted", context)
                case .keyNotFound(_, let context): ("keyNotFound", context)
                case .typeMismatch(_, let context): ("typeMismatch", context)
                case .valueNotFound(_, let context): ("valueNotFound", context)
                @unknown default: ("unknown", .init(codingPath: [], debugDescription: ""))
                }
            return .error("\(kind) at \(context.codingPath.map(\.stringValue).joined(separator: "/"))")
        case let encoding as EncodingError:
            guard case .invalidValue(_, let context) = encoding else { return .error("encoding") }
            return .error("invalidValue at \(context.codingPath.map(\.stringValue).joined(separator: "/"))")
        case let building as RequestBuildingError:
            switch building {
            case .invalidHost(_, let reason): return .error("invalidHost: \(reason)")
            default: return .error("\(building)")
            }
        default:
            return .error("untyped \(String(reflecting: error))")
        }
    }

    var description: String {
        switch self {
        case .value(let text): "value \(text.prefix(200).debugDescription)"
        case .error(let text): "error \(text)"
        case .timedOut: "timed out"
        }
    }
}

/// One row of the table.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: Outcome
    let run: @Sendable () throws -> String

    var testDescription: String { name }

    /// A bound that only a hang can reach: every case finishes in well under a second in a release build,
    /// and the slowest (10 MB inputs) in a few seconds in a debug build under AddressSanitizer, where one
    /// once passed 30 s on a machine busy with other builds.
    static let timeLimit: DispatchTimeInterval = .seconds(300)

    /// Runs the case on a thread of its own and waits at most ``timeLimit`` from the moment the thread
    /// starts (not from when it was asked for, which a busy machine can delay); a case still running then is
    /// reported as `.timedOut` (its thread is left to finish).
    func runWithTimeLimit() -> Outcome {
        let result = ResultBox()
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let run = self.run
        Thread.detachNewThread {
            started.signal()
            let outcome: Outcome
            do {
                outcome = .value(try run())
            } catch {
                outcome = Outcome.of(error)
            }
            result.set(outcome)
            done.signal()
        }
        started.wait()
        guard done.wait(timeout: .now() + Self.timeLimit) == .success else { return .timedOut }
        return result.get() ?? .timedOut
    }

    /// Holds the outcome across threads.
    // `@unchecked Sendable` is sound: `outcome`, the only mutable state, is private and touched only inside
    // `lock.withLock` (`lock` is a `let`).
    final class ResultBox: @unchecked Sendable {
        // Guarded by `lock`.
        private var outcome: Outcome?
        private let lock = NSLock()

        func set(_ value: Outcome) { lock.withLock { outcome = value } }
        func get() -> Outcome? { lock.withLock { outcome } }
    }
}

// MARK: Rendering and helpers

/// A dictionary rendered with its keys sorted by their bytes, and control characters visible.
func rendered<Value>(_ dictionary: [String: Value]) -> String {
    dictionary.map { (key: $0.key, value: $0.value) }
        .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        .map { "\($0.key.debugDescription): \(String(describing: $0.value).debugDescription)" }
        .joined(separator: ", ")
}

enum HostileHosts: String, APIHost {
    case api = "https://api.example.com"
    case invalidEscape = "https://api.example.com%B1"
    case onlyAnEscape = "https://%FF"
    case userInfo = "api.example.com@evil.com"
    case backslash = "https://api.example.com\\@evil.com"
}

/// A request built from its parts, its URL (and headers) rendered.
struct HostileRequest: Request {
    var host: HostileHosts = .api
    var path: String
    var method: HTTPMethod = .get
    var headers: [String: String] = [:]

    /// The URL, then the headers sorted.
    func built() throws -> String {
        let urlRequest = try makeURLRequest()
        let headers = (urlRequest.allHTTPHeaderFields ?? [:]).map { "\($0.key.lowercased()): \($0.value)" }.sorted()
        return ([urlRequest.url?.absoluteString ?? "no URL"] + headers).joined(separator: " | ")
    }
}

struct Numbers: Decodable {
    var v: [Int]
}

struct Transfer: Decodable {
    var to: String
    var amount: Int?
}

struct Note: Codable {
    var q: String
}

func decoder(_ configure: (inout QueryDecoder) -> Void = { _ in }) -> QueryDecoder {
    var decoder = QueryDecoder()
    configure(&decoder)
    return decoder
}

let tenMegabytes = 10 * 1 << 20
let bigLimits = QueryDecoder.Limits(maximumInputLength: 16 << 20)

extension HostileCase {
    init(_ name: String, _ expected: Outcome, _ run: @escaping @Sendable () throws -> String) {
        self.init(name: name, expected: expected, run: run)
    }

    static let all: [HostileCase] = queryCases + urlCases + headerCases

    // MARK: Query strings

    static let queryCases: [HostileCase] = [
        HostileCase("deep nesting, brackets", .error("limit depth 16")) {
            let query = "a" + String(repeating: "[b]", count: 100_000) + "=1"
            return rendered(
                try decoder { $0.nestedKeyDecodingStrategy = .brackets }.decode([String: String].self, from: query))
        },
        HostileCase("deep nesting, dots", .error("limit depth 16")) {
            let query = "a" + String(repeating: ".b", count: 100_000) + "=1"
            return rendered(try decoder().decode([String: String].self, from: query))
        },
        HostileCase("wide nesting beyond the parameter count", .error("limit parameterCount 1000")) {
            let query = (0..<5000).map { "a[k\($0)]=1" }.joined(separator: "&")
            return rendered(
                try decoder { $0.nestedKeyDecodingStrategy = .brackets }.decode(
                    [String: [String: Int]].self, from: query))
        },
        HostileCase("wide nesting within the limits", .value("1000 keys")) {
            let query = (0..<1000).map { "a.k\($0)=1" }.joined(separator: "&")
            let value = try decoder().decode([String: [String: Int]].self, from: query)
            return "\(value["a"]?.count ?? 0) keys"
        },
        HostileCase("huge index", .error("dataCorrupted at v")) {
            "\(try decoder { $0.arrayDecodingStrategy = .indexedBrackets }.decode(Numbers.self, from: "v[999999999999]=1").v)"
        },
        HostileCase("index beyond Int", .error("dataCorrupted at v")) {
            let query = "v[99999999999999999999999999]=1"
            return "\(try decoder { $0.arrayDecodingStrategy = .indexedBrackets }.decode(Numbers.self, from: query).v)"
        },
        HostileCase("sparse indices", .error("dataCorrupted at v")) {
            "\(try decoder { $0.arrayDecodingStrategy = .indexedBrackets }.decode(Numbers.self, from: "v[0]=1&v[5]=2").v)"
        },
        HostileCase("negative index", .error("dataCorrupted at v")) {
            "\(try decoder { $0.arrayDecodingStrategy = .indexedBrackets }.decode(Numbers.self, from: "v[-1]=1").v)"
        },
        HostileCase("non-canonical index", .error("dataCorrupted at v")) {
            "\(try decoder { $0.arrayDecodingStrategy = .indexedBrackets }.decode(Numbers.self, from: "v[01]=1").v)"
        },
        HostileCase("indexed brackets with maximumArrayLength Int.max", .value("[1, 2]")) {
            let decoder = decoder {
                $0.arrayDecodingStrategy = .indexedBrackets
                $0.limits.maximumArrayLength = .max
            }
            return "\(try decoder.decode(Numbers.self, from: "v[1]=2&v[0]=1").v)"
        },
        HostileCase(
            "__proto__ and constructor are ordinary names",
            .value(#""__proto__": "[\"admin\": \"1\"]", "constructor": "[\"prototype\": \"2\"]""#)
        ) {
            let query = "__proto__[admin]=1&constructor[prototype]=2"
            return rendered(
                try decoder { $0.nestedKeyDecodingStrategy = .brackets }.decode(
                    [String: [String: String]].self, from: query))
        },
        HostileCase("; is data, not a separator", .value(#""a": "1;b=2""#)) {
            rendered(try decoder().decode([String: String].self, from: "a=1;b=2"))
        },
        HostileCase("overlong UTF-8 for /", .error("dataCorrupted at q")) {
            try decoder().decode(Note.self, from: "q=%C0%AF").q
        },
        HostileCase("invalid UTF-8", .error("dataCorrupted at q")) {
            try decoder().decode(Note.self, from: "q=%FF%FE").q
        },
        HostileCase("UTF-8 surrogate", .error("dataCorrupted at q")) {
            try decoder().decode(Note.self, from: "q=%ED%A0%80").q
        },
        HostileCase("invalid UTF-8 in a name", .error("dataCorrupted at ")) {
            rendered(try decoder().decode([String: String].self, from: "a%FF=1"))
        },
        HostileCase("%00 in a value is data", .value("a\u{0}b")) {
            try decoder().decode(Note.self, from: "q=a%00b").q
        },
        HostileCase("%00 in a name is data", .value(#""a\0b": "1""#)) {
            rendered(try decoder().decode([String: String].self, from: "a%00b=1"))
        },
        HostileCase("CR LF in a value is data", .value("a\r\nSet-Cookie: x")) {
            try decoder().decode(Note.self, from: "q=a%0D%0ASet-Cookie:%20x").q
        },
        HostileCase("duplicate keys", .error("dataCorrupted at to")) {
            try decoder().decode(Transfer.self, from: "to=alice&amount=10&to=mallory").to
        },
        HostileCase("an empty key read as a dictionary key", .error("dataCorrupted at a/")) {
            rendered(
                try decoder { $0.nestedKeyDecodingStrategy = .brackets }.decode(
                    [String: [String: Int]].self, from: "a[]=1"))
        },
        HostileCase("parameter flood", .error("limit parameterCount 1000")) {
            let query = String(repeating: "a=1&", count: 100_000)
            return rendered(try decoder().decode([String: String].self, from: query))
        },
        HostileCase("10 MB input at the default limit", .error("limit inputLength 1048576")) {
            try decoder().decode(Note.self, from: "q=" + String(repeating: "x", count: tenMegabytes)).q
        },
        HostileCase("10 MB value within a raised limit", .value("3495253 bytes")) {
            let query = "q=" + String(repeating: "%41", count: tenMegabytes / 3)
            return "\(try decoder { $0.limits = bigLimits }.decode(Note.self, from: query).q.utf8.count) bytes"
        },
        HostileCase("10 MB of separators", .value("")) {
            rendered(
                try decoder { $0.limits = bigLimits }.decode(
                    [String: String].self, from: String(repeating: "&", count: tenMegabytes)))
        },
        HostileCase("10 MB of open brackets in a name", .value("x")) {
            let query = "a" + String(repeating: "[", count: tenMegabytes) + "=1&q=x"
            let brackets = decoder {
                $0.limits = bigLimits
                $0.nestedKeyDecodingStrategy = .brackets
            }
            return try brackets.decode(Note.self, from: query).q
        },
        HostileCase("10 MB comma list", .error("limit arrayLength 1000")) {
            let query = "v=" + String(repeating: "1,", count: tenMegabytes / 2)
            return "\(try decoder { $0.limits = bigLimits }.decode(Numbers.self, from: query).v.count)"
        },
        HostileCase("an encoded value cannot inject a pair", .value("q=a%26admin%3D1%23x")) {
            try QueryEncoder().encodeToString(Note(q: "a&admin=1#x"))
        },
        HostileCase("a key with the nesting syntax is refused", .error("invalidValue at a.b")) {
            try QueryEncoder().encodeToString(["a.b": 1])
        },
    ]

    // MARK: URLs

    static let urlCases: [HostileCase] = [
        HostileCase("@evil.com stays in the path", .value("https://api.example.com/@evil.com")) {
            try HostileRequest(path: "@evil.com").built()
        },
        HostileCase("//evil.com stays in the path", .value("https://api.example.com//evil.com/x")) {
            try HostileRequest(path: "//evil.com/x").built()
        },
        HostileCase(":443@evil.com stays in the path", .value("https://api.example.com/:443@evil.com/")) {
            try HostileRequest(path: ":443@evil.com/").built()
        },
        HostileCase("backslashes are escaped", .value("https://api.example.com/%5C%5Cevil.com/x")) {
            try HostileRequest(path: "\\\\evil.com/x").built()
        },
        HostileCase(
            "%2e%2e is a dot segment",
            .error(#"Invalid path "/%2e%2e/admin": the "%2e%2e" segment would be resolved by the server."#)
        ) {
            try HostileRequest(path: "/%2e%2e/admin").built()
        },
        HostileCase(
            "../ is a dot segment",
            .error(#"Invalid path "/a/../admin": the ".." segment would be resolved by the server."#)
        ) {
            try HostileRequest(path: "/a/../admin").built()
        },
        HostileCase("a segment value cannot climb", .value("https://api.example.com/files/..%2Fadmin")) {
            let name = "../admin"
            return try HostileRequest(path: "/files/\(segment: name)").built()
        },
        HostileCase(
            "# would cut the query", .error(##"Invalid path "/a#x?b=1": "#" would start a fragment, never sent."##)
        ) {
            try HostileRequest(path: "/a#x?b=1").built()
        },
        HostileCase("CR LF in a path is escaped", .value("https://api.example.com/a%0D%0AHost:%20evil.com")) {
            try HostileRequest(path: "/a\r\nHost: evil.com").built()
        },
        HostileCase(
            "a host with an invalid escape cannot lose its authority",
            .error("invalidHost: the host name \"api.example.com%B1\" holds a percent-escape that is not UTF-8")
        ) {
            try HostileRequest(host: .invalidEscape, path: "//evil.com/x").built()
        },
        HostileCase(
            "a host that is only an invalid escape",
            .error("invalidHost: the host name \"%FF\" holds a percent-escape that is not UTF-8")
        ) {
            try HostileRequest(host: .onlyAnEscape, path: "//evil.com").built()
        },
        HostileCase(
            "user info in the host",
            .error("invalidHost: the base URL carries user info; send credentials in a header instead")
        ) {
            try HostileRequest(host: .userInfo, path: "/x").built()
        },
        HostileCase(
            "a backslash in the host",
            .error("invalidHost: the base URL carries user info; send credentials in a header instead")
        ) {
            try HostileRequest(host: .backslash, path: "/x").built()
        },
    ]

    // MARK: Headers

    static let headerCases: [HostileCase] = [
        HostileCase(
            "header injection in a value",
            .error(
                "Invalid value for header \"X-Trace\": it contains a control character (such as CR, LF or NUL); only tab is allowed."
            )
        ) {
            try HostileRequest(path: "/x", headers: ["X-Trace": "a\r\nX-Admin: 1"]).built()
        },
        HostileCase(
            "a bare LF in a value",
            .error(
                "Invalid value for header \"X-Trace\": it contains a control character (such as CR, LF or NUL); only tab is allowed."
            )
        ) {
            try HostileRequest(path: "/x", headers: ["X-Trace": "a\nb"]).built()
        },
        HostileCase(
            "NUL in a value",
            .error(
                "Invalid value for header \"X-Trace\": it contains a control character (such as CR, LF or NUL); only tab is allowed."
            )
        ) {
            try HostileRequest(path: "/x", headers: ["X-Trace": "a\u{0}b"]).built()
        },
        HostileCase(
            "header injection in a name",
            .error("Invalid header name \"X\r\nY\": a name must be a token of letters, digits and !#$%&'*+-.^_`|~.")
        ) {
            try HostileRequest(path: "/x", headers: ["X\r\nY": "1"]).built()
        },
        HostileCase(
            "smuggling: Content-Length",
            .error(RequestBuildingError.transportHeader(name: "Content-Length").description)
        ) {
            try HostileRequest(path: "/x", method: .post, headers: ["Content-Length": "0"]).built()
        },
        HostileCase(
            "smuggling: Transfer-Encoding",
            .error(RequestBuildingError.transportHeader(name: "Transfer-Encoding").description)
        ) {
            try HostileRequest(path: "/x", method: .post, headers: ["Transfer-Encoding": "chunked"]).built()
        },
        HostileCase("smuggling: a second Host", .error(RequestBuildingError.transportHeader(name: "host").description))
        {
            try HostileRequest(path: "/x", headers: ["host": "evil.com"]).built()
        },
        HostileCase(
            "smuggling: Connection", .error(RequestBuildingError.transportHeader(name: "Connection").description)
        ) {
            try HostileRequest(path: "/x", headers: ["Connection": "close, X-Auth"]).built()
        },
        HostileCase("one name spelled twice", .error("Header given twice in different case: \"X-Role\", \"x-role\".")) {
            try HostileRequest(path: "/x", headers: ["x-role": "user", "X-Role": "admin"]).built()
        },
        HostileCase(
            "a method carrying a request line",
            .error(
                "Invalid HTTP method \"GET /admin HTTP/1.1\r\n\": a method must be a token of letters, digits and !#$%&'*+-.^_`|~."
            )
        ) {
            try HostileRequest(path: "/x", method: HTTPMethod(rawValue: "GET /admin HTTP/1.1\r\n")).built()
        },
        HostileCase("ordinary headers pass", .value("https://api.example.com/x | x-trace: a, b; q=0.5")) {
            try HostileRequest(path: "/x", headers: ["X-Trace": "a, b; q=0.5"]).built()
        },
    ]
}
