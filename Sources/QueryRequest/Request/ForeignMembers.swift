import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Catches the members of hand-written API layers that ``Request`` does not read (`httpBody`,
/// `queryItems`, `httpMethod`, `baseURL`) when a request stores one whose value would not be sent: a
/// port that kept the old name would otherwise drop it without a word.
///
/// Only stored properties can be seen (through `Mirror`); which of these names a type stores is worked
/// out once per type, so a type without them costs one table lookup. A stored value is refused only
/// when it differs from what is sent, so a property that the request's own members read is never in
/// the way.
enum ForeignMembers {
    /// Throws ``RequestBuildingError/unsupportedDeclaration(_:)`` for a stored
    /// `httpBody`, `queryItems`, `httpMethod` or `baseURL` whose value the built `request` does not carry.
    static func check(_ value: some Request, built request: URLRequest, baseURL: () throws -> URL) throws {
        guard cache.storesWatchedNames(value) else { return }
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, StoredNameCache.watched.contains(label),
                let stored = Declarations.unwrapped(child.value)
            else { continue }
            switch (label, stored) {
            case ("httpBody", let data as Data) where !data.isEmpty && request.httpBody != data:
                throw unread(label, stored, expected: "`var body: Data?` (rename httpBody to body)")
            case ("queryItems", let items as [URLQueryItem])
            where !items.isEmpty && request.url?.query?.isEmpty ?? true:
                throw unread(label, stored, expected: "`var query: [URLQueryItem]?` (rename queryItems to query)")
            case ("httpMethod", _) where methodName(stored).map({ $0 != request.httpMethod }) ?? false:
                throw unread(label, stored, expected: "`var method: String` (rename httpMethod to method)")
            case ("baseURL", let url as URL) where try url.absoluteString != baseURL().absoluteString:
                throw unread(label, stored, expected: "`var host: URL { baseURL }` (a URL is an APIHost)")
            default:
                continue
            }
        }
    }

    private static func methodName(_ value: Any) -> String? {
        if let text = value as? String { return text }
        return (value as? any RawRepresentable)?.rawValue as? String
    }

    private static func unread(_ member: String, _ value: Any, expected: String) -> RequestBuildingError {
        Declarations.unsupported(member: member, type: type(of: value), expected: expected)
    }

    private static let cache = StoredNameCache()
}

/// Whether each type stores one of the watched names, worked out from its first value.
private struct StoredNameCache: Sendable {
    /// The names of hand-written layers that `Request` does not read.
    static let watched: Set<String> = ["httpBody", "queryItems", "httpMethod", "baseURL"]
    /// By request type: what a type stores never changes, so the answer depends on the key alone.
    private let table = BoundedCache<ObjectIdentifier, Bool>(capacity: 1024)

    func storesWatchedNames<R: Request>(_ value: R) -> Bool {
        let key = ObjectIdentifier(R.self)
        if let known = table.value(for: key) { return known }
        // Stored properties are the same for every value of a struct or class. (An enum's one child is
        // its case, named after the case, so an enum never matches.)
        let stores = Mirror(reflecting: value).children.contains { $0.label.map(Self.watched.contains) ?? false }
        table.store(stores, for: key)
        return stores
    }
}
