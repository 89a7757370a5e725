import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// The pages of `request` and of each page's RFC 8288 `Link: <…>; rel="next"`, as an
    /// `AsyncSequence`; it ends after a page without a `next` link.
    ///
    /// ```swift
    /// for try await page in client.pages(following: IssuesRequest(state: "open")) {
    ///     issues += page.content
    /// }
    /// ```
    ///
    /// Each page is sent with ``response(for:progress:)``, so middleware, authorization, retries and validation
    /// apply to every page. The next page's request is `request` with its URL replaced by the link,
    /// resolved against the page's URL: same method, headers, setting and body. `Link` headers may hold
    /// several links and quoted parameters; the first link whose `rel` includes `next` (among other
    /// relation types) is followed, and a link with an `anchor` parameter (about another resource) is not.
    ///
    /// - Parameters:
    ///   - request: The first page's request.
    ///   - crossOrigin: Which other origins (scheme, host, port) a `next` link may lead to. By default
    ///     none: a link elsewhere stops the sequence with ``PaginationError/crossOriginLink(url:origin:)``
    ///     instead of sending the request's headers (credentials) to another server.
    /// - Returns: A sequence that throws ``APIError`` for a failed page, ``PaginationError`` for a
    ///   malformed `Link` header, a link elsewhere or a loop, and ``APIError/cancelled`` once its task is
    ///   cancelled. A page already returned is never lost: an error about its link is thrown by the
    ///   following call to `next()`.
    public func pages<R: Request>(following request: R, crossOrigin: CrossOriginLinks = .refuse) -> Pages<R> {
        Pages(client: self, first: request, next: .link(crossOrigin))
    }

    /// The pages of `request`, each following one made by `next` from the page before it, as an
    /// `AsyncSequence`: for APIs that page with a cursor or a page number.
    ///
    /// ```swift
    /// let pages = client.pages(startingWith: ItemsRequest(query: .init(cursor: nil))) { page, previous in
    ///     guard let cursor = page.content.nextCursor else { return nil }
    ///     var next = previous
    ///     next.query.cursor = cursor
    ///     return next
    /// }
    /// ```
    ///
    /// Each page is sent with ``response(for:progress:)``, so middleware, authorization, retries and validation
    /// apply to every page.
    ///
    /// - Parameters:
    ///   - request: The first page's request.
    ///   - next: The request of the page after `page` (whose request was `previous`), or `nil` after the
    ///     last page. An error it throws ends the sequence with that error.
    /// - Returns: A sequence that throws ``APIError`` for a failed page,
    ///   ``PaginationError/repeatedPage(method:url:)`` when `next` asks for a page already fetched
    ///   (same method, URL and body), and ``APIError/cancelled`` once its task is cancelled.
    public func pages<R: Request>(
        startingWith request: R, next: @escaping @Sendable (Page<R.Response>, R) throws -> R?
    ) -> Pages<R> {
        Pages(client: self, first: request, next: .custom(next))
    }
}

/// The pages of a paginated resource, fetched one at a time as the sequence is iterated:
/// ``APIClient/pages(following:crossOrigin:)`` and ``APIClient/pages(startingWith:next:)``.
public struct Pages<R: Request>: AsyncSequence, Sendable {
    /// A page of `R`'s responses.
    public typealias Element = Page<R.Response>

    enum Next: Sendable {
        case link(CrossOriginLinks)
        case custom(@Sendable (Page<R.Response>, R) throws -> R?)
    }

    let client: APIClient
    let first: R
    let next: Next

    /// Starts fetching from the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, next: next, pending: .success((first, PageRequest(base: first, linkURL: nil))))
    }

    /// Fetches the next page on each call to ``next()``.
    public struct Iterator: AsyncIteratorProtocol {
        let client: APIClient
        let next: Next
        /// The next page to fetch, the error to throw instead, or `nil` once the sequence ended.
        var pending: Result<(R, PageRequest<R>), any Error>?
        var number = 0
        /// The first page's origin, which `next` links keep unless allowed otherwise.
        var origin: Origin?
        /// Method, URL and body of every page fetched.
        var fetched: Set<String> = []

        /// The next page, or `nil` after the last one.
        public mutating func next() async throws -> Page<R.Response>? {
            guard let pending else { return nil }
            self.pending = nil  // any error below ends the sequence
            let (base, request) = try pending.get()
            if Task.isCancelled { throw APIError.cancelled }
            if let key = Self.key(of: request) {
                guard fetched.insert(key.text).inserted else {
                    throw PaginationError.repeatedPage(method: key.method, url: key.url)
                }
            }
            let response = try await client.response(for: request)
            // The URL the client built (after its host override): its origin is the one links must keep. The
            // response's URL is the one that answered, after any redirect, against which relative links resolve
            // (RFC 8288's context).
            if number == 0 { origin = Origin(request.sent.current?.url ?? response.url) }
            number += 1
            let page = Page(response: response, number: number)
            do {
                self.pending = try following(page, base: base).map { .success($0) }
            } catch {
                self.pending = .failure(error)
            }
            return page
        }

        /// The request after `page`, or `nil` after the last page.
        private func following(_ page: Page<R.Response>, base: R) throws -> (R, PageRequest<R>)? {
            switch next {
            case .custom(let makeNext):
                guard let nextRequest = try makeNext(page, base) else { return nil }
                return (nextRequest, PageRequest(base: nextRequest, linkURL: nil))
            case .link(let policy):
                guard let url = try nextLink(of: page, policy: policy) else { return nil }
                return (base, PageRequest(base: base, linkURL: url))
            }
        }

        /// The absolute URL of the page's `rel="next"` link, checked against `policy`.
        private func nextLink(of page: Page<R.Response>, policy: CrossOriginLinks) throws -> URL? {
            guard let header = page.response.value(forHTTPHeaderField: "Link") else { return nil }
            let links = try WebLink.parse(header)
            guard
                let link = links.first(where: { link in
                    link.relations.contains("next") && !link.parameters.contains { $0.name == "anchor" }
                })
            else { return nil }
            guard let resolved = URL(string: link.target, relativeTo: page.response.url)?.absoluteURL else {
                throw PaginationError.invalidNextLink(target: link.target, reason: "it is not a URI reference")
            }
            guard let linkOrigin = Origin(resolved) else {
                throw PaginationError.invalidNextLink(
                    target: link.target, reason: "\(resolved.absoluteString) is not an http or https URL with a host")
            }
            let allowed: Bool
            switch policy {
            case .refuse: allowed = linkOrigin == origin
            case .allow(let urls): allowed = linkOrigin == origin || urls.contains { Origin($0) == linkOrigin }
            case .allowAny: allowed = true
            }
            guard allowed else {
                throw PaginationError.crossOriginLink(
                    url: resolved.absoluteString, origin: origin?.description ?? page.response.url.absoluteString)
            }
            return resolved
        }

        /// What tells two pages apart: method, URL and body, as built without the client (so a cursor
        /// that does not move is noticed before its request is sent); `nil` when it does not build
        /// (the client then reports why).
        private static func key(of request: PageRequest<R>) -> (text: String, method: String, url: String)? {
            guard let request = try? request.makeURLRequest() else { return nil }
            let method = request.httpMethod ?? "GET"
            let url = request.url?.absoluteString ?? ""
            let body = request.httpBody?.base64EncodedString() ?? ""
            return ("\(method) \(url) \(body)", method, url)
        }
    }
}
