import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct RetryAfterTests {
    /// Sends a retrying GET answered first by `status` with `headers`, then by 204, and returns the
    /// delays the client waited and how many requests it sent.
    func delays(
        status: Int = 503, headers: [String: String], maximumRetryAfter: Duration = .seconds(60)
    ) async throws -> (delays: [Duration], requests: Int) {
        let session = StubNetworkSession(.init(status: status, headers: headers), .init(status: 204))
        let delays = Locked<[Duration]>([])
        let backoff = recordingBackoff(into: delays, jitter: 0.5)
        let client = APIClient(session: session, backoff: backoff)
        let policy = RetryPolicy(maximumRetries: 1, maximumRetryAfter: maximumRetryAfter)
        do {
            _ = try await client.send(Ping(setting: APISetting(retryPolicy: policy)))
        } catch let error as APIError {
            #expect(error.statusCode == status)
        }
        return (delays.current, session.requests.count)
    }

    @Test(arguments: [("0", Duration.zero), ("1", .seconds(1)), ("120", .seconds(120)), (" 7 ", .seconds(7))])
    func obeysDelaySeconds(value: String, expected: Duration) async throws {
        let result = try await delays(headers: ["Retry-After": value], maximumRetryAfter: .seconds(120))
        #expect(result.delays == [expected])
        #expect(result.requests == 2)
    }

    @Test(arguments: [429, 503, 500])
    func obeysItOnEveryRetryableStatus(status: Int) async throws {
        let result = try await delays(status: status, headers: ["Retry-After": "3"])
        #expect(result.delays == [.seconds(3)])
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:47 GMT",  // IMF-fixdate
        "Sunday, 06-Nov-94 08:49:47 GMT",  // obsolete RFC 850
        "Sun Nov  6 08:49:47 1994",  // obsolete asctime
    ])
    func obeysAnHTTPDateMeasuredFromTheResponsesDate(retryAfter: String) async throws {
        let result = try await delays(headers: ["Retry-After": retryAfter, "Date": "Sun, 06 Nov 1994 08:49:37 GMT"])
        #expect(result.delays == [.seconds(10)])
    }

    @Test func measuresADateAcrossMonthAndYearEnds() async throws {
        let result = try await delays(
            headers: ["Retry-After": "Thu, 01 Jan 2026 00:00:30 GMT", "Date": "Wed, 31 Dec 2025 23:59:50 GMT"])
        #expect(result.delays == [.seconds(40)])
        let leap = try await delays(
            headers: ["Retry-After": "Fri, 01 Mar 2024 00:00:05 GMT", "Date": "Thu, 29 Feb 2024 23:59:55 GMT"])
        #expect(leap.delays == [.seconds(10)])
    }

    @Test func aDateInThePastMeansRetryNow() async throws {
        let result = try await delays(headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"])
        #expect(result.delays == [.zero])
        #expect(result.requests == 2)
    }

    @Test func aDateIsMeasuredFromNowWhenTheResponseHasNoDate() async throws {
        // Far in the future: beyond any cap, so the client gives up instead of waiting.
        let result = try await delays(headers: ["Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"])
        #expect(result.delays == [])
        #expect(result.requests == 1)
    }

    @Test(arguments: ["61", "3600", "99999999999999999999999", "Mon, 06 Nov 1995 08:49:37 GMT"])
    func aWaitLongerThanTheCapEndsTheRetries(value: String) async throws {
        let result = try await delays(
            headers: ["Retry-After": value, "Date": "Sun, 06 Nov 1994 08:49:37 GMT"], maximumRetryAfter: .seconds(60))
        #expect(result.delays == [])
        #expect(result.requests == 1)
    }

    @Test func aWaitOfExactlyTheCapIsMade() async throws {
        let result = try await delays(headers: ["Retry-After": "60"], maximumRetryAfter: .seconds(60))
        #expect(result.delays == [.seconds(60)])
    }

    @Test(arguments: [
        "", "-5", "1.5", "soon", "0x10", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Foo 1994 08:49:37 GMT",
        "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun Nov  6 08:49:37",
    ])
    func anInvalidValueFallsBackToTheBackoff(value: String) async throws {
        let result = try await delays(headers: ["Retry-After": value])
        #expect(result.delays == [.milliseconds(250)])  // jitter 0.5 × the policy's 500 ms
        #expect(result.requests == 2)
    }

    @Test func theHeaderNameIsCaseInsensitive() async throws {
        let result = try await delays(headers: ["retry-after": "2"])
        #expect(result.delays == [.seconds(2)])
    }
}
