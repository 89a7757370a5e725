import Foundation
import Hummingbird
import QueryCoding
import QueryRequestHummingbird

/// The parameters of the test routes.
struct Search: Codable, Equatable, ResponseEncodable {
    let term: String
    let tags: [String]
    let page: Int?
}

/// The body of Hummingbird's error responses.
struct ErrorBody: Decodable {
    struct Details: Decodable {
        let message: String
    }
    let error: Details
}

/// A decoder with small limits, to reach each of them with short input.
let smallLimits: QueryDecoder = {
    var decoder = QueryDecoder()
    decoder.limits = QueryDecoder.Limits(
        maximumInputLength: 64, maximumParameterCount: 4, maximumDepth: 1, maximumArrayLength: 2)
    return decoder
}()

/// Reads form bodies with QueryRequest's decoder and its default limits.
struct FormContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: FormRequestDecoder { FormRequestDecoder() }
}

/// Reads form bodies with ``smallLimits``.
struct SmallLimitsFormContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: FormRequestDecoder { FormRequestDecoder(smallLimits) }
}

/// Answers form bodies with QueryRequest's encoder.
struct FormAnswerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var responseEncoder: FormResponseEncoder { FormResponseEncoder() }
}

/// An application whose `GET /search` decodes its query with `decoder` and whose `POST /form` decodes
/// its body with the context's decoder.
func searchApplication<Context: RequestContext>(
    _ context: Context.Type = FormContext.self, query decoder: QueryDecoder = QueryDecoder()
) -> some ApplicationProtocol where Context.Source == ApplicationRequestContextSource {
    let router = Router(context: Context.self)
    router.get("search") { request, _ in
        try request.uri.decodeQuery(as: Search.self, using: decoder)
    }
    router.post("form") { request, context in
        try await request.decode(as: Search.self, context: context)
    }
    return Application(router: router)
}

extension ByteBuffer {
    /// The buffer's bytes decoded as `T` with a `JSONDecoder`.
    func json<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(readableBytesView))
    }
}
