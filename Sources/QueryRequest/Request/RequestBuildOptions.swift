import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client changes about building: another host, its default body encoder.
///
/// The client calls the request's ``Request/makeURLRequest()`` (which a request may implement itself)
/// with these options in a task-local value, which the default implementation reads, also when a
/// custom implementation builds through another request's default one.
struct RequestBuildOptions: Sendable {
    /// Replaces the request's own ``Request/host``.
    var host: (any APIHost)?
    /// Encodes an `Encodable` body when the request names no ``Request/bodyEncoder``.
    var bodyEncoder: JSONEncoder?

    /// The options of the client building a request in this task; none outside a client.
    @TaskLocal static var current = RequestBuildOptions()
}
