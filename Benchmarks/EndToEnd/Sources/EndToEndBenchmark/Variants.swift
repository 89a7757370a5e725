import AsyncHTTPClient
import EndToEndFixtures
import Foundation
import NIOCore
import NIOFoundationCompat
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import OpenAPIURLSession
import QueryRequest
import QueryRequestAsyncHTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One way of making the two calls: each returns a checksum and throws on any unexpected answer.
struct Variant: Sendable {
    enum Transport: String, Sendable {
        case urlSession = "URLSession"
        case asyncHTTPClient = "AsyncHTTPClient"
    }
    enum Kind: String, Sendable {
        case raw
        case apiClient = "APIClient"
        case generated
    }

    let name: String
    let transport: Transport
    let kind: Kind
    let get: @Sendable () async throws -> Int
    let post: @Sendable () async throws -> Int

    var title: String {
        switch kind {
        case .raw: return "raw \(transport.rawValue)"
        case .apiClient: return "APIClient / \(transport.rawValue)"
        case .generated: return "generated / \(transport.rawValue)"
        }
    }
}

/// The transports every variant of one kind shares: one `URLSession` and one `HTTPClient`, each allowed 32
/// connections to the server, so that concurrency 32 is 32 requests in flight.
struct Transports: Sendable {
    let base: URL
    let session: URLSession
    let httpClient: HTTPClient

    init(base: URL) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
        var httpConfiguration = HTTPClient.Configuration()
        httpConfiguration.redirectConfiguration = .disallow
        httpConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: httpConfiguration)
    }

    func shutdown() async throws {
        session.finishTasksAndInvalidate()
        try await httpClient.shutdown()
    }

    /// Every variant, in the order of the report.
    func variants() throws -> [Variant] {
        [
            rawURLSession(), apiClient(session: session, transport: .urlSession),
            try generated(ClientTransportChoice.urlSession(session)),
            rawAsyncHTTPClient(),
            apiClient(session: AsyncHTTPClientSession(client: httpClient), transport: .asyncHTTPClient),
            try generated(ClientTransportChoice.asyncHTTPClient(httpClient)),
        ]
    }

    // MARK: Raw: URLComponents, URLRequest or HTTPClientRequest, JSONEncoder and JSONDecoder by hand

    private var itemsURL: URL { base.appendingPathComponent("items") }

    /// The GET's URL as a hand-written client builds it.
    private func listItemsURL() throws -> URL {
        guard var components = URLComponents(url: itemsURL, resolvingAgainstBaseURL: false) else {
            throw UnexpectedResponse(description: "no URL components of \(itemsURL)")
        }
        components.queryItems = [
            URLQueryItem(name: "q", value: Fixture.q),
            URLQueryItem(name: "page", value: String(Fixture.page)),
            URLQueryItem(name: "per_page", value: String(Fixture.perPage)),
            URLQueryItem(name: "sort", value: Fixture.sort),
            URLQueryItem(name: "tags", value: Fixture.tags.joined(separator: ",")),
        ]
        guard let url = components.url else { throw UnexpectedResponse(description: "no URL from \(components)") }
        return url
    }

    private func rawURLSession() -> Variant {
        let session = session
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let itemsURL = itemsURL
        return Variant(
            name: "raw-urlsession", transport: .urlSession, kind: .raw,
            get: {
                var request = URLRequest(url: try listItemsURL())
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                let (data, response) = try await session.data(for: request)
                try check(status: (response as? HTTPURLResponse)?.statusCode ?? 0, expected: 200, "GET /items")
                let items = try decoder.decode([Item].self, from: data)
                return try check(items: items.count, firstID: items.first?.id, lastName: items.last?.name)
            },
            post: {
                var request = URLRequest(url: itemsURL)
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                request.httpBody = try encoder.encode(Fixture.newItem)
                let (data, response) = try await session.data(for: request)
                try check(status: (response as? HTTPURLResponse)?.statusCode ?? 0, expected: 201, "POST /items")
                let created = try decoder.decode(Created.self, from: data)
                return try check(created: created.id, name: created.name)
            })
    }

    private func rawAsyncHTTPClient() -> Variant {
        let client = httpClient
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let itemsURL = itemsURL.absoluteString
        return Variant(
            name: "raw-ahc", transport: .asyncHTTPClient, kind: .raw,
            get: {
                var request = HTTPClientRequest(url: try listItemsURL().absoluteString)
                request.headers.add(name: "Accept", value: "application/json")
                let response = try await client.execute(request, timeout: .seconds(30))
                try check(status: Int(response.status.code), expected: 200, "GET /items")
                let body = try await response.body.collect(upTo: 1 << 20)
                let items = try decoder.decode([Item].self, from: body)
                return try check(items: items.count, firstID: items.first?.id, lastName: items.last?.name)
            },
            post: {
                var request = HTTPClientRequest(url: itemsURL)
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/json")
                request.headers.add(name: "Accept", value: "application/json")
                request.body = .bytes(ByteBuffer(data: try encoder.encode(Fixture.newItem)))
                let response = try await client.execute(request, timeout: .seconds(30))
                try check(status: Int(response.status.code), expected: 201, "POST /items")
                let body = try await response.body.collect(upTo: 1 << 20)
                let created = try decoder.decode(Created.self, from: body)
                return try check(created: created.id, name: created.name)
            })
    }

    // MARK: APIClient: the requests declared as a user of the library declares them

    private func apiClient(session: any NetworkSession, transport: Variant.Transport) -> Variant {
        let client = APIClient(session: session)
        let host = LoopbackHost(baseURL: base)
        let list = ListItemsRequest(
            host: host,
            query: .init(
                q: Fixture.q, page: Fixture.page, perPage: Fixture.perPage, sort: Fixture.sort, tags: Fixture.tags))
        let create = CreateItemRequest(host: host, body: Fixture.newItem)
        return Variant(
            name: transport == .urlSession ? "apiclient-urlsession" : "apiclient-ahc", transport: transport,
            kind: .apiClient,
            get: {
                let items = try await client.send(list)
                return try check(items: items.count, firstID: items.first?.id, lastName: items.last?.name)
            },
            post: {
                let created = try await client.send(create)
                return try check(created: created.id, name: created.name)
            })
    }

    // MARK: Generated: swift-openapi-generator's `Client` from openapi.yaml

    private enum ClientTransportChoice {
        case urlSession(URLSession)
        case asyncHTTPClient(HTTPClient)
    }

    private func generated(_ choice: ClientTransportChoice) throws -> Variant {
        let client: Client
        let transport: Variant.Transport
        switch choice {
        case .urlSession(let session):
            client = Client(serverURL: base, transport: URLSessionTransport(configuration: .init(session: session)))
            transport = .urlSession
        case .asyncHTTPClient(let httpClient):
            client = Client(
                serverURL: base, transport: AsyncHTTPClientTransport(configuration: .init(client: httpClient)))
            transport = .asyncHTTPClient
        }
        return Variant(
            name: transport == .urlSession ? "generated-urlsession" : "generated-ahc", transport: transport,
            kind: .generated,
            get: {
                let response = try await client.listItems(
                    query: .init(
                        q: Fixture.q, page: Fixture.page, per_page: Fixture.perPage, sort: Fixture.sort,
                        tags: Fixture.tags))
                guard case .ok(let ok) = response else {
                    throw UnexpectedResponse(description: "GET /items: \(response)")
                }
                let items = try ok.body.json
                return try check(items: items.count, firstID: items.first?.id, lastName: items.last?.name)
            },
            post: {
                let response = try await client.createItem(
                    body: .json(
                        .init(name: Fixture.newItem.name, price: Fixture.newItem.price, tags: Fixture.newItem.tags)))
                guard case .created(let created) = response else {
                    throw UnexpectedResponse(description: "POST /items: \(response)")
                }
                let body = try created.body.json
                return try check(created: body.id, name: body.name)
            })
    }
}

// MARK: The APIClient requests

/// The loopback server, whose port is known only at run time.
struct LoopbackHost: APIHost {
    let baseURL: URL
}

struct ListItemsRequest: Request {
    typealias Response = [Item]
    let host: LoopbackHost
    let path = "/items"
    var query: Query

    struct Query: Encodable {
        let q: String
        let page: Int
        let perPage: Int
        let sort: String
        let tags: [String]

        enum CodingKeys: String, CodingKey {
            case q, page
            case perPage = "per_page"
            case sort, tags
        }
    }
}

struct CreateItemRequest: Request {
    typealias Response = Created
    let host: LoopbackHost
    let path = "/items"
    let method: HTTPMethod = .post
    var body: NewItem
}
