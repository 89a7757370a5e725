// The root benchmarks' typical 8-field query (Benchmarks/Runner/Fixtures.swift), declared again here: the
// root's benchmark target is an executable, not a library.

/// Three Ints, an optional Int, two `[String]`, a String with the coding key `device_id`, and a String
/// that needs escaping (spaces, `&`, `+`, non-ASCII).
struct Typical: Codable, Equatable, Sendable {
    var totalLimit = 48
    var offset = 0
    var pageLimit = 6
    var age: Int? = 30
    var type = ["day", "month", "year"]
    var field = ["image", "text"]
    var deviceID = "aaaaaaaaaaaaaa"
    var keyword = "swift & co + café"

    enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field
        case deviceID = "device_id"
        case keyword
    }
}
