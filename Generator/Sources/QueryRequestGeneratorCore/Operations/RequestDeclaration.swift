/// A `Request` struct to generate for an operation, before it is written out.
struct RequestDeclaration {
    var name: String
    var documentation: String?
    var isDeprecated = false
    /// The file it goes in: its first tag, or none.
    var group: String?
    /// `.get`, `.post`…, or `HTTPMethod(rawValue: "…")`.
    var method: String
    /// The path as a Swift string literal, values interpolated through `segment:`.
    var pathLiteral: String
    var pathIsConstant: Bool
    /// Path, header and cookie parameters: stored properties of the request.
    var parameters: [TypeDeclaration.Property] = []
    /// The header parameters, with the expression that turns each into text.
    var headers: [Header] = []
    /// The cookie parameters (also in `parameters`), sent in one `Cookie` header.
    var cookies: [Header] = []
    var query: TypeDeclaration.Structure?
    var queryStyles: [(jsonName: String, style: String)] = []
    var queryIsOptional = false
    /// A parameter name holds a `.`, which the default `.dots` nesting would read as nesting: the request's query
    /// encoder nests with brackets instead.
    var queryNestsWithBrackets = false
    var body: Body?
    /// The `Response` type; `nil` for `EmptyResponse`, the default.
    var response: String?
    /// The `ErrorBody` type, from the 4xx, 5xx and `default` responses; `nil` for the client's.
    var errorBody: String?
    /// Types inline in the body and response schemas.
    var nested: [TypeDeclaration] = []
    /// Whether the operation needs credentials, which the client's authorization middleware then adds.
    var requiresAuthorization = false
    /// Whether the request declares the API's JSON coders (dates as ISO 8601).
    var usesJSONCoding = false

    struct Header {
        var name: String
        var property: TypeDeclaration.Property
        /// The header's text made from `value`.
        var text: (_ value: String) -> String
    }

    struct Body {
        enum Kind {
            /// `var body: T`, sent as JSON.
            case json
            /// `var body: Data` or `String`, sent as they are.
            case raw
            /// `var form: T`, sent as `.form(form)`.
            case form
            /// `var form: T`, sent as a `MultipartForm` of one part per property.
            case multipart
        }

        var kind: Kind
        var property: TypeDeclaration.Property
        /// For `multipart`: the statements that append the parts of `form` to `multipart`.
        var multipartStatements: [String] = []
        /// For `form`: the fields' styles where the coder's defaults would not write them, and the name of the
        /// nested type that gives them to `form` as it is encoded.
        var formStyles: [(jsonName: String, style: String)] = []
        var formFieldsTypeName = "FormFields"
    }
}
