import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which requests an authorization middleware authorizes.
public enum AuthorizationScope: Sendable, Hashable {
    /// Requests whose setting has ``APISetting/requiresAuthorization``; the others go out untouched.
    case requestsRequiringAuthorization
    /// Every request the client sends.
    case everyRequest

    /// Whether a request with `setting` gets credentials.
    func includes(_ setting: APISetting) -> Bool {
        switch self {
        case .requestsRequiringAuthorization: setting.requiresAuthorization
        case .everyRequest: true
        }
    }
}
