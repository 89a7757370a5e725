import Foundation
import PropertyHarness
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A recorded request, and another that differs from it in one part only: the replay answers the second
/// only when that part is one the matching rule leaves out (or the same JSON written in another key order).
struct ReplayCase: SwiftSourceConvertible, Sendable {
    /// What differs between the recorded request and the replayed one.
    enum Change: CaseIterable, Sendable {
        case none, method, path, queryValue, queryOrder, extraParameter, bodyByte, noBody, jsonKeyOrder
    }

    var method: String
    var path: String
    var query: [(name: String, value: String)]
    var members: [(name: String, value: Int)]
    var change: Change

    /// The body: a JSON object of ``members``, in their order (none for a GET).
    func body(reordered: Bool = false) -> Data? {
        guard method != "GET" else { return nil }
        let ordered = reordered ? members.reversed() : members
        return Data(("{" + ordered.map { "\"\($0.name)\":\($0.value)" }.joined(separator: ",") + "}").utf8)
    }

    func request(_ method: String, _ path: String, _ query: [(name: String, value: String)], _ body: Data?)
        -> URLRequest
    {
        var components = URLComponents(string: "https://api.example.com")!
        components.percentEncodedPath = path
        components.percentEncodedQuery =
            query.isEmpty ? nil : query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.httpBody = body
        return request
    }

    var recorded: URLRequest { request(method, path, query, body()) }

    /// The replayed request, and whether ``ReplayMatchingProperties`` expects it to match.
    var replayed: (request: URLRequest, matches: Bool) {
        switch change {
        case .none: return (recorded, true)
        case .method: return (request(method == "PUT" ? "POST" : "PUT", path, query, body()), false)
        case .path: return (request(method, path + "x", query, body()), false)
        case .queryValue:
            var changed = query
            changed[0].value += "1"
            return (request(method, path, changed, body()), false)
        case .queryOrder: return (request(method, path, query.reversed(), body()), query.count < 2)
        case .extraParameter: return (request(method, path, query + [("extra", "1")], body()), false)
        case .bodyByte:
            var changed = members
            changed[0].value += 1
            return (
                request(
                    method, path, query,
                    ReplayCase(method: method, path: path, query: query, members: changed, change: .none).body()), false
            )
        case .noBody: return (request(method, path, query, nil), false)
        case .jsonKeyOrder: return (request(method, path, query, body(reordered: true)), true)
        }
    }

    var swiftSource: String {
        "ReplayCase(method: \(method.swiftSource), path: \(path.swiftSource), query: \(query.map { "(\($0.name.swiftSource), \($0.value.swiftSource))" }), "
            + "members: \(members.map { "(\($0.name.swiftSource), \($0.value))" }), change: .\(change))"
    }
}

@Suite(.timeLimit(.minutes(20))) struct ReplayMatchingProperties {
    static let cases: Gen<ReplayCase> = Gen { source in
        let method = Gen<String>.element(of: ["POST", "PUT", "PATCH", "DELETE"]).run(source)
        let path =
            "/"
            + Gen<String>.identifier().array(averageLength: 2, minimumLength: 1, maximumLength: 4).run(source)
            .joined(separator: "/")
        let query = Gen<String>.identifier().array(averageLength: 2, minimumLength: 1, maximumLength: 4).run(source)
            .enumerated().map { (name: "\($1)\($0)", value: Gen<String>.identifier().run(source)) }
        let members = Gen<String>.identifier().array(averageLength: 2, minimumLength: 2, maximumLength: 5).run(source)
            .enumerated().map { (name: "\($1)\($0)", value: Gen<Int>.int(in: 0...99).run(source)) }
        return ReplayCase(
            method: method, path: path, query: query, members: members,
            change: Gen<ReplayCase.Change>.element(of: ReplayCase.Change.allCases).run(source))
    }

    /// With `.methodURLAndBody`, a request matches its recording exactly when method, URL (query order
    /// included) and body agree, the body as bytes or as the same JSON value.
    @Test func eachPartOfARequestTellsItApartAlone() async {
        var property = Property("each part of a request tells it apart from its recording", Self.cases) { replayCase in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).har")
            defer { try? FileManager.default.removeItem(at: file) }
            let recorder = try HARRecordingSession(wrapping: StubNetworkSession(.json("{}")), to: file)
            let recorded = replayCase.recorded
            _ = try waitingOffThePool { try await recorder.data(for: recorded) }
            let replay = try HARReplaySession(contentsOf: file, matching: .methodURLAndBody)
            let (replayed, expected) = replayCase.replayed
            let matched: Bool = try waitingOffThePool {
                do {
                    _ = try await replay.data(for: replayed)
                    return true
                } catch is HTTPArchiveError {
                    return false
                }
            }
            try require(matched == expected, "\(replayCase.change) matched: \(matched), expected \(expected)")
        }
        property.classify = { ["\($0.change)"] }
        // Nine changes drawn evenly: over 100,000 cases each one's rate is 10.9–11.3 % (the least, "bodyByte"
        // 10.9 %, misses 2.3e-4 at 200 cases and 2.7e-42 at 3,200).
        property.coverage = ReplayCase.Change.allCases.map { .atLeast(0.04, "\($0)") }
        await check(property)
    }
}
