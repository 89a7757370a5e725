import Foundation

extension URLText {
    /// `items` as query text: each name and value escaped as `QueryEncoder` escapes them (every byte but
    /// `A-Z a-z 0-9 - . _ ~`), joined by `=` and `&`; an item without a value is its name alone.
    static func query(of items: [URLQueryItem]) -> String {
        items.map { item in
            let name = escapingAllButUnreserved(item.name)
            guard let value = item.value else { return name }
            return name + "=" + escapingAllButUnreserved(value)
        }
        .joined(separator: "&")
    }
}
