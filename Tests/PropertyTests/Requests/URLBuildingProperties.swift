import Foundation
import PropertyHarness
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URL-building invariants (URL_INVARIANTS.md) over generated hostile hosts, paths, queries,
/// headers, methods and bodies.
@Suite struct URLBuildingProperties {
    /// Invariants 1–6 and 8.
    @Test func buildingKeepsEveryInvariant() {
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
        property.coverage = [
            .atLeast(0.15, "builds"),
            .atLeast(0.03, "refused: invalid path"),
            .atLeast(0.03, "refused: invalid host"),
            .atLeast(0.03, "refused: unparseable host"),
            .atLeast(0.03, "refused: encoder error"),
            .atLeast(0.05, "refused: body not allowed"),
            .atLeast(count: 3, "refused: header name"),
            .atLeast(count: 3, "refused: header value"),
            .atLeast(count: 3, "refused: duplicate header"),
            .atLeast(0.2, "with a query"),
            .atLeast(0.04, "with a fixed query"),
        ]
        check(property)
    }

    /// Invariant 2 for any host text (issue 14): hosts made of arbitrary percent-escapes (not UTF-8 too),
    /// non-ASCII text and delimiters, joined with paths that try to name another host. The built URL's
    /// host, port and scheme are the base URL's, or building throws a typed error.
    @Test func theHostNeverChangesWhateverTheHostText() {
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
        check(property)
    }

    /// Invariant 7: `"/x/\(segment: v)/y"` has exactly 4 path segments, the third decodes to `v`'s
    /// UTF-8 bytes, and there is no query, for any `v` but `.` and `..`.
    @Test func aSegmentValueIsExactlyOneSegment() {
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
        check(property)
    }

    /// Invariant 9: `sh` reads the arguments of `cURLCommand` back exactly, and the bytes it pipes in
    /// are the body's. One `sh` per batch of 100 commands.
    @Test(.enabled(if: Subprocess.find("sh") != nil, "needs sh"))
    func theCurlCommandRoundTripsThroughSh() {
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
            let received = try ShellRoundTrip.run(requests.map(\.cURLCommand))
            var messages = [String?](repeating: nil, count: cases.count)
            for (index, (request, got)) in zip(indices, zip(requests, received)) {
                let expected = ShellRoundTrip.expected(for: request)
                guard let got, got.arguments == expected.arguments, got.input == expected.input else {
                    messages[index] =
                        "sh read \(describe(got)) from\n  \(request.cURLCommand.swiftSource),\n  expected \(describe(expected))"
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
                ["builds"] + (request.cURLCommand.contains("base64 -d") ? ["binary body"] : [])
                    + (request.cURLCommand.contains("'\\''") ? ["a quote in an argument"] : [])
            case .failure: ["refused"]
            }
        }
        property.coverage = [
            .atLeast(0.5, "builds"), .atLeast(0.08, "binary body"), .atLeast(0.2, "a quote in an argument"),
        ]
        check(property)
    }

    private func describe(_ received: ShellRoundTrip.Received?) -> String {
        guard let received else { return "nothing readable" }
        let arguments = received.arguments.map { String(decoding: $0, as: UTF8.self).swiftSource }
        return "[\(arguments.joined(separator: ", "))] with input \(received.input)"
    }
}
