import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A download's body did not have the length its `Content-Length` announced: the `NSUnderlyingErrorKey`
/// of the `URLError(.networkConnectionLost)` that ``APIClient/download(_:to:ifExists:checkpoint:progress:)`` throws.
struct ContentLengthMismatch: Error, CustomStringConvertible {
    let announced: Int64
    let received: Int64

    var description: String {
        "the body has \(received) bytes where its Content-Length announced \(announced)"
    }
}
