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

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case hostTypeName, requestNameSuffix, accessLevel
    }

    /// Any key of the file, so that one the generator does not know (a misspelt setting) is refused by name
    /// instead of being ignored.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let settings = CodingKeys.allCases.map(\.rawValue)
        for key in try decoder.container(keyedBy: AnyKey.self).allKeys where !settings.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [key],
                    debugDescription: "\(key.stringValue) is not a setting; the settings are "
                        + settings.joined(separator: ", ")))
        }
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
