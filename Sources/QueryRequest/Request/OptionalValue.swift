import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Lets ``Declarations`` look through an `Optional` of any wrapped type.
protocol OptionalValue {
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}
