/// Choices the document does not make, read from the `--config` file (JSON or YAML); every key is optional.
public struct GeneratorConfiguration: Codable, Hashable, Sendable {
    /// The name of the generated `APIHost` enum. Default: `APIServer`.
    public var hostTypeName: String
    /// Appended to each operation's name to name its request. Default: `Request` (`listPets` → `ListPetsRequest`).
    public var requestNameSuffix: String

    public init(hostTypeName: String = "APIServer", requestNameSuffix: String = "Request") {
        self.hostTypeName = hostTypeName
        self.requestNameSuffix = requestNameSuffix
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = GeneratorConfiguration()
        hostTypeName = try container.decodeIfPresent(String.self, forKey: .hostTypeName) ?? defaults.hostTypeName
        requestNameSuffix =
            try container.decodeIfPresent(String.self, forKey: .requestNameSuffix) ?? defaults.requestNameSuffix
    }
}
