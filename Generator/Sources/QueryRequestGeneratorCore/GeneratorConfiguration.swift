/// Choices the document does not make, read from the `--config` file (JSON or YAML); every key is optional.
public struct GeneratorConfiguration: Codable, Hashable, Sendable {
    /// The access level of every generated declaration.
    public enum AccessLevel: String, Codable, Hashable, Sendable, CaseIterable {
        /// For a library target whose users send the requests themselves.
        case `public`
        /// For an app or a module that keeps the API to itself.
        case `internal`

        /// The modifier written before a declaration, with its space: `public ` or nothing (internal is Swift's
        /// default).
        var modifier: String { self == .public ? "public " : "" }
    }

    /// The name of the generated `APIHost` enum. Default: `APIServer`.
    public var hostTypeName: String
    /// Appended to each operation's name to name its request. Default: `Request` (`listPets` → `ListPetsRequest`).
    public var requestNameSuffix: String
    /// `public` (the default) or `internal`, for every generated declaration.
    public var accessLevel: AccessLevel

    public init(
        hostTypeName: String = "APIServer", requestNameSuffix: String = "Request", accessLevel: AccessLevel = .public
    ) {
        self.hostTypeName = hostTypeName
        self.requestNameSuffix = requestNameSuffix
        self.accessLevel = accessLevel
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = GeneratorConfiguration()
        hostTypeName = try container.decodeIfPresent(String.self, forKey: .hostTypeName) ?? defaults.hostTypeName
        requestNameSuffix =
            try container.decodeIfPresent(String.self, forKey: .requestNameSuffix) ?? defaults.requestNameSuffix
        if let text = try container.decodeIfPresent(String.self, forKey: .accessLevel) {
            guard let level = AccessLevel(rawValue: text) else {
                let levels = AccessLevel.allCases.map(\.rawValue).joined(separator: " or ")
                throw DecodingError.dataCorruptedError(
                    forKey: .accessLevel, in: container,
                    debugDescription: "accessLevel is \(text), which is not \(levels)")
            }
            accessLevel = level
        } else {
            accessLevel = defaults.accessLevel
        }
    }
}
