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
        let method = self.method
        let setting = self.setting
        guard HeaderFields.isToken(method.rawValue) else { throw RequestBuildingError.invalidMethod(method.rawValue) }
        guard setting.timeout.isFinite, setting.timeout > 0 else {
            throw RequestBuildingError.invalidTimeout(setting.timeout)
        }

        let url = try RequestURL(host: host).url(path: path, encodedQuery: queryEncoder.encodeToString(query))
        var headers = try HeaderFields(settingHeaders: setting.headers, requestHeaders: self.headers)

        var request = URLRequest(url: url, cachePolicy: setting.cachePolicy, timeoutInterval: setting.timeout)
        // FoundationNetworking ignores the initialiser's timeout; only the property's setter counts.
        request.timeoutInterval = setting.timeout
        request.httpMethod = method.rawValue
        if let body {
            let data = try body.encoded()
            let allowsBody = !["GET", "HEAD"].contains(method.rawValue.uppercased())
            if !allowsBody && !data.isEmpty { throw RequestBuildingError.bodyNotAllowed(method: method) }
            if allowsBody {
                try headers.addIfAbsent(name: "Content-Type", value: body.contentType)
                request.httpBody = data
            }
        }
        for (name, value) in headers.fields.values {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }
}
