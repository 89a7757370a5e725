import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Pages through ``StubNetworkSession``: following `Link` headers, cursors, stopping, errors, cancellation.
@Suite(.timeLimit(.minutes(5))) struct PaginationTests {
    struct Item: Decodable, Sendable, Equatable {
        let id: Int
    }

    struct ItemsRequest: Request {
        typealias Response = [Item]
        let host = URL(string: "https://api.example.com/v1")!
        let path = "/items"
        var query = Query()
        var headers = ["X-Client": "tests"]
        var setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))

        struct Query: Encodable, Sendable {
            var cursor: String?
        }
    }

    /// A session serving `/v1/items?page=n` with the `Link` header `links[n]`.
    private func session(links: [Int: String], pages: Int = 3) -> StubNetworkSession {
        StubNetworkSession(handler: { request in
            let query = request.url?.query ?? ""
            let page = Int(query.split(separator: "=").last ?? "1") ?? 1
            guard page <= pages else { return .init(status: 404) }
            let headers = links[page].map { ["Link": $0] } ?? [:]
            return .json(#"[{"id": \#(page * 10)}, {"id": \#(page * 10 + 1)}]"#, headers: headers)
        })
    }

    private func collect(_ pages: Pages<ItemsRequest>) async throws -> [Page<[Item]>] {
        var collected: [Page<[Item]>] = []
        for try await page in pages { collected.append(page) }
        return collected
    }

    @Test func followsNextLinksAbsoluteAndRelativeUntilThereIsNone() async throws {
        let stub = session(links: [
            1:
                #"<https://api.example.com/v1/items?page=1>; rel="first", <https://api.example.com/v1/items?page=2>; rel="next""#,
            2: #"</v1/items?page=1>; rel=prev, <items?page=3>; rel="prefetch NEXT""#,
            3: #"</v1/items?page=1>; rel="first""#,
        ])
        let names = Locked<[String]>([])
        let naming = ClosureMiddleware { request, context, next in
            names.update { $0.append(context.requestName) }
            return try await next(request)
        }
        let pages = try await collect(APIClient(session: stub, middleware: [naming]).pages(following: ItemsRequest()))
        #expect(
            pages.map(\.content) == [
                [.init(id: 10), .init(id: 11)], [.init(id: 20), .init(id: 21)], [.init(id: 30), .init(id: 31)],
            ])
        #expect(pages.map(\.number) == [1, 2, 3])
        #expect(names.current == ["ItemsRequest", "ItemsRequest", "ItemsRequest"], "middleware see the request paged")
        #expect(
            pages.map(\.response.url.absoluteString) == [
                "https://api.example.com/v1/items", "https://api.example.com/v1/items?page=2",
                "https://api.example.com/v1/items?page=3",
            ])
        // Every page is the first request with another URL: its headers are kept.
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "X-Client") } == ["tests", "tests", "tests"])
        #expect(stub.requests.map(\.url?.absoluteString) == pages.map(\.response.url.absoluteString))
    }

    @Test(arguments: [
        "https://evil.example.com/v1/items?page=2", "//evil.example.com/v1/items?page=2",
        "http://api.example.com/v1/items?page=2", "https://api.example.com:8443/v1/items?page=2",
    ])
    func neverFollowsALinkToAnotherOrigin(link: String) async throws {
        let stub = session(links: [1: "<\(link)>; rel=next"])
        var iterator = APIClient(session: stub).pages(following: ItemsRequest()).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.content == [.init(id: 10), .init(id: 11)])
        await #expect {
            try await iterator.next()
        } throws: { error in
            guard case .crossOriginLink(let url, "https://api.example.com:443") = error as? PaginationError else {
                return false
            }
            return url.contains("/v1/items?page=2")
        }
        #expect(try await iterator.next() == nil)
        #expect(stub.requests.count == 1)
    }

    @Test func followsAnotherOriginOnlyWhenAllowed() async throws {
        let stub = session(links: [1: "<https://mirror.example.com/v1/items?page=2>; rel=next"])
        let client = APIClient(session: stub)
        let allowed = try await collect(
            client.pages(following: ItemsRequest(), crossOrigin: .allow([URL(string: "https://mirror.example.com")!])))
        #expect(allowed.map(\.response.url.host) == ["api.example.com", "mirror.example.com"])
        let any = try await collect(client.pages(following: ItemsRequest(), crossOrigin: .allowAny))
        #expect(any.count == 2)
    }

    @Test func theClientsHostOverrideIsTheOriginLinksMustKeep() async throws {
        let stub = session(links: [
            1: "</v1/items?page=2>; rel=next", 2: "<https://api.example.com/v1/items?page=3>; rel=next",
        ])
        let client = APIClient(session: stub, hostOverride: URL(string: "https://staging.example.com/v1")!)
        var iterator = client.pages(following: ItemsRequest()).makeAsyncIterator()
        #expect(try await iterator.next()?.response.url.absoluteString == "https://staging.example.com/v1/items")
        #expect(try await iterator.next()?.response.url.absoluteString == "https://staging.example.com/v1/items?page=2")
        // The request's own host is another origin than the one the client sends to.
        await #expect(
            throws: PaginationError.crossOriginLink(
                url: "https://api.example.com/v1/items?page=3", origin: "https://staging.example.com:443")
        ) {
            try await iterator.next()
        }
    }

    @Test func aRedirectedPagesLinksResolveAgainstWhereItCameFrom() async throws {
        let stub = StubNetworkSession { request in
            let url = try #require(request.url)
            switch (url.path, url.query) {
            case ("/v1/items", nil): return .init(status: 301, headers: ["Location": "/v2/items"])
            case ("/v2/items", nil): return .json(#"[{"id": 1}]"#, headers: ["Link": "<items?page=2>; rel=next"])
            default: return .json(#"[{"id": 2}]"#)
            }
        }
        let pages = try await collect(APIClient(session: stub).pages(following: ItemsRequest()))
        #expect(
            pages.map(\.response.url.absoluteString) == [
                "https://api.example.com/v2/items", "https://api.example.com/v2/items?page=2",
            ])
    }

    @Test func aPageRedirectedElsewhereDoesNotMoveTheOriginLinksMustKeep() async throws {
        // The first page moved to another origin (without the request's credentials); its links there are
        // another origin's, which would carry the credentials back out.
        let stub = StubNetworkSession { request in
            let url = try #require(request.url)
            if url.host == "api.example.com" {
                return .init(status: 302, headers: ["Location": "https://cdn.example.com/v1/items"])
            }
            return .json(#"[{"id": 1}]"#, headers: ["Link": "</v1/items?page=2>; rel=next"])
        }
        var iterator = APIClient(session: stub).pages(following: ItemsRequest()).makeAsyncIterator()
        #expect(try await iterator.next()?.response.url.absoluteString == "https://cdn.example.com/v1/items")
        await #expect(
            throws: PaginationError.crossOriginLink(
                url: "https://cdn.example.com/v1/items?page=2", origin: "https://api.example.com:443")
        ) {
            try await iterator.next()
        }
    }

    @Test func aLinkBackToAFetchedPageIsALoop() async throws {
        let stub = session(links: [1: "<?page=2>; rel=next", 2: "</v1/items>; rel=next"])
        await #expect(throws: PaginationError.repeatedPage(method: "GET", url: "https://api.example.com/v1/items")) {
            _ = try await collect(APIClient(session: stub).pages(following: ItemsRequest()))
        }
        #expect(stub.requests.count == 2)
    }

    @Test func aLinkWithAnAnchorIsAboutAnotherResourceAndIgnored() async throws {
        let stub = session(links: [1: ##"<?page=2>; rel=next; anchor="#other""##])
        #expect(try await collect(APIClient(session: stub).pages(following: ItemsRequest())).count == 1)
    }

    @Test func aMalformedLinkHeaderEndsTheSequenceAfterItsPage() async throws {
        let stub = session(links: [1: "?page=2; rel=next"])
        var iterator = APIClient(session: stub).pages(following: ItemsRequest()).makeAsyncIterator()
        #expect(try await iterator.next()?.number == 1)
        await #expect(
            throws: PaginationError.invalidLinkHeader(
                value: "?page=2; rel=next", reason: "expected \"<\" to start a link at byte 0")
        ) {
            try await iterator.next()
        }
    }

    @Test func eachPageIsRetriedLikeAnyRequest() async throws {
        let stub = StubNetworkSession()
        stub.stub(
            .get, "/v1/items", with: .json("[]", headers: ["Link": "<?cursor=b>; rel=next"]),
            .init(status: 503), .json(#"[{"id": 2}]"#))
        let client = APIClient(session: stub, backoff: .init(sleep: { _ in }))
        let pages = try await collect(client.pages(following: ItemsRequest()))
        #expect(pages.map(\.content) == [[], [.init(id: 2)]])
        #expect(stub.requests.map { $0.url?.query } == [nil, "cursor=b", "cursor=b"])
    }

    /// Stamps each attempt with its number, and records the attempts it saw.
    struct StampingMiddleware: ClientMiddleware {
        let seen = Seen()

        final class Seen: @unchecked Sendable {
            // Guards `attempts`; `@unchecked Sendable` rests on every access holding it.
            private let lock = NSLock()
            private var attempts: [String] = []
            func append(_ attempt: String) {
                lock.lock()
                defer { lock.unlock() }
                attempts.append(attempt)
            }
            var all: [String] {
                lock.lock()
                defer { lock.unlock() }
                return attempts
            }
        }

        func intercept(
            _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            var request = request
            request.setValue("\(context.attempt)", forHTTPHeaderField: "X-Attempt")
            seen.append("\(request.url?.query ?? "-") #\(context.attempt)")
            return try await next(request)
        }
    }

    @Test func middlewareSeesEveryAttemptOfEveryPage() async throws {
        let stub = StubNetworkSession()
        stub.stub(
            .get, "/v1/items", with: .json("[]", headers: ["Link": "<?cursor=b>; rel=next"]),
            .init(status: 503), .json("[]"))
        let middleware = StampingMiddleware()
        let client = APIClient(session: stub, middleware: [middleware], backoff: .init(sleep: { _ in }))
        let pages = try await collect(client.pages(following: ItemsRequest()))
        #expect(pages.count == 2)
        #expect(middleware.seen.all == ["- #1", "cursor=b #1", "cursor=b #2"])
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "X-Attempt") } == ["1", "1", "2"])
    }

    @Test func aCursorTheUserReadsMakesTheNextRequest() async throws {
        let stub = StubNetworkSession(handler: { request in
            switch request.url?.query {
            case nil: .json(#"{"items": [{"id": 1}], "next": "c2"}"#)
            case "cursor=c2": .json(#"{"items": [{"id": 2}], "next": "c3"}"#)
            default: .json(#"{"items": [{"id": 3}], "next": null}"#)
            }
        })
        struct Listing: Decodable, Sendable {
            let items: [Item]
            let next: String?
        }
        let request = TypedRequest(ItemsRequest(), as: Listing.self)
        let pages = APIClient(session: stub).pages(startingWith: request) { page, previous in
            guard let cursor = page.content.next else { return nil }
            var base = previous.base
            base.query.cursor = cursor
            return TypedRequest(base)
        }
        var ids: [Int] = []
        for try await page in pages { ids += page.content.items.map(\.id) }
        #expect(ids == [1, 2, 3])
        #expect(stub.requests.map { $0.url?.query } == [nil, "cursor=c2", "cursor=c3"])
    }

    @Test func aCursorThatDoesNotMoveIsALoopCaughtBeforeSending() async throws {
        let stub = StubNetworkSession(handler: { _ in .json(#"[{"id": 1}]"#) })
        let pages = APIClient(session: stub).pages(startingWith: ItemsRequest(query: .init(cursor: "a"))) {
            _, previous in
            previous
        }
        await #expect(
            throws: PaginationError.repeatedPage(method: "GET", url: "https://api.example.com/v1/items?cursor=a")
        ) {
            for try await _ in pages {}
        }
        #expect(stub.requests.count == 1)
    }

    @Test func anErrorOfTheNextClosureEndsTheSequence() async throws {
        struct Stop: Error, Equatable {}
        let stub = StubNetworkSession(handler: { _ in .json("[]") })
        var iterator = APIClient(session: stub).pages(startingWith: ItemsRequest()) { _, _ in throw Stop() }
            .makeAsyncIterator()
        #expect(try await iterator.next() != nil)
        await #expect(throws: Stop()) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func aFailingPageThrowsTheClientsError() async throws {
        let stub = session(links: [1: "<?page=4>; rel=next"])
        await #expect {
            _ = try await collect(APIClient(session: stub).pages(following: ItemsRequest()))
        } throws: { error in
            guard case .unacceptableStatus(let failure) = error as? APIError else { return false }
            return failure.statusCode == 404
        }
    }

    @Test func cancellationStopsTheSequence() async throws {
        let started = AsyncStream<Void>.makeStream()
        let stub = StubNetworkSession(handler: { request in
            if request.url?.query == "page=2" {
                started.continuation.yield()
                try await Task.sleep(for: .seconds(3600))
            }
            return .json("[]", headers: ["Link": "<?page=2>; rel=next"])
        })
        let client = APIClient(session: stub)
        let task = Task {
            var count = 0
            for try await _ in client.pages(following: ItemsRequest()) { count += 1 }
            return count
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        await #expect {
            _ = try await task.value
        } throws: { error in
            guard case .cancelled = error as? APIError else { return false }
            return true
        }
        #expect(stub.requests.count == 2)
    }

    @Test func aCancelledTaskFetchesNoFurtherPage() async throws {
        let stub = session(links: [1: "<?page=2>; rel=next"])
        var iterator = APIClient(session: stub).pages(following: ItemsRequest()).makeAsyncIterator()
        _ = try await iterator.next()
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Result { try await iterator.next() }
        }.value
        #expect(throws: APIError.self) { try result.get() }
        #expect(stub.requests.count == 1)
    }
}
