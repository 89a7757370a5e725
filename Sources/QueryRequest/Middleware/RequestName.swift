import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The name of the request type being sent: its type, turned into text only when a log or a metric asks.
enum RequestName: Sendable {
    case type(any Any.Type)
    case text(String)

    /// The name of `R`, or of the request it wraps.
    init<R>(of type: R.Type) {
        self = .type((R.self as? any RequestWrapper.Type)?.wrappedRequestType ?? R.self)
    }

    var text: String {
        switch self {
        case .type(let type): String(describing: type)
        case .text(let text): text
        }
    }
}
