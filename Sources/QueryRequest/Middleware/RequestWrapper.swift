import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request type that sends another one under its own type (a page of a paginated request): middleware
/// and metrics name the request it wraps.
protocol RequestWrapper {
    static var wrappedRequestType: any Any.Type { get }
}
