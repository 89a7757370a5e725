import Foundation
import QueryRequest
import Testing

/// `ResponseBody`, the one body type: held whole (re-readable, `data` set) or streamed (read once), and
/// `collect(upTo:)` for both.
@Suite(.timeLimit(.minutes(5))) struct ResponseBodyCollectTests {
    static func streamed(_ chunks: [String]) -> ResponseBody {
        ResponseBody(
            AsyncStream<Data> { continuation in
                for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
                continuation.finish()
            })
    }

    static func chunks(of body: ResponseBody) async throws -> [String] {
        var chunks: [String] = []
        for try await chunk in body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        return chunks
    }

    @Test func aWholeBodyHasItsDataAndIsReadAgainAndAgain() async throws {
        let body = ResponseBody(Data("whole".utf8))
        #expect(body.data == Data("whole".utf8))
        #expect(try await Self.chunks(of: body) == ["whole"])
        #expect(try await Self.chunks(of: body) == ["whole"])
        #expect(try await body.collect(upTo: 5) == Data("whole".utf8))
        #expect(try await Self.chunks(of: ResponseBody(Data())) == [])
    }

    @Test func aStreamedBodyIsReadOnce() async throws {
        let body = Self.streamed(["a", "b"])
        #expect(body.data == nil)
        #expect(try await Self.chunks(of: body) == ["a", "b"])
        await #expect(throws: ResponseBody.IterationError.self) { _ = try await Self.chunks(of: body) }
    }

    @Test func collectReadsAStreamedBodyWithinItsLimit() async throws {
        #expect(try await Self.streamed(["ab", "cd"]).collect(upTo: 4) == Data("abcd".utf8))
        #expect(try await Self.streamed([]).collect(upTo: 0) == Data())
    }

    @Test func collectThrowsOnceTheBytesPassTheLimit() async throws {
        await #expect(throws: ResponseBody.TooLargeError(limit: 3)) {
            try await Self.streamed(["ab", "cd"]).collect(upTo: 3)
        }
        await #expect(throws: ResponseBody.TooLargeError(limit: 4)) {
            try await ResponseBody(Data("whole".utf8)).collect(upTo: 4)
        }
        #expect(ResponseBody.TooLargeError(limit: 3).description == "the response body has more than 3 bytes")
    }
}
