import Foundation
import PropertyHarness
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The invariants of a built request (Docs/Security.md) over generated hostile hosts, paths, queries,
/// headers, methods and bodies.
@Suite(.timeLimit(.minutes(20))) struct URLBuildingProperties {
    /// Invariants 1–6 and 8.
    @Test func buildingKeepsEveryInvariant() async {
        var property = Property("building a request keeps every invariant", RequestGen.cases) {
            try $0.checkBuilding()
        }
        property.weight = 2
        property.corpus = RegressionCorpus.requestCases
        property.classify = { requestCase in
            let problems = requestCase.problems
            var labels = problems.isEmpty ? ["builds"] : problems.map { "refused: \($0.label)" }
            if requestCase.query != nil { labels.append("with a query") }
            if requestCase.pathParts.fixedQuery.count > 0 { labels.append("with a fixed query") }
            return labels
        }
        // Each floor: its label's rate over 100,000 cases and the probability that a correct generator
        // misses it at the run's count (extending the run) and at the extended count (failing it).
        property.coverage = [
            // rate 30.7 %; miss 7.1e-13 at 400, 2.4e-174 at 6,400
            .atLeast(0.15, "builds"),
            // rate 9.1 %; miss 1.0e-06 at 400, 6.1e-78 at 6,400
            .atLeast(0.03, "refused: invalid path"),
            // rate 29.6 %; miss 1.8e-43 at 400, < 1e-300 at 6,400
            .atLeast(0.03, "refused: invalid host"),
            // rate 10.4 %; miss 1.8e-08 at 400, 1.4e-104 at 6,400
            .atLeast(0.03, "refused: unparseable host"),
            // rate 10.1 %; miss 5.0e-08 at 400, 7.7e-98 at 6,400
            .atLeast(0.03, "refused: encoder error"),
            // rate 19.0 %; miss 3.3e-16 at 400, 1.8e-225 at 6,400
            .atLeast(0.05, "refused: body not allowed"),
            // rate 16.8 %; miss 3.4e-28 at 400, < 1e-300 at 6,400
            .atLeast(count: 3, "refused: header name"),
            // rate 5.6 %; miss 8.9e-08 at 400, 1.0e-147 at 6,400
            .atLeast(count: 3, "refused: header value"),
            // rate 3.9 %; miss 4.4e-05 at 400, 8.3e-100 at 6,400
            .atLeast(count: 3, "refused: duplicate header"),
            // rate 50.1 %; miss 6.3e-35 at 400, < 1e-300 at 6,400
            .atLeast(0.2, "with a query"),
            // rate 12.1 %; miss 1.4e-08 at 400, 1.6e-106 at 6,400
            .atLeast(0.04, "with a fixed query"),
        ]
        await check(property)
    }

    /// Invariant 2 for any host text (issue 14): hosts made of arbitrary percent-escapes (not UTF-8 too),
    /// non-ASCII text and delimiters, joined with paths that try to name another host. The built URL's
    /// host, port and scheme are the base URL's, or building throws a typed error.
    @Test func theHostNeverChangesWhateverTheHostText() async {
        var property = Property("the host never changes, whatever the host text", RequestGen.hostHijackCases) {
            try $0.checkHostIsKept()
        }
        property.corpus = [
            RequestCase(base: "https://api.example.com%B1", path: "//evil.com/x", query: nil),
            RequestCase(base: "https://%FF", path: "//evil.com", query: nil),
            RequestCase(base: "https://a%B1/v1", path: "/users", query: nil),
            RequestCase(base: "https://acme%B1.example.com", path: "//evil.com/x", query: nil),
            RequestCase(base: "https://h%41st.example.com", path: "//evil.com/x", query: nil),
            RequestCase(base: "https://caf\u{E9}.example.com", path: "@evil.com", query: nil),
        ]
        await check(property)
    }

    /// Invariant 7: `"/x/\(segment: v)/y"` has exactly 4 path segments, the third decodes to `v`'s
    /// UTF-8 bytes, and there is no query, for any `v` but `.` and `..`.
    @Test func aSegmentValueIsExactlyOneSegment() async {
        let values: Gen<String> = .frequency([
            (8, .hostileString()), (1, .element(of: ["", "/", "?", "#", "%", "%2E", "%2e", "...", ". ", "%2F"])),
        ])
        var property = Property("an interpolated segment is exactly one segment", values) { value in
            guard value != "." && value != ".." else { return }
            let url = try RequestCase(base: "https://api.example.com", path: "/x/\(segment: value)/y", query: nil)
                .request.makeURLRequest().url
            guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                throw PropertyFailure("no URL for \(value.swiftSource)")
            }
            let segments = Array(components.percentEncodedPath.utf8).split(
                separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            try requireEqual(segments.count, 4, "the segments of \(components.percentEncodedPath.swiftSource)")
            try require(
                ReferenceURLText.decoded(segments[2]) == Array(value.utf8),
                "the third segment of \(components.percentEncodedPath.swiftSource) does not decode to \(value.swiftSource)"
            )
            try require(components.percentEncodedQuery == nil, "a query appeared: \(url.absoluteString.swiftSource)")
        }
        property.corpus = ["", "%2E", "/", "?#"]
        await check(property)
    }

    /// Invariant 9: `sh` reads the arguments of `cURLCommand` back exactly, and the bytes it pipes in
    /// are the body's. One `sh` per batch of 100 commands.
    @Test(.enabled(if: Subprocess.find("sh") != nil, "needs sh"))
    func theCurlCommandRoundTripsThroughSh() async {
        var property = Property(
            "cURLCommand round-trips through sh", cycling: [RequestGen.curlCases], batchSize: 100
        ) { cases in
            let built = cases.map { requestCase in Result { try requestCase.request.makeURLRequest() } }
            var requests: [URLRequest] = []
            var indices: [Int] = []
            for (index, outcome) in built.enumerated() {
                if case .success(let request) = outcome {
                    requests.append(request)
                    indices.append(index)
                }
            }
            let received = try ShellRoundTrip.run(requests.map { $0.cURLCommand(redacting: .none) })
            var messages = [String?](repeating: nil, count: cases.count)
            for (index, (request, got)) in zip(indices, zip(requests, received)) {
                let expected = ShellRoundTrip.expected(for: request)
                guard let got, got.arguments == expected.arguments, got.input == expected.input else {
                    messages[index] =
                        "sh read \(describe(got)) from\n  \(request.cURLCommand(redacting: .none).swiftSource),\n  expected \(describe(expected))"
                    continue
                }
            }
            return messages
        }
        property.weight = 0.5
        property.corpus = RegressionCorpus.curlCases
        property.classify = { requestCase in
            switch Result(catching: { try requestCase.request.makeURLRequest() }) {
            case .success(let request):
                ["builds"] + (request.cURLCommand(redacting: .none).contains("base64 -d") ? ["binary body"] : [])
                    + (request.cURLCommand(redacting: .none).contains("'\\''") ? ["a quote in an argument"] : [])
            case .failure: ["refused"]
            }
        }
        // Each floor: its label's rate over 100,000 cases and the probability that a correct generator
        // misses it at the run's count (extending the run) and at the extended count (failing it).
        property.coverage = [
            // rate 97.6 %; miss 2.4e-53 at 100, < 1e-300 at 1,600
            .atLeast(0.5, "builds"),
            // rate 13.9 %; miss 5.3e-03 at 100, 1.5e-22 at 1,600
            .atLeast(0.06, "binary body"),
            // rate 53.6 %; miss 2.6e-12 at 100, 3.5e-163 at 1,600
            .atLeast(0.2, "a quote in an argument"),
        ]
        await check(property)
    }

    private func describe(_ received: ShellRoundTrip.Received?) -> String {
        guard let received else { return "nothing readable" }
        let arguments = received.arguments.map { String(decoding: $0, as: UTF8.self).swiftSource }
        return "[\(arguments.joined(separator: ", "))] with input \(received.input)"
    }
}
