import QueryCoding

/// The root benchmarks' typical query (Benchmarks/Runner/Fixtures.swift), declared again here: three `Int`s,
/// an optional `Int`, two `[String]`, a `String` with the coding key `device_id`, and a `String` that needs
/// escaping.
public struct Typical: Codable, Sendable {
    public var totalLimit: Int
    public var offset: Int
    public var pageLimit: Int
    public var age: Int?
    public var type: [String]
    public var field: [String]
    public var deviceID: String
    public var keyword: String

    enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field
        case deviceID = "device_id"
        case keyword
    }

    /// What every route answers: enough of the decoded value that a decoder which got a field wrong is seen
    /// (`run.sh` checks each route's answer against the others' before it measures).
    public var summary: String {
        let age = age.map(String.init) ?? "-"
        return
            "\(totalLimit) \(offset) \(pageLimit) \(age) \(type.joined(separator: ",")) "
            + "\(field.joined(separator: ",")) \(deviceID) \(keyword)\n"
    }
}

/// Our decoder set to the frameworks' array form (`type[]=day&type[]=month…`), so that every route reads the
/// same text.
public let bracketsDecoder: QueryDecoder = {
    var decoder = QueryDecoder()
    decoder.arrayDecodingStrategy = .brackets
    return decoder
}()

/// The port given as the first argument, or `default`.
public func port(default value: Int) -> Int {
    CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? value
}
