import Foundation

/// An optional, seen through to the type it wraps.
protocol QueryOptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: QueryOptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}
