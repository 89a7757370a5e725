import QueryCoding
import QueryRequestVapor
import Vapor

/// The parameters of the test routes.
struct Search: Content, Equatable {
    let term: String
    let tags: [String]
    let page: Int?
}

/// The body of Vapor's error responses.
struct ErrorBody: Decodable {
    let error: Bool
    let reason: String
}

extension Application {
    /// `GET /search` decodes its query with `decoder`; `POST /form` decodes its body with it.
    func routeSearch(_ decoder: VaporQueryDecoder) {
        get("search") { request in
            try request.query.decode(Search.self, using: decoder)
        }
        post("form") { request in
            try request.content.decode(Search.self, using: decoder)
        }
    }
}
