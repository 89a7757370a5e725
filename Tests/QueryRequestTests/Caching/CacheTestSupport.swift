import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A clock the cache tests move by hand: freshness runs out without anyone waiting.
final class TestClock: Sendable {
    private let time: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        time = Locked(start)
    }

    var now: Date { time.current }

    func advance(by seconds: TimeInterval) {
        time.update { $0 += seconds }
    }

    /// The clock as the middleware takes it.
    var reading: @Sendable () -> Date { { self.now } }

    /// `now` plus `seconds`, as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    func httpDate(_ seconds: TimeInterval = 0) -> String {
        HTTPDateText.format(now.addingTimeInterval(seconds))
    }
}

/// Writes HTTP-dates for the tests' canned headers.
enum HTTPDateText {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// A GET of `path` on the stub host, read as text.
struct CachedText: Request {
    typealias Response = String
    var method: HTTPMethod = .get
    let host = StubHost.api
    var path = "/article"
    var headers: [String: String] = [:]
    var setting: APISetting = .default
}

/// Notes every request that passed it and the status that came back: what reached the network below the cache.
struct CountingMiddleware: ClientMiddleware {
    let seen: Locked<[(request: URLRequest, status: Int)]>

    init() { seen = Locked([]) }

    var count: Int { seen.current.count }
    var requests: [URLRequest] { seen.current.map(\.request) }
    var statuses: [Int] { seen.current.map(\.status) }

    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let response = try await next(request)
        seen.update { $0.append((request, response.statusCode)) }
        return response
    }
}
