import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request sent exactly as `Base`, whose response is read as `Response`: for an enum of endpoints,
/// whose cases share one type but not one response.
///
/// ```swift
/// enum UserEndpoint: Request {
///     case list, user(id: Int), create(NewUser)
///     var host: Hosts { .production }
///     var method: HTTPMethod { if case .create = self { .post } else { .get } }
///     var path: String {
///         switch self {
///         case .list, .create: "/users"
///         case .user(let id): "/users/\(segment: id)"
///         }
///     }
///     var body: NewUser? { if case .create(let user) = self { user } else { nil } }
/// }
///
/// extension UserEndpoint {
///     static func user(_ id: Int) -> TypedRequest<Self, User> { .init(.user(id: id)) }
/// }
///
/// let user = try await client.send(UserEndpoint.user(42))  // a User
/// ```
///
/// Every member, ``makeURLRequest()`` included, is the base request's; only `Response` differs.
public struct TypedRequest<Base: Request, Response: Sendable>: Request {
    /// The request that is sent.
    public let base: Base

    /// `base`, its response read as `Response`.
    public init(_ base: Base, as response: Response.Type = Response.self) {
        self.base = base
    }

    /// The base request's method.
    public var method: Base.MethodDeclaration { base.method }
    /// The base request's host.
    public var host: Base.Host { base.host }
    /// The base request's path.
    public var path: String { base.path }
    /// The base request's setting.
    public var setting: Base.SettingDeclaration { base.setting }
    /// The base request's query.
    public var query: Base.QueryParameters { base.query }
    /// The base request's headers.
    public var headers: Base.HeadersDeclaration { base.headers }
    /// The base request's query encoder.
    public var queryEncoder: Base.QueryEncoderDeclaration { base.queryEncoder }
    /// The base request's body.
    public var body: Base.BodyDeclaration { base.body }
    /// The base request's body encoder.
    public var bodyEncoder: Base.BodyEncoderDeclaration { base.bodyEncoder }
    /// The base request's response decoder, which reads `Response`.
    public var responseDecoder: Base.ResponseDecoderDeclaration { base.responseDecoder }
    /// The base request's error body.
    public typealias ErrorBody = Base.ErrorBody

    /// The base request's `URLRequest`, built by its own ``Request/makeURLRequest()``.
    public func makeURLRequest() throws -> URLRequest {
        try base.makeURLRequest()
    }
}

extension Request {
    /// This request with its response read as `type`: `client.send(UserEndpoint.user(id: 42).returning(User.self))`.
    public func returning<Value: Sendable>(_ type: Value.Type) -> TypedRequest<Self, Value> {
        TypedRequest(self)
    }
}
