import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Request {
    /// Builds the `URLRequest`: method, URL, headers, body, ``APISetting/timeout`` and
    /// ``APISetting/cachePolicy``.
    ///
    /// - The URL keeps the host's scheme, host, port and base path; ``path`` is joined below the base path,
    ///   its own fixed query first, then ``query`` encoded by ``queryEncoder``. See ``RequestBuildingError``
    ///   for what is refused.
    /// - Headers are ``APISetting/headers`` overlaid with ``headers`` (names compared without case).
    /// - The ``body`` is encoded and its content type added as `Content-Type` unless a header sets it.
    ///   An empty body on GET or HEAD is left out; a non-empty one is refused.
    ///
    /// - Throws: ``RequestBuildingError``, or the error of the query or body encoder, unchanged.
    public func makeURLRequest() throws -> URLRequest {
        try buildURLRequest(RequestBuildOptions.current)
    }

    /// Builds the `URLRequest` for `host` instead of the request's own ``host``, with every other rule of
    /// ``makeURLRequest()``: to send existing requests to a host chosen at run time, such as a staging
    /// server or a loopback port.
    ///
    /// ```swift
    /// let local = URL(string: "http://127.0.0.1:\(port)/v1")!
    /// let urlRequest = try UserRequest(id: 42).makeURLRequest(host: local)
    /// ```
    ///
    /// An ``APIClient`` created with a `hostOverride` does the same for every request it sends.
    ///
    /// - Throws: as ``makeURLRequest()``; a problem with `host` is an
    ///   ``RequestBuildingError/invalidHost(host:reason:)``.
    public func makeURLRequest(host: some APIHost) throws -> URLRequest {
        var options = RequestBuildOptions.current
        options.host = host
        return try buildURLRequest(options)
    }

    /// ``method`` as an ``HTTPMethod``, however it is declared.
    func declaredMethod() throws -> HTTPMethod {
        try Declarations.method(self.method)
    }

    /// ``setting`` as an ``APISetting``, however it is declared.
    func declaredSetting() throws -> APISetting {
        try Declarations.read(
            self.setting, as: APISetting.self, member: "setting", expected: "`var setting: APISetting`") ?? .default
    }

    /// ``responseDecoder`` as a ``ResponseDecoder``; `nil` means the client's.
    func declaredResponseDecoder() throws -> (any ResponseDecoder)? {
        try Declarations.read(
            self.responseDecoder, as: (any ResponseDecoder).self, member: "responseDecoder",
            expected: "`var responseDecoder: JSONDecoder?` or another `ResponseDecoder`")
    }

    /// The default ``makeURLRequest()``, with the client's options.
    private func buildURLRequest(_ options: RequestBuildOptions) throws -> URLRequest {
        let method = try declaredMethod()
        let setting = try declaredSetting()
        guard HTTPGrammar.isToken(method.rawValue) else { throw RequestBuildingError.invalidMethod(method.rawValue) }
        guard setting.timeout.isFinite, setting.timeout > 0 else {
            throw RequestBuildingError.invalidTimeout(setting.timeout)
        }

        let requestURL: RequestURL
        if let host = options.host {
            requestURL = try RequestURL(host: host)
        } else {
            requestURL = try RequestURL(host: self.host)
        }
        // Both encoders are read whether or not they are needed, so that one of a wrong type is reported.
        let ownQueryEncoder = try Declarations.read(
            self.queryEncoder, as: QueryEncoder.self, member: "queryEncoder",
            expected: "`var queryEncoder: QueryEncoder`")
        let ownBodyEncoder = try Declarations.read(
            self.bodyEncoder, as: JSONEncoder.self, member: "bodyEncoder", expected: "`var bodyEncoder: JSONEncoder?`")
        let url = try requestURL.url(
            path: path, encodedQuery: encodedQuery(encoder: ownQueryEncoder ?? defaultQueryEncoder))
        let requestHeaders =
            try Declarations.read(
                self.headers, as: [String: String].self, member: "headers",
                expected: "`var headers: [String: String]`") ?? [:]
        var headers = try HeaderFields(settingHeaders: setting.headers, requestHeaders: requestHeaders)

        var request = URLRequest(url: url, cachePolicy: setting.cachePolicy, timeoutInterval: setting.timeout)
        // FoundationNetworking ignores the initialiser's timeout; only the property's setter counts.
        request.timeoutInterval = setting.timeout
        // A new request's method is already GET, and the setter compares the name with Foundation's list of
        // methods without case, which costs more than the rest of the headers.
        if method.rawValue != "GET" { request.httpMethod = method.rawValue }
        if let body = try RequestBody.declared(
            self.body, encoder: ownBodyEncoder ?? options.bodyEncoder ?? RequestBody.defaultJSONEncoder())
        {
            switch try body.content() {
            case .data(let data):
                if !method.allowsBody && !data.isEmpty { throw RequestBuildingError.bodyNotAllowed(method: method) }
                if method.allowsBody {
                    try headers.addIfAbsent(name: "Content-Type", value: body.contentType)
                    request.httpBody = data
                }
            case .streamed(let multipart):
                // A form with files on disk: read as it is sent, never loaded whole.
                guard method.allowsBody else { throw RequestBuildingError.bodyNotAllowed(method: method) }
                try headers.addIfAbsent(name: "Content-Type", value: body.contentType)
                multipart.attachStream(to: &request)
            case .file(let url, let length):
                guard method.allowsBody else { throw RequestBuildingError.bodyNotAllowed(method: method) }
                try headers.addIfAbsent(name: "Content-Type", value: body.contentType)
                request.httpBodyStream = FileBodyInputStream(
                    path: url.path, length: length, requestName: RequestName(of: Self.self))
                request.setStreamedBodyLength(length)
            case .chunks(let chunks):
                guard method.allowsBody else { throw RequestBuildingError.bodyNotAllowed(method: method) }
                try headers.addIfAbsent(name: "Content-Type", value: body.contentType)
                request.httpBodyStream = AsyncSequenceInputStream(
                    source: BodyChunkSource(chunks: chunks, requestName: RequestName(of: Self.self)))
                if let length = chunks.length {
                    request.setStreamedBodyLength(length)
                }
            }
        }
        for (name, value) in headers.fields.values {
            request.setValue(value, forHTTPHeaderField: name)
        }
        try ForeignMembers.check(self, built: request) { try (options.host ?? self.host).baseURL }
        return request
    }

    /// ``query`` encoded as query text: an `Encodable` value by `encoder`, `[URLQueryItem]` each
    /// escaped like a value of the encoder, a `String` as written (normalised by the URL builder).
    private func encodedQuery(encoder: @autoclosure () -> QueryEncoder) throws -> String {
        // Exact types first: comparing metadata is cheap, casting is not.
        if QueryParameters.self == EmptyQuery.self { return "" }
        if QueryParameters.self == String.self { return Declarations.identical(query, as: String.self) }
        if QueryParameters.self == [URLQueryItem].self {
            return URLText.query(of: Declarations.identical(query, as: [URLQueryItem].self))
        }
        let query = self.query
        if QueryParameters.self != String?.self, let type = QueryParameters.self as? any Encodable.Type {
            // A struct, or an optional one (`nil` writes nothing, so no `?`). Cast as a type, not as a value:
            // the value cast would copy the struct into a heap box on every request.
            return try encode(query, as: type, with: encoder())
        }
        switch Declarations.unwrapped(query) {
        case .none: return ""
        case let text as String: return text
        case let items as [URLQueryItem]: return URLText.query(of: items)
        default:
            throw Declarations.unsupported(
                member: "query", type: QueryParameters.self,
                expected: "an Encodable type (such as a nested `struct Query: Encodable`), `[URLQueryItem]` or `String`"
            )
        }
    }
}

/// `query`, whose type is `Parameters`, encoded to query text by `encoder`.
private func encode<Value, Parameters: Encodable>(
    _ query: Value, as type: Parameters.Type, with encoder: QueryEncoder
) throws -> String {
    try encoder.encodeToString(Declarations.identical(query, as: Parameters.self))
}
