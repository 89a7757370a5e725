import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A page's request: the base request, its URL replaced by a `next` link when there is one. Every other
/// member (method, headers, setting, body, decoders) is the base request's, so the client treats every
/// page as it treats the first: middleware, authorization, retries, the host override.
struct PageRequest<Base: Request>: Request, RequestWrapper {
    let base: Base
    /// The base request's type, which logs and metrics name for every page.
    static var wrappedRequestType: any Any.Type { Base.self }
    /// The `next` link's absolute URL, or `nil` to send the base request's own URL.
    let linkURL: URL?
    /// Where the client's build of this request records what it sent (the last build, for retries).
    let sent = Locked<URLRequest?>(nil)

    var method: Base.MethodDeclaration { base.method }
    var host: Base.Host { base.host }
    var path: String { base.path }
    var setting: Base.SettingDeclaration { base.setting }
    var query: Base.QueryParameters { base.query }
    var headers: Base.HeadersDeclaration { base.headers }
    var queryEncoder: Base.QueryEncoderDeclaration { base.queryEncoder }
    var body: Base.BodyDeclaration { base.body }
    var bodyEncoder: Base.BodyEncoderDeclaration { base.bodyEncoder }
    var responseDecoder: Base.ResponseDecoderDeclaration { base.responseDecoder }
    typealias Response = Base.Response
    typealias ErrorBody = Base.ErrorBody

    func makeURLRequest() throws -> URLRequest {
        var request = try base.makeURLRequest()
        if let linkURL { request.url = linkURL }
        sent.withValue { $0 = request }
        return request
    }
}
