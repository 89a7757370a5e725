import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The snippets of Docs/Security.md, compiled and checked here so that the guide cannot rot. The code inside
// `SecurityGuide` and the tests' snippet lines are copied verbatim into the guide.

enum SecurityGuide {
    enum Hosts: String, APIHost {
        case production = "api.example.com"
    }

    // MARK: What is escaped

    struct Note: Encodable {
        let text: String
    }

    // MARK: Reading untrusted queries

    struct Search: Decodable {
        let term: String
        let tags: [String]
    }

    struct Transfer: Decodable {
        let to: String
        let amount: Int
    }

    // MARK: Building URLs

    struct FileRequest: Request {
        let host: Hosts = .production
        let name: String
        var path: String { "/files/\(segment: name)" }
    }

    // MARK: Headers

    struct TracedRequest: Request {
        let host: Hosts = .production
        let path = "/ping"
        let traceID: String
        var headers: [String: String] { ["X-Trace-ID": traceID] }
    }
}

extension SecurityGuide {
    @Suite(.timeLimit(.minutes(5))) struct Tests {
        @Test func escaping() throws {
            let query = try QueryEncoder().encodeToString(Note(text: "a&b=c+d #1/2"))
            #expect(query == "text=a%26b%3Dc%2Bd%20%231%2F2")
        }

        @Test func limits() throws {
            var decoder = QueryDecoder()
            decoder.limits.maximumParameterCount = 50
            decoder.limits.maximumArrayLength = 100

            let fiftyOne = (0...50).map { "k\($0)=1" }.joined(separator: "&")
            #expect(throws: QueryDecodingLimitError(limit: .parameterCount, maximum: 50)) {
                try decoder.decode(Search.self, from: fiftyOne)
            }
            #expect(
                QueryDecodingLimitError(limit: .parameterCount, maximum: 50).description
                    == "The query has more than 50 parameters.")
            let longArray = "term=x&tags=" + Array(repeating: "a", count: 101).joined(separator: ",")
            #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 100, parameter: "tags")) {
                try decoder.decode(Search.self, from: longArray)
            }
        }

        @Test func theDefaultLimits() {
            let limits = QueryDecoder.Limits.default
            #expect(limits.maximumInputLength == 1 << 20)
            #expect(limits.maximumParameterCount == 1000)
            #expect(limits.maximumDepth == 16)
            #expect(limits.maximumArrayLength == 1000)
        }

        @Test func aHugeIndexFailsFast() throws {
            var decoder = QueryDecoder()
            decoder.arrayDecodingStrategy = .indexedBrackets
            let error = #expect(throws: DecodingError.self) {
                try decoder.decode(Search.self, from: "term=x&tags[999999999]=a")
            }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                return
            }
            #expect(context.codingPath.map(\.stringValue) == ["tags"])
            for index in ["01", "+1", "-1"] {
                #expect(throws: DecodingError.self, "index \(index)") {
                    try decoder.decode(Search.self, from: "term=x&tags[\(index)]=a")
                }
            }
            #expect(try decoder.decode(Search.self, from: "term=x&tags[1]=b&tags[0]=a").tags == ["a", "b"])
        }

        @Test func aDuplicateParameterThrows() throws {
            let error = #expect(throws: DecodingError.self) {
                let transfer = try QueryDecoder().decode(Transfer.self, from: "to=alice&amount=10&to=mallory")
                _ = transfer
            }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                return
            }
            #expect(context.codingPath.map(\.stringValue) == ["to"])
            #expect(context.debugDescription == #"The parameter "to" appears 2 times, but String takes one value."#)
        }

        @Test func unknownAndPrototypeNamesAreOrdinary() throws {
            let transfer = try QueryDecoder().decode(
                Transfer.self, from: "to=alice&amount=10&__proto__=x&constructor=y&debug=1")
            #expect(transfer.to == "alice")
            #expect(transfer.amount == 10)
        }

        @Test func invalidEscapesThrowWithTheParameterName() throws {
            let error = #expect(throws: DecodingError.self) {
                try QueryDecoder().decode(Transfer.self, from: "to=%zz&amount=1")
            }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                return
            }
            #expect(context.debugDescription.contains(#"parameter "to""#))
        }

        @Test func pathSegments() throws {
            let url = try FileRequest(name: "../admin").makeURLRequest().url
            #expect(url?.absoluteString == "https://api.example.com/files/..%2Fadmin")
            #expect(
                throws: RequestBuildingError.invalidPath(
                    path: "/files/..", reason: "the \"..\" segment would be resolved by the server")
            ) {
                try FileRequest(name: "..").makeURLRequest()
            }
        }

        @Test func headers() throws {
            #expect(throws: RequestBuildingError.invalidHeaderValue(name: "X-Trace-ID")) {
                try TracedRequest(traceID: "abc\r\nX-Admin: 1").makeURLRequest()
            }
            let request = try TracedRequest(traceID: "abc-123").makeURLRequest()
            #expect(request.value(forHTTPHeaderField: "X-Trace-ID") == "abc-123")
        }

        @Test func theGuideShowsTheCodeCompiledHere() throws {
            #expect(try GuideSnippets.linesMissing(from: "Docs/Security.md", compiledIn: #filePath) == [])
            #expect(try GuideSnippets.codeLineCount(of: "Docs/Security.md") > 20)
        }
    }
}
