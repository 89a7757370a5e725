extension String.StringInterpolation {
    /// Interpolates `value` as exactly one path segment: every byte but `A-Z a-z 0-9 - . _ ~` is
    /// percent-encoded, `/`, `?`, `#` and `%` included.
    ///
    /// ```swift
    /// var path: String { "/users/\(segment: name)/posts" }
    /// // name "a/b?c#d"  → /users/a%2Fb%3Fc%23d/posts
    /// // name "José"     → /users/Jos%C3%A9/posts
    /// ```
    ///
    /// A value of `.` or `..` cannot be a segment (servers resolve it, even percent-encoded), so
    /// ``Request/makeURLRequest()`` refuses it with ``RequestBuildingError/invalidPath(path:reason:)``.
    /// An empty value leaves an empty segment (`/users//posts`).
    public mutating func appendInterpolation(segment value: some CustomStringConvertible) {
        appendLiteral(URLText.escapingAllButUnreserved(value.description))
    }
}
